/*
 * sim_classes.c -- the il2cpp_class_* queries.  Semantics follow
 * libil2cpp's vm/Class.cpp, including its surprises (noted inline).
 */
#include <string.h>

#include "sim_internal.h"

bool sim_is_reference(const Il2CppClass *klass)
{
    return !klass->valuetype;
}

const char *il2cpp_class_get_name(Il2CppClass *klass)
{
    return klass->name;
}

const char *il2cpp_class_get_namespace(Il2CppClass *klass)
{
    return klass->namespaze;
}

const char *il2cpp_class_get_assemblyname(const Il2CppClass *klass)
{
    /* libil2cpp: the assembly name without extension */
    return klass->image->assembly->name;
}

const Il2CppImage *il2cpp_class_get_image(Il2CppClass *klass)
{
    return klass->image;
}

Il2CppClass *il2cpp_class_get_parent(Il2CppClass *klass)
{
    return klass->parent;
}

Il2CppClass *il2cpp_class_get_declaring_type(Il2CppClass *klass)
{
    /* only the generated assembly (sim_generated.c) has nested types */
    return klass->declaring;
}

Il2CppClass *il2cpp_class_get_interfaces(Il2CppClass *klass, void **iter)
{
    /* the interfaces the class itself declares, not inherited ones */
    if (iter == NULL)
        return NULL;
    uintptr_t next = (uintptr_t)*iter;
    if (next >= klass->interface_count)
        return NULL;
    *iter = (void *)(next + 1);
    return klass->interfaces[next];
}

Il2CppClass *il2cpp_class_get_nested_types(Il2CppClass *klass, void **iter)
{
    /* libil2cpp creates the nested classes it hands out (counted here) */
    if (iter == NULL)
        return NULL;
    uintptr_t next = (uintptr_t)*iter;
    if (next >= klass->nested_count)
        return NULL;
    *iter = (void *)(next + 1);
    sim_class_touch(klass->nested[next]);
    return klass->nested[next];
}

Il2CppClass *il2cpp_class_get_element_class(Il2CppClass *klass)
{
    /* NOT NULL for ordinary classes: IL2CPP returns the class itself; for
     * enums the underlying type, for Nullable<T> T, for arrays the element. */
    return klass->element_class;
}

const Il2CppType *il2cpp_class_enum_basetype(Il2CppClass *klass)
{
    /* libil2cpp's Class::GetEnumBaseType: the element class's type, NULL
     * when element_class is the class itself -- so Nullable<T> and arrays
     * answer too; callers must check il2cpp_class_is_enum first. */
    return klass->element_class == klass ? NULL : il2cpp_class_get_type(klass->element_class);
}

int il2cpp_class_get_flags(const Il2CppClass *klass)
{
    return (int)klass->flags;
}

int il2cpp_class_get_rank(const Il2CppClass *klass)
{
    return klass->rank;
}

bool il2cpp_class_is_valuetype(const Il2CppClass *klass)
{
    return klass->valuetype;
}

bool il2cpp_class_is_enum(const Il2CppClass *klass)
{
    return klass->enumtype;
}

bool il2cpp_class_is_interface(const Il2CppClass *klass)
{
    return (klass->flags & TYPE_ATTRIBUTE_INTERFACE) != 0 ||
           klass->byval_arg.type == IL2CPP_TYPE_VAR ||
           klass->byval_arg.type == IL2CPP_TYPE_MVAR;
}

bool il2cpp_class_is_abstract(const Il2CppClass *klass)
{
    return (klass->flags & TYPE_ATTRIBUTE_ABSTRACT) != 0;
}

bool il2cpp_class_is_generic(const Il2CppClass *klass)
{
    return klass->is_generic;
}

bool il2cpp_class_is_inflated(const Il2CppClass *klass)
{
    return klass->generic_def != NULL;
}

/* Whether instances contain managed references the collector must see:
 * reference fields, or struct fields that have them, inherited included.
 * Memoised; the state guard stops self-referential primitives (Int32's
 * m_value is an Int32). */
bool sim_class_has_refs(Il2CppClass *klass)
{
    if (klass->refs_state == 2)
        return klass->has_refs;
    if (klass->refs_state == 1)
        return false;
    klass->refs_state = 1;
    bool refs = false;
    if (klass->rank) {
        Il2CppClass *e = klass->element_class;
        refs = sim_is_reference(e) || sim_class_has_refs(e);
    } else if (klass->byval_arg.type == IL2CPP_TYPE_STRING ||
               klass->byval_arg.type == IL2CPP_TYPE_PTR) {
        refs = false;
    } else {
        if (klass->parent && sim_class_has_refs(klass->parent))
            refs = true;
        for (uint16_t i = 0; i < klass->field_count && !refs; i++) {
            const FieldInfo *f = &klass->fields[i];
            if (f->type->attrs & FIELD_ATTRIBUTE_STATIC)
                continue;
            Il2CppClass *fk = f->type->klass;
            if (fk->byval_arg.type == IL2CPP_TYPE_PTR)
                continue;
            if (fk == klass)
                continue;
            refs = sim_is_reference(fk) || sim_class_has_refs(fk);
        }
    }
    klass->has_refs = refs;
    klass->refs_state = 2;
    return refs;
}

