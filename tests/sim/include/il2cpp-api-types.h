/*
 * il2cpp-api-types.h (simulation) -- the handle typedefs and scalar types
 * of the IL2CPP C API, under the header names libil2cpp uses, so that
 * the runtime glue (src/glue) compiles unchanged against the simulation
 * and against a player's libil2cpp.
 */
#ifndef SIM_IL2CPP_API_TYPES_H
#define SIM_IL2CPP_API_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Il2CppClass Il2CppClass;
typedef struct Il2CppType Il2CppType;
typedef struct FieldInfo FieldInfo;
typedef struct PropertyInfo PropertyInfo;
typedef struct MethodInfo MethodInfo;
typedef struct Il2CppImage Il2CppImage;
typedef struct Il2CppAssembly Il2CppAssembly;
typedef struct Il2CppDomain Il2CppDomain;
typedef struct Il2CppThread Il2CppThread;
typedef struct Il2CppCustomAttrInfo Il2CppCustomAttrInfo;
typedef struct Il2CppObject Il2CppObject;
typedef struct Il2CppString Il2CppString;
typedef struct Il2CppArray Il2CppArray;
typedef struct Il2CppException Il2CppException;

/* libil2cpp picks the UTF-16 unit type by compiler; so does libzlua's
 * il2cpp_api.h, and the two must agree wherever both are seen. */
#if defined(_MSC_VER)
typedef wchar_t Il2CppChar;
#elif defined(__cplusplus) && defined(__has_feature)
#if __has_feature(cxx_unicode_literals)
typedef char16_t Il2CppChar;
#else
typedef uint16_t Il2CppChar;
#endif
#else
typedef uint16_t Il2CppChar;
#endif

typedef uintptr_t il2cpp_array_size_t;
typedef int32_t il2cpp_array_lower_bound_t;

#endif /* SIM_IL2CPP_API_TYPES_H */
