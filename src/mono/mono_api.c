/*
 * mono_api.c -- the il2cpp_* functions libzlua calls
 * (src/il2cpp/il2cpp_api.h), on Mono's embedding API.
 *
 * Most are one Mono call.  Where IL2CPP and Mono disagree the function
 * does what IL2CPP does and says why (docs/architecture.md, "The runtime
 * boundary").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/attrdefs.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/image.h>
#include <mono/metadata/metadata.h>
#include <mono/metadata/reflection.h>
#include <mono/metadata/row-indexes.h>
#include <mono/metadata/threads.h>
#include <mono/metadata/tokentype.h>

#include "mono_rt.h"

/* ---- domain, assemblies, images ---------------------------------------- */

/* Every loaded assembly, however many (an Editor has hundreds): the
 * buffer grows, and an outgrown one is kept, not freed, as a caller may
 * still be walking the list it was handed when a nested call refills it. */
typedef struct zm_asm_buf {
    struct zm_asm_buf *outgrown;
    size_t cap;
    const Il2CppAssembly *a[];
} zm_asm_buf;
static zm_asm_buf *zm_asms;
static size_t zm_nasms;

static void zm_count_assembly(void *assembly, void *user)
{
    (void)assembly;
    (*(size_t *)user)++;
}

static void zm_collect_assembly(void *assembly, void *user)
{
    (void)user;
    if (zm_nasms < zm_asms->cap)   /* one loaded since it was counted waits for the next call */
        zm_asms->a[zm_nasms++] = assembly;
}

Il2CppDomain *il2cpp_domain_get(void)
{
    return (Il2CppDomain *)(void *)zm.domain;
}

const Il2CppAssembly **il2cpp_domain_get_assemblies(const Il2CppDomain *domain, size_t *size)
{
    (void)domain;
    size_t n = 0;
    mono_assembly_foreach(zm_count_assembly, &n);
    if (zm_asms == NULL || zm_asms->cap < n) {
        size_t cap = n + n / 2 + 16;
        zm_asm_buf *b = malloc(sizeof *b + cap * sizeof b->a[0]);
        if (b != NULL) {   /* out of memory: the list as it was */
            b->outgrown = zm_asms;
            b->cap = cap;
            zm_asms = b;
        }
    }
    zm_nasms = 0;
    if (zm_asms != NULL)
        mono_assembly_foreach(zm_collect_assembly, NULL);
    *size = zm_nasms;
    return zm_asms != NULL ? zm_asms->a : NULL;
}

/* IL2CPP has every assembly of the game in the build; an Editor has the
 * project's in one folder, which need not be the application's (where
 * Mono looks by name): an assembly not loaded yet is looked for beside
 * those that are, in load order. */
static MonoAssembly *zm_assembly_beside_loaded(MonoAssemblyName *an)
{
    /* a copy: loading one changes Mono's list */
    zm_asm_list as;
    if (zm_attrs_loaded(&as) != 0) {
        free(as.a);
        return NULL;
    }
    MonoAssembly *found = NULL;
    for (size_t i = 0; i < as.n && found == NULL; i++) {
        MonoImage *img = mono_assembly_get_image(as.a[i]);
        const char *file = img != NULL ? mono_image_get_filename(img) : NULL;
        const char *slash = file != NULL ? strrchr(file, '/') : NULL;
        if (slash == NULL || (size_t)(slash - file) >= 4096)
            continue;
        char dir[4096];
        memcpy(dir, file, (size_t)(slash - file));
        dir[slash - file] = '\0';
        MonoImageOpenStatus st;
        found = mono_assembly_load(an, dir, &st);
    }
    free(as.a);
    return found;
}

/* An assembly whose load hooks are running (the backend reads its rules
 * from one, mono_env.c) is in Mono's list of loaded assemblies before it
 * is in its domain's, where mono_assembly_loaded looks: found by name. */
