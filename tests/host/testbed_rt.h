/*
 * testbed_rt.h -- what the test hosts need from the runtime they run on:
 * the simulated IL2CPP (testbed_sim.c) or Mono (tests/mono/mono_host.c).
 * One of the two is linked into each host binary.
 */
#ifndef ZLUA_TESTBED_RT_H
#define ZLUA_TESTBED_RT_H

#include <stdint.h>

#include <lua.h>

#include "zlua.h"

/* "sim" or "mono" (testbed.runtime in Lua). */
extern const char testbed_rt_name[];

/* Before testbed_rt_init: a game assembly to open instead of the
 * fixtures (zlua-run --assembly FILE.dll); its references are found
 * beside it.  0, or -1 with a message on stderr (the simulation has no
 * assemblies to open). */
int testbed_rt_add_assembly(const char *path);
/* Before testbed_rt_init: a project's XML rule file (zlua-run --rules
 * FILE.xml), read as the Editor reads it (LuaEnv.LoadMarshalRules) when
 * the runtime starts.  0, or -1 with a message on stderr (the simulation
 * has its rules compiled in). */
int testbed_rt_add_rules(const char *path);

/* Starts the runtime once per process (idempotent); 0 on success, else a
 * message on stderr. */
int testbed_rt_init(void);

/* After zlua_open (and the generated stubs): what the runtime registers
 * on a new state.  Returns 1 when Lua functions can become delegates
 * there (delegate entries registered), 0 when not, -1 on failure. */
int testbed_rt_open(lua_State *L);

/* The state C# code calls into where the runtime's fixtures call Lua
 * without a delegate (the simulation's IC bodies); NULL when it closes. */
void testbed_rt_set_lua_state(lua_State *L);
lua_State *testbed_rt_lua_state(void);

/* A full managed collection, then pending finalizers. */
void testbed_rt_collect(void);
/* Managed allocations so far. */
uint64_t testbed_rt_gc_allocs(void);
/* Watches obj without keeping it alive: an id >= 1, 0 on failure; alive
 * answers 1 until the object is collected. */
int testbed_rt_track(Il2CppObject *obj);
int testbed_rt_alive(int id);

/* Fault injection: the next C# call throws ns.name(msg); the nth runtime
 * operation `op` throws what that operation throws in IL2CPP.  0: the
 * exception type or the operation is unknown (the caller raises a Lua
 * error saying so). */
int testbed_rt_throw_next(const char *ns, const char *name, const char *msg);
int testbed_rt_fail_next(const char *op, int nth);

#endif
