/* ctor.h -- constructors on type tables (R-CTOR-1). */
#ifndef ZLUA_CTOR_H
#define ZLUA_CTOR_H

#include <lua.h>

#include "class/class.h"

/* Installs T(...) (__call in tm), T._ctor and T._default (statics). */
void zlua__ctor_install(lua_State *L, zlua__class *cls, int statics, int tm);

/* Pushes a new instance of cls built from the Lua arguments
 * [base, base+n): a ByValUserData for value types, a ByObjUserData for
 * classes.  Raises on errors. */
int zlua__ctor_construct(lua_State *L, zlua__class *cls, int base, int n);

#endif
