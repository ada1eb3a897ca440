/*
 * test_marshal.c -- the MarshalMeta writers of src/marshal (R-META-1,
 * R-META-2), called directly: meta->pop (Lua -> C#) and meta->push
 * (C# -> Lua) on a real lua_State with the simulated runtime.
 *
 * Covered: every primitive row of the default marshal rules (bool, the integers, char,
 * float/double, IntPtr), enums (R-ENUM-1), Nullable<T>, the string
 * writer (the default marshal rules, R-DEF-2), the struct writer (the default marshal rules struct row,
 * R-DEF-3, R-SUD-1..3), the messages of zlua__pop_error_push (R-DEF-1,
 * R-OPQ-3) and zlua__value_store (R-SUD-2: whole-struct copies).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "core/state.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "sim.h"
#include "types/types.h"
#include "unit_support.h"
#include "zlua.h"

/* MyGame.Tagged as the runtime lays it out (the fixture catalog: int id; string
 * name; object payload), checked against the meta's size below. */
typedef struct tagged {
    int32_t id;
    Il2CppString *name;
    Il2CppObject *payload;
} tagged;

typedef struct point2d {
    float x, y;
} point2d;

typedef struct fixture {
    unit_alloc alloc;
    lua_State *L;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    f->L = unit_counted_state_new(&f->alloc);
    if (f->L == NULL)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    unit_counted_state_close(f->L, &f->alloc);   /* R-SUD-4: all returned */
    free(f);
    return 0;
}

/* ---- helpers ------------------------------------------------------------- */

static Il2CppClass *klass(const char *name)
{
    Il2CppClass *k = sim_class(name);
    if (k == NULL)
        fail_msg("no class %s", name);
    return k;
}

static const zlua_meta *meta(lua_State *L, const char *name)
{
    const zlua_meta *m = zlua_meta_type(L, il2cpp_class_get_type(klass(name)));
    assert_non_null(m);
    return m;
}

static const zlua_meta *byref_meta(lua_State *L, const char *name)
{
    const zlua_meta *m = zlua_meta_type(L, sim_byref_type(klass(name)));
    assert_non_null(m);
    return m;
}

static zlua__class *cls_of(lua_State *L, const char *name)
{
    zlua__class *c = zlua__meta_bind(zlua__ctx_get(L), zlua__class_get(zlua__ctx_get(L), klass(name)));
    assert_non_null(c);
    return c;
}

/* Pushes the value of the Lua expression `expr`. */
static void eval(lua_State *L, const char *expr)
{
    char code[512];
    snprintf(code, sizeof code, "return %s", expr);
    if (luaL_loadstring(L, code) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK)
        fail_msg("eval(%s): %s", expr, lua_tostring(L, -1));
}

/* m->pop of the value at the top; pops never touch the stack. */
static int pop_top(lua_State *L, const zlua_meta *m, void *dst)
{
    int top = lua_gettop(L);
    int rc = m->pop(L, -1, m, dst);
    assert_int_equal(lua_gettop(L), top);
    return rc;
}

/* m->pop of `expr` into dst; leaves the stack as it was. */
static int pop_expr(lua_State *L, const zlua_meta *m, const char *expr, void *dst)
{
    eval(L, expr);
    int rc = pop_top(L, m, dst);
    lua_pop(L, 1);
    return rc;
}

/* The message zlua__pop_error_push gives for the value at the top. */
static void expect_message(lua_State *L, const zlua_meta *m, int code, const char *want)
{
    int top = lua_gettop(L);
    zlua__pop_error_push(L, -1, m, code);
    assert_int_equal(lua_gettop(L), top + 1);
    assert_string_equal(lua_tostring(L, -1), want);
    lua_pop(L, 1);
}

/* A pop of expr fails with `code` and the message `want`. */
static void expect_pop_error(lua_State *L, const zlua_meta *m, const char *expr, int code,
                             const char *want)
{
    uint64_t dst[4];
    eval(L, expr);
    assert_int_equal(pop_top(L, m, dst), code);
    expect_message(L, m, code, want);
    lua_pop(L, 1);
}

static int64_t pop_i64(lua_State *L, const zlua_meta *m, const char *expr)
{
    int64_t v = 0x5A5A5A5A5A5A5A5A;
    int rc = pop_expr(L, m, expr, &v);
    if (rc != ZLUA_POP_OK)
        fail_msg("%s: pop of %s gave %d", m->name, expr, rc);
    return v;
}

/* Pops `expr` with an integer meta of m->size bytes, sign-extended or not. */
static int64_t pop_int(lua_State *L, const zlua_meta *m, const char *expr, int is_signed)
{
    unsigned char buf[8];
    memset(buf, 0xEE, sizeof buf);
    int rc = pop_expr(L, m, expr, buf);
    if (rc != ZLUA_POP_OK)
        fail_msg("%s: pop of %s gave %d", m->name, expr, rc);
    /* nothing written past the value's storage */
    for (size_t i = m->size; i < sizeof buf; i++)
        assert_int_equal(buf[i], 0xEE);
    switch (m->size) {
    case 1: { uint8_t u; memcpy(&u, buf, 1); return is_signed ? (int64_t)(int8_t)u : (int64_t)u; }
    case 2: { uint16_t u; memcpy(&u, buf, 2); return is_signed ? (int64_t)(int16_t)u : (int64_t)u; }
    case 4: { uint32_t u; memcpy(&u, buf, 4); return is_signed ? (int64_t)(int32_t)u : (int64_t)u; }
    default: { int64_t v; memcpy(&v, buf, 8); return v; }
    }
}

