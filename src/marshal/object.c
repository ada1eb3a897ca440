/*
 * object.c -- writers for managed references: classes, interfaces,
 * object, arrays, delegates (R-VIEW-1, R-OPQ-10).
 */
#include <string.h>

#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"
#include "marshal/meta.h"
#include "marshal/string_util.h"
#include "marshal/ud.h"
#include "scope/scope.h"

/* Boxes through the glue (boxing runs static constructors, allocates):
 * ZLUA_POP_OK, or ZLUA_POP_EXCEPTION with the exception held. */
static int zlua__box(zlua__ctx *ctx, Il2CppClass *klass, void *data, Il2CppObject **out)
{
    Il2CppException *exc = zlua_rt_value_box(klass, data, out);
    if (exc == NULL)
        return ZLUA_POP_OK;
    zlua__exc_hold(ctx, exc);
    return ZLUA_POP_EXCEPTION;
}

/* Boxes a Lua primitive for an `object` slot (lua-api.md, "Calling C#": object). */
static int zlua_pop_boxed_primitive(lua_State *L, int idx, zlua__ctx *ctx,
                                    Il2CppObject **out)
{
    switch (lua_type(L, idx)) {
    case LUA_TBOOLEAN: {
        uint8_t b = (uint8_t)lua_toboolean(L, idx);
        return zlua__box(ctx, ctx->k_bool, &b, out);
    }
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) {
            lua_Integer v = lua_tointeger(L, idx);
            if (v >= INT32_MIN && v <= INT32_MAX) {
                int32_t i = (int32_t)v;
                return zlua__box(ctx, ctx->k_int32, &i, out);
            }
            int64_t i = (int64_t)v;
            return zlua__box(ctx, ctx->k_int64, &i, out);
        } else {
            double d = (double)lua_tonumber(L, idx);
            return zlua__box(ctx, ctx->k_double, &d, out);
        }
    case LUA_TSTRING:
        return zlua__string_from_lua(L, idx, (Il2CppString **)out);
    default:
        return ZLUA_POP_TYPE;
    }
}

/* R-OPQ-10: a valid handle passed back to a reference parameter yields
 * the referenced object (reference slots) or a boxed copy (structs). */
static int zlua_pop_object_handle(lua_State *L, int idx, const zlua_meta *m,
                                  Il2CppObject **out)
{
    const zlua__slot *slot;
    int rc = zlua__opaque_resolve(m->ctx, L, idx, &slot);
    if (rc != ZLUA_POP_OK)
        return rc;
    const zlua_meta *sm = slot->meta;
    Il2CppClass *target = m->cls->klass;
    if (sm->is_ref && sm->cls != NULL &&
        il2cpp_class_is_assignable_from(target, sm->cls->klass)) {
        memcpy(out, slot->addr, sizeof *out);
        return ZLUA_POP_OK;
    }
    /* a value-type slot (a struct, a primitive, an enum: a `ref int`
     * handle too) is boxed for an `object` or interface slot taking it */
    if ((sm->kind == ZLUA_K_STRUCT || zlua_kind_is_scalar(sm->kind)) && sm->cls != NULL &&
        il2cpp_class_is_assignable_from(target, sm->cls->klass))
        return zlua__box(m->ctx, sm->cls->klass, slot->addr, out);
    return ZLUA_POP_MISMATCH;
}

/* One of our userdata (u, from zlua_ud_any) for a reference slot: its
 * object when the slot's class takes it, a boxed copy of a struct. */
static int zlua_pop_object_ud(const zlua__ud *u, const zlua_meta *m, Il2CppObject **obj)
{
    if (u->magic == ZLUA_UD_BYOBJ) {
        if (m->cls->klass == m->ctx->k_object ||
            il2cpp_class_is_assignable_from(m->cls->klass, il2cpp_object_get_class(u->obj))) {
            *obj = u->obj;
            return ZLUA_POP_OK;
        }
        return ZLUA_POP_TYPE;
    }
    if (u->magic == ZLUA_UD_BYVAL && il2cpp_class_is_assignable_from(m->cls->klass, u->cls->klass))
        return zlua__box(m->ctx, u->cls->klass, zlua_ud_payload(u), obj);  /* a copy */
    if (u->magic == ZLUA_UD_DEAD)
        return ZLUA_POP_FINALIZED;
    if (u->magic == ZLUA_UD_DEAD_OBJ)
        return ZLUA_POP_OBJ_FINALIZED;
    return ZLUA_POP_TYPE;
}

/* Everything but a live object of the slot's own view; u is idx's
 * zlua_ud_any, read once by the caller.  Out of line, so the common case
 * saves no registers for it. */
