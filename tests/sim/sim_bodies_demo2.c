/*
 * sim_bodies_demo2.c -- Demo's members of the second milestone:
 * delegates and events, arrays (rank 2 included), overloads with defaults,
 * objects and cycles; and the classes the C# compiler generates for
 * Demo's lambdas (Demo+<>c__DisplayClass0_0 for MakeAdder's closure over
 * k, Demo+<>c for the capture-free lambda of Logger).
 *
 * Like the other bodies they behave as the catalog's C# would: `new`
 * runs constructors through their MethodInfo, a delegate call runs the
 * delegate type's Invoke body, dereferencing null raises
 * NullReferenceException.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

static void *elements(Il2CppArray *a)
{
    return (char *)a + il2cpp_array_object_header_size();
}

static SIM_NORETURN void raise_nre(void)
{
    sim_raise("System", "NullReferenceException", SIM_NRE_MESSAGE);
}

/* new T[n] from C#: a negative length is an OverflowException */
static Il2CppArray *new_array(Il2CppClass *element, int32_t n)
{
    if (n < 0)
        sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
    return il2cpp_array_new(element, (il2cpp_array_size_t)n);
}

static const MethodInfo *own_method(const char *klass, const char *name, int params)
{
    const MethodInfo *m = sim_method(klass, name, params);
    if (m == NULL)
        sim_crash("catalog method %s::%s missing", klass, name);
    return m;
}

static SimDemoStatics *demo_statics(void)
{
    return sim_statics(sim_k.demo);
}

/* public static string Log = "";  -- the static constructor C# emits */
void sim_demo_cctor(void)
{
    sim_gc_store((void **)&demo_statics()->Log, sim_string_empty());
}

/* ---- Demo+<>c__DisplayClass0_0: MakeAdder's closure ----------------------------- */

static void closure_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

/* (a, b) => a + b + k */
static int32_t adder_lambda(void *self, int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    uint32_t k = (uint32_t)((SimAdderClosure *)self)->k;
    return (int32_t)((uint32_t)a + (uint32_t)b + k);
}

/* internal: the compiler's lambda bodies are assembly-visible, hidebysig */
#define LAMBDA_FLAGS (0x0003u | SIM_METHOD_HIDE_BY_SIG)

const SimMethodDef sim_methods_adder_closure[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(closure_ctor), .invoker = sim_inv_v_t},
    {.name = "<MakeAdder>b__0", .flags = LAMBDA_FLAGS, .ret = "System.Int32",
     .params = {{"System.Int32", "a"}, {"System.Int32", "b"}},
     .body = SIM_BODY(adder_lambda), .invoker = sim_inv_i4_t_i4_i4},
    {.name = NULL}};

/* ---- Demo+<>c: the capture-free lambdas ------------------------------------------- */

static Il2CppClass *lambdas_class(void)
{
    return sim_resolve_class("Demo+<>c");
}

static SimDemoLambdasStatics *lambdas_statics(void)
{
    return sim_statics(lambdas_class());
}

/* static <>c() { <>9 = new <>c(); } */
void sim_demo_lambdas_cctor(void)
{
    Il2CppObject *o = il2cpp_object_new(lambdas_class());
    sim_gc_store((void **)&lambdas_statics()->instance, o);
}

/* s => Log += s  (Demo's statics: Demo is initialized first) */
static void logger_lambda(void *self, Il2CppString *s, const MethodInfo *m)
{
    (void)self;
    (void)m;
    il2cpp_runtime_class_init(sim_k.demo);
    SimDemoStatics *st = demo_statics();
    sim_gc_store((void **)&st->Log, sim_string_concat(st->Log, s));
}

const SimMethodDef sim_methods_demo_lambdas[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(closure_ctor), .invoker = sim_inv_v_t},
    {.name = "<Logger>b__1_0", .flags = LAMBDA_FLAGS, .ret = "System.Void",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(logger_lambda), .invoker = sim_inv_v_t_s},
    {.name = NULL}};

/* ---- delegates and events ---------------------------------------------------------- */