bool il2cpp_class_has_references(Il2CppClass *klass)
{
    return sim_class_has_refs(klass);
}

bool il2cpp_class_is_blittable(const Il2CppClass *klass)
{
    /* Value types whose fields hold no managed references, recursively.
     * (il2cpp.exe computes this flag with marshaling rules, under which
     * bool and char fields are not blittable either; use
     * il2cpp_class_has_references for GC decisions.) */
    if (!klass->valuetype || klass->is_generic)
        return false;
    return !sim_class_has_refs((Il2CppClass *)klass);
}

/* ECMA-335 I.8.7 reduced types, for value-type array covariance. */
static const Il2CppClass *reduced(const Il2CppClass *k)
{
    switch (k->byval_arg.type) {
    case IL2CPP_TYPE_I1: case IL2CPP_TYPE_U1: return sim_k.sbyte;
    case IL2CPP_TYPE_I2: case IL2CPP_TYPE_U2: return sim_k.int16;
    case IL2CPP_TYPE_I4: case IL2CPP_TYPE_U4: return sim_k.int32;
    case IL2CPP_TYPE_I8: case IL2CPP_TYPE_U8: return sim_k.int64;
    case IL2CPP_TYPE_I: case IL2CPP_TYPE_U: return sim_k.intptr;
    default: return k;
    }
}

/* klass is oklass or one of its parents */
static bool has_parent(const Il2CppClass *oklass, const Il2CppClass *klass)
{
    for (const Il2CppClass *p = oklass; p; p = p->parent)
        if (p == klass)
            return true;
    return false;
}

static bool implements(const Il2CppClass *oklass, const Il2CppClass *iface)
{
    for (const Il2CppClass *p = oklass; p; p = p->parent)
        for (uint16_t i = 0; i < p->interface_count; i++)
            if (p->interfaces[i] == iface || implements(p->interfaces[i], iface))
                return true;
    return false;
}

bool il2cpp_class_is_assignable_from(Il2CppClass *klass, Il2CppClass *oklass)
{
    if (klass == oklass)
        return true;
    if (klass == NULL || oklass == NULL)
        return false;
    if (il2cpp_class_is_interface(klass))
        return implements(oklass, klass);
    if (klass->rank) {
        if (oklass->rank != klass->rank)
            return false;
        if (oklass->cast_class->valuetype)
            return reduced(klass->cast_class) == reduced(oklass->cast_class);
        return il2cpp_class_is_assignable_from(klass->cast_class,
                                               oklass->cast_class);
    }
    if (klass == sim_k.object)
        return true;
    if (klass->generic_def == sim_k.nullable)  /* Nullable<T> from T */
        return il2cpp_class_is_assignable_from(klass->generic_arg, oklass);
    return has_parent(oklass, klass);
}

bool il2cpp_class_is_subclass_of(Il2CppClass *klass, Il2CppClass *klassc,
                                 bool check_interfaces)
{
    /* libil2cpp: a class is a "subclass" of itself, and everything of
     * System.Object */
    if (check_interfaces && il2cpp_class_is_interface(klassc)) {
        if (implements(klass, klassc))
            return true;
    } else if (!il2cpp_class_is_interface(klass) && has_parent(klass, klassc)) {
        return true;
    }
    return klassc == sim_k.object;
}

int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align)
{
    /* libil2cpp: instance_size - header, meaningful for value types only */
    if (align)
        *align = klass->valuetype ? klass->align : (uint32_t)sizeof(void *);
    return klass->instance_size - (int32_t)sizeof(Il2CppObject);
}

int32_t il2cpp_class_instance_size(Il2CppClass *klass)
{
    return klass->instance_size;
}

int32_t sim_element_size(const Il2CppClass *klass)
{
    /* the size of a slot holding a value of this class (array element,
     * field): the value itself for value types, else a pointer */
    if (klass->byval_arg.type == IL2CPP_TYPE_VOID)
        return 0;
    return klass->valuetype ? klass->value_size : (int32_t)sizeof(void *);
}

int il2cpp_class_array_element_size(const Il2CppClass *klass)
{
    return sim_element_size(klass);
}

FieldInfo *sim_field(Il2CppClass *klass, const char *name)
{
    for (Il2CppClass *k = klass; k; k = k->parent)
        for (uint16_t i = 0; i < k->field_count; i++)
            if (strcmp(k->fields[i].name, name) == 0)
                return &k->fields[i];
    return NULL;
}

void *sim_statics(Il2CppClass *klass)
{
    return klass->static_data;
}
