/*
 * host_marshal.h -- the [LuaMarshalAs] rule tables zlua-run registers
 *, chosen by ZLUA_RUN_MARSHAL:
 *   tables            the fixture tables the build compiled from the
 *                     attributes and the XML files (the IL2CPP path; the
 *                     default on the simulation)
 *   live              the XML part of those, plus the attributes read
 *                     live and registered unvalidated (the Mono path; the
 *                     default on Mono)
 *   variant           the tables compiled from tests/marshal/variant/
 *   none              no rules
 */
#ifndef HOST_MARSHAL_H
#define HOST_MARSHAL_H

#include <lua.h>

/* 0, or -1 with a message on stderr.  L: the opened state. */
int host_register_marshal(lua_State *L);

#endif
