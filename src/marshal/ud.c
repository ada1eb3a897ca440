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

void *zlua__ud_push_byval(lua_State *L, zlua__class *cls, const void *src)
{
    if (cls->blittable)
        return zlua_ud_push_inline(L, cls, src);
    zlua__ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->magic = ZLUA_UD_DEAD;
    u->inlined = 0;
    u->cls = cls;
    u->cell = NULL;
    zlua_ud_push_byval_mt(L, cls);   /* first: see zlua_ud_push_inline */
    lua_setmetatable(L, -2);
    /* R-SUD-2: a zeroed cell the collector scans from now on. */
    void *payload = zlua__sreg_alloc(&cls->ctx->structs, &cls->pool);
    if (payload == NULL)
        luaL_error(L, "not enough memory");
    u->cell = payload;
    u->magic = ZLUA_UD_BYVAL;
    if (src != NULL)
        zlua__value_store(cls->meta, NULL, payload, src);
    return payload;
}

/* A new identity cache: weak values, so the cache alone keeps no
 * userdata (and through it no object) alive. */
static void zlua_ud_new_idcache(lua_State *L)
{
    lua_createtable(L, 64, 0);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
}

void zlua__ud_open(lua_State *L, zlua__ctx *ctx)
{
    if (ctx->idcache != LUA_NOREF)
        return;   /* a second zlua_open after a failed one */
    zlua_ud_new_idcache(L);
    ctx->idcache = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* Pushes the identity cache.  The registry is reachable by scripts: a
 * table put in its place is used as it is (its contents are checked on
 * every read), anything else is replaced by a new cache. */
static void zlua_ud_push_idcache(lua_State *L, zlua__ctx *ctx)
{
    if (zlua_ref_push_table(L, ctx->idcache))
        return;
    zlua_ud_new_idcache(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, LUA_REGISTRYINDEX, ctx->idcache);
}

/* [cache] -> [cache, ud] and 1 when the cache holds the userdata e
 * recorded, at its slot; else the stack is unchanged and 0.  The value
 * there is compared with the recorded block, never read: a script can
 * write into the cache with the debug library, but a full userdata at
 * that very address is the recorded one while the entry lives (a
 * userdata's __gc removes its entry; one collected without it -- its
 * metatable removed by the debug library -- keeps its object-registry
 * slot, so no other userdata of libzlua is ever cached at that index).
 * Only a script that broke that userdata first and then stored a new one
 * allocated at the same address there gets its own value back, which
 * nothing here reads: every entry point checks a userdata it is given.
 * No lua_rawlen and no header read, which a hit paid twice before. */
static int zlua_ud_cached(lua_State *L, const zlua__idmap_entry *e)
{
    if (lua_rawgeti(L, -1, (lua_Integer)e->slot + 1) == LUA_TUSERDATA &&
        lua_touserdata(L, -1) == e->ud)
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* [cache] -> [cache, ud]: the miss, out of line (the hit is a few
 * instructions and two table reads, and inline in its callers). */
ZLUA_NOINLINE
static void zlua_ud_push_byobj_new(lua_State *L, zlua__ctx *ctx, zlua__class *cls,
                                   Il2CppObject *obj)
{
    zlua__ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->magic = ZLUA_UD_DEAD_OBJ;
    u->slot = ZLUA_REG_NONE;
    u->cls = cls;
    u->obj = NULL;
    ctx->push_mt(L, cls, 1);
    lua_setmetatable(L, -2);
    /* obj is on this C stack (scanned) until the registry holds it. */
    if (zlua__oreg_add(&ctx->objects, obj, &u->slot) != ZLUA_OK)
        luaL_error(L, "not enough memory");
    u->obj = obj;
    u->magic = ZLUA_UD_BYOBJ;
    /* the userdata is complete; an error below leaves it to the
     * collector, whose __gc removes only its own map entry */
    if (zlua__idmap_put(&ctx->ids, obj, cls, u->slot, u) != ZLUA_OK)
        luaL_error(L, "not enough memory");
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, (lua_Integer)u->slot + 1);
}

/* [] -> [cache, ud] with the userdata of (obj, cls), made on a miss. */
static inline void zlua_ud_push_byobj_cached(lua_State *L, zlua__class *cls, Il2CppObject *obj)
{
    zlua__ctx *ctx = cls->ctx;
    const zlua__idmap_entry *e = zlua_idmap_find(&ctx->ids, obj, cls);
    zlua_ud_push_idcache(L, ctx);
    if (ZLUA_LIKELY(e != NULL && zlua_ud_cached(L, e)))
        return;   /* R-SHAPE-2: same (object, declared type), same userdata */
    zlua_ud_push_byobj_new(L, ctx, cls, obj);
}

void zlua__ud_push_byobj(lua_State *L, zlua__class *cls, Il2CppObject *obj)
{
    if (obj == NULL) {
        lua_pushnil(L);
        return;
    }
    zlua_ud_push_byobj_cached(L, cls, obj);
    lua_copy(L, -1, -2);   /* over the cache: cheaper than a rotate */
    lua_pop(L, 1);
}

void zlua__ud_push_byobj_last(lua_State *L, zlua__class *cls, Il2CppObject *obj)
{
    if (obj == NULL)
        lua_pushnil(L);
    else
        zlua_ud_push_byobj_cached(L, cls, obj);   /* the cache stays below */
}

int zlua__ud_finalize(zlua__ud *u)
{
    zlua__ctx *ctx = u->cls->ctx;
    switch (u->magic) {
    case ZLUA_UD_BYVAL:
        /* retired: no accessor takes it from now on; the cell stays */
        u->magic = ZLUA_UD_DEAD;
        return !u->inlined && u->cell != NULL;
    case ZLUA_UD_BYOBJ:
        /* no new push finds it; the slot (and the object) stays */
        zlua__idmap_remove(&ctx->ids, u->obj, u->cls, u->slot);
        u->magic = ZLUA_UD_DEAD_OBJ;
        return 1;
    case ZLUA_UD_DEAD:
        if (!u->inlined && u->cell != NULL) {
            zlua__sreg_release(&ctx->structs, &u->cls->pool, u->cell);
            u->cell = NULL;
        }
        return 0;
    case ZLUA_UD_DEAD_OBJ:
        if (u->slot != ZLUA_REG_NONE) {
            zlua__oreg_release(&ctx->objects, u->slot, u->obj);
            u->slot = ZLUA_REG_NONE;
            u->obj = NULL;
        }
        return 0;
    default:
        return 0;
    }
}
