/*
 * sim_bodies_ic.c -- Demo's C#-calls-Lua methods (and ZLuaTests.Refs' and
 * Abi's), compiled as IL2CPP compiles their C#: each calls an internal
 * call its class declares ([LuaInvoke] for a fixed name, [LuaInvokeByName]
 * for one the caller passes), whose body resolves the code registered
 * under its name -- the generated IC stub, registered by zlua_ic_register
 * -- and calls it with the method's arguments; with none registered it
 * raises MissingMethodException.  No C# -> Lua call is written by hand.
 */
#include <string.h>

#include "zlua.h"

#include "sim_fixtures.h"
#include "sim_internal.h"
#include "sim_invokers.h"
#include "sim_tables.h"

/* ---- DemoLua: the internal calls (bodies as IL2CPP generates them) -------------- */

/* [LuaInvokeByName] static extern void WithPoint(string fn, Point2D p) */
static void dl_with_point(Il2CppString *fn, SimPoint2D p, const MethodInfo *m)
{
    (void)m;
    typedef void (*Fn)(Il2CppString *, SimPoint2D);
    ((Fn)sim_icall("DemoLua::WithPoint"))(fn, p);
}

/* [LuaInvokeByName] static extern void WithRef*(string fn, ref T slot):
 * one shape for every T (a byref is an address) */
typedef void (*sim_ic_ref_fn)(Il2CppString *, void *);
#define DL_WITH_REF(f, T, icall)                                         \
    static void f(Il2CppString *fn, T *slot, const MethodInfo *m)        \
    {                                                                    \
        (void)m;                                                         \
        ((void (*)(Il2CppString *, T *))sim_icall(icall))(fn, slot);     \
    }
DL_WITH_REF(dl_with_ref_point, SimPoint2D, "DemoLua::WithRefPoint")
DL_WITH_REF(dl_with_ref_int, int32_t, "DemoLua::WithRefInt")
DL_WITH_REF(dl_with_ref_string, Il2CppString *, "DemoLua::WithRefString")

/* [LuaInvokeByName] static extern void Nested(string fn, ref Point2D h0, string inner) */
static void dl_nested(Il2CppString *fn, SimPoint2D *h0, Il2CppString *inner, const MethodInfo *m)
{
    (void)m;
    typedef void (*Fn)(Il2CppString *, SimPoint2D *, Il2CppString *);
    ((Fn)sim_icall("DemoLua::Nested"))(fn, h0, inner);
}

/* [LuaInvokeByName] static extern void Call(string fn) */
static void dl_call(Il2CppString *fn, const MethodInfo *m)
{
    (void)m;
    typedef void (*Fn)(Il2CppString *);
    ((Fn)sim_icall("DemoLua::Call"))(fn);
}

/* [LuaInvoke("OnRefInt")] static extern void OnRefInt(ref int slot) */
static void dl_on_ref_int(int32_t *slot, const MethodInfo *m)
{
    (void)m;
    typedef void (*Fn)(int32_t *);
    ((Fn)sim_icall("DemoLua::OnRefInt"))(slot);
}

/* [LuaInvoke("OnPoint")] static extern void OnPoint(Point2D p) */
static void dl_on_point(SimPoint2D p, const MethodInfo *m)
{
    (void)m;
    typedef void (*Fn)(SimPoint2D);
    ((Fn)sim_icall("DemoLua::OnPoint"))(p);
}

/* void (string, ref T): the internal calls' one invoker shape */
static SIM_INVOKER_DECL(sim_inv_zi_v_s_p);
SIM_INVOKER(sim_inv_zi_v_s_p)
{
    typedef void (*Fn)(Il2CppString *, void *, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)((Il2CppString *)args[0], args[1], m);
}

static SIM_INVOKER_DECL(sim_inv_zi_v_s_p_s);
SIM_INVOKER(sim_inv_zi_v_s_p_s)
{
    typedef void (*Fn)(Il2CppString *, void *, Il2CppString *, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)((Il2CppString *)args[0], args[1], (Il2CppString *)args[2], m);
}

/* ---- Demo ------------------------------------------------------------------------ */

/* public static void InvokeWithPoint(string fn, Point2D p) */
static void ic_invoke_with_point(Il2CppString *fn, SimPoint2D p, const MethodInfo *method)
{
    (void)method;
    dl_with_point(fn, p, NULL);
}

/* public static Point2D InvokeWithRefPoint(string fn, Point2D start) */
static SimPoint2D ic_invoke_with_ref_point(Il2CppString *fn, SimPoint2D start,
                                           const MethodInfo *method)
{
    (void)method;
    SimPoint2D slot = start;
    dl_with_ref_point(fn, &slot, NULL);
    return slot;
}

/* public static int InvokeWithRefInt(string fn, int start) */
static int32_t ic_invoke_with_ref_int(Il2CppString *fn, int32_t start, const MethodInfo *method)
{
    (void)method;
    int32_t slot = start;
    dl_with_ref_int(fn, &slot, NULL);
    return slot;
}

