/*
 * test_runtime.c -- the player runtime contract from C:
 * static constructors on every kind of first access (R-RT-2), each in a
 * fresh state with the simulation's class init forgotten, as in a fresh
 * process; the simulation failing loudly where a player would (a
 * forgotten class init, a null `this`); a C# caller of a failing Lua
 * function receiving the managed exception (R-IC-1); the Lua stack
 * restored after a throwing call (R-RT-1).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "sim.h"
#include "unit_support.h"
#include "zlua.h"
#include "zlua_rt.h"


/* One kind of first access, then the state the static constructor left. */
static void first_access(const char *kind)
{
    assert_int_equal(sim_reset_class_init("MyGame.Config"), 1);
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(unit_dostring(L, kind), 0);
    assert_int_equal(unit_dostring(L,
        "local C = CS.MyGame.Config\n"
        "assert(C.Loaded == true, 'Loaded')\n"
        "assert(C.Inits == 1, 'Inits ' .. tostring(C.Inits))\n"
        "assert(C.Get() == C.Version, 'Get')\n"
        "assert(C.Inits == 1, 'Inits stays 1')"), 0);
    unit_state_close(L);
}

static void test_config_every_first_access(void **state)
{
    (void)state;
    first_access("assert(CS.MyGame.Config.Version == 3)");
    first_access("assert(CS.MyGame.Config.Loaded == true)");
    first_access("assert(CS.MyGame.Config.Inits == 1)");
    first_access("assert(CS.MyGame.Config.Get() == 3)");
    first_access("local get = CS.MyGame.Config.Get; assert(get() == 3)");
    first_access("assert(CSharp['Assembly-CSharp']['MyGame.Config'].Version == 3)");
    /* a write: the constructor runs before it, not over it */
    first_access("CS.MyGame.Config.Version = 7; assert(CS.MyGame.Config.Version == 7)");
}

/* Runs fn in a child process; returns the signal that ended it (0: exit). */
static int child_signal(void (*fn)(void))
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fn();
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

static void read_config_without_init(void)
{
    (void)sim_reset_class_init("MyGame.Config");
    void *iter = NULL;
    FieldInfo *f = il2cpp_class_get_fields(sim_class("MyGame.Config"), &iter);
    int32_t v;
    il2cpp_field_static_get_value(f, &v);   /* no class init first */
}

static void test_forgotten_class_init_crashes(void **state)
{
    (void)state;
    assert_int_equal(child_signal(read_config_without_init), SIGABRT);
}

static void invoke_with_null_this(void)
{
    const MethodInfo *move = sim_method("MyGame.Player", "Move", 2);
    float dx = 1, dy = 2;
    void *args[2] = {&dx, &dy};
    (void)zlua_rt_invoke(move, NULL, args, NULL);
}

static void test_null_this_crashes_like_a_player(void **state)
{
    (void)state;
    assert_int_equal(child_signal(invoke_with_null_this), SIGABRT);
}

/* The C# side of Demo.InvokeWithRefInt, called as C# would call it. */
static void test_csharp_caller_gets_the_lua_error(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(unit_dostring(L, "function Fails() error('lua side failed', 0) end"), 0);
    int top = lua_gettop(L);
    const MethodInfo *m = sim_method("Demo", "InvokeWithRefInt", 2);
    Il2CppString *fn = il2cpp_string_new("Fails");
    int32_t start = 5, ret = 0;
    void *args[2] = {fn, &start};
    Il2CppException *exc = zlua_rt_invoke(m, NULL, args, &ret);
    assert_non_null(exc);
    char msg[256];
    il2cpp_format_exception(exc, msg, (int)sizeof msg);
    msg[sizeof msg - 1] = '\0';
    assert_string_equal(msg, "System.InvalidOperationException: lua side failed");
    assert_int_equal(lua_gettop(L), top);
    zlua_stats s;
    assert_int_equal(zlua_state_stats(L, &s), ZLUA_OK);
    assert_int_equal(s.scope_depth, 0);
    assert_int_equal(s.handles, 0);
    unit_state_close(L);
}

static int pcall_string(lua_State *L, const char *code)
{
    if (luaL_loadstring(L, code) != LUA_OK)
        return -1;
    return lua_pcall(L, 0, 0, 0);
}

static void test_throwing_calls_restore_the_lua_stack(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    int top = lua_gettop(L);
    for (int i = 0; i < 100; i++) {
        assert_int_equal(pcall_string(L, "return CS.Demo.Throw('x')"), LUA_ERRRUN);
        assert_non_null(strstr(lua_tostring(L, -1),
                               "System.InvalidOperationException: x (in Demo.Throw)"));
        lua_pop(L, 1);
        assert_int_equal(lua_gettop(L), top);
        assert_int_equal(sim_fail_next("string_new", 1), 1);
        assert_int_equal(pcall_string(L, "return CS.Demo.Concat('a', 'b')"), LUA_ERRRUN);
        lua_pop(L, 1);
        assert_int_equal(lua_gettop(L), top);
    }
    assert_int_equal(unit_dostring(L, "assert(CS.Demo.Concat('a', 'b') == 'ab')"), 0);
    unit_state_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_every_first_access),
        cmocka_unit_test(test_forgotten_class_init_crashes),
        cmocka_unit_test(test_null_this_crashes_like_a_player),
        cmocka_unit_test(test_csharp_caller_gets_the_lua_error),
        cmocka_unit_test(test_throwing_calls_restore_the_lua_stack),
    };
    return cmocka_run_group_tests(tests, unit_setup_runtime, NULL);
}
