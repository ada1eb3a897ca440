/*
 * sim_bodies_tests.c -- bodies and invokers of the test-only assembly
 * ZLua.Tests (sim_catalog_tests.c), with IL2CPP's calling convention
 * (arguments by value, then the const MethodInfo *).
 *
 * libzlua refuses every method of Unsupported but Fine, so
 * Lua never reaches these bodies; they are real anyway, so that the
 * simulated runtime stays a faithful one (a stub or invoker that called
 * them would get the C# results) and the unit tests can call them.
 */
#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define VAL(T, i) (*(T *)args[i])  /* value-type parameter: args[i] points to it */

/* file-local invokers: the shapes only this assembly has */
static SIM_INVOKER_DECL(sim_inv_zt_i4_decimal);
static SIM_INVOKER_DECL(sim_inv_zt_decimal);
static SIM_INVOKER_DECL(sim_inv_zt_i4_typedref);
static SIM_INVOKER_DECL(sim_inv_zt_i4_span8);
static SIM_INVOKER_DECL(sim_inv_zt_i4_x17);
static SIM_INVOKER_DECL(sim_inv_zt_i4_big);
static SIM_INVOKER_DECL(sim_inv_zt_v_pT_i4);

/* ---- ZLuaTests.Unsupported ------------------------------------------------------ */

/* decimal 42m / 9.5m: lo holds the unscaled value, flags the scale (<< 16) */
static SimDecimal decimal_of(int32_t unscaled, int32_t scale)
{
    SimDecimal d = {scale << 16, 0, unscaled, 0};
    return d;
}

/* public static int TakeDecimal(decimal d) => (int)d;  (small values) */
static int32_t unsupported_take_decimal(SimDecimal d, const MethodInfo *m)
{
    (void)m;
    int32_t v = d.lo;
    for (int32_t scale = (d.flags >> 16) & 0xff; scale > 0; scale--)
        v /= 10;
    return d.flags < 0 ? -v : v;
}

/* public static decimal GetDecimal() => 42m; */
static SimDecimal unsupported_get_decimal(const MethodInfo *m)
{
    (void)m;
    return decimal_of(42, 0);
}

/* public static decimal Price => 9.5m; */
static SimDecimal unsupported_get_price(const MethodInfo *m)
{
    (void)m;
    return decimal_of(95, 1);
}

/* public static int TakeTyped(TypedReference r) => __refvalue(r, int); */
static int32_t unsupported_take_typed(SimTypedReference r, const MethodInfo *m)
{
    (void)m;
    if (r.klass != sim_k.int32 || r.value == NULL)
        sim_raise("System", "InvalidCastException", "TypedReference of another type");
    return *(const int32_t *)r.value;
}

/* public static int TakeSpan(Span8 s) => s.a; */
static int32_t unsupported_take_span(SimSpan8 s, const MethodInfo *m)
{
    (void)m;
    return s.a;
}

/* public static int Many(int a0, ..., int a16) => a0 + ... + a16; */
static int32_t unsupported_many(int32_t a0, int32_t a1, int32_t a2, int32_t a3, int32_t a4,
                                int32_t a5, int32_t a6, int32_t a7, int32_t a8, int32_t a9,
                                int32_t a10, int32_t a11, int32_t a12, int32_t a13,
                                int32_t a14, int32_t a15, int32_t a16, const MethodInfo *m)
{
    (void)m;
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 +
           a15 + a16;
}

/* public static int Huge(Big b) => b.first; */
static int32_t unsupported_huge(SimBig b, const MethodInfo *m)
{
    (void)m;
    return b.first;
}

/* public static int Fine(int x) => x; */
static int32_t unsupported_fine(int32_t x, const MethodInfo *m)
{
    (void)m;
    return x;
}

#define I4(n) {"System.Int32", (n), NULL, NULL}

