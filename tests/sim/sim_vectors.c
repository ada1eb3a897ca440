/*
 * sim_vectors.c -- arrays of value types with references, marked
 * precisely.
 *
 * libil2cpp allocates such an array (Tagged[]: an int and a string per
 * element) in a collector kind of its own whose mark procedure reads the
 * element type's reference bitmap and marks only the reference words of
 * each element; the integers beside them are never taken for pointers.
 * The simulation does the same with bdwgc's public mark-procedure API, so
 * a comparison of libzlua's registries with a C# array (the benchmark's
 * GC case) is against what a player's collector really does, and a value
 * hidden in an element's integer keeps nothing alive, as in a player.
 *
 * Arrays of references and reference-free arrays keep sim_gc_alloc's
 * kinds (every element word is a reference, or none is).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gc.h>
#include <gc/gc_mark.h>   /* the simulation always builds on the installed bdwgc */

#include "sim_internal.h"

/* The unboxed offsets of a value type's references, nested structs
 * flattened. */
struct SimRefMap {
    uint32_t count;
    uint32_t offsets[];
};

static unsigned vector_kind;
static int vector_kind_ready;

static void refmap_collect(const Il2CppClass *vt, uint32_t base, uint32_t *out, uint32_t *n,
                           uint32_t cap)
{
    for (uint16_t i = 0; i < vt->field_count; i++) {
        const FieldInfo *f = &vt->fields[i];
        if (f->type->attrs & FIELD_ATTRIBUTE_STATIC)
            continue;
        Il2CppClass *fk = f->type->klass;
        uint32_t at = base + (uint32_t)f->offset - (uint32_t)sizeof(Il2CppObject);
        if (fk->byval_arg.type == IL2CPP_TYPE_PTR || fk == vt)
            continue;
        if (sim_is_reference(fk)) {
            if (*n < cap)
                out[*n] = at;
            ++*n;
        } else if (sim_class_has_refs(fk)) {
            refmap_collect(fk, at, out, n, cap);
        }
    }
}

/* The map of a value type, computed once (before any array of it exists,
 * so the mark procedure only ever reads a finished map). */
static const struct SimRefMap *refmap_of(Il2CppClass *vt)
{
    const struct SimRefMap *m = __atomic_load_n(&vt->ref_map, __ATOMIC_ACQUIRE);
    if (m != NULL)
        return m;
    uint32_t n = 0;
    refmap_collect(vt, 0, NULL, &n, 0);
    struct SimRefMap *fresh = malloc(sizeof *fresh + n * sizeof fresh->offsets[0]);
    if (fresh == NULL)
        return NULL;
    fresh->count = 0;
    refmap_collect(vt, 0, fresh->offsets, &fresh->count, n);
    const struct SimRefMap *expected = NULL;
    if (!__atomic_compare_exchange_n(&vt->ref_map, &expected, fresh, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        free(fresh);   /* another thread's identical map won */
        return expected;
    }
    return fresh;
}

/* Called by the collector (its lock held, possibly on a marker thread)
 * with the base address of any block of the kind a pointer reaches: an
 * array, one whose header is not written yet, or a free block, whose
 * first word is the free list's link (not a class) and the rest zeroed
 * (the kind clears).  So the length, written after the class, is read
 * first: 0 leaves nothing to mark and the first word is never followed. */
static struct GC_ms_entry *vector_mark(GC_word *addr, struct GC_ms_entry *msp,
                                       struct GC_ms_entry *lim, GC_word env)
{
    (void)env;
    Il2CppArray *a = (Il2CppArray *)addr;
    if (a->max_length == 0)
        return msp;
    msp = GC_MARK_AND_PUSH(a->obj.monitor, msp, lim, &a->obj.monitor);
    const Il2CppClass *k = a->obj.klass;
    if (k == NULL)
        return msp;
    const struct SimRefMap *m = k->element_class->ref_map;
    size_t esize = (size_t)k->element_class->value_size;
    char *e = (char *)a + il2cpp_array_object_header_size();
    for (il2cpp_array_size_t i = 0; i < a->max_length; i++, e += esize)
        for (uint32_t j = 0; j < m->count; j++) {
            void **slot = (void **)(void *)(e + m->offsets[j]);
            msp = GC_MARK_AND_PUSH(*slot, msp, lim, slot);
        }
    return msp;
}

void sim_vectors_init(void)
{
    if (vector_kind_ready)
        return;
    vector_kind = GC_new_kind(GC_new_free_list(), GC_MAKE_PROC(GC_new_proc(vector_mark), 0),
                              0, 1);
    vector_kind_ready = 1;
}

bool sim_vector_wanted(Il2CppClass *element)
{
    return element->valuetype && sim_class_has_refs(element);
}

void *sim_vector_alloc(Il2CppClass *element, size_t size)
{
    if (refmap_of(element) == NULL)
        return NULL;
    return sim_gc_alloc_kind(size, vector_kind);
}
