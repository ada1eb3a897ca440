/*
 * sim_bodies_runtime.c -- the fixtures of the runtime contract: static
 * constructors (MyGame.Config, MyGame.Broken), a throwing value-type
 * constructor (MyGame.Fragile) and Demo's throwing methods.
 *
 * Bodies that touch statics call sim_require_init, where IL2CPP's
 * generated code would rely on the class init having happened: a caller
 * that skips it crashes the test instead of reading zeros.
 */
#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

static Il2CppClass *config_class(void)
{
    static Il2CppClass *k;   /* metadata, not a managed object */
    if (k == NULL)
        k = sim_class("MyGame.Config");
    return k;
}

/* static Config() { Version = 3; Loaded = true; Inits += 1; } */
void sim_config_cctor(void)
{
    SimConfigStatics *s = sim_statics(config_class());
    s->Version = 3;
    s->Loaded = true;
    s->Inits += 1;
}

/* public static int Get() => Version; */
static int32_t config_get(const MethodInfo *m)
{
    (void)m;
    sim_require_init(config_class());
    return ((SimConfigStatics *)sim_statics(config_class()))->Version;
}

const SimMethodDef sim_methods_config[] = {
    {.name = "Get", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .body = SIM_BODY(config_get), .invoker = sim_inv_i4},
    {.name = NULL}};

/* static InitRetry() { Value = 7; } */
void sim_init_retry_cctor(void)
{
    ((SimInitRetryStatics *)sim_statics(sim_class("ZLuaTests.InitRetry")))->Value = 7;
}

/* static Broken() { throw new InvalidOperationException("broken type"); } */
void sim_broken_cctor(void)
{
    sim_raise("System", "InvalidOperationException", "broken type");
}

static void broken_ctor(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
    sim_require_init(sim_class("MyGame.Broken"));
}

const SimMethodDef sim_methods_broken[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(broken_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

/* static Reentrant()
 * {
 *     int r = Hooks.OnInit != null ? Hooks.OnInit(1) : 0;
 *     if (r < 0) throw new InvalidOperationException("reentrant type");
 *     Value = r;
 * } */
void sim_reentrant_cctor(void)
{
    typedef int32_t (*Invoke)(void *, int32_t, const MethodInfo *);
    Il2CppClass *hooks = sim_class("MyGame.Hooks");
    il2cpp_runtime_class_init(hooks);
    Il2CppObject *f = ((SimHooksStatics *)sim_statics(hooks))->OnInit;
    int32_t r = 0;
    if (f != NULL) {
        const MethodInfo *inv = sim_delegate_invoke_method(f->klass);
        r = ((Invoke)inv->methodPointer)(f, 1, inv);
    }
    if (r < 0)
        sim_raise("System", "InvalidOperationException", "reentrant type");
    ((SimReentrantStatics *)sim_statics(sim_class("MyGame.Reentrant")))->Value = r;
}

/* public static int Get() => Value; */
static int32_t reentrant_get(const MethodInfo *m)
{
    (void)m;
    Il2CppClass *k = sim_class("MyGame.Reentrant");
    sim_require_init(k);
    return ((SimReentrantStatics *)sim_statics(k))->Value;
}

const SimMethodDef sim_methods_reentrant[] = {
    {.name = "Get", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .body = SIM_BODY(reentrant_get), .invoker = sim_inv_i4},
    {.name = NULL}};

/* public Fragile(int v): v < 0 throws ArgumentOutOfRangeException("v") */
static void fragile_ctor(void *self, int32_t v, const MethodInfo *m)
{
    (void)m;
    if (v < 0)
        sim_raise("System", "ArgumentOutOfRangeException",
                  "Specified argument was out of the range of valid values.\n"
                  "Parameter name: v");
    ((SimFragile *)self)->v = v;
}

static void fragile_ctor_boxed(void *boxed, int32_t v, const MethodInfo *m)
{
    fragile_ctor(SIM_UNBOXED(boxed), v, m);
}

const SimMethodDef sim_methods_fragile[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Int32", "v"}}, .body = SIM_BODY(fragile_ctor),
     .boxed_body = SIM_BODY(fragile_ctor_boxed), .invoker = sim_inv_v_t_i4},
    {.name = NULL}};

/* ---- Demo: exceptions ----------------------------------------------------------- */

/* public static int Throw(string msg): throws InvalidOperationException(msg) */
static int32_t demo_throw(Il2CppString *msg, const MethodInfo *m)
{
    (void)m;
    sim_raise_string("System", "InvalidOperationException", msg);
}

/* public static void ThrowArg(string param): ArgumentException, ParamName = param */
static void demo_throw_arg(Il2CppString *param, const MethodInfo *m)
{
    (void)m;
    sim_raise_string("System", "ArgumentException",
                     sim_string_concat(sim_literal("Value does not fall within the "
                                                   "expected range.\nParameter name: "),
                                       param));
}

/* public static Fragile MakeFragile(int v) => new Fragile(v); */
static SimFragile demo_make_fragile(int32_t v, const MethodInfo *m)
{
    SimFragile f = {0};
    fragile_ctor(&f, v, m);
    return f;
}

const SimMethodDef sim_methods_demo_rt[] = {
    {.name = "Throw", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.String", "msg"}}, .body = SIM_BODY(demo_throw),
     .invoker = sim_inv_i4_s},
    {.name = "ThrowArg", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"System.String", "param"}}, .body = SIM_BODY(demo_throw_arg),
     .invoker = sim_inv_v_s},
    {.name = "MakeFragile", .flags = SIM_M_STATIC, .ret = "MyGame.Fragile",
     .params = {{"System.Int32", "v"}}, .body = SIM_BODY(demo_make_fragile),
     .invoker = sim_inv_F_i4},
    {.name = NULL}};
