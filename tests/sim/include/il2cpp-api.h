/*
 * il2cpp-api.h (simulation) -- every IL2CPP C API function the simulated
 * runtime implements, with libil2cpp's signatures (il2cpp-api-functions.h),
 * and the metadata constants of il2cpp-tabledefs.h / il2cpp-blob.h.
 *
 * libzlua sees only the subset in src/il2cpp/il2cpp_api.h; the functions
 * that can throw a managed exception (object creation, boxing, strings,
 * arrays, class init, raise) it reaches only through the runtime glue.
 * sim_internal.h includes both headers, so the compiler checks that every
 * declaration libzlua relies on matches the one implemented here.
 */
#ifndef SIM_IL2CPP_API_H
#define SIM_IL2CPP_API_H

#include "il2cpp-api-types.h"
#include "il2cpp-class-internals.h"
#include "il2cpp-object-internals.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Il2CppTypeEnum (ECMA-335 element types) ---------------------------- */
typedef enum Il2CppTypeEnum {
    IL2CPP_TYPE_END = 0x00,
    IL2CPP_TYPE_VOID = 0x01,
    IL2CPP_TYPE_BOOLEAN = 0x02,
    IL2CPP_TYPE_CHAR = 0x03,
    IL2CPP_TYPE_I1 = 0x04,
    IL2CPP_TYPE_U1 = 0x05,
    IL2CPP_TYPE_I2 = 0x06,
    IL2CPP_TYPE_U2 = 0x07,
    IL2CPP_TYPE_I4 = 0x08,
    IL2CPP_TYPE_U4 = 0x09,
    IL2CPP_TYPE_I8 = 0x0a,
    IL2CPP_TYPE_U8 = 0x0b,
    IL2CPP_TYPE_R4 = 0x0c,
    IL2CPP_TYPE_R8 = 0x0d,
    IL2CPP_TYPE_STRING = 0x0e,
    IL2CPP_TYPE_PTR = 0x0f,
    IL2CPP_TYPE_BYREF = 0x10,
    IL2CPP_TYPE_VALUETYPE = 0x11,
    IL2CPP_TYPE_CLASS = 0x12,
    IL2CPP_TYPE_VAR = 0x13,
    IL2CPP_TYPE_ARRAY = 0x14,
    IL2CPP_TYPE_GENERICINST = 0x15,
    IL2CPP_TYPE_TYPEDBYREF = 0x16,
    IL2CPP_TYPE_I = 0x18,
    IL2CPP_TYPE_U = 0x19,
    IL2CPP_TYPE_FNPTR = 0x1b,
    IL2CPP_TYPE_OBJECT = 0x1c,
    IL2CPP_TYPE_SZARRAY = 0x1d,
    IL2CPP_TYPE_MVAR = 0x1e,
    IL2CPP_TYPE_ENUM = 0x55 /* IL2CPP-specific: an enum's own type */
} Il2CppTypeEnum;

/* ---- ECMA-335 attribute flags used by the binder ------------------------ */
#define METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK 0x0007
#define METHOD_ATTRIBUTE_PUBLIC 0x0006
#define METHOD_ATTRIBUTE_STATIC 0x0010
#define METHOD_ATTRIBUTE_VIRTUAL 0x0040
#define METHOD_ATTRIBUTE_ABSTRACT 0x0400
#define METHOD_ATTRIBUTE_SPECIAL_NAME 0x0800
#define METHOD_ATTRIBUTE_RT_SPECIAL_NAME 0x1000

#define FIELD_ATTRIBUTE_FIELD_ACCESS_MASK 0x0007
#define FIELD_ATTRIBUTE_PUBLIC 0x0006
#define FIELD_ATTRIBUTE_STATIC 0x0010
#define FIELD_ATTRIBUTE_INIT_ONLY 0x0020
#define FIELD_ATTRIBUTE_LITERAL 0x0040

#define PARAM_ATTRIBUTE_IN 0x0001
#define PARAM_ATTRIBUTE_OUT 0x0002
#define PARAM_ATTRIBUTE_OPTIONAL 0x0010
#define PARAM_ATTRIBUTE_HAS_DEFAULT 0x1000

#define METHOD_IMPL_ATTRIBUTE_CODE_TYPE_MASK 0x0003
#define METHOD_IMPL_ATTRIBUTE_RUNTIME 0x0003
#define METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL 0x1000

#define TYPE_ATTRIBUTE_VISIBILITY_MASK 0x00000007
#define TYPE_ATTRIBUTE_PUBLIC 0x00000001
#define TYPE_ATTRIBUTE_NESTED_PUBLIC 0x00000002
#define TYPE_ATTRIBUTE_INTERFACE 0x00000020
#define TYPE_ATTRIBUTE_ABSTRACT 0x00000080
#define TYPE_ATTRIBUTE_SEALED 0x00000100

#define IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_COVARIANT 0x01
#define IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_CONTRAVARIANT 0x02
#define IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT 0x04
#define IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT 0x08
#define IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT 0x10

