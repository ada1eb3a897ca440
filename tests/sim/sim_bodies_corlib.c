/*
 * sim_bodies_corlib.c -- method bodies of mscorlib: Object, ValueType,
 * Enum, String, Array, Attribute, Exception and Nullable<T>.
 *
 * Calling convention (IL2CPP): ret name([this,] args..., const MethodInfo*).
 * `this` is the object for reference types (ValueType and Enum are
 * classes: their methods get the boxed object) and the unboxed payload for
 * value-type methods, whose boxed entry point is an adjustor thunk.
 */
#include <inttypes.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

static void *elements(Il2CppArray *a)
{
    return (char *)a + il2cpp_array_object_header_size();
}

/* ---- System.Object -------------------------------------------------------------- */

static void object_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

static bool object_equals(void *self, Il2CppObject *other, const MethodInfo *m)
{
    (void)m;
    return self == (void *)other;
}

static int32_t object_hash(void *self, const MethodInfo *m)
{
    /* libil2cpp's Object::GetHash: address >> alignment, Knuth hash */
    (void)m;
    unsigned shift = sizeof(void *) == 8 ? 3 : 2;
    return (int32_t)((uint32_t)((uintptr_t)self >> shift) * 2654435761u);
}

static Il2CppString *object_to_string(void *self, const MethodInfo *m)
{
    /* GetType().ToString(): the full name */
    (void)m;
    const char *name = ((Il2CppObject *)self)->klass->full_name;
    return sim_string_lossy(name, strlen(name));
}

const SimMethodDef sim_methods_object[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(object_ctor), .invoker = sim_inv_v_t},
    {.name = "Equals", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Boolean",
     .params = {{"System.Object", "obj"}},
     .body = SIM_BODY(object_equals), .invoker = sim_inv_b_t_o},
    {.name = "GetHashCode", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.Int32",
     .body = SIM_BODY(object_hash), .invoker = sim_inv_i4_t},
    {.name = "ToString", .flags = SIM_M_NEW_VIRTUAL, .ret = "System.String",
     .body = SIM_BODY(object_to_string), .invoker = sim_inv_s_t},
    {.name = NULL}};

/* ---- System.ValueType (a class: `this` is the boxed value) -------------------- */

static bool value_type_equals(void *self, Il2CppObject *other,
                              const MethodInfo *m)
{
    /* field-by-field in .NET; bitwise here, which is the same for the
     * catalog's structs */
    (void)m;
    Il2CppObject *o = self;
    if (other == NULL || other->klass != o->klass)
        return false;
    return memcmp(SIM_UNBOXED(o), SIM_UNBOXED(other),
                  (size_t)o->klass->value_size) == 0;
}

static int32_t value_type_hash(void *self, const MethodInfo *m)
{
    (void)m;
    Il2CppObject *o = self;
    const unsigned char *p = SIM_UNBOXED(o);
    uint32_t h = 2166136261u;  /* FNV-1a */
    for (int32_t i = 0; i < o->klass->value_size; i++)
        h = (h ^ p[i]) * 16777619u;
    return (int32_t)h;
}

const SimMethodDef sim_methods_value_type[] = {
    {.name = "Equals", .flags = SIM_M_OVERRIDE, .ret = "System.Boolean",
     .params = {{"System.Object", "obj"}},
     .body = SIM_BODY(value_type_equals), .invoker = sim_inv_b_t_o,
     .overrides = "System.Object::Equals"},
    {.name = "GetHashCode", .flags = SIM_M_OVERRIDE, .ret = "System.Int32",
     .body = SIM_BODY(value_type_hash), .invoker = sim_inv_i4_t,
     .overrides = "System.Object::GetHashCode"},
    {.name = NULL}};

/* ---- System.Enum (a class: `this` is the boxed enum) ---------------------------- */

