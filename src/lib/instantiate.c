/*
 * instantiate.c -- zlua.generic and zlua.typeof (R-GEN-1).
 *
 *   zlua.generic(method, T1, ...)      the function of one instantiation
 *   zlua.generic(Type, "Name", T1, ...) the same by the declaring type
 *   zlua.typeof(T)                     T's System.Type object
 *
 * Type arguments are type tables or CLR full names (zlua__lib_check_type,
 * which no forged table passes).  The method is only ever a function the
 * binder made for a generic definition (zlua__generic_of_function checks
 * its entry and its boxed upvalue): anything else is an argument error.
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/exception.h"
#include "core/name.h"
#include "lib/lib.h"
#include "marshal/meta.h"
#include "types/types.h"
#include "zlua.h"

/* The definition of cls named name ('s' static, 'i' instance): from the
 * class's own table of definitions, which a non-generic method of the
 * same name (Unity's GetComponent(Type) beside GetComponent<T>()) does
 * not hide.  NULL: none. */
static const zlua__generic *zlua_lib_generic_of(lua_State *L, zlua__class *cls, char kind,
                                               const char *name, size_t len)
{
    zlua__class_bind_members(L, cls);
    if (cls->generics == LUA_NOREF)
        return NULL;
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->generics);
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        return NULL;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addchar(&b, kind);
    luaL_addlstring(&b, name, len);
    luaL_pushresult(&b);
    lua_rawget(L, -2);
    const zlua__generic *g = zlua__generic_of_function(L, -1);
    lua_pop(L, 2);
    return g;
}

/* The definition named by the string at `name`, static first. */
static const zlua__generic *zlua_lib_generic_by_name(lua_State *L, zlua__class *cls, int name)
{
    size_t len;
    const char *s = lua_tolstring(L, name, &len);
    const zlua__generic *g = zlua_lib_generic_of(L, cls, 's', s, len);
    return g != NULL ? g : zlua_lib_generic_of(L, cls, 'i', s, len);
}

/* The definition a function at idx names: a generic definition's own
 * function, or a non-generic method's whose name a definition of its
 * class shares (`zlua.generic(go.GetComponent, T)`).  NULL: neither. */
static const zlua__generic *zlua_lib_generic_of_function(lua_State *L, int idx)
{
    const zlua__generic *g = zlua__generic_of_function(L, idx);
    if (g != NULL)
        return g;
    const zlua__method *m = zlua__method_of_function(L, idx);
    if (m == NULL || zlua__method_owner(m) == NULL || m->is_ctor)
        return NULL;
    const char *name = il2cpp_method_get_name(m->bridge.method);
    return zlua_lib_generic_of(L, zlua__method_owner(m), m->bridge.instance ? 'i' : 's', name,
                               strlen(name));
}

/* zlua.generic(CS.System.Collections.Generic.List, T1, ...): the type
 * table of the closed instance, named Def`N[T1,...] (the namespace table
 * of the plain name, or the definition's type table).  The runtime's C
 * API cannot inflate a generic, so it is the instance the state has met
 * (zlua__class_find); IL2CPP has no other (no JIT): one absent from the
 * build is never met.  One not met is refused naming the constraint its
 * arguments break, if any. */
