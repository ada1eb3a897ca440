/*
 * mono_glue.c -- the runtime glue of zlua.h ("Runtime glue") on Mono.
 *
 * IL2CPP throws a managed exception as a C++ exception, which the player
 * glue catches.  Mono's embedding API returns it instead (the `exc`
 * argument of mono_runtime_invoke), so this glue is plain C: each function
 * runs its operation with the exception caught and returns it.
 *
 * What differs from IL2CPP, and why it is handled here:
 *  - mono_runtime_invoke boxes a value-type result: it is copied into
 *    `ret` (a Nullable<T> result comes back as a boxed T or null, and is
 *    rebuilt in the Nullable layout);
 *  - Mono's object and box creation do not report a static constructor's
 *    exception to native callers: the class is initialised first, through
 *    RuntimeHelpers.RunClassConstructor, which does;
 *  - a delegate over a Lua function is made by reflection (ZLua.MonoHost,
 *    LuaDelegate): its Invoke reaches zm_dispatch below, which calls
 *    zlua_delegate_invoke as the generated IL2CPP entry does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/reflection.h>

#include "marshal/delegate.h"
#include "mono_rt.h"
#include "mono_thunk_call.h"
#include "zlua_stub.h"

static Il2CppException *zm_box(MonoClass *k, void *data, Il2CppObject **out);

static MonoException *zm_exc(MonoObject *o)
{
    return (MonoException *)(void *)o;
}

/* Nullable<T>'s fields, by name: the layout differs between runtimes
 * (IL2CPP: hasValue first; Mono: value first), as libzlua reads it. */
static void zm_nullable_fields(MonoClass *k, uint32_t *has_off, uint32_t *val_off)
{
    MonoClassField *h = mono_class_get_field_from_name(k, "hasValue");
    if (h == NULL)
        h = mono_class_get_field_from_name(k, "has_value");
    MonoClassField *v = mono_class_get_field_from_name(k, "value");
    uint32_t hdr = il2cpp_object_header_size();
    *has_off = h ? (uint32_t)mono_field_get_offset(h) - hdr : 0;
    *val_off = v ? (uint32_t)mono_field_get_offset(v) - hdr : 0;
}

/* Copies a boxed result into the unboxed slot ret of type t. */
static void zm_store_result(MonoType *t, MonoObject *r, void *ret)
{
    int kind = mono_type_get_type(t);
    if (kind == MONO_TYPE_VOID || ret == NULL)
        return;
    if (mono_type_is_reference(t) || mono_type_is_byref(t)) {
        memcpy(ret, &r, sizeof r);
        return;
    }
    MonoClass *k = mono_class_from_mono_type(t);
    uint32_t align;
    int32_t size = mono_class_value_size(k, &align);
    if (mono_class_is_nullable(k)) {
        uint32_t has_off, val_off;
        zm_nullable_fields(k, &has_off, &val_off);
        memset(ret, 0, (size_t)size);
        if (r != NULL) {
            MonoClass *tk = mono_class_get_nullable_param(k);
            int32_t tsize = mono_class_value_size(tk, &align);
            ((unsigned char *)ret)[has_off] = 1;
            memcpy((char *)ret + val_off, mono_object_unbox(r), (size_t)tsize);
        }
        return;
    }
    if (r == NULL) {
        memset(ret, 0, (size_t)size);
        return;
    }
    memcpy(ret, mono_object_unbox(r), (size_t)size);
}

#define ZM_MAX_INVOKE_ARGS 32

/* Whether sig has a `ref T?` parameter: mono_runtime_invoke takes it as
 * the address of a boxed T and fails on null (no value), so such calls go
 * through reflection (zm_invoke_reflect). */
static int zm_has_byref_nullable(MonoMethodSignature *sig)
{
    void *it = NULL;
    MonoType *t;
    while ((t = mono_signature_get_params(sig, &it)) != NULL)
        if (mono_type_is_byref(t) && mono_class_is_nullable(mono_class_from_mono_type(t)))
            return 1;
    return 0;
}

/* The boxed form of the value at p, of type t (a reference: itself). */
static Il2CppException *zm_box_arg(MonoType *t, void *p, MonoObject **out)
{
    Il2CppObject *b = NULL;   /* zm_box gives a reference type's object itself */
    Il2CppException *e = zm_box(mono_class_from_mono_type(t), p, &b);
    *out = ZM_OBJ(b);
    return e;
}

