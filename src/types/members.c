/*
 * members.c -- binding a type's public members into its member tables,
 * once (R-MEM-1, R-VIEW-1, R-META-4).
 *
 *   statics       name -> static method closure | enum constant | meta key
 *   static_slots  name -> boxed zlua__member (static field/property)
 *   instance      name -> instance method closure | boxed zlua__member
 *   cls->fields   interned name -> zlua__member (fields, properties, and
 *                 METHOD members naming the closures), read by the
 *                 fast paths of instance.c
 *
 * The tables are reachable through the debug library, so their member
 * values are boxes (core/ptrbox.h) naming their owner class; users check
 * both before trusting one.  Everything is built first and published on
 * cls at the end, in one step.
 *
 * Instance members of base classes (an interface's: System.Object's) are
 * flattened in, the derived type's member winning; a method wins over a
 * same-named field or property.
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "core/name.h"
#include "marshal/rules.h"
#include "types/types.h"

/* The binding of k, a class cls inherits members from (or cls itself). */
static zlua__class *zlua_members_declaring(zlua__class *cls, Il2CppClass *k)
{
    return zlua__meta_bind(cls->ctx, zlua__class_get(cls->ctx, k));
}

static int zlua_member_is_public_field(FieldInfo *f)
{
    return (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) ==
           ZLUA_FIELD_ATTRIBUTE_PUBLIC;
}

static int zlua_method_is_public(const MethodInfo *mi)
{
    uint32_t iflags;
    return (il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) ==
           ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

/* Stores t[name] = box(mem) unless name is already bound. */
/* A new member descriptor of cls (zeroed: the arena's), or raises. */
static zlua__member *zlua_members_new(lua_State *L, zlua__class *cls, int kind, const char *name)
{
    zlua__member *mem = zlua__ctx_arena_alloc(cls->ctx, sizeof *mem);
    if (mem == NULL)
        luaL_error(L, "not enough memory");
    mem->owner = cls;
    mem->kind = (uint8_t)kind;
    mem->name = name;
    return mem;
}

static void zlua_members_put_slot(lua_State *L, int t, const char *name, zlua__member *mem)
{
    if (lua_getfield(L, t, name) == LUA_TNIL) {
        zlua__box_push(L, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, mem->owner, mem);
        lua_setfield(L, t, name);
    }
    lua_pop(L, 1);
}

/* Whether name is a static member bound already (by a derived type). */
static int zlua_members_static_bound(lua_State *L, int statics, int slots, const char *name)
{
    int bound = lua_getfield(L, statics, name) != LUA_TNIL;
    bound |= lua_getfield(L, slots, name) != LUA_TNIL;
    lua_pop(L, 2);
    return bound;
}

/* Pushes the value of a literal static field (enum and class constants). */
static void zlua_members_push_constant(lua_State *L, zlua__class *cls, FieldInfo *f)
{
    uint64_t buf[2] = {0, 0};
    il2cpp_field_static_get_value(f, buf);
    const zlua_meta *m = zlua__meta_get(cls->ctx, il2cpp_field_get_type(f));
    if (m != NULL)
        m->push(L, m, buf);
    else
        lua_pushnil(L);
}

static void zlua_members_bind_fields(lua_State *L, zlua__class *cls, Il2CppClass *k,
                                     int statics, int slots, int inst)
{
    zlua__ctx *ctx = cls->ctx;
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (!zlua_member_is_public_field(f))
            continue;
        int flags = il2cpp_field_get_flags(f);
        const char *name = il2cpp_field_get_name(f);
        if (flags & ZLUA_FIELD_ATTRIBUTE_LITERAL) {
            if (k == cls->klass || (!cls->interface && !zlua_members_static_bound(L, statics,
                                                                               slots, name))) {
                /* a base's constant through a derived type, as C# allows
                 * (R-STATIC-2), unless a derived static hides it */
                zlua_members_push_constant(L, cls, f);
                lua_setfield(L, statics, name);
            }
            continue;
        }
        zlua__member *mem = zlua_members_new(L, cls, 0, name);   /* kind below */
        mem->field = f;
        /* marshal-rules.md, priority chain: the field's rules, then its type's */
        zlua__site site = {ZLUA_RULE_FIELD, k, NULL, 0, name, NULL, NULL, 0};
        mem->meta = zlua__meta_for_site(ctx, &site, il2cpp_field_get_type(f));
        if (mem->meta == NULL)
            luaL_error(L, "not enough memory");
        mem->readonly = (flags & ZLUA_FIELD_ATTRIBUTE_INIT_ONLY) != 0;
        if (flags & ZLUA_FIELD_ATTRIBUTE_STATIC) {
            if (k != cls->klass && cls->interface)
                continue;   /* an interface inherits no statics (C#) */
            /* a base's static, reached through a derived type as C#
             * allows: its storage and class init are the base's */
            mem->decl = zlua_members_declaring(cls, k);
            if (mem->decl == NULL)
                luaL_error(L, "not enough memory");
            mem->kind = ZLUA_MEMBER_STATIC_FIELD;
            zlua_members_put_slot(L, slots, name, mem);
        } else {
            size_t off = il2cpp_field_get_offset(f);
            /* R-META-4: value-type offsets include the header; unbox them. */
            if (il2cpp_class_is_valuetype(k))
                off -= ctx->header_size;
            mem->kind = ZLUA_MEMBER_FIELD;
            mem->offset = (uint32_t)off;
            if (mem->meta->kind == ZLUA_K_R4)
                mem->load = ZLUA_LOAD_R4;
            if (!mem->readonly && zlua_kind_is_scalar(mem->meta->kind))
                mem->store = mem->meta->kind == ZLUA_K_R4 ? ZLUA_STORE_R4 : ZLUA_STORE_POP;
            /* o.Pos = p: no reference inside, so no write barrier */
            else if (!mem->readonly && zlua__meta_is_plain_struct(mem->meta) &&
                     mem->meta->cls->blittable)
                mem->store = ZLUA_STORE_STRUCT;
            zlua_members_put_slot(L, inst, name, mem);
        }
    }
}

