/*
 * test_struct_registry.c -- NotBlittableStructRegistry (R-SUD-2, R-SUD-4,
 * R-GC-2, R-GC-3, R-RT-4).
 *
 * The registry owns the payload cells of non-blittable struct userdata; a
 * userdata only names its cell.  Here an "owner" (a stand-in for a Lua
 * userdata) is malloc'd memory the collector never scans, holding nothing
 * but its cell's address.  Data segments are not scanned either
 * (unit_gc_init, as under IL2CPP), so an object referenced only from a
 * cell stays alive only through the registry's push-root callback.
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

/* The struct of the owners' class: a managed reference and a pad word. */
typedef struct payload {
    void *ref;
    uintptr_t pad;
} payload;

/* A second class, larger, whose reference sits in its last word: the
 * whole cell is scanned, not just word 0. */
#define WIDE_WORDS 5u
#define WIDE_REF (WIDE_WORDS - 1u)

/* The registry never hands out more than this per chunk (unless one cell
 * is larger): ZLUA_SREG_MAX_CHUNK in struct_registry.c. */
#define CHUNK_CAP (64u * 1024u)

/* ---- fixture: a registry whose every block is recorded ------------------ */

typedef struct block {
    char *p;
    size_t n;
} block;

typedef struct fixture {
    unit_alloc alloc;
    block *blocks;            /* live blocks of the registry, allocation order */
    size_t nblocks, capblocks;
    zlua__struct_registry reg;
    zlua__sreg_pool pool;      /* class `payload` of this state */
    zlua__sreg_pool wide;      /* class of WIDE_WORDS words of this state */
    void **cells;             /* owner i's cell; NULL when released */
    size_t wide_every;        /* owner i is `wide` when i % wide_every == 0 */
    payload *standins;        /* unregistered payloads (control test) */
    size_t n;
    volatile unsigned char *flags;
    struct fixture *other;    /* a second state's registry, if any */
} fixture;

static void blocks_note(fixture *f, void *p, size_t n)
{
    if (f->nblocks == f->capblocks) {
        size_t cap = f->capblocks != 0 ? 2 * f->capblocks : 64;
        block *b = realloc(f->blocks, cap * sizeof *b);
        if (b == NULL)
            abort();
        f->blocks = b;
        f->capblocks = cap;
    }
    f->blocks[f->nblocks].p = p;
    f->blocks[f->nblocks].n = n;
    f->nblocks++;
}

static void blocks_forget(fixture *f, void *p)
{
    for (size_t i = 0; i < f->nblocks; i++) {
        if (f->blocks[i].p == p) {
            memmove(&f->blocks[i], &f->blocks[i + 1],
                    (f->nblocks - i - 1) * sizeof *f->blocks);
            f->nblocks--;
            return;
        }
    }
    abort();   /* freeing a block it was never given */
}

/* unit_alloc_fn, plus a record of which blocks are live. */
static void *rec_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    fixture *f = ud;
    void *p = unit_alloc_fn(&f->alloc, ptr, osize, nsize);
    if (ptr != NULL && (nsize == 0 || p != NULL))
        blocks_forget(f, ptr);
    if (p != NULL)
        blocks_note(f, p, nsize);
    return p;
}

/* The index of f's block holding [p, p + n), or SIZE_MAX. */
static size_t block_of(const fixture *f, const void *p, size_t n)
{
    const char *c = p;
    for (size_t i = 0; i < f->nblocks; i++)
        if (c >= f->blocks[i].p && c + n <= f->blocks[i].p + f->blocks[i].n)
            return i;
    return SIZE_MAX;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    unit_alloc_init(&f->alloc);
    if (zlua__sreg_init(&f->reg, rec_alloc, f) != ZLUA_OK)
        return -1;
    zlua__sreg_pool_init(&f->pool, sizeof(payload));
    zlua__sreg_pool_init(&f->wide, WIDE_WORDS * sizeof(void *));
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
    zlua__sreg_free(&f->reg);
    unit_alloc_assert_clean(&f->alloc);
    assert_int_equal(f->nblocks, 0);
    free(f->blocks);
    free(f->cells);
    free(f->standins);
    free(f);
    return 0;
}

static void make_owners(fixture *f, size_t n)
{
    f->cells = calloc(n, sizeof *f->cells);
    f->flags = unit_flags_new(n);
    assert_non_null(f->cells);
    assert_non_null(f->flags);
    f->n = n;
}

static void *alloc_ok(fixture *f, zlua__sreg_pool *pool)
{
    void *cell = zlua__sreg_alloc(&f->reg, pool);
    assert_non_null(cell);
    return cell;
}

static int all_zero(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != 0)
            return 0;
    return 1;
}

static int all_byte(const void *p, size_t n, unsigned char v)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != v)
            return 0;
    return 1;
}

static int cmp_addr(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(void *const *)a;
    uintptr_t y = (uintptr_t)*(void *const *)b;
    return x < y ? -1 : x > y;
}

