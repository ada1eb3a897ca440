/*
 * zlua_run.c -- `zlua-run [--assembly FILE.dll]... [--rules FILE.xml]...
 * FILE.lua [ARGS...]`: the embedding host used by the tour, the Lua specs
 * (busted runs inside it) and by hand.  --assembly (zlua-run-mono only)
 * opens a game's own assemblies instead of the fixtures, any file name,
 * their references found beside them; --rules (zlua-run-mono only) reads
 * a project's XML rule file as the Editor does.
 *
 * ZLUA_RUN_GC=inc|gen runs the Lua collector at its most aggressive
 * (incremental with pause 0 and minimal steps, or generational with minor
 * multiplier 1; see testbed.h); unset or "default" keeps Lua's defaults.
 *
 * libzlua's log lines go to stderr as they come (and to testbed.logs()).
 *
 * Exit status: 0 when the chunk completes, 1 with the message and a
 * traceback on stderr when it raises, 2 on usage or setup errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "host_marshal.h"
#include "testbed.h"
#include "testbed_rt.h"

static int zlua_run_traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL)
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* arg[0] = script, arg[1..] = its arguments (as the lua executable). */
static void zlua_run_set_args(lua_State *L, int argc, char **argv)
{
    lua_createtable(L, argc - 2, 2);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - 1);
    }
    lua_setglobal(L, "arg");
}

int main(int argc, char **argv)
{
    const char *self = argv[0];
    while (argc >= 3) {
        int rc;
        if (strcmp(argv[1], "--assembly") == 0)
            rc = testbed_rt_add_assembly(argv[2]);
        else if (strcmp(argv[1], "--rules") == 0)
            rc = testbed_rt_add_rules(argv[2]);
        else
            break;
        if (rc != 0)
            return 2;
        argv[2] = argv[0];   /* the script stays argv[1], as below */
        argc -= 2;
        argv += 2;
    }
    if (argc < 2 || strncmp(argv[1], "--", 2) == 0) {
        fprintf(stderr, "usage: %s [--assembly FILE.dll]... [--rules FILE.xml]... FILE.lua [ARGS...]\n",
                self);
        return 2;
    }
    /* ZLUA_RUN_GC=inc|gen: the Lua collector at its most aggressive
     * (testbed.h), applied right after the state is created. */
    const char *gc_env = getenv("ZLUA_RUN_GC");
    int gc_mode = testbed_gc_mode_parse(gc_env);
    if (gc_mode < 0) {
        fprintf(stderr, "zlua-run: ZLUA_RUN_GC must be inc, gen or default, not '%s'\n",
                gc_env);
        return 2;
    }
    /* libzlua's log lines (an invalid rule, a method Lua cannot call) on
     * stderr as they come, as LuaEnv hands them to its log callback: a
     * user running a game here sees them (testbed.logs() still has them) */
    testbed_alloc counter = {.echo = stderr};
    lua_State *L = testbed_new_state_gc(&counter, (testbed_gc_mode)gc_mode);
    if (L == NULL) {
        fprintf(stderr, "zlua-run: cannot create the Lua state\n");
        return 2;
    }
    if (host_register_marshal(L) != 0) {
        lua_close(L);
        return 2;
    }
    zlua_run_set_args(L, argc, argv);
    lua_pushcfunction(L, zlua_run_traceback);
    int status = luaL_loadfile(L, argv[1]);
    if (status == LUA_OK) {
        for (int i = 2; i < argc; i++)
            lua_pushstring(L, argv[i]);
        status = lua_pcall(L, argc - 2, 0, 1);
    }
    if (status != LUA_OK)
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
    /* busted reports through os.exit, which closes the state itself */
    lua_close(L);
    testbed_rt_set_lua_state(NULL);
    return status == LUA_OK ? 0 : 1;
}
