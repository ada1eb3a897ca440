/*
 * host_stubs.h -- registers the generated MethodBridge stubs (build output
 * of tools/stubgen, linked when the build has ZLUA_STUBS) on a state, as a
 * player does right after zlua_open.  Without them every method keeps the
 * generic invoker; CI runs the suite both ways.
 */
#ifndef ZLUA_HOST_STUBS_H
#define ZLUA_HOST_STUBS_H

#include <stddef.h>

#include "zlua.h"

#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS
#define ZLUA_WITH_STUBS_BUILD 1
extern const zlua_stub_table zlua_generated_stubs;
extern const zlua_delegate_table zlua_generated_delegates;
#else
#define ZLUA_WITH_STUBS_BUILD 0
#endif

/* ZLUA_OK (also when the build has no stubs), or the registration's code. */
static inline int host_register_stubs(lua_State *L)
{
#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS
    int rc = zlua_stub_register(L, &zlua_generated_stubs);
    if (rc == ZLUA_OK)   /* and the delegate entries: Lua functions as delegates */
        rc = zlua_delegate_register(L, &zlua_generated_delegates);
    return rc;
#else
    (void)L;
    return ZLUA_OK;
#endif
}

#endif /* ZLUA_HOST_STUBS_H */
