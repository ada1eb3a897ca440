/*
 * sim_delegates.c -- System.Delegate, System.MulticastDelegate and the
 * catalog's delegate types (Action`1<Int32>, Action`1<String>,
 * Func`2<Int32,Int32>, Func`2<Point2D,Single>, MyGame.IntOp), as IL2CPP
 * runs them.
 *
 * Delegates have no IL bodies: il2cpp.exe generates, per delegate type, a
 * constructor that chooses how Invoke will call (SimDelegate in
 * sim_fixtures.h), Invoke itself, which is one indirect call
 * invoke_impl(method_code, args..., method), and the stubs Invoke may be
 * routed through: _OpenStatic (a static target without a bound first
 * argument) and _Multicast (every delegate of the invocation list, in
 * order; the last result wins).  The simulation writes those functions
 * for each of its delegate types the same way.  Delegate.Combine and
 * Remove are the corlib's (Mono's MulticastDelegate.CombineImpl /
 * RemoveImpl): a combined delegate is a new object of the same class
 * whose `delegates` array holds the single-cast delegates.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#include "il2cpp-object-internals.h"

/* The glue builds delegates through il2cpp-object-internals.h's
 * Il2CppDelegate: the same memory as SimDelegate. */
#define SAME_FIELD(a, b) \
    _Static_assert(offsetof(Il2CppDelegate, a) == offsetof(SimDelegate, b), #a)
SAME_FIELD(method_ptr, method_ptr);
SAME_FIELD(invoke_impl, invoke_impl);
SAME_FIELD(target, target);
SAME_FIELD(method, method);
SAME_FIELD(delegate_trampoline, delegate_trampoline);
SAME_FIELD(extraArg, extra_arg);
SAME_FIELD(invoke_impl_this, invoke_impl_this);
SAME_FIELD(data, data);
SAME_FIELD(method_is_virtual, method_is_virtual);
_Static_assert(sizeof(Il2CppDelegate) == sizeof(SimDelegate), "Il2CppDelegate size");

static void *elements(Il2CppArray *a)
{
    return (char *)a + il2cpp_array_object_header_size();
}

/* ---- construction (the shared part of every generated .ctor) ------------------ */

/* IL2CPP's generated `.ctor(object target, IntPtr method)`: invoke_params
 * is the delegate type's Invoke parameter count, which tells an open
 * static target (same count) from one closed over its first argument. */
static void delegate_init(SimDelegate *d, Il2CppObject *target,
                          const MethodInfo *method, uint32_t invoke_params,
                          Il2CppMethodPointer open_static,
                          Il2CppMethodPointer multicast)
{
    bool is_static = !il2cpp_method_is_instance(method);
    uint32_t n = il2cpp_method_get_param_count(method);
    /* a boxed struct target is called through its adjustor thunk */
    d->method_ptr = target && !is_static && target->klass->valuetype
                        ? method->virtualMethodPointer
                        : method->methodPointer;
    d->method = method;
    sim_gc_store((void **)&d->target, target);
    d->invoke_impl_this = (Il2CppObject *)d;
    if (is_static && n == invoke_params) {
        d->invoke_impl = open_static;
    } else if (!is_static && n + 1 == invoke_params) {
        sim_crash("open instance delegate to %s::%s: not simulated",
                  sim_m(method)->klass->full_name, sim_m(method)->name);
    } else {
        if (!is_static && target == NULL)
            sim_raise("System", "ArgumentException",
                      "Delegate to an instance method cannot have null 'this'.");
        /* closed: Invoke calls the target's code with the target first */
        d->invoke_impl = d->method_ptr;
        d->invoke_impl_this = target;
    }
    d->extra_arg = (intptr_t)multicast;
}

/* ---- invocation lists ------------------------------------------------------------- */

/* The single-cast delegates d stands for: its `delegates`, or d itself. */
static SimDelegate **invocation_list(SimDelegate **d, size_t *n)
{
    Il2CppArray *a = ((SimMulticastDelegate *)*d)->delegates;
    if (a == NULL) {
        *n = 1;
        return d;
    }
    *n = a->max_length;
    return elements(a);
}

/* Mono's Delegate.Equals for single-cast delegates: same type, target
 * and method */
static bool same_delegate(const SimDelegate *a, const SimDelegate *b)
{
    return a->obj.klass == b->obj.klass && a->target == b->target &&
           a->method == b->method;
}

/* A delegate of `like`'s class calling items[0..n) in order: NULL for
 * none, the delegate itself for one, else a new multicast delegate whose
 * Invoke goes straight to the type's _Multicast stub (extra_arg), with
 * itself as invoke_impl_this -- what libil2cpp's AllocDelegateLike and
 * CombineImpl leave behind. */
static SimDelegate *multicast_of(const SimDelegate *like, SimDelegate *const *items,
                                 size_t n)
{
    if (n == 0)
        return NULL;
    if (n == 1)
        return items[0];
    Il2CppArray *list = il2cpp_array_new(sim_k.delegate, (il2cpp_array_size_t)n);
    SimDelegate **slots = elements(list);
    for (size_t i = 0; i < n; i++)
        sim_gc_store((void **)&slots[i], items[i]);
    SimMulticastDelegate *md = (SimMulticastDelegate *)il2cpp_object_new(like->obj.klass);
    SimDelegate *d = &md->delegate;
    d->method_ptr = like->method_ptr;
    d->method = like->method;
    d->extra_arg = like->extra_arg;
    d->invoke_impl = (Il2CppMethodPointer)like->extra_arg;
    d->invoke_impl_this = (Il2CppObject *)md;
    sim_gc_store((void **)&md->delegates, list);
    return d;
}

static void check_same_type(const SimDelegate *a, const SimDelegate *b)
{
    if (a->obj.klass == b->obj.klass)
        return;
    Il2CppString *msg = sim_string_printf(
        "Incompatible Delegate Types. First is %s second is %s.",
        a->obj.klass->full_name, b->obj.klass->full_name);
    sim_raise_string("System", "ArgumentException", msg);
}

/* public static Delegate Combine(Delegate a, Delegate b) */
static Il2CppObject *delegate_combine(Il2CppObject *a, Il2CppObject *b,
                                      const MethodInfo *m)
{
    (void)m;
    if (a == NULL)
        return b;
    if (b == NULL)
        return a;
    SimDelegate *da = (SimDelegate *)a, *db = (SimDelegate *)b;
    check_same_type(da, db);
    size_t na, nb;
    SimDelegate **la = invocation_list(&da, &na), **lb = invocation_list(&db, &nb);
    SimDelegate **all = sim_xcalloc(na + nb, sizeof *all);
    memcpy(all, la, na * sizeof *all);
    memcpy(all + na, lb, nb * sizeof *all);
    /* `all` is malloc'd, invisible to the collector: a and b keep every
     * element alive until the new array holds them */
    SimDelegate *r = multicast_of(da, all, na + nb);
    free(all);
    return &r->obj;
}

/* the last place value's list occurs in source's, or -1 */
static ptrdiff_t find_last(SimDelegate *const *src, size_t ns,
                           SimDelegate *const *val, size_t nv)
{
    for (size_t i = ns - nv + 1; nv <= ns && i-- > 0;) {
        size_t j = 0;
        while (j < nv && same_delegate(src[i + j], val[j]))
            j++;
        if (j == nv)
            return (ptrdiff_t)i;
    }
    return -1;
}

/* public static Delegate Remove(Delegate source, Delegate value) */
static Il2CppObject *delegate_remove(Il2CppObject *source, Il2CppObject *value,
                                     const MethodInfo *m)
{
    (void)m;
    if (source == NULL || value == NULL)
        return source;
    SimDelegate *ds = (SimDelegate *)source, *dv = (SimDelegate *)value;
    check_same_type(ds, dv);
    size_t ns, nv;
    SimDelegate **ls = invocation_list(&ds, &ns), **lv = invocation_list(&dv, &nv);
    ptrdiff_t at = find_last(ls, ns, lv, nv);
    if (at < 0)
        return source;
    SimDelegate **rest = sim_xcalloc(ns - nv + 1, sizeof *rest);
    memcpy(rest, ls, (size_t)at * sizeof *rest);
    memcpy(rest + at, ls + at + nv, (ns - nv - (size_t)at) * sizeof *rest);
    SimDelegate *r = multicast_of(ds, rest, ns - nv);
    free(rest);
    return r ? &r->obj : NULL;
}

const SimMethodDef sim_methods_delegate[] = {
    {.name = "Combine", .flags = SIM_M_STATIC, .ret = "System.Delegate",
     .params = {{"System.Delegate", "a"}, {"System.Delegate", "b"}},
     .body = SIM_BODY(delegate_combine), .invoker = sim_inv_o_o_o},
    {.name = "Remove", .flags = SIM_M_STATIC, .ret = "System.Delegate",
     .params = {{"System.Delegate", "source"}, {"System.Delegate", "value"}},
     .body = SIM_BODY(delegate_remove), .invoker = sim_inv_o_o_o},
    {.name = NULL}};

/* What the _Multicast stubs walk, calling each delegate as Invoke would. */
static SimDelegate **multicast_items(void *self, size_t *n)
{
    Il2CppArray *list = ((SimMulticastDelegate *)self)->delegates;
    *n = list->max_length;
    return elements(list);
}

/* The members every delegate type has, with its own Invoke signature. */
#define DELEGATE_CTOR_DEF(ctor)                                                 \
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",                \
     .params = {{"System.Object", "object"}, {"System.IntPtr", "method"}},      \
     .body = SIM_BODY(ctor), .invoker = sim_inv_v_t_o_I,                        \
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME}

/* ---- System.Action`1<System.Int32>: void Invoke(int obj) ------------------------ */

typedef void (*ActionI4)(Il2CppObject *, int32_t, const MethodInfo *);
typedef void (*ActionI4Static)(int32_t, const MethodInfo *);

static void action_i4_invoke(void *self, int32_t obj, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    ((ActionI4)d->invoke_impl)(d->invoke_impl_this, obj, d->method);
}

static void action_i4_multicast(void *self, int32_t obj, const MethodInfo *m)
{
    (void)m;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++) {
        SimDelegate *cur = items[i];
        ((ActionI4)cur->invoke_impl)(cur->invoke_impl_this, obj, cur->method);
    }
}

