/*
 * sim_bodies_game.c -- method bodies of the MyGame types and of
 * ZLua.LuaMarshalAsAttribute.
 *
 * Struct instance methods take the unboxed payload as `this`
 * (methodPointer); each has an adjustor thunk taking the boxed object
 * (virtualMethodPointer), as IL2CPP generates for every value type.
 */
#include <math.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

/* ---- MyGame.Point2D ------------------------------------------------------------- */

static void point2d_ctor(void *self, float x, float y, const MethodInfo *m)
{
    (void)m;
    SimPoint2D *p = self;
    p->x = x;
    p->y = y;
    ((SimPoint2DStatics *)sim_statics(sim_k.point2d))->Created++;
}

static void point2d_ctor_boxed(void *boxed, float x, float y, const MethodInfo *m)
{
    point2d_ctor(SIM_UNBOXED(boxed), x, y, m);
}

static float point2d_length(void *self, const MethodInfo *m)
{
    (void)m;
    SimPoint2D *p = self;
    return sqrtf(p->x * p->x + p->y * p->y);
}

static float point2d_length_boxed(void *boxed, const MethodInfo *m)
{
    return point2d_length(SIM_UNBOXED(boxed), m);
}

static void point2d_scale(void *self, float k, const MethodInfo *m)
{
    (void)m;
    SimPoint2D *p = self;
    p->x *= k;
    p->y *= k;
}

static void point2d_scale_boxed(void *boxed, float k, const MethodInfo *m)
{
    point2d_scale(SIM_UNBOXED(boxed), k, m);
}

static Il2CppString *point2d_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    SimPoint2D *p = self;
    return sim_string_printf("(%g, %g)", (double)p->x, (double)p->y);
}

static Il2CppString *point2d_to_string_boxed(void *boxed, const MethodInfo *m)
{
    return point2d_to_string(SIM_UNBOXED(boxed), m);
}

/* public static Point2D Zero => default;  (does not count as Created) */
static SimPoint2D point2d_get_zero(const MethodInfo *m)
{
    (void)m;
    SimPoint2D zero = {0, 0};
    return zero;
}

const SimMethodDef sim_methods_point2d[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Single", "x"}, {"System.Single", "y"}},
     .body = SIM_BODY(point2d_ctor), .boxed_body = SIM_BODY(point2d_ctor_boxed),
     .invoker = sim_inv_v_t_r4_r4},
    {.name = "Length", .flags = SIM_M_INSTANCE, .ret = "System.Single",
     .body = SIM_BODY(point2d_length), .boxed_body = SIM_BODY(point2d_length_boxed),
     .invoker = sim_inv_r4_t},
    {.name = "Scale", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .params = {{"System.Single", "k"}},
     .body = SIM_BODY(point2d_scale), .boxed_body = SIM_BODY(point2d_scale_boxed),
     .invoker = sim_inv_v_t_r4},
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(point2d_to_string),
     .boxed_body = SIM_BODY(point2d_to_string_boxed), .invoker = sim_inv_s_t,
     .overrides = "System.Object::ToString"},
    {.name = "get_Zero", .flags = SIM_M_STATIC_GETSET, .ret = "MyGame.Point2D",
     .body = SIM_BODY(point2d_get_zero), .invoker = sim_inv_P},
    {.name = NULL}};

const SimPropertyDef sim_props_point2d[] = {{"Zero", "get_Zero", NULL},
                                            {NULL, NULL, NULL}};

/* ---- MyGame.Tagged, MyGame.Vector2 --------------------------------------------- */

static void tagged_ctor(void *self, int32_t id, Il2CppString *name,
                        const MethodInfo *m)
{
    (void)m;
    SimTagged *t = self;
    t->id = id;
    sim_gc_store((void **)&t->name, name);
    sim_gc_store((void **)&t->payload, NULL);
}

static void tagged_ctor_boxed(void *boxed, int32_t id, Il2CppString *name,
                              const MethodInfo *m)
{
    tagged_ctor(SIM_UNBOXED(boxed), id, name, m);
}

