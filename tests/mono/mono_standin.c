/*
 * mono_standin.c -- a stand-in for Mono's library, for the tests of the
 * backend's loader (src/mono/mono_syms.c) where no such Mono is at hand:
 * a library named as Unity's (libmonobdwgc-2.0.so; mono-2.0-bdwgc.dll
 * under wine, tools/mono-windows-check.sh) that exports every function
 * of mono_syms_list.h and the collector's two variables.  Nothing calls
 * them: the loader only finds them.  Built with -D<name>=<other name>,
 * it lacks that function (the name is defined under the other).
 */
#include <stdint.h>

#include "mono_syms_list.h"

#if defined(_WIN32)
#define ZM_STANDIN_EXPORT __declspec(dllexport)
#else
#define ZM_STANDIN_EXPORT __attribute__((visibility("default")))
#endif

/* distinct bodies: a linker that folds identical functions would give
 * two names one address, and the test compares addresses */
static volatile int zm_standin_calls;

#define ZM_STANDIN_FUNCTION(ret, name, params)                                                \
    ZM_STANDIN_EXPORT void name(void);                                                        \
    void name(void)                                                                           \
    {                                                                                         \
        zm_standin_calls = __LINE__ + sizeof #name;                                           \
    }
ZM_MONO_FUNCTIONS(ZM_STANDIN_FUNCTION)
#undef ZM_STANDIN_FUNCTION

ZM_STANDIN_EXPORT void (*GC_push_other_roots)(void);
ZM_STANDIN_EXPORT uintptr_t GC_gc_no;
