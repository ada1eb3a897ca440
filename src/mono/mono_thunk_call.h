/*
 * mono_thunk_call.h -- the call through a method's unmanaged thunk
 * (mono_thunk.c plans it), inline in the glue's invoke (mono_glue.c): the
 * per-call path of every thunk call, without a function call of its own
 * between zlua_rt_invoke and the thunk.  The file comment of mono_thunk.c
 * says why one call that fills every argument register serves any
 * signature.
 */
#ifndef ZLUA_MONO_THUNK_CALL_H
#define ZLUA_MONO_THUNK_CALL_H

#include <stdint.h>
#include <string.h>

#include "mono_rt.h"

enum { ZM_TK_INT_REGS = 8, ZM_TK_FP_REGS = 8 };

/* What a thunk is called with: every integer and floating-point argument
 * register's value (see the file comment for why all of them). */
typedef struct zm_thunk_regs {
    int64_t i[ZM_TK_INT_REGS];
    double f[ZM_TK_FP_REGS];
} zm_thunk_regs;

#define ZM_TK_PARAMS                                                                       \
    int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, double, double, \
        double, double, double, double, double, double
#define ZM_TK_ARGS(r)                                                                     \
    (r).i[0], (r).i[1], (r).i[2], (r).i[3], (r).i[4], (r).i[5], (r).i[6], (r).i[7], (r).f[0], \
        (r).f[1], (r).f[2], (r).f[3], (r).f[4], (r).f[5], (r).f[6], (r).f[7]

/* the same with six integer registers, for a thunk whose integer
 * arguments fit them: nothing passed on the stack */
#define ZM_TK_PARAMS14                                                                     \
    int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double,   \
        double, double, double, double
#define ZM_TK_ARGS14(r)                                                                  \
    (r).i[0], (r).i[1], (r).i[2], (r).i[3], (r).i[4], (r).i[5], (r).f[0], (r).f[1], (r).f[2], \
        (r).f[3], (r).f[4], (r).f[5], (r).f[6], (r).f[7]

typedef int64_t (*zm_thunk_int_fn)(ZM_TK_PARAMS);
typedef int64_t (*zm_thunk_int14_fn)(ZM_TK_PARAMS14);
typedef float (*zm_thunk_f414_fn)(ZM_TK_PARAMS14);
typedef double (*zm_thunk_f814_fn)(ZM_TK_PARAMS14);
/* the short form, for a thunk of at most six integer arguments and no
 * floating-point one or result: six registers on both ABIs */
typedef int64_t (*zm_thunk_int6_fn)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);
typedef float (*zm_thunk_f4_fn)(ZM_TK_PARAMS);
typedef double (*zm_thunk_f8_fn)(ZM_TK_PARAMS);

ZLUA_INLINE void zm_thunk_store(int kind, int64_t v, void *ret)
{
    switch (kind) {
    case ZM_TK_U1:
    case ZM_TK_I1: {
        uint8_t b = (uint8_t)v;
        memcpy(ret, &b, 1);
        return;
    }
    case ZM_TK_U2:
    case ZM_TK_I2: {
        uint16_t h = (uint16_t)v;
        memcpy(ret, &h, 2);
        return;
    }
    case ZM_TK_U4:
    case ZM_TK_I4: {
        uint32_t w = (uint32_t)v;
        memcpy(ret, &w, 4);
        return;
    }
    case ZM_TK_REF: {
        void *p = (void *)(intptr_t)v;
        memcpy(ret, &p, sizeof p);
        return;
    }
    default:   /* ZM_TK_WORD */
        memcpy(ret, &v, sizeof(intptr_t));
    }
}

