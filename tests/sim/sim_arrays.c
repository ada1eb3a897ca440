/*
 * sim_arrays.c -- array classes and array objects.
 *
 * Layout as libil2cpp: Il2CppArray header, elements from
 * il2cpp_array_object_header_size() (8-aligned), and for multi-dimensional
 * arrays the bounds at the end of the same allocation, pointer-aligned.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* offsetof(Il2CppArraySize, vector) with vector ALIGN_TYPE(8) */
#define ARRAY_HEADER_SIZE ((sizeof(Il2CppArray) + 7) & ~(size_t)7)

uint32_t il2cpp_array_object_header_size(void)
{
    return (uint32_t)ARRAY_HEADER_SIZE;
}

uint32_t il2cpp_offset_of_array_length_in_array_object_header(void)
{
    return (uint32_t)offsetof(Il2CppArray, max_length);
}

uint32_t il2cpp_offset_of_array_bounds_in_array_object_header(void)
{
    return (uint32_t)offsetof(Il2CppArray, bounds);
}

static char *rank_suffix(uint32_t rank)
{
    char buf[40];
    size_t n = 0;
    buf[n++] = '[';
    for (uint32_t i = 1; i < rank && n < sizeof buf - 2; i++)
        buf[n++] = ',';
    buf[n++] = ']';
    buf[n] = '\0';
    return sim_strdup(buf);
}

Il2CppClass *il2cpp_array_class_get(Il2CppClass *element_class, uint32_t rank)
{
    if (element_class == NULL || rank == 0 || rank > 32 ||
        element_class->byval_arg.type == IL2CPP_TYPE_VOID)
        return NULL;
    for (Il2CppClass *k = element_class->next_array; k; k = k->next_array)
        if (k->rank == rank)
            return k;

    char *suffix = rank_suffix(rank);
    Il2CppClass *k = sim_class_new(element_class->image,
                                   element_class->namespaze,
                                   sim_strcat3(element_class->name, suffix, ""),
                                   SIM_KIND_CLASS,
                                   rank == 1 ? IL2CPP_TYPE_SZARRAY
                                             : IL2CPP_TYPE_ARRAY);
    free(k->full_name);
    k->full_name = sim_strcat3(element_class->full_name, suffix, "");
    k->il_name = element_class->il_name == element_class->full_name
                     ? k->full_name
                     : sim_strcat3(element_class->il_name, suffix, "");
    free(suffix);
    k->parent = sim_k.array;
    k->flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED |
               SIM_TYPE_SERIALIZABLE;
    k->rank = (uint8_t)rank;
    k->element_class = element_class;
    k->cast_class = element_class->cast_class;
    k->instance_size = (int32_t)ARRAY_HEADER_SIZE;
    k->next_array = element_class->next_array;
    element_class->next_array = k;
    return k;
}

int il2cpp_array_element_size(const Il2CppClass *array_class)
{
    return sim_element_size(array_class->element_class);
}

Il2CppArray *il2cpp_array_new_full(Il2CppClass *array_class,
                                   il2cpp_array_size_t *lengths,
                                   il2cpp_array_size_t *lower_bounds)
{
    sim_fail_point(SIM_OP_ARRAY_NEW, array_class);
    if (array_class == NULL || array_class->rank == 0 || lengths == NULL)
        return NULL;
    size_t esize = (size_t)sim_element_size(array_class->element_class);
    bool sz = array_class->byval_arg.type == IL2CPP_TYPE_SZARRAY;
    il2cpp_array_size_t count = 1;
    for (uint32_t i = 0; i < array_class->rank; i++) {
        /* libil2cpp raises OverflowException past IL2CPP_ARRAY_MAX_INDEX */
        if (lengths[i] > (il2cpp_array_size_t)INT32_MAX ||
            (lengths[i] && count > ((il2cpp_array_size_t)INT32_MAX) / lengths[i]))
            sim_raise("System", "OverflowException", SIM_OVERFLOW_MESSAGE);
        count *= lengths[i];
    }
    if (esize && count > (SIZE_MAX - ARRAY_HEADER_SIZE - 256) / esize)
        sim_raise_oom();
    size_t size = ARRAY_HEADER_SIZE + esize * count, bounds_at = 0;
    if (!sz) {
        size = (size + sizeof(void *) - 1) & ~(sizeof(void *) - 1);
        bounds_at = size;
        size += sizeof(Il2CppArrayBounds) * array_class->rank;
    }
    /* libil2cpp: pointer-free without references; an element type whose
     * references a bitmap describes gets the precise vector kind */
    Il2CppArray *a = sim_vector_wanted(array_class->element_class)
                         ? sim_vector_alloc(array_class->element_class, size)
                         : sim_gc_alloc(size, !sim_class_has_refs(array_class));
    if (a == NULL)
        sim_raise_oom();
    a->obj.klass = array_class;
    /* after the class: a vector's mark procedure reads the length first
     * (sim_vectors.c), and a nonzero one means the class is there */
    __atomic_store_n(&a->max_length, count, __ATOMIC_RELEASE);
    if (!sz) {
        a->bounds = (Il2CppArrayBounds *)((char *)a + bounds_at);
        for (uint32_t i = 0; i < array_class->rank; i++) {
            a->bounds[i].length = lengths[i];
            a->bounds[i].lower_bound =
                lower_bounds ? (il2cpp_array_lower_bound_t)lower_bounds[i] : 0;
        }
    }
    return a;
}

Il2CppArray *il2cpp_array_new(Il2CppClass *element_class,
                              il2cpp_array_size_t length)
{
    Il2CppClass *k = il2cpp_array_class_get(element_class, 1);
    return k ? il2cpp_array_new_full(k, &length, NULL) : NULL;
}

uint32_t il2cpp_array_length(Il2CppArray *array)
{
    return (uint32_t)array->max_length;
}

uint32_t il2cpp_array_get_byte_length(Il2CppArray *array)
{
    return (uint32_t)((size_t)sim_element_size(array->obj.klass->element_class) *
                      array->max_length);
}

void *sim_mdarray_address(Il2CppArray *array, const int32_t *indices)
{
    /* g[i, j] in IL2CPP's generated code: every index checked against its
     * dimension (lower bounds honoured), row-major, else
     * IndexOutOfRangeException */
    Il2CppClass *k = array->obj.klass;
    size_t index = 0;
    for (uint32_t d = 0; d < k->rank; d++) {
        il2cpp_array_size_t len = array->bounds ? array->bounds[d].length
                                                : array->max_length;
        int64_t lower = array->bounds ? array->bounds[d].lower_bound : 0;
        int64_t i = (int64_t)indices[d] - lower;
        if (i < 0 || (uint64_t)i >= (uint64_t)len)
            sim_raise("System", "IndexOutOfRangeException",
                      "Index was outside the bounds of the array.");
        index = index * (size_t)len + (size_t)i;
    }
    return (char *)array + ARRAY_HEADER_SIZE +
           index * (size_t)sim_element_size(k->element_class);
}
