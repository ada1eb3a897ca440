/*
 * il2cpp_api.h -- the only door from libzlua into the managed runtime.
 *
 * Declares exactly the IL2CPP C API functions libzlua calls, with the
 * signatures of libil2cpp's il2cpp-api-functions.h (metadata v29+, Unity
 * 2021.2 and later), and nothing else of IL2CPP: every handle is an
 * incomplete type, no layout is declared, and the metadata constants
 * carry libzlua's prefix.  So a C++ file may include this header together
 * with the real libil2cpp headers (the player glue does; tests/player
 * proves it compiles).
 *
 * None of these functions throws a managed exception in IL2CPP.  The ones
 * that can (object creation, boxing, string and array creation, class
 * init, invoke) are reached only through the runtime glue of zlua.h
 * ("Runtime glue"), which catches and returns the exception: they are
 * deliberately not declared here, so a direct call does not compile.
 *
 * In a player these symbols come from libil2cpp; in the tests they come
 * from the simulated runtime in tests/sim.
 */
#ifndef ZLUA_IL2CPP_API_H
#define ZLUA_IL2CPP_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zlua.h"
#include "zlua_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- handles (incomplete types, as in il2cpp-api-types.h) ---------------- */
typedef struct FieldInfo FieldInfo;
typedef struct PropertyInfo PropertyInfo;
typedef struct Il2CppImage Il2CppImage;
typedef struct Il2CppAssembly Il2CppAssembly;
typedef struct Il2CppDomain Il2CppDomain;

/* The UTF-16 unit, chosen by compiler the way libil2cpp chooses it (the
 * two typedefs must agree where both headers are seen). */
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

/* ---- metadata constants (ECMA-335 element types and flags) --------------- */
enum {
    ZLUA_IL2CPP_TYPE_VOID = 0x01,
    ZLUA_IL2CPP_TYPE_BOOLEAN = 0x02,
    ZLUA_IL2CPP_TYPE_CHAR = 0x03,
    ZLUA_IL2CPP_TYPE_I1 = 0x04,
    ZLUA_IL2CPP_TYPE_U1 = 0x05,
    ZLUA_IL2CPP_TYPE_I2 = 0x06,
    ZLUA_IL2CPP_TYPE_U2 = 0x07,
    ZLUA_IL2CPP_TYPE_I4 = 0x08,
    ZLUA_IL2CPP_TYPE_U4 = 0x09,
    ZLUA_IL2CPP_TYPE_I8 = 0x0a,
    ZLUA_IL2CPP_TYPE_U8 = 0x0b,
    ZLUA_IL2CPP_TYPE_R4 = 0x0c,
    ZLUA_IL2CPP_TYPE_R8 = 0x0d,
    ZLUA_IL2CPP_TYPE_STRING = 0x0e,
    ZLUA_IL2CPP_TYPE_PTR = 0x0f,
    ZLUA_IL2CPP_TYPE_BYREF = 0x10,
    ZLUA_IL2CPP_TYPE_VALUETYPE = 0x11,
    ZLUA_IL2CPP_TYPE_CLASS = 0x12,
    ZLUA_IL2CPP_TYPE_VAR = 0x13,
    ZLUA_IL2CPP_TYPE_ARRAY = 0x14,
    ZLUA_IL2CPP_TYPE_GENERICINST = 0x15,
    ZLUA_IL2CPP_TYPE_I = 0x18,
    ZLUA_IL2CPP_TYPE_U = 0x19,
    ZLUA_IL2CPP_TYPE_FNPTR = 0x1b,
    ZLUA_IL2CPP_TYPE_OBJECT = 0x1c,
    ZLUA_IL2CPP_TYPE_SZARRAY = 0x1d,
    ZLUA_IL2CPP_TYPE_MVAR = 0x1e,
    ZLUA_IL2CPP_TYPE_ENUM = 0x55 /* IL2CPP-specific: an enum's own type */
};

#define ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK 0x0007
#define ZLUA_METHOD_ATTRIBUTE_PUBLIC 0x0006
#define ZLUA_METHOD_ATTRIBUTE_STATIC 0x0010
#define ZLUA_METHOD_ATTRIBUTE_VIRTUAL 0x0040
#define ZLUA_METHOD_ATTRIBUTE_ABSTRACT 0x0400
#define ZLUA_METHOD_ATTRIBUTE_SPECIAL_NAME 0x0800