static int pop_code(lua_State *L, const zlua_meta *m, const char *expr)
{
    uint64_t dst[4];
    return pop_expr(L, m, expr, dst);
}

/* Pushes with m->push from src and returns the Lua integer at the top
 * (asserting it is an integer), popping it. */
static lua_Integer push_int(lua_State *L, const zlua_meta *m, const void *src)
{
    int top = lua_gettop(L);
    m->push(L, m, src);
    assert_int_equal(lua_gettop(L), top + 1);
    assert_true(lua_isinteger(L, -1));
    lua_Integer v = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return v;
}

static Il2CppString *utf16_string(const uint16_t *u, int32_t n)
{
    Il2CppString *s = il2cpp_string_new_utf16(u, n);
    assert_non_null(s);
    return s;
}

static void expect_chars(Il2CppString *s, const uint16_t *want, int32_t n)
{
    assert_non_null(s);
    assert_int_equal(il2cpp_string_length(s), n);
    const uint16_t *c = il2cpp_string_chars(s);
    for (int32_t i = 0; i < n; i++)
        if (c[i] != want[i])
            fail_msg("unit %d: 0x%04X, want 0x%04X", (int)i, c[i], want[i]);
    assert_int_equal(c[n], 0);   /* layout: NUL-terminated */
}

/* ---- bool (the default marshal rules: boolean only; integer/nil is an error) ----------------- */

