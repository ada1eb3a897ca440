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
    case IL2CPP_TYPE_GENERICINST:   /* Func<int, int> is; Nullable<int> is not */
        return !t->klass->valuetype;
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
    /* 0 (IL, managed) but for delegates' runtime-provided members */
    if (iflags)
        *iflags = sim_m(method)->iflags;
    return sim_m(method)->flags;
}

bool il2cpp_method_is_instance(const MethodInfo *method)
{
    return !(sim_m(method)->flags & METHOD_ATTRIBUTE_STATIC);
}

bool il2cpp_method_is_generic(const MethodInfo *method)
{
    /* the definition only: an instantiation is not generic (IL2CPP's
     * is_generic is the open definition's flag) */
    return sim_m(method)->generic_def;
}

/* ---- parameter default values ------------------------------------------------- */

const char *sim_method_get_parameter_default_value(const MethodInfo *method,
                                                   int32_t position,
                                                   const Il2CppType **type,
                                                   bool *is_explicit_null)
{
    /* libil2cpp's vm::Method::GetParameterDefaultValue: NULL without a
     * default (and then *type is left alone); with one, *type is the
     * constant's type and the result points into the metadata blob, NULL
     * for `= null` with *is_explicit_null set */
    const SimMethod *m = sim_m(method);
    *is_explicit_null = false;
    if (position < 0 || (uint32_t)position >= m->param_count ||
        m->default_types[position] == NULL)
        return NULL;
    *type = m->default_types[position];
    *is_explicit_null = m->default_blobs[position] == NULL;
    return m->default_blobs[position];
}

/* utils::ReadCompressedUInt32 of metadata v29 */
static uint32_t read_compressed_u32(const char **blob)
{
    const uint8_t *p = (const uint8_t *)*blob;
    uint32_t v;
    if ((p[0] & 0x80) == 0) {
        v = p[0];
        *blob += 1;
    } else if ((p[0] & 0xC0) == 0x80) {
        v = ((uint32_t)(p[0] & ~0x80u) << 8) | p[1];
        *blob += 2;
    } else if ((p[0] & 0xE0) == 0xC0) {
        v = ((uint32_t)(p[0] & ~0xC0u) << 24) | ((uint32_t)p[1] << 16) |
            ((uint32_t)p[2] << 8) | p[3];
        *blob += 4;
    } else if (p[0] == 0xF0) {
        v = (uint32_t)p[1] | ((uint32_t)p[2] << 8) | ((uint32_t)p[3] << 16) |
            ((uint32_t)p[4] << 24);
        *blob += 5;
    } else {
        v = p[0] == 0xFE ? UINT32_MAX - 1 : UINT32_MAX;
        *blob += 1;
    }
    return v;
}

/* utils::ReadCompressedInt32: the sign in the low bit */
static int32_t read_compressed_i32(const char **blob)
{
    uint32_t e = read_compressed_u32(blob);
    if (e == UINT32_MAX)
        return INT32_MIN;
    return (e & 1) ? -(int32_t)(e >> 1) - 1 : (int32_t)(e >> 1);
}

static void read_le(const char **blob, void *value, size_t n)
{
    /* the blob is little-endian, like every target libzlua supports */
    memcpy(value, *blob, n);
    *blob += n;
}

int sim_blob_get_constant_value(int type, const char **blob, void *value)
{
    switch (type) {
    case IL2CPP_TYPE_BOOLEAN: case IL2CPP_TYPE_U1: case IL2CPP_TYPE_I1:
        read_le(blob, value, 1);
        return 1;
    case IL2CPP_TYPE_CHAR: case IL2CPP_TYPE_U2: case IL2CPP_TYPE_I2:
        read_le(blob, value, 2);
        return 1;
    case IL2CPP_TYPE_U4:
        *(uint32_t *)value = read_compressed_u32(blob);
        return 1;
    case IL2CPP_TYPE_I4:
        *(int32_t *)value = read_compressed_i32(blob);
        return 1;
    case IL2CPP_TYPE_U8: case IL2CPP_TYPE_I8: case IL2CPP_TYPE_R8:
        read_le(blob, value, 8);
        return 1;
    case IL2CPP_TYPE_R4:
        read_le(blob, value, 4);
        return 1;
    case IL2CPP_TYPE_CLASS: case IL2CPP_TYPE_OBJECT: case IL2CPP_TYPE_GENERICINST:
        /* libil2cpp reads these as a null reference, whatever the blob
         * holds: a Nullable<T> parameter's constant recorded under its
         * own (generic instance) type decodes to zeros this way */
        memset(value, 0, sizeof(void *));
        return 1;
    default:
        return 0;   /* strings and the rest: no fixture needs them */
    }
}