/* ---- spy: the ranges one collection would be given (unit_support) ----- */

static void spy_run(void)
{
    assert_true(unit_spy_run());
}

/* The index of the spied range holding [p, p + n), or SIZE_MAX. */
static size_t range_of(const void *p, size_t n)
{
    const char *c = p;
    for (size_t i = 0; i < unit_spy_n; i++)
        if (c >= unit_spy_ranges[i].start && c + n <= unit_spy_ranges[i].end)
            return i;
    return SIZE_MAX;
}

/* How many spied ranges lie inside f's block b; *which gets the last. */
static size_t ranges_in_block(const fixture *f, size_t b, size_t *which)
{
    size_t count = 0;
    const block *blk = &f->blocks[b];
    for (size_t i = 0; i < unit_spy_n; i++) {
        int starts_in = unit_spy_ranges[i].start >= blk->p &&
                        unit_spy_ranges[i].start < blk->p + blk->n;
        if (!starts_in)
            continue;
        assert_true(unit_spy_ranges[i].end <= blk->p + blk->n);
        count++;
        *which = i;
    }
    return count;
}

/* R-SUD-2: one range per chunk -- every block of f (f allocates nothing
 * but chunks) is pushed exactly once, and nothing else is pushed. */
static void check_one_range_per_chunk(const fixture *f)
{
    spy_run();
    size_t which = 0;
    for (size_t b = 0; b < f->nblocks; b++)
        assert_int_equal(ranges_in_block(f, b, &which), 1);
    assert_int_equal(unit_spy_n, f->nblocks + (f->other != NULL ? f->other->nblocks : 0));
}

/* Whether owner i's cell is of the `wide` class. */
static int owner_wide(const fixture *f, size_t i)
{
    return f->wide_every != 0 && i % f->wide_every == 0;
}

/* Every live cell of f lies wholly inside a pushed range (spy_run first). */
static void check_cells_covered(const fixture *f)
{
    for (size_t i = 0; i < f->n; i++) {
        size_t size = owner_wide(f, i) ? f->wide.cell_size : f->pool.cell_size;
        if (f->cells[i] != NULL && range_of(f->cells[i], size) == SIZE_MAX)
            fail_msg("live cell %zu is not in any pushed range", i);
    }
}

/* ---- cells -------------------------------------------------------------- */

/* R-SUD-2: cells are handed out zeroed, 8-byte aligned (no C# value type
 * asks more on any player target), the payload size rounded up to that
 * and no more apart (a 24-byte struct of an int and two references takes
 * 24 bytes, not 32: the collector scans every cell byte), inside the
 * registry's own chunks; filling every cell completely disturbs no other
 * cell. */
static void test_cells_zeroed_aligned_apart(void **state)
{
    fixture *f = *state;
    static const size_t sizes[] = {0, 1, 8, 15, 16, 17, 24, 40, 100, 1000, 5000};
    enum { NS = sizeof sizes / sizeof sizes[0], PER = 50 };
    zlua__sreg_pool pools[NS];
    void *cells[NS][PER];
    size_t k = 0;
    for (size_t s = 0; s < NS; s++) {
        zlua__sreg_pool_init(&pools[s], sizes[s]);
        size_t span = sizes[s] != 0 ? sizes[s] : 1;
        size_t want = span < sizeof(void *) ? sizeof(void *) : span;
        assert_int_equal(pools[s].cell_size, (want + 7) / 8 * 8);
        for (size_t i = 0; i < PER; i++, k++) {
            void *c = alloc_ok(f, &pools[s]);
            cells[s][i] = c;
            assert_int_equal((uintptr_t)c % 8, 0);
            if (!all_zero(c, pools[s].cell_size))
                fail_msg("cell %zu of pool %zu not zeroed", i, s);
            assert_true(block_of(f, c, pools[s].cell_size) != SIZE_MAX);
            memset(c, 1 + (int)(k % 251), span);
        }
    }
    assert_int_equal(f->reg.live, NS * PER);
    k = 0;
    for (size_t s = 0; s < NS; s++) {
        size_t span = sizes[s] != 0 ? sizes[s] : 1;
        for (size_t i = 0; i < PER; i++, k++)
            if (!all_byte(cells[s][i], span, (unsigned char)(1 + k % 251)))
                fail_msg("cell %zu of pool %zu overwritten", i, s);
        void *sorted[PER];
        memcpy(sorted, cells[s], sizeof sorted);
        qsort(sorted, PER, sizeof sorted[0], cmp_addr);
        for (size_t i = 1; i < PER; i++) {
            uintptr_t gap = (uintptr_t)sorted[i] - (uintptr_t)sorted[i - 1];
            assert_true(gap >= span);
            assert_true(gap >= 8);
        }
    }
    for (size_t s = 0; s < NS; s++)
        for (size_t i = 0; i < PER; i++)
            zlua__sreg_release(&f->reg, &pools[s], cells[s][i]);
    assert_int_equal(f->reg.live, 0);
}

