/*
 * typearg.c -- the type argument of the zlua library's functions (R-REF-4:
 * "wherever a type argument is expected, a type table or a CLR full-name
 * string is accepted").
 *
 * Scripts are hostile, so a type table is recognised by what no script can
 * forge (zlua__typetable_class): a table with a copied __fullname, or one
 * given a genuine type table's metatable, names no type.  A string is
 * resolved like CS[name]: the runtime's lookup by full name, Nullable<T>
 * by the runtime's spelling included.
 */
#include <lauxlib.h>

#include "class/policy.h"
#include "core/name.h"
#include "lib/lib.h"
#include "marshal/meta.h"
#include "types/types.h"

zlua__class *zlua__lib_check_type(lua_State *L, int arg, const char *fn)
{
    zlua__class *cls = NULL;
    switch (lua_type(L, arg)) {
    case LUA_TTABLE:
        cls = zlua__typetable_class(L, arg);
        break;
    case LUA_TSTRING: {
        const char *name = zlua__name_get(L, arg);   /* NULL: it holds a NUL */
        if (name != NULL) {
            zlua__ctx *ctx = zlua__ctx_check(L);
            unsigned nomem = ctx->nomem;
            cls = zlua__meta_bind(ctx, zlua__class_visible(zlua__class_find(ctx, name)));
            zlua__ctx_check_nomem(L, ctx, nomem);
        }
        if (cls == NULL)
            luaL_error(L, "bad argument #%d to '%s' (type not found: %s)", arg, fn,
                       zlua__name_shown(L, arg));
        /* a type table was judged when it was made; a name is judged here
         * (R-POLICY-1: a generic argument, a cast, a box, a ref's type) */
        if (!zlua__policy_allows(cls->ctx, cls))
            luaL_error(L, "bad argument #%d to '%s' (type not accessible: %s)", arg, fn,
                       cls->full_name);
        return cls;
    }
    default:
        break;
    }
    /* CS.MyGame.Vectr3: a name that is no type reads as a namespace
     * table; a type argument is where the typo shows */
    int known = 0;
    const char *ns = cls == NULL ? zlua__namespace_prefix(L, arg, &known, 1) : NULL;
    if (ns != NULL && known)
        luaL_error(L, "bad argument #%d to '%s' (type expected, got namespace CS%s%s)", arg,
                   fn, ns[0] ? "." : "", ns);
    if (ns != NULL)
        luaL_error(L, "bad argument #%d to '%s' (type or namespace not found: %s)", arg, fn,
                   ns);
    if (cls == NULL)
        luaL_error(L, "bad argument #%d to '%s' (type expected, got %s)", arg, fn,
                   lua_type(L, arg) == LUA_TTABLE ? "table" : zlua__typename(L, arg));
    return cls;
}