static Il2CppException *zm_invoke_reflect(MonoMethod *m, MonoMethodSignature *sig, void *obj,
                                          void **args, void *ret)
{
    uint32_t n = mono_signature_get_param_count(sig);
    MonoArray *arr = mono_array_new(zm.domain, mono_get_object_class(), n);
    MonoType *types[ZM_MAX_INVOKE_ARGS];
    void *it = NULL;
    Il2CppException *e = NULL;
    if (n > ZM_MAX_INVOKE_ARGS)
        return (Il2CppException *)(void *)mono_get_exception_not_supported(
            "more than 32 parameters (mono host)");
    for (uint32_t i = 0; i < n; i++) {
        types[i] = mono_signature_get_params(sig, &it);
        MonoObject *a = NULL;
        if (!mono_type_is_byref(types[i]) && !mono_class_is_valuetype(
                                                  mono_class_from_mono_type(types[i])))
            a = ZM_OBJ(args[i]);   /* a reference argument is the object itself */
        else if ((e = zm_box_arg(types[i], args[i], &a)) != NULL)
            return e;
        mono_array_setref(arr, i, a);
    }
    MonoClass *owner = mono_method_get_class(m);
    MonoObject *target = ZM_OBJ(obj);
    if (obj != NULL && mono_class_is_valuetype(owner))
        target = mono_value_box(zm.domain, owner, obj);
    MonoObject *exc = NULL, *inner = NULL;
    void *a[4] = {mono_method_get_object(zm.domain, m, NULL), target, arr, &inner};
    MonoObject *r = zm_call(zm.h.invoke, a, &exc);
    if (exc == NULL)
        exc = inner;
    if (exc != NULL)
        return (Il2CppException *)(void *)exc;
    for (uint32_t i = 0; i < n; i++)   /* what the callee stored through its refs */
        if (mono_type_is_byref(types[i]))
            zm_store_result(mono_class_get_type(mono_class_from_mono_type(types[i])),
                            mono_array_get(arr, MonoObject *, i), args[i]);
    if (target != ZM_OBJ(obj)) {
        uint32_t align;
        memcpy(obj, mono_object_unbox(target), (size_t)mono_class_value_size(owner, &align));
    }
    zm_store_result(mono_signature_get_return_type(sig), r, ret);
    return NULL;
}

/* mono_runtime_invoke takes a by-value Nullable<T> argument boxed (a T or
 * null), where IL2CPP takes the address of the Nullable: rebox those. */
static Il2CppException *zm_nullable_args(MonoMethodSignature *sig, void **args, void **out,
                                         void ***use)
{
    uint32_t n = mono_signature_get_param_count(sig);
    void *it = NULL;
    MonoType *t;
    uint32_t i = 0;
    *use = args;
    while ((t = mono_signature_get_params(sig, &it)) != NULL) {
        MonoClass *k = mono_class_from_mono_type(t);
        if (!mono_type_is_byref(t) && mono_class_is_nullable(k)) {
            if (n > ZM_MAX_INVOKE_ARGS)
                return (Il2CppException *)(void *)mono_get_exception_not_supported(
                    "more than 32 parameters (mono host)");
            if (*use == args) {
                memcpy(out, args, n * sizeof *out);
                *use = out;
            }
            Il2CppObject *boxed = NULL;
            Il2CppException *e = zm_box(k, args[i], &boxed);
            if (e != NULL)
                return e;
            out[i] = boxed;
        }
        i++;
    }
    return NULL;
}

/* ---- what a call needs of its method, found once ------------------------------- */

/* The facts (mono_rt.h) of each method a thread has called, by method. */
static _Thread_local struct zm_facts_map {
    zm_facts **slots;         /* open addressing by method */
    size_t mask, count;       /* capacity - 1 (0: none yet) */
    unsigned epoch;           /* zm_facts_epoch when it was filled */
    unsigned depth;           /* calls in flight on this thread that read their
                                 facts after the call (zlua_rt_invoke) */
    zm_facts *retired;        /* emptied out while calls were in flight: freed
                                 when the outermost returns */
} zm_facts_map;

/* Moved on by every env made or freed (zm_facts_forget): a thread's map
 * of another epoch is emptied before use, so no fact outlives the
 * methods of a domain the Editor unloaded (a new MonoMethod may take an
 * old one's address). */
static volatile unsigned zm_facts_epoch;

void zm_facts_forget(void)
{
#if defined(_MSC_VER) && !defined(__clang__)
    (void)_InterlockedIncrement((volatile long *)&zm_facts_epoch);
#else
    (void)__atomic_add_fetch(&zm_facts_epoch, 1u, __ATOMIC_RELAXED);
#endif
}

