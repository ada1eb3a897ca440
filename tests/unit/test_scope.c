/*
 * test_scope.c -- StructStackScope: push, resolve, nesting, expiry,
 * rollback, growth (R-OPQ-2..5).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "scope/scope.h"
#include "unit_support.h"
#include "zlua.h"

typedef struct fixture {
    unit_alloc alloc;
    zlua__scope scope;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    unit_alloc_init(&f->alloc);
    zlua__scope_init(&f->scope, unit_alloc_fn, &f->alloc);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    zlua__scope_free(&f->scope);
    unit_alloc_assert_clean(&f->alloc);
    free(f);
    return 0;
}

static uintptr_t push_ok(zlua__scope *s, void *addr, const void *meta)
{
    uintptr_t h = 0;
    assert_int_equal(zlua_scope_push(s, addr, meta, &h), ZLUA_OK);
    return h;
}

static int resolve(const zlua__scope *s, uintptr_t h)
{
    const zlua__slot *slot = NULL;
    return zlua_scope_resolve(s, h, &slot);
}

static void assert_resolves_to(const zlua__scope *s, uintptr_t h, void *addr,
                               const void *meta)
{
    const zlua__slot *slot = NULL;
    assert_int_equal(zlua_scope_resolve(s, h, &slot), ZLUA_SCOPE_VALID);
    assert_non_null(slot);
    assert_ptr_equal(slot->addr, addr);
    assert_ptr_equal(slot->meta, meta);
}

static void assert_decodes(uintptr_t h, uintptr_t gen, uint32_t index)
{
    uintptr_t g;
    uint32_t i;
    assert_true(zlua__handle_decode(h, &g, &i));
    assert_true(g == gen);
    assert_int_equal(i, index);
}

/* Stand-ins for zlua_meta pointers: only their identity matters here. */
static const int meta_a = 1, meta_b = 2;

/* R-OPQ-4/R-OPQ-5: pushing needs an open scope; failing allocates nothing. */
static void test_push_without_scope(void **state)
{
    fixture *f = *state;
    int slot = 0;
    uintptr_t h = 12345;
    assert_int_equal(zlua_scope_push(&f->scope, &slot, &meta_a, &h),
                     ZLUA_ESTATE);
    assert_true(h == 12345);
    assert_int_equal(f->scope.size, 0);
    assert_int_equal(unit_alloc_calls(&f->alloc), 0);
    /* Same after the last scope is closed again. */
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    zlua_scope_close(&f->scope);
    assert_int_equal(zlua_scope_push(&f->scope, &slot, &meta_a, &h),
                     ZLUA_ESTATE);
}

/* R-OPQ-2/R-OPQ-3: a push records (addr, meta); resolve yields them. */
static void test_push_and_resolve(void **state)
{
    fixture *f = *state;
    int a = 0;
    double b = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t ha = push_ok(&f->scope, &a, &meta_a);
    uintptr_t hb = push_ok(&f->scope, &b, &meta_b);
    assert_true(ha != hb);
    assert_decodes(ha, 0, 0);
    assert_decodes(hb, 0, 1);
    assert_resolves_to(&f->scope, ha, &a, &meta_a);
    assert_resolves_to(&f->scope, hb, &b, &meta_b);
    /* Resolving does not consume anything. */
    assert_resolves_to(&f->scope, ha, &a, &meta_a);
    zlua_scope_close(&f->scope);
}

/* R-OPQ-3: foreign lightuserdata (NULL, aligned pointers) are FOREIGN,
 * with or without an open scope. */
static void test_resolve_foreign(void **state)
{
    fixture *f = *state;
    int x = 0;
    void *heap = malloc(32);
    assert_non_null(heap);
    assert_int_equal(resolve(&f->scope, 0), ZLUA_SCOPE_FOREIGN);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &x, &meta_a);
    assert_int_equal(resolve(&f->scope, 0), ZLUA_SCOPE_FOREIGN);
    assert_int_equal(resolve(&f->scope, (uintptr_t)&x), ZLUA_SCOPE_FOREIGN);
    assert_int_equal(resolve(&f->scope, (uintptr_t)heap), ZLUA_SCOPE_FOREIGN);
    assert_int_equal(resolve(&f->scope, (uintptr_t)&meta_a),
                     ZLUA_SCOPE_FOREIGN);
    zlua_scope_close(&f->scope);
    free(heap);
}