static void action_i4_open_static(void *self, int32_t obj, const MethodInfo *m)
{
    ((ActionI4Static)((SimDelegate *)self)->method_ptr)(obj, m);
}

static void action_i4_ctor(void *self, Il2CppObject *target, intptr_t method,
                           const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(action_i4_open_static), SIM_BODY(action_i4_multicast));
}

static const SimMethodDef methods_action_i4[] = {
    DELEGATE_CTOR_DEF(action_i4_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Void",
     .params = {{"System.Int32", "obj"}}, .body = SIM_BODY(action_i4_invoke),
     .invoker = sim_inv_v_t_i4, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- System.Action`1<System.String>: void Invoke(string obj) -------------------- */

typedef void (*ActionS)(Il2CppObject *, Il2CppString *, const MethodInfo *);
typedef void (*ActionSStatic)(Il2CppString *, const MethodInfo *);

static void action_s_invoke(void *self, Il2CppString *obj, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    ((ActionS)d->invoke_impl)(d->invoke_impl_this, obj, d->method);
}

static void action_s_multicast(void *self, Il2CppString *obj, const MethodInfo *m)
{
    (void)m;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++) {
        SimDelegate *cur = items[i];
        ((ActionS)cur->invoke_impl)(cur->invoke_impl_this, obj, cur->method);
    }
}

static void action_s_open_static(void *self, Il2CppString *obj, const MethodInfo *m)
{
    ((ActionSStatic)((SimDelegate *)self)->method_ptr)(obj, m);
}

static void action_s_ctor(void *self, Il2CppObject *target, intptr_t method,
                          const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(action_s_open_static), SIM_BODY(action_s_multicast));
}

static const SimMethodDef methods_action_s[] = {
    DELEGATE_CTOR_DEF(action_s_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Void",
     .params = {{"System.String", "obj"}}, .body = SIM_BODY(action_s_invoke),
     .invoker = sim_inv_v_t_s, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- System.Func`2<System.Int32,System.Int32>: int Invoke(int arg) ------------- */

typedef int32_t (*FuncI4)(Il2CppObject *, int32_t, const MethodInfo *);
typedef int32_t (*FuncI4Static)(int32_t, const MethodInfo *);

static int32_t func_i4_invoke(void *self, int32_t arg, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    return ((FuncI4)d->invoke_impl)(d->invoke_impl_this, arg, d->method);
}

static int32_t func_i4_multicast(void *self, int32_t arg, const MethodInfo *m)
{
    (void)m;
    int32_t r = 0;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++) {
        SimDelegate *cur = items[i];
        r = ((FuncI4)cur->invoke_impl)(cur->invoke_impl_this, arg, cur->method);
    }
    return r;
}

static int32_t func_i4_open_static(void *self, int32_t arg, const MethodInfo *m)
{
    return ((FuncI4Static)((SimDelegate *)self)->method_ptr)(arg, m);
}

static void func_i4_ctor(void *self, Il2CppObject *target, intptr_t method,
                         const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(func_i4_open_static), SIM_BODY(func_i4_multicast));
}

