/* byref.h -- layout of a byref argument slot on the bridge frame. */
#ifndef ZLUA_BYREF_H
#define ZLUA_BYREF_H

#include "marshal/meta.h"

/* [ target pointer | pad | temp value ]: the temp starts 16 bytes in. */
#define ZLUA_BYREF_TEMP ((unsigned)ZLUA_BRIDGE_BYREF_TEMP)   /* zlua.h: stubs lay it out */

/* The true ref of a byref slot pm (lua-api.md, "ref, in and out"): the payload of a
 * ByValUserData of exactly its element type, stored at *dst, and 1; 0
 * for anything else (a handle, a value for a temp slot, nil), which the
 * slot's pop serves.  The userdata is never read before its length says
 * it is one of ours.  The first case of the byref pop, for the paths that
 * take it without the indirect call (bridge/method_call.h, bridge/bridge.c). */
static inline int zlua_byref_payload(lua_State *L, int idx, const zlua_meta *pm, void **dst)
{
    void *payload = pm->ref_cls != NULL ? zlua_ud_payload_of(L, idx, pm->ref_cls) : NULL;
    if (payload == NULL)
        return 0;
    *dst = payload;
    return 1;
}

#endif
