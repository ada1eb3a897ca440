/* lib.h -- the `zlua` Lua library (docs/lua-api.md). */
#ifndef ZLUA_LIB_H
#define ZLUA_LIB_H

#include <lua.h>

#include "core/context.h"

/* Sets the global zlua.  May raise (memory). */
void zlua_lib_open(lua_State *L, zlua_ctx *ctx);

#endif