static void zlua_members_bind_properties(lua_State *L, zlua__class *cls, Il2CppClass *k,
                                         int slots, int inst)
{
    void *iter = NULL;
    const PropertyInfo *p;
    while ((p = il2cpp_class_get_properties(k, &iter)) != NULL) {
        PropertyInfo *pp = (PropertyInfo *)p;
        const MethodInfo *get = il2cpp_property_get_get_method(pp);
        const MethodInfo *set = il2cpp_property_get_set_method(pp);
        if (get && !zlua_method_is_public(get))
            get = NULL;
        if (set && !zlua_method_is_public(set))
            set = NULL;
        if (get == NULL && set == NULL)
            continue;
        /* an indexer (C#'s `this[...]`, property Item with parameters) is
         * reached by obj[k] (R-IDX-1), never as a member */
        if ((get && il2cpp_method_get_param_count(get) > 0) ||
            (set && il2cpp_method_get_param_count(set) > 1))
            continue;
        const MethodInfo *any = get ? get : set;
        if (!il2cpp_method_is_instance(any) && k != cls->klass && cls->interface)
            continue;   /* an interface inherits no statics (C#) */
        zlua__member *mem = zlua_members_new(L, cls, 0, il2cpp_property_get_name(pp));
        mem->getter = get ? zlua__method_bind_accessor(cls->ctx, zlua_members_declaring(cls, k),
                                                      get, mem->name) : NULL;
        mem->setter = set ? zlua__method_bind_accessor(cls->ctx, zlua_members_declaring(cls, k),
                                                      set, mem->name) : NULL;
        mem->readonly = set == NULL;
        if ((get != NULL && mem->getter == NULL) || (set != NULL && mem->setter == NULL))
            luaL_error(L, "not enough memory");
        if (il2cpp_method_is_instance(any)) {
            mem->kind = ZLUA_MEMBER_PROPERTY;
            zlua_members_put_slot(L, inst, mem->name, mem);
        } else {
            mem->kind = ZLUA_MEMBER_STATIC_PROPERTY;
            zlua_members_put_slot(L, slots, mem->name, mem);
        }
    }
}

/* A growable array held by a userdata at a fixed stack slot, so that an
 * error (memory, a re-entered bind) frees it with the stack: a type of
 * any size binds every member (R-BIND-1).  Entries keep their position
 * for the stable sorts below. */
typedef struct zlua__entry {
    void *p;
    size_t at;
} zlua__entry;

typedef struct zlua__vec {
    zlua__entry *items;
    size_t n, cap;
    int slot;
} zlua__vec;

static void zlua_vec_init(lua_State *L, zlua__vec *v)
{
    lua_pushnil(L);
    v->items = NULL;
    v->n = v->cap = 0;
    v->slot = lua_gettop(L);
}

static void zlua_vec_push(lua_State *L, zlua__vec *v, void *p)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 64;
        if (cap > (size_t)-1 / 2 / sizeof *v->items)
            luaL_error(L, "not enough memory");
        zlua__entry *items = lua_newuserdatauv(L, cap * sizeof *items, 0);
        if (v->n)
            memcpy(items, v->items, v->n * sizeof *items);
        lua_replace(L, v->slot);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->n].p = p;
    v->items[v->n].at = v->n;
    v->n++;
}

static int zlua_entry_cmp_at(const zlua__entry *a, const zlua__entry *b)
{
    return (a->at > b->at) - (a->at < b->at);
}

