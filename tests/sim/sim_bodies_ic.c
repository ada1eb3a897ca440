/*
 * sim_bodies_ic.c -- Demo's C#-calls-Lua methods, written the way an IC
 * stub would be: point the slots at the C# arguments / locals, name the
 * function (a static zlua_ic_site for a fixed name, bytes and length for
 * a name the caller passes), zlua_ic_invoke, zlua_ic_done -- and turn a
 * Lua error into a managed exception, never a longjmp.
 */
#include <string.h>

#include "zlua.h"

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define NAME_MAX_BYTES 255

static lua_State *current_state;

void sim_set_lua_state(lua_State *L)
{
    current_state = L;
}

lua_State *sim_get_lua_state(void)
{
    return current_state;
}

/* fn as UTF-8 on the caller's stack; raises and returns false if unusable */
/* A Lua function name from a C# string: its UTF-8 bytes and their count
 * (a name may hold a NUL: "OnA\0x" is not "OnA"). */
typedef struct sim_fn_name {
    char bytes[NAME_MAX_BYTES + 1];
    size_t len;
} sim_fn_name;

static bool function_name(Il2CppString *fn, sim_fn_name *name)
{
    if (fn == NULL) {
        sim_raise("System", "ArgumentNullException",
                  "Value cannot be null.\nParameter name: fn");
        return false;
    }
    name->len = sim_string_to_utf8(fn, name->bytes, NAME_MAX_BYTES + 1);
    if (name->len > NAME_MAX_BYTES) {
        sim_raise("System", "ArgumentException",
                  "Lua function name longer than 255 bytes");
        return false;
    }
    return true;
}

static bool have_state(lua_State *L)
{
    if (L == NULL)
        sim_raise("System", "InvalidOperationException",
                  "no lua_State (sim_set_lua_state)");
    return L != NULL;
}

static bool have_metas(const zlua_meta *const *metas, int n)
{
    for (int i = 0; i < n; i++)
        if (metas[i] == NULL) {
            sim_raise("System", "InvalidOperationException",
                      "no marshal descriptor for an IC argument");
            return false;
        }
    return true;
}

/* One call, the way an IC stub makes it.  With error_out the Lua message
 * is returned as a new string (NULL: no error); without, the error is
 * raised into the C# caller: the managed exception is made while the
 * message is still on the Lua stack, the stack restored, then thrown from
 * this (C#) frame. */
static void ic_run(lua_State *L, zlua_ic_call *c, Il2CppString **error_out)
{
    if (zlua_ic_invoke(L, c) == ZLUA_OK) {
        zlua_ic_done(L, c);
        if (error_out)
            *error_out = NULL;
        return;
    }
    if (error_out == NULL) {
        Il2CppException *ex = zlua_ic_exception(L, c);
        zlua_ic_done(L, c);
        zlua_rt_raise(ex);
    }
    size_t len = 0;
    const char *msg = zlua_ic_error(L, c, &len);
    /* the message lives on the Lua stack until done: copy it first */
    *error_out = msg ? sim_string_lossy(msg, len) : sim_literal("Lua error");
    zlua_ic_done(L, c);
}

/* A call of the global the caller named, with the metas given. */
static void ic_call(lua_State *L, const sim_fn_name *name, int nargs,
                    const zlua_meta *const *metas, void *const *slots,
                    Il2CppString **error_out)
{
    zlua_ic_call c = {.function = name->bytes, .function_len = name->len, .nargs = nargs,
                      .arg_meta = metas, .arg_slots = slots};
    ic_run(L, &c, error_out);
}

/* public static void InvokeWithPoint(string fn, Point2D p) */
static void ic_invoke_with_point(Il2CppString *fn, SimPoint2D p,
                                 const MethodInfo *method)
{
    sim_fn_name name;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return;
    /* a by-value struct argument goes to Lua as an OpaqueValue */
    const zlua_meta *metas[1] = {zlua_meta_param(L, method, 1)};
    void *slots[1] = {&p};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
}

/* public static Point2D InvokeWithRefPoint(string fn, Point2D start) */
static SimPoint2D ic_invoke_with_ref_point(Il2CppString *fn, SimPoint2D start,
                                           const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    SimPoint2D slot = start;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return slot;
    const zlua_meta *metas[1] = {
        zlua_meta_type(L, sim_byref_type(sim_k.point2d))};
    void *slots[1] = {&slot};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
    return slot;
}

/* public static int InvokeWithRefInt(string fn, int start) */
static int32_t ic_invoke_with_ref_int(Il2CppString *fn, int32_t start,
                                      const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    int32_t slot = start;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return slot;
    const zlua_meta *metas[1] = {zlua_meta_type(L, sim_byref_type(sim_k.int32))};
    void *slots[1] = {&slot};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
    return slot;
}

/* public static string InvokeWithRefString(string fn, string start) */
static Il2CppString *ic_invoke_with_ref_string(Il2CppString *fn,
                                               Il2CppString *start,
                                               const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    Il2CppString *slot = start;  /* on the C stack, which the GC scans */
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return slot;
    const zlua_meta *metas[1] = {
        zlua_meta_type(L, sim_byref_type(sim_k.string))};
    void *slots[1] = {&slot};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
    return slot;
}

/* ZLuaTests.Refs: public static object
 * InvokeWithRefObject(string fn, object start): fn(h), h a ref object
 * handle; returns the slot after the call */
