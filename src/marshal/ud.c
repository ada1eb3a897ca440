/*
 * ud.c -- creating and recognising libzlua's full userdata.
 */
#include "marshal/ud.h"

#include <string.h>

#include <lauxlib.h>

#include "marshal/meta.h"
#include "registry/registry.h"
#include "types/class.h"

zlua_ud *zlua_ud_test(lua_State *L, int idx, uint32_t magic)
{
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) < sizeof(zlua_ud))
        return NULL;
    zlua_ud *u = lua_touserdata(L, idx);
    return u->magic == magic ? u : NULL;
}

zlua_ud *zlua_ud_any(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) < sizeof(zlua_ud))
        return NULL;
    zlua_ud *u = lua_touserdata(L, idx);
    switch (u->magic) {
    case ZLUA_UD_BYVAL: case ZLUA_UD_BYOBJ:
    case ZLUA_UD_DEAD: case ZLUA_UD_DEAD_OBJ:
        return u;
    default:
        return NULL;
    }
}

void *zlua_ud_push_byval(lua_State *L, zlua_class *cls, const void *src)
{
    return zlua_ud_push_byval_mt(L, cls, src, 0);
}

void *zlua_ud_push_byval_mt(lua_State *L, zlua_class *cls, const void *src, int mt)
{
    zlua_ud *u = lua_newuserdatauv(L, ZLUA_UD_HEADER + cls->value_size, 0);
    u->magic = ZLUA_UD_BYVAL;
    u->reg_index = ZLUA_REG_NONE;
    u->cls = cls;
    u->obj = NULL;
    void *payload = zlua_ud_payload(u);
    memset(payload, 0, cls->value_size);
    /* The metatable (with its __gc) goes on first, so the registry entry
     * made below is released even if anything later raises. */
    if (mt != 0)
        lua_pushvalue(L, mt);
    else
        zlua_class_push_byval_mt(L, cls);
    lua_setmetatable(L, -2);
    if (!cls->blittable &&
        zlua_sreg_add(&cls->ctx->structs, payload, cls->value_size, &u->reg_index) != ZLUA_OK)
        luaL_error(L, "not enough memory");
    if (src != NULL)
        zlua_value_store(cls->meta, NULL, payload, src);
    return payload;
}

void zlua_ud_push_byobj(lua_State *L, zlua_class *cls, Il2CppObject *obj)
{
    if (obj == NULL) {
        lua_pushnil(L);
        return;
    }
    if (cls->cache == LUA_NOREF) {
        lua_createtable(L, 0, 0);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        cls->cache = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->cache);
    if (lua_rawgetp(L, -1, obj) == LUA_TUSERDATA) {
        lua_remove(L, -2);
        return;   /* R-SHAPE-2: same (object, declared type), same userdata */
    }
    lua_pop(L, 1);
    zlua_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->magic = ZLUA_UD_BYOBJ;
    u->reg_index = ZLUA_REG_NONE;
    u->cls = cls;
    u->obj = obj;
    zlua_class_push_byobj_mt(L, cls);
    lua_setmetatable(L, -2);
    if (zlua_oreg_add(&cls->ctx->objects, obj, &u->reg_index) != ZLUA_OK)
        luaL_error(L, "not enough memory");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, -3, obj);
    lua_remove(L, -2);
}
