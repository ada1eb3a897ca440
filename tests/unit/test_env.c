/*
 * test_env.c -- zlua_env.h on the simulated IL2CPP, as a player uses it:
 * the generated stubs and delegate entries registered on each state an env
 * opens through the runtime part (zlua_env_set_runtime), the log, running
 * chunks, calling a global with an object[] behind a GC handle, a global as
 * a typed delegate, the owner thread, an env never freed while its Lua code
 * runs, and which state a C# -> Lua call reaches (R-ENV-1, R-ENV-3,
 * R-THREAD-1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>
#include <pthread.h>

#include "host_stubs.h"
#include "il2cpp-object-internals.h"
#include "sim.h"
#include "sim_fixtures.h"
#include "unit_support.h"
#include "zlua.h"
#include "zlua_env.h"
#include "zlua_rt.h"
#include "zlua_stub.h"

/* ---- the log ---------------------------------------------------------------------- */

typedef struct env_log {
    char lines[16][256];
    int kinds[16];
    int n;
} env_log;

static void log_fn(void *ud, int kind, const char *message)
{
    env_log *l = ud;
    if (kind == ZLUA_ENV_LOG_ZLUA || l->n == 16)
        return;   /* libzlua's notes depend on the catalog's members */
    /* the first line: an error's traceback follows it */
    l->kinds[l->n] = kind;
    snprintf(l->lines[l->n], sizeof l->lines[0], "%.*s", (int)strcspn(message, "\n"), message);
    l->n++;
}

/* The player's part: the generated tables on every state an env opens. */
static int open_state(lua_State *L)
{
    return host_register_stubs(L);
}

static const zlua_env_runtime runtime = {NULL, open_state, NULL};

static int setup(void **state)
{
    int rc = unit_setup_runtime(state);
    zlua_env_set_runtime(&runtime);
    return rc;
}

static int teardown(void **state)
{
    (void)state;
    zlua_env_set_runtime(NULL);
    return 0;
}

static zlua_env *env_new(env_log *l)
{
    memset(l, 0, sizeof *l);
    zlua_env *env = zlua_env_new(log_fn, l, 0);
    assert_non_null(env);
    return env;
}

static int run(zlua_env *env, const char *chunk)
{
    return zlua_env_dostring(env, chunk, strlen(chunk), "=test");
}

/* ---- running chunks ------------------------------------------------------------- */

static void test_env_runs_and_logs(void **state)
{
    (void)state;
    env_log l;
    zlua_env *env = env_new(&l);
    assert_int_equal(run(env, "print('hi', 1 + 1, nil)"), 0);
    assert_int_equal(l.n, 1);
    assert_int_equal(l.kinds[0], ZLUA_ENV_LOG_PRINT);
    assert_string_equal(l.lines[0], "hi\t2\tnil");
    assert_int_equal(run(env, "error('boom')"), 1);
    assert_int_equal(l.kinds[1], ZLUA_ENV_LOG_ERROR);
    assert_string_equal(l.lines[1], "test:1: boom");
    assert_int_equal(run(env, "x = = 1"), 1);   /* a syntax error is logged too */
    assert_int_equal(l.kinds[2], ZLUA_ENV_LOG_ERROR);
    assert_int_equal(zlua_env_set_arg(env, 1, "first"), 0);
    assert_int_equal(zlua_env_add_search_path(env, "/nonexistent"), 0);
    assert_int_equal(run(env, "assert(arg[1] == 'first') "
                              "assert(package.path:find('/nonexistent/?.lua', 1, true) == 1) "
                              "assert(CS.MyGame.Point2D(3, 4):Length() == 5)"), 0);
    assert_non_null(zlua_env_state(env));
    assert_int_equal(zlua_env_free(env), 0);
}

/* ---- calling a global ----------------------------------------------------------- */

static uintptr_t object_array(int32_t n, const char *s)
{
    Il2CppClass *object = sim_class("System.Object");
    Il2CppArray *a = il2cpp_array_new(object, 2);
    Il2CppObject **e = (Il2CppObject **)(void *)((char *)a + il2cpp_array_object_header_size());
    e[0] = il2cpp_value_box(sim_class("System.Int32"), &n);
    e[1] = (Il2CppObject *)il2cpp_string_new(s);
    return zlua_rt_gchandle_new((Il2CppObject *)a, 0);
}

static void test_env_call(void **state)
{
    (void)state;
    env_log l;
    zlua_env *env = env_new(&l);
    assert_int_equal(run(env, "function join(n, s) assert(math.type(n) == 'integer') "
                              "return s .. n end"), 0);
    uintptr_t args = object_array(7, "x");
    uintptr_t result = 0;
    assert_int_equal(zlua_env_call(env, "join", args, &result), 0);
    assert_true(result != 0);
    char buf[32];
    sim_string_to_utf8((Il2CppString *)(void *)zlua_rt_gchandle_target(result), buf, sizeof buf);
    assert_string_equal(buf, "x7");
    zlua_rt_gchandle_free(result);
    /* a non-function, and arguments that are not an object[] */
    assert_int_equal(zlua_env_call(env, "nosuch", 0, &result), 1);
    assert_int_equal(result, 0);
    assert_string_equal(l.lines[l.n - 1], "nosuch is not a function (a nil value)");
    Il2CppArray *ints = il2cpp_array_new(sim_class("System.Int32"), 1);
    uintptr_t bad = zlua_rt_gchandle_new((Il2CppObject *)ints, 0);
    assert_int_equal(zlua_env_call(env, "join", bad, &result), 1);
    assert_string_equal(l.lines[l.n - 1], "zlua: LuaEnv.Call's arguments are not an object[]");
    zlua_rt_gchandle_free(bad);
    zlua_rt_gchandle_free(args);
    assert_int_equal(zlua_env_free(env), 0);
}

