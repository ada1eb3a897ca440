/*
 * object_registry.c -- managed objects kept alive for Lua userdata
 * (R-GC-2, R-SUD-4, R-GC-3).
 *
 * `objects` is a dense array of Il2CppObject* that the push-root callback
 * hands to the collector as one range [objects, objects + count), so the
 * cost of a collection does not depend on the number of ranges.  The
 * owners' index slots sit in the same block, after the objects: one
 * allocation per growth, and only the first part is ever scanned.
 *
 * Same discipline as the struct registry: every change of objects/count
 * under the GC allocation lock; growth allocates and fills the new block
 * before the lock, publishes it under the lock, frees the old one after.
 */
#include "registry/registry_internal.h"

#include <string.h>

#include "gc/gc_shim.h"

/* Bytes of one entry: its object pointer plus its owner's index slot. */
#define ZLUA_OREG_ENTRY_BYTES (sizeof(void *) + sizeof(uint32_t *))

typedef struct zlua_oreg_block {
    void **objects;
    uint32_t **index_slots;
    size_t cap;
} zlua_oreg_block;

typedef struct zlua_oreg_add_op {
    zlua_object_registry *reg;
    void *object;
    uint32_t *index_slot;
    zlua_oreg_block grown;    /* objects == NULL: no growth */
    zlua_oreg_block retired;  /* out: the block replaced by `grown` */
} zlua_oreg_add_op;

typedef struct zlua_oreg_remove_op {
    zlua_object_registry *reg;
    uint32_t index;
} zlua_oreg_remove_op;

static void zlua_oreg_release_block(const zlua_object_registry *reg,
                                    const zlua_oreg_block *b)
{
    if (b->objects != NULL)
        reg->alloc(reg->alloc_ud, b->objects, b->cap * ZLUA_OREG_ENTRY_BYTES,
                   0);
}

int zlua_oreg_init(zlua_object_registry *reg, lua_Alloc alloc, void *ud)
{
    if (reg == NULL || alloc == NULL)
        return ZLUA_EINVAL;
    memset(reg, 0, sizeof *reg);
    reg->alloc = alloc;
    reg->alloc_ud = ud;
    int rc = zlua_registry_ensure_callback();
    if (rc != ZLUA_OK)
        return rc;
    zlua_registry_link_object(reg);
    return ZLUA_OK;
}

void zlua_oreg_free(zlua_object_registry *reg)
{
    if (reg == NULL || reg->alloc == NULL)
        return;  /* never initialised (zeroed) or already freed */
    zlua_registry_unlink_object(reg);
    for (size_t i = 0; i < reg->count; i++)
        *reg->index_slots[i] = ZLUA_REG_NONE;
    zlua_oreg_block b;
    b.objects = reg->objects;
    b.index_slots = reg->index_slots;
    b.cap = reg->cap;
    zlua_oreg_release_block(reg, &b);
    memset(reg, 0, sizeof *reg);
}

static void *zlua_oreg_add_locked(void *p)
{
    zlua_oreg_add_op *op = p;
    zlua_object_registry *reg = op->reg;
    if (op->grown.objects != NULL) {
        op->retired.objects = reg->objects;
        op->retired.index_slots = reg->index_slots;
        op->retired.cap = reg->cap;
        reg->objects = op->grown.objects;
        reg->index_slots = op->grown.index_slots;
        reg->cap = op->grown.cap;
    }
    reg->objects[reg->count] = op->object;
    reg->index_slots[reg->count] = op->index_slot;
    reg->count++;
    return NULL;
}

static int zlua_oreg_prepare_growth(const zlua_object_registry *reg,
                                    zlua_oreg_add_op *op)
{
    size_t ncap = zlua_registry_next_cap(reg->cap, ZLUA_OREG_ENTRY_BYTES);
    if (ncap == 0)
        return ZLUA_ENOMEM;
    void **objects =
        reg->alloc(reg->alloc_ud, NULL, 0, ncap * ZLUA_OREG_ENTRY_BYTES);
    if (objects == NULL)
        return ZLUA_ENOMEM;
    uint32_t **index_slots = (uint32_t **)(void *)(objects + ncap);
    if (reg->count != 0) {
        memcpy(objects, reg->objects, reg->count * sizeof *objects);
        memcpy(index_slots, reg->index_slots,
               reg->count * sizeof *index_slots);
    }
    op->grown.objects = objects;
    op->grown.index_slots = index_slots;
    op->grown.cap = ncap;
    return ZLUA_OK;
}

int zlua_oreg_add(zlua_object_registry *reg, void *object,
                  uint32_t *index_slot)
{
    if (reg == NULL || reg->alloc == NULL || object == NULL
        || index_slot == NULL)
        return ZLUA_EINVAL;
    if (reg->count >= ZLUA_REG_MAX_COUNT)
        return ZLUA_EFULL;
    zlua_oreg_add_op op;
    memset(&op, 0, sizeof op);
    op.reg = reg;
    op.object = object;
    op.index_slot = index_slot;
    if (reg->count == reg->cap) {
        int rc = zlua_oreg_prepare_growth(reg, &op);
        if (rc != ZLUA_OK)
            return rc;
    }
    uint32_t index = (uint32_t)reg->count;
    (void)zlua_gc_with_lock(zlua_oreg_add_locked, &op);
    *index_slot = index;
    zlua_oreg_release_block(reg, &op.retired);
    return ZLUA_OK;
}

static void *zlua_oreg_remove_locked(void *p)
{
    zlua_oreg_remove_op *op = p;
    zlua_object_registry *reg = op->reg;
    size_t tail = reg->count - 1u;
    if (op->index != tail) {
        reg->objects[op->index] = reg->objects[tail];
        reg->index_slots[op->index] = reg->index_slots[tail];
        *reg->index_slots[op->index] = op->index;
    }
    /* The slot past count is never scanned; clearing it anyway leaves no
     * stale object address behind. */
    reg->objects[tail] = NULL;
    reg->index_slots[tail] = NULL;
    reg->count = tail;
    return NULL;
}

void zlua_oreg_remove(zlua_object_registry *reg, uint32_t index)
{
    if (reg == NULL || index >= reg->count)
        return;
    uint32_t *released = reg->index_slots[index];
    zlua_oreg_remove_op op;
    op.reg = reg;
    op.index = index;
    (void)zlua_gc_with_lock(zlua_oreg_remove_locked, &op);
    *released = ZLUA_REG_NONE;
}
