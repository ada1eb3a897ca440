/*
 * sim_collections.c -- the corlib collections the everyday C# surface
 * uses (issue 13, R-COLL-1): List`1[System.Int32] with IL2CPP's layout,
 * the enumerable interfaces, and Demo.MakeList / ListSum / Range, where
 * Range is what C# compiles an iterator into (a nested class
 * <Range>d__N that is its own enumerator).
 *
 * The closed generic types are catalog entries under their IL2CPP full
 * names ("System.Collections.Generic.List`1[System.Int32]"): libzlua
 * reaches them only by class pointer and name, and sim_generic_instance
 * cannot give an inflated class fields of its own.
 */
#include <string.h>

#include "sim_invokers.h"
#include "sim_tables.h"

#define GEN "System.Collections.Generic."
#define LIST_INT GEN "List`1[System.Int32]"

/* List<T>'s fields as IL2CPP lays them out (mscorlib 4.x) */
typedef struct SimList {
    Il2CppObject obj;
    Il2CppArray *_items;
    int32_t _size;
    int32_t _version;
    Il2CppObject *_syncRoot;
} SimList;

/* <Range>d__N: the compiler's state machine for `yield return` */
typedef struct SimRangeIter {
    Il2CppObject obj;
    int32_t state;        /* <>1__state: -2 enumerable, 0 before, 1 running, -1 done */
    int32_t current;      /* <>2__current */
    int32_t thread_id;    /* <>l__initialThreadId */
    int32_t n;            /* n (the parameter, copied) */
    int32_t n_arg;        /* <>3__n */
    int32_t i;            /* <i>5__2 */
} SimRangeIter;

static int32_t *list_data(SimList *l)
{
    return (int32_t *)((char *)l->_items + il2cpp_array_object_header_size());
}

static void list_null(const void *self)
{
    if (self == NULL)
        sim_raise("System", "NullReferenceException",
                  "Object reference not set to an instance of an object.");
}

static void list_ctor(void *self, const MethodInfo *m)
{
    (void)m;
    SimList *l = self;
    sim_gc_store((void **)&l->_items, il2cpp_array_new(sim_k.int32, 0));
}

static int32_t list_get_count(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimList *)self)->_size;
}

/* List<T>'s ThrowHelper message for a bad index (unsigned compare, as the
 * corlib does it) */
static void list_check(SimList *l, int32_t i)
{
    if ((uint32_t)i >= (uint32_t)l->_size)
        sim_raise("System", "ArgumentOutOfRangeException",
                  "Index was out of range. Must be non-negative and less than the size "
                  "of the collection. (Parameter 'index')");
}

static int32_t list_get_item(void *self, int32_t i, const MethodInfo *m)
{
    (void)m;
    list_check(self, i);
    return list_data(self)[i];
}

static void list_set_item(void *self, int32_t i, int32_t v, const MethodInfo *m)
{
    (void)m;
    SimList *l = self;
    list_check(l, i);
    list_data(l)[i] = v;
    l->_version++;
}

static void list_add(void *self, int32_t v, const MethodInfo *m)
{
    (void)m;
    SimList *l = self;
    uint32_t cap = (uint32_t)il2cpp_array_length(l->_items);
    if ((uint32_t)l->_size == cap) {   /* grow by doubling, from 4 */
        uint32_t ncap = cap == 0 ? 4 : cap * 2;
        Il2CppArray *grown = il2cpp_array_new(sim_k.int32, ncap);
        memcpy((char *)grown + il2cpp_array_object_header_size(), list_data(l),
               (size_t)l->_size * sizeof(int32_t));
        sim_gc_store((void **)&l->_items, grown);
    }
    list_data(l)[l->_size++] = v;
    l->_version++;
}

static void list_clear(void *self, const MethodInfo *m)
{
    (void)m;
    SimList *l = self;
    l->_size = 0;
    l->_version++;
}

static const SimFieldDef f_list[] = {
    {"_items", "System.Int32[]", SIM_FIELD_PRIVATE, offsetof(SimList, _items), 0},
    {"_size", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimList, _size), 0},
    {"_version", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimList, _version), 0},
    {"_syncRoot", "System.Object", SIM_FIELD_PRIVATE, offsetof(SimList, _syncRoot), 0},
    {0}};