const SimMethodDef sim_methods_unsupported[] = {
    {.name = "TakeDecimal", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Decimal", "d", NULL, NULL}},
     .body = SIM_BODY(unsupported_take_decimal), .invoker = sim_inv_zt_i4_decimal},
    {.name = "GetDecimal", .flags = SIM_M_STATIC, .ret = "System.Decimal",
     .body = SIM_BODY(unsupported_get_decimal), .invoker = sim_inv_zt_decimal},
    {.name = "TakeTyped", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.TypedReference", "r", NULL, NULL}},
     .body = SIM_BODY(unsupported_take_typed), .invoker = sim_inv_zt_i4_typedref},
    {.name = "TakeSpan", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"ZLuaTests.Span8", "s", NULL, NULL}},
     .body = SIM_BODY(unsupported_take_span), .invoker = sim_inv_zt_i4_span8},
    {.name = "Many", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("a0"), I4("a1"), I4("a2"), I4("a3"), I4("a4"), I4("a5"), I4("a6"),
                I4("a7"), I4("a8"), I4("a9"), I4("a10"), I4("a11"), I4("a12"),
                I4("a13"), I4("a14"), I4("a15"), I4("a16")},
     .body = SIM_BODY(unsupported_many), .invoker = sim_inv_zt_i4_x17},
    {.name = "Huge", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"ZLuaTests.Big", "b", NULL, NULL}},
     .body = SIM_BODY(unsupported_huge), .invoker = sim_inv_zt_i4_big},
    {.name = "Fine", .flags = SIM_M_STATIC, .ret = "System.Int32", .params = {I4("x")},
     .body = SIM_BODY(unsupported_fine), .invoker = sim_inv_i4_i4},
    {.name = "get_Price", .flags = SIM_M_STATIC_GETSET, .ret = "System.Decimal",
     .body = SIM_BODY(unsupported_get_price), .invoker = sim_inv_zt_decimal},
    {.name = NULL}};

const SimPropertyDef sim_props_unsupported[] = {
    {"Price", "get_Price", NULL},
    {NULL, NULL, NULL}};

/* ---- ZLuaTests.AB, ZLuaTests.Ties --------------------------------------------------- */

/* public AB() {} */
static void ab_ctor(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
}

const SimMethodDef sim_methods_ab[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(ab_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

/* public static string Tie(IA a) => "IA"; */
static Il2CppString *ties_tie_ia(Il2CppObject *a, const MethodInfo *m)
{
    (void)a, (void)m;
    return sim_literal("IA");
}

/* public static string Tie(IB b) => "IB"; */
static Il2CppString *ties_tie_ib(Il2CppObject *b, const MethodInfo *m)
{
    (void)b, (void)m;
    return sim_literal("IB");
}

/* declared in this order: the tie goes to the first (overload dispatch rule 3) */
const SimMethodDef sim_methods_ties[] = {
    {.name = "Tie", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"ZLuaTests.IA", "a", NULL, NULL}},
     .body = SIM_BODY(ties_tie_ia), .invoker = sim_inv_s_o},
    {.name = "Tie", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"ZLuaTests.IB", "b", NULL, NULL}},
     .body = SIM_BODY(ties_tie_ib), .invoker = sim_inv_s_o},
    {.name = NULL}};

/* ---- ZLuaTests.Refs ---------------------------------------------------- */

/* public static void Rename(ref Tagged t, int id)
 * { t.id = id; t.name = "tag-" + id; }: the string is made by this call,
 * so only the slot written here holds it (for a Lua userdata: its
 * registry cell, R-SUD-2) */
static void refs_rename(SimTagged *t, int32_t id, const MethodInfo *m)
{
    (void)m;
    t->id = id;
    sim_gc_store((void **)&t->name, sim_string_printf("tag-%d", (int)id));
}

/* InvokeWithRefObject, the C#-calls-Lua method, is in sim_bodies_ic.c
 * (sim_methods_refs_ic) */
const SimMethodDef sim_methods_refs[] = {
    {.name = "Rename", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"ref MyGame.Tagged", "t", NULL, NULL}, I4("id")},
     .body = SIM_BODY(refs_rename), .invoker = sim_inv_zt_v_pT_i4},
    {.name = NULL}};

/* ---- ZLuaTests.BadInvoke (R-IC-3) ------------------------------------------------------ */

/* [LuaInvoke] public static int NotExtern() { return 0; }: no internal call */
static int32_t bad_invoke_not_extern(const MethodInfo *m)
{
    (void)m;
    return 0;
}

/* [LuaInvoke] static extern int Twice(int x) / Twice(float x): the body
 * IL2CPP generates for an internal call; none is registered for either */
static int32_t bad_invoke_twice_i4(int32_t x, const MethodInfo *m)
{
    (void)m;
    typedef int32_t (*Fn)(int32_t);
    return ((Fn)sim_icall("ZLuaTests.BadInvoke::Twice"))(x);
}

static int32_t bad_invoke_twice_r4(float x, const MethodInfo *m)
{
    (void)m;
    typedef int32_t (*Fn)(float);
    return ((Fn)sim_icall("ZLuaTests.BadInvoke::Twice"))(x);
}