static MonoAssembly *zm_assembly_loading(const char *name)
{
    zm_asm_list as;
    MonoAssembly *found = NULL;
    if (zm_attrs_loaded(&as) == 0)
        for (size_t i = 0; i < as.n && found == NULL; i++)
            if (strcmp(mono_image_get_name(mono_assembly_get_image(as.a[i])), name) == 0)
                found = as.a[i];
    free(as.a);
    return found;
}

const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *domain, const char *name)
{
    (void)domain;
    if (name == NULL)
        return NULL;
    /* IL2CPP finds an assembly by its name or its file name ("X.dll") */
    char plain[512];
    size_t n = strlen(name);
    if (n >= sizeof plain)
        return NULL;
    memcpy(plain, name, n + 1);
    if (n > 4 && strcmp(plain + n - 4, ".dll") == 0)
        plain[n - 4] = '\0';
    MonoImageOpenStatus st;
    MonoAssemblyName *an = mono_assembly_name_new(plain);
    if (an == NULL)
        return NULL;
    MonoAssembly *a = mono_assembly_loaded(an);
    if (a == NULL)
        a = zm_assembly_loading(plain);
    if (a == NULL)
        a = mono_assembly_load(an, NULL, &st);
    if (a == NULL)
        a = zm_assembly_beside_loaded(an);
    mono_assembly_name_free(an);
    return (const Il2CppAssembly *)(void *)a;
}

const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly)
{
    return (const Il2CppImage *)(void *)mono_assembly_get_image((MonoAssembly *)(void *)assembly);
}

const Il2CppImage *il2cpp_get_corlib(void)
{
    return (const Il2CppImage *)(void *)mono_get_corlib();
}

size_t il2cpp_image_get_class_count(const Il2CppImage *image)
{
    int n = mono_image_get_table_rows((MonoImage *)(void *)image, MONO_TABLE_TYPEDEF);
    return n > 0 ? (size_t)n : 0;
}

const Il2CppClass *il2cpp_image_get_class(const Il2CppImage *image, size_t index)
{
    /* TypeDef rows are 1-based; row 1 is <Module>, as in IL2CPP */
    uint32_t token = MONO_TOKEN_TYPE_DEF | (uint32_t)(index + 1);
    return (const Il2CppClass *)(void *)mono_class_get((MonoImage *)(void *)image, token);
}

/* ---- classes ------------------------------------------------------------ */

Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image, const char *namespaze,
                                    const char *name)
{
    return (Il2CppClass *)(void *)mono_class_from_name((MonoImage *)(void *)image, namespaze,
                                                       name);
}

Il2CppClass *il2cpp_class_from_type(const Il2CppType *type)
{
    return (Il2CppClass *)(void *)mono_class_from_mono_type(ZM_TYPE(type));
}

const Il2CppType *il2cpp_class_get_type(Il2CppClass *klass)
{
    return (const Il2CppType *)(void *)mono_class_get_type(ZM_CLASS(klass));
}

const char *il2cpp_class_get_name(Il2CppClass *klass)
{
    return mono_class_get_name(ZM_CLASS(klass));
}

const char *il2cpp_class_get_namespace(Il2CppClass *klass)
{
    return mono_class_get_namespace(ZM_CLASS(klass));
}

const char *il2cpp_class_get_assemblyname(const Il2CppClass *klass)
{
    /* the assembly's name without extension, as libil2cpp gives it */
    return mono_image_get_name(mono_class_get_image(ZM_CLASS(klass)));
}

Il2CppClass *il2cpp_class_get_parent(Il2CppClass *klass)
{
    return (Il2CppClass *)(void *)mono_class_get_parent(ZM_CLASS(klass));
}

Il2CppClass *il2cpp_class_get_declaring_type(Il2CppClass *klass)
{
    return (Il2CppClass *)(void *)mono_class_get_nesting_type(ZM_CLASS(klass));
}

Il2CppClass *il2cpp_class_get_nested_types(Il2CppClass *klass, void **iter)
{
    return (Il2CppClass *)(void *)mono_class_get_nested_types(ZM_CLASS(klass), iter);
}

