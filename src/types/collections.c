/*
 * collections.c -- pairs(obj) over an IEnumerable (R-COLL-1).
 *
 * Each ByObj instance metatable of an enumerable type gets its __pairs
 * once, with the type: the iteration strategy is chosen then, never per
 * loop or per step.
 *
 *   - T[] (and T[,], row-major by flat index) and List<T>: (index from 0, value), read straight from the
 *     array (for a List, its _items and _size, found through the field
 *     metadata: no enumerator object, no call, nothing allocated per
 *     step).  The iterator is stateless, as `next` is: the state is the
 *     collection and the control the last index, so every step re-reads
 *     the size and checks the index -- a script calling the iterator
 *     after the list shrank, or with another index, gets the end or an
 *     error, never a read out of bounds.
 *   - a type whose public GetEnumerator returns a struct enumerator whose
 *     Current is a key-value pair (Dictionary<K, V>): (key, value).  The
 *     enumerator is returned once per loop as a ByVal userdata (the
 *     loop's state) and advanced in place; each Current is read into a C
 *     buffer and Key / Value are called on it: no userdata per step.
 *   - any other IEnumerable: GetEnumerator once per loop (the enumerator
 *     is the loop's state), then MoveNext and Current per step, through
 *     the non-generic interfaces' methods with virtual dispatch, which
 *     every enumerator implements (a compiler-generated iterator only
 *     privately).  A C# exception in either surfaces as R-DEF-4's error.
 *     A non-generic collection gives what foreach does: a Hashtable's
 *     values are DictionaryEntry structs (e.Key, e.Value) (R-ENUM-2).
 */
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "marshal/array.h"
#include "marshal/ud.h"
#include "types/types.h"

/* List<T>: an instance of corlib's System.Collections.Generic.List`1.
 * Recognised by its definition's name and namespace, which runtimes
 * agree on -- not by its type name, whose format they do not (IL format
 * "List<System.Int32>" in IL2CPP and Mono, reflection format elsewhere). */
static int zlua_coll_is_list(const zlua__class *cls)
{
    Il2CppClass *k = cls->klass;
    return il2cpp_class_is_inflated(k) && strcmp(il2cpp_class_get_name(k), "List`1") == 0 &&
           strcmp(il2cpp_class_get_namespace(k), "System.Collections.Generic") == 0 &&
           il2cpp_class_get_declaring_type(k) == NULL;
}

/* The collection at 1 for an iterator of cls: a live ByObj userdata of
 * exactly cls, or raises (the iterator can be called by hand). */
static Il2CppObject *zlua_coll_self(lua_State *L, const zlua__class *cls)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ || u->cls != cls || u->obj == NULL)
        luaL_error(L, "bad argument #1 to 'pairs' iterator (%s expected, got %s)",
                   cls->full_name, zlua__typename(L, 1));
    return u->obj;
}

/* The next index after the control at 2: nil starts at 0. */
static lua_Integer zlua_coll_next_index(lua_State *L)
{
    if (lua_isnoneornil(L, 2))
        return 0;
    int isnum;
    lua_Integer i = lua_tointegerx(L, 2, &isnum);
    if (!isnum || lua_type(L, 2) != LUA_TNUMBER || i < 0)
        luaL_error(L, "bad argument #2 to 'pairs' iterator (index expected, got %s)",
                   zlua__typename(L, 2));
    /* maxinteger has no next: past any end (no signed overflow) */
    return i == LUA_MAXINTEGER ? i : i + 1;
}

/* Pushes (i, element i of arr) and returns 2, or 0 past the end of n
 * elements (n never more than the array holds). */
static int zlua_coll_push_elem(lua_State *L, const zlua__ctx *ctx, Il2CppObject *arr,
                               const zlua_meta *em, lua_Integer i, uintptr_t n)
{
    if (arr == NULL || (uintptr_t)i >= n || (uintptr_t)i >= zlua_array_count(ctx, arr))
        return 0;
    lua_pushinteger(L, i);
    em->push(L, em, zlua_array_data(ctx, arr) + (uintptr_t)i * em->size);
    return 2;
}

