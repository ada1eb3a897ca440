/*
 * utf.h -- UTF-8 <-> UTF-16 for string marshalling (R-DEF-2).
 * Invalid UTF-8 bytes and lone UTF-16 surrogates become U+FFFD; NUL is an
 * ordinary character (lengths are explicit on both sides).
 */
#ifndef ZLUA_CORE_UTF_H
#define ZLUA_CORE_UTF_H

#include <stddef.h>
#include <stdint.h>

/* UTF-8 bytes needed for n UTF-16 units (out == NULL) or written to out. */
size_t zlua__utf16_to_utf8(const uint16_t *s, size_t n, char *out);
/* UTF-16 units needed for n UTF-8 bytes (out == NULL) or written to out;
 * never more than n. */
size_t zlua__utf8_to_utf16(const char *s, size_t n, uint16_t *out);

#endif
