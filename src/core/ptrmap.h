/*
 * ptrmap.h -- a small open-addressing map from pointer keys to pointers.
 * Used at bind time (class -> binding, type -> meta); never on a hot path
 * that an OpaqueValue or field access takes.
 */
#ifndef ZLUA_PTRMAP_H
#define ZLUA_PTRMAP_H

#include <stddef.h>

#include <lua.h>

typedef struct zlua_ptrmap {
    const void **keys;
    void **values;
    size_t count, cap;   /* cap is 0 or a power of two */
    lua_Alloc alloc;
    void *alloc_ud;
} zlua_ptrmap;

void zlua_ptrmap_init(zlua_ptrmap *m, lua_Alloc alloc, void *ud);
void zlua_ptrmap_free(zlua_ptrmap *m);
/* The value stored under key, or NULL. */
void *zlua_ptrmap_get(const zlua_ptrmap *m, const void *key);
/* Stores key -> value (replacing).  ZLUA_OK or ZLUA_ENOMEM. */
int zlua_ptrmap_put(zlua_ptrmap *m, const void *key, void *value);

#endif
