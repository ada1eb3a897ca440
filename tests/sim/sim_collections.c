/*
 * sim_collections.c -- the corlib collections the everyday C# surface
 * uses (R-COLL-1): List`1[System.Int32] with IL2CPP's layout,
 * the enumerable interfaces, and Demo.MakeList / ListSum / Range, where
 * Range is what C# compiles an iterator into (a nested class
 * <Range>d__N that is its own enumerator).
 *
 * The closed generic types are catalog entries under their IL2CPP full
 * names ("System.Collections.Generic.List`1[System.Int32]"): libzlua
 * reaches them only by class pointer and name, and sim_generic_instance
 * cannot give an inflated class fields of its own.
 */
#include <stdalign.h>
#include <string.h>

#include "sim_fixtures.h"
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
                  "of the collection.\nParameter name: index");
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

/* explicit interface implementations: private, named after the interface */
#define EXPLICIT (0x0001 /* Private */ | SIM_METHOD_HIDE_BY_SIG | METHOD_ATTRIBUTE_VIRTUAL | \
                  SIM_METHOD_NEW_SLOT | SIM_METHOD_FINAL)
/* List<T>.Enumerator: a struct; MoveNext checks _version as the corlib does */
#define LIST_ENUM GEN "List`1+Enumerator[System.Int32]"

typedef struct SimListEnum {
    SimList *_list;
    int32_t _index;
    int32_t _version;
    int32_t _current;
} SimListEnum;

static SimListEnum list_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimList *l = self;
    SimListEnum e = {l, 0, l->_version, 0};
    return e;
}

static Il2CppObject *list_get_enumerator_boxed_iface(void *self, const MethodInfo *m)
{
    SimListEnum e = list_get_enumerator(self, m);
    return il2cpp_value_box(sim_resolve_class(LIST_ENUM), &e);
}

static bool list_enum_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimListEnum *e = self;
    list_null(e->_list);   /* default(Enumerator): IL2CPP's null check */
    if (e->_version != e->_list->_version)
        sim_raise("System", "InvalidOperationException",
                  "Collection was modified; enumeration operation may not execute.");
    if ((uint32_t)e->_index < (uint32_t)e->_list->_size) {
        e->_current = list_data(e->_list)[e->_index++];
        return true;
    }
    e->_index = e->_list->_size + 1;
    e->_current = 0;
    return false;
}

static bool list_enum_move_next_boxed(void *boxed, const MethodInfo *m)
{
    return list_enum_move_next(SIM_UNBOXED(boxed), m);
}

static int32_t list_enum_current(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimListEnum *)self)->_current;
}

static int32_t list_enum_current_boxed(void *boxed, const MethodInfo *m)
{
    return list_enum_current(SIM_UNBOXED(boxed), m);
}

/* IEnumerator.Current: the int boxed.  The body takes the unboxed
 * enumerator, as every value-type method's does; the adjustor the boxed
 * one (reading `this` as a boxed object here gave the bytes after it) */
static Il2CppObject *list_enum_current_object(void *self, const MethodInfo *m)
{
    int32_t v = list_enum_current(self, m);
    return il2cpp_value_box(sim_k.int32, &v);
}

static Il2CppObject *list_enum_current_object_boxed(void *boxed, const MethodInfo *m)
{
    return list_enum_current_object(SIM_UNBOXED(boxed), m);
}

SIM_INVOKER(sim_inv_LE_t)
{
    typedef SimListEnum (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimListEnum *)ret = ((Fn)fn)(obj, m);
}

static const SimFieldDef f_list_enum[] = {
    {"_list", LIST_INT, SIM_FIELD_PRIVATE, offsetof(SimListEnum, _list), 0},
    {"_index", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimListEnum, _index), 0},
    {"_version", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimListEnum, _version), 0},
    {"_current", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimListEnum, _current), 0},
    {0}};

static const SimMethodDef m_list_enum[] = {
    {.name = "MoveNext", .flags = SIM_M_IMPLEMENTS, .ret = "System.Boolean",
     .body = SIM_BODY(list_enum_move_next), .boxed_body = SIM_BODY(list_enum_move_next_boxed),
     .invoker = sim_inv_b_t, .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "get_Current", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .body = SIM_BODY(list_enum_current),
     .boxed_body = SIM_BODY(list_enum_current_boxed), .invoker = sim_inv_i4_t,
     .overrides = GEN "IEnumerator`1[System.Int32]::get_Current"},
    {.name = "System.Collections.IEnumerator.get_Current",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Object",
     .body = SIM_BODY(list_enum_current_object),
     .boxed_body = SIM_BODY(list_enum_current_object_boxed), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "Dispose", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .body = SIM_BODY(sim_dispose_nothing), .boxed_body = SIM_BODY(sim_dispose_nothing),
     .invoker = sim_inv_v_t, .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};

static const SimPropertyDef p_list_enum[] = {{"Current", "get_Current", NULL},
                                             {NULL, NULL, NULL}};

static const SimFieldDef f_list[] = {
    {"_items", "System.Int32[]", SIM_FIELD_PRIVATE, offsetof(SimList, _items), 0},
    {"_size", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimList, _size), 0},
    {"_version", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimList, _version), 0},
    {"_syncRoot", "System.Object", SIM_FIELD_PRIVATE, offsetof(SimList, _syncRoot), 0},
    {0}};

