#include "core/ptrmap.h"

#include <stdint.h>
#include <string.h>

#include "zlua.h"

static size_t zlua_ptrmap_hash(const void *key, size_t cap)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B1u;
    h ^= h >> 13;
    return (size_t)h & (cap - 1);
}

void zlua__ptrmap_init(zlua__ptrmap *m, lua_Alloc alloc, void *ud)
{
    memset(m, 0, sizeof *m);
    m->alloc = alloc;
    m->alloc_ud = ud;
}

void zlua__ptrmap_free(zlua__ptrmap *m)
{
    if (m->cap) {
        m->alloc(m->alloc_ud, m->keys, m->cap * sizeof *m->keys, 0);
        m->alloc(m->alloc_ud, m->values, m->cap * sizeof *m->values, 0);
    }
    m->keys = NULL;
    m->values = NULL;
    m->count = m->cap = 0;
}

void *zlua__ptrmap_get(const zlua__ptrmap *m, const void *key)
{
    if (m->cap == 0 || key == NULL)
        return NULL;
    for (size_t i = zlua_ptrmap_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return m->values[i];
        if (m->keys[i] == NULL)
            return NULL;
    }
}

static void zlua_ptrmap_insert(zlua__ptrmap *m, const void *key, void *value)
{
    size_t i = zlua_ptrmap_hash(key, m->cap);
    while (m->keys[i] != NULL && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (m->keys[i] == NULL)
        m->count++;
    m->keys[i] = key;
    m->values[i] = value;
}

static int zlua_ptrmap_grow(zlua__ptrmap *m)
{
    size_t ncap = m->cap ? m->cap * 2 : 64;
    const void **nkeys = m->alloc(m->alloc_ud, NULL, 0, ncap * sizeof *nkeys);
    void **nvalues = m->alloc(m->alloc_ud, NULL, 0, ncap * sizeof *nvalues);
    if (nkeys == NULL || nvalues == NULL) {
        if (nkeys)
            m->alloc(m->alloc_ud, nkeys, ncap * sizeof *nkeys, 0);
        if (nvalues)
            m->alloc(m->alloc_ud, nvalues, ncap * sizeof *nvalues, 0);
        return ZLUA_ENOMEM;
    }
    memset(nkeys, 0, ncap * sizeof *nkeys);
    zlua__ptrmap old = *m;
    m->keys = nkeys;
    m->values = nvalues;
    m->cap = ncap;
    m->count = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i] != NULL)
            zlua_ptrmap_insert(m, old.keys[i], old.values[i]);
    if (old.cap) {
        m->alloc(m->alloc_ud, old.keys, old.cap * sizeof *old.keys, 0);
        m->alloc(m->alloc_ud, old.values, old.cap * sizeof *old.values, 0);
    }
    return ZLUA_OK;
}

int zlua__ptrmap_put(zlua__ptrmap *m, const void *key, void *value)
{
    if (key == NULL)
        return ZLUA_EINVAL;
    if ((m->count + 1) * 2 > m->cap && zlua_ptrmap_grow(m) != ZLUA_OK)
        return ZLUA_ENOMEM;
    zlua_ptrmap_insert(m, key, value);
    return ZLUA_OK;
}
