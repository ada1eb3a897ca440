/*
 * sim_bodies_demo.c -- the static class Demo (everything but the C#-calls-
 * Lua group, which is in sim_bodies_ic.c).
 *
 * The bodies behave as the C# of the fixture catalog would: C# integer arithmetic
 * wraps, `new T(...)` runs the constructor (through its MethodInfo, as
 * IL2CPP code does), string literals are interned, and dereferencing null
 * raises NullReferenceException.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

static SimDemoStatics *statics(void)
{
    return sim_statics(sim_k.demo);
}

static void *elements(Il2CppArray *a)
{
    return (char *)a + il2cpp_array_object_header_size();
}

static const MethodInfo *ctor(Il2CppClass *klass, int param_count)
{
    for (uint16_t i = 0; i < klass->method_count; i++)
        if (strcmp(klass->methods[i]->name, ".ctor") == 0 &&
            klass->methods[i]->param_count == (uint32_t)param_count)
            return &klass->methods[i]->mi;
    return NULL;
}

static void raise_nre(void)
{
    sim_raise("System", "NullReferenceException", SIM_NRE_MESSAGE);
}

/* ---- by-value basics ---------------------------------------------------------------- */

static int32_t demo_add(int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

static int64_t demo_add_long(int64_t a, int64_t b, const MethodInfo *m)
{
    (void)m;
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

static double demo_mul(double a, double b, const MethodInfo *m)
{
    (void)m;
    return a * b;
}

static uint8_t demo_echo_byte(uint8_t b, const MethodInfo *m)
{
    (void)m;
    return b;
}

static uint64_t demo_echo_ulong(uint64_t v, const MethodInfo *m)
{
    (void)m;
    return v;
}

static Il2CppChar demo_echo_char(Il2CppChar c, const MethodInfo *m)
{
    (void)m;
    return c;
}

static Il2CppString *demo_concat(Il2CppString *a, Il2CppString *b,
                                 const MethodInfo *m)
{
    (void)m;
    return sim_string_concat(a, b);
}

static bool demo_not(bool b, const MethodInfo *m)
{
    (void)m;
    return !b;
}

static SimPoint2D demo_make_point(float x, float y, const MethodInfo *m)
{
    /* new Point2D(x, y): runs the constructor (counts in Created) */
    (void)m;
    typedef void (*Ctor)(void *, float, float, const MethodInfo *);
    const MethodInfo *c = ctor(sim_k.point2d, 2);
    SimPoint2D p = {0, 0};
    ((Ctor)c->methodPointer)(&p, x, y, c);
    return p;
}

static float demo_sum_point(SimPoint2D p, const MethodInfo *m)
{
    (void)m;
    return p.x + p.y;
}

static SimTagged demo_make_tagged(int32_t id, Il2CppString *name,
                                  const MethodInfo *m)
{
    (void)m;
    typedef void (*Ctor)(void *, int32_t, Il2CppString *, const MethodInfo *);
    const MethodInfo *c = ctor(sim_class("MyGame.Tagged"), 2);
    SimTagged t = {0, NULL, NULL};
    ((Ctor)c->methodPointer)(&t, id, name, c);
    return t;
}

static Il2CppString *demo_tagged_name(SimTagged t, const MethodInfo *m)
{
    (void)m;
    return t.name;
}

static void demo_set_color(int32_t c, const MethodInfo *m)
{
    (void)m;
    statics()->s_color = c;
}

static int32_t demo_get_color(const MethodInfo *m)
{
    (void)m;
    return statics()->s_color;
}

static int64_t demo_echo_wide(int64_t w, const MethodInfo *m)
{
    (void)m;
    return w;
}

static Il2CppObject *demo_box(int32_t v, const MethodInfo *m)
{
    (void)m;
    return il2cpp_value_box(sim_k.int32, &v);
}

static SimNullableInt32 demo_maybe_int(bool has, const MethodInfo *m)
{
    (void)m;
    SimNullableInt32 n;
    memset(&n, 0, sizeof n);
    if (has) {
        n.value = 7;
        n.has_value = true;
    }
    return n;
}

static int32_t demo_or_zero(SimNullableInt32 v, const MethodInfo *m)
{
    (void)m;
    return v.has_value ? v.value : 0;
}

/* b == null ? null : !b -- Nullable<bool>, whose two fields share a type */
static SimNullableBoolean demo_maybe_not(SimNullableBoolean b, const MethodInfo *m)
{
    (void)m;
    SimNullableBoolean r;
    memset(&r, 0, sizeof r);
    if (b.has_value) {
        r.value = !b.value;
        r.has_value = true;
    }
    return r;
}

/* ---- ref / out / in ---------------------------------------------------------------- */

static void demo_increment(int32_t *x, const MethodInfo *m)
{
    (void)m;
    *x = (int32_t)((uint32_t)*x + 1u);
}

static void demo_offset(SimPoint2D *p, int32_t dx, int32_t dy, const MethodInfo *m)
{
    (void)m;
    p->x += (float)dx;
    p->y += (float)dy;
}

static void demo_set_nullable(SimNullablePoint2D *n, const MethodInfo *m)
{
    /* n = (n ?? new Point2D(0, 0)) + (1, 1) -- written without the
     * constructor, so Created is not touched */
    (void)m;
    SimPoint2D base = {0, 0};
    if (n->has_value)
        base = n->value;
    n->value.x = base.x + 1;
    n->value.y = base.y + 1;
    n->has_value = true;
}

/* n.HasValue, n left as it is: what a Lua argument for a
 * `ref Point2D?` arrives as */
static bool demo_nullable_has_value(SimNullablePoint2D *n, const MethodInfo *m)
{
    (void)m;
    return n->has_value;
}

static void demo_replace(Il2CppString **s, const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)s, sim_string_concat(*s, sim_literal("!")));
}

