/*
 * test_object_registry.c -- the object registry (R-GC-2, R-SUD-4, R-GC-3,
 * R-RT-4).
 *
 * The registry owns one array of object slots; a ByObj userdata only
 * names its slot (an index) and remembers its object.  Here an "owner" (a
 * stand-in for a Lua userdata) is malloc'd memory the collector never
 * scans, holding that index and object.  Data segments are not scanned
 * either (unit_gc_init, as under IL2CPP), so an object held only by an
 * owner stays alive only through the registry's push-root callback.
 *
 * The collector is conservative: a stale copy of an address on the stack
 * or in a register may keep any one object alive.  Tests that expect
 * objects to be collected therefore release in bulk and ask for nearly all
 * of them, never for one particular object.
 *
 * Several tests call zlua__registry_push_roots with a spy push function (as
 * the collector would, with the GC lock held) to see which ranges a
 * collection is given.  Every registry of the process is on the global
 * list, so a test that expects "exactly these ranges" relies on its
 * fixture holding the only live registries (teardown frees them even when
 * a test fails).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#ifndef GC_THREADS
#define GC_THREADS
#endif
#include <gc.h>

#include "gc/gc_shim.h"
#include "registry/registry.h"
#include "unit_support.h"
#include "zlua.h"

/* A ByObj userdata: its slot and its object (Lua memory, never scanned). */
typedef struct owner {
    uint32_t slot;
    void *obj;        /* NULL: released (or never added) */
} owner;

#define NEVER 0xabcdu   /* a slot value the registry never wrote */

typedef struct fixture {
    unit_alloc alloc;
    zlua__object_registry reg;
    owner *owners;
    size_t n;
    char *fakes;       /* distinct non-managed stand-ins for objects */
    volatile unsigned char *flags;
    struct fixture *other;   /* a second state's registry, if any */
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    unit_alloc_init(&f->alloc);
    if (zlua__oreg_init(&f->reg, unit_alloc_fn, &f->alloc) != ZLUA_OK)
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
    zlua__oreg_free(&f->reg);
    unit_alloc_assert_clean(&f->alloc);
    free(f->owners);
    free(f->fakes);
    free(f);
    return 0;
}

static void make_owners(fixture *f, size_t n)
{
    f->owners = malloc((n != 0 ? n : 1) * sizeof *f->owners);
    f->fakes = malloc(n != 0 ? n : 1);
    f->flags = unit_flags_new(n);
    assert_non_null(f->owners);
    assert_non_null(f->fakes);
    assert_non_null(f->flags);
    f->n = n;
    for (size_t i = 0; i < n; i++) {
        f->owners[i].slot = NEVER;
        f->owners[i].obj = NULL;
    }
}

/* Owner i's stand-in object (bookkeeping tests: any distinct non-NULL
 * address; malloc memory is nothing to the collector). */
static void *fake(const fixture *f, size_t i)
{
    return &f->fakes[i];
}

static void add_ok(fixture *f, size_t i, void *obj)
{
    assert_int_equal(zlua__oreg_add(&f->reg, obj, &f->owners[i].slot), ZLUA_OK);
    f->owners[i].obj = obj;
}

static void release(fixture *f, size_t i)
{
    zlua__oreg_release(&f->reg, f->owners[i].slot, f->owners[i].obj);
    f->owners[i].obj = NULL;
}

/* Every live owner's slot still holds its object, slots are distinct,
 * every other used slot is NULL, and `live` counts the live owners. */
static void check_consistent(const fixture *f)
{
    const zlua__object_registry *reg = &f->reg;
    size_t live = 0;
    unsigned char *seen = calloc(reg->used != 0 ? reg->used : 1, 1);
    assert_non_null(seen);
    for (size_t i = 0; i < f->n; i++) {
        const owner *o = &f->owners[i];
        if (o->obj == NULL)
            continue;
        live++;
        if (o->slot >= reg->used || reg->objects[o->slot] != o->obj)
            fail_msg("owner %zu lost its slot %u", i, (unsigned)o->slot);
        assert_false(seen[o->slot]);
        seen[o->slot] = 1;
    }
    for (size_t s = 0; s < reg->used; s++)
        if (!seen[s] && reg->objects[s] != NULL)
            fail_msg("unowned slot %zu is not NULL", s);
    free(seen);
    assert_int_equal(reg->live, live);
    assert_true(reg->used <= reg->cap);
}