/* public static string InvokeWithRefString(string fn, string start) */
static Il2CppString *ic_invoke_with_ref_string(Il2CppString *fn, Il2CppString *start,
                                               const MethodInfo *method)
{
    (void)method;
    Il2CppString *slot = start;   /* on the C stack, which the GC scans */
    dl_with_ref_string(fn, &slot, NULL);
    return slot;
}

/* public static int InvokeNested(string outerFn, string innerFn) */
static int32_t ic_invoke_nested(Il2CppString *outer_fn, Il2CppString *inner_fn,
                                const MethodInfo *method)
{
    (void)method;
    SimPoint2D h0 = {1, 1};
    dl_nested(outer_fn, &h0, inner_fn, NULL);
    return 1;
}

/* public static string InvokeCatch(string fn): try { DemoLua.Call(fn); }
 * catch (InvalidOperationException e) { return e.Message; } return "ok"; */
static void ic_catch_try(void *fn)
{
    dl_call((Il2CppString *)fn, NULL);
}

static Il2CppString *ic_invoke_catch(Il2CppString *fn, const MethodInfo *method)
{
    (void)method;
    Il2CppException *ex = sim_try(ic_catch_try, fn);
    if (ex == NULL)
        return sim_literal("ok");
    Il2CppClass *k = il2cpp_object_get_class(&ex->object);
    if (strcmp(il2cpp_class_get_name(k), "InvalidOperationException") != 0)
        sim_raise_exception(ex);   /* not caught: on to the caller */
    return ((SimException *)(void *)ex)->_message;
}

/* public static int CallOnRefInt(int start) */
static int32_t ic_call_on_ref_int(int32_t start, const MethodInfo *method)
{
    (void)method;
    int32_t slot = start;
    dl_on_ref_int(&slot, NULL);
    return slot;
}

/* public static void CallOnPoint(Point2D p) */
static void ic_call_on_point(SimPoint2D p, const MethodInfo *method)
{
    (void)method;
    dl_on_point(p, NULL);
}

/* ---- ZLuaTests.Refs and ZLuaTests.Abi ------------------------------------------------ */

/* Refs: [LuaInvokeByName] static extern void WithRefObject(string fn, ref object slot) */
DL_WITH_REF(refs_with_ref_object, Il2CppObject *, "ZLuaTests.Refs::WithRefObject")

/* public static object InvokeWithRefObject(string fn, object start) */
static Il2CppObject *ic_invoke_with_ref_object(Il2CppString *fn, Il2CppObject *start,
                                               const MethodInfo *method)
{
    (void)method;
    Il2CppObject *slot = start;   /* on the C stack, which the GC scans */
    refs_with_ref_object(fn, &slot, NULL);
    return slot;
}

/* Abi: for each S, [LuaInvokeByName] static extern void WithS(string fn,
 * ref S slot), and public static S InvokeS(string fn, S start) { S slot
 * = start; WithS(fn, ref slot); return slot; }.  The struct arrives and
 * leaves by value, as compiled C# code passes it (sim_fixtures.h). */
