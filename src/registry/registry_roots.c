/*
 * registry_roots.c -- the global list of live registries and the one
 * push-root callback that walks it (R-SUD-2, R-GC-2, R-GC-3).
 *
 * The list heads are C globals, but they only point at registries (which
 * live in Lua memory); the managed references themselves are reached
 * through the ranges pushed below, never through a global, because IL2CPP
 * does not scan data segments.
 *
 * Every change of the lists and of the registries' arrays happens under
 * the GC allocation lock, and the callback runs with that lock held, so it
 * sees each registry either before or after a change, never during one.
 */
#include "registry/registry_internal.h"

#include "gc/gc_shim.h"

static zlua__struct_registry *zlua_registry_structs;
static zlua__object_registry *zlua_registry_objects;

/* ---- the callback (GC lock held: no allocation, no locks) --------------- */

static void zlua_registry_push_structs(zlua_gc_push_fn push_all)
{
    for (const zlua__struct_registry *reg = zlua_registry_structs; reg != NULL;
         reg = reg->next_live) {
        /* One range per chunk, however many cells it holds. */
        for (zlua__sreg_chunk *c = reg->chunks; c != NULL; c = c->next) {
            char *cells = zlua_sreg_chunk_cells(c);
            push_all(cells, cells + c->bytes);
        }
    }
}

static void zlua_registry_push_objects(zlua_gc_push_fn push_all)
{
    for (const zlua__object_registry *reg = zlua_registry_objects; reg != NULL;
         reg = reg->next_live) {
        /* The used slots, live or NULL: one range however many. */
        if (reg->used != 0)
            push_all(reg->objects, reg->objects + reg->used);
    }
}

void zlua__registry_push_roots(zlua_gc_push_fn push_all)
{
    zlua_registry_push_structs(push_all);
    zlua_registry_push_objects(push_all);
}

int zlua__registry_ensure_callback(void)
{
    /* Registration is idempotent and locked in the shim, so calling it on
     * every init is both the simplest and the thread-safe "first init". */
    return zlua_gc_register_push_root_callback(zlua__registry_push_roots);
}

/* ---- list maintenance --------------------------------------------------- */

static void *zlua_registry_link_struct_locked(void *p)
{
    zlua__struct_registry *reg = p;
    reg->next_live = zlua_registry_structs;
    zlua_registry_structs = reg;
    return NULL;
}

static void *zlua_registry_unlink_struct_locked(void *p)
{
    zlua__struct_registry **link = &zlua_registry_structs;
    while (*link != NULL && *link != p)
        link = &(*link)->next_live;
    if (*link != NULL) {
        *link = (*link)->next_live;
        ((zlua__struct_registry *)p)->next_live = NULL;
    }
    return NULL;
}

static void *zlua_registry_link_object_locked(void *p)
{
    zlua__object_registry *reg = p;
    reg->next_live = zlua_registry_objects;
    zlua_registry_objects = reg;
    return NULL;
}

static void *zlua_registry_unlink_object_locked(void *p)
{
    zlua__object_registry **link = &zlua_registry_objects;
    while (*link != NULL && *link != p)
        link = &(*link)->next_live;
    if (*link != NULL) {
        *link = (*link)->next_live;
        ((zlua__object_registry *)p)->next_live = NULL;
    }
    return NULL;
}

void zlua__registry_link_struct(zlua__struct_registry *reg)
{
    (void)zlua__gc_with_lock(zlua_registry_link_struct_locked, reg);
}

void zlua__registry_unlink_struct(zlua__struct_registry *reg)
{
    (void)zlua__gc_with_lock(zlua_registry_unlink_struct_locked, reg);
}

void zlua__registry_link_object(zlua__object_registry *reg)
{
    (void)zlua__gc_with_lock(zlua_registry_link_object_locked, reg);
}

void zlua__registry_unlink_object(zlua__object_registry *reg)
{
    (void)zlua__gc_with_lock(zlua_registry_unlink_object_locked, reg);
}

size_t zlua__registry_next_cap(size_t cap, size_t elem)
{
    size_t ncap = cap != 0 ? cap * 2u : ZLUA_REG_MIN_CAP;
    if (ncap < cap || ncap > SIZE_MAX / elem)
        return 0;
    return ncap;
}