static void zm_facts_free(zm_facts *f)
{
    zm_thunk_free(&f->thunk);
    free(f);
}

/* Empties the map for a new epoch.  A call in flight on this thread (an
 * env made or closed from inside it, through its Lua) still holds its
 * facts (its result's layout, its scratch box): those are kept aside and
 * freed when the outermost call returns (zm_facts_retire_done). */
static void zm_facts_clear(struct zm_facts_map *map, unsigned epoch)
{
    for (size_t i = 0; map->mask && i <= map->mask; i++) {
        zm_facts *f = map->slots[i];
        map->slots[i] = NULL;
        if (f == NULL)
            continue;
        if (map->depth > 0) {
            f->retired_next = map->retired;
            map->retired = f;
        } else {
            zm_facts_free(f);
        }
    }
    map->count = 0;
    map->epoch = epoch;
}

static ZLUA_NOINLINE void zm_facts_retire_done(struct zm_facts_map *map)
{
    while (map->retired != NULL) {
        zm_facts *f = map->retired;
        map->retired = f->retired_next;
        zm_facts_free(f);
    }
}

static size_t zm_facts_hash(const MonoMethod *m)
{
    uintptr_t h = (uintptr_t)m;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15u;
    return (size_t)(h ^ (h >> 29));
}

/* A non-enum value type, by value. */
static int zm_is_struct(MonoType *t)
{
    if (mono_type_is_byref(t) || mono_type_is_reference(t) ||
        mono_type_get_type(t) == MONO_TYPE_VOID)
        return 0;
    MonoClass *k = mono_class_from_mono_type(t);
    return mono_class_is_valuetype(k) && !mono_class_is_enum(k) && zm_thunk_scalar(t) < 0;
}

/* m is an internal call whose signature takes or returns a struct by
 * value.  mono_runtime_invoke passes such an argument (and reads such a
 * result) other than as the internal call's native code gets it from
 * compiled code: a Point2D arrives as zeros, a returned struct is read
 * from garbage.  Such a call is refused, not made. */
static int zm_icall_struct(MonoMethod *m, MonoMethodSignature *sig)
{
    uint32_t iflags = 0;
    (void)mono_method_get_flags(m, &iflags);
    if ((iflags & 0x1000 /* METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL */) == 0)
        return 0;
    if (zm_is_struct(mono_signature_get_return_type(sig)))
        return 1;
    void *it = NULL;
    MonoType *t;
    while ((t = mono_signature_get_params(sig, &it)) != NULL)
        if (zm_is_struct(t))
            return 1;
    return 0;
}

static Il2CppException *zm_icall_struct_refused(MonoMethod *m)
{
    char msg[600];
    MonoClass *k = mono_method_get_class(m);
    const char *ns = mono_class_get_namespace(k);
    snprintf(msg, sizeof msg,
             "zlua: %s%s%s::%s is an internal call that takes or returns a struct by value, "
             "which Mono cannot call from native code with its values intact: call it from C#",
             ns, ns[0] ? "." : "", mono_class_get_name(k), mono_method_get_name(m));
    return (Il2CppException *)(void *)mono_get_exception_not_supported(msg);
}

static void zm_facts_fill(zm_facts *f, MonoMethod *m)
{
    f->m = m;
    f->sig = mono_method_signature(m);
    f->byref_nullable = (uint8_t)zm_has_byref_nullable(f->sig);
    f->nparams = mono_signature_get_param_count(f->sig);
    void *it = NULL;
    MonoType *t;
    for (uint32_t i = 0; (t = mono_signature_get_params(f->sig, &it)) != NULL; i++) {
        MonoClass *k = mono_class_from_mono_type(t);
        if (!mono_type_is_byref(t) && mono_class_is_nullable(k))
            f->nullable_args = 1;
        if (i < ZM_TK_MAX_PARAMS)
            f->param_class[i] = k;   /* a byref's: its element's */
    }
    MonoType *rt = mono_signature_get_return_type(f->sig);
    if (mono_type_get_type(rt) == MONO_TYPE_VOID) {
        f->ret = ZM_RET_NONE;
    } else if (mono_type_is_reference(rt) || mono_type_is_byref(rt)) {
        f->ret = ZM_RET_REF;
        f->ret_class = mono_type_is_byref(rt) ? NULL : mono_class_from_mono_type(rt);
    } else {
        MonoClass *k = mono_class_from_mono_type(rt);
        f->ret_class = k;
        uint32_t align;
        f->ret_size = mono_class_value_size(k, &align);
        f->ret = ZM_RET_VALUE;
        if (mono_class_is_nullable(k)) {
            f->ret = ZM_RET_NULLABLE;
            zm_nullable_fields(k, &f->has_off, &f->val_off);
            f->t_size = mono_class_value_size(mono_class_get_nullable_param(k), &align);
        }
    }
    f->thunk_ok = (uint8_t)(!f->byref_nullable && zm_thunk_plan(m, f->sig, &f->thunk));
    f->regs = (uint8_t)(f->thunk_ok ? zm_delegate_regs_of(&f->thunk) : ZM_REGS_NONE);
    f->icall_struct = (uint8_t)zm_icall_struct(m, f->sig);
}

