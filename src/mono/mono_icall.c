/*
 * mono_icall.c -- [LuaInvoke] methods in the Editor (R-IC-3).
 *
 * In a player each [LuaInvoke] method is an internal call whose IC stub
 * zlua-stubgen wrote and the player's build compiled.  The Editor's
 * plugin is built once for every project, so it cannot hold a project's
 * stubs: it holds trampolines instead, native functions that take any
 * signature of scalars, enums, references and byrefs and hand it to the
 * IC path as a stub would -- the method's own IC site, the slots of its
 * arguments, the result back, a Lua error raised as the managed
 * exception.  A [LuaInvokeByName] method's first argument names the Lua
 * global instead of a site (zlua_ic_function_name, as its stub).
 *
 * A native function registered with mono_add_internal_call learns
 * nothing of the method it was called for, so each method gets a
 * trampoline of its own from a fixed pool (its index is its only
 * difference).  Mono calls it as C calls a function of the method's
 * parameters, and the trampoline reads them the way mono_thunk.c writes
 * them: on System V x86-64 and AAPCS64 integer and floating-point
 * arguments take registers from separate banks, in order, so a function
 * declared with every integer and every floating-point argument register
 * receives any signature that fits in them.  A float is the low half of
 * its register; an integer narrower than 64 bits its low bytes (read no
 * wider than its type: the caller need not extend it).
 *
 * A struct passed by value travels as the System V C ABI passes it on
 * x86-64 (each eightbyte in the next register of its class: floating-
 * point when all of its fields are, else integer; larger than 16 bytes,
 * on the stack), and a struct result as it returns one (one or two
 * registers by the same classes, a larger one through the caller's
 * buffer, whose address is the first integer argument and the result);
 * Mono's compiled code follows both for internal calls: checked once,
 * before the first such method is served, by a probe call from managed
 * code (ZLuaMonoHost.AbiProbe) whose arguments must arrive where the ABI
 * puts them and whose results must read back whole.
 *
 * What the Editor cannot serve gets a trampoline that throws a
 * NotSupportedException naming the method and why, never a call with
 * misread arguments: a struct where the probe failed or on arm64, one
 * passed by value larger than 16 bytes or without registers left for it
 * (take it by ref or in: an address on every runtime); an instance,
 * generic or overloaded method; more arguments than the registers hold;
 * a target whose ABI assigns registers by position (Windows x64) or
 * splits 64-bit values (32-bit).  A method past its pool's size is not
 * registered (a log line says so) and throws MissingMethodException.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/row-indexes.h>
#include <mono/metadata/tokentype.h>

#include "core/utf.h"
#include "mono_rt.h"
#include "zlua.h"
#include "zlua_env.h"
#include "zlua_stub.h"

/* Six integer registers on x86-64 (AAPCS64 has eight; six serve both),
 * eight floating-point on both. */
enum { ZM_IC_INT_REGS = 6, ZM_IC_FP_REGS = 8, ZM_IC_POOL = 256, ZM_IC_NAME_MAX = 255 };
/* A struct passed by value (beside the ZM_TK_* kinds): its eightbytes in
 * reg[] and reg2[] (ZM_IC_NONE: a struct of one eightbyte).  As a result:
 * ZM_IC_STRUCT in the registers of its trampoline's variant, ZM_IC_SRET
 * through the caller's buffer (larger than 16 bytes: its address the
 * first integer argument, and the result). */
enum { ZM_IC_STRUCT = 0x40, ZM_IC_SRET = 0x41, ZM_IC_NONE = 0xFF };

/* The trampolines' variants, by where their result goes: the integer
 * register, the floating-point one, or a struct's two eightbytes (integer
 * or floating-point each, as the System V ABI returns them). */
enum { ZM_IC_V_INT, ZM_IC_V_FP, ZM_IC_V_II, ZM_IC_V_SS, ZM_IC_V_IS, ZM_IC_V_SI, ZM_IC_VARIANTS };

/* One [LuaInvoke] method and its trampoline. */
typedef struct zm_icall {
    const char *icall;               /* "Namespace.Class::Method", kept */
    MonoMethod *method;              /* the newest image's (a domain reload replaces it) */
    zlua_ic_site site;               /* the Lua global; libzlua binds it per state */
    const char *refused;             /* why the Editor cannot serve it; NULL: served */
    char name_param[64];             /* [LuaInvokeByName]: its first parameter's name;
                                        "": a fixed name (site.function) */
    uint8_t nparams;
    uint8_t ret;                     /* ZM_TK_*, ZM_IC_STRUCT or ZM_IC_SRET */
    uint8_t variant;                 /* ZM_IC_V_*: its pool */
    uint8_t kind[ZM_TK_MAX_PARAMS];  /* ZM_TK_* per parameter */
    uint8_t reg[ZM_TK_MAX_PARAMS];   /* integer register 0-5, floating-point 8-15 */
    uint8_t reg2[ZM_TK_MAX_PARAMS];  /* a struct's second eightbyte's, or ZM_IC_NONE */
} zm_icall;

/* The pools, one per variant, each slot one method for the process (a
 * domain reload re-registers the same names): 256 methods returning
 * through the integer register, 256 through the floating-point one, 64
 * of each two-register struct result. */