/* [LuaInvokeByName] static extern int NoName(int x), [LuaInvoke,
 * LuaInvokeByName] static extern int Both(string fn): internal calls the
 * generator refuses, so none is registered */
static int32_t bad_invoke_no_name(int32_t x, const MethodInfo *m)
{
    (void)m;
    typedef int32_t (*Fn)(int32_t);
    return ((Fn)sim_icall("ZLuaTests.BadInvoke::NoName"))(x);
}

static int32_t bad_invoke_both(Il2CppString *fn, const MethodInfo *m)
{
    (void)m;
    typedef int32_t (*Fn)(Il2CppString *);
    return ((Fn)sim_icall("ZLuaTests.BadInvoke::Both"))(fn);
}

const SimMethodDef sim_methods_bad_invoke[] = {
    {.name = "NotExtern", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .body = SIM_BODY(bad_invoke_not_extern), .invoker = sim_inv_i4,
     .attr = "ZLua.LuaInvokeAttribute"},
    {.name = "Twice", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("x")}, .body = SIM_BODY(bad_invoke_twice_i4), .invoker = sim_inv_i4_i4,
     .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL, .attr = "ZLua.LuaInvokeAttribute"},
    {.name = "Twice", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Single", "x", NULL, NULL}}, .body = SIM_BODY(bad_invoke_twice_r4),
     .invoker = sim_inv_i4_r4, .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL,
     .attr = "ZLua.LuaInvokeAttribute"},
    {.name = "NoName", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("x")}, .body = SIM_BODY(bad_invoke_no_name), .invoker = sim_inv_i4_i4,
     .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL, .attr = "ZLua.LuaInvokeByNameAttribute"},
    {.name = "Both", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.String", "fn", NULL, NULL}}, .body = SIM_BODY(bad_invoke_both),
     .invoker = sim_inv_i4_s, .iflags = METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL,
     .attr = "ZLua.LuaInvokeAttribute", .attr2 = "ZLua.LuaInvokeByNameAttribute"},
    {.name = NULL}};

/* ---- ZLuaTests.Held (R-PTR-1) --------------------------------------------------------- */

/* public static object TargetOf(IntOp d) { return d == null ? null : d.Target; }:
 * a script's way to the object a delegate is closed over */
static Il2CppObject *held_target_of(SimDelegate *d, const MethodInfo *m)
{
    (void)m;
    return d != NULL ? d->target : NULL;
}

const SimMethodDef sim_methods_held[] = {
    {.name = "TargetOf", .flags = SIM_M_STATIC, .ret = "System.Object",
     .params = {{"MyGame.IntOp", "d", NULL, NULL}},
     .body = SIM_BODY(held_target_of), .invoker = sim_inv_o_o},
    {.name = NULL}};

/* ---- invokers --------------------------------------------------------------------- */

SIM_INVOKER(sim_inv_zt_i4_decimal)
{
    typedef int32_t (*Fn)(SimDecimal, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimDecimal, 0), m);
}

SIM_INVOKER(sim_inv_zt_decimal)
{
    typedef SimDecimal (*Fn)(const MethodInfo *);
    (void)obj, (void)args;
    *(SimDecimal *)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_zt_i4_typedref)
{
    typedef int32_t (*Fn)(SimTypedReference, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimTypedReference, 0), m);
}

SIM_INVOKER(sim_inv_zt_i4_span8)
{
    typedef int32_t (*Fn)(SimSpan8, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimSpan8, 0), m);
}

SIM_INVOKER(sim_inv_zt_i4_x17)
{
    typedef int32_t (*Fn)(int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t,
                          int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t,
                          int32_t, int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), VAL(int32_t, 2),
                               VAL(int32_t, 3), VAL(int32_t, 4), VAL(int32_t, 5),
                               VAL(int32_t, 6), VAL(int32_t, 7), VAL(int32_t, 8),
                               VAL(int32_t, 9), VAL(int32_t, 10), VAL(int32_t, 11),
                               VAL(int32_t, 12), VAL(int32_t, 13), VAL(int32_t, 14),
                               VAL(int32_t, 15), VAL(int32_t, 16), m);
}

SIM_INVOKER(sim_inv_zt_i4_big)
{
    typedef int32_t (*Fn)(SimBig, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimBig, 0), m);
}

SIM_INVOKER(sim_inv_zt_v_pT_i4)
{
    typedef void (*Fn)(SimTagged *, int32_t, const MethodInfo *);
    (void)obj, (void)ret;
    ((Fn)fn)((SimTagged *)args[0], VAL(int32_t, 1), m);   /* a byref: args[0] is the address */
}