/* T[]: upvalue 1 the boxed array class. */
static int zlua_coll_next_array(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_ARRAY_ITER);
    Il2CppObject *arr = zlua_coll_self(L, cls);
    lua_Integer i = zlua_coll_next_index(L);
    const zlua_meta *em = zlua_array_elem(cls);
    if (em == NULL)
        return luaL_error(L, "elements of %s cannot be read", cls->full_name);
    return zlua_coll_push_elem(L, cls->ctx, arr, em, i, zlua_array_count(cls->ctx, arr));
}

/* What a List<T>'s iterator reads, made once per type: the closure's
 * only upvalue, a full userdata (a script cannot forge its contents; the
 * tag and length catch one swapped in with the debug library). */
#define ZLUA_LIST_ITER_TAG UINT64_C(0x7A6C75614C697374)   /* "zluaList" */

typedef struct zlua__list_iter {
    uint64_t tag;
    const zlua__class *cls;     /* the List<T> */
    const zlua_meta *em;       /* T, as _items stores it */
    size_t items_at, size_at;  /* offsets of _items and _size */
} zlua__list_iter;

/* The hot loop of R-COLL-1: one check of each argument, two loads of the
 * list, one bounds check against both _size and the array, one push. */
static int zlua_coll_next_list(lua_State *L)
{
    const zlua__list_iter *it = lua_touserdata(L, lua_upvalueindex(1));
    if (it == NULL || lua_rawlen(L, lua_upvalueindex(1)) != sizeof *it ||
        it->tag != ZLUA_LIST_ITER_TAG)
        return zlua__box_tampered(L, "list iterator");
    zlua__ud *u = lua_touserdata(L, 1);
    if (u == NULL || lua_rawlen(L, 1) < sizeof *u || u->magic != ZLUA_UD_BYOBJ ||
        u->cls != it->cls || u->obj == NULL)
        zlua_coll_self(L, it->cls);   /* raises */
    lua_Integer i;
    if (lua_isinteger(L, 2)) {
        i = lua_tointeger(L, 2);
        if (i < 0 || i == LUA_MAXINTEGER)
            i = zlua_coll_next_index(L);   /* raises, or past any end */
        else
            i++;
    } else {
        i = zlua_coll_next_index(L);   /* nil: 0, else raises */
    }
    Il2CppObject *items;
    int32_t size;
    memcpy(&items, (char *)u->obj + it->items_at, sizeof items);
    memcpy(&size, (char *)u->obj + it->size_at, sizeof size);
    const zlua__ctx *ctx = it->cls->ctx;
    if (items == NULL || size < 0 || (uint64_t)i >= (uint64_t)size ||
        (uintptr_t)i >= zlua_array_count(ctx, items))
        return 0;
    const char *addr = zlua_array_data(ctx, items) + (uintptr_t)i * it->em->size;
    lua_pushinteger(L, i);
    if (it->em->kind == ZLUA_K_I4) {   /* List<int>: no indirect call */
        int32_t v;
        memcpy(&v, addr, sizeof v);
        lua_pushinteger(L, v);
    } else {
        it->em->push(L, it->em, addr);
    }
    return 2;
}

/* Any IEnumerable: upvalues the boxed collection class, then the boxed
 * MoveNext and get_Current of System.Collections.IEnumerator; 1 the
 * enumerator (a ByObj userdata), 2 the last index. */
