/*
 * registry.h -- NotBlittableStructRegistry and the object registry
 * (R-SUD-2..4, R-GC-2, R-GC-3).
 *
 * Both are dense arrays with O(1) append and O(1) swap-with-tail release.
 * Each entry remembers where its owner (a Lua userdata) keeps the entry's
 * index, so a release that moves the tail entry updates the moved owner.
 *
 * Lua userdata live in memory the collector does not scan, so:
 *   - struct registry: every live payload range [start, start+size) is
 *     handed to the collector by the push-root callback;
 *   - object registry: the array of Il2CppObject* itself is one root range.
 *
 * Every mutation (append, release, growth) runs under the GC allocation
 * lock (zlua_gc_with_lock), so a collection at any instruction of the Lua
 * thread sees either the old or the new array, both complete.  Growth
 * allocates the new array before taking the lock and frees the old one
 * after releasing it; the callback itself never allocates.
 *
 * All registries of all states are linked into one global list that the
 * single push-root callback walks; that list holds no managed references.
 */
#ifndef ZLUA_REGISTRY_H
#define ZLUA_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "zlua.h"

#define ZLUA_REG_NONE UINT32_MAX   /* "not registered" index value */

typedef struct zlua_sreg_entry {
    void *start;           /* payload address */
    size_t size;           /* payload bytes */
    uint32_t *index_slot;  /* where the owner keeps this entry's index */
} zlua_sreg_entry;

typedef struct zlua_struct_registry {
    zlua_sreg_entry *entries;
    size_t count, cap;
    lua_Alloc alloc;
    void *alloc_ud;
    struct zlua_struct_registry *next_live;  /* global list (under lock) */
} zlua_struct_registry;

typedef struct zlua_object_registry {
    void **objects;        /* dense: pushed as one root range */
    uint32_t **index_slots;
    size_t count, cap;
    lua_Alloc alloc;
    void *alloc_ud;
    struct zlua_object_registry *next_live;
} zlua_object_registry;

/* ---- struct registry ------------------------------------------------------- */
/* Links reg into the global list and makes sure the push-root callback is
 * registered.  ZLUA_OK or ZLUA_ENOMEM. */
int zlua_sreg_init(zlua_struct_registry *reg, lua_Alloc alloc, void *ud);
/* Releases every entry (setting each owner's index to ZLUA_REG_NONE),
 * unlinks reg and frees its memory (R-SUD-4). */
void zlua_sreg_free(zlua_struct_registry *reg);
/* Appends [start, start+size); stores the index in *index_slot. */
int zlua_sreg_add(zlua_struct_registry *reg, void *start, size_t size,
                  uint32_t *index_slot);
/* Releases entry `index` (swap with tail); sets the released owner's index
 * to ZLUA_REG_NONE.  Out-of-range indexes are ignored. */
void zlua_sreg_remove(zlua_struct_registry *reg, uint32_t index);

/* ---- object registry ---------------------------------------------------------- */
int zlua_oreg_init(zlua_object_registry *reg, lua_Alloc alloc, void *ud);
void zlua_oreg_free(zlua_object_registry *reg);
int zlua_oreg_add(zlua_object_registry *reg, void *object,
                  uint32_t *index_slot);
void zlua_oreg_remove(zlua_object_registry *reg, uint32_t index);

/* The push-root callback shared by all registries (registered by init). */
void zlua_registry_push_roots(zlua_gc_push_fn push_all);

#endif /* ZLUA_REGISTRY_H */
