/*
 * sim_generated.c -- an optional generated assembly of many classes, so
 * that tests and benchmarks can show what libzlua's type lookups cost in a
 * game of tens of thousands of types.
 *
 * ZLUA_SIM_EXTRA_CLASSES=N (read once, at sim_init; 1 .. 1 000 000, other
 * values add nothing), or sim_generated_install(N) from a test, adds the
 * assembly "Generated" (image "Generated.dll") after the catalog's two.
 * Definition i is the public class Gen.N<k>.C<i>, k = i / 100, deriving
 * from System.Object, declaring one public nested class Inner (full name
 * Gen.N<k>.C<i>+Inner) and, with ZLUA_SIM_EXTRA_MEMBERS=M (or
 * sim_generated_install_members), M public static methods
 * `int M<j>(int x) => x + j`, j = 0 .. M-1, and no other member: the
 * shape tests/scale/gen_types.awk writes in C# for Mono.
 *
 * The image behaves like an IL2CPP image: it holds definitions, not
 * classes.  il2cpp_image_get_class(image, i) creates class i (with its
 * nested class); il2cpp_class_from_name is a hash lookup over the
 * definitions that creates only the class it finds; a class is counted by
 * sim_classes_materialized() when the image API first hands it out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "sim_invokers.h"

#define GEN_PER_NAMESPACE 100
#define GEN_MAX 1000000u
#define GEN_NAME_CAP 32

#define GEN_MAX_MEMBERS 60000u   /* Il2CppClass.method_count is 16 bits */

static Il2CppImage gen_image = {"Generated.dll", NULL, NULL, 0, 0, NULL, NULL, 0};
static const Il2CppAssembly gen_assembly = {"Generated", &gen_image};

static size_t gen_members;
static SimMethodDef *gen_method_defs;   /* shared by every generated class */

/* public static int M<j>(int x) => x + j: j read back from the name the
 * method was called through (the method is IL2CPP's last argument) */
static int32_t gen_member_body(int32_t x, const MethodInfo *mi)
{
    const SimMethod *m = (const SimMethod *)mi;
    return x + (int32_t)strtol(m->name + 1, NULL, 10);
}

static void gen_make_method_defs(size_t members)
{
    gen_members = members;
    gen_method_defs = sim_xcalloc(members + 1, sizeof *gen_method_defs);
    for (size_t j = 0; j < members; j++) {
        char name[GEN_NAME_CAP];
        snprintf(name, sizeof name, "M%zu", j);
        SimMethodDef *d = &gen_method_defs[j];
        d->name = sim_strdup(name);
        d->flags = SIM_M_STATIC;
        d->ret = "System.Int32";
        d->params[0].type = "System.Int32";
        d->params[0].name = "x";
        d->body = (Il2CppMethodPointer)gen_member_body;
        d->invoker = sim_inv_i4_i4;
    }
}

/* open addressing: definition index + 1, 0 = empty */
static uint32_t *gen_slots;
static uint32_t gen_mask;

static void gen_names(size_t i, char ns[GEN_NAME_CAP], char name[GEN_NAME_CAP])
{
    snprintf(ns, GEN_NAME_CAP, "Gen.N%zu", i / GEN_PER_NAMESPACE);
    snprintf(name, GEN_NAME_CAP, "C%zu", i);
}

/* FNV-1a over "ns.name" (what IL2CPP's name table keys on) */
static uint32_t gen_hash(const char *ns, const char *name)
{
    uint32_t h = 2166136261u;
    for (const char *p = ns; *p; p++)
        h = (h ^ (uint8_t)*p) * 16777619u;
    h = (h ^ (uint8_t)'.') * 16777619u;
    for (const char *p = name; *p; p++)
        h = (h ^ (uint8_t)*p) * 16777619u;
    return h;
}

static size_t gen_find(const Il2CppImage *image, const char *ns, const char *name)
{
    (void)image;
    char ins[GEN_NAME_CAP], iname[GEN_NAME_CAP];
    for (uint32_t s = gen_hash(ns, name) & gen_mask;; s = (s + 1) & gen_mask) {
        if (gen_slots[s] == 0)
            return SIZE_MAX;
        size_t i = gen_slots[s] - 1;
        gen_names(i, ins, iname);
        if (strcmp(ins, ns) == 0 && strcmp(iname, name) == 0)
            return i;
    }
}

