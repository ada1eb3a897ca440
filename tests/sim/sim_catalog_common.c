/*
 * sim_catalog_common.c -- the assembly "ZLua.Common" (image
 * "ZLua.Common.dll"): the attribute scripts' C# uses to override how a
 * slot marshals ([LuaMarshalAs]), in an assembly of its own as the game links it,
 * with the shape C# gives it:
 *
 *   namespace ZLua {
 *     public enum LuaMarshalType { Default, UserData, Bytes, OpaqueValue,
 *                                  UnpackedValues, Table }
 *     [AttributeUsage(...)]
 *     public sealed class LuaMarshalAsAttribute : Attribute {
 *       readonly LuaMarshalType luaMarshalType;
 *       public LuaMarshalAsAttribute(LuaMarshalType luaMarshalType = LuaMarshalType.Default);
 *       public LuaMarshalType LuaMarshalType { get; }
 *       public string[] Members { get; set; }
 *     }
 *     [AttributeUsage(AttributeTargets.Method, Inherited = false)]
 *     public sealed class LuaInvokeAttribute : Attribute {
 *       readonly string name;
 *       public LuaInvokeAttribute();
 *       public LuaInvokeAttribute(string name);
 *       public string Name { get; }
 *     }
 *     [AttributeUsage(AttributeTargets.Method, Inherited = false)]
 *     public sealed class LuaInvokeByNameAttribute : Attribute { }
 *   }
 */
#include <stddef.h>

#include "sim_catalog.h"
#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define LITERAL(n, t, v) {(n), (t), SIM_F_LITERAL, 0, (v)}

static const SimFieldDef f_marshal_type[] = {
    LITERAL("Default", "ZLua.LuaMarshalType", SIM_MARSHAL_DEFAULT),
    LITERAL("UserData", "ZLua.LuaMarshalType", SIM_MARSHAL_USERDATA),
    LITERAL("Bytes", "ZLua.LuaMarshalType", SIM_MARSHAL_BYTES),
    LITERAL("OpaqueValue", "ZLua.LuaMarshalType", SIM_MARSHAL_OPAQUE_VALUE),
    LITERAL("UnpackedValues", "ZLua.LuaMarshalType", SIM_MARSHAL_UNPACKED_VALUES),
    LITERAL("Table", "ZLua.LuaMarshalType", SIM_MARSHAL_TABLE),
    {0}};

/* private: the readonly field and the auto-property's backing field */
static const SimFieldDef f_marshal_attr[] = {
    {"luaMarshalType", "ZLua.LuaMarshalType", SIM_FIELD_PRIVATE | FIELD_ATTRIBUTE_INIT_ONLY,
     offsetof(SimMarshalAsAttribute, luaMarshalType), 0},
    {"<Members>k__BackingField", "System.String[]", SIM_FIELD_PRIVATE,
     offsetof(SimMarshalAsAttribute, members), 0},
    {0}};

static void marshal_attr_ctor(void *self, int32_t value, const MethodInfo *m)
{
    (void)m;
    ((SimMarshalAsAttribute *)self)->luaMarshalType = value;
}

static int32_t marshal_attr_get_type(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimMarshalAsAttribute *)self)->luaMarshalType;
}

static Il2CppObject *marshal_attr_get_members(void *self, const MethodInfo *m)
{
    (void)m;
    return (Il2CppObject *)((SimMarshalAsAttribute *)self)->members;
}

static void marshal_attr_set_members(void *self, Il2CppObject *value, const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)&((SimMarshalAsAttribute *)self)->members, value);
}

/* `= LuaMarshalType.Default`: the constant 0 (an enum's constant is its
 * underlying integer; the blob a compressed int32) */
#define DEFAULT_I4_0 "\x00"

static const SimMethodDef sim_methods_marshal_attr[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"ZLua.LuaMarshalType", "luaMarshalType", "System.Int32", DEFAULT_I4_0}},
     .body = SIM_BODY(marshal_attr_ctor), .invoker = sim_inv_v_t_i4},
    {.name = "get_LuaMarshalType", .flags = SIM_M_GETSET, .ret = "ZLua.LuaMarshalType",
     .body = SIM_BODY(marshal_attr_get_type), .invoker = sim_inv_i4_t},
    {.name = "get_Members", .flags = SIM_M_GETSET, .ret = "System.String[]",
     .body = SIM_BODY(marshal_attr_get_members), .invoker = sim_inv_o_t},
    {.name = "set_Members", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.String[]", "value"}},
     .body = SIM_BODY(marshal_attr_set_members), .invoker = sim_inv_v_t_o},
    {.name = NULL}};

static const SimPropertyDef sim_props_marshal_attr[] = {
    {"LuaMarshalType", "get_LuaMarshalType", NULL},
    {"Members", "get_Members", "set_Members"},
    {NULL, NULL, NULL}};

/* [LuaInvoke] (R-IC-3): the Lua global a C#-declared IC method calls */
static const SimFieldDef f_invoke_attr[] = {
    {"name", "System.String", SIM_FIELD_PRIVATE | FIELD_ATTRIBUTE_INIT_ONLY,
     offsetof(SimLuaInvokeAttribute, name), 0},
    {0}};

static void invoke_attr_ctor(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
}

static void invoke_attr_ctor_name(void *self, Il2CppString *name, const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)&((SimLuaInvokeAttribute *)self)->name, name);
}

static Il2CppString *invoke_attr_get_name(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimLuaInvokeAttribute *)self)->name;
}

static const SimMethodDef sim_methods_invoke_attr[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(invoke_attr_ctor), .invoker = sim_inv_v_t},
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.String", "name"}},
     .body = SIM_BODY(invoke_attr_ctor_name), .invoker = sim_inv_v_t_s},
    {.name = "get_Name", .flags = SIM_M_GETSET, .ret = "System.String",
     .body = SIM_BODY(invoke_attr_get_name), .invoker = sim_inv_s_t},
    {.name = NULL}};

static const SimPropertyDef sim_props_invoke_attr[] = {
    {"Name", "get_Name", NULL},
    {NULL, NULL, NULL}};

/* [LuaInvokeByName]: a marker, its default constructor only */
static const SimMethodDef sim_methods_byname_attr[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(invoke_attr_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

const SimClassDef sim_catalog_common[] = {
    {.ns = "ZLua", .name = "LuaMarshalType", .kind = SIM_KIND_ENUM,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED, .enum_base = "System.Int32",
     .fields = f_marshal_type},
    {.ns = "ZLua", .name = "LuaMarshalAsAttribute", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .parent = "System.Attribute", .size = sizeof(SimMarshalAsAttribute),
     .fields = f_marshal_attr, .methods = {sim_methods_marshal_attr},
     .properties = sim_props_marshal_attr},
    {.ns = "ZLua", .name = "LuaInvokeAttribute", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .parent = "System.Attribute", .size = sizeof(SimLuaInvokeAttribute),
     .fields = f_invoke_attr, .methods = {sim_methods_invoke_attr},
     .properties = sim_props_invoke_attr},
    {.name = "LuaInvokeByNameAttribute", .ns = "ZLua", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .parent = "System.Attribute", .size = sizeof(Il2CppObject),
     .methods = {sim_methods_byname_attr}},
    {.name = NULL}};
