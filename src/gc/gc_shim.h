/*
 * gc_shim.h -- internal side of the GC shim (R-GC-1, R-GC-3).
 *
 * The public half (callback registration) is in zlua.h.  This header adds
 * what the registries need: running a mutation with the collector's
 * allocation lock held, so that a push-root callback (which runs with that
 * lock held, possibly on another thread under incremental/parallel
 * marking) never sees a half-done append, release or growth.
 *
 * Only the sources in src/gc/ include <gc.h>.
 */
#ifndef ZLUA_GC_SHIM_H
#define ZLUA_GC_SHIM_H

#include "zlua.h"

/* How many push-root callbacks the shim holds; one more is ZLUA_EFULL.
 * libzlua itself uses one (the registries share it). */
#define ZLUA_GC_MAX_CALLBACKS 16

/* Runs fn(arg) with the GC allocation lock held; returns its result.
 * fn must not allocate from the GC, call into the collector, or call
 * zlua__gc_with_lock again (the lock is not recursive). */
void *zlua__gc_with_lock(void *(*fn)(void *arg), void *arg);

/* A number that changes whenever a collection has run, so may have freed
 * objects: an object seen alive at epoch e is alive, at the same address,
 * while the epoch is still e (bdwgc frees nothing between collections,
 * and moves nothing).  0: the collector gives no such number (always
 * check through a handle). */
uintptr_t zlua__gc_epoch_read(void);
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
/* The count variable's address once zlua__gc_epoch_read found it (the
 * same for the process's life, whichever thread stores it). */
extern ZLUA_HIDDEN const volatile uintptr_t *zlua__gc_count;
#endif
/* Inline: a delegate's kept resolve reads it on every call. */
static inline uintptr_t zlua__gc_epoch(void)
{
#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
#if ZLUA_MSVC
    const volatile uintptr_t *count = *(const volatile uintptr_t *const volatile *)&zlua__gc_count;
#else
    const volatile uintptr_t *count = __atomic_load_n(&zlua__gc_count, __ATOMIC_RELAXED);
#endif
    if (count != NULL)
        return *count + 1u;
#endif
    return zlua__gc_epoch_read();
}

#if defined(ZLUA_GC_HOOK_VARIABLE) && ZLUA_GC_HOOK_VARIABLE
/* Built for a collector with only the hook variable GC_push_other_roots
 * (Mono's Boehm): the runtime boundary returns the variable's address as
 * the collector itself reads it.  Naming the variable from an executable
 * does not do: a non-PIC reference gets a copy relocation, a copy the
 * shared library never reads. */
void (**zlua_gc_hook_variable(void))(void);
/* The same collector's count of collections (its variable GC_gc_no, a
 * pointer-sized word), as the collector itself writes it: zlua__gc_epoch
 * reads it there.  NULL when the process has none (then no epoch). */
const volatile uintptr_t *zlua_gc_count_variable(void);
/* The same collector's two functions the shim calls: GC_push_all_eager
 * (from its push callback) and GC_call_with_alloc_lock (its locked
 * helpers), as the boundary found them: a Windows DLL cannot leave them to
 * the process to supply, as a shared library on Linux does.  Both set
 * once zlua_gc_hook_variable has answered. */
typedef struct zlua_gc_functions {
    void (*push_all_eager)(void *bottom, void *top);
    void *(*call_with_alloc_lock)(void *(*fn)(void *), void *arg);
} zlua_gc_functions;
const zlua_gc_functions *zlua_gc_functions_get(void);
#endif

#endif /* ZLUA_GC_SHIM_H */