/* Class::FromTypeDefinition: the class and its nested class, not counted
 * (il2cpp_image_get_class counts what it hands out). */
static Il2CppClass *gen_materialize(Il2CppImage *image, size_t i)
{
    char ns[GEN_NAME_CAP], name[GEN_NAME_CAP];
    gen_names(i, ns, name);
    Il2CppClass *k = sim_class_new(image, sim_strdup(ns), sim_strdup(name),
                                   SIM_KIND_CLASS, 0);
    k->flags = TYPE_ATTRIBUTE_PUBLIC;
    k->parent = sim_k.object;
    k->instance_size = sim_k.object->instance_size;
    Il2CppClass *inner = sim_class_new(image, "", "Inner", SIM_KIND_CLASS, 0);
    free(inner->full_name);
    inner->full_name = sim_strcat3(k->full_name, "+", "Inner");
    inner->il_name = sim_strcat3(k->full_name, ".", "Inner");
    inner->flags = TYPE_ATTRIBUTE_NESTED_PUBLIC;
    inner->parent = sim_k.object;
    inner->instance_size = sim_k.object->instance_size;
    inner->declaring = k;
    k->nested = sim_xcalloc(1, sizeof *k->nested);
    k->nested[0] = inner;
    k->nested_count = 1;
    if (gen_members != 0)
        sim_add_methods(k, gen_method_defs);
    image->classes[i] = k;
    return k;
}

size_t sim_generated_install(size_t count)
{
    return sim_generated_install_members(count, 0);
}

size_t sim_generated_install_members(size_t count, size_t members)
{
    if (gen_image.count != 0 || count == 0)
        return gen_image.count;
    if (members > GEN_MAX_MEMBERS)
        members = GEN_MAX_MEMBERS;
    if (members != 0)
        gen_make_method_defs(members);
    if (count > GEN_MAX)
        count = GEN_MAX;
    uint32_t cap = 1;
    while (cap < 2 * count)
        cap <<= 1;
    gen_slots = sim_xcalloc(cap, sizeof *gen_slots);
    gen_mask = cap - 1;
    char ns[GEN_NAME_CAP], name[GEN_NAME_CAP];
    for (size_t i = 0; i < count; i++) {
        gen_names(i, ns, name);
        uint32_t s = gen_hash(ns, name) & gen_mask;
        while (gen_slots[s] != 0)
            s = (s + 1) & gen_mask;
        gen_slots[s] = (uint32_t)i + 1;
    }
    gen_image.assembly = &gen_assembly;
    gen_image.classes = sim_xcalloc(count, sizeof *gen_image.classes);
    gen_image.count = gen_image.cap = count;
    gen_image.materialize = gen_materialize;
    gen_image.find = gen_find;
    sim_domain_add(&gen_assembly);
    return count;
}

void sim_generated_set_visible(int visible)
{
    if (gen_image.count != 0)
        sim_domain_show_added(visible != 0);
}

void sim_generated_init(void)
{
    const char *v = getenv("ZLUA_SIM_EXTRA_CLASSES");
    if (v == NULL || *v == '\0')
        return;
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (*end != '\0' || n == 0 || n > GEN_MAX) {
        fprintf(stderr, "zlua_sim: ZLUA_SIM_EXTRA_CLASSES=%s ignored (1..%u)\n", v, GEN_MAX);
        return;
    }
    unsigned long members = 0;
    const char *mv = getenv("ZLUA_SIM_EXTRA_MEMBERS");
    if (mv != NULL && *mv != '\0') {
        members = strtoul(mv, &end, 10);
        if (*end != '\0' || members > GEN_MAX_MEMBERS) {
            fprintf(stderr, "zlua_sim: ZLUA_SIM_EXTRA_MEMBERS=%s ignored (0..%u)\n", mv,
                    GEN_MAX_MEMBERS);
            members = 0;
        }
    }
    sim_generated_install_members((size_t)n, (size_t)members);
}
