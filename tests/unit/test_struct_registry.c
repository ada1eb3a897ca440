/*
 * test_struct_registry.c -- NotBlittableStructRegistry (R-SUD-2, R-SUD-4,
 * R-GC-1, R-GC-3).
 *
 * Owners stand in for Lua userdata: malloc'd memory the collector never
 * scans, holding the owner's index slot and a payload whose first word
 * is a managed reference.  Data segments are not scanned (unit_gc_init),
 * so only the registry can keep the referenced objects alive.
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

typedef struct owner {
    uint32_t index;     /* the owner's index slot */
    void *payload[2];   /* struct copy: a reference and a pad word */
} owner;

typedef struct fixture {
    unit_alloc alloc;
    zlua_struct_registry reg;
    owner *owners;
    size_t nowners;
    volatile unsigned char *flags;
    struct fixture *other;   /* a second state's registry, if any */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    unit_alloc_init(&f->alloc);
    if (zlua_sreg_init(&f->reg, unit_alloc_fn, &f->alloc) != ZLUA_OK)
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
    zlua_sreg_free(&f->reg);
    assert_int_equal(f->alloc.live_blocks, 0);
    assert_int_equal(f->alloc.bad_osize, 0);
    free(f->owners);
    free(f);
    return 0;
}

static owner *make_owners(fixture *f, size_t n)
{
    f->owners = calloc(n, sizeof *f->owners);
    f->flags = unit_flags_new(n);
    assert_non_null(f->owners);
    assert_non_null(f->flags);
    f->nowners = n;
    for (size_t i = 0; i < n; i++)
        f->owners[i].index = 0xabcdu;   /* "never written" marker */
    return f->owners;
}

static void add_ok(fixture *f, owner *o)
{
    assert_int_equal(zlua_sreg_add(&f->reg, o->payload, sizeof o->payload,
                                   &o->index),
                     ZLUA_OK);
}

/* Every live entry's owner holds that entry's index. */
static void check_consistent(const zlua_struct_registry *reg)
{
    for (size_t i = 0; i < reg->count; i++)
        assert_int_equal(*reg->entries[i].index_slot, i);
}

/* R-SUD-2: O(1) append; each owner learns its index. */
static void test_add_assigns_indexes(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 5);
    for (size_t i = 0; i < 5; i++) {
        add_ok(f, &o[i]);
        assert_int_equal(o[i].index, i);
    }
    assert_int_equal(f->reg.count, 5);
    for (size_t i = 0; i < 5; i++) {
        assert_ptr_equal(f->reg.entries[i].start, o[i].payload);
        assert_int_equal(f->reg.entries[i].size, sizeof o[i].payload);
        assert_ptr_equal(f->reg.entries[i].index_slot, &o[i].index);
    }
}

/* R-SUD-2: swap-with-tail release updates the moved owner's index and
 * sets the released owner's to ZLUA_REG_NONE. */
static void test_remove_swaps_tail(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 5);
    for (size_t i = 0; i < 5; i++)
        add_ok(f, &o[i]);

    zlua_sreg_remove(&f->reg, 1);             /* o[4] moves into 1 */
    assert_int_equal(f->reg.count, 4);
    assert_int_equal(o[1].index, ZLUA_REG_NONE);
    assert_int_equal(o[4].index, 1);
    assert_ptr_equal(f->reg.entries[1].start, o[4].payload);
    check_consistent(&f->reg);

    zlua_sreg_remove(&f->reg, 3);             /* the tail (o[3]): no move */
    assert_int_equal(f->reg.count, 3);
    assert_int_equal(o[3].index, ZLUA_REG_NONE);
    assert_int_equal(o[0].index, 0);
    assert_int_equal(o[4].index, 1);
    assert_int_equal(o[2].index, 2);
    check_consistent(&f->reg);

    zlua_sreg_remove(&f->reg, 3);             /* out of range: ignored */
    zlua_sreg_remove(&f->reg, ZLUA_REG_NONE);
    assert_int_equal(f->reg.count, 3);

    zlua_sreg_remove(&f->reg, o[0].index);
    zlua_sreg_remove(&f->reg, o[2].index);
    zlua_sreg_remove(&f->reg, o[4].index);
    assert_int_equal(f->reg.count, 0);
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(o[i].index, ZLUA_REG_NONE);
}

