/*
 * struct_registry.c -- NotBlittableStructRegistry (R-SUD-2, R-SUD-4, R-GC-3).
 *
 * A dense array of payload ranges.  The push-root callback reads
 * `entries` and `count` from another thread, so:
 *   - each change of entries/count is made under the GC allocation lock;
 *   - growth never reallocs in place: the new array is allocated and
 *     filled before the lock (only this thread writes the registry, so the
 *     copy is stable), published under the lock, and the old array freed
 *     after it, when no callback can still be reading it;
 *   - nothing under the lock allocates (the allocator may itself be the
 *     collector's, which would deadlock).
 */
#include "registry/registry_internal.h"

#include <string.h>

#include "gc/gc_shim.h"

typedef struct zlua_sreg_add_op {
    zlua_struct_registry *reg;
    zlua_sreg_entry entry;
    zlua_sreg_entry *grown;   /* new array to publish, or NULL */
    size_t grown_cap;
    zlua_sreg_entry *retired; /* out: the array replaced by `grown` */
    size_t retired_cap;
} zlua_sreg_add_op;

typedef struct zlua_sreg_remove_op {
    zlua_struct_registry *reg;
    uint32_t index;
} zlua_sreg_remove_op;

static void zlua_sreg_release_array(const zlua_struct_registry *reg,
                                    zlua_sreg_entry *entries, size_t cap)
{
    if (entries != NULL)
        reg->alloc(reg->alloc_ud, entries, cap * sizeof *entries, 0);
}

int zlua_sreg_init(zlua_struct_registry *reg, lua_Alloc alloc, void *ud)
{
    if (reg == NULL || alloc == NULL)
        return ZLUA_EINVAL;
    memset(reg, 0, sizeof *reg);
    reg->alloc = alloc;
    reg->alloc_ud = ud;
    /* Register first: if that fails nothing is linked and nothing needs
     * undoing.  The arrays are allocated on the first add. */
    int rc = zlua_registry_ensure_callback();
    if (rc != ZLUA_OK)
        return rc;
    zlua_registry_link_struct(reg);
    return ZLUA_OK;
}

void zlua_sreg_free(zlua_struct_registry *reg)
{
    if (reg == NULL || reg->alloc == NULL)
        return;  /* never initialised (zeroed) or already freed */
    /* Once unlinked no callback reads the registry, so the rest needs no
     * lock. */
    zlua_registry_unlink_struct(reg);
    for (size_t i = 0; i < reg->count; i++)
        *reg->entries[i].index_slot = ZLUA_REG_NONE;
    zlua_sreg_release_array(reg, reg->entries, reg->cap);
    memset(reg, 0, sizeof *reg);
}

static void *zlua_sreg_add_locked(void *p)
{
    zlua_sreg_add_op *op = p;
    zlua_struct_registry *reg = op->reg;
    if (op->grown != NULL) {
        op->retired = reg->entries;
        op->retired_cap = reg->cap;
        reg->entries = op->grown;
        reg->cap = op->grown_cap;
    }
    reg->entries[reg->count] = op->entry;
    reg->count++;
    return NULL;
}

/* Allocates and fills the next array (outside the lock); ZLUA_ENOMEM
 * leaves the registry untouched. */
static int zlua_sreg_prepare_growth(const zlua_struct_registry *reg,
                                    zlua_sreg_add_op *op)
{
    size_t ncap = zlua_registry_next_cap(reg->cap, sizeof *reg->entries);
    if (ncap == 0)
        return ZLUA_ENOMEM;
    zlua_sreg_entry *grown =
        reg->alloc(reg->alloc_ud, NULL, 0, ncap * sizeof *grown);
    if (grown == NULL)
        return ZLUA_ENOMEM;
    if (reg->count != 0)
        memcpy(grown, reg->entries, reg->count * sizeof *grown);
    op->grown = grown;
    op->grown_cap = ncap;
    return ZLUA_OK;
}

int zlua_sreg_add(zlua_struct_registry *reg, void *start, size_t size,
                  uint32_t *index_slot)
{
    if (reg == NULL || reg->alloc == NULL || start == NULL
        || index_slot == NULL)
        return ZLUA_EINVAL;
    if (reg->count >= ZLUA_REG_MAX_COUNT)
        return ZLUA_EFULL;
    zlua_sreg_add_op op;
    memset(&op, 0, sizeof op);
    op.reg = reg;
    op.entry.start = start;
    op.entry.size = size;
    op.entry.index_slot = index_slot;
    if (reg->count == reg->cap) {
        int rc = zlua_sreg_prepare_growth(reg, &op);
        if (rc != ZLUA_OK)
            return rc;
    }
    uint32_t index = (uint32_t)reg->count;
    (void)zlua_gc_with_lock(zlua_sreg_add_locked, &op);
    *index_slot = index;
    zlua_sreg_release_array(reg, op.retired, op.retired_cap);
    return ZLUA_OK;
}

static void *zlua_sreg_remove_locked(void *p)
{
    zlua_sreg_remove_op *op = p;
    zlua_struct_registry *reg = op->reg;
    size_t tail = reg->count - 1u;
    if (op->index != tail) {
        /* Swap-with-tail: the moved owner learns its new index. */
        reg->entries[op->index] = reg->entries[tail];
        *reg->entries[op->index].index_slot = op->index;
    }
    reg->count = tail;
    return NULL;
}

void zlua_sreg_remove(zlua_struct_registry *reg, uint32_t index)
{
    if (reg == NULL || index >= reg->count)
        return;
    uint32_t *released = reg->entries[index].index_slot;
    zlua_sreg_remove_op op;
    op.reg = reg;
    op.index = index;
    (void)zlua_gc_with_lock(zlua_sreg_remove_locked, &op);
    *released = ZLUA_REG_NONE;
}
