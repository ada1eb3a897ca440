/*
 * test_object_registry.c -- the object registry (R-GC-2, R-SUD-4, R-GC-1,
 * R-GC-3).
 *
 * Owners stand in for Lua userdata: malloc'd index slots the collector
 * never scans.  The managed objects are referenced only by the registry's
 * dense array; data segments are not scanned (unit_gc_init).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#ifndef GC_THREADS
#define GC_THREADS
#endif
#include <gc.h>

#include "registry/registry.h"
#include "unit_support.h"
#include "zlua.h"

typedef struct fixture {
    unit_alloc alloc;
    zlua_object_registry reg;
    uint32_t *slots;    /* owners' index slots */
    size_t n;
    volatile unsigned char *flags;
    struct fixture *other;   /* a second state's registry, if any */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    unit_alloc_init(&f->alloc);
    if (zlua_oreg_init(&f->reg, unit_alloc_fn, &f->alloc) != ZLUA_OK)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    if (f->other != NULL) {
        /* first, so a failed test leaves no dangling registry linked */
        void *other = f->other;
        (void)teardown(&other);
    }
    zlua_oreg_free(&f->reg);
    assert_int_equal(f->alloc.live_blocks, 0);
    assert_int_equal(f->alloc.bad_osize, 0);
    free(f->slots);
    free(f);
    return 0;
}

static void make_owners(fixture *f, size_t n)
{
    f->slots = malloc((n != 0 ? n : 1) * sizeof *f->slots);
    f->flags = unit_flags_new(n);
    assert_non_null(f->slots);
    assert_non_null(f->flags);
    f->n = n;
    for (size_t i = 0; i < n; i++)
        f->slots[i] = 0xabcdu;   /* "never written" marker */
}

static void add_ok(fixture *f, void *obj, size_t owner)
{
    assert_int_equal(zlua_oreg_add(&f->reg, obj, &f->slots[owner]), ZLUA_OK);
}

static void check_consistent(const zlua_object_registry *reg)
{
    for (size_t i = 0; i < reg->count; i++) {
        assert_int_equal(*reg->index_slots[i], i);
        assert_non_null(reg->objects[i]);
    }
}

/* Distinct non-managed stand-ins for objects (bookkeeping tests only). */
static char fake_objects[64];

/* R-GC-2: O(1) append into the dense array; owners learn their index. */
static void test_add_assigns_indexes(void **state)
{
    fixture *f = *state;
    make_owners(f, 5);
    for (size_t i = 0; i < 5; i++) {
        add_ok(f, &fake_objects[i], i);
        assert_int_equal(f->slots[i], i);
    }
    assert_int_equal(f->reg.count, 5);
    for (size_t i = 0; i < 5; i++) {
        assert_ptr_equal(f->reg.objects[i], &fake_objects[i]);
        assert_ptr_equal(f->reg.index_slots[i], &f->slots[i]);
    }
}

/* R-GC-2: swap-with-tail release; the moved owner's slot follows, the
 * released one reads ZLUA_REG_NONE, the vacated tail is cleared. */
static void test_remove_swaps_tail(void **state)
{
    fixture *f = *state;
    make_owners(f, 5);
    for (size_t i = 0; i < 5; i++)
        add_ok(f, &fake_objects[i], i);

    zlua_oreg_remove(&f->reg, 0);               /* owner 4 moves into 0 */
    assert_int_equal(f->reg.count, 4);
    assert_int_equal(f->slots[0], ZLUA_REG_NONE);
    assert_int_equal(f->slots[4], 0);
    assert_ptr_equal(f->reg.objects[0], &fake_objects[4]);
    assert_null(f->reg.objects[4]);
    check_consistent(&f->reg);

    zlua_oreg_remove(&f->reg, 3);               /* tail: no move */
    assert_int_equal(f->slots[3], ZLUA_REG_NONE);
    assert_int_equal(f->reg.count, 3);
    assert_null(f->reg.objects[3]);
    check_consistent(&f->reg);

    zlua_oreg_remove(&f->reg, 3);               /* out of range: ignored */
    zlua_oreg_remove(&f->reg, ZLUA_REG_NONE);
    assert_int_equal(f->reg.count, 3);

    while (f->reg.count != 0)
        zlua_oreg_remove(&f->reg, 0);
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(f->slots[i], ZLUA_REG_NONE);
}

/* R-GC-2: random adds and releases keep every owner's index right. */
static void test_churn_keeps_indexes(void **state)
{
    fixture *f = *state;
    enum { N = 2000 };
    make_owners(f, N);
    uint32_t rng = 4242u;
    size_t next = 0;
    while (next < N) {
        rng = rng * 1103515245u + 12345u;
        if (f->reg.count == 0 || (rng >> 16) % 3 != 0) {
            add_ok(f, &fake_objects[next % sizeof fake_objects], next);
            next++;
        } else {
            uint32_t victim = (uint32_t)((rng >> 8) % f->reg.count);
            uint32_t *slot = f->reg.index_slots[victim];
            zlua_oreg_remove(&f->reg, victim);
            assert_int_equal(*slot, ZLUA_REG_NONE);
        }
        check_consistent(&f->reg);
    }
    size_t live = 0;
    for (size_t i = 0; i < N; i++)
        if (f->slots[i] != ZLUA_REG_NONE) {
            live++;
            assert_ptr_equal(f->reg.index_slots[f->slots[i]], &f->slots[i]);
        }
    assert_int_equal(live, f->reg.count);
}

