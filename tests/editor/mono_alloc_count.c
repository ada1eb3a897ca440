/*
 * mono_alloc_count.c -- the launchers' count of managed allocations
 * (mono_alloc_count.h).  Relaxed atomics: allocations come from every
 * managed thread and a spec only reads the count between its own calls.
 */
#include "mono_alloc_count.h"

#include <mono/metadata/profiler.h>

struct _MonoProfiler {
    int unused;
};
static struct _MonoProfiler zac_profiler;
static uint64_t zac_allocs;

static void zac_on_alloc(MonoProfiler *prof, MonoObject *obj)
{
    (void)prof;
    (void)obj;
    __atomic_fetch_add(&zac_allocs, 1, __ATOMIC_RELAXED);
}

void zlua_launcher_count_allocs(void)
{
    MonoProfilerHandle ph = mono_profiler_create(&zac_profiler);
    mono_profiler_enable_allocations();
    mono_profiler_set_gc_allocation_callback(ph, zac_on_alloc);
}

uint64_t zlua_launcher_gc_allocs(void)
{
    return __atomic_load_n(&zac_allocs, __ATOMIC_RELAXED);
}