static int32_t demo_apply(Il2CppObject *op, int32_t a, int32_t b, const MethodInfo *m)
{
    /* op(a, b): IL2CPP calls the delegate type's Invoke body directly */
    (void)m;
    typedef int32_t (*Invoke)(void *, int32_t, int32_t, const MethodInfo *);
    if (op == NULL)
        raise_nre();
    const MethodInfo *inv = sim_delegate_invoke_method(op->klass);
    return ((Invoke)inv->methodPointer)(op, a, b, inv);
}

static int32_t demo_apply_func(Il2CppObject *f, int32_t x, const MethodInfo *m)
{
    (void)m;
    typedef int32_t (*Invoke)(void *, int32_t, const MethodInfo *);
    if (f == NULL)
        raise_nre();
    const MethodInfo *inv = sim_delegate_invoke_method(f->klass);
    return ((Invoke)inv->methodPointer)(f, x, inv);
}

/* f(x) on a second managed thread (attached, as every thread that runs
 * managed code is), joined: "result N", or the exception it threw as
 * "Namespace.Name: message" (R-THREAD-1: a Lua function's delegate run
 * off its state's thread).  What System.Threading.Thread does in the C#
 * fixture, with what the simulation has. */
typedef struct demo_on_thread {
    Il2CppObject *f;   /* also on the caller's stack, which is scanned */
    int32_t x, result;
    Il2CppException *ex;
    char text[512];
} demo_on_thread;

static void demo_on_thread_call(void *ud)
{
    demo_on_thread *t = ud;
    t->result = demo_apply_func(t->f, t->x, NULL);
}

static void *demo_on_thread_main(void *ud)
{
    demo_on_thread *t = ud;
    Il2CppThread *me = il2cpp_thread_attach(il2cpp_domain_get());
    t->ex = sim_try(demo_on_thread_call, t);
    if (t->ex != NULL) {
        il2cpp_format_exception(t->ex, t->text, (int)sizeof t->text - 1);
        t->text[sizeof t->text - 1] = '\0';
    }
    t->ex = NULL;   /* no managed pointer outlives the thread's registration */
    il2cpp_thread_detach(me);
    return NULL;
}

static Il2CppString *demo_apply_func_on_thread(Il2CppObject *f, int32_t x, const MethodInfo *m)
{
    (void)m;
    demo_on_thread t;
    memset(&t, 0, sizeof t);
    t.f = f;
    t.x = x;
    pthread_t th;
    if (pthread_create(&th, NULL, demo_on_thread_main, &t) != 0)
        sim_raise("System", "OutOfMemoryException", "cannot start a thread");
    pthread_join(th, NULL);
    if (t.text[0] != '\0')
        return il2cpp_string_new(t.text);
    char buf[32];
    snprintf(buf, sizeof buf, "result %d", (int)t.result);
    return il2cpp_string_new(buf);
}

static float demo_apply_point(Il2CppObject *f, SimPoint2D p, const MethodInfo *m)
{
    (void)m;
    typedef float (*Invoke)(void *, SimPoint2D, const MethodInfo *);
    if (f == NULL)
        raise_nre();
    const MethodInfo *inv = sim_delegate_invoke_method(f->klass);
    return ((Invoke)inv->methodPointer)(f, p, inv);
}

/* new <>c__DisplayClass0_0 { k = k }, then new IntOp(closure, &<MakeAdder>b__0) */
static Il2CppObject *demo_make_adder(int32_t k, const MethodInfo *m)
{
    (void)m;
    Il2CppClass *kc = sim_resolve_class("Demo+<>c__DisplayClass0_0");
    SimAdderClosure *c = (SimAdderClosure *)il2cpp_object_new(kc);
    c->k = k;
    const MethodInfo *body = own_method("Demo+<>c__DisplayClass0_0", "<MakeAdder>b__0", 2);
    return sim_delegate_new(sim_resolve_class("MyGame.IntOp"), &c->obj, body);
}