static int64_t enum_value(Il2CppObject *boxed)
{
    const void *p = SIM_UNBOXED(boxed);
    switch (boxed->klass->element_class->byval_arg.type) {
    case IL2CPP_TYPE_I1: return *(const int8_t *)p;
    case IL2CPP_TYPE_U1: return *(const uint8_t *)p;
    case IL2CPP_TYPE_I2: return *(const int16_t *)p;
    case IL2CPP_TYPE_U2: return *(const uint16_t *)p;
    case IL2CPP_TYPE_I4: return *(const int32_t *)p;
    case IL2CPP_TYPE_U4: return *(const uint32_t *)p;
    default: return *(const int64_t *)p;
    }
}

static Il2CppString *enum_to_string(void *self, const MethodInfo *m)
{
    /* the name of the constant, else the number */
    (void)m;
    Il2CppObject *o = self;
    int64_t v = enum_value(o);
    for (uint16_t i = 0; i < o->klass->field_count; i++) {
        const FieldInfo *f = &o->klass->fields[i];
        if ((f->type->attrs & FIELD_ATTRIBUTE_LITERAL) && f->literal == v)
            return sim_string_lossy(f->name, strlen(f->name));
    }
    return sim_string_printf("%" PRId64, v);
}

const SimMethodDef sim_methods_enum[] = {
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(enum_to_string), .invoker = sim_inv_s_t,
     .overrides = "System.Object::ToString"},
    {.name = NULL}};

/* ---- System.String ----------------------------------------------------------------- */

static int32_t string_length(void *self, const MethodInfo *m)
{
    (void)m;
    return ((Il2CppString *)self)->length;
}

static Il2CppChar string_char_at(void *self, int32_t index, const MethodInfo *m)
{
    (void)m;
    Il2CppString *s = self;
    if (index < 0 || index >= s->length) {
        sim_raise("System", "IndexOutOfRangeException",
                  "Index was outside the bounds of the array.");
        return 0;
    }
    return s->chars[index];
}

static Il2CppString *string_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    return self;
}

static bool string_equals(void *self, Il2CppObject *other, const MethodInfo *m)
{
    (void)m;
    Il2CppString *a = self, *b = (Il2CppString *)other;
    if (other == NULL || other->klass != sim_k.string)
        return false;
    return a->length == b->length &&
           memcmp(a->chars, b->chars, (size_t)a->length * sizeof(Il2CppChar)) == 0;
}

const SimMethodDef sim_methods_string[] = {
    {.name = "get_Length", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(string_length), .invoker = sim_inv_i4_t},
    {.name = "get_Chars", .flags = SIM_M_GETSET, .ret = "System.Char",
     .params = {{"System.Int32", "index"}},
     .body = SIM_BODY(string_char_at), .invoker = sim_inv_c2_t_i4},
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(string_to_string), .invoker = sim_inv_s_t,
     .overrides = "System.Object::ToString"},
    {.name = "Equals", .flags = SIM_M_OVERRIDE, .ret = "System.Boolean",
     .params = {{"System.Object", "obj"}},
     .body = SIM_BODY(string_equals), .invoker = sim_inv_b_t_o,
     .overrides = "System.Object::Equals"},
    {.name = NULL}};

const SimPropertyDef sim_props_string[] = {
    {"Length", "get_Length", NULL}, {"Chars", "get_Chars", NULL}, {NULL, NULL, NULL}};

/* ---- Boolean, Int32, Int64: ToString, as a boxed one prints --------------------------
 * (the corlib's other members of the primitives are left out; these are
 * what tostring() of a boxed value, the commonest C# object result,
 * reaches: "True", "5", "-7", as on a runtime) */

static Il2CppString *bool_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    return sim_literal(*(const bool *)self ? "True" : "False");
}

static Il2CppString *i32_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    return sim_string_printf("%d", (int)*(const int32_t *)self);
}

static Il2CppString *i64_to_string(void *self, const MethodInfo *m)
{
    (void)m;
    return sim_string_printf("%lld", (long long)*(const int64_t *)self);
}

static Il2CppString *bool_to_string_boxed(void *boxed, const MethodInfo *m)
{
    return bool_to_string(SIM_UNBOXED(boxed), m);
}