static int zm_facts_grow(struct zm_facts_map *map)
{
    size_t cap = map->mask ? 2 * (map->mask + 1) : 64;
    zm_facts **slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        return 0;
    for (size_t i = 0; map->mask && i <= map->mask; i++) {
        zm_facts *f = map->slots[i];
        if (f == NULL)
            continue;
        size_t j = zm_facts_hash(f->m) & (cap - 1);
        while (slots[j] != NULL)
            j = (j + 1) & (cap - 1);
        slots[j] = f;
    }
    free(map->slots);
    map->slots = slots;
    map->mask = cap - 1;
    return 1;
}

/* m's facts when this thread has them: the call path's lookup, inline. */
/* The epoch now (zm_facts_forget moves it on). */
ZLUA_INLINE unsigned zm_facts_epoch_now(void)
{
#if defined(_MSC_VER) && !defined(__clang__)
    return zm_facts_epoch;
#else
    return __atomic_load_n(&zm_facts_epoch, __ATOMIC_RELAXED);
#endif
}

ZLUA_INLINE zm_facts *zm_facts_find(MonoMethod *m)
{
    struct zm_facts_map *map = &zm_facts_map;
    if (ZLUA_UNLIKELY(map->epoch != zm_facts_epoch_now()) || map->mask == 0)
        return NULL;
    for (size_t i = zm_facts_hash(m) & map->mask;; i = (i + 1) & map->mask) {
        zm_facts *f = map->slots[i];
        if (f == NULL || f->m == m)
            return f;
    }
}

/* m's facts made, once per method and thread (after zm_facts_find). */
static ZLUA_NOINLINE zm_facts *zm_facts_make(MonoMethod *m)
{
    struct zm_facts_map *map = &zm_facts_map;
    unsigned epoch = zm_facts_epoch_now();
    if (map->epoch != epoch)
        zm_facts_clear(map, epoch);
    if ((map->count + 1) * 4 > map->mask * 3 && !zm_facts_grow(map))
        return NULL;
    zm_facts *f = calloc(1, sizeof *f);
    if (f == NULL)
        return NULL;
    zm_facts_fill(f, m);
    size_t i = zm_facts_hash(m) & map->mask;
    while (map->slots[i] != NULL)
        i = (i + 1) & map->mask;
    map->slots[i] = f;
    map->count++;
    return f;
}

zm_facts *zm_facts_of(MonoMethod *m)
{
    zm_facts *f = zm_facts_find(m);
    return ZLUA_LIKELY(f != NULL) ? f : zm_facts_make(m);
}

/* A boxed result into ret by the facts of its method (zm_store_result's
 * work without the queries). */
static void zm_store_known(const zm_facts *f, MonoObject *r, void *ret)
{
    if (ret == NULL)
        return;
    switch (f->ret) {
    case ZM_RET_NONE:
        return;
    case ZM_RET_REF:
        memcpy(ret, &r, sizeof r);
        return;
    case ZM_RET_NULLABLE:
        memset(ret, 0, (size_t)f->ret_size);
        if (r != NULL) {
            ((unsigned char *)ret)[f->has_off] = 1;
            memcpy((char *)ret + f->val_off, mono_object_unbox(r), (size_t)f->t_size);
        }
        return;
    default:
        if (r == NULL)
            memset(ret, 0, (size_t)f->ret_size);
        else
            memcpy(ret, mono_object_unbox(r), (size_t)f->ret_size);
    }
}

ZLUA_INLINE Il2CppException *zm_invoke(MonoMethod *m, zm_facts *f, void *obj, void **args, void *ret);

static ZLUA_NOINLINE Il2CppException *zm_rt_invoke_slow(MonoMethod *m, void *obj, void **args,
                                                         void *ret);