const SimMethodDef sim_methods_tagged[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Int32", "id"}, {"System.String", "name"}},
     .body = SIM_BODY(tagged_ctor), .boxed_body = SIM_BODY(tagged_ctor_boxed),
     .invoker = sim_inv_v_t_i4_s},
    {.name = NULL}};

static void vector2_ctor(void *self, float x, float y, const MethodInfo *m)
{
    (void)m;
    SimVector2 *v = self;
    v->X = x;
    v->Y = y;
}

static void vector2_ctor_boxed(void *boxed, float x, float y, const MethodInfo *m)
{
    vector2_ctor(SIM_UNBOXED(boxed), x, y, m);
}

/* the operators C# compiles to static special-name methods */
static SimVector2 vector2_add(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){a.X + b.X, a.Y + b.Y};
}

static SimVector2 vector2_sub(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){a.X - b.X, a.Y - b.Y};
}

static SimVector2 vector2_mul_vk(SimVector2 a, float k, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){a.X * k, a.Y * k};
}

static SimVector2 vector2_mul_kv(float k, SimVector2 a, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){a.X * k, a.Y * k};
}

static SimVector2 vector2_neg(SimVector2 a, const MethodInfo *m)
{
    (void)m;
    return (SimVector2){-a.X, -a.Y};
}

static float vector2_sqr(SimVector2 a)
{
    return a.X * a.X + a.Y * a.Y;
}

static bool vector2_eq(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return a.X == b.X && a.Y == b.Y;
}

static bool vector2_ne(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    return !vector2_eq(a, b, m);
}

static bool vector2_lt(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return vector2_sqr(a) < vector2_sqr(b);
}

static bool vector2_gt(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return vector2_sqr(a) > vector2_sqr(b);
}

static bool vector2_le(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return vector2_sqr(a) <= vector2_sqr(b);
}

static bool vector2_ge(SimVector2 a, SimVector2 b, const MethodInfo *m)
{
    (void)m;
    return vector2_sqr(a) >= vector2_sqr(b);
}

static float vector2_get_sqr_magnitude(void *self, const MethodInfo *m)
{
    (void)m;
    return vector2_sqr(*(SimVector2 *)self);
}

static float vector2_get_sqr_magnitude_boxed(void *boxed, const MethodInfo *m)
{
    return vector2_get_sqr_magnitude(SIM_UNBOXED(boxed), m);
}

static Il2CppString *vector2_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    SimVector2 *v = self;
    return sim_string_printf("(%g, %g)", (double)v->X, (double)v->Y);
}

static Il2CppString *vector2_to_string_boxed(void *boxed, const MethodInfo *m)
{
    return vector2_to_string(SIM_UNBOXED(boxed), m);
}

#define V2 "MyGame.Vector2"
#define V2_OP(n, fn, inv, r, a, b)                                            \
    {.name = (n), .flags = SIM_M_STATIC_GETSET, .ret = (r),                   \
     .params = {{(a), "a"}, {(b), "b"}}, .body = SIM_BODY(fn), .invoker = (inv)}

const SimMethodDef sim_methods_vector2[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Single", "x"}, {"System.Single", "y"}},
     .body = SIM_BODY(vector2_ctor), .boxed_body = SIM_BODY(vector2_ctor_boxed),
     .invoker = sim_inv_v_t_r4_r4},
    V2_OP("op_Addition", vector2_add, sim_inv_V_V_V, V2, V2, V2),
    V2_OP("op_Subtraction", vector2_sub, sim_inv_V_V_V, V2, V2, V2),
    V2_OP("op_Multiply", vector2_mul_vk, sim_inv_V_V_r4, V2, V2, "System.Single"),
    V2_OP("op_Multiply", vector2_mul_kv, sim_inv_V_r4_V, V2, "System.Single", V2),
    {.name = "op_UnaryNegation", .flags = SIM_M_STATIC_GETSET, .ret = V2,
     .params = {{V2, "a"}}, .body = SIM_BODY(vector2_neg), .invoker = sim_inv_V_V},
    V2_OP("op_Equality", vector2_eq, sim_inv_b_V_V, "System.Boolean", V2, V2),
    V2_OP("op_Inequality", vector2_ne, sim_inv_b_V_V, "System.Boolean", V2, V2),
    V2_OP("op_LessThan", vector2_lt, sim_inv_b_V_V, "System.Boolean", V2, V2),
    V2_OP("op_GreaterThan", vector2_gt, sim_inv_b_V_V, "System.Boolean", V2, V2),
    V2_OP("op_LessThanOrEqual", vector2_le, sim_inv_b_V_V, "System.Boolean", V2, V2),
    V2_OP("op_GreaterThanOrEqual", vector2_ge, sim_inv_b_V_V, "System.Boolean", V2, V2),
    {.name = "get_SqrMagnitude", .flags = SIM_M_GETSET, .ret = "System.Single",
     .body = SIM_BODY(vector2_get_sqr_magnitude),
     .boxed_body = SIM_BODY(vector2_get_sqr_magnitude_boxed), .invoker = sim_inv_r4_t},
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(vector2_to_string),
     .boxed_body = SIM_BODY(vector2_to_string_boxed), .invoker = sim_inv_s_t,
     .overrides = "System.Object::ToString"},
    {.name = NULL}};

