/*
 * idmap.c -- the identity map (idmap.h).
 */
#include "core/idmap.h"

#include <string.h>

#include "zlua.h"

void zlua__idmap_init(zlua__idmap *m, lua_Alloc alloc, void *ud)
{
    memset(m, 0, sizeof *m);
    m->alloc = alloc;
    m->alloc_ud = ud;
}

void zlua__idmap_free(zlua__idmap *m)
{
    if (m->cap != 0)
        m->alloc(m->alloc_ud, m->entries, m->cap * sizeof *m->entries, 0);
    m->entries = NULL;
    m->count = m->cap = 0;
}

/* Inserts or replaces, with room known to exist. */
static void zlua_idmap_insert(zlua__idmap *m, const void *obj, const void *view, uint32_t slot,
                              const void *ud)
{
    size_t i = zlua_idmap_hash(obj, view, m->cap);
    while (m->entries[i].obj != NULL && (m->entries[i].obj != obj || m->entries[i].view != view))
        i = (i + 1) & (m->cap - 1);
    if (m->entries[i].obj == NULL)
        m->count++;
    m->entries[i].obj = obj;
    m->entries[i].view = view;
    m->entries[i].slot = slot;
    m->entries[i].ud = ud;
}

static int zlua_idmap_grow(zlua__idmap *m)
{
    size_t ncap = m->cap ? m->cap * 2 : 64;
    if (ncap > SIZE_MAX / sizeof *m->entries)
        return ZLUA_ENOMEM;
    zlua__idmap_entry *n = m->alloc(m->alloc_ud, NULL, 0, ncap * sizeof *n);
    if (n == NULL)
        return ZLUA_ENOMEM;
    memset(n, 0, ncap * sizeof *n);
    zlua__idmap old = *m;
    m->entries = n;
    m->cap = ncap;
    m->count = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.entries[i].obj != NULL)
            zlua_idmap_insert(m, old.entries[i].obj, old.entries[i].view, old.entries[i].slot,
                              old.entries[i].ud);
    if (old.cap != 0)
        m->alloc(m->alloc_ud, old.entries, old.cap * sizeof *old.entries, 0);
    return ZLUA_OK;
}

int zlua__idmap_put(zlua__idmap *m, const void *obj, const void *view, uint32_t slot,
                   const void *ud)
{
    /* at most half full: probes stay short */
    if ((m->count + 1) * 2 > m->cap && zlua_idmap_grow(m) != ZLUA_OK)
        return ZLUA_ENOMEM;
    zlua_idmap_insert(m, obj, view, slot, ud);
    return ZLUA_OK;
}

void zlua__idmap_remove(zlua__idmap *m, const void *obj, const void *view, uint32_t slot)
{
    if (m->cap == 0)
        return;
    size_t mask = m->cap - 1, i = zlua_idmap_hash(obj, view, m->cap);
    for (;; i = (i + 1) & mask) {
        if (m->entries[i].obj == NULL)
            return;
        if (m->entries[i].obj == obj && m->entries[i].view == view)
            break;
    }
    if (m->entries[i].slot != slot)
        return;
    /* backward-shift: move up each later entry of the run whose home is
     * not between the hole and it, so no probe sequence is cut */
    for (size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
        if (m->entries[j].obj == NULL)
            break;
        size_t home = zlua_idmap_hash(m->entries[j].obj, m->entries[j].view, m->cap);
        if (((j - home) & mask) >= ((j - i) & mask)) {
            m->entries[i] = m->entries[j];
            i = j;
        }
    }
    memset(&m->entries[i], 0, sizeof m->entries[i]);
    m->count--;
}