static bool is_space(Il2CppChar c)
{
    return c == ' ' || (c >= 0x09 && c <= 0x0D) || c == 0xA0 || c == 0x85;
}

/* int.TryParse(s, NumberStyles.Integer, invariant): blanks, sign, digits */
static bool demo_try_parse(Il2CppString *s, int32_t *value, const MethodInfo *m)
{
    (void)m;
    *value = 0;
    if (s == NULL)
        return false;
    int32_t i = 0, n = s->length;
    while (i < n && is_space(s->chars[i]))
        i++;
    bool negative = false;
    if (i < n && (s->chars[i] == '-' || s->chars[i] == '+'))
        negative = s->chars[i++] == '-';
    int64_t v = 0;
    int32_t digits = 0;
    for (; i < n && s->chars[i] >= '0' && s->chars[i] <= '9'; i++, digits++) {
        v = v * 10 + (s->chars[i] - '0');
        if (v > (int64_t)INT32_MAX + 1)
            return false;
    }
    while (i < n && (is_space(s->chars[i]) || s->chars[i] == 0))
        i++;
    if (digits == 0 || i != n)
        return false;
    if (negative)
        v = -v;
    if (v > INT32_MAX || v < INT32_MIN)
        return false;
    *value = (int32_t)v;
    return true;
}

static float demo_read_in(SimPoint2D *p, const MethodInfo *m)
{
    (void)m;
    return p->x + p->y;
}

static void demo_swap_obj(Il2CppObject **o, const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)o, sim_literal("swapped"));
}

/* ---- params ------------------------------------------------------------------------ */

static int32_t sum_ints(Il2CppArray *a)
{
    const int32_t *v = elements(a);
    uint32_t sum = 0;
    for (il2cpp_array_size_t i = 0; i < a->max_length; i++)
        sum += (uint32_t)v[i];
    return (int32_t)sum;
}

static int32_t demo_sum(Il2CppArray *values, const MethodInfo *m)
{
    (void)m;
    return values ? sum_ints(values) : -1;
}

static int32_t demo_prefix(int32_t head, Il2CppArray *tail, const MethodInfo *m)
{
    /* head * 100 + tail.Sum(): a null tail throws, as in C# */
    (void)m;
    if (tail == NULL) {
        raise_nre();
        return 0;
    }
    return (int32_t)((uint32_t)head * 100u + (uint32_t)sum_ints(tail));
}

/* ---- [LuaMarshalAs] ------------------------------------------------------------------ */

static const char *const members_y_x[] = {"Y", "X"};
static const char *const members_x_y[] = {"X", "Y"};

static void demo_store_pos(SimVector2 v, const MethodInfo *m)
{
    (void)m;
    statics()->s_pos = v;
}

static SimVector2 demo_get_pos(const MethodInfo *m)
{
    (void)m;
    return statics()->s_pos;
}

