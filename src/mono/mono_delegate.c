/*
 * mono_delegate.c -- Lua functions as delegates on Mono.
 *
 * IL2CPP calls a generated native entry per Invoke shape.  On Mono a
 * Lua function's delegate is made by ZLua.MonoHost (LuaDelegate.Make),
 * and its Invoke reaches one of two internal calls here, which run
 * libzlua's IC path (zlua_delegate_invoke) on the target libzlua made for
 * the function, as the generated entry does:
 *  - DispatchRefs (up to four parameters) and DispatchRefs8 (up to
 *    eight): the arguments and the result as TypedReferences over the
 *    managed caller's own locals, a byref's over what it refers to (a
 *    generic helper per arity, or one emitted for a shape with byrefs, so
 *    nothing is boxed or allocated per call);
 *  - Dispatch: an object[] of boxed arguments, for the delegates the
 *    helpers cannot take (pointer, ref-like or Nullable parameters, more
 *    than eight parameters).
 * Neither trusts its arguments: any C# code can call them with values of
 * its choice (R-PTR-1).
 */
#include <string.h>

#include <mono/metadata/exception.h>

#include "bridge/ic.h"
#include "core/thread.h"
#include "marshal/delegate.h"
#include "mono_delegate.h"
#include "mono_rt.h"
#include "zlua_stub.h"

/* ---- Dispatch: boxed arguments ------------------------------------------------ */

#define ZM_MAX_DELEGATE_ARGS 16

static MonoObject *zm_dispatch_error(const char *msg)
{
    return (MonoObject *)(void *)mono_get_exception_invalid_operation(msg);
}

/* Argument i of Invoke, type t, in args[i]: the slot IL2CPP's entry hands
 * zlua_delegate_invoke (a value's address, a reference's address; a
 * byref's value lives in args and is written back by the caller).  The
 * element must be of t's class (a value type boxed as exactly that
 * class, never null); NULL when it is not. */
static void *zm_dispatch_slot(MonoType *t, MonoArray *args, uintptr_t i, const char **why)
{
    MonoClass *k = mono_class_from_mono_type(t);
    MonoObject **elem = mono_array_addr(args, MonoObject *, i);
    if (mono_class_is_nullable(k)) {
        *why = "Nullable delegate parameters (mono host)";
        return NULL;
    }
    if (mono_class_is_valuetype(k)) {
        if (*elem == NULL || mono_object_get_class(*elem) != k) {
            *why = "zlua: a delegate argument is not a boxed value of its parameter's type";
            return NULL;
        }
        return mono_object_unbox(*elem);
    }
    if (*elem != NULL && mono_object_isinst(*elem, k) == NULL) {
        *why = "zlua: a delegate argument is not of its parameter's type";
        return NULL;
    }
    return elem;
}

/* The result slot for Invoke's return type rt (NULL for void): a zeroed
 * box (default(T)) for a value type, *result itself for a reference. */
static const char *zm_dispatch_result(MonoType *rt, MonoObject **result, void **rslot)
{
    *rslot = NULL;
    if (mono_type_get_type(rt) == MONO_TYPE_VOID)
        return NULL;
    MonoClass *rk = mono_class_from_mono_type(rt);
    if (!mono_class_is_valuetype(rk)) {
        *rslot = result;
        return NULL;
    }
    if (mono_class_is_nullable(rk))
        return "Nullable delegate results (mono host)";
    *result = mono_object_new(zm.domain, rk);
    *rslot = mono_object_unbox(*result);
    return NULL;
}

/* LuaDelegate.Dispatch(target, args, types, ret, out ex).  The caller's
 * types and ret are not trusted (R-PTR-1: any C# code can call this with
 * arrays of its choice): the target is resolved first, and args checked
 * against the Invoke signature of the record's own delegate type -- its
 * length, each element's class, an object[] exactly (a covariant string[]
 * would take a Lua result of another class).  While the function runs,
 * its state is the innermost one running on this thread (zlua_env_run). */
