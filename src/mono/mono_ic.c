/*
 * mono_ic.c -- ZLua.LuaIC.Call on Mono: the fixtures' C#-calls-Lua
 * methods (R-IC-1) reach libzlua's IC path through this internal call,
 * which does what a generated IC stub does under IL2CPP: resolve the
 * argument metas, point the slots at the C# caller's locals, invoke,
 * done -- and turn a Lua error into a managed exception raised from this
 * frame after the call's scope is closed.
 *
 * Each argument is a System.TypedReference the caller made over its own
 * slot (Mono's layout: the type, the slot's address, the class).
 */
#if defined(_WIN32)
/* GetCurrentThreadStackLimits: Windows 8 on (Unity's Editors need 10) */
#if !defined(_WIN32_WINNT) || _WIN32_WINNT < 0x0602
#undef _WIN32_WINNT
#define _WIN32_WINNT 0x0602
#endif
#include <windows.h>
#else
#define _GNU_SOURCE   /* pthread_getattr_np */
#include <pthread.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>

#include "core/utf.h"
#include "mono_rt.h"
#include "zlua.h"

#define ZM_IC_NAME_MAX 255
#define ZM_IC_MAX_ARGS 2

/* ---- what the caller hands over (R-PTR-1) ------------------------------------- */

/* The top of the calling thread's stack (its highest address), NULL when
 * the platform cannot say.  Stacks grow down on every target. */
static const char *zm_ic_stack_top(void)
{
    static _Thread_local const char *top;
    if (top != NULL)
        return top;
#if defined(__linux__)
    pthread_attr_t a;
    void *base = NULL;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
        if (pthread_attr_getstack(&a, &base, &size) != 0)
            base = NULL;
        pthread_attr_destroy(&a);
    }
    if (base != NULL)
        top = (const char *)base + size;
#elif defined(__APPLE__)
    /* the stack's top (its highest address) on Darwin, not its base */
    top = pthread_get_stackaddr_np(pthread_self());
#elif defined(_WIN32)
    ULONG_PTR low = 0, high = 0;
    GetCurrentThreadStackLimits(&low, &high);   /* [low, high): high is the top */
    if (high != 0)
        top = (const char *)high;
#endif
    return top;
}

/* A TypedReference's address as __makeref leaves it: a local of the
 * managed caller, so on this thread's stack above this frame, aligned.
 * Anything else (a heap address a script got from some C# API, junk) is
 * refused before a byte of it is read.  frame: this call's own frame
 * (__builtin_frame_address: the machine stack even where a sanitizer
 * moves locals to a heap of its own).  Where the stack's extent is not
 * known, the caller's frame is taken to lie within 1 MiB above ours. */
static int zm_ic_on_stack(const void *p, const void *frame)
{
    uintptr_t a = (uintptr_t)p, lo = (uintptr_t)frame;
    const char *top = zm_ic_stack_top();
    uintptr_t hi = top != NULL ? (uintptr_t)top : lo + ((uintptr_t)1 << 20);
    return a % _Alignof(zm_typedref) == 0 && a > lo && a <= hi - sizeof(zm_typedref);
}

/* The offset of a MonoClass's by-value MonoType inside it: Mono's
 * mkrefany stores klass and &klass->byval_arg, so a TypedReference
 * __makeref made has type == klass + this, checked without reading
 * through either pointer. */
static ptrdiff_t zm_ic_byval_off;   /* the same for every class: zm_ic_register's */

static ptrdiff_t zm_ic_byval_offset(void)
{
    MonoClass *k = mono_get_int32_class();
    return (const char *)(const void *)mono_class_get_type(k) - (const char *)(const void *)k;
}

const char *zm_typedref_check(const zm_typedref *r, const void *frame)
{
    if (r == NULL)
        return "an IC argument within argc is null";
    if (!zm_ic_on_stack(r, frame))
        return "an IC argument is not a TypedReference on the caller's stack";
    if (r->klass == NULL || r->value == NULL ||
        (const char *)(const void *)r->type !=
            (const char *)(const void *)r->klass + zm_ic_byval_off)
        return "an IC argument is not a TypedReference that __makeref made";
    return NULL;
}

/* argc, byrefMask and the unused arguments: the mask names no argument
 * past argc, and what argc leaves out is null. */
static const char *zm_ic_check_shape(int32_t argc, int32_t byref_mask, void *const *args)
{
    if (argc < 0 || argc > ZM_IC_MAX_ARGS)
        return "argc: 0 to 2 arguments";
    if ((uint32_t)byref_mask >> argc != 0)
        return "byrefMask: a bit set past argc";
    for (int32_t i = argc; i < ZM_IC_MAX_ARGS; i++)
        if (args[i] != NULL)
            return "an argument past argc is not null";
    return NULL;
}

