/*
 * mono_attrs.c -- marshalc_attrs.h on Mono: the [LuaMarshalAs] attributes
 * of the loaded assemblies read live, as a Unity Editor reads them, and
 * handed over as name-keyed rules.  The Mono host registers them
 * unvalidated (zlua_rules_register with no
 * ZLUA_MARSHAL_VALIDATED): libzlua checks each at bind time and logs an
 * illegal one once, treating it as Default (marshal-rules.md, "illegal rules").
 *
 * Read the way the simulation's reader does, so the two runtimes see the
 * same rules: type-level, field, parameter and return attributes.  The
 * attribute object's LuaMarshalType and Members are read through its
 * properties.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/assembly.h>
#include <mono/metadata/image.h>
#include <mono/metadata/reflection.h>
#include <mono/metadata/tokentype.h>

#include "core/utf.h"
#include "marshalc_attrs.h"
#include "mono_rt.h"

static MonoObject *zm_get(MonoObject *obj, const char *prop)
{
    MonoProperty *p = mono_class_get_property_from_name(mono_object_get_class(obj), prop);
    MonoObject *exc = NULL;
    MonoObject *v = p ? mono_property_get_value(p, obj, NULL, &exc) : NULL;
    return exc == NULL ? v : NULL;
}

/* A member name as UTF-8, kept for the process ("" for null), by
 * libzlua's own codec (an unpaired surrogate becomes U+FFFD). */
static char *zm_utf8(MonoString *str)
{
    size_t len = str != NULL ? (size_t)mono_string_length(str) : 0;
    const uint16_t *c = str != NULL ? (const uint16_t *)mono_string_chars(str) : NULL;
    size_t n = c != NULL ? zlua__utf16_to_utf8(c, len, NULL) : 0;
    char *out = marshalc_alloc(n + 1);
    if (c != NULL)
        zlua__utf16_to_utf8(c, len, out);
    out[n] = '\0';
    return out;
}

/* The rule of an attribute object: its LuaMarshalType, and Members
 * joined by commas (NULL without). */
static int zm_read(MonoObject *attr, const char **members)
{
    MonoObject *t = zm_get(attr, "LuaMarshalType");
    int type = t != NULL ? *(int32_t *)mono_object_unbox(t) : 0;
    MonoArray *m = (MonoArray *)(void *)zm_get(attr, "Members");
    *members = NULL;
    uintptr_t n = m != NULL ? mono_array_length(m) : 0;
    const char *list[64];
    int count = 0;
    for (uintptr_t i = 0; i < n && count < 64; i++)
        list[count++] = zm_utf8(mono_array_get(m, MonoString *, i));
    *members = marshalc_join(list, count);
    return type;
}

/* The attribute in info, or NULL; frees info. */
static MonoObject *zm_take(MonoCustomAttrInfo *info, MonoClass *ak)
{
    if (info == NULL)
        return NULL;
    MonoObject *o = mono_custom_attrs_has_attr(info, ak) ? mono_custom_attrs_get_attr(info, ak)
                                                          : NULL;
    mono_custom_attrs_free(info);
    return o;
}

static void zm_emit(marshalc_attr_fn fn, void *ud, const char *assembly, zlua_marshal_rule *r,
                    MonoObject *attr, int *found)
{
    r->marshal_type = (uint8_t)zm_read(attr, &r->members);
    r->source = ZLUA_RULE_ATTRIBUTE;
    r->origin = "attribute";
    fn(ud, assembly, r);
    (*found)++;
}

static void zm_class(lua_State *L, MonoClass *k, MonoClass *ak, marshalc_attr_fn fn, void *ud,
                     int *found)
{
    char name[512];
    marshalc_type_name((Il2CppClass *)(void *)k, name, sizeof name);
    const char *assembly = mono_image_get_name(mono_class_get_image(k));
    MonoObject *a = zm_take(mono_custom_attrs_from_class(k), ak);
    if (a != NULL) {
        zlua_marshal_rule r = marshalc_rule_at(ZLUA_RULE_TYPE, name, NULL, NULL, 0);
        zm_emit(fn, ud, assembly, &r, a, found);
    }
    void *iter = NULL;
    MonoClassField *f;
    while ((f = mono_class_get_fields(k, &iter)) != NULL) {
        if ((a = zm_take(mono_custom_attrs_from_field(k, f), ak)) == NULL)
            continue;
        zlua_marshal_rule r =
            marshalc_rule_at(ZLUA_RULE_FIELD, name, mono_field_get_name(f), NULL, 0);
        zm_emit(fn, ud, assembly, &r, a, found);
    }
    iter = NULL;
    MonoMethod *m;
    while ((m = mono_class_get_methods(k, &iter)) != NULL) {
        uint32_t np = mono_signature_get_param_count(mono_method_signature(m));
        for (int index = -1; index < (int)np; index++) {
            /* Mono numbers the return 0 and the parameters from 1 */
            if ((a = zm_take(mono_custom_attrs_from_param(m, (uint32_t)(index + 1)), ak)) == NULL)
                continue;
            char sig[1024];
            if (zlua_rules_signature(L, (const MethodInfo *)(void *)m, sig, sizeof sig) == 0)
                continue;
            zlua_marshal_rule r =
                marshalc_rule_at(index < 0 ? ZLUA_RULE_RETURN : ZLUA_RULE_PARAM, name,
                                 mono_method_get_name(m), sig, index);
            zm_emit(fn, ud, assembly, &r, a, found);
        }
    }
    iter = NULL;
    MonoClass *nested;
    while ((nested = mono_class_get_nested_types(k, &iter)) != NULL)
        zm_class(L, nested, ak, fn, ud, found);
}

/* Whether img can carry the attribute: it defines it, or references the
 * assembly that does (the corlib and the other framework assemblies are
 * not walked, as an Editor reads only the game's). */
static int zm_may_use(MonoImage *img, MonoImage *attr_image)
{
    if (img == attr_image)
        return 1;
    const char *want = mono_image_get_name(attr_image);
    int n = mono_image_get_table_rows(img, MONO_TABLE_ASSEMBLYREF);
    /* one name object for the process: get_assemblyref points its
     * fields into the image's metadata */
    static MonoAssemblyName *an;
    if (an == NULL && (an = mono_assembly_name_new("ZLua.Common")) == NULL)
        return 1;   /* cannot tell: walk it */
    int yes = 0;
    for (int i = 0; i < n && !yes; i++) {
        mono_assembly_get_assemblyref(img, i, an);
        yes = strcmp(mono_assembly_name_get_name(an), want) == 0;
    }
    return yes;
}

int marshalc_read_attributes(lua_State *L, marshalc_attr_fn fn, void *ud)
{
    int found = 0;
    MonoClass *ak = ZM_CLASS(marshalc_attr_class());
    if (ak == NULL)
        return 0;
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        if (!zm_may_use((MonoImage *)(void *)img, mono_class_get_image(ak)))
            continue;
        size_t nc = il2cpp_image_get_class_count(img);
        for (size_t c = 0; c < nc; c++) {
            MonoClass *k = (MonoClass *)(void *)il2cpp_image_get_class(img, c);
            if (k != NULL && mono_class_get_nesting_type(k) == NULL)
                zm_class(L, k, ak, fn, ud, &found);
        }
    }
    return found;
}
