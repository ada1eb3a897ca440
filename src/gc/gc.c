/*
 * gc.c -- the bdwgc backend of the GC shim (R-GC-1, R-GC-3).
 *
 * One push_other_roots hook, installed on the first registration, calls
 * every registered callback and then the hook that was there before it.
 * The previous hook matters: in a threaded collector the default one is
 * what scans the thread stacks, so the chain must never be cut.
 *
 * The hook runs inside GC_push_roots, with the allocation lock held, on
 * whichever thread collects.  The callback list is therefore only changed
 * under that same lock, and the hook stays installed for the life of the
 * process (someone may have chained behind it; an empty list just
 * forwards).
 *
 * Callbacks get an eager push function.  GC_push_all takes one mark-stack
 * entry per range and aborts ("Unexpected mark stack overflow") when the
 * stack is full, because root pushing cannot recover from an overflow;
 * with one range per live struct userdata that limit is a few thousand
 * entries.  GC_push_all_eager instead scans the range at once and marks
 * what it finds; an overflow while greying those objects is the ordinary,
 * recoverable kind.  It treats interior pointers as valid, which is only
 * more conservative.
 */
#include <gc.h>
/* An installed bdwgc has gc_mark.h in gc/; its source include folder, which
 * Unity ships with IL2CPP, has it beside gc.h (CMake's
 * ZLUA_BDWGC_INCLUDE_DIR decides). */
#if defined(ZLUA_BDWGC_FLAT_INCLUDE)
#include <gc_mark.h>
#else
#include <gc/gc_mark.h>
#endif

#include <stddef.h>

#include "gc/gc_shim.h"

/* Function pointers only: nothing here is a managed reference (data
 * segments are not scanned under IL2CPP, GC_set_no_dls). */
static zlua_gc_push_root_cb zlua_gc_callbacks[ZLUA_GC_MAX_CALLBACKS];
static size_t zlua_gc_ncallbacks;
static int zlua_gc_hook_installed;
static GC_push_other_roots_proc zlua_gc_previous_hook;

/* ---- the hook ----------------------------------------------------------- */

/* Two styles, chosen at build time: modern bdwgc and IL2CPP's have the
 * getter and setter; older ones (Mono's Boehm) only the variable
 * GC_push_other_roots, whose address the runtime boundary gives
 * (gc_shim.h says why it cannot simply be named). */
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
#define zlua_gc_get_hook() (*zlua_gc_hook_variable())
#define zlua_gc_set_hook(fn) (*zlua_gc_hook_variable() = (fn))
#else
#define zlua_gc_get_hook() GC_get_push_other_roots()
#define zlua_gc_set_hook(fn) GC_set_push_other_roots(fn)
#endif

/* The collector's functions: by name, or (the variable style) as the
 * boundary found them, with GC_fn_type as the plain function pointer it
 * is wherever GC_CALLBACK is empty. */
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
#define zlua_gc_push_all_eager(b, t) (zlua_gc_functions_get()->push_all_eager((b), (t)))
#define zlua_gc_call_locked(fn, arg) (zlua_gc_functions_get()->call_with_alloc_lock((fn), (arg)))
#else
#define zlua_gc_push_all_eager(b, t) GC_push_all_eager((b), (t))
#define zlua_gc_call_locked(fn, arg) GC_call_with_alloc_lock((fn), (arg))
#endif

static void zlua_gc_push_eager(void *start, void *end)
{
    if (start != NULL && (char *)start < (char *)end)
        zlua_gc_push_all_eager(start, end);
}

static void GC_CALLBACK zlua_gc_push_other_roots(void)
{
    for (size_t i = 0; i < zlua_gc_ncallbacks; i++)
        zlua_gc_callbacks[i](zlua_gc_push_eager);
    if (zlua_gc_previous_hook != NULL)
        zlua_gc_previous_hook();
}

/* ---- locked helpers ----------------------------------------------------- */

/* A trampoline gives GC_call_with_alloc_lock a function of its own type
 * (GC_CALLBACK) instead of casting ours. */
