/* Stand-in for libil2cpp's il2cpp-class-internals.h: MethodInfo as of
 * metadata v29 (Unity 2021.2+; the invoker writes the result to ret), its
 * last bits per family, and the members of Il2CppClass the glue reads
 * (libil2cpp's Il2CppClass has many more, around them). */
#pragma once

#include "il2cpp-api-types.h"
#include "il2cpp-metadata.h"

typedef void (*InvokerMethod)(Il2CppMethodPointer, const MethodInfo *, void *, void **,
                              void *);

typedef struct MethodInfo {
    Il2CppMethodPointer methodPointer;
    Il2CppMethodPointer virtualMethodPointer;
    InvokerMethod invoker_method;
    const char *name;
    Il2CppClass *klass;
    const Il2CppType *return_type;
    const Il2CppType **parameters;
    union {
        const void *rgctx_data;
        const void *methodMetadataHandle;
    };
    union {
        const void *genericMethod;
        Il2CppMetadataGenericContainerHandle genericContainerHandle;
    };
    uint32_t token;
    uint16_t flags;
    uint16_t iflags;
    uint16_t slot;
    uint8_t parameters_count;
    uint8_t is_generic : 1;
    uint8_t is_inflated : 1;
    uint8_t wrapper_type : 1;
    uint8_t has_full_generic_sharing_signature : 1;
#if ZLUA_STANDIN_METHOD_INDIRECT_CALL
    uint8_t indirect_call_via_invokers : 1;
#endif
#if ZLUA_STANDIN_METHOD_UNMANAGED_CALLERS_ONLY
    uint8_t is_unmanaged_callers_only : 1;
#endif
} MethodInfo;

struct Il2CppClass {
    const Il2CppImage *image;
    const char *name;
    const char *namespaze;
    Il2CppClass *element_class;
    uint32_t cctor_started;
    uint32_t cctor_finished_or_no_cctor;
    size_t cctor_thread;
};