Il2CppClass *il2cpp_class_get_interfaces(Il2CppClass *klass, void **iter)
{
    return (Il2CppClass *)(void *)mono_class_get_interfaces(ZM_CLASS(klass), iter);
}

Il2CppClass *il2cpp_class_get_element_class(Il2CppClass *klass)
{
    MonoClass *k = ZM_CLASS(klass);
    /* IL2CPP's element class of Nullable<T> is T (its cast class) */
    if (mono_class_is_nullable(k))
        return (Il2CppClass *)(void *)mono_class_get_nullable_param(k);
    return (Il2CppClass *)(void *)mono_class_get_element_class(k);
}

const Il2CppType *il2cpp_class_enum_basetype(Il2CppClass *klass)
{
    return (const Il2CppType *)(void *)mono_class_enum_basetype(ZM_CLASS(klass));
}

FieldInfo *il2cpp_class_get_fields(Il2CppClass *klass, void **iter)
{
    return (FieldInfo *)(void *)mono_class_get_fields(ZM_CLASS(klass), iter);
}

const MethodInfo *il2cpp_class_get_methods(Il2CppClass *klass, void **iter)
{
    return (const MethodInfo *)(void *)mono_class_get_methods(ZM_CLASS(klass), iter);
}

const PropertyInfo *il2cpp_class_get_properties(Il2CppClass *klass, void **iter)
{
    return (const PropertyInfo *)(void *)mono_class_get_properties(ZM_CLASS(klass), iter);
}

int il2cpp_class_get_flags(const Il2CppClass *klass)
{
    return (int)mono_class_get_flags(ZM_CLASS(klass));
}

int il2cpp_class_get_rank(const Il2CppClass *klass)
{
    return mono_class_get_rank(ZM_CLASS(klass));
}

bool il2cpp_class_is_valuetype(const Il2CppClass *klass)
{
    return mono_class_is_valuetype(ZM_CLASS(klass));
}

bool il2cpp_class_is_enum(const Il2CppClass *klass)
{
    return mono_class_is_enum(ZM_CLASS(klass));
}

bool il2cpp_class_is_interface(const Il2CppClass *klass)
{
    return (mono_class_get_flags(ZM_CLASS(klass)) & MONO_TYPE_ATTR_INTERFACE) != 0;
}

/* Not used by libzlua; the stub generator asks (a generic definition). */
bool il2cpp_class_is_generic(const Il2CppClass *klass)
{
    MonoObject *exc = NULL;
    void *args[1] = {mono_type_get_object(zm.domain, mono_class_get_type(ZM_CLASS(klass)))};
    MonoObject *r = zm_call(zm.h.is_generic_type, args, &exc);
    return exc == NULL && r != NULL && *(MonoBoolean *)mono_object_unbox(r);
}

bool il2cpp_class_is_inflated(const Il2CppClass *klass)
{
    return mono_type_get_type(mono_class_get_type(ZM_CLASS(klass))) == MONO_TYPE_GENERICINST;
}

/* Whether an instance of k holds a managed reference: a reference type,
 * or a value type with a field that does (recursively).  Mono keeps the
 * answer in a private bit; the fields tell the same. */
static bool zm_has_references(MonoClass *k, int depth)
{
    if (depth > 32)   /* deeper than any real layout: answer safely */
        return true;
    void *it = NULL;
    MonoClassField *f;
    while ((f = mono_class_get_fields(k, &it)) != NULL) {
        if (mono_field_get_flags(f) & MONO_FIELD_ATTR_STATIC)
            continue;
        MonoType *t = mono_field_get_type(f);
        if (mono_type_is_reference(t))
            return true;
        MonoClass *fk = mono_class_from_mono_type(t);
        if (fk != NULL && fk != k && mono_class_is_valuetype(fk) &&
            zm_has_references(fk, depth + 1))
            return true;
    }
    return false;
}