/* By static-ness, then full signature, then position: one signature's
 * methods side by side, the derived type's first. */
static int zlua_entry_cmp_signature(const void *x, const void *y)
{
    const zlua__entry *a = x, *b = y;
    const zlua__method *ma = a->p, *mb = b->p;
    if (ma->bridge.instance != mb->bridge.instance)
        return ma->bridge.instance - mb->bridge.instance;
    int c = strcmp(ma->signature, mb->signature);
    return c ? c : zlua_entry_cmp_at(a, b);
}

/* By static-ness, then name, then position: one overload set side by
 * side, in declaration order, the derived type's first. */
static int zlua_entry_cmp_name(const void *x, const void *y)
{
    const zlua__entry *a = x, *b = y;
    const zlua__method *ma = a->p, *mb = b->p;
    if (ma->bridge.instance != mb->bridge.instance)
        return ma->bridge.instance - mb->bridge.instance;
    int c = strcmp(il2cpp_method_get_name(ma->bridge.method),
                   il2cpp_method_get_name(mb->bridge.method));
    return c ? c : zlua_entry_cmp_at(a, b);
}

/* Drops each method whose signature (and static-ness) an earlier one has:
 * an override, or a member a derived type hides, already bound from the
 * derived type.  O(n log n) in the type's methods. */
static void zlua_list_drop_hidden(zlua__vec *l)
{
    if (l->n < 2)
        return;
    qsort(l->items, l->n, sizeof *l->items, zlua_entry_cmp_signature);
    size_t kept = 1;
    for (size_t i = 1; i < l->n; i++) {
        const zlua__method *prev = l->items[kept - 1].p, *m = l->items[i].p;
        if (prev->bridge.instance != m->bridge.instance ||
            strcmp(prev->signature, m->signature) != 0)
            l->items[kept++] = l->items[i];
    }
    l->n = kept;
}

/* R-DEL-1: events are reached through their accessors, bound like any
 * method (`counter:add_Changed(f)`); other special names (property
 * accessors, operators) are reached otherwise. */
static int zlua_method_is_event_accessor(const MethodInfo *mi)
{
    const char *name = il2cpp_method_get_name(mi);
    return il2cpp_method_get_param_count(mi) == 1 &&
           (strncmp(name, "add_", 4) == 0 || strncmp(name, "remove_", 7) == 0);
}

/* R-IDX-1: an indexer's accessors are methods too (`inv:get_Item("Count")`
 * reaches the indexer where `inv.Count` is the property, and an indexer
 * of several parameters is reached only so: `grid:get_Item(1, 2)`). */
static int zlua_method_is_item_accessor(const MethodInfo *mi)
{
    const char *name = il2cpp_method_get_name(mi);
    uint32_t np = il2cpp_method_get_param_count(mi);
    return il2cpp_method_is_instance(mi) && ((strcmp(name, "get_Item") == 0 && np >= 1) ||
                                             (strcmp(name, "set_Item") == 0 && np >= 2));
}

static void zlua_members_collect_methods(lua_State *L, zlua__class *cls, Il2CppClass *k,
                                         zlua__vec *l)
{
    void *iter = NULL;
    const MethodInfo *mi;
    int own = k == cls->klass;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        uint32_t iflags;
        uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
        if (!zlua_method_is_public(mi) ||
            ((flags & ZLUA_METHOD_ATTRIBUTE_SPECIAL_NAME) && !zlua_method_is_event_accessor(mi) &&
             !zlua_method_is_item_accessor(mi)) ||
            il2cpp_method_is_generic(mi))
            continue;
        int instance = il2cpp_method_is_instance(mi);
        if (!own && !instance && cls->interface)
            continue;   /* an interface inherits no statics (C#) */
        zlua__method *m = zlua__method_bind(cls->ctx, zlua_members_declaring(cls, k), mi);
        if (m != NULL)
            zlua_vec_push(L, l, m);   /* overrides dropped when all are in */
    }
}

/* R-GEN-1: the public generic method definitions of k (statics of the
 * class itself, instances of it and its bases), each as a function that
 * asks for zlua.generic.  Stored before the non-generic methods are
 * published, so a non-generic method of the same name keeps the name;
 * the definition stays reachable as zlua.generic(T, name). */