static MonoObject *zm_dispatch(MonoObject *target, MonoArray *args, MonoArray *types,
                               MonoReflectionType *ret, MonoObject **ex)
{
    (void)types;
    (void)ret;
    *ex = NULL;
    zlua__delcall d;
    int found = zlua__delegates_resolve((Il2CppObject *)(void *)target, &d);
    if (found != ZLUA_DEL_FOUND) {
        *ex = zm_dispatch_error(zlua__delegate_unresolved(found));
        return NULL;
    }
    if (d.owner != zlua_thread_token()) {
        *ex = (MonoObject *)(void *)zlua__delegate_wrong_thread(&d);   /* the type unread */
        return NULL;
    }
    if (d.type->invoke == NULL) {
        *ex = zm_dispatch_error("zlua: the delegate's type has no Invoke");
        return NULL;
    }
    MonoMethodSignature *sig = mono_method_signature(ZM_METHOD(d.type->invoke));
    uint32_t n = mono_signature_get_param_count(sig);
    static MonoClass *objects;   /* object[]: the same class each time it is asked */
    if (objects == NULL)
        objects = mono_array_class_get(mono_get_object_class(), 1);
    if (args == NULL || mono_object_get_class((MonoObject *)(void *)args) != objects ||
        mono_array_length(args) != n) {
        *ex = zm_dispatch_error("zlua: the arguments are not an object[] of the delegate's "
                                "parameter count");
        return NULL;
    }
    if (n > ZM_MAX_DELEGATE_ARGS) {
        *ex = (MonoObject *)mono_get_exception_not_supported("more than 16 delegate parameters");
        return NULL;
    }
    void *slots[ZM_MAX_DELEGATE_ARGS];
    const char *why = NULL;
    void *it = NULL;
    for (uint32_t i = 0; i < n; i++)
        if ((slots[i] = zm_dispatch_slot(mono_signature_get_params(sig, &it), args, i, &why)) ==
            NULL) {
            *ex = zm_dispatch_error(why);
            return NULL;
        }
    MonoObject *result = NULL;
    void *rslot;
    if ((why = zm_dispatch_result(mono_signature_get_return_type(sig), &result, &rslot)) != NULL) {
        *ex = (MonoObject *)mono_get_exception_not_supported(why);
        return NULL;
    }
    zlua_env_run run;
    zlua_env_run_enter(&run, d.L);
    Il2CppException *e = zlua__delegate_call(&d, slots, rslot);
    zlua_env_run_leave(&run);
    if (e != NULL) {
        *ex = (MonoObject *)(void *)e;
        return NULL;
    }
    return result;
}


/* ---- DispatchRefs: the caller's own locals ------------------------------------- */

#define ZM_REFS_MAX 8   /* DispatchRefs8's */

static MonoObject *zm_refs_fail(const char *msg)
{
    return (MonoObject *)(void *)mono_get_exception_invalid_operation(msg);
}

/* What is wrong with r, a checked ref, as a slot of class k (NULL: nothing). */
static const char *zm_refs_class(const zm_typedref *r, MonoClass *k)
{
    return k == NULL || r->klass != k ? "zlua: a delegate argument is not of its parameter's type"
                                      : NULL;
}

/* LuaDelegate.DispatchRefs(target, argc, a0..a3, ret) and DispatchRefs8
 * (a0..a7), by run: the exception to throw, or null.  Each argument is
 * the address of a TypedReference over the caller's local of exactly the
 * parameter's class (a value's address for a value type, the reference's
 * slot for a reference: the slots IL2CPP's entry hands
 * zlua_delegate_invoke), or for a byref parameter over what it refers to
 * (of its element's class: the slot Dispatch hands for one too); ret the
 * same over the result's local, null for void; refs[argc..max) unread.
 * frame: the internal call's own, below which no argument may lie.  The
 * target is resolved first and every reference checked against the
 * Invoke of the record's own delegate type, from the method's facts (no
 * metadata query per call). */
