/*
 * sim_threads.c -- managed threads: il2cpp_thread_attach / _detach /
 * _current, as libil2cpp's vm/Thread.cpp behaves on its Boehm backend.
 *
 * IL2CPP runs bdwgc without thread discovery: a thread is known to the
 * collector (its stack scanned, its allocations allowed) only once it has
 * attached, which registers it (GarbageCollector::RegisterThread ->
 * GC_register_my_thread).  The main thread is attached when the runtime
 * starts (sim_gc_init).  A thread that never attached gets NULL from
 * il2cpp_thread_current, which is how libzlua tells it apart.
 */
#include <stdlib.h>

#include <gc.h>

#include "sim_internal.h"

/* Metadata-like, malloc'd: nothing managed lives here. */
struct Il2CppThread {
    bool gc_registered;   /* attach registered it, so detach unregisters */
};

static _Thread_local Il2CppThread *current_thread;

Il2CppThread *il2cpp_thread_current(void)
{
    return current_thread;
}

Il2CppThread *il2cpp_thread_attach(Il2CppDomain *domain)
{
    (void)domain;   /* one domain */
    if (current_thread != NULL)   /* libil2cpp: attaching again is a no-op */
        return current_thread;
    Il2CppThread *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    struct GC_stack_base base;
    if (GC_get_stack_base(&base) != GC_SUCCESS) {
        free(t);
        return NULL;
    }
    /* GC_DUPLICATE: bdwgc knows the thread already (GC_INIT's thread, or
     * one made by GC_pthread_create); it stays registered after detach. */
    t->gc_registered = GC_register_my_thread(&base) == GC_SUCCESS;
    current_thread = t;
    return t;
}

void il2cpp_thread_detach(Il2CppThread *thread)
{
    /* libil2cpp detaches the calling thread; anything else is ignored */
    if (thread == NULL || thread != current_thread)
        return;
    if (thread->gc_registered)
        GC_unregister_my_thread();
    current_thread = NULL;
    free(thread);
}

void sim_thread_attach_main(void)
{
    if (il2cpp_thread_attach(NULL) == NULL)
        abort();
}
