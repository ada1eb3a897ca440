/*
 * array.h -- managed arrays: their layout as IL2CPP exports it, element
 * addressing, and the T[] writer that accepts array-shaped tables
 * (lua-api.md, "Arrays", R-ARR-1, params T[]).
 *
 * An array is a ByObjUserData like any object; what arrays add is read
 * through the runtime's own layout queries, once per state (ctx):
 * elements start at il2cpp_array_object_header_size(), the element count
 * is the array-size integer at the length offset, and a multi-dimensional
 * array (or a one-dimensional one with bounds, T[*]) points at rank
 * {length; lower_bound} entries from the bounds offset (the integers'
 * widths: zlua_rt_array_layout_get).  The element type is the
 * array meta's elem: the view's static element type (object[] elements
 * get the System.Object view).
 */
#ifndef ZLUA_ARRAY_H
#define ZLUA_ARRAY_H

#include <stdint.h>
#include <string.h>

#include <lua.h>

#include "class/class.h"
#include "core/state.h"
#include "marshal/meta.h"

/* An array-header integer of the runtime's width (ctx->array): the
 * element count, or a bound's length. */
static inline uintptr_t zlua_array_size_at(const zlua__ctx *ctx, const char *p)
{
    if (ctx->array.length_size == 4) {
        uint32_t n;
        memcpy(&n, p, sizeof n);
        return n;
    }
    uintptr_t n;
    memcpy(&n, p, sizeof n);
    return n;
}

/* The element count of arr (every dimension's product). */
static inline uintptr_t zlua_array_count(const zlua__ctx *ctx, const Il2CppObject *arr)
{
    return zlua_array_size_at(ctx, (const char *)arr + ctx->array_length_at);
}

/* The first element of arr. */
static inline char *zlua_array_data(const zlua__ctx *ctx, Il2CppObject *arr)
{
    return (char *)arr + ctx->array_data;
}

/* The element meta of the array class cls (NULL: cls is no array, or
 * its elements cannot be reached: their size disagrees with the runtime's
 * element size). */
static inline const zlua_meta *zlua_array_elem(const zlua__class *cls)
{
    return cls->is_array && cls->meta != NULL ? cls->meta->elem : NULL;
}

/* The address of the element of arr (of the array class cls, rank
 * cls->rank) at the C# indices idx[0 .. rank), lower bounds honoured; NULL
 * when one is out of range. */
void *zlua__array_address(const zlua__ctx *ctx, const zlua__class *cls, Il2CppObject *arr,
                         const lua_Integer *idx);

/* Pops the Lua value at vidx by the element meta em into the element at
 * addr of arr, with the write barrier for the references it stores.
 * Never raises; a ZLUA_POP_* code. */
int zlua__array_store(lua_State *L, int vidx, const zlua_meta *em, Il2CppObject *arr,
                     void *addr);

/* Completes the meta of an array type (made as an object meta): its
 * element meta, and for T[] the pop that also takes an array-shaped
 * table.  0 when memory ran out. */
int zlua__meta_init_array(zlua__ctx *ctx, zlua_meta *m);

/* Pushes the detail of a ZLUA_POP_SHAPE or ZLUA_POP_ELEMENT pop of the
 * table at idx for the array meta m. */
void zlua__array_error_push(lua_State *L, int idx, const zlua_meta *m, int code);

#endif