/* R-OPQ-4: EndScope of a scope that issued handles expires them. */
static void test_expiry_after_end_scope(void **state)
{
    fixture *f = *state;
    int x = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h = push_ok(&f->scope, &x, &meta_a);
    assert_int_equal(resolve(&f->scope, h), ZLUA_SCOPE_VALID);
    zlua_scope_close(&f->scope);
    assert_int_equal(resolve(&f->scope, h), ZLUA_SCOPE_EXPIRED);
    assert_int_equal(f->scope.size, 0);
    assert_true(f->scope.generation == 1);
    /* Re-opening does not revive it: the new slot 0 has a new generation. */
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h2 = push_ok(&f->scope, &x, &meta_a);
    assert_true(h2 != h);
    assert_int_equal(resolve(&f->scope, h), ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, h2), ZLUA_SCOPE_VALID);
    zlua_scope_close(&f->scope);
}

/* R-OPQ-4: outer pushes h0, inner scope pushes h1; the
 * inner EndScope truncates to 1 and bumps the generation, so h1 AND h0
 * expire (the documented chain semantics). */
static void test_seed_nesting_example(void **state)
{
    fixture *f = *state;
    int a = 0, b = 0;
    /* outer BeginScope: stack=[] */
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    /* Push A -> h0 (gen 0, idx 0) */
    uintptr_t h0 = push_ok(&f->scope, &a, &meta_a);
    assert_decodes(h0, 0, 0);
    /* inner BeginScope: mark = 1 */
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    assert_int_equal(f->scope.marks[1], 1);
    /* Push B -> h1 (gen 0, idx 1); the pcall uses h1 */
    uintptr_t h1 = push_ok(&f->scope, &b, &meta_b);
    assert_decodes(h1, 0, 1);
    assert_resolves_to(&f->scope, h1, &b, &meta_b);
    /* inner EndScope: stack truncated to 1, gen = 1 */
    zlua_scope_close(&f->scope);
    assert_int_equal(f->scope.size, 1);
    assert_true(f->scope.generation == 1);
    assert_int_equal(resolve(&f->scope, h1), ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, h0), ZLUA_SCOPE_EXPIRED);
    /* The outer scope goes on: a new push gets the new generation. */
    uintptr_t h2 = push_ok(&f->scope, &b, &meta_b);
    assert_decodes(h2, 1, 1);
    assert_resolves_to(&f->scope, h2, &b, &meta_b);
    zlua_scope_close(&f->scope);   /* outer EndScope */
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(f->scope.size, 0);
    assert_int_equal(resolve(&f->scope, h2), ZLUA_SCOPE_EXPIRED);
}

/* R-OPQ-4: nested scopes that issued nothing leave the generation alone,
 * so outer handles survive Lua->C# calls that pushed no handle. */
static void test_empty_scope_keeps_outer_handles(void **state)
{
    fixture *f = *state;
    int a = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h0 = push_ok(&f->scope, &a, &meta_a);
    for (int depth = 1; depth <= 3; depth++) {
        for (int k = 0; k < depth; k++)
            assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
        for (int k = 0; k < depth; k++)
            zlua_scope_close(&f->scope);
        assert_true(f->scope.generation == 0);
        assert_resolves_to(&f->scope, h0, &a, &meta_a);
    }
    zlua_scope_close(&f->scope);
    assert_int_equal(resolve(&f->scope, h0), ZLUA_SCOPE_EXPIRED);
}

/* R-OPQ-3: the index check stands on its own: a handle stamped with the
 * current generation (as after a generation wrap) but pointing at a slot
 * that truncation dropped is EXPIRED, not a read past the stack. */
static void test_stale_index_after_truncation(void **state)
{
    fixture *f = *state;
    int a = 0, b = 0, c = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &a, &meta_a);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &b, &meta_b);
    (void)push_ok(&f->scope, &c, &meta_b);
    zlua_scope_close(&f->scope);
    assert_int_equal(f->scope.size, 1);
    uintptr_t gen = f->scope.generation;
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(gen, 1)),
                     ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(gen, 2)),
                     ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(gen, 0)),
                     ZLUA_SCOPE_VALID);
    zlua_scope_close(&f->scope);
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(f->scope.generation, 0)),
                     ZLUA_SCOPE_EXPIRED);
}

