/*
 * test_gc_shim.c -- the bdwgc push-root shim (R-GC-1, R-GC-3).
 *
 * A dummy push_other_roots hook is installed before the first
 * registration of the process, so the tests can see that the shim chains
 * to whatever was there before it.  The dummy forwards to the collector's
 * own hook, which is the one that scans thread stacks.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <spawn.h>
#include <sys/wait.h>

#ifndef GC_THREADS
#define GC_THREADS
#endif
#include <gc.h>
#include <gc/gc_mark.h>
#include <pthread.h>

#include "gc/gc_shim.h"
#include "unit_support.h"
#include "zlua.h"

static const char *self_path;

/* ---- the dummy "previous" hook ------------------------------------------ */

static GC_push_other_roots_proc collector_hook;  /* bdwgc's own */
static atomic_int dummy_runs;
static atomic_int sequence;     /* orders callback vs. dummy runs */
static atomic_int dummy_seq;

static void GC_CALLBACK dummy_hook(void)
{
    atomic_fetch_add(&dummy_runs, 1);
    atomic_store(&dummy_seq, atomic_fetch_add(&sequence, 1));
    if (collector_hook != NULL)
        collector_hook();
}

/* ---- simple callbacks --------------------------------------------------- */

static atomic_int count_runs;
static atomic_int count_seq;

static void count_cb(zlua_gc_push_fn push_all)
{
    assert_non_null(push_all);
    atomic_fetch_add(&count_runs, 1);
    atomic_store(&count_seq, atomic_fetch_add(&sequence, 1));
}

/* ---- callbacks pushing test-owned ranges -------------------------------- */

/* malloc'd, so not scanned by the collector on its own; the static only
 * holds the malloc address (data segments are not roots anyway). */
static void **ranges;
static size_t nranges;
static int ranges_one_each;   /* 1: push every word as its own range */

static void ranges_cb(zlua_gc_push_fn push_all)
{
    if (ranges_one_each) {
        for (size_t i = 0; i < nranges; i++)
            push_all(&ranges[i], &ranges[i + 1]);
    } else if (nranges != 0) {
        push_all(ranges, ranges + nranges);
    }
}

/* Call with the callback registered: allocating may collect, and each
 * object must be rooted (nranges covers it) before the next allocation. */
static UNIT_NOINLINE void fill_ranges(size_t n, volatile unsigned char *flags)
{
    ranges = calloc(n + 1, sizeof *ranges);
    assert_non_null(ranges);
    for (size_t i = 0; i < n; i++) {
        ranges[i] = unit_tracked_new(16, i, flags);
        nranges = i + 1;
    }
}

/* R-GC-1: the first registration replaces the previous hook with the
 * shim's, which calls the callbacks and then the previous hook; the chain
 * survives the last unregistration. */
static void test_chains_previous_hook(void **state)
{
    (void)state;
    assert_true(GC_get_push_other_roots() == dummy_hook);
    assert_int_equal(zlua_gc_register_push_root_callback(count_cb), ZLUA_OK);
    assert_true(GC_get_push_other_roots() != dummy_hook);

    atomic_store(&dummy_runs, 0);
    atomic_store(&count_runs, 0);
    unit_gc_collect(1);
    assert_true(atomic_load(&count_runs) >= 1);
    assert_true(atomic_load(&dummy_runs) >= 1);
    /* callbacks first, then the previous hook */
    assert_true(atomic_load(&count_seq) < atomic_load(&dummy_seq));

    zlua_gc_unregister_push_root_callback(count_cb);
    atomic_store(&dummy_runs, 0);
    atomic_store(&count_runs, 0);
    unit_gc_collect(1);
    assert_int_equal(atomic_load(&count_runs), 0);
    assert_true(atomic_load(&dummy_runs) >= 1);
}

/* R-GC-1: chaining keeps the collector's stack scanning: an object only a
 * local variable refers to survives while the shim's hook is installed. */
static void test_stack_roots_still_scanned(void **state)
{
    (void)state;
    assert_int_equal(zlua_gc_register_push_root_callback(count_cb), ZLUA_OK);
    volatile unsigned char *flag = unit_flags_new(1);
    size_t before = unit_finalized_count();
    void *volatile obj = unit_tracked_new(32, 0, flag);
    unit_gc_collect(3);
    assert_int_equal(flag[0], 0);
    assert_int_equal(unit_finalized_count(), before);
    assert_true(((uintptr_t *)obj)[0] == UNIT_MAGIC);
    obj = NULL;
    zlua_gc_unregister_push_root_callback(count_cb);
}

