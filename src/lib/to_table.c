/*
 * to_table.c -- zlua.to_table and zlua.to_bytes (R-ARR-1): copies of a
 * one-dimensional array's elements as a Lua table or its bytes as a Lua
 * string.
 */
#include <lauxlib.h>

#include "lib/lib.h"
#include "marshal/array.h"
#include "marshal/ud.h"

/* The T[] at 1 (a live ByObjUserData of a one-dimensional zero-based
 * array), or raises `bad argument #1 to 'FN' (...)`. */
static zlua__ud *zlua_lib_check_szarray(lua_State *L, const char *fn)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        luaL_error(L, "object userdata has been finalized");
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ || !u->cls->is_array)
        luaL_error(L, "bad argument #1 to '%s' (array expected, got %s)", fn,
                   zlua__typename(L, 1));
    if (!u->cls->szarray || zlua_array_elem(u->cls) == NULL)
        luaL_error(L, "bad argument #1 to '%s' (one-dimensional array expected, got %s)", fn,
                   u->cls->full_name);
    return u;
}

/* zlua.to_table(arr): a new Lua table {arr[0], ..., arr[n-1]} (1-based),
 * each element pushed by the view's element type. */
int zlua__lib_to_table(lua_State *L)
{
    zlua__ud *u = zlua_lib_check_szarray(L, "to_table");
    /* Everything the loop needs is read from the userdata once, here:
     * each push allocates, a finalizer it runs can (with a debug library
     * reopened through package.loadlib) set the argument to nil, and the
     * userdata may then be collected and freed before the loop ends.  The
     * array itself stays alive through `arr` (the collector scans this
     * stack; it never moves objects). */
    const zlua_meta *em = zlua_array_elem(u->cls);
    zlua__ctx *ctx = u->cls->ctx;
    Il2CppObject *const arr = u->obj;
    uintptr_t n = zlua_array_count(ctx, arr);
    lua_createtable(L, n < (uintptr_t)INT32_MAX ? (int)n : INT32_MAX, 0);
    int t = lua_gettop(L);
    for (uintptr_t i = 0; i < n; i++) {
        em->push(L, em, zlua_array_data(ctx, arr) + (size_t)i * em->size);
        /* not rawseti: the same finalizer can put any value in the
         * result's slot, and lua_seti checks what it stores into */
        lua_seti(L, t, (lua_Integer)i + 1);
    }
    lua_settop(L, t);
    return 1;
}

/* Elements whose bytes are their value: numbers, enums, structs without
 * references.  bool and char are not (lua-api.md, "Calling C#": their marshalled forms
 * differ from their storage), nor anything holding a reference. */
static int zlua_lib_blittable_elem(const zlua_meta *em)
{
    switch (em->kind) {
    case ZLUA_K_I1: case ZLUA_K_U1: case ZLUA_K_I2: case ZLUA_K_U2:
    case ZLUA_K_I4: case ZLUA_K_U4: case ZLUA_K_I8: case ZLUA_K_U8:
    case ZLUA_K_INTPTR: case ZLUA_K_UINTPTR: case ZLUA_K_R4: case ZLUA_K_R8:
    case ZLUA_K_ENUM:
        return 1;
    case ZLUA_K_STRUCT:
        return em->cls != NULL && em->cls->blittable && em->cls->nrefs == 0;
    default:
        return 0;
    }
}

/* zlua.to_bytes(arr): the elements' bytes as one Lua string (a byte[]
 * gives its bytes). */
int zlua__lib_to_bytes(lua_State *L)
{
    zlua__ud *u = zlua_lib_check_szarray(L, "to_bytes");
    const zlua_meta *em = zlua_array_elem(u->cls);
    if (!zlua_lib_blittable_elem(em))
        return luaL_error(L, "bad argument #1 to 'to_bytes' (array of blittable elements "
                          "expected, got %s)", u->cls->full_name);
    zlua__ctx *ctx = u->cls->ctx;
    Il2CppObject *const arr = u->obj;   /* once: as to_table */
    size_t n = (size_t)zlua_array_count(ctx, arr);
    lua_pushlstring(L, zlua_array_data(ctx, arr), n * em->size);
    return 1;
}