bool il2cpp_class_has_references(Il2CppClass *klass)
{
    MonoClass *k = ZM_CLASS(klass);
    return mono_class_is_valuetype(k) ? zm_has_references(k, 0) : true;
}

bool il2cpp_class_is_assignable_from(Il2CppClass *klass, Il2CppClass *oklass)
{
    return mono_class_is_assignable_from(ZM_CLASS(klass), ZM_CLASS(oklass));
}

bool il2cpp_class_has_attribute(Il2CppClass *klass, Il2CppClass *attr_class)
{
    MonoCustomAttrInfo *info = mono_custom_attrs_from_class(ZM_CLASS(klass));
    if (info == NULL)
        return false;
    bool has = mono_custom_attrs_has_attr(info, ZM_CLASS(attr_class));
    mono_custom_attrs_free(info);
    return has;
}

bool il2cpp_method_has_attribute(const MethodInfo *method, Il2CppClass *attr_class)
{
    MonoCustomAttrInfo *info = mono_custom_attrs_from_method(ZM_METHOD(method));
    if (info == NULL)
        return false;
    bool has = mono_custom_attrs_has_attr(info, ZM_CLASS(attr_class));
    mono_custom_attrs_free(info);
    return has;
}

int32_t il2cpp_class_value_size(Il2CppClass *klass, uint32_t *align)
{
    return mono_class_value_size(ZM_CLASS(klass), align);
}

/* ---- types -------------------------------------------------------------- */

int il2cpp_type_get_type(const Il2CppType *type)
{
    /* Mono's MonoTypeEnum is ECMA-335's, like IL2CPP's */
    return mono_type_get_type(ZM_TYPE(type));
}

bool il2cpp_type_is_byref(const Il2CppType *type)
{
    return mono_type_is_byref(ZM_TYPE(type));
}

/* Parameter flags.  IL2CPP keeps them in the parameter's Il2CppType; Mono
 * keeps them in a private bit field of the signature's MonoType, which it
 * duplicates for a parameter with flags.  il2cpp_method_get_param records
 * each parameter type it hands out with its flags (read by reflection),
 * and this looks them up: a type that no parameter carried has none. */
#define ZM_ATTR_SLOTS 4096
typedef struct zm_attr_slot {
    const MonoType *type;
    uint32_t attrs;
} zm_attr_slot;
static zm_attr_slot zm_attr_table[ZM_ATTR_SLOTS];

static size_t zm_attr_hash(const MonoType *t)
{
    uintptr_t p = (uintptr_t)t;
    return (size_t)((p >> 3) * 2654435761u) % ZM_ATTR_SLOTS;
}

static void zm_attr_record(const MonoType *t, uint32_t attrs)
{
    size_t i = zm_attr_hash(t);
    for (size_t n = 0; n < ZM_ATTR_SLOTS; n++, i = (i + 1) % ZM_ATTR_SLOTS) {
        if (zm_attr_table[i].type == t) {
            if (zm_attr_table[i].attrs != attrs) {
                /* a shared type with two parameters' flags: the lookup by
                 * type cannot answer; stop rather than guess */
                fprintf(stderr, "mono boundary: parameter type %p carries two flag sets\n",
                        (const void *)t);
                abort();
            }
            return;
        }
        if (zm_attr_table[i].type == NULL) {
            zm_attr_table[i].type = t;
            zm_attr_table[i].attrs = attrs;
            return;
        }
    }
    fprintf(stderr, "mono boundary: parameter flag table full\n");
    abort();
}

/* The recorded slot of t, NULL when t was never recorded. */
static const zm_attr_slot *zm_attr_find(const MonoType *t)
{
    size_t i = zm_attr_hash(t);
    for (size_t n = 0; n < ZM_ATTR_SLOTS; n++, i = (i + 1) % ZM_ATTR_SLOTS) {
        if (zm_attr_table[i].type == t)
            return &zm_attr_table[i];
        if (zm_attr_table[i].type == NULL)
            return NULL;
    }
    return NULL;
}

