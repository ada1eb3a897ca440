/*
 * sim_strings.c -- System.String: layout, creation, UTF-8 <-> UTF-16.
 *
 * Like libil2cpp: strings are allocated pointer-free, NUL-terminated, and
 * every empty string is the one String.Empty (not a new allocation).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"

static Il2CppString *empty_string;

void sim_strings_init(void)
{
    if (empty_string)
        return;
    /* libil2cpp allocates String.Empty with AllocateFixed: a root */
    empty_string = sim_gc_alloc_root(offsetof(Il2CppString, chars) + 2);
    empty_string->object.klass = sim_k.string;
    SimStringStatics *statics = sim_statics(sim_k.string);
    statics->Empty = empty_string;
}

Il2CppString *sim_string_empty(void)
{
    return empty_string;
}

static Il2CppString *string_alloc(int32_t len)
{
    if (len == 0)
        return empty_string;
    if (len < 0)
        return NULL;
    Il2CppString *s = sim_gc_alloc(offsetof(Il2CppString, chars) +
                                       ((size_t)len + 1) * sizeof(Il2CppChar),
                                   true);
    if (s == NULL)
        return NULL;
    s->object.klass = sim_k.string;
    s->length = len;
    return s;
}

/* ---- UTF-8 decoding ------------------------------------------------------------
 * Decodes one code point at s[*i] (n bytes in all).  An invalid sequence
 * yields -1 and consumes its maximal valid prefix (at least one byte), the
 * unit Unicode recommends replacing by one U+FFFD. */
static int32_t utf8_next(const unsigned char *s, size_t n, size_t *i)
{
    unsigned char c = s[*i];
    size_t need;
    uint32_t cp, lo = 0x80, hi = 0xBF;
    if (c < 0x80) {
        (*i)++;
        return c;
    } else if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        cp = c & 0x0F;
        if (c == 0xE0) lo = 0xA0;       /* no overlongs */
        if (c == 0xED) hi = 0x9F;       /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        cp = c & 0x07;
        if (c == 0xF0) lo = 0x90;       /* no overlongs */
        if (c == 0xF4) hi = 0x8F;       /* <= U+10FFFF */
    } else {
        (*i)++;
        return -1;
    }
    (*i)++;
    for (size_t k = 0; k < need; k++, lo = 0x80, hi = 0xBF) {
        if (*i >= n || s[*i] < lo || s[*i] > hi)
            return -1;
        cp = (cp << 6) | (s[*i] & 0x3F);
        (*i)++;
    }
    return (int32_t)cp;
}

/* Counts (chars == NULL) or writes the UTF-16 form; *valid reports
 * whether every byte was part of a valid sequence. */
static int32_t utf8_to_utf16(const char *str, size_t n, Il2CppChar *chars,
                             bool *valid)
{
    const unsigned char *s = (const unsigned char *)str;
    int32_t len = 0;
    size_t i = 0;
    *valid = true;
    while (i < n) {
        int32_t cp = utf8_next(s, n, &i);
        if (cp < 0) {
            *valid = false;
            cp = 0xFFFD;
        }
        if (cp >= 0x10000) {
            if (chars) {
                chars[len] = (Il2CppChar)(0xD800 + ((cp - 0x10000) >> 10));
                chars[len + 1] = (Il2CppChar)(0xDC00 + ((cp - 0x10000) & 0x3FF));
            }
            len += 2;
        } else {
            if (chars)
                chars[len] = (Il2CppChar)cp;
            len++;
        }
    }
    return len;
}

static Il2CppString *from_utf8(const char *str, size_t n, bool lossy)
{
    bool valid;
    if (n > (size_t)INT32_MAX)
        return NULL;
    int32_t len = utf8_to_utf16(str, n, NULL, &valid);
    if (!valid && !lossy)
        return empty_string;  /* libil2cpp converts valid UTF-8 only */
    Il2CppString *s = string_alloc(len);
    if (s && len)
        utf8_to_utf16(str, n, s->chars, &valid);
    return s;
}

Il2CppString *sim_string_lossy(const char *s, size_t len)
{
    return from_utf8(s, len, true);
}

/* The API's string creation throws, like libil2cpp's: out of memory
 * (or an injected fault) as OutOfMemoryException, never NULL. */
static Il2CppString *api_string(Il2CppString *s)
{
    if (s == NULL)
        sim_raise_oom();
    return s;
}

Il2CppString *il2cpp_string_new_len(const char *str, uint32_t length)
{
    sim_fail_point(SIM_OP_STRING_NEW, NULL);
    if (str == NULL)
        return NULL;
    return api_string(from_utf8(str, length, SIM_STRING_NEW_REPLACES_INVALID));
}

