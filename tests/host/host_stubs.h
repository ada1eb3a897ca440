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

/* R-IC-3: the IC stubs of the fixtures' [LuaInvoke] methods registered as
 * their internal calls, once per process, as LuaEnv does in a player.  1
 * when they are: a simulated host (which links the generated file with or
 * without registering its MethodBridge stubs) or a Mono host that links it
 * (ZLUA_TESTBED_IC), the player host, whose LuaEnv registered them
 * already (ZLUA_TESTBED_IC_ENV); 0 for a host without them (those methods
 * throw MissingMethodException); -1 when the registration failed. */
#if defined(ZLUA_TESTBED_IC)
extern const zlua_ic_table zlua_generated_ic;
#endif
static inline int host_register_ic(void)
{
#if defined(ZLUA_TESTBED_IC_ENV)
    return 1;
#elif defined(ZLUA_TESTBED_IC)
    static int done;
    if (done == 0)
        done = zlua_ic_register(&zlua_generated_ic, NULL) == ZLUA_OK ? 1 : -1;
    return done;
#else
    return 0;
#endif
}

#endif /* ZLUA_HOST_STUBS_H */
