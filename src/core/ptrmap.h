/*
 * ptrmap.h -- a small open-addressing map from pointer keys to pointers.
 * Used at bind time (class -> binding, type -> meta); never on a hot path
 * that an OpaqueValue or field access takes.
 */
#ifndef ZLUA_PTRMAP_H
#define ZLUA_PTRMAP_H

#include <stddef.h>

#include <lua.h>

typedef struct zlua__ptrmap {
    const void **keys;
    void **values;
    size_t count, cap;   /* cap is 0 or a power of two */
    lua_Alloc alloc;
    void *alloc_ud;
} zlua__ptrmap;

void zlua__ptrmap_init(zlua__ptrmap *m, lua_Alloc alloc, void *ud);
void zlua__ptrmap_free(zlua__ptrmap *m);
/* The value stored under key, or NULL. */
void *zlua__ptrmap_get(const zlua__ptrmap *m, const void *key);
/* Stores key -> value (replacing).  ZLUA_OK or ZLUA_ENOMEM. */
int zlua__ptrmap_put(zlua__ptrmap *m, const void *key, void *value);

#endif
