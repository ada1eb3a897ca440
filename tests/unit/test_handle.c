/*
 * test_handle.c -- the OpaqueValue handle codec (R-OPQ-1).
 *
 * Both widths are exercised on whatever the build's width is: the 32-bit
 * functions use 32-bit types only, so a 64-bit run checks the 32-bit
 * layout too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "scope/scope.h"
#include "unit_support.h"

#define H32_MAX_INDEX ((UINT32_C(1) << ZLUA_HANDLE32_INDEX_BITS) - 1u)
#define H32_MAX_GEN ((UINT32_C(1) << ZLUA_HANDLE32_GEN_BITS) - 1u)
#define H64_MAX_INDEX ((UINT32_C(1) << ZLUA_HANDLE64_INDEX_BITS) - 1u)
#define H64_MAX_GEN ((UINT64_C(1) << ZLUA_HANDLE64_GEN_BITS) - 1u)

/* ---- 32-bit layout ------------------------------------------------------ */

static void check_roundtrip32(uint32_t gen, uint32_t index)
{
    uint32_t h = zlua_handle_encode32(gen, index);
    uint32_t g = 0xdeadu, i = 0xdeadu;
    assert_int_equal(h & ZLUA_HANDLE_TAG_MASK, ZLUA_HANDLE_TAG);
    assert_true(zlua__handle_decode32(h, &g, &i));
    assert_int_equal(g, gen & H32_MAX_GEN);
    assert_int_equal(i, index);
}

/* R-OPQ-1: [generation | index] survives encode/decode at 32 bits. */
static void test_roundtrip32(void **state)
{
    (void)state;
    const uint32_t gens[] = { 0, 1, 2, 0x1234u, H32_MAX_GEN - 1u, H32_MAX_GEN };
    const uint32_t idx[] = { 0, 1, 2, 1000, H32_MAX_INDEX - 1u, H32_MAX_INDEX };
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++)
        for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++)
            check_roundtrip32(gens[g], idx[i]);
    /* Every index at a couple of generations: no two collide. */
    for (uint32_t i = 0; i <= H32_MAX_INDEX; i++) {
        check_roundtrip32(7u, i);
        check_roundtrip32(H32_MAX_GEN, i);
    }
}

/* R-OPQ-1: the fields fill the 32-bit word exactly, without overlap. */
static void test_limits32(void **state)
{
    (void)state;
    assert_int_equal(zlua_handle_encode32(H32_MAX_GEN, H32_MAX_INDEX),
                     UINT32_MAX);
    assert_int_equal(zlua_handle_encode32(0, 0), ZLUA_HANDLE_TAG);
    /* The highest index does not reach into the generation. */
    assert_int_not_equal(zlua_handle_encode32(0, H32_MAX_INDEX),
                         zlua_handle_encode32(1, 0));
    /* An index past the field (a caller bug) cannot change the generation. */
    uint32_t g, i;
    assert_true(zlua__handle_decode32(zlua_handle_encode32(5, H32_MAX_INDEX + 1u),
                                     &g, &i));
    assert_int_equal(g, 5);
    assert_int_equal(i, 0);
}

/* R-OPQ-1: generations are kept modulo 2^16 at 32 bits. */
static void test_generation_wrap32(void **state)
{
    (void)state;
    assert_int_equal(zlua_handle_encode32(H32_MAX_GEN + 1u, 3),
                     zlua_handle_encode32(0, 3));
    assert_int_equal(zlua_handle_encode32(H32_MAX_GEN + 6u, 3),
                     zlua_handle_encode32(5, 3));
    assert_int_equal(zlua_handle_encode32(UINT32_MAX, 3),
                     zlua_handle_encode32(H32_MAX_GEN, 3));
    check_roundtrip32(UINT32_MAX, 9);
}

/* ---- 64-bit layout ------------------------------------------------------ */

static void check_roundtrip64(uint64_t gen, uint32_t index)
{
    uint64_t h = zlua_handle_encode64(gen, index);
    uint64_t g = 0xdeadu;
    uint32_t i = 0xdeadu;
    assert_int_equal(h & ZLUA_HANDLE_TAG_MASK, ZLUA_HANDLE_TAG);
    assert_true(zlua__handle_decode64(h, &g, &i));
    assert_true(g == (gen & H64_MAX_GEN));
    assert_int_equal(i, index);
}

/* R-OPQ-1: round trip at 64 bits, incl. both field maxima. */
static void test_roundtrip64(void **state)
{
    (void)state;
    const uint64_t gens[] = { 0, 1, 0xffffu, 0x10000u, UINT64_C(0x123456789),
                              H64_MAX_GEN - 1u, H64_MAX_GEN };
    const uint32_t idx[] = { 0, 1, H32_MAX_INDEX + 1u, 0x123456u,
                             H64_MAX_INDEX - 1u, H64_MAX_INDEX };
    for (size_t g = 0; g < sizeof gens / sizeof gens[0]; g++)
        for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++)
            check_roundtrip64(gens[g], idx[i]);
}

