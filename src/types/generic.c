/*
 * generic.c -- generic methods (R-GEN-1).
 *
 * IL2CPP compiles no open generic code: a generic method exists as its
 * definition plus the instantiations the build used, and none can be made
 * at run time (no JIT).  So the binder publishes a definition as a
 * function that only tells the script to name its type arguments, and
 * zlua.generic looks the instantiation up through the glue
 * (zlua_rt_method_instance), binds it like any method and caches the
 * function per (definition, type arguments): a second zlua.generic of the
 * same instantiation returns the same function without a lookup.  One not
 * found is refused naming the constraint its arguments break, if any
 * (constraint.c).
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "core/exception.h"
#include "types/types.h"
#include "zlua.h"

/* The registry key of the instantiation cache ("def;arg;arg" -> function).
 * A string, not the address of a static: every registry key is a script's
 * to read (debug.getregistry), and an address would be a light userdata
 * naming libzlua's own memory (R-PTR-1). */
#define ZLUA_GENERIC_CACHE_KEY "zlua.generic_instances"

/* The open definition boxed at idx for a generic method's closure (its
 * owner the definition's class), or NULL. */
static const zlua__generic *zlua_generic_box(lua_State *L, int idx)
{
    const zlua__box *b = zlua_box_at(L, idx, ZLUA_BOX_GENERIC, ZLUA_FOR_GENERIC);
    const zlua__generic *g = b != NULL ? b->ptr : NULL;
    return g != NULL && b->owner == g->owner ? g : NULL;
}

static int zlua_generic_open_entry(lua_State *L)
{
    const zlua__generic *g = zlua_generic_box(L, lua_upvalueindex(1));
    if (g == NULL)
        return zlua__box_tampered(L, "generic method");
    return luaL_error(L, "generic method %s needs zlua.generic", g->display);
}

void zlua__generic_push_open(lua_State *L, zlua__class *cls, const MethodInfo *mi)
{
    zlua__generic *g = zlua__ctx_arena_alloc(cls->ctx, sizeof *g);
    char display[512];
    snprintf(display, sizeof display, "%s.%s", cls->full_name, il2cpp_method_get_name(mi));
    const char *d = zlua__ctx_strdup(cls->ctx, display);
    if (g == NULL || d == NULL)
        luaL_error(L, "not enough memory");
    g->owner = cls;
    g->mi = mi;
    g->display = d;
    zlua__box_push(L, ZLUA_BOX_GENERIC, ZLUA_FOR_GENERIC, cls, g);
    lua_pushcclosure(L, zlua_generic_open_entry, 1);
}

const zlua__generic *zlua__generic_of_function(lua_State *L, int idx)
{
    /* only our entry's closures, whose upvalue is checked as a box: a
     * script may replace it (debug.setupvalue), never forge one */
    if (lua_tocfunction(L, idx) != zlua_generic_open_entry ||
        lua_getupvalue(L, idx, 1) == NULL)
        return NULL;
    const zlua__generic *g = zlua_generic_box(L, -1);
    lua_pop(L, 1);
    return g;
}

/* Raises `generic method instance not available: Demo.First<A,B>`. */
static int zlua_generic_unavailable(lua_State *L, const zlua__generic *g,
                                    zlua__class *const *args, int n)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, "generic method instance not available: ");
    luaL_addstring(&b, g->display);
    luaL_addchar(&b, '<');
    for (int i = 0; i < n; i++) {
        if (i > 0)
            luaL_addchar(&b, ',');
        luaL_addstring(&b, args[i]->full_name);
    }
    luaL_addchar(&b, '>');
    luaL_pushresult(&b);
    return lua_error(L);
}

void zlua__generic_push_instance(lua_State *L, const zlua__generic *g,
                                zlua__class *const *args, int n)
{
    luaL_checkstack(L, 6, "zlua: generic");
    if (n < 1 || n > ZLUA_GENERIC_MAX_ARGS)
        luaL_error(L, "generic method %s: %d type arguments (1 to %d expected)", g->display,
                   n, ZLUA_GENERIC_MAX_ARGS);
    /* the key: the runtime's metadata of the definition and of the
     * arguments' classes (not libzlua's bindings: the key is a script's to
     * read), which live as long as the process */
    char key[(ZLUA_GENERIC_MAX_ARGS + 1) * 24];
    size_t len = (size_t)snprintf(key, sizeof key, "%p", (const void *)g->mi);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(key + len, sizeof key - len, ";%p", (void *)args[i]->klass);
    lua_pushliteral(L, ZLUA_GENERIC_CACHE_KEY);
    if (lua_rawget(L, LUA_REGISTRYINDEX) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushliteral(L, ZLUA_GENERIC_CACHE_KEY);
        lua_pushvalue(L, -2);
        lua_rawset(L, LUA_REGISTRYINDEX);
    }
    int cache = lua_gettop(L);
    if (lua_getfield(L, cache, key) == LUA_TFUNCTION) {
        lua_remove(L, cache);
        return;
    }
    lua_pop(L, 1);
    const Il2CppType *types[ZLUA_GENERIC_MAX_ARGS];
    for (int i = 0; i < n; i++)
        types[i] = args[i]->type;
    const MethodInfo *inst = NULL;
    Il2CppException *exc = zlua_rt_method_instance(g->mi, types, (uint32_t)n, &inst);
    if (exc != NULL)
        zlua__exc_raise(L, exc, g->display);
    if (inst == NULL) {
        zlua__generic_check_constraints(L, g->mi, NULL, g->display, args, n);
        zlua_generic_unavailable(L, g, args, n);
    }
    zlua__method *m = zlua__method_bind(g->owner->ctx, g->owner, inst);
    if (m == NULL)
        luaL_error(L, "not enough memory");
    zlua__method_push_closure(L, m);
    lua_pushvalue(L, -1);
    lua_setfield(L, cache, key);
    lua_remove(L, cache);
}