/* f's thunk can take a call now: planned and made, its scratch box (if
 * any) free, no fault waiting to be injected. */
ZLUA_INLINE int zm_thunk_callable(const zm_facts *f)
{
    return ZLUA_LIKELY(f->thunk_ok) && !f->thunk.box_busy &&
           ZLUA_LIKELY(f->thunk.code != NULL) && ZLUA_LIKELY(zm.fault_take_throw == NULL);
}

/* The common call, inline: a method this thread has called before, whose
 * thunk can take it (zm_thunk_callable).  The rest (facts to make, a busy
 * box, mono_runtime_invoke) out of line. */
Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj, void **args, void *ret)
{
    MonoMethod *m = ZM_METHOD(method);
    zm_facts *f = zm_facts_find(m);
    if (ZLUA_LIKELY(f != NULL) && zm_thunk_callable(f)) {
        /* without a scratch box nothing of f is read once the thunk runs
         * (zm_thunk_call), so an env made inside it may empty the map and
         * free f at once; with one, f stays valid through the call (its
         * box is copied back after it: zm_facts_clear keeps it aside) */
        if (f->thunk.box_class == NULL)
            return zm_thunk_call(&f->thunk, obj, args, ret);
        struct zm_facts_map *map = &zm_facts_map;
        map->depth++;
        Il2CppException *e = zm_thunk_invoke(&f->thunk, obj, args, ret);
        if (--map->depth == 0 && ZLUA_UNLIKELY(map->retired != NULL))
            zm_facts_retire_done(map);
        return e;
    }
    return zm_rt_invoke_slow(m, obj, args, ret);
}

static ZLUA_NOINLINE Il2CppException *zm_rt_invoke_slow(MonoMethod *m, void *obj, void **args,
                                                         void *ret)
{
    Il2CppException *injected = zm_fault_take_throw();   /* testbed.throw_next */
    if (injected != NULL)
        return injected;
    zm_facts *f = zm_facts_find(m);
    if (ZLUA_UNLIKELY(f == NULL))
        f = zm_facts_make(m);
    /* f stays valid through the call even if an env made inside it empties
     * the map (zm_facts_clear) */
    struct zm_facts_map *map = &zm_facts_map;
    map->depth++;
    Il2CppException *e = zm_invoke(m, f, obj, args, ret);
    if (--map->depth == 0 && ZLUA_UNLIKELY(map->retired != NULL))
        zm_facts_retire_done(map);
    return e;
}

/* The call itself, with m's facts f (NULL: out of memory, ask Mono). */
ZLUA_INLINE Il2CppException *zm_invoke(MonoMethod *m, zm_facts *f, void *obj, void **args, void *ret)
{
    if (f != NULL && f->thunk_ok && !f->thunk.box_busy) {
        if (ZLUA_LIKELY(f->thunk.code != NULL || zm_thunk_ready(&f->thunk, m)))
            return zm_thunk_invoke(&f->thunk, obj, args, ret);
        f->thunk_ok = 0;
    }
    MonoMethodSignature *sig = f != NULL ? f->sig : mono_method_signature(m);
    if (f != NULL ? f->icall_struct : zm_icall_struct(m, sig))
        return zm_icall_struct_refused(m);
    if (f != NULL ? f->byref_nullable : zm_has_byref_nullable(sig))
        return zm_invoke_reflect(m, sig, obj, args, ret);
    void *boxed[ZM_MAX_INVOKE_ARGS];
    void **use = args;
    if (f == NULL || f->nullable_args) {
        Il2CppException *e = zm_nullable_args(sig, args, boxed, &use);
        if (e != NULL)
            return e;
    }
    MonoObject *exc = NULL;
    MonoObject *r = mono_runtime_invoke(m, obj, use, &exc);
    if (exc != NULL)
        return (Il2CppException *)(void *)exc;
    if (f != NULL)
        zm_store_known(f, r, ret);
    else
        zm_store_result(mono_signature_get_return_type(sig), r, ret);
    return NULL;
}

/* ---- a state's record of a method's calls (zlua_rt.h) --------------------------- */

/* struct zlua_rt_call: mono_rt.h */

zlua_rt_call *zlua_rt_call_new(const MethodInfo *method)
{
    zlua_rt_call *c = calloc(1, sizeof *c);
    if (c != NULL)
        zm_facts_fill(&c->f, ZM_METHOD(method));
    return c;
}

void zlua_rt_call_free(zlua_rt_call *c)
{
    if (c == NULL)
        return;
    zm_thunk_free(&c->f.thunk);
    free(c);
}