const SimPropertyDef sim_props_vector2[] = {{"SqrMagnitude", "get_SqrMagnitude", NULL},
                                            {NULL, NULL, NULL}};

/* ---- MyGame.IShape, MyGame.Player ------------------------------------------------ */

/* abstract: no body; callers dispatch with il2cpp_object_get_virtual_method */
const SimMethodDef sim_methods_ishape[] = {
    {.name = "Area", .flags = SIM_M_INTERFACE, .ret = "System.Single",
     .invoker = sim_inv_r4_t},
    {.name = NULL}};

static void player_ctor(void *self, Il2CppString *name, const MethodInfo *m)
{
    (void)m;
    SimPlayer *p = self;
    sim_gc_store((void **)&p->Name, name);
    p->Hp = 100;
    ((SimPlayerStatics *)sim_statics(sim_k.player))->Count++;
}

static void player_move(void *self, float dx, float dy, const MethodInfo *m)
{
    (void)m;
    SimPlayer *p = self;
    p->Pos.x += dx;
    p->Pos.y += dy;
}

static float player_area(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
    return 1.0f;
}

static int32_t player_get_level(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimPlayer *)self)->level;
}

static void player_set_level(void *self, int32_t value, const MethodInfo *m)
{
    (void)m;
    ((SimPlayer *)self)->level = value;
}

static Il2CppString *player_get_title(void *self, const MethodInfo *m)
{
    (void)m;
    return sim_string_concat(sim_literal("Sir "), ((SimPlayer *)self)->Name);
}

const SimMethodDef sim_methods_player[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.String", "name"}},
     .body = SIM_BODY(player_ctor), .invoker = sim_inv_v_t_s},
    {.name = "Move", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .params = {{"System.Single", "dx"}, {"System.Single", "dy"}},
     .body = SIM_BODY(player_move), .invoker = sim_inv_v_t_r4_r4},
    {.name = "Area", .flags = SIM_M_IMPLEMENTS, .ret = "System.Single",
     .body = SIM_BODY(player_area), .invoker = sim_inv_r4_t,
     .overrides = "MyGame.IShape::Area"},
    {.name = "get_Level", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(player_get_level), .invoker = sim_inv_i4_t},
    {.name = "set_Level", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.Int32", "value"}},
     .body = SIM_BODY(player_set_level), .invoker = sim_inv_v_t_i4},
    {.name = "get_Title", .flags = SIM_M_GETSET, .ret = "System.String",
     .body = SIM_BODY(player_get_title), .invoker = sim_inv_s_t},
    {.name = NULL}};

const SimPropertyDef sim_props_player[] = {
    {"Level", "get_Level", "set_Level"}, {"Title", "get_Title", NULL},
    {NULL, NULL, NULL}};

/* ---- MyGame.Shape, MyGame.Circle -------------------------------------------------- */

/* protected Shape(): the compiler's default constructor of an abstract class */
static void shape_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

/* public virtual string Kind() => "shape"; */
static Il2CppString *shape_kind(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
    return sim_literal("shape");
}

