/*
 * log.c -- the state's log line sink (zlua_state_set_log).
 *
 * A line is formatted on the C stack, bounded, so reporting never
 * allocates and never raises: it runs at bind time, inside functions that
 * may be half-way through publishing a binding.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/state.h"
#include "zlua.h"

#define ZLUA_LOG_LINE 512

void zlua__log(zlua__ctx *ctx, const char *fmt, ...)
{
    char line[ZLUA_LOG_LINE];
    size_t n = sizeof "[ZLua] " - 1;
    memcpy(line, "[ZLua] ", n);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - n, fmt, ap);
    va_end(ap);
    if (!ctx->log_set)
        fprintf(stderr, "%s\n", line);
    else if (ctx->log != NULL)
        ctx->log(ctx->log_ud, line);
}