static void zlua_members_bind_generics(lua_State *L, zlua__class *cls, Il2CppClass *k,
                                       int statics, int inst, int methods, int generics)
{
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        uint32_t iflags;
        uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
        if (!il2cpp_method_is_generic(mi) || !zlua_method_is_public(mi) ||
            (flags & ZLUA_METHOD_ATTRIBUTE_SPECIAL_NAME))
            continue;
        int instance = il2cpp_method_is_instance(mi);
        if (k != cls->klass && !instance && cls->interface)
            continue;   /* an interface inherits no statics (C#) */
        const char *name = il2cpp_method_get_name(mi);
        int t = instance ? inst : statics;
        /* by static-ness and name in the generics table, which the
         * non-generic methods published later never overwrite */
        lua_pushfstring(L, "%c%s", instance ? 'i' : 's', name);
        if (lua_rawget(L, generics) != LUA_TNIL) {
            lua_pop(L, 1);   /* a derived type's definition of that name */
            continue;
        }
        lua_pop(L, 1);
        zlua__generic_push_open(L, zlua_members_declaring(cls, k), mi);
        lua_pushfstring(L, "%c%s", instance ? 'i' : 's', name);
        lua_pushvalue(L, -2);
        lua_rawset(L, generics);
        if (instance)
            zlua__members_note_method(L, cls, methods, name);
        lua_setfield(L, t, name);
    }
}

/* The special-name methods served by metamethods rather than by name:
 * operators (R-OP-1) and indexers (R-IDX-1), one overload chain each. */
typedef struct zlua__special {
    zlua__method *ops[ZLUA_OP_COUNT];
    zlua__method *get, *set;
} zlua__special;

static const char *const zlua_op_names[ZLUA_OP_COUNT] = {
    "op_Addition", "op_Subtraction", "op_Multiply", "op_Division", "op_Modulus",
    "op_UnaryNegation", "op_Equality", "op_LessThan", "op_LessThanOrEqual",
    "op_GreaterThan", "op_GreaterThanOrEqual"};

/* Appends m to the chain at *head unless a method of its signature is
 * there already (an override or a hiding member of a derived type). */
static void zlua_special_append(zlua__method **head, zlua__method *m)
{
    zlua__method **tail = head;
    for (; *tail != NULL; tail = &(*tail)->next)
        if (strcmp((*tail)->signature, m->signature) == 0)
            return;
    m->next = NULL;
    *tail = m;
}

static void zlua_members_collect_special(zlua__class *cls, Il2CppClass *k,
                                         zlua__special *sp)
{
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        uint32_t iflags;
        uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
        if (!(flags & ZLUA_METHOD_ATTRIBUTE_SPECIAL_NAME) || !zlua_method_is_public(mi) ||
            il2cpp_method_is_generic(mi))
            continue;
        const char *name = il2cpp_method_get_name(mi);
        uint32_t np = il2cpp_method_get_param_count(mi);
        int instance = il2cpp_method_is_instance(mi);
        zlua__method **chain = NULL;
        /* obj[k] has one key: an indexer of more parameters is reached
         * through its accessors, bound as methods */
        if (instance && strcmp(name, "get_Item") == 0 && np == 1)
            chain = &sp->get;
        else if (instance && strcmp(name, "set_Item") == 0 && np == 2)
            chain = &sp->set;
        else if (!instance && strncmp(name, "op_", 3) == 0)
            for (int op = 0; op < ZLUA_OP_COUNT && chain == NULL; op++)
                if (strcmp(name, zlua_op_names[op]) == 0 &&
                    np == (op == ZLUA_OP_UNM ? 1u : 2u))
                    chain = &sp->ops[op];
        if (chain == NULL)
            continue;
        zlua__method *m = zlua__method_bind(cls->ctx, zlua_members_declaring(cls, k), mi);
        if (m != NULL)
            zlua_special_append(chain, m);
    }
}

/* Indexes every chain by argument count: even a single candidate is
 * scored before the call, so a misfit operand gets the operator's error
 * instead of an argument error (zlua__method_select_quiet). */
static void zlua_special_index(lua_State *L, zlua__class *cls, zlua__special *sp)
{
    for (int op = 0; op < ZLUA_OP_COUNT + 2; op++) {
        zlua__method *h = op < ZLUA_OP_COUNT ? sp->ops[op] : op == ZLUA_OP_COUNT ? sp->get : sp->set;
        if (h != NULL && !zlua__method_index_overloads(cls->ctx, h))
            luaL_error(L, "not enough memory");
    }
}

/* The candidate of op's chain taking n operands of exactly cls's struct
 * type by value, with a stub's args body (zlua__class.ops_same), or NULL. */
static zlua__method *zlua_special_same(const zlua__class *cls, zlua__method *head, int n)
{
    if (!cls->valuetype)
        return NULL;
    for (zlua__method *m = head; m != NULL; m = m->next) {
        int same = m->stub_args != NULL && !m->bridge.instance && m->bridge.nparams == n;
        for (int i = 0; same && i < n; i++)
            same = zlua__meta_is_plain_struct(m->params[i]) && m->params[i]->cls == cls;
        if (same)
            return m;
    }
    return NULL;
}

/* R-COLL-1: the getter `#obj` calls, a Count or Length property without
 * parameters in the instance table at inst (arrays have their own __len). */
