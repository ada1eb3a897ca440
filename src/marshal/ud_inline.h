/*
 * ud_inline.h -- ByValUserData creation for hot callers (ud.c, and the
 * struct constructor of bridge/method_call.c), inline: a call less
 * per construction.  Needs the class layout, hence its own header.  (The
 * stubs' zlua_bridge_new_struct in zlua.h makes the same userdata, of
 * zlua_ud_inline_size bytes.)
 */
#ifndef ZLUA_UD_INLINE_H
#define ZLUA_UD_INLINE_H

#include <string.h>

#include <lauxlib.h>   /* LUA_NOREF */
#include <lua.h>

#include "class/class.h"
#include "marshal/meta.h"
#include "marshal/ud.h"

/* Pushes cls's ByVal metatable: one registry read, whose result type is
 * the check (a script may have replaced the entry); the slow path binds
 * the type or raises. */
static inline void zlua_ud_push_byval_mt(lua_State *L, zlua__class *cls)
{
    if (ZLUA_LIKELY(cls->byval_mt != LUA_NOREF &&
                    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->byval_mt) == LUA_TTABLE))
        return;
    if (cls->byval_mt != LUA_NOREF)
        lua_pop(L, 1);
    cls->ctx->push_mt(L, cls, 0);
}

/* The bytes of a blittable ByValUserData of cls: the head, then the
 * payload in whole 8-byte words; never less than a zlua__ud, the length the
 * accessors check. */
static inline size_t zlua_ud_inline_size(const zlua__class *cls)
{
    size_t size = ZLUA_UD_HEADER + 8u * ((cls->value_size + 7u) / 8u);
    return size < sizeof(zlua__ud) ? sizeof(zlua__ud) : size;
}

/* The blittable case: the payload is zeroed in the userdata itself, by
 * 8-byte words (the allocation is rounded up to them), the common small
 * struct (a Point2D) without a memset call. */
static inline void *zlua_ud_push_inline(lua_State *L, zlua__class *cls, const void *src)
{
    size_t words = (cls->value_size + 7u) / 8u;
    zlua__ud *u = lua_newuserdatauv(L, zlua_ud_inline_size(cls), 0);
    u->magic = ZLUA_UD_DEAD;
    u->inlined = 1;
    u->cls = cls;
    /* The metatable goes on first: binding the type may run GC steps (and
     * finalizers), which cannot reach this userdata yet. */
    zlua_ud_push_byval_mt(L, cls);
    lua_setmetatable(L, -2);
    char *payload = (char *)u + ZLUA_UD_HEADER;
    const uint64_t zero = 0;
    if (ZLUA_LIKELY(words <= 1))
        memcpy(payload, &zero, sizeof zero);
    else
        memset(payload, 0, 8u * words);
    u->magic = ZLUA_UD_BYVAL;
    if (src != NULL)
        zlua__value_store(cls->meta, NULL, payload, src);
    return payload;
}

/* zlua__ud_push_byval, inline for blittable types. */
static inline void *zlua_ud_push_byval_inline(lua_State *L, zlua__class *cls, const void *src)
{
    if (ZLUA_LIKELY(cls->blittable))
        return zlua_ud_push_inline(L, cls, src);
    return zlua__ud_push_byval(L, cls, src);
}

#endif