/* R-OPQ-1: the 64-bit fields fill the word exactly. */
static void test_limits64(void **state)
{
    (void)state;
    assert_true(zlua_handle_encode64(H64_MAX_GEN, H64_MAX_INDEX) == UINT64_MAX);
    assert_true(zlua_handle_encode64(0, 0) == ZLUA_HANDLE_TAG);
    assert_true(zlua_handle_encode64(0, H64_MAX_INDEX)
                != zlua_handle_encode64(1, 0));
    uint64_t g;
    uint32_t i;
    assert_true(zlua__handle_decode64(zlua_handle_encode64(5, H64_MAX_INDEX + 1u),
                                     &g, &i));
    assert_true(g == 5);
    assert_int_equal(i, 0);
}

/* R-OPQ-1: generations are kept modulo 2^38 at 64 bits. */
static void test_generation_wrap64(void **state)
{
    (void)state;
    assert_true(zlua_handle_encode64(H64_MAX_GEN + 1u, 3)
                == zlua_handle_encode64(0, 3));
    assert_true(zlua_handle_encode64(UINT64_MAX, 3)
                == zlua_handle_encode64(H64_MAX_GEN, 3));
    check_roundtrip64(UINT64_MAX, 9);
}

/* ---- tag rejection ------------------------------------------------------ */

/* R-OPQ-1: NULL and every aligned pointer are foreign, at both widths. */
static void test_rejects_foreign(void **state)
{
    (void)state;
    uint32_t g32, i32;
    uint64_t g64;
    uint32_t i64;
    uintptr_t g;
    uint32_t i;
    long local = 0;
    void *heap = malloc(64);
    assert_non_null(heap);
    const uintptr_t words[] = { 0, 0x4, 0x8, 0x10, 0x1000, (uintptr_t)&local,
                                (uintptr_t)heap, (uintptr_t)heap + 16u,
                                UINTPTR_MAX & ~(uintptr_t)3 };
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        assert_false(zlua__handle_decode(words[k], &g, &i));
        assert_false(zlua__handle_decode32((uint32_t)words[k], &g32, &i32));
        assert_false(zlua__handle_decode64((uint64_t)words[k], &g64, &i64));
    }
    /* Only 0b11 is ours: 2-aligned and odd words with 0b01 are foreign. */
    const uint32_t low[] = { 0x1, 0x2, 0x5, 0x6, 0xfffffffdu, 0xfffffffeu };
    for (size_t k = 0; k < sizeof low / sizeof low[0]; k++) {
        assert_false(zlua__handle_decode32(low[k], &g32, &i32));
        assert_false(zlua__handle_decode64(low[k], &g64, &i64));
        assert_false(zlua__handle_decode(low[k], &g, &i));
    }
    free(heap);
}

/* R-OPQ-1: the platform pair is the codec of the platform's width and
 * survives the round trip through a void* (lua_pushlightuserdata). */
static void test_platform_width(void **state)
{
    (void)state;
    uintptr_t h = zlua_handle_encode(42, ZLUA_HANDLE_MAX_INDEX);
#if UINTPTR_MAX > 0xffffffffu
    assert_int_equal(ZLUA_HANDLE_GEN_BITS, ZLUA_HANDLE64_GEN_BITS);
    assert_true(h == zlua_handle_encode64(42, ZLUA_HANDLE_MAX_INDEX));
#else
    assert_int_equal(ZLUA_HANDLE_GEN_BITS, ZLUA_HANDLE32_GEN_BITS);
    assert_true(h == zlua_handle_encode32(42, ZLUA_HANDLE_MAX_INDEX));
#endif
    void *as_pointer = (void *)h;
    uintptr_t g;
    uint32_t i;
    assert_true(zlua__handle_decode((uintptr_t)as_pointer, &g, &i));
    assert_true(g == 42);
    assert_int_equal(i, ZLUA_HANDLE_MAX_INDEX);
    /* The platform generation wraps at its own width. */
    uintptr_t wrap = (uintptr_t)1 << ZLUA_HANDLE_GEN_BITS;
    assert_true(zlua_handle_encode(wrap + 1u, 0) == zlua_handle_encode(1, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip32),
        cmocka_unit_test(test_limits32),
        cmocka_unit_test(test_generation_wrap32),
        cmocka_unit_test(test_roundtrip64),
        cmocka_unit_test(test_limits64),
        cmocka_unit_test(test_generation_wrap64),
        cmocka_unit_test(test_rejects_foreign),
        cmocka_unit_test(test_platform_width),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
