/*
 * sim_bodies_luacalls.c -- MyGame.LuaCalls: C# -> Lua calls declared in
 * C# with [LuaInvoke] (R-IC-3).  Each `static extern` InternalCall method
 * has the body IL2CPP generates for one: it resolves the internal call
 * registered under its name (the generated IC stub, registered by
 * zlua_ic_register) and calls it with the method's arguments, no
 * MethodInfo; with none registered it raises MissingMethodException.
 */
#include "sim_fixtures.h"
#include "sim_internal.h"
#include "sim_invokers.h"
#include "sim_tables.h"

/* [LuaInvoke] static extern float OnPointSum(Point2D p) */
static float lc_on_point_sum(SimPoint2D p, const MethodInfo *method)
{
    (void)method;
    typedef float (*Fn)(SimPoint2D);
    return ((Fn)sim_icall("MyGame.LuaCalls::OnPointSum"))(p);
}

/* [LuaInvoke("OnIntSlot")] static extern void OnRefInt(ref int slot) */
static void lc_on_ref_int(int32_t *slot, const MethodInfo *method)
{
    (void)method;
    typedef void (*Fn)(int32_t *);
    ((Fn)sim_icall("MyGame.LuaCalls::OnRefInt"))(slot);
}

/* [LuaInvoke("OnMix")] static extern double Mix(int a, float b, long c, double d) */
static double lc_mix(int32_t a, float b, int64_t c, double d, const MethodInfo *method)
{
    (void)method;
    typedef double (*Fn)(int32_t, float, int64_t, double);
    return ((Fn)sim_icall("MyGame.LuaCalls::Mix"))(a, b, c, d);
}

/* [LuaInvoke("OnPointRef")] static extern float PointRef(ref Point2D p) */
static float lc_point_ref(SimPoint2D *p, const MethodInfo *method)
{
    (void)method;
    typedef float (*Fn)(SimPoint2D *);
    return ((Fn)sim_icall("MyGame.LuaCalls::PointRef"))(p);
}

/* [LuaInvoke("OnName")] static extern int NameLength(string s) */
static int32_t lc_name_length(Il2CppString *s, const MethodInfo *method)
{
    (void)method;
    typedef int32_t (*Fn)(Il2CppString *);
    return ((Fn)sim_icall("MyGame.LuaCalls::NameLength"))(s);
}

/* public static float PointSumOf(float x, float y) */
static float lc_point_sum_of(float x, float y, const MethodInfo *method)
{
    (void)method;
    SimPoint2D p = {x, y};
    return lc_on_point_sum(p, NULL);
}

/* [LuaInvoke("OnMakePoint")] static extern Point2D MakePoint(float x, float y) */
static SimPoint2D lc_make_point(float x, float y, const MethodInfo *method)
{
    (void)method;
    typedef SimPoint2D (*Fn)(float, float);
    return ((Fn)sim_icall("MyGame.LuaCalls::MakePoint"))(x, y);
}

/* public static float MakePointSum(float x, float y) */
static float lc_make_point_sum(float x, float y, const MethodInfo *method)
{
    (void)method;
    SimPoint2D p = lc_make_point(x, y, NULL);
    return p.x + p.y;
}

/* [LuaInvoke("OnLine")] static extern float LineCall(Line l) */
static float lc_line_call(SimLine l, const MethodInfo *method)
{
    (void)method;
    typedef float (*Fn)(SimLine);
    return ((Fn)sim_icall("MyGame.LuaCalls::LineCall"))(l);
}

/* [LuaInvoke("OnDto")] static extern int DtoCall(MyDto d) */
static int32_t lc_dto_call(SimMyDto d, const MethodInfo *method)
{
    (void)method;
    typedef int32_t (*Fn)(SimMyDto);
    return ((Fn)sim_icall("MyGame.LuaCalls::DtoCall"))(d);
}

/* public static float StructsOf(float ax, float by, string tag) */
static float lc_structs_of(float ax, float by, Il2CppString *tag, const MethodInfo *method)
{
    (void)method;
    SimLine l = {{ax, 2}, {3, by}};
    SimMyDto d = {5, 6, tag};
    return lc_line_call(l, NULL) + (float)lc_dto_call(d, NULL);
}