static int zlua_coll_next_enum(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_ENUM_ITER);
    const zlua__method *move =
        zlua_box_upvalue(L, lua_upvalueindex(2), ZLUA_BOX_METHOD, ZLUA_FOR_ENUM_MOVE, cls, "method");
    const zlua__method *cur = zlua_box_upvalue(L, lua_upvalueindex(3), ZLUA_BOX_METHOD,
                                              ZLUA_FOR_ENUM_CURRENT, cls, "method");
    /* the T of IEnumerable<T> (upvalue 4, nil: none), checked before any
     * call as the others are */
    const zlua__class *elem = lua_isnil(L, lua_upvalueindex(4)) ? NULL
        : zlua_box_upvalue(L, lua_upvalueindex(4), ZLUA_BOX_CLASS, ZLUA_FOR_ENUM_ELEM, cls,
                           "class");
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ || u->obj == NULL ||
        !il2cpp_class_is_assignable_from(zlua__method_owner(move)->klass,
                                         il2cpp_object_get_class(u->obj)))
        return luaL_error(L, "bad argument #1 to 'pairs' iterator (%s expected, got %s)",
                          zlua__method_owner(move)->full_name, zlua__typename(L, 1));
    lua_Integer i = zlua_coll_next_index(L);
    Il2CppObject *e = u->obj;
    lua_settop(L, 2);
    unsigned char more[8] = {0};   /* the unboxed bool, at its first byte */
    zlua__method_invoke(L, move, 3, 0, e, more);
    if (more[0] == 0)
        return 0;
    lua_pushinteger(L, i);
    /* IEnumerator.Current is an object: a boxed value type comes back as
     * its value (an int as a number), as `foreach` over it would give */
    Il2CppObject *v = NULL;
    zlua__method_invoke(L, cur, 4, 0, e, &v);
    /* viewed as T, a string as a Lua string -- when the object is one,
     * which the non-generic Current does not promise */
    if (elem != NULL && v != NULL && elem->meta != NULL) {
        Il2CppClass *vk = il2cpp_object_get_class(v);
        if (elem->valuetype ? vk == elem->klass : il2cpp_class_is_assignable_from(elem->klass, vk)) {
            elem->meta->push(L, elem->meta, elem->valuetype ? il2cpp_object_unbox(v) : (void *)&v);
            return 2;
        }
    }
    const zlua_meta *vm = NULL;
    if (v != NULL && il2cpp_class_is_valuetype(il2cpp_object_get_class(v)))
        vm = zlua__meta_of_class(zlua__method_owner(move)->ctx, il2cpp_object_get_class(v));
    if (vm != NULL)
        vm->push(L, vm, il2cpp_object_unbox(v));
    else
        cur->bridge.ret->push(L, cur->bridge.ret, &v);
    return 2;
}

/* The largest key-value pair read into a C buffer per step. */
#define ZLUA_PAIR_BYTES 64

/* Pair enumerators: upvalues the boxed collection class, then the boxed
 * enumerator class, MoveNext, get_Current, get_Key, get_Value, all owned
 * by that collection class (the sizes they were checked for belong
 * together); 1 the enumerator (a ByVal userdata of that struct), 2 the
 * last key (unused). */
static int zlua_coll_next_pair(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_PAIR_ITER);
    const zlua__class *ecls =
        zlua_box_upvalue(L, lua_upvalueindex(2), ZLUA_BOX_CLASS, ZLUA_FOR_PAIR_ENUM, cls, "class");
    const zlua__method *move = zlua_box_upvalue(L, lua_upvalueindex(3), ZLUA_BOX_METHOD,
                                               ZLUA_FOR_PAIR_MOVE, cls, "method");
    const zlua__method *cur = zlua_box_upvalue(L, lua_upvalueindex(4), ZLUA_BOX_METHOD,
                                              ZLUA_FOR_PAIR_CURRENT, cls, "method");
    const zlua__method *key = zlua_box_upvalue(L, lua_upvalueindex(5), ZLUA_BOX_METHOD,
                                              ZLUA_FOR_PAIR_KEY, cls, "method");
    const zlua__method *val = zlua_box_upvalue(L, lua_upvalueindex(6), ZLUA_BOX_METHOD,
                                              ZLUA_FOR_PAIR_VALUE, cls, "method");
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u == NULL || u->magic != ZLUA_UD_BYVAL || u->cls != ecls)
        return luaL_error(L, "bad argument #1 to 'pairs' iterator (%s expected, got %s)",
                          ecls->full_name, zlua__typename(L, 1));
    lua_settop(L, 2);
    /* the payload once: MoveNext may run Lua, and the userdata is not
     * read again (its payload is kept while C# -> Lua calls run:
     * zlua__ud_finalize) */
    void *en = zlua_ud_payload(u);
    unsigned char more[8] = {0};
    zlua__method_invoke(L, move, 3, 0, en, more);
    if (more[0] == 0)
        return 0;
    /* the pair stays on the C stack (scanned by the collector) while Key
     * and Value read it */
    union { max_align_t align; unsigned char bytes[ZLUA_PAIR_BYTES]; } kv;
    memset(&kv, 0, sizeof kv);
    zlua__method_invoke(L, cur, 3, 0, en, kv.bytes);
    zlua__method_call(L, key, 3, kv.bytes);
    zlua__method_call(L, val, 4, kv.bytes);
    return 2;
}