static Il2CppString *i32_to_string_boxed(void *boxed, const MethodInfo *m)
{
    return i32_to_string(SIM_UNBOXED(boxed), m);
}

static Il2CppString *i64_to_string_boxed(void *boxed, const MethodInfo *m)
{
    return i64_to_string(SIM_UNBOXED(boxed), m);
}

#define PRIMITIVE_TO_STRING(fn)                                                 \
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",      \
     .body = SIM_BODY(fn), .boxed_body = SIM_BODY(fn##_boxed), .invoker = sim_inv_s_t, \
     .overrides = "System.Object::ToString"}
const SimMethodDef sim_methods_boolean[] = {PRIMITIVE_TO_STRING(bool_to_string), {.name = NULL}};
const SimMethodDef sim_methods_int32[] = {PRIMITIVE_TO_STRING(i32_to_string), {.name = NULL}};
const SimMethodDef sim_methods_int64[] = {PRIMITIVE_TO_STRING(i64_to_string), {.name = NULL}};

/* ---- System.Array ------------------------------------------------------------------- */

static int32_t array_length(void *self, const MethodInfo *m)
{
    (void)m;
    return (int32_t)((Il2CppArray *)self)->max_length;
}

static int32_t array_rank(void *self, const MethodInfo *m)
{
    (void)m;
    return ((Il2CppObject *)self)->klass->rank;
}

static int32_t array_get_length(void *self, int32_t dimension, const MethodInfo *m)
{
    (void)m;
    Il2CppArray *a = self;
    if (dimension < 0 || dimension >= a->obj.klass->rank) {
        sim_raise("System", "IndexOutOfRangeException",
                  "Index was outside the bounds of the array.");
        return 0;
    }
    return (int32_t)(a->bounds ? a->bounds[dimension].length : a->max_length);
}

/* the element slot of a one-dimensional array, or NULL with an exception
 * (the messages of the corlib Unity ships, Mono's) */
static char *array_slot(Il2CppArray *a, int32_t index)
{
    if (a->obj.klass->rank != 1) {
        sim_raise("System", "ArgumentException",
                  "Only single dimensional arrays are supported for the requested action.");
        return NULL;
    }
    il2cpp_array_lower_bound_t lower = a->bounds ? a->bounds[0].lower_bound : 0;
    int64_t i = (int64_t)index - lower;
    if (i < 0 || (uint64_t)i >= (uint64_t)a->max_length) {
        sim_raise("System", "IndexOutOfRangeException",
                  "Index has to be between upper and lower bound of the array.");
        return NULL;
    }
    Il2CppClass *e = a->obj.klass->element_class;
    return (char *)elements(a) + (size_t)i * (size_t)sim_element_size(e);
}

static Il2CppObject *array_get_value(void *self, int32_t index, const MethodInfo *m)
{
    (void)m;
    Il2CppArray *a = self;
    char *slot = array_slot(a, index);
    if (slot == NULL)
        return NULL;
    Il2CppClass *e = a->obj.klass->element_class;
    return il2cpp_value_box(e, slot);  /* a reference "boxes" to itself */
}

static void array_set_value(void *self, Il2CppObject *value, int32_t index,
                            const MethodInfo *m)
{
    (void)m;
    Il2CppArray *a = self;
    char *slot = array_slot(a, index);
    if (slot == NULL)
        return;
    Il2CppClass *e = a->obj.klass->element_class;
    if (value && !il2cpp_class_is_assignable_from(e, value->klass)) {
        sim_raise("System", "InvalidCastException",
                  "Object cannot be stored in an array of this type.");
        return;
    }
    if (sim_is_reference(e))
        sim_gc_store((void **)slot, value);
    else if (value)
        memcpy(slot, SIM_UNBOXED(value), (size_t)e->value_size);
    else
        memset(slot, 0, (size_t)e->value_size);
}