/* R-RT-4, R-SUD-2: a cell never moves -- its address stays valid and its
 * content untouched through growth of its own and other pools, releases
 * of its neighbours and reuse of their cells. */
static void test_cell_never_moves(void **state)
{
    fixture *f = *state;
    enum { N = 20000 };
    make_owners(f, N);
    payload *mine = alloc_ok(f, &f->pool);
    memset(mine, 0x3c, sizeof *mine);
    uintptr_t *wide = alloc_ok(f, &f->wide);
    memset(wide, 0x4d, WIDE_WORDS * sizeof(void *));
    f->wide_every = 2;
    for (size_t i = 0; i < N; i++)
        f->cells[i] = alloc_ok(f, owner_wide(f, i) ? &f->wide : &f->pool);
    for (size_t i = 1; i < N; i += 2) {
        zlua__sreg_release(&f->reg, &f->pool, f->cells[i]);
        f->cells[i] = NULL;
    }
    for (size_t i = 1; i < N; i += 2)
        f->cells[i] = alloc_ok(f, &f->pool);
    assert_true(all_byte(mine, sizeof *mine, 0x3c));
    assert_true(all_byte(wide, WIDE_WORDS * sizeof(void *), 0x4d));
    assert_true(block_of(f, mine, sizeof *mine) != SIZE_MAX);
    spy_run();
    assert_true(range_of(mine, sizeof *mine) != SIZE_MAX);
    assert_true(range_of(wide, WIDE_WORDS * sizeof(void *)) != SIZE_MAX);
    assert_int_equal(f->reg.live, N + 2);
    check_cells_covered(f);
}

/* R-SUD-2, R-RT-4: release zeroes the cell (all but the free-list link in
 * word 0, which can only name another free cell of the same pool); cells
 * are reused last-released first, and handed out zeroed again. */
static void test_release_zeroes_and_reuses_lifo(void **state)
{
    fixture *f = *state;
    enum { K = 5 };
    uintptr_t *c[K];
    for (size_t i = 0; i < K; i++) {
        c[i] = alloc_ok(f, &f->wide);
        memset(c[i], 0xff, WIDE_WORDS * sizeof(void *));
    }
    assert_int_equal(f->reg.live, K);
    for (size_t i = 0; i < K; i++) {
        zlua__sreg_release(&f->reg, &f->wide, c[i]);
        assert_int_equal(f->reg.live, K - i - 1);
        assert_true(all_zero(c[i] + 1, f->wide.cell_size - sizeof(void *)));
        /* word 0: NULL, or the cell released just before (this pool's) */
        assert_true(c[i][0] == 0 || (i > 0 && c[i][0] == (uintptr_t)c[i - 1]));
    }
    for (size_t i = K; i-- > 0;) {
        uintptr_t *again = alloc_ok(f, &f->wide);
        assert_ptr_equal(again, c[i]);
        assert_true(all_zero(again, f->wide.cell_size));
    }
    assert_int_equal(f->reg.live, K);
}

/* R-RT-4: a pool hands out its own cells only.  A cell released by pool A
 * is never handed out by pool B, even of the same payload size, and B
 * never carves cells from A's chunks: a stale cell address can only ever
 * see a value of its own class. */
static void test_reuse_within_own_pool_only(void **state)
{
    fixture *f = *state;
    enum { N = 100, M = 300 };
    zlua__sreg_pool a, b, c;
    zlua__sreg_pool_init(&a, sizeof(payload));
    zlua__sreg_pool_init(&b, sizeof(payload));          /* same layout size */
    zlua__sreg_pool_init(&c, 3 * sizeof(payload));
    void *ca[N], *cb[M], *cc[M];
    for (size_t i = 0; i < N; i++)
        ca[i] = alloc_ok(f, &a);
    size_t blocks_a = f->nblocks;      /* A's chunks: blocks [0, blocks_a) */
    for (size_t i = 0; i < N; i++)
        zlua__sreg_release(&f->reg, &a, ca[i]);
    for (size_t i = 0; i < M; i++) {
        cb[i] = alloc_ok(f, &b);
        cc[i] = alloc_ok(f, &c);
        size_t kb = block_of(f, cb[i], b.cell_size);
        size_t kc = block_of(f, cc[i], c.cell_size);
        assert_true(kb != SIZE_MAX && kb >= blocks_a);
        assert_true(kc != SIZE_MAX && kc >= blocks_a);
        for (size_t j = 0; j < N; j++)
            assert_true(cb[i] != ca[j] && cc[i] != ca[j]);
    }
    /* B's releases do not feed A either. */
    for (size_t i = 0; i < M; i++)
        zlua__sreg_release(&f->reg, &b, cb[i]);
    size_t mallocs = f->alloc.mallocs;
    for (size_t i = N; i-- > 0;)
        assert_ptr_equal(alloc_ok(f, &a), ca[i]);   /* A's own, LIFO */
    assert_int_equal(f->alloc.mallocs, mallocs);
    /* Beyond its free list, A carves from its own chunks only. */
    size_t kb[M], kc[M];
    for (size_t j = 0; j < M; j++) {
        kb[j] = block_of(f, cb[j], b.cell_size);
        kc[j] = block_of(f, cc[j], c.cell_size);
    }
    for (size_t i = 0; i < M; i++) {
        void *more = alloc_ok(f, &a);
        size_t k = block_of(f, more, a.cell_size);
        assert_true(k != SIZE_MAX);
        for (size_t j = 0; j < M; j++)
            assert_true(more != cb[j] && k != kb[j] && k != kc[j]);
    }
    assert_int_equal(f->reg.live, N + M + M);
}