/* R-SUD-2: random adds and releases keep every owner's index right. */
static void test_churn_keeps_indexes(void **state)
{
    fixture *f = *state;
    enum { N = 2000 };
    owner *o = make_owners(f, N);
    uint32_t rng = 12345u;
    size_t next = 0;
    while (next < N) {
        rng = rng * 1103515245u + 12345u;
        if (f->reg.count == 0 || (rng >> 16) % 3 != 0) {
            add_ok(f, &o[next++]);
        } else {
            uint32_t victim = (uint32_t)((rng >> 8) % f->reg.count);
            uint32_t *slot = f->reg.entries[victim].index_slot;
            zlua_sreg_remove(&f->reg, victim);
            assert_int_equal(*slot, ZLUA_REG_NONE);
        }
        check_consistent(&f->reg);
    }
    size_t live = 0;
    for (size_t i = 0; i < N; i++)
        if (o[i].index != ZLUA_REG_NONE) {
            live++;
            assert_ptr_equal(f->reg.entries[o[i].index].start, o[i].payload);
        }
    assert_int_equal(live, f->reg.count);
}

/* R-SUD-4: free releases every entry (owners see ZLUA_REG_NONE) and all
 * memory; a second free, or a free of a zeroed registry, is harmless. */
static void test_free_releases_all(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 40);
    for (size_t i = 0; i < 40; i++)
        add_ok(f, &o[i]);
    assert_true(f->alloc.live_blocks > 0);
    zlua_sreg_free(&f->reg);
    for (size_t i = 0; i < 40; i++)
        assert_int_equal(o[i].index, ZLUA_REG_NONE);
    assert_int_equal(f->alloc.live_blocks, 0);
    assert_int_equal(f->alloc.live_bytes, 0);
    assert_int_equal(f->reg.count, 0);
    assert_null(f->reg.entries);
    zlua_sreg_free(&f->reg);
    zlua_struct_registry zeroed = { 0 };
    zlua_sreg_free(&zeroed);
    /* re-initialisable */
    assert_int_equal(zlua_sreg_init(&f->reg, unit_alloc_fn, &f->alloc), ZLUA_OK);
}

/* R-GC-3: growth never reallocates in place (a collection may be reading
 * the old array): a new array is allocated, the old one freed after. */
static void test_growth_allocates_then_frees(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 1024);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);  /* init allocates nothing */
    for (size_t i = 0; i < 16; i++)
        add_ok(f, &o[i]);
    assert_int_equal(f->alloc.mallocs, 1);
    add_ok(f, &o[16]);
    assert_int_equal(f->alloc.mallocs, 2);
    assert_int_equal(f->alloc.frees, 1);
    for (size_t i = 17; i < 1024; i++)
        add_ok(f, &o[i]);
    /* 16, 32, ..., 1024 */
    assert_int_equal(f->alloc.mallocs, 7);
    assert_int_equal(f->alloc.frees, 6);
    assert_int_equal(f->alloc.reallocs, 0);
    assert_int_equal(f->alloc.live_blocks, 1);
    assert_int_equal(f->reg.cap, 1024);
    check_consistent(&f->reg);
    for (size_t i = 0; i < 1024; i++)
        assert_ptr_equal(f->reg.entries[i].start, o[i].payload);
    /* Removing and re-adding within capacity allocates nothing. */
    size_t calls = unit_alloc_calls(&f->alloc);
    for (size_t i = 0; i < 100; i++)
        zlua_sreg_remove(&f->reg, 0);
    for (size_t i = 0; i < 1024; i++)
        if (o[i].index == ZLUA_REG_NONE)
            add_ok(f, &o[i]);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
}