/* ---- System.Array as the non-generic collections it is (IList, ICollection,
 * IEnumerable), with the members the simulation's interfaces declare:
 * GetEnumerator and ICollection.Count, over every element of any rank */

#define ARRAY_EXPLICIT (0x0001 /* Private */ | SIM_METHOD_HIDE_BY_SIG | \
                        METHOD_ATTRIBUTE_VIRTUAL | SIM_METHOD_NEW_SLOT | SIM_METHOD_FINAL)

static Il2CppObject *array_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimArrayEnum *e =
        (SimArrayEnum *)il2cpp_object_new(sim_resolve_class("System.Array+ArrayEnumerator"));
    sim_gc_store((void **)&e->array, self);
    e->index = -1;
    return &e->obj;
}

static int32_t array_collection_count(void *self, const MethodInfo *m)
{
    (void)m;
    return (int32_t)((Il2CppArray *)self)->max_length;
}

static bool array_enum_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimArrayEnum *e = self;
    if ((uint64_t)(e->index + 1) < (uint64_t)e->array->max_length) {
        e->index++;
        return true;
    }
    e->index = (int32_t)e->array->max_length;
    return false;
}

static Il2CppObject *array_enum_current(void *self, const MethodInfo *m)
{
    (void)m;
    SimArrayEnum *e = self;
    if (e->index < 0 || (uint64_t)e->index >= (uint64_t)e->array->max_length)
        sim_raise("System", "InvalidOperationException",
                  e->index < 0 ? "Enumeration has not started. Call MoveNext."
                               : "Enumeration already finished.");
    Il2CppClass *k = e->array->obj.klass->element_class;
    char *slot = (char *)elements(e->array) + (size_t)e->index * (size_t)sim_element_size(k);
    return il2cpp_value_box(k, slot);   /* a reference "boxes" to itself */
}

static void array_enum_reset(void *self, const MethodInfo *m)
{
    (void)m;
    ((SimArrayEnum *)self)->index = -1;
}

