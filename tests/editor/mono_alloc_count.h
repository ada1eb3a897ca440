/*
 * mono_alloc_count.h -- for the tests only: the managed allocations of a
 * launcher's Mono, counted by a profiler.  Both launchers (zlua-mono, the
 * Editor's shape, and zlua-player-host, the player's) install it before
 * the runtime starts, the only time Mono allows it; the specs' testbed
 * finds zlua_launcher_gc_allocs in the executable by name.
 */
#ifndef ZLUA_MONO_ALLOC_COUNT_H
#define ZLUA_MONO_ALLOC_COUNT_H

#include <stdint.h>

/* Installs the counting profiler: call once, before mono_jit_init. */
void zlua_launcher_count_allocs(void);

/* The managed allocations counted since zlua_launcher_count_allocs. */
uint64_t zlua_launcher_gc_allocs(void);

#endif
