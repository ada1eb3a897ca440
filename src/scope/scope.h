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

/* ---- handle codec ------------------------------------------------------- */
#define ZLUA_HANDLE_TAG 0x3u
#define ZLUA_HANDLE_TAG_MASK 0x3u

#define ZLUA_HANDLE32_INDEX_BITS 14u
#define ZLUA_HANDLE32_GEN_BITS 16u
#define ZLUA_HANDLE64_INDEX_BITS 24u
#define ZLUA_HANDLE64_GEN_BITS 38u

/* Encodes (generation mod 2^GEN_BITS, index); index must fit INDEX_BITS. */
uint32_t zlua_handle_encode32(uint32_t generation, uint32_t index);
uint64_t zlua_handle_encode64(uint64_t generation, uint32_t index);
/* Returns 1 and fills gen/index when h carries the tag, else 0. */
int zlua_handle_decode32(uint32_t h, uint32_t *generation, uint32_t *index);
int zlua_handle_decode64(uint64_t h, uint64_t *generation, uint32_t *index);

/* The platform's width (uintptr_t), chosen at compile time. */
#if UINTPTR_MAX > 0xffffffffu
#define ZLUA_HANDLE_INDEX_BITS ZLUA_HANDLE64_INDEX_BITS
#define ZLUA_HANDLE_GEN_BITS ZLUA_HANDLE64_GEN_BITS
#else
#define ZLUA_HANDLE_INDEX_BITS ZLUA_HANDLE32_INDEX_BITS
#define ZLUA_HANDLE_GEN_BITS ZLUA_HANDLE32_GEN_BITS
#endif
#define ZLUA_HANDLE_MAX_INDEX ((1u << ZLUA_HANDLE_INDEX_BITS) - 1u)
uintptr_t zlua_handle_encode(uintptr_t generation, uint32_t index);
int zlua_handle_decode(uintptr_t h, uintptr_t *generation, uint32_t *index);

/* ---- scope stack ---------------------------------------------------------- */
typedef struct zlua_slot {
    void *addr;        /* the C# slot (struct payload, int*, Il2CppObject**) */
    const void *meta;  /* the element type's zlua_meta (opaque here) */
} zlua_slot;

typedef struct zlua_scope {
    uintptr_t generation;  /* kept modulo 2^ZLUA_HANDLE_GEN_BITS */
    zlua_slot *slots;
    uint32_t size, cap;
    uint32_t *marks;       /* watermark per open scope */
    uint32_t depth, mark_cap;
    lua_Alloc alloc;
    void *alloc_ud;
} zlua_scope;

/* A saved (size, depth) pair, for restoring after an error (R-OPQ-5). */
typedef struct zlua_scope_state {
    uint32_t size, depth;
} zlua_scope_state;

enum {
    ZLUA_SCOPE_VALID = 0,
    ZLUA_SCOPE_EXPIRED = 1,   /* tag ok, generation or index stale */
    ZLUA_SCOPE_FOREIGN = 2    /* not one of our handles */
};

void zlua_scope_init(zlua_scope *s, lua_Alloc alloc, void *alloc_ud);
void zlua_scope_free(zlua_scope *s);

/* BeginScope: push the watermark.  ZLUA_OK or ZLUA_ENOMEM. */
int zlua_scope_open(zlua_scope *s);
/* EndScope: truncate to the watermark; bump the generation if this scope
 * issued a handle (size > watermark).  No-op when no scope is open. */
void zlua_scope_close(zlua_scope *s);

/* Records addr/meta and returns its handle in *handle.  ZLUA_OK,
 * ZLUA_ENOMEM, ZLUA_EFULL (index space exhausted) or ZLUA_ESTATE (no
 * open scope). */
int zlua_scope_push(zlua_scope *s, void *addr, const void *meta,
                    uintptr_t *handle);

/* Validates h; on ZLUA_SCOPE_VALID stores the slot in *slot. */
int zlua_scope_resolve(const zlua_scope *s, uintptr_t h,
                       const zlua_slot **slot);

/* Snapshot / rollback for error paths: restore closes every scope opened
 * since the snapshot and expires their handles like zlua_scope_close. */
zlua_scope_state zlua_scope_save(const zlua_scope *s);
void zlua_scope_restore(zlua_scope *s, zlua_scope_state st);

#endif /* ZLUA_SCOPE_H */
