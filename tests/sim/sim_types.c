/*
 * sim_types.c -- Il2CppType: the type API and the metadata type instances.
 *
 * In IL2CPP, il2cpp_class_get_type() returns &klass->byval_arg, while the
 * types of parameters, returns and fields point into the metadata's type
 * table: other Il2CppType instances, which also carry the field or
 * parameter flags in attrs.  The simulation keeps that distinction, so
 * code comparing Il2CppType pointers instead of classes fails here as it
 * would in a player.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

const Il2CppType *sim_meta_type(Il2CppClass *klass, bool byref,
                                uint32_t attrs)
{
    for (Il2CppType *t = klass->interned; t; t = t->next)
        if (t->byref == byref && t->attrs == attrs)
            return t;
    Il2CppType *t = sim_xcalloc(1, sizeof *t);
    t->klass = klass;
    t->attrs = attrs;
    t->type = klass->byval_arg.type;
    t->byref = byref;
    t->next = klass->interned;
    klass->interned = t;
    return t;
}

const Il2CppType *sim_byref_type(Il2CppClass *klass)
{
    return klass ? &klass->this_arg : NULL;
}

int il2cpp_type_get_type(const Il2CppType *type)
{
    /* byref types keep the element's type enum; byref is a flag */
    return type->type;
}

bool il2cpp_type_is_byref(const Il2CppType *type)
{
    return type->byref;
}

uint32_t il2cpp_type_get_attrs(const Il2CppType *type)
{
    return type->attrs;
}

Il2CppClass *il2cpp_class_from_type(const Il2CppType *type)
{
    return type ? type->klass : NULL;
}

Il2CppClass *il2cpp_class_from_il2cpp_type(const Il2CppType *type)
{
    return il2cpp_class_from_type(type);
}

const Il2CppType *il2cpp_class_get_type(Il2CppClass *klass)
{
    return &klass->byval_arg;
}

char *il2cpp_type_get_name(const Il2CppType *type)
{
#if SIM_TYPE_NAME_FULL_FORMAT
    const char *name = type->klass->full_name;
#else
    const char *name = type->klass->il_name;
#endif
    size_t n = strlen(name);
    char *out = malloc(n + 2);
    if (out == NULL)
        return NULL;
    memcpy(out, name, n);
    if (type->byref)
        out[n++] = '&';
    out[n] = '\0';
    return out;
}

void il2cpp_free(void *ptr)
{
    free(ptr);
}
