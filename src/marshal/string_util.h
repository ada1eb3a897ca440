/* string_util.h -- System.String <-> Lua string conversions. */
#ifndef ZLUA_STRING_UTIL_H
#define ZLUA_STRING_UTIL_H

#include <lua.h>

#include "il2cpp/il2cpp_api.h"

/* Pushes s as a UTF-8 Lua string (nil for NULL).  May raise (memory). */
void zlua_string_push(lua_State *L, Il2CppString *s);
/* A new managed string from the Lua string at idx; NULL on memory
 * failure.  Never raises. */
Il2CppString *zlua_string_from_lua(lua_State *L, int idx);

#endif
