/*
 * object_registry.c -- managed objects kept alive for Lua userdata
 * (R-GC-2, R-SUD-4, R-GC-3, R-RT-4).
 *
 * `objects` is an array of Il2CppObject* that the push-root callback
 * hands to the collector as one range [objects, objects + used).  A slot
 * keeps its index for its whole life (no swap-with-tail: nothing outside
 * the registry is ever written), released slots hold NULL and are reused
 * through a free list kept in `next_free`, which sits in the same block
 * after the objects and is never scanned.
 *
 * Growth allocates and fills the new block before the GC lock, publishes
 * it under the lock and frees the old block after it.
 */
#include "registry/registry_internal.h"

#include <string.h>

#include "gc/gc_shim.h"

/* Bytes of one slot: its object pointer plus its free-list link. */
#define ZLUA_OREG_SLOT_BYTES (sizeof(void *) + sizeof(uint32_t))

typedef struct zlua__oreg_block {
    void **objects;
    uint32_t *next_free;
    size_t cap;
} zlua__oreg_block;

static void zlua_oreg_release_block(const zlua__object_registry *reg, void **objects,
                                    size_t cap)
{
    if (objects != NULL)
        reg->alloc(reg->alloc_ud, objects, cap * ZLUA_OREG_SLOT_BYTES, 0);
}

int zlua__oreg_init(zlua__object_registry *reg, lua_Alloc alloc, void *ud)
{
    if (reg == NULL || alloc == NULL)
        return ZLUA_EINVAL;
    memset(reg, 0, sizeof *reg);
    reg->free_head = ZLUA_REG_NONE;
    int rc = zlua__registry_ensure_callback();
    if (rc != ZLUA_OK)
        return rc;   /* zeroed: add refuses, nothing unscanned is handed out */
    reg->alloc = alloc;
    reg->alloc_ud = ud;
    zlua__registry_link_object(reg);
    return ZLUA_OK;
}

void zlua__oreg_free(zlua__object_registry *reg)
{
    if (reg == NULL || reg->alloc == NULL)
        return;   /* never initialised (zeroed) or already freed */
    zlua__registry_unlink_object(reg);
    zlua_oreg_release_block(reg, reg->objects, reg->cap);
    memset(reg, 0, sizeof *reg);
}

typedef struct zlua__oreg_publish_op {
    zlua__object_registry *reg;
    zlua__oreg_block block;   /* in: the new block; out: the old one */
} zlua__oreg_publish_op;

static void *zlua_oreg_publish_locked(void *p)
{
    zlua__oreg_publish_op *op = p;
    zlua__object_registry *reg = op->reg;
    zlua__oreg_block old = {reg->objects, reg->next_free, reg->cap};
    reg->objects = op->block.objects;
    reg->next_free = op->block.next_free;
    reg->cap = op->block.cap;
    op->block = old;
    return NULL;
}

static int zlua_oreg_grow(zlua__object_registry *reg)
{
    size_t ncap = zlua__registry_next_cap(reg->cap, ZLUA_OREG_SLOT_BYTES);
    if (ncap == 0 || ncap > ZLUA_REG_MAX_COUNT)
        return ZLUA_ENOMEM;
    void **objects = reg->alloc(reg->alloc_ud, NULL, 0, ncap * ZLUA_OREG_SLOT_BYTES);
    if (objects == NULL)
        return ZLUA_ENOMEM;
    uint32_t *next_free = (uint32_t *)(void *)(objects + ncap);
    memset(objects, 0, ncap * sizeof *objects);
    if (reg->used != 0) {
        memcpy(objects, reg->objects, reg->used * sizeof *objects);
        memcpy(next_free, reg->next_free, reg->used * sizeof *next_free);
    }
    zlua__oreg_publish_op op = {reg, {objects, next_free, ncap}};
    (void)zlua__gc_with_lock(zlua_oreg_publish_locked, &op);
    zlua_oreg_release_block(reg, op.block.objects, op.block.cap);   /* the old block */
    return ZLUA_OK;
}

int zlua__oreg_add(zlua__object_registry *reg, void *object, uint32_t *slot)
{
    if (reg == NULL || reg->alloc == NULL || object == NULL || slot == NULL)
        return ZLUA_EINVAL;
    uint32_t i = reg->free_head;
    if (i != ZLUA_REG_NONE) {
        reg->free_head = reg->next_free[i];
    } else {
        if (reg->used >= ZLUA_REG_MAX_COUNT)
            return ZLUA_EFULL;
        if (reg->used == reg->cap) {
            int rc = zlua_oreg_grow(reg);
            if (rc != ZLUA_OK)
                return rc;
        }
        i = (uint32_t)reg->used;
        /* The slot is NULL until written, so the callback may see `used`
         * grow before the object lands: it scans a NULL. */
        reg->used++;
    }
    reg->objects[i] = object;
    reg->live++;
    *slot = i;
    return ZLUA_OK;
}

void zlua__oreg_release(zlua__object_registry *reg, uint32_t slot, const void *object)
{
    if (reg == NULL || slot >= reg->used || object == NULL || reg->objects[slot] != object)
        return;
    reg->objects[slot] = NULL;
    reg->next_free[slot] = reg->free_head;
    reg->free_head = slot;
    reg->live--;
}