uint32_t il2cpp_type_get_attrs(const Il2CppType *type)
{
    const zm_attr_slot *s = zm_attr_find(ZM_TYPE(type));
    return s != NULL ? s->attrs : 0;
}

char *il2cpp_type_get_name(const Il2CppType *type)
{
    char *g = mono_type_get_name(ZM_TYPE(type));
    if (g == NULL)
        return NULL;
    /* il2cpp_free releases it: a copy from malloc */
    size_t n = strlen(g) + 1;
    char *out = malloc(n);
    if (out != NULL)
        memcpy(out, g, n);
    mono_free(g);
    return out;
}

void il2cpp_free(void *ptr)
{
    free(ptr);
}

/* ---- fields ------------------------------------------------------------- */

const char *il2cpp_field_get_name(FieldInfo *field)
{
    return mono_field_get_name((MonoClassField *)(void *)field);
}

int il2cpp_field_get_flags(FieldInfo *field)
{
    return (int)mono_field_get_flags((MonoClassField *)(void *)field);
}

size_t il2cpp_field_get_offset(FieldInfo *field)
{
    /* header included, also for value types (as IL2CPP) */
    return mono_field_get_offset((MonoClassField *)(void *)field);
}

const Il2CppType *il2cpp_field_get_type(FieldInfo *field)
{
    return (const Il2CppType *)(void *)mono_field_get_type((MonoClassField *)(void *)field);
}

void il2cpp_field_static_get_value(FieldInfo *field, void *value)
{
    MonoClassField *f = (MonoClassField *)(void *)field;
    MonoVTable *vt = mono_class_vtable(zm.domain, mono_field_get_parent(f));
    mono_field_static_get_value(vt, f, value);
}

void il2cpp_field_static_set_value(FieldInfo *field, void *value)
{
    MonoClassField *f = (MonoClassField *)(void *)field;
    MonoVTable *vt = mono_class_vtable(zm.domain, mono_field_get_parent(f));
    /* both take the object pointer itself for a reference field */
    mono_field_static_set_value(vt, f, value);
}

/* ---- properties ----------------------------------------------------------- */

const char *il2cpp_property_get_name(PropertyInfo *prop)
{
    return mono_property_get_name((MonoProperty *)(void *)prop);
}

const MethodInfo *il2cpp_property_get_get_method(PropertyInfo *prop)
{
    return (const MethodInfo *)(void *)mono_property_get_get_method((MonoProperty *)(void *)prop);
}

const MethodInfo *il2cpp_property_get_set_method(PropertyInfo *prop)
{
    return (const MethodInfo *)(void *)mono_property_get_set_method((MonoProperty *)(void *)prop);
}

/* ---- methods ------------------------------------------------------------ */

const char *il2cpp_method_get_name(const MethodInfo *method)
{
    return mono_method_get_name(ZM_METHOD(method));
}

Il2CppClass *il2cpp_method_get_class(const MethodInfo *method)
{
    return (Il2CppClass *)(void *)mono_method_get_class(ZM_METHOD(method));
}

const Il2CppType *il2cpp_method_get_return_type(const MethodInfo *method)
{
    MonoMethodSignature *sig = mono_method_signature(ZM_METHOD(method));
    return (const Il2CppType *)(void *)mono_signature_get_return_type(sig);
}

uint32_t il2cpp_method_get_param_count(const MethodInfo *method)
{
    return mono_signature_get_param_count(mono_method_signature(ZM_METHOD(method)));
}

/* ---- metadata read directly -------------------------------------------- */

/* Binding asks for every parameter's flags and whether each method is a
 * generic definition: through reflection that is a managed call each,
 * with the garbage of a ParameterInfo[] (most of a bind's cost on Mono,
 * and the collections it causes grow with the heap).  The metadata tables
 * answer both without managed code.  They are read for a method that
 * has a row of its own in a plain image (ECMA-335 II.22.26 MethodDef, II.22.33
 * Param; no indirection tables, not a dynamic image); anything else (an
 * array's runtime methods, an inflated generic method, a method of a
 * generic instance, an emitted assembly) asks reflection as before. */