/* R-SUD-2: random allocations and releases over two pools: `live` counts
 * the cells in use, live cells keep their content, no two alias. */
static void test_churn_keeps_cells_and_live(void **state)
{
    fixture *f = *state;
    enum { N = 3000 };
    make_owners(f, N);
    f->wide_every = 3;
    uint32_t rng = 12345u;
    size_t live = 0;
    for (size_t op = 0; op < 4 * N; op++) {
        rng = rng * 1103515245u + 12345u;
        size_t i = (rng >> 8) % N;
        zlua__sreg_pool *pool = owner_wide(f, i) ? &f->wide : &f->pool;
        if (f->cells[i] == NULL) {
            uintptr_t *c = alloc_ok(f, pool);
            assert_true(all_zero(c, pool->cell_size));
            c[0] = c[1] = (uintptr_t)i;
            f->cells[i] = c;
            live++;
        } else {
            zlua__sreg_release(&f->reg, pool, f->cells[i]);
            f->cells[i] = NULL;
            live--;
        }
        assert_int_equal(f->reg.live, live);
        if (op % 97 == 0)
            for (size_t j = 0; j < N; j++) {
                const uintptr_t *c = f->cells[j];
                if (c != NULL && (c[0] != j || c[1] != j))
                    fail_msg("cell of owner %zu overwritten", j);
            }
    }
    void **sorted = malloc(live * sizeof *sorted);
    assert_non_null(sorted);
    size_t k = 0;
    for (size_t j = 0; j < N; j++)
        if (f->cells[j] != NULL)
            sorted[k++] = f->cells[j];
    assert_int_equal(k, live);
    qsort(sorted, k, sizeof *sorted, cmp_addr);
    for (size_t j = 1; j < k; j++)
        assert_true(sorted[j] != sorted[j - 1]);
    free(sorted);
    spy_run();
    check_cells_covered(f);
}

/* ---- chunks ------------------------------------------------------------- */

/* R-SUD-2: chunks grow -- the first is small (a state with one struct
 * value holds little), each next one bigger up to a cap, then capped --
 * and a collection is given one range per chunk, however many cells: 40
 * thousand live cells are a couple of dozen ranges, and every live cell
 * lies inside one of them. */
static void test_chunks_grow_capped_one_range_each(void **state)
{
    fixture *f = *state;
    enum { N = 40000 };
    make_owners(f, N);
    for (size_t i = 0; i < N; i++)
        f->cells[i] = alloc_ok(f, &f->pool);
    assert_int_equal(f->nblocks, f->alloc.live_blocks);
    check_one_range_per_chunk(f);
    assert_true(unit_spy_n < 32);
    check_cells_covered(f);

    /* The chunk sizes in allocation order (ranges are pushed in any). */
    size_t prev = 0;
    for (size_t b = 0; b < f->nblocks; b++) {
        size_t which = 0;
        (void)ranges_in_block(f, b, &which);
        size_t bytes = (size_t)(unit_spy_ranges[which].end - unit_spy_ranges[which].start);
        assert_int_equal(bytes % f->pool.cell_size, 0);
        assert_true(bytes <= CHUNK_CAP);
        if (b == 0)
            assert_true(bytes >= f->pool.cell_size && bytes <= 16 * f->pool.cell_size);
        else if (prev < CHUNK_CAP)
            assert_true(bytes > prev);
        else
            assert_int_equal(bytes, CHUNK_CAP);
        prev = bytes;
    }
    assert_int_equal(prev, CHUNK_CAP);   /* the cap was reached and held */

    /* A cell larger than the cap: one cell per chunk, one range each. */
    zlua__sreg_pool big;
    zlua__sreg_pool_init(&big, 100000);
    void *bc[3];
    size_t before = f->nblocks;
    for (size_t i = 0; i < 3; i++) {
        bc[i] = alloc_ok(f, &big);
        assert_int_equal((uintptr_t)bc[i] % 8, 0);
        assert_true(all_zero(bc[i], big.cell_size));
    }
    assert_int_equal(f->nblocks, before + 3);
    check_one_range_per_chunk(f);
    for (size_t i = 0; i < 3; i++) {
        size_t r = range_of(bc[i], big.cell_size);
        assert_true(r != SIZE_MAX);
        assert_int_equal(unit_spy_ranges[r].end - unit_spy_ranges[r].start, big.cell_size);
    }
    check_cells_covered(f);
}