/* <>c.<>9__1_0 ??= new Action<string>(<>c.<>9.<Logger>b__1_0) */
static Il2CppObject *demo_logger(const MethodInfo *m)
{
    (void)m;
    il2cpp_runtime_class_init(lambdas_class());
    SimDemoLambdasStatics *st = lambdas_statics();
    if (st->logger == NULL) {
        const MethodInfo *body = own_method("Demo+<>c", "<Logger>b__1_0", 1);
        Il2CppObject *d = sim_delegate_new(sim_k.action_string, st->instance, body);
        sim_gc_store((void **)&st->logger, d);
    }
    return &st->logger->delegate.obj;
}

static bool demo_same_delegate(Il2CppObject *a, Il2CppObject *b, const MethodInfo *m)
{
    (void)m;
    return a == b;
}

const SimMethodDef sim_methods_demo_delegates[] = {
    {.name = "Apply", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"MyGame.IntOp", "op"}, {"System.Int32", "a"}, {"System.Int32", "b"}},
     .body = SIM_BODY(demo_apply), .invoker = sim_inv_i4_o_i4_i4},
    {.name = "ApplyFunc", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Func`2[System.Int32,System.Int32]", "f"}, {"System.Int32", "x"}},
     .body = SIM_BODY(demo_apply_func), .invoker = sim_inv_i4_o_i4},
    {.name = "ApplyFuncOnThread", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Func`2[System.Int32,System.Int32]", "f"}, {"System.Int32", "x"}},
     .body = SIM_BODY(demo_apply_func_on_thread), .invoker = sim_inv_s_o_i4},
    {.name = "ApplyPoint", .flags = SIM_M_STATIC, .ret = "System.Single",
     .params = {{"System.Func`2[MyGame.Point2D,System.Single]", "f"},
                {"MyGame.Point2D", "p"}},
     .body = SIM_BODY(demo_apply_point), .invoker = sim_inv_r4_o_P},
    {.name = "MakeAdder", .flags = SIM_M_STATIC, .ret = "MyGame.IntOp",
     .params = {{"System.Int32", "k"}},
     .body = SIM_BODY(demo_make_adder), .invoker = sim_inv_o_i4},
    {.name = "Logger", .flags = SIM_M_STATIC, .ret = "System.Action`1[System.String]",
     .body = SIM_BODY(demo_logger), .invoker = sim_inv_o},
    {.name = "SameDelegate", .flags = SIM_M_STATIC, .ret = "System.Boolean",
     .params = {{"MyGame.IntOp", "a"}, {"MyGame.IntOp", "b"}},
     .body = SIM_BODY(demo_same_delegate), .invoker = sim_inv_b_o_o},
    {.name = NULL}};

/* ---- arrays ------------------------------------------------------------------------ */

/* new int[rows, cols] with g[i, j] = i * 10 + j (g.Length = rows * cols) */
static Il2CppArray *demo_make_grid(int32_t rows, int32_t cols, const MethodInfo *m)
{
    (void)m;
    if (rows < 0 || cols < 0)
        sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
    il2cpp_array_size_t lengths[2] = {(il2cpp_array_size_t)rows,
                                      (il2cpp_array_size_t)cols};
    Il2CppArray *g = il2cpp_array_new_full(il2cpp_array_class_get(sim_k.int32, 2),
                                           lengths, NULL);
    for (int32_t i = 0; i < rows; i++)
        for (int32_t j = 0; j < cols; j++) {
            int32_t at[2] = {i, j};
            *(int32_t *)sim_mdarray_address(g, at) = i * 10 + j;
        }
    return g;
}

/* foreach (int v in g) sum += v; */
static int32_t demo_grid_sum(Il2CppArray *g, const MethodInfo *m)
{
    (void)m;
    if (g == NULL)
        raise_nre();
    const int32_t *v = elements(g);
    uint32_t sum = 0;
    for (il2cpp_array_size_t i = 0; i < g->max_length; i++)
        sum += (uint32_t)v[i];
    return (int32_t)sum;
}

static Il2CppArray *demo_names(const MethodInfo *m)
{
    (void)m;
    static const char *const names[] = {"a", "b", "c"};
    Il2CppArray *a = new_array(sim_k.string, 3);
    Il2CppString **slots = elements(a);
    for (int i = 0; i < 3; i++)
        sim_gc_store((void **)&slots[i], sim_literal(names[i]));
    return a;
}