/* The MethodDef row of m in its image (1-based), 0 when the tables cannot
 * be read directly. */
static uint32_t zm_md_method_row(MonoMethod *m, MonoImage **img_out)
{
    uint32_t token = mono_method_get_token(m);
    if (mono_metadata_token_table(token) != MONO_TABLE_METHOD)
        return 0;
    MonoClass *k = mono_method_get_class(m);
    if (mono_type_get_type(mono_class_get_type(k)) == MONO_TYPE_GENERICINST)
        return 0;
    MonoImage *img = mono_class_get_image(k);
    if (img == NULL || mono_image_is_dynamic(img) ||
        mono_table_info_get_rows(mono_image_get_table_info(img, MONO_TABLE_METHOD_POINTER)) ||
        mono_table_info_get_rows(mono_image_get_table_info(img, MONO_TABLE_PARAM_POINTER)))
        return 0;
    uint32_t row = mono_metadata_token_index(token);
    const MonoTableInfo *mt = mono_image_get_table_info(img, MONO_TABLE_METHOD);
    if (row == 0 || row > (uint32_t)mono_table_info_get_rows(mt))
        return 0;
    /* the token's own method, not one made from it (an inflated instance
     * carries its definition's token) */
    if (mono_get_method(img, token, NULL) != m)
        return 0;
    *img_out = img;
    return row;
}

/* ParameterAttributes of parameter index from its Param row (0 when it
 * has none, as reflection says); 0 returned: ask reflection. */
int zm_md_param_flags(MonoMethod *m, uint32_t index, uint32_t *flags)
{
    MonoImage *img = NULL;
    uint32_t row = zm_md_method_row(m, &img);
    if (row == 0)
        return 0;
    const MonoTableInfo *mt = mono_image_get_table_info(img, MONO_TABLE_METHOD);
    const MonoTableInfo *pt = mono_image_get_table_info(img, MONO_TABLE_PARAM);
    uint32_t nparams = (uint32_t)mono_table_info_get_rows(pt);
    uint32_t first = mono_metadata_decode_row_col(mt, row - 1, MONO_METHOD_PARAMLIST);
    uint32_t end = row < (uint32_t)mono_table_info_get_rows(mt)
                       ? mono_metadata_decode_row_col(mt, row, MONO_METHOD_PARAMLIST)
                       : nparams + 1;
    *flags = 0;
    for (uint32_t p = first; p < end && p <= nparams; p++)
        if (mono_metadata_decode_row_col(pt, p - 1, MONO_PARAM_SEQUENCE) == index + 1) {
            *flags = mono_metadata_decode_row_col(pt, p - 1, MONO_PARAM_FLAGS);
            break;
        }
    return 1;
}

/* Whether m is a generic method definition, from its signature blob's
 * calling convention (GENERIC, 0x10: II.23.2.1); 0 returned: ask
 * reflection. */
int zm_md_generic_def(MonoMethod *m, int *is_def)
{
    MonoImage *img = NULL;
    uint32_t row = zm_md_method_row(m, &img);
    if (row == 0)
        return 0;
    const MonoTableInfo *mt = mono_image_get_table_info(img, MONO_TABLE_METHOD);
    const char *blob =
        mono_metadata_blob_heap(img, mono_metadata_decode_row_col(mt, row - 1,
                                                                  MONO_METHOD_SIGNATURE));
    const char *sig = NULL;
    if (mono_metadata_decode_blob_size(blob, &sig) == 0)
        return 0;
    *is_def = ((uint8_t)*sig & 0x10) != 0;
    return 1;
}

uint32_t zm_reflect_param_attrs(MonoMethod *m, uint32_t index)
{
    MonoObject *exc = NULL;
    void *args[2];
    int32_t i = (int32_t)index;
    args[0] = mono_method_get_object(zm.domain, m, NULL);
    args[1] = &i;
    MonoObject *r = zm_call(zm.h.param_attrs, args, &exc);
    if (exc != NULL || r == NULL)
        return 0;
    return (uint32_t) * (int32_t *)mono_object_unbox(r);
}