/* __pairs: upvalue 1 the boxed class, 2 the iterator; for the
 * enumerator path 3 the boxed GetEnumerator. */
static int zlua_coll_pairs(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_PAIRS);
    Il2CppObject *obj = zlua_coll_self(L, cls);
    lua_pushvalue(L, lua_upvalueindex(2));
    if (lua_isnone(L, lua_upvalueindex(3))) {
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
    const zlua__method *get = zlua_box_upvalue(L, lua_upvalueindex(3), ZLUA_BOX_METHOD,
                                              ZLUA_FOR_PAIRS_GET, cls, "method");
    int fn = lua_gettop(L);
    zlua__method_call(L, get, fn + 1, obj);   /* the enumerator, once per loop */
    if (lua_isnil(L, -1))
        return luaL_error(L, "%s.GetEnumerator returned null", cls->full_name);
    lua_pushnil(L);
    return 3;
}

/* The instance field `name` of cls (its own or inherited), or NULL. */
static FieldInfo *zlua_coll_field(const zlua__class *cls, const char *name)
{
    for (Il2CppClass *k = cls->klass; k != NULL; k = il2cpp_class_get_parent(k)) {
        void *iter = NULL;
        FieldInfo *f;
        while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
            if (strcmp(il2cpp_field_get_name(f), name) == 0)
                return f;
    }
    return NULL;
}

/* The method `name` without parameters that k declares, or NULL. */
static const MethodInfo *zlua_coll_declared(Il2CppClass *k, const char *name)
{
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), name) == 0 &&
            il2cpp_method_get_param_count(mi) == 0)
            return mi;
    return NULL;
}

/* T of the IEnumerable<T> that k is or implements (itself, its bases,
 * the interfaces of each and theirs): the result type of the
 * IEnumerator<T> its GetEnumerator returns, read from the metadata.
 * NULL: none (or an open one). */
static Il2CppClass *zlua_coll_elem_of(Il2CppClass *k, int depth)
{
    for (; k != NULL && depth < 16; k = il2cpp_class_get_parent(k)) {
        if (il2cpp_class_is_inflated(k) && strcmp(il2cpp_class_get_name(k), "IEnumerable`1") == 0 &&
            strcmp(il2cpp_class_get_namespace(k), "System.Collections.Generic") == 0) {
            const MethodInfo *get = zlua_coll_declared(k, "GetEnumerator");
            const Il2CppType *et = get != NULL ? il2cpp_method_get_return_type(get) : NULL;
            Il2CppClass *ek = et != NULL ? il2cpp_class_from_type(et) : NULL;
            const MethodInfo *cur = ek != NULL ? zlua_coll_declared(ek, "get_Current") : NULL;
            const Il2CppType *t = cur != NULL ? il2cpp_method_get_return_type(cur) : NULL;
            return t != NULL ? il2cpp_class_from_type(t) : NULL;
        }
        void *iter = NULL;
        Il2CppClass *i;
        while ((i = il2cpp_class_get_interfaces(k, &iter)) != NULL) {
            Il2CppClass *t = zlua_coll_elem_of(i, depth + 1);
            if (t != NULL)
                return t;
        }
    }
    return NULL;
}

