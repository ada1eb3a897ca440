/*
 * sim_generics.c -- generic methods as IL2CPP builds them (R-GEN-1),
 * and the System.Type objects of the reflection API.
 *
 * IL2CPP compiles no open generic code: a generic method is a definition
 * (il2cpp_method_is_generic) without a body, plus one inflated MethodInfo
 * per instantiation the build uses, found by MetadataCache::
 * GetGenericInstanceMethod(definition, type arguments).  An instantiation
 * the build never used has no code and cannot be made at run time (no
 * JIT).  Reference-type instantiations share one body, as IL2CPP's shared
 * generics (System.__Canon) do: it reads nothing type-specific.
 *
 * C#:  public static T First<T>(T[] items) => items[0];
 *      public static string TypeName(System.Type t) => t.FullName;
 *      built for First<int>, First<string>, First<MyGame.Point2D> only.
 *
 *      namespace ZLuaTests {                 // an instance generic method
 *        public class Echoer {
 *          public int Calls;
 *          public Echoer() {}
 *          public T Echo<T>(T x) { Calls++; return x; }
 *        }                                   // built for Echo<int>, Echo<string> only
 *        // generic parameter constraints; each returns its type
 *        // arguments' full names, comma-separated
 *        public static class Constrained {
 *          public static string OfStruct<T>() where T : struct;           // built for int
 *          public static string OfClass<T>() where T : class;             // string
 *          public static string OfNew<T>() where T : new();               // Mob
 *          public static string OfShape<T>() where T : MyGame.Shape;      // MyGame.Circle
 *          public static string OfDamageable<T>() where T : IDamageable;  // Mob
 *          public static string OfPair<TKey, TValue>()                    // int, Mob
 *              where TKey : struct where TValue : class, new();
 *        }
 *      }
 *
 * Every generic definition, method or type, has its parameters' metadata
 * (names, flags, constraint types) as IL2CPP's global metadata holds it:
 * the methods' in their SimMethodDef, the types' in type_params below.
 */
#include <stdio.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

static void *first_element(Il2CppArray *items, size_t size)
{
    if (items == NULL)
        sim_raise("System", "NullReferenceException", SIM_NRE_MESSAGE);
    if (items->max_length == 0)
        sim_raise("System", "IndexOutOfRangeException",
                  "Index was outside the bounds of the array.");
    (void)size;
    return (char *)items + il2cpp_array_object_header_size();
}

static int32_t demo_first_int32(Il2CppArray *items, const MethodInfo *m)
{
    (void)m;
    return *(int32_t *)first_element(items, sizeof(int32_t));
}

/* First<__Canon>: every reference-type instantiation */
static Il2CppObject *demo_first_shared(Il2CppArray *items, const MethodInfo *m)
{
    (void)m;
    return *(Il2CppObject **)first_element(items, sizeof(Il2CppObject *));
}

static SimPoint2D demo_first_point2d(Il2CppArray *items, const MethodInfo *m)
{
    (void)m;
    return *(SimPoint2D *)first_element(items, sizeof(SimPoint2D));
}

static Il2CppString *demo_type_name(Il2CppObject *t, const MethodInfo *m)
{
    (void)m;
    if (t == NULL)
        sim_raise("System", "NullReferenceException", SIM_NRE_MESSAGE);
    const SimReflectionType *rt = (const SimReflectionType *)(const void *)t;
    return il2cpp_string_new(rt->type->klass->full_name);
}

/* Generic parameters as the metadata holds them (sim_generic_container) */
#define GP_COVARIANT IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_COVARIANT
#define GP_CONTRAVARIANT IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_CONTRAVARIANT
#define GP_CLASS IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT
#define GP_NEW IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT
/* `where T : struct`, as C# compilers emit it: not-nullable value type and
 * default constructor, constrained to System.ValueType */
#define GP_STRUCT (IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT | GP_NEW)
#define GP_END {NULL, 0, {NULL}}

static const SimGenericParamDef gp_t[] = {{"T", 0, {NULL}}, GP_END};
static const SimGenericParamDef gp_t_new[] = {{"T", GP_NEW, {NULL}}, GP_END};

/* The definition: no body, as in IL2CPP.  The simulation has no generic
 * parameter types (MVAR), so its signature names object for T; libzlua
 * reads an instantiation's signature, never a definition's. */
const SimMethodDef sim_methods_demo_generic[] = {
    {.name = "First", .flags = SIM_M_STATIC, .ret = "System.Object",
     .params = {{"System.Object[]", "items", NULL, NULL}}, .generic = gp_t},
    {.name = "TypeName", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Type", "t", NULL, NULL}}, .body = SIM_BODY(demo_type_name),
     .invoker = sim_inv_s_o},
    {.name = NULL}};

