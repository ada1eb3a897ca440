/*
 * name.c -- names are counted strings (R-NAME-1); see name.h.
 */
#include <string.h>

#include <lauxlib.h>

#include "core/name.h"

const char *zlua__name_get(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TSTRING)
        return NULL;
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    return memchr(s, '\0', len) == NULL ? s : NULL;
}

const char *zlua__name_push_shown(lua_State *L, const char *s, size_t len)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (;;) {
        const char *nul = memchr(s, '\0', len);
        size_t n = nul != NULL ? (size_t)(nul - s) : len;
        luaL_addlstring(&b, s, n);
        if (nul == NULL)
            break;
        luaL_addstring(&b, "\\0");
        s += n + 1;
        len -= n + 1;
    }
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

const char *zlua__name_shown(lua_State *L, int idx)
{
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || memchr(s, '\0', len) == NULL)
        return s;
    return zlua__name_push_shown(L, s, len);
}