/* Shape.Area is abstract: no body, so methodPointer and
 * virtualMethodPointer stay NULL and its invoker crashes (sim_builder.c),
 * as a player calling an abstract method without dispatch would. */
const SimMethodDef sim_methods_shape[] = {
    {.name = "Area", .flags = SIM_M_INTERFACE, .ret = "System.Single",
     .invoker = sim_inv_r4_t, .overrides = "MyGame.IShape::Area"},
    {.name = "Kind", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.String",
     .body = SIM_BODY(shape_kind), .invoker = sim_inv_s_t},
    {.name = ".ctor",
     .flags = (SIM_M_CTOR & ~(uint32_t)METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) |
              SIM_METHOD_FAMILY,
     .ret = "System.Void", .body = SIM_BODY(shape_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

/* public Circle(float r) : base() { R = r; Label = "circle"; } */
static void circle_ctor(void *self, float r, const MethodInfo *m)
{
    (void)m;
    SimCircle *c = self;
    shape_ctor(self, NULL);
    c->R = r;
    sim_gc_store((void **)&c->base.Label, sim_literal("circle"));
}

/* 3.0f * R * R: exact in float for the small radii the specs use */
static float circle_area(void *self, const MethodInfo *m)
{
    (void)m;
    const SimCircle *c = self;
    return 3.0f * c->R * c->R;
}

static Il2CppString *circle_kind(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
    return sim_literal("circle");
}

/* public static Circle Unit() => new Circle(1); -- through the
 * constructor's MethodInfo, as IL2CPP's code calls it */
static Il2CppObject *circle_unit(const MethodInfo *m)
{
    (void)m;
    typedef void (*Ctor)(void *, float, const MethodInfo *);
    Il2CppClass *k = sim_class("MyGame.Circle");
    const MethodInfo *c = sim_method("MyGame.Circle", ".ctor", 1);
    Il2CppObject *o = il2cpp_object_new(k);
    ((Ctor)c->methodPointer)(o, 1.0f, c);
    return o;
}

const SimMethodDef sim_methods_circle[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Single", "r"}},
     .body = SIM_BODY(circle_ctor), .invoker = sim_inv_v_t_r4},
    {.name = "Area", .flags = SIM_M_OVERRIDE, .ret = "System.Single",
     .body = SIM_BODY(circle_area), .invoker = sim_inv_r4_t,
     .overrides = "MyGame.Shape::Area"},
    {.name = "Kind", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(circle_kind), .invoker = sim_inv_s_t,
     .overrides = "MyGame.Shape::Kind"},
    {.name = "Unit", .flags = SIM_M_STATIC, .ret = "MyGame.Circle",
     .body = SIM_BODY(circle_unit), .invoker = sim_inv_o},
    {.name = NULL}};

/* ---- MyGame.Counter: a field-like event ------------------------------------------- */

static void counter_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

static Il2CppObject *combine(Il2CppObject *a, Il2CppObject *b, const char *op)
{
    typedef Il2CppObject *(*Fn)(Il2CppObject *, Il2CppObject *, const MethodInfo *);
    const MethodInfo *f = sim_method("System.Delegate", op, 2);
    return ((Fn)f->methodPointer)(a, b, f);
}

/* The accessors C# emits for `event Action<int> Changed`: Changed =
 * (Action<int>)Delegate.Combine(Changed, value), in a CompareExchange
 * loop that a single-threaded simulation does not need. */
static void counter_add_changed(void *self, Il2CppObject *value, const MethodInfo *m)
{
    (void)m;
    SimCounter *c = self;
    sim_gc_store((void **)&c->Changed,
                 combine((Il2CppObject *)c->Changed, value, "Combine"));
}

static void counter_remove_changed(void *self, Il2CppObject *value, const MethodInfo *m)
{
    (void)m;
    SimCounter *c = self;
    sim_gc_store((void **)&c->Changed,
                 combine((Il2CppObject *)c->Changed, value, "Remove"));
}

/* Value += d; Changed?.Invoke(Value); -- Invoke's body called directly,
 * as IL2CPP inlines a delegate call */
static void counter_add(void *self, int32_t d, const MethodInfo *m)
{
    (void)m;
    typedef void (*Invoke)(void *, int32_t, const MethodInfo *);
    SimCounter *c = self;
    c->Value = (int32_t)((uint32_t)c->Value + (uint32_t)d);
    SimMulticastDelegate *h = c->Changed;
    if (h != NULL) {
        const MethodInfo *inv = sim_delegate_invoke_method(h->delegate.obj.klass);
        ((Invoke)inv->methodPointer)(h, c->Value, inv);
    }
}

const SimMethodDef sim_methods_counter[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(counter_ctor), .invoker = sim_inv_v_t},
    {.name = "add_Changed", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.Action`1[System.Int32]", "value"}},
     .body = SIM_BODY(counter_add_changed), .invoker = sim_inv_v_t_o},
    {.name = "remove_Changed", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.Action`1[System.Int32]", "value"}},
     .body = SIM_BODY(counter_remove_changed), .invoker = sim_inv_v_t_o},
    {.name = "Add", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .params = {{"System.Int32", "d"}},
     .body = SIM_BODY(counter_add), .invoker = sim_inv_v_t_i4},
    {.name = NULL}};

/* ---- MyGame.Node ------------------------------------------------------------------- */

static void node_ctor(void *self, Il2CppString *name, const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)&((SimNode *)self)->Name, name);
}