static const SimMethodDef m_list[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(list_ctor), .invoker = sim_inv_v_t},
    /* C#'s implicit implementation of ICollection.Count: virtual final */
    {.name = "get_Count", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .body = SIM_BODY(list_get_count), .invoker = sim_inv_i4_t,
     .overrides = "System.Collections.ICollection::get_Count"},
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
    {.name = "GetEnumerator", .flags = SIM_M_INSTANCE, .ret = LIST_ENUM,
     .body = SIM_BODY(list_get_enumerator), .invoker = sim_inv_LE_t},
    {.name = "System.Collections.Generic.IEnumerable<System.Int32>.GetEnumerator",
     .flags = EXPLICIT, .ret = GEN "IEnumerator`1[System.Int32]",
     .body = SIM_BODY(list_get_enumerator_boxed_iface), .invoker = sim_inv_o_t,
     .overrides = GEN "IEnumerable`1[System.Int32]::GetEnumerator"},
    {.name = "System.Collections.IEnumerable.GetEnumerator", .flags = EXPLICIT,
     .ret = "System.Collections.IEnumerator", .body = SIM_BODY(list_get_enumerator_boxed_iface),
     .invoker = sim_inv_o_t, .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    /* the generic collection interfaces, by the same bodies (C# implements
     * them implicitly with the public members; here one entry each) */
    {.name = "System.Collections.Generic.ICollection<System.Int32>.get_Count",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .body = SIM_BODY(list_get_count), .invoker = sim_inv_i4_t,
     .overrides = GEN "ICollection`1[System.Int32]::get_Count"},
    {.name = "System.Collections.Generic.ICollection<System.Int32>.Add", .flags = EXPLICIT,
     .ret = "System.Void", .params = {{"System.Int32", "item"}}, .body = SIM_BODY(list_add),
     .invoker = sim_inv_v_t_i4, .overrides = GEN "ICollection`1[System.Int32]::Add"},
    {.name = "System.Collections.Generic.ICollection<System.Int32>.Clear", .flags = EXPLICIT,
     .ret = "System.Void", .body = SIM_BODY(list_clear), .invoker = sim_inv_v_t,
     .overrides = GEN "ICollection`1[System.Int32]::Clear"},
    {.name = "System.Collections.Generic.IList<System.Int32>.get_Item",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .params = {{"System.Int32", "index"}}, .body = SIM_BODY(list_get_item),
     .invoker = sim_inv_i4_t_i4, .overrides = GEN "IList`1[System.Int32]::get_Item"},
    {.name = "System.Collections.Generic.IList<System.Int32>.set_Item",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Void",
     .params = {{"System.Int32", "index"}, {"System.Int32", "value"}},
     .body = SIM_BODY(list_set_item), .invoker = sim_inv_v_t_i4_i4,
     .overrides = GEN "IList`1[System.Int32]::set_Item"},
    {.name = "System.Collections.Generic.IReadOnlyCollection<System.Int32>.get_Count",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .body = SIM_BODY(list_get_count), .invoker = sim_inv_i4_t,
     .overrides = GEN "IReadOnlyCollection`1[System.Int32]::get_Count"},
    {.name = "System.Collections.Generic.IReadOnlyList<System.Int32>.get_Item",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Int32",
     .params = {{"System.Int32", "index"}}, .body = SIM_BODY(list_get_item),
     .invoker = sim_inv_i4_t_i4, .overrides = GEN "IReadOnlyList`1[System.Int32]::get_Item"},
    {.name = NULL}};

static const SimPropertyDef p_list[] = {{"Count", "get_Count", NULL}, {NULL, NULL, NULL}};

/* ---- Dictionary`2[System.String,System.Int32] ---------------------------------------
 * Faithful enough: the corlib's entries, kept as parallel key and value
 * arrays in insertion order (no buckets: the catalog's dictionaries are
 * small), its _count and _version, its exceptions and messages, and its
 * struct Enumerator, which checks _version on every MoveNext. */

#define DICT_SI GEN "Dictionary`2[System.String,System.Int32]"
#define DICT_ENUM GEN "Dictionary`2+Enumerator[System.String,System.Int32]"
#define KVP_SI GEN "KeyValuePair`2[System.String,System.Int32]"

typedef struct SimDict {
    Il2CppObject obj;
    Il2CppArray *_keys;      /* String[], capacity */
    Il2CppArray *_values;    /* Int32[], capacity */
    int32_t _count;
    int32_t _version;
} SimDict;