/* R-GC-3, R-RT-4: growth only adds chunks -- nothing is reallocated or
 * freed before zlua__sreg_free, so no cell ever moves and a collection
 * never reads freed memory; init allocates nothing; reuse of released
 * cells allocates nothing. */
static void test_growth_adds_chunks_only(void **state)
{
    fixture *f = *state;
    enum { N = 5000 };
    make_owners(f, N);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);   /* init */
    f->cells[0] = alloc_ok(f, &f->pool);
    assert_int_equal(f->alloc.mallocs, 1);
    size_t i = 1;
    while (f->pool.bump != f->pool.bump_end)
        f->cells[i++] = alloc_ok(f, &f->pool);
    assert_true(i >= 2);                 /* the first chunk holds several */
    assert_int_equal(f->alloc.mallocs, 1);
    f->cells[i++] = alloc_ok(f, &f->pool);
    assert_int_equal(f->alloc.mallocs, 2);
    for (; i < N; i++)
        f->cells[i] = alloc_ok(f, &f->pool);
    assert_int_equal(f->alloc.reallocs, 0);
    assert_int_equal(f->alloc.frees, 0);
    assert_int_equal(f->alloc.live_blocks, f->alloc.mallocs);
    for (size_t j = 0; j < N; j++)
        assert_true(block_of(f, f->cells[j], sizeof(payload)) != SIZE_MAX);
    size_t calls = unit_alloc_calls(&f->alloc);
    for (size_t j = 0; j < N; j += 7) {
        zlua__sreg_release(&f->reg, &f->pool, f->cells[j]);
        f->cells[j] = NULL;
    }
    for (size_t j = 0; j < N; j += 7)
        f->cells[j] = alloc_ok(f, &f->pool);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
    assert_int_equal(f->reg.live, N);
}

/* A failed growth returns NULL and changes nothing: the live cells, their
 * content and the pushed ranges are as before, and the registry stays
 * usable -- released cells are still reused without the allocator, and
 * the next growth succeeds. */
static void test_growth_failure(void **state)
{
    fixture *f = *state;
    enum { N = 200 };
    make_owners(f, N);
    size_t n = 0;
    do {
        assert_true(n < N / 2);
        uintptr_t *c = alloc_ok(f, &f->pool);
        c[0] = c[1] = n;
        f->cells[n++] = c;
    } while (f->pool.bump != f->pool.bump_end);
    spy_run();
    size_t ranges = unit_spy_n;
    size_t calls = unit_alloc_calls(&f->alloc);
    size_t chunk_bytes = f->reg.chunk_bytes;
    f->alloc.fail_in = 0;
    assert_null(zlua__sreg_alloc(&f->reg, &f->pool));
    assert_int_equal(f->alloc.fail_in, -1);       /* growth was attempted */
    assert_int_equal(f->reg.live, n);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
    assert_int_equal(f->alloc.live_blocks, f->nblocks);
    assert_int_equal(f->reg.chunk_bytes, chunk_bytes);
    assert_true(f->pool.bump == f->pool.bump_end);
    spy_run();
    assert_int_equal(unit_spy_n, ranges);
    check_cells_covered(f);
    for (size_t i = 0; i < n; i++) {
        const uintptr_t *c = f->cells[i];
        assert_true(c[0] == i && c[1] == i);
    }

    /* A released cell comes back without asking the allocator. */
    void *x = f->cells[n / 2];
    zlua__sreg_release(&f->reg, &f->pool, x);
    f->alloc.fail_in = 0;
    uintptr_t *y = alloc_ok(f, &f->pool);
    assert_ptr_equal(y, x);
    assert_int_equal(f->alloc.fail_in, 0);        /* not asked */
    f->alloc.fail_in = -1;
    y[0] = y[1] = n / 2;

    /* The next growth works; then a failure in the middle of a fill. */
    while (n < N / 2) {
        uintptr_t *c = alloc_ok(f, &f->pool);
        c[0] = c[1] = n;
        f->cells[n++] = c;
    }
    f->alloc.fail_in = 0;
    for (;;) {
        uintptr_t *c = zlua__sreg_alloc(&f->reg, &f->pool);
        if (c == NULL)
            break;
        assert_true(n < N);
        c[0] = c[1] = n;
        f->cells[n++] = c;
    }
    assert_int_equal(f->reg.live, n);
    while (n < N) {
        uintptr_t *c = alloc_ok(f, &f->pool);
        c[0] = c[1] = n;
        f->cells[n++] = c;
    }
    assert_int_equal(f->reg.live, N);
    for (size_t i = 0; i < N; i++) {
        const uintptr_t *c = f->cells[i];
        assert_true(c[0] == i && c[1] == i);
    }
    check_one_range_per_chunk(f);
    check_cells_covered(f);
}

