/*
 * ud.h -- the layout of libzlua's full userdata.
 *
 *     [ magic | slot | cls | obj, cell or blittable payload ... ]
 *
 * The header's magic tells ByVal, ByObj and finalized userdata apart, so
 * every accessor checks the userdata itself and never trusts only the
 * metatable it was reached through (R-SHAPE-1).  What follows
 * the class depends on the kind the magic names: a ByObj userdata holds
 * its object, a non-blittable ByVal one the address of its struct-registry
 * cell, a blittable ByVal one its payload itself (a Point2D userdata is 24
 * bytes on 64-bit: 16 of header, 8 of payload).
 */
#ifndef ZLUA_UD_H
#define ZLUA_UD_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "il2cpp/il2cpp_api.h"
#include "zlua_stub.h"

struct zlua__class;

#define ZLUA_UD_BYVAL 0x7A4C5601u
#define ZLUA_UD_BYOBJ 0x7A4C5602u
#define ZLUA_UD_DEAD 0x7A4C56DEu     /* ByVal after its first __gc */
#define ZLUA_UD_DEAD_OBJ 0x7A4C56DFu /* ByObj after its first __gc */
/* A userdata is DEAD from its creation until it holds its value, so one
 * that a memory error leaves half-made is never read. */

typedef struct zlua__ud {
    uint32_t magic;
    union {
        uint32_t slot;         /* ByObj: its object-registry slot */
        uint32_t inlined;      /* ByVal: 1 when the payload follows (blittable) */
    };
    struct zlua__class *cls;    /* the declared type: the view */
    union {                    /* by the magic (and, ByVal, inlined): */
        Il2CppObject *obj;     /* ByObj: the object (NULL once released) */
        void *cell;            /* non-blittable ByVal: its registry cell */
        /* blittable ByVal: the payload starts here, 8-aligned on 32-bit
         * targets too (where a uint64_t member would only be 4-aligned) */
        _Alignas(8) unsigned char first[8];
    };
} zlua__ud;

/* A blittable ByVal payload follows the class pointer, in the userdata
 * (every userdata is at least sizeof(zlua__ud) bytes, the length the
 * accessors check before reading the magic); a non-blittable one lives in
 * a struct-registry cell (registry.h), so the collector never scans Lua
 * memory and a userdata freed without its __gc leaves nothing dangling. */
#define ZLUA_UD_HEADER offsetof(zlua__ud, obj)
_Static_assert(ZLUA_UD_HEADER % 8 == 0, "a blittable payload is 8-aligned");
/* zlua_stub.h's zlua_ud_head is what the stubs read of it */
_Static_assert(sizeof(zlua_ud_head) == sizeof(zlua__ud) &&
                   offsetof(zlua_ud_head, magic) == offsetof(zlua__ud, magic) &&
                   offsetof(zlua_ud_head, inlined) == offsetof(zlua__ud, inlined) &&
                   offsetof(zlua_ud_head, cls) == offsetof(zlua__ud, cls) &&
                   offsetof(zlua_ud_head, at) == offsetof(zlua__ud, cell) &&
                   offsetof(zlua__ud, obj) == offsetof(zlua__ud, cell) &&
                   ZLUA_UD_MAGIC_BYVAL == ZLUA_UD_BYVAL && ZLUA_UD_MAGIC_DEAD == ZLUA_UD_DEAD &&
                   ZLUA_UD_MAGIC_BYOBJ == ZLUA_UD_BYOBJ,
               "zlua.h's userdata head matches zlua__ud");

/* The payload of a live ByVal userdata (its magic checked by the caller).
 * The flag is the header's own (scripts cannot write userdata bytes), so
 * telling the two layouts apart costs no load through cls. */
static inline void *zlua_ud_payload(const zlua__ud *u)
{
    return u->inlined ? (void *)((char *)u + ZLUA_UD_HEADER) : u->cell;
}

/* The zlua__ud at idx when it is one of ours, live or finalized, else
 * NULL.  Only a full userdata has both an address and a length (a light
 * one has no length, a string or table no address): two calls, no type
 * query.  Inline: every argument pop of a userdata starts here. */
static inline zlua__ud *zlua_ud_any(lua_State *L, int idx)
{
    zlua__ud *u = (zlua__ud *)lua_touserdata(L, idx);
    if (u == NULL || lua_rawlen(L, idx) < sizeof(zlua__ud))
        return NULL;
    switch (u->magic) {
    case ZLUA_UD_BYVAL: case ZLUA_UD_BYOBJ:
    case ZLUA_UD_DEAD: case ZLUA_UD_DEAD_OBJ:
        return u;
    default:
        return NULL;
    }
}

/* The zlua__ud at idx when it is one of ours with `magic`, else NULL. */
static inline zlua__ud *zlua_ud_test(lua_State *L, int idx, uint32_t magic)
{
    zlua__ud *u = zlua_ud_any(L, idx);
    return u != NULL && u->magic == magic ? u : NULL;
}

/* Pushes a new ByValUserData of cls holding a copy of src (NULL: zeroed),
 * registered when non-blittable (R-SUD-1, R-SUD-2).  Returns its payload. */
void *zlua__ud_push_byval(lua_State *L, struct zlua__class *cls,
                         const void *src);
/* Makes the state's identity cache (zlua_open, early: its registry slot
 * then sits in the registry's array part).  May raise (memory). */
struct zlua__ctx;
void zlua__ud_open(lua_State *L, struct zlua__ctx *ctx);
/* Pushes the ByObjUserData of obj viewed as cls, reusing the cached
 * userdata of (obj, cls) while it lives (R-SHAPE-2).  NULL pushes nil. */
void zlua__ud_push_byobj(lua_State *L, struct zlua__class *cls,
                        Il2CppObject *obj);
/* The same as a C function's last result: the userdata is on top, but a
 * cache hit leaves the cache table below it (the caller returns 1). */
void zlua__ud_push_byobj_last(lua_State *L, struct zlua__class *cls, Il2CppObject *obj);

/* 1 when m's push is the plain object writer (object.c): a reference
 * pushed as zlua__ud_push_byobj(L, m->cls, obj) pushes it, so a live
 * ByObjUserData of that very (object, m->cls) may stand for its result
 * (the bridge's argument-result shortcut, bridge/method_call.h). */
struct zlua_meta;
int zlua__meta_pushes_byobj(const struct zlua_meta *m);

/* The collector's finalizer, in two phases.  The first retires a live
 * userdata: it is marked dead (every accessor refuses it from then on)
 * and leaves the identity map, but keeps its cell or slot, and 1 asks
 * the caller to register the userdata for finalization once more.  The
 * second, run when the collector finds the dead userdata unreachable
 * again, releases the cell or slot (0).  A finalizer can run at any Lua
 * allocation, also on a userdata a script got back before its finalizer
 * ran (a weak-keyed table keeps such keys) and handed to a C function
 * that holds its payload or object across that allocation; the first
 * phase leaves that memory in place, and the second cannot come while
 * the userdata is on any Lua stack (architecture.md, "Hostile
 * scripts"). */
int zlua__ud_finalize(zlua__ud *u);

#endif