static zlua__method *zlua_members_len_getter(lua_State *L, const zlua__class *cls, int inst)
{
    static const char *const names[] = {"Count", "Length"};
    zlua__method *found = NULL;
    if (cls->is_array)
        return NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && found == NULL; i++) {
        lua_getfield(L, inst, names[i]);
        const zlua__member *mem = zlua_box_get(L, -1, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls);
        if (mem != NULL && mem->owner == cls && mem->kind == ZLUA_MEMBER_PROPERTY &&
            mem->getter != NULL && mem->getter->bridge.nparams == 0)
            found = mem->getter;
        lua_pop(L, 1);
    }
    return found;
}

static zlua__method *zlua_members_collect_ctors(zlua__class *cls)
{
    void *iter = NULL;
    const MethodInfo *mi;
    zlua__method *head = NULL;
    zlua__method **tail = &head;
    /* A delegate's .ctor(object, IntPtr) takes a raw method pointer: C#
     * only reaches it through the compiler (ldftn), and a script's integer
     * there would be called.  Lua makes delegates from functions. */
    if (cls->is_delegate)
        return NULL;
    while ((mi = il2cpp_class_get_methods(cls->klass, &iter)) != NULL) {
        if (strcmp(il2cpp_method_get_name(mi), ".ctor") != 0 || !zlua_method_is_public(mi))
            continue;
        zlua__method *m = zlua__method_bind(cls->ctx, cls, mi);
        if (m == NULL)
            continue;
        m->is_ctor = 1;
        *tail = m;
        tail = &m->next;
    }
    return head;   /* indexed by the caller, which can raise */
}

/* Records the closure at -1 as the instance method `name` for the field
 * index (zlua_members_index_names): a METHOD member holding a registry
 * reference to the closure, boxed into the private table at methods. */
void zlua__members_note_method(lua_State *L, zlua__class *cls, int methods,
                              const char *name)
{
    zlua__member *mem = zlua_members_new(L, cls, ZLUA_MEMBER_METHOD, name);
    mem->readonly = 1;
    lua_pushvalue(L, -1);
    mem->fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    zlua__box_push(L, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls, mem);
    lua_setfield(L, methods, name);
}

/* Pushes a copy of m alone (for its full-signature key, lua-api.md "Overloads"). */
static void zlua_members_push_single(lua_State *L, zlua__ctx *ctx, const zlua__method *m)
{
    zlua__method *one = zlua__ctx_arena_alloc(ctx, sizeof *one);
    if (one == NULL)
        luaL_error(L, "not enough memory");
    *one = *m;
    one->next = NULL;
    one->overloads = NULL;
    one->closure = 0;   /* its own closure table entry */
    zlua__method_push_closure(L, one);
}

/* Chains same-named methods (same static-ness) and stores the closures;
 * methods overwrite fields of the same name (R-MEM-1).  Sorted by name
 * first: O(n log n) in the type's methods. */
static void zlua_members_publish(lua_State *L, zlua__class *cls, zlua__vec *l,
                                 int statics, int inst, int methods)
{
    zlua_list_drop_hidden(l);
    if (l->n > 1)   /* none or one: no array to sort (qsort takes no NULL) */
        qsort(l->items, l->n, sizeof *l->items, zlua_entry_cmp_name);
    for (size_t i = 0, j; i < l->n; i = j) {
        zlua__method *head = l->items[i].p;
        zlua__method **tail = &head->next;
        for (j = i + 1; j < l->n; j++) {
            zlua__method *o = l->items[j].p;
            if (o->bridge.instance != head->bridge.instance ||
                strcmp(il2cpp_method_get_name(o->bridge.method),
                       il2cpp_method_get_name(head->bridge.method)) != 0)
                break;
            *tail = o;
            tail = &o->next;
        }
        *tail = NULL;
        size_t count = j - i;
        const char *name = il2cpp_method_get_name(head->bridge.method);
        int t = head->bridge.instance ? inst : statics;
        if (count > 1 && !zlua__method_index_overloads(cls->ctx, head))
            luaL_error(L, "not enough memory");
        zlua__method_push_closure(L, head);
        if (head->bridge.instance)
            zlua__members_note_method(L, cls, methods, name);
        lua_setfield(L, t, name);
        if (count > 1)
            for (zlua__method *o = head; o != NULL; o = o->next) {
                zlua_members_push_single(L, cls->ctx, o);
                lua_setfield(L, t, o->signature);
            }
    }
}

/* The member the field index gives for the (key, value) pair of the
 * instance table at -2, -1: a boxed field or property as it is, a method
 * closure by its METHOD member in the private table at methods.  NULL
 * for anything else (the signature keys of overloads). */