/* Bad arguments: init refuses NULLs; alloc returns NULL (asking nothing of
 * the allocator) for a NULL or uninitialised registry, a NULL, unset or
 * oversized pool; release ignores a NULL registry, pool or cell. */
static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    zlua__struct_registry r;
    assert_int_equal(zlua__sreg_init(NULL, unit_alloc_fn, &f->alloc), ZLUA_EINVAL);
    assert_int_equal(zlua__sreg_init(&r, NULL, NULL), ZLUA_EINVAL);

    size_t calls = unit_alloc_calls(&f->alloc);
    assert_null(zlua__sreg_alloc(NULL, &f->pool));
    assert_null(zlua__sreg_alloc(&f->reg, NULL));
    zlua__sreg_pool unset;
    memset(&unset, 0, sizeof unset);
    assert_null(zlua__sreg_alloc(&f->reg, &unset));
    zlua__sreg_pool huge;
#if SIZE_MAX > UINT32_MAX
    zlua__sreg_pool_init(&huge, (size_t)UINT32_MAX + 1u);
    assert_null(zlua__sreg_alloc(&f->reg, &huge));
#endif
    zlua__sreg_pool_init(&huge, SIZE_MAX);
    assert_null(zlua__sreg_alloc(&f->reg, &huge));
    zlua__struct_registry zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    assert_null(zlua__sreg_alloc(&zeroed, &f->pool));
    assert_null(f->pool.bump);
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);
    assert_int_equal(f->reg.live, 0);

    payload *c = alloc_ok(f, &f->pool);
    memset(c, 0x77, sizeof *c);
    zlua__sreg_release(NULL, &f->pool, c);
    zlua__sreg_release(&f->reg, NULL, c);
    zlua__sreg_release(&f->reg, &f->pool, NULL);
    assert_int_equal(f->reg.live, 1);
    assert_true(all_byte(c, sizeof *c, 0x77));
    assert_null(f->pool.free);
    payload *d = alloc_ok(f, &f->pool);
    assert_true(d != c);
    zlua__sreg_release(&f->reg, &f->pool, d);
    zlua__sreg_release(&f->reg, &f->pool, c);
    assert_int_equal(f->reg.live, 0);
}

/* R-RT-4: a release that reaches a registry which was never initialised,
 * or was freed already (a finalizer running after its state's registry
 * is gone), is ignored: it writes nothing into the cell and leaves the
 * pool and the count alone. */
static void test_release_on_uninitialised_registry_is_ignored(void **state)
{
    fixture *f = *state;
    _Alignas(16) unsigned char fake[32];
    memset(fake, 0x5a, sizeof fake);

    zlua__struct_registry zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    zlua__sreg_release(&zeroed, &f->pool, fake);
    assert_int_equal(zeroed.live, 0);
    assert_null(f->pool.free);
    assert_true(all_byte(fake, sizeof fake, 0x5a));

    zlua__sreg_free(&f->reg);
    zlua__sreg_release(&f->reg, &f->pool, fake);
    assert_int_equal(f->reg.live, 0);
    assert_null(f->pool.free);
    assert_true(all_byte(fake, sizeof fake, 0x5a));
}

/* R-SUD-4: free releases every cell of every pool and all memory, and
 * unlinks the registry (a collection is given none of its ranges); the
 * freed registry hands out nothing; a second free, or the free of a
 * zeroed registry, is harmless; the registry can be initialised again. */
static void test_free_releases_all(void **state)
{
    fixture *f = *state;
    enum { N = 1000 };
    make_owners(f, N);
    zlua__sreg_pool third;
    zlua__sreg_pool_init(&third, 200);
    for (size_t i = 0; i < N; i++)
        f->cells[i] = alloc_ok(f, i % 3 == 0 ? &f->pool : i % 3 == 1 ? &f->wide : &third);
    assert_true(f->alloc.live_blocks > 0);
    check_one_range_per_chunk(f);
    assert_true(unit_spy_n > 0);

    zlua__sreg_free(&f->reg);
    unit_alloc_assert_clean(&f->alloc);
    assert_int_equal(f->reg.live, 0);
    assert_null(f->reg.chunks);
    spy_run();
    assert_int_equal(unit_spy_n, 0);
    size_t calls = unit_alloc_calls(&f->alloc);
    assert_null(zlua__sreg_alloc(&f->reg, &f->pool));
    assert_int_equal(unit_alloc_calls(&f->alloc), calls);

    zlua__sreg_free(&f->reg);
    zlua__struct_registry zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    zlua__sreg_free(&zeroed);
    zlua__sreg_free(NULL);
    assert_int_equal(f->alloc.live_blocks, 0);

    /* Re-initialisable.  The pools' cells died with the old registry, so
     * the classes are bound again (a new state binds new classes). */
    assert_int_equal(zlua__sreg_init(&f->reg, rec_alloc, f), ZLUA_OK);
    zlua__sreg_pool_init(&f->pool, sizeof(payload));
    for (size_t i = 0; i < N; i++)
        f->cells[i] = alloc_ok(f, &f->pool);
    assert_int_equal(f->reg.live, N);
    check_one_range_per_chunk(f);
    check_cells_covered(f);
}