/* ---- spy: the ranges one collection would be given (unit_support) ----- */

static void spy_run(void)
{
    assert_true(unit_spy_run());
}

/* R-GC-2: the registry is pushed as exactly one range, [objects, objects
 * + used) -- or not at all while nothing was ever added. */
static void check_one_range(const zlua__object_registry *reg)
{
    size_t found = 0;
    for (size_t i = 0; i < unit_spy_n; i++) {
        if (unit_spy_ranges[i].start == (char *)reg->objects) {
            found++;
            assert_ptr_equal(unit_spy_ranges[i].end, (char *)(reg->objects + reg->used));
        } else if (reg->objects != NULL) {
            /* no other range touches this registry's block */
            assert_true(unit_spy_ranges[i].end <= (char *)reg->objects ||
                        unit_spy_ranges[i].start >= (char *)(reg->objects + reg->cap));
        }
    }
    assert_int_equal(found, reg->used != 0 ? 1 : 0);
}

/* ---- bookkeeping -------------------------------------------------------- */

/* R-GC-2: adds into a fresh registry take slots 0, 1, 2, ... */
static void test_add_assigns_indexes(void **state)
{
    fixture *f = *state;
    make_owners(f, 5);
    for (size_t i = 0; i < 5; i++) {
        add_ok(f, i, fake(f, i));
        assert_int_equal(f->owners[i].slot, i);
        assert_int_equal(f->reg.live, i + 1);
    }
    assert_int_equal(f->reg.used, 5);
    for (size_t i = 0; i < 5; i++)
        assert_ptr_equal(f->reg.objects[i], fake(f, i));
    check_consistent(f);
}

/* R-GC-2, R-RT-4: a slot's index is stable -- releasing other slots,
 * reusing them and growing the array never change which slot an owner
 * holds nor what is in it (nothing outside the registry is written: no
 * swap-with-tail).  A released slot holds NULL. */
static void test_slots_are_stable(void **state)
{
    fixture *f = *state;
    enum { N = 300 };
    make_owners(f, N);
    for (size_t i = 0; i < 5; i++)
        add_ok(f, i, fake(f, i));
    release(f, 1);
    release(f, 3);
    assert_null(f->reg.objects[1]);
    assert_null(f->reg.objects[3]);
    assert_int_equal(f->reg.live, 3);
    for (size_t i = 0; i < 5; i += 2) {
        assert_int_equal(f->owners[i].slot, i);
        assert_ptr_equal(f->reg.objects[i], fake(f, i));
    }
    /* An owner's slot is written by its own add only, so "stable" means:
     * after every later operation its slot still holds its object. */
    for (size_t i = 5; i < N; i++) {
        add_ok(f, i, fake(f, i));
        if (i % 4 == 0)
            release(f, i - 3);
        check_consistent(f);
    }
    assert_int_equal(f->owners[0].slot, 0);
    assert_ptr_equal(f->reg.objects[0], fake(f, 0));
}

/* R-GC-2: released slots are reused before the array grows: the next adds
 * get exactly the released slots, with no allocator call; once they are
 * used up, the next add takes a fresh slot. */
static void test_released_slots_are_reused(void **state)
{
    fixture *f = *state;
    enum { N = 60, K = 10 };
    make_owners(f, N + K + 1);
    for (size_t i = 0; i < N; i++)
        add_ok(f, i, fake(f, i));
    unsigned char freed[N] = {0};
    for (size_t i = 3; i < 3 + 5 * K; i += 5) {
        freed[f->owners[i].slot] = 1;
        release(f, i);
    }
    assert_int_equal(f->reg.live, N - K);
    size_t used = f->reg.used, calls = unit_alloc_calls(&f->alloc);
    for (size_t i = N; i < N + K; i++) {
        add_ok(f, i, fake(f, i));
        uint32_t s = f->owners[i].slot;
        assert_true(s < N);
        if (s >= N)   /* unreachable after the assert; gcc -O2 cannot see that */
            return;
        assert_true(freed[s]);
        freed[s] = 0;   /* each released slot once */
    }
    assert_int_equal(f->reg.used, used);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
    add_ok(f, N + K, fake(f, N + K));
    assert_int_equal(f->owners[N + K].slot, used);
    assert_int_equal(f->reg.live, N + 1);
    check_consistent(f);
}