static int zlua_lib_generic_type(lua_State *L)
{
    int known;
    const char *ns = zlua__namespace_prefix(L, 1, &known, 0);
    zlua__class *def = ns == NULL ? zlua__typetable_class(L, 1) : NULL;
    if (ns == NULL && (def == NULL || !il2cpp_class_is_generic(def->klass)))
        return luaL_error(L, "bad argument #1 to 'generic' (generic method or type expected, "
                             "got %s)", def != NULL ? def->full_name : zlua__typename(L, 1));
    int n = lua_gettop(L) - 1 - (ns != NULL);   /* the prefix pushed above the arguments */
    if (n > ZLUA_GENERIC_MAX_ARGS)
        return luaL_error(L, "zlua.generic: too many type arguments (at most %d)",
                          ZLUA_GENERIC_MAX_ARGS);
    zlua__class *args[ZLUA_GENERIC_MAX_ARGS];
    for (int i = 0; i < n; i++)
        args[i] = zlua__lib_check_type(L, 2 + i, "generic");
    luaL_checkstack(L, 2 * n + 4, "zlua: generic");
    if (ns != NULL)
        lua_pushfstring(L, "%s`%d[", ns, n);
    else
        lua_pushfstring(L, "%s[", def->full_name);
    for (int i = 0; i < n; i++)
        lua_pushfstring(L, "%s%s", i > 0 ? "," : "", args[i]->full_name);
    lua_pushliteral(L, "]");
    lua_concat(L, n + 2);
    zlua__ctx *ctx = zlua__ctx_check(L);
    unsigned nomem = ctx->nomem;
    zlua__class *cls = zlua__meta_bind(ctx, zlua__class_find(ctx, lua_tostring(L, -1)));
    zlua__ctx_check_nomem(L, ctx, nomem);
    if (cls == NULL) {
        /* a violated constraint is named: its definition's metadata tells */
        if (def == NULL) {
            lua_pushfstring(L, "%s`%d", ns, n);
            def = zlua__class_find(ctx, lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        if (def != NULL && il2cpp_class_is_generic(def->klass))
            zlua__generic_check_constraints(L, NULL, def, def->full_name, args, n);
        return luaL_error(L, "generic type instance not available: %s", lua_tostring(L, -1));
    }
    zlua__class_push_typetable(L, cls);
    return 1;
}

int zlua__lib_generic(lua_State *L)
{
    const zlua__generic *g;
    int first = 2;
    if (lua_type(L, 1) == LUA_TTABLE && lua_type(L, 2) != LUA_TSTRING &&
        lua_gettop(L) >= 2)
        return zlua_lib_generic_type(L);
    if (lua_type(L, 1) == LUA_TTABLE && lua_type(L, 2) == LUA_TSTRING) {
        zlua__class *cls = zlua__lib_check_type(L, 1, "generic");
        g = zlua_lib_generic_by_name(L, cls, 2);
        if (g == NULL)
            return luaL_error(L, "bad argument #2 to 'generic' (%s has no generic method '%s')",
                              cls->full_name, zlua__name_shown(L, 2));
        first = 3;
    } else {
        g = zlua_lib_generic_of_function(L, 1);
        if (g == NULL)
            return luaL_error(L, "bad argument #1 to 'generic' (generic method expected, got %s)",
                              zlua__typename(L, 1));
    }
    int n = lua_gettop(L) - first + 1;
    if (n < 1)
        return luaL_error(L, "bad argument #%d to 'generic' (type expected, got no value)",
                          first);
    if (n > ZLUA_GENERIC_MAX_ARGS)
        return luaL_error(L, "zlua.generic: too many type arguments (at most %d)",
                          ZLUA_GENERIC_MAX_ARGS);
    zlua__class *args[ZLUA_GENERIC_MAX_ARGS];
    for (int i = 0; i < n; i++)
        args[i] = zlua__lib_check_type(L, first + i, "generic");
    zlua__generic_push_instance(L, g, args, n);
    return 1;
}

int zlua__lib_typeof(lua_State *L)
{
    zlua__class *cls = zlua__lib_check_type(L, 1, "typeof");
    zlua__ctx *ctx = zlua__ctx_check(L);
    Il2CppObject *obj = NULL;
    Il2CppException *exc = zlua_rt_type_object(cls->type, &obj);
    if (exc != NULL)
        return zlua__exc_raise(L, exc, "zlua.typeof");
    if (obj == NULL)
        return luaL_error(L, "zlua.typeof: no System.Type for %s", cls->full_name);
    /* pushed as a return value of its own class (the runtime's
     * System.RuntimeType): a ByObjUserData */
    const zlua_meta *m = zlua__meta_of_class(ctx, il2cpp_object_get_class(obj));
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    m->push(L, m, &obj);
    return 1;
}
