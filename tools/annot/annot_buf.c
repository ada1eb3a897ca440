/*
 * annot_buf.c -- the growable string the generator builds its text in:
 * a class's annotations are made whole before they are written, and a
 * Lua type nests (a delegate's function type holds its parameters').
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annot.h"
#include "tool_run.h"   /* messages and failure: a process's, or the Editor's run */

void annot_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(tool_err(), "zlua-annot: ");
    vfprintf(tool_err(), fmt, ap);
    fputc('\n', tool_err());
    va_end(ap);
    tool_fail(1);
}

static void annot_buf_reserve(annot_buf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (s == NULL)
        annot_die("out of memory");
    b->s = s;
    b->cap = cap;
}

void annot_buf_init(annot_buf *b)
{
    b->s = NULL;
    b->len = b->cap = 0;
    annot_buf_reserve(b, 0);
    b->s[0] = '\0';
}

void annot_buf_free(annot_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void annot_buf_clear(annot_buf *b)
{
    b->len = 0;
    b->s[0] = '\0';
}

void annot_buf_add(annot_buf *b, const char *s)
{
    size_t n = strlen(s);
    annot_buf_reserve(b, n);
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void annot_buf_printf(annot_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        annot_die("cannot format %s", fmt);
    annot_buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}
