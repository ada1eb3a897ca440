/*
 * annot_set.c -- which classes the annotations describe.
 *
 * The walked assemblies' public types first (depth 0).  The types their
 * public members name -- a corlib class a method returns, the generic
 * instance a field holds (List<Enemy>) -- are written too (depth 1), so
 * that `CS.Demo.MakeList(3):Add(4)` completes; what those name in turn
 * is `any`, which keeps a game's file from growing into the whole
 * corlib.  Every base class and interface of a class written is written
 * (a Circle must be assignable to a Shape parameter; an interface view
 * has a class of its own), at its deriving class's depth.  Types C# outside their assembly cannot name are
 * never written.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "annot.h"

typedef struct annot_entry {
    Il2CppClass *k;
    int depth;
} annot_entry;

static annot_entry *set_items;
static size_t set_n, set_cap;
/* open addressing over the class pointers: index + 1 into set_items */
static size_t *set_slots;
static size_t set_mask;

static size_t annot_set_hash(const Il2CppClass *k)
{
    uintptr_t p = (uintptr_t)k;
    p ^= p >> 17;
    p *= (uintptr_t)0x9e3779b97f4a7c15ull;
    return (size_t)(p ^ (p >> 29));
}

static size_t annot_set_find(const Il2CppClass *k)
{
    if (set_slots == NULL)
        return SIZE_MAX;
    for (size_t i = annot_set_hash(k) & set_mask; set_slots[i] != 0; i = (i + 1) & set_mask)
        if (set_items[set_slots[i] - 1].k == k)
            return set_slots[i] - 1;
    return SIZE_MAX;
}

static void annot_set_rehash(void)
{
    size_t cap = set_mask ? (set_mask + 1) * 2 : 64;
    size_t *slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        annot_die("out of memory");
    free(set_slots);
    set_slots = slots;
    set_mask = cap - 1;
    for (size_t n = 0; n < set_n; n++) {
        size_t i = annot_set_hash(set_items[n].k) & set_mask;
        while (set_slots[i] != 0)
            i = (i + 1) & set_mask;
        set_slots[i] = n + 1;
    }
}

int annot_class_visible(Il2CppClass *k)
{
    for (; k != NULL; k = il2cpp_class_get_declaring_type(k)) {
        int vis = il2cpp_class_get_flags(k) & ZLUA_TYPE_ATTRIBUTE_VISIBILITY_MASK;
        if (vis != ZLUA_TYPE_ATTRIBUTE_PUBLIC && vis != ZLUA_TYPE_ATTRIBUTE_NESTED_PUBLIC)
            return 0;
    }
    return 1;
}

static int annot_is_system(Il2CppClass *k, const char *name)
{
    return strcmp(il2cpp_class_get_namespace(k), "System") == 0 &&
           strcmp(il2cpp_class_get_name(k), name) == 0;
}

int annot_class_is_delegate(Il2CppClass *k)
{
    for (Il2CppClass *p = il2cpp_class_get_parent(k); p != NULL; p = il2cpp_class_get_parent(p))
        if (annot_is_system(p, "MulticastDelegate"))
            return 1;
    return 0;
}

int annot_class_is_static(Il2CppClass *k)
{
    int flags = il2cpp_class_get_flags(k);
    return !il2cpp_class_is_interface(k) && (flags & ZLUA_TYPE_ATTRIBUTE_ABSTRACT) &&
           (flags & ZLUA_TYPE_ATTRIBUTE_SEALED);
}

int annot_class_is_nullable(Il2CppClass *k)
{
    return il2cpp_class_is_inflated(k) && annot_is_system(k, "Nullable`1");
}

/* Whether k is a class of its own in the annotations.  Primitives and
 * strings are too: slots of theirs are Lua values (annot_type), but their
 * type tables (CS.System.Int32.MaxValue) and refs (`r.value`) are not. */
static int annot_set_wanted(Il2CppClass *k)
{
    if (k == NULL || il2cpp_class_is_generic(k) || !annot_class_visible(k) ||
        annot_class_is_nullable(k) || il2cpp_class_get_rank(k) > 0)
        return 0;
    switch (il2cpp_type_get_type(il2cpp_class_get_type(k))) {
    case ZLUA_IL2CPP_TYPE_PTR: case ZLUA_IL2CPP_TYPE_FNPTR: case ZLUA_IL2CPP_TYPE_BYREF:
    case ZLUA_IL2CPP_TYPE_VAR: case ZLUA_IL2CPP_TYPE_MVAR: case ZLUA_IL2CPP_TYPE_ARRAY:
    case ZLUA_IL2CPP_TYPE_SZARRAY:
        return 0;
    default:
        return 1;
    }
}

