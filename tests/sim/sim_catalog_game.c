/*
 * sim_catalog_game.c -- Assembly-CSharp: the fixture types, in the
 * order of its C# (the [LuaMarshalAs] types are ZLua.Common's:
 * sim_catalog_common.c).
 *
 * Offsets and sizes come from the C structs of sim_fixtures.h.  Private
 * members the C# compiler would emit are present too: Player's auto-
 * property backing field, and Demo's static storage behind SetColor /
 * GetColor and FooUnpacked / FooTable / GetPos.
 */
#include <stdalign.h>
#include <stddef.h>

#include "sim_catalog.h"
#include "sim_fixtures.h"
#include "sim_tables.h"

#define PUB FIELD_ATTRIBUTE_PUBLIC
#define STRUCT_FLAGS                                                          \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SEQUENTIAL |     \
     SIM_TYPE_BEFORE_FIELD_INIT)
#define ENUM_FLAGS (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED)

/* enum constants: name, type (the enum), value */
#define LITERAL(n, t, v) {(n), (t), SIM_F_LITERAL, 0, (v)}

static const SimFieldDef f_color[] = {
    LITERAL("Red", "MyGame.Color", 0), LITERAL("Green", "MyGame.Color", 1),
    LITERAL("Blue", "MyGame.Color", 2), {0}};
static const SimFieldDef f_small[] = {
    LITERAL("A", "MyGame.Small", 1), LITERAL("B", "MyGame.Small", 200), {0}};
static const SimFieldDef f_wide[] = {
    LITERAL("Big", "MyGame.Wide", INT64_C(1) << 40), {0}};

static const SimFieldDef f_point2d[] = {
    {"x", "System.Single", PUB, offsetof(SimPoint2D, x), 0},
    {"y", "System.Single", PUB, offsetof(SimPoint2D, y), 0},
    {"Created", "System.Int32", SIM_F_STATIC, offsetof(SimPoint2DStatics, Created), 0},
    {0}};

static const SimFieldDef f_line[] = {
    {"a", "MyGame.Point2D", PUB, offsetof(SimLine, a), 0},
    {"b", "MyGame.Point2D", PUB, offsetof(SimLine, b), 0},
    {0}};

static const SimFieldDef f_tagged[] = {
    {"id", "System.Int32", PUB, offsetof(SimTagged, id), 0},
    {"name", "System.String", PUB, offsetof(SimTagged, name), 0},
    {"payload", "System.Object", PUB, offsetof(SimTagged, payload), 0},
    {0}};

static const SimFieldDef f_mydto[] = {
    {"X", "System.Int32", PUB, offsetof(SimMyDto, X), 0},
    {"Y", "System.Int32", PUB, offsetof(SimMyDto, Y), 0},
    {"Tag", "System.String", PUB, offsetof(SimMyDto, Tag), 0},
    {0}};

static const char *const mydto_members[] = {"X", "Y", "Tag?"};
static const SimAttrDef a_mydto[] = {
    {"ZLua.LuaMarshalAsAttribute", SIM_MARSHAL_TABLE, mydto_members,
     (int)(sizeof mydto_members / sizeof mydto_members[0])},
    {NULL, 0, NULL, 0}};

static const SimFieldDef f_vector2[] = {
    {"X", "System.Single", PUB, offsetof(SimVector2, X), 0},
    {"Y", "System.Single", PUB, offsetof(SimVector2, Y), 0},
    {0}};

static const SimFieldDef f_player[] = {
    {"Name", "System.String", PUB, offsetof(SimPlayer, Name), 0},
    {"Hp", "System.Int32", PUB, offsetof(SimPlayer, Hp), 0},
    {"Pos", "MyGame.Point2D", PUB, offsetof(SimPlayer, Pos), 0},
    {"Count", "System.Int32", SIM_F_STATIC, offsetof(SimPlayerStatics, Count), 0},
    {"<Level>k__BackingField", "System.Int32", SIM_FIELD_PRIVATE,
     offsetof(SimPlayer, level), 0},
    {0}};

static const SimFieldDef f_demo[] = {
    {"s_color", "MyGame.Color", SIM_F_PRIVATE_STATIC,
     offsetof(SimDemoStatics, s_color), 0},
    {"s_pos", "MyGame.Vector2", SIM_F_PRIVATE_STATIC,
     offsetof(SimDemoStatics, s_pos), 0},
    {"Log", "System.String", SIM_F_STATIC, offsetof(SimDemoStatics, Log), 0},
    {0}};

