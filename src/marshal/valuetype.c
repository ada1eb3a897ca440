/*
 * valuetype.c -- writers for structs, enums and Nullable<T> (lua-api.md, "Calling C#").
 *
 * Struct by value: C# -> Lua is a ByValUserData copy (returns, field
 * reads); as an IC argument it is an OpaqueValue to the caller's slot.
 * Lua -> C# accepts a ByValUserData of exactly that type, a valid
 * OpaqueValue of that type, or a boxed ByObjUserData of that type, and
 * never a table (R-DEF-3).
 */
#include <string.h>

#include "class/class.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "scope/scope.h"

/* ---- struct ------------------------------------------------------------ */

/* A valid OpaqueValue of exactly this struct type: a copy of its slot. */
static int zlua_pop_struct_handle(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    const zlua__slot *slot;
    int rc = zlua__opaque_resolve(m->ctx, L, idx, &slot);
    if (rc != ZLUA_POP_OK)
        return rc;
    const zlua_meta *sm = slot->meta;
    if (sm->cls != m->cls || sm->kind != ZLUA_K_STRUCT)
        return ZLUA_POP_MISMATCH;
    memcpy(dst, slot->addr, m->size);
    return ZLUA_POP_OK;
}

static int zlua_pop_struct(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    /* a userdata of ours first, the commonest argument, with no type
     * query (a light userdata has no length: zlua_ud_any refuses it) */
    zlua__ud *u = zlua_ud_any(L, idx);
    if (u == NULL)
        return lua_type(L, idx) == LUA_TLIGHTUSERDATA ? zlua_pop_struct_handle(L, idx, m, dst)
                                                      : ZLUA_POP_TYPE;
    if (u->magic == ZLUA_UD_BYVAL && u->cls == m->cls) {
        memcpy(dst, zlua_ud_payload(u), m->size);
        return ZLUA_POP_OK;
    }
    if (u->magic == ZLUA_UD_BYOBJ && il2cpp_object_get_class(u->obj) == m->cls->klass) {
        memcpy(dst, il2cpp_object_unbox(u->obj), m->size);
        return ZLUA_POP_OK;
    }
    if (u->magic == ZLUA_UD_DEAD && u->cls == m->cls)
        return ZLUA_POP_FINALIZED;
    return ZLUA_POP_TYPE;
}

int zlua__meta_is_plain_struct(const zlua_meta *m)
{
    return m->pop == zlua_pop_struct;
}

static void zlua_push_struct(lua_State *L, const zlua_meta *m, const void *src)
{
    zlua__ud_push_byval(L, m->cls, src);
}

void zlua__meta_init_struct(zlua_meta *m)
{
    m->size = m->cls->value_size;
    m->align = m->cls->align;
    m->pop = zlua_pop_struct;
    m->push = zlua_push_struct;
    m->push_arg = zlua__push_arg_opaque;
    m->push_safe = 1;
}

/* ---- enum ---------------------------------------------------------------- */

/* R-ENUM-1: an integer, or a boxed enum of that same enum type; R-REF-3:
 * or a ref of it (zlua.new_ref(Color, 2)), read by value. */
static int zlua_pop_enum(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    /* a number first, the commonest argument (the integer pop refuses
     * every non-number with TYPE, writing nothing): no type query for it */
    int rc = zlua__pop_integer_kind(L, idx, m->prim, dst);
    if (rc != ZLUA_POP_TYPE || lua_type(L, idx) != LUA_TUSERDATA)
        return rc;
    zlua__ud *u = zlua_ud_test(L, idx, ZLUA_UD_BYOBJ);
    if (u == NULL)
        return zlua__pop_byval_ref(L, idx, m, dst);
    if (il2cpp_object_get_class(u->obj) != m->cls->klass)
        return ZLUA_POP_TYPE;
    memcpy(dst, il2cpp_object_unbox(u->obj), m->size);
    return ZLUA_POP_OK;
}

static void zlua_push_enum(lua_State *L, const zlua_meta *m, const void *src)
{
    zlua__push_integer_kind(L, m->prim, src);
}

void zlua__meta_init_enum(zlua_meta *m)
{
    m->size = m->cls->value_size;
    m->align = m->cls->align;
    m->pop = zlua_pop_enum;
    m->push = zlua_push_enum;
    m->push_arg = zlua__push_arg_copy;
    m->push_safe = 1;
}

/* ---- Nullable<T>: hasValue + value, offsets from the metadata ---------------- */

static int zlua_pop_nullable(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    memset(dst, 0, m->size);
    if (lua_isnoneornil(L, idx))
        return ZLUA_POP_OK;
    int rc = m->elem->pop(L, idx, m->elem, (char *)dst + m->cls->value_offset);
    if (rc == ZLUA_POP_OK)
        *((uint8_t *)dst + m->cls->has_value_offset) = 1;
    return rc;
}

static void zlua_push_nullable(lua_State *L, const zlua_meta *m, const void *src)
{
    if (*((const uint8_t *)src + m->cls->has_value_offset) == 0)
        lua_pushnil(L);
    else
        m->elem->push(L, m->elem, (const char *)src + m->cls->value_offset);
}

void zlua__meta_init_nullable(zlua_meta *m)
{
    m->size = m->cls->value_size;
    m->align = m->cls->align;
    m->pop = zlua_pop_nullable;
    m->push = zlua_push_nullable;
    m->push_arg = zlua__push_arg_copy;
}