/* R-GC-2: random adds and releases: every live owner keeps its slot and
 * object, `live` counts, released slots are NULL. */
static void test_churn_keeps_slots(void **state)
{
    fixture *f = *state;
    enum { N = 2000 };
    make_owners(f, N);
    uint32_t rng = 4242u;
    for (size_t op = 0; op < 4 * N; op++) {
        rng = rng * 1103515245u + 12345u;
        size_t i = (rng >> 8) % N;
        if (f->owners[i].obj == NULL)
            add_ok(f, i, fake(f, i));
        else
            release(f, i);
        if (op % 37 == 0)
            check_consistent(f);
    }
    check_consistent(f);
    spy_run();
    check_one_range(&f->reg);
}

/* R-RT-4, R-GC-2: a release that does not name a live slot with its own
 * object is ignored -- the wrong object, a NULL object, an out-of-range
 * slot, a slot released already (a second release of the same userdata)
 * or reused since (a stale release): the live count and every slot's
 * object are unchanged, and the free list is not corrupted. */
static void test_stray_release_is_ignored(void **state)
{
    fixture *f = *state;
    make_owners(f, 8);
    void *a = fake(f, 0), *b = fake(f, 1), *c = fake(f, 2), *d = fake(f, 3);
    add_ok(f, 0, a);
    add_ok(f, 1, b);
    assert_true(f->reg.cap > f->reg.used);
    zlua__oreg_release(&f->reg, 0, b);
    zlua__oreg_release(&f->reg, 1, a);
    zlua__oreg_release(&f->reg, 0, NULL);
    zlua__oreg_release(&f->reg, 2, a);                       /* == used */
    zlua__oreg_release(&f->reg, (uint32_t)f->reg.cap - 1, a);  /* < cap */
    zlua__oreg_release(&f->reg, (uint32_t)f->reg.cap, a);
    zlua__oreg_release(&f->reg, ZLUA_REG_NONE, a);
    zlua__oreg_release(&f->reg, ZLUA_REG_NONE - 1, a);
    zlua__oreg_release(NULL, 0, a);
    assert_int_equal(f->reg.live, 2);
    assert_int_equal(f->reg.used, 2);
    assert_ptr_equal(f->reg.objects[0], a);
    assert_ptr_equal(f->reg.objects[1], b);
    assert_int_equal(f->reg.free_head, ZLUA_REG_NONE);

    /* A second release of slot 0 by its (dead) owner. */
    zlua__oreg_release(&f->reg, 0, a);
    assert_int_equal(f->reg.live, 1);
    zlua__oreg_release(&f->reg, 0, a);
    assert_int_equal(f->reg.live, 1);
    assert_null(f->reg.objects[0]);
    add_ok(f, 2, c);
    add_ok(f, 3, d);
    assert_int_equal(f->owners[2].slot, 0);   /* the one released slot */
    assert_int_equal(f->owners[3].slot, 2);   /* then a fresh one */
    /* a's stale release cannot take c's slot 0 */
    zlua__oreg_release(&f->reg, 0, a);
    assert_ptr_equal(f->reg.objects[0], c);
    assert_int_equal(f->reg.live, 3);
    f->owners[0].obj = NULL;
    check_consistent(f);
}

/* R-GC-3, R-GC-2: growth keeps every live object in its slot, and at
 * every size the collection is given one range, [objects, objects +
 * used), which follows the array to its new block. */
static void test_growth_keeps_objects_in_place(void **state)
{
    fixture *f = *state;
    enum { N = 3000 };
    make_owners(f, N);
    spy_run();
    check_one_range(&f->reg);   /* nothing yet: no range */
    size_t cap = f->reg.cap, growths = 0;
    for (size_t i = 0; i < N; i++) {
        add_ok(f, i, fake(f, i));
        if (i % 7 == 3)
            release(f, i / 2);
        if (f->reg.cap != cap) {
            growths++;
            cap = f->reg.cap;
            check_consistent(f);
            spy_run();
            assert_int_equal(unit_spy_n, 1);
            check_one_range(&f->reg);
        }
    }
    assert_true(growths >= 5);
    check_consistent(f);
    spy_run();
    check_one_range(&f->reg);
}

/* R-GC-3: growth allocates a new block (objects + free links together),
 * fills it and frees the old one afterwards; never a realloc (a
 * collection may be reading the old block).  Init allocates nothing;
 * reuse within capacity allocates nothing. */