const SimMethodDef sim_methods_array_enum[] = {
    {.name = "MoveNext", .flags = SIM_M_IMPLEMENTS, .ret = "System.Boolean",
     .body = SIM_BODY(array_enum_move_next), .invoker = sim_inv_b_t,
     .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "get_Current", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Object", .body = SIM_BODY(array_enum_current), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "Reset", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .body = SIM_BODY(array_enum_reset), .invoker = sim_inv_v_t},
    {.name = NULL}};

const SimMethodDef sim_methods_array[] = {
    {.name = "GetEnumerator", .flags = SIM_M_IMPLEMENTS, .ret = "System.Collections.IEnumerator",
     .body = SIM_BODY(array_get_enumerator), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    {.name = "System.Collections.ICollection.get_Count",
     .flags = ARRAY_EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .body = SIM_BODY(array_collection_count), .invoker = sim_inv_i4_t,
     .overrides = "System.Collections.ICollection::get_Count"},
    {.name = "get_Length", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(array_length), .invoker = sim_inv_i4_t},
    {.name = "get_Rank", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(array_rank), .invoker = sim_inv_i4_t},
    {.name = "GetLength", .flags = SIM_M_INSTANCE, .ret = "System.Int32",
     .params = {{"System.Int32", "dimension"}},
     .body = SIM_BODY(array_get_length), .invoker = sim_inv_i4_t_i4},
    {.name = "GetValue", .flags = SIM_M_INSTANCE, .ret = "System.Object",
     .params = {{"System.Int32", "index"}},
     .body = SIM_BODY(array_get_value), .invoker = sim_inv_o_t_i4},
    {.name = "SetValue", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .params = {{"System.Object", "value"}, {"System.Int32", "index"}},
     .body = SIM_BODY(array_set_value), .invoker = sim_inv_v_t_o_i4},
    {.name = NULL}};

const SimPropertyDef sim_props_array[] = {
    {"Length", "get_Length", NULL}, {"Rank", "get_Rank", NULL}, {NULL, NULL, NULL}};

/* ---- System.Attribute -------------------------------------------------------------- */

const SimMethodDef sim_methods_attribute[] = {
    {.name = ".ctor",
     .flags = (SIM_M_CTOR & ~(uint32_t)METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) |
              SIM_METHOD_FAMILY,
     .ret = "System.Void", .body = SIM_BODY(object_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

/* ---- System.Exception and its subclasses ------------------------------------------ */

static void exception_ctor(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

static void exception_ctor_message(void *self, Il2CppString *message,
                                   const MethodInfo *m)
{
    (void)m;
    sim_gc_store((void **)&((SimException *)self)->_message, message);
}

static Il2CppString *exception_message(void *self, const MethodInfo *m)
{
    (void)m;
    SimException *e = self;
    if (e->_message)
        return e->_message;
    return sim_string_printf("Exception of type '%s' was thrown.",
                             e->obj.klass->full_name);
}

static Il2CppString *exception_to_string(void *self, const MethodInfo *m)
{
    SimException *e = self;
    const char *name = e->obj.klass->full_name;
    Il2CppString *head = sim_string_printf("%s: ", name);
    return sim_string_concat(head, exception_message(self, m));
}

const SimMethodDef sim_methods_exception[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(exception_ctor), .invoker = sim_inv_v_t},
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.String", "message"}},
     .body = SIM_BODY(exception_ctor_message), .invoker = sim_inv_v_t_s},
    {.name = "get_Message", .flags = SIM_M_GETSET | METHOD_ATTRIBUTE_VIRTUAL |
                                     SIM_METHOD_NEW_SLOT,
     .ret = "System.String",
     .body = SIM_BODY(exception_message), .invoker = sim_inv_s_t},
    {.name = "ToString", .flags = SIM_M_OVERRIDE, .ret = "System.String",
     .body = SIM_BODY(exception_to_string), .invoker = sim_inv_s_t,
     .overrides = "System.Object::ToString"},
    {.name = NULL}};

const SimPropertyDef sim_props_exception[] = {
    {"Message", "get_Message", NULL}, {NULL, NULL, NULL}};

const SimMethodDef sim_methods_exception_subclass[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(exception_ctor), .invoker = sim_inv_v_t},
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.String", "message"}},
     .body = SIM_BODY(exception_ctor_message), .invoker = sim_inv_v_t_s},
    {.name = NULL}};

/* ---- System.Nullable<T> (value-type methods: `this` is the payload) ------------- */

/* The layout comes from the inflated class's fields, so one body serves
 * every T (IL2CPP shares such code across instantiations too). */
static bool nullable_has_value(void *self, const MethodInfo *m)
{
    const FieldInfo *has = sim_field(sim_m(m)->klass, SIM_NULLABLE_HAS_VALUE_NAME);
    return ((const char *)self)[has->offset - (int32_t)sizeof(Il2CppObject)] != 0;
}

static bool nullable_has_value_boxed(void *boxed, const MethodInfo *m)
{
    return nullable_has_value(SIM_UNBOXED(boxed), m);
}

static bool nullable_check(bool has_value)
{
    if (!has_value)
        sim_raise("System", "InvalidOperationException",
                  "Nullable object must have a value.");
    return has_value;
}

static void nullable_int32_ctor(void *self, int32_t value, const MethodInfo *m)
{
    (void)m;
    SimNullableInt32 *n = self;
    n->value = value;
    n->has_value = true;
}

static void nullable_int32_ctor_boxed(void *boxed, int32_t value, const MethodInfo *m)
{
    nullable_int32_ctor(SIM_UNBOXED(boxed), value, m);
}

static int32_t nullable_int32_value(void *self, const MethodInfo *m)
{
    (void)m;
    SimNullableInt32 *n = self;
    return nullable_check(n->has_value) ? n->value : 0;
}

static int32_t nullable_int32_value_boxed(void *boxed, const MethodInfo *m)
{
    return nullable_int32_value(SIM_UNBOXED(boxed), m);
}

static void nullable_point2d_ctor(void *self, SimPoint2D value, const MethodInfo *m)
{
    (void)m;
    SimNullablePoint2D *n = self;
    n->value = value;
    n->has_value = true;
}

static void nullable_point2d_ctor_boxed(void *boxed, SimPoint2D value,
                                        const MethodInfo *m)
{
    nullable_point2d_ctor(SIM_UNBOXED(boxed), value, m);
}

static SimPoint2D nullable_point2d_value(void *self, const MethodInfo *m)
{
    (void)m;
    SimNullablePoint2D *n = self;
    SimPoint2D zero = {0, 0};
    return nullable_check(n->has_value) ? n->value : zero;
}

static SimPoint2D nullable_point2d_value_boxed(void *boxed, const MethodInfo *m)
{
    return nullable_point2d_value(SIM_UNBOXED(boxed), m);
}

static void nullable_vector2_ctor(void *self, SimVector2 value, const MethodInfo *m)
{
    (void)m;
    SimNullableVector2 *n = self;
    n->value = value;
    n->has_value = true;
}

static void nullable_vector2_ctor_boxed(void *boxed, SimVector2 value,
                                        const MethodInfo *m)
{
    nullable_vector2_ctor(SIM_UNBOXED(boxed), value, m);
}

static SimVector2 nullable_vector2_value(void *self, const MethodInfo *m)
{
    (void)m;
    SimNullableVector2 *n = self;
    SimVector2 zero = {0, 0};
    return nullable_check(n->has_value) ? n->value : zero;
}

static SimVector2 nullable_vector2_value_boxed(void *boxed, const MethodInfo *m)
{
    return nullable_vector2_value(SIM_UNBOXED(boxed), m);
}

#define NULLABLE_HAS_VALUE                                                      \
    {.name = "get_HasValue", .flags = SIM_M_GETSET, .ret = "System.Boolean",    \
     .body = SIM_BODY(nullable_has_value),                                      \
     .boxed_body = SIM_BODY(nullable_has_value_boxed), .invoker = sim_inv_b_t}

const SimMethodDef sim_methods_nullable_int32[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"System.Int32", "value"}},
     .body = SIM_BODY(nullable_int32_ctor),
     .boxed_body = SIM_BODY(nullable_int32_ctor_boxed), .invoker = sim_inv_v_t_i4},
    NULLABLE_HAS_VALUE,
    {.name = "get_Value", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(nullable_int32_value),
     .boxed_body = SIM_BODY(nullable_int32_value_boxed), .invoker = sim_inv_i4_t},
    {.name = NULL}};

