/*
 * il2cpp-class-internals.h (simulation) -- the MethodInfo prefix that
 * IL2CPP's invoke convention reads (metadata v29, Unity 2021.2+).  The
 * simulation keeps the rest of a method in SimMethod, which begins with
 * this struct.
 */
#ifndef SIM_IL2CPP_CLASS_INTERNALS_H
#define SIM_IL2CPP_CLASS_INTERNALS_H

#include "il2cpp-api-types.h"

#ifdef __cplusplus
typedef void (*Il2CppMethodPointer)();
#else
typedef void (*Il2CppMethodPointer)(void);
#endif

/* The invoker writes the return value, unboxed, to ret. */
typedef void (*InvokerMethod)(Il2CppMethodPointer method_ptr,
                              const MethodInfo *method, void *obj,
                              void **args, void *ret);

struct MethodInfo {
    Il2CppMethodPointer methodPointer;
    Il2CppMethodPointer virtualMethodPointer;
    InvokerMethod invoker_method;
    /* IL2CPP 2021.3's flag (further down its MethodInfo): methodPointer is
     * shared code of another signature, reached through invoker_method
     * only */
    uint8_t indirect_call_via_invokers : 1;
};

#endif /* SIM_IL2CPP_CLASS_INTERNALS_H */