/* public Echoer() {} */
static void echoer_ctor(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
}

static int32_t echoer_echo_int32(SimEchoer *self, int32_t x, const MethodInfo *m)
{
    (void)m;
    self->Calls++;
    return x;
}

/* Echo<__Canon>: every reference-type instantiation */
static Il2CppObject *echoer_echo_shared(SimEchoer *self, Il2CppObject *x, const MethodInfo *m)
{
    (void)m;
    self->Calls++;
    return x;
}

static SIM_INVOKER_DECL(sim_inv_zg_o_t_o);
SIM_INVOKER(sim_inv_zg_o_t_o)
{
    typedef Il2CppObject *(*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(Il2CppObject **)ret = ((Fn)fn)(obj, (Il2CppObject *)args[0], m);
}

/* the definition, as First's: T named object, no body */
const SimMethodDef sim_methods_echoer[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(echoer_ctor), .invoker = sim_inv_v_t},
    {.name = "Echo", .flags = SIM_M_INSTANCE, .ret = "System.Object",
     .params = {{"System.Object", "x", NULL, NULL}}, .generic = gp_t},
    {.name = NULL}};

/* ZLuaTests.Entity: Unity's GameObject shape, GetComponent(Type) and
 * GetComponent<T>() sharing a name */
static Il2CppString *entity_get_component_type(void *self, Il2CppObject *t, const MethodInfo *m)
{
    (void)self, (void)t, (void)m;
    return sim_literal("by type");
}

/* GetComponent<Mob>: new T() */
static Il2CppObject *entity_get_component_mob(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
    return sim_mob_new();
}

static SIM_INVOKER_DECL(sim_inv_zg_s_t_o);
SIM_INVOKER(sim_inv_zg_s_t_o)
{
    typedef Il2CppString *(*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(Il2CppString **)ret = ((Fn)fn)(obj, (Il2CppObject *)args[0], m);
}

const SimMethodDef sim_methods_entity[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(echoer_ctor), .invoker = sim_inv_v_t},
    {.name = "GetComponent", .flags = SIM_M_INSTANCE, .ret = "System.String",
     .params = {{"System.Type", "t", NULL, NULL}}, .body = SIM_BODY(entity_get_component_type),
     .invoker = sim_inv_zg_s_t_o},
    {.name = "GetComponent", .flags = SIM_M_INSTANCE, .ret = "System.Object",
     .generic = gp_t_new},
    {.name = NULL}};

/* ZLuaTests.Constrained: every instance returns the full names of its
 * type arguments, comma-separated (typeof(T).FullName) */
static Il2CppString *constrained_names(const MethodInfo *m)
{
    const SimMethod *sm = sim_m(m);
    char buf[256] = "";
    for (uint8_t i = 0; i < sm->method_argc; i++) {
        if (i > 0)
            strncat(buf, ",", sizeof buf - strlen(buf) - 1);
        strncat(buf, sm->method_args[i]->full_name, sizeof buf - strlen(buf) - 1);
    }
    return il2cpp_string_new(buf);
}

static SIM_INVOKER_DECL(sim_inv_zg_s);
SIM_INVOKER(sim_inv_zg_s)
{
    typedef Il2CppString *(*Fn)(const MethodInfo *);
    (void)obj, (void)args;
    *(Il2CppString **)ret = ((Fn)fn)(m);
}

static const SimGenericParamDef gp_struct[] = {{"T", GP_STRUCT, {"System.ValueType"}}, GP_END};
static const SimGenericParamDef gp_class[] = {{"T", GP_CLASS, {NULL}}, GP_END};
static const SimGenericParamDef gp_shape[] = {{"T", 0, {"MyGame.Shape"}}, GP_END};
static const SimGenericParamDef gp_damageable[] = {{"T", 0, {"ZLuaTests.IDamageable"}},
                                                   GP_END};
static const SimGenericParamDef gp_pair[] = {{"TKey", GP_STRUCT, {"System.ValueType"}},
                                             {"TValue", GP_CLASS | GP_NEW, {NULL}}, GP_END};

#define CONSTRAINED(n, gp)                                                        \
    {.name = (n), .flags = SIM_M_STATIC, .ret = "System.String", .generic = (gp)}
const SimMethodDef sim_methods_constrained[] = {
    CONSTRAINED("OfStruct", gp_struct),   CONSTRAINED("OfClass", gp_class),
    CONSTRAINED("OfNew", gp_t_new),       CONSTRAINED("OfShape", gp_shape),
    CONSTRAINED("OfDamageable", gp_damageable), CONSTRAINED("OfPair", gp_pair),
    {.name = NULL}};

