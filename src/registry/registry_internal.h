/*
 * registry_internal.h -- what the registry sources share (not for users of
 * registry.h).
 *
 * The global live lists are owned by registry_roots.c; the link/unlink
 * functions take the GC allocation lock themselves, so the push-root
 * callback walking the lists never sees a half-linked registry.
 */
#ifndef ZLUA_REGISTRY_INTERNAL_H
#define ZLUA_REGISTRY_INTERNAL_H

#include "registry/registry.h"

/* Registers zlua__registry_push_roots with the shim (idempotent; the first
 * registry init does the real work).  ZLUA_OK or the shim's error. */
int zlua__registry_ensure_callback(void);

void zlua__registry_link_struct(zlua__struct_registry *reg);
void zlua__registry_unlink_struct(zlua__struct_registry *reg);
void zlua__registry_link_object(zlua__object_registry *reg);
void zlua__registry_unlink_object(zlua__object_registry *reg);

/* First capacity of a registry array; later growth doubles. */
#define ZLUA_REG_MIN_CAP 16u
/* Indexes are uint32_t and UINT32_MAX means "none". */
#define ZLUA_REG_MAX_COUNT ((size_t)ZLUA_REG_NONE)

/* The capacity after cap: doubled, 0 when the byte size would overflow
 * (elem bytes per entry). */
size_t zlua__registry_next_cap(size_t cap, size_t elem);

/* A chunk of struct cells: this header, then `bytes` of cells starting at
 * the first 8-aligned address after it.  8: no C# value type asks more on
 * any player target, and the collector scans every byte of a cell, so a
 * cell is its payload rounded up to that and no more. */
#define ZLUA_SREG_CELL_ALIGN 8u
struct zlua__sreg_chunk {
    zlua__sreg_chunk *next;
    size_t bytes;
};
/* Bytes to allocate for a chunk of `bytes` cell bytes. */
#define ZLUA_SREG_CHUNK_HDR (sizeof(zlua__sreg_chunk) + ZLUA_SREG_CELL_ALIGN - 1)

static inline char *zlua_sreg_chunk_cells(zlua__sreg_chunk *c)
{
    uintptr_t p = (uintptr_t)(c + 1);
    p = (p + ZLUA_SREG_CELL_ALIGN - 1) & ~(uintptr_t)(ZLUA_SREG_CELL_ALIGN - 1);
    return (char *)p;
}

#endif /* ZLUA_REGISTRY_INTERNAL_H */
