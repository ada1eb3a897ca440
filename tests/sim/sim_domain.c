/*
 * sim_domain.c -- the domain, its three assemblies and their images, and
 * the name lookups (il2cpp_class_from_name, sim_class, sim_method).
 *
 * mscorlib and Assembly-CSharp hold the catalog of the fixture catalog; ZLua.Tests
 * holds test-only types that the fixture catalog must not gain (the
 * unusable methods of sim_catalog_tests.c).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static Il2CppImage corlib_image = {"mscorlib.dll", NULL, NULL, 0, 0, NULL, NULL, 0};
static Il2CppImage game_image = {"Assembly-CSharp.dll", NULL, NULL, 0, 0, NULL, NULL, 0};
static const Il2CppAssembly corlib_assembly = {"mscorlib", &corlib_image};
static Il2CppImage tests_image = {"ZLua.Tests.dll", NULL, NULL, 0, 0, NULL, NULL, 0};
static Il2CppImage common_image = {"ZLua.Common.dll", NULL, NULL, 0, 0, NULL, NULL, 0};
static const Il2CppAssembly game_assembly = {"Assembly-CSharp", &game_image};
static const Il2CppAssembly tests_assembly = {"ZLua.Tests", &tests_image};
static const Il2CppAssembly common_assembly = {"ZLua.Common", &common_image};
#define SIM_BASE_ASSEMBLIES 4
static Il2CppDomain domain = {{&corlib_assembly, &common_assembly, &game_assembly,
                               &tests_assembly, NULL},
                              SIM_BASE_ASSEMBLIES};
/* assemblies in the domain, shown or not (sim_domain_show_added) */
static size_t domain_all = SIM_BASE_ASSEMBLIES;

/* every class ever created (definitions, arrays, inflated, pointers) */
static Il2CppClass *all_classes;

/* classes handed out by the image API, each once */
static uint64_t materialized;

void sim_domain_init(void)
{
    corlib_image.assembly = &corlib_assembly;
    game_image.assembly = &game_assembly;
    tests_image.assembly = &tests_assembly;
    common_image.assembly = &common_assembly;
}

Il2CppImage *sim_common_image(void)
{
    return &common_image;
}

Il2CppImage *sim_corlib_image(void)
{
    return &corlib_image;
}

Il2CppImage *sim_game_image(void)
{
    return &game_image;
}

Il2CppImage *sim_tests_image(void)
{
    return &tests_image;
}

void sim_image_add(Il2CppImage *image, Il2CppClass *klass)
{
    if (image->count == image->cap) {
        size_t cap = image->cap ? image->cap * 2 : 32;
        Il2CppClass **grown = realloc(image->classes, cap * sizeof *grown);
        if (grown == NULL)
            abort();  /* catalog construction cannot continue */
        image->classes = grown;
        image->cap = cap;
    }
    image->classes[image->count++] = klass;
}

void sim_register_class(Il2CppClass *klass)
{
    klass->next_all = all_classes;
    all_classes = klass;
}

Il2CppClass *sim_first_class(void)
{
    return all_classes;
}

static Il2CppClass *all_shells;

void sim_register_shell(Il2CppClass *shell)
{
    shell->next_shell = all_shells;
    all_shells = shell;
}

Il2CppClass *sim_first_shell(void)
{
    return all_shells;
}

void sim_domain_add(const Il2CppAssembly *assembly)
{
    if (domain_all == SIM_MAX_ASSEMBLIES)
        abort();  /* a simulation bug: raise SIM_MAX_ASSEMBLIES */
    domain.assemblies[domain_all++] = assembly;
    domain.count = domain_all;
}

void sim_domain_show_added(bool visible)
{
    if (domain_all > SIM_BASE_ASSEMBLIES)
        domain.count = visible ? domain_all : domain_all - 1;
}

/* IL2CPP creates an Il2CppClass the first time the image API hands out its
 * definition (MetadataCache::GetTypeInfoFromTypeDefinitionIndex); the
 * catalog's classes exist from sim_init, so what is counted is the first
 * hand-out, which is where a player would allocate. */
void sim_class_touch(Il2CppClass *klass)
{
    if (klass != NULL && !klass->materialized) {
        klass->materialized = true;
        materialized++;
    }
}

uint64_t sim_classes_materialized(void)
{
    return materialized;
}

/* ---- IL2CPP API ------------------------------------------------------------------ */

Il2CppDomain *il2cpp_domain_get(void)
{
    return &domain;
}

const Il2CppAssembly **il2cpp_domain_get_assemblies(const Il2CppDomain *d,
                                                    size_t *size)
{
    (void)d;
    *size = domain.count;
    return (const Il2CppAssembly **)domain.assemblies;
}

/* libil2cpp's Assembly::Load matches the assembly name, and the image
 * name with or without ".dll". */
static bool names_match(const char *want, const char *have)
{
    size_t n = strlen(have);
    if (strcmp(want, have) == 0)
        return true;
    return strncmp(want, have, n) == 0 && strcmp(want + n, ".dll") == 0;
}

const Il2CppAssembly *il2cpp_domain_assembly_open(Il2CppDomain *d,
                                                  const char *name)
{
    (void)d;
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < domain.count; i++) {
        const Il2CppAssembly *a = domain.assemblies[i];
        if (names_match(name, a->name) || strcmp(name, a->image->name) == 0)
            return a;
    }
    return NULL;
}

const Il2CppImage *il2cpp_assembly_get_image(const Il2CppAssembly *assembly)
{
    return assembly ? assembly->image : NULL;
}