enum { ZM_IC_POOL_PAIR = 64 };
static zm_icall zm_icall_int[ZM_IC_POOL], zm_icall_fp[ZM_IC_POOL], zm_icall_ii[ZM_IC_POOL_PAIR],
    zm_icall_ss[ZM_IC_POOL_PAIR], zm_icall_is[ZM_IC_POOL_PAIR], zm_icall_si[ZM_IC_POOL_PAIR];
static zm_icall *const zm_icall_pools[ZM_IC_VARIANTS] = {zm_icall_int, zm_icall_fp, zm_icall_ii,
                                                         zm_icall_ss, zm_icall_is, zm_icall_si};
static const unsigned zm_icall_caps[ZM_IC_VARIANTS] = {ZM_IC_POOL, ZM_IC_POOL, ZM_IC_POOL_PAIR,
                                                       ZM_IC_POOL_PAIR, ZM_IC_POOL_PAIR,
                                                       ZM_IC_POOL_PAIR};
static unsigned zm_icall_used[ZM_IC_VARIANTS];

/* ---- the call ------------------------------------------------------------------- */

_Noreturn static void zm_icall_refuse(const zm_icall *s)
{
    char msg[600];
    snprintf(msg, sizeof msg, "zlua: %s cannot call Lua in the Editor: %s", s->icall,
             s->refused);
    zm_ic_raise(mono_get_exception_not_supported(msg));
}

#if ZM_REG_BANKS
/* The call's result, read from where the IC path stored it. */
typedef union zm_icall_ret {
    int64_t i;
    double d;
    float f;
    void *p;
    int32_t i4;
    uint32_t u4;
    int16_t i2;
    uint16_t u2;
    int8_t i1;
    uint8_t u1;
} zm_icall_ret;

/* The 8 bytes register g holds (integer 0-5, floating-point 8-15). */
ZLUA_INLINE uint64_t zm_icall_eightbyte(const int64_t *ir, const double *fr, unsigned g)
{
    uint64_t v;
    if (g >= 8)
        memcpy(&v, &fr[g - 8], sizeof v);
    else
        memcpy(&v, &ir[g], sizeof v);
    return v;
}

/* The call proper: the slots from the registers, the IC path with L the
 * innermost running state, a failure raised from this frame once the
 * call's scope is closed. */
static void zm_icall_run(const zm_icall *s, const int64_t *ir, const double *fr, void *r)
{
    if (s->refused != NULL)
        zm_icall_refuse(s);
    lua_State *L = zlua_env_current();
    if (L == NULL)
        zm_ic_raise((MonoException *)(void *)zlua_ic_no_state(s->icall));
    void *slots[ZM_TK_MAX_PARAMS];
    uint64_t copies[ZM_TK_MAX_PARAMS][2];   /* the structs by value, rebuilt */
    for (unsigned k = 0; k < s->nparams; k++) {
        unsigned g = s->reg[k];
        if (s->kind[k] == ZM_IC_STRUCT) {
            copies[k][0] = zm_icall_eightbyte(ir, fr, g);
            copies[k][1] = s->reg2[k] != ZM_IC_NONE ? zm_icall_eightbyte(ir, fr, s->reg2[k]) : 0;
            slots[k] = copies[k];
        } else if (s->kind[k] == ZM_TK_BYREF)
            slots[k] = (void *)(intptr_t)ir[g];   /* the slot's address is the argument */
        else if (g >= ZM_IC_INT_REGS)
            slots[k] = (void *)&fr[g - 8];      /* little-endian: a float is the low half */
        else
            slots[k] = (void *)&ir[g];          /* the low bytes: the narrow integer */
    }
    zlua_ic_call c;
    memset(&c, 0, sizeof c);
    c.method = (const MethodInfo *)(void *)s->method;
    c.nargs = s->nparams;
    c.arg_slots = slots;
    c.ret_slot = s->ret != ZM_TK_VOID ? r : NULL;
    char name[ZLUA_IC_NAME_MAX + 1];
    if (s->name_param[0] != '\0') {
        /* [LuaInvokeByName]: the first argument names the global, the
         * others are the call's (the player's stub does the same) */
        size_t len = 0;
        Il2CppException *bad = zlua_ic_function_name((Il2CppString *)(void *)(intptr_t)ir[s->reg[0]],
                                                     s->name_param, name, &len);
        if (bad != NULL)
            zm_ic_raise((MonoException *)(void *)bad);
        c.function = name;
        c.function_len = len;
        c.nargs = s->nparams - 1;
        c.arg_slots = slots + 1;
    } else {
        c.site = (zlua_ic_site *)&s->site;
    }
    zm_ic_run(L, &c);   /* a failure raised from here */
}

static int64_t zm_icall_run_int(const zm_icall *s, const int64_t *ir, const double *fr)
{
    if (s->ret == ZM_IC_SRET) {
        /* the caller's buffer, its address the first integer argument and
         * the result */
        zm_icall_run(s, ir, fr, (void *)(intptr_t)ir[0]);
        return ir[0];
    }
    _Alignas(16) zm_icall_ret r[2];   /* a struct of one eightbyte too */
    memset(r, 0, sizeof r);
    zm_icall_run(s, ir, fr, r);
    switch (s->ret) {
    case ZM_TK_U1: return r[0].u1;
    case ZM_TK_I1: return r[0].i1;
    case ZM_TK_U2: return r[0].u2;
    case ZM_TK_I2: return r[0].i2;
    case ZM_TK_U4: return r[0].u4;
    case ZM_TK_I4: return r[0].i4;
    case ZM_TK_REF: return (int64_t)(intptr_t)r[0].p;
    default: return r[0].i;   /* ZM_TK_WORD, ZM_TK_VOID, ZM_IC_STRUCT */
    }
}

