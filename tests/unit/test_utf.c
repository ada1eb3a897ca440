/*
 * test_utf.c -- UTF-8 <-> UTF-16 conversion of string marshalling
 * (src/core/utf.c; the default marshal rules "string" row, R-DEF-2).
 *
 * What utf.c documents and these tests hold it to:
 *   - UTF-16 -> UTF-8: well-formed surrogate pairs become one 4-byte
 *     sequence; a lone high or low surrogate becomes U+FFFD (EF BF BD);
 *     NUL is an ordinary character.
 *   - UTF-8 -> UTF-16: a byte that does not start a valid, shortest-form
 *     sequence of a scalar value <= U+10FFFF becomes one U+FFFD and
 *     decoding resumes at the next byte, so every byte of a bad sequence
 *     yields its own U+FFFD ("one U+FFFD per bad byte"); the output never
 *     has more units than the input has bytes.
 *   - out == NULL counts exactly what a real conversion writes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/utf.h"
#include "unit_support.h"

#define CANARY8 ((char)0x5A)
#define CANARY16 ((uint16_t)0xA55Au)
#define FFFD 0xFFFDu

/* ---- helpers ------------------------------------------------------------- */

/* UTF-16 -> UTF-8 of s[0..n); checks that counting and writing agree and
 * that nothing is written past the returned length.  Returns the length;
 * the bytes are in out (capacity cap > 3n). */
static size_t to8(const uint16_t *s, size_t n, char *out, size_t cap)
{
    size_t counted = zlua__utf16_to_utf8(s, n, NULL);
    assert_true(counted <= 3 * n);          /* at most 3 bytes per unit */
    assert_true(counted + 1 <= cap);
    memset(out, CANARY8, cap);
    size_t written = zlua__utf16_to_utf8(s, n, out);
    assert_int_equal(written, counted);
    for (size_t i = written; i < cap; i++)
        assert_int_equal(out[i], CANARY8);
    return written;
}

/* UTF-8 -> UTF-16 of s[0..n), same checks; "never more than n" units. */
static size_t to16(const char *s, size_t n, uint16_t *out, size_t cap)
{
    size_t counted = zlua__utf8_to_utf16(s, n, NULL);
    assert_true(counted <= n);
    assert_true(counted + 1 <= cap);
    for (size_t i = 0; i < cap; i++)
        out[i] = CANARY16;
    size_t written = zlua__utf8_to_utf16(s, n, out);
    assert_int_equal(written, counted);
    for (size_t i = written; i < cap; i++)
        assert_int_equal(out[i], CANARY16);
    return written;
}

static void expect8(const uint16_t *s, size_t n, const char *want, size_t wlen)
{
    char out[64];
    size_t len = to8(s, n, out, sizeof out);
    assert_int_equal(len, wlen);
    assert_memory_equal(out, want, wlen);
}

static void expect16(const char *s, size_t n, const uint16_t *want, size_t wlen)
{
    uint16_t out[64];
    size_t len = to16(s, n, out, sizeof out / sizeof out[0]);
    assert_int_equal(len, wlen);
    if (wlen > 0)
        assert_memory_equal(out, want, wlen * sizeof *want);
}

/* Both directions for a well-formed pair of encodings. */
static void both_ways(const uint16_t *u16, size_t n16, const char *u8, size_t n8)
{
    expect8(u16, n16, u8, n8);
    expect16(u8, n8, u16, n16);
}

#define U16(...) ((const uint16_t[]){__VA_ARGS__})
#define N16(...) (sizeof((const uint16_t[]){__VA_ARGS__}) / sizeof(uint16_t))
#define BOTH(u8lit, ...) both_ways(U16(__VA_ARGS__), N16(__VA_ARGS__), u8lit, sizeof(u8lit) - 1)
#define TO8(u8lit, ...) expect8(U16(__VA_ARGS__), N16(__VA_ARGS__), u8lit, sizeof(u8lit) - 1)
#define TO16(u8lit, ...) expect16(u8lit, sizeof(u8lit) - 1, U16(__VA_ARGS__), N16(__VA_ARGS__))

/* ---- well-formed text, both ways (the default marshal rules string row) -------------------- */

static void test_empty(void **state)
{
    (void)state;
    char out8[4];
    uint16_t out16[4];
    assert_int_equal(to8(U16(0), 0, out8, sizeof out8), 0);
    assert_int_equal(to16("", 0, out16, 4), 0);
}