#define ZLUA_PARAM_ATTRIBUTE_OPTIONAL 0x0010
#define ZLUA_PARAM_ATTRIBUTE_HAS_DEFAULT 0x1000

#define ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK 0x0007
#define ZLUA_FIELD_ATTRIBUTE_PUBLIC 0x0006
#define ZLUA_FIELD_ATTRIBUTE_STATIC 0x0010
#define ZLUA_FIELD_ATTRIBUTE_INIT_ONLY 0x0020
#define ZLUA_FIELD_ATTRIBUTE_LITERAL 0x0040

#define ZLUA_TYPE_ATTRIBUTE_ABSTRACT 0x00000080
#define ZLUA_TYPE_ATTRIBUTE_SEALED 0x00000100
#define ZLUA_TYPE_ATTRIBUTE_VISIBILITY_MASK 0x00000007
#define ZLUA_TYPE_ATTRIBUTE_PUBLIC 0x00000001
#define ZLUA_TYPE_ATTRIBUTE_NESTED_PUBLIC 0x00000002

/* a generic parameter's special constraints (zlua_rt_generic_param_get) */
#define ZLUA_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT 0x0004
#define ZLUA_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT 0x0008
#define ZLUA_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT 0x0010

/* ---- domain, assemblies, images ---------------------------------------- */
Il2CppDomain *il2cpp_domain_get(void);
const Il2CppAssembly **il2cpp_domain_get_assemblies(const Il2CppDomain *domain,
                                                    size_t *size);
const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *domain,
                                                  const char *name);
const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly);
const Il2CppImage *il2cpp_get_corlib(void);
size_t il2cpp_image_get_class_count(const Il2CppImage *image);
const Il2CppClass *il2cpp_image_get_class(const Il2CppImage *image, size_t index);

/* ---- classes ------------------------------------------------------------ */
Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image,
                                    const char *namespaze, const char *name);
Il2CppClass *il2cpp_class_from_type(const Il2CppType *type);
const Il2CppType *il2cpp_class_get_type(Il2CppClass *klass);
const char *il2cpp_class_get_name(Il2CppClass *klass);
const char *il2cpp_class_get_namespace(Il2CppClass *klass);
const char *il2cpp_class_get_assemblyname(const Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_parent(Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_declaring_type(Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_nested_types(Il2CppClass *klass, void **iter);
Il2CppClass *il2cpp_class_get_interfaces(Il2CppClass *klass, void **iter);
Il2CppClass *il2cpp_class_get_element_class(Il2CppClass *klass);
/* The underlying type of an enum (check il2cpp_class_is_enum first:
 * Nullable<T> and arrays answer too). */
const Il2CppType *il2cpp_class_enum_basetype(Il2CppClass *klass);
FieldInfo *il2cpp_class_get_fields(Il2CppClass *klass, void **iter);
const MethodInfo *il2cpp_class_get_methods(Il2CppClass *klass, void **iter);
const PropertyInfo *il2cpp_class_get_properties(Il2CppClass *klass,
                                                void **iter);
int il2cpp_class_get_flags(const Il2CppClass *klass);
int il2cpp_class_get_rank(const Il2CppClass *klass);
bool il2cpp_class_is_valuetype(const Il2CppClass *klass);
bool il2cpp_class_is_enum(const Il2CppClass *klass);
bool il2cpp_class_is_interface(const Il2CppClass *klass);
bool il2cpp_class_is_inflated(const Il2CppClass *klass);
bool il2cpp_class_is_generic(const Il2CppClass *klass);
bool il2cpp_class_has_references(Il2CppClass *klass);
bool il2cpp_class_is_assignable_from(Il2CppClass *klass, Il2CppClass *oklass);
/* Whether klass carries the custom attribute attr_class (read from the
 * metadata, no attribute object is made): used once per value type, for
 * IsByRefLikeAttribute (ref structs). */
bool il2cpp_class_has_attribute(Il2CppClass *klass, Il2CppClass *attr_class);
bool il2cpp_method_has_attribute(const MethodInfo *method, Il2CppClass *attr_class);
/* Size of an unboxed value (value types); align receives its alignment. */
int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align);

/* ---- types -------------------------------------------------------------- */
int il2cpp_type_get_type(const Il2CppType *type);        /* ZLUA_IL2CPP_TYPE_* */
bool il2cpp_type_is_byref(const Il2CppType *type);
/* A parameter type's attributes (ZLUA_PARAM_ATTRIBUTE_*): IL2CPP keeps a
 * parameter's flags in its Il2CppType. */
uint32_t il2cpp_type_get_attrs(const Il2CppType *type);
/* IL-format name ("System.Nullable<System.Int32>", nested with '.'):
 * for messages only, never for keys.  il2cpp_free it. */
char *il2cpp_type_get_name(const Il2CppType *type);
void il2cpp_free(void *ptr);

/* ---- fields ------------------------------------------------------------- */
const char *il2cpp_field_get_name(FieldInfo *field);
int il2cpp_field_get_flags(FieldInfo *field);
/* Offset from the start of the object, header included (value types too). */
size_t il2cpp_field_get_offset(FieldInfo *field);
const Il2CppType *il2cpp_field_get_type(FieldInfo *field);
/* get copies the value to *value; set takes a pointer to the value for
 * value types but the object pointer ITSELF for reference-typed fields. */
void il2cpp_field_static_get_value(FieldInfo *field, void *value);
void il2cpp_field_static_set_value(FieldInfo *field, void *value);

/* ---- properties ----------------------------------------------------------- */
const char *il2cpp_property_get_name(PropertyInfo *prop);
const MethodInfo *il2cpp_property_get_get_method(PropertyInfo *prop);
const MethodInfo *il2cpp_property_get_set_method(PropertyInfo *prop);

/* ---- methods ------------------------------------------------------------ */
const char *il2cpp_method_get_name(const MethodInfo *method);
Il2CppClass *il2cpp_method_get_class(const MethodInfo *method);
const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method);
uint32_t il2cpp_method_get_param_count(const MethodInfo *method);
const Il2CppType *il2cpp_method_get_param(const MethodInfo *method,
                                          uint32_t index);
/* the parameter's name (metadata; NULL past the last), for messages
 * ("expects 2 values for 'v'"); Mono: mono_method_get_param_names */
const char *il2cpp_method_get_param_name(const MethodInfo *method, uint32_t index);
uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags);
bool il2cpp_method_is_instance(const MethodInfo *method);
bool il2cpp_method_is_generic(const MethodInfo *method);
uint32_t il2cpp_method_get_token(const MethodInfo *method);
const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj,
                                                   const MethodInfo *method);