/* R-OPQ-1/R-OPQ-4: the generation is kept modulo 2^GEN_BITS. */
static void test_generation_wraps(void **state)
{
    fixture *f = *state;
    int a = 0;
    uintptr_t mask = ((uintptr_t)1 << ZLUA_HANDLE_GEN_BITS) - 1u;
    f->scope.generation = mask;  /* as after 2^GEN_BITS - 1 bumps */
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h = push_ok(&f->scope, &a, &meta_a);
    assert_decodes(h, mask, 0);
    assert_resolves_to(&f->scope, h, &a, &meta_a);
    zlua_scope_close(&f->scope);
    assert_true(f->scope.generation == 0);
    assert_int_equal(resolve(&f->scope, h), ZLUA_SCOPE_EXPIRED);
}

/* R-OPQ-5: an error (longjmp) out of nested scopes; restoring the
 * snapshot puts depth and size back and expires what was issued since. */
static jmp_buf error_jmp;

static UNIT_NOINLINE void nested_call_that_fails(zlua__scope *s, int *slot)
{
    uintptr_t h;
    assert_int_equal(zlua_scope_open(s), ZLUA_OK);   /* MethodBridge entry */
    assert_int_equal(zlua_scope_push(s, slot, &meta_b, &h), ZLUA_OK);
    assert_int_equal(zlua_scope_open(s), ZLUA_OK);   /* IC entry */
    assert_int_equal(zlua_scope_push(s, slot, &meta_b, &h), ZLUA_OK);
    longjmp(error_jmp, 1);  /* lua_error: no EndScope runs */
}

static void test_restore_after_error(void **state)
{
    fixture *f = *state;
    int a = 0, b = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h0 = push_ok(&f->scope, &a, &meta_a);
    zlua__scope_state saved = zlua_scope_save(&f->scope);
    assert_int_equal(saved.depth, 1);
    assert_int_equal(saved.size, 1);
    uintptr_t gen = f->scope.generation;
    if (setjmp(error_jmp) == 0)
        nested_call_that_fails(&f->scope, &b);
    assert_int_equal(f->scope.depth, 3);   /* the error left them open */
    assert_int_equal(f->scope.size, 3);
    zlua_scope_restore(&f->scope, saved);
    assert_int_equal(f->scope.depth, 1);
    assert_int_equal(f->scope.size, 1);
    assert_true(f->scope.generation != gen);
    /* Nothing issued inside the failed call validates; by the shared
     * generation the outer h0 expires with them (R-OPQ-4 chain). */
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(gen, 1)),
                     ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, zlua_handle_encode(gen, 2)),
                     ZLUA_SCOPE_EXPIRED);
    assert_int_equal(resolve(&f->scope, h0), ZLUA_SCOPE_EXPIRED);
    /* The surviving outer scope still works and closes normally. */
    uintptr_t h = push_ok(&f->scope, &a, &meta_a);
    assert_resolves_to(&f->scope, h, &a, &meta_a);
    zlua_scope_close(&f->scope);
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(f->scope.size, 0);
}

/* R-OPQ-5: a failed call that issued nothing closes its scopes without
 * expiring the caller's handles. */
static void test_restore_without_issued_handles(void **state)
{
    fixture *f = *state;
    int a = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    uintptr_t h0 = push_ok(&f->scope, &a, &meta_a);
    zlua__scope_state saved = zlua_scope_save(&f->scope);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    zlua_scope_restore(&f->scope, saved);
    assert_int_equal(f->scope.depth, 1);
    assert_true(f->scope.generation == 0);
    assert_resolves_to(&f->scope, h0, &a, &meta_a);
    /* Restoring the state we are in is a no-op. */
    zlua_scope_restore(&f->scope, zlua_scope_save(&f->scope));
    assert_resolves_to(&f->scope, h0, &a, &meta_a);
    zlua_scope_close(&f->scope);
}

/* R-OPQ-5: the snapshot may be taken inside a scope that then issues more
 * handles before the error: those are discarded too. */
static void test_restore_same_depth(void **state)
{
    fixture *f = *state;
    int a = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    zlua__scope_state saved = zlua_scope_save(&f->scope);
    uintptr_t h = push_ok(&f->scope, &a, &meta_a);
    zlua_scope_restore(&f->scope, saved);
    assert_int_equal(f->scope.depth, 1);
    assert_int_equal(f->scope.size, 0);
    assert_int_equal(resolve(&f->scope, h), ZLUA_SCOPE_EXPIRED);
    zlua_scope_close(&f->scope);
    /* A snapshot with no scope open restores to no scope at all. */
    saved = zlua_scope_save(&f->scope);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &a, &meta_a);
    zlua_scope_restore(&f->scope, saved);
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(f->scope.size, 0);
}