/* A fault to inject, the thunk to make (the first call), a busy box, a
 * method no thunk serves. */
static ZLUA_NOINLINE Il2CppException *zm_rt_call_slow(zlua_rt_call *c, void *obj, void **args,
                                                      void *ret)
{
    zm_facts *f = &c->f;
    Il2CppException *injected = zm_fault_take_throw();   /* testbed.throw_next */
    if (injected != NULL)
        return injected;
    Il2CppException *e = zm_invoke(f->m, f, obj, args, ret);   /* makes the thunk */
    c->short_ready = (uint8_t)(f->thunk_ok && f->thunk.code != NULL && f->thunk.short_form &&
                               f->thunk.box_class == NULL);
    return e;
}

/* The other calls through a made thunk: the full register set, a
 * scratch box. */
static ZLUA_NOINLINE Il2CppException *zm_rt_call_other(zlua_rt_call *c, void *obj, void **args,
                                                       void *ret)
{
    zm_facts *f = &c->f;
    if (zm_thunk_callable(f))
        return zm_thunk_invoke(&f->thunk, obj, args, ret);
    return zm_rt_call_slow(c, obj, args, ret);
}

Il2CppException *zlua_rt_call_invoke(zlua_rt_call *c, void *obj, void **args, void *ret)
{
    if (ZLUA_LIKELY(c->short_ready) && ZLUA_LIKELY(zm.fault_take_throw == NULL))
        return zm_thunk_call_short(&c->f.thunk, obj, args, ret);
    return zm_rt_call_other(c, obj, args, ret);
}

/* Runs k's static constructor if it has not run, with its exception
 * (TypeInitializationException, as IL2CPP's class init throws) caught. */
static Il2CppException *zm_class_init(MonoClass *k)
{
    Il2CppException *e = zm_fault_point(ZM_OP_CLASS_INIT, k);
    if (e != NULL)
        return e;
    if (mono_class_get_rank(k) > 0)
        return NULL;
    MonoObject *exc = NULL;
    void *args[1] = {mono_type_get_object(zm.domain, mono_class_get_type(k))};
    (void)zm_call(zm.h.run_cctor, args, &exc);
    return (Il2CppException *)(void *)exc;
}

/* IL2CPP reports a class initialised only once its static constructor
 * returned.  Mono's embedding API has no such query, so the glue tracks
 * the class inits it runs itself on this thread: one asked again from
 * inside its own static constructor proceeds (as the CLR lets it) but is
 * not done.  (A static constructor that C# code started before calling
 * into Lua is not seen: there the class counts as done at once.) */
#define ZM_INITS_MAX 16
static _Thread_local MonoClass *zm_initing[ZM_INITS_MAX];
static _Thread_local int zm_ninitings;

Il2CppException *zlua_rt_class_init(Il2CppClass *klass, int *done)
{
    MonoClass *k = ZM_CLASS(klass);
    *done = 0;
    for (int i = 0; i < zm_ninitings; i++)
        if (zm_initing[i] == k)
            return NULL;
    if (zm_ninitings == ZM_INITS_MAX)
        return zm_class_init(k);   /* deeper than that: asked again next time */
    zm_initing[zm_ninitings++] = k;
    Il2CppException *e = zm_class_init(k);
    zm_ninitings--;
    *done = e == NULL;
    return e;
}

Il2CppException *zlua_rt_object_new(Il2CppClass *klass, Il2CppObject **out)
{
    *out = NULL;
    Il2CppException *e = zm_fault_point(ZM_OP_OBJECT_NEW, ZM_CLASS(klass));
    if (e == NULL)
        e = zm_class_init(ZM_CLASS(klass));
    if (e != NULL)
        return e;
    *out = (Il2CppObject *)(void *)mono_object_new(zm.domain, ZM_CLASS(klass));
    return NULL;
}

/* IL2CPP's Object::Box: a reference type "boxes" to the object at data;
 * a value type's class is initialised first; Nullable<T> boxes its T or
 * gives NULL.  The glue's own boxing (arguments it reboxes) uses this
 * without the fault point. */