Il2CppString *il2cpp_string_new(const char *str)
{
    sim_fail_point(SIM_OP_STRING_NEW, NULL);
    if (str == NULL)
        return NULL;
    return api_string(from_utf8(str, strlen(str), SIM_STRING_NEW_REPLACES_INVALID));
}

Il2CppString *il2cpp_string_new_utf16(const Il2CppChar *text, int32_t len)
{
    sim_fail_point(SIM_OP_STRING_NEW, NULL);
    if (len < 0)
        sim_raise("System", "ArgumentOutOfRangeException", "length");
    Il2CppString *s = api_string(string_alloc(len));
    if (len)
        memcpy(s->chars, text, (size_t)len * sizeof(Il2CppChar));
    return s;
}

int32_t il2cpp_string_length(Il2CppString *str)
{
    return str->length;
}

Il2CppChar *il2cpp_string_chars(Il2CppString *str)
{
    return str->chars;
}

/* ---- helpers for the method bodies --------------------------------------------- */

size_t sim_string_to_utf8(const Il2CppString *str, char *buf, size_t cap)
{
    size_t out = 0;
    int32_t n = str ? str->length : 0;
    for (int32_t i = 0; i < n; i++) {
        uint32_t cp = str->chars[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < n &&
            str->chars[i + 1] >= 0xDC00 && str->chars[i + 1] <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (str->chars[i + 1] - 0xDC00);
            i++;
        } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = 0xFFFD;  /* lone surrogate */
        }
        unsigned char b[4];
        size_t k;
        if (cp < 0x80) {
            b[0] = (unsigned char)cp;
            k = 1;
        } else if (cp < 0x800) {
            b[0] = (unsigned char)(0xC0 | (cp >> 6));
            b[1] = (unsigned char)(0x80 | (cp & 0x3F));
            k = 2;
        } else if (cp < 0x10000) {
            b[0] = (unsigned char)(0xE0 | (cp >> 12));
            b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            b[2] = (unsigned char)(0x80 | (cp & 0x3F));
            k = 3;
        } else {
            b[0] = (unsigned char)(0xF0 | (cp >> 18));
            b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
            b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            b[3] = (unsigned char)(0x80 | (cp & 0x3F));
            k = 4;
        }
        for (size_t j = 0; j < k; j++, out++)
            if (out + 1 < cap)
                buf[out] = (char)b[j];
    }
    if (cap > 0)
        buf[out < cap ? out : cap - 1] = '\0';
    return out;
}

Il2CppString *sim_string_concat(Il2CppString *a, Il2CppString *b)
{
    /* String.Concat(a, b): a null or empty operand yields the other one */
    if (a == NULL || a->length == 0)
        return b ? b : empty_string;
    if (b == NULL || b->length == 0)
        return a;
    if (a->length > INT32_MAX - b->length)
        return NULL;
    Il2CppString *s = string_alloc(a->length + b->length);
    if (s == NULL)
        return NULL;
    memcpy(s->chars, a->chars, (size_t)a->length * sizeof(Il2CppChar));
    memcpy(s->chars + a->length, b->chars,
           (size_t)b->length * sizeof(Il2CppChar));
    return s;
}

Il2CppString *sim_string_printf(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    return sim_string_lossy(buf, (size_t)n < sizeof buf ? (size_t)n
                                                         : sizeof buf - 1);
}

/* ---- interned literals -----------------------------------------------------------
 * A C# literal is one object for the life of the program, created on first
 * use and kept alive by the runtime's literal table: keyed here by the C
 * string's address, the table itself GC-visible. */
#define SIM_MAX_LITERALS 64

typedef struct LiteralTable {
    const char *keys[SIM_MAX_LITERALS];
    Il2CppString *values[SIM_MAX_LITERALS];
    int count;
} LiteralTable;

static LiteralTable *literals;  /* GC_MALLOC_UNCOLLECTABLE */

Il2CppString *sim_literal(const char *utf8)
{
    if (literals == NULL)
        literals = sim_gc_alloc_root(sizeof *literals);
    for (int i = 0; i < literals->count; i++)
        if (literals->keys[i] == utf8)
            return literals->values[i];
    Il2CppString *s = sim_string_lossy(utf8, strlen(utf8));
    if (literals->count < SIM_MAX_LITERALS) {
        literals->keys[literals->count] = utf8;
        literals->values[literals->count++] = s;
    }
    return s;
}
