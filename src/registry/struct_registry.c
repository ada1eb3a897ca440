/*
 * struct_registry.c -- NotBlittableStructRegistry (R-SUD-2, R-SUD-4,
 * R-GC-3, R-RT-4).
 *
 * Payloads of non-blittable struct userdata live in cells owned by the
 * registry.  Cells come from chunks; a chunk belongs to one pool (one
 * class) for the life of the state, and is scanned whole as one range.
 * Free and never-used cells are zero (word 0 of a free cell links the
 * free list: an address of this registry's own memory, never of the
 * managed heap), so scanning them retains nothing.
 *
 * Only the chunk list is read by the push-root callback; a new chunk is
 * zeroed before it is linked under the GC lock, and chunks are freed only
 * after the registry is unlinked.
 */
#include "registry/registry_internal.h"

#include <string.h>

#include "gc/gc_shim.h"

#define ZLUA_SREG_FIRST_CELLS 8u
#define ZLUA_SREG_MAX_CHUNK (64u * 1024u)   /* bytes, unless one cell is larger */

int zlua__sreg_init(zlua__struct_registry *reg, lua_Alloc alloc, void *ud)
{
    if (reg == NULL || alloc == NULL)
        return ZLUA_EINVAL;
    memset(reg, 0, sizeof *reg);
    /* Register first: if that fails the registry stays zeroed (unusable:
     * nothing is handed out that the collector would not scan). */
    int rc = zlua__registry_ensure_callback();
    if (rc != ZLUA_OK)
        return rc;
    reg->alloc = alloc;
    reg->alloc_ud = ud;
    zlua__registry_link_struct(reg);
    return ZLUA_OK;
}

void zlua__sreg_free(zlua__struct_registry *reg)
{
    if (reg == NULL || reg->alloc == NULL)
        return;   /* never initialised (zeroed) or already freed */
    /* Once unlinked no callback reads the chunks: no lock needed below. */
    zlua__registry_unlink_struct(reg);
    zlua__sreg_chunk *c = reg->chunks;
    while (c != NULL) {
        zlua__sreg_chunk *next = c->next;
        reg->alloc(reg->alloc_ud, c, ZLUA_SREG_CHUNK_HDR + c->bytes, 0);
        c = next;
    }
    memset(reg, 0, sizeof *reg);
}

void zlua__sreg_pool_init(zlua__sreg_pool *pool, size_t payload_size)
{
    memset(pool, 0, sizeof *pool);
    size_t size = payload_size < sizeof(void *) ? sizeof(void *) : payload_size;
    size = (size + ZLUA_SREG_CELL_ALIGN - 1) & ~(size_t)(ZLUA_SREG_CELL_ALIGN - 1);
    pool->cell_size = size <= UINT32_MAX ? (uint32_t)size : 0;
    size_t cap_cells = pool->cell_size ? ZLUA_SREG_MAX_CHUNK / pool->cell_size : 0;
    pool->next_cells = cap_cells >= ZLUA_SREG_FIRST_CELLS ? ZLUA_SREG_FIRST_CELLS
                       : cap_cells ? (uint32_t)cap_cells : 1;
}

typedef struct zlua__sreg_link_op {
    zlua__struct_registry *reg;
    zlua__sreg_chunk *chunk;
} zlua__sreg_link_op;

static void *zlua_sreg_link_locked(void *p)
{
    zlua__sreg_link_op *op = p;
    op->chunk->next = op->reg->chunks;
    op->reg->chunks = op->chunk;
    return NULL;
}

/* Allocates the pool's next chunk, zeroed, and publishes it. */
static int zlua_sreg_grow(zlua__struct_registry *reg, zlua__sreg_pool *pool)
{
    size_t cells = pool->next_cells;   /* 1 .. the cap's cell count (or 1) */
    if (cells == 0)
        cells = 1;
    if (cells > (SIZE_MAX - ZLUA_SREG_CHUNK_HDR) / pool->cell_size)
        return ZLUA_ENOMEM;
    size_t bytes = cells * pool->cell_size;
    zlua__sreg_chunk *c = reg->alloc(reg->alloc_ud, NULL, 0, ZLUA_SREG_CHUNK_HDR + bytes);
    if (c == NULL)
        return ZLUA_ENOMEM;
    c->next = NULL;
    c->bytes = bytes;
    memset(zlua_sreg_chunk_cells(c), 0, bytes);
    zlua__sreg_link_op op = {reg, c};
    (void)zlua__gc_with_lock(zlua_sreg_link_locked, &op);
    reg->chunk_bytes += bytes;
    pool->bump = zlua_sreg_chunk_cells(c);
    pool->bump_end = pool->bump + bytes;
    /* Double up to the cap, then stay there: next_cells never exceeds
     * the cap's cell count, so nothing above can wrap (32-bit size_t). */
    size_t cap_cells = ZLUA_SREG_MAX_CHUNK / pool->cell_size;
    size_t next = (size_t)pool->next_cells * 2u;
    pool->next_cells = (uint32_t)(next < cap_cells ? next : cap_cells ? cap_cells : 1);
    return ZLUA_OK;
}

void *zlua__sreg_alloc(zlua__struct_registry *reg, zlua__sreg_pool *pool)
{
    if (reg == NULL || reg->alloc == NULL || pool == NULL || pool->cell_size == 0)
        return NULL;
    void *cell = pool->free;
    if (cell != NULL) {
        memcpy(&pool->free, cell, sizeof(void *));
        memset(cell, 0, sizeof(void *));
    } else {
        if (pool->bump == pool->bump_end && zlua_sreg_grow(reg, pool) != ZLUA_OK)
            return NULL;
        cell = pool->bump;
        pool->bump += pool->cell_size;
    }
    reg->live++;
    return cell;
}

void zlua__sreg_release(zlua__struct_registry *reg, zlua__sreg_pool *pool, void *cell)
{
    /* A freed or never-initialised registry has no chunks any cell could
     * belong to: nothing to write. */
    if (reg == NULL || reg->alloc == NULL || pool == NULL || pool->cell_size == 0 ||
        cell == NULL || reg->live == 0)
        return;
    memset(cell, 0, pool->cell_size);
    memcpy(cell, &pool->free, sizeof(void *));
    pool->free = cell;
    reg->live--;
}