/* R-SUD-4: free releases every entry and all memory; idempotent. */
static void test_free_releases_all(void **state)
{
    fixture *f = *state;
    make_owners(f, 40);
    for (size_t i = 0; i < 40; i++)
        add_ok(f, &fake_objects[i], i);
    zlua_oreg_free(&f->reg);
    for (size_t i = 0; i < 40; i++)
        assert_int_equal(f->slots[i], ZLUA_REG_NONE);
    assert_int_equal(f->alloc.live_blocks, 0);
    assert_int_equal(f->alloc.live_bytes, 0);
    assert_null(f->reg.objects);
    assert_int_equal(f->reg.count, 0);
    zlua_oreg_free(&f->reg);
    zlua_object_registry zeroed = { 0 };
    zlua_oreg_free(&zeroed);
    assert_int_equal(zlua_oreg_init(&f->reg, unit_alloc_fn, &f->alloc), ZLUA_OK);
}

/* R-GC-3: growth allocates a new block (objects + slots together) and
 * frees the old one afterwards; never a realloc. */
static void test_growth_allocates_then_frees(void **state)
{
    fixture *f = *state;
    make_owners(f, 1024);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);
    for (size_t i = 0; i < 1024; i++)
        add_ok(f, &fake_objects[i % sizeof fake_objects], i);
    assert_int_equal(f->alloc.mallocs, 7);   /* 16 .. 1024 */
    assert_int_equal(f->alloc.frees, 6);
    assert_int_equal(f->alloc.reallocs, 0);
    assert_int_equal(f->alloc.live_blocks, 1);
    assert_int_equal(f->reg.cap, 1024);
    check_consistent(&f->reg);
    for (size_t i = 0; i < 1024; i++)
        assert_ptr_equal(f->reg.objects[i], &fake_objects[i % sizeof fake_objects]);
    size_t calls = unit_alloc_calls(&f->alloc);
    for (size_t i = 0; i < 100; i++)
        zlua_oreg_remove(&f->reg, 7);
    for (size_t i = 0; i < 1024; i++)
        if (f->slots[i] == ZLUA_REG_NONE)
            add_ok(f, &fake_objects[0], i);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
}

static void test_growth_failure(void **state)
{
    fixture *f = *state;
    make_owners(f, 17);
    for (size_t i = 0; i < 16; i++)
        add_ok(f, &fake_objects[i], i);
    void **before = f->reg.objects;
    f->alloc.fail_in = 0;
    assert_int_equal(zlua_oreg_add(&f->reg, &fake_objects[16], &f->slots[16]),
                     ZLUA_ENOMEM);
    assert_int_equal(f->reg.count, 16);
    assert_ptr_equal(f->reg.objects, before);
    assert_int_equal(f->slots[16], 0xabcdu);
    add_ok(f, &fake_objects[16], 16);
    assert_int_equal(f->slots[16], 16);
    check_consistent(&f->reg);
}

static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    make_owners(f, 1);
    assert_int_equal(zlua_oreg_add(&f->reg, NULL, &f->slots[0]), ZLUA_EINVAL);
    assert_int_equal(zlua_oreg_add(&f->reg, &fake_objects[0], NULL), ZLUA_EINVAL);
    assert_int_equal(zlua_oreg_add(NULL, &fake_objects[0], &f->slots[0]),
                     ZLUA_EINVAL);
    zlua_object_registry r;
    assert_int_equal(zlua_oreg_init(&r, NULL, NULL), ZLUA_EINVAL);
    assert_int_equal(f->reg.count, 0);
}

/* ---- liveness ----------------------------------------------------------- */

/* Objects go straight from the allocator into the registry, one by one;
 * noinline + scrub keep stale stack copies to a minimum. */
static UNIT_NOINLINE void fill_tracked(fixture *f, size_t n, size_t every)
{
    for (size_t i = 0; i < n; i++) {
        void *obj;
        if (i % every == 0) {
            obj = unit_tracked_new(16, i / every, f->flags);
        } else {
            uintptr_t *o = GC_MALLOC(2 * sizeof *o);
            assert_non_null(o);
            o[0] = UNIT_MAGIC;
            o[1] = i;
            obj = o;
        }
        add_ok(f, obj, i);
    }
}

static void check_objects_intact(const fixture *f, size_t n, size_t every)
{
    for (size_t i = 0; i < n; i++) {
        const uintptr_t *obj = f->reg.objects[f->slots[i]];
        uintptr_t id = i % every == 0 ? i / every : i;
        if (obj[0] != UNIT_MAGIC || obj[1] != id)
            fail_msg("object of owner %zu was collected", i);
    }
}

