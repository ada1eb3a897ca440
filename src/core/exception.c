/*
 * exception.c -- managed exceptions turned into Lua errors.
 */
#include <string.h>

#include <lauxlib.h>

#include "core/context.h"
#include "core/exception.h"

/* Out of line and cold: its 4 KiB message buffer stays off hot frames. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
int zlua_exc_raise(lua_State *L, Il2CppException *exc, const char *where)
{
    char msg[ZLUA_EXC_MESSAGE_BYTES];
    return luaL_error(L, "%s (in %s)", zlua_exc_format(exc, msg), where);
}

const char *zlua_exc_format(Il2CppException *exc, char msg[ZLUA_EXC_MESSAGE_BYTES])
{
    static const char cut[] = "... (message truncated)";
    static const char unknown[] = "unknown managed exception";
    if (exc == NULL)
        return unknown;
    il2cpp_format_exception(exc, msg, ZLUA_EXC_MESSAGE_BYTES);
    /* strncpy semantics: unterminated when the message did not fit; then
     * say so rather than cut it silently. */
    if (memchr(msg, '\0', ZLUA_EXC_MESSAGE_BYTES) == NULL)
        memcpy(msg + ZLUA_EXC_MESSAGE_BYTES - sizeof cut, cut, sizeof cut);
    return msg;
}

void zlua_exc_hold(zlua_ctx *ctx, Il2CppException *exc)
{
    if (ctx->held_exception != 0)
        zlua_rt_gchandle_free(ctx->held_exception);
    ctx->held_exception = zlua_rt_gchandle_new((Il2CppObject *)exc, 0);
}

/* Takes the held exception out of its handle (the caller's local keeps it
 * alive from here on). */
static Il2CppException *zlua_exc_take(zlua_ctx *ctx)
{
    uintptr_t h = ctx->held_exception;
    ctx->held_exception = 0;
    if (h == 0)
        return NULL;
    Il2CppException *exc = (Il2CppException *)zlua_rt_gchandle_target(h);
    zlua_rt_gchandle_free(h);
    return exc;
}

int zlua_exc_raise_held(lua_State *L, zlua_ctx *ctx, const char *where)
{
    return zlua_exc_raise(L, zlua_exc_take(ctx), where);
}

void zlua_exc_push_held(lua_State *L, zlua_ctx *ctx)
{
    char msg[ZLUA_EXC_MESSAGE_BYTES];
    lua_pushstring(L, zlua_exc_format(zlua_exc_take(ctx), msg));
}
