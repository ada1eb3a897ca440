/*
 * primitive.c -- writers for bool, char, integers, IntPtr and floats
 * (lua-api.md, "Calling C#").  The integer pop accepts an integer or a float with an exact
 * integer value, and checks the target's range.
 */
#include <math.h>
#include <string.h>

#include "marshal/meta.h"
#include "marshal/ud.h"

/* Storage size of each integer/float kind (index: zlua__kind). */
static uint32_t zlua_prim_size(int prim)
{
    switch (prim) {
    case ZLUA_K_BOOL: case ZLUA_K_I1: case ZLUA_K_U1: return 1;
    case ZLUA_K_CHAR: case ZLUA_K_I2: case ZLUA_K_U2: return 2;
    case ZLUA_K_I4: case ZLUA_K_U4: case ZLUA_K_R4: return 4;
    case ZLUA_K_INTPTR: case ZLUA_K_UINTPTR: return (uint32_t)sizeof(intptr_t);
    default: return 8;
    }
}

/* Inclusive range of a signed/unsigned kind, as lua_Integer.  U8, I8 and
 * (64-bit) UINTPTR take every integer: U8 is reinterpreted (lua-api.md, "Calling C#"). */
static int zlua_prim_range(int prim, lua_Integer *lo, lua_Integer *hi)
{
    switch (prim) {
    case ZLUA_K_I1: *lo = INT8_MIN; *hi = INT8_MAX; return 1;
    case ZLUA_K_U1: *lo = 0; *hi = UINT8_MAX; return 1;
    case ZLUA_K_I2: *lo = INT16_MIN; *hi = INT16_MAX; return 1;
    case ZLUA_K_U2: case ZLUA_K_CHAR: *lo = 0; *hi = UINT16_MAX; return 1;
    case ZLUA_K_I4: *lo = INT32_MIN; *hi = INT32_MAX; return 1;
    case ZLUA_K_U4: *lo = 0; *hi = UINT32_MAX; return 1;
#if UINTPTR_MAX <= 0xffffffffu
    case ZLUA_K_INTPTR: *lo = INT32_MIN; *hi = INT32_MAX; return 1;
    case ZLUA_K_UINTPTR: *lo = 0; *hi = UINT32_MAX; return 1;
#endif
    default: return 0;
    }
}

int zlua__prim_fits(int prim, lua_Integer v)
{
    lua_Integer lo, hi;
    return !zlua_prim_range(prim, &lo, &hi) || (v >= lo && v <= hi);
}

static void zlua_store_int(int prim, void *dst, lua_Integer v)
{
    switch (zlua_prim_size(prim)) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(dst, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(dst, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(dst, &x, 4); break; }
    default: { uint64_t x = (uint64_t)v; memcpy(dst, &x, 8); break; }
    }
}

int zlua__pop_integer_kind(lua_State *L, int idx, int prim, void *dst)
{
    lua_Integer v;
    if (lua_isinteger(L, idx)) {
        v = lua_tointeger(L, idx);
    } else if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Number n = lua_tonumber(L, idx);
        if (isinf(n))
            return ZLUA_POP_RANGE;
        if (n != floor(n))
            return ZLUA_POP_NOTINT;
        if (prim == ZLUA_K_U8 && n < 0)
            return ZLUA_POP_RANGE;   /* floats must lie in [0, 2^64) */
        if (prim == ZLUA_K_U8 && n >= 9223372036854775808.0) {
            if (n >= 18446744073709551616.0)
                return ZLUA_POP_RANGE;
            uint64_t u = (uint64_t)n;
            memcpy(dst, &u, 8);
            return ZLUA_POP_OK;
        }
        if (!lua_numbertointeger(n, &v))
            return ZLUA_POP_RANGE;
    } else {
        return ZLUA_POP_TYPE;
    }
    lua_Integer lo, hi;
    if (zlua_prim_range(prim, &lo, &hi) && (v < lo || v > hi))
        return ZLUA_POP_RANGE;
    zlua_store_int(prim, dst, v);
    return ZLUA_POP_OK;
}

void zlua__push_integer_kind(lua_State *L, int prim, const void *src)
{
    lua_Integer v;
    switch (prim) {
    case ZLUA_K_I1: { int8_t x; memcpy(&x, src, 1); v = x; break; }
    case ZLUA_K_U1: { uint8_t x; memcpy(&x, src, 1); v = x; break; }
    case ZLUA_K_I2: { int16_t x; memcpy(&x, src, 2); v = x; break; }
    case ZLUA_K_U2: case ZLUA_K_CHAR: { uint16_t x; memcpy(&x, src, 2); v = x; break; }
    case ZLUA_K_I4: { int32_t x; memcpy(&x, src, 4); v = x; break; }
    case ZLUA_K_U4: { uint32_t x; memcpy(&x, src, 4); v = x; break; }
    case ZLUA_K_INTPTR: { intptr_t x; memcpy(&x, src, sizeof x); v = (lua_Integer)x; break; }
    case ZLUA_K_UINTPTR: { uintptr_t x; memcpy(&x, src, sizeof x); v = (lua_Integer)x; break; }
    default: { uint64_t x; memcpy(&x, src, 8); v = (lua_Integer)x; break; }
    }
    lua_pushinteger(L, v);
}