static const SimMethodDef m_list[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(list_ctor), .invoker = sim_inv_v_t},
    {.name = "get_Count", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(list_get_count), .invoker = sim_inv_i4_t},
    {.name = "get_Item", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .params = {{"System.Int32", "index"}}, .body = SIM_BODY(list_get_item),
     .invoker = sim_inv_i4_t_i4},
    {.name = "set_Item", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.Int32", "index"}, {"System.Int32", "value"}},
     .body = SIM_BODY(list_set_item), .invoker = sim_inv_v_t_i4_i4},
    {.name = "Add", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .params = {{"System.Int32", "item"}}, .body = SIM_BODY(list_add),
     .invoker = sim_inv_v_t_i4},
    {.name = "Clear", .flags = SIM_M_INSTANCE, .ret = "System.Void",
     .body = SIM_BODY(list_clear), .invoker = sim_inv_v_t},
    {.name = NULL}};

static const SimPropertyDef p_list[] = {{"Count", "get_Count", NULL}, {NULL, NULL, NULL}};

/* ---- the interfaces ---------------------------------------------------------------- */

static const SimMethodDef m_ienumerable[] = {
    {.name = "GetEnumerator", .flags = SIM_M_INTERFACE, .ret = "System.Collections.IEnumerator",
     .invoker = sim_inv_o_t},
    {.name = NULL}};
static const SimMethodDef m_ienumerator[] = {
    {.name = "MoveNext", .flags = SIM_M_INTERFACE, .ret = "System.Boolean",
     .invoker = sim_inv_b_t},
    {.name = "get_Current", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Object", .invoker = sim_inv_o_t},
    {.name = NULL}};
static const SimPropertyDef p_ienumerator[] = {{"Current", "get_Current", NULL},
                                               {NULL, NULL, NULL}};
static const SimMethodDef m_ienumerable_int[] = {
    {.name = "GetEnumerator", .flags = SIM_M_INTERFACE,
     .ret = GEN "IEnumerator`1[System.Int32]", .invoker = sim_inv_o_t},
    {.name = NULL}};
static const SimMethodDef m_ienumerator_int[] = {
    {.name = "get_Current", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .invoker = sim_inv_i4_t},
    {.name = NULL}};
static const SimPropertyDef p_ienumerator_int[] = {{"Current", "get_Current", NULL},
                                                   {NULL, NULL, NULL}};

/* ---- Demo.Range: the iterator class ----------------------------------------------- */

static bool range_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimRangeIter *it = self;
    switch (it->state) {
    case 0:
        it->state = -1;
        it->i = 0;
        break;
    case 1:
        it->state = -1;
        it->i++;
        break;
    default:
        return false;
    }
    if (it->i >= it->n)
        return false;
    it->current = it->i;
    it->state = 1;
    return true;
}

static int32_t range_current(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimRangeIter *)self)->current;
}

static Il2CppObject *range_current_boxed(void *self, const MethodInfo *m)
{
    (void)m;
    int32_t v = ((SimRangeIter *)self)->current;
    return il2cpp_value_box(sim_k.int32, &v);
}

/* the compiler's GetEnumerator: the object itself the first time on its
 * own thread, else a fresh copy in state 0 */
static Il2CppObject *range_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimRangeIter *it = self;
    if (it->state == -2) {
        it->state = 0;
        return self;
    }
    SimRangeIter *copy = (SimRangeIter *)il2cpp_object_new(it->obj.klass);
    copy->state = 0;
    copy->n = it->n_arg;
    return &copy->obj;
}

#define RANGE_ITER "Demo+<Range>d__12"
#define IENUM_INT GEN "IEnumerator`1[System.Int32]"

static const SimFieldDef f_range[] = {
    {"<>1__state", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimRangeIter, state), 0},
    {"<>2__current", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimRangeIter, current), 0},
    {"<>l__initialThreadId", "System.Int32", SIM_FIELD_PRIVATE,
     offsetof(SimRangeIter, thread_id), 0},
    {"n", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimRangeIter, n), 0},
    {"<>3__n", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimRangeIter, n_arg), 0},
    {"<i>5__2", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimRangeIter, i), 0},
    {0}};

/* explicit interface implementations: private, named after the interface */
#define EXPLICIT (0x0001 /* Private */ | SIM_METHOD_HIDE_BY_SIG | METHOD_ATTRIBUTE_VIRTUAL | \
                  SIM_METHOD_NEW_SLOT | SIM_METHOD_FINAL)