/* ---- objects, boxing ------------------------------------------------------ */
uint32_t il2cpp_object_header_size(void);
Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj);
void *il2cpp_object_unbox(Il2CppObject *obj);

/* ---- arrays (the layout queries IL2CPP exports; creation is glue) -------- */
/* Where an array's elements start (kIl2CppSizeOfArray), where its element
 * count (an il2cpp_array_size_t, uintptr_t) and its bounds pointer sit in
 * the header.  The bounds of a multi-dimensional array are rank pairs
 * {il2cpp_array_size_t length; il2cpp_array_lower_bound_t lower_bound}
 * (int32_t); a one-dimensional zero-based array (szarray) has none. */
uint32_t il2cpp_array_object_header_size(void);
uint32_t il2cpp_offset_of_array_length_in_array_object_header(void);
uint32_t il2cpp_offset_of_array_bounds_in_array_object_header(void);
/* The size of one element of an array class. */
int il2cpp_array_element_size(const Il2CppClass *array_class);

/* ---- strings ------------------------------------------------------------- */
int32_t il2cpp_string_length(Il2CppString *str);
Il2CppChar *il2cpp_string_chars(Il2CppString *str);

/* ---- threads -------------------------------------------------------------- */
typedef struct Il2CppThread Il2CppThread;
/* The calling thread's managed thread, NULL when the thread is not
 * attached (il2cpp_thread_attach).  IL2CPP's Boehm collector does not
 * discover threads: it scans only the stacks of attached ones. */
Il2CppThread *il2cpp_thread_current(void);

/* ---- GC ------------------------------------------------------------------ */
/* Store a reference into managed or GC-scanned memory with the barrier. */
void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress,
                                  void *object);

/* GC handles are reached through the glue (zlua_rt_gchandle_*, zlua.h):
 * their type changed in Unity 6 and only the runtime's headers say which. */

/* ---- exceptions ------------------------------------------------------------ */
/* "Type: message"; copied with strncpy, so a truncated message has no
 * terminating NUL: terminate it yourself. */
void il2cpp_format_exception(const Il2CppException *ex, char *message,
                             int message_size);

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_IL2CPP_API_H */
