/*
 * scope.h -- StructStackScope and the OpaqueValue handle codec (R-OPQ-1..6).
 *
 * A scope stack records the addresses of C# slots handed to Lua as
 * OpaqueValue lightuserdata.  A handle is a uintptr_t:
 *
 *     [ generation | stack index | tag ]      (tag = low 2 bits = 0b11)
 *
 *     32-bit: 16-bit generation, 14-bit index
 *     64-bit: 38-bit generation, 24-bit index
 *
 * Aligned pointers have 0b00 in the low bits, so foreign lightuserdata are
 * told apart.  Validation compares the generation and the index with the
 * live stack; EndScope bumps the generation when the scope issued a
 * handle, so every handle of the chain expires (R-OPQ-4).
 *
 * The scope stack holds no managed references of its own: slots live on
 * C# stack frames (scanned by the GC as thread stacks), so no GC root is
 * needed and the arrays use the Lua allocator.
 */
#ifndef ZLUA_SCOPE_H
#define ZLUA_SCOPE_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "zlua.h"
#include "zlua_stub.h"

/* ---- handle codec ------------------------------------------------------- */
#define ZLUA_HANDLE_TAG 0x3u
#define ZLUA_HANDLE_TAG_MASK 0x3u

#define ZLUA_HANDLE32_INDEX_BITS 14u
#define ZLUA_HANDLE32_GEN_BITS 16u
#define ZLUA_HANDLE64_INDEX_BITS 24u
#define ZLUA_HANDLE64_GEN_BITS 38u

#define ZLUA_HANDLE_TAG_BITS 2u
#define ZLUA_H32_INDEX_MASK ((UINT32_C(1) << ZLUA_HANDLE32_INDEX_BITS) - 1u)
#define ZLUA_H32_GEN_MASK ((UINT32_C(1) << ZLUA_HANDLE32_GEN_BITS) - 1u)
#define ZLUA_H32_GEN_SHIFT (ZLUA_HANDLE_TAG_BITS + ZLUA_HANDLE32_INDEX_BITS)
#define ZLUA_H64_INDEX_MASK ((UINT64_C(1) << ZLUA_HANDLE64_INDEX_BITS) - 1u)
#define ZLUA_H64_GEN_MASK ((UINT64_C(1) << ZLUA_HANDLE64_GEN_BITS) - 1u)
#define ZLUA_H64_GEN_SHIFT (ZLUA_HANDLE_TAG_BITS + ZLUA_HANDLE64_INDEX_BITS)

/* The generations a scope stack counts through (a handle's field). */
#if UINTPTR_MAX > 0xffffffffu
#define ZLUA_SCOPE_GEN_MASK ((UINT64_C(1) << ZLUA_HANDLE_GEN_BITS) - 1u)
#else
#define ZLUA_SCOPE_GEN_MASK ((UINT32_C(1) << ZLUA_HANDLE_GEN_BITS) - 1u)
#endif

/* Encodes (generation mod 2^GEN_BITS, index); index must fit INDEX_BITS.
 * Inline: every OpaqueValue push runs one.  Masking makes the generation
 * wrap modulo 2^GEN_BITS as documented; an oversized index is a caller
 * bug, masked so it cannot spill into the generation field. */
static inline uint32_t zlua_handle_encode32(uint32_t generation, uint32_t index)
{
    return ((generation & ZLUA_H32_GEN_MASK) << ZLUA_H32_GEN_SHIFT)
           | ((index & ZLUA_H32_INDEX_MASK) << ZLUA_HANDLE_TAG_BITS)
           | (uint32_t)ZLUA_HANDLE_TAG;
}
static inline uint64_t zlua_handle_encode64(uint64_t generation, uint32_t index)
{
    return ((generation & ZLUA_H64_GEN_MASK) << ZLUA_H64_GEN_SHIFT)
           | (((uint64_t)index & ZLUA_H64_INDEX_MASK) << ZLUA_HANDLE_TAG_BITS)
           | (uint64_t)ZLUA_HANDLE_TAG;
}
/* Returns 1 and fills gen/index when h carries the tag, else 0. */
int zlua__handle_decode32(uint32_t h, uint32_t *generation, uint32_t *index);
int zlua__handle_decode64(uint64_t h, uint64_t *generation, uint32_t *index);

/* The platform's width (uintptr_t), chosen at compile time. */
#if UINTPTR_MAX > 0xffffffffu
#define ZLUA_HANDLE_INDEX_BITS ZLUA_HANDLE64_INDEX_BITS
#define ZLUA_HANDLE_GEN_BITS ZLUA_HANDLE64_GEN_BITS
#else
#define ZLUA_HANDLE_INDEX_BITS ZLUA_HANDLE32_INDEX_BITS
#define ZLUA_HANDLE_GEN_BITS ZLUA_HANDLE32_GEN_BITS
#endif
#define ZLUA_HANDLE_MAX_INDEX ((1u << ZLUA_HANDLE_INDEX_BITS) - 1u)
int zlua__handle_decode(uintptr_t h, uintptr_t *generation, uint32_t *index);
/* Inline: every push encodes. */
static inline uintptr_t zlua_handle_encode(uintptr_t generation, uint32_t index)
{
#if UINTPTR_MAX > 0xffffffffu
    return (uintptr_t)zlua_handle_encode64((uint64_t)generation, index);
#else
    return (uintptr_t)zlua_handle_encode32((uint32_t)generation, index);
#endif
}

/* ---- scope stack ---------------------------------------------------------- */
typedef struct zlua__slot {
    void *addr;        /* the C# slot (struct payload, int*, Il2CppObject**) */
    const void *meta;  /* the element type's zlua_meta (opaque here) */
} zlua__slot;

