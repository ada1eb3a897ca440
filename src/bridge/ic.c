/*
 * ic.c -- IC: C# calling Lua (R-IC-1, R-OPQ-5).
 *
 * The call opens a scope, pushes the arguments (structs and byrefs as
 * OpaqueValue), runs the Lua function under lua_pcall, pops the result
 * and restores the scope stack exactly -- on every path -- so no Lua
 * error ever unwinds into the C# frames of the caller.
 *
 * When every argument push is safe (cannot raise: OpaqueValues, numbers,
 * booleans), the function is called directly with lua_pcall, the same
 * cost as a hand-written call; otherwise a small trampoline does the
 * pushes inside the protected call.
 */
#include <string.h>

#include <lauxlib.h>

#include "core/context.h"
#include "marshal/meta.h"
#include "scope/scope.h"

/* Pushes the global function (raw lookup: no metamethod can raise).  The
 * name is taken with its length: "OnA\0x" is not "OnA".  A globals table
 * replaced in the registry (debug library) yields nil. */
static void zlua_ic_push_function(lua_State *L, const zlua_ic_call *c)
{
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return;
    }
    /* lua_pushstring keeps a cache by C address: a stub's constant name
     * is not hashed again on every call */
    if (c->function_len != 0)
        lua_pushlstring(L, c->function, c->function_len);
    else
        lua_pushstring(L, c->function);
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

static int zlua_ic_push_args(lua_State *L, const zlua_ic_call *c)
{
    for (int i = 0; i < c->nargs; i++) {
        const zlua_meta *m = c->arg_meta[i];
        int rc = m->push_arg(L, m, c->arg_slots[i]);
        if (rc != ZLUA_OK)
            return rc;
    }
    return ZLUA_OK;
}

/* Protected body for calls whose argument pushes may raise.  A script can
 * capture this function (a call hook sees it) and call it later with any
 * lightuserdata: only the call zlua_ic_run announced in the context is
 * run, once. */
static int zlua_ic_trampoline(lua_State *L)
{
    zlua_ctx *ctx = zlua_ctx_get(L);
    const zlua_ic_call *c = lua_touserdata(L, 1);
    if (ctx == NULL || c == NULL || c != ctx->ic_pending)
        return luaL_error(L, "zlua: the IC trampoline is not callable from Lua");
    ctx->ic_pending = NULL;
    lua_settop(L, 0);
    zlua_ic_push_function(L, c);
    if (zlua_ic_push_args(L, c) != ZLUA_OK)
        return luaL_error(L, "zlua: cannot push the arguments of '%s'", c->function);
    lua_call(L, c->nargs, c->ret_meta ? 1 : 0);
    return c->ret_meta ? 1 : 0;
}

static int zlua_ic_run(lua_State *L, zlua_ctx *ctx, zlua_ic_call *c, int all_safe)
{
    int nres = c->ret_meta ? 1 : 0;
    if (all_safe) {
        zlua_ic_push_function(L, c);
        if (zlua_ic_push_args(L, c) != ZLUA_OK) {
            lua_settop(L, c->top);
            lua_pushfstring(L, "zlua: cannot push the arguments of '%s'", c->function);
            return ZLUA_ELUA;
        }
        if (lua_pcall(L, c->nargs, nres, 0) != LUA_OK)
            return ZLUA_ELUA;
    } else {
        lua_pushcfunction(L, zlua_ic_trampoline);
        lua_pushlightuserdata(L, c);
        const void *outer = ctx->ic_pending;
        ctx->ic_pending = c;
        int status = lua_pcall(L, 1, nres, 0);
        ctx->ic_pending = outer;
        if (status != LUA_OK)
            return ZLUA_ELUA;
    }
    if (nres) {
        int rc = c->ret_meta->pop(L, -1, c->ret_meta, c->ret_slot);
        if (rc != ZLUA_POP_OK) {
            zlua_pop_error_push(L, -1, c->ret_meta, rc);
            lua_pushfstring(L, "bad result from '%s' (%s)", c->function, lua_tostring(L, -1));
            return ZLUA_ELUA;
        }
    }
    return ZLUA_OK;
}

int zlua_ic_invoke(lua_State *L, zlua_ic_call *c)
{
    if (L == NULL || c == NULL)
        return ZLUA_EINVAL;
    /* First, so that zlua_ic_error / zlua_ic_done are safe on every path. */
    c->top = lua_gettop(L);
    if (c->function == NULL || c->nargs < 0 ||
        (c->nargs > 0 && (c->arg_meta == NULL || c->arg_slots == NULL)) ||
        (c->ret_meta != NULL && c->ret_slot == NULL))
        return ZLUA_EINVAL;
    int all_safe = 1;
    for (int i = 0; i < c->nargs; i++) {
        if (c->arg_meta[i] == NULL)
            return ZLUA_EINVAL;
        all_safe &= c->arg_meta[i]->push_safe;
    }
    /* Metas belong to the state they were resolved on (zlua_meta_param /
     * zlua_meta_type with this L), so the first one names the context;
     * only argument-less calls look it up. */
    const zlua_meta *first = c->nargs > 0 ? c->arg_meta[0] : c->ret_meta;
    zlua_ctx *ctx = first != NULL ? first->ctx : zlua_ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    if (!lua_checkstack(L, c->nargs + 8))
        return ZLUA_ENOMEM;
    zlua_scope_state saved = zlua_scope_save(&ctx->scope);
    if (zlua_scope_open(&ctx->scope) != ZLUA_OK)
        return ZLUA_ENOMEM;
    int rc = zlua_ic_run(L, ctx, c, all_safe);
    zlua_scope_restore(&ctx->scope, saved);   /* every path (R-OPQ-5) */
    return rc;
}

const char *zlua_ic_error(lua_State *L, const zlua_ic_call *c, size_t *len)
{
    static const char none[] = "no Lua error message (see the return code)";
    if (L == NULL || c == NULL || lua_gettop(L) <= c->top) {
        if (len)
            *len = sizeof none - 1;
        return none;
    }
    if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
        static const char obj[] = "(error object is not a string)";
        if (len)
            *len = sizeof obj - 1;
        return obj;
    }
    return lua_tolstring(L, -1, len);
}

void zlua_ic_done(lua_State *L, zlua_ic_call *c)
{
    if (L != NULL && c != NULL && lua_gettop(L) >= c->top)
        lua_settop(L, c->top);
}