static void test_growth_allocates_then_frees(void **state)
{
    fixture *f = *state;
    make_owners(f, 1024);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);
    for (size_t i = 0; i < 1024; i++)
        add_ok(f, i, fake(f, i));
    assert_int_equal(f->alloc.mallocs, 7);   /* 16 .. 1024 */
    assert_int_equal(f->alloc.frees, 6);
    assert_int_equal(f->alloc.reallocs, 0);
    assert_int_equal(f->alloc.live_blocks, 1);
    assert_int_equal(f->reg.cap, 1024);
    check_consistent(f);
    size_t calls = unit_alloc_calls(&f->alloc);
    for (size_t i = 0; i < 1024; i += 9)
        release(f, i);
    for (size_t i = 0; i < 1024; i += 9)
        add_ok(f, i, fake(f, i));
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
    check_consistent(f);
}

/* A failed growth is ZLUA_ENOMEM and changes nothing (the owner's slot is
 * not written); the registry stays usable. */
static void test_growth_failure(void **state)
{
    fixture *f = *state;
    make_owners(f, 40);
    for (size_t i = 0; i < 16; i++)
        add_ok(f, i, fake(f, i));
    assert_int_equal(f->reg.cap, 16);
    void **before = f->reg.objects;
    f->alloc.fail_in = 0;
    assert_int_equal(zlua__oreg_add(&f->reg, fake(f, 16), &f->owners[16].slot),
                     ZLUA_ENOMEM);
    assert_int_equal(f->alloc.fail_in, -1);   /* growth was attempted */
    assert_int_equal(f->reg.live, 16);
    assert_int_equal(f->reg.used, 16);
    assert_int_equal(f->reg.cap, 16);
    assert_ptr_equal(f->reg.objects, before);
    assert_int_equal(f->owners[16].slot, NEVER);
    assert_int_equal(f->alloc.live_blocks, 1);
    check_consistent(f);
    spy_run();
    check_one_range(&f->reg);

    /* A released slot is still reused without the allocator... */
    release(f, 5);
    f->alloc.fail_in = 0;
    add_ok(f, 5, fake(f, 5));
    assert_int_equal(f->owners[5].slot, 5);
    assert_int_equal(f->alloc.fail_in, 0);    /* not asked */
    f->alloc.fail_in = -1;
    /* ... and the next growth works. */
    for (size_t i = 16; i < 40; i++) {
        add_ok(f, i, fake(f, i));
        assert_int_equal(f->owners[i].slot, i);
    }
    check_consistent(f);
    spy_run();
    check_one_range(&f->reg);
}

/* Bad arguments: init refuses NULLs; add refuses a NULL registry, object
 * or slot, and an uninitialised (zeroed) or freed registry; release
 * ignores them (the counts stay as they are). */
static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    make_owners(f, 1);
    uint32_t *slot = &f->owners[0].slot;
    zlua__object_registry r;
    assert_int_equal(zlua__oreg_init(NULL, unit_alloc_fn, &f->alloc), ZLUA_EINVAL);
    assert_int_equal(zlua__oreg_init(&r, NULL, NULL), ZLUA_EINVAL);
    assert_int_equal(zlua__oreg_add(&f->reg, NULL, slot), ZLUA_EINVAL);
    assert_int_equal(zlua__oreg_add(&f->reg, fake(f, 0), NULL), ZLUA_EINVAL);
    assert_int_equal(zlua__oreg_add(NULL, fake(f, 0), slot), ZLUA_EINVAL);
    zlua__object_registry zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    assert_int_equal(zlua__oreg_add(&zeroed, fake(f, 0), slot), ZLUA_EINVAL);
    zlua__oreg_release(&zeroed, 0, fake(f, 0));
    zlua__oreg_release(NULL, 0, fake(f, 0));
    assert_int_equal(zeroed.live, 0);
    assert_int_equal(*slot, NEVER);
    assert_int_equal(f->reg.live, 0);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);

    add_ok(f, 0, fake(f, 0));
    zlua__oreg_free(&f->reg);
    assert_int_equal(zlua__oreg_add(&f->reg, fake(f, 0), slot), ZLUA_EINVAL);
    zlua__oreg_release(&f->reg, 0, fake(f, 0));
    assert_int_equal(f->reg.live, 0);
    assert_null(f->reg.objects);
}