static void annot_set_add(Il2CppClass *k, int depth)
{
    if (!annot_set_wanted(k))
        return;
    size_t at = annot_set_find(k);
    if (at != SIZE_MAX) {
        if (depth < set_items[at].depth)
            set_items[at].depth = depth;   /* walked after all: its references count */
        return;
    }
    if (set_n == set_cap) {
        set_cap = set_cap ? set_cap * 2 : 256;
        annot_entry *items = realloc(set_items, set_cap * sizeof *items);
        if (items == NULL)
            annot_die("out of memory");
        set_items = items;
    }
    set_items[set_n++] = (annot_entry){k, depth};
    if (set_n * 2 > set_mask)
        annot_set_rehash();
    else {
        size_t i = annot_set_hash(k) & set_mask;
        while (set_slots[i] != 0)
            i = (i + 1) & set_mask;
        set_slots[i] = set_n;
    }
}

static void annot_set_add_tree(Il2CppClass *k)
{
    if (k == NULL || !annot_class_visible(k))
        return;
    annot_set_add(k, 0);
    void *iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        annot_set_add_tree(nested);
}

void annot_set_add_image(const Il2CppImage *img)
{
    size_t n = il2cpp_image_get_class_count(img);
    for (size_t c = 0; c < n; c++) {
        Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(img, c);
        if (k != NULL && il2cpp_class_get_declaring_type(k) == NULL)   /* nested: via their outer */
            annot_set_add_tree(k);
    }
}

/* The class a slot of type t names: an array's or a Nullable's element,
 * a byref's target. */
static void annot_set_add_type(const Il2CppType *t, int depth)
{
    Il2CppClass *k = il2cpp_class_from_type(t);
    while (k != NULL && il2cpp_class_get_rank(k) > 0)
        k = il2cpp_class_get_element_class(k);
    if (k != NULL && annot_class_is_nullable(k)) {
        void *iter = NULL;
        FieldInfo *f;
        while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
            if (strcmp(il2cpp_field_get_name(f), "value") == 0)
                annot_set_add_type(il2cpp_field_get_type(f), depth);
        return;
    }
    annot_set_add(k, depth);
}

static int annot_is_public_method(const MethodInfo *mi)
{
    uint32_t iflags;
    return (il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) ==
           ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

/* The types k's public members name, at depth. */
static void annot_set_add_members(Il2CppClass *k, int depth)
{
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if ((il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) ==
            ZLUA_FIELD_ATTRIBUTE_PUBLIC)
            annot_set_add_type(il2cpp_field_get_type(f), depth);
    iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        if (!annot_is_public_method(mi) || il2cpp_method_is_generic(mi))
            continue;
        annot_set_add_type(il2cpp_method_get_return_type(mi), depth);
        uint32_t n = il2cpp_method_get_param_count(mi);
        for (uint32_t i = 0; i < n; i++)
            annot_set_add_type(il2cpp_method_get_param(mi, i), depth);
    }
}

void annot_set_close(void)
{
    /* the set grows while it is walked: each class added is visited */
    for (size_t i = 0; i < set_n; i++) {
        Il2CppClass *k = set_items[i].k;
        int depth = set_items[i].depth;
        if (depth == 0)
            annot_set_add_members(k, 1);
        annot_set_add(il2cpp_class_get_parent(k), depth);
        void *iter = NULL;
        Il2CppClass *in;
        while ((in = il2cpp_class_get_interfaces(k, &iter)) != NULL)
            annot_set_add(in, depth);
        if (il2cpp_class_is_interface(k))   /* an interface view has Object's members */
            annot_set_add(il2cpp_class_from_name(il2cpp_get_corlib(), "System", "Object"), depth);
    }
}

void annot_set_reset(void)
{
    free(set_items);
    free(set_slots);
    set_items = NULL;
    set_slots = NULL;
    set_n = set_cap = set_mask = 0;
}

size_t annot_set_count(void)
{
    return set_n;
}

Il2CppClass *annot_set_at(size_t i)
{
    return set_items[i].k;
}

int annot_set_has(Il2CppClass *k)
{
    return k != NULL && annot_set_find(k) != SIZE_MAX;
}
