/*
 * test_idmap.c -- the identity cache's C map (core/idmap.c, R-SHAPE-2):
 * pairs found, replaced and removed, runs kept whole by backward-shift
 * deletion, growth, and a failed allocation leaving the map as it was.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "core/idmap.h"
#include "unit_support.h"
#include "zlua.h"

static int g_fail_allocs;   /* the next allocation fails when set */

static void *test_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (g_fail_allocs) {
        g_fail_allocs = 0;
        return NULL;
    }
    return realloc(ptr, nsize);
}

/* Object and view addresses are only compared: fake, distinct ones. */
#define OBJ(i) ((const void *)(uintptr_t)(0x10000u + 16u * (unsigned)(i)))
#define VIEW(v) ((const void *)(uintptr_t)(0x900000u + 64u * (unsigned)(v)))

static void test_put_find_replace(void **state)
{
    (void)state;
    zlua__idmap m;
    zlua__idmap_init(&m, test_alloc, NULL);
    assert_null(zlua_idmap_find(&m, OBJ(1), VIEW(0)));   /* empty: no table yet */
    assert_int_equal(zlua__idmap_put(&m, OBJ(1), VIEW(0), 5, OBJ(500)), ZLUA_OK);
    assert_int_equal(zlua__idmap_put(&m, OBJ(1), VIEW(1), 6, OBJ(600)), ZLUA_OK);
    const zlua__idmap_entry *e = zlua_idmap_find(&m, OBJ(1), VIEW(0));
    assert_non_null(e);
    assert_int_equal(e->slot, 5);
    assert_ptr_equal(e->ud, OBJ(500));
    assert_int_equal(zlua_idmap_find(&m, OBJ(1), VIEW(1))->slot, 6);   /* a view each */
    assert_null(zlua_idmap_find(&m, OBJ(2), VIEW(0)));
    /* a newer userdata of the pair replaces the entry */
    assert_int_equal(zlua__idmap_put(&m, OBJ(1), VIEW(0), 9, OBJ(900)), ZLUA_OK);
    assert_int_equal(zlua_idmap_find(&m, OBJ(1), VIEW(0))->slot, 9);
    assert_int_equal(m.count, 2);
    /* the older userdata's __gc removes only its own entry */
    zlua__idmap_remove(&m, OBJ(1), VIEW(0), 5);
    assert_int_equal(zlua_idmap_find(&m, OBJ(1), VIEW(0))->slot, 9);
    zlua__idmap_remove(&m, OBJ(1), VIEW(0), 9);
    assert_null(zlua_idmap_find(&m, OBJ(1), VIEW(0)));
    assert_int_equal(m.count, 1);
    zlua__idmap_remove(&m, OBJ(7), VIEW(7), 1);   /* absent: nothing */
    zlua__idmap_free(&m);
}

/* Many pairs through several growths; every other one removed, in an
 * order that cuts runs: each remaining one is still found (a deletion
 * that left a hole in a probe run would lose the entries after it). */
static void test_growth_and_deletion_keep_runs(void **state)
{
    (void)state;
    enum { N = 5000 };
    zlua__idmap m;
    zlua__idmap_init(&m, test_alloc, NULL);
    for (int i = 0; i < N; i++)
        assert_int_equal(zlua__idmap_put(&m, OBJ(i), VIEW(i % 3), (uint32_t)i, OBJ(i)), ZLUA_OK);
    assert_int_equal(m.count, N);
    assert_true(m.cap >= 2 * N);   /* at most half full */
    for (int i = N - 1; i >= 0; i -= 2)
        zlua__idmap_remove(&m, OBJ(i), VIEW(i % 3), (uint32_t)i);
    assert_int_equal(m.count, N / 2);
    for (int i = 0; i < N; i++) {
        const zlua__idmap_entry *e = zlua_idmap_find(&m, OBJ(i), VIEW(i % 3));
        if (i % 2 == 0) {
            assert_non_null(e);
            assert_int_equal(e->slot, (uint32_t)i);
        } else {
            assert_null(e);
        }
    }
    zlua__idmap_free(&m);
    assert_int_equal(m.cap, 0);
}

/* Pairs of one home bucket form a run; removing its first entries must
 * move the later ones up (backward shift), or a lookup would stop at the
 * hole and miss them. */
static void test_collisions_in_one_run(void **state)
{
    (void)state;
    enum { K = 12 };
    zlua__idmap m;
    zlua__idmap_init(&m, test_alloc, NULL);
    assert_int_equal(zlua__idmap_put(&m, OBJ(0), VIEW(9), 0, OBJ(0)), ZLUA_OK);   /* cap 64 */
    size_t cap = m.cap, home = zlua_idmap_hash(OBJ(1), VIEW(0), cap);
    int keys[K], n = 0;
    for (int i = 1; n < K; i++)
        if (zlua_idmap_hash(OBJ(i), VIEW(0), cap) == home)
            keys[n++] = i;
    for (int k = 0; k < K; k++)
        assert_int_equal(zlua__idmap_put(&m, OBJ(keys[k]), VIEW(0), (uint32_t)k, NULL), ZLUA_OK);
    assert_int_equal(m.cap, cap);   /* one run, no growth in between */
    for (int k = 0; k < K; k += 3)
        zlua__idmap_remove(&m, OBJ(keys[k]), VIEW(0), (uint32_t)k);
    for (int k = 0; k < K; k++) {
        const zlua__idmap_entry *e = zlua_idmap_find(&m, OBJ(keys[k]), VIEW(0));
        if (k % 3 == 0) {
            assert_null(e);
        } else {
            assert_non_null(e);
            assert_int_equal(e->slot, (uint32_t)k);
        }
    }
    zlua__idmap_free(&m);
}

/* Out of memory while growing: ZLUA_ENOMEM and the map unchanged. */
static void test_grow_failure_leaves_map(void **state)
{
    (void)state;
    zlua__idmap m;
    zlua__idmap_init(&m, test_alloc, NULL);
    g_fail_allocs = 1;
    assert_int_equal(zlua__idmap_put(&m, OBJ(1), VIEW(0), 1, OBJ(1)), ZLUA_ENOMEM);
    assert_null(zlua_idmap_find(&m, OBJ(1), VIEW(0)));
    int i = 0;
    while (m.cap == 0 || (m.count + 1) * 2 <= m.cap) {
        assert_int_equal(zlua__idmap_put(&m, OBJ(i), VIEW(0), (uint32_t)i, OBJ(i)), ZLUA_OK);
        i++;
    }
    size_t cap = m.cap, count = m.count;
    g_fail_allocs = 1;   /* the next put must grow */
    assert_int_equal(zlua__idmap_put(&m, OBJ(i), VIEW(0), (uint32_t)i, OBJ(i)), ZLUA_ENOMEM);
    assert_int_equal(m.cap, cap);
    assert_int_equal(m.count, count);
    for (int j = 0; j < i; j++)
        assert_int_equal(zlua_idmap_find(&m, OBJ(j), VIEW(0))->slot, (uint32_t)j);
    zlua__idmap_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_find_replace),
        cmocka_unit_test(test_growth_and_deletion_keep_runs),
        cmocka_unit_test(test_collisions_in_one_run),
        cmocka_unit_test(test_grow_failure_leaves_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