/* R-GC-1: the push function handed to callbacks roots what it is given:
 * objects referenced only from a malloc'd range survive; once the
 * callback is gone, they are collected. */
static void test_push_fn_roots_ranges(void **state)
{
    (void)state;
    enum { N = 1000 };
    volatile unsigned char *flags = unit_flags_new(N);
    assert_non_null(flags);
    ranges_one_each = 0;
    assert_int_equal(zlua_gc_register_push_root_callback(ranges_cb), ZLUA_OK);
    fill_ranges(N, flags);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(flags, N), 0);
    for (size_t i = 0; i < N; i++) {
        const uintptr_t *o = ranges[i];
        assert_true(o[0] == UNIT_MAGIC && o[1] == i);
    }

    zlua_gc_unregister_push_root_callback(ranges_cb);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    /* Conservative scanning may keep a few alive; the bulk must go. */
    assert_true(unit_count_flags(flags, N) >= N * 9 / 10);
    free(ranges);
    ranges = NULL;
    nranges = 0;
}

/* The eager push needs no mark-stack entry per range: a million separate
 * ranges are marked in one collection and every object survives (sampled
 * by finalizers on every 1000th, content-checked for all). */
static UNIT_NOINLINE void fill_million(size_t n, volatile unsigned char *flags)
{
    ranges = calloc(n + 1, sizeof *ranges);
    assert_non_null(ranges);
    for (size_t i = 0; i < n; i++) {
        if (i % 1000 == 0) {
            ranges[i] = unit_tracked_new(16, i / 1000, flags);
        } else {
            uintptr_t *o = GC_MALLOC(2 * sizeof *o);
            assert_non_null(o);
            o[0] = UNIT_MAGIC;
            o[1] = i;
            ranges[i] = o;
        }
        nranges = i + 1;
    }
}

static void test_million_ranges(void **state)
{
    (void)state;
    enum { N = 1000000 };
    volatile unsigned char *flags = unit_flags_new(N / 1000);
    assert_non_null(flags);
    ranges_one_each = 1;
    assert_int_equal(zlua_gc_register_push_root_callback(ranges_cb), ZLUA_OK);
    fill_million(N, flags);
    unit_gc_scrub_stack();
    double first = unit_gc_timed_collect();
    double second = unit_gc_timed_collect();
    double steady = unit_gc_timed_collect();
    print_message("1M separate ranges: collections %.1f, %.1f, %.1f ms\n",
                  first, second, steady);
    assert_int_equal(unit_count_flags(flags, N / 1000), 0);
    for (size_t i = 0; i < N; i++) {
        const uintptr_t *o = ranges[i];
        uintptr_t id = i % 1000 == 0 ? i / 1000 : i;
        if (o[0] != UNIT_MAGIC || o[1] != id)
            fail_msg("object %zu lost", i);
    }
    zlua_gc_unregister_push_root_callback(ranges_cb);
    ranges_one_each = 0;
    free(ranges);
    ranges = NULL;
    nranges = 0;
    unit_gc_collect(2);
}

/* Registering twice is a no-op: the callback runs once per hook run. */
static void test_duplicate_registration(void **state)
{
    (void)state;
    assert_int_equal(zlua_gc_register_push_root_callback(count_cb), ZLUA_OK);
    assert_int_equal(zlua_gc_register_push_root_callback(count_cb), ZLUA_OK);
    atomic_store(&dummy_runs, 0);
    atomic_store(&count_runs, 0);
    unit_gc_collect(2);
    assert_true(atomic_load(&dummy_runs) >= 2);
    assert_int_equal(atomic_load(&count_runs), atomic_load(&dummy_runs));
    /* one unregistration removes it completely */
    zlua_gc_unregister_push_root_callback(count_cb);
    atomic_store(&count_runs, 0);
    unit_gc_collect(1);
    assert_int_equal(atomic_load(&count_runs), 0);
}

/* ---- capacity ----------------------------------------------------------- */

#define CAP_CALLBACKS(X) \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
    X(13) X(14) X(15) X(16)

