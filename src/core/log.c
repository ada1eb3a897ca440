/*
 * log.c -- the state's log line sink (zlua_set_log).
 *
 * A line is formatted on the C stack, bounded, so reporting never
 * allocates and never raises: it runs at bind time, inside functions that
 * may be half-way through publishing a binding.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/context.h"
#include "zlua.h"

#define ZLUA_LOG_LINE 512

void zlua_log(zlua_ctx *ctx, const char *fmt, ...)
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

int zlua_set_log(lua_State *L, zlua_log_fn fn, void *ud)
{
    if (L == NULL)
        return ZLUA_EINVAL;
    zlua_ctx *ctx = zlua_ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    ctx->log = fn;
    ctx->log_ud = ud;
    ctx->log_set = 1;
    return ZLUA_OK;
}
