/*
 * mono_delegate_regs.c -- a Lua function's delegate whose Invoke takes
 * and returns scalars only, called with its arguments in registers.
 *
 * Such a delegate (Func<int, int, int>, Action<float>, Predicate<long>:
 * at most four parameters, each a primitive or an enum; the result void,
 * int, bool, long, float or double) is closed over one of the generic
 * internal calls of ZLuaMonoHost.LuaDelegateRegs, instantiated with the
 * Invoke's own parameter types, so the managed caller's call lands here
 * directly: no managed helper, no TypedReference, nothing boxed.  One
 * native function per result register serves every instantiation: on
 * the ABIs where integer and floating-point arguments take registers of
 * their own banks in order (mono_thunk.c's file comment says why), a
 * function that declares the first five integer and four floating-point
 * argument registers reads any signature of at most four scalars, and
 * the Invoke's facts (mono_glue.c, zm_facts.thunk) say
 * which register holds which parameter.  Elsewhere nothing is
 * registered and the delegates take mono_delegate.c's TypedReferences.
 *
 * Nothing here trusts the caller (R-PTR-1: C# can call a private
 * internal call through reflection, with any instantiation).  The target
 * is resolved by its checked name before anything of it is read, as on
 * every path; a scalar-only result type means no instantiation can move
 * the target out of the first register (a struct result returned
 * through memory would); the arguments are read as the scalars the
 * record's own Invoke takes, so a forged instantiation gets numbers
 * reinterpreted, never an address followed; and a call that lands on the
 * wrong result register for the record's Invoke is refused.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <mono/metadata/exception.h>

#include "bridge/ic.h"
#include "bridge/ic_scalar.h"
#include "core/thread.h"
#include "env/env_run.h"
#include "marshal/delegate.h"
#include "mono_delegate.h"
#include "mono_rt.h"
#include "mono_thunk_call.h"

/* At most four parameters: the target and four integers take the first
 * five integer registers, four floating-point ones the first four of
 * theirs (both ABIs pass more than that in registers). */
enum { ZM_DR_MAX = 4, ZM_DR_INTS = 1 + ZM_DR_MAX, ZM_DR_FPS = ZM_DR_MAX };

int zm_delegate_regs_of(const zm_thunk *t)
{
    if (!ZM_REG_BANKS || t->box_class != NULL || t->nparams > ZM_DR_MAX)
        return ZM_REGS_NONE;
    for (uint32_t i = 0; i < t->nparams; i++) {
        int k = t->kind[i];
        if (k == ZM_TK_REF || k == ZM_TK_BYREF)
            return ZM_REGS_NONE;
        /* what a parameter count of at most four gives: the cells the
         * entries keep */
        if (k != ZM_TK_R4 && k != ZM_TK_R8 ? t->slot[i] >= ZM_DR_INTS
                                           : t->slot[i] < ZM_TK_INT_REGS ||
                                                 t->slot[i] >= ZM_TK_INT_REGS + ZM_DR_FPS)
            return ZM_REGS_NONE;
    }
    switch (t->ret) {
    case ZM_TK_REF:
    case ZM_TK_BYREF:
        return ZM_REGS_NONE;
    case ZM_TK_R4:
        return ZM_REGS_R4;
    case ZM_TK_R8:
        return ZM_REGS_R8;
    default:
        return ZM_REGS_INT;   /* void and the integers: the integer register */
    }
}

#if ZM_REG_BANKS

/* The argument registers as the entry received them, in the thunks'
 * layout (a slot 0-7 an integer register, i[0] the target; 8-15 a
 * floating-point one): a parameter's copy is at its slot times eight.
 * Only the cells a slot can name (zm_delegate_regs_of) are kept. */
typedef zm_thunk_regs zm_dr_regs;
_Static_assert(offsetof(zm_dr_regs, f) == ZM_TK_INT_REGS * sizeof(int64_t) &&
                   sizeof(zm_dr_regs) == (ZM_TK_INT_REGS + ZM_TK_FP_REGS) * sizeof(int64_t),
               "a slot times eight is its register's copy");

ZLUA_COLD static _Noreturn void zm_dr_fail(const char *msg)
{
    zm_ic_raise(mono_get_exception_invalid_operation(msg));
}

/* The call: its result (zeroed first) in *ret, or the managed exception
 * raised from the internal call's frame (this function holds nothing
 * then: the IC call and the running mark are closed). */
ZLUA_INLINE void zm_dr_run(MonoObject *target, const zm_dr_regs *r, uint64_t *ret, int variant)
{
    zlua__thread_calls *tc = &zlua__calls;   /* this thread's, looked up once */
    ZLUA_TLS_PIN(tc);
    zlua__delcall resolved;
    const zlua__delcall *d = zlua__delegates_kept(tc, (Il2CppObject *)(void *)target);
    if (ZLUA_UNLIKELY(d == NULL)) {
        int found = zlua__delegates_resolve_slow((Il2CppObject *)(void *)target, &resolved);
        if (ZLUA_UNLIKELY(found != ZLUA_DEL_FOUND))
            zm_dr_fail(zlua__delegate_unresolved(found));
        d = &resolved;
    }
    if (ZLUA_UNLIKELY(d->owner != zlua_thread_token()))
        zm_ic_raise((MonoException *)(void *)zlua__delegate_wrong_thread(d));
    const zm_facts *f = zm_delegate_facts(d);   /* the state's own thread */
    if (ZLUA_UNLIKELY(f == NULL))
        zm_dr_fail("zlua: the delegate's type has no Invoke");
    if (ZLUA_UNLIKELY(f->regs != variant))
        zm_dr_fail("zlua: the delegate's Invoke does not take this call (its arguments or "
                   "result are not where this entry reads them)");
    /* what the call needs of the record, read before its Lua code runs
     * (which may resolve other delegates: d may be the kept answer) */
    lua_State *L = d->L;
    const zlua__deltype *t = d->type;
    int ref = d->ref;
    *ret = 0;
    zlua_env_run run;
    zlua__env_run_push(&tc->run_top, &run, L);
    /* the IC call in this frame, the arguments read where their
     * registers' copies are (primitives and enums: a scalar shape, but the
     * type's metas decide) */
    Il2CppException *e;
    if (ZLUA_LIKELY(t->shape.scalar)) {
        e = zlua__ic_scalar_call(L, t, ref, r, f->thunk.slot, ret);
    } else {
        zlua__delcall copy = *d;
        void *slots[ZM_DR_MAX];
        for (uint32_t i = 0; i < f->thunk.nparams; i++)
            slots[i] = (void *)(uintptr_t)((const char *)r + f->thunk.slot[i] * sizeof(int64_t));
        e = zlua__delegate_call(&copy, slots, ret);   /* unread for void */
    }
    zlua__env_run_pop(&tc->run_top, &run);
    if (ZLUA_UNLIKELY(e != NULL))
        zm_ic_raise((MonoException *)(void *)e);
}