/* A failed growth is ZLUA_ENOMEM and changes nothing. */
static void test_growth_failure(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 17);
    for (size_t i = 0; i < 16; i++)
        add_ok(f, &o[i]);
    zlua_sreg_entry *before = f->reg.entries;
    f->alloc.fail_in = 0;
    assert_int_equal(zlua_sreg_add(&f->reg, o[16].payload, sizeof o[16].payload,
                                   &o[16].index),
                     ZLUA_ENOMEM);
    assert_int_equal(f->reg.count, 16);
    assert_int_equal(f->reg.cap, 16);
    assert_ptr_equal(f->reg.entries, before);
    assert_int_equal(o[16].index, 0xabcdu);
    add_ok(f, &o[16]);
    assert_int_equal(o[16].index, 16);
    check_consistent(&f->reg);
}

static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    owner *o = make_owners(f, 1);
    assert_int_equal(zlua_sreg_add(&f->reg, NULL, 8, &o->index), ZLUA_EINVAL);
    assert_int_equal(zlua_sreg_add(&f->reg, o->payload, 8, NULL), ZLUA_EINVAL);
    assert_int_equal(zlua_sreg_add(NULL, o->payload, 8, &o->index), ZLUA_EINVAL);
    zlua_struct_registry r;
    assert_int_equal(zlua_sreg_init(&r, NULL, NULL), ZLUA_EINVAL);
    assert_int_equal(f->reg.count, 0);
    /* A zero-size payload is legal (pushes nothing). */
    assert_int_equal(zlua_sreg_add(&f->reg, o->payload, 0, &o->index), ZLUA_OK);
    unit_gc_collect(1);
    zlua_sreg_remove(&f->reg, o->index);
}

/* ---- liveness ----------------------------------------------------------- */

/* Creates the objects one by one, each stored only in its owner's payload
 * and registered before the next allocation (which may collect).
 * noinline + scrub: no stack copy of an address should outlive this. */
static UNIT_NOINLINE void fill_tracked(fixture *f, size_t n, int do_register,
                                       size_t sample_every)
{
    for (size_t i = 0; i < n; i++) {
        owner *o = &f->owners[i];
        if (i % sample_every == 0) {
            o->payload[0] = unit_tracked_new(16, i / sample_every, f->flags);
        } else {
            uintptr_t *obj = GC_MALLOC(2 * sizeof *obj);
            assert_non_null(obj);
            obj[0] = UNIT_MAGIC;
            obj[1] = i;
            o->payload[0] = obj;
        }
        if (do_register)
            add_ok(f, o);
    }
}

static void check_payloads_intact(const fixture *f, size_t n, size_t sample_every)
{
    for (size_t i = 0; i < n; i++) {
        const uintptr_t *obj = f->owners[i].payload[0];
        uintptr_t id = i % sample_every == 0 ? i / sample_every : i;
        if (obj[0] != UNIT_MAGIC || obj[1] != id)
            fail_msg("object of owner %zu was collected", i);
    }
}

/* R-SUD-2, R-GC-1: an object referenced only from a registered payload
 * survives repeated collections; after release it is finalized. */
static void test_payload_keeps_object_alive(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_int_equal(unit_count_flags(f->flags, N), 0);
    check_payloads_intact(f, N, 1);

    for (size_t i = 0; i < N; i++)
        zlua_sreg_remove(&f->reg, f->owners[i].index);
    assert_int_equal(f->reg.count, 0);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    /* conservative scanning may keep a few; the bulk must be finalized */
    assert_true(unit_count_flags(f->flags, N) >= N * 9 / 10);
}

/* Control: the same payloads unregistered are not roots at all, so the
 * survival above is the registry's doing. */
static void test_unregistered_payload_is_not_a_root(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 0, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_true(unit_count_flags(f->flags, N) >= N * 9 / 10);
}