/* [LuaInvoke("OnMakeLine")] static extern Line MakeLine(float s) */
static SimLine lc_make_line(float v, const MethodInfo *method)
{
    (void)method;
    typedef SimLine (*Fn)(float);
    return ((Fn)sim_icall("MyGame.LuaCalls::MakeLine"))(v);
}

/* [LuaInvoke("OnMakeDto")] static extern MyDto MakeDto(int x) */
static SimMyDto lc_make_dto(int32_t x, const MethodInfo *method)
{
    (void)method;
    typedef SimMyDto (*Fn)(int32_t);
    return ((Fn)sim_icall("MyGame.LuaCalls::MakeDto"))(x);
}

/* [LuaInvoke("OnMakeTagged")] static extern Tagged MakeTagged(int id) */
static SimTagged lc_make_tagged(int32_t id, const MethodInfo *method)
{
    (void)method;
    typedef SimTagged (*Fn)(int32_t);
    return ((Fn)sim_icall("MyGame.LuaCalls::MakeTagged"))(id);
}

/* public static float StructResults(float s, int x) */
static float lc_struct_results(float v, int32_t x, const MethodInfo *method)
{
    (void)method;
    SimLine l = lc_make_line(v, NULL);
    SimMyDto d = lc_make_dto(x, NULL);
    SimTagged t = lc_make_tagged(x, NULL);
    return l.a.x + l.a.y + l.b.x + l.b.y + (float)(d.X + d.Y + il2cpp_string_length(d.Tag) +
                                                   t.id + il2cpp_string_length(t.name));
}

/* [LuaInvoke("OnTaggedArg")] static extern int TaggedArg(Tagged t) */
static int32_t lc_tagged_arg(SimTagged t, const MethodInfo *method)
{
    (void)method;
    typedef int32_t (*Fn)(SimTagged);
    return ((Fn)sim_icall("MyGame.LuaCalls::TaggedArg"))(t);
}

/* public static int TaggedArgOf(int id) */
static int32_t lc_tagged_arg_of(int32_t id, const MethodInfo *method)
{
    (void)method;
    SimTagged t = {id, sim_literal("tag"), NULL};
    return lc_tagged_arg(t, NULL);
}

/* public static int RefInt(int start) */
static int32_t lc_ref_int(int32_t start, const MethodInfo *method)
{
    (void)method;
    int32_t slot = start;
    lc_on_ref_int(&slot, NULL);
    return slot;
}

/* public static void Repeat(int n) */
static void lc_repeat(int32_t n, const MethodInfo *method)
{
    (void)method;
    SimPoint2D p = {1, 2};
    int32_t slot = 0;
    for (int32_t i = 0; i < n; i++) {
        (void)lc_on_point_sum(p, NULL);
        lc_on_ref_int(&slot, NULL);
    }
}

/* public static Point2D PointRefMoved(float x, float y) */
static SimPoint2D lc_point_ref_moved(float x, float y, const MethodInfo *method)
{
    (void)method;
    SimPoint2D slot = {x, y};
    float r = lc_point_ref(&slot, NULL);
    slot.x += r;
    return slot;
}

/* public static void RepeatScalar(int n) */
static void lc_repeat_scalar(int32_t n, const MethodInfo *method)
{
    (void)method;
    SimPoint2D p = {1, 2};
    int32_t slot = 0;
    for (int32_t i = 0; i < n; i++) {
        (void)lc_mix(1, 2.5f, 3, 4.25, NULL);
        (void)lc_point_ref(&p, NULL);
        lc_on_ref_int(&slot, NULL);
    }
}

#define LUA_INVOKE "ZLua.LuaInvokeAttribute"
#define EXTERN(n, lua, r, f, inv, ...)                                          \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},    \
     .body = SIM_BODY(f), .invoker = (inv), .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL, \
     .attr = LUA_INVOKE, .attr_text = (lua)}