static void test_ascii(void **state)
{
    (void)state;
    BOTH("A", 'A');
    BOTH("Hello, world!", 'H', 'e', 'l', 'l', 'o', ',', ' ', 'w', 'o', 'r', 'l', 'd', '!');
    BOTH("\x7F", 0x7F);   /* the last 1-byte value */
}

static void test_two_byte(void **state)
{
    (void)state;
    BOTH("\xC2\x80", 0x0080);            /* first 2-byte value */
    BOTH("\xC3\xA9", 0x00E9);            /* é */
    BOTH("h\xC3\xA9llo", 'h', 0x00E9, 'l', 'l', 'o');
    BOTH("\xDF\xBF", 0x07FF);            /* last 2-byte value */
}

static void test_three_byte(void **state)
{
    (void)state;
    BOTH("\xE0\xA0\x80", 0x0800);        /* first 3-byte value */
    BOTH("\xE2\x82\xAC", 0x20AC);        /* € */
    BOTH("\xED\x9F\xBF", 0xD7FF);        /* just below the surrogates */
    BOTH("\xEE\x80\x80", 0xE000);        /* just above them */
    BOTH("\xEF\xBF\xBD", 0xFFFD);        /* U+FFFD itself is valid */
    BOTH("\xEF\xBF\xBF", 0xFFFF);        /* last BMP value */
}

/* Supplementary planes: a surrogate pair <-> one 4-byte sequence. */
static void test_four_byte_surrogate_pairs(void **state)
{
    (void)state;
    BOTH("\xF0\x90\x80\x80", 0xD800, 0xDC00);    /* U+10000 */
    BOTH("\xF0\x9F\x98\x80", 0xD83D, 0xDE00);    /* U+1F600 😀 */
    BOTH("\xF4\x8F\xBF\xBF", 0xDBFF, 0xDFFF);    /* U+10FFFF, the last */
    BOTH("a\xF0\x9F\x98\x80z", 'a', 0xD83D, 0xDE00, 'z');
    /* two pairs back to back */
    BOTH("\xF0\x9F\x98\x80\xF0\x90\x80\x80", 0xD83D, 0xDE00, 0xD800, 0xDC00);
}

/* ---- R-DEF-2: lone surrogates in a C# string become U+FFFD ------------------ */

static void test_lone_surrogates(void **state)
{
    (void)state;
    TO8("\xEF\xBF\xBD", 0xD800);                         /* lone high */
    TO8("\xEF\xBF\xBD", 0xDBFF);
    TO8("\xEF\xBF\xBD", 0xDC00);                         /* lone low */
    TO8("\xEF\xBF\xBD", 0xDFFF);
    TO8("a\xEF\xBF\xBD" "b", 'a', 0xD83D, 'b');          /* high + non-low */
    TO8("a\xEF\xBF\xBD" "b", 'a', 0xDE00, 'b');          /* low, no high */
    TO8("x\xEF\xBF\xBD", 'x', 0xD83D);                   /* high at the end */
    /* reversed pair: each half is lone */
    TO8("\xEF\xBF\xBD\xEF\xBF\xBD", 0xDE00, 0xD83D);
    /* two highs then a low: the first is lone, the second pairs */
    TO8("\xEF\xBF\xBD\xF0\x9F\x98\x80", 0xD83D, 0xD83D, 0xDE00);
    /* a high followed by a BMP char that is not a surrogate */
    TO8("\xEF\xBF\xBD\xEE\x80\x80", 0xD800, 0xE000);
}

/* ---- the default marshal rules: invalid UTF-8 bytes become U+FFFD (one per bad byte) ------------ */

static void test_stray_continuation(void **state)
{
    (void)state;
    TO16("\x80", FFFD);
    TO16("\xBF", FFFD);
    TO16("A\x80" "B", 'A', FFFD, 'B');
    TO16("\x80\x80\x80", FFFD, FFFD, FFFD);
    /* a complete sequence followed by an extra continuation byte */
    TO16("\xC3\xA9\xA9", 0x00E9, FFFD);
}

static void test_truncated_sequence(void **state)
{
    (void)state;
    TO16("\xC3", FFFD);                       /* 2-byte lead at the end */
    TO16("\xE2\x82", FFFD, FFFD);             /* 3-byte, one missing */
    TO16("\xF0\x9F\x98", FFFD, FFFD, FFFD);   /* 4-byte, one missing */
    /* interrupted by an ASCII byte: the lead and the continuation are
     * each bad, the ASCII byte decodes normally */
    TO16("\xE2\x82" "A", FFFD, FFFD, 'A');
    TO16("\xC3" "A", FFFD, 'A');
    /* interrupted by a new valid sequence */
    TO16("\xE2\xC3\xA9", FFFD, 0x00E9);
}

