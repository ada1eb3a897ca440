/*
 * lib.c -- the `zlua` Lua library (R-OPQ-7..10, R-REF-4).
 */
#include <string.h>

#include <lauxlib.h>

#include "core/name.h"
#include "lib/lib.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "scope/scope.h"
#include "types/types.h"

#define ZLUA_LIB_TEMP 256

/* Resolves the OpaqueValue argument 1 or raises the R-OPQ-3 message. */
static const zlua__slot *zlua_lib_check_handle(lua_State *L, zlua__ctx *ctx, const char *fn)
{
    if (lua_type(L, 1) != LUA_TLIGHTUSERDATA)
        luaL_error(L, "bad argument #1 to '%s' (OpaqueValue expected, got %s)", fn,
                   zlua__typename(L, 1));
    const zlua__slot *slot;
    int rc = zlua__opaque_resolve(ctx, L, 1, &slot);
    if (rc == ZLUA_POP_EXPIRED)
        luaL_error(L, "bad argument #1 to '%s' (opaque handle expired)", fn);
    if (rc != ZLUA_POP_OK)
        luaL_error(L, "bad argument #1 to '%s' (invalid opaque parameter handle)", fn);
    return slot;
}

/* R-OPQ-7: the slot's current value by the element's default writer.
 * The hot path decodes the handle straight from lua_touserdata: a full
 * userdata's block is aligned and a non-userdata gives NULL, so neither
 * carries the tag and both fall to the checked path for their message. */
static int zlua_lib_get_opaquevalue(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    const zlua__slot *slot;
    if (zlua_scope_resolve(&ctx->scope, (uintptr_t)lua_touserdata(L, 1), &slot) !=
        ZLUA_SCOPE_VALID)
        slot = zlua_lib_check_handle(L, ctx, "get_opaquevalue");
    const zlua_meta *m = slot->meta;
    m->push(L, m, slot->addr);
    return 1;
}

/* R-OPQ-8: pops v by the element's writer and stores it with the barrier. */
static int zlua_lib_set_opaquevalue(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    const zlua__slot *slot = zlua_lib_check_handle(L, ctx, "set_opaquevalue");
    const zlua_meta *m = slot->meta;
    uint64_t temp[ZLUA_LIB_TEMP / 8];
    if (m->size > sizeof temp)
        return luaL_error(L, "unsupported type %s", m->name);
    int rc = m->pop(L, 2, m, temp);
    if (rc != ZLUA_POP_OK)
        return zlua__pop_argerror(L, 2, 2, "set_opaquevalue", m, rc);
    zlua__value_store(m, NULL, slot->addr, temp);
    return 0;
}

/* R-OPQ-9: an independent copy: ByValUserData for value types, the
 * referenced object's ByObjUserData for reference slots. */
static int zlua_lib_to_user_data(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    const zlua__slot *slot = zlua_lib_check_handle(L, ctx, "to_user_data");
    const zlua_meta *m = slot->meta;
    if (m->is_ref) {
        Il2CppObject *obj;
        memcpy(&obj, slot->addr, sizeof obj);
        zlua__ud_push_byobj(L, m->cls, obj);
    } else if (m->cls != NULL && m->cls->valuetype) {
        zlua__ud_push_byval(L, m->cls, slot->addr);
    } else {
        return luaL_error(L, "to_user_data: unsupported slot type %s", m->name);
    }
    return 1;
}

/* ---- zlua.types (R-REF-4) --------------------------------------------------- */

static const char *const zlua_type_keys[][2] = {
    {"void", "System.Void"}, {"bool", "System.Boolean"}, {"char", "System.Char"},
    {"byte", "System.Byte"}, {"sbyte", "System.SByte"}, {"short", "System.Int16"},
    {"ushort", "System.UInt16"}, {"int", "System.Int32"}, {"int32", "System.Int32"},
    {"uint", "System.UInt32"}, {"long", "System.Int64"}, {"ulong", "System.UInt64"},
    {"float", "System.Single"}, {"double", "System.Double"}, {"intptr", "System.IntPtr"},
    {"uintptr", "System.UIntPtr"}, {"decimal", "System.Decimal"},
    {"object", "System.Object"}, {"string", "System.String"}, {"int8", "System.SByte"},
    {"uint8", "System.Byte"}, {"int16", "System.Int16"}, {"uint16", "System.UInt16"},
    {"uint32", "System.UInt32"}, {"int64", "System.Int64"}, {"uint64", "System.UInt64"},
};