static atomic_int cap_runs[17];
#define DEFINE_CAP_CB(n) \
    static void cap_cb_##n(zlua_gc_push_fn push_all) \
    { \
        (void)push_all; \
        atomic_fetch_add(&cap_runs[n], 1); \
    }
CAP_CALLBACKS(DEFINE_CAP_CB)
#define LIST_CAP_CB(n) cap_cb_##n,
static const zlua_gc_push_root_cb cap_cbs[17] = { CAP_CALLBACKS(LIST_CAP_CB) };

/* R-GC-1: the list holds ZLUA_GC_MAX_CALLBACKS (16) callbacks, all
 * called; one more is ZLUA_EFULL; a slot freed is reusable. */
static void test_capacity(void **state)
{
    (void)state;
    assert_int_equal(ZLUA_GC_MAX_CALLBACKS, 16);
    for (int i = 0; i < 16; i++)
        assert_int_equal(zlua_gc_register_push_root_callback(cap_cbs[i]),
                         ZLUA_OK);
    assert_int_equal(zlua_gc_register_push_root_callback(cap_cbs[16]),
                     ZLUA_EFULL);
    /* a duplicate is still a no-op when full */
    assert_int_equal(zlua_gc_register_push_root_callback(cap_cbs[3]), ZLUA_OK);
    unit_gc_collect(1);
    for (int i = 0; i < 16; i++)
        assert_true(atomic_load(&cap_runs[i]) >= 1);
    assert_int_equal(atomic_load(&cap_runs[16]), 0);

    zlua_gc_unregister_push_root_callback(cap_cbs[0]);
    assert_int_equal(zlua_gc_register_push_root_callback(cap_cbs[16]), ZLUA_OK);
    for (int i = 0; i < 17; i++)
        atomic_store(&cap_runs[i], 0);
    unit_gc_collect(1);
    assert_int_equal(atomic_load(&cap_runs[0]), 0);
    for (int i = 1; i < 17; i++)
        assert_true(atomic_load(&cap_runs[i]) >= 1);
    for (int i = 0; i < 17; i++)
        zlua_gc_unregister_push_root_callback(cap_cbs[i]);
    for (int i = 0; i < 17; i++)
        atomic_store(&cap_runs[i], 0);
    unit_gc_collect(1);
    for (int i = 0; i < 17; i++)
        assert_int_equal(atomic_load(&cap_runs[i]), 0);
}

/* Bad arguments: NULL is refused, unknown callbacks are ignored. */
static void test_bad_arguments(void **state)
{
    (void)state;
    assert_int_equal(zlua_gc_register_push_root_callback(NULL), ZLUA_EINVAL);
    zlua_gc_unregister_push_root_callback(NULL);
    zlua_gc_unregister_push_root_callback(count_cb);  /* not registered */
    atomic_store(&count_runs, 0);
    unit_gc_collect(1);
    assert_int_equal(atomic_load(&count_runs), 0);
}

/* ---- zlua__gc_with_lock -------------------------------------------------- */

static void *echo_locked(void *arg)
{
    return arg;
}

/* zlua__gc_with_lock returns fn's result. */
static void test_with_lock_result(void **state)
{
    (void)state;
    int x = 0;
    assert_ptr_equal(zlua__gc_with_lock(echo_locked, &x), &x);
    assert_null(zlua__gc_with_lock(echo_locked, NULL));
}

static atomic_int lock_inside, lock_entered, probe_ready;
static atomic_int probe_runs, probe_saw_inside;
static double t_released, t_gc_called, t_gc_done;

static void probe_cb(zlua_gc_push_fn push_all)
{
    (void)push_all;
    atomic_fetch_add(&probe_runs, 1);
    if (atomic_load(&lock_inside))
        atomic_store(&probe_saw_inside, 1);
}

static void *hold_lock_locked(void *arg)
{
    (void)arg;
    atomic_store(&lock_inside, 1);
    atomic_store(&lock_entered, 1);
    struct timespec ts = { 0, 150 * 1000 * 1000 };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
    atomic_store(&lock_inside, 0);
    t_released = unit_now_ms();
    return NULL;
}

static void *collector_thread(void *arg)
{
    (void)arg;
    atomic_store(&probe_ready, 1);
    while (!atomic_load(&lock_entered))
        ;
    t_gc_called = unit_now_ms();
    GC_gcollect();
    t_gc_done = unit_now_ms();
    return NULL;
}

