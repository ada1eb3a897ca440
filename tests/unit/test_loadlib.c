/*
 * test_loadlib.c -- zlua_loadlib_disable (src/lib/loadlib.c, R-LIB-1):
 * package.loadlib raises, require finds no C module (its C searchers are
 * gone wherever they stood) and still loads Lua files; a state without
 * zlua_open is refused, one without a package library is left alone.
 */
#define _DEFAULT_SOURCE   /* mkdtemp */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

#include "unit_support.h"
#include "zlua.h"

#define REFUSED "zlua: package.loadlib is disabled in this state (zlua_loadlib_disable)"

/* Runs chunk in L; its error message (NULL on success) in a static buffer. */
static const char *run(lua_State *L, const char *chunk)
{
    static char msg[512];
    if (luaL_dostring(L, chunk) == LUA_OK)
        return NULL;
    snprintf(msg, sizeof msg, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    return msg;
}

static void test_loadlib_raises(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    /* before: loadlib answers (nil, message, where) for a missing file */
    assert_null(run(L, "assert(select('#', package.loadlib('/nonexistent/x.so', 'f')) == 3)"));
    assert_int_equal(ZLUA_OK, zlua_loadlib_disable(L));
    assert_int_equal(0, lua_gettop(L));
    const char *err = run(L, "package.loadlib('/nonexistent/x.so', 'luaopen_debug')");
    assert_non_null(err);
    assert_non_null(strstr(err, REFUSED));
    /* package.loaded.package is the same table: covered as well */
    err = run(L, "package.loaded.package.loadlib('x', '*')");
    assert_non_null(err);
    assert_non_null(strstr(err, REFUSED));
    /* require and the global stay the embedder's; no probe module left */
    assert_null(run(L, "assert(package.loaded['zlua.loadlib.probe'] == nil)"));
    assert_null(run(L, "assert(require == package.loaded._G.require)"));
    /* twice is fine */
    assert_int_equal(ZLUA_OK, zlua_loadlib_disable(L));
    unit_state_close(L);
}

static void test_require_c_module_fails(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    /* a script reordered the searchers before the call: still found */
    assert_null(run(L, "local s = package.searchers\n"
                       "s[1], s[2], s[3], s[4] = s[4], s[3], s[2], s[1]\n"
                       "package.cpath = '/nonexistent/?.so'\n"
                       "N = #s"));
    assert_int_equal(ZLUA_OK, zlua_loadlib_disable(L));
    assert_null(run(L, "assert(#package.searchers == N - 2, #package.searchers)"));
    /* a C module (any name the cpath would find) is not even looked for */
    const char *err = run(L, "require('zlua_no_such_c_module')");
    assert_non_null(err);
    assert_non_null(strstr(err, "module 'zlua_no_such_c_module' not found"));
    assert_null(strstr(err, "/nonexistent/zlua_no_such_c_module.so"));
    unit_state_close(L);
}

static void test_require_lua_file_works(void **state)
{
    (void)state;
    char dir[] = "/tmp/zlua_loadlib_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/zlua_probe_mod.lua", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("return { answer = 42 }\n", f);
    fclose(f);

    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(ZLUA_OK, zlua_loadlib_disable(L));
    char chunk[512];
    snprintf(chunk, sizeof chunk,
             "package.path = '%s/?.lua'\n"
             "assert(require('zlua_probe_mod').answer == 42)\n"
             "package.preload.pre = function() return 'preloaded' end\n"
             "assert(require('pre') == 'preloaded')",
             dir);
    assert_null(run(L, chunk));
    unit_state_close(L);
    remove(path);
    rmdir(dir);
}

static void test_states_refused_or_untouched(void **state)
{
    (void)state;
    /* no zlua_open: ZLUA_ESTATE, nothing changed */
    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(ZLUA_ESTATE, zlua_loadlib_disable(L));
    assert_null(run(L, "assert(select('#', package.loadlib('/nonexistent/x.so', 'f')) == 3)"));
    lua_close(L);
    /* no package library: ZLUA_OK, nothing to do */
    L = luaL_newstate();
    assert_non_null(L);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    lua_pop(L, 1);
    assert_int_equal(ZLUA_OK, zlua_open(L));
    assert_int_equal(ZLUA_OK, zlua_loadlib_disable(L));
    assert_null(run(L, "assert(package == nil and require == nil)"));
    lua_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loadlib_raises),
        cmocka_unit_test(test_require_c_module_fails),
        cmocka_unit_test(test_require_lua_file_works),
        cmocka_unit_test(test_states_refused_or_untouched),
    };
    return cmocka_run_group_tests(tests, unit_setup_runtime, NULL);
}
