/*
 * unit_support.c -- see unit_support.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "unit_support.h"
#include "host_stubs.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#ifndef UNIT_SUPPORT_NO_GC
#ifndef GC_THREADS
#define GC_THREADS
#endif
#include <gc.h>
#include <pthread.h>
#endif

#if !defined(UNIT_SUPPORT_NO_GC) && !defined(UNIT_SUPPORT_NO_SIM)
#include <stdio.h>

#include <lauxlib.h>
#include <lualib.h>

#include "gc/gc_shim.h"
#include "registry/registry.h"
#include "testbed_rt.h"
#include "zlua.h"
#endif

/* ---- counting allocator ------------------------------------------------- */

/* Each block carries its size in front, max-aligned, so every later call
 * can check the osize the library passes (Lua's contract: osize is the
 * size the block was given). */
typedef union unit_block_header {
    size_t size;
    max_align_t align;
} unit_block_header;

void unit_alloc_init(unit_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->fail_in = -1;
}

size_t unit_alloc_calls(const unit_alloc *a)
{
    return a->mallocs + a->reallocs + a->frees;
}

void unit_alloc_assert_clean(const unit_alloc *a)
{
    assert_int_equal(a->live_blocks, 0);
    assert_int_equal(a->live_bytes, 0);
    assert_int_equal(a->bad_osize, 0);
}

static int unit_alloc_should_fail(unit_alloc *a)
{
    if (a->fail_in < 0)
        return 0;
    if (a->fail_in == 0) {
        a->fail_in = -1;
        return 1;
    }
    a->fail_in--;
    return 0;
}

void *unit_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    unit_alloc *a = ud;
    unit_block_header *h = ptr != NULL ? (unit_block_header *)ptr - 1 : NULL;
    if (h != NULL && h->size != osize)
        a->bad_osize++;
    if (nsize == 0) {
        if (h != NULL) {
            a->frees++;
            a->live_blocks--;
            a->live_bytes -= h->size;
            free(h);
        }
        return NULL;
    }
    if (unit_alloc_should_fail(a) || (a->fail_all && (ptr == NULL || nsize > osize))) {
        a->failed++;
        return NULL;
    }
    size_t old = h != NULL ? h->size : 0;
    unit_block_header *n = realloc(h, sizeof *n + nsize);
    if (n == NULL)
        return NULL;
    if (h == NULL) {
        a->mallocs++;
        a->live_blocks++;
    } else {
        a->reallocs++;
    }
    a->live_bytes += nsize;
    a->live_bytes -= old;
    n->size = nsize;
    return n + 1;
}

void *unit_plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

double unit_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

#ifndef UNIT_SUPPORT_NO_GC
/* ---- collector ---------------------------------------------------------- */

static atomic_size_t unit_finalized;

void unit_gc_init(void)
{
    static int done;
    if (done)
        return;
    done = 1;
#if defined(ZLUA_UNIT_MONO) && ZLUA_UNIT_MONO
    /* Mono starts its own collector (and decides its roots) */
    if (testbed_rt_init() != 0)
        abort();
#else
    /* IL2CPP does this before GC_INIT: globals are not roots. */
    GC_set_no_dls(1);
    GC_INIT();
#endif
}

void unit_gc_collect(int times)
{
    for (int i = 0; i < times; i++) {
        GC_gcollect();
        while (GC_should_invoke_finalizers())
            (void)GC_invoke_finalizers();
    }
}

double unit_gc_timed_collect(void)
{
    double t0 = unit_now_ms();
    unit_gc_collect(1);
    return unit_now_ms() - t0;
}

UNIT_NOINLINE void unit_gc_scrub_stack(void)
{
    volatile uintptr_t junk[4096];
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        junk[i] = 0;
}

static void GC_CALLBACK unit_tracked_finalizer(void *obj, void *cd)
{
    volatile unsigned char *flags = cd;
    const uintptr_t *words = obj;
    if (flags != NULL)
        flags[words[1]] = 1;
    atomic_fetch_add(&unit_finalized, 1);
}

UNIT_NOINLINE void *unit_tracked_new(size_t size, uintptr_t id,
                                     volatile unsigned char *flags)
{
    if (size < 2 * sizeof(uintptr_t))
        size = 2 * sizeof(uintptr_t);
    uintptr_t *obj = GC_MALLOC(size);
    if (obj == NULL)
        abort();
    obj[0] = UNIT_MAGIC;
    obj[1] = id;
    /* cd points at malloc memory: it is not what keeps obj alive. */
    GC_REGISTER_FINALIZER(obj, unit_tracked_finalizer, (void *)flags, NULL,
                          NULL);
    return obj;
}

size_t unit_finalized_count(void)
{
    return atomic_load(&unit_finalized);
}

