/*
 * name.h -- names are counted strings (R-NAME-1).
 *
 * A Lua string carries its length, so a NUL inside a type, namespace or
 * member name is part of the name.  The runtime's lookups take C strings,
 * which would stop at the NUL and find a shorter name; libzlua asks
 * zlua__name_get first, and a name holding a NUL names nothing.  Messages
 * show such a name whole, each NUL written `\0` as in Lua source
 * (zlua__name_push_shown), so that a host printing the message as a C
 * string loses nothing.
 */
#ifndef ZLUA_CORE_NAME_H
#define ZLUA_CORE_NAME_H

#include <stddef.h>

#include <lua.h>

/* The string at idx as a C string, or NULL when it is no string or holds
 * a NUL (it names nothing the runtime knows). */
const char *zlua__name_get(lua_State *L, int idx);

/* Pushes s[0..len) with each NUL written `\0` and returns it (on the
 * stack, for a message that follows). */
const char *zlua__name_push_shown(lua_State *L, const char *s, size_t len);

/* The string at idx for a message: itself when it holds no NUL, else its
 * shown copy, pushed. */
const char *zlua__name_shown(lua_State *L, int idx);

#endif