static double zm_icall_run_fp(const zm_icall *s, const int64_t *ir, const double *fr)
{
    _Alignas(16) zm_icall_ret r[2];   /* a struct of one eightbyte too */
    memset(r, 0, sizeof r);
    zm_icall_run(s, ir, fr, r);
    if (s->ret != ZM_TK_R4)
        return r[0].d;   /* a double, or a struct's eightbyte */
    /* a float result is the low half of the register the double fills */
    union { double d; float f; } u;
    u.d = 0;
    u.f = r[0].f;
    return u.d;
}

/* A struct result of two eightbytes, each returned in the register of its
 * class: the pair's types make the C compiler put them there. */
typedef struct { int64_t a, b; } zm_ic_ii;
typedef struct { double a, b; } zm_ic_ss;
typedef struct { int64_t a; double b; } zm_ic_is;
typedef struct { double a; int64_t b; } zm_ic_si;

#define ZM_IC_RUN_PAIR(NAME, T)                                                       \
    static T NAME(const zm_icall *s, const int64_t *ir, const double *fr)            \
    {                                                                                 \
        _Alignas(16) unsigned char r[16];                                             \
        memset(r, 0, sizeof r);                                                       \
        zm_icall_run(s, ir, fr, r);                                                   \
        T v;                                                                          \
        memcpy(&v, r, sizeof v);                                                      \
        return v;                                                                     \
    }
ZM_IC_RUN_PAIR(zm_icall_run_ii, zm_ic_ii)
ZM_IC_RUN_PAIR(zm_icall_run_ss, zm_ic_ss)
ZM_IC_RUN_PAIR(zm_icall_run_is, zm_ic_is)
ZM_IC_RUN_PAIR(zm_icall_run_si, zm_ic_si)
#endif

/* ---- the trampolines ---------------------------------------------------------- */

#if ZM_REG_BANKS
#define ZM_IC_PARAMS                                                                  \
    int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t i4, int64_t i5, double f0, \
        double f1, double f2, double f3, double f4, double f5, double f6, double f7
#define ZM_IC_BODY(run, pool, n)                                                 \
    {                                                                            \
        const int64_t ir[ZM_IC_INT_REGS] = {i0, i1, i2, i3, i4, i5};             \
        const double fr[ZM_IC_FP_REGS] = {f0, f1, f2, f3, f4, f5, f6, f7};       \
        return run(&pool[n], ir, fr);                                            \
    }