static const SimMethodDef m_range[] = {
    {.name = "MoveNext", .flags = EXPLICIT, .ret = "System.Boolean",
     .body = SIM_BODY(range_move_next), .invoker = sim_inv_b_t,
     .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "System.Collections.Generic.IEnumerator<System.Int32>.get_Current",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .body = SIM_BODY(range_current), .invoker = sim_inv_i4_t,
     .overrides = IENUM_INT "::get_Current"},
    {.name = "System.Collections.IEnumerator.get_Current",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Object",
     .body = SIM_BODY(range_current_boxed), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "System.Collections.Generic.IEnumerable<System.Int32>.GetEnumerator",
     .flags = EXPLICIT, .ret = IENUM_INT, .body = SIM_BODY(range_get_enumerator),
     .invoker = sim_inv_o_t, .overrides = GEN "IEnumerable`1[System.Int32]::GetEnumerator"},
    {.name = "System.Collections.IEnumerable.GetEnumerator", .flags = EXPLICIT,
     .ret = "System.Collections.IEnumerator", .body = SIM_BODY(range_get_enumerator),
     .invoker = sim_inv_o_t, .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    {.name = NULL}};

#define IFACE_FLAGS (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT)

const SimClassDef sim_catalog_collections[] = {
    {.ns = "System.Collections", .name = "IEnumerator", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject), .methods = {m_ienumerator},
     .properties = p_ienumerator},
    {.ns = "System.Collections", .name = "IEnumerable", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject), .methods = {m_ienumerable}},
    {.ns = "System.Collections.Generic", .name = "IEnumerator`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerator"}, .methods = {m_ienumerator_int},
     .properties = p_ienumerator_int},
    {.ns = "System.Collections.Generic", .name = "IEnumerable`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerable"}, .methods = {m_ienumerable_int}},
    {.ns = "System.Collections.Generic", .name = "List`1[System.Int32]",
     .kind = SIM_KIND_CLASS, .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimList),
     .interfaces = {GEN "IEnumerable`1[System.Int32]", "System.Collections.IEnumerable"},
     .fields = f_list, .methods = {m_list}, .properties = p_list},
    {.name = NULL}};

/* Demo's nested iterator class: in the game image, after Demo */
const SimClassDef sim_catalog_range_iter[] = {
    {.ns = "", .name = "<Range>d__12", .declaring = "Demo", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimRangeIter),
     .interfaces = {GEN "IEnumerable`1[System.Int32]", IENUM_INT},
     .fields = f_range, .methods = {m_range}},
    {.name = NULL}};

/* ---- Demo ------------------------------------------------------------------------- */

static Il2CppObject *demo_make_list(int32_t n, const MethodInfo *m)
{
    (void)m;
    Il2CppClass *k = sim_resolve_class(LIST_INT);
    SimList *l = (SimList *)il2cpp_object_new(k);
    list_ctor(l, NULL);
    for (int32_t i = 1; i <= n; i++)
        list_add(l, i, NULL);
    return &l->obj;
}

static int32_t demo_list_sum(Il2CppObject *o, const MethodInfo *m)
{
    (void)m;
    list_null(o);
    SimList *l = (SimList *)o;
    uint32_t s = 0;
    for (int32_t i = 0; i < l->_size; i++)
        s += (uint32_t)list_data(l)[i];
    return (int32_t)s;
}

static Il2CppObject *demo_range(int32_t n, const MethodInfo *m)
{
    (void)m;
    SimRangeIter *it = (SimRangeIter *)il2cpp_object_new(sim_resolve_class(RANGE_ITER));
    it->state = -2;
    it->n_arg = n;
    it->n = n;
    return &it->obj;
}

const SimMethodDef sim_methods_demo_coll[] = {
    {.name = "MakeList", .flags = SIM_M_STATIC, .ret = LIST_INT,
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(demo_make_list),
     .invoker = sim_inv_o_i4},
    {.name = "ListSum", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{LIST_INT, "l"}}, .body = SIM_BODY(demo_list_sum), .invoker = sim_inv_i4_o},
    {.name = "Range", .flags = SIM_M_STATIC, .ret = GEN "IEnumerable`1[System.Int32]",
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(demo_range),
     .invoker = sim_inv_o_i4},
    {.name = NULL}};
