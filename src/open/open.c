/*
 * open.c -- zlua_open: the top of the layers, the only file that knows
 * them all.  It makes the context (core), wires the types layer's
 * metatable maker into it for the marshal layer below, and installs the
 * Lua-visible globals (types: CS, CSharp; lib: zlua).
 */
#include <lauxlib.h>
#include <lua.h>

#include "bridge/ic.h"
#include "bridge/method.h"
#include "core/state.h"
#include "il2cpp/il2cpp_api.h"
#include "lib/lib.h"
#include "marshal/ud.h"
#include "types/types.h"
#include "zlua.h"

/* Protected body of zlua_open: the Lua-visible parts.  The context comes
 * from the allocator, not an argument, and the body runs once per
 * zlua_open that announced it: a call hook can capture this function and
 * call it later, with anything, which must not make the state's tables
 * and references again under the objects that use them. */
static int zlua_open_protected(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    if (!ctx->opening)
        return luaL_error(L, "zlua: not callable from Lua");
    ctx->opening = 0;
    zlua__method_open(L, ctx);  /* the trampolines' table: no Lua value */
    zlua__ud_open(L, ctx);      /* first: while the registry is small */
    zlua__ic_open(L, ctx);
    zlua__types_open(L, ctx);   /* CS, CSharp */
    zlua__lib_open(L, ctx);     /* zlua */
    return 0;
}

/* Pushes the reason an unattached thread is refused.  Protected: pushing
 * a string can raise (memory), and zlua_open's caller has no handler. */
static int zlua_open_push_unattached(lua_State *L)
{
    lua_pushliteral(L, "zlua_open: the calling thread is not attached to the "
                       "IL2CPP runtime (il2cpp_thread_attach)");
    return 1;
}

int zlua_open(lua_State *L)
{
    if (L == NULL)
        return ZLUA_EINVAL;
    /* First, before any allocation: a state opened on an unattached thread
     * would hold managed references on a stack the collector never scans. */
    if (il2cpp_thread_current() == NULL) {
        lua_pushcfunction(L, zlua_open_push_unattached);
        /* on failure the error object (a string) is the one result */
        (void)lua_pcall(L, 0, 1, 0);
        return ZLUA_ESTATE;
    }
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx != NULL && ctx->opened)
        return ZLUA_OK;
    if (ctx == NULL && zlua__ctx_main_thread(L) == NULL)
        return ZLUA_ESTATE;   /* a coroutine, and the registry rewritten */
    if (ctx == NULL && (ctx = zlua__ctx_create(L)) == NULL)
        return ZLUA_ENOMEM;
    ctx->push_mt = zlua__types_push_mt;
    /* A failure here leaves the context (released by lua_close) and
     * possibly some globals; a later zlua_open sets them again. */
    lua_pushcfunction(L, zlua_open_protected);
    ctx->opening = 1;
    int status = lua_pcall(L, 0, 0, 0);
    ctx->opening = 0;
    if (status != LUA_OK) {
        lua_pop(L, 1);
        return ZLUA_ENOMEM;
    }
    ctx->opened = 1;
    return ZLUA_OK;
}

