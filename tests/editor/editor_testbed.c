/*
 * editor_testbed.c -- the `testbed` global of the specs for a LuaEnv in
 * the C# host (zlua-run.exe).  In the Editor's configuration it is
 * libzlua-mono-testbed.so, over the shipped backend (libzlua-mono.so,
 * which it links) attached to the domain C# runs in, loaded through
 * DllImport beside the backend.  Built with ZLUA_TESTBED_PLAYER it is
 * linked into zlua-player-host instead (DllImport("__Internal")), where
 * a player's rules are its compiled tables.
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
#ifdef ZLUA_TESTBED_PLAYER
    lua_pushstring(L, "tables");
    lua_setfield(L, -2, "marshal");
    lua_pushstring(L, "player");
#else
    lua_pushstring(L, "live");
    lua_setfield(L, -2, "marshal");
    lua_pushstring(L, "editor");
#endif
    lua_setfield(L, -2, "host");
    lua_pop(L, 1);
    return 0;
}

/* The fixtures' rules before the first LuaEnv, since rules must precede
 * the states that bind (cmake/marshal.cmake compiles them).  The Editor:
 * the XML rules compiled, as zlua-run's live mode registers them beside
 * the attributes LuaEnv reads.  A player: every rule compiled, attributes
 * and XML, as a player build registers them. */
#ifdef ZLUA_TESTBED_PLAYER
extern const zlua_marshal_table zlua_fixture_marshal[];
extern const size_t zlua_fixture_marshal_count;
#define ZT_RULES zlua_fixture_marshal
#define ZT_RULES_COUNT zlua_fixture_marshal_count
#else
extern const zlua_marshal_table zlua_fixture_marshal_xml[];
extern const size_t zlua_fixture_marshal_xml_count;
#define ZT_RULES zlua_fixture_marshal_xml
#define ZT_RULES_COUNT zlua_fixture_marshal_xml_count
#endif

ZLUA_TESTBED_API int zlua_editor_testbed_register_rules(void);
ZLUA_TESTBED_API int zlua_editor_testbed_register_rules(void)
{
    return zlua_rules_register(ZT_RULES, ZT_RULES_COUNT);
}