static Il2CppException *zm_box(MonoClass *k, void *data, Il2CppObject **out)
{
    *out = NULL;
    if (!mono_class_is_valuetype(k)) {
        memcpy(out, data, sizeof *out);
        return NULL;
    }
    Il2CppException *e = zm_class_init(k);
    if (e != NULL)
        return e;
    if (mono_class_is_nullable(k)) {   /* a boxed T, or null without a value */
        uint32_t has_off, val_off;
        zm_nullable_fields(k, &has_off, &val_off);
        if (!((unsigned char *)data)[has_off])
            return NULL;
        k = mono_class_get_nullable_param(k);
        data = (char *)data + val_off;
    }
    *out = (Il2CppObject *)(void *)mono_value_box(zm.domain, k, data);
    return NULL;
}

Il2CppException *zlua_rt_value_box(Il2CppClass *klass, void *data, Il2CppObject **out)
{
    *out = NULL;
    MonoClass *k = ZM_CLASS(klass);
    Il2CppException *e = mono_class_is_valuetype(k) ? zm_fault_point(ZM_OP_VALUE_BOX, k) : NULL;
    return e != NULL ? e : zm_box(k, data, out);
}

Il2CppException *zlua_rt_string_new_utf16(const uint16_t *chars, int32_t len, Il2CppString **out)
{
    *out = NULL;
    Il2CppException *e = zm_fault_point(ZM_OP_STRING_NEW, NULL);
    if (e != NULL)
        return e;
    *out = (Il2CppString *)(void *)mono_string_new_utf16(zm.domain, chars, len);
    return NULL;
}

Il2CppException *zlua_rt_array_new(Il2CppClass *element_class, uintptr_t length, Il2CppArray **out)
{
    *out = NULL;
    Il2CppException *e = zm_fault_point(ZM_OP_ARRAY_NEW, ZM_CLASS(element_class));
    if (e != NULL)
        return e;
    *out = (Il2CppArray *)(void *)mono_array_new(zm.domain, ZM_CLASS(element_class), length);
    return NULL;
}

Il2CppException *zlua_rt_param_default(const MethodInfo *method, uint32_t index, void *value,
                                       size_t size, int *has)
{
    *has = 0;
    memset(value, 0, size);
    MonoObject *exc = NULL;
    int32_t i = (int32_t)index, h = 0;
    void *args[3] = {mono_method_get_object(zm.domain, ZM_METHOD(method), NULL), &i, &h};
    MonoObject *r = zm_call(zm.h.param_default, args, &exc);
    if (exc != NULL)
        return (Il2CppException *)(void *)exc;
    *has = h;
    if (h != 1 || r == NULL)
        return NULL;
    MonoClass *k = mono_object_get_class(r);
    if (!mono_class_is_valuetype(k)) {   /* a string constant */
        if (size >= sizeof r)
            memcpy(value, &r, sizeof r);
        return NULL;
    }
    uint32_t align;
    size_t n = (size_t)mono_class_value_size(k, &align);
    memcpy(value, mono_object_unbox(r), n < size ? n : size);
    return NULL;
}

int zlua_rt_param_has_attribute(const MethodInfo *method, uint32_t index, Il2CppClass *attribute)
{
    if (attribute == NULL)
        return 0;
    /* Mono's metadata query: parameter index + 1 (0 is the return) */
    MonoCustomAttrInfo *attrs = mono_custom_attrs_from_param(ZM_METHOD(method), index + 1);
    if (attrs == NULL)
        return 0;
    int has = mono_custom_attrs_has_attr(attrs, ZM_CLASS(attribute)) != 0;
    mono_custom_attrs_free(attrs);   /* frees only what is not Mono's cache */
    return has;
}

Il2CppException *zlua_rt_exception_new(const char *name_space, const char *name, const char *msg,
                                       Il2CppException **out)
{
    *out = (Il2CppException *)(void *)mono_exception_from_name_msg(mono_get_corlib(), name_space,
                                                                    name, msg);
    return NULL;
}

Il2CppException *zlua_rt_delegate_new(const MethodInfo *ctor, const MethodInfo *invoke,
                                      Il2CppObject *target, zlua_native_fn entry,
                                      Il2CppObject **out)
{
    (void)invoke;
    (void)entry;   /* IL2CPP's native entry; on Mono Invoke reaches zm_dispatch */
    *out = NULL;
    MonoClass *d = mono_method_get_class(ZM_METHOD(ctor));
    MonoObject *exc = NULL;
    void *args[2] = {mono_type_get_object(zm.domain, mono_class_get_type(d)), target};
    MonoObject *r = zm_call(zm.h.make_delegate, args, &exc);
    if (exc != NULL)
        return (Il2CppException *)(void *)exc;
    *out = (Il2CppObject *)(void *)r;
    return NULL;
}

