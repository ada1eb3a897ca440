/*
 * sim_cctor.c -- static constructors, run the way libil2cpp runs them:
 * only by class init (il2cpp_runtime_class_init, and the object creation
 * and boxing that call it), once; never by a static field access through
 * the API, which here crashes instead, so that a forgotten init cannot
 * pass a test.
 */
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"

static void run_cctor(void *klass)
{
    ((Il2CppClass *)klass)->cctor();
}

/* CLR semantics: a failed type initializer leaves the type unusable; every
 * later init throws the same TypeInitializationException. */
static SIM_NORETURN void cctor_failed(Il2CppClass *k, Il2CppException *inner)
{
    Il2CppString *msg = sim_string_printf("The type initializer for '%s' threw an exception.",
                                          k->full_name);
    SimException *tie = (SimException *)sim_exception_new("System",
                                                           "TypeInitializationException", msg);
    sim_gc_store((void **)&tie->_innerException, inner);
    if (k->init_error == NULL)
        k->init_error = sim_gc_alloc_root(sizeof *k->init_error);
    sim_gc_store((void **)k->init_error, tie);
    k->cctor_state = SIM_CCTOR_FAILED;
    sim_throw((Il2CppException *)(void *)tie);
}

void il2cpp_runtime_class_init(Il2CppClass *k)
{
    sim_fail_point(SIM_OP_CLASS_INIT, k);
    if (k->cctor == NULL) {
        k->cctor_finished_or_no_cctor = 1;
        return;
    }
    if (k->cctor_state == SIM_CCTOR_DONE ||
        k->cctor_state == SIM_CCTOR_RUNNING)   /* recursion: the CLR proceeds */
        return;
    if (k->cctor_state == SIM_CCTOR_FAILED)
        sim_throw(*k->init_error);
    k->cctor_state = SIM_CCTOR_RUNNING;
    Il2CppException *inner = sim_try(run_cctor, k);
    if (inner != NULL)
        cctor_failed(k, inner);
    k->cctor_state = SIM_CCTOR_DONE;
    k->cctor_finished_or_no_cctor = 1;
}

void sim_require_init(Il2CppClass *k)
{
    if (k->cctor != NULL && k->cctor_state != SIM_CCTOR_DONE &&
        k->cctor_state != SIM_CCTOR_RUNNING)
        sim_crash("static field of %s%s used before its static constructor ran "
                  "(libil2cpp reads zeros here: call il2cpp_runtime_class_init first)",
                  k->full_name, "");
}

int sim_reset_class_init(const char *full_name)
{
    Il2CppClass *k = sim_class(full_name);
    if (k == NULL || k->cctor == NULL)
        return 0;
    k->cctor_state = SIM_CCTOR_NONE;
    k->cctor_finished_or_no_cctor = 0;
    if (k->static_data)
        memset(k->static_data, 0, k->static_size);
    return 1;
}
