/* lib.h -- the `zlua` Lua library (docs/lua-api.md). */
#ifndef ZLUA_LIB_H
#define ZLUA_LIB_H

#include <lua.h>

#include "class/class.h"
#include "core/state.h"

/* Sets the global zlua.  May raise (memory). */
void zlua__lib_open(lua_State *L, zlua__ctx *ctx);

/* debug.setlocal restricted to the named locals of Lua functions (lib.c):
 * what every debug library of the state has, whenever it was loaded. */
int zlua__lib_setlocal(lua_State *L);

/* Makes every way a script can load C code into L give a debug library
 * with zlua__lib_setlocal, and a package library guarded the same way
 * (loadlib.c, R-LIB-1).  From zlua__lib_open; may raise (memory). */
void zlua__loadlib_guard(lua_State *L, zlua__ctx *ctx);

/* The type argument at arg (typearg.c, R-REF-4): a genuine type table or
 * a CLR full name ("System.Int32", "MyGame.Point2D",
 * "System.Nullable`1[System.Int32]"), bound with its meta.  Raises
 * `bad argument #ARG to 'FN' (type expected, got T)` for anything else --
 * a look-alike table included -- and `(type not found: NAME)` for a name
 * that names no type. */
zlua__class *zlua__lib_check_type(lua_State *L, int arg, const char *fn);

/* zlua.box / zlua.unbox / zlua.cast (box.c, R-BOX-1, R-ENUM-2). */
int zlua__lib_box(lua_State *L);
int zlua__lib_unbox(lua_State *L);
int zlua__lib_cast(lua_State *L);

/* zlua.new_ref (ref.c, R-REF-3). */
int zlua__lib_new_ref(lua_State *L);

/* zlua.to_table / zlua.to_bytes (array.c, R-ARR-1). */
int zlua__lib_to_table(lua_State *L);
int zlua__lib_to_bytes(lua_State *L);

/* generic.c: zlua.generic, zlua.typeof (R-GEN-1) */
int zlua__lib_generic(lua_State *L);
int zlua__lib_typeof(lua_State *L);

/* exception.c: zlua.exception(err) -> the C# exception behind err, or nil */
int zlua__lib_exception(lua_State *L);

#endif