static Il2CppString *demo_bar(SimNullableVector2 v, const MethodInfo *m)
{
    (void)m;
    if (!v.has_value)
        return sim_literal("null");
    return sim_string_printf("%g,%g", (double)v.value.X, (double)v.value.Y);
}

static Il2CppString *demo_take_dto(SimMyDto d, const MethodInfo *m)
{
    (void)m;
    Il2CppString *head = sim_string_printf("%d,%d,", (int)d.X, (int)d.Y);
    return sim_string_concat(head, d.Tag ? d.Tag : sim_literal("nil"));
}

static SimMyDto demo_make_dto(int32_t x, int32_t y, Il2CppString *tag,
                              const MethodInfo *m)
{
    (void)m;
    SimMyDto d = {x, y, tag};
    return d;
}

static int32_t demo_count_bytes(Il2CppArray *data, const MethodInfo *m)
{
    (void)m;
    return data ? (int32_t)data->max_length : -1;
}

static Il2CppArray *demo_make_bytes(int32_t n, const MethodInfo *m)
{
    (void)m;
    if (n < 0) {
        sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
        return NULL;
    }
    Il2CppArray *a = il2cpp_array_new(sim_k.byte, (il2cpp_array_size_t)n);
    uint8_t *b = a ? elements(a) : NULL;
    for (int32_t i = 0; b && i < n; i++)
        b[i] = (uint8_t)i;
    return a;
}

static Il2CppString *demo_make_string_object(Il2CppString *s, const MethodInfo *m)
{
    (void)m;
    return s;
}

static void demo_echo_int_illegal(int32_t value, const MethodInfo *m)
{
    (void)value;
    (void)m;
}

/* ---- overloads --------------------------------------------------------------------- */

static Il2CppString *demo_pick_int(int32_t a, const MethodInfo *m)
{
    (void)a;
    (void)m;
    return sim_literal("int");
}

static Il2CppString *demo_pick_double(double a, const MethodInfo *m)
{
    (void)a;
    (void)m;
    return sim_literal("double");
}

static Il2CppString *demo_pick_string(Il2CppString *a, const MethodInfo *m)
{
    (void)a;
    (void)m;
    return sim_literal("string");
}

static Il2CppString *demo_pick_point(SimPoint2D p, const MethodInfo *m)
{
    (void)p;
    (void)m;
    return sim_literal("Point2D");
}

static Il2CppString *demo_pick_int_int(int32_t a, int32_t b, const MethodInfo *m)
{
    (void)a;
    (void)b;
    (void)m;
    return sim_literal("int,int");
}

/* ---- objects ---------------------------------------------------------------------- */

static Il2CppObject *demo_make_player(Il2CppString *name, const MethodInfo *m)
{
    (void)m;
    typedef void (*Ctor)(void *, Il2CppString *, const MethodInfo *);
    const MethodInfo *c = ctor(sim_k.player, 1);
    Il2CppObject *p = il2cpp_object_new(sim_k.player);
    if (p)
        ((Ctor)c->methodPointer)(p, name, c);
    return p;
}

static Il2CppObject *demo_same(Il2CppObject *p, const MethodInfo *m)
{
    (void)m;
    return p;
}

static float demo_total_area(Il2CppObject *s, const MethodInfo *m)
{
    /* s.Area(): an interface call dispatches through the vtable entry's
     * virtualMethodPointer (the boxed-`this` entry point) */
    (void)m;
    typedef float (*Area)(void *, const MethodInfo *);
    if (s == NULL) {
        raise_nre();
        return 0;
    }
    const MethodInfo *area = sim_method("MyGame.IShape", "Area", 0);
    const MethodInfo *impl = il2cpp_object_get_virtual_method(s, area);
    if (impl->virtualMethodPointer == NULL) {
        sim_raise("System", "InvalidCastException",
                  "Specified cast is not valid.");
        return 0;
    }
    return ((Area)impl->virtualMethodPointer)(s, impl);
}

static Il2CppArray *demo_make_array(int32_t n, const MethodInfo *m)
{
    (void)m;
    if (n < 0) {
        sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
        return NULL;
    }
    Il2CppArray *a = il2cpp_array_new(sim_k.int32, (il2cpp_array_size_t)n);
    int32_t *v = a ? elements(a) : NULL;
    for (int32_t i = 0; v && i < n; i++)
        v[i] = i + 1;
    return a;
}

