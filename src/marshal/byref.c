/*
 * byref.c -- ref / in / out slots (R-REF-1, R-REF-2).
 *
 * Storage is a pointer to the referenced slot.  For Lua -> C# the bridge
 * reserves a temporary right after that pointer (ZLUA_BYREF_TEMP), used
 * when the Lua value is not something C# can write through.
 */
#include <string.h>

#include "class/class.h"
#include "marshal/byref.h"
#include "marshal/ud.h"
#include "scope/scope.h"

/* R-REF-1: the handle's element type must be exactly A.  C# ref
 * parameters are invariant: a `ref string` slot passed as `ref object`
 * would let C# store any object into a string slot. */
static int zlua_byref_compatible(const zlua_meta *want, const zlua_meta *have)
{
    return want == have ||
           (want->cls != NULL && want->cls == have->cls && want->kind == have->kind);
}

/* Everything but the true ref: a handle, nil, a value for the temp.  Out
 * of line, so the true ref's path below saves no registers for it. */
#if defined(__GNUC__)
ZLUA_NOINLINE
#endif
static int zlua_pop_byref_other(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    const zlua_meta *e = m->elem;
    void *target = (char *)dst + ZLUA_BYREF_TEMP;
    int t = lua_type(L, idx);   /* once: the handle and the nil tests */
    if (t == LUA_TLIGHTUSERDATA) {
        const zlua__slot *slot;
        int rc = zlua__opaque_resolve(m->ctx, L, idx, &slot);
        if (rc == ZLUA_POP_OK && !zlua_byref_compatible(e, slot->meta))
            rc = ZLUA_POP_MISMATCH;
        if (rc == ZLUA_POP_OK)
            target = slot->addr;
        else if (rc != ZLUA_POP_FOREIGN || e->kind != ZLUA_K_POINTER)
            return rc;
        else if ((rc = e->pop(L, idx, e, target)) != ZLUA_POP_OK)
            return rc;
    } else if ((t == LUA_TNONE || t == LUA_TNIL) && e->kind != ZLUA_K_NULLABLE) {
        memset(target, 0, e->size);            /* default(A), not written back */
    } else {
        int rc = e->pop(L, idx, e, target);  /* by value, into the temp */
        if (rc != ZLUA_POP_OK)
            return rc;
    }
    memcpy(dst, &target, sizeof target);
    return ZLUA_POP_OK;
}

static int zlua_pop_byref(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    /* the true ref first, with no type query: a ByValUserData of exactly
     * A (a struct, or a zlua.new_ref of a primitive or enum) passes its
     * payload.  For Nullable<T> a T userdata is copied (lua-api.md, "ref, in and out"). */
    void *payload;
    if (zlua_byref_payload(L, idx, m, &payload)) {
        memcpy(dst, &payload, sizeof payload);
        return ZLUA_POP_OK;
    }
    return zlua_pop_byref_other(L, idx, m, dst);
}

static void zlua_push_byref(lua_State *L, const zlua_meta *m, const void *src)
{
    void *target;
    memcpy(&target, src, sizeof target);
    m->elem->push(L, m->elem, target);
}

static int zlua_push_arg_byref(lua_State *L, const zlua_meta *m, const void *src)
{
    return zlua__push_arg_opaque(L, m->elem, src);
}

void zlua__meta_init_byref(zlua_meta *m)
{
    m->size = (uint32_t)(ZLUA_BYREF_TEMP + m->elem->size);
    m->align = 8;
    m->indirect = 1;
    m->pop = zlua_pop_byref;
    m->push = zlua_push_byref;
    m->push_arg = zlua_push_arg_byref;
    m->push_safe = 1;
    /* which userdata can be the ref itself: one of exactly A, for value
     * types but Nullable<T> (whose T userdata is copied) */
    m->ref_cls = m->elem->kind != ZLUA_K_NULLABLE ? m->elem->cls : NULL;
}
