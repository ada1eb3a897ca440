/*
 * test_sim_fixtures.c -- the second milestone's fixtures of the simulated
 * IL2CPP runtime, called directly through their method pointers and
 * invokers (no libzlua): virtual dispatch through Shape/Circle, a
 * reference cycle, a rank-2 array's layout and bounds, delegates (closed,
 * open static, multicast) with IL2CPP's Il2CppDelegate fields, an event,
 * Demo.Log, Describe, and a parameter default value as IL2CPP keeps it.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "sim_fixtures.h"
#include "unit_support.h"


/* ---- helpers -------------------------------------------------------------------- */

static const MethodInfo *method(const char *klass, const char *name, int params)
{
    const MethodInfo *m = sim_method(klass, name, params);
    assert_non_null(m);
    return m;
}

/* Calls m through its invoker, as il2cpp_runtime_invoke does. */
static void invoke(const MethodInfo *m, void *obj, void **args, void *ret)
{
    m->invoker_method(m->methodPointer, m, obj, args, ret);
}

static void assert_string(Il2CppString *s, const char *want)
{
    char buf[128];
    assert_non_null(s);
    sim_string_to_utf8(s, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static Il2CppObject *call_o_i4(const char *klass, const char *name, int32_t v)
{
    Il2CppObject *r = NULL;
    void *args[1] = {&v};
    invoke(method(klass, name, 1), NULL, args, &r);
    return r;
}

static Il2CppObject *unit_circle(void)
{
    Il2CppObject *r = NULL;
    invoke(method("MyGame.Circle", "Unit", 0), NULL, NULL, &r);
    return r;
}

/* Runs fn in a child process; returns the signal that ended it (0: exit). */
static int child_signal(void (*fn)(void))
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        fn();
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

/* the managed exception fn(ud) threw, by class name ("" if none) */
static const char *thrown(void (*fn)(void *), void *ud)
{
    Il2CppException *e = sim_try(fn, ud);
    return e ? e->object.klass->name : "";
}

/* ---- MyGame.Shape / Circle ----------------------------------------------------- */

static float area_through_vtable(Il2CppObject *o, const MethodInfo *declared)
{
    typedef float (*Area)(void *, const MethodInfo *);
    const MethodInfo *impl = il2cpp_object_get_virtual_method(o, declared);
    assert_non_null(impl->virtualMethodPointer);
    return ((Area)impl->virtualMethodPointer)(o, impl);
}

static void test_circle_dispatches_through_the_vtable(void **state)
{
    (void)state;
    Il2CppClass *circle = sim_class("MyGame.Circle"), *shape = sim_class("MyGame.Shape");
    assert_true(il2cpp_class_is_abstract(shape));
    assert_ptr_equal(il2cpp_class_get_parent(circle), shape);
    assert_true(il2cpp_class_is_assignable_from(sim_class("MyGame.IShape"), circle));

    Il2CppObject *unit = NULL;
    invoke(method("MyGame.Circle", "Unit", 0), NULL, NULL, &unit);
    assert_ptr_equal(unit->klass, circle);
    assert_float_equal(((SimCircle *)unit)->R, 1.0f, 0);
    assert_string(((SimShape *)unit)->Label, "circle");

    /* new Circle(2) through the constructor's invoker */
    Il2CppObject *c = il2cpp_object_new(circle);
    float r = 2;
    void *args[1] = {&r};
    invoke(method("MyGame.Circle", ".ctor", 1), c, args, NULL);
    /* IShape.Area, Shape.Area: both reach Circle's override */
    assert_float_equal(area_through_vtable(c, method("MyGame.IShape", "Area", 0)), 12.0f, 0);
    assert_float_equal(area_through_vtable(c, method("MyGame.Shape", "Area", 0)), 12.0f, 0);
    assert_float_equal(area_through_vtable(unit, method("MyGame.IShape", "Area", 0)), 3.0f, 0);
    /* Shape.Kind is virtual: dispatch finds "circle"; Shape's own body says "shape" */
    const MethodInfo *kind = method("MyGame.Shape", "Kind", 0);
    Il2CppString *k = NULL;
    const MethodInfo *impl = il2cpp_object_get_virtual_method(c, kind);
    invoke(impl, c, NULL, &k);
    assert_string(k, "circle");
    invoke(kind, c, NULL, &k);
    assert_string(k, "shape");
    /* the abstract method has no code at all */
    assert_null(method("MyGame.Shape", "Area", 0)->methodPointer);
}

static void invoke_abstract_area(void)
{
    Il2CppObject *c = unit_circle();
    float r = 0;
    invoke(sim_method("MyGame.Shape", "Area", 0), c, NULL, &r);
}

static void test_abstract_area_without_dispatch_crashes(void **state)
{
    (void)state;
    assert_int_equal(child_signal(invoke_abstract_area), SIGABRT);
}

/* ---- Ring: a reference cycle --------------------------------------------------- */

static void test_ring_is_a_cycle(void **state)
{
    (void)state;
    SimNode *first = (SimNode *)call_o_i4("Demo", "Ring", 3);
    assert_non_null(first);
    assert_string(first->Name, "n0");
    assert_string(first->Next->Name, "n1");
    assert_string(first->Next->Next->Name, "n2");
    assert_ptr_equal(first->Next->Next->Next, first);
    SimNode *one = (SimNode *)call_o_i4("Demo", "Ring", 1);
    assert_ptr_equal(one->Next, one);
    assert_null(call_o_i4("Demo", "Ring", 0));
}

/* ---- arrays --------------------------------------------------------------------- */

static Il2CppArray *make_grid(int32_t rows, int32_t cols)
{
    Il2CppArray *g = NULL;
    void *args[2] = {&rows, &cols};
    invoke(method("Demo", "MakeGrid", 2), NULL, args, &g);
    return g;
}

typedef struct GridAt {
    Il2CppArray *g;
    int32_t at[2];
} GridAt;

static void read_grid(void *ud)
{
    GridAt *p = ud;
    (void)*(volatile int32_t *)sim_mdarray_address(p->g, p->at);
}

static void test_make_grid_bounds_and_values(void **state)
{
    (void)state;
    Il2CppArray *g = make_grid(2, 3);
    assert_non_null(g);
    assert_ptr_equal(g->obj.klass, sim_class("System.Int32[,]"));
    assert_int_equal(il2cpp_class_get_rank(g->obj.klass), 2);
    assert_int_equal(g->max_length, 6);
    /* Il2CppArrayBounds[rank] after the elements, pointer-aligned */
    assert_non_null(g->bounds);
    assert_int_equal(g->bounds[0].length, 2);
    assert_int_equal(g->bounds[1].length, 3);
    assert_int_equal(g->bounds[0].lower_bound, 0);
    assert_int_equal(g->bounds[1].lower_bound, 0);
    assert_int_equal((uintptr_t)g->bounds % sizeof(void *), 0);
    assert_true((char *)g->bounds >= (char *)g + il2cpp_array_object_header_size() + 6 * 4);
    const int32_t *v = (const int32_t *)((char *)g + il2cpp_array_object_header_size());
    for (int32_t i = 0; i < 2; i++)
        for (int32_t j = 0; j < 3; j++) {
            int32_t at[2] = {i, j};
            assert_int_equal(v[i * 3 + j], i * 10 + j);
            assert_ptr_equal(sim_mdarray_address(g, at), &v[i * 3 + j]);
        }
    int32_t sum = 0;
    void *args[1] = {g};
    invoke(method("Demo", "GridSum", 1), NULL, args, &sum);
    assert_int_equal(sum, 0 + 1 + 2 + 10 + 11 + 12);

    GridAt bad[] = {{g, {2, 0}}, {g, {0, 3}}, {g, {-1, 0}}, {g, {0, -1}}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_string_equal(thrown(read_grid, &bad[i]), "IndexOutOfRangeException");
    GridAt ok = {g, {1, 2}};
    assert_string_equal(thrown(read_grid, &ok), "");
}

static void test_szarrays(void **state)
{
    (void)state;
    Il2CppArray *names = NULL;
    invoke(method("Demo", "Names", 0), NULL, NULL, &names);
    assert_ptr_equal(names->obj.klass, sim_class("System.String[]"));
    Il2CppString **s = (Il2CppString **)((char *)names + il2cpp_array_object_header_size());
    assert_int_equal(names->max_length, 3);
    assert_string(s[0], "a");
    assert_string(s[2], "c");
    int32_t n = 0;
    void *args[1] = {names};
    invoke(method("Demo", "NamesLength", 1), NULL, args, &n);
    assert_int_equal(n, 3);
    args[0] = NULL;
    invoke(method("Demo", "NamesLength", 1), NULL, args, &n);
    assert_int_equal(n, -1);
    invoke(method("Demo", "CountBytes2", 1), NULL, args, &n);
    assert_int_equal(n, -1);

    Il2CppArray *pts = (Il2CppArray *)call_o_i4("Demo", "Points", 3);
    assert_ptr_equal(pts->obj.klass, sim_class("MyGame.Point2D[]"));
    float sum = 0;
    args[0] = pts;
    invoke(method("Demo", "SumPoints", 1), NULL, args, &sum);
    assert_float_equal(sum, 0 + 0 + 1 + 2 + 2 + 4, 0);

    Il2CppArray *tg = (Il2CppArray *)call_o_i4("Demo", "Taggeds", 2);
    SimTagged *t = (SimTagged *)((char *)tg + il2cpp_array_object_header_size());
    assert_int_equal(t[1].id, 1);
    assert_string(t[1].name, "t1");

    Il2CppArray *mixed = NULL;
    invoke(method("Demo", "Mixed", 0), NULL, NULL, &mixed);
    Il2CppObject **o = (Il2CppObject **)((char *)mixed + il2cpp_array_object_header_size());
    assert_int_equal(mixed->max_length, 5);
    assert_ptr_equal(o[0]->klass, sim_class("System.Int32"));
    assert_int_equal(*(int32_t *)il2cpp_object_unbox(o[0]), 1);
    assert_string((Il2CppString *)o[1], "two");
    assert_float_equal(*(double *)il2cpp_object_unbox(o[2]), 3.5, 0);
    assert_null(o[3]);
    assert_ptr_equal(o[4]->klass, sim_class("MyGame.Player"));
}

/* An array of structs with references (Tagged[]) is marked by its own
 * mark procedure, as libil2cpp's element-bitmap vectors are: the strings
 * only its elements hold survive collections and the reuse of whatever
 * they freed. */
static void test_struct_array_marks_its_references(void **state)
{
    (void)state;
    enum { N = 2000 };
    SimGCHandle h = il2cpp_gchandle_new(call_o_i4("Demo", "Taggeds", N), false);
    unit_gc_scrub_stack();
    for (int round = 0; round < 3; round++) {
        unit_gc_collect(2);
        for (int i = 0; i < 4 * N; i++)   /* reuse what was freed */
            il2cpp_string_new("garbage-garbage");
    }
    Il2CppArray *tg = (Il2CppArray *)il2cpp_gchandle_get_target(h);
    SimTagged *t = (SimTagged *)((char *)tg + il2cpp_array_object_header_size());
    assert_int_equal(tg->max_length, N);
    for (int i = 0; i < N; i++) {
        char want[16];
        snprintf(want, sizeof want, "t%d", i);
        assert_int_equal(t[i].id, i);
        assert_string(t[i].name, want);
    }
    il2cpp_gchandle_free(h);
}

/* ---- delegates ------------------------------------------------------------------ */

static void test_delegate_layout_is_il2cpps(void **state)
{
    (void)state;
    /* Il2CppDelegate of Unity 2021.2+: pointer-sized fields from the header */
    const size_t p = sizeof(void *);
    assert_int_equal(offsetof(SimDelegate, method_ptr), 2 * p);
    assert_int_equal(offsetof(SimDelegate, invoke_impl), 3 * p);
    assert_int_equal(offsetof(SimDelegate, target), 4 * p);
    assert_int_equal(offsetof(SimDelegate, method), 5 * p);
    assert_int_equal(offsetof(SimDelegate, extra_arg), 7 * p);
    assert_int_equal(offsetof(SimDelegate, invoke_impl_this), 8 * p);
    assert_int_equal(offsetof(SimDelegate, method_is_virtual), 14 * p);
    assert_int_equal(offsetof(SimMulticastDelegate, delegates), 15 * p);
    /* and the metadata says the same */
    Il2CppClass *d = sim_class("System.Delegate");
    assert_int_equal(il2cpp_field_get_offset(sim_field(d, "method_code")), 8 * p);
    assert_int_equal(il2cpp_field_get_offset(sim_field(d, "m_target")), 4 * p);
    assert_int_equal(il2cpp_field_get_offset(sim_field(sim_class("MyGame.IntOp"), "delegates")),
                     15 * p);
    /* the generic instances are classes of their own */
    Il2CppClass *ai = sim_class("System.Action`1[System.Int32]");
    Il2CppClass *as = sim_class("System.Action<System.String>");
    Il2CppClass *fp = sim_class("System.Func`2[MyGame.Point2D,System.Single]");
    assert_non_null(ai);
    assert_non_null(as);
    assert_non_null(fp);
    assert_true(ai != as);
    assert_ptr_equal(il2cpp_class_get_parent(fp), sim_class("System.MulticastDelegate"));
    assert_int_equal(il2cpp_type_get_type(il2cpp_class_get_type(ai)), IL2CPP_TYPE_GENERICINST);
    assert_true(il2cpp_class_is_inflated(ai));
    uint32_t iflags = 0;
    il2cpp_method_get_flags(sim_delegate_invoke_method(ai), &iflags);
    assert_int_equal(iflags & METHOD_IMPL_ATTRIBUTE_CODE_TYPE_MASK, METHOD_IMPL_ATTRIBUTE_RUNTIME);
}

static Il2CppObject *make_adder(int32_t k)
{
    return call_o_i4("Demo", "MakeAdder", k);
}

static int32_t apply(Il2CppObject *op, int32_t a, int32_t b)
{
    int32_t r = 0;
    void *args[3] = {op, &a, &b};
    invoke(method("Demo", "Apply", 3), NULL, args, &r);
    return r;
}

static void test_closed_delegate_over_a_closure(void **state)
{
    (void)state;
    Il2CppObject *op = make_adder(10);
    assert_ptr_equal(op->klass, sim_class("MyGame.IntOp"));
    assert_int_equal(apply(op, 1, 2), 13);
    SimDelegate *d = (SimDelegate *)op;
    /* closed over the compiler's display class: Invoke calls the lambda
     * directly, with the closure as `this` */
    assert_ptr_equal(d->target->klass, sim_class("Demo+<>c__DisplayClass0_0"));
    assert_int_equal(((SimAdderClosure *)d->target)->k, 10);
    assert_ptr_equal(d->invoke_impl, d->method_ptr);
    assert_ptr_equal(d->invoke_impl_this, d->target);
    assert_ptr_equal(d->method, sim_method("Demo+<>c__DisplayClass0_0", "<MakeAdder>b__0", 2));
    assert_null(((SimMulticastDelegate *)op)->delegates);
    /* Invoke through its own invoker */
    int32_t a = 5, b = 6, r = 0;
    void *args[2] = {&a, &b};
    invoke(sim_delegate_invoke_method(op->klass), op, args, &r);
    assert_int_equal(r, 21);

    bool same = false;
    void *pair[2] = {op, op};
    invoke(method("Demo", "SameDelegate", 2), NULL, pair, &same);
    assert_true(same);
    pair[1] = make_adder(10);
    invoke(method("Demo", "SameDelegate", 2), NULL, pair, &same);
    assert_false(same);
}

/* A static method of the shape a delegate targets, with a MethodInfo made
 * the way the simulation makes them. */
static int32_t twice(int32_t x, const MethodInfo *m)
{
    (void)m;
    return 2 * x;
}

static SimMethod static_method(const char *name, Il2CppMethodPointer fn, uint32_t params)
{
    SimMethod sm;
    memset(&sm, 0, sizeof sm);
    sm.mi.methodPointer = fn;
    sm.mi.virtualMethodPointer = fn;
    sm.name = name;
    sm.klass = sim_k.demo;
    sm.flags = SIM_M_STATIC;
    sm.param_count = params;
    return sm;
}

static void test_open_static_delegate(void **state)
{
    (void)state;
    SimMethod sm = static_method("Twice", (Il2CppMethodPointer)twice, 1);
    Il2CppObject *f = sim_delegate_new(sim_k.func_int32_int32, NULL, &sm.mi);
    SimDelegate *d = (SimDelegate *)f;
    /* open static: Invoke goes through the type's _OpenStatic stub, with
     * the delegate itself as invoke_impl_this */
    assert_ptr_equal(d->invoke_impl_this, f);
    assert_true(d->invoke_impl != d->method_ptr);
    assert_ptr_equal(d->method_ptr, (Il2CppMethodPointer)twice);
    int32_t x = 21, r = 0;
    void *args[2] = {f, &x};
    invoke(method("Demo", "ApplyFunc", 2), NULL, args, &r);
    assert_int_equal(r, 42);
}

static int calls[8];
static int ncalls;

static void record_a(int32_t v, const MethodInfo *m)
{
    (void)m;
    calls[ncalls++ % 8] = 1000 + v;
}

static void record_b(int32_t v, const MethodInfo *m)
{
    (void)m;
    calls[ncalls++ % 8] = 2000 + v;
}

static Il2CppObject *delegate_op(const char *op, Il2CppObject *a, Il2CppObject *b)
{
    Il2CppObject *r = NULL;
    void *args[2] = {a, b};
    invoke(method("System.Delegate", op, 2), NULL, args, &r);
    return r;
}

static void invoke_action_i4(Il2CppObject *d, int32_t v)
{
    void *args[1] = {&v};
    invoke(sim_delegate_invoke_method(d->klass), d, args, NULL);
}

static void test_multicast_invokes_every_delegate(void **state)
{
    (void)state;
    static SimMethod ma, mb;
    ma = static_method("A", (Il2CppMethodPointer)record_a, 1);
    mb = static_method("B", (Il2CppMethodPointer)record_b, 1);
    Il2CppObject *a = sim_delegate_new(sim_k.action_int32, NULL, &ma.mi);
    Il2CppObject *b = sim_delegate_new(sim_k.action_int32, NULL, &mb.mi);
    Il2CppObject *ab = delegate_op("Combine", a, b);
    Il2CppObject *aba = delegate_op("Combine", ab, a);
    assert_ptr_equal(ab->klass, sim_k.action_int32);
    assert_int_equal(((SimMulticastDelegate *)aba)->delegates->max_length, 3);
    assert_ptr_equal(((SimDelegate *)aba)->invoke_impl_this, aba);
    ncalls = 0;
    invoke_action_i4(aba, 7);
    assert_int_equal(ncalls, 3);
    assert_int_equal(calls[0], 1007);
    assert_int_equal(calls[1], 2007);
    assert_int_equal(calls[2], 1007);
    /* Remove takes the last occurrence; one left is the delegate itself */
    Il2CppObject *ab2 = delegate_op("Remove", aba, a);
    ncalls = 0;
    invoke_action_i4(ab2, 1);
    assert_int_equal(ncalls, 2);
    assert_int_equal(calls[0], 1001);
    assert_int_equal(calls[1], 2001);
    assert_ptr_equal(delegate_op("Remove", ab2, a), b);
    assert_null(delegate_op("Remove", b, b));
    assert_ptr_equal(delegate_op("Combine", NULL, a), a);
    assert_ptr_equal(delegate_op("Remove", a, b), a);
}

static void test_counter_event(void **state)
{
    (void)state;
    static SimMethod ma, mb;
    ma = static_method("A", (Il2CppMethodPointer)record_a, 1);
    mb = static_method("B", (Il2CppMethodPointer)record_b, 1);
    Il2CppObject *a = sim_delegate_new(sim_k.action_int32, NULL, &ma.mi);
    Il2CppObject *b = sim_delegate_new(sim_k.action_int32, NULL, &mb.mi);
    SimCounter *c = (SimCounter *)il2cpp_object_new(sim_class("MyGame.Counter"));
    invoke(method("MyGame.Counter", ".ctor", 0), c, NULL, NULL);
    const MethodInfo *add = method("MyGame.Counter", "Add", 1);
    const MethodInfo *on = method("MyGame.Counter", "add_Changed", 1);
    const MethodInfo *off = method("MyGame.Counter", "remove_Changed", 1);
    int32_t d = 5;
    void *dv[1] = {&d};
    ncalls = 0;
    invoke(add, c, dv, NULL);                 /* no handler: nothing raised */
    assert_int_equal(c->Value, 5);
    assert_int_equal(ncalls, 0);

    void *h[1] = {a};
    invoke(on, c, h, NULL);
    d = 2;
    invoke(add, c, dv, NULL);
    assert_int_equal(ncalls, 1);
    assert_int_equal(calls[0], 1007);

    h[0] = b;
    invoke(on, c, h, NULL);
    d = 1;
    ncalls = 0;
    invoke(add, c, dv, NULL);
    assert_int_equal(ncalls, 2);
    assert_int_equal(calls[0], 1008);
    assert_int_equal(calls[1], 2008);

    h[0] = a;
    invoke(off, c, h, NULL);
    ncalls = 0;
    invoke(add, c, dv, NULL);
    assert_int_equal(ncalls, 1);
    assert_int_equal(calls[0], 2009);
    h[0] = b;
    invoke(off, c, h, NULL);
    assert_null(c->Changed);
    assert_int_equal(c->Value, 9);
}

static Il2CppString *demo_log(void)
{
    Il2CppString *s = NULL;
    il2cpp_field_static_get_value(sim_field(sim_k.demo, "Log"), &s);
    return s;
}

static void test_logger_appends_to_demo_log(void **state)
{
    (void)state;
    il2cpp_runtime_class_init(sim_k.demo);
    assert_string(demo_log(), "");
    Il2CppObject *l1 = NULL, *l2 = NULL;
    invoke(method("Demo", "Logger", 0), NULL, NULL, &l1);
    invoke(method("Demo", "Logger", 0), NULL, NULL, &l2);
    assert_ptr_equal(l1, l2);   /* the compiler caches a capture-free lambda */
    assert_ptr_equal(l1->klass, sim_k.action_string);
    assert_ptr_equal(((SimDelegate *)l1)->target->klass, sim_class("Demo+<>c"));
    void *args[1] = {il2cpp_string_new("ab")};
    invoke(sim_delegate_invoke_method(l1->klass), l1, args, NULL);
    args[0] = il2cpp_string_new("c");
    invoke(sim_delegate_invoke_method(l1->klass), l1, args, NULL);
    assert_string(demo_log(), "abc");
}

/* ---- objects and overloads ----------------------------------------------------- */

static Il2CppString *describe(Il2CppObject *o)
{
    Il2CppString *s = NULL;
    void *args[1] = {o};
    invoke(method("Demo", "Describe", 1), NULL, args, &s);
    return s;
}

static void test_describe_and_picks(void **state)
{
    (void)state;
    int32_t v = 3;
    assert_string(describe(NULL), "null");
    assert_string(describe(unit_circle()), "MyGame.Circle");
    assert_string(describe(il2cpp_value_box(sim_k.int32, &v)), "System.Int32");
    assert_string(describe(&il2cpp_string_new("x")->object), "System.String");

    /* the overloads in declaration order, each with its own answer */
    Il2CppClass *demo = sim_k.demo;
    const char *want[] = {"object", "string", "IShape", "Shape"};
    const char *names[] = {"PickObj", "PickObj", "PickShape", "PickShape"};
    int seen = 0;
    for (uint16_t i = 0; i < demo->method_count; i++) {
        const SimMethod *m = demo->methods[i];
        for (int j = 0; j < 4; j++)
            if (seen == j && strcmp(m->name, names[j]) == 0) {
                Il2CppString *r = NULL;
                void *args[1] = {NULL};
                invoke(&m->mi, NULL, args, &r);
                assert_string(r, want[j]);
                seen++;
                break;
            }
    }
    assert_int_equal(seen, 4);
}

static void test_pick_default_keeps_its_default(void **state)
{
    (void)state;
    const MethodInfo *m = method("Demo", "PickDefault", 2);
    uint32_t flags = il2cpp_type_get_attrs(il2cpp_method_get_param(m, 1));
    assert_int_equal(flags & (PARAM_ATTRIBUTE_HAS_DEFAULT | PARAM_ATTRIBUTE_OPTIONAL),
                     PARAM_ATTRIBUTE_HAS_DEFAULT | PARAM_ATTRIBUTE_OPTIONAL);
    assert_int_equal(il2cpp_type_get_attrs(il2cpp_method_get_param(m, 0)), 0);

    const Il2CppType *t = NULL;
    bool explicit_null = true;
    assert_null(sim_method_get_parameter_default_value(m, 0, &t, &explicit_null));
    assert_false(explicit_null);
    const char *blob = sim_method_get_parameter_default_value(m, 1, &t, &explicit_null);
    assert_non_null(blob);
    assert_false(explicit_null);
    assert_int_equal(il2cpp_type_get_type(t), IL2CPP_TYPE_I4);
    int32_t b = 0;
    assert_int_equal(sim_blob_get_constant_value(il2cpp_type_get_type(t), &blob, &b), 1);
    assert_int_equal(b, 5);

    int32_t a = 2, r = 0;
    void *args[2] = {&a, &b};
    invoke(m, NULL, args, &r);
    assert_int_equal(r, 7);

    /* the v29 compressed int32 encoding the blob uses */
    struct { const char *blob; int32_t v; } cases[] = {
        {"\x00", 0}, {"\x01", -1}, {"\x0a", 5}, {"\x7e", 63}, {"\x80\x80", 64},
        {"\xC0\x01\x00\x00", 32768}, {"\xF0\xfe\xff\xff\xff", INT32_MAX}, {"\xFF", INT32_MIN}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *p = cases[i].blob;
        int32_t v = 1;
        assert_int_equal(sim_blob_get_constant_value(IL2CPP_TYPE_I4, &p, &v), 1);
        assert_int_equal(v, cases[i].v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_circle_dispatches_through_the_vtable),
        cmocka_unit_test(test_abstract_area_without_dispatch_crashes),
        cmocka_unit_test(test_ring_is_a_cycle),
        cmocka_unit_test(test_make_grid_bounds_and_values),
        cmocka_unit_test(test_szarrays),
        cmocka_unit_test(test_struct_array_marks_its_references),
        cmocka_unit_test(test_delegate_layout_is_il2cpps),
        cmocka_unit_test(test_closed_delegate_over_a_closure),
        cmocka_unit_test(test_open_static_delegate),
        cmocka_unit_test(test_multicast_invokes_every_delegate),
        cmocka_unit_test(test_counter_event),
        cmocka_unit_test(test_logger_appends_to_demo_log),
        cmocka_unit_test(test_describe_and_picks),
        cmocka_unit_test(test_pick_default_keeps_its_default),
    };
    return cmocka_run_group_tests(tests, unit_setup_runtime, NULL);
}