typedef struct zlua__gc_call {
    void *(*fn)(void *arg);
    void *arg;
} zlua__gc_call;

static void *GC_CALLBACK zlua_gc_trampoline(void *p)
{
    zlua__gc_call *call = p;
    return call->fn(call->arg);
}

/* Mono's Boehm exports no GC_get_gc_no, only the variable it reads. */
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
ZLUA_HIDDEN const volatile uintptr_t *zlua__gc_count;
#endif

uintptr_t zlua__gc_epoch_read(void)
{
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
    /* the variable's address, kept once the runtime has one: the same
     * for the process's life (the backend looks it up when it attaches,
     * before any thread calls here), so whichever thread stores it
     * stores that value; until then every call asks */
    const volatile uintptr_t *count = zlua_gc_count_variable();
    if (count == NULL)
        return 0;
#if ZLUA_MSVC
    *(const volatile uintptr_t *volatile *)&zlua__gc_count = count;
#else
    __atomic_store_n(&zlua__gc_count, count, __ATOMIC_RELAXED);
#endif
    return *count + 1u;
#else
    return (uintptr_t)GC_get_gc_no() + 1u;
#endif
}

void *zlua__gc_with_lock(void *(*fn)(void *arg), void *arg)
{
    zlua__gc_call call;
    call.fn = fn;
    call.arg = arg;
    return zlua_gc_call_locked(zlua_gc_trampoline, &call);
}

typedef struct zlua__gc_reg_op {
    zlua_gc_push_root_cb cb;
    int result;
} zlua__gc_reg_op;

static size_t zlua_gc_find(zlua_gc_push_root_cb cb)
{
    size_t i = 0;
    while (i < zlua_gc_ncallbacks && zlua_gc_callbacks[i] != cb)
        i++;
    return i;
}

static void *zlua_gc_register_locked(void *p)
{
    zlua__gc_reg_op *op = p;
    op->result = ZLUA_OK;
    if (zlua_gc_find(op->cb) < zlua_gc_ncallbacks)
        return NULL;  /* already registered: a no-op by contract */
    if (zlua_gc_ncallbacks == ZLUA_GC_MAX_CALLBACKS) {
        op->result = ZLUA_EFULL;
        return NULL;
    }
    zlua_gc_callbacks[zlua_gc_ncallbacks++] = op->cb;
    if (!zlua_gc_hook_installed) {
        /* The getter and setter need external synchronisation: the lock. */
        zlua_gc_previous_hook = zlua_gc_get_hook();
        zlua_gc_set_hook(zlua_gc_push_other_roots);
        zlua_gc_hook_installed = 1;
    }
    return NULL;
}

static void *zlua_gc_unregister_locked(void *p)
{
    zlua__gc_reg_op *op = p;
    size_t i = zlua_gc_find(op->cb);
    if (i == zlua_gc_ncallbacks)
        return NULL;
    /* Shift rather than swap: callbacks keep their registration order. */
    for (; i + 1 < zlua_gc_ncallbacks; i++)
        zlua_gc_callbacks[i] = zlua_gc_callbacks[i + 1];
    zlua_gc_callbacks[--zlua_gc_ncallbacks] = NULL;
    return NULL;
}

/* ---- public API --------------------------------------------------------- */

int zlua_gc_register_push_root_callback(zlua_gc_push_root_cb cb)
{
    if (cb == NULL)
        return ZLUA_EINVAL;
    zlua__gc_reg_op op;
    op.cb = cb;
    op.result = ZLUA_OK;
    (void)zlua__gc_with_lock(zlua_gc_register_locked, &op);
    return op.result;
}

void zlua_gc_unregister_push_root_callback(zlua_gc_push_root_cb cb)
{
    if (cb == NULL)
        return;
    zlua__gc_reg_op op;
    op.cb = cb;
    op.result = ZLUA_OK;
    (void)zlua__gc_with_lock(zlua_gc_unregister_locked, &op);
}