int zlua__pop_byval_ref(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    zlua__ud *u = zlua_ud_any(L, idx);
    /* exactly m's class: an int32 ref is no long, a Color ref no int, as
     * score.c ranks them (Identity against its own type, None otherwise) */
    if (u == NULL || u->cls != m->cls || m->cls == NULL)
        return ZLUA_POP_TYPE;
    if (u->magic == ZLUA_UD_DEAD)
        return ZLUA_POP_FINALIZED;
    if (u->magic != ZLUA_UD_BYVAL)
        return ZLUA_POP_TYPE;   /* a box viewed as m's type: not a ref */
    /* memmove: `r.value = r` pops the payload onto itself (the field
     * fast path pops straight into it) */
    memmove(dst, zlua_ud_payload(u), m->size);
    return ZLUA_POP_OK;
}

/* The slow end of every scalar pop: what the Lua-value rules refused
 * (ZLUA_POP_TYPE) may still be a ref of exactly this type (R-REF-3),
 * which costs the accepted values nothing -- they never get here. */
static inline int zlua_pop_or_ref(lua_State *L, int idx, const zlua_meta *m, void *dst,
                                  int rc)
{
    return rc == ZLUA_POP_TYPE && lua_type(L, idx) == LUA_TUSERDATA
               ? zlua__pop_byval_ref(L, idx, m, dst) : rc;
}

static int zlua_pop_int(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    return zlua_pop_or_ref(L, idx, m, dst, zlua__pop_integer_kind(L, idx, m->prim, dst));
}

static void zlua_push_int(lua_State *L, const zlua_meta *m, const void *src)
{
    zlua__push_integer_kind(L, m->prim, src);
}

/* Specialised writers for the common widths, over the inline rules of
 * meta.h; a non-integer takes the general pop (exact floats, errors). */
#define ZLUA_INT_WRITERS(NAME)                                                 \
    static int zlua_pop_##NAME(lua_State *L, int idx, const zlua_meta *m,      \
                               void *dst)                                      \
    {                                                                          \
        int rc = zlua_pop_##NAME##_fast(L, idx, dst);                          \
        if (rc != ZLUA_POP_TYPE)                                               \
            return rc;                                                         \
        rc = zlua__pop_integer_kind(L, idx, m->prim, dst);                      \
        return zlua_pop_or_ref(L, idx, m, dst, rc);                            \
    }                                                                          \
    static void zlua_push_##NAME(lua_State *L, const zlua_meta *m,             \
                                 const void *src)                              \
    {                                                                          \
        (void)m;                                                               \
        zlua_push_##NAME##_value(L, src);                                      \
    }

ZLUA_INT_WRITERS(i4)
ZLUA_INT_WRITERS(i8)

static int zlua_pop_bool(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (!lua_isboolean(L, idx))
        return zlua_pop_or_ref(L, idx, m, dst, ZLUA_POP_TYPE);
    *(uint8_t *)dst = (uint8_t)lua_toboolean(L, idx);
    return ZLUA_POP_OK;
}

static void zlua_push_bool(lua_State *L, const zlua_meta *m, const void *src)
{
    (void)m;
    lua_pushboolean(L, *(const uint8_t *)src != 0);
}

/* float and double, over the inline rules of meta.h. */
#define ZLUA_FLOAT_WRITERS(NAME)                                               \
    static int zlua_pop_##NAME(lua_State *L, int idx, const zlua_meta *m,      \
                               void *dst)                                      \
    {                                                                          \
        int rc = zlua_pop_##NAME##_value(L, idx, dst);                         \
        return rc == ZLUA_POP_OK ? rc : zlua_pop_or_ref(L, idx, m, dst, rc);   \
    }                                                                          \
    static void zlua_push_##NAME(lua_State *L, const zlua_meta *m,             \
                                 const void *src)                              \
    {                                                                          \
        (void)m;                                                               \
        zlua_push_##NAME##_value(L, src);                                      \
    }

ZLUA_FLOAT_WRITERS(r4)
ZLUA_FLOAT_WRITERS(r8)

void zlua__meta_init_primitive(zlua_meta *m)
{
    m->size = m->align = zlua_prim_size(m->prim);
    m->push_safe = 1;
    switch (m->prim) {
    case ZLUA_K_BOOL:
        m->pop = zlua_pop_bool;
        m->push = zlua_push_bool;
        break;
    case ZLUA_K_R4:
        m->pop = zlua_pop_r4;
        m->push = zlua_push_r4;
        break;
    case ZLUA_K_R8:
        m->pop = zlua_pop_r8;
        m->push = zlua_push_r8;
        break;
    case ZLUA_K_I4:
        m->pop = zlua_pop_i4;
        m->push = zlua_push_i4;
        break;
    case ZLUA_K_I8:
        m->pop = zlua_pop_i8;
        m->push = zlua_push_i8;
        break;
    default:
        m->pop = zlua_pop_int;
        m->push = zlua_push_int;
        break;
    }
    m->push_arg = zlua__push_arg_copy;
}