static const SimMethodDef methods_func_i4[] = {
    DELEGATE_CTOR_DEF(func_i4_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Int32",
     .params = {{"System.Int32", "arg"}}, .body = SIM_BODY(func_i4_invoke),
     .invoker = sim_inv_i4_t_i4, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- System.Func`2<MyGame.Point2D,System.Single>: float Invoke(Point2D arg) --- */

typedef float (*FuncP)(Il2CppObject *, SimPoint2D, const MethodInfo *);
typedef float (*FuncPStatic)(SimPoint2D, const MethodInfo *);

static float func_p_invoke(void *self, SimPoint2D arg, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    return ((FuncP)d->invoke_impl)(d->invoke_impl_this, arg, d->method);
}

static float func_p_multicast(void *self, SimPoint2D arg, const MethodInfo *m)
{
    (void)m;
    float r = 0;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++) {
        SimDelegate *cur = items[i];
        r = ((FuncP)cur->invoke_impl)(cur->invoke_impl_this, arg, cur->method);
    }
    return r;
}

static float func_p_open_static(void *self, SimPoint2D arg, const MethodInfo *m)
{
    return ((FuncPStatic)((SimDelegate *)self)->method_ptr)(arg, m);
}

static void func_p_ctor(void *self, Il2CppObject *target, intptr_t method,
                        const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(func_p_open_static), SIM_BODY(func_p_multicast));
}

static const SimMethodDef methods_func_p[] = {
    DELEGATE_CTOR_DEF(func_p_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Single",
     .params = {{"MyGame.Point2D", "arg"}}, .body = SIM_BODY(func_p_invoke),
     .invoker = sim_inv_r4_t_P, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- MyGame.IntOp: int Invoke(int a, int b) --------------------------------------- */

typedef int32_t (*IntOp)(Il2CppObject *, int32_t, int32_t, const MethodInfo *);
typedef int32_t (*IntOpStatic)(int32_t, int32_t, const MethodInfo *);

static int32_t intop_invoke(void *self, int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    return ((IntOp)d->invoke_impl)(d->invoke_impl_this, a, b, d->method);
}

static int32_t intop_multicast(void *self, int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    int32_t r = 0;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++) {
        SimDelegate *cur = items[i];
        r = ((IntOp)cur->invoke_impl)(cur->invoke_impl_this, a, b, cur->method);
    }
    return r;
}

static int32_t intop_open_static(void *self, int32_t a, int32_t b, const MethodInfo *m)
{
    return ((IntOpStatic)((SimDelegate *)self)->method_ptr)(a, b, m);
}

static void intop_ctor(void *self, Il2CppObject *target, intptr_t method,
                       const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 2,
                  SIM_BODY(intop_open_static), SIM_BODY(intop_multicast));
}

/* BeginInvoke / EndInvoke: every compiler emits them on a delegate type,
 * so the metadata has them (the stub generator and the type tables see
 * them on both runtimes).  IL2CPP has no asynchronous delegate calls:
 * both throw PlatformNotSupportedException. */
static Il2CppObject *intop_begin_invoke(void *self, int32_t a, int32_t b, Il2CppObject *callback,
                                        Il2CppObject *state, const MethodInfo *m)
{
    (void)self, (void)a, (void)b, (void)callback, (void)state, (void)m;
    sim_raise("System", "PlatformNotSupportedException",
              "asynchronous delegate calls are not supported");
    return NULL;
}

static int32_t intop_end_invoke(void *self, Il2CppObject *result, const MethodInfo *m)
{
    (void)self, (void)result, (void)m;
    sim_raise("System", "PlatformNotSupportedException",
              "asynchronous delegate calls are not supported");
    return 0;
}

const SimMethodDef sim_methods_intop[] = {
    DELEGATE_CTOR_DEF(intop_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Int32",
     .params = {{"System.Int32", "a"}, {"System.Int32", "b"}},
     .body = SIM_BODY(intop_invoke), .invoker = sim_inv_i4_t_i4_i4,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = "BeginInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.IAsyncResult",
     .params = {{"System.Int32", "a"}, {"System.Int32", "b"},
                {"System.AsyncCallback", "callback"}, {"System.Object", "object"}},
     .body = SIM_BODY(intop_begin_invoke), .invoker = sim_inv_o_t_i4_i4_o_o,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = "EndInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Int32",
     .params = {{"System.IAsyncResult", "result"}},
     .body = SIM_BODY(intop_end_invoke), .invoker = sim_inv_i4_t_o,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- System.AsyncCallback: void Invoke(IAsyncResult ar) ---------------------------- */

typedef void (*AsyncCallbackFn)(Il2CppObject *, Il2CppObject *, const MethodInfo *);
typedef void (*AsyncCallbackStatic)(Il2CppObject *, const MethodInfo *);

static void async_callback_invoke(void *self, Il2CppObject *ar, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    ((AsyncCallbackFn)d->invoke_impl)(d->invoke_impl_this, ar, d->method);
}

static void async_callback_multicast(void *self, Il2CppObject *ar, const MethodInfo *m)
{
    (void)m;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++)
        ((AsyncCallbackFn)items[i]->invoke_impl)(items[i]->invoke_impl_this, ar, items[i]->method);
}

static void async_callback_open_static(void *self, Il2CppObject *ar, const MethodInfo *m)
{
    ((AsyncCallbackStatic)((SimDelegate *)self)->method_ptr)(ar, m);
}

static void async_callback_ctor(void *self, Il2CppObject *target, intptr_t method,
                                const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(async_callback_open_static), SIM_BODY(async_callback_multicast));
}

const SimMethodDef sim_methods_async_callback[] = {
    DELEGATE_CTOR_DEF(async_callback_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Void",
     .params = {{"System.IAsyncResult", "ar"}}, .body = SIM_BODY(async_callback_invoke),
     .invoker = sim_inv_v_t_o, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

/* ---- ZLuaTests.VecSink, ZLuaTests.CellSource: [LuaMarshalAs] on Invoke ------------
 * (rules in the C# -> Lua direction)
 *   public delegate string VecSink(
 *       [LuaMarshalAs(LuaMarshalType.UnpackedValues, Members = new[] { "X", "Y" })] Vector2 v);
 *   [return: LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "A", "B" })]
 *   public delegate Cell CellSource();
 */

typedef Il2CppString *(*VecSinkFn)(Il2CppObject *, SimVector2, const MethodInfo *);
typedef Il2CppString *(*VecSinkStatic)(SimVector2, const MethodInfo *);

static Il2CppString *vec_sink_invoke(void *self, SimVector2 v, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    return ((VecSinkFn)d->invoke_impl)(d->invoke_impl_this, v, d->method);
}

static Il2CppString *vec_sink_multicast(void *self, SimVector2 v, const MethodInfo *m)
{
    (void)m;
    Il2CppString *r = NULL;
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++)
        r = ((VecSinkFn)items[i]->invoke_impl)(items[i]->invoke_impl_this, v, items[i]->method);
    return r;
}

static Il2CppString *vec_sink_open_static(void *self, SimVector2 v, const MethodInfo *m)
{
    return ((VecSinkStatic)((SimDelegate *)self)->method_ptr)(v, m);
}

static void vec_sink_ctor(void *self, Il2CppObject *target, intptr_t method, const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 1,
                  SIM_BODY(vec_sink_open_static), SIM_BODY(vec_sink_multicast));
}

typedef SimCell (*CellSourceFn)(Il2CppObject *, const MethodInfo *);
typedef SimCell (*CellSourceStatic)(const MethodInfo *);

static SimCell cell_source_invoke(void *self, const MethodInfo *m)
{
    (void)m;
    SimDelegate *d = self;
    return ((CellSourceFn)d->invoke_impl)(d->invoke_impl_this, d->method);
}

static SimCell cell_source_multicast(void *self, const MethodInfo *m)
{
    (void)m;
    SimCell r = {0, 0};
    size_t n;
    SimDelegate **items = multicast_items(self, &n);
    for (size_t i = 0; i < n; i++)
        r = ((CellSourceFn)items[i]->invoke_impl)(items[i]->invoke_impl_this, items[i]->method);
    return r;
}

static SimCell cell_source_open_static(void *self, const MethodInfo *m)
{
    return ((CellSourceStatic)((SimDelegate *)self)->method_ptr)(m);
}

static void cell_source_ctor(void *self, Il2CppObject *target, intptr_t method,
                             const MethodInfo *m)
{
    (void)m;
    delegate_init(self, target, (const MethodInfo *)method, 0,
                  SIM_BODY(cell_source_open_static), SIM_BODY(cell_source_multicast));
}

/* no asynchronous delegate calls in IL2CPP (as IntOp's) */
static Il2CppObject *async_unsupported(void)
{
    sim_raise("System", "PlatformNotSupportedException",
              "asynchronous delegate calls are not supported");
    return NULL;
}

static Il2CppObject *vec_sink_begin(void *self, SimVector2 v, Il2CppObject *cb, Il2CppObject *st,
                                    const MethodInfo *m)
{
    (void)self, (void)v, (void)cb, (void)st, (void)m;
    return async_unsupported();
}

static Il2CppObject *cell_source_begin(void *self, Il2CppObject *cb, Il2CppObject *st,
                                       const MethodInfo *m)
{
    (void)self, (void)cb, (void)st, (void)m;
    return async_unsupported();
}

static Il2CppString *vec_sink_end(void *self, Il2CppObject *result, const MethodInfo *m)
{
    (void)self, (void)result, (void)m;
    return (Il2CppString *)(void *)async_unsupported();
}

static SimCell cell_source_end(void *self, Il2CppObject *result, const MethodInfo *m)
{
    (void)self, (void)result, (void)m;
    (void)async_unsupported();
    return (SimCell){0, 0};
}

static SIM_INVOKER_DECL(sim_inv_dm_s_t_V);
static SIM_INVOKER_DECL(sim_inv_dm_C_t);
static SIM_INVOKER_DECL(sim_inv_dm_o_t_V_o_o);
static SIM_INVOKER_DECL(sim_inv_dm_o_t_o_o);
static SIM_INVOKER_DECL(sim_inv_dm_s_t_o);
static SIM_INVOKER_DECL(sim_inv_dm_C_t_o);

static const char *const dm_members_x_y[] = {"X", "Y"};
static const char *const dm_members_a_b[] = {"A", "B"};

const SimMethodDef sim_methods_vec_sink[] = {
    DELEGATE_CTOR_DEF(vec_sink_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.String",
     .params = {{"MyGame.Vector2", "v"}}, .body = SIM_BODY(vec_sink_invoke),
     .invoker = sim_inv_dm_s_t_V, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME,
     .marshal = {{0, SIM_MARSHAL_UNPACKED_VALUES, dm_members_x_y, 2}}},
    {.name = "BeginInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.IAsyncResult",
     .params = {{"MyGame.Vector2", "v"}, {"System.AsyncCallback", "callback"},
                {"System.Object", "object"}},
     .body = SIM_BODY(vec_sink_begin), .invoker = sim_inv_dm_o_t_V_o_o,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME,
     /* the compiler copies the parameters' attributes to BeginInvoke */
     .marshal = {{0, SIM_MARSHAL_UNPACKED_VALUES, dm_members_x_y, 2}}},
    {.name = "EndInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.String",
     .params = {{"System.IAsyncResult", "result"}}, .body = SIM_BODY(vec_sink_end),
     .invoker = sim_inv_dm_s_t_o, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

const SimMethodDef sim_methods_cell_source[] = {
    DELEGATE_CTOR_DEF(cell_source_ctor),
    {.name = "Invoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "ZLuaTests.Cell",
     .body = SIM_BODY(cell_source_invoke), .invoker = sim_inv_dm_C_t,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME,
     .marshal = {{-1, SIM_MARSHAL_TABLE, dm_members_a_b, 2}}},
    {.name = "BeginInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.IAsyncResult",
     .params = {{"System.AsyncCallback", "callback"}, {"System.Object", "object"}},
     .body = SIM_BODY(cell_source_begin), .invoker = sim_inv_dm_o_t_o_o,
     .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = "EndInvoke", .flags = SIM_M_NEW_VIRTUAL, .ret = "ZLuaTests.Cell",
     .params = {{"System.IAsyncResult", "result"}}, .body = SIM_BODY(cell_source_end),
     .invoker = sim_inv_dm_C_t_o, .iflags = METHOD_IMPL_ATTRIBUTE_RUNTIME},
    {.name = NULL}};

#define DM_VAL(T, i) (*(T *)args[i])
#define DM_REF(T, i) ((T)args[i])

SIM_INVOKER(sim_inv_dm_s_t_V)
{
    typedef Il2CppString *(*Fn)(void *, SimVector2, const MethodInfo *);
    *(Il2CppString **)ret = ((Fn)fn)(obj, DM_VAL(SimVector2, 0), m);
}

SIM_INVOKER(sim_inv_dm_C_t)
{
    typedef SimCell (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimCell *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_dm_o_t_V_o_o)
{
    typedef Il2CppObject *(*Fn)(void *, SimVector2, Il2CppObject *, Il2CppObject *,
                                const MethodInfo *);
    *(Il2CppObject **)ret = ((Fn)fn)(obj, DM_VAL(SimVector2, 0), DM_REF(Il2CppObject *, 1),
                                     DM_REF(Il2CppObject *, 2), m);
}

SIM_INVOKER(sim_inv_dm_o_t_o_o)
{
    typedef Il2CppObject *(*Fn)(void *, Il2CppObject *, Il2CppObject *, const MethodInfo *);
    *(Il2CppObject **)ret = ((Fn)fn)(obj, DM_REF(Il2CppObject *, 0), DM_REF(Il2CppObject *, 1), m);
}

SIM_INVOKER(sim_inv_dm_s_t_o)
{
    typedef Il2CppString *(*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(Il2CppString **)ret = ((Fn)fn)(obj, DM_REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_dm_C_t_o)
{
    typedef SimCell (*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(SimCell *)ret = ((Fn)fn)(obj, DM_REF(Il2CppObject *, 0), m);
}

/* ---- the generic instances ------------------------------------------------------- */

static Il2CppClass *instance(const char *def, Il2CppClass *a, Il2CppClass *b,
                             const SimMethodDef *methods)
{
    Il2CppClass *args[2] = {a, b};
    Il2CppClass *k = sim_generic_instance(sim_resolve_class(def), args, b ? 2 : 1);
    sim_add_methods(k, methods);
    return k;
}

void sim_delegates_init(void)
{
    Il2CppClass *action = sim_resolve_class("System.Action`1");
    Il2CppClass *func = sim_resolve_class("System.Func`2");
    action->is_generic = true;
    action->il_name = "System.Action<T>";
    func->is_generic = true;
    func->il_name = "System.Func<T,TResult>";
    sim_k.action_int32 = instance("System.Action`1", sim_k.int32, NULL, methods_action_i4);
    sim_k.action_string = instance("System.Action`1", sim_k.string, NULL, methods_action_s);
    sim_k.func_int32_int32 = instance("System.Func`2", sim_k.int32, sim_k.int32,
                                      methods_func_i4);
    sim_k.func_point2d_single = instance("System.Func`2", sim_k.point2d, sim_k.single,
                                         methods_func_p);
}

/* ---- for method bodies ------------------------------------------------------------- */

const MethodInfo *sim_delegate_invoke_method(Il2CppClass *klass)
{
    const MethodInfo *inv = __atomic_load_n(&klass->delegate_invoke, __ATOMIC_ACQUIRE);
    if (inv != NULL)
        return inv;
    for (uint16_t i = 0; i < klass->method_count; i++)
        if (strcmp(klass->methods[i]->name, "Invoke") == 0) {
            inv = &klass->methods[i]->mi;
            __atomic_store_n(&klass->delegate_invoke, inv, __ATOMIC_RELEASE);
            return inv;
        }
    sim_crash("delegate type %s%s has no Invoke", klass->full_name, "");
}

Il2CppObject *sim_delegate_new(Il2CppClass *klass, Il2CppObject *target,
                               const MethodInfo *method)
{
    typedef void (*Ctor)(void *, Il2CppObject *, intptr_t, const MethodInfo *);
    const MethodInfo *ctor = NULL;
    for (uint16_t i = 0; i < klass->method_count && !ctor; i++)
        if (strcmp(klass->methods[i]->name, ".ctor") == 0)
            ctor = &klass->methods[i]->mi;
    if (ctor == NULL)
        sim_crash("delegate type %s%s has no constructor", klass->full_name, "");
    Il2CppObject *d = il2cpp_object_new(klass);
    ((Ctor)ctor->methodPointer)(d, target, (intptr_t)method, ctor);
    return d;
}

/* ---- vm::Type::ConstructClosedDelegate (the runtime glue's delegates) ---------- */

void sim_delegate_construct_closed(Il2CppDelegate *d, Il2CppObject *target,
                                   Il2CppMethodPointer addr, const MethodInfo *method)
{
    /* libil2cpp finds the type's two-argument constructor by name and
     * runs it through its invoker, then overwrites what a closed
     * delegate calls */
    Il2CppClass *k = d->object.klass;
    const MethodInfo *ctor = NULL;
    for (uint16_t i = 0; i < k->method_count && ctor == NULL; i++)
        if (strcmp(k->methods[i]->name, ".ctor") == 0 && k->methods[i]->param_count == 2)
            ctor = &k->methods[i]->mi;
    if (ctor == NULL)
        sim_crash("ConstructClosedDelegate: %s has no .ctor(object, IntPtr)%s",
                  k->full_name, "");
    intptr_t m = (intptr_t)method;
    void *args[2] = {target, &m};
    ctor->invoker_method(ctor->methodPointer, ctor, d, args, NULL);
    d->method_ptr = addr;
    d->invoke_impl = addr;
    d->invoke_impl_this = target;   /* not a GC-visible field: target keeps it */
}
