/*
 * test_policy.c -- the embedder's policy of reachable types (R-POLICY-1)
 * through the C API: what zlua_policy_* accept and refuse, and that a
 * type's judgement is made once, where it becomes reachable.
 * lua/spec/policy_spec.lua runs the Lua-visible cases on every host.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

static lua_State *new_state(unit_alloc *a)
{
    unit_alloc_init(a);
    lua_State *L = unit_state_new(unit_alloc_fn, a);
    assert_non_null(L);
    return L;
}

/* Runs chunk; NULL when it succeeded, else its message (on the stack). */
static const char *run(lua_State *L, const char *chunk)
{
    if (luaL_dostring(L, chunk) == LUA_OK)
        return NULL;
    return lua_tostring(L, -1);
}

static void expect_denied(lua_State *L, const char *chunk, const char *name)
{
    const char *msg = run(L, chunk);
    assert_non_null(msg);
    char want[256];
    snprintf(want, sizeof want, "type not accessible: %s", name);
    if (strstr(msg, want) == NULL)
        fail_msg("\"%s\" does not say \"%s\"", msg, want);
    lua_pop(L, 1);
}

static void test_arguments(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    assert_int_equal(zlua_policy_deny(NULL, "A.*"), ZLUA_EINVAL);
    assert_int_equal(zlua_policy_deny(L, NULL), ZLUA_EINVAL);
    static const char *const bad[] = {"", "A..B", "*.A", "A.*.*", "[A", "[]", "A B", "A.",
                                      ".A", "A+", "A,B", "List`1[System.Int32]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(zlua_policy_deny(L, bad[i]), ZLUA_EINVAL);
        assert_int_equal(zlua_policy_allow(L, bad[i]), ZLUA_EINVAL);
    }
    static const char *const good[] = {"*", "[Assembly-CSharp]", "[Game.dll]", "MyGame.*",
                                       "MyGame.Point2D", "Outer+Inner", "System.Collections.Generic.List`1"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_int_equal(zlua_policy_allow(L, good[i]), ZLUA_OK);
    assert_int_equal(zlua_policy_preset(L, 0), ZLUA_EINVAL);
    assert_int_equal(zlua_policy_preset(NULL, ZLUA_POLICY_MODS), ZLUA_EINVAL);
    assert_int_equal(zlua_policy_preset(L, ZLUA_POLICY_MODS), ZLUA_OK);
    unit_state_close(L);
}

static void test_without_zlua_open(void **state)
{
    (void)state;
    unit_alloc a;
    unit_alloc_init(&a);
    lua_State *L = unit_state_new_bare(unit_alloc_fn, &a);
    assert_non_null(L);
    assert_int_equal(zlua_policy_deny(L, "MyGame.*"), ZLUA_ESTATE);
    assert_int_equal(zlua_policy_preset(L, ZLUA_POLICY_MODS), ZLUA_ESTATE);
    lua_close(L);
}

/* Once a type was judged, rules cannot change what was decided. */
static void test_frozen_after_first_bind(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    assert_int_equal(zlua_policy_deny(L, "MyGame.Color"), ZLUA_OK);
    assert_null(run(L, "assert(CS.Demo.Add(1, 2) == 3)"));
    assert_int_equal(zlua_policy_deny(L, "Demo"), ZLUA_ESTATE);
    assert_int_equal(zlua_policy_allow(L, "MyGame.Color"), ZLUA_ESTATE);
    assert_int_equal(zlua_policy_preset(L, ZLUA_POLICY_MODS), ZLUA_ESTATE);
    expect_denied(L, "return CS.MyGame.Color", "MyGame.Color");
    assert_null(run(L, "assert(CS.Demo.Add(2, 2) == 4)"));
    unit_state_close(L);
}

/* The most specific rule decides; between equals, the later one. */
static void test_precedence(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    assert_int_equal(zlua_policy_deny(L, "*"), ZLUA_OK);
    assert_int_equal(zlua_policy_allow(L, "[Assembly-CSharp]"), ZLUA_OK);
    assert_int_equal(zlua_policy_deny(L, "MyGame.*"), ZLUA_OK);
    assert_int_equal(zlua_policy_allow(L, "MyGame.Point2D"), ZLUA_OK);
    assert_int_equal(zlua_policy_deny(L, "Demo"), ZLUA_OK);
    assert_int_equal(zlua_policy_allow(L, "Demo"), ZLUA_OK);   /* later: allowed */
    assert_null(run(L, "assert(CS.MyGame.Point2D(1, 2).y == 2)"));
    assert_null(run(L, "assert(CS.Demo.Add(1, 1) == 2)"));
    expect_denied(L, "return CS.MyGame.Color", "MyGame.Color");
    expect_denied(L, "return CS.System.String", "System.String");
    /* a value of a denied type C# hands over (System.Object's view) */
    expect_denied(L, "return CS.Demo.Box(1)", "System.Object");
    unit_state_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_without_zlua_open),
        cmocka_unit_test(test_frozen_after_first_bind),
        cmocka_unit_test(test_precedence),
    };
    sim_init();
    return cmocka_run_group_tests(tests, NULL, NULL);
}