static const SimFieldDef f_counter[] = {
    {"Value", "System.Int32", PUB, offsetof(SimCounter, Value), 0},
    /* the event's backing field: private, named like the event */
    {"Changed", "System.Action`1[System.Int32]", SIM_FIELD_PRIVATE,
     offsetof(SimCounter, Changed), 0},
    {0}};

static const SimFieldDef f_node[] = {
    {"Next", "MyGame.Node", PUB, offsetof(SimNode, Next), 0},
    {"Name", "System.String", PUB, offsetof(SimNode, Name), 0},
    {0}};

static const SimFieldDef f_adder_closure[] = {
    {"k", "System.Int32", PUB, offsetof(SimAdderClosure, k), 0},
    {0}};

#define F_PUBLIC_STATIC_READONLY (SIM_F_STATIC | FIELD_ATTRIBUTE_INIT_ONLY)
static const SimFieldDef f_demo_lambdas[] = {
    {"<>9", "Demo+<>c", F_PUBLIC_STATIC_READONLY,
     offsetof(SimDemoLambdasStatics, instance), 0},
    {"<>9__1_0", "System.Action`1[System.String]", SIM_F_STATIC,
     offsetof(SimDemoLambdasStatics, logger), 0},
    {0}};

static const SimFieldDef f_config[] = {
    {"Loaded", "System.Boolean", SIM_F_STATIC, offsetof(SimConfigStatics, Loaded), 0},
    {"Version", "System.Int32", SIM_F_STATIC, offsetof(SimConfigStatics, Version), 0},
    {"Inits", "System.Int32", SIM_F_STATIC, offsetof(SimConfigStatics, Inits), 0},
    {0}};

static const SimFieldDef f_hooks[] = {
    {"OnInit", "System.Func`2[System.Int32,System.Int32]", SIM_F_STATIC,
     offsetof(SimHooksStatics, OnInit), 0},
    {NULL, NULL, 0, 0, 0}};

static const SimFieldDef f_reentrant[] = {
    {"Value", "System.Int32", SIM_F_STATIC, offsetof(SimReentrantStatics, Value), 0},
    {NULL, NULL, 0, 0, 0}};

static const SimFieldDef f_broken[] = {
    {"Value", "System.Int32", SIM_F_STATIC, offsetof(SimBrokenStatics, Value), 0},
    {0}};

static const SimFieldDef f_fragile[] = {
    {"v", "System.Int32", PUB, offsetof(SimFragile, v), 0},
    {0}};

static const SimFieldDef f_shape[] = {
    {"Label", "System.String", PUB, offsetof(SimShape, Label), 0},
    {0}};

static const SimFieldDef f_circle[] = {
    {"R", "System.Single", PUB, offsetof(SimCircle, R), 0},
    {0}};

static const SimFieldDef f_bag[] = {
    {"Name", "System.String", PUB, offsetof(SimBag, Name), 0},
    {0}};

/* C# marks a class declaring extension methods, and each of them */
static const SimAttrDef a_extension[] = {
    {"System.Runtime.CompilerServices.ExtensionAttribute", 0, NULL, 0},
    {NULL, 0, NULL, 0}};

#define STRUCT(n, ctype)                                                      \
    .ns = "MyGame", .name = (n), .kind = SIM_KIND_STRUCT, .flags = STRUCT_FLAGS, \
    .size = sizeof(ctype), .align = alignof(ctype)