/* ---- a global as a typed delegate ---------------------------------------------------- */

static const Il2CppType *counter_changed_type(void)
{
    FieldInfo *f;
    void *iter = NULL;
    while ((f = il2cpp_class_get_fields(sim_class("MyGame.Counter"), &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "Changed") == 0)
            return il2cpp_field_get_type(f);
    return NULL;
}

static void test_env_get_function(void **state)
{
    (void)state;
    env_log l;
    zlua_env *env = env_new(&l);
    assert_int_equal(run(env, "seen = 0 function on_changed(v) seen = seen + v end"), 0);
    const Il2CppType *action = counter_changed_type();
    assert_non_null(action);
    uintptr_t d = 0;
    if (!ZLUA_WITH_STUBS_BUILD) {
        /* a player without the type's generated entry: refused, saying so */
        assert_int_equal(zlua_env_get_function(env, "on_changed", action, &d), 1);
        assert_non_null(strstr(l.lines[l.n - 1], "no delegate entry for"));
        assert_int_equal(zlua_env_free(env), 0);
        return;
    }
    assert_int_equal(zlua_env_get_function(env, "on_changed", action, &d), 0);
    assert_true(d != 0);
    Il2CppDelegate *del = (Il2CppDelegate *)(void *)zlua_rt_gchandle_target(d);
    int32_t v = 5;
    void *args[1] = {&v};
    assert_null(zlua_delegate_invoke(del->target, args, NULL));
    assert_int_equal(run(env, "assert(seen == 5)"), 0);
    zlua_rt_gchandle_free(d);
    /* not a function; not a delegate type */
    assert_int_equal(zlua_env_get_function(env, "seen", action, &d), 1);
    assert_string_equal(l.lines[l.n - 1], "seen is not a function (a number value)");
    const Il2CppType *int32 = il2cpp_class_get_type(sim_class("System.Int32"));
    assert_int_equal(zlua_env_get_function(env, "on_changed", int32, &d), 1);
    assert_string_equal(l.lines[l.n - 1],
                        "zlua: LuaEnv.GetFunction<System.Int32>: not a delegate type");
    assert_int_equal(zlua_env_free(env), 0);
}

/* ---- owner thread, lifetime, which state a call reaches ------------------------------- */

typedef struct other_thread {
    zlua_env *env;
    int dostring, free, busy;
    lua_State *state;
} other_thread;

static void *other_thread_fn(void *p)
{
    other_thread *o = p;
    o->dostring = run(o->env, "touched = true");
    o->free = zlua_env_free(o->env);
    o->busy = zlua_env_busy(o->env);
    o->state = zlua_env_state(o->env);
    return NULL;
}

static zlua_env *g_env;   /* the env free_from_lua tries to free */

static int free_from_lua(lua_State *L)
{
    lua_pushinteger(L, zlua_env_free(g_env));
    lua_pushinteger(L, zlua_env_busy(g_env));
    lua_pushboolean(L, zlua_env_current() == L);
    return 3;
}

static void test_env_owner_and_lifetime(void **state)
{
    (void)state;
    env_log l;
    zlua_env *env = env_new(&l);
    lua_State *L = zlua_env_state(env);
    /* the most recent env of this thread is what a call reaches when no
     * Lua code runs */
    assert_ptr_equal(zlua_env_current(), L);
    assert_int_equal(zlua_env_thread_busy(), 0);
    /* another thread: refused, nothing touched */
    other_thread o = {env, 0, 0, 0, NULL};
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, other_thread_fn, &o), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_int_equal(o.dostring, 1);
    assert_int_equal(o.free, 1);
    assert_int_equal(o.busy, 1);
    assert_null(o.state);
    assert_int_equal(run(env, "assert(touched == nil)"), 0);
    /* freeing from inside its own Lua code: refused (busy), and the
     * running state is the env's */
    g_env = env;
    lua_pushcfunction(L, free_from_lua);
    lua_setglobal(L, "free_me");
    assert_int_equal(run(env, "local f, b, cur = free_me() "
                              "assert(f == 1 and b == 1 and cur == true)"), 0);
    assert_int_equal(zlua_env_free(env), 0);
    assert_null(zlua_env_current());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_env_runs_and_logs),
        cmocka_unit_test(test_env_call),
        cmocka_unit_test(test_env_get_function),
        cmocka_unit_test(test_env_owner_and_lifetime),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
