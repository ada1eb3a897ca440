/*
 * sim_attrs.c -- marshalc_attrs.h on the simulated IL2CPP: the
 * [LuaMarshalAs] attributes of its catalog as name-keyed rules, for the
 * tools built on it and the test host's live mode.  Parameter and
 * return attributes come from the catalog itself (sim_param_marshal_as):
 * IL2CPP has no API for them.
 */
#include "marshalc_attrs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "il2cpp/il2cpp_api.h"
#include "sim.h"
#include "sim_internal.h"

/* LuaMarshalType and Members of a LuaMarshalAsAttribute object, through
 * the fields behind the two properties (the C# compiler's names). */
static int ma_read_object(Il2CppObject *obj, Il2CppClass *ak, char **members)
{
    int32_t value = 0;
    Il2CppArray *arr = NULL;
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(ak, &iter)) != NULL) {
        const char *n = il2cpp_field_get_name(f);
        char *at = (char *)obj + il2cpp_field_get_offset(f);
        if (strcmp(n, "luaMarshalType") == 0)
            memcpy(&value, at, sizeof value);
        else if (strcmp(n, "<Members>k__BackingField") == 0)
            memcpy(&arr, at, sizeof arr);
    }
    *members = NULL;
    if (arr != NULL) {
        uintptr_t len;
        memcpy(&len, (char *)arr + il2cpp_offset_of_array_length_in_array_object_header(),
               sizeof len);
        Il2CppString **items =
            (Il2CppString **)(void *)((char *)arr + il2cpp_array_object_header_size());
        char *list[64];
        int n = 0;
        for (uintptr_t i = 0; i < len && n < 64; i++) {
            size_t bytes = sim_string_to_utf8(items[i], NULL, 0);   /* "" for null */
            list[n] = marshalc_alloc(bytes + 1);
            sim_string_to_utf8(items[i], list[n++], bytes + 1);
        }
        *members = marshalc_join((const char *const *)list, n);
    }
    return value;
}

/* Hands fn the rule r, filled from the attribute object obj. */
static void ma_emit(marshalc_attr_fn fn, void *ud, const char *asm_name, zlua_marshal_rule r,
                    Il2CppObject *obj, Il2CppClass *ak)
{
    char *members;
    r.marshal_type = (uint8_t)ma_read_object(obj, ak, &members);
    r.source = ZLUA_RULE_ATTRIBUTE;
    r.members = members;
    r.origin = "attribute";
    fn(ud, asm_name, &r);
}

/* A delegate's BeginInvoke and EndInvoke: the C# compiler copies the
 * attributes of the delegate's signature onto them; the user's rule is
 * the one on Invoke (as mono_attrs.c reads it). */
static int ma_copied(Il2CppClass *k, const MethodInfo *mi)
{
    Il2CppClass *parent = il2cpp_class_get_parent(k);
    if (parent == NULL || strcmp(il2cpp_class_get_namespace(parent), "System") != 0 ||
        strcmp(il2cpp_class_get_name(parent), "MulticastDelegate") != 0)
        return 0;
    const char *name = il2cpp_method_get_name(mi);
    return strcmp(name, "BeginInvoke") == 0 || strcmp(name, "EndInvoke") == 0;
}

static int ma_class(lua_State *L, Il2CppClass *k, Il2CppClass *ak, marshalc_attr_fn fn, void *ud)
{
    int found = 0;
    char name[512];
    marshalc_type_name(k, name, sizeof name);
    const char *asm_name = il2cpp_class_get_assemblyname(k);
    /* type-level */
    Il2CppCustomAttrInfo *info = il2cpp_custom_attrs_from_class(k);
    Il2CppObject *obj = info && ak ? il2cpp_custom_attrs_get_attr(info, ak) : NULL;
    if (info)
        il2cpp_custom_attrs_free(info);
    if (obj != NULL) {
        ma_emit(fn, ud, asm_name, marshalc_rule_at(ZLUA_RULE_TYPE, name, NULL, NULL, 0), obj, ak);
        found++;
    }
    /* fields */
    void *iter = NULL;
    FieldInfo *f;
    while (ak && (f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        Il2CppCustomAttrInfo *fi = il2cpp_custom_attrs_from_field(f);
        Il2CppObject *fo = fi ? il2cpp_custom_attrs_get_attr(fi, ak) : NULL;
        if (fi)
            il2cpp_custom_attrs_free(fi);
        if (fo == NULL)
            continue;
        ma_emit(fn, ud, asm_name,
                marshalc_rule_at(ZLUA_RULE_FIELD, name, il2cpp_field_get_name(f), NULL, 0), fo,
                ak);
        found++;
    }
    /* parameters and returns */
    iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        if (ma_copied(k, mi))
            continue;
        uint32_t np = il2cpp_method_get_param_count(mi);
        for (int index = -1; index < (int)np; index++) {
            const char *const *list = NULL;
            int count = 0;
            int type = sim_param_marshal_as(mi, index, &list, &count);
            if (type == 0)
                continue;
            char sig[1024];
            if (zlua_rules_signature(L, mi, sig, sizeof sig) == 0)
                continue;
            zlua_marshal_rule r =
                marshalc_rule_at(index < 0 ? ZLUA_RULE_RETURN : ZLUA_RULE_PARAM, name,
                                 il2cpp_method_get_name(mi), sig, index);
            r.source = ZLUA_RULE_ATTRIBUTE;
            r.marshal_type = (uint8_t)type;
            r.members = marshalc_join(list, count);
            r.origin = "attribute";
            fn(ud, asm_name, &r);
            found++;
        }
    }
    /* nested types */
    iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        found += ma_class(L, nested, ak, fn, ud);
    return found;
}

int marshalc_read_attributes(lua_State *L, marshalc_attr_fn fn, void *ud)
{
    int found = 0;
    Il2CppClass *ak = marshalc_attr_class();
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        size_t nc = il2cpp_image_get_class_count(img);
        for (size_t c = 0; c < nc; c++) {
            Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(img, c);
            if (il2cpp_class_get_declaring_type(k) == NULL)
                found += ma_class(L, k, ak, fn, ud);
        }
    }
    return found;
}
