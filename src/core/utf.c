#include "core/utf.h"

#define ZLUA_REPLACEMENT 0xFFFDu

static size_t zlua_utf8_put(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        if (out) out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        if (out) {
            out[0] = (char)(0xC0 | (cp >> 6));
            out[1] = (char)(0x80 | (cp & 0x3F));
        }
        return 2;
    }
    if (cp < 0x10000) {
        if (out) {
            out[0] = (char)(0xE0 | (cp >> 12));
            out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
            out[2] = (char)(0x80 | (cp & 0x3F));
        }
        return 3;
    }
    if (out) {
        out[0] = (char)(0xF0 | (cp >> 18));
        out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[3] = (char)(0x80 | (cp & 0x3F));
    }
    return 4;
}

size_t zlua__utf16_to_utf8(const uint16_t *s, size_t n, char *out)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = s[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 &&
            s[i + 1] <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (s[i + 1] - 0xDC00u);
            i++;
        } else if (cp >= 0xD800 && cp <= 0xDFFF) {
            cp = ZLUA_REPLACEMENT;   /* lone surrogate */
        }
        len += zlua_utf8_put(out ? out + len : NULL, cp);
    }
    return len;
}

/* Decodes one code point at s[0..n); returns bytes consumed (>= 1) and
 * the code point, or U+FFFD for one invalid byte. */
static size_t zlua_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char c = s[0];
    size_t need;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if ((c & 0xE0) == 0xC0) {
        need = 1; v = c & 0x1Fu; min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        need = 2; v = c & 0x0Fu; min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        need = 3; v = c & 0x07u; min = 0x10000;
    } else {
        *cp = ZLUA_REPLACEMENT;
        return 1;
    }
    if (need >= n) {
        *cp = ZLUA_REPLACEMENT;
        return 1;
    }
    for (size_t k = 1; k <= need; k++) {
        if ((s[k] & 0xC0) != 0x80) {
            *cp = ZLUA_REPLACEMENT;
            return 1;
        }
        v = (v << 6) | (s[k] & 0x3Fu);
    }
    /* Overlong forms, surrogates and values past U+10FFFF are invalid. */
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
        *cp = ZLUA_REPLACEMENT;
        return 1;
    }
    *cp = v;
    return need + 1;
}

size_t zlua__utf8_to_utf16(const char *s, size_t n, uint16_t *out)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, len = 0;
    while (i < n) {
        uint32_t cp;
        i += zlua_utf8_next(p + i, n - i, &cp);
        if (cp >= 0x10000) {
            if (out) {
                out[len] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
                out[len + 1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
            }
            len += 2;
        } else {
            if (out) out[len] = (uint16_t)cp;
            len += 1;
        }
    }
    return len;
}