static void test_overlong_forms(void **state)
{
    (void)state;
    TO16("\xC0\xAF", FFFD, FFFD);               /* '/' in 2 bytes */
    TO16("\xC1\xBF", FFFD, FFFD);               /* U+7F in 2 bytes */
    TO16("\xC0\x80", FFFD, FFFD);               /* NUL in 2 bytes ("modified UTF-8") */
    TO16("\xE0\x80\xAF", FFFD, FFFD, FFFD);     /* '/' in 3 bytes */
    TO16("\xE0\x9F\xBF", FFFD, FFFD, FFFD);     /* U+7FF in 3 bytes */
    TO16("\xF0\x80\x80\xAF", FFFD, FFFD, FFFD, FFFD);
    TO16("\xF0\x8F\xBF\xBF", FFFD, FFFD, FFFD, FFFD); /* U+FFFF in 4 bytes */
}

static void test_encoded_surrogates(void **state)
{
    (void)state;
    TO16("\xED\xA0\x80", FFFD, FFFD, FFFD);     /* U+D800 (CESU-style) */
    TO16("\xED\xBF\xBF", FFFD, FFFD, FFFD);     /* U+DFFF */
    /* a CESU-8 pair: six bad bytes, never a surrogate in the output */
    TO16("\xED\xA0\xBD\xED\xB8\x80", FFFD, FFFD, FFFD, FFFD, FFFD, FFFD);
}

static void test_beyond_u10ffff(void **state)
{
    (void)state;
    TO16("\xF4\x90\x80\x80", FFFD, FFFD, FFFD, FFFD);     /* U+110000 */
    TO16("\xF7\xBF\xBF\xBF", FFFD, FFFD, FFFD, FFFD);     /* U+1FFFFF */
    /* bytes that never start a sequence */
    TO16("\xF8\x88\x80\x80\x80", FFFD, FFFD, FFFD, FFFD, FFFD);
    TO16("\xFE", FFFD);
    TO16("\xFF", FFFD);
    TO16("a\xFF" "b", 'a', FFFD, 'b');
}

/* ---- R-DEF-2: embedded NUL round-trips (explicit lengths) ------------------ */

static void test_embedded_nul(void **state)
{
    (void)state;
    BOTH("\0", 0);
    BOTH("a\0b", 'a', 0, 'b');
    BOTH("\0\0", 0, 0);
    BOTH("\xC3\xA9\0\xE2\x82\xAC\0", 0x00E9, 0, 0x20AC, 0);
    /* a NUL right after a truncated lead: the lead is bad, NUL is kept */
    TO16("\xE2\0", FFFD, 0);
}

/* ---- count-only mode equals the written length --------------------------------- */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint32_t rng(void)
{
    /* xorshift64*: deterministic, so a failure reproduces */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545F4914F6CDD1Du) >> 32);
}

/* The UTF-16 produced from any input is well formed: every surrogate is
 * part of a high+low pair (invalid input yields U+FFFD, never a lone
 * surrogate). */
static void check_well_formed16(const uint16_t *u, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (u[i] >= 0xD800 && u[i] <= 0xDBFF) {
            assert_true(i + 1 < n);
            assert_true(u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF);
            i++;
        } else {
            assert_false(u[i] >= 0xDC00 && u[i] <= 0xDFFF);
        }
    }
}

static void test_count_only_matches_random_utf8(void **state)
{
    (void)state;
    char in[40];
    uint16_t out[48];
    for (int iter = 0; iter < 20000; iter++) {
        size_t n = rng() % sizeof in;
        for (size_t i = 0; i < n; i++) {
            /* bias towards bytes that make multi-byte sequences */
            uint32_t r = rng();
            in[i] = (char)((r & 1) ? (0x80 | ((r >> 8) & 0x7F)) : ((r >> 8) & 0xFF));
        }
        size_t len = to16(in, n, out, sizeof out / sizeof out[0]);
        check_well_formed16(out, len);
    }
}