typedef struct SimKeyValue {
    Il2CppString *key;
    int32_t value;
} SimKeyValue;

typedef struct SimDictEnum {
    SimDict *_dictionary;
    int32_t _version;
    int32_t _index;
    SimKeyValue _current;
    int32_t _getEnumeratorRetType;
} SimDictEnum;

#define VAL(T, i) (*(T *)args[i])
#define REF(T, i) ((T)args[i])

SIM_INVOKER(sim_inv_i4_t_s)
{
    typedef int32_t (*Fn)(void *, Il2CppString *, const MethodInfo *);
    *(int32_t *)ret = ((Fn)fn)(obj, REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_v_t_s_i4)
{
    typedef void (*Fn)(void *, Il2CppString *, int32_t, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppString *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_b_t_s_pi4)
{
    typedef bool (*Fn)(void *, Il2CppString *, int32_t *, const MethodInfo *);
    *(bool *)ret = ((Fn)fn)(obj, REF(Il2CppString *, 0), REF(int32_t *, 1), m);
}

SIM_INVOKER(sim_inv_DE_t)
{
    typedef SimDictEnum (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimDictEnum *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_KV_t)
{
    typedef SimKeyValue (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimKeyValue *)ret = ((Fn)fn)(obj, m);
}

static Il2CppString **dict_keys(SimDict *d)
{
    return (Il2CppString **)((char *)d->_keys + il2cpp_array_object_header_size());
}

static int32_t *dict_values(SimDict *d)
{
    return (int32_t *)((char *)d->_values + il2cpp_array_object_header_size());
}

static bool dict_same(Il2CppString *a, Il2CppString *b)
{
    int32_t n = il2cpp_string_length(a);
    return n == il2cpp_string_length(b) &&
           memcmp(il2cpp_string_chars(a), il2cpp_string_chars(b),
                  (size_t)n * sizeof(Il2CppChar)) == 0;
}

static int32_t dict_find(SimDict *d, Il2CppString *key)
{
    if (key == NULL)
        sim_raise("System", "ArgumentNullException",
                  "Value cannot be null.\nParameter name: key");
    for (int32_t i = 0; i < d->_count; i++)
        if (dict_same(dict_keys(d)[i], key))
            return i;
    return -1;
}

static void dict_ctor(void *self, const MethodInfo *m)
{
    (void)m;
    SimDict *d = self;
    sim_gc_store((void **)&d->_keys, il2cpp_array_new(sim_k.string, 4));
    sim_gc_store((void **)&d->_values, il2cpp_array_new(sim_k.int32, 4));
}

static int32_t dict_get_count(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimDict *)self)->_count;
}

static int32_t dict_get_item(void *self, Il2CppString *key, const MethodInfo *m)
{
    (void)m;
    int32_t i = dict_find(self, key);
    if (i < 0) {
        /* the catalog's keys are ASCII: others show as '?' here */
        char k[64];
        int32_t n = il2cpp_string_length(key);
        const Il2CppChar *c = il2cpp_string_chars(key);
        size_t j = 0;
        for (; j < sizeof k - 1 && j < (size_t)n; j++)
            k[j] = c[j] < 0x80 ? (char)c[j] : '?';
        k[j] = '\0';
        Il2CppString *msg = sim_string_printf(
            "The given key '%s' was not present in the dictionary.", k);
        sim_raise_string("System.Collections.Generic", "KeyNotFoundException", msg);
    }
    return dict_values(self)[i];
}

static void dict_set_item(void *self, Il2CppString *key, int32_t v, const MethodInfo *m)
{
    (void)m;
    SimDict *d = self;
    int32_t i = dict_find(d, key);
    if (i < 0) {
        int32_t cap = (int32_t)il2cpp_array_length(d->_keys);
        if (d->_count == cap) {
            Il2CppArray *k = il2cpp_array_new(sim_k.string, (il2cpp_array_size_t)cap * 2);
            Il2CppArray *vs = il2cpp_array_new(sim_k.int32, (il2cpp_array_size_t)cap * 2);
            Il2CppString **kd = (Il2CppString **)((char *)k + il2cpp_array_object_header_size());
            for (int32_t j = 0; j < d->_count; j++)
                sim_gc_store((void **)&kd[j], dict_keys(d)[j]);
            memcpy((char *)vs + il2cpp_array_object_header_size(), dict_values(d),
                   (size_t)d->_count * sizeof(int32_t));
            sim_gc_store((void **)&d->_keys, k);
            sim_gc_store((void **)&d->_values, vs);
        }
        i = d->_count++;
        sim_gc_store((void **)&dict_keys(d)[i], key);
    }
    dict_values(d)[i] = v;
    d->_version++;
}

static bool dict_try_get_value(void *self, Il2CppString *key, int32_t *value,
                               const MethodInfo *m)
{
    (void)m;
    int32_t i = dict_find(self, key);
    *value = i < 0 ? 0 : dict_values(self)[i];
    return i >= 0;
}

static SimDictEnum dict_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimDict *d = self;
    SimDictEnum e = {d, d->_version, 0, {NULL, 0}, 2};
    return e;
}