/* ---- liveness ----------------------------------------------------------- */

/* Owner i's reference slot: word 0 of a `pool` cell, the last word of a
 * `wide` one. */
static void **ref_slot(void *cell, int wide)
{
    return (void **)cell + (wide ? WIDE_REF : 0);
}

/* Fills owners [0, n) one by one: a cell (registered; of the `wide`
 * class for owner_wide owners) or a stand-in payload (not registered),
 * then an object stored only there.  A sampled object (every `every`-th)
 * is tracked with flag i / every; the others are plain and checked by
 * content.  The cell exists before the object: the object is on this
 * frame until stored, and scanned in the cell from then on.
 * noinline + scrub: no stack copy of an address should outlive this. */
static UNIT_NOINLINE void fill_tracked(fixture *f, size_t n, int do_register,
                                       size_t every)
{
    if (!do_register) {
        f->standins = calloc(n, sizeof *f->standins);
        assert_non_null(f->standins);
    }
    for (size_t i = 0; i < n; i++) {
        int wide = do_register && owner_wide(f, i);
        void *cell = !do_register ? (void *)&f->standins[i]
                     : alloc_ok(f, wide ? &f->wide : &f->pool);
        f->cells[i] = cell;
        if (i % every == 0) {
            *ref_slot(cell, wide) = unit_tracked_new(16, i / every, f->flags);
        } else {
            uintptr_t *obj = GC_MALLOC(2 * sizeof *obj);
            assert_non_null(obj);
            obj[0] = UNIT_MAGIC;
            obj[1] = i;
            *ref_slot(cell, wide) = obj;
        }
    }
}

static void check_payloads_intact(const fixture *f, size_t n, size_t every)
{
    for (size_t i = 0; i < n; i++) {
        const uintptr_t *obj = *ref_slot(f->cells[i], owner_wide(f, i));
        uintptr_t id = i % every == 0 ? i / every : i;
        if (obj == NULL || obj[0] != UNIT_MAGIC || obj[1] != id)
            fail_msg("object of owner %zu was collected", i);
    }
}

/* R-SUD-2, R-GC-2: an object referenced only from a live cell survives
 * repeated collections (only the push-root callback can reach it). */
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
    assert_int_equal(f->reg.live, N);
}

/* R-SUD-2, R-RT-4: a released cell's references no longer keep anything
 * alive (release zeroes the whole cell: the references sit in the last
 * word of `wide` cells, not in word 0, which the free list overwrites
 * anyway).  Half the cells are released in bulk: nearly all of their
 * objects are finalized -- conservative scanning may keep a few, so no
 * particular one is asserted -- while every object of the other half
 * survives. */
static void test_released_cell_is_not_a_root(void **state)
{
    fixture *f = *state;
    enum { N = 2000 };
    make_owners(f, N);
    f->wide_every = 1;
    fill_tracked(f, N, 1, 1);
    unit_gc_scrub_stack();
    unit_gc_collect(2);
    assert_int_equal(unit_count_flags(f->flags, N), 0);

    for (size_t i = 0; i < N; i += 2) {
        zlua__sreg_release(&f->reg, &f->wide, f->cells[i]);
        f->cells[i] = NULL;
    }
    assert_int_equal(f->reg.live, N / 2);
    unit_gc_scrub_stack();
    unit_gc_collect(4);
    size_t released_dead = 0;
    for (size_t i = 0; i < N; i++) {
        if (i % 2 == 0) {
            released_dead += f->flags[i] != 0;
        } else {
            if (f->flags[i])
                fail_msg("object of live cell %zu was finalized", i);
            const uintptr_t *obj = *ref_slot(f->cells[i], 1);
            assert_true(obj[0] == UNIT_MAGIC && obj[1] == i);
        }
    }
    assert_true(released_dead >= (N / 2) * 9 / 10);
}

/* Control: the same payloads outside the registry are not roots at all,
 * so the survival above is the registry's doing. */
static void test_unregistered_payload_is_not_a_root(void **state)
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

/* R-SUD-2 at scale: 1 000 000 live cells are a few hundred ranges (one per
 * chunk).  The collection completes and every object survives: 1000
 * sampled by finalizers, all content-checked.  After free, nearly all are
 * collected. */