static void test_count_only_matches_random_utf16(void **state)
{
    (void)state;
    uint16_t in[32];
    char out[3 * 32 + 8];
    uint16_t back[40];
    for (int iter = 0; iter < 20000; iter++) {
        size_t n = rng() % 32;
        for (size_t i = 0; i < n; i++) {
            uint32_t r = rng();
            switch (r & 3) {
            case 0: in[i] = (uint16_t)((r >> 16) & 0x7F); break;
            case 1: in[i] = (uint16_t)(0xD800 + ((r >> 16) & 0x7FF)); break; /* surrogates */
            default: in[i] = (uint16_t)(r >> 16); break;
            }
        }
        size_t len = to8(in, n, out, sizeof out);
        /* what comes out is valid UTF-8: decoding it gives no more units
         * than went in (pairs stay pairs, lone halves become U+FFFD) */
        size_t units = to16(out, len, back, sizeof back / sizeof back[0]);
        assert_int_equal(units, n);
        check_well_formed16(back, units);
        for (size_t i = 0; i < n; i++) {
            int lone = 0;
            if (in[i] >= 0xD800 && in[i] <= 0xDBFF) {
                if (i + 1 < n && in[i + 1] >= 0xDC00 && in[i + 1] <= 0xDFFF) {
                    assert_int_equal(back[i], in[i]);
                    assert_int_equal(back[i + 1], in[i + 1]);
                    i++;
                    continue;
                }
                lone = 1;
            } else if (in[i] >= 0xDC00 && in[i] <= 0xDFFF) {
                lone = 1;
            }
            assert_int_equal(back[i], lone ? FFFD : in[i]);
        }
    }
}

/* Every scalar value U+0000..U+10FFFF: the shortest UTF-8 form's length,
 * and the round trip UTF-16 -> UTF-8 -> UTF-16. */
static void test_every_scalar_value_round_trips(void **state)
{
    (void)state;
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        uint16_t u[2];
        size_t n;
        if (cp >= 0x10000) {
            u[0] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            u[1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
            n = 2;
        } else {
            u[0] = (uint16_t)cp;
            n = 1;
        }
        char b[4];
        size_t len = zlua__utf16_to_utf8(u, n, b);
        size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (len != want || zlua__utf16_to_utf8(u, n, NULL) != len)
            fail_msg("U+%04X: %zu UTF-8 bytes, want %zu", (unsigned)cp, len, want);
        uint16_t back[4];
        size_t m = zlua__utf8_to_utf16(b, len, back);
        if (m != n || back[0] != u[0] || (n == 2 && back[1] != u[1]) ||
            zlua__utf8_to_utf16(b, len, NULL) != m)
            fail_msg("U+%04X does not round-trip", (unsigned)cp);
    }
}

/* Long input (the string writer's heap path handles > 256 bytes): the
 * converters themselves have no length limit. */
static void test_long_text(void **state)
{
    (void)state;
    enum { REPS = 5000 };
    const char unit[] = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"; /* 1+2+3+4 bytes */
    size_t ulen = sizeof unit - 1;
    char *s = malloc(REPS * ulen);
    uint16_t *u = malloc(REPS * 5 * sizeof *u);
    char *back = malloc(REPS * ulen);
    assert_non_null(s);
    assert_non_null(u);
    assert_non_null(back);
    for (size_t i = 0; i < REPS; i++)
        memcpy(s + i * ulen, unit, ulen);
    size_t n = zlua__utf8_to_utf16(s, REPS * ulen, NULL);
    assert_int_equal(n, REPS * 5);   /* a, é, €, and a pair */
    assert_int_equal(zlua__utf8_to_utf16(s, REPS * ulen, u), n);
    for (size_t i = 0; i < REPS; i++) {
        assert_int_equal(u[i * 5 + 0], 'a');
        assert_int_equal(u[i * 5 + 1], 0x00E9);
        assert_int_equal(u[i * 5 + 2], 0x20AC);
        assert_int_equal(u[i * 5 + 3], 0xD83D);
        assert_int_equal(u[i * 5 + 4], 0xDE00);
    }
    assert_int_equal(zlua__utf16_to_utf8(u, n, NULL), REPS * ulen);
    assert_int_equal(zlua__utf16_to_utf8(u, n, back), REPS * ulen);
    assert_memory_equal(back, s, REPS * ulen);
    free(s);
    free(u);
    free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_ascii),
        cmocka_unit_test(test_two_byte),
        cmocka_unit_test(test_three_byte),
        cmocka_unit_test(test_four_byte_surrogate_pairs),
        cmocka_unit_test(test_lone_surrogates),
        cmocka_unit_test(test_stray_continuation),
        cmocka_unit_test(test_truncated_sequence),
        cmocka_unit_test(test_overlong_forms),
        cmocka_unit_test(test_encoded_surrogates),
        cmocka_unit_test(test_beyond_u10ffff),
        cmocka_unit_test(test_embedded_nul),
        cmocka_unit_test(test_count_only_matches_random_utf8),
        cmocka_unit_test(test_count_only_matches_random_utf16),
        cmocka_unit_test(test_every_scalar_value_round_trips),
        cmocka_unit_test(test_long_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