/* The bound method `name` without parameters of the class named iface,
 * or NULL. */
static zlua__method *zlua_coll_method(zlua__ctx *ctx, const char *iface, const char *name)
{
    zlua__class *ic = zlua__class_find(ctx, iface);
    if (ic == NULL || zlua__meta_bind(ctx, ic) == NULL)
        return NULL;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(ic->klass, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), name) == 0 &&
            il2cpp_method_get_param_count(mi) == 0)
            return zlua__method_bind(ctx, ic, mi);
    return NULL;
}

/* The instance method `name` without parameters that cls declares or
 * inherits, public, bound; NULL when there is none. */
static zlua__method *zlua_coll_own_method(zlua__class *cls, const char *name)
{
    for (Il2CppClass *k = cls->klass; k != NULL; k = il2cpp_class_get_parent(k)) {
        void *iter = NULL;
        const MethodInfo *mi;
        while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
            uint32_t flags = il2cpp_method_get_flags(mi, NULL);
            if (strcmp(il2cpp_method_get_name(mi), name) == 0 &&
                il2cpp_method_get_param_count(mi) == 0 &&
                (flags & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) == ZLUA_METHOD_ATTRIBUTE_PUBLIC &&
                !(flags & ZLUA_METHOD_ATTRIBUTE_STATIC)) {
                zlua__class *decl = zlua__meta_bind(
                    cls->ctx, zlua__class_get(cls->ctx, il2cpp_method_get_class(mi)));
                zlua__method *m = decl ? zlua__method_bind(cls->ctx, decl, mi) : NULL;
                return m != NULL && !m->unsupported ? m : NULL;
            }
        }
    }
    return NULL;
}

/* The value class a method returns, bound, or NULL. */
static zlua__class *zlua_coll_struct_ret(const zlua__method *m)
{
    if (m == NULL || m->bridge.ret == NULL || m->bridge.ret->cls == NULL ||
        !m->bridge.ret->cls->valuetype)
        return NULL;
    return zlua__meta_bind(zlua__method_owner(m)->ctx, m->bridge.ret->cls);
}

/* Pushes the iterator of a pair enumerator (Dictionary<K, V>'s shape)
 * and its GetEnumerator boxed, and returns 1; 0 (nothing pushed) when
 * cls's public GetEnumerator has another shape. */
static int zlua_coll_push_pair_iter(lua_State *L, zlua__class *cls)
{
    zlua__method *get = zlua_coll_own_method(cls, "GetEnumerator");
    zlua__class *ecls = zlua_coll_struct_ret(get);
    if (ecls == NULL)
        return 0;
    zlua__method *move = zlua_coll_own_method(ecls, "MoveNext");
    zlua__method *cur = zlua_coll_own_method(ecls, "get_Current");
    zlua__class *pcls = zlua_coll_struct_ret(cur);
    if (move == NULL || move->bridge.ret == NULL || move->bridge.ret->kind != ZLUA_K_BOOL ||
        pcls == NULL || pcls->value_size > ZLUA_PAIR_BYTES)
        return 0;
    zlua__method *key = zlua_coll_own_method(pcls, "get_Key");
    zlua__method *val = zlua_coll_own_method(pcls, "get_Value");
    if (key == NULL || val == NULL)
        return 0;
    zlua_box_push_class(L, ZLUA_FOR_PAIR_ITER, cls);
    zlua__box_push(L, ZLUA_BOX_CLASS, ZLUA_FOR_PAIR_ENUM, cls, ecls);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIR_MOVE, cls, move);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIR_CURRENT, cls, cur);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIR_KEY, cls, key);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIR_VALUE, cls, val);
    lua_pushcclosure(L, zlua_coll_next_pair, 6);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIRS_GET, cls, get);
    return 1;
}

/* List<T>'s storage, when cls is one laid out as the corlib does: the
 * offsets of its T[] _items and int _size, and the array class. */