Il2CppException *zlua_rt_method_instance(const MethodInfo *generic, const Il2CppType *const *args,
                                         uint32_t count, const MethodInfo **out)
{
    *out = NULL;
    MonoArray *types = mono_array_new(zm.domain, zm.type_class, count);
    for (uint32_t i = 0; i < count; i++)
        mono_array_setref(types, i, (MonoObject *)mono_type_get_object(zm.domain, ZM_TYPE(args[i])));
    MonoObject *exc = NULL;
    void *a[2] = {mono_method_get_object(zm.domain, ZM_METHOD(generic), NULL), types};
    MonoObject *r = zm_call(zm.h.make_generic, a, &exc);
    if (exc != NULL) {
        /* a constraint the arguments break (ArgumentException): IL2CPP
         * has no such instance either */
        return NULL;
    }
    *out = (const MethodInfo *)*(void **)mono_object_unbox(r);
    return NULL;
}

/* Reflect.GenericParam over a method definition (method) or a type
 * definition (klass): the parameter's name (NULL: none), its flags and
 * its constraint types. */
static MonoString *zm_generic_param(const MethodInfo *method, Il2CppClass *klass,
                                    uint32_t index, int32_t *flags, MonoArray **constraints)
{
    *flags = 0;
    *constraints = NULL;
    MonoObject *owner = NULL;
    if (method != NULL)
        owner = (MonoObject *)mono_method_get_object(zm.domain, ZM_METHOD(method), NULL);
    else if (klass != NULL)
        owner = (MonoObject *)mono_type_get_object(zm.domain,
                                                   mono_class_get_type(ZM_CLASS(klass)));
    if (owner == NULL || index > INT32_MAX)
        return NULL;
    int32_t i = (int32_t)index;
    MonoObject *exc = NULL;
    void *a[4] = {owner, &i, flags, constraints};
    MonoObject *r = zm_call(zm.h.generic_param, a, &exc);
    return exc == NULL ? (MonoString *)(void *)r : NULL;
}

int zlua_rt_generic_param_get(const MethodInfo *method, Il2CppClass *klass, uint32_t index,
                              zlua_rt_generic_param *out)
{
    memset(out, 0, sizeof *out);
    int32_t flags;
    MonoArray *constraints;
    MonoString *name = zm_generic_param(method, klass, index, &flags, &constraints);
    if (name == NULL)
        return 0;
    char *s = mono_string_to_utf8(name);
    if (s != NULL) {
        size_t n = strlen(s);
        memcpy(out->name, s, n < sizeof out->name - 1 ? n : sizeof out->name - 1);
        mono_free(s);
    }
    out->flags = (uint16_t)flags;
    out->constraint_count = constraints != NULL ? (uint16_t)mono_array_length(constraints) : 0;
    return 1;
}

const Il2CppType *zlua_rt_generic_constraint(const MethodInfo *method, Il2CppClass *klass,
                                             uint32_t index, uint32_t which)
{
    int32_t flags;
    MonoArray *constraints;
    if (zm_generic_param(method, klass, index, &flags, &constraints) == NULL ||
        constraints == NULL || which >= mono_array_length(constraints))
        return NULL;
    MonoReflectionType *t = mono_array_get(constraints, MonoReflectionType *, which);
    return t != NULL ? (const Il2CppType *)(void *)mono_reflection_type_get_type(t) : NULL;
}

Il2CppException *zlua_rt_type_object(const Il2CppType *type, Il2CppObject **out)
{
    *out = (Il2CppObject *)(void *)mono_type_get_object(zm.domain, ZM_TYPE(type));
    return NULL;
}

/* Mono's methods have no IL2CPP methodPointer: no stub ever calls one */
int zlua_rt_method_direct(const MethodInfo *method)
{
    (void)method;
    return 0;
}

void zlua_rt_add_internal_call(const char *name, zlua_native_fn fn)
{
    ZM_ADD_ICALL(name, fn);
}

void zlua_rt_raise(Il2CppException *exc)
{
    mono_raise_exception(zm_exc((MonoObject *)(void *)exc));
    abort();   /* not reached */
}

/* MonoArray's integers are mono_array_size_t, 32 bits without
 * MONO_BIG_ARRAYS (Debian's build), and MonoArrayBounds is {uint32
 * length; int32 lower_bound}: not IL2CPP's widths.  zm_init checks this
 * on a real array of each shape. */
void zlua_rt_array_layout_get(zlua_rt_array_layout *out)
{
    out->length_size = 4;
    out->bound_size = 8;
    out->bound_lower_at = 4;
}