/* Enumerator.MoveNext: the corlib's "Collection was modified" check */
static bool dict_enum_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimDictEnum *e = self;
    list_null(e->_dictionary);   /* default(Enumerator): IL2CPP's null check */
    if (e->_version != e->_dictionary->_version)
        sim_raise("System", "InvalidOperationException",
                  "Collection was modified; enumeration operation may not execute.");
    if (e->_index >= e->_dictionary->_count) {
        e->_index = e->_dictionary->_count + 1;
        e->_current.key = NULL;
        e->_current.value = 0;
        return false;
    }
    sim_gc_store((void **)&e->_current.key, dict_keys(e->_dictionary)[e->_index]);
    e->_current.value = dict_values(e->_dictionary)[e->_index];
    e->_index++;
    return true;
}

static Il2CppObject *dict_get_enumerator_boxed_iface(void *self, const MethodInfo *m)
{
    SimDictEnum e = dict_get_enumerator(self, m);
    return il2cpp_value_box(sim_resolve_class(DICT_ENUM), &e);
}

static bool dict_enum_move_next_boxed(void *boxed, const MethodInfo *m)
{
    return dict_enum_move_next(SIM_UNBOXED(boxed), m);
}

static SimKeyValue dict_enum_current(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimDictEnum *)self)->_current;
}

static SimKeyValue dict_enum_current_boxed(void *boxed, const MethodInfo *m)
{
    return dict_enum_current(SIM_UNBOXED(boxed), m);
}

static Il2CppObject *dict_enum_current_object(void *self, const MethodInfo *m)
{
    SimKeyValue kv = dict_enum_current(self, m);
    return il2cpp_value_box(sim_resolve_class(KVP_SI), &kv);
}

static Il2CppObject *dict_enum_current_object_boxed(void *boxed, const MethodInfo *m)
{
    return dict_enum_current_object(SIM_UNBOXED(boxed), m);
}

static Il2CppString *kvp_key(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimKeyValue *)self)->key;
}

static Il2CppString *kvp_key_boxed(void *boxed, const MethodInfo *m)
{
    return kvp_key(SIM_UNBOXED(boxed), m);
}

static int32_t kvp_value(void *self, const MethodInfo *m)
{
    (void)m;
    return ((SimKeyValue *)self)->value;
}

static int32_t kvp_value_boxed(void *boxed, const MethodInfo *m)
{
    return kvp_value(SIM_UNBOXED(boxed), m);
}

static const SimFieldDef f_dict[] = {
    {"_keys", "System.String[]", SIM_FIELD_PRIVATE, offsetof(SimDict, _keys), 0},
    {"_values", "System.Int32[]", SIM_FIELD_PRIVATE, offsetof(SimDict, _values), 0},
    {"_count", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimDict, _count), 0},
    {"_version", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimDict, _version), 0},
    {0}};

static const SimMethodDef m_dict[] = {
    {.name = ".ctor", .flags = SIM_M_CTOR, .ret = "System.Void",
     .body = SIM_BODY(dict_ctor), .invoker = sim_inv_v_t},
    {.name = "get_Count", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(dict_get_count), .invoker = sim_inv_i4_t},
    {.name = "get_Item", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .params = {{"System.String", "key"}}, .body = SIM_BODY(dict_get_item),
     .invoker = sim_inv_i4_t_s},
    {.name = "set_Item", .flags = SIM_M_GETSET, .ret = "System.Void",
     .params = {{"System.String", "key"}, {"System.Int32", "value"}},
     .body = SIM_BODY(dict_set_item), .invoker = sim_inv_v_t_s_i4},
    {.name = "TryGetValue", .flags = SIM_M_INSTANCE, .ret = "System.Boolean",
     .params = {{"System.String", "key"}, {"out System.Int32", "value"}},
     .body = SIM_BODY(dict_try_get_value), .invoker = sim_inv_b_t_s_pi4},
    {.name = "GetEnumerator", .flags = SIM_M_INSTANCE, .ret = DICT_ENUM,
     .body = SIM_BODY(dict_get_enumerator), .invoker = sim_inv_DE_t},
    {.name = "System.Collections.IEnumerable.GetEnumerator", .flags = EXPLICIT,
     .ret = "System.Collections.IEnumerator", .body = SIM_BODY(dict_get_enumerator_boxed_iface),
     .invoker = sim_inv_o_t, .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    {.name = NULL}};

static const SimPropertyDef p_dict[] = {{"Count", "get_Count", NULL}, {NULL, NULL, NULL}};

static const SimFieldDef f_dict_enum[] = {
    {"_dictionary", DICT_SI, SIM_FIELD_PRIVATE, offsetof(SimDictEnum, _dictionary), 0},
    {"_version", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimDictEnum, _version), 0},
    {"_index", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimDictEnum, _index), 0},
    {"_current", KVP_SI, SIM_FIELD_PRIVATE, offsetof(SimDictEnum, _current), 0},
    {"_getEnumeratorRetType", "System.Int32", SIM_FIELD_PRIVATE,
     offsetof(SimDictEnum, _getEnumeratorRetType), 0},
    {0}};