/* the instantiations present in the build */
typedef struct SimInstanceDef {
    const char *klass, *method;       /* the definition */
    const char *args[SIM_MAX_GENERIC_ARGS];
    SimMethodDef inflated;            /* its signature with T substituted */
} SimInstanceDef;

static const SimInstanceDef instances[] = {
    {"Demo", "First", {"System.Int32"},
     {.name = "First", .flags = SIM_M_STATIC, .ret = "System.Int32",
      .params = {{"System.Int32[]", "items", NULL, NULL}},
      .body = SIM_BODY(demo_first_int32), .invoker = sim_inv_i4_a}},
    {"Demo", "First", {"System.String"},
     {.name = "First", .flags = SIM_M_STATIC, .ret = "System.String",
      .params = {{"System.String[]", "items", NULL, NULL}},
      .body = SIM_BODY(demo_first_shared), .invoker = sim_inv_o_a}},
    {"Demo", "First", {"MyGame.Point2D"},
     {.name = "First", .flags = SIM_M_STATIC, .ret = "MyGame.Point2D",
      .params = {{"MyGame.Point2D[]", "items", NULL, NULL}},
      .body = SIM_BODY(demo_first_point2d), .invoker = sim_inv_P_a}},
    {"ZLuaTests.Echoer", "Echo", {"System.Int32"},
     {.name = "Echo", .flags = SIM_M_INSTANCE, .ret = "System.Int32",
      .params = {{"System.Int32", "x", NULL, NULL}},
      .body = SIM_BODY(echoer_echo_int32), .invoker = sim_inv_i4_t_i4}},
    {"ZLuaTests.Entity", "GetComponent", {"ZLuaTests.Mob"},
     {.name = "GetComponent", .flags = SIM_M_INSTANCE, .ret = "ZLuaTests.Mob",
      .body = SIM_BODY(entity_get_component_mob), .invoker = sim_inv_o_t}},
    {"ZLuaTests.Echoer", "Echo", {"System.String"},
     {.name = "Echo", .flags = SIM_M_INSTANCE, .ret = "System.String",
      .params = {{"System.String", "x", NULL, NULL}},
      .body = SIM_BODY(echoer_echo_shared), .invoker = sim_inv_zg_o_t_o}},
#define CONSTRAINED_INSTANCE(n, ...)                                                 \
    {"ZLuaTests.Constrained", (n), {__VA_ARGS__},                                   \
     {.name = (n), .flags = SIM_M_STATIC, .ret = "System.String",                  \
      .body = SIM_BODY(constrained_names), .invoker = sim_inv_zg_s}}
    CONSTRAINED_INSTANCE("OfStruct", "System.Int32"),
    CONSTRAINED_INSTANCE("OfClass", "System.String"),
    CONSTRAINED_INSTANCE("OfNew", "ZLuaTests.Mob"),
    CONSTRAINED_INSTANCE("OfShape", "MyGame.Circle"),
    CONSTRAINED_INSTANCE("OfDamageable", "ZLuaTests.Mob"),
    CONSTRAINED_INSTANCE("OfPair", "System.Int32", "ZLuaTests.Mob"),
};

/* The parameters of every generic type definition, by full name: what
 * the metadata of each holds (variance included). */
static const struct {
    const char *klass;
    SimGenericParamDef params[SIM_MAX_GENERIC_ARGS + 1];
} type_params[] = {
    {"System.Nullable`1", {{"T", GP_STRUCT, {"System.ValueType"}}, GP_END}},
    {"System.Action`1", {{"T", GP_CONTRAVARIANT, {NULL}}, GP_END}},
    {"System.Func`2", {{"T", GP_CONTRAVARIANT, {NULL}}, {"TResult", GP_COVARIANT, {NULL}}}},
    {"System.Collections.Generic.IEnumerable`1", {{"T", GP_COVARIANT, {NULL}}, GP_END}},
    {"System.Collections.Generic.IEnumerator`1", {{"T", GP_COVARIANT, {NULL}}, GP_END}},
    {"System.Collections.Generic.ICollection`1", {{"T", 0, {NULL}}, GP_END}},
    {"System.Collections.Generic.IList`1", {{"T", 0, {NULL}}, GP_END}},
    {"System.Collections.Generic.IReadOnlyCollection`1", {{"T", GP_COVARIANT, {NULL}}, GP_END}},
    {"System.Collections.Generic.IReadOnlyList`1", {{"T", GP_COVARIANT, {NULL}}, GP_END}},
    {"System.Collections.Generic.List`1", {{"T", 0, {NULL}}, GP_END}},
    {"System.Collections.Generic.List`1+Enumerator", {{"T", 0, {NULL}}, GP_END}},
    {"System.Collections.Generic.Dictionary`2", {{"TKey", 0, {NULL}}, {"TValue", 0, {NULL}}}},
    {"System.Collections.Generic.Dictionary`2+Enumerator",
     {{"TKey", 0, {NULL}}, {"TValue", 0, {NULL}}}},
    {"System.Collections.Generic.KeyValuePair`2", {{"TKey", 0, {NULL}}, {"TValue", 0, {NULL}}}},
};