static int32_t demo_array_sum(Il2CppArray *a, const MethodInfo *m)
{
    (void)m;
    if (a == NULL) {
        raise_nre();
        return 0;
    }
    return sum_ints(a);
}

/* ---- pointers (unsafe) ------------------------------------------------------------ */

/* Unmanaged memory that lives for the process (Marshal.AllocHGlobal in
 * the C#); not a GC root, and it holds no references. */
static int32_t demo_buffer_ints[4] = {10, 20, 30, 40};

static int32_t *demo_buffer(const MethodInfo *m)
{
    (void)m;
    return demo_buffer_ints;
}

/* Built into the fuzzer only (tests/fuzz): p + i must lie in Demo.Buffer()'s
 * four ints, else IndexOutOfRangeException.  The fuzzer looks for memory
 * errors of libzlua; an unsafe C# method handed a wild index is the
 * method's own error, which it must not report.  p itself is another
 * matter: Demo.Buffer() is the only int* C# hands out, and a T* parameter
 * takes only those (R-PTR-1), so any other non-null p is libzlua's
 * finding, reported as one (abort) even where reading it would not fault. */
#if defined(SIM_CHECKED_POINTERS)
int sim_foreign_pointer_abort = 1;
#endif

static void demo_check_ptr(const int32_t *p, int32_t i)
{
#if defined(SIM_CHECKED_POINTERS)
    /* compared as integers: p may point anywhere */
    uintptr_t b = (uintptr_t)demo_buffer_ints, a = (uintptr_t)p;
    if (p != demo_buffer_ints && sim_foreign_pointer_abort) {
        fprintf(stderr, "sim: an int* C# never produced reached Demo.ReadPtr / WritePtr "
                        "(%p; Demo.Buffer() is %p)\n", (const void *)p,
                (const void *)demo_buffer_ints);
        abort();
    }
    if (a < b || a >= b + 4 * sizeof(int32_t) || (a - b) % sizeof(int32_t) != 0 ||
        i < 0 || i >= 4 - (int32_t)((a - b) / sizeof(int32_t)))
        sim_raise("System", "IndexOutOfRangeException",
                  "Index was outside the bounds of the array.");
#else
    (void)p, (void)i;
#endif
}

/* p[i]: C# does no bounds check here, and neither does this body.  A null
 * p faults, which IL2CPP reports as a NullReferenceException. */
static int32_t demo_read_ptr(int32_t *p, int32_t i, const MethodInfo *m)
{
    (void)m;
    if (p == NULL) {
        raise_nre();
        return 0;
    }
    demo_check_ptr(p, i);
    return p[i];
}

static void demo_write_ptr(int32_t *p, int32_t i, int32_t v, const MethodInfo *m)
{
    (void)m;
    if (p == NULL) {
        raise_nre();
        return;
    }
    demo_check_ptr(p, i);
    p[i] = v;
}

/* ---- the table --------------------------------------------------------------------- */

#define STATIC(n, r, f, inv, ...)                                               \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},    \
     .body = SIM_BODY(f), .invoker = (inv)}
#define MARSHAL(i, t, list)                                                     \
    {(i), (t), (list), (int)(sizeof(list) / sizeof((list)[0]))}

