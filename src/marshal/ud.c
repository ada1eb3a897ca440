/*
 * ud.c -- creating and recognising libzlua's full userdata.
 */
#include "marshal/ud.h"
#include "marshal/ud_inline.h"

#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "marshal/meta.h"
#include "registry/registry.h"

void *zlua_ud_push_byval(lua_State *L, zlua_class *cls, const void *src)
{
    if (cls->blittable)
        return zlua_ud_push_inline(L, cls, src);
    zlua_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->magic = ZLUA_UD_DEAD;
    u->inlined = 0;
    u->cls = cls;
    u->cell = NULL;
    zlua_ud_push_byval_mt(L, cls);   /* first: see zlua_ud_push_inline */
    lua_setmetatable(L, -2);
    /* R-SUD-2: a zeroed cell the collector scans from now on. */
    void *payload = zlua_sreg_alloc(&cls->ctx->structs, &cls->pool);
    if (payload == NULL)
        luaL_error(L, "not enough memory");
    u->cell = payload;
    u->magic = ZLUA_UD_BYVAL;
    if (src != NULL)
        zlua_value_store(cls->meta, NULL, payload, src);
    return payload;
}

/* Pushes cls's identity cache (weak values), creating it on first use.
 * A GC step while it is being made may run a finalizer that pushes an
 * object of cls and makes a cache first; that one is kept. */
static void zlua_ud_push_cache(lua_State *L, zlua_class *cls)
{
    if (cls->cache != LUA_NOREF && zlua_ref_push_table(L, cls->cache))
        return;
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    if (cls->cache != LUA_NOREF && zlua_ref_push_table(L, cls->cache)) {
        lua_remove(L, -2);
        return;
    }
    lua_pushvalue(L, -1);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    cls->cache = ref;
}

void zlua_ud_push_byobj(lua_State *L, zlua_class *cls, Il2CppObject *obj)
{
    if (obj == NULL) {
        lua_pushnil(L);
        return;
    }
    zlua_ud_push_cache(L, cls);
    if (lua_rawgetp(L, -1, obj) == LUA_TUSERDATA && lua_rawlen(L, -1) >= sizeof(zlua_ud)) {
        /* The cache is reachable through the debug library: trust only a
         * live userdata of this very (object, view).  A full userdata at
         * least a header long can be read as one. */
        const zlua_ud *hit = lua_touserdata(L, -1);
        if (hit->magic == ZLUA_UD_BYOBJ && hit->obj == obj && hit->cls == cls) {
            lua_copy(L, -1, -2);   /* over the cache: cheaper than a rotate */
            lua_pop(L, 1);
            return;   /* R-SHAPE-2: same (object, declared type), same userdata */
        }
    }
    lua_pop(L, 1);
    zlua_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->magic = ZLUA_UD_DEAD_OBJ;
    u->slot = ZLUA_REG_NONE;
    u->cls = cls;
    u->obj = NULL;
    cls->ctx->push_mt(L, cls, 1);
    lua_setmetatable(L, -2);
    /* obj is on this C stack (scanned) until the registry holds it. */
    if (zlua_oreg_add(&cls->ctx->objects, obj, &u->slot) != ZLUA_OK)
        luaL_error(L, "not enough memory");
    u->obj = obj;
    u->magic = ZLUA_UD_BYOBJ;
    lua_pushvalue(L, -1);
    lua_rawsetp(L, -3, obj);
    lua_remove(L, -2);
}

void zlua_ud_release(zlua_ud *u)
{
    zlua_ctx *ctx = u->cls->ctx;
    if (u->magic == ZLUA_UD_BYVAL) {
        if (!u->inlined) {
            zlua_sreg_release(&ctx->structs, &u->cls->pool, u->cell);
            u->cell = NULL;
        }
        u->magic = ZLUA_UD_DEAD;
    } else if (u->magic == ZLUA_UD_BYOBJ) {
        zlua_oreg_release(&ctx->objects, u->slot, u->obj);
        u->slot = ZLUA_REG_NONE;
        u->obj = NULL;
        u->magic = ZLUA_UD_DEAD_OBJ;
    }
}
