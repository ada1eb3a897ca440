/*
 * registry.h -- NotBlittableStructRegistry and the object registry
 * (R-SUD-2..4, R-GC-2, R-GC-3, R-RT-4).
 *
 * Both registries own their memory: nothing in them points into a Lua
 * userdata.  A userdata only names what it holds (a cell address, a slot
 * index), so a userdata that Lua frees without running its __gc (removed
 * metatable, finalizer skipped at the C-stack limit, error in a
 * finalizer) costs at most its cell or slot until the state closes; it
 * never leaves the registry pointing at freed memory.
 *
 *   struct registry: payloads of non-blittable struct userdata live in
 *     cells carved from chunks the registry allocates.  Each chunk is
 *     handed to the collector as one range, so a collection pushes one
 *     range per chunk, not one per payload.  A pool hands out cells of
 *     one class only, so a cell never changes layout while the state
 *     lives: a stale address can only ever see a value of its own type.
 *   object registry: one dense array of Il2CppObject* slots with a free
 *     list kept beside it (never scanned); the used part of the array is
 *     one root range.
 *
 * Concurrency (R-GC-3): the push-root callback may run on another thread
 * (stop-the-world collection) or between two instructions of this one.
 * It reads the chunk list and the slot array; these are only replaced or
 * linked under the GC allocation lock, with the new memory complete
 * before it is published and the old memory freed after.  Cell and slot
 * contents are written without the lock: the collector scans words
 * conservatively, an aligned word store is atomic, and bdwgc rescans every
 * root with the world stopped before it frees anything.
 */
#ifndef ZLUA_REGISTRY_H
#define ZLUA_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "zlua.h"

#define ZLUA_REG_NONE UINT32_MAX   /* "no slot" */

typedef struct zlua__sreg_chunk zlua__sreg_chunk;

/* Cells of one struct layout (one per non-blittable class). */
typedef struct zlua__sreg_pool {
    uint32_t cell_size;    /* payload bytes rounded up to 8; 0 = unset */
    uint32_t next_cells;   /* cells in the next chunk */
    void *free;            /* released cells, linked through word 0 */
    char *bump, *bump_end; /* never-used tail of the newest chunk */
} zlua__sreg_pool;

typedef struct zlua__struct_registry {
    zlua__sreg_chunk *chunks;   /* every chunk of every pool (GC lock) */
    size_t live;               /* cells in use */
    size_t chunk_bytes;        /* bytes held in chunks */
    lua_Alloc alloc;
    void *alloc_ud;
    struct zlua__struct_registry *next_live;  /* global list (GC lock) */
} zlua__struct_registry;

typedef struct zlua__object_registry {
    void **objects;        /* [0, used) is one root range */
    uint32_t *next_free;   /* beside objects, never scanned */
    size_t used, cap;      /* slots ever handed out, capacity */
    uint32_t free_head;    /* ZLUA_REG_NONE when empty */
    size_t live;           /* slots in use */
    lua_Alloc alloc;
    void *alloc_ud;
    struct zlua__object_registry *next_live;
} zlua__object_registry;

/* ---- struct registry ------------------------------------------------------- */
/* Links reg into the global list and registers the push-root callback.
 * ZLUA_OK, ZLUA_EINVAL or the shim's error. */
int zlua__sreg_init(zlua__struct_registry *reg, lua_Alloc alloc, void *ud);
/* Unlinks reg and frees every chunk (R-SUD-4).  Safe on a zeroed or
 * already freed registry. */
void zlua__sreg_free(zlua__struct_registry *reg);
/* Sets the pool's payload size (once, at class binding). */
void zlua__sreg_pool_init(zlua__sreg_pool *pool, size_t payload_size);
/* A zeroed cell of pool, scanned from now on; NULL without memory. */
void *zlua__sreg_alloc(zlua__struct_registry *reg, zlua__sreg_pool *pool);
/* Zeroes cell (its references stop being roots) and returns it to pool. */
void zlua__sreg_release(zlua__struct_registry *reg, zlua__sreg_pool *pool,
                       void *cell);

/* ---- object registry ---------------------------------------------------------- */
int zlua__oreg_init(zlua__object_registry *reg, lua_Alloc alloc, void *ud);
void zlua__oreg_free(zlua__object_registry *reg);
/* Roots object in a slot; the slot's index goes to *slot.  ZLUA_OK,
 * ZLUA_EINVAL, ZLUA_EFULL or ZLUA_ENOMEM. */
int zlua__oreg_add(zlua__object_registry *reg, void *object, uint32_t *slot);
/* Releases slot when it holds object; anything else is ignored (a slot
 * is only ever released by the userdata that holds it). */
void zlua__oreg_release(zlua__object_registry *reg, uint32_t slot,
                       const void *object);

/* The push-root callback shared by all registries (registered by init). */
void zlua__registry_push_roots(zlua_gc_push_fn push_all);

#endif /* ZLUA_REGISTRY_H */
