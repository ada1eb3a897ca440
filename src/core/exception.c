/*
 * exception.c -- managed exceptions turned into Lua errors.
 */
#include <string.h>

#include <lauxlib.h>

#include "core/state.h"
#include "core/exception.h"
#include "core/utf.h"

/* Out of line and cold: its 4 KiB message buffer stays off hot frames. */
#if defined(__GNUC__)
ZLUA_COLD
#endif
int zlua__exc_raise(lua_State *L, Il2CppException *exc, const char *where)
{
    char msg[ZLUA_EXC_MESSAGE_BYTES];
    luaL_where(L, 1);
    lua_pushfstring(L, "%s (in %s)", zlua__exc_format(exc, msg), where);
    lua_concat(L, 2);
    /* remembered for zlua.exception: the error value, then the exception
     * (a strong handle, replacing the last one: one object at most) */
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx != NULL && exc != NULL) {
        lua_pushliteral(L, ZLUA_EXC_LAST_KEY);   /* raw: no script's metamethod runs */
        lua_pushvalue(L, -2);
        lua_rawset(L, LUA_REGISTRYINDEX);
        if (ctx->last_exception != 0)
            zlua_rt_gchandle_free(ctx->last_exception);
        ctx->last_exception = zlua_rt_gchandle_new((Il2CppObject *)exc, 0);
    }
    return lua_error(L);
}

Il2CppException *zlua__exc_last(const zlua__ctx *ctx)
{
    return ctx->last_exception != 0
               ? (Il2CppException *)zlua_rt_gchandle_target(ctx->last_exception) : NULL;
}

static const char zlua_exc_cut[] = "... (message truncated)";

/* The exception's own message (System.Exception._message, what the
 * runtime's formatter reads), or NULL. */
static Il2CppString *zlua_exc_message(Il2CppException *exc)
{
    for (Il2CppClass *k = il2cpp_object_get_class((Il2CppObject *)exc); k != NULL;
         k = il2cpp_class_get_parent(k)) {
        void *iter = NULL;
        FieldInfo *f;
        while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
            if ((il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC) == 0 &&
                strcmp(il2cpp_field_get_name(f), "_message") == 0) {
                Il2CppString *s;
                memcpy(&s, (const char *)exc + il2cpp_field_get_offset(f), sizeof s);
                return s;
            }
        }
    }
    return NULL;
}

/* The runtime's formatter copies the message as a C string, so a NUL in
 * it (a C# string may hold one, R-DEF-2) cut the text there.  When msg
 * ends with the message's part before its first NUL, the rest is
 * appended, each NUL written \0 as names are in messages (core/name.h). */
static void zlua_exc_show_nuls(Il2CppException *exc, char msg[ZLUA_EXC_MESSAGE_BYTES])
{
    Il2CppString *s = zlua_exc_message(exc);
    if (s == NULL)
        return;
    const uint16_t *c = (const uint16_t *)il2cpp_string_chars(s);
    size_t n = (size_t)il2cpp_string_length(s), nul = 0;
    while (nul < n && c[nul] != 0)
        nul++;
    size_t len = strlen(msg), head = zlua__utf16_to_utf8(c, nul, NULL);
    if (nul == n || head > len)
        return;
    char scratch[ZLUA_EXC_MESSAGE_BYTES];
    zlua__utf16_to_utf8(c, nul, scratch);
    if (memcmp(msg + len - head, scratch, head) != 0)
        return;   /* not the text the runtime formatted (an overridden Message) */
    size_t room = ZLUA_EXC_MESSAGE_BYTES - sizeof zlua_exc_cut;
    for (size_t i = nul; i < n;) {
        size_t j = i;
        while (j < n && c[j] != 0)
            j++;
        size_t need = j > i ? zlua__utf16_to_utf8(c + i, j - i, NULL) : 2;
        if (len + need > room) {
            memcpy(msg + len, zlua_exc_cut, sizeof zlua_exc_cut);
            return;
        }
        if (j > i)
            zlua__utf16_to_utf8(c + i, j - i, msg + len);
        else
            memcpy(msg + len, "\\0", 2);
        len += need;
        i = j > i ? j : i + 1;
    }
    msg[len] = '\0';
}

const char *zlua__exc_format(Il2CppException *exc, char msg[ZLUA_EXC_MESSAGE_BYTES])
{
    static const char unknown[] = "unknown managed exception";
    if (exc == NULL)
        return unknown;
    il2cpp_format_exception(exc, msg, ZLUA_EXC_MESSAGE_BYTES);
    /* strncpy semantics: unterminated when the message did not fit; then
     * say so rather than cut it silently. */
    if (memchr(msg, '\0', ZLUA_EXC_MESSAGE_BYTES) == NULL)
        memcpy(msg + ZLUA_EXC_MESSAGE_BYTES - sizeof zlua_exc_cut, zlua_exc_cut,
               sizeof zlua_exc_cut);
    else
        zlua_exc_show_nuls(exc, msg);
    return msg;
}

void zlua__exc_hold(zlua__ctx *ctx, Il2CppException *exc)
{
    if (ctx->held_exception != 0)
        zlua_rt_gchandle_free(ctx->held_exception);
    ctx->held_exception = zlua_rt_gchandle_new((Il2CppObject *)exc, 0);
}

/* Takes the held exception out of its handle (the caller's local keeps it
 * alive from here on). */
static Il2CppException *zlua_exc_take(zlua__ctx *ctx)
{
    uintptr_t h = ctx->held_exception;
    ctx->held_exception = 0;
    if (h == 0)
        return NULL;
    Il2CppException *exc = (Il2CppException *)zlua_rt_gchandle_target(h);
    zlua_rt_gchandle_free(h);
    return exc;
}

int zlua__exc_raise_held(lua_State *L, zlua__ctx *ctx, const char *where)
{
    return zlua__exc_raise(L, zlua_exc_take(ctx), where);
}

void zlua__exc_push_held(lua_State *L, zlua__ctx *ctx)
{
    char msg[ZLUA_EXC_MESSAGE_BYTES];
    lua_pushstring(L, zlua__exc_format(zlua_exc_take(ctx), msg));
}
