/*
 * string.c -- System.String writers (R-DEF-2).
 *
 * C# -> Lua: UTF-16 -> UTF-8 Lua string, null -> nil.
 * Lua -> C#: Lua string (UTF-8 -> UTF-16), nil -> null, a ByObjUserData
 * of System.String, or a valid OpaqueValue of a string slot (R-OPQ-10).
 */
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"
#include "marshal/meta.h"
#include "marshal/string_util.h"
#include "marshal/ud.h"
#include "core/utf.h"
#include "scope/scope.h"

#define ZLUA_STACK_UNITS 256

void zlua__string_push(lua_State *L, Il2CppString *s)
{
    if (s == NULL) {
        lua_pushnil(L);
        return;
    }
    const uint16_t *chars = il2cpp_string_chars(s);
    size_t n = (size_t)il2cpp_string_length(s);
    if (n <= ZLUA_STACK_UNITS) {
        /* the common short string: one pass into the C stack (a UTF-16
         * unit takes at most 3 UTF-8 bytes, a surrogate pair 4 for 2) */
        char out[3 * ZLUA_STACK_UNITS];
        size_t i = 0;
        while (i < n && chars[i] < 0x80) {   /* ASCII: no encoder call */
            out[i] = (char)chars[i];
            i++;
        }
        size_t len = i == n ? n : i + zlua__utf16_to_utf8(chars + i, n - i, out + i);
        lua_pushlstring(L, out, len);
        return;
    }
    size_t len = zlua__utf16_to_utf8(chars, n, NULL);
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, len);
    zlua__utf16_to_utf8(chars, n, out);
    luaL_pushresultsize(&b, len);
}

int zlua__string_from_lua(lua_State *L, int idx, Il2CppString **out)
{
    size_t n;
    const char *s = lua_tolstring(L, idx, &n);
    uint16_t stackbuf[ZLUA_STACK_UNITS];
    uint16_t *buf = stackbuf;
    void *ud = NULL;
    lua_Alloc alloc = NULL;
    if (n > ZLUA_STACK_UNITS) {
        alloc = lua_getallocf(L, &ud);
        buf = alloc(ud, NULL, 0, n * sizeof *buf);
        if (buf == NULL)
            return ZLUA_POP_NOMEM;
    }
    size_t units = zlua__utf8_to_utf16(s, n, buf);
    int rc = ZLUA_POP_OK;
    if (units > (size_t)INT32_MAX) {
        *out = NULL;
        rc = ZLUA_POP_NOMEM;   /* no managed string is that long */
    } else {
        Il2CppException *exc = zlua_rt_string_new_utf16(buf, (int32_t)units, out);
        if (exc != NULL) {
            zlua__exc_hold(zlua__ctx_get(L), exc);
            rc = ZLUA_POP_EXCEPTION;
        }
    }
    if (buf != stackbuf)
        alloc(ud, buf, n * sizeof *buf, 0);
    return rc;
}

static int zlua_pop_string(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    Il2CppString *str;
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        int rc = zlua__string_from_lua(L, idx, &str);
        if (rc != ZLUA_POP_OK)
            return rc;
        break;
    }
    case LUA_TNIL:
    case LUA_TNONE:
        str = NULL;
        break;
    case LUA_TLIGHTUSERDATA: {
        /* R-OPQ-10: a valid handle to a string slot (`ref string`) gives
         * the string it holds; one of another element type is a
         * mismatch, never a reinterpretation of its slot */
        const zlua__slot *slot;
        int rc = zlua__opaque_resolve(m->ctx, L, idx, &slot);
        if (rc != ZLUA_POP_OK)
            return rc;
        if (((const zlua_meta *)slot->meta)->kind != ZLUA_K_STRING)
            return ZLUA_POP_MISMATCH;
        memcpy(&str, slot->addr, sizeof str);
        break;
    }
    case LUA_TUSERDATA: {
        zlua__ud *u = zlua_ud_test(L, idx, ZLUA_UD_BYOBJ);
        if (u == NULL || il2cpp_object_get_class(u->obj) != m->cls->klass)
            return ZLUA_POP_TYPE;
        str = (Il2CppString *)u->obj;
        break;
    }
    default:
        return ZLUA_POP_TYPE;
    }
    memcpy(dst, &str, sizeof str);
    return ZLUA_POP_OK;
}

static void zlua_push_string(lua_State *L, const zlua_meta *m, const void *src)
{
    (void)m;
    Il2CppString *s;
    memcpy(&s, src, sizeof s);
    zlua__string_push(L, s);
}

void zlua__meta_init_string(zlua_meta *m)
{
    m->size = m->align = (uint32_t)sizeof(void *);
    m->indirect = 1;
    m->is_ref = 1;
    m->pop = zlua_pop_string;
    m->push = zlua_push_string;
    m->push_arg = zlua__push_arg_copy;
}
