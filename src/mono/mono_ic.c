/*
 * mono_ic.c -- what the Editor's C# -> Lua entries share: the IC call run
 * with its state as the innermost running one and a failure raised as
 * the managed exception from the internal call's frame (mono_icall.c's
 * [LuaInvoke] trampolines), and the check of a System.TypedReference a
 * managed caller hands an internal call (mono_delegate.c's dispatch of a
 * Lua function made into a delegate; Mono's layout: the type, the slot's
 * address, the class).
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

#include "mono_rt.h"
#include "zlua.h"

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
 * moves locals to a heap of its own); top: zm_ic_stack_top's, or where
 * the stack's extent is not known NULL, and the caller's frame is taken
 * to lie within 1 MiB above ours. */
ZLUA_INLINE int zm_ic_on_stack(const void *p, const void *frame, const char *top)
{
    uintptr_t a = (uintptr_t)p, lo = (uintptr_t)frame;
    uintptr_t hi = top != NULL ? (uintptr_t)top : lo + ((uintptr_t)1 << 20);
    return a % _Alignof(zm_typedref) == 0 && a > lo && a <= hi - sizeof(zm_typedref);
}

/* The offset of a MonoClass's by-value MonoType inside it: Mono's
 * mkrefany stores klass and &klass->byval_arg, so a TypedReference
 * __makeref made has type == klass + this, checked without reading
 * through either pointer. */
static ptrdiff_t zm_ic_byval_off;   /* the same for every class: zm_ic_init's */

static ptrdiff_t zm_ic_byval_offset(void)
{
    MonoClass *k = mono_get_int32_class();
    return (const char *)(const void *)mono_class_get_type(k) - (const char *)(const void *)k;
}

const char *zm_typedref_check(const zm_typedref *const *r, uint32_t n, const void *frame)
{
    const char *top = zm_ic_stack_top();   /* once for all of them */
    for (uint32_t i = 0; i < n; i++) {
        if (r[i] == NULL)
            return "a null argument";
        if (!zm_ic_on_stack(r[i], frame, top))
            return "an argument is not a TypedReference on the caller's stack";
        if (r[i]->klass == NULL || r[i]->value == NULL ||
            (const char *)(const void *)r[i]->type !=
                (const char *)(const void *)r[i]->klass + zm_ic_byval_off)
            return "an argument is not a TypedReference that __makeref made";
    }
    return NULL;
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

/* The IC call proper, with L the innermost running state while it runs
 * (a C# method its Lua calls comes back here). */
void zm_ic_run(lua_State *L, zlua_ic_call *c)
{
    zlua_env_run run;
    zlua_env_run_enter(&run, L);
    int rc = zlua_ic_invoke(L, c);
    zlua_env_run_leave(&run);
    if (rc == ZLUA_OK)
        return;   /* the stack is back already */
    Il2CppException *ex = zlua_ic_exception(L, c);
    zlua_ic_done(L, c);
    zm_ic_raise((MonoException *)(void *)ex);
}

void zm_ic_init(void)
{
    zm_ic_byval_off = zm_ic_byval_offset();
}