/* zlua.types' __index: resolves a key once, then caches it. */
static int zlua_lib_types_index(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    const char *key = zlua__name_get(L, 2);   /* NULL: it holds a NUL, no key does */
    for (size_t i = 0; key != NULL && i < sizeof zlua_type_keys / sizeof zlua_type_keys[0]; i++) {
        if (strcmp(zlua_type_keys[i][0], key) != 0)
            continue;
        unsigned nomem = ctx->nomem;
        zlua__class *cls = zlua__meta_bind(ctx, zlua__class_find(ctx, zlua_type_keys[i][1]));
        zlua__ctx_check_nomem(L, ctx, nomem);
        if (cls == NULL)
            return luaL_error(L, "type not found: %s", zlua_type_keys[i][1]);
        zlua__class_push_typetable(L, cls);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, 1);
        return 1;
    }
    return luaL_error(L, "zlua.types has no type '%s'", zlua__name_shown(L, 2));
}

/* ---- the debug library's setlocal, restricted to Lua frames --------------- */

/* libzlua's C functions keep userdata, tables and their own temporaries on
 * their Lua stack and rely on them while script code may run (a finalizer
 * in a GC step, a hook around an internal call).  debug.setlocal could
 * replace those slots -- "(C temporary)" -- and drop the last reference to
 * a userdata whose memory the C code still holds.  The same goes for a Lua
 * function's unnamed slots ("(temporary)", "(for state)", varargs): the
 * interpreter itself relies on them, and a finalizer writing the slot of a
 * function being called crashes Lua.  This setlocal writes the named local
 * variables of Lua functions, as the standard one does, and refuses the
 * rest: no script has a use for them.
 *
 * debug.setlocal([thread,] level, n, value) -> name | nil */
int zlua__lib_setlocal(lua_State *L)
{
    int arg = 0;
    lua_State *L1 = L;
    if (lua_type(L, 1) == LUA_TTHREAD) {
        L1 = lua_tothread(L, 1);
        arg = 1;
    }
    int level = (int)luaL_checkinteger(L, arg + 1);
    int n = (int)luaL_checkinteger(L, arg + 2);
    luaL_checkany(L, arg + 3);
    lua_Debug ar;
    if (!lua_getstack(L1, level, &ar))
        return luaL_argerror(L, arg + 1, "level out of range");
    if (!lua_getinfo(L1, "S", &ar) || strcmp(ar.what, "C") == 0)
        return luaL_error(L, "zlua: debug.setlocal cannot write a C function's stack");
    if (L1 != L && !lua_checkstack(L1, 1))
        return luaL_error(L, "stack overflow");
    const char *local = lua_getlocal(L1, &ar, n);   /* pushes the value when found */
    if (local == NULL) {
        lua_pushnil(L);
        return 1;   /* no such variable: what the standard one answers */
    }
    lua_pop(L1, 1);
    if (local[0] == '(')
        return luaL_error(L, "zlua: debug.setlocal cannot write the internal slot %s", local);
    lua_settop(L, arg + 3);
    lua_xmove(L, L1, 1);
    const char *name = lua_setlocal(L1, &ar, n);
    if (name == NULL)
        lua_pop(L1, 1);   /* not consumed */
    lua_pushstring(L, name);
    return 1;
}

/* Replaces setlocal in the debug library of L, if it is loaded, wherever
 * it is reachable (the global and package.loaded point at one table). */
static void zlua_lib_harden_debug(lua_State *L)
{
    int top = lua_gettop(L);
    if (lua_getglobal(L, "debug") == LUA_TTABLE) {
        lua_pushcfunction(L, zlua__lib_setlocal);
        lua_setfield(L, -2, "setlocal");
    }
    /* raw: a metatable a script gave the registry runs no code here */
    lua_pushliteral(L, LUA_LOADED_TABLE);
    if (lua_rawget(L, LUA_REGISTRYINDEX) == LUA_TTABLE &&
        lua_getfield(L, -1, "debug") == LUA_TTABLE) {
        lua_pushcfunction(L, zlua__lib_setlocal);
        lua_setfield(L, -2, "setlocal");
    }
    lua_settop(L, top);
}

void zlua__lib_open(lua_State *L, zlua__ctx *ctx)
{
    zlua_lib_harden_debug(L);
    zlua__loadlib_guard(L, ctx);   /* and every debug library loaded later */
    static const luaL_Reg fns[] = {
        {"get_opaquevalue", zlua_lib_get_opaquevalue},
        {"set_opaquevalue", zlua_lib_set_opaquevalue},
        {"to_user_data", zlua_lib_to_user_data},
        {"box", zlua__lib_box},
        {"unbox", zlua__lib_unbox},
        {"cast", zlua__lib_cast},
        {"new_ref", zlua__lib_new_ref},
        {"to_table", zlua__lib_to_table},
        {"to_bytes", zlua__lib_to_bytes},
        {"generic", zlua__lib_generic},
        {"typeof", zlua__lib_typeof},
        {"exception", zlua__lib_exception},
        {NULL, NULL},
    };
    (void)ctx;
    lua_newtable(L);
    luaL_setfuncs(L, fns, 0);
    lua_pushliteral(L, ZLUA_VERSION);
    lua_setfield(L, -2, "version");
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, zlua_lib_types_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setfield(L, -2, "types");
    lua_setglobal(L, "zlua");
}