/* Closing with no scope open is a no-op (no underflow, no bump). */
static void test_close_without_scope(void **state)
{
    fixture *f = *state;
    zlua_scope_close(&f->scope);
    assert_int_equal(f->scope.depth, 0);
    assert_true(f->scope.generation == 0);
}

/* R-OPQ-2: the slot stack grows by doubling through lua_Alloc; once the
 * capacity is there, scopes and pushes allocate nothing at all. */
static void test_growth_then_zero_allocations(void **state)
{
    fixture *f = *state;
    int slot = 0;
    enum { N = 1000, DEPTH = 100 };
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    assert_int_equal(unit_alloc_calls(&f->alloc), 1);   /* the marks */
    for (int i = 0; i < N; i++)
        (void)push_ok(&f->scope, &slot, &meta_a);
    /* 16, 32, ..., 1024 slots: one malloc and six reallocs. */
    assert_int_equal(f->alloc.mallocs, 2);
    assert_int_equal(f->alloc.reallocs, 6);
    assert_int_equal(f->scope.cap, 1024);
    for (int d = 1; d < DEPTH; d++)
        assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    for (int d = 1; d < DEPTH; d++)
        zlua_scope_close(&f->scope);
    zlua_scope_close(&f->scope);

    size_t before = unit_alloc_calls(&f->alloc);
    for (int round = 0; round < 3; round++) {
        for (int d = 0; d < DEPTH; d++)
            assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
        for (int i = 0; i < N; i++)
            (void)push_ok(&f->scope, &slot, &meta_a);
        for (int d = 0; d < DEPTH; d++)
            zlua_scope_close(&f->scope);
    }
    assert_int_equal(unit_alloc_calls(&f->alloc), before);
}

/* A failed growth reports ZLUA_ENOMEM and leaves the scope usable. */
static void test_growth_failure(void **state)
{
    fixture *f = *state;
    int slot = 0;
    uintptr_t h = 0;
    f->alloc.fail_in = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_ENOMEM);
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    f->alloc.fail_in = 0;
    assert_int_equal(zlua_scope_push(&f->scope, &slot, &meta_a, &h), ZLUA_ENOMEM);
    assert_int_equal(f->scope.size, 0);
    for (int i = 0; i < 16; i++)
        (void)push_ok(&f->scope, &slot, &meta_a);
    f->alloc.fail_in = 0;   /* the 17th push needs to double */
    assert_int_equal(zlua_scope_push(&f->scope, &slot, &meta_a, &h), ZLUA_ENOMEM);
    assert_int_equal(f->scope.size, 16);
    assert_int_equal(f->scope.cap, 16);
    h = push_ok(&f->scope, &slot, &meta_a);
    assert_resolves_to(&f->scope, h, &slot, &meta_a);
    zlua_scope_close(&f->scope);
}

/* R-OPQ-1: indexes stop at ZLUA_HANDLE_MAX_INDEX; the next push is
 * ZLUA_EFULL.  The slot array is pre-sized (white box) so the test does
 * not touch 2^24 slots on a 64-bit build. */
static void test_index_space_full(void **state)
{
    (void)state;
    zlua__scope s;
    zlua__scope_init(&s, unit_plain_alloc, NULL);
    uint32_t cap = ZLUA_HANDLE_MAX_INDEX + 1u;
    s.slots = unit_plain_alloc(NULL, NULL, 0, (size_t)cap * sizeof *s.slots);
    assert_non_null(s.slots);
    s.cap = cap;
    s.size = ZLUA_HANDLE_MAX_INDEX;   /* as if that many were pushed */
    assert_int_equal(zlua_scope_open(&s), ZLUA_OK);
    int slot = 0;
    uintptr_t h = push_ok(&s, &slot, &meta_a);
    assert_decodes(h, 0, ZLUA_HANDLE_MAX_INDEX);
    assert_resolves_to(&s, h, &slot, &meta_a);
    uintptr_t h2 = 777;
    assert_int_equal(zlua_scope_push(&s, &slot, &meta_a, &h2), ZLUA_EFULL);
    assert_true(h2 == 777);
    assert_int_equal(s.size, ZLUA_HANDLE_MAX_INDEX + 1u);
    zlua_scope_close(&s);
    assert_int_equal(s.size, ZLUA_HANDLE_MAX_INDEX);
    zlua__scope_free(&s);
}

