/* open.h -- the Lua-visible parts installed by zlua_open. */
#ifndef ZLUA_OPEN_H
#define ZLUA_OPEN_H

#include <lua.h>

#include "core/context.h"

/* Sets the globals CS and CSharp (types/typetable.c). */
void zlua_types_open(lua_State *L, zlua_ctx *ctx);
/* Sets the global zlua (lib/lib.c). */
void zlua_lib_open(lua_State *L, zlua_ctx *ctx);

#endif