static void test_million_entries(void **state)
{
    fixture *f = *state;
    enum { N = 1000000, EVERY = 1000 };
    make_owners(f, N);
    fill_tracked(f, N, 1, EVERY);
    assert_int_equal(f->reg.live, N);
    spy_run();
    assert_int_equal(unit_spy_n, f->nblocks);
    assert_true(unit_spy_n < N / 1000);
    for (size_t i = 0; i < N; i += 997)
        assert_true(range_of(f->cells[i], sizeof(payload)) != SIZE_MAX);
    unit_gc_scrub_stack();
    /* The first collections also grow bdwgc's mark stack (recoverable
     * overflows while greying a million objects); the third is steady. */
    double first = unit_gc_timed_collect();
    double second = unit_gc_timed_collect();
    double steady = unit_gc_timed_collect();
    print_message("struct registry, 1M live cells in %zu ranges: collections "
                  "%.1f, %.1f, %.1f ms\n", unit_spy_n, first, second, steady);
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
    zlua__sreg_free(&f->reg);
    assert_int_equal(f->alloc.live_bytes, 0);
    for (size_t i = 0; i < N; i++)
        f->cells[i] = NULL;
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_true(unit_count_flags(f->flags, N / EVERY) >= N / EVERY * 9 / 10);
}

/* All registries of all states are walked: two registries (two states,
 * each with its own pools) keep their own objects; freeing one unlinks it
 * and frees its memory without touching the other. */
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
    check_one_range_per_chunk(a);
    for (size_t i = 0; i < N; i++)
        assert_true(block_of(a, b->cells[i], sizeof(payload)) == SIZE_MAX);
    check_cells_covered(a);
    check_cells_covered(b);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    assert_int_equal(unit_count_flags(b->flags, N), 0);

    zlua__sreg_free(&b->reg);
    assert_int_equal(b->alloc.live_blocks, 0);
    assert_int_equal(b->alloc.live_bytes, 0);
    for (size_t i = 0; i < N; i++)
        b->cells[i] = NULL;
    spy_run();
    assert_int_equal(unit_spy_n, a->nblocks);
    check_cells_covered(a);
    unit_gc_scrub_stack();
    unit_gc_collect(3);
    assert_int_equal(unit_count_flags(a->flags, N), 0);
    check_payloads_intact(a, N, 1);
    assert_true(unit_count_flags(b->flags, N) >= N * 9 / 10);
    assert_int_equal(a->reg.live, N);
}

/* R-GC-3: collections on another thread at arbitrary points of
 * allocations (new chunks linked), releases and reuse of released cells,
 * over two pools, never miss a live cell (and, under ASan, never read
 * freed registry memory). */
enum { STRESS_GROW = 60000, STRESS_TOTAL = 90000 };

/* The cell first (zeroed and scanned from the start), then the object,
 * which stays on this frame until it is stored. */
static UNIT_NOINLINE void add_tracked(fixture *f, size_t i)
{
    int wide = owner_wide(f, i);
    void *cell = alloc_ok(f, wide ? &f->wide : &f->pool);
    f->cells[i] = cell;
    *ref_slot(cell, wide) = unit_tracked_new(16, i, f->flags);
}

static UNIT_NOINLINE void churn_under_collections(fixture *f, size_t *ids,
                                                  size_t *nids)
{
    for (size_t i = 0; i < STRESS_GROW; i++) {
        add_tracked(f, i);
        ids[(*nids)++] = i;
    }
    /* Releases dominate; the adds that follow reuse released cells. */
    uint32_t rng = 777u;
    size_t next = STRESS_GROW;
    while (next < STRESS_TOTAL) {
        rng = rng * 1103515245u + 12345u;
        size_t k = (rng >> 4) % *nids;
        size_t victim = ids[k];
        ids[k] = ids[--*nids];
        zlua__sreg_release(&f->reg, owner_wide(f, victim) ? &f->wide : &f->pool,
                          f->cells[victim]);
        f->cells[victim] = NULL;
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
    f->wide_every = 3;
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
    size_t live = 0;
    for (size_t i = 0; i < N; i++) {
        if (f->cells[i] == NULL)
            continue;
        live++;
        if (f->flags[i])
            fail_msg("live cell %zu's object was finalized", i);
        const uintptr_t *obj = *ref_slot(f->cells[i], owner_wide(f, i));
        assert_true(obj[0] == UNIT_MAGIC && obj[1] == i);
    }
    assert_int_equal(live, f->reg.live);
    check_one_range_per_chunk(f);
    check_cells_covered(f);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    unit_gc_init();
    const struct CMUnitTest tests[] = {
        T(test_cells_zeroed_aligned_apart),
        T(test_cell_never_moves),
        T(test_release_zeroes_and_reuses_lifo),
        T(test_reuse_within_own_pool_only),
        T(test_churn_keeps_cells_and_live),
        T(test_chunks_grow_capped_one_range_each),
        T(test_growth_adds_chunks_only),
        T(test_growth_failure),
        T(test_bad_arguments),
        T(test_release_on_uninitialised_registry_is_ignored),
        T(test_free_releases_all),
        T(test_payload_keeps_object_alive),
        T(test_released_cell_is_not_a_root),
        T(test_unregistered_payload_is_not_a_root),
        T(test_million_entries),
        T(test_two_registries),
        T(test_collections_during_mutation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