static uint32_t zm_param_attrs(MonoMethod *m, uint32_t index)
{
    uint32_t flags;
    return zm_md_param_flags(m, index, &flags) ? flags : zm_reflect_param_attrs(m, index);
}

const Il2CppType *il2cpp_method_get_param(const MethodInfo *method, uint32_t index)
{
    MonoMethod *m = ZM_METHOD(method);
    MonoMethodSignature *sig = mono_method_signature(m);
    if (index >= mono_signature_get_param_count(sig))
        return NULL;
    void *it = NULL;
    MonoType *t = NULL;
    for (uint32_t i = 0; i <= index; i++)
        t = mono_signature_get_params(sig, &it);
    /* recorded (and checked against an earlier record) every time: this
     * runs at bind time only */
    zm_attr_record(t, zm_param_attrs(m, index));
    return (const Il2CppType *)(void *)t;
}

const char *il2cpp_method_get_param_name(const MethodInfo *method, uint32_t index)
{
    MonoMethod *m = ZM_METHOD(method);
    uint32_t n = mono_signature_get_param_count(mono_method_signature(m));
    if (index >= n || n > 64)
        return NULL;
    const char *names[64];
    mono_method_get_param_names(m, names);   /* the metadata's own strings */
    return names[index];
}

uint32_t il2cpp_method_get_flags(const MethodInfo *method, uint32_t *iflags)
{
    uint32_t ifl = 0;
    uint32_t f = mono_method_get_flags(ZM_METHOD(method), &ifl);
    if (iflags != NULL)
        *iflags = ifl;
    return f;
}

bool il2cpp_method_is_instance(const MethodInfo *method)
{
    return (mono_method_get_flags(ZM_METHOD(method), NULL) & MONO_METHOD_ATTR_STATIC) == 0;
}

int zm_reflect_generic_def(MonoMethod *m)
{
    MonoObject *exc = NULL;
    void *args[1] = {mono_method_get_object(zm.domain, m, NULL)};
    MonoObject *r = zm_call(zm.h.is_generic_def, args, &exc);
    return exc == NULL && r != NULL && *(MonoBoolean *)mono_object_unbox(r);
}

bool il2cpp_method_is_generic(const MethodInfo *method)
{
    int is_def;
    if (zm_md_generic_def(ZM_METHOD(method), &is_def))
        return is_def != 0;
    return zm_reflect_generic_def(ZM_METHOD(method)) != 0;
}

uint32_t il2cpp_method_get_token(const MethodInfo *method)
{
    return mono_method_get_token(ZM_METHOD(method));
}

const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj, const MethodInfo *method)
{
    return (const MethodInfo *)(void *)mono_object_get_virtual_method(ZM_OBJ(obj),
                                                                      ZM_METHOD(method));
}

/* ---- objects ------------------------------------------------------------ */

uint32_t il2cpp_object_header_size(void)
{
    return (uint32_t)(2 * sizeof(void *));   /* vtable, synchronisation */
}

/* An object begins with its vtable, whose first member is its class, and
 * a boxed value's bytes follow the header (zm_check_layout holds both to
 * Mono's own answers at attach).  Read directly: mono_object_get_class and
 * mono_object_unbox each enter and leave a GC-unsafe region, some sixty
 * instructions on paths every call and delegate invocation take. */
Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj)
{
    if (obj == NULL)
        return NULL;
    MonoClass *const *vtable;
    memcpy(&vtable, obj, sizeof vtable);
    return (Il2CppClass *)(void *)*vtable;
}

void *il2cpp_object_unbox(Il2CppObject *obj)
{
    return (char *)obj + il2cpp_object_header_size();
}

/* ---- arrays --------------------------------------------------------------- */
/* MonoArray: the object header, bounds, max_length, then the elements at
 * 8-byte alignment -- IL2CPP's Il2CppArray layout; zm_init checks it on a
 * real array. */