/* R-OPQ-5 as an IC call keeps it: zlua_scope_issue needs no open scope,
 * grows the slots like a push, stops at ZLUA_HANDLE_MAX_INDEX with
 * ZLUA_EFULL, and zlua_scope_restore drops the frame and bumps the
 * generation -- what a close does, with the watermark in the caller. */
static void test_issue_frame(void **state)
{
    fixture *f = *state;
    int slot = 0;
    uintptr_t h = 0;
    zlua__scope_state saved = zlua_scope_save(&f->scope);
    uintptr_t gen = f->scope.generation;
    for (int i = 0; i < 40; i++) {
        assert_int_equal(zlua_scope_issue(&f->scope, &slot, &meta_b, &h), ZLUA_OK);
        assert_decodes(h, gen, (uint32_t)i);
        assert_resolves_to(&f->scope, h, &slot, &meta_b);
    }
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(f->scope.cap, 64);
    f->alloc.fail_in = 0;   /* growth fails: nothing issued, nothing changed */
    for (int i = 40; i < 64; i++)
        assert_int_equal(zlua_scope_issue(&f->scope, &slot, &meta_b, &h), ZLUA_OK);
    assert_int_equal(zlua_scope_issue(&f->scope, &slot, &meta_b, &h), ZLUA_ENOMEM);
    assert_int_equal(f->scope.size, 64);
    zlua_scope_restore(&f->scope, saved);
    assert_int_equal(f->scope.size, 0);
    assert_true(f->scope.generation != gen);
    assert_int_equal(zlua_scope_resolve(&f->scope, h, &(const zlua__slot *){NULL}),
                     ZLUA_SCOPE_EXPIRED);
    /* a frame that issued nothing leaves the generation alone (R-OPQ-4) */
    gen = f->scope.generation;
    zlua_scope_restore(&f->scope, zlua_scope_save(&f->scope));
    assert_true(f->scope.generation == gen);

    zlua__scope s;   /* the index space's end, as test_index_space_full */
    zlua__scope_init(&s, unit_plain_alloc, NULL);
    s.cap = ZLUA_HANDLE_MAX_INDEX + 1u;
    s.slots = unit_plain_alloc(NULL, NULL, 0, (size_t)s.cap * sizeof *s.slots);
    assert_non_null(s.slots);
    s.size = ZLUA_HANDLE_MAX_INDEX;
    assert_int_equal(zlua_scope_issue(&s, &slot, &meta_a, &h), ZLUA_OK);
    assert_decodes(h, 0, ZLUA_HANDLE_MAX_INDEX);
    uintptr_t h2 = 777;
    assert_int_equal(zlua_scope_issue(&s, &slot, &meta_a, &h2), ZLUA_EFULL);
    assert_true(h2 == 777);
    zlua__scope_free(&s);
}

/* Free releases both arrays and leaves a reusable, empty scope. */
static void test_free_and_reuse(void **state)
{
    fixture *f = *state;
    int slot = 0;
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &slot, &meta_a);
    zlua__scope_free(&f->scope);
    assert_int_equal(f->alloc.live_blocks, 0);
    assert_int_equal(f->scope.depth, 0);
    assert_int_equal(f->scope.size, 0);
    assert_int_equal(zlua_scope_open(&f->scope), ZLUA_OK);
    (void)push_ok(&f->scope, &slot, &meta_a);
    zlua_scope_close(&f->scope);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_push_without_scope),
        T(test_push_and_resolve),
        T(test_resolve_foreign),
        T(test_expiry_after_end_scope),
        T(test_seed_nesting_example),
        T(test_empty_scope_keeps_outer_handles),
        T(test_stale_index_after_truncation),
        T(test_generation_wraps),
        T(test_restore_after_error),
        T(test_restore_without_issued_handles),
        T(test_restore_same_depth),
        T(test_close_without_scope),
        T(test_growth_then_zero_allocations),
        T(test_growth_failure),
        cmocka_unit_test(test_index_space_full),
        T(test_issue_frame),
        T(test_free_and_reuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
