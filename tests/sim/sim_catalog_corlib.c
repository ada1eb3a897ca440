/*
 * sim_catalog_corlib.c -- the types of mscorlib the catalog needs.
 *
 * Field names follow Unity's (Mono-derived) corlib.  Primitives are
 * structs with an `m_value` of their own type, as in the real corlib, so
 * a walk over their fields must not recurse forever.
 */
#include <stdalign.h>
#include <stddef.h>

#include "sim_catalog.h"
#include "sim_fixtures.h"
#include "sim_tables.h"

#define PRIV SIM_FIELD_PRIVATE
#define SEALED_STRUCT                                                         \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SEQUENTIAL |     \
     SIM_TYPE_SERIALIZABLE)

/* a primitive: one private m_value field of the type itself */
#define PRIMITIVE(n, te, ctype, fields_)                                      \
    {.ns = "System", .name = (n), .kind = SIM_KIND_STRUCT, .type = (te),      \
     .flags = SEALED_STRUCT, .size = sizeof(ctype), .align = alignof(ctype),  \
     .fields = (fields_)}
/* the same, with methods of its own (ToString: sim_bodies_corlib.c) */
#define PRIMITIVE_M(n, te, ctype, fields_, methods_)                          \
    {.ns = "System", .name = (n), .kind = SIM_KIND_STRUCT, .type = (te),      \
     .flags = SEALED_STRUCT, .size = sizeof(ctype), .align = alignof(ctype),  \
     .fields = (fields_), .methods = {methods_}}

static const SimFieldDef f_bool[] = {{"m_value", "System.Boolean", PRIV, 0, 0}, {0}};
static const SimFieldDef f_char[] = {{"m_value", "System.Char", PRIV, 0, 0}, {0}};
static const SimFieldDef f_sbyte[] = {{"m_value", "System.SByte", PRIV, 0, 0}, {0}};
static const SimFieldDef f_byte[] = {{"m_value", "System.Byte", PRIV, 0, 0}, {0}};
static const SimFieldDef f_i16[] = {{"m_value", "System.Int16", PRIV, 0, 0}, {0}};
static const SimFieldDef f_u16[] = {{"m_value", "System.UInt16", PRIV, 0, 0}, {0}};
static const SimFieldDef f_i32[] = {{"m_value", "System.Int32", PRIV, 0, 0}, {0}};
static const SimFieldDef f_u32[] = {{"m_value", "System.UInt32", PRIV, 0, 0}, {0}};
static const SimFieldDef f_i64[] = {{"m_value", "System.Int64", PRIV, 0, 0}, {0}};
static const SimFieldDef f_u64[] = {{"m_value", "System.UInt64", PRIV, 0, 0}, {0}};
static const SimFieldDef f_r4[] = {{"m_value", "System.Single", PRIV, 0, 0}, {0}};
static const SimFieldDef f_r8[] = {{"m_value", "System.Double", PRIV, 0, 0}, {0}};
static const SimFieldDef f_intptr[] = {{"m_value", "System.Void*", PRIV, 0, 0}, {0}};
static const SimFieldDef f_uintptr[] = {{"_pointer", "System.Void*", PRIV, 0, 0}, {0}};

static const SimFieldDef f_decimal[] = {
    {"flags", "System.Int32", PRIV, offsetof(SimDecimal, flags), 0},
    {"hi", "System.Int32", PRIV, offsetof(SimDecimal, hi), 0},
    {"lo", "System.Int32", PRIV, offsetof(SimDecimal, lo), 0},
    {"mid", "System.Int32", PRIV, offsetof(SimDecimal, mid), 0},
    {0}};

/* IntPtr for RuntimeTypeHandle: the simulated corlib has no such type */
static const SimFieldDef f_typedref[] = {
    {"type", "System.IntPtr", SIM_FIELD_ASSEMBLY, offsetof(SimTypedReference, type), 0},
    {"Value", "System.IntPtr", SIM_FIELD_ASSEMBLY, offsetof(SimTypedReference, value), 0},
    {"Type", "System.IntPtr", SIM_FIELD_ASSEMBLY, offsetof(SimTypedReference, klass), 0},
    {0}};