const char *il2cpp_image_get_name(const Il2CppImage *image)
{
    return image->name;
}

size_t il2cpp_image_get_class_count(const Il2CppImage *image)
{
    return image->count;
}

/* Creates the class of definition `index` in IL2CPP (counted here). */
const Il2CppClass *il2cpp_image_get_class(const Il2CppImage *image,
                                          size_t index)
{
    if (index >= image->count)
        return NULL;
    Il2CppClass *k = image->classes[index];
    if (k == NULL && image->materialize != NULL)
        k = image->materialize((Il2CppImage *)image, index);
    sim_class_touch(k);
    return k;
}

const Il2CppImage *il2cpp_get_corlib(void)
{
    return &corlib_image;
}

/* A catalog image's definition by name, without counting it (the
 * simulation's own lookups are not the player's).  Nested types are not
 * found by name, as in IL2CPP. */
static Il2CppClass *image_scan(const Il2CppImage *image, const char *ns,
                               const char *name)
{
    for (size_t i = 0; i < image->count; i++) {
        Il2CppClass *k = image->classes[i];
        /* definitions only: a closed generic catalog class carries its
         * definition's name ("List`1"), which names the definition */
        if (k->declaring == NULL && k->generic_def == NULL && strcmp(k->name, name) == 0 &&
            strcmp(k->namespaze, ns) == 0)
            return k;
    }
    /* a definition shell (sim_builder.c), listed in no image */
    for (Il2CppClass *k = all_shells; k != NULL; k = k->next_shell)
        if (k->declaring == NULL && k->image == image &&
            strcmp(k->name, name) == 0 && strcmp(k->namespaze, ns) == 0)
            return k;
    return NULL;
}

/* libil2cpp's Image::ClassFromName: a hash lookup over the image's
 * definitions that creates only the class it finds. */
Il2CppClass *il2cpp_class_from_name(const Il2CppImage *image,
                                    const char *namespaze, const char *name)
{
    if (image == NULL || namespaze == NULL || name == NULL)
        return NULL;
    if (image->find != NULL) {
        size_t index = image->find(image, namespaze, name);
        return index == SIZE_MAX ? NULL
                                 : (Il2CppClass *)il2cpp_image_get_class(image, index);
    }
    Il2CppClass *k = image_scan(image, namespaze, name);
    sim_class_touch(k);
    return k;
}

/* ---- simulation lookups ---------------------------------------------------------- */

Il2CppClass *sim_find_class(const char *ns, const char *name)
{
    Il2CppClass *k = image_scan(&corlib_image, ns, name);
    if (k == NULL)
        k = image_scan(&game_image, ns, name);
    return k ? k : image_scan(&tests_image, ns, name);
}

/* "System.Int32[,]" -> element "System.Int32", rank 2; 0 if not an array */
static unsigned array_suffix(const char *name, size_t *element_len)
{
    size_t n = strlen(name);
    if (n < 3 || name[n - 1] != ']')
        return 0;
    size_t i = n - 2;
    unsigned rank = 1;
    while (i > 0 && name[i] == ',') {
        rank++;
        i--;
    }
    if (name[i] != '[' || i == 0)
        return 0;
    *element_len = i;
    return rank;
}

/* sim_class's memo: the class a name found last, by the name's hash.  A
 * hit is compared again (a class's name may be set after it is made) and
 * classes are never freed, so a stale entry is only a miss.  Without it
 * every metadata type named while a generated class materialises walks
 * every class made so far, which made start-up in the scaling bench
 * quadratic in the simulation, not in libzlua. */
#define SIM_CLASS_MEMO 4096

static Il2CppClass *class_memo[SIM_CLASS_MEMO];

static uint32_t class_memo_slot(const char *name)
{
    uint32_t h = 2166136261u;
    for (const char *p = name; *p; p++)
        h = (h ^ (uint8_t)*p) * 16777619u;
    return h & (SIM_CLASS_MEMO - 1);
}

static int class_named(const Il2CppClass *k, const char *full_name)
{
    return strcmp(k->full_name, full_name) == 0 || strcmp(k->il_name, full_name) == 0;
}

Il2CppClass *sim_class(const char *full_name)
{
    if (full_name == NULL)
        return NULL;
    uint32_t slot = class_memo_slot(full_name);
    Il2CppClass *hit = class_memo[slot];
    if (hit != NULL && class_named(hit, full_name))
        return hit;
    for (Il2CppClass *k = all_classes; k; k = k->next_all)
        if (class_named(k, full_name)) {
            class_memo[slot] = k;
            return k;
        }
    /* arrays are created on first use, as in IL2CPP */
    size_t elen;
    unsigned rank = array_suffix(full_name, &elen);
    if (rank) {
        char element[256];
        if (elen >= sizeof element)
            return NULL;
        memcpy(element, full_name, elen);
        element[elen] = '\0';
        Il2CppClass *e = sim_class(element);
        return e ? il2cpp_array_class_get(e, rank) : NULL;
    }
    return NULL;
}

const MethodInfo *sim_method(const char *class_full_name, const char *name,
                             int param_count)
{
    Il2CppClass *k = sim_class(class_full_name);
    if (k == NULL || name == NULL)
        return NULL;
    for (uint16_t i = 0; i < k->method_count; i++) {
        const SimMethod *m = k->methods[i];
        if (strcmp(m->name, name) == 0 &&
            (param_count < 0 || m->param_count == (uint32_t)param_count))
            return &m->mi;
    }
    return NULL;
}
