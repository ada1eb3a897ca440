/*
 * testbed_sim.c -- testbed_rt.h on the simulated IL2CPP.
 */
#include "testbed_rt.h"

#include <stdio.h>

#include "host_stubs.h"
#include "sim.h"
#include "zlua_env.h"

const char testbed_rt_name[] = "sim";

int testbed_rt_add_assembly(const char *path)
{
    fprintf(stderr, "zlua-run: --assembly %s: the simulated runtime has its own catalog and "
                    "opens no assembly (zlua-run-mono does)\n", path);
    return -1;
}

int testbed_rt_add_rules(const char *path)
{
    fprintf(stderr, "zlua-run: --rules %s: the simulated runtime's rules are compiled in "
                    "(zlua-run-mono reads rule files)\n", path);
    return -1;
}

int testbed_rt_init(void)
{
    sim_gc_init();
    sim_init();
    return 0;
}

int testbed_rt_open(lua_State *L)
{
    (void)L;
    /* the generated entries come with the stubs (host_stubs.h) */
    return ZLUA_WITH_STUBS_BUILD;
}

/* The state [LuaInvoke] methods reach (their IC stubs ask
 * zlua_env_current), as on Mono's testbed. */
void testbed_rt_set_lua_state(lua_State *L)
{
    zlua_env_set_host_state(L);
}

lua_State *testbed_rt_lua_state(void)
{
    return zlua_env_host_state();
}

void testbed_rt_collect(void)
{
    sim_collect();
}

uint64_t testbed_rt_gc_allocs(void)
{
    return sim_gc_alloc_count();
}

int testbed_rt_track(Il2CppObject *obj)
{
    return sim_track(obj);
}

int testbed_rt_alive(int id)
{
    return sim_alive(id);
}

int testbed_rt_throw_next(const char *ns, const char *name, const char *msg)
{
    sim_throw_next(ns, name, msg);
    return 1;
}

int testbed_rt_fail_next(const char *op, int nth)
{
    return sim_fail_next(op, nth);
}