const SimMethodDef sim_methods_demo[] = {
    /* by-val basics */
    STATIC("Add", "System.Int32", demo_add, sim_inv_i4_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b"}),
    STATIC("AddLong", "System.Int64", demo_add_long, sim_inv_i8_i8_i8,
           {"System.Int64", "a"}, {"System.Int64", "b"}),
    STATIC("Mul", "System.Double", demo_mul, sim_inv_r8_r8_r8,
           {"System.Double", "a"}, {"System.Double", "b"}),
    STATIC("EchoByte", "System.Byte", demo_echo_byte, sim_inv_u1_u1,
           {"System.Byte", "b"}),
    STATIC("EchoULong", "System.UInt64", demo_echo_ulong, sim_inv_u8_u8,
           {"System.UInt64", "v"}),
    STATIC("EchoChar", "System.Char", demo_echo_char, sim_inv_c2_c2,
           {"System.Char", "c"}),
    STATIC("Concat", "System.String", demo_concat, sim_inv_s_s_s,
           {"System.String", "a"}, {"System.String", "b"}),
    STATIC("Not", "System.Boolean", demo_not, sim_inv_b_b, {"System.Boolean", "b"}),
    STATIC("MakePoint", "MyGame.Point2D", demo_make_point, sim_inv_P_r4_r4,
           {"System.Single", "x"}, {"System.Single", "y"}),
    STATIC("SumPoint", "System.Single", demo_sum_point, sim_inv_r4_P,
           {"MyGame.Point2D", "p"}),
    STATIC("MakeTagged", "MyGame.Tagged", demo_make_tagged, sim_inv_T_i4_s,
           {"System.Int32", "id"}, {"System.String", "name"}),
    STATIC("TaggedName", "System.String", demo_tagged_name, sim_inv_s_T,
           {"MyGame.Tagged", "t"}),
    STATIC("SetColor", "System.Void", demo_set_color, sim_inv_v_i4,
           {"MyGame.Color", "c"}),
    STATIC("GetColor", "MyGame.Color", demo_get_color, sim_inv_i4, {NULL, NULL}),
    STATIC("EchoSmall", "MyGame.Small", demo_echo_byte, sim_inv_u1_u1,
           {"MyGame.Small", "s"}),
    STATIC("EchoWide", "MyGame.Wide", demo_echo_wide, sim_inv_i8_i8,
           {"MyGame.Wide", "w"}),
    STATIC("Box", "System.Object", demo_box, sim_inv_o_i4, {"System.Int32", "v"}),
    STATIC("MaybeInt", "System.Nullable`1[System.Int32]", demo_maybe_int,
           sim_inv_NI_b, {"System.Boolean", "has"}),
    STATIC("OrZero", "System.Int32", demo_or_zero, sim_inv_i4_NI,
           {"System.Nullable`1[System.Int32]", "v"}),
    STATIC("MaybeNot", "System.Nullable`1[System.Boolean]", demo_maybe_not,
           sim_inv_NB_NB, {"System.Nullable`1[System.Boolean]", "b"}),

    /* ref / out / in */
    STATIC("Increment", "System.Void", demo_increment, sim_inv_v_pi4,
           {"ref System.Int32", "x"}),
    STATIC("IncrementOpaque", "System.Void", demo_increment, sim_inv_v_pi4,
           {"ref System.Int32", "x"}),
    STATIC("Offset", "System.Void", demo_offset, sim_inv_v_pP_i4_i4,
           {"ref MyGame.Point2D", "p"}, {"System.Int32", "dx"},
           {"System.Int32", "dy"}),
    STATIC("SetNullable", "System.Void", demo_set_nullable, sim_inv_v_pNP,
           {"ref System.Nullable`1[MyGame.Point2D]", "n"}),
    STATIC("NullableHasValue", "System.Boolean", demo_nullable_has_value, sim_inv_b_pNP,
           {"ref System.Nullable`1[MyGame.Point2D]", "n"}),
    STATIC("Replace", "System.Void", demo_replace, sim_inv_v_ps,
           {"ref System.String", "s"}),
    STATIC("TryParse", "System.Boolean", demo_try_parse, sim_inv_b_s_pi4,
           {"System.String", "s"}, {"out System.Int32", "value"}),
    STATIC("ReadIn", "System.Single", demo_read_in, sim_inv_r4_pP,
           {"in MyGame.Point2D", "p"}),
    STATIC("SwapObj", "System.Void", demo_swap_obj, sim_inv_v_po,
           {"ref System.Object", "o"}),

    /* params: a T[] parameter marked [ParamArray], which IL2CPP keeps in
     * the parameter's attribute data only */
    STATIC("Sum", "System.Int32", demo_sum, sim_inv_i4_a,
           {"System.Int32[]", "values", NULL, NULL, true}),
    STATIC("Prefix", "System.Int32", demo_prefix, sim_inv_i4_i4_a,
           {"System.Int32", "head"}, {"System.Int32[]", "tail", NULL, NULL, true}),

    /* [LuaMarshalAs] */
    {.name = "FooUnpacked", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"MyGame.Vector2", "v"}},
     .body = SIM_BODY(demo_store_pos), .invoker = sim_inv_v_V,
     .marshal = {MARSHAL(0, SIM_MARSHAL_UNPACKED_VALUES, members_y_x)}},
    {.name = "GetPos", .flags = SIM_M_STATIC, .ret = "MyGame.Vector2",
     .body = SIM_BODY(demo_get_pos), .invoker = sim_inv_V,
     .marshal = {MARSHAL(-1, SIM_MARSHAL_UNPACKED_VALUES, members_x_y)}},
    {.name = "FooTable", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"MyGame.Vector2", "v"}},
     .body = SIM_BODY(demo_store_pos), .invoker = sim_inv_v_V,
     .marshal = {MARSHAL(0, SIM_MARSHAL_TABLE, members_x_y)}},
    {.name = "Bar", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Nullable`1[MyGame.Vector2]", "v"}},
     .body = SIM_BODY(demo_bar), .invoker = sim_inv_s_NV,
     .marshal = {MARSHAL(0, SIM_MARSHAL_TABLE, members_x_y)}},
    STATIC("TakeDto", "System.String", demo_take_dto, sim_inv_s_D,
           {"MyGame.MyDto", "d"}),
    STATIC("MakeDto", "MyGame.MyDto", demo_make_dto, sim_inv_D_i4_i4_s,
           {"System.Int32", "x"}, {"System.Int32", "y"}, {"System.String", "tag"}),
    {.name = "CountBytes", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{"System.Byte[]", "data"}},
     .body = SIM_BODY(demo_count_bytes), .invoker = sim_inv_i4_a,
     .marshal = {{0, SIM_MARSHAL_BYTES, NULL, 0}}},
    {.name = "MakeBytes", .flags = SIM_M_STATIC, .ret = "System.Byte[]",
     .params = {{"System.Int32", "n"}},
     .body = SIM_BODY(demo_make_bytes), .invoker = sim_inv_a_i4,
     .marshal = {{-1, SIM_MARSHAL_BYTES, NULL, 0}}},
    STATIC("MakeByteArray", "System.Byte[]", demo_make_bytes, sim_inv_a_i4,
           {"System.Int32", "n"}),
    {.name = "MakeStringObject", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.String", "s"}},
     .body = SIM_BODY(demo_make_string_object), .invoker = sim_inv_s_s,
     .marshal = {{-1, SIM_MARSHAL_USERDATA, NULL, 0}}},
    {.name = "EchoIntIllegal", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"System.Int32", "value"}},
     .body = SIM_BODY(demo_echo_int_illegal), .invoker = sim_inv_v_i4,
     .marshal = {{0, SIM_MARSHAL_USERDATA, NULL, 0}}},

    /* overloads, in declaration order */
    STATIC("Pick", "System.String", demo_pick_int, sim_inv_s_i4,
           {"System.Int32", "a"}),
    STATIC("Pick", "System.String", demo_pick_double, sim_inv_s_r8,
           {"System.Double", "a"}),
    STATIC("Pick", "System.String", demo_pick_string, sim_inv_s_s,
           {"System.String", "a"}),
    STATIC("Pick", "System.String", demo_pick_point, sim_inv_s_P,
           {"MyGame.Point2D", "p"}),
    STATIC("Pick", "System.String", demo_pick_int_int, sim_inv_s_i4_i4,
           {"System.Int32", "a"}, {"System.Int32", "b"}),

    /* objects */
    STATIC("MakePlayer", "MyGame.Player", demo_make_player, sim_inv_o_s,
           {"System.String", "name"}),
    STATIC("Same", "MyGame.Player", demo_same, sim_inv_o_o,
           {"MyGame.Player", "p"}),
    STATIC("TotalArea", "System.Single", demo_total_area, sim_inv_r4_o,
           {"MyGame.IShape", "s"}),
    STATIC("MakeArray", "System.Int32[]", demo_make_array, sim_inv_a_i4,
           {"System.Int32", "n"}),
    STATIC("ArraySum", "System.Int32", demo_array_sum, sim_inv_i4_a,
           {"System.Int32[]", "a"}),

    /* pointers (unsafe) */
    STATIC("Buffer", "System.Int32*", demo_buffer, sim_inv_ptr, {NULL, NULL}),
    STATIC("ReadPtr", "System.Int32", demo_read_ptr, sim_inv_i4_ptr_i4,
           {"System.Int32*", "p"}, {"System.Int32", "i"}),
    STATIC("WritePtr", "System.Void", demo_write_ptr, sim_inv_v_ptr_i4_i4,
           {"System.Int32*", "p"}, {"System.Int32", "i"}, {"System.Int32", "v"}),
    {.name = NULL}};