typedef struct unit_flags_block {
    struct unit_flags_block *next;
    unsigned char flags[];
} unit_flags_block;

static unit_flags_block *unit_flags_blocks;

static void unit_flags_free_all(void)
{
    while (unit_flags_blocks != NULL) {
        unit_flags_block *next = unit_flags_blocks->next;
        free(unit_flags_blocks);
        unit_flags_blocks = next;
    }
}

volatile unsigned char *unit_flags_new(size_t n)
{
    unit_flags_block *b = calloc(1, sizeof *b + (n != 0 ? n : 1));
    if (b == NULL)
        abort();
    if (unit_flags_blocks == NULL)
        atexit(unit_flags_free_all);
    b->next = unit_flags_blocks;
    unit_flags_blocks = b;
    return b->flags;
}

size_t unit_count_flags(const volatile unsigned char *flags, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += flags[i] != 0;
    return c;
}

static atomic_int unit_collector_stopping;
static atomic_size_t unit_collections;
static pthread_t unit_collector;

static void *unit_collector_main(void *arg)
{
    (void)arg;
    /* A short pause between collections lets the mutator make progress
     * (back to back, a collector can starve it for seconds). */
    struct timespec pause = { 0, 100 * 1000 };
    while (!atomic_load(&unit_collector_stopping)) {
        GC_gcollect();
        atomic_fetch_add(&unit_collections, 1);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

void unit_collector_start(void)
{
    atomic_store(&unit_collector_stopping, 0);
    atomic_store(&unit_collections, 0);
    /* pthread_create is GC_pthread_create here (GC_THREADS): the thread is
     * known to the collector. */
    if (pthread_create(&unit_collector, NULL, unit_collector_main, NULL) != 0)
        abort();
}

size_t unit_collector_stop(void)
{
    atomic_store(&unit_collector_stopping, 1);
    if (pthread_join(unit_collector, NULL) != 0)
        abort();
    return atomic_load(&unit_collections);
}
#endif

#if !defined(UNIT_SUPPORT_NO_GC) && !defined(UNIT_SUPPORT_NO_SIM)
/* ---- ready lua_States --------------------------------------------------- */

lua_State *unit_state_new_bare(lua_Alloc f, void *ud)
{
    if (testbed_rt_init() != 0)
        return NULL;
    lua_State *L = f != NULL ? lua_newstate(f, ud) : luaL_newstate();
    if (L == NULL)
        return NULL;
    luaL_openlibs(L);
    return L;
}

lua_State *unit_state_new(lua_Alloc f, void *ud)
{
    lua_State *L = unit_state_new_bare(f, ud);
    if (L == NULL)
        return NULL;
    /* the fixtures' [LuaInvoke] methods reach their IC stubs, as in a player */
    if (zlua_open(L) != ZLUA_OK || host_register_stubs(L) != ZLUA_OK || host_register_ic() < 0) {
        lua_close(L);
        return NULL;
    }
    testbed_rt_set_lua_state(L);
    return L;
}

void unit_state_close(lua_State *L)
{
    if (L == NULL)
        return;
    if (testbed_rt_lua_state() == L)
        testbed_rt_set_lua_state(NULL);
    lua_close(L);
}

lua_State *unit_counted_state_new(unit_alloc *a)
{
    unit_alloc_init(a);
    return unit_state_new(unit_alloc_fn, a);
}

void unit_counted_state_close(lua_State *L, const unit_alloc *a)
{
    unit_state_close(L);
    unit_alloc_assert_clean(a);
}

int unit_setup_runtime(void **state)
{
    (void)state;
    unit_gc_init();
    return testbed_rt_init() == 0 ? 0 : -1;
}

int unit_dostring(lua_State *L, const char *code)
{
    if (luaL_dostring(L, code) == LUA_OK)
        return 0;
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "unit_dostring: %s\n", msg != NULL ? msg : "(non-string error)");
    lua_pop(L, 1);
    return 1;
}
#endif

/* ---- the registries' push-root ranges ------------------------------------ */

unit_range unit_spy_ranges[UNIT_SPY_MAX];
size_t unit_spy_n;
static int unit_spy_overflow;

static void unit_spy_push(void *start, void *end)
{
    if (unit_spy_n == UNIT_SPY_MAX) {
        unit_spy_overflow = 1;
        return;
    }
    unit_spy_ranges[unit_spy_n].start = start;
    unit_spy_ranges[unit_spy_n].end = end;
    unit_spy_n++;
}

static void *unit_spy_locked(void *arg)
{
    (void)arg;
    zlua__registry_push_roots(unit_spy_push);
    return NULL;
}

int unit_spy_run(void)
{
    unit_spy_n = 0;
    unit_spy_overflow = 0;
    (void)zlua__gc_with_lock(unit_spy_locked, NULL);
    return !unit_spy_overflow;
}
