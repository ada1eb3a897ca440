/*
 * sim_bodies_usage.c -- ZLuaTests types shaped like what a game's own
 * code declares (sim_catalog_tests.c): overloads on float and integral
 * parameters (overload dispatch), an interface extending another (R-VIEW-1),
 * statics of a base class, an indexer of two parameters (R-IDX-1) and an
 * internal class.  Entity, whose generic GetComponent<T> shares its name
 * with GetComponent(Type), is in sim_generics.c.
 */
#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

/* ---- ZLuaTests.Numbers ---------------------------------------------------------- */

static Il2CppString *numbers_int(int32_t x, const MethodInfo *m)
{
    (void)x, (void)m;
    return sim_literal("int");
}

static Il2CppString *numbers_float(float x, const MethodInfo *m)
{
    (void)x, (void)m;
    return sim_literal("float");
}

static Il2CppString *numbers_long(int64_t x, const MethodInfo *m)
{
    (void)x, (void)m;
    return sim_literal("long");
}

static Il2CppString *numbers_object(Il2CppObject *o, const MethodInfo *m)
{
    (void)o, (void)m;
    return sim_literal("object");
}

static SIM_INVOKER_DECL(sim_inv_zu_s_r4);
SIM_INVOKER(sim_inv_zu_s_r4)
{
    typedef Il2CppString *(*Fn)(float, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(*(float *)args[0], m);
}

static SIM_INVOKER_DECL(sim_inv_zu_s_i8);
SIM_INVOKER(sim_inv_zu_s_i8)
{
    typedef Il2CppString *(*Fn)(int64_t, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(*(int64_t *)args[0], m);
}

/* declared in this order: Kind(int) first, Wide(float) first, Probe(long) first */
const SimMethodDef sim_methods_numbers[] = {
    {.name = "Kind", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Int32", "x", NULL, NULL}}, .body = SIM_BODY(numbers_int),
     .invoker = sim_inv_s_i4},
    {.name = "Kind", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Single", "x", NULL, NULL}}, .body = SIM_BODY(numbers_float),
     .invoker = sim_inv_zu_s_r4},
    {.name = "Wide", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Single", "x", NULL, NULL}}, .body = SIM_BODY(numbers_float),
     .invoker = sim_inv_zu_s_r4},
    {.name = "Wide", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Int64", "x", NULL, NULL}}, .body = SIM_BODY(numbers_long),
     .invoker = sim_inv_zu_s_i8},
    {.name = "Probe", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Int64", "x", NULL, NULL}}, .body = SIM_BODY(numbers_long),
     .invoker = sim_inv_zu_s_i8},
    {.name = "Probe", .flags = SIM_M_STATIC, .ret = "System.String",
     .params = {{"System.Object", "o", NULL, NULL}}, .body = SIM_BODY(numbers_object),
     .invoker = sim_inv_s_o},
    {.name = NULL}};

/* ---- ZLuaTests.IDamageable, IKillable, Mob --------------------------------------- */

/* abstract: no bodies; callers dispatch on the object */
const SimMethodDef sim_methods_idamageable[] = {
    {.name = "Damage", .flags = SIM_M_INTERFACE, .ret = "System.Void",
     .params = {{"System.Int32", "n", NULL, NULL}}, .invoker = sim_inv_v_t_i4},
    {.name = "get_Hp", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .invoker = sim_inv_i4_t},
    {.name = NULL}};
const SimPropertyDef sim_props_idamageable[] = {{"Hp", "get_Hp", NULL}, {NULL, NULL, NULL}};

const SimMethodDef sim_methods_ikillable[] = {
    {.name = "get_Dead", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Boolean", .invoker = sim_inv_b_t},
    {.name = NULL}};
const SimPropertyDef sim_props_ikillable[] = {{"Dead", "get_Dead", NULL}, {NULL, NULL, NULL}};

static void mob_ctor(void *self, const MethodInfo *m)
{
    (void)m;
    ((SimMob *)self)->hp = 10;
}

static void mob_damage(void *self, int32_t n, const MethodInfo *m)
{
    (void)m;
    SimMob *mob = self;
    mob->hp = (int32_t)((uint32_t)mob->hp - (uint32_t)n);
}

static int32_t mob_get_hp(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimMob *)self)->hp;
}

static bool mob_get_dead(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimMob *)self)->hp <= 0;
}