const SimMethodDef sim_methods_lua_calls[] = {
    EXTERN("OnPointSum", NULL, "System.Single", lc_on_point_sum, sim_inv_r4_P,
           {"MyGame.Point2D", "p"}),
    EXTERN("OnRefInt", "OnIntSlot", "System.Void", lc_on_ref_int, sim_inv_v_pi4,
           {"ref System.Int32", "slot"}),
    EXTERN("Mix", "OnMix", "System.Double", lc_mix, sim_inv_r8_i4_r4_i8_r8,
           {"System.Int32", "a"}, {"System.Single", "b"}, {"System.Int64", "c"},
           {"System.Double", "d"}),
    EXTERN("PointRef", "OnPointRef", "System.Single", lc_point_ref, sim_inv_r4_pP,
           {"ref MyGame.Point2D", "p"}),
    EXTERN("NameLength", "OnName", "System.Int32", lc_name_length, sim_inv_i4_s,
           {"System.String", "s"}),
    EXTERN("MakePoint", "OnMakePoint", "MyGame.Point2D", lc_make_point, sim_inv_P_r4_r4,
           {"System.Single", "x"}, {"System.Single", "y"}),
    {.name = "MakePointSum", .flags = SIM_M_STATIC, .ret = "System.Single",
     .params = {{"System.Single", "x"}, {"System.Single", "y"}},
     .body = SIM_BODY(lc_make_point_sum), .invoker = sim_inv_r4_r4_r4},
    EXTERN("LineCall", "OnLine", "System.Single", lc_line_call, sim_inv_r4_L,
           {"MyGame.Line", "l"}),
    EXTERN("DtoCall", "OnDto", "System.Int32", lc_dto_call, sim_inv_i4_Dto,
           {"MyGame.MyDto", "d"}),
    {.name = "StructsOf", .flags = SIM_M_STATIC, .ret = "System.Single",
     .params = {{"System.Single", "ax"}, {"System.Single", "by"}, {"System.String", "tag"}},
     .body = SIM_BODY(lc_structs_of), .invoker = sim_inv_r4_r4_r4_s},
    EXTERN("MakeLine", "OnMakeLine", "MyGame.Line", lc_make_line, sim_inv_L_r4,
           {"System.Single", "s"}),
    EXTERN("MakeDto", "OnMakeDto", "MyGame.MyDto", lc_make_dto, sim_inv_Dto_i4,
           {"System.Int32", "x"}),
    EXTERN("MakeTagged", "OnMakeTagged", "MyGame.Tagged", lc_make_tagged, sim_inv_T_i4,
           {"System.Int32", "id"}),
    {.name = "StructResults", .flags = SIM_M_STATIC, .ret = "System.Single",
     .params = {{"System.Single", "s"}, {"System.Int32", "x"}},
     .body = SIM_BODY(lc_struct_results), .invoker = sim_inv_r4_r4_i4},
    EXTERN("TaggedArg", "OnTaggedArg", "System.Int32", lc_tagged_arg, sim_inv_i4_T,
           {"MyGame.Tagged", "t"}),
    {.name = "TaggedArgOf", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Int32", "id"}}, .body = SIM_BODY(lc_tagged_arg_of),
     .invoker = sim_inv_i4_i4},
    {.name = "PointSumOf", .flags = SIM_M_STATIC, .ret = "System.Single",
     .params = {{"System.Single", "x"}, {"System.Single", "y"}},
     .body = SIM_BODY(lc_point_sum_of), .invoker = sim_inv_r4_r4_r4},
    {.name = "RefInt", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Int32", "start"}}, .body = SIM_BODY(lc_ref_int),
     .invoker = sim_inv_i4_i4},
    {.name = "Repeat", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(lc_repeat),
     .invoker = sim_inv_v_i4},
    {.name = "PointRefMoved", .flags = SIM_M_STATIC, .ret = "MyGame.Point2D",
     .params = {{"System.Single", "x"}, {"System.Single", "y"}},
     .body = SIM_BODY(lc_point_ref_moved), .invoker = sim_inv_P_r4_r4},
    {.name = "RepeatScalar", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(lc_repeat_scalar),
     .invoker = sim_inv_v_i4},
    {.name = NULL}};
