/*
 * sim_bodies_marshal.c -- [LuaMarshalAs] fixtures: Demo's
 * methods whose rules the catalog's XML file gives, and the probes of the test-only
 * assembly ZLua.Tests (sim_catalog_tests.c) that the rule tests reach: slot
 * counting in overloads, field and property rules, and each link of the
 * priority chain.
 */
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define VAL(T, i) (*(T *)args[i])

static SIM_INVOKER_DECL(sim_inv_zm_s_V);
static SIM_INVOKER_DECL(sim_inv_zm_s_i4_i4_i4);
static SIM_INVOKER_DECL(sim_inv_zm_s_C);
static SIM_INVOKER_DECL(sim_inv_zm_C_i4_i4);
static SIM_INVOKER_DECL(sim_inv_zm_V_r4);
static SIM_INVOKER_DECL(sim_inv_zm_NV_b);
static SIM_INVOKER_DECL(sim_inv_zm_s_o_r4_r4);

static Il2CppString *vec_text(SimVector2 v, const MethodInfo *m)
{
    (void)m;
    return sim_string_printf("%g,%g", (double)v.X, (double)v.Y);
}

/* public static MyGame.Vector2 XmlPair() => new Vector2(3, 4); */
static SimVector2 demo_xml_pair(const MethodInfo *m)
{
    (void)m;
    return (SimVector2){3, 4};
}

/* public static byte[] XmlBytes(int n): bytes 0..n-1 */
static Il2CppArray *demo_xml_bytes(int32_t n, const MethodInfo *m)
{
    (void)m;
    if (n < 0) {
        sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
        return NULL;
    }
    Il2CppArray *a = il2cpp_array_new(sim_k.byte, (il2cpp_array_size_t)n);
    uint8_t *b = a ? (uint8_t *)a + il2cpp_array_object_header_size() : NULL;
    for (int32_t i = 0; b && i < n; i++)
        b[i] = (uint8_t)i;
    return a;
}

static const char *const members_x_y[] = {"X", "Y"};

#define STATIC(n, r, f, inv, ...)                                               \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},    \
     .body = SIM_BODY(f), .invoker = (inv)}

const SimMethodDef sim_methods_demo_marshal[] = {
    /* the rules come from the catalog's XML file, except XmlOverride's
     * attribute, which wins over its XML rule */
    STATIC("XmlVec", "System.String", vec_text, sim_inv_zm_s_V, {"MyGame.Vector2", "v"}),
    STATIC("XmlPair", "MyGame.Vector2", demo_xml_pair, sim_inv_V, {NULL, NULL}),
    {.name = "XmlOverride", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"MyGame.Vector2", "v"}},
     .body = SIM_BODY(vec_text), .invoker = sim_inv_zm_s_V,
     .marshal = {{0, SIM_MARSHAL_UNPACKED_VALUES, members_x_y, 2}}},
    STATIC("XmlBytes", "System.Byte[]", demo_xml_bytes, sim_inv_a_i4, {"System.Int32", "n"}),
    {.name = NULL}};

/* ---- ZLuaTests.Chain ------------------------------------------------------------- */

static Il2CppString *chain_place_vec(SimVector2 v, const MethodInfo *m)
{
    (void)m;
    return sim_string_printf("vec %g,%g", (double)v.X, (double)v.Y);
}

static Il2CppString *chain_place_int(int32_t a, const MethodInfo *m)
{
    (void)a, (void)m;
    return sim_literal("int");
}

static Il2CppString *chain_place_int3(int32_t a, int32_t b, int32_t c, const MethodInfo *m)
{
    (void)a, (void)b, (void)c, (void)m;
    return sim_literal("int3");
}

static Il2CppString *chain_cell_text(SimCell c, const MethodInfo *m)
{
    (void)m;
    return sim_string_printf("%d,%d", (int)c.A, (int)c.B);
}

static SimCell chain_make_cell(int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    return (SimCell){a, b};
}

/* public static string TakeBytes([LuaMarshalAs(Bytes)] string s) => s.Length + ":" + s; */
static Il2CppString *chain_take_bytes(Il2CppString *s, const MethodInfo *m)
{
    (void)m;
    if (s == NULL)
        return sim_literal("null");
    return sim_string_concat(sim_string_printf("%d:", (int)il2cpp_string_length(s)), s);
}

/* public static MyGame.Vector2 Diag(float k) => new Vector2(k, k); */
static SimVector2 chain_diag(float k, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){k, k};
}