/* ---- domain, assemblies, images ---------------------------------------- */
Il2CppDomain *il2cpp_domain_get(void);
const Il2CppAssembly **il2cpp_domain_get_assemblies(const Il2CppDomain *domain,
                                                    size_t *size);
const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *domain,
                                                  const char *name);
const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly);
const char *il2cpp_image_get_name(const Il2CppImage *image);
size_t il2cpp_image_get_class_count(const Il2CppImage *image);
const Il2CppClass *il2cpp_image_get_class(const Il2CppImage *image,
                                          size_t index);
const Il2CppImage *il2cpp_get_corlib(void);
/* internal calls (sim_icalls.c): the code of `static extern` InternalCall
 * methods by "Namespace.Class::Method" */
void il2cpp_add_internal_call(const char *name, Il2CppMethodPointer method);
Il2CppMethodPointer il2cpp_resolve_icall(const char *name);

/* ---- classes ------------------------------------------------------------ */
Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image,
                                    const char *namespaze, const char *name);
Il2CppClass *il2cpp_class_from_type(const Il2CppType *type);
const Il2CppType *il2cpp_class_get_type(Il2CppClass *klass);
const char *il2cpp_class_get_name(Il2CppClass *klass);
const char *il2cpp_class_get_namespace(Il2CppClass *klass);
const char *il2cpp_class_get_assemblyname(const Il2CppClass *klass);
const Il2CppImage *il2cpp_class_get_image(Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_parent(Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_declaring_type(Il2CppClass *klass);
Il2CppClass *il2cpp_class_get_interfaces(Il2CppClass *klass, void **iter);
Il2CppClass *il2cpp_class_get_nested_types(Il2CppClass *klass, void **iter);
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
bool il2cpp_class_is_abstract(const Il2CppClass *klass);
bool il2cpp_class_is_blittable(const Il2CppClass *klass);
bool il2cpp_class_is_generic(const Il2CppClass *klass);
bool il2cpp_class_is_inflated(const Il2CppClass *klass);
bool il2cpp_class_has_references(Il2CppClass *klass);
bool il2cpp_class_is_assignable_from(Il2CppClass *klass, Il2CppClass *oklass);
/* Class::HasAttribute: klass's own custom attributes (sim_attrs.c). */
bool il2cpp_class_has_attribute(Il2CppClass *klass, Il2CppClass *attr_class);
bool il2cpp_method_has_attribute(const MethodInfo *method, Il2CppClass *attr_class);
bool il2cpp_class_is_subclass_of(Il2CppClass *klass, Il2CppClass *klassc,
                                 bool check_interfaces);
/* Size of an unboxed value (value types); align receives its alignment. */
int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align);
int32_t il2cpp_class_instance_size(Il2CppClass *klass);
int il2cpp_class_array_element_size(const Il2CppClass *klass);
Il2CppClass *il2cpp_array_class_get(Il2CppClass *element_class,
                                    uint32_t rank);

/* ---- types -------------------------------------------------------------- */
int il2cpp_type_get_type(const Il2CppType *type);        /* Il2CppTypeEnum */
bool il2cpp_type_is_byref(const Il2CppType *type);
uint32_t il2cpp_type_get_attrs(const Il2CppType *type);
Il2CppClass *il2cpp_class_from_il2cpp_type(const Il2CppType *type);
/* IL-format name ("System.Nullable<System.Int32>", nested with '.'):
 * for messages only, never for keys.  il2cpp_free it. */
char *il2cpp_type_get_name(const Il2CppType *type);
/* the System.Type object of type (allocates: can throw out of memory) */
Il2CppObject *il2cpp_type_get_object(const Il2CppType *type);
void il2cpp_free(void *ptr);

/* ---- fields ------------------------------------------------------------- */
const char *il2cpp_field_get_name(FieldInfo *field);
int il2cpp_field_get_flags(FieldInfo *field);
Il2CppClass *il2cpp_field_get_parent(FieldInfo *field);
/* Offset from the start of the object, header included (value types too). */
size_t il2cpp_field_get_offset(FieldInfo *field);
const Il2CppType *il2cpp_field_get_type(FieldInfo *field);
/* get copies the value to *value; set takes a pointer to the value for
 * value types but the object pointer ITSELF for reference-typed fields. */
void il2cpp_field_static_get_value(FieldInfo *field, void *value);
void il2cpp_field_static_set_value(FieldInfo *field, void *value);
bool il2cpp_field_has_attribute(FieldInfo *field, Il2CppClass *attr_class);

/* ---- properties ----------------------------------------------------------- */
const char *il2cpp_property_get_name(PropertyInfo *prop);
const MethodInfo *il2cpp_property_get_get_method(PropertyInfo *prop);
const MethodInfo *il2cpp_property_get_set_method(PropertyInfo *prop);
Il2CppClass *il2cpp_property_get_parent(PropertyInfo *prop);

/* ---- methods ------------------------------------------------------------ */
const char *il2cpp_method_get_name(const MethodInfo *method);
Il2CppClass *il2cpp_method_get_class(const MethodInfo *method);
Il2CppClass *il2cpp_method_get_declaring_type(const MethodInfo *method);
const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method);
uint32_t il2cpp_method_get_param_count(const MethodInfo *method);
const Il2CppType *il2cpp_method_get_param(const MethodInfo *method,
                                          uint32_t index);