static const SimMethodDef m_dict_enum[] = {
    {.name = "MoveNext", .flags = SIM_M_IMPLEMENTS, .ret = "System.Boolean",
     .body = SIM_BODY(dict_enum_move_next), .boxed_body = SIM_BODY(dict_enum_move_next_boxed),
     .invoker = sim_inv_b_t, .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "get_Current", .flags = SIM_M_GETSET, .ret = KVP_SI,
     .body = SIM_BODY(dict_enum_current), .boxed_body = SIM_BODY(dict_enum_current_boxed),
     .invoker = sim_inv_KV_t},
    {.name = "System.Collections.IEnumerator.get_Current",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Object",
     .body = SIM_BODY(dict_enum_current_object),
     .boxed_body = SIM_BODY(dict_enum_current_object_boxed), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "Dispose", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .body = SIM_BODY(sim_dispose_nothing), .boxed_body = SIM_BODY(sim_dispose_nothing),
     .invoker = sim_inv_v_t, .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};

static const SimPropertyDef p_dict_enum[] = {{"Current", "get_Current", NULL},
                                             {NULL, NULL, NULL}};

static const SimFieldDef f_kvp[] = {
    {"key", "System.String", SIM_FIELD_PRIVATE, offsetof(SimKeyValue, key), 0},
    {"value", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimKeyValue, value), 0},
    {0}};

static const SimMethodDef m_kvp[] = {
    {.name = "get_Key", .flags = SIM_M_GETSET, .ret = "System.String",
     .body = SIM_BODY(kvp_key), .boxed_body = SIM_BODY(kvp_key_boxed), .invoker = sim_inv_s_t},
    {.name = "get_Value", .flags = SIM_M_GETSET, .ret = "System.Int32",
     .body = SIM_BODY(kvp_value), .boxed_body = SIM_BODY(kvp_value_boxed),
     .invoker = sim_inv_i4_t},
    {.name = NULL}};

static const SimPropertyDef p_kvp[] = {{"Key", "get_Key", NULL}, {"Value", "get_Value", NULL},
                                       {NULL, NULL, NULL}};

/* ---- the interfaces ---------------------------------------------------------------- */

/* System.IDisposable, which IEnumerator<T> extends (as the corlib's does):
 * the enumerators here hold nothing to release, so Dispose does nothing,
 * as List<T>.Enumerator's and a compiler-made iterator's do when
 * finished. */
void sim_dispose_nothing(void *self, const MethodInfo *m)
{
    (void)self;
    (void)m;
}

static const SimMethodDef m_idisposable[] = {
    {.name = "Dispose", .flags = SIM_M_INTERFACE, .ret = "System.Void", .invoker = sim_inv_v_t},
    {.name = NULL}};

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
/* List<int>'s generic collection interfaces, with the members the
 * catalog's lists use (the corlib's others -- Contains, CopyTo, Remove,
 * IndexOf, Insert, RemoveAt, IsReadOnly -- left out: a view of one of
 * them lacks those, never has more) */
#define GET_COUNT_I                                                      \
    {.name = "get_Count", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME, \
     .ret = "System.Int32", .invoker = sim_inv_i4_t}
#define GET_ITEM_I                                                              \
    {.name = "get_Item", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME, \
     .ret = "System.Int32", .params = {{"System.Int32", "index"}}, .invoker = sim_inv_i4_t_i4}
static const SimMethodDef m_icollection_int[] = {
    GET_COUNT_I,
    {.name = "Add", .flags = SIM_M_INTERFACE, .ret = "System.Void",
     .params = {{"System.Int32", "item"}}, .invoker = sim_inv_v_t_i4},
    {.name = "Clear", .flags = SIM_M_INTERFACE, .ret = "System.Void", .invoker = sim_inv_v_t},
    {.name = NULL}};
static const SimMethodDef m_ilist_int[] = {
    GET_ITEM_I,
    {.name = "set_Item", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Void", .params = {{"System.Int32", "index"}, {"System.Int32", "value"}},
     .invoker = sim_inv_v_t_i4_i4},
    {.name = NULL}};
static const SimMethodDef m_ireadonly_collection_int[] = {GET_COUNT_I,
                                                         {.name = NULL}};
static const SimMethodDef m_ireadonly_list_int[] = {GET_ITEM_I, {.name = NULL}};
static const SimPropertyDef p_count[] = {{"Count", "get_Count", NULL}, {NULL, NULL, NULL}};
static const SimPropertyDef p_item_get_set[] = {{"Item", "get_Item", "set_Item"},
                                                {NULL, NULL, NULL}};