/* public static MyGame.Vector2? MaybeVec(bool has) => has ? new Vector2(1, 2) : null; */
static SimNullableVector2 chain_maybe_vec(bool has, const MethodInfo *m)
{
    (void)m;
    SimNullableVector2 n;
    memset(&n, 0, sizeof n);
    if (has) {
        n.has_value = true;
        n.value = (SimVector2){1, 2};
    }
    return n;
}

static Il2CppString *chain_echo(Il2CppString *s, const MethodInfo *m)
{
    (void)m;
    return s;
}

/* public static string StringShape([LuaMarshalAs(UserData)] string s) => "string object"; */
static Il2CppString *chain_string_shape_s(Il2CppString *s, const MethodInfo *m)
{
    (void)s;
    (void)m;
    return sim_literal("string object");
}

/* public static string StringShape(object o) => "object"; */
static Il2CppString *chain_string_shape_o(Il2CppObject *o, const MethodInfo *m)
{
    (void)o;
    (void)m;
    return sim_literal("object");
}

static void chain_null_delegate(void)
{
    sim_raise("System", "NullReferenceException",
              "Object reference not set to an instance of an object.");
}

/* public static string Send(VecSink f, float x, float y) => f(new Vector2(x, y)); */
static Il2CppString *chain_send(Il2CppObject *f, float x, float y, const MethodInfo *m)
{
    (void)m;
    typedef Il2CppString *(*Invoke)(void *, SimVector2, const MethodInfo *);
    if (f == NULL) {
        chain_null_delegate();
        return NULL;
    }
    const MethodInfo *inv = sim_delegate_invoke_method(f->klass);
    return ((Invoke)inv->methodPointer)(f, (SimVector2){x, y}, inv);
}

/* public static string Fetch(CellSource f) { Cell c = f(); return c.A + "," + c.B; } */
static Il2CppString *chain_fetch(Il2CppObject *f, const MethodInfo *m)
{
    (void)m;
    typedef SimCell (*Invoke)(void *, const MethodInfo *);
    if (f == NULL) {
        chain_null_delegate();
        return NULL;
    }
    const MethodInfo *inv = sim_delegate_invoke_method(f->klass);
    SimCell c = ((Invoke)inv->methodPointer)(f, inv);
    return sim_string_printf("%d,%d", (int)c.A, (int)c.B);
}

