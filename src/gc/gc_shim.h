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
 * zlua_gc_with_lock again (the lock is not recursive). */
void *zlua_gc_with_lock(void *(*fn)(void *arg), void *arg);

#endif /* ZLUA_GC_SHIM_H */