static zlua__class *zlua_coll_list_layout(zlua__class *cls, size_t *items_at, size_t *size_at)
{
    if (!zlua_coll_is_list(cls))
        return NULL;
    FieldInfo *items = zlua_coll_field(cls, "_items"), *size = zlua_coll_field(cls, "_size");
    if (items == NULL || size == NULL ||
        il2cpp_type_get_type(il2cpp_field_get_type(size)) != ZLUA_IL2CPP_TYPE_I4)
        return NULL;
    zlua__class *acls = zlua__meta_bind(
        cls->ctx, zlua__class_get(cls->ctx, il2cpp_class_from_type(il2cpp_field_get_type(items))));
    if (acls == NULL || !acls->is_array || !acls->szarray || zlua_array_elem(acls) == NULL)
        return NULL;
    *items_at = il2cpp_field_get_offset(items);
    *size_at = il2cpp_field_get_offset(size);
    return acls;
}

void zlua__collections_set_pairs(lua_State *L, zlua__class *cls, int mt)
{
    mt = lua_absindex(L, mt);
    zlua__ctx *ctx = cls->ctx;
    size_t items_at, size_at;
    zlua__class *acls;
    zlua_box_push_class(L, ZLUA_FOR_PAIRS, cls);
    if (cls->is_array) {
        /* T[,] too (R-ENUM-2): its elements lie row-major after the same
         * header, counted by the same length, as foreach visits them; the
         * key is the flat index from 0 */
        zlua_box_push_class(L, ZLUA_FOR_ARRAY_ITER, cls);
        lua_pushcclosure(L, zlua_coll_next_array, 1);
        lua_pushcclosure(L, zlua_coll_pairs, 2);
    } else if ((acls = zlua_coll_list_layout(cls, &items_at, &size_at)) != NULL) {
        zlua__list_iter *it = lua_newuserdatauv(L, sizeof *it, 0);
        *it = (zlua__list_iter){ZLUA_LIST_ITER_TAG, cls, zlua_array_elem(acls), items_at, size_at};
        lua_pushcclosure(L, zlua_coll_next_list, 1);
        lua_pushcclosure(L, zlua_coll_pairs, 2);
    } else if (zlua_coll_push_pair_iter(L, cls)) {
        lua_pushcclosure(L, zlua_coll_pairs, 3);
    } else {
        zlua__class *ie = zlua__class_find(ctx, "System.Collections.IEnumerable");
        zlua__method *get, *move, *cur;
        if (ie == NULL || !il2cpp_class_is_assignable_from(ie->klass, cls->klass) ||
            (get = zlua_coll_method(ctx, "System.Collections.IEnumerable", "GetEnumerator")) == NULL ||
            (move = zlua_coll_method(ctx, "System.Collections.IEnumerator", "MoveNext")) == NULL ||
            (cur = zlua_coll_method(ctx, "System.Collections.IEnumerator", "get_Current")) == NULL) {
            lua_pop(L, 1);
            return;
        }
        Il2CppClass *ek = zlua_coll_elem_of(cls->klass, 0);
        zlua__class *elem = ek != NULL ? zlua__meta_bind(ctx, zlua__class_get(ctx, ek)) : NULL;
        zlua_box_push_class(L, ZLUA_FOR_ENUM_ITER, cls);
        zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_ENUM_MOVE, cls, move);
        zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_ENUM_CURRENT, cls, cur);
        if (elem != NULL && elem->meta != NULL && !il2cpp_class_is_generic(ek))
            zlua__box_push(L, ZLUA_BOX_CLASS, ZLUA_FOR_ENUM_ELEM, cls, elem);
        else
            lua_pushnil(L);
        lua_pushcclosure(L, zlua_coll_next_enum, 4);
        zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_PAIRS_GET, cls, get);
        lua_pushcclosure(L, zlua_coll_pairs, 3);
    }
    lua_setfield(L, mt, "__pairs");
}