typedef struct zlua__scope {
    /* the counters generated stubs update inline (zlua.h,
     * zlua_scope_counters), under their libzlua names */
    union {
        zlua_scope_counters counters;
        struct {
            uint32_t size;         /* issued slots */
            uint32_t depth;        /* open scopes */
            uint32_t mark_cap;
            uint32_t *marks;       /* watermark per open scope */
        };
    };
    uint32_t cap;
    uintptr_t generation;  /* kept modulo 2^ZLUA_HANDLE_GEN_BITS */
    zlua__slot *slots;
    lua_Alloc alloc;
    void *alloc_ud;
} zlua__scope;

/* A saved (size, depth) pair, for restoring after an error (R-OPQ-5). */
typedef struct zlua__scope_state {
    uint32_t size, depth;
} zlua__scope_state;

enum {
    ZLUA_SCOPE_VALID = 0,
    ZLUA_SCOPE_EXPIRED = 1,   /* tag ok, generation or index stale */
    ZLUA_SCOPE_FOREIGN = 2    /* not one of our handles */
};

void zlua__scope_init(zlua__scope *s, lua_Alloc alloc, void *alloc_ud);
void zlua__scope_free(zlua__scope *s);

/* Out-of-line halves of the inline operations below (stack.c). */
int zlua__scope_open_grow(zlua__scope *s);
int zlua__scope_issue_grow(zlua__scope *s, void *addr, const void *meta,
                          uintptr_t *handle);
/* Drops the slots from `size` on and bumps the generation (size < s->size). */
void zlua__scope_drop(zlua__scope *s, uint32_t size);

/* The operations below run on every bridge and IC call and every handle
 * use, so they are inline; growth and expiry are out of line. */

/* BeginScope: push the watermark.  ZLUA_OK or ZLUA_ENOMEM. */
static inline int zlua_scope_open(zlua__scope *s)
{
    if (ZLUA_UNLIKELY(s->depth == s->mark_cap))
        return zlua__scope_open_grow(s);
    s->marks[s->depth++] = s->size;
    return 0;
}

/* EndScope: truncate to the watermark; bump the generation if this scope
 * issued a handle (size > watermark).  No-op when no scope is open. */
static inline void zlua_scope_close(zlua__scope *s)
{
    if (s->depth == 0)
        return;
    /* R-OPQ-4: a scope that issued nothing leaves the generation alone,
     * so outer handles survive nested calls that pushed no handle. */
    uint32_t mark = s->marks[--s->depth];
    if (s->size > mark)
        zlua__scope_drop(s, mark);
}

/* An IC call's frame (R-OPQ-5): its handles are issued above everything
 * issued so far, whether a scope is open or not, and the zlua_scope_restore
 * that ends the call drops them with the generation bump a close makes.
 * The frame needs no watermark of its own: what runs inside it closes
 * only scopes it opened.  cap doubles from a power of two, and only while
 * size <= ZLUA_HANDLE_MAX_INDEX, so index < cap is a valid index too. */
static inline int zlua_scope_issue(zlua__scope *s, void *addr, const void *meta,
                                   uintptr_t *handle)
{
    uint32_t index = s->size;
    if (ZLUA_UNLIKELY(index >= s->cap))
        return zlua__scope_issue_grow(s, addr, meta, handle);
    s->size = index + 1u;
    s->slots[index].addr = addr;
    s->slots[index].meta = meta;
    *handle = zlua_handle_encode(s->generation, index);
    return 0;
}

/* Records addr/meta in the innermost open scope and returns its handle
 * in *handle: zlua_scope_issue once a scope is open.  ZLUA_OK,
 * ZLUA_ENOMEM, ZLUA_EFULL (index space exhausted) or ZLUA_ESTATE (no
 * open scope). */
static inline int zlua_scope_push(zlua__scope *s, void *addr, const void *meta,
                                  uintptr_t *handle)
{
    if (ZLUA_UNLIKELY(s->depth == 0))
        return ZLUA_ESTATE;
    return zlua_scope_issue(s, addr, meta, handle);
}

/* Validates h; on ZLUA_SCOPE_VALID stores the slot in *slot.  The
 * generation field of a handle is its top bits, so no masking is needed. */
static inline int zlua_scope_resolve(const zlua__scope *s, uintptr_t h,
                                     const zlua__slot **slot)
{
    if ((h & ZLUA_HANDLE_TAG_MASK) != ZLUA_HANDLE_TAG)
        return ZLUA_SCOPE_FOREIGN;
    uint32_t index = (uint32_t)(h >> 2) & ZLUA_HANDLE_MAX_INDEX;
    if (index >= s->size || (h >> (2u + ZLUA_HANDLE_INDEX_BITS)) != s->generation)
        return ZLUA_SCOPE_EXPIRED;
    *slot = &s->slots[index];
    return ZLUA_SCOPE_VALID;
}

/* Snapshot / rollback for error paths: restore closes every scope opened
 * since the snapshot and expires their handles like zlua_scope_close.  It
 * only rolls back: R-OPQ-5 wants the state of the boundary that caught
 * the error, which is never deeper than what it saved. */
static inline zlua__scope_state zlua_scope_save(const zlua__scope *s)
{
    zlua__scope_state st;
    st.size = s->size;
    st.depth = s->depth;
    return st;
}

static inline void zlua_scope_restore(zlua__scope *s, zlua__scope_state st)
{
    if (s->depth > st.depth)
        s->depth = st.depth;
    if (s->size > st.size) {   /* zlua__scope_drop, inline: every IC call issues */
        s->size = st.size;
        s->generation = (s->generation + 1u) & ZLUA_SCOPE_GEN_MASK;
    }
}

#endif /* ZLUA_SCOPE_H */