const SimClassDef sim_catalog_game[] = {
    {.ns = "MyGame", .name = "Color", .kind = SIM_KIND_ENUM, .flags = ENUM_FLAGS,
     .enum_base = "System.Int32", .fields = f_color},
    {.ns = "MyGame", .name = "Small", .kind = SIM_KIND_ENUM, .flags = ENUM_FLAGS,
     .enum_base = "System.Byte", .fields = f_small},
    {.ns = "MyGame", .name = "Wide", .kind = SIM_KIND_ENUM, .flags = ENUM_FLAGS,
     .enum_base = "System.Int64", .fields = f_wide},
    {STRUCT("Point2D", SimPoint2D), .static_size = sizeof(SimPoint2DStatics),
     .fields = f_point2d, .methods = {sim_methods_point2d},
     .properties = sim_props_point2d},
    {STRUCT("Line", SimLine), .fields = f_line},
    {STRUCT("Tagged", SimTagged), .fields = f_tagged,
     .methods = {sim_methods_tagged}},
    {STRUCT("MyDto", SimMyDto), .fields = f_mydto, .attrs = a_mydto},
    {STRUCT("Vector2", SimVector2), .fields = f_vector2,
     .methods = {sim_methods_vector2}, .properties = sim_props_vector2},
    {.ns = "MyGame", .name = "IShape", .kind = SIM_KIND_INTERFACE,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_ishape}},
    {.ns = "MyGame", .name = "Player", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimPlayer), .static_size = sizeof(SimPlayerStatics),
     .interfaces = {"MyGame.IShape"}, .fields = f_player,
     .methods = {sim_methods_player}, .properties = sim_props_player},
    /* public static class Demo: abstract sealed, in the global namespace */
    {.ns = "", .name = "Demo", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT |
              TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimDemoStatics),
     .fields = f_demo, .cctor = sim_demo_cctor,
     .methods = {sim_methods_demo, sim_methods_demo_ic, sim_methods_demo_rt,
                 sim_methods_demo_delegates, sim_methods_demo_m2,
                 sim_methods_demo_generic, sim_methods_demo_coll,
                 sim_methods_demo_marshal}},
    /* the classes C# generates for Demo's lambdas: private sealed nested
     * types ([CompilerGenerated] is not modelled) */
    {.ns = "", .name = "<>c__DisplayClass0_0", .declaring = "Demo",
     .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimAdderClosure), .fields = f_adder_closure,
     .methods = {sim_methods_adder_closure}},
    {.ns = "", .name = "<>c", .declaring = "Demo", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE |
              SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimDemoLambdasStatics),
     .fields = f_demo_lambdas, .methods = {sim_methods_demo_lambdas},
     .cctor = sim_demo_lambdas_cctor},
    /* Demo's internal calls into Lua: an internal static class */
    {.ns = "", .name = "DemoLua", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_demo_lua}},
    /* C# -> Lua calls declared in C# ([LuaInvoke], R-IC-3) */
    {.ns = "MyGame", .name = "LuaCalls", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED |
              SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_lua_calls}},
    /* static constructors: no beforefieldinit, so they run exactly at the
     * first access (C# types with an explicit static constructor) */
    {.ns = "MyGame", .name = "Config", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimConfigStatics),
     .fields = f_config, .methods = {sim_methods_config}, .cctor = sim_config_cctor},
    {.ns = "MyGame", .name = "Broken", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC, .size = sizeof(Il2CppObject),
     .static_size = sizeof(SimBrokenStatics), .fields = f_broken,
     .methods = {sim_methods_broken}, .cctor = sim_broken_cctor},
    /* a static constructor that calls into Lua (through Hooks.OnInit)
     * before it fails */
    {.ns = "MyGame", .name = "Hooks", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED |
              SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimHooksStatics), .fields = f_hooks},
    {.ns = "MyGame", .name = "Reentrant", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimReentrantStatics),
     .fields = f_reentrant, .methods = {sim_methods_reentrant}, .cctor = sim_reentrant_cctor},
    {STRUCT("Fragile", SimFragile), .fields = f_fragile,
     .methods = {sim_methods_fragile}},
    /* second milestone: an abstract base with a virtual and an abstract
     * method, and a derived class overriding both */
    {.ns = "MyGame", .name = "Shape", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimShape), .interfaces = {"MyGame.IShape"}, .fields = f_shape,
     .methods = {sim_methods_shape}},
    {.ns = "MyGame", .name = "Circle", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .parent = "MyGame.Shape", .size = sizeof(SimCircle), .fields = f_circle,
     .methods = {sim_methods_circle}},
    /* public delegate int IntOp(int a, int b); */
    {.ns = "MyGame", .name = "IntOp", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .parent = "System.MulticastDelegate", .size = sizeof(SimMulticastDelegate),
     .methods = {sim_methods_intop}},
    {.ns = "MyGame", .name = "Counter", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimCounter), .fields = f_counter, .methods = {sim_methods_counter}},
    {.ns = "MyGame", .name = "Node", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimNode), .fields = f_node, .methods = {sim_methods_node}},
    /* the everyday C# surface: indexers, extension methods */
    {.ns = "MyGame", .name = "Bag", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimBag), .fields = f_bag, .methods = {sim_methods_bag},
     .properties = sim_props_bag},
    {.ns = "MyGame", .name = "PlayerExt", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT |
              TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_player_ext},
     .attrs = a_extension},
    {.name = NULL}};