/* R-GC-2: registered objects survive repeated collections; once
 * released they are finalized. */
static void test_registry_keeps_objects_alive(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_int_equal(unit_count_flags(f->flags, N), 0);
    check_objects_intact(f, N, 1);

    while (f->reg.count != 0)
        zlua_oreg_remove(&f->reg, f->reg.count / 2);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_true(unit_count_flags(f->flags, N) >= N * 9 / 10);
}

/* R-GC-2 at scale: a million live objects, one range. */
static void test_million_entries(void **state)
{
    fixture *f = *state;
    enum { N = 1000000, EVERY = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, EVERY);
    assert_int_equal(f->reg.count, N);
    unit_gc_scrub_stack();
    /* The first collections also grow bdwgc's mark stack (recoverable
     * overflows while greying a million objects); the third is steady. */
    double first = unit_gc_timed_collect();
    double second = unit_gc_timed_collect();
    double steady = unit_gc_timed_collect();
    print_message("object registry, 1M live entries: collections "
                  "%.1f, %.1f, %.1f ms\n", first, second, steady);
    assert_int_equal(unit_count_flags(f->flags, N / EVERY), 0);
    check_objects_intact(f, N, EVERY);
    /* Again with parallel marking: bdwgc starts its marker threads with
     * the first thread the process creates. */
    unit_collector_start();
    (void)unit_collector_stop();
    unit_gc_scrub_stack();
    unit_gc_collect(1);
    double parallel = unit_gc_timed_collect();
    print_message("  with parallel markers: %.1f ms\n", parallel);
    assert_int_equal(unit_count_flags(f->flags, N / EVERY), 0);
    check_objects_intact(f, N, EVERY);
    zlua_oreg_free(&f->reg);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_true(unit_count_flags(f->flags, N / EVERY) >= N / EVERY * 9 / 10);
}

/* Registries of several states are all walked; freeing one unlinks only
 * that one. */
static void test_two_registries(void **state)
{
    fixture *a = *state;
    void *second = NULL;
    assert_int_equal(setup(&second), 0);
    a->other = second;
    fixture *b = second;
    enum { N = 500 };
    make_owners(a, N);
    make_owners(b, N);
    fill_tracked(a, N, 1);
    fill_tracked(b, N, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    assert_int_equal(unit_count_flags(b->flags, N), 0);
    zlua_oreg_free(&b->reg);
    assert_int_equal(b->alloc.live_blocks, 0);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    check_objects_intact(a, N, 1);
    assert_true(unit_count_flags(b->flags, N) >= N * 9 / 10);
}

/* R-GC-3: collections on another thread during adds, releases and
 * growths never miss a live object nor read a freed array. */
enum { STRESS_GROW = 60000, STRESS_TOTAL = 90000 };

static UNIT_NOINLINE void add_tracked(fixture *f, size_t i)
{
    /* The object stays in a register or stack slot of this frame until
     * the add has published it: the collector scans both. */
    add_ok(f, unit_tracked_new(16, i, f->flags), i);
}

static UNIT_NOINLINE void churn_under_collections(fixture *f)
{
    for (size_t i = 0; i < STRESS_GROW; i++)
        add_tracked(f, i);
    /* Releases dominate: the object moved into each hole is usually an old
     * one that only the registry reaches. */
    uint32_t rng = 99u;
    size_t next = STRESS_GROW;
    while (next < STRESS_TOTAL) {
        rng = rng * 1103515245u + 12345u;
        zlua_oreg_remove(&f->reg, (uint32_t)((rng >> 4) % f->reg.count));
        if ((rng >> 20) & 1u)
            add_tracked(f, next++);
    }
}

static void test_collections_during_mutation(void **state)
{
    fixture *f = *state;
    enum { N = STRESS_TOTAL };
    make_owners(f, N);
    unit_collector_start();
    churn_under_collections(f);
    size_t collections = unit_collector_stop();
    print_message("%zu collections ran during the churn (%zu left live)\n",
                  collections, f->reg.count);
    assert_true(collections >= 1);
    unit_gc_scrub_stack();
    unit_gc_collect(2);
    check_consistent(&f->reg);
    size_t live = 0;
    for (size_t i = 0; i < N; i++) {
        if (f->slots[i] == ZLUA_REG_NONE)
            continue;
        live++;
        if (f->flags[i])
            fail_msg("live entry %zu was finalized", i);
        const uintptr_t *obj = f->reg.objects[f->slots[i]];
        assert_true(obj[0] == UNIT_MAGIC && obj[1] == i);
    }
    assert_int_equal(live, f->reg.count);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    unit_gc_init();
    const struct CMUnitTest tests[] = {
        T(test_add_assigns_indexes),
        T(test_remove_swaps_tail),
        T(test_churn_keeps_indexes),
        T(test_free_releases_all),
        T(test_growth_allocates_then_frees),
        T(test_growth_failure),
        T(test_bad_arguments),
        T(test_registry_keeps_objects_alive),
        T(test_million_entries),
        T(test_two_registries),
        T(test_collections_during_mutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
