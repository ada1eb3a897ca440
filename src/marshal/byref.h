/* byref.h -- layout of a byref argument slot on the bridge frame. */
#ifndef ZLUA_BYREF_H
#define ZLUA_BYREF_H

#include <string.h>

#include "marshal/meta.h"
#include "marshal/ud.h"

/* [ target pointer | pad | temp value ]: the temp starts 16 bytes in. */
#define ZLUA_BYREF_TEMP ((unsigned)ZLUA_BRIDGE_BYREF_TEMP)   /* zlua.h: stubs lay it out */

/* The true ref of a byref slot pm (SPEC 5): the payload of a
 * ByValUserData of exactly its element type, stored at *dst, and 1; 0
 * for anything else (a handle, a value for a temp slot, nil), which the
 * slot's pop serves.  The userdata is never read before its length says
 * it is one of ours.  The first case of the byref pop, for the paths that
 * take it without the indirect call (bridge/method.c, bridge/stub.c). */
static inline int zlua_byref_payload(lua_State *L, int idx, const zlua_meta *pm, void **dst)
{
    const struct zlua_class *want = pm->ref_cls;
    if (want == NULL)
        return 0;
    const zlua_ud *u = (const zlua_ud *)lua_touserdata(L, idx);
    if (u == NULL || lua_rawlen(L, idx) < sizeof *u || u->magic != ZLUA_UD_BYVAL || u->cls != want)
        return 0;
    *dst = zlua_ud_payload(u);
    return 1;
}

#endif