const char *il2cpp_method_get_param_name(const MethodInfo *method,
                                         uint32_t index);
uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags);
bool il2cpp_method_is_instance(const MethodInfo *method);
bool il2cpp_method_is_generic(const MethodInfo *method);
/* The MethodDef token (0x06nnnnnn): a method of a generic class instance
 * shares its definition's. */
uint32_t il2cpp_method_get_token(const MethodInfo *method);
const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj,
                                                   const MethodInfo *method);

/* ---- custom attributes ---------------------------------------------------- */
Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_class(Il2CppClass *klass);
Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_method(const MethodInfo *m);
Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_field(const FieldInfo *field);
bool il2cpp_custom_attrs_has_attr(Il2CppCustomAttrInfo *ainfo,
                                  Il2CppClass *attr_klass);
Il2CppObject *il2cpp_custom_attrs_get_attr(Il2CppCustomAttrInfo *ainfo,
                                           Il2CppClass *attr_klass);
void il2cpp_custom_attrs_free(Il2CppCustomAttrInfo *ainfo);

/* ---- objects, boxing ------------------------------------------------------ */
uint32_t il2cpp_object_header_size(void);
uint32_t il2cpp_array_object_header_size(void);
uint32_t il2cpp_offset_of_array_length_in_array_object_header(void);
uint32_t il2cpp_offset_of_array_bounds_in_array_object_header(void);
Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj);
uint32_t il2cpp_object_get_size(Il2CppObject *obj);
Il2CppObject *il2cpp_object_new(const Il2CppClass *klass);
void *il2cpp_object_unbox(Il2CppObject *obj);
Il2CppObject *il2cpp_value_box(Il2CppClass *klass, void *data);

/* ---- strings ------------------------------------------------------------- */
Il2CppString *il2cpp_string_new(const char *str);
Il2CppString *il2cpp_string_new_len(const char *str, uint32_t length);
Il2CppString *il2cpp_string_new_utf16(const Il2CppChar *text, int32_t len);
int32_t il2cpp_string_length(Il2CppString *str);
Il2CppChar *il2cpp_string_chars(Il2CppString *str);

/* ---- arrays -------------------------------------------------------------- */
Il2CppArray *il2cpp_array_new(Il2CppClass *element_class,
                              il2cpp_array_size_t length);
Il2CppArray *il2cpp_array_new_full(Il2CppClass *array_class,
                                   il2cpp_array_size_t *lengths,
                                   il2cpp_array_size_t *lower_bounds);
uint32_t il2cpp_array_length(Il2CppArray *array);
uint32_t il2cpp_array_get_byte_length(Il2CppArray *array);
int il2cpp_array_element_size(const Il2CppClass *array_class);

/* ---- GC ------------------------------------------------------------------ */
/* GC handles: uint32_t as before Unity 6, or with SIM_GCHANDLE_POINTER
 * (ZLUA_SIM_GCHANDLE=pointer) Unity 6's Il2CppGCHandle, a pointer. */
#if SIM_GCHANDLE_POINTER
typedef void *Il2CppGCHandle;
typedef Il2CppGCHandle SimGCHandle;
#else
typedef uint32_t SimGCHandle;
#endif
SimGCHandle il2cpp_gchandle_new(Il2CppObject *obj, bool pinned);
/* A weak handle: its target reads NULL once the object is unreachable. */
SimGCHandle il2cpp_gchandle_new_weakref(Il2CppObject *obj, bool track_resurrection);
Il2CppObject *il2cpp_gchandle_get_target(SimGCHandle gchandle);
void il2cpp_gchandle_free(SimGCHandle gchandle);
/* Store a reference into managed or GC-scanned memory with the barrier. */
void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress,
                                  void *object);
void il2cpp_gc_collect(int maxGenerations);

/* ---- exceptions ------------------------------------------------------------ */
/* "Type: message"; copied with strncpy, so a truncated message has no
 * terminating NUL: terminate it yourself. */
void il2cpp_format_exception(const Il2CppException *ex, char *message,
                             int message_size);

/* ---- runtime: class init, exceptions, threads ------------------------------ */
/* Runs the class's static constructor once; throws what it throws, wrapped
 * in System.TypeInitializationException, now and on every later call. */
void il2cpp_runtime_class_init(Il2CppClass *klass);
/* Throws ex as a C++ exception (Il2CppExceptionWrapper); never returns. */
void il2cpp_raise_exception(Il2CppException *ex);
/* A new exception of image's class namespaze.name with message msg. */
Il2CppException *il2cpp_exception_from_name_msg(const Il2CppImage *image,
                                                const char *name_space,
                                                const char *name,
                                                const char *msg);

/* The calling thread's managed thread; NULL when not attached. */
Il2CppThread *il2cpp_thread_current(void);
Il2CppThread *il2cpp_thread_attach(Il2CppDomain *domain);
void il2cpp_thread_detach(Il2CppThread *thread);

#ifdef __cplusplus
}
#endif
#endif /* SIM_IL2CPP_API_H */
