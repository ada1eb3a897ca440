/*
 * idmap.h -- (object, view) -> identity slot, the C half of the identity
 * cache (R-SHAPE-2; marshal/ud.c has the Lua half).
 *
 * The identity cache answers "which userdata is this object in this
 * declared type?".  A Lua table keyed by the object's address answers it
 * with a hash lookup of a lightuserdata, the costliest step of pushing a
 * known object; here the pair is found in C and the userdata is read from
 * the array part of one weak table at the slot the map names (the
 * userdata's object-registry slot).  The map only compares its keys,
 * never dereferences them, and it keeps nothing alive: its memory is not
 * a GC root (the object-registry slot of the userdata is).  Open
 * addressing with linear probing and backward-shift deletion.
 */
#ifndef ZLUA_IDMAP_H
#define ZLUA_IDMAP_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#define ZLUA_IDMAP_NONE UINT32_MAX

typedef struct zlua__idmap_entry {
    const void *obj;    /* NULL: empty */
    const void *view;
    const void *ud;     /* the userdata's block, compared only */
    uint32_t slot;
} zlua__idmap_entry;

typedef struct zlua__idmap {
    zlua__idmap_entry *entries;
    size_t count, cap;   /* cap is 0 or a power of two */
    lua_Alloc alloc;
    void *alloc_ud;
} zlua__idmap;

void zlua__idmap_init(zlua__idmap *m, lua_Alloc alloc, void *ud);
void zlua__idmap_free(zlua__idmap *m);

static inline size_t zlua_idmap_hash(const void *obj, const void *view, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)obj ^ ((uint64_t)(uintptr_t)view << 7);
    h ^= h >> 29;
    h *= UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 32) & (cap - 1);
}

/* The entry of (obj, view), or NULL. */
static inline const zlua__idmap_entry *zlua_idmap_find(const zlua__idmap *m, const void *obj,
                                                      const void *view)
{
    if (m->cap == 0)
        return NULL;
    for (size_t i = zlua_idmap_hash(obj, view, m->cap);; i = (i + 1) & (m->cap - 1)) {
        const zlua__idmap_entry *e = &m->entries[i];
        if (e->obj == obj && e->view == view)
            return e;
        if (e->obj == NULL)
            return NULL;
    }
}

/* Stores (obj, view) -> (slot, ud), replacing; obj must not be NULL.
 * ZLUA_OK or ZLUA_ENOMEM (the map is unchanged). */
int zlua__idmap_put(zlua__idmap *m, const void *obj, const void *view, uint32_t slot,
                   const void *ud);
/* Removes (obj, view) when it maps to slot (a userdata removes only its
 * own entry: a newer userdata of the pair may have replaced it). */
void zlua__idmap_remove(zlua__idmap *m, const void *obj, const void *view, uint32_t slot);

#endif
