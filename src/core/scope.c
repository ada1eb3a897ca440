/*
 * scope.c -- StructStackScope as the embedder opens and closes it
 * (zlua_scope_begin / zlua_scope_end, R-OPQ-4): the state's own scope
 * stack (scope/stack.c), found through its context.
 */
#include "core/state.h"
#include "zlua.h"

int zlua_scope_begin(lua_State *L)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    return ctx ? zlua_scope_open(&ctx->scope) : ZLUA_ESTATE;
}

int zlua_scope_end(lua_State *L)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    if (ctx == NULL)
        return ZLUA_ESTATE;
    if (ctx->scope.depth == 0)
        return ZLUA_EINVAL;   /* unbalanced: no scope is open */
    zlua_scope_close(&ctx->scope);
    return ZLUA_OK;
}
