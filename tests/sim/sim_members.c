/*
 * sim_members.c -- fields, properties and methods of a class.
 */
#include <string.h>

#include "sim_internal.h"

/* The iterators follow libil2cpp: *iter starts NULL and holds the last
 * element returned; NULL at the end. */

FieldInfo *il2cpp_class_get_fields(Il2CppClass *klass, void **iter)
{
    if (iter == NULL || klass->field_count == 0)
        return NULL;
    FieldInfo *next = *iter ? (FieldInfo *)*iter + 1 : klass->fields;
    if (next >= klass->fields + klass->field_count)
        return NULL;
    *iter = next;
    return next;
}

static void (*sim_methods_probe)(void *ud, Il2CppClass *klass);
static void *sim_methods_probe_ud;

void sim_set_methods_probe(void (*probe)(void *ud, Il2CppClass *klass), void *ud)
{
    sim_methods_probe = probe;
    sim_methods_probe_ud = ud;
}

const MethodInfo *il2cpp_class_get_methods(Il2CppClass *klass, void **iter)
{
    if (sim_methods_probe != NULL)
        sim_methods_probe(sim_methods_probe_ud, klass);
    if (iter == NULL || klass->method_count == 0)
        return NULL;
    SimMethod **next = *iter ? (SimMethod **)*iter + 1 : klass->methods;
    if (next >= klass->methods + klass->method_count)
        return NULL;
    *iter = next;
    return &(*next)->mi;
}

const PropertyInfo *il2cpp_class_get_properties(Il2CppClass *klass,
                                                void **iter)
{
    if (iter == NULL || klass->property_count == 0)
        return NULL;
    PropertyInfo *next = *iter ? (PropertyInfo *)*iter + 1 : klass->properties;
    if (next >= klass->properties + klass->property_count)
        return NULL;
    *iter = next;
    return next;
}

/* ---- fields ------------------------------------------------------------------ */

const char *il2cpp_field_get_name(FieldInfo *field)
{
    return field->name;
}

int il2cpp_field_get_flags(FieldInfo *field)
{
    /* libil2cpp keeps a field's flags in its type's attrs */
    return (int)field->type->attrs;
}

Il2CppClass *il2cpp_field_get_parent(FieldInfo *field)
{
    return field->parent;
}

size_t il2cpp_field_get_offset(FieldInfo *field)
{
    return (size_t)field->offset;
}

const Il2CppType *il2cpp_field_get_type(FieldInfo *field)
{
    return field->type;
}

static bool is_reference_slot(const Il2CppType *t)
{
    switch (t->type) {
    case IL2CPP_TYPE_STRING: case IL2CPP_TYPE_SZARRAY: case IL2CPP_TYPE_CLASS:
    case IL2CPP_TYPE_OBJECT: case IL2CPP_TYPE_ARRAY:
        return true;
    default:
        return false;
    }
}

static void write_literal(const FieldInfo *field, void *value)
{
    /* the constant is stored with the underlying type of the field */
    Il2CppClass *k = field->type->klass->element_class;
    int64_t v = field->literal;
    switch (sim_element_size(k)) {
    case 1: *(uint8_t *)value = (uint8_t)v; break;
    case 2: *(uint16_t *)value = (uint16_t)v; break;
    case 4: *(uint32_t *)value = (uint32_t)v; break;
    default: memcpy(value, &v, sizeof v); break;
    }
}

void il2cpp_field_static_get_value(FieldInfo *field, void *value)
{
    uint32_t attrs = field->type->attrs;
    if (!(attrs & FIELD_ATTRIBUTE_STATIC))
        return;
    if (attrs & FIELD_ATTRIBUTE_LITERAL) {
        write_literal(field, value);
        return;
    }
    /* libil2cpp's Field::StaticGetValue runs no static constructor */
    sim_require_init(field->parent);
    /* value receives a copy of the slot: the object pointer itself for
     * reference fields (*(void **)value = obj), the payload for values */
    const char *src = (const char *)field->parent->static_data + field->offset;
    memcpy(value, src, (size_t)sim_element_size(field->type->klass));
}

void il2cpp_field_static_set_value(FieldInfo *field, void *value)
{
    uint32_t attrs = field->type->attrs;
    if (!(attrs & FIELD_ATTRIBUTE_STATIC) || (attrs & FIELD_ATTRIBUTE_LITERAL))
        return;
    sim_require_init(field->parent);   /* nor does StaticSetValue */
    char *dest = (char *)field->parent->static_data + field->offset;
    /* libil2cpp's Field::SetValueRaw(..., deref_pointer = false): for a
     * reference field `value` IS the object pointer (not a pointer to it),
     * unlike static_get_value.  For a value, NULL stores zero. */
    if (is_reference_slot(field->type)) {
        sim_gc_store((void **)dest, value);
        return;
    }
    size_t size = (size_t)sim_element_size(field->type->klass);
    if (value)
        memcpy(dest, value, size);
    else
        memset(dest, 0, size);
}

bool il2cpp_field_has_attribute(FieldInfo *field, Il2CppClass *attr_class)
{
    (void)field;  /* no field of the catalog carries an attribute */
    (void)attr_class;
    return false;
}

/* ---- properties --------------------------------------------------------------- */

const char *il2cpp_property_get_name(PropertyInfo *prop)
{
    return prop->name;
}

const MethodInfo *il2cpp_property_get_get_method(PropertyInfo *prop)
{
    return prop->get;
}

const MethodInfo *il2cpp_property_get_set_method(PropertyInfo *prop)
{
    return prop->set;
}

Il2CppClass *il2cpp_property_get_parent(PropertyInfo *prop)
{
    return prop->parent;
}

/* ---- methods ----------------------------------------------------------------- */

const char *il2cpp_method_get_name(const MethodInfo *method)
{
    return sim_m(method)->name;
}

uint32_t il2cpp_method_get_token(const MethodInfo *method)
{
    return sim_m(method)->token;
}

Il2CppClass *il2cpp_method_get_class(const MethodInfo *method)
{
    return sim_m(method)->klass;
}

Il2CppClass *il2cpp_method_get_declaring_type(const MethodInfo *method)
{
    return sim_m(method)->klass;
}

const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method)
{
    return sim_m(method)->return_type;
}

uint32_t il2cpp_method_get_param_count(const MethodInfo *method)
{
    return sim_m(method)->param_count;
}

const Il2CppType *il2cpp_method_get_param(const MethodInfo *method,
                                          uint32_t index)
{
    const SimMethod *m = sim_m(method);
    return index < m->param_count ? m->params[index] : NULL;
}

const char *il2cpp_method_get_param_name(const MethodInfo *method,
                                         uint32_t index)
{
    const SimMethod *m = sim_m(method);
    return index < m->param_count ? m->param_names[index] : NULL;
}

uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags)
{
    if (iflags)
        *iflags = 0;  /* METHOD_IMPL_ATTRIBUTE_IL | MANAGED */
    return sim_m(method)->flags;
}

bool il2cpp_method_is_instance(const MethodInfo *method)
{
    return !(sim_m(method)->flags & METHOD_ATTRIBUTE_STATIC);
}

bool il2cpp_method_is_generic(const MethodInfo *method)
{
    (void)method;  /* no generic methods in the catalog */
    return false;
}