static const SimFieldDef f_string[] = {
    {"m_stringLength", "System.Int32", PRIV, offsetof(Il2CppString, length), 0},
    {"m_firstChar", "System.Char", PRIV, offsetof(Il2CppString, chars), 0},
    {"Empty", "System.String",
     FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_STATIC | FIELD_ATTRIBUTE_INIT_ONLY,
     offsetof(SimStringStatics, Empty), 0},
    {0}};

/* A generic definition is not laid out (libil2cpp skips it). */
/* in the declaration order of the configured corlib (sim_fixtures.h) */
static const SimFieldDef f_nullable_def[] = {
#if SIM_NULLABLE_HASVALUE_FIRST
    {SIM_NULLABLE_HAS_VALUE_NAME, "System.Boolean", SIM_NULLABLE_HAS_VALUE_FLAGS, 0, 0},
    {SIM_NULLABLE_VALUE_NAME, "T", SIM_FIELD_ASSEMBLY, 0, 0},
#else
    {SIM_NULLABLE_VALUE_NAME, "T", SIM_FIELD_ASSEMBLY, 0, 0},
    {SIM_NULLABLE_HAS_VALUE_NAME, "System.Boolean", SIM_NULLABLE_HAS_VALUE_FLAGS, 0, 0},
#endif
    {0}};

static const SimFieldDef f_exception[] = {
    {"_className", "System.String", SIM_FIELD_ASSEMBLY,
     offsetof(SimException, _className), 0},
    {"_message", "System.String", SIM_FIELD_ASSEMBLY,
     offsetof(SimException, _message), 0},
    {"_innerException", "System.Exception", SIM_FIELD_ASSEMBLY,
     offsetof(SimException, _innerException), 0},
    {0}};

/* Unity's corlib Delegate.cs, whose fields libil2cpp's Il2CppDelegate
 * mirrors (SimDelegate); method_info / data are typed object here (the
 * simulated corlib has no System.Reflection.MethodInfo, DelegateData) */
#define DELEGATE_FIELD(n, t, member) {(n), (t), PRIV, offsetof(SimDelegate, member), 0}
static const SimFieldDef f_delegate[] = {
    DELEGATE_FIELD("method_ptr", "System.IntPtr", method_ptr),
    DELEGATE_FIELD("invoke_impl", "System.IntPtr", invoke_impl),
    DELEGATE_FIELD("m_target", "System.Object", target),
    DELEGATE_FIELD("method", "System.IntPtr", method),
    DELEGATE_FIELD("delegate_trampoline", "System.IntPtr", delegate_trampoline),
    DELEGATE_FIELD("extra_arg", "System.IntPtr", extra_arg),
    DELEGATE_FIELD("method_code", "System.IntPtr", invoke_impl_this),
    DELEGATE_FIELD("interp_method", "System.IntPtr", interp_method),
    DELEGATE_FIELD("interp_invoke_impl", "System.IntPtr", interp_invoke_impl),
    DELEGATE_FIELD("method_info", "System.Object", method_info),
    DELEGATE_FIELD("original_method_info", "System.Object", original_method_info),
    DELEGATE_FIELD("data", "System.Object", data),
    DELEGATE_FIELD("method_is_virtual", "System.Boolean", method_is_virtual),
    {0}};

static const SimFieldDef f_multicast_delegate[] = {
    {"delegates", "System.Delegate[]", PRIV, offsetof(SimMulticastDelegate, delegates), 0},
    {0}};

/* a generic delegate definition: instances come from sim_delegates_init */
#define GENERIC_DELEGATE(n)                                                   \
    {.ns = "System", .name = (n), .kind = SIM_KIND_CLASS,                     \
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE, \
     .parent = "System.MulticastDelegate", .size = sizeof(SimMulticastDelegate)}

