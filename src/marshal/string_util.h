/* string_util.h -- System.String <-> Lua string conversions. */
#ifndef ZLUA_STRING_UTIL_H
#define ZLUA_STRING_UTIL_H

#include <lua.h>

#include "il2cpp/il2cpp_api.h"

/* Pushes s as a UTF-8 Lua string (nil for NULL).  May raise (memory). */
void zlua__string_push(lua_State *L, Il2CppString *s);
/* A new managed string from the Lua string at idx, in *out: ZLUA_POP_OK,
 * ZLUA_POP_NOMEM, or ZLUA_POP_EXCEPTION (the runtime threw; the exception
 * is held in the context, core/exception.h).  Never raises. */
int zlua__string_from_lua(lua_State *L, int idx, Il2CppString **out);

#endif