static const zlua__member *zlua_members_indexed(lua_State *L, const zlua__class *cls,
                                               int methods)
{
    const zlua__member *mem = zlua_box_get(L, -1, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls);
    if (mem == NULL && lua_type(L, -1) == LUA_TFUNCTION && lua_type(L, -2) == LUA_TSTRING) {
        lua_pushvalue(L, -2);
        lua_rawget(L, methods);
        mem = zlua_box_get(L, -1, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls);
        lua_pop(L, 1);
    }
    /* the fast paths read payloads by these: only cls's own members */
    return mem != NULL && mem->owner == cls ? mem : NULL;
}

/* Builds *t from the (still private) instance table at index inst. */
static void zlua_members_index_names(lua_State *L, zlua__class *cls, int inst, int methods,
                                     zlua__names *t)
{
    uint32_t n = 0, cap = 4;
    lua_pushnil(L);
    while (lua_next(L, inst)) {
        n += zlua_members_indexed(L, cls, methods) != NULL;
        lua_pop(L, 1);
    }
    if (n == 0)
        return;
    while (cap < 2 * n)
        cap *= 2;
    t->keys = zlua__ctx_arena_alloc(cls->ctx, cap * sizeof *t->keys);
    t->values = zlua__ctx_arena_alloc(cls->ctx, cap * sizeof *t->values);
    if (t->keys == NULL || t->values == NULL)
        luaL_error(L, "not enough memory");
    t->mask = cap - 1;
    lua_pushnil(L);
    while (lua_next(L, inst)) {
        const zlua__member *mem = zlua_members_indexed(L, cls, methods);
        if (mem != NULL && lua_type(L, -2) == LUA_TSTRING) {
            /* Compared by address only: a key a script later removes
             * from the table can only ever make a lookup miss or find
             * another member of this same class. */
            const void *key = lua_topointer(L, -2);   /* interned, kept by inst */
            uint32_t i = zlua_names_slot(key, t->mask);
            while (t->keys[i] != NULL)
                i = (i + 1) & t->mask;
            t->keys[i] = key;
            t->values[i] = mem;
        }
        lua_pop(L, 1);
    }
}

/* R-REF-3: a primitive or enum ref (zlua.new_ref(zlua.types.int32, 5))
 * exposes its payload as `r.value`: an instance field at offset 0 whose
 * meta is the type's own, so reads, writes and their range rules and
 * messages are those of any field of that type (`cannot set
 * 'System.Int32.value' (...)`), and the fast paths of instance.c serve it
 * from the field index like a real field.  A boxed value viewed as its
 * type (zlua.box(zlua.types.int32, 5)) shares the instance table and so
 * has it too, as boxed enums have `value__`.  Bound after every real
 * member, and only where the type has no instance member of that name. */
static void zlua_members_bind_value(lua_State *L, zlua__class *cls, int inst)
{
    const zlua_meta *m = cls->meta;
    if (!cls->valuetype || m == NULL || !zlua_kind_is_scalar(m->kind))
        return;
    lua_pushliteral(L, "value");
    int taken = lua_rawget(L, inst) != LUA_TNIL;
    lua_pop(L, 1);
    if (taken)
        return;
    zlua__member *mem = zlua_members_new(L, cls, ZLUA_MEMBER_FIELD, "value");
    mem->meta = m;
    mem->offset = 0;
    zlua__box_push(L, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls, mem);
    lua_setfield(L, inst, "value");
}

/* The classes whose members cls flattens in, cls first: its parents.
 * An interface has no parent: it has the interfaces it extends, and
 * theirs (IKillable : IDamageable; IList : ICollection, IEnumerable),
 * each once, in the order metadata lists them; then, since every object
 * behind an interface view is a System.Object, Object's members, which
 * C# lets an interface-typed reference use (ToString, Equals,
 * GetHashCode, and so __tostring) (R-VIEW-1).  Into out, of any length. */
static void zlua_members_chain(lua_State *L, const zlua__class *cls, zlua__vec *out)
{
    if (!cls->interface) {
        for (Il2CppClass *k = cls->klass; k != NULL; k = il2cpp_class_get_parent(k))
            zlua_vec_push(L, out, k);
        return;
    }
    zlua_vec_push(L, out, cls->klass);
    for (size_t i = 0; i < out->n; i++) {   /* breadth first over what out holds */
        void *iter = NULL;
        Il2CppClass *b;
        while ((b = il2cpp_class_get_interfaces(out->items[i].p, &iter)) != NULL) {
            int seen = 0;
            for (size_t j = 0; j < out->n && !seen; j++)
                seen = out->items[j].p == b;
            if (!seen)
                zlua_vec_push(L, out, b);
        }
    }
    if (cls->ctx->k_object != NULL)
        zlua_vec_push(L, out, cls->ctx->k_object);
}

/* ---- extension methods (R-EXT-1) ------------------------------------------------ */

