/*
 * ic_register.c -- the IC stubs of [LuaInvoke] methods (R-IC-3) made the
 * methods' internal calls: zlua_ic_register resolves each row of the
 * generated table to its MethodInfo and registers the stub through the
 * glue.
 */
#include <string.h>

#include "il2cpp/il2cpp_api.h"
#include "zlua_stub.h"

/* The class "Outer/Inner" of namespace ns in image img (NULL: none). */
static Il2CppClass *ic_class(const Il2CppImage *img, const char *ns, const char *path)
{
    char part[256];
    const char *slash = strchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : strlen(path);
    if (n == 0 || n >= sizeof part)
        return NULL;
    memcpy(part, path, n);
    part[n] = '\0';
    Il2CppClass *k = il2cpp_class_from_name(img, ns, part);
    while (k != NULL && slash != NULL) {
        path = slash + 1;
        slash = strchr(path, '/');
        n = slash ? (size_t)(slash - path) : strlen(path);
        Il2CppClass *found = NULL, *nested;
        void *iter = NULL;
        while (found == NULL && (nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
            if (strlen(il2cpp_class_get_name(nested)) == n &&
                memcmp(il2cpp_class_get_name(nested), path, n) == 0)
                found = nested;
        k = found;
    }
    return k;
}

/* The static method of e's name and parameter count (NULL: none). */
static const MethodInfo *ic_method(const zlua_ic_entry *e)
{
    const Il2CppAssembly *a = il2cpp_domain_assembly_open(il2cpp_domain_get(), e->assembly);
    const Il2CppImage *img = a ? il2cpp_assembly_get_image(a) : NULL;
    Il2CppClass *k = img ? ic_class(img, e->name_space ? e->name_space : "", e->klass) : NULL;
    if (k == NULL)
        return NULL;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        uint32_t iflags = 0;
        if ((il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_STATIC) &&
            strcmp(il2cpp_method_get_name(mi), e->method) == 0 &&
            il2cpp_method_get_param_count(mi) == e->param_count)
            return mi;
    }
    return NULL;
}

int zlua_ic_register(const zlua_ic_table *t, size_t *registered)
{
    if (registered != NULL)
        *registered = 0;
    if (t == NULL)
        return ZLUA_EINVAL;
    if (t->abi != ZLUA_STUB_ABI)
        return ZLUA_EVERSION;   /* its rows cannot even be read safely */
    if (t->entries == NULL && t->count > 0)
        return ZLUA_EINVAL;
    for (size_t i = 0; i < t->count; i++) {
        const zlua_ic_entry *e = &t->entries[i];
        if (e->icall == NULL || e->assembly == NULL || e->klass == NULL || e->method == NULL ||
            e->method_info == NULL || e->fn == NULL)
            return ZLUA_EINVAL;
    }
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++) {
        const zlua_ic_entry *e = &t->entries[i];
        const MethodInfo *mi = ic_method(e);
        if (mi == NULL)
            continue;   /* not in this process: its calls find no internal call */
        *e->method_info = mi;
        zlua_rt_add_internal_call(e->icall, e->fn);
        n++;
    }
    if (registered != NULL)
        *registered = n;
    return ZLUA_OK;
}