/* R-SUD-4: free releases every slot and all memory and unlinks the
 * registry (a collection is given no range of it); a second free, or
 * the free of a zeroed registry, is harmless; the registry can be
 * initialised again. */
static void test_free_releases_all(void **state)
{
    fixture *f = *state;
    make_owners(f, 40);
    for (size_t i = 0; i < 40; i++)
        add_ok(f, i, fake(f, i));
    spy_run();
    assert_int_equal(unit_spy_n, 1);
    zlua__oreg_free(&f->reg);
    unit_alloc_assert_clean(&f->alloc);
    assert_null(f->reg.objects);
    assert_int_equal(f->reg.live, 0);
    assert_int_equal(f->reg.used, 0);
    spy_run();
    assert_int_equal(unit_spy_n, 0);
    zlua__oreg_free(&f->reg);
    zlua__object_registry zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    zlua__oreg_free(&zeroed);
    zlua__oreg_free(NULL);
    assert_int_equal(f->alloc.live_blocks, 0);

    assert_int_equal(zlua__oreg_init(&f->reg, unit_alloc_fn, &f->alloc), ZLUA_OK);
    for (size_t i = 0; i < 40; i++) {
        f->owners[i].obj = NULL;
        add_ok(f, i, fake(f, i));
        assert_int_equal(f->owners[i].slot, i);
    }
    check_consistent(f);
    spy_run();
    assert_int_equal(unit_spy_n, 1);
    check_one_range(&f->reg);
}

/* ---- liveness ----------------------------------------------------------- */

/* Objects go straight from the allocator into the registry, one by one
 * (the object is on this frame until the add has stored it); a sampled
 * object (every `every`-th) is tracked with flag i / every, the others
 * are plain and checked by content.  With do_register 0 the owners hold
 * the objects alone.  noinline + scrub keep stale stack copies to a
 * minimum. */
static UNIT_NOINLINE void fill_tracked(fixture *f, size_t n, int do_register,
                                       size_t every)
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
        if (do_register)
            add_ok(f, i, obj);
        else
            f->owners[i].obj = obj;
    }
}

static void check_objects_intact(const fixture *f, size_t n, size_t every)
{
    for (size_t i = 0; i < n; i++) {
        const uintptr_t *obj = f->reg.objects[f->owners[i].slot];
        uintptr_t id = i % every == 0 ? i / every : i;
        if (obj != f->owners[i].obj || obj[0] != UNIT_MAGIC || obj[1] != id)
            fail_msg("object of owner %zu was collected", i);
    }
}

/* R-GC-2: registered objects survive repeated collections (only the
 * push-root callback can reach them). */
static void test_registry_keeps_objects_alive(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_int_equal(unit_count_flags(f->flags, N), 0);
    check_objects_intact(f, N, 1);
}

/* R-GC-2: an object whose slot was released is collectable.  Half the
 * slots are released in bulk: nearly all of their objects are finalized
 * -- conservative scanning may keep a few, so no particular one is
 * asserted -- while every object of the other half survives. */
static void test_released_object_is_collectable(void **state)
{
    fixture *f = *state;
    enum { N = 2000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(2);
    assert_int_equal(unit_count_flags(f->flags, N), 0);
    for (size_t i = 0; i < N; i += 2)
        release(f, i);
    assert_int_equal(f->reg.live, N / 2);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    size_t released_dead = 0;
    for (size_t i = 0; i < N; i++) {
        if (i % 2 == 0) {
            released_dead += f->flags[i] != 0;
        } else {
            if (f->flags[i])
                fail_msg("object of live slot %zu was finalized", i);
            const uintptr_t *obj = f->reg.objects[f->owners[i].slot];
            assert_true(obj[0] == UNIT_MAGIC && obj[1] == i);
        }
    }
    assert_true(released_dead >= (N / 2) * 9 / 10);
}

/* Control: objects held only by their owners are not roots at all, so
 * the survival above is the registry's doing. */
static void test_unregistered_object_is_not_a_root(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 0, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    assert_true(unit_count_flags(f->flags, N) >= N * 9 / 10);
    assert_int_equal(f->reg.live, 0);
}

/* R-GC-2 at scale: a million live objects, one range.  After free,
 * nearly all are collected. */
static void test_million_entries(void **state)
{
    fixture *f = *state;
    enum { N = 1000000, EVERY = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, EVERY);
    assert_int_equal(f->reg.live, N);
    spy_run();
    assert_int_equal(unit_spy_n, 1);
    check_one_range(&f->reg);
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
    zlua__oreg_free(&f->reg);
    assert_int_equal(f->alloc.live_bytes, 0);
    for (size_t i = 0; i < N; i++)
        f->owners[i].obj = NULL;
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_true(unit_count_flags(f->flags, N / EVERY) >= N / EVERY * 9 / 10);
}

/* Registries of several states are all walked, one range each; freeing
 * one unlinks only that one. */
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
    spy_run();
    assert_int_equal(unit_spy_n, 2);
    check_one_range(&a->reg);
    check_one_range(&b->reg);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    assert_int_equal(unit_count_flags(b->flags, N), 0);
    zlua__oreg_free(&b->reg);
    assert_int_equal(b->alloc.live_blocks, 0);
    assert_int_equal(b->alloc.live_bytes, 0);
    for (size_t i = 0; i < N; i++)
        b->owners[i].obj = NULL;
    spy_run();
    assert_int_equal(unit_spy_n, 1);
    check_one_range(&a->reg);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    check_objects_intact(a, N, 1);
    assert_true(unit_count_flags(b->flags, N) >= N * 9 / 10);
    assert_int_equal(a->reg.live, N);
}