/* Whether mi is a public static [Extension] method with a first
 * parameter; its class in *target. */
static int zlua_ext_method(const zlua__ctx *ctx, const MethodInfo *mi, Il2CppClass **target)
{
    uint32_t iflags;
    uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
    if (!(flags & ZLUA_METHOD_ATTRIBUTE_STATIC) || !zlua_method_is_public(mi) ||
        il2cpp_method_get_param_count(mi) < 1 || il2cpp_method_is_generic(mi))
        return 0;
    /* a metadata query: no attribute object is constructed */
    int marked = il2cpp_method_has_attribute(mi, ctx->k_extension);
    const Il2CppType *t = marked ? il2cpp_method_get_param(mi, 0) : NULL;
    *target = t != NULL ? il2cpp_class_from_type(t) : NULL;
    return *target != NULL;
}

/* One pass over the classes of the loaded assemblies: counts (out NULL)
 * or fills out.  Only classes C# marks [Extension] (the static classes
 * declaring extension methods) have their methods read. */
static uint32_t zlua_ext_scan(zlua__ctx *ctx, struct zlua__ext *out, uint32_t cap)
{
    size_t na = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &na);
    uint32_t n = 0;
    for (size_t a = 0; as != NULL && a < na; a++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[a]);
        size_t nc = img != NULL ? il2cpp_image_get_class_count(img) : 0;
        for (size_t c = 0; c < nc; c++) {
            Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(img, c);
            if (k == NULL || !il2cpp_class_has_attribute(k, ctx->k_extension))
                continue;
            void *iter = NULL;
            const MethodInfo *mi;
            Il2CppClass *target;
            while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
                if (zlua_ext_method(ctx, mi, &target)) {
                    if (out != NULL && n < cap)
                        out[n] = (struct zlua__ext){target, mi, 0};
                    n++;
                }
        }
    }
    return n;
}

/* By method name, then declaration order (the scan's): a lookup is a
 * binary search, and overloads stay in the order C# declared them. */