#define EXCEPTION(n, parent_)                                                 \
    {.ns = "System", .name = (n), .kind = SIM_KIND_CLASS,                     \
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,                  \
     .parent = (parent_), .size = sizeof(SimException),                       \
     .methods = {sim_methods_exception_subclass}}

const SimClassDef sim_catalog_corlib[] = {
    {.ns = "System", .name = "Object", .kind = SIM_KIND_CLASS,
     .type = IL2CPP_TYPE_OBJECT, .parent = "",
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_object}},
    {.ns = "System", .name = "ValueType", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_value_type}},
    {.ns = "System", .name = "Enum", .kind = SIM_KIND_CLASS,
     .parent = "System.ValueType",
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_enum}},
    {.ns = "System", .name = "String", .kind = SIM_KIND_CLASS,
     .type = IL2CPP_TYPE_STRING,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppString), .static_size = sizeof(SimStringStatics),
     .interfaces = {"System.Collections.Generic.IEnumerable`1[System.Char]",
                    "System.Collections.IEnumerable"},
     .fields = f_string, .methods = {sim_methods_string, sim_methods_string_enumerable},
     .properties = sim_props_string},
    /* System.Void: a struct without fields, size 1 */
    {.ns = "System", .name = "Void", .kind = SIM_KIND_STRUCT,
     .type = IL2CPP_TYPE_VOID, .flags = SEALED_STRUCT, .size = 1, .align = 1},
    PRIMITIVE_M("Boolean", IL2CPP_TYPE_BOOLEAN, bool, f_bool, sim_methods_boolean),
    PRIMITIVE("Char", IL2CPP_TYPE_CHAR, Il2CppChar, f_char),
    PRIMITIVE("SByte", IL2CPP_TYPE_I1, int8_t, f_sbyte),
    PRIMITIVE("Byte", IL2CPP_TYPE_U1, uint8_t, f_byte),
    PRIMITIVE("Int16", IL2CPP_TYPE_I2, int16_t, f_i16),
    PRIMITIVE("UInt16", IL2CPP_TYPE_U2, uint16_t, f_u16),
    PRIMITIVE_M("Int32", IL2CPP_TYPE_I4, int32_t, f_i32, sim_methods_int32),
    PRIMITIVE("UInt32", IL2CPP_TYPE_U4, uint32_t, f_u32),
    PRIMITIVE_M("Int64", IL2CPP_TYPE_I8, int64_t, f_i64, sim_methods_int64),
    PRIMITIVE("UInt64", IL2CPP_TYPE_U8, uint64_t, f_u64),
    PRIMITIVE("Single", IL2CPP_TYPE_R4, float, f_r4),
    PRIMITIVE("Double", IL2CPP_TYPE_R8, double, f_r8),
    PRIMITIVE("IntPtr", IL2CPP_TYPE_I, intptr_t, f_intptr),
    PRIMITIVE("UIntPtr", IL2CPP_TYPE_U, uintptr_t, f_uintptr),
    {.ns = "System", .name = "Decimal", .kind = SIM_KIND_STRUCT,
     .flags = SEALED_STRUCT, .size = sizeof(SimDecimal),
     .align = alignof(SimDecimal), .fields = f_decimal},
    /* its element type is TYPEDBYREF, not VALUETYPE (as in IL2CPP): a
     * slot of it is unsupported (the default marshal rules) */
    {.ns = "System", .name = "TypedReference", .kind = SIM_KIND_STRUCT,
     .type = IL2CPP_TYPE_TYPEDBYREF, .flags = SEALED_STRUCT,
     .size = sizeof(SimTypedReference), .align = alignof(SimTypedReference),
     .fields = f_typedref},
    {.ns = "System", .name = "Array", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IList", "System.Collections.ICollection",
                    "System.Collections.IEnumerable"},
     .methods = {sim_methods_array}, .properties = sim_props_array},
    {.ns = "", .name = "ArrayEnumerator", .declaring = "System.Array", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimArrayEnum), .interfaces = {"System.Collections.IEnumerator"},
     .methods = {sim_methods_array_enum}},
    /* System.Type and the runtime's RuntimeType, whose objects
     * il2cpp_type_get_object hands out (R-GEN-1's zlua.typeof) */
    {.ns = "System", .name = "Type", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimReflectionType), .methods = {sim_methods_type},
     .properties = sim_props_type},
    {.ns = "System", .name = "RuntimeType", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE, .parent = "System.Type",
     .size = sizeof(SimReflectionType)},
    {.ns = "System", .name = "Attribute", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_attribute}},
    /* what the C# compiler puts on every ref struct (sim_catalog_tests.c);
     * libzlua looks it up in the corlib (Unity 2021+ corlibs have it) */
    {.ns = "System.Runtime.CompilerServices", .name = "IsByRefLikeAttribute",
     .kind = SIM_KIND_CLASS, .parent = "System.Attribute",
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject)},   /* members: none that libzlua reads */
    /* [Extension]: what the C# compiler puts on extension methods and
     * on the static classes declaring them */
    {.ns = "System.Runtime.CompilerServices", .name = "ExtensionAttribute",
     .kind = SIM_KIND_CLASS, .parent = "System.Attribute",
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject)},
    /* [ParamArray]: what the C# compiler puts on a `params T[]` parameter */
    {.ns = "System", .name = "ParamArrayAttribute",
     .kind = SIM_KIND_CLASS, .parent = "System.Attribute",
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject)},
    /* the generic definition; instances come from sim_nullable_of */
    {.ns = "System", .name = "Nullable`1", .kind = SIM_KIND_STRUCT,
     .flags = SEALED_STRUCT, .size = 0, .align = 1, .fields = f_nullable_def},
    {.ns = "System", .name = "Exception", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimException), .fields = f_exception,
     .methods = {sim_methods_exception}, .properties = sim_props_exception},
    {.ns = "System", .name = "Delegate", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimDelegate), .fields = f_delegate,
     .methods = {sim_methods_delegate}},
    {.ns = "System", .name = "MulticastDelegate", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_SERIALIZABLE,
     .parent = "System.Delegate", .size = sizeof(SimMulticastDelegate),
     .fields = f_multicast_delegate},
    {.ns = "System", .name = "IAsyncResult", .kind = SIM_KIND_INTERFACE,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT,
     .size = sizeof(Il2CppObject)},
    {.ns = "System", .name = "AsyncCallback", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE,
     .parent = "System.MulticastDelegate", .size = sizeof(SimMulticastDelegate),
     .methods = {sim_methods_async_callback}},
    GENERIC_DELEGATE("Action`1"),
    GENERIC_DELEGATE("Func`2"),
    EXCEPTION("SystemException", "System.Exception"),
    EXCEPTION("InvalidOperationException", "System.SystemException"),
    EXCEPTION("ArgumentException", "System.SystemException"),
    EXCEPTION("ArgumentNullException", "System.ArgumentException"),
    EXCEPTION("NullReferenceException", "System.SystemException"),
    EXCEPTION("FormatException", "System.SystemException"),
    EXCEPTION("IndexOutOfRangeException", "System.SystemException"),
    EXCEPTION("InvalidCastException", "System.SystemException"),
    EXCEPTION("ArithmeticException", "System.SystemException"),
    EXCEPTION("OverflowException", "System.ArithmeticException"),
    EXCEPTION("ArgumentOutOfRangeException", "System.ArgumentException"),
    EXCEPTION("TypeInitializationException", "System.SystemException"),
    EXCEPTION("OutOfMemoryException", "System.SystemException"),
    EXCEPTION("NotSupportedException", "System.SystemException"),
    EXCEPTION("PlatformNotSupportedException", "System.NotSupportedException"),
    EXCEPTION("ExecutionEngineException", "System.SystemException"),
    /* an internal call nobody registered (sim_icalls.c) */
    EXCEPTION("MemberAccessException", "System.SystemException"),
    EXCEPTION("MissingMemberException", "System.MemberAccessException"),
    EXCEPTION("MissingMethodException", "System.MissingMemberException"),
    {.name = NULL}};