const SimMethodDef sim_methods_nullable_point2d[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"MyGame.Point2D", "value"}},
     .body = SIM_BODY(nullable_point2d_ctor),
     .boxed_body = SIM_BODY(nullable_point2d_ctor_boxed), .invoker = sim_inv_v_t_P},
    NULLABLE_HAS_VALUE,
    {.name = "get_Value", .flags = SIM_M_GETSET, .ret = "MyGame.Point2D",
     .body = SIM_BODY(nullable_point2d_value),
     .boxed_body = SIM_BODY(nullable_point2d_value_boxed), .invoker = sim_inv_P_t},
    {.name = NULL}};

const SimMethodDef sim_methods_nullable_vector2[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .params = {{"MyGame.Vector2", "value"}},
     .body = SIM_BODY(nullable_vector2_ctor),
     .boxed_body = SIM_BODY(nullable_vector2_ctor_boxed), .invoker = sim_inv_v_t_V},
    NULLABLE_HAS_VALUE,
    {.name = "get_Value", .flags = SIM_M_GETSET, .ret = "MyGame.Vector2",
     .body = SIM_BODY(nullable_vector2_value),
     .boxed_body = SIM_BODY(nullable_vector2_value_boxed), .invoker = sim_inv_V_t},
    {.name = NULL}};

const SimPropertyDef sim_props_nullable[] = {
    {"HasValue", "get_HasValue", NULL}, {"Value", "get_Value", NULL},
    {NULL, NULL, NULL}};
