/*
 * stack.c -- StructStackScope (R-OPQ-2, R-OPQ-3, R-OPQ-4, R-OPQ-5).
 *
 * The slot and watermark arrays are plain memory from the state's
 * lua_Alloc.  They never hold managed references (a slot address points at
 * a C# frame, which the collector scans as a thread stack), so unlike the
 * registries they need no GC lock and may grow with a realloc.
 */
#include "scope/scope.h"

#include <stddef.h>

/* the names libzlua uses and the view stubs use share their storage */
_Static_assert(offsetof(zlua__scope, size) == offsetof(zlua__scope, counters.size) &&
                   offsetof(zlua__scope, depth) == offsetof(zlua__scope, counters.depth) &&
                   offsetof(zlua__scope, mark_cap) == offsetof(zlua__scope, counters.mark_cap) &&
                   offsetof(zlua__scope, marks) == offsetof(zlua__scope, counters.marks),
               "zlua_scope_counters overlays the scope's counters");

#include <string.h>

#include "zlua.h"

#define ZLUA_SCOPE_MIN_SLOTS 16u
#define ZLUA_SCOPE_MIN_MARKS 8u

void zlua__scope_init(zlua__scope *s, lua_Alloc alloc, void *alloc_ud)
{
    memset(s, 0, sizeof *s);
    s->alloc = alloc;
    s->alloc_ud = alloc_ud;
}

void zlua__scope_free(zlua__scope *s)
{
    if (s->alloc != NULL) {
        if (s->slots != NULL)
            s->alloc(s->alloc_ud, s->slots, (size_t)s->cap * sizeof *s->slots,
                     0);
        if (s->marks != NULL)
            s->alloc(s->alloc_ud, s->marks,
                     (size_t)s->mark_cap * sizeof *s->marks, 0);
    }
    /* Keep the allocator so a freed scope can be reused or freed again. */
    zlua__scope_init(s, s->alloc, s->alloc_ud);
}

/* Doubles *array (elements of `elem` bytes) from *cap to at least `min`
 * elements.  On failure nothing changes. */
static int zlua_scope_grow(const zlua__scope *s, void **array, uint32_t *cap,
                           uint32_t min, size_t elem)
{
    uint32_t ncap = *cap != 0 ? *cap : min;
    while (ncap <= *cap) {
        if (ncap > UINT32_MAX / 2u)
            return ZLUA_ENOMEM;
        ncap *= 2u;
    }
    if ((size_t)ncap > SIZE_MAX / elem)
        return ZLUA_ENOMEM;
    void *p = s->alloc(s->alloc_ud, *array, (size_t)*cap * elem,
                       (size_t)ncap * elem);
    if (p == NULL)
        return ZLUA_ENOMEM;
    *array = p;
    *cap = ncap;
    return ZLUA_OK;
}

/* Every handle stamped with the old generation stops validating. */
static void zlua_scope_bump(zlua__scope *s)
{
    s->generation = (s->generation + 1u) & ZLUA_SCOPE_GEN_MASK;
}

void zlua__scope_drop(zlua__scope *s, uint32_t size)
{
    if (s->size <= size)
        return;
    s->size = size;
    zlua_scope_bump(s);
}

int zlua__scope_open_grow(zlua__scope *s)
{
    if (s->depth == s->mark_cap) {
        void *marks = s->marks;
        int rc = zlua_scope_grow(s, &marks, &s->mark_cap, ZLUA_SCOPE_MIN_MARKS,
                                 sizeof *s->marks);
        if (rc != ZLUA_OK)
            return rc;
        s->marks = marks;
    }
    s->marks[s->depth++] = s->size;
    return ZLUA_OK;
}

int zlua__scope_issue_grow(zlua__scope *s, void *addr, const void *meta,
                          uintptr_t *handle)
{
    if (s->size > ZLUA_HANDLE_MAX_INDEX)
        return ZLUA_EFULL;
    if (s->size == s->cap) {
        /* R-OPQ-2: the only allocation a push may make, amortised. */
        void *slots = s->slots;
        int rc = zlua_scope_grow(s, &slots, &s->cap, ZLUA_SCOPE_MIN_SLOTS,
                                 sizeof *s->slots);
        if (rc != ZLUA_OK)
            return rc;
        s->slots = slots;
    }
    uint32_t index = s->size++;
    s->slots[index].addr = addr;
    s->slots[index].meta = meta;
    *handle = zlua_handle_encode(s->generation, index);
    return ZLUA_OK;
}