/* R-SUD-2 at scale: 1 000 000 live payload ranges.  The shim's eager push
 * marks them without a mark-stack entry per range (GC_push_all would
 * abort, see test_gc_shim); the collection completes and every object
 * survives: 1000 sampled by finalizers, all content-checked. */
static void test_million_entries(void **state)
{
    fixture *f = *state;
    enum { N = 1000000, EVERY = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, EVERY);
    assert_int_equal(f->reg.count, N);
    unit_gc_scrub_stack();
    /* The first collections also grow bdwgc's mark stack (recoverable
     * overflows while greying a million objects); the third is steady. */
    double first = unit_gc_timed_collect();
    double second = unit_gc_timed_collect();
    double steady = unit_gc_timed_collect();
    print_message("struct registry, 1M live entries: collections "
                  "%.1f, %.1f, %.1f ms\n", first, second, steady);
    assert_int_equal(unit_count_flags(f->flags, N / EVERY), 0);
    check_payloads_intact(f, N, EVERY);
    /* Again with parallel marking: bdwgc starts its marker threads with
     * the first thread the process creates. */
    unit_collector_start();
    (void)unit_collector_stop();
    unit_gc_scrub_stack();
    unit_gc_collect(1);
    double parallel = unit_gc_timed_collect();
    print_message("  with parallel markers: %.1f ms\n", parallel);
    assert_int_equal(unit_count_flags(f->flags, N / EVERY), 0);
    check_payloads_intact(f, N, EVERY);
    zlua_sreg_free(&f->reg);
    for (size_t i = 0; i < N; i++)
        f->owners[i].payload[0] = NULL;
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_true(unit_count_flags(f->flags, N / EVERY) >= N / EVERY * 9 / 10);
}

/* All registries of all states are walked: two registries keep their own
 * objects; freeing one unlinks it without touching the other. */
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
    fill_tracked(a, N, 1, 1);
    fill_tracked(b, N, 1, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    assert_int_equal(unit_count_flags(b->flags, N), 0);

    zlua_sreg_free(&b->reg);
    assert_int_equal(b->alloc.live_blocks, 0);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    check_payloads_intact(a, N, 1);
    assert_true(unit_count_flags(b->flags, N) >= N * 9 / 10);
}

/* R-GC-3: collections on another thread at arbitrary points of adds,
 * releases and growths never miss a live payload (and, under ASan, never
 * read freed registry memory). */
enum { STRESS_GROW = 60000, STRESS_TOTAL = 90000 };

/* Registers owner i, then stores its reference: a collection between a
 * store and the add would see an unrooted object (a real caller still
 * holds the source value on its frame at that point). */
static UNIT_NOINLINE void add_tracked(fixture *f, size_t i)
{
    owner *o = &f->owners[i];
    o->payload[0] = NULL;
    add_ok(f, o);
    o->payload[0] = unit_tracked_new(16, i, f->flags);
}

static UNIT_NOINLINE void churn_under_collections(fixture *f)
{
    /* Growth: every add, ever larger arrays swapped in. */
    for (size_t i = 0; i < STRESS_GROW; i++)
        add_tracked(f, i);
    /* Releases dominate: the tail moved into each hole is usually an old
     * entry that nothing but the registry reaches any more. */
    uint32_t rng = 777u;
    size_t next = STRESS_GROW;
    while (next < STRESS_TOTAL) {
        rng = rng * 1103515245u + 12345u;
        zlua_sreg_remove(&f->reg, (uint32_t)((rng >> 4) % f->reg.count));
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
        if (f->owners[i].index == ZLUA_REG_NONE)
            continue;
        live++;
        if (f->flags[i])
            fail_msg("live entry %zu was finalized", i);
        const uintptr_t *obj = f->owners[i].payload[0];
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
        T(test_payload_keeps_object_alive),
        T(test_unregistered_payload_is_not_a_root),
        T(test_million_entries),
        T(test_two_registries),
        T(test_collections_during_mutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
