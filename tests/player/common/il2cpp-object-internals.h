/* Stand-in for libil2cpp's il2cpp-object-internals.h: the object
 * layouts (C++ form) and the type IL2CPP throws. */
#pragma once

#include "il2cpp-api-types.h"

typedef Il2CppClass Il2CppVTable;

typedef struct Il2CppObject {
    union {
        Il2CppClass *klass;
        Il2CppVTable *vtable;
    };
    MonitorData *monitor;
} Il2CppObject;

typedef struct Il2CppArrayBounds {
    il2cpp_array_size_t length;
    il2cpp_array_lower_bound_t lower_bound;
} Il2CppArrayBounds;

typedef struct Il2CppArray : public Il2CppObject {
    Il2CppArrayBounds *bounds;
    il2cpp_array_size_t max_length;
} Il2CppArray;

typedef struct Il2CppString {
    Il2CppObject object;
    int32_t length;
    Il2CppChar chars[IL2CPP_ZERO_LEN_ARRAY];
} Il2CppString;

typedef struct Il2CppException {
    Il2CppObject object;
    Il2CppString *className;
    Il2CppString *message;
    Il2CppObject *_data;
    struct Il2CppException *inner_ex;
    Il2CppString *_helpURL;
    Il2CppArray *trace_ips;
    Il2CppString *stack_trace;
    Il2CppString *remote_stack_trace;
    int remote_stack_index;
    Il2CppObject *_dynamicMethods;
    int32_t hresult;
    Il2CppString *source;
    Il2CppObject *safeSerializationManager;
    Il2CppArray *captured_traces;
    Il2CppArray *native_trace_ips;
    int32_t caught_in_unmanaged;
} Il2CppException;

typedef struct Il2CppReflectionMethod Il2CppReflectionMethod;

/* System.Delegate from Unity 2021.2.6 on: generated Invoke code calls
 * invoke_impl(invoke_impl_this, args..., method); the generated .ctor
 * fills extraArg (the type's multicast invoke), vm::Type's
 * ConstructClosedDelegate what a closed delegate calls.  (Before 2021.2.6
 * the field after extraArg was uint8_t **method_code.) */
typedef struct Il2CppDelegate {
    Il2CppObject object;
    Il2CppMethodPointer method_ptr;
    Il2CppMethodPointer invoke_impl;
    Il2CppObject *target;
    const MethodInfo *method;
    void *delegate_trampoline;
    intptr_t extraArg;
    Il2CppObject *invoke_impl_this;
    void *interp_method;
    void *interp_invoke_impl;
    Il2CppReflectionMethod *method_info;
    Il2CppReflectionMethod *original_method_info;
    Il2CppObject *data;
    bool method_is_virtual;
} Il2CppDelegate;

typedef struct Il2CppExceptionWrapper Il2CppExceptionWrapper;
typedef struct Il2CppExceptionWrapper {
    Il2CppException *ex;
    Il2CppExceptionWrapper(Il2CppException *ex) : ex(ex) {}
} Il2CppExceptionWrapper;