static const SimPropertyDef p_item_get[] = {{"Item", "get_Item", NULL}, {NULL, NULL, NULL}};
/* ICollection (Count; the corlib's other members left out) and IList,
 * which extends it (its own members left out): an IList view has Count
 * through ICollection (R-VIEW-1) */
static const SimMethodDef m_icollection[] = {
    {.name = "get_Count", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Int32", .invoker = sim_inv_i4_t},
    {.name = NULL}};
static const SimPropertyDef p_icollection[] = {{"Count", "get_Count", NULL},
                                               {NULL, NULL, NULL}};
/* IEnumerable<string>, IEnumerator<string> (ZLuaTests.Seqs.Words) */
static const SimMethodDef m_ienumerable_string[] = {
    {.name = "GetEnumerator", .flags = SIM_M_INTERFACE,
     .ret = GEN "IEnumerator`1[System.String]", .invoker = sim_inv_o_t},
    {.name = NULL}};
static const SimMethodDef m_ienumerator_string[] = {
    {.name = "get_Current", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.String", .invoker = sim_inv_s_t},
    {.name = NULL}};

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
    {.name = "System.IDisposable.Dispose", .flags = EXPLICIT, .ret = "System.Void",
     .body = SIM_BODY(sim_dispose_nothing), .invoker = sim_inv_v_t,
     .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};

#define STRUCT_FLAGS \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SEQUENTIAL | SIM_TYPE_BEFORE_FIELD_INIT)
#define IFACE_FLAGS (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT)

/* ---- System.String as IEnumerable<char>: System.CharEnumerator --------------------- */

typedef struct SimCharEnum {
    Il2CppObject obj;
    Il2CppString *str;
    int32_t index;          /* -1 before the first MoveNext */
} SimCharEnum;

static SIM_INVOKER_DECL(sim_inv_zc_c2_t);
SIM_INVOKER(sim_inv_zc_c2_t)
{
    typedef Il2CppChar (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(Il2CppChar *)ret = ((Fn)fn)(obj, m);
}

static Il2CppObject *string_get_enumerator(void *self, const MethodInfo *m)
{
    (void)m;
    SimCharEnum *e = (SimCharEnum *)il2cpp_object_new(sim_resolve_class("System.CharEnumerator"));
    sim_gc_store((void **)&e->str, self);
    e->index = -1;
    return &e->obj;
}

static bool char_enum_move_next(void *self, const MethodInfo *m)
{
    (void)m;
    SimCharEnum *e = self;
    if (e->str != NULL && e->index + 1 < e->str->length) {
        e->index++;
        return true;
    }
    e->index = e->str != NULL ? e->str->length : 0;
    return false;
}

static Il2CppChar char_enum_current(void *self, const MethodInfo *m)
{
    (void)m;
    SimCharEnum *e = self;
    if (e->str == NULL || e->index < 0 || e->index >= e->str->length)
        sim_raise("System", "InvalidOperationException",
                  e->index < 0 ? "Enumeration has not started. Call MoveNext."
                               : "Enumeration already finished.");
    return e->str->chars[e->index];
}

static Il2CppObject *char_enum_current_object(void *self, const MethodInfo *m)
{
    Il2CppChar c = char_enum_current(self, m);
    return il2cpp_value_box(sim_resolve_class("System.Char"), &c);
}

static void char_enum_reset(void *self, const MethodInfo *m)
{
    (void)m;
    ((SimCharEnum *)self)->index = -1;
}

#define CHAR_SEQ GEN "IEnumerable`1[System.Char]"
#define CHAR_ENUM GEN "IEnumerator`1[System.Char]"

/* String's own members are in sim_bodies_corlib.c; these are its
 * IEnumerable<char> and IEnumerable, added to them by sim_catalog_corlib */
const SimMethodDef sim_methods_string_enumerable[] = {
    {.name = "GetEnumerator", .flags = SIM_M_INSTANCE, .ret = "System.CharEnumerator",
     .body = SIM_BODY(string_get_enumerator), .invoker = sim_inv_o_t},
    {.name = "System.Collections.Generic.IEnumerable<System.Char>.GetEnumerator",
     .flags = EXPLICIT, .ret = CHAR_ENUM, .body = SIM_BODY(string_get_enumerator),
     .invoker = sim_inv_o_t, .overrides = CHAR_SEQ "::GetEnumerator"},
    {.name = "System.Collections.IEnumerable.GetEnumerator", .flags = EXPLICIT,
     .ret = "System.Collections.IEnumerator", .body = SIM_BODY(string_get_enumerator),
     .invoker = sim_inv_o_t, .overrides = "System.Collections.IEnumerable::GetEnumerator"},
    {.name = NULL}};

static const SimMethodDef m_char_enum[] = {
    {.name = "MoveNext", .flags = SIM_M_IMPLEMENTS, .ret = "System.Boolean",
     .body = SIM_BODY(char_enum_move_next), .invoker = sim_inv_b_t,
     .overrides = "System.Collections.IEnumerator::MoveNext"},
    {.name = "get_Current", .flags = SIM_M_IMPLEMENTS | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Char", .body = SIM_BODY(char_enum_current), .invoker = sim_inv_zc_c2_t,
     .overrides = CHAR_ENUM "::get_Current"},
    {.name = "System.Collections.IEnumerator.get_Current",
     .flags = EXPLICIT | METHOD_ATTRIBUTE_SPECIAL_NAME, .ret = "System.Object",
     .body = SIM_BODY(char_enum_current_object), .invoker = sim_inv_o_t,
     .overrides = "System.Collections.IEnumerator::get_Current"},
    {.name = "Reset", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .body = SIM_BODY(char_enum_reset), .invoker = sim_inv_v_t},
    {.name = "Dispose", .flags = SIM_M_IMPLEMENTS, .ret = "System.Void",
     .body = SIM_BODY(sim_dispose_nothing), .invoker = sim_inv_v_t,
     .overrides = "System.IDisposable::Dispose"},
    {.name = NULL}};
static const SimPropertyDef p_char_enum[] = {{"Current", "get_Current", NULL},
                                             {NULL, NULL, NULL}};
static const SimMethodDef m_ienumerable_char[] = {
    {.name = "GetEnumerator", .flags = SIM_M_INTERFACE, .ret = CHAR_ENUM, .invoker = sim_inv_o_t},
    {.name = NULL}};
static const SimMethodDef m_ienumerator_char[] = {
    {.name = "get_Current", .flags = SIM_M_INTERFACE | METHOD_ATTRIBUTE_SPECIAL_NAME,
     .ret = "System.Char", .invoker = sim_inv_zc_c2_t},
    {.name = NULL}};

const SimClassDef sim_catalog_collections[] = {
    {.ns = "System", .name = "IDisposable", .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS,
     .size = sizeof(Il2CppObject), .methods = {m_idisposable}},
    {.ns = "System.Collections", .name = "IEnumerator", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject), .methods = {m_ienumerator},
     .properties = p_ienumerator},
    {.ns = "System.Collections", .name = "IEnumerable", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject), .methods = {m_ienumerable}},
    {.ns = "System.Collections", .name = "ICollection", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerable"}, .methods = {m_icollection},
     .properties = p_icollection},
    {.ns = "System.Collections", .name = "IList", .kind = SIM_KIND_INTERFACE,
     .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.ICollection", "System.Collections.IEnumerable"}},
    {.ns = "System.Collections.Generic", .name = "IEnumerator`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.IDisposable", "System.Collections.IEnumerator"},
     .methods = {m_ienumerator_int},
     .properties = p_ienumerator_int},
    {.ns = "System.Collections.Generic", .name = "IEnumerable`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerable"}, .methods = {m_ienumerable_int}},
    {.ns = "System.Collections.Generic", .name = "ICollection`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {GEN "IEnumerable`1[System.Int32]", "System.Collections.IEnumerable"},
     .methods = {m_icollection_int}, .properties = p_count},
    {.ns = "System.Collections.Generic", .name = "IList`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {GEN "ICollection`1[System.Int32]", GEN "IEnumerable`1[System.Int32]",
                    "System.Collections.IEnumerable"},
     .methods = {m_ilist_int}, .properties = p_item_get_set},
    {.ns = "System.Collections.Generic", .name = "IReadOnlyCollection`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {GEN "IEnumerable`1[System.Int32]", "System.Collections.IEnumerable"},
     .methods = {m_ireadonly_collection_int}, .properties = p_count},
    {.ns = "System.Collections.Generic", .name = "IReadOnlyList`1[System.Int32]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {GEN "IReadOnlyCollection`1[System.Int32]", GEN "IEnumerable`1[System.Int32]",
                    "System.Collections.IEnumerable"},
     .methods = {m_ireadonly_list_int}, .properties = p_item_get},
    {.ns = "System.Collections.Generic", .name = "IEnumerator`1[System.Char]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.IDisposable", "System.Collections.IEnumerator"},
     .methods = {m_ienumerator_char}, .properties = p_ienumerator_int},
    {.ns = "System.Collections.Generic", .name = "IEnumerable`1[System.Char]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerable"}, .methods = {m_ienumerable_char}},
    {.ns = "System", .name = "CharEnumerator", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimCharEnum),
     .interfaces = {CHAR_ENUM, "System.Collections.IEnumerator", "System.IDisposable"},
     .methods = {m_char_enum}, .properties = p_char_enum},
    {.ns = "System.Collections.Generic", .name = "IEnumerator`1[System.String]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.IDisposable", "System.Collections.IEnumerator"},
     .methods = {m_ienumerator_string},
     .properties = p_ienumerator_int},
    {.ns = "System.Collections.Generic", .name = "IEnumerable`1[System.String]",
     .kind = SIM_KIND_INTERFACE, .flags = IFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"System.Collections.IEnumerable"}, .methods = {m_ienumerable_string}},
    {.ns = "System.Collections.Generic", .name = "List`1+Enumerator[System.Int32]",
     .kind = SIM_KIND_STRUCT, .flags = STRUCT_FLAGS, .size = sizeof(SimListEnum),
     .align = alignof(SimListEnum),
     .interfaces = {GEN "IEnumerator`1[System.Int32]", "System.IDisposable",
                    "System.Collections.IEnumerator"},
     .fields = f_list_enum, .methods = {m_list_enum}, .properties = p_list_enum},
    {.ns = "System.Collections.Generic", .name = "List`1[System.Int32]",
     .kind = SIM_KIND_CLASS, .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimList),
     .interfaces = {GEN "IList`1[System.Int32]", GEN "ICollection`1[System.Int32]",
                    GEN "IEnumerable`1[System.Int32]", "System.Collections.IEnumerable",
                    "System.Collections.IList", "System.Collections.ICollection",
                    GEN "IReadOnlyList`1[System.Int32]", GEN "IReadOnlyCollection`1[System.Int32]"},
     .fields = f_list, .methods = {m_list}, .properties = p_list},
    {.ns = "System.Collections.Generic", .name = "KeyValuePair`2[System.String,System.Int32]",
     .kind = SIM_KIND_STRUCT, .flags = STRUCT_FLAGS, .size = sizeof(SimKeyValue),
     .align = alignof(SimKeyValue), .fields = f_kvp, .methods = {m_kvp},
     .properties = p_kvp},
    {.ns = "System.Collections.Generic",
     .name = "Dictionary`2+Enumerator[System.String,System.Int32]", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimDictEnum), .align = alignof(SimDictEnum),
     .interfaces = {"System.Collections.IEnumerator", "System.IDisposable"}, .fields = f_dict_enum, .methods = {m_dict_enum}, .properties = p_dict_enum},
    {.ns = "System.Collections.Generic", .name = "Dictionary`2[System.String,System.Int32]",
     .kind = SIM_KIND_CLASS, .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE,
     .size = sizeof(SimDict), .interfaces = {"System.Collections.IEnumerable"},
     .fields = f_dict, .methods = {m_dict}, .properties = p_dict},
    {.ns = "System.Collections.Generic", .name = "KeyNotFoundException", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_SERIALIZABLE, .parent = "System.SystemException",
     .size = sizeof(SimException), .methods = {sim_methods_exception_subclass}},
    {.name = NULL}};