/* s.Length, null -> -1 (also CountBytes2: data.Length, null -> -1) */
static int32_t demo_length_or_minus_one(Il2CppArray *a, const MethodInfo *m)
{
    (void)m;
    return a ? (int32_t)a->max_length : -1;
}

static Il2CppArray *demo_points(int32_t n, const MethodInfo *m)
{
    (void)m;
    Il2CppArray *a = new_array(sim_k.point2d, n);
    SimPoint2D *p = elements(a);
    for (int32_t i = 0; i < n; i++) {
        p[i].x = (float)i;
        p[i].y = (float)(2 * i);
    }
    return a;
}

static float demo_sum_points(Il2CppArray *ps, const MethodInfo *m)
{
    (void)m;
    if (ps == NULL)
        raise_nre();
    const SimPoint2D *p = elements(ps);
    float sum = 0;
    for (il2cpp_array_size_t i = 0; i < ps->max_length; i++)
        sum += p[i].x + p[i].y;
    return sum;
}

/* Taggeds[i] = new Tagged(i, "t" + i): the constructor runs on a local,
 * which is then stored field by field with the write barrier */
static Il2CppArray *demo_taggeds(int32_t n, const MethodInfo *m)
{
    (void)m;
    typedef void (*Ctor)(void *, int32_t, Il2CppString *, const MethodInfo *);
    const MethodInfo *c = own_method("MyGame.Tagged", ".ctor", 2);
    Il2CppArray *a = new_array(sim_class("MyGame.Tagged"), n);
    SimTagged *slots = elements(a);
    for (int32_t i = 0; i < n; i++) {
        SimTagged t = {0, NULL, NULL};
        ((Ctor)c->methodPointer)(&t, i, sim_string_printf("t%d", (int)i), c);
        slots[i].id = t.id;
        sim_gc_store((void **)&slots[i].name, t.name);
        sim_gc_store((void **)&slots[i].payload, t.payload);
    }
    return a;
}

/* { 1, "two", 3.5, null, new Player("p") } */
static Il2CppArray *demo_mixed(const MethodInfo *m)
{
    (void)m;
    typedef Il2CppObject *(*MakePlayer)(Il2CppString *, const MethodInfo *);
    Il2CppArray *a = new_array(sim_k.object, 5);
    Il2CppObject **slots = elements(a);
    int32_t one = 1;
    double three_half = 3.5;
    sim_gc_store((void **)&slots[0], il2cpp_value_box(sim_k.int32, &one));
    sim_gc_store((void **)&slots[1], sim_literal("two"));
    sim_gc_store((void **)&slots[2], il2cpp_value_box(sim_k.double_, &three_half));
    const MethodInfo *mp = own_method("Demo", "MakePlayer", 1);
    sim_gc_store((void **)&slots[4], ((MakePlayer)mp->methodPointer)(sim_literal("p"), mp));
    return a;
}

/* ---- overloads with defaults, objects and ties ------------------------------------- */