#define ZM_DR_PARAMS                                                                           \
    MonoObject *t, int64_t i1, int64_t i2, int64_t i3, int64_t i4, double f0, double f1,         \
        double f2, double f3
/* r: the registers' cells (the others are never read) */
#define ZM_DR_KEEP(r)                                                                          \
    zm_dr_regs r;                                                                              \
    r.i[0] = (int64_t)(intptr_t)t, r.i[1] = i1, r.i[2] = i2, r.i[3] = i3, r.i[4] = i4;         \
    r.f[0] = f0, r.f[1] = f1, r.f[2] = f2, r.f[3] = f3

/* The three entries, by the register the result goes back in: a scalar
 * in the low bytes of the integer one (void: nothing read), a float in
 * the low half of the first floating-point one, a double in all of it. */
static int64_t zm_dr_int(ZM_DR_PARAMS)
{
    ZM_DR_KEEP(r);
    uint64_t v;
    zm_dr_run(t, &r, &v, ZM_REGS_INT);
    return (int64_t)v;
}

static float zm_dr_r4(ZM_DR_PARAMS)
{
    ZM_DR_KEEP(r);
    uint64_t v;
    zm_dr_run(t, &r, &v, ZM_REGS_R4);
    float x;
    memcpy(&x, &v, sizeof x);
    return x;
}

static double zm_dr_r8(ZM_DR_PARAMS)
{
    ZM_DR_KEEP(r);
    uint64_t v;
    zm_dr_run(t, &r, &v, ZM_REGS_R8);
    double x;
    memcpy(&x, &v, sizeof x);
    return x;
}

static uint8_t zm_dr_available(void)
{
    return 1;
}

/* LuaDelegateRegs.Probe<int, float>(a, b): 10 * a + (int)b, the int from
 * the first integer register and the float from the low half of the
 * first floating-point one, as the entries read them. */
static int64_t zm_dr_probe(int64_t a, double b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return 10 * (int64_t)(int32_t)a + (int64_t)f;
}

#else

static uint8_t zm_dr_available(void)
{
    return 0;
}

#endif

#define ZM_DR_NAME(x) "ZLuaMonoHost.LuaDelegateRegs::" x

void zm_delegate_regs_register_icalls(void)
{
    uint8_t (*available)(void) = zm_dr_available;
    ZM_ADD_ICALL(ZM_DR_NAME("Available"), available);
#if ZM_REG_BANKS
    /* V void, I int, B bool, L long: the integer register; F float, D double */
    static const char *const ints[] = {
        ZM_DR_NAME("V0"), ZM_DR_NAME("V1"), ZM_DR_NAME("V2"), ZM_DR_NAME("V3"), ZM_DR_NAME("V4"),
        ZM_DR_NAME("I0"), ZM_DR_NAME("I1"), ZM_DR_NAME("I2"), ZM_DR_NAME("I3"), ZM_DR_NAME("I4"),
        ZM_DR_NAME("B0"), ZM_DR_NAME("B1"), ZM_DR_NAME("B2"), ZM_DR_NAME("B3"), ZM_DR_NAME("B4"),
        ZM_DR_NAME("L0"), ZM_DR_NAME("L1"), ZM_DR_NAME("L2"), ZM_DR_NAME("L3"), ZM_DR_NAME("L4")};
    static const char *const r4s[] = {ZM_DR_NAME("F0"), ZM_DR_NAME("F1"), ZM_DR_NAME("F2"),
                                      ZM_DR_NAME("F3"), ZM_DR_NAME("F4")};
    static const char *const r8s[] = {ZM_DR_NAME("D0"), ZM_DR_NAME("D1"), ZM_DR_NAME("D2"),
                                      ZM_DR_NAME("D3"), ZM_DR_NAME("D4")};
    int64_t (*probe)(int64_t, double) = zm_dr_probe;
    ZM_ADD_ICALL(ZM_DR_NAME("Probe"), probe);
    int64_t (*i)(ZM_DR_PARAMS) = zm_dr_int;
    float (*f)(ZM_DR_PARAMS) = zm_dr_r4;
    double (*d)(ZM_DR_PARAMS) = zm_dr_r8;
    for (size_t k = 0; k < sizeof ints / sizeof *ints; k++)
        ZM_ADD_ICALL(ints[k], i);
    for (size_t k = 0; k < sizeof r4s / sizeof *r4s; k++) {
        ZM_ADD_ICALL(r4s[k], f);
        ZM_ADD_ICALL(r8s[k], d);
    }
#endif
}