/* Each generic type definition gets its parameters' container; one the
 * table lacks is a catalog error, as IL2CPP has no definition without. */
static void type_containers_init(void)
{
    for (Il2CppClass *k = sim_first_class(); k; k = k->next_all) {
        if (!k->is_generic)
            continue;
        /* a nested definition's shell is named without its outer one */
        char name[256];
        if (k->declaring != NULL && strchr(k->full_name, '+') == NULL)
            snprintf(name, sizeof name, "%s+%s", k->declaring->full_name, k->name);
        else
            snprintf(name, sizeof name, "%s", k->full_name);
        size_t i = 0;
        while (i < sizeof type_params / sizeof type_params[0] &&
               strcmp(type_params[i].klass, name) != 0)
            i++;
        if (i == sizeof type_params / sizeof type_params[0])
            sim_catalog_fail("generic type definition without parameters", name);
        k->genericContainerHandle = sim_generic_container(k, false, type_params[i].params);
    }
}

static SimMethod *inflated[sizeof instances / sizeof instances[0]];

static const SimMethod *find_definition(const char *klass, const char *name)
{
    Il2CppClass *k = sim_resolve_class(klass);
    for (uint16_t i = 0; i < k->method_count; i++)
        if (k->methods[i]->generic_def && strcmp(k->methods[i]->name, name) == 0)
            return k->methods[i];
    return NULL;
}

void sim_generics_init(void)
{
    for (size_t i = 0; i < sizeof instances / sizeof instances[0]; i++) {
        const SimInstanceDef *d = &instances[i];
        const SimMethod *def = find_definition(d->klass, d->method);
        if (def == NULL)
            sim_catalog_fail("generic instance of a missing definition", d->method);
        SimMethod *m = sim_build_method(def->klass, &d->inflated);
        m->inflated_from = def;
        m->mi.is_inflated = 1;
        for (int a = 0; a < SIM_MAX_GENERIC_ARGS && d->args[a]; a++)
            m->method_args[m->method_argc++] = sim_resolve_class(d->args[a]);
        inflated[i] = m;
    }
    type_containers_init();
}

const MethodInfo *sim_method_get_generic_instance(const MethodInfo *definition,
                                                  const Il2CppType *const *args,
                                                  uint32_t count)
{
    for (size_t i = 0; i < sizeof inflated / sizeof inflated[0]; i++) {
        const SimMethod *m = inflated[i];
        if (m == NULL || &m->inflated_from->mi != definition || m->method_argc != count)
            continue;
        uint32_t a = 0;
        while (a < count && args[a] != NULL && !args[a]->byref &&
               args[a]->klass == m->method_args[a])
            a++;
        if (a == count)
            return &m->mi;
    }
    return NULL;   /* not in the build */
}

/* il2cpp_type_get_object: one RuntimeType per class, kept forever (a
 * root), as IL2CPP caches the Type object of each Il2CppType */
Il2CppObject *il2cpp_type_get_object(const Il2CppType *type)
{
    Il2CppClass *k = type->klass;
    if (k->type_object == NULL)
        k->type_object = sim_gc_alloc_root(sizeof *k->type_object);
    if (*k->type_object == NULL) {
        Il2CppObject *o = il2cpp_object_new(sim_resolve_class("System.RuntimeType"));
        ((SimReflectionType *)(void *)o)->type = &k->byval_arg;
        sim_gc_store((void **)k->type_object, o);
    }
    return *k->type_object;
}

static Il2CppString *type_get_full_name(Il2CppObject *self, const MethodInfo *m)
{
    return demo_type_name(self, m);
}

const SimMethodDef sim_methods_type[] = {
    {.name = "get_FullName", .flags = SIM_M_GETSET,
     .ret = "System.String", .body = SIM_BODY(type_get_full_name), .invoker = sim_inv_s_t},
    {.name = NULL}};
const SimPropertyDef sim_props_type[] = {{"FullName", "get_FullName", NULL}, {NULL, NULL, NULL}};