const SimMethodDef sim_methods_chain[] = {
    /* delegates whose Invoke carries rules: C# -> Lua (R-DEL-1, the [LuaMarshalAs] semantics) */
    STATIC("Send", "System.String", chain_send, sim_inv_zm_s_o_r4_r4,
           {"ZLuaTests.VecSink", "f"}, {"System.Single", "x"}, {"System.Single", "y"}),
    STATIC("Fetch", "System.String", chain_fetch, sim_inv_s_o, {"ZLuaTests.CellSource", "f"}),
    /* slot counting (overload dispatch rule 1): 2, 1 and 3 Lua arguments */
    {.name = "Place", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"MyGame.Vector2", "v"}},
     .body = SIM_BODY(chain_place_vec), .invoker = sim_inv_zm_s_V,
     .marshal = {{0, SIM_MARSHAL_UNPACKED_VALUES, members_x_y, 2}}},
    STATIC("Place", "System.String", chain_place_int, sim_inv_s_i4, {"System.Int32", "a"}),
    STATIC("Place", "System.String", chain_place_int3, sim_inv_zm_s_i4_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b"}, {"System.Int32", "c"}),
    /* the chain: see tests/marshal/tests.xml */
    STATIC("CellText", "System.String", chain_cell_text, sim_inv_zm_s_C, {"ZLuaTests.Cell", "c"}),
    STATIC("CellXml", "System.String", chain_cell_text, sim_inv_zm_s_C, {"ZLuaTests.Cell", "c"}),
    STATIC("CellXmlDefault", "System.String", chain_cell_text, sim_inv_zm_s_C,
           {"ZLuaTests.Cell", "c"}),
    STATIC("MakeCell", "ZLuaTests.Cell", chain_make_cell, sim_inv_zm_C_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b"}),
    {.name = "TakeBytes", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(chain_take_bytes), .invoker = sim_inv_s_s,
     .marshal = {{0, SIM_MARSHAL_BYTES, NULL, 0}}},
    STATIC("Diag", "MyGame.Vector2", chain_diag, sim_inv_zm_V_r4, {"System.Single", "k"}),
    STATIC("MaybeVec", "System.Nullable`1[MyGame.Vector2]", chain_maybe_vec, sim_inv_zm_NV_b,
           {"System.Boolean", "has"}),
    {.name = "EchoBytes", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(chain_echo), .invoker = sim_inv_s_s,
     .marshal = {{-1, SIM_MARSHAL_BYTES, NULL, 0}}},
    /* UserData on a string parameter: the System.String userdata only
     * (the [LuaMarshalAs] semantics); TakeBytes's body: s.Length + ":" + s, null: "null" */
    {.name = "TakeStringObject", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(chain_take_bytes), .invoker = sim_inv_s_s,
     .marshal = {{0, SIM_MARSHAL_USERDATA, NULL, 0}}},
    /* overload dispatch: a Lua string is no conversion to the first */
    {.name = "StringShape", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(chain_string_shape_s), .invoker = sim_inv_s_s,
     .marshal = {{0, SIM_MARSHAL_USERDATA, NULL, 0}}},
    STATIC("StringShape", "System.String", chain_string_shape_o, sim_inv_s_o,
           {"System.Object", "o"}),
    /* Pair's type-level rule (tests.xml): Cell's bodies and invokers, the
     * same layout */
    STATIC("GridText", "System.String", chain_cell_text, sim_inv_zm_s_C, {"ZLuaTests.GridPos", "p"}),
    STATIC("PairText", "System.String", chain_cell_text, sim_inv_zm_s_C, {"ZLuaTests.Pair", "p"}),
    STATIC("MakePair", "ZLuaTests.Pair", chain_make_cell, sim_inv_zm_C_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b"}),
    {.name = NULL}};

/* ---- ZLuaTests.Probe: field and property rules (tests/marshal/tests.xml) ------------- */

static void probe_ctor(SimProbe *self, const MethodInfo *m)
{
    (void)m;
    self->Pos = (SimVector2){1, 2};
    self->aim = (SimVector2){5, 6};
    self->Home = (SimCell){7, 8};
    self->Other = (SimCell){9, 10};
    self->Marked = (SimVector2){3, 4};
    self->Spread = (SimVector2){11, 12};
    self->Grip = (SimVector2){13, 14};
    self->Twin = (SimCell){15, 16};
}

static SimVector2 probe_get_aim(SimProbe *self, const MethodInfo *m)
{
    (void)m;
    return self->aim;
}

static void probe_set_aim(SimProbe *self, SimVector2 v, const MethodInfo *m)
{
    (void)m;
    self->aim = v;
}

const SimMethodDef sim_methods_probe[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(probe_ctor), .invoker = sim_inv_v_t},
    {.name = "get_Aim", .flags = SIM_M_GETSET, .ret = "MyGame.Vector2",
     .body = SIM_BODY(probe_get_aim), .invoker = sim_inv_V_t},
    {.name = "set_Aim", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"MyGame.Vector2", "value"}},
     .body = SIM_BODY(probe_set_aim), .invoker = sim_inv_v_t_V},
    {.name = NULL}};

const SimPropertyDef sim_props_probe[] = {
    {"Aim", "get_Aim", "set_Aim"},
    {NULL, NULL, NULL}};

/* ---- invokers --------------------------------------------------------------------- */

SIM_INVOKER(sim_inv_zm_s_V)
{
    typedef Il2CppString *(*Fn)(SimVector2, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(VAL(SimVector2, 0), m);
}

SIM_INVOKER(sim_inv_zm_s_i4_i4_i4)
{
    typedef Il2CppString *(*Fn)(int32_t, int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), VAL(int32_t, 2), m);
}

SIM_INVOKER(sim_inv_zm_s_C)
{
    typedef Il2CppString *(*Fn)(SimCell, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(VAL(SimCell, 0), m);
}

SIM_INVOKER(sim_inv_zm_C_i4_i4)
{
    typedef SimCell (*Fn)(int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(SimCell *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_zm_V_r4)
{
    typedef SimVector2 (*Fn)(float, const MethodInfo *);
    (void)obj;
    *(SimVector2 *)ret = ((Fn)fn)(VAL(float, 0), m);
}

SIM_INVOKER(sim_inv_zm_NV_b)
{
    typedef SimNullableVector2 (*Fn)(bool, const MethodInfo *);
    (void)obj;
    *(SimNullableVector2 *)ret = ((Fn)fn)(VAL(bool, 0), m);
}

SIM_INVOKER(sim_inv_zm_s_o_r4_r4)
{
    typedef Il2CppString *(*Fn)(Il2CppObject *, float, float, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)((Il2CppObject *)args[0], VAL(float, 1), VAL(float, 2), m);
}