static MonoObject *zm_refs_run(const void *frame, MonoObject *target, int32_t argc,
                               uint32_t max, const zm_typedref **refs, void *ret)
{
    zlua__delcall d;
    int found = zlua__delegates_resolve((Il2CppObject *)(void *)target, &d);
    if (found != ZLUA_DEL_FOUND)
        return zm_refs_fail(zlua__delegate_unresolved(found));
    if (ZLUA_UNLIKELY(d.owner != zlua_thread_token()))
        return (MonoObject *)(void *)zlua__delegate_wrong_thread(&d);   /* the type unread */
    const zm_facts *f = zm_delegate_facts(&d);
    if (f == NULL)
        return zm_refs_fail("zlua: the delegate's type has no Invoke");
    if (argc < 0 || (uint32_t)argc > max || (uint32_t)argc != f->nparams)
        return zm_refs_fail("zlua: the arguments are not the delegate's parameter count");
    if (f->nullable_args || f->byref_nullable || f->ret == ZM_RET_NULLABLE)   /* as Dispatch */
        return zm_refs_fail("zlua: Nullable delegate parameters and results (mono host) take "
                            "no TypedReference");
    uint32_t n = (uint32_t)argc;
    int has_ret = f->ret != ZM_RET_NONE || ret != NULL;
    if (has_ret) {
        if (f->ret == ZM_RET_NONE)
            return zm_refs_fail("zlua: a result for a delegate that returns nothing");
        refs[n] = ret;   /* checked with the arguments, after them (refs has room) */
    }
    /* every ref (the result's too) first, the stack's extent read once */
    if (zm_typedref_check(refs, n + (uint32_t)has_ret, frame) != NULL)
        return zm_refs_fail("zlua: a delegate argument is not a TypedReference that __makeref "
                            "made on the caller's stack");
    void *slots[ZM_REFS_MAX];
    for (uint32_t i = 0; i < n; i++) {
        const char *why = zm_refs_class(refs[i], f->param_class[i]);
        if (why != NULL)
            return zm_refs_fail(why);
        slots[i] = refs[i]->value;
    }
    void *rslot = NULL;
    if (has_ret) {
        const char *why = zm_refs_class(refs[n], f->ret_class);
        if (why != NULL)
            return zm_refs_fail(why);
        rslot = refs[n]->value;
    }
    zlua_env_run run;
    zlua_env_run_enter(&run, d.L);
    Il2CppException *e = zlua__delegate_call(&d, slots, rslot);
    zlua_env_run_leave(&run);
    return (MonoObject *)(void *)e;
}

static MonoObject *zm_dispatch_refs(MonoObject *target, int32_t argc, void *a0, void *a1,
                                    void *a2, void *a3, void *ret)
{
    const zm_typedref *refs[4 + 1] = {a0, a1, a2, a3, NULL};
    return zm_refs_run(__builtin_frame_address(0), target, argc, 4, refs, ret);
}

static MonoObject *zm_dispatch_refs8(MonoObject *target, int32_t argc, void *a0, void *a1,
                                     void *a2, void *a3, void *a4, void *a5, void *a6,
                                     void *a7, void *ret)
{
    const zm_typedref *refs[ZM_REFS_MAX + 1] = {a0, a1, a2, a3, a4, a5, a6, a7, NULL};
    return zm_refs_run(__builtin_frame_address(0), target, argc, ZM_REFS_MAX, refs, ret);
}

void zm_delegate_register_icalls(void)
{
    MonoObject *(*boxed)(MonoObject *, MonoArray *, MonoArray *, MonoReflectionType *,
                         MonoObject **) = zm_dispatch;
    MonoObject *(*refs)(MonoObject *, int32_t, void *, void *, void *, void *, void *) =
        zm_dispatch_refs;
    MonoObject *(*refs8)(MonoObject *, int32_t, void *, void *, void *, void *, void *, void *,
                         void *, void *, void *) = zm_dispatch_refs8;
    ZM_ADD_ICALL("ZLuaMonoHost.LuaDelegate::Dispatch", boxed);
    ZM_ADD_ICALL("ZLuaMonoHost.LuaDelegate::DispatchRefs", refs);
    ZM_ADD_ICALL("ZLuaMonoHost.LuaDelegate::DispatchRefs8", refs8);
}
