/* Stand-in for libil2cpp's il2cpp-api-types.h: handle typedefs. */
#pragma once

#include "il2cpp-config.h"
#include "zlua-standin-family.h"

typedef struct Il2CppClass Il2CppClass;
typedef struct Il2CppType Il2CppType;
typedef struct EventInfo EventInfo;
typedef struct MethodInfo MethodInfo;
typedef struct FieldInfo FieldInfo;
typedef struct PropertyInfo PropertyInfo;
typedef struct Il2CppAssembly Il2CppAssembly;
typedef struct Il2CppArray Il2CppArray;
typedef struct Il2CppDelegate Il2CppDelegate;
typedef struct Il2CppDomain Il2CppDomain;
typedef struct Il2CppImage Il2CppImage;
typedef struct Il2CppException Il2CppException;
typedef struct Il2CppObject Il2CppObject;
typedef struct Il2CppString Il2CppString;
typedef struct Il2CppThread Il2CppThread;
typedef struct Il2CppCustomAttrInfo Il2CppCustomAttrInfo;
typedef struct MonitorData MonitorData;

#if defined(_MSC_VER)
typedef wchar_t Il2CppChar;
#elif __has_feature(cxx_unicode_literals)
typedef char16_t Il2CppChar;
#else
typedef uint16_t Il2CppChar;
#endif

typedef uintptr_t il2cpp_array_size_t;
typedef int32_t il2cpp_array_lower_bound_t;

typedef void (*Il2CppMethodPointer)();

#if ZLUA_STANDIN_GCHANDLE_POINTER
typedef void *Il2CppGCHandle;   /* Unity 6: a pointer; before it, uint32_t */
#endif
