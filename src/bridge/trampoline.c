/*
 * trampoline.c -- the generic entries' trampolines (method_entry.c says why).
 *
 * ZLUA_TRAMPOLINES light C functions, each passing its own index to
 * zlua__method_entry_at: a tail call, two instructions each.  The index is
 * spelled by three octal digits so the preprocessor can both name the
 * function and compute its number.
 */
#include "bridge/method.h"

#define ZLUA_TR_DEF(a, b, c)                                                 \
    static int zlua_tr_##a##b##c(lua_State *L)                               \
    {                                                                        \
        return zlua__method_entry_at(L, (uint32_t)((a) * 64 + (b) * 8 + (c))); \
    }
#define ZLUA_TR_ROW(X, a, b)                                                          \
    X(a, b, 0) X(a, b, 1) X(a, b, 2) X(a, b, 3) X(a, b, 4) X(a, b, 5) X(a, b, 6) \
    X(a, b, 7)
#define ZLUA_TR_BLOCK(X, a)                                                             \
    ZLUA_TR_ROW(X, a, 0) ZLUA_TR_ROW(X, a, 1) ZLUA_TR_ROW(X, a, 2) ZLUA_TR_ROW(X, a, 3) \
    ZLUA_TR_ROW(X, a, 4) ZLUA_TR_ROW(X, a, 5) ZLUA_TR_ROW(X, a, 6) ZLUA_TR_ROW(X, a, 7)
#define ZLUA_TR_ALL(X)                                                                  \
    ZLUA_TR_BLOCK(X, 0) ZLUA_TR_BLOCK(X, 1) ZLUA_TR_BLOCK(X, 2) ZLUA_TR_BLOCK(X, 3) \
    ZLUA_TR_BLOCK(X, 4) ZLUA_TR_BLOCK(X, 5) ZLUA_TR_BLOCK(X, 6) ZLUA_TR_BLOCK(X, 7)

ZLUA_TR_ALL(ZLUA_TR_DEF)

#define ZLUA_TR_REF(a, b, c) zlua_tr_##a##b##c,

_Static_assert(ZLUA_TRAMPOLINES == 8 * 8 * 8, "three octal digits of trampolines");

const lua_CFunction zlua__trampolines[ZLUA_TRAMPOLINES] = {ZLUA_TR_ALL(ZLUA_TR_REF)};