/* Argument p of kind k into register slot (zm_thunk.slot). */
ZLUA_INLINE void zm_thunk_arg(zm_thunk_regs *r, unsigned slot, int k, void *p)
{
    /* an integer slot's register (a floating-point slot, 8 and up, is
     * r->f's and never indexes r->i) */
    int64_t *i = r->i + (slot < ZM_TK_INT_REGS ? slot : 0);
    switch (k) {
    case ZM_TK_REF:
    case ZM_TK_BYREF:
        *i = (int64_t)(intptr_t)p;   /* the object, or the slot's address */
        return;
    case ZM_TK_R4: {
        union { double d; float f; } u;
        u.d = 0;
        memcpy(&u.f, p, sizeof(float));   /* the low half, little-endian */
        r->f[slot - ZM_TK_INT_REGS] = u.d;
        return;
    }
    case ZM_TK_R8:
        memcpy(&r->f[slot - ZM_TK_INT_REGS], p, sizeof(double));
        return;
    case ZM_TK_U1:
        *i = *(const uint8_t *)p;
        return;
    case ZM_TK_I1:
        *i = *(const int8_t *)p;
        return;
    case ZM_TK_U2: {
        uint16_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_I2: {
        int16_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_U4: {
        uint32_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_I4: {
        int32_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    default:   /* ZM_TK_WORD: 64 bits on every target this path serves */
        memcpy(i, p, sizeof *i);
    }
}

/* Every argument into its register slot: by the one way they all load
 * when the plan found one (t->uniform), else by each one's kind.  An
 * integer slot is below ZM_TK_INT_REGS, a floating-point one at or above
 * it (zm_thunk_plan); the masks only keep a corrupt plan inside r. */
ZLUA_INLINE void zm_thunk_args(zm_thunk_regs *r, const zm_thunk *t, void **args)
{
    uint32_t n = t->nparams;
    switch (t->uniform) {
    case ZM_TK_ALL_I4:
        for (uint32_t k = 0; k < n; k++) {
            int32_t v;
            memcpy(&v, args[k], sizeof v);
            r->i[t->slot[k] & (ZM_TK_INT_REGS - 1)] = v;
        }
        return;
    case ZM_TK_ALL_PTR:   /* the object, or the slot's address */
        for (uint32_t k = 0; k < n; k++)
            r->i[t->slot[k] & (ZM_TK_INT_REGS - 1)] = (int64_t)(intptr_t)args[k];
        return;
    case ZM_TK_ALL_R4:
        for (uint32_t k = 0; k < n; k++) {
            union { double d; float f; } u;
            u.d = 0;
            memcpy(&u.f, args[k], sizeof(float));   /* the low half, little-endian */
            r->f[t->slot[k] & (ZM_TK_FP_REGS - 1)] = u.d;
        }
        return;
    case ZM_TK_ALL_R8:
        for (uint32_t k = 0; k < n; k++)
            memcpy(&r->f[t->slot[k] & (ZM_TK_FP_REGS - 1)], args[k], sizeof(double));
        return;
    default:
        for (uint32_t k = 0; k < n; k++)
            zm_thunk_arg(r, t->slot[k], t->kind[k], args[k]);
    }
}

/* n bytes from src to dst: the small sizes a struct's `this` mostly has
 * as fixed-size copies the compiler inlines, not a call to memcpy */
ZLUA_INLINE void zm_thunk_copy(void *dst, const void *src, uint32_t n)
{
    switch (n) {
    case 4: memcpy(dst, src, 4); return;
    case 8: memcpy(dst, src, 8); return;
    case 12: memcpy(dst, src, 12); return;
    case 16: memcpy(dst, src, 16); return;
    default: memcpy(dst, src, n);
    }
}

/* The thunk at t->code called with ARGS as a function of type FN_INT,
 * FN_F4 or FN_F8 by the result's kind rk, the result stored into ret
 * unless the callee threw (exc, rk: locals of the caller).  The API hands code out
 * as a data pointer (POSIX guarantees the round trip; ISO C does not,
 * hence the memcpy). */
#define ZM_TK_CALL(FN_INT, FN_F4, FN_F8, ARGS)                                  \
    switch (rk) {                                                           \
    case ZM_TK_R4: {                                                        \
        FN_F4 fn;                                                           \
        memcpy(&fn, &t->code, sizeof fn);                                   \
        float v = fn(ARGS);                                                 \
        if (exc == NULL && ret != NULL)                                     \
            memcpy(ret, &v, sizeof v);                                      \
        break;                                                              \
    }                                                                       \
    case ZM_TK_R8: {                                                        \
        FN_F8 fn;                                                           \
        memcpy(&fn, &t->code, sizeof fn);                                   \
        double v = fn(ARGS);                                                \
        if (exc == NULL && ret != NULL)                                     \
            memcpy(ret, &v, sizeof v);                                      \
        break;                                                              \
    }                                                                       \
    default: {                                                              \
        FN_INT fn;                                                          \
        memcpy(&fn, &t->code, sizeof fn);                                   \
        int64_t v = fn(ARGS);                                               \
        if (exc == NULL && ret != NULL && rk != ZM_TK_VOID)                 \
            zm_thunk_store(rk, v, ret);                                     \
    }                                                                       \
    }

/* The call, zlua_rt_invoke's contract (obj: the object, or a struct's
 * bytes; args[i] a value's address, a reference itself, a byref's slot
 * address): the callee's exception, or NULL with the result in ret.  For a
 * method without a scratch box (t->box_class NULL), in two forms: six
 * integer registers (t->short_form), or every argument register.  Each
 * reads what it needs of t before the thunk runs and nothing after (an
 * env made or closed inside the call may free the facts holding t,
 * zlua_rt_invoke). */
ZLUA_INLINE Il2CppException *zm_thunk_call_short(const zm_thunk *t, void *obj, void **args,
                                                 void *ret)
{
    zm_thunk_regs r;
    MonoException *exc = NULL;
    const int rk = t->ret;
    int64_t *i = r.i;
    i[0] = (int64_t)(intptr_t)obj;   /* overwritten by the first argument when static */
    i[1] = i[2] = i[3] = i[4] = i[5] = 0;
    zm_thunk_args(&r, t, args);
    i[t->exc_slot] = (int64_t)(intptr_t)&exc;
    zm_thunk_int6_fn fn;
    memcpy(&fn, &t->code, sizeof fn);
    int64_t v = fn(i[0], i[1], i[2], i[3], i[4], i[5]);
    if (exc == NULL && ret != NULL && rk != ZM_TK_VOID)
        zm_thunk_store(rk, v, ret);
    return (Il2CppException *)(void *)exc;
}

ZLUA_INLINE Il2CppException *zm_thunk_call_full(const zm_thunk *t, void *obj, void **args,
                                                void *ret)
{
    zm_thunk_regs r;
    MonoException *exc = NULL;
    const int rk = t->ret;
    r.i[0] = (int64_t)(intptr_t)obj;   /* overwritten by the first argument when static */
    /* the registers no parameter names: zeroed by plain stores, which
     * the compiler keeps inline (a memset of the block costs a call) */
    for (unsigned k = 1; k < 6; k++)
        r.i[k] = 0;
    r.i[6] = r.i[7] = 0;   /* passed only when an integer argument goes past six */
    for (unsigned k = 0; k < ZM_TK_FP_REGS; k++)
        r.f[k] = 0;
    zm_thunk_args(&r, t, args);
    r.i[t->exc_slot] = (int64_t)(intptr_t)&exc;
    if (t->exc_slot < 6) {   /* every integer argument in a register */
        ZM_TK_CALL(zm_thunk_int14_fn, zm_thunk_f414_fn, zm_thunk_f814_fn, ZM_TK_ARGS14(r))
    } else {
        ZM_TK_CALL(zm_thunk_int_fn, zm_thunk_f4_fn, zm_thunk_f8_fn, ZM_TK_ARGS(r))
    }
    return (Il2CppException *)(void *)exc;
}

ZLUA_INLINE Il2CppException *zm_thunk_call(const zm_thunk *t, void *obj, void **args, void *ret)
{
    return t->short_form ? zm_thunk_call_short(t, obj, args, ret)
                         : zm_thunk_call_full(t, obj, args, ret);
}

/* The same for any method: a struct's `this` through the thread's
 * scratch box.  Not while t->box_busy. */
ZLUA_INLINE Il2CppException *zm_thunk_invoke(zm_thunk *t, void *obj, void **args, void *ret)
{
    if (t->box_class == NULL)
        return zm_thunk_call(t, obj, args, ret);
    /* obj: the struct's bytes; the method runs on the box's copy, which
     * comes back whatever it did (a throwing method's writes are visible,
     * as with the value's own address).  The box is the thread's: a call
     * that reaches this method again while it runs (through Lua) finds it
     * busy and goes through mono_runtime_invoke (zlua_rt_invoke). */
    char *payload = (char *)t->box + 2 * sizeof(void *);   /* il2cpp_object_header_size() */
    t->box_busy = 1;
    zm_thunk_copy(payload, obj, t->box_size);
    Il2CppException *e = zm_thunk_call(t, t->box, args, ret);
    zm_thunk_copy(obj, payload, t->box_size);
    t->box_busy = 0;
    return e;
}

#endif