static Il2CppObject *ic_invoke_with_ref_object(Il2CppString *fn, Il2CppObject *start,
                                               const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    Il2CppObject *slot = start;  /* on the C stack, which the GC scans */
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return slot;
    const zlua_meta *metas[1] = {zlua_meta_type(L, sim_byref_type(sim_k.object))};
    void *slots[1] = {&slot};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
    return slot;
}

/* public static int InvokeNested(string outerFn, string innerFn):
 * outerFn(h0, innerFn) with h0 a handle to a local Point2D(1, 1) */
static int32_t ic_invoke_nested(Il2CppString *outer_fn, Il2CppString *inner_fn,
                                const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    SimPoint2D h0 = {1, 1};
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(outer_fn, &name))
        return 1;
    const zlua_meta *metas[2] = {
        zlua_meta_type(L, sim_byref_type(sim_k.point2d)),
        zlua_meta_type(L, il2cpp_class_get_type(sim_k.string))};
    void *slots[2] = {&h0, &inner_fn};
    if (have_metas(metas, 2))
        ic_call(L, &name, 2, metas, slots, NULL);
    return 1;
}

/* public static string InvokeCatch(string fn): fn(); the error or "ok" */
static Il2CppString *ic_invoke_catch(Il2CppString *fn, const MethodInfo *method)
{
    (void)method;
    sim_fn_name name;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return NULL;
    Il2CppString *error = NULL;
    ic_call(L, &name, 0, NULL, NULL, &error);
    return error ? error : sim_literal("ok");
}

/* ---- fixed-name variants: no managed allocation, no malloc ---------------------- */

/* public static int CallOnRefInt(int start): OnRefInt(h), h a handle to a
 * local the stub passes by reference -- a slot its method does not
 * declare, so the call gives its meta (resolved once per state, then a
 * cache hit) and names the global itself. */
static int32_t ic_call_on_ref_int(int32_t start, const MethodInfo *method)
{
    (void)method;
    int32_t slot = start;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L))
        return slot;
    const zlua_meta *metas[1] = {zlua_meta_type(L, sim_byref_type(sim_k.int32))};
    void *slots[1] = {&slot};
    static const sim_fn_name on_ref_int = {"OnRefInt", 8};
    if (have_metas(metas, 1))
        ic_call(L, &on_ref_int, 1, metas, slots, NULL);
    return slot;
}

/* public static void CallOnPoint(Point2D p): OnPoint(p), the generated
 * stub's pattern: one static site, bound by libzlua in each state */
static void ic_call_on_point(SimPoint2D p, const MethodInfo *method)
{
    lua_State *L = sim_get_lua_state();
    if (!have_state(L))
        return;
    static zlua_ic_site site = {"OnPoint", 0};
    void *slots[1] = {&p};
    zlua_ic_call c = {.site = &site, .method = method, .nargs = 1, .arg_slots = slots};
    ic_run(L, &c, NULL);
}

/* ZLuaTests.Abi.Invoke<S>(string fn, S start): fn(h), h a ref S handle
 * to a local copy; returns the local after the call.  The struct arrives
 * and leaves by value, as compiled C# code passes it (sim_fixtures.h). */
static void ic_invoke_ref_slot(Il2CppString *fn, void *slot, const MethodInfo *method)
{
    sim_fn_name name;
    lua_State *L = sim_get_lua_state();
    if (!have_state(L) || !function_name(fn, &name))
        return;
    Il2CppClass *k = il2cpp_class_from_type(il2cpp_method_get_param(method, 1));
    const zlua_meta *metas[1] = {zlua_meta_type(L, sim_byref_type(k))};
    void *slots[1] = {slot};
    if (have_metas(metas, 1))
        ic_call(L, &name, 1, metas, slots, NULL);
}

#define ABI_IC(tag, S)                                                          \
    static S ic_abi_##tag(Il2CppString *fn, S start, const MethodInfo *method) \
    {                                                                          \
        S slot = start;                                                        \
        ic_invoke_ref_slot(fn, &slot, method);                                 \
        return slot;                                                           \
    }                                                                          \
    SIM_INVOKER(sim_inv_abi_ic_##tag)                                          \
    {                                                                          \
        typedef S (*Fn)(Il2CppString *, S, const MethodInfo *);                \
        (void)obj;                                                             \
        *(S *)ret = ((Fn)fn)((Il2CppString *)args[0], *(S *)args[1], m);       \
    }

ABI_IC(fd, SimFloatDouble)
ABI_IC(intf, SimIntFloat)
ABI_IC(bfb, SimByteFloatByte)
ABI_IC(dff, SimDoubleFloatFloat)
ABI_IC(nested, SimNested)
ABI_IC(sized, SimSized)

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

const SimMethodDef sim_methods_refs_ic[] = {
    STATIC("InvokeWithRefObject", "System.Object", ic_invoke_with_ref_object,
           sim_inv_zi_o_s_o, {"System.String", "fn"}, {"System.Object", "start"}),
    {.name = NULL}};

#define ABI_IC_DEF(name, tag)                                                   \
    STATIC("Invoke" name, "ZLuaTests." name, ic_abi_##tag, sim_inv_abi_ic_##tag, \
           {"System.String", "fn"}, {"ZLuaTests." name, "start"})

const SimMethodDef sim_methods_abi_ic[] = {
    ABI_IC_DEF("FloatDouble", fd),
    ABI_IC_DEF("IntFloat", intf),
    ABI_IC_DEF("ByteFloatByte", bfb),
    ABI_IC_DEF("DoubleFloatFloat", dff),
    ABI_IC_DEF("Nested", nested),
    ABI_IC_DEF("Sized", sized),
    {.name = NULL}};
