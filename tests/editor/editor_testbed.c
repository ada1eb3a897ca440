/*
 * editor_testbed.c -- libzlua-mono-testbed.so: the `testbed` global of
 * the specs for a LuaEnv in the C# host (zlua-run.exe), over the shipped
 * backend (libzlua-mono.so, which it links) attached to the domain C#
 * runs in.  The C# host loads it through DllImport beside the backend.
 */
#define _GNU_SOURCE   /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdio.h>

#include "mono_rt.h"
#include "mono_testbed.h"
#include "testbed.h"
#include "testbed_rt.h"
#include "zlua_mono.h"

#define ZLUA_TESTBED_API __attribute__((visibility("default")))

static testbed_alloc zt_counter;

int testbed_rt_add_assembly(const char *path)
{
    fprintf(stderr, "testbed: %s: the C# host opens assemblies itself\n", path);
    return -1;
}

int testbed_rt_init(void)
{
    return zm.domain != NULL ? 0 : -1;
}

/* The launcher's profiler count (zlua-mono): the runtime was started
 * before this library was loaded, too late to install one here. */
uint64_t testbed_rt_gc_allocs(void)
{
    static uint64_t (*count)(void);
    if (count == NULL) {
        void *p = dlsym(RTLD_DEFAULT, "zlua_launcher_gc_allocs");
        if (p == NULL)
            return 0;
        *(void **)&count = p;
    }
    return count();
}

/* The testbed's counting allocator for the states LuaEnv makes from now
 * on: handed to the backend C to C (zlua_env_set_default_alloc), as
 * no address ever goes through LuaEnv's managed API. */
ZLUA_TESTBED_API void zlua_editor_testbed_use_alloc(void);
ZLUA_TESTBED_API void zlua_editor_testbed_use_alloc(void)
{
    zlua_env_set_default_alloc(testbed_alloc_fn, &zt_counter);
}

/* After the LuaEnv is made: testbed, as zlua-run's (testbed.c). */
ZLUA_TESTBED_API int zlua_editor_testbed_open(lua_State *L);
ZLUA_TESTBED_API int zlua_editor_testbed_open(lua_State *L)
{
    if (testbed_rt_init() != 0)
        return -1;
    zm_testbed_install();
    testbed_rt_set_lua_state(L);
    /* testbed_open takes the state's log from the env: libzlua's lines
     * still reach stderr, where zlua-run.exe's log callback puts them */
    zt_counter.echo = stderr;
    testbed_open(L, &zt_counter);
    lua_getglobal(L, "testbed");
    lua_pushstring(L, "default");
    lua_setfield(L, -2, "gc_mode");
    lua_pushboolean(L, 1);   /* every delegate type has an entry on Mono */
    lua_setfield(L, -2, "delegates");
    lua_pushstring(L, "live");
    lua_setfield(L, -2, "marshal");
    lua_pushstring(L, "editor");
    lua_setfield(L, -2, "host");
    lua_pop(L, 1);
    return 0;
}

/* The fixtures' XML rules, compiled (cmake/marshal.cmake), as zlua-run's
 * live mode registers them beside the attributes LuaEnv reads: before
 * the first LuaEnv, since rules must precede the states that bind. */
extern const zlua_marshal_table zlua_fixture_marshal_xml[];
extern const size_t zlua_fixture_marshal_xml_count;

ZLUA_TESTBED_API int zlua_editor_testbed_register_xml(void);
ZLUA_TESTBED_API int zlua_editor_testbed_register_xml(void)
{
    return zlua_rules_register(zlua_fixture_marshal_xml,
                                                zlua_fixture_marshal_xml_count);
}