static int32_t demo_pick_default(int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

static Il2CppString *demo_pick_object(Il2CppObject *o, const MethodInfo *m)
{
    (void)o, (void)m;
    return sim_literal("object");
}

static Il2CppString *demo_pick_string(Il2CppString *s, const MethodInfo *m)
{
    (void)s, (void)m;
    return sim_literal("string");
}

static Il2CppString *demo_pick_ishape(Il2CppObject *s, const MethodInfo *m)
{
    (void)s, (void)m;
    return sim_literal("IShape");
}

static Il2CppString *demo_pick_shape(Il2CppObject *s, const MethodInfo *m)
{
    (void)s, (void)m;
    return sim_literal("Shape");
}

/* o == null ? "null" : o.GetType().FullName */
static Il2CppString *demo_describe(Il2CppObject *o, const MethodInfo *m)
{
    (void)m;
    if (o == NULL)
        return sim_literal("null");
    const char *name = o->klass->full_name;
    return sim_string_lossy(name, strlen(name));
}

/* n nodes "n0".."n<n-1>", each Next to the following, the last to the
 * first; n <= 0 gives null */
static Il2CppObject *demo_ring(int32_t n, const MethodInfo *m)
{
    (void)m;
    typedef void (*Ctor)(void *, Il2CppString *, const MethodInfo *);
    Il2CppClass *k = sim_resolve_class("MyGame.Node");
    const MethodInfo *c = own_method("MyGame.Node", ".ctor", 1);
    SimNode *first = NULL, *prev = NULL;
    for (int32_t i = 0; i < n; i++) {
        SimNode *node = (SimNode *)il2cpp_object_new(k);
        ((Ctor)c->methodPointer)(node, sim_string_printf("n%d", (int)i), c);
        if (prev)
            sim_gc_store((void **)&prev->Next, node);
        else
            first = node;
        prev = node;
    }
    if (prev)
        sim_gc_store((void **)&prev->Next, first);
    return first ? &first->obj : NULL;
}

/* OrDefault(int? v = 5): v ?? -1 */
static int32_t demo_or_default(SimNullableInt32 v, const MethodInfo *m)
{
    (void)m;
    return v.has_value ? v.value : -1;
}

#define STATIC(n, r, f, inv, ...)                                               \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},    \
     .body = SIM_BODY(f), .invoker = (inv)}

/* PickDefault's b = 5: an int32 constant, compressed in the v29 blob
 * (5 -> 5 << 1 = 0x0A) */
#define DEFAULT_I4_5 "\x0a"

const SimMethodDef sim_methods_demo_m2[] = {
    /* arrays */
    STATIC("MakeGrid", "System.Int32[,]", demo_make_grid, sim_inv_a_i4_i4,
           {"System.Int32", "rows"}, {"System.Int32", "cols"}),
    STATIC("GridSum", "System.Int32", demo_grid_sum, sim_inv_i4_a,
           {"System.Int32[,]", "g"}),
    STATIC("Names", "System.String[]", demo_names, sim_inv_a, {NULL, NULL}),
    STATIC("NamesLength", "System.Int32", demo_length_or_minus_one, sim_inv_i4_a,
           {"System.String[]", "s"}),
    STATIC("Points", "MyGame.Point2D[]", demo_points, sim_inv_a_i4,
           {"System.Int32", "n"}),
    STATIC("SumPoints", "System.Single", demo_sum_points, sim_inv_r4_a,
           {"MyGame.Point2D[]", "ps"}),
    STATIC("Taggeds", "MyGame.Tagged[]", demo_taggeds, sim_inv_a_i4,
           {"System.Int32", "n"}),
    STATIC("Mixed", "System.Object[]", demo_mixed, sim_inv_a, {NULL, NULL}),
    STATIC("CountBytes2", "System.Int32", demo_length_or_minus_one, sim_inv_i4_a,
           {"System.Byte[]", "data"}),

    /* overloads with defaults, objects and ties, in declaration order */
    STATIC("PickDefault", "System.Int32", demo_pick_default, sim_inv_i4_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b", "System.Int32", DEFAULT_I4_5}),
    /* recorded as IL2CPP records it: under the parameter's own type
     * (a generic instance), with the bytes of an int32 */
    STATIC("OrDefault", "System.Int32", demo_or_default, sim_inv_i4_NI,
           {"System.Nullable`1[System.Int32]", "v", "System.Nullable`1[System.Int32]",
            DEFAULT_I4_5}),
    STATIC("PickObj", "System.String", demo_pick_object, sim_inv_s_o,
           {"System.Object", "o"}),
    STATIC("PickObj", "System.String", demo_pick_string, sim_inv_s_s,
           {"System.String", "s"}),
    STATIC("PickShape", "System.String", demo_pick_ishape, sim_inv_s_o,
           {"MyGame.IShape", "s"}),
    STATIC("PickShape", "System.String", demo_pick_shape, sim_inv_s_o,
           {"MyGame.Shape", "s"}),
    STATIC("Describe", "System.String", demo_describe, sim_inv_s_o,
           {"System.Object", "o"}),

    /* cycles and lifetime */
    STATIC("Ring", "MyGame.Node", demo_ring, sim_inv_o_i4, {"System.Int32", "n"}),
    {.name = NULL}};
