/*
 * sim_objects.c -- object allocation, boxing, sizes, virtual dispatch.
 */
#include <string.h>

#include "sim_internal.h"

uint32_t il2cpp_object_header_size(void)
{
    return (uint32_t)sizeof(Il2CppObject);
}

Il2CppClass *il2cpp_object_get_class(Il2CppObject *obj)
{
    return obj->klass;
}

Il2CppObject *sim_object_alloc(Il2CppClass *klass)
{
    Il2CppObject *o = sim_gc_alloc((size_t)klass->instance_size,
                                   !sim_class_has_refs(klass));
    if (o)
        o->klass = klass;
    return o;
}

/* libil2cpp's Object::New: class init first (a throwing static
 * constructor throws TypeInitializationException), then the allocation,
 * which throws OutOfMemoryException rather than return NULL. */
Il2CppObject *il2cpp_object_new(const Il2CppClass *klass)
{
    Il2CppClass *k = (Il2CppClass *)klass;
    sim_fail_point(SIM_OP_OBJECT_NEW, k);
    il2cpp_runtime_class_init(k);
    /* libil2cpp: a "new Nullable<T>" object is a boxed T */
    if (k->generic_def == sim_k.nullable)
        k = k->generic_arg;
    Il2CppObject *o = sim_object_alloc(k);
    if (o == NULL)
        sim_raise_oom();
    return o;
}

void *il2cpp_object_unbox(Il2CppObject *obj)
{
    return (char *)obj + sizeof(Il2CppObject);
}

Il2CppObject *il2cpp_value_box(Il2CppClass *klass, void *data)
{
    /* libil2cpp's Object::Box: a reference type "boxes" to the object
     * stored at data; Nullable<T> boxes its T, or gives NULL without a
     * value (ECMA-335 I.8.2.4). */
    if (!klass->valuetype)
        return *(Il2CppObject **)data;
    sim_fail_point(SIM_OP_VALUE_BOX, klass);
    il2cpp_runtime_class_init(klass);
    if (klass->generic_def == sim_k.nullable) {
        const FieldInfo *value = &klass->fields[SIM_NULLABLE_HASVALUE_FIRST ? 1 : 0];
        const FieldInfo *has = &klass->fields[SIM_NULLABLE_HASVALUE_FIRST ? 0 : 1];
        const char *p = data;
        if (!p[has->offset - (int32_t)sizeof(Il2CppObject)])
            return NULL;
        data = (char *)data + value->offset - (int32_t)sizeof(Il2CppObject);
        klass = klass->generic_arg;
    }
    Il2CppObject *o = sim_object_alloc(klass);
    if (o == NULL)
        sim_raise_oom();
    memcpy(il2cpp_object_unbox(o), data, (size_t)klass->value_size);
    return o;
}

uint32_t il2cpp_object_get_size(Il2CppObject *obj)
{
    Il2CppClass *k = obj->klass;
    if (k == sim_k.string) {
        Il2CppString *s = (Il2CppString *)obj;
        return (uint32_t)(offsetof(Il2CppString, chars) +
                          2 * (size_t)s->length + 2);
    }
    if (k->rank) {
        Il2CppArray *a = (Il2CppArray *)obj;
        size_t size = il2cpp_array_object_header_size() +
                      (size_t)sim_element_size(k->element_class) * a->max_length;
        if (a->bounds) {
            size = (size + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
            size += sizeof(Il2CppArrayBounds) * k->rank;
        }
        return (uint32_t)size;
    }
    return (uint32_t)k->instance_size;
}

/* does m override (or implement) base, directly or through a chain? */
static bool overrides(const SimMethod *m, const SimMethod *base)
{
    for (const SimMethod *o = m; o; o = o->overrides)
        if (o == base)
            return true;
    return false;
}

const MethodInfo *il2cpp_object_get_virtual_method(Il2CppObject *obj,
                                                   const MethodInfo *method)
{
    /* libil2cpp returns final or non-virtual methods unchanged, else the
     * vtable entry of obj's class: the most derived override. */
    const SimMethod *m = sim_m(method);
    if ((m->flags & SIM_METHOD_FINAL) || !(m->flags & METHOD_ATTRIBUTE_VIRTUAL))
        return method;
    for (Il2CppClass *k = obj->klass; k; k = k->parent)
        for (uint16_t i = 0; i < k->method_count; i++)
            if (overrides(k->methods[i], m))
                return &k->methods[i]->mi;
    return method;
}