uint32_t il2cpp_array_object_header_size(void)
{
    return (uint32_t)((4 * sizeof(void *) + 7) & ~(size_t)7);
}

uint32_t il2cpp_offset_of_array_length_in_array_object_header(void)
{
    return (uint32_t)(3 * sizeof(void *));
}

uint32_t il2cpp_offset_of_array_bounds_in_array_object_header(void)
{
    return (uint32_t)(2 * sizeof(void *));
}

int il2cpp_array_element_size(const Il2CppClass *array_class)
{
    return mono_array_element_size(ZM_CLASS(array_class));
}

/* ---- strings ------------------------------------------------------------- */

int32_t il2cpp_string_length(Il2CppString *str)
{
    return mono_string_length((MonoString *)(void *)str);
}

Il2CppChar *il2cpp_string_chars(Il2CppString *str)
{
    return (Il2CppChar *)mono_string_chars((MonoString *)(void *)str);
}

/* ---- threads -------------------------------------------------------------- */

Il2CppThread *il2cpp_thread_current(void)
{
    /* an unattached thread has no current domain (and mono_thread_current
     * would attach it) */
    if (mono_domain_get() == NULL)
        return NULL;
    return (Il2CppThread *)(void *)mono_thread_current();
}

/* ---- GC ------------------------------------------------------------------ */

void il2cpp_gc_wbarrier_set_field(Il2CppObject *obj, void **targetAddress, void *object)
{
    if (obj != NULL)
        mono_gc_wbarrier_set_field(ZM_OBJ(obj), targetAddress, ZM_OBJ(object));
    else
        mono_gc_wbarrier_generic_store(targetAddress, ZM_OBJ(object));
}

/* The glue's GC handles (zlua.h): Mono's are 32-bit, as IL2CPP's before
 * Unity 6. */
uintptr_t zlua_rt_gchandle_new(Il2CppObject *obj, int weak)
{
    return weak ? mono_gchandle_new_weakref(ZM_OBJ(obj), 0) : mono_gchandle_new(ZM_OBJ(obj), 0);
}

Il2CppObject *zlua_rt_gchandle_target(uintptr_t handle)
{
    return (Il2CppObject *)(void *)mono_gchandle_get_target((uint32_t)handle);
}

void zlua_rt_gchandle_free(uintptr_t handle)
{
    mono_gchandle_free((uint32_t)handle);
}

/* ---- exceptions ------------------------------------------------------------ */

void il2cpp_format_exception(const Il2CppException *ex, char *message, int message_size)
{
    if (ex == NULL || message == NULL || message_size <= 0)
        return;
    MonoObject *o = ZM_OBJ(ex);
    MonoClass *k = mono_object_get_class(o);
    char *text = NULL;
    MonoProperty *p = NULL;
    for (MonoClass *c = k; c != NULL && p == NULL; c = mono_class_get_parent(c))
        p = mono_class_get_property_from_name(c, "Message");
    if (p != NULL) {
        MonoObject *exc = NULL;
        MonoObject *s = mono_property_get_value(p, o, NULL, &exc);
        if (exc == NULL && s != NULL)
            text = mono_string_to_utf8((MonoString *)s);
    }
    const char *ns = mono_class_get_namespace(k);
    const char *sep = text != NULL && text[0] ? ": " : "";
    int n = snprintf(NULL, 0, "%s%s%s%s%s", ns, ns[0] ? "." : "", mono_class_get_name(k), sep,
                     text ? text : "");
    char *full = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (full != NULL) {
        snprintf(full, (size_t)n + 1, "%s%s%s%s%s", ns, ns[0] ? "." : "", mono_class_get_name(k),
                 sep, text ? text : "");
        /* copied with strncpy, as libil2cpp does: no NUL when truncated */
        strncpy(message, full, (size_t)message_size);
        free(full);
    } else {
        message[0] = '\0';
    }
    if (text != NULL)
        mono_free(text);
}
