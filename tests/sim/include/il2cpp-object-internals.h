/*
 * il2cpp-object-internals.h (simulation) -- the managed object layouts of
 * IL2CPP (Unity 2021.2+), and the C++ type IL2CPP throws a managed
 * exception in.
 */
#ifndef SIM_IL2CPP_OBJECT_INTERNALS_H
#define SIM_IL2CPP_OBJECT_INTERNALS_H

#include "il2cpp-api-types.h"
#include "il2cpp-class-internals.h"

struct Il2CppObject {
    Il2CppClass *klass;
    void *monitor;
};

struct Il2CppString {
    Il2CppObject object;
    int32_t length;         /* in UTF-16 code units */
    Il2CppChar chars[];     /* NUL-terminated; length excludes the NUL */
};

typedef struct Il2CppArrayBounds {
    il2cpp_array_size_t length;
    il2cpp_array_lower_bound_t lower_bound;
} Il2CppArrayBounds;

/* Elements start at il2cpp_array_object_header_size() (8-aligned). */
struct Il2CppArray {
    Il2CppObject obj;
    Il2CppArrayBounds *bounds;       /* NULL for szarray (T[]) */
    il2cpp_array_size_t max_length;  /* total element count */
};

/* System.Delegate as libil2cpp lays it out from Unity 2021.2.6 on
 * (sim_fixtures.h's SimDelegate is the same memory, checked by static
 * asserts).  Generated Invoke code calls invoke_impl(invoke_impl_this,
 * args..., method). */
typedef struct Il2CppDelegate {
    Il2CppObject object;
    Il2CppMethodPointer method_ptr;
    Il2CppMethodPointer invoke_impl;
    Il2CppObject *target;
    const MethodInfo *method;
    void *delegate_trampoline;
    intptr_t extraArg;
    Il2CppObject *invoke_impl_this;   /* the corlib's field method_code */
    void *interp_method;
    void *interp_invoke_impl;
    Il2CppObject *method_info;
    Il2CppObject *original_method_info;
    Il2CppObject *data;
    bool method_is_virtual;
} Il2CppDelegate;

/* System.Exception's head, as the simulated corlib lays it out (the
 * bodies use SimException for the fields they set). */
struct Il2CppException {
    Il2CppObject object;
};

#ifdef __cplusplus
/* What IL2CPP throws for a managed exception (vm::Exception::Raise), and
 * what a catch in the glue receives. */
struct Il2CppExceptionWrapper {
    Il2CppException *ex;
    Il2CppExceptionWrapper(Il2CppException *e) : ex(e) {}
};
#endif

#endif /* SIM_IL2CPP_OBJECT_INTERNALS_H */