/* fn's UTF-8 bytes, all of them: a name may hold a NUL ("OnA\0x" is not
 * "OnA"); libzlua's own conversion, as its string pops make it.  0 when
 * they do not fit. */
static int zm_ic_name(MonoString *fn, char *out, size_t *len)
{
    const uint16_t *u = mono_string_chars(fn);
    size_t n = (size_t)mono_string_length(fn);
    size_t k = zlua__utf16_to_utf8(u, n, NULL);
    if (k > ZM_IC_NAME_MAX)
        return 0;
    zlua__utf16_to_utf8(u, n, out);
    out[k] = '\0';
    *len = k;
    return 1;
}

/* Raises ex in the managed caller.  Mono unwinds this frame without
 * telling AddressSanitizer, which would leave the frames' redzones
 * poisoned on the stack the caller goes on using; a noreturn function
 * makes the compiler unpoison the stack before each call to it (and
 * is what it is: mono_raise_exception does not return). */
_Noreturn void zm_ic_raise(MonoException *ex)
{
    mono_raise_exception(ex);
    abort();
}

static _Noreturn void zm_ic_raise_arg(const char *why)
{
    zm_ic_raise(mono_get_exception_argument("arg", why));
}

/* The IC call proper, with L the innermost running state while it runs
 * (a C# method its Lua calls comes back here). */
MonoString *zm_ic_run(lua_State *L, zlua_ic_call *c, MonoBoolean catch_error)
{
    zlua_env_run run;
    zlua_env_run_enter(&run, L);
    int rc = zlua_ic_invoke(L, c);
    zlua_env_run_leave(&run);
    if (rc == ZLUA_OK)
        return NULL;   /* the stack is back already */
    if (!catch_error) {
        Il2CppException *ex = zlua_ic_exception(L, c);
        zlua_ic_done(L, c);
        zm_ic_raise((MonoException *)(void *)ex);
    }
    size_t mlen = 0;
    const char *msg = zlua_ic_error(L, c, &mlen);
    /* the message lives on the Lua stack until done: copy it first */
    MonoString *s = mono_string_new_len(zm.domain, msg ? msg : "Lua error",
                                        msg ? (unsigned)mlen : 9);
    zlua_ic_done(L, c);
    return s;
}

static MonoString *zm_ic_call(MonoString *fn, int32_t argc, int32_t byref_mask, void *arg0,
                              void *arg1, MonoBoolean catch_error)
{
    void *args[ZM_IC_MAX_ARGS] = {arg0, arg1};
    const char *bad = zm_ic_check_shape(argc, byref_mask, args);
    if (bad != NULL)
        zm_ic_raise_arg(bad);
    for (int32_t i = 0; i < argc; i++)
        if ((bad = zm_typedref_check(args[i], __builtin_frame_address(0))) != NULL)
            zm_ic_raise_arg(bad);
    if (fn == NULL)
        zm_ic_raise(mono_get_exception_argument_null("fn"));
    lua_State *L = zlua_env_current();
    if (L == NULL)
        zm_ic_raise(mono_get_exception_invalid_operation(
            "zlua: no Lua state for this IC call (no Lua code runs on this thread and "
            "it has made no LuaEnv)"));
    char name[ZM_IC_NAME_MAX + 1];
    size_t len = 0;
    if (!zm_ic_name(fn, name, &len))
        zm_ic_raise(mono_get_exception_argument(
            "fn", "Lua function name longer than 255 bytes"));

    const zlua_meta *metas[ZM_IC_MAX_ARGS] = {NULL, NULL};
    void *slots[ZM_IC_MAX_ARGS] = {NULL, NULL};
    for (int32_t i = 0; i < argc; i++) {
        const zm_typedref *r = args[i];
        MonoType *t = (byref_mask >> i) & 1 ? mono_class_get_byref_type(r->klass) : r->type;
        metas[i] = zlua_meta_type(L, (const Il2CppType *)(void *)t);
        slots[i] = r->value;
        if (metas[i] == NULL)
            zm_ic_raise(mono_get_exception_invalid_operation(
                "no marshal descriptor for an IC argument"));
    }
    zlua_ic_call c;
    memset(&c, 0, sizeof c);
    c.function = name;
    c.function_len = len;
    c.nargs = argc;
    c.arg_meta = metas;
    c.arg_slots = slots;
    return zm_ic_run(L, &c, catch_error);
}

void zm_ic_register(void)
{
    zm_ic_byval_off = zm_ic_byval_offset();
    MonoString *(*fn)(MonoString *, int32_t, int32_t, void *, void *, MonoBoolean) = zm_ic_call;
    const void *p;
    memcpy(&p, &fn, sizeof p);   /* the API takes code as a data pointer */
    mono_add_internal_call("ZLua.LuaIC::Call", p);
}