Il2CppObject *sim_mob_new(void)
{
    Il2CppObject *o = il2cpp_object_new(sim_resolve_class("ZLuaTests.Mob"));
    mob_ctor(o, NULL);
    return o;
}

static Il2CppObject *mob_spawn(const MethodInfo *m)
{
    (void)m;
    return sim_mob_new();
}

const SimMethodDef sim_methods_mob[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(mob_ctor), .invoker = sim_inv_v_t},
    {.name = "Damage", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .params = {{"System.Int32", "n", NULL, NULL}}, .body = SIM_BODY(mob_damage),
     .invoker = sim_inv_v_t_i4, .overrides = "ZLuaTests.IDamageable::Damage"},
    {.name = "get_Hp", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .body = SIM_BODY(mob_get_hp), .invoker = sim_inv_i4_t,
     .overrides = "ZLuaTests.IDamageable::get_Hp"},
    {.name = "get_Dead", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Boolean", .body = SIM_BODY(mob_get_dead), .invoker = sim_inv_b_t,
     .overrides = "ZLuaTests.IKillable::get_Dead"},
    {.name = "Spawn", .flags = SIM_M_STATIC, .ret = "ZLuaTests.IKillable",
     .body = SIM_BODY(mob_spawn), .invoker = sim_inv_o},
    {.name = NULL}};
const SimPropertyDef sim_props_mob[] = {
    {"Hp", "get_Hp", NULL}, {"Dead", "get_Dead", NULL}, {NULL, NULL, NULL}};

/* ---- ZLuaTests.StaticBase, StaticDerived ----------------------------------------- */

static void plain_ctor(void *self, const MethodInfo *m)
{
    (void)self, (void)m;
}

static Il2CppString *static_base_hello(const MethodInfo *m)
{
    (void)m;
    return sim_literal("base hello");
}

static Il2CppString *static_base_label(const MethodInfo *m)
{
    (void)m;
    return sim_literal("base");
}

static SIM_INVOKER_DECL(sim_inv_zu_s);
SIM_INVOKER(sim_inv_zu_s)
{
    typedef Il2CppString *(*Fn)(const MethodInfo *);
    (void)obj, (void)args;
    *(Il2CppString **)ret = ((Fn)fn)(m);
}

const SimMethodDef sim_methods_static_base[] = {
    {.name = "Hello", .flags = SIM_M_STATIC, .ret = "System.String",
     .body = SIM_BODY(static_base_hello), .invoker = sim_inv_zu_s},
    {.name = "get_Label", .flags = SIM_M_STATIC_GETSET, .ret = "System.String",
     .body = SIM_BODY(static_base_label), .invoker = sim_inv_zu_s},
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(plain_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};
const SimPropertyDef sim_props_static_base[] = {{"Label", "get_Label", NULL},
                                                {NULL, NULL, NULL}};

const SimMethodDef sim_methods_static_derived[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(plain_ctor), .invoker = sim_inv_v_t},
    {.name = NULL}};

/* ---- ZLuaTests.Lease: IDisposable, for `local x <close>` --------------------------- */

static void lease_dispose(void *self, const MethodInfo *m)
{
    (void)m;
    ((SimLease *)self)->Disposed++;
}

const SimMethodDef sim_methods_lease[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(plain_ctor), .invoker = sim_inv_v_t},
    {.name = "Dispose", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .body = SIM_BODY(lease_dispose), .invoker = sim_inv_v_t,
     .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};

/* ---- ZLuaTests.Grid: this[int x, int y] ------------------------------------------- */

static int32_t grid_get_item(void *self, int32_t x, int32_t y, const MethodInfo *m)
{
    (void)self, (void)m;
    return (int32_t)((uint32_t)x * 10u + (uint32_t)y);
}

const SimMethodDef sim_methods_grid[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(plain_ctor), .invoker = sim_inv_v_t},
    {.name = "get_Item", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .params = {{"System.Int32", "x", NULL, NULL}, {"System.Int32", "y", NULL, NULL}},
     .body = SIM_BODY(grid_get_item), .invoker = sim_inv_i4_t_i4_i4},
    {.name = NULL}};
const SimPropertyDef sim_props_grid[] = {{"Item", "get_Item", NULL}, {NULL, NULL, NULL}};

/* ---- ZLuaTests.Secret (internal) -------------------------------------------------- */

static int32_t secret_peek(const MethodInfo *m)
{
    (void)m;
    return 1;
}

