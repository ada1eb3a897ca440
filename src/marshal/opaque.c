/*
 * opaque.c -- OpaqueValue pushes and resolution shared by the writers
 * (R-OPQ-2, R-OPQ-3).
 */
#include "core/state.h"
#include "marshal/meta.h"
#include "scope/scope.h"

int zlua__push_arg_copy(lua_State *L, const zlua_meta *m, const void *src)
{
    m->push(L, m, src);
    return ZLUA_OK;
}

/* R-OPQ-2: records the slot and pushes a lightuserdata; the only growth is
 * the scope stack's amortised capacity.  An IC argument's writer: issued
 * in the call's frame (zlua_scope_issue), which the call's restore
 * drops. */
int zlua__push_arg_opaque(lua_State *L, const zlua_meta *m, const void *src)
{
    uintptr_t h;
    int rc = zlua_scope_issue(&m->ctx->scope, (void *)src, m, &h);
    if (rc != ZLUA_OK)
        return rc;
    lua_pushlightuserdata(L, (void *)h);
    return ZLUA_OK;
}

int zlua__opaque_resolve(zlua__ctx *ctx, lua_State *L, int idx,
                        const zlua__slot **slot)
{
    uintptr_t h = (uintptr_t)lua_touserdata(L, idx);
    switch (zlua_scope_resolve(&ctx->scope, h, slot)) {
    case ZLUA_SCOPE_VALID: return ZLUA_POP_OK;
    case ZLUA_SCOPE_EXPIRED: return ZLUA_POP_EXPIRED;
    default: return ZLUA_POP_FOREIGN;
    }
}

int zlua_opaque_push(lua_State *L, void *slot, const Il2CppType *elem)
{
    if (L == NULL || slot == NULL || elem == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    const zlua_meta *m = zlua__meta_get(ctx, elem);
    if (m == NULL)
        return ZLUA_ENOMEM;
    if (m->kind == ZLUA_K_BYREF)
        m = m->elem;   /* a byref type names its element */
    if (ctx->scope.depth == 0)
        return ZLUA_ESTATE;   /* into the embedder's open scope, which ends it */
    if (!lua_checkstack(L, 1))
        return ZLUA_ENOMEM;
    return zlua__push_arg_opaque(L, m, slot);
}

int zlua_opaque_resolve_slot(lua_State *L, int idx, void **addr, const zlua_meta **elem)
{
    if (L == NULL || addr == NULL || elem == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    const zlua__slot *slot;
    if (lua_type(L, idx) != LUA_TLIGHTUSERDATA ||
        zlua__opaque_resolve(ctx, L, idx, &slot) != ZLUA_POP_OK)
        return ZLUA_EINVAL;
    *addr = slot->addr;
    *elem = slot->meta;
    return ZLUA_OK;
}