/* R-GC-3: collections on another thread during adds, releases, reuse of
 * released slots and growths never miss a live object nor read a freed
 * array. */
enum { STRESS_GROW = 60000, STRESS_TOTAL = 90000 };

static UNIT_NOINLINE void add_tracked(fixture *f, size_t i)
{
    /* The object stays in a register or stack slot of this frame until
     * the add has stored it: the collector scans both. */
    add_ok(f, i, unit_tracked_new(16, i, f->flags));
}

static UNIT_NOINLINE void churn_under_collections(fixture *f, size_t *ids,
                                                  size_t *nids)
{
    for (size_t i = 0; i < STRESS_GROW; i++) {
        add_tracked(f, i);
        ids[(*nids)++] = i;
    }
    /* Releases dominate; the adds that follow reuse released slots. */
    uint32_t rng = 99u;
    size_t next = STRESS_GROW;
    while (next < STRESS_TOTAL) {
        rng = rng * 1103515245u + 12345u;
        size_t k = (rng >> 4) % *nids;
        size_t victim = ids[k];
        ids[k] = ids[--*nids];
        release(f, victim);
        if ((rng >> 20) & 1u) {
            add_tracked(f, next);
            ids[(*nids)++] = next++;
        }
    }
}

static void test_collections_during_mutation(void **state)
{
    fixture *f = *state;
    enum { N = STRESS_TOTAL };
    make_owners(f, N);
    size_t *ids = malloc(N * sizeof *ids);
    assert_non_null(ids);
    size_t nids = 0;
    unit_collector_start();
    churn_under_collections(f, ids, &nids);
    size_t collections = unit_collector_stop();
    free(ids);
    print_message("%zu collections ran during the churn (%zu left live)\n",
                  collections, f->reg.live);
    assert_true(collections >= 1);
    assert_int_equal(f->reg.live, nids);
    unit_gc_scrub_stack();
    unit_gc_collect(2);
    check_consistent(f);
    size_t live = 0;
    for (size_t i = 0; i < N; i++) {
        if (f->owners[i].obj == NULL)
            continue;
        live++;
        if (f->flags[i])
            fail_msg("live entry %zu was finalized", i);
        const uintptr_t *obj = f->reg.objects[f->owners[i].slot];
        assert_true(obj[0] == UNIT_MAGIC && obj[1] == i);
    }
    assert_int_equal(live, f->reg.live);
    spy_run();
    check_one_range(&f->reg);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    unit_gc_init();
    const struct CMUnitTest tests[] = {
        T(test_add_assigns_indexes),
        T(test_slots_are_stable),
        T(test_released_slots_are_reused),
        T(test_churn_keeps_slots),
        T(test_stray_release_is_ignored),
        T(test_growth_keeps_objects_in_place),
        T(test_growth_allocates_then_frees),
        T(test_growth_failure),
        T(test_bad_arguments),
        T(test_free_releases_all),
        T(test_registry_keeps_objects_alive),
        T(test_released_object_is_collectable),
        T(test_unregistered_object_is_not_a_root),
        T(test_million_entries),
        T(test_two_registries),
        T(test_collections_during_mutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
