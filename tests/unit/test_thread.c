/*
 * test_thread.c -- zlua_open on threads attached and not attached to the
 * runtime.
 *
 * IL2CPP's Boehm collector does not discover threads: it scans the stack
 * of a thread only once the thread called il2cpp_thread_attach.  A Lua
 * state run on an unattached thread would keep managed references where
 * no collection looks, so zlua_open refuses such a thread.  The threads
 * here are made with the plain pthread_create (this file does not include
 * gc.h, whose GC_THREADS redirect would register them with the collector),
 * so they start out unknown to the runtime, like a thread a player's
 * native plugin starts.
 *
 * cmocka's assertions must run on the test's own thread (they longjmp),
 * so the worker threads record what they saw and the test asserts after
 * pthread_join.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sim.h"
#include "zlua.h"

#define UNATTACHED_MESSAGE                                                  \
    "zlua_open: the calling thread is not attached to the IL2CPP runtime "  \
    "(il2cpp_thread_attach)"

typedef struct worker {
    lua_State *L;                 /* a state to open (NULL: a fresh one) */
    int current_before;           /* il2cpp_thread_current() != NULL */
    int rc_unattached;            /* zlua_open before attaching */
    int pushed_unattached;        /* values it pushed */
    char message[160];            /* the string it pushed */
    int stats_unattached;         /* zlua_state_stats after the refusal */
    int cs_unattached;            /* lua_getglobal(L, "CS") type after it */
    int attach_ok, attach_same;   /* attach gives the current thread, twice */
    int rc_attached;              /* zlua_open after attaching */
    int pushed_attached;
    long long add;                /* CS.Demo.Add(2, 3) on the attached thread */
    int current_after_detach;
    int rc_after_detach;          /* zlua_open on a fresh state, detached */
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    w->current_before = il2cpp_thread_current() != NULL;
    lua_State *L = w->L ? w->L : luaL_newstate();
    if (w->L == NULL)
        luaL_openlibs(L);
    int top = lua_gettop(L);
    w->rc_unattached = zlua_open(L);
    w->pushed_unattached = lua_gettop(L) - top;
    if (w->pushed_unattached == 1 && lua_type(L, -1) == LUA_TSTRING)
        snprintf(w->message, sizeof w->message, "%s", lua_tostring(L, -1));
    lua_settop(L, top);
    zlua_stats st;
    w->stats_unattached = zlua_state_stats(L, &st);
    w->cs_unattached = lua_getglobal(L, "CS");
    lua_settop(L, top);

    Il2CppThread *t = il2cpp_thread_attach(il2cpp_domain_get());
    w->attach_ok = t != NULL && il2cpp_thread_current() == t;
    w->attach_same = il2cpp_thread_attach(il2cpp_domain_get()) == t;
    w->rc_attached = zlua_open(L);
    w->pushed_attached = lua_gettop(L) - top;
    if (luaL_dostring(L, "return CS.Demo.Add(2, 3)") == LUA_OK)
        w->add = (long long)lua_tointeger(L, -1);
    lua_settop(L, top);
    if (w->L == NULL)
        lua_close(L);   /* while attached: closing may touch managed memory */

    il2cpp_thread_detach(t);
    w->current_after_detach = il2cpp_thread_current() != NULL;
    lua_State *fresh = luaL_newstate();
    w->rc_after_detach = zlua_open(fresh);
    lua_close(fresh);
    return NULL;
}

static void run_worker(worker *w)
{
    /* tools/build32.sh under qemu-i386, which breaks bdwgc's stop-the-world
     * signals once a second thread is registered */
    if (getenv("ZLUA_SKIP_THREAD_TESTS") != NULL)
        skip();
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, worker_main, w), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
}

/* The thread that started the runtime is attached, as a player's is. */
static void test_main_thread_is_attached(void **state)
{
    (void)state;
    sim_gc_init();
    sim_init();
    Il2CppThread *t = il2cpp_thread_current();
    assert_non_null(t);
    assert_ptr_equal(il2cpp_thread_attach(il2cpp_domain_get()), t);
    /* detaching NULL changes nothing */
    il2cpp_thread_detach(NULL);
    assert_ptr_equal(il2cpp_thread_current(), t);
}

/* A thread that never attached: ZLUA_ESTATE, the reason pushed, and the
 * state untouched (no context, no globals); attached, the same state
 * opens and runs; detached again, it is refused again. */
static void test_open_refuses_unattached_thread(void **state)
{
    (void)state;
    sim_gc_init();
    sim_init();
    worker w;
    memset(&w, 0, sizeof w);
    run_worker(&w);
    assert_false(w.current_before);
    assert_int_equal(w.rc_unattached, ZLUA_ESTATE);
    assert_int_equal(w.pushed_unattached, 1);
    assert_string_equal(w.message, UNATTACHED_MESSAGE);
    assert_int_equal(w.stats_unattached, ZLUA_ESTATE);   /* no context made */
    assert_int_equal(w.cs_unattached, LUA_TNIL);
    assert_true(w.attach_ok);
    assert_true(w.attach_same);
    assert_int_equal(w.rc_attached, ZLUA_OK);
    assert_int_equal(w.pushed_attached, 0);
    assert_int_equal(w.add, 5);
    assert_false(w.current_after_detach);
    assert_int_equal(w.rc_after_detach, ZLUA_ESTATE);
    /* the main thread stays attached throughout */
    assert_non_null(il2cpp_thread_current());
}

/* A state opened on the main thread and then handed to an unattached
 * thread: zlua_open there is refused too (not the usual no-op), and the
 * state keeps its context and globals. */
static void test_reopen_from_unattached_thread(void **state)
{
    (void)state;
    sim_gc_init();
    sim_init();
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(lua_gettop(L), 0);
    worker w;
    memset(&w, 0, sizeof w);
    w.L = L;
    run_worker(&w);
    assert_int_equal(w.rc_unattached, ZLUA_ESTATE);
    assert_int_equal(w.pushed_unattached, 1);
    assert_string_equal(w.message, UNATTACHED_MESSAGE);
    assert_int_equal(w.stats_unattached, ZLUA_OK);   /* still opened */
    assert_int_equal(w.cs_unattached, LUA_TTABLE);
    assert_int_equal(w.rc_attached, ZLUA_OK);        /* the no-op */
    assert_int_equal(w.add, 5);
    assert_int_equal(lua_gettop(L), 0);
    lua_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_main_thread_is_attached),
        cmocka_unit_test(test_open_refuses_unattached_thread),
        cmocka_unit_test(test_reopen_from_unattached_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