#if defined(__GNUC__)
ZLUA_NOINLINE
#endif
static int zlua_pop_object_other(lua_State *L, int idx, const zlua_meta *m, void *dst,
                                 const zlua__ud *u)
{
    Il2CppObject *obj = NULL;
    int rc = ZLUA_POP_OK;
    if (u != NULL) {   /* one of ours: a full userdata, no type query */
        rc = zlua_pop_object_ud(u, m, &obj);
    } else {
        switch (lua_type(L, idx)) {
        case LUA_TNIL:
        case LUA_TNONE:
            break;
        case LUA_TLIGHTUSERDATA:
            rc = zlua_pop_object_handle(L, idx, m, &obj);
            break;
        case LUA_TUSERDATA:   /* not ours */
            rc = ZLUA_POP_TYPE;
            break;
        default:
            if (m->cls->klass == m->ctx->k_object)
                rc = zlua_pop_boxed_primitive(L, idx, m->ctx, &obj);
            else
                rc = ZLUA_POP_TYPE;
            break;
        }
    }
    if (rc == ZLUA_POP_OK)
        memcpy(dst, &obj, sizeof obj);
    return rc;
}

int zlua__pop_object(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    /* the common case first, without a type query: a live object of the
     * slot's own view (a view is the declared type of a slot the object
     * passed through, or a checked cast: it needs no runtime query) */
    zlua__ud *fast = zlua_ud_any(L, idx);
    if (fast != NULL && fast->magic == ZLUA_UD_BYOBJ && fast->cls == m->cls) {
        memcpy(dst, &fast->obj, sizeof fast->obj);
        return ZLUA_POP_OK;
    }
    return zlua_pop_object_other(L, idx, m, dst, fast);
}

/* R-VIEW-1: the view is the slot's declared type, never the runtime one. */
static void zlua_push_object(lua_State *L, const zlua_meta *m, const void *src)
{
    Il2CppObject *obj;
    memcpy(&obj, src, sizeof obj);
    zlua__ud_push_byobj(L, m->cls, obj);
}

int zlua__meta_pushes_byobj(const zlua_meta *m)
{
    return m->push == zlua_push_object && m->cls != NULL;
}

void zlua__meta_init_object(zlua_meta *m)
{
    m->size = m->align = (uint32_t)sizeof(void *);
    m->indirect = 1;
    m->is_ref = 1;
    m->pop = zlua__pop_object;
    m->push = zlua_push_object;
    m->push_arg = zlua__push_arg_copy;
}

/* ---- pointers: lightuserdata pass-through (R-PTR-1) ---------------
 *
 * A light userdata is just a word: a script can hold one made by any C
 * code of the state (a registry key, another library's handle), and a
 * T* parameter would let C# read or write wherever it points.  So a T*
 * slot takes nil (NULL) and the pointers C# handed to Lua -- the context
 * remembers each one it pushed, for the state's life -- and nothing
 * else.  One entry per distinct pointer value: a method that returns a
 * new address on every call grows the set by one each time. */

static int zlua_pop_pointer(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    void *p = NULL;
    if (lua_type(L, idx) == LUA_TLIGHTUSERDATA) {
        p = lua_touserdata(L, idx);
        /* An OpaqueValue handle is a light userdata too, but no address.
         * Handles carry a tag in low bits that no aligned T* has (T of 4
         * bytes or more): named as the handle it is. */
        if (m->ptr_align >= 4 && ((uintptr_t)p & ZLUA_HANDLE_TAG_MASK) == ZLUA_HANDLE_TAG)
            return ZLUA_POP_MISMATCH;
        if (p != NULL && zlua__ptrmap_get(&m->ctx->pointers, p) == NULL)
            return ZLUA_POP_POINTER;
    } else if (!lua_isnoneornil(L, idx)) {
        return ZLUA_POP_TYPE;
    }
    memcpy(dst, &p, sizeof p);
    return ZLUA_POP_OK;
}

static void zlua_push_pointer(lua_State *L, const zlua_meta *m, const void *src)
{
    void *p;
    memcpy(&p, src, sizeof p);
    /* remembered before Lua sees it; when memory runs out it is not, and
     * passing it back is the argument error (calling C# again retries) */
    zlua__ptrmap *seen = &m->ctx->pointers;
    if (p != NULL && zlua__ptrmap_get(seen, p) == NULL)
        (void)zlua__ptrmap_put(seen, p, p);
    lua_pushlightuserdata(L, p);
}

void zlua__meta_init_pointer(zlua_meta *m)
{
    m->size = m->align = (uint32_t)sizeof(void *);
    /* IL2CPP's invokers (and Runtime::InvokeConvertArgs) take a pointer
     * parameter as the raw pointer in args[i], like a reference: passing
     * the address of our slot would hand the method a pointer to the
     * bridge's frame. */
    m->indirect = 1;
    m->pop = zlua_pop_pointer;
    m->push = zlua_push_pointer;
    m->push_arg = zlua__push_arg_copy;
    m->push_safe = 1;
}

/* ---- unsupported slots (decimal, by-val ref structs, generic params) -------- */

static int zlua_pop_unsupported(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    (void)L; (void)idx; (void)m; (void)dst;
    return ZLUA_POP_UNSUPPORTED;
}

static void zlua_push_unsupported(lua_State *L, const zlua_meta *m, const void *src)
{
    (void)src;
    lua_pushfstring(L, "unsupported type %s", m->name);
    lua_error(L);
}

void zlua__meta_init_unsupported(zlua_meta *m)
{
    m->size = 16;
    m->align = 8;
    m->pop = zlua_pop_unsupported;
    m->push = zlua_push_unsupported;
    m->push_arg = zlua__push_arg_copy;
}