const SimMethodDef sim_methods_node[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.String", "name"}},
     .body = SIM_BODY(node_ctor), .invoker = sim_inv_v_t_s},
    {.name = NULL}};

/* ---- MyGame.Bag: indexers ----------------------------------------------- */

static void bag_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

static int32_t *bag_slot(void *self, int32_t i)
{
    if (i < 0 || i >= SIM_BAG_SLOTS)
        sim_raise("System", "IndexOutOfRangeException",
                  "Index was outside the bounds of the array.");
    return &((SimBag *)self)->slots[i];
}

static int32_t bag_get_int(void *self, int32_t i, const MethodInfo *m)
{
    (void)m;
    return *bag_slot(self, i);
}

static void bag_set_int(void *self, int32_t i, int32_t value, const MethodInfo *m)
{
    (void)m;
    *bag_slot(self, i) = value;
}

static bool bag_same(Il2CppString *a, Il2CppString *b)
{
    int32_t n = il2cpp_string_length(a);
    return n == il2cpp_string_length(b) &&
           memcmp(il2cpp_string_chars(a), il2cpp_string_chars(b),
                  (size_t)n * sizeof(Il2CppChar)) == 0;
}

static Il2CppString **bag_strings(Il2CppArray *a)
{
    return (Il2CppString **)(void *)((char *)a + il2cpp_array_object_header_size());
}

/* the key's index, -1: absent; a null key throws as Dictionary does */
static int bag_find(SimBag *b, Il2CppString *key)
{
    if (key == NULL)
        sim_raise("System", "ArgumentNullException",
                  "Value cannot be null.\nParameter name: key");
    for (int32_t i = 0; i < b->count; i++)
        if (bag_same(bag_strings(b->keys)[i], key))
            return i;
    return -1;
}

static Il2CppString *bag_get_str(void *self, Il2CppString *key, const MethodInfo *m)
{
    (void)m;
    SimBag *b = self;
    int i = bag_find(b, key);
    return i < 0 ? NULL : bag_strings(b->values)[i];
}

/* room for one more key: the arrays doubled from 4 when full */
static void bag_grow(SimBag *b)
{
    uint32_t cap = b->keys ? (uint32_t)il2cpp_array_length(b->keys) : 0;
    if ((uint32_t)b->count < cap)
        return;
    uint32_t ncap = cap == 0 ? 4 : cap * 2;
    Il2CppArray *k = il2cpp_array_new(sim_k.string, ncap);
    Il2CppArray *v = il2cpp_array_new(sim_k.string, ncap);
    for (int32_t i = 0; i < b->count; i++) {
        sim_gc_store((void **)&bag_strings(k)[i], bag_strings(b->keys)[i]);
        sim_gc_store((void **)&bag_strings(v)[i], bag_strings(b->values)[i]);
    }
    sim_gc_store((void **)&b->keys, k);
    sim_gc_store((void **)&b->values, v);
}