#define ABI_IC(tag, S, name)                                                   \
    DL_WITH_REF(abi_with_##tag, S, "ZLuaTests.Abi::With" name)                 \
    static S ic_abi_##tag(Il2CppString *fn, S start, const MethodInfo *method) \
    {                                                                          \
        (void)method;                                                          \
        S slot = start;                                                        \
        abi_with_##tag(fn, &slot, NULL);                                       \
        return slot;                                                           \
    }                                                                          \
    SIM_INVOKER(sim_inv_abi_ic_##tag)                                          \
    {                                                                          \
        typedef S (*Fn)(Il2CppString *, S, const MethodInfo *);                \
        (void)obj;                                                             \
        *(S *)ret = ((Fn)fn)((Il2CppString *)args[0], *(S *)args[1], m);       \
    }

ABI_IC(fd, SimFloatDouble, "FloatDouble")
ABI_IC(intf, SimIntFloat, "IntFloat")
ABI_IC(bfb, SimByteFloatByte, "ByteFloatByte")
ABI_IC(dff, SimDoubleFloatFloat, "DoubleFloatFloat")
ABI_IC(nested, SimNested, "Nested")
ABI_IC(sized, SimSized, "Sized")

/* object (string, object): only ZLuaTests.Refs has this shape */
static SIM_INVOKER_DECL(sim_inv_zi_o_s_o);
SIM_INVOKER(sim_inv_zi_o_s_o)
{
    typedef Il2CppObject *(*Fn)(Il2CppString *, Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(Il2CppObject **)ret = ((Fn)fn)((Il2CppString *)args[0], (Il2CppObject *)args[1], m);
}

#define STATIC(n, r, f, inv, ...)                                               \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},    \
     .body = SIM_BODY(f), .invoker = (inv)}
/* internal static extern, with its attribute */
#define EXTERN(n, attr_, text, f, inv, ...)                                     \
    {.name = (n), .flags = SIM_M_STATIC_INTERNAL, .ret = "System.Void",         \
     .params = {__VA_ARGS__}, .body = SIM_BODY(f), .invoker = (inv),            \
     .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL, .attr = (attr_), .attr_text = (text)}
#define BY_NAME "ZLua.LuaInvokeByNameAttribute"
#define FIXED "ZLua.LuaInvokeAttribute"

const SimMethodDef sim_methods_demo_ic[] = {
    STATIC("InvokeWithPoint", "System.Void", ic_invoke_with_point, sim_inv_v_s_P,
           {"System.String", "fn"}, {"MyGame.Point2D", "p"}),
    STATIC("InvokeWithRefPoint", "MyGame.Point2D", ic_invoke_with_ref_point,
           sim_inv_P_s_P, {"System.String", "fn"}, {"MyGame.Point2D", "start"}),
    STATIC("InvokeWithRefInt", "System.Int32", ic_invoke_with_ref_int,
           sim_inv_i4_s_i4, {"System.String", "fn"}, {"System.Int32", "start"}),
    STATIC("InvokeWithRefString", "System.String", ic_invoke_with_ref_string,
           sim_inv_s_s_s, {"System.String", "fn"}, {"System.String", "start"}),
    STATIC("InvokeNested", "System.Int32", ic_invoke_nested, sim_inv_i4_s_s,
           {"System.String", "outerFn"}, {"System.String", "innerFn"}),
    STATIC("InvokeCatch", "System.String", ic_invoke_catch, sim_inv_s_s,
           {"System.String", "fn"}),
    STATIC("CallOnRefInt", "System.Int32", ic_call_on_ref_int, sim_inv_i4_i4,
           {"System.Int32", "start"}),
    STATIC("CallOnPoint", "System.Void", ic_call_on_point, sim_inv_v_P,
           {"MyGame.Point2D", "p"}),
    {.name = NULL}};

const SimMethodDef sim_methods_demo_lua[] = {
    EXTERN("WithPoint", BY_NAME, NULL, dl_with_point, sim_inv_v_s_P,
           {"System.String", "fn"}, {"MyGame.Point2D", "p"}),
    EXTERN("WithRefPoint", BY_NAME, NULL, dl_with_ref_point, sim_inv_zi_v_s_p,
           {"System.String", "fn"}, {"ref MyGame.Point2D", "slot"}),
    EXTERN("WithRefInt", BY_NAME, NULL, dl_with_ref_int, sim_inv_zi_v_s_p,
           {"System.String", "fn"}, {"ref System.Int32", "slot"}),
    EXTERN("WithRefString", BY_NAME, NULL, dl_with_ref_string, sim_inv_zi_v_s_p,
           {"System.String", "fn"}, {"ref System.String", "slot"}),
    EXTERN("Nested", BY_NAME, NULL, dl_nested, sim_inv_zi_v_s_p_s, {"System.String", "fn"},
           {"ref MyGame.Point2D", "h0"}, {"System.String", "inner"}),
    EXTERN("Call", BY_NAME, NULL, dl_call, sim_inv_v_s, {"System.String", "fn"}),
    EXTERN("OnRefInt", FIXED, "OnRefInt", dl_on_ref_int, sim_inv_v_pi4,
           {"ref System.Int32", "slot"}),
    EXTERN("OnPoint", FIXED, "OnPoint", dl_on_point, sim_inv_v_P, {"MyGame.Point2D", "p"}),
    {.name = NULL}};

const SimMethodDef sim_methods_refs_ic[] = {
    STATIC("InvokeWithRefObject", "System.Object", ic_invoke_with_ref_object,
           sim_inv_zi_o_s_o, {"System.String", "fn"}, {"System.Object", "start"}),
    EXTERN("WithRefObject", BY_NAME, NULL, refs_with_ref_object, sim_inv_zi_v_s_p,
           {"System.String", "fn"}, {"ref System.Object", "slot"}),
    {.name = NULL}};

#define ABI_IC_DEF(name, tag)                                                   \
    STATIC("Invoke" name, "ZLuaTests." name, ic_abi_##tag, sim_inv_abi_ic_##tag, \
           {"System.String", "fn"}, {"ZLuaTests." name, "start"}),                 \
    EXTERN("With" name, BY_NAME, NULL, abi_with_##tag, sim_inv_zi_v_s_p,          \
           {"System.String", "fn"}, {"ref ZLuaTests." name, "slot"})

const SimMethodDef sim_methods_abi_ic[] = {
    ABI_IC_DEF("FloatDouble", fd),
    ABI_IC_DEF("IntFloat", intf),
    ABI_IC_DEF("ByteFloatByte", bfb),
    ABI_IC_DEF("DoubleFloatFloat", dff),
    ABI_IC_DEF("Nested", nested),
    ABI_IC_DEF("Sized", sized),
    {.name = NULL}};