/* R-GC-3: a mutation under zlua__gc_with_lock excludes the push-root
 * callback: a collection started from another thread while the lock is
 * held waits, and its callback never sees the mutation half done. */
static void test_with_lock_excludes_collection(void **state)
{
    (void)state;
    assert_int_equal(zlua_gc_register_push_root_callback(probe_cb), ZLUA_OK);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, collector_thread, NULL), 0);
    while (!atomic_load(&probe_ready))
        ;
    (void)zlua__gc_with_lock(hold_lock_locked, NULL);
    assert_int_equal(pthread_join(th, NULL), 0);
    assert_true(atomic_load(&probe_runs) >= 1);
    assert_int_equal(atomic_load(&probe_saw_inside), 0);
    /* The collection was requested while the lock was held and only got
     * through after it was released. */
    assert_true(t_gc_called < t_released);
    assert_true(t_gc_done >= t_released);
    zlua_gc_unregister_push_root_callback(probe_cb);
}

/* ---- why the push is eager ---------------------------------------------- */

/* Child mode: the same million ranges pushed with GC_push_all (one mark
 * stack entry each) from a raw push_other_roots hook. */
static void GC_CALLBACK push_all_hook(void)
{
    for (size_t i = 0; i < nranges; i++)
        GC_push_all(&ranges[i], &ranges[i + 1]);
    if (collector_hook != NULL)
        collector_hook();
}

static int push_all_child(void)
{
    enum { N = 1000000 };
    unit_gc_init();
    ranges = calloc(N + 1, sizeof *ranges);
    if (ranges == NULL)
        return 2;
    for (size_t i = 0; i < N; i++)
        ranges[i] = GC_MALLOC(16);
    nranges = N;
    collector_hook = GC_get_push_other_roots();
    GC_set_push_other_roots(push_all_hook);
    GC_gcollect();
    printf("GC_push_all: collection completed\n");
    return 0;
}

/* Checks the premise of the eager push (gc.c): with GC_push_all, a
 * million ranges abort the collector ("Unexpected mark stack overflow").
 * Run in a child process; skipped if this bdwgc copes. */
static void test_push_all_would_abort(void **state)
{
    (void)state;
    int pipefd[2];
    assert_int_equal(pipe(pipefd), 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
    posix_spawn_file_actions_addclose(&fa, pipefd[0]);
    char *argv[] = { (char *)self_path, (char *)"--push-all-child", NULL };
    extern char **environ;
    pid_t pid;
    int rc = posix_spawn(&pid, self_path, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(pipefd[1]);
    assert_int_equal(rc, 0);
    char out[4096];
    size_t len = 0;
    ssize_t r;
    while ((r = read(pipefd[0], out + len, sizeof out - 1 - len)) > 0)
        len += (size_t)r;
    out[len] = '\0';
    close(pipefd[0]);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) {
        assert_non_null(strstr(out, "mark stack overflow"));
        print_message("confirmed: GC_push_all child aborted: %s", out);
        return;
    }
    print_message("GC_push_all child did not abort (status %d): %s\n", status,
                  out);
    skip();
}

/* Whatever a failed test left registered is removed, so one failure does
 * not cascade into the capacity of the next test. */
static int unregister_all(void **state)
{
    (void)state;
    zlua_gc_unregister_push_root_callback(count_cb);
    zlua_gc_unregister_push_root_callback(ranges_cb);
    zlua_gc_unregister_push_root_callback(probe_cb);
    for (int i = 0; i < 17; i++)
        zlua_gc_unregister_push_root_callback(cap_cbs[i]);
    return 0;
}

#define T(fn) cmocka_unit_test_teardown(fn, unregister_all)

int main(int argc, char **argv)
{
    self_path = argv[0];
    if (argc == 2 && strcmp(argv[1], "--push-all-child") == 0)
        return push_all_child();

    unit_gc_init();
    /* Before any registration of the process: see test_chains_previous_hook. */
    collector_hook = GC_get_push_other_roots();
    GC_set_push_other_roots(dummy_hook);

    const struct CMUnitTest tests[] = {
        T(test_chains_previous_hook),
        T(test_stack_roots_still_scanned),
        T(test_push_fn_roots_ranges),
        T(test_million_ranges),
        T(test_duplicate_registration),
        T(test_capacity),
        T(test_bad_arguments),
        T(test_with_lock_result),
        T(test_with_lock_excludes_collection),
        T(test_push_all_would_abort),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