/* Demo's nested iterator class: in the game image, after Demo */
const SimClassDef sim_catalog_range_iter[] = {
    {.ns = "", .name = "<Range>d__12", .declaring = "Demo", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimRangeIter),
     .interfaces = {GEN "IEnumerable`1[System.Int32]", IENUM_INT, "System.IDisposable"},
     .fields = f_range, .methods = {m_range}},
    {.name = NULL}};

/* ---- Demo ------------------------------------------------------------------------- */

Il2CppObject *sim_list_int_new(int32_t n)
{
    Il2CppClass *k = sim_resolve_class(LIST_INT);
    SimList *l = (SimList *)il2cpp_object_new(k);
    list_ctor(l, NULL);
    for (int32_t i = 1; i <= n; i++)
        list_add(l, i, NULL);
    return &l->obj;
}

static Il2CppObject *demo_make_list(int32_t n, const MethodInfo *m)
{
    (void)m;
    return sim_list_int_new(n);
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

static Il2CppObject *demo_make_dict(const MethodInfo *m)
{
    (void)m;
    SimDict *d = (SimDict *)il2cpp_object_new(sim_resolve_class(DICT_SI));
    dict_ctor(d, NULL);
    dict_set_item(d, sim_literal("a"), 1, NULL);
    dict_set_item(d, sim_literal("b"), 2, NULL);
    return &d->obj;
}

const SimMethodDef sim_methods_demo_coll[] = {
    {.name = "MakeDict", .flags = SIM_M_STATIC, .ret = DICT_SI,
     .body = SIM_BODY(demo_make_dict), .invoker = sim_inv_o},
    {.name = "MakeList", .flags = SIM_M_STATIC, .ret = LIST_INT,
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(demo_make_list),
     .invoker = sim_inv_o_i4},
    {.name = "ListSum", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {{LIST_INT, "l"}}, .body = SIM_BODY(demo_list_sum), .invoker = sim_inv_i4_o},
    {.name = "Range", .flags = SIM_M_STATIC, .ret = GEN "IEnumerable`1[System.Int32]",
     .params = {{"System.Int32", "n"}}, .body = SIM_BODY(demo_range),
     .invoker = sim_inv_o_i4},
    {.name = NULL}};