static void bag_set_str(void *self, Il2CppString *key, Il2CppString *value,
                        const MethodInfo *m)
{
    (void)m;
    SimBag *b = self;
    int i = bag_find(b, key);
    if (i < 0) {
        bag_grow(b);
        i = b->count++;
        sim_gc_store((void **)&bag_strings(b->keys)[i], key);
    }
    sim_gc_store((void **)&bag_strings(b->values)[i], value);
}

static int32_t bag_get_count(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
    return SIM_BAG_SLOTS;
}

const SimMethodDef sim_methods_bag[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(bag_ctor), .invoker = sim_inv_v_t},
    {.name = "get_Item", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .params = {{"System.Int32", "i"}}, .body = SIM_BODY(bag_get_int),
     .invoker = sim_inv_i4_t_i4},
    {.name = "set_Item", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.Int32", "i"}, {"System.Int32", "value"}},
     .body = SIM_BODY(bag_set_int), .invoker = sim_inv_v_t_i4_i4},
    {.name = "get_Item", .flags = SIM_M_GETSET, .ret = "System.String",
     .params = {{"System.String", "key"}}, .body = SIM_BODY(bag_get_str),
     .invoker = sim_inv_s_t_s},
    {.name = "set_Item", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.String", "key"}, {"System.String", "value"}},
     .body = SIM_BODY(bag_set_str), .invoker = sim_inv_v_t_s_s},
    {.name = "get_Count", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(bag_get_count), .invoker = sim_inv_i4_t},
    {.name = NULL}};

/* the indexers are properties named Item (with parameters) in metadata,
 * one per indexer, as C# emits them */
const SimPropertyDef sim_props_bag[] = {{"Count", "get_Count", NULL},
                                        {"Item", "get_Item#0", "set_Item#0"},
                                        {"Item", "get_Item#1", "set_Item#1"},
                                        {NULL, NULL, NULL}};

/* ---- MyGame.PlayerExt: extension methods -------------------------------- */

#define EXTENSION "System.Runtime.CompilerServices.ExtensionAttribute"

static void player_ext_heal(Il2CppObject *p, int32_t n, const MethodInfo *m)
{
    (void)m;
    SimPlayer *pl = (SimPlayer *)p;
    if (pl == NULL)
        sim_raise("System", "NullReferenceException",
                  "Object reference not set to an instance of an object.");
    pl->Hp = (int32_t)((uint32_t)pl->Hp + (uint32_t)n);
}

/* "area " + s.Area(): an interface call, dispatched on the object */
static Il2CppString *player_ext_greet(Il2CppObject *s, const MethodInfo *m)
{
    (void)m;
    typedef float (*Area)(void *, const MethodInfo *);
    if (s == NULL)
        sim_raise("System", "NullReferenceException",
                  "Object reference not set to an instance of an object.");
    const MethodInfo *area =
        il2cpp_object_get_virtual_method(s, sim_method("MyGame.IShape", "Area", 0));
    float a = ((Area)area->methodPointer)(s, area);
    return sim_string_printf("area %g", (double)a);
}

static Il2CppString *player_ext_name(Il2CppObject *p, const MethodInfo *m)
{
    (void)p;
    (void)m;
    return sim_literal("PlayerExt.Name");
}

const SimMethodDef sim_methods_player_ext[] = {
    {.name = "Heal", .flags = SIM_M_STATIC, .ret = "System.Void",
     .params = {{"MyGame.Player", "p"}, {"System.Int32", "n"}},
     .body = SIM_BODY(player_ext_heal), .invoker = sim_inv_v_o_i4, .attr = EXTENSION},
    {.name = "Greet", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"MyGame.IShape", "s"}}, .body = SIM_BODY(player_ext_greet),
     .invoker = sim_inv_s_o, .attr = EXTENSION},
    {.name = "Name", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"MyGame.Player", "p"}}, .body = SIM_BODY(player_ext_name),
     .invoker = sim_inv_s_o, .attr = EXTENSION},
    {.name = NULL}};