static int zlua_ext_cmp(const void *a, const void *b)
{
    const struct zlua__ext *x = a, *y = b;
    int c = strcmp(il2cpp_method_get_name(x->mi), il2cpp_method_get_name(y->mi));
    if (c != 0)
        return c;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The first extension named name in the sorted table, or n. */
static uint32_t zlua_ext_first(const struct zlua__ext *e, uint32_t n, const char *name)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (strcmp(il2cpp_method_get_name(e[mid].mi), name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* How many assemblies the domain has loaded. */
static size_t zlua_ext_assemblies(void)
{
    size_t na = 0;
    (void)il2cpp_domain_get_assemblies(il2cpp_domain_get(), &na);
    return na;
}

/* Collects the extension methods on the first lookup that needs them (a
 * name no member of the type has): not when a type binds, so that
 * resolving and binding types creates no class of the images; never per
 * call afterwards.  Again when the domain has loaded assemblies since (an
 * Editor's domain grows: a script's Assembly.LoadFrom, the game's own
 * loads), so a name missed before is found once its assembly is there;
 * the old table stays in the arena until the state closes. */
static void zlua_ext_collect(lua_State *L, zlua__ctx *ctx)
{
    if (ctx->exts_collected && zlua_ext_assemblies() == ctx->exts_assemblies)
        return;
    uint32_t n = ctx->k_extension != NULL ? zlua_ext_scan(ctx, NULL, 0) : 0;
    struct zlua__ext *e = NULL;
    if (n > 0) {
        e = zlua__ctx_arena_alloc(ctx, n * sizeof *e);
        if (e == NULL)
            luaL_error(L, "not enough memory");
        /* a runtime may load assemblies while the first pass reads
         * attributes (Mono loads references on demand): the second pass
         * can count more than it was given room for, and fills only that */
        uint32_t found = zlua_ext_scan(ctx, e, n);
        if (found < n)
            n = found;
        for (uint32_t i = 0; i < n; i++)
            e[i].order = i;
        qsort(e, n, sizeof *e, zlua_ext_cmp);
    }
    ctx->exts = e;
    ctx->nexts = n;
    ctx->exts_collected = 1;
    /* counted after the scan: the runtime may have loaded references */
    ctx->exts_assemblies = zlua_ext_assemblies();
}

int zlua__members_push_extension(lua_State *L, const zlua__class *cls, int kidx)
{
    if (lua_type(L, kidx) != LUA_TSTRING || !cls->members_bound)
        return 0;
    kidx = lua_absindex(L, kidx);
    const char *name = zlua__name_get(L, kidx);
    if (name == NULL)
        return 0;   /* a NUL in it: no method has this name (R-NAME-1) */
    zlua_ext_collect(L, cls->ctx);
    zlua__method *head = NULL;
    const struct zlua__ext *exts = cls->ctx->exts;
    uint32_t n = cls->ctx->nexts;
    for (uint32_t i = zlua_ext_first(exts, n, name); i < n; i++) {
        const struct zlua__ext *e = &exts[i];
        if (strcmp(il2cpp_method_get_name(e->mi), name) != 0)
            break;   /* past the names equal to name */
        /* its first parameter takes cls: the type itself, a base class,
         * an implemented interface */
        if (!il2cpp_class_is_assignable_from(e->target, cls->klass))
            continue;
        zlua__class *decl = zlua__meta_bind(
            cls->ctx, zlua__class_get(cls->ctx, il2cpp_method_get_class(e->mi)));
        zlua__method *m = zlua__method_bind(cls->ctx, decl, e->mi);
        if (m == NULL)
            luaL_error(L, "not enough memory");
        zlua_special_append(&head, m);   /* overloads, in declaration order */
    }
    if (head == NULL)
        return 0;
    if (head->next != NULL && !zlua__method_index_overloads(cls->ctx, head))
        luaL_error(L, "not enough memory");
    /* kept in the instance table: the next lookup finds it there */
    zlua__method_push_closure(L, head);
    zlua__ref_table(L, cls->instance);
    lua_pushvalue(L, kidx);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

void zlua__class_bind_members(lua_State *L, zlua__class *cls)
{
    if (cls->members_bound)
        return;
    luaL_checkstack(L, 8, "zlua: bind");
    /* Any bind-time allocation that fails below (a method, a meta, a name)
     * leaves something out: nothing is published then, and the error is
     * Lua's memory error. */
    unsigned nomem = cls->ctx->nomem;
    lua_newtable(L);
    int statics = lua_gettop(L);
    lua_newtable(L);
    int slots = lua_gettop(L);
    lua_newtable(L);
    int inst = lua_gettop(L);
    lua_newtable(L);   /* name -> boxed METHOD member, for the index only */
    int methods = lua_gettop(L);
    lua_newtable(L);   /* 'i'/'s' .. name -> generic definition (R-GEN-1) */
    int generics = lua_gettop(L);
    zlua__vec chain, list;
    zlua_vec_init(L, &chain);
    zlua_vec_init(L, &list);
    zlua_members_chain(L, cls, &chain);
    zlua__special sp;
    memset(&sp, 0, sizeof sp);
    for (size_t c = 0; c < chain.n; c++) {
        Il2CppClass *k = chain.items[c].p;
        zlua_members_bind_fields(L, cls, k, statics, slots, inst);
        zlua_members_bind_properties(L, cls, k, slots, inst);
        zlua_members_collect_methods(L, cls, k, &list);
        zlua_members_collect_special(cls, k, &sp);
        zlua_members_bind_generics(L, cls, k, statics, inst, methods, generics);
    }
    zlua_special_index(L, cls, &sp);
    zlua__method *len_getter = zlua_members_len_getter(L, cls, inst);
    zlua_members_publish(L, cls, &list, statics, inst, methods);
    lua_settop(L, generics);   /* the two arrays */
    zlua__array_bind_members(L, cls, inst, methods);   /* arr:get / arr:set */
    zlua_members_bind_value(L, cls, inst);            /* r.value of a ref */
    zlua__method *ctors = zlua_members_collect_ctors(cls);
    if (ctors != NULL && ctors->next != NULL && !zlua__method_index_overloads(cls->ctx, ctors))
        luaL_error(L, "not enough memory");
    zlua__names fields = {NULL, NULL, 0, NULL, NULL};
    zlua_members_index_names(L, cls, inst, methods, &fields);
    if (cls->members_bound) {   /* bound meanwhile (re-entered): keep that one */
        lua_settop(L, statics - 1);
        return;
    }
    if (cls->ctx->nomem != nomem)
        luaL_error(L, "not enough memory");
    int r_generics = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);   /* methods: its members live on in the index */
    int r_inst = luaL_ref(L, LUA_REGISTRYINDEX);
    int r_slots = luaL_ref(L, LUA_REGISTRYINDEX);
    int r_statics = luaL_ref(L, LUA_REGISTRYINDEX);
    /* Published together, nothing in between can allocate. */
    cls->instance = r_inst;
    cls->generics = r_generics;
    cls->static_slots = r_slots;
    cls->statics = r_statics;
    cls->fields = fields;
    cls->ctors = ctors;
    memcpy(cls->ops, sp.ops, sizeof cls->ops);
    for (int op = 0; op < ZLUA_OP_COUNT; op++)
        cls->ops_same[op] = zlua_special_same(cls, sp.ops[op], op == ZLUA_OP_UNM ? 1 : 2);
    cls->index_get = sp.get;
    cls->index_set = sp.set;
    cls->len_getter = len_getter;
    cls->members_bound = 1;
}