const SimMethodDef sim_methods_secret[] = {
    {.name = "Peek", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .body = SIM_BODY(secret_peek), .invoker = sim_inv_i4},
    {.name = NULL}};

/* ---- ZLuaTests.Seqs.Words: an iterator method's IEnumerable<string> -------------- */

#define GEN_NS "System.Collections.Generic."
#define EXPLICIT_IMPL (0x0001 /* Private */ | SIM_METHOD_HIDE_BY_SIG | METHOD_ATTRIBUTE_VIRTUAL | \
                       SIM_METHOD_NEW_SLOT | SIM_METHOD_FINAL)

/* <Words>d__0: the compiler's state machine, its own enumerator */
static bool words_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimWordsIter *it = self;
    static const char *const words[] = {"a", "b"};
    if (it->state < 0 || it->state >= 2) {
        it->state = -1;
        return false;
    }
    sim_gc_store((void **)&it->current, sim_literal(words[it->state]));
    it->state++;
    return true;
}

static Il2CppString *words_current(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimWordsIter *)self)->current;
}

static Il2CppObject *words_current_object(void *self, const MethodInfo *m)
{
    (void)m;
    return (Il2CppObject *)((SimWordsIter *)self)->current;
}

static Il2CppObject *words_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimWordsIter *it = (SimWordsIter *)il2cpp_object_new(((Il2CppObject *)self)->klass);
    it->state = 0;
    return &it->obj;
}

const SimMethodDef sim_methods_words_iter[] = {
    {.name = "MoveNext", .flags = EXPLICIT_IMPL, .ret = "System.Boolean",
     .body = SIM_BODY(words_move_next), .invoker = sim_inv_b_t,
     .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "System.Collections.Generic.IEnumerator<System.String>.get_Current",
     .flags = EXPLICIT_IMPL | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.String",
     .body = SIM_BODY(words_current), .invoker = sim_inv_s_t,
     .overrides = GEN_NS "IEnumerator`1[System.String]::get_Current"},
    {.name = "System.Collections.IEnumerator.get_Current",
     .flags = EXPLICIT_IMPL | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Object",
     .body = SIM_BODY(words_current_object), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "System.Collections.Generic.IEnumerable<System.String>.GetEnumerator",
     .flags = EXPLICIT_IMPL, .ret = GEN_NS "IEnumerator`1[System.String]",
     .body = SIM_BODY(words_get_enumerator), .invoker = sim_inv_o_t,
     .overrides = GEN_NS "IEnumerable`1[System.String]::GetEnumerator"},
    {.name = "System.Collections.IEnumerable.GetEnumerator", .flags = EXPLICIT_IMPL,
     .ret = "System.Collections.IEnumerator", .body = SIM_BODY(words_get_enumerator),
     .invoker = sim_inv_o_t, .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    {.name = "System.IDisposable.Dispose", .flags = EXPLICIT_IMPL, .ret = "System.Void",
     .body = SIM_BODY(sim_dispose_nothing), .invoker = sim_inv_v_t,
     .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};

static Il2CppObject *seqs_words(const MethodInfo *m)
{
    (void)m;
    SimWordsIter *it =
        (SimWordsIter *)il2cpp_object_new(sim_resolve_class("ZLuaTests.Seqs+<Words>d__0"));
    it->state = 0;
    return &it->obj;
}

/* IntList(n): a List<int> of 1..n, declared as the non-generic IList */
static Il2CppObject *seqs_int_list(int32_t n, const MethodInfo *m)
{
    (void)m;
    return sim_list_int_new(n);
}

const SimMethodDef sim_methods_seqs[] = {
    {.name = "Words", .flags = SIM_M_STATIC, .ret = GEN_NS "IEnumerable`1[System.String]",
     .body = SIM_BODY(seqs_words), .invoker = sim_inv_o},
    {.name = "IntList", .flags = SIM_M_STATIC, .ret = "System.Collections.IList",
     .params = {{"System.Int32", "n", NULL, NULL}}, .body = SIM_BODY(seqs_int_list),
     .invoker = sim_inv_o_i4},
    /* Items(n): the same list, declared as the non-generic IEnumerable */
    {.name = "Items", .flags = SIM_M_STATIC, .ret = "System.Collections.IEnumerable",
     .params = {{"System.Int32", "n", NULL, NULL}}, .body = SIM_BODY(seqs_int_list),
     .invoker = sim_inv_o_i4},
    {.name = NULL}};