#define ZM_IC_TRAMP(a, b)                                                        \
    static int64_t zm_icall_int_##a##b(ZM_IC_PARAMS)                             \
        ZM_IC_BODY(zm_icall_run_int, zm_icall_int, 0x##a##b)                     \
    static double zm_icall_fp_##a##b(ZM_IC_PARAMS)                               \
        ZM_IC_BODY(zm_icall_run_fp, zm_icall_fp, 0x##a##b)
#define ZM_IC_TRAMP_PAIR(a, b)                                                   \
    static zm_ic_ii zm_icall_ii_##a##b(ZM_IC_PARAMS)                             \
        ZM_IC_BODY(zm_icall_run_ii, zm_icall_ii, 0x##a##b)                       \
    static zm_ic_ss zm_icall_ss_##a##b(ZM_IC_PARAMS)                             \
        ZM_IC_BODY(zm_icall_run_ss, zm_icall_ss, 0x##a##b)                       \
    static zm_ic_is zm_icall_is_##a##b(ZM_IC_PARAMS)                             \
        ZM_IC_BODY(zm_icall_run_is, zm_icall_is, 0x##a##b)                       \
    static zm_ic_si zm_icall_si_##a##b(ZM_IC_PARAMS)                             \
        ZM_IC_BODY(zm_icall_run_si, zm_icall_si, 0x##a##b)
#else
/* No method is served here: each trampoline only raises its refusal (no
 * parameter read; the caller cleans up its arguments on these ABIs), and
 * every method takes the integer variant. */
#define ZM_IC_TRAMP(a, b)                                                        \
    static int64_t zm_icall_int_##a##b(void)                                     \
    {                                                                            \
        zm_icall_refuse(&zm_icall_int[0x##a##b]);                                \
    }
#endif

#define ZM_IC_16(X, a)                                                               \
    X(a, 0) X(a, 1) X(a, 2) X(a, 3) X(a, 4) X(a, 5) X(a, 6) X(a, 7) X(a, 8) X(a, 9) \
    X(a, A) X(a, B) X(a, C) X(a, D) X(a, E) X(a, F)
#define ZM_IC_64(X) ZM_IC_16(X, 0) ZM_IC_16(X, 1) ZM_IC_16(X, 2) ZM_IC_16(X, 3)
#define ZM_IC_256(X)                                                                  \
    ZM_IC_64(X) ZM_IC_16(X, 4) ZM_IC_16(X, 5) ZM_IC_16(X, 6) ZM_IC_16(X, 7)           \
    ZM_IC_16(X, 8) ZM_IC_16(X, 9) ZM_IC_16(X, A) ZM_IC_16(X, B) ZM_IC_16(X, C)         \
    ZM_IC_16(X, D) ZM_IC_16(X, E) ZM_IC_16(X, F)

ZM_IC_256(ZM_IC_TRAMP)

/* Each variant's code. */
#define ZM_IC_NAME_int(a, b) zm_icall_int_##a##b,
#if ZM_REG_BANKS
ZM_IC_64(ZM_IC_TRAMP_PAIR)
#define ZM_IC_NAME_fp(a, b) zm_icall_fp_##a##b,
#define ZM_IC_NAME_ii(a, b) zm_icall_ii_##a##b,
#define ZM_IC_NAME_ss(a, b) zm_icall_ss_##a##b,
#define ZM_IC_NAME_is(a, b) zm_icall_is_##a##b,
#define ZM_IC_NAME_si(a, b) zm_icall_si_##a##b,
static int64_t (*const zm_icall_int_code[ZM_IC_POOL])(ZM_IC_PARAMS) = {ZM_IC_256(ZM_IC_NAME_int)};
static double (*const zm_icall_fp_code[ZM_IC_POOL])(ZM_IC_PARAMS) = {ZM_IC_256(ZM_IC_NAME_fp)};
static zm_ic_ii (*const zm_icall_ii_code[ZM_IC_POOL_PAIR])(ZM_IC_PARAMS) = {ZM_IC_64(ZM_IC_NAME_ii)};
static zm_ic_ss (*const zm_icall_ss_code[ZM_IC_POOL_PAIR])(ZM_IC_PARAMS) = {ZM_IC_64(ZM_IC_NAME_ss)};
static zm_ic_is (*const zm_icall_is_code[ZM_IC_POOL_PAIR])(ZM_IC_PARAMS) = {ZM_IC_64(ZM_IC_NAME_is)};
static zm_ic_si (*const zm_icall_si_code[ZM_IC_POOL_PAIR])(ZM_IC_PARAMS) = {ZM_IC_64(ZM_IC_NAME_si)};
#else
static int64_t (*const zm_icall_int_code[ZM_IC_POOL])(void) = {ZM_IC_256(ZM_IC_NAME_int)};
#endif

/* The code of slot i of variant v's pool, as the data pointer
 * mono_add_internal_call takes (POSIX guarantees the round trip; ISO C
 * does not, hence the memcpy). */
static const void *zm_icall_code(int v, unsigned i)
{
    const void *p = NULL;
    switch (v) {
#if ZM_REG_BANKS
    case ZM_IC_V_FP: memcpy(&p, &zm_icall_fp_code[i], sizeof p); break;
    case ZM_IC_V_II: memcpy(&p, &zm_icall_ii_code[i], sizeof p); break;
    case ZM_IC_V_SS: memcpy(&p, &zm_icall_ss_code[i], sizeof p); break;
    case ZM_IC_V_IS: memcpy(&p, &zm_icall_is_code[i], sizeof p); break;
    case ZM_IC_V_SI: memcpy(&p, &zm_icall_si_code[i], sizeof p); break;
#endif
    default: memcpy(&p, &zm_icall_int_code[i], sizeof p); break;
    }
    return p;
}

/* ---- planning ------------------------------------------------------------------- */

#if ZM_REG_BANKS
/* How a parameter travels (ZM_TK_*), or -1 with why set. */
static int zm_icall_kind(MonoType *t, const char **why)
{
    int type = mono_type_get_type(t);
    if (type == MONO_TYPE_VAR || type == MONO_TYPE_MVAR) {
        *why = "generic";
        return -1;
    }
    if (mono_type_is_byref(t))
        return ZM_TK_BYREF;   /* any slot, a struct's too: an address */
    if (mono_type_is_reference(t))
        return ZM_TK_REF;
    int k = zm_thunk_scalar(t);
    if (k < 0)
        *why = "a struct passed by value: take it by ref or in";
    return k;
}
#endif

/* ---- structs by value (System V x86-64) ---------------------------------------- */

#if ZM_REG_BANKS
#if defined(__x86_64__) && !defined(_WIN32)
/* The low float of an SSE eightbyte, and its high one. */
static float zm_icall_lo(double d)
{
    float v[2];
    memcpy(v, &d, sizeof v);
    return v[0];
}

static float zm_icall_hi(double d)
{
    float v[2];
    memcpy(v, &d, sizeof v);
    return v[1];
}

static int zm_icall_probe_seen;   /* the probe's arguments arrived as the ABI puts them */

/* ZLuaMonoHost.AbiProbe.Probe(F2 {1, 2}, 3, F3 {4, 5, 6}, Mixed {7, 8f},
 * D2 {9, 10}, 11f, I3 {12, 13, 14}): each where the System V ABI puts it
 * (F2 in one SSE register, F3 in two, Mixed in an integer one, D2 in two
 * SSE, the float in the next SSE, I3 in two integer registers). */
static void zm_icall_probe(ZM_IC_PARAMS)
{
    (void)i4;
    (void)i5;
    (void)f6;
    (void)f7;
    float mixed_b;
    memcpy(&mixed_b, (const char *)&i1 + 4, sizeof mixed_b);
    zm_icall_probe_seen =
        zm_icall_lo(f0) == 1 && zm_icall_hi(f0) == 2 && i0 == 3 && zm_icall_lo(f1) == 4 &&
        zm_icall_hi(f1) == 5 && zm_icall_lo(f2) == 6 && (int32_t)i1 == 7 && mixed_b == 8 &&
        f3 == 9 && f4 == 10 && zm_icall_lo(f5) == 11 && (int32_t)i2 == 12 &&
        (int32_t)(i2 >> 32) == 13 && (int32_t)i3 == 14;
}

/* The probe's results, made as C returns them (the managed side checks
 * what it read). */
typedef struct { float a, b; } zm_pr_f2;
typedef struct { int32_t a; float b; } zm_pr_mixed;
typedef struct { float a, b, c; } zm_pr_f3;
typedef struct { int32_t a, b, c; } zm_pr_i3;
typedef struct { int64_t a; double b; } zm_pr_if;
typedef struct { double a; int64_t b; } zm_pr_fi;
typedef struct { int64_t a, b, c; } zm_pr_big;
static zm_pr_f2 zm_pr_ret_f2(void) { return (zm_pr_f2){1, 2}; }
static zm_pr_mixed zm_pr_ret_mixed(void) { return (zm_pr_mixed){3, 4}; }
static zm_pr_f3 zm_pr_ret_f3(void) { return (zm_pr_f3){5, 6, 7}; }
static zm_pr_i3 zm_pr_ret_i3(void) { return (zm_pr_i3){8, 9, 10}; }
static zm_pr_if zm_pr_ret_if(void) { return (zm_pr_if){11, 12}; }
static zm_pr_fi zm_pr_ret_fi(void) { return (zm_pr_fi){13, 14}; }
static zm_pr_big zm_pr_ret_big(int32_t x, float y) { return (zm_pr_big){x, (int64_t)(y * 2), 15}; }

#endif

/* 1 when this Mono passes structs by value to internal calls and reads
 * them back from them as the System V ABI does (probed once); 0 elsewhere
 * or when it does not. */
static int zm_icall_structs(void)
{
    static int known = -1;
    if (known >= 0)
        return known;
    known = 0;
#if defined(__x86_64__) && !defined(_WIN32)
    void (*probe)(ZM_IC_PARAMS) = zm_icall_probe;
    zm_pr_f2 (*f2)(void) = zm_pr_ret_f2;
    zm_pr_mixed (*mixed)(void) = zm_pr_ret_mixed;
    zm_pr_f3 (*f3)(void) = zm_pr_ret_f3;
    zm_pr_i3 (*i3)(void) = zm_pr_ret_i3;
    zm_pr_if (*iff)(void) = zm_pr_ret_if;
    zm_pr_fi (*fi)(void) = zm_pr_ret_fi;
    zm_pr_big (*big)(int32_t, float) = zm_pr_ret_big;
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::Probe", probe);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetF2", f2);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetMixed", mixed);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetF3", f3);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetI3", i3);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetIF", iff);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetFI", fi);
    ZM_ADD_ICALL("ZLuaMonoHost.AbiProbe::RetBig", big);
    MonoClass *k = zm.host_image != NULL
                       ? mono_class_from_name(zm.host_image, "ZLuaMonoHost", "AbiProbe")
                       : NULL;
    MonoMethod *run = k != NULL ? mono_class_get_method_from_name(k, "Run", 0) : NULL;
    MonoObject *exc = NULL;
    MonoObject *ok = run != NULL ? zm_call(run, NULL, &exc) : NULL;
    known = exc == NULL && ok != NULL && *(MonoBoolean *)mono_object_unbox(ok) &&
            zm_icall_probe_seen;
#endif
    return known;
}

/* The class of each eightbyte of a struct (1 integer, 2 floating-point,
 * 0 none yet) from the fields of k laid at off in it: 0, or -1 when a
 * field is of no class the ABI can pass in registers or straddles two
 * eightbytes (the ABI passes such a struct on the stack). */
static int zm_icall_classify(MonoClass *k, uint32_t off, uint8_t cls[2])
{
    uint32_t hdr = (uint32_t)il2cpp_object_header_size();   /* a field's offset counts it */
    void *it = NULL;
    MonoClassField *f;
    while ((f = mono_class_get_fields(k, &it)) != NULL) {
        if (mono_field_get_flags(f) & 0x0010 /* FIELD_ATTRIBUTE_STATIC */)
            continue;
        MonoType *t = mono_field_get_type(f);
        uint32_t at = off + (uint32_t)mono_field_get_offset(f) - hdr;
        uint32_t size = 8;
        uint8_t c = 1;
        switch (zm_thunk_scalar(t)) {
        case ZM_TK_U1: case ZM_TK_I1: size = 1; break;
        case ZM_TK_U2: case ZM_TK_I2: size = 2; break;
        case ZM_TK_U4: case ZM_TK_I4: size = 4; break;
        case ZM_TK_WORD: break;
        case ZM_TK_R4: size = 4; c = 2; break;
        case ZM_TK_R8: c = 2; break;
        default:
            if (mono_type_is_reference(t) || mono_type_get_type(t) == MONO_TYPE_PTR)
                break;   /* a reference or a pointer: 8 bytes, integer */
            if (mono_type_is_byref(t) ||
                !mono_class_is_valuetype(mono_class_from_mono_type(t)))
                return -1;
            if (zm_icall_classify(mono_class_from_mono_type(t), at, cls) != 0)
                return -1;
            continue;
        }
        if (at / 8 != (at + size - 1) / 8 || at / 8 > 1)
            return -1;
        if (cls[at / 8] != 1)
            cls[at / 8] = c;   /* integer wins a shared eightbyte */
    }
    return 0;
}
#endif

/* Another internal call of m's class has m's name: Mono finds one
 * registration of that name for both, so neither is served (as the
 * player's generator writes a stub for neither). */
static int zm_icall_overloaded(MonoMethod *m)
{
    void *iter = NULL;
    MonoMethod *o;
    while ((o = mono_class_get_methods(mono_method_get_class(m), &iter)) != NULL) {
        uint32_t iflags = 0;
        (void)mono_method_get_flags(o, &iflags);
        if (o != m && (iflags & 0x1000 /* METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL */) &&
            strcmp(mono_method_get_name(o), mono_method_get_name(m)) == 0)
            return 1;
    }
    return 0;
}

#if ZM_REG_BANKS
/* Parameter i of s, a struct by value of type t, given its registers:
 * 1, with ints and fps moved on; 0 with *why set when it cannot be (no
 * probe passed, larger than 16 bytes, a field the ABI would put on the
 * stack, not enough registers left: the ABI's stack). */
static int zm_icall_struct_regs(zm_icall *s, uint32_t i, MonoType *t, unsigned *ints,
                                unsigned *fps, const char **why)
{
    int type = mono_type_get_type(t);
    if (mono_type_is_byref(t) || (type != MONO_TYPE_VALUETYPE && type != MONO_TYPE_GENERICINST))
        return 0;
    MonoClass *k = mono_class_from_mono_type(t);
    uint32_t align;
    int32_t size = mono_class_value_size(k, &align);
    uint8_t cls[2] = {0, 0};
    if (!zm_icall_structs()) {
#if defined(__x86_64__)
        *why = "a struct passed by value, which this Mono does not pass to an internal call "
               "as the C ABI does (its probe failed): take it by ref or in";
#else
        *why = "a struct passed by value, whose passing to an internal call libzlua does not "
               "read on this ABI: take it by ref or in";
#endif
        return 0;
    }
    if (size <= 0 || size > 16 || zm_icall_classify(k, 0, cls) != 0 || cls[0] == 0 ||
        (size > 8 && cls[1] == 0)) {
        *why = "a struct passed by value that the C ABI passes on the stack (larger than 16 "
               "bytes, or a field across an 8-byte boundary): take it by ref or in";
        return 0;
    }
    unsigned n = size > 8 ? 2 : 1, need_i = 0, need_f = 0;
    for (unsigned e = 0; e < n; e++) {
        if (cls[e] == 2)
            need_f++;
        else
            need_i++;
    }
    if (*ints + need_i > ZM_IC_INT_REGS || *fps + need_f > ZM_IC_FP_REGS) {
        *why = "a struct passed by value after the argument registers ran out (the C ABI "
               "passes it on the stack): take it by ref or in, or pass fewer arguments";
        return 0;
    }
    uint8_t regs[2] = {ZM_IC_NONE, ZM_IC_NONE};
    for (unsigned e = 0; e < n; e++)
        regs[e] = (uint8_t)(cls[e] == 2 ? 8 + (*fps)++ : (*ints)++);
    s->kind[i] = ZM_IC_STRUCT;
    s->reg[i] = regs[0];
    s->reg2[i] = regs[1];
    return 1;
}
#endif

#if ZM_REG_BANKS
/* s's result, a struct of type t, planned: 1 (its variant and ret set);
 * 0 with *why set when it cannot be. */
static int zm_icall_struct_ret(zm_icall *s, MonoType *t, const char **why)
{
    int type = mono_type_get_type(t);
    if (type != MONO_TYPE_VALUETYPE && type != MONO_TYPE_GENERICINST)
        return 0;
    if (!zm_icall_structs()) {
        *why = "a struct result, which this Mono does not read from an internal call as the C "
               "ABI returns it (or libzlua does not on this ABI): return it through ref or out";
        return 0;
    }
    MonoClass *k = mono_class_from_mono_type(t);
    uint32_t align;
    int32_t size = mono_class_value_size(k, &align);
    uint8_t cls[2] = {0, 0};
    if (size <= 0) {
        *why = "an empty struct result";
        return 0;
    }
    if (size > 16 || zm_icall_classify(k, 0, cls) != 0 || cls[0] == 0 ||
        (size > 8 && cls[1] == 0)) {
        s->ret = ZM_IC_SRET;   /* the ABI's memory class: the caller's buffer */
        s->variant = ZM_IC_V_INT;
        return 1;
    }
    s->ret = ZM_IC_STRUCT;
    if (size <= 8)
        s->variant = cls[0] == 2 ? ZM_IC_V_FP : ZM_IC_V_INT;
    else
        s->variant = cls[0] == 2 ? (cls[1] == 2 ? ZM_IC_V_SS : ZM_IC_V_SI)
                                 : (cls[1] == 2 ? ZM_IC_V_IS : ZM_IC_V_II);
    return 1;
}
#endif

/* Fills s's plan from m's signature; s->refused says why it cannot be
 * served (NULL: it can).  by_name: m carries [LuaInvokeByName], and its
 * first parameter, a string, names the Lua global. */
static void zm_icall_plan(zm_icall *s, MonoMethod *m, int by_name)
{
    s->refused = NULL;
    s->nparams = 0;
    s->ret = ZM_TK_VOID;
    s->variant = ZM_IC_V_INT;
    s->name_param[0] = '\0';
    if (zm_icall_overloaded(m)) {
        s->refused = "overloaded: an internal call is registered by name";
        return;
    }
    if (by_name) {
        MonoMethodSignature *sig = mono_method_signature(m);
        void *it = NULL;
        MonoType *t0 = sig != NULL && mono_signature_get_param_count(sig) > 0
                           ? mono_signature_get_params(sig, &it)
                           : NULL;
        if (t0 == NULL || mono_type_get_type(t0) != MONO_TYPE_STRING || mono_type_is_byref(t0)) {
            s->refused = "[LuaInvokeByName] without a string first parameter (the Lua global's "
                         "name)";
            return;
        }
        const char *names[ZM_TK_MAX_PARAMS + 1] = {NULL};
        if (mono_signature_get_param_count(sig) <= ZM_TK_MAX_PARAMS)
            mono_method_get_param_names(m, names);
        snprintf(s->name_param, sizeof s->name_param, "%s", names[0] ? names[0] : "?");
    }
#if !ZM_REG_BANKS
    (void)m;
    s->refused = "this Editor's ABI passes arguments by position or in 32-bit halves; "
                 "[LuaInvoke] methods run in the Editor on x86-64 macOS and Linux and on arm64";
#else
    uint32_t iflags = 0;
    MonoMethodSignature *sig = mono_method_signature(m);
    if ((mono_method_get_flags(m, &iflags) & 0x0010 /* METHOD_ATTRIBUTE_STATIC */) == 0 ||
        sig == NULL || mono_signature_is_instance(sig)) {
        s->refused = "it is not static";
        return;
    }
    uint32_t n = mono_signature_get_param_count(sig);
    if (n > ZM_TK_MAX_PARAMS) {
        s->refused = "more than 14 parameters";
        return;
    }
    /* the result first: one returned through the caller's buffer takes
     * the first integer register for its address */
    MonoType *rt = mono_signature_get_return_type(sig);
    if (mono_type_get_type(rt) != MONO_TYPE_VOID) {
        const char *why = NULL;
        int r = mono_type_is_byref(rt) ? -1 : zm_icall_kind(rt, &why);
        if (r >= 0) {
            s->ret = (uint8_t)r;
            s->variant = (uint8_t)(r == ZM_TK_R4 || r == ZM_TK_R8 ? ZM_IC_V_FP : ZM_IC_V_INT);
        } else if (mono_type_is_byref(rt) || !zm_icall_struct_ret(s, rt, &why)) {
            s->refused = mono_type_is_byref(rt) ? "a ref result" : why;
            return;
        }
    }
    unsigned ints = s->ret == ZM_IC_SRET, fps = 0;
    void *it = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const char *why = NULL;
        MonoType *t = mono_signature_get_params(sig, &it);
        int k = zm_icall_kind(t, &why);
        s->reg2[i] = ZM_IC_NONE;
        if (k < 0 && zm_icall_struct_regs(s, i, t, &ints, &fps, &why))
            continue;
        if (k < 0) {
            s->refused = why;
            return;
        }
        s->kind[i] = (uint8_t)k;
        s->reg[i] = (uint8_t)(k == ZM_TK_R4 || k == ZM_TK_R8 ? 8 + fps++ : ints++);
        if (ints > ZM_IC_INT_REGS || fps > ZM_IC_FP_REGS) {
            s->refused = "more integer or floating-point arguments than the registers hold "
                         "(six and eight)";
            return;
        }
    }
    s->nparams = (uint8_t)n;
#endif
}

/* ---- registration --------------------------------------------------------------- */

/* "Namespace.Outer/Inner::Method", the name Mono looks an internal call
 * up by; kept for the process. */
static char *zm_icall_name(MonoMethod *m)
{
    char path[512] = "", part[512];
    for (MonoClass *k = mono_method_get_class(m); k != NULL; k = mono_class_get_nesting_type(k)) {
        MonoClass *outer = mono_class_get_nesting_type(k);
        const char *ns = mono_class_get_namespace(k);
        if (outer == NULL && ns != NULL && ns[0] != '\0')
            snprintf(part, sizeof part, "%s.%s%s%s", ns, mono_class_get_name(k),
                     path[0] ? "/" : "", path);
        else
            snprintf(part, sizeof part, "%s%s%s", mono_class_get_name(k), path[0] ? "/" : "",
                     path);
        memcpy(path, part, sizeof path);
    }
    size_t n = strlen(path) + 2 + strlen(mono_method_get_name(m)) + 1;
    char *out = malloc(n);
    if (out != NULL)
        snprintf(out, n, "%s::%s", path, mono_method_get_name(m));
    return out;
}

/* The slot that already serves name (a domain reloaded), or NULL; its
 * variant in *v. */
static zm_icall *zm_icall_find(const char *name, int *v)
{
    for (int p = 0; p < ZM_IC_VARIANTS; p++)
        for (unsigned i = 0; i < zm_icall_used[p]; i++)
            if (strcmp(zm_icall_pools[p][i].icall, name) == 0) {
                *v = p;
                return &zm_icall_pools[p][i];
            }
    return NULL;
}

/* Registers m as the internal call its name says, calling the Lua global
 * lua (NULL: the one its first argument names, [LuaInvokeByName]; why:
 * the reason it cannot be served, found before). */
static void zm_icall_add(MonoMethod *m, const char *lua, const char *why, zm_attrs_log_fn log)
{
    char line[800];
    char *name = zm_icall_name(m);
    if (name == NULL) {
        log("[ZLua] a [LuaInvoke] method cannot be registered: out of memory");
        return;
    }
    zm_icall plan;
    memset(&plan, 0, sizeof plan);
    zm_icall_plan(&plan, m, lua == NULL);
    if (why != NULL && plan.refused == NULL)
        plan.refused = why;
    int v = plan.variant, had = 0;
    zm_icall *s = zm_icall_find(name, &had);
    if (s != NULL && had != v) {
        /* the same name now returns through other registers: its
         * trampoline cannot change, so the method is refused */
        plan.refused = "its result's registers changed since the domain's first load";
        plan.variant = (uint8_t)had;
        v = had;
    }
    if (s == NULL) {
        if (zm_icall_used[v] == zm_icall_caps[v]) {
            snprintf(line, sizeof line,
                     "[ZLua] %s is not registered: the Editor serves at most %u [LuaInvoke] "
                     "methods of its kind of result; calling it throws MissingMethodException",
                     name, zm_icall_caps[v]);
            log(line);
            free(name);
            return;
        }
        s = &zm_icall_pools[v][zm_icall_used[v]++];
        s->icall = name;
    } else {
        free(name);
    }
    plan.icall = s->icall;
    plan.method = m;
    plan.site = s->site;   /* a site keeps its id for the process */
    if (lua != NULL && (plan.site.function == NULL || strcmp(plan.site.function, lua) != 0)) {
        size_t n = strlen(lua) + 1;
        char *keep = malloc(n);
        if (keep == NULL) {
            log("[ZLua] a [LuaInvoke] method cannot be registered: out of memory");
            return;
        }
        memcpy(keep, lua, n);
        free((char *)plan.site.function);
        plan.site.function = keep;
    }
    *s = plan;
    mono_add_internal_call(s->icall, zm_icall_code(v, (unsigned)(s - zm_icall_pools[v])));
}

/* The Lua global m's [LuaInvoke] (ak, among m's attributes info) names
 * (its Name, else m's name) as UTF-8 into buf: 1; 0 when m carries none
 * or it cannot be read (a line to log) or spelled in size bytes. */
static int zm_icall_target(MonoMethod *m, MonoCustomAttrInfo *info, MonoClass *ak, char *buf,
                           size_t size, zm_attrs_log_fn log)
{
    MonoObject *a = mono_custom_attrs_has_attr(info, ak) ? mono_custom_attrs_get_attr(info, ak)
                                                          : NULL;
    if (a == NULL)
        return 0;
    char why[256] = "", line[600];
    MonoString *v = (MonoString *)(void *)zm_attrs_get(a, "Name", why, sizeof why);
    size_t n = 0;
    if (v != NULL) {
        n = zlua__utf16_to_utf8(mono_string_chars(v), (size_t)mono_string_length(v), NULL);
        if (n >= size)
            snprintf(why, sizeof why, "its Lua name is longer than %zu bytes", size - 1);
    }
    if (why[0] != '\0') {
        snprintf(line, sizeof line, "[ZLua] the [LuaInvoke] of %s::%s cannot be read (%s)",
                 mono_class_get_name(mono_method_get_class(m)), mono_method_get_name(m), why);
        log(line);
        return 0;
    }
    if (n > 0) {
        zlua__utf16_to_utf8(mono_string_chars(v), (size_t)mono_string_length(v), buf);
        buf[n] = '\0';
    } else {   /* [LuaInvoke], or a null or empty name: the method's */
        snprintf(buf, size, "%s", mono_method_get_name(m));
    }
    return 1;
}

void zm_icall_read_image(MonoImage *img, zm_attrs_log_fn log)
{
    char why[1024];
    MonoClass *ak = zm_attrs_common_class(img, "LuaInvokeAttribute", why, sizeof why);
    if (ak == NULL) {
        if (why[0] != '\0') {
            char line[1200];
            snprintf(line, sizeof line, "[ZLua] [LuaInvoke] methods of assembly '%s' cannot be "
                                        "registered (%s)", mono_image_get_name(img), why);
            log(line);
        }
        return;
    }
    MonoClass *bk = zm_attrs_common_class(img, "LuaInvokeByNameAttribute", why, sizeof why);
    /* the MethodDef table's InternalCall rows only: no class is loaded
     * for the others */
    const MonoTableInfo *t = mono_image_get_table_info(img, MONO_TABLE_METHOD);
    int rows = mono_table_info_get_rows(t);
    for (int r = 0; r < rows; r++) {
        if ((mono_metadata_decode_row_col(t, r, MONO_METHOD_IMPLFLAGS) &
             0x1000 /* METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL */) == 0)
            continue;
        MonoMethod *m = mono_get_method(img, MONO_TOKEN_METHOD_DEF | (uint32_t)(r + 1), NULL);
        MonoCustomAttrInfo *info = m != NULL ? mono_custom_attrs_from_method(m) : NULL;
        if (info == NULL)
            continue;
        char lua[ZM_IC_NAME_MAX + 1];
        int fixed = zm_icall_target(m, info, ak, lua, sizeof lua, log);
        /* bk NULL: an older ZLua.Common, no [LuaInvokeByName] to serve */
        int by_name = bk != NULL && mono_custom_attrs_has_attr(info, bk);
        mono_custom_attrs_free(info);
        if (by_name)
            zm_icall_add(m, NULL, fixed ? "both [LuaInvoke] and [LuaInvokeByName]" : NULL, log);
        else if (fixed)
            zm_icall_add(m, lua, NULL, log);
    }
}