static void test_bool(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Boolean");
    assert_int_equal(m->kind, ZLUA_K_BOOL);
    assert_int_equal(m->size, 1);
    assert_string_equal(m->name, "System.Boolean");

    uint8_t b = 0x77;
    assert_int_equal(pop_expr(L, m, "true", &b), ZLUA_POP_OK);
    assert_int_equal(b, 1);
    assert_int_equal(pop_expr(L, m, "false", &b), ZLUA_POP_OK);
    assert_int_equal(b, 0);
    assert_int_equal(pop_code(L, m, "1"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "0"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "nil"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "'true'"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "{}"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "1", ZLUA_POP_TYPE, "System.Boolean expected, got number");
    expect_pop_error(L, m, "nil", ZLUA_POP_TYPE, "System.Boolean expected, got nil");

    /* C# -> Lua: boolean (any nonzero byte is true) */
    uint8_t vals[3] = {0, 1, 2};
    int want[3] = {0, 1, 1};
    for (int i = 0; i < 3; i++) {
        m->push(L, m, &vals[i]);
        assert_int_equal(lua_type(L, -1), LUA_TBOOLEAN);
        assert_int_equal(lua_toboolean(L, -1), want[i]);
        lua_pop(L, 1);
    }
}

/* ---- integers (the default marshal rules: integer or exact float; out of range -> error) ----- */

static void test_byte(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Byte");
    assert_int_equal(m->kind, ZLUA_K_U1);
    assert_int_equal(m->size, 1);
    assert_int_equal(pop_int(L, m, "0", 0), 0);
    assert_int_equal(pop_int(L, m, "255", 0), 255);
    assert_int_equal(pop_int(L, m, "255.0", 0), 255);
    assert_int_equal(pop_int(L, m, "-0.0", 0), 0);
    assert_int_equal(pop_code(L, m, "256"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "-1"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "256.0"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "1.5"), ZLUA_POP_NOTINT);
    assert_int_equal(pop_code(L, m, "'1'"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "256", ZLUA_POP_RANGE, "number out of range for System.Byte");
    expect_pop_error(L, m, "-1", ZLUA_POP_RANGE, "number out of range for System.Byte");

    uint8_t v = 255;
    assert_int_equal(push_int(L, m, &v), 255);
}

static void test_sbyte_short_ushort_uint(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *sb = meta(L, "System.SByte");
    assert_int_equal(pop_int(L, sb, "-128", 1), -128);
    assert_int_equal(pop_int(L, sb, "127", 1), 127);
    assert_int_equal(pop_code(L, sb, "-129"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, sb, "128"), ZLUA_POP_RANGE);
    int8_t i8 = -1;
    assert_int_equal(push_int(L, sb, &i8), -1);

    const zlua_meta *s = meta(L, "System.Int16");
    assert_int_equal(s->size, 2);
    assert_int_equal(pop_int(L, s, "-32768", 1), -32768);
    assert_int_equal(pop_int(L, s, "32767", 1), 32767);
    assert_int_equal(pop_code(L, s, "32768"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, s, "-32769"), ZLUA_POP_RANGE);
    int16_t i16 = INT16_MIN;
    assert_int_equal(push_int(L, s, &i16), INT16_MIN);

    const zlua_meta *us = meta(L, "System.UInt16");
    assert_int_equal(pop_int(L, us, "65535", 0), 65535);
    assert_int_equal(pop_code(L, us, "65536"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, us, "-1"), ZLUA_POP_RANGE);
    uint16_t u16 = 65535;
    assert_int_equal(push_int(L, us, &u16), 65535);

    const zlua_meta *u = meta(L, "System.UInt32");
    assert_int_equal(u->size, 4);
    assert_int_equal(pop_int(L, u, "0", 0), 0);
    assert_int_equal(pop_int(L, u, "4294967295", 0), 4294967295);
    assert_int_equal(pop_code(L, u, "4294967296"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, u, "-1"), ZLUA_POP_RANGE);
    expect_pop_error(L, u, "-1", ZLUA_POP_RANGE, "number out of range for System.UInt32");
    uint32_t u32 = UINT32_MAX;
    assert_int_equal(push_int(L, u, &u32), 4294967295);
}

static void test_int(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Int32");
    assert_int_equal(m->kind, ZLUA_K_I4);
    assert_int_equal(m->size, 4);
    assert_int_equal(pop_int(L, m, "3.0", 1), 3);            /* exact float */
    assert_int_equal(pop_int(L, m, "-7", 1), -7);
    assert_int_equal(pop_int(L, m, "2147483647", 1), INT32_MAX);
    assert_int_equal(pop_int(L, m, "-2147483648", 1), INT32_MIN);
    assert_int_equal(pop_int(L, m, "-2147483648.0", 1), INT32_MIN);
    assert_int_equal(pop_code(L, m, "3.5"), ZLUA_POP_NOTINT);
    assert_int_equal(pop_code(L, m, "-0.25"), ZLUA_POP_NOTINT);
    assert_int_equal(pop_code(L, m, "0/0"), ZLUA_POP_NOTINT);       /* NaN */
    assert_int_equal(pop_code(L, m, "'10'"), ZLUA_POP_TYPE);        /* no coercion */
    assert_int_equal(pop_code(L, m, "true"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "nil"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "{}"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "2147483648"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "-2147483649"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "2.0^31"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "1e300"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "math.huge"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "-math.huge"), ZLUA_POP_RANGE);
    expect_pop_error(L, m, "3.5", ZLUA_POP_NOTINT, "number has no integer representation");
    expect_pop_error(L, m, "'10'", ZLUA_POP_TYPE, "System.Int32 expected, got string");
    expect_pop_error(L, m, "2^40", ZLUA_POP_RANGE, "number out of range for System.Int32");

    int32_t v = INT32_MIN;
    assert_int_equal(push_int(L, m, &v), INT32_MIN);
    /* IC argument of a primitive: a plain copy, never a handle */
    assert_int_equal(m->push_safe, 1);
    assert_int_equal(m->push_arg(L, m, &v), ZLUA_OK);
    assert_true(lua_isinteger(L, -1));
    assert_int_equal(lua_tointeger(L, -1), INT32_MIN);
    lua_pop(L, 1);
}

static void test_long(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Int64");
    assert_int_equal(m->size, 8);
    assert_true(pop_i64(L, m, "math.maxinteger") == INT64_MAX);
    assert_true(pop_i64(L, m, "math.mininteger") == INT64_MIN);
    assert_true(pop_i64(L, m, "-(2.0^63)") == INT64_MIN);
    assert_true(pop_i64(L, m, "2.0^53") == (int64_t)1 << 53);
    assert_int_equal(pop_code(L, m, "2.0^63"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "0.5"), ZLUA_POP_NOTINT);
    assert_int_equal(pop_code(L, m, "'1'"), ZLUA_POP_TYPE);
    int64_t v = INT64_MAX;
    assert_true(push_int(L, m, &v) == INT64_MAX);
}

/* the default marshal rules ulong row: integers are reinterpreted (two's complement both
 * ways), floats must be exact and lie in [0, 2^64). */
static void test_ulong(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.UInt64");
    assert_int_equal(m->kind, ZLUA_K_U8);
    assert_int_equal(m->size, 8);
    uint64_t u = 0;

    assert_int_equal(pop_expr(L, m, "-1", &u), ZLUA_POP_OK);
    assert_true(u == UINT64_MAX);
    /* and back: values >= 2^63 appear negative */
    assert_int_equal(push_int(L, m, &u), -1);
    eval(L, "-1");
    m->push(L, m, &u);
    assert_true(lua_rawequal(L, -1, -2));   /* the round trip is exact */
    lua_pop(L, 2);

    assert_int_equal(pop_expr(L, m, "math.mininteger", &u), ZLUA_POP_OK);
    assert_true(u == (uint64_t)1 << 63);
    assert_int_equal(pop_expr(L, m, "2.0^63", &u), ZLUA_POP_OK);
    assert_true(u == (uint64_t)1 << 63);
    assert_int_equal(pop_expr(L, m, "2.0^64 - 2048", &u), ZLUA_POP_OK); /* largest double < 2^64 */
    assert_true(u == UINT64_C(0xFFFFFFFFFFFFF800));
    assert_int_equal(pop_expr(L, m, "2.0^62", &u), ZLUA_POP_OK);
    assert_true(u == (uint64_t)1 << 62);
    assert_int_equal(pop_expr(L, m, "0.0", &u), ZLUA_POP_OK);
    assert_true(u == 0);
    assert_int_equal(pop_code(L, m, "-1.0"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "2.0^64"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "math.huge"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "2.0^63 + 0.5"), ZLUA_POP_OK); /* rounds: 2^63 is exact */
    assert_int_equal(pop_code(L, m, "1.5"), ZLUA_POP_NOTINT);
    assert_int_equal(pop_code(L, m, "'1'"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "-1.0", ZLUA_POP_RANGE, "number out of range for System.UInt64");
    expect_pop_error(L, m, "2.0^64", ZLUA_POP_RANGE, "number out of range for System.UInt64");

    uint64_t big = UINT64_C(0x8000000000000001);
    assert_true(push_int(L, m, &big) == INT64_MIN + 1);
}

/* the default marshal rules char row: integer 0..65535 (a UTF-16 code unit), not a string. */
static void test_char(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Char");
    assert_int_equal(m->kind, ZLUA_K_CHAR);
    assert_int_equal(m->size, 2);
    assert_int_equal(pop_int(L, m, "0", 0), 0);
    assert_int_equal(pop_int(L, m, "65", 0), 65);
    assert_int_equal(pop_int(L, m, "65535", 0), 65535);
    assert_int_equal(pop_code(L, m, "65536"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "-1"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "'A'"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "65536", ZLUA_POP_RANGE, "number out of range for System.Char");
    uint16_t c = 0xFFFF;
    assert_int_equal(push_int(L, m, &c), 65535);
}

/* the default marshal rules float/double row: a number or an integer. */
static void test_float_double(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *f = meta(L, "System.Single");
    assert_int_equal(f->kind, ZLUA_K_R4);
    assert_int_equal(f->size, 4);
    float fv = -1;
    assert_int_equal(pop_expr(L, f, "3", &fv), ZLUA_POP_OK);       /* integer */
    assert_true(fv == 3.0f);
    assert_int_equal(pop_expr(L, f, "1.5", &fv), ZLUA_POP_OK);
    assert_true(fv == 1.5f);
    assert_int_equal(pop_expr(L, f, "-2^40", &fv), ZLUA_POP_OK);
    assert_true(fv == -1099511627776.0f);
    assert_int_equal(pop_code(L, f, "'1.5'"), ZLUA_POP_TYPE);        /* no coercion */
    assert_int_equal(pop_code(L, f, "nil"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, f, "true"), ZLUA_POP_TYPE);
    expect_pop_error(L, f, "'1.5'", ZLUA_POP_TYPE, "System.Single expected, got string");
    fv = 2.5f;
    f->push(L, f, &fv);
    assert_int_equal(lua_type(L, -1), LUA_TNUMBER);
    assert_false(lua_isinteger(L, -1));
    assert_true(lua_tonumber(L, -1) == 2.5);
    lua_pop(L, 1);

    const zlua_meta *d = meta(L, "System.Double");
    assert_int_equal(d->size, 8);
    double dv = 0;
    assert_int_equal(pop_expr(L, d, "7", &dv), ZLUA_POP_OK);
    assert_true(dv == 7.0);
    assert_int_equal(pop_expr(L, d, "0.1", &dv), ZLUA_POP_OK);
    /* (double) drops x87 excess precision of the literal (i386 builds) */
    assert_true(dv == (double)0.1);
    assert_int_equal(pop_expr(L, d, "math.maxinteger", &dv), ZLUA_POP_OK);
    assert_true(dv == 9223372036854775808.0);   /* 2^63: the nearest double */
    assert_int_equal(pop_expr(L, d, "-math.huge", &dv), ZLUA_POP_OK);
    assert_true(isinf(dv) && dv < 0);
    assert_int_equal(pop_code(L, d, "'7'"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, d, "{}"), ZLUA_POP_TYPE);
    dv = 0.1;
    d->push(L, d, &dv);
    assert_false(lua_isinteger(L, -1));
    assert_true(lua_tonumber(L, -1) == (double)0.1);
    lua_pop(L, 1);
}

/* the default marshal rules IntPtr row: integer <-> integer. */
static void test_intptr(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.IntPtr");
    assert_int_equal(m->size, sizeof(intptr_t));
    intptr_t p = 0;
    assert_int_equal(pop_expr(L, m, "-5", &p), ZLUA_POP_OK);
    assert_true(p == -5);
    assert_int_equal(pop_expr(L, m, "4096", &p), ZLUA_POP_OK);
    assert_true(p == 4096);
    assert_int_equal(pop_code(L, m, "'x'"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "nil"), ZLUA_POP_TYPE);
    p = -42;
    assert_int_equal(push_int(L, m, &p), -42);
}

/* R-ENUM-1/2: an integer that fits the underlying type; boxed enum of the
 * same type. */
static void test_enum(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Small");
    assert_int_equal(m->kind, ZLUA_K_ENUM);
    assert_int_equal(m->prim, ZLUA_K_U1);
    assert_int_equal(m->size, 1);
    assert_int_equal(pop_int(L, m, "200", 0), 200);
    assert_int_equal(pop_int(L, m, "7", 0), 7);            /* undeclared but fits */
    assert_int_equal(pop_code(L, m, "256"), ZLUA_POP_RANGE);
    assert_int_equal(pop_code(L, m, "'A'"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "256", ZLUA_POP_RANGE, "number out of range for MyGame.Small");
    uint8_t b = 200;
    assert_int_equal(push_int(L, m, &b), 200);

    const zlua_meta *w = meta(L, "MyGame.Wide");
    assert_int_equal(w->size, 8);
    assert_true(pop_i64(L, w, "1 << 40") == (int64_t)1 << 40);

    /* a boxed MyGame.Small pops; a boxed System.Byte does not */
    uint8_t v = 1;
    Il2CppObject *boxed = il2cpp_value_box(klass("MyGame.Small"), &v);
    zlua__ud_push_byobj(L, cls_of(L, "System.Object"), boxed);
    uint8_t out = 0;
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_OK);
    assert_int_equal(out, 1);
    lua_pop(L, 1);
    Il2CppObject *byte_box = il2cpp_value_box(klass("System.Byte"), &v);
    zlua__ud_push_byobj(L, cls_of(L, "System.Object"), byte_box);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_TYPE);
    lua_pop(L, 1);
}

/* the default marshal rules Nullable<T> row: nil -> no value, else pop as T. */
static void test_nullable(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.Nullable`1[System.Int32]");
    assert_int_equal(m->kind, ZLUA_K_NULLABLE);
    const zlua__class *c = m->cls;
    unsigned char buf[16];
    int32_t v;
    memset(buf, 0xCC, sizeof buf);
    assert_int_equal(pop_expr(L, m, "nil", buf), ZLUA_POP_OK);
    assert_int_equal(buf[c->has_value_offset], 0);
    assert_int_equal(pop_expr(L, m, "5", buf), ZLUA_POP_OK);
    assert_int_equal(buf[c->has_value_offset], 1);
    memcpy(&v, buf + c->value_offset, sizeof v);
    assert_int_equal(v, 5);
    assert_int_equal(pop_code(L, m, "'5'"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "2^40"), ZLUA_POP_RANGE);
    /* the message names the slot's type; the default marshal rules do not say whether
     * that is Nullable<T> or T, so only the form is checked */
    eval(L, "2^40");
    zlua__pop_error_push(L, -1, m, ZLUA_POP_RANGE);
    assert_non_null(strstr(lua_tostring(L, -1), "number out of range for System."));
    assert_non_null(strstr(lua_tostring(L, -1), "Int32"));
    lua_pop(L, 2);

    m->push(L, m, buf);
    assert_int_equal(lua_tointeger(L, -1), 5);
    lua_pop(L, 1);
    buf[c->has_value_offset] = 0;
    m->push(L, m, buf);
    assert_true(lua_isnil(L, -1));
    lua_pop(L, 1);
}

/* ---- string (the default marshal rules string row, R-DEF-2) ----------------------------------- */

static void test_string_pop(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    const zlua_meta *m = meta(L, "System.String");
    assert_int_equal(m->kind, ZLUA_K_STRING);
    assert_int_equal(m->is_ref, 1);
    assert_int_equal(m->size, sizeof(void *));

    Il2CppString *s = (Il2CppString *)(uintptr_t)0x10;   /* not NULL */
    assert_int_equal(pop_expr(L, m, "nil", &s), ZLUA_POP_OK);
    assert_null(s);

    assert_int_equal(pop_expr(L, m, "'h\\xC3\\xA9llo'", &s), ZLUA_POP_OK);
    expect_chars(s, (const uint16_t[]){'h', 0xE9, 'l', 'l', 'o'}, 5);
    assert_ptr_equal(il2cpp_object_get_class((Il2CppObject *)s), klass("System.String"));

    assert_int_equal(pop_expr(L, m, "'\\u{1F600}!'", &s), ZLUA_POP_OK);
    expect_chars(s, (const uint16_t[]){0xD83D, 0xDE00, '!'}, 3);

    assert_int_equal(pop_expr(L, m, "'a\\0b'", &s), ZLUA_POP_OK);   /* embedded NUL */
    expect_chars(s, (const uint16_t[]){'a', 0, 'b'}, 3);

    assert_int_equal(pop_expr(L, m, "''", &s), ZLUA_POP_OK);
    expect_chars(s, NULL, 0);

    assert_int_equal(pop_expr(L, m, "'x\\xFFy'", &s), ZLUA_POP_OK); /* invalid byte */
    expect_chars(s, (const uint16_t[]){'x', 0xFFFD, 'y'}, 3);

    /* a long string takes the heap buffer, which is freed right away */
    eval(L, "string.rep('\\xC3\\xA9', 600)");
    size_t blocks = f->alloc.live_blocks;
    assert_int_equal(pop_top(L, m, &s), ZLUA_POP_OK);
    assert_int_equal(f->alloc.live_blocks, blocks);
    lua_pop(L, 1);
    assert_int_equal(il2cpp_string_length(s), 600);
    for (int i = 0; i < 600; i++)
        assert_int_equal(il2cpp_string_chars(s)[i], 0xE9);

    assert_int_equal(pop_code(L, m, "10"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "true"), ZLUA_POP_TYPE);
    assert_int_equal(pop_code(L, m, "{}"), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "10", ZLUA_POP_TYPE, "System.String expected, got number");

    /* a ByObjUserData of System.String pops as that very string */
    Il2CppString *obj = il2cpp_string_new("boxed");
    zlua__ud_push_byobj(L, cls_of(L, "System.String"), (Il2CppObject *)obj);
    assert_int_equal(pop_top(L, m, &s), ZLUA_POP_OK);
    assert_ptr_equal(s, obj);
    lua_pop(L, 1);
    /* ... a ByObjUserData of another class does not */
    int32_t i = 3;
    zlua__ud_push_byobj(L, cls_of(L, "System.Object"), il2cpp_value_box(klass("System.Int32"), &i));
    assert_int_equal(pop_top(L, m, &s), ZLUA_POP_TYPE);
    lua_pop(L, 1);
}

static void test_string_push(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "System.String");
    Il2CppString *s = NULL;
    m->push(L, m, &s);
    assert_true(lua_isnil(L, -1));   /* null -> nil */
    lua_pop(L, 1);

    /* R-DEF-2: embedded NUL kept (Lua strings carry a length), lone
     * surrogate -> U+FFFD, pair -> one 4-byte sequence */
    s = utf16_string((const uint16_t[]){'a', 0, 'b', 0xD800, 0xE9, 0xD83D, 0xDE00}, 7);
    m->push(L, m, &s);
    assert_int_equal(lua_type(L, -1), LUA_TSTRING);
    size_t len;
    const char *str = lua_tolstring(L, -1, &len);
    const char want[] = "a\0b\xEF\xBF\xBD\xC3\xA9\xF0\x9F\x98\x80";
    assert_int_equal(len, sizeof want - 1);
    assert_memory_equal(str, want, sizeof want - 1);
    lua_pop(L, 1);

    s = utf16_string(NULL, 0);
    m->push(L, m, &s);
    assert_int_equal(lua_type(L, -1), LUA_TSTRING);
    assert_int_equal(lua_rawlen(L, -1), 0);
    lua_pop(L, 1);

    /* round trip Lua -> C# -> Lua */
    eval(L, "'n\\0ul \\u{10FFFF} \\xC3\\xA9'");
    assert_int_equal(pop_top(L, m, &s), ZLUA_POP_OK);
    m->push(L, m, &s);
    assert_true(lua_rawequal(L, -1, -2));
    lua_pop(L, 2);
}

/* ---- struct (the default marshal rules struct row, R-DEF-3) -------------------------------------- */

static void test_struct_pop_byval_userdata(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Point2D");
    assert_int_equal(m->kind, ZLUA_K_STRUCT);
    assert_int_equal(m->size, sizeof(point2d));

    /* C# -> Lua: a ByValUserData copy (R-SUD-1: blittable, unregistered) */
    zlua_stats st0, st1;
    assert_int_equal(zlua_state_stats(L, &st0), ZLUA_OK);
    point2d p = {1.5f, -2.0f};
    m->push(L, m, &p);
    zlua__ud *u = zlua_ud_test(L, -1, ZLUA_UD_BYVAL);
    assert_non_null(u);
    assert_ptr_equal(u->cls, m->cls);
    assert_memory_equal(zlua_ud_payload(u), &p, sizeof p);
    assert_int_equal(zlua_state_stats(L, &st1), ZLUA_OK);
    assert_int_equal(st1.structs, st0.structs);
    p.x = 99;                                           /* source independent */
    assert_true(((point2d *)zlua_ud_payload(u))->x == 1.5f);

    /* Lua -> C#: a copy of the payload */
    point2d out = {0, 0};
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_OK);
    assert_true(out.x == 1.5f && out.y == -2.0f);
    out.x = 7;
    assert_true(((point2d *)zlua_ud_payload(u))->x == 1.5f);
    ((point2d *)zlua_ud_payload(u))->y = 8;
    assert_true(out.y == -2.0f);
    lua_pop(L, 1);

    /* one made by the constructor from Lua */
    assert_int_equal(pop_expr(L, m, "CS.MyGame.Point2D(3, 4)", &out), ZLUA_POP_OK);
    assert_true(out.x == 3.0f && out.y == 4.0f);
}

static void test_struct_pop_rejects_other_types(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Point2D");
    point2d out = {0, 0};
    /* same layout (two floats), other type: not accepted */
    assert_int_equal(pop_expr(L, m, "CS.MyGame.Vector2(1, 2)", &out), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "CS.MyGame.Vector2(1, 2)", ZLUA_POP_TYPE,
                     "MyGame.Point2D expected, got MyGame.Vector2");
    expect_pop_error(L, m, "CS.MyGame.Tagged(1, 'a')", ZLUA_POP_TYPE,
                     "MyGame.Point2D expected, got MyGame.Tagged");
    /* R-DEF-3: a table is not a struct without [LuaMarshalAs(Table)] */
    assert_int_equal(pop_expr(L, m, "{x = 1, y = 2}", &out), ZLUA_POP_TYPE);
    assert_int_equal(pop_expr(L, m, "{1, 2}", &out), ZLUA_POP_TYPE);
    expect_pop_error(L, m, "{x = 1, y = 2}", ZLUA_POP_TYPE, "MyGame.Point2D expected, got table");
    expect_pop_error(L, m, "nil", ZLUA_POP_TYPE, "MyGame.Point2D expected, got nil");
    expect_pop_error(L, m, "1", ZLUA_POP_TYPE, "MyGame.Point2D expected, got number");
    expect_pop_error(L, m, "io.stdout", ZLUA_POP_TYPE, "MyGame.Point2D expected, got FILE*");
    assert_true(out.x == 0 && out.y == 0);   /* failed pops wrote nothing */
}

/* the default marshal rules struct row: a boxed ByObjUserData of that type (unbox copy) and
 * a valid OpaqueValue of that type (copy) also pop; R-OPQ-3 failures. */
static void test_struct_pop_boxed_and_handles(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Point2D");
    const Il2CppType *pt = il2cpp_class_get_type(klass("MyGame.Point2D"));
    point2d p = {5, 6}, out = {0, 0};

    Il2CppObject *boxed = il2cpp_value_box(klass("MyGame.Point2D"), &p);
    zlua__ud_push_byobj(L, cls_of(L, "System.Object"), boxed);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_OK);
    assert_true(out.x == 5 && out.y == 6);
    lua_pop(L, 1);
    point2d q = {0, 0};
    Il2CppObject *other = il2cpp_value_box(klass("MyGame.Vector2"), &q);
    zlua__ud_push_byobj(L, cls_of(L, "System.Object"), other);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_TYPE);
    lua_pop(L, 1);

    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_push(L, &p, pt), ZLUA_OK);
    assert_int_equal(lua_type(L, -1), LUA_TLIGHTUSERDATA);
    out.x = out.y = 0;
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_OK);
    assert_true(out.x == 5 && out.y == 6);
    out.x = 1;
    assert_true(p.x == 5);                 /* a copy, not the slot */

    /* a handle to an int slot: type mismatch (R-OPQ-3 message) */
    int32_t i = 0;
    assert_int_equal(zlua_opaque_push(L, &i, il2cpp_class_get_type(klass("System.Int32"))), ZLUA_OK);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_MISMATCH);
    expect_message(L, m, ZLUA_POP_MISMATCH,
                   "opaque handle type mismatch (MyGame.Point2D expected, got System.Int32)");
    lua_pop(L, 1);
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);

    /* the Point2D handle is expired now */
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_EXPIRED);
    expect_message(L, m, ZLUA_POP_EXPIRED, "opaque handle expired");
    lua_pop(L, 1);

    /* a foreign lightuserdata (an aligned pointer) */
    lua_pushlightuserdata(L, &p);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_FOREIGN);
    expect_message(L, m, ZLUA_POP_FOREIGN, "invalid opaque parameter handle");
    lua_pop(L, 1);
}

/* R-SUD-2/3: a non-blittable struct userdata is registered; after its
 * __gc it is dead and pops report it instead of reading the payload. */
static void test_struct_nonblittable_userdata(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Tagged");
    assert_int_equal(m->size, sizeof(tagged));
    zlua_stats st0, st1;
    assert_int_equal(zlua_state_stats(L, &st0), ZLUA_OK);

    tagged t;
    memset(&t, 0, sizeof t);
    t.id = 42;
    t.name = il2cpp_string_new("forty-two");
    m->push(L, m, &t);
    zlua__ud *u = zlua_ud_test(L, -1, ZLUA_UD_BYVAL);
    assert_non_null(u);
    /* R-RT-4: the payload lives in a registry cell, not in Lua memory */
    char *block = lua_touserdata(L, -1);
    char *payload = zlua_ud_payload(u);
    assert_true(payload < block || payload >= block + lua_rawlen(L, -1));
    assert_int_equal(zlua_state_stats(L, &st1), ZLUA_OK);
    assert_int_equal(st1.structs, st0.structs + 1);

    tagged out;
    memset(&out, 0, sizeof out);
    assert_int_equal(pop_top(L, m, &out), ZLUA_POP_OK);
    assert_int_equal(out.id, 42);
    assert_ptr_equal(out.name, t.name);
    assert_null(out.payload);

    /* __gc called by hand (lua_getmetatable ignores the __metatable
     * protection) is refused: only the collector may release the cell */
    assert_true(lua_getmetatable(L, -1));
    assert_int_equal(lua_getfield(L, -1, "__gc"), LUA_TFUNCTION);
    lua_pushvalue(L, -3);
    assert_int_equal(lua_pcall(L, 1, 0, 0), LUA_ERRRUN);
    assert_non_null(strstr(lua_tostring(L, -1), "__gc is called by the collector only"));
    lua_pop(L, 2);
    assert_int_equal(zlua_state_stats(L, &st1), ZLUA_OK);
    assert_int_equal(st1.structs, st0.structs + 1);
    assert_int_equal(u->magic, ZLUA_UD_BYVAL);

    /* the collector's finalizer releases it */
    lua_pop(L, 1);
    lua_gc(L, LUA_GCCOLLECT);
    lua_gc(L, LUA_GCCOLLECT);
    assert_int_equal(zlua_state_stats(L, &st1), ZLUA_OK);
    assert_int_equal(st1.structs, st0.structs);
}

/* ---- messages (R-DEF-1 details, R-OPQ-3) ---------------------------------------- */

static void test_pop_error_messages(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *byte = meta(L, "System.Byte");
    const zlua_meta *i4 = meta(L, "System.Int32");
    const zlua_meta *pt = meta(L, "MyGame.Point2D");
    const zlua_meta *player = meta(L, "MyGame.Player");

    eval(L, "256");
    expect_message(L, byte, ZLUA_POP_RANGE, "number out of range for System.Byte");
    expect_message(L, byte, ZLUA_POP_NOTINT, "number has no integer representation");
    expect_message(L, byte, ZLUA_POP_EXPIRED, "opaque handle expired");
    expect_message(L, byte, ZLUA_POP_FOREIGN, "invalid opaque parameter handle");
    expect_message(L, byte, ZLUA_POP_FINALIZED, "struct userdata has been finalized");
    expect_message(L, byte, ZLUA_POP_OBJ_FINALIZED, "object userdata has been finalized");
    expect_message(L, byte, ZLUA_POP_UNSUPPORTED, "unsupported parameter type");
    expect_message(L, byte, ZLUA_POP_TYPE, "System.Byte expected, got number");
    lua_pop(L, 1);

    eval(L, "{}");
    expect_message(L, pt, ZLUA_POP_TYPE, "MyGame.Point2D expected, got table");
    lua_pop(L, 1);

    /* "got" names our userdata by their type */
    eval(L, "CS.MyGame.Point2D(1, 2)");
    expect_message(L, i4, ZLUA_POP_TYPE, "System.Int32 expected, got MyGame.Point2D");
    lua_pop(L, 1);
    lua_pushlightuserdata(L, &state);
    expect_message(L, i4, ZLUA_POP_TYPE, "System.Int32 expected, got light userdata");
    lua_pop(L, 1);
    eval(L, "print");
    expect_message(L, player, ZLUA_POP_TYPE, "MyGame.Player expected, got function");
    lua_pop(L, 1);

    /* a byref names its element */
    const zlua_meta *ri = byref_meta(L, "System.Int32");
    assert_int_equal(ri->kind, ZLUA_K_BYREF);
    assert_string_equal(ri->name, "System.Int32&");
    expect_pop_error(L, ri, "2^40", ZLUA_POP_RANGE, "number out of range for System.Int32");
    expect_pop_error(L, ri, "'x'", ZLUA_POP_TYPE, "System.Int32 expected, got string");
}

static int raise_argerror(lua_State *L)
{
    const zlua_meta *m = lua_touserdata(L, lua_upvalueindex(1));
    return zlua__pop_argerror(L, 1, 2, "Demo.Offset", m, ZLUA_POP_TYPE);
}

/* R-DEF-1: `bad argument #2 to 'Demo.Offset' (MyGame.Point2D expected, got table)` */
static void test_pop_argerror(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *pt = meta(L, "MyGame.Point2D");
    lua_pushlightuserdata(L, (void *)pt);
    lua_pushcclosure(L, raise_argerror, 1);
    lua_newtable(L);
    assert_int_equal(lua_pcall(L, 1, 0, 0), LUA_ERRRUN);
    assert_string_equal(lua_tostring(L, -1),
                        "bad argument #2 to 'Demo.Offset' (MyGame.Point2D expected, got table)");
    lua_pop(L, 1);
}

/* ---- zlua__value_store (R-SUD-2: whole copies with the barrier) ------------------ */

static void test_value_store_nonblittable(void **state)
{
    lua_State *L = ((fixture *)*state)->L;
    const zlua_meta *m = meta(L, "MyGame.Tagged");
    const zlua__class *c = m->cls;
    assert_int_equal(m->kind, ZLUA_K_STRUCT);
    assert_int_equal(c->blittable, 0);
    assert_int_equal(m->size, sizeof(tagged));
    /* the class knows where the references are */
    assert_int_equal(c->nrefs, 2);
    assert_int_equal(c->ref_offsets[0], offsetof(tagged, name));
    assert_int_equal(c->ref_offsets[1], offsetof(tagged, payload));

    /* every byte, padding included, is copied */
    unsigned char src[sizeof(tagged)], dst[sizeof(tagged) + 16];
    memset(src, 0xA5, sizeof src);
    tagged t;
    memcpy(&t, src, sizeof t);
    t.id = 7;
    t.name = il2cpp_string_new("seven");
    int32_t seven = 7;
    t.payload = il2cpp_value_box(klass("System.Int32"), &seven);
    memcpy(src, &t, sizeof t);
    memset(dst, 0x3C, sizeof dst);
    zlua__value_store(m, NULL, dst, src);
    assert_memory_equal(dst, src, sizeof src);
    for (size_t i = sizeof src; i < sizeof dst; i++)
        assert_int_equal(dst[i], 0x3C);
    tagged got;
    memcpy(&got, dst, sizeof got);
    assert_int_equal(got.id, 7);
    assert_ptr_equal(got.name, t.name);
    assert_ptr_equal(got.payload, t.payload);

    /* a blittable struct and a reference slot */
    const zlua_meta *pm = meta(L, "MyGame.Point2D");
    point2d a = {1, 2}, b = {0, 0};
    zlua__value_store(pm, NULL, &b, &a);
    assert_true(b.x == 1 && b.y == 2);
    const zlua_meta *sm = meta(L, "System.String");
    Il2CppString *s1 = t.name, *s2 = NULL;
    zlua__value_store(sm, NULL, &s2, &s1);
    assert_ptr_equal(s2, s1);

    /* a ByValUserData of Tagged holds the same bytes */
    m->push(L, m, src);
    zlua__ud *u = zlua_ud_test(L, -1, ZLUA_UD_BYVAL);
    assert_non_null(u);
    assert_memory_equal(zlua_ud_payload(u), src, sizeof src);
    lua_pop(L, 1);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_bool),
        T(test_byte),
        T(test_sbyte_short_ushort_uint),
        T(test_int),
        T(test_long),
        T(test_ulong),
        T(test_char),
        T(test_float_double),
        T(test_intptr),
        T(test_enum),
        T(test_nullable),
        T(test_string_pop),
        T(test_string_push),
        T(test_struct_pop_byval_userdata),
        T(test_struct_pop_rejects_other_types),
        T(test_struct_pop_boxed_and_handles),
        T(test_struct_nonblittable_userdata),
        T(test_pop_error_messages),
        T(test_pop_argerror),
        T(test_value_store_nonblittable),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
