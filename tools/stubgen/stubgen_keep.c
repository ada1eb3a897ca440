/*
 * stubgen_keep.c -- the preservation list and its link.xml (R-LINK-1;
 * stubgen_keep.h).
 *
 * Entries are kept in one growing array, sorted and made unique when
 * written.  The link.xml groups them by assembly, then type:
 *
 *   <linker>
 *     <assembly fullname="GenGame">
 *       <type fullname="GenGame.Hero" preserve="nothing">
 *         <method name="Hit"/> <field name="..."/> <property name="..."/>
 *
 * An <assembly> never goes out empty: the linker reads an assembly
 * element without types as "keep the whole assembly".
 */
#include "stubgen_keep.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tool_rt.h"

enum { KEEP_TYPE, KEEP_ALL, KEEP_FIELD, KEEP_METHOD, KEEP_PROPERTY };
static const char *const keep_kind_names[] = {"type", "all", "field", "method", "property"};

typedef struct keep_entry {
    char *assembly;
    char *type;
    int kind;
    char *name;     /* "" for KEEP_TYPE / KEEP_ALL */
} keep_entry;

static keep_entry *keeps;
static size_t nkeeps, capkeeps;
static int keep_sorted;

static char *keep_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static int keep_add(const char *assembly, const char *type, int kind, const char *name)
{
    if (nkeeps == capkeeps) {
        size_t grown = capkeeps ? capkeeps * 2 : 256;
        keep_entry *p = realloc(keeps, grown * sizeof *p);
        if (p == NULL)
            return -1;
        keeps = p;
        capkeeps = grown;
    }
    keep_entry *e = &keeps[nkeeps];
    e->assembly = keep_strdup(assembly);
    e->type = keep_strdup(type);
    e->name = keep_strdup(name ? name : "");
    e->kind = kind;
    if (e->assembly == NULL || e->type == NULL || e->name == NULL) {
        free(e->assembly), free(e->type), free(e->name);
        return -1;
    }
    nkeeps++;
    keep_sorted = 0;
    return 0;
}

/* k's name as link.xml spells it: "Ns.Name", nested "Ns.Outer/Inner";
 * a generic instance by its definition's metadata name ("List`1"). */
static void keep_type_name(Il2CppClass *k, char *buf, size_t size)
{
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    const char *name = il2cpp_class_get_name(k);
    if (outer != NULL) {
        keep_type_name(outer, buf, size);
        size_t n = strlen(buf);
        snprintf(buf + n, n < size ? size - n : 0, "/%s", name);
        return;
    }
    const char *ns = il2cpp_class_get_namespace(k);
    if (ns != NULL && ns[0] != '\0')
        snprintf(buf, size, "%s.%s", ns, name);
    else
        snprintf(buf, size, "%s", name);
}

static int keep_public_method(const MethodInfo *mi)
{
    uint32_t iflags;
    uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
    return (flags & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) == ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

int sg_keep_class(Il2CppClass *k)
{
    char type[1024];
    keep_type_name(k, type, sizeof type);
    const char *assembly = il2cpp_class_get_assemblyname(k);
    if (keep_add(assembly, type, KEEP_TYPE, NULL) != 0)
        return -1;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (keep_public_method(mi) &&
            keep_add(assembly, type, KEEP_METHOD, il2cpp_method_get_name(mi)) != 0)
            return -1;
    iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if ((il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) ==
                ZLUA_FIELD_ATTRIBUTE_PUBLIC &&
            keep_add(assembly, type, KEEP_FIELD, il2cpp_field_get_name(f)) != 0)
            return -1;
    iter = NULL;
    const PropertyInfo *p;
    while ((p = il2cpp_class_get_properties(k, &iter)) != NULL) {
        PropertyInfo *pp = (PropertyInfo *)(uintptr_t)p;
        const MethodInfo *g = il2cpp_property_get_get_method(pp);
        const MethodInfo *s = il2cpp_property_get_set_method(pp);
        if (((g != NULL && keep_public_method(g)) || (s != NULL && keep_public_method(s))) &&
            keep_add(assembly, type, KEEP_PROPERTY, il2cpp_property_get_name(pp)) != 0)
            return -1;
    }
    return 0;
}

int sg_keep_delegate(Il2CppClass *k)
{
    char type[1024];
    keep_type_name(k, type, sizeof type);
    const char *assembly = il2cpp_class_get_assemblyname(k);
    return keep_add(assembly, type, KEEP_TYPE, NULL) != 0 ||
                   keep_add(assembly, type, KEEP_METHOD, ".ctor") != 0 ||
                   keep_add(assembly, type, KEEP_METHOD, "Invoke") != 0
               ? -1
               : 0;
}

/* ---- the explicit list ------------------------------------------------------------ */

static void keep_error(sg_keep_err_fn err, void *ud, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    err(ud, line);
}

/* The open image whose assembly is named name, or NULL. */
static const Il2CppImage *keep_image(const char *name)
{
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        size_t nc = img ? il2cpp_image_get_class_count(img) : 0;
        for (size_t c = 0; c < nc; c++) {
            Il2CppClass *k = (Il2CppClass *)(uintptr_t)il2cpp_image_get_class(img, c);
            if (k != NULL) {
                if (strcmp(il2cpp_class_get_assemblyname(k), name) == 0)
                    return img;
                break;   /* one class names the image's assembly */
            }
        }
    }
    return NULL;
}

/* The type spelt "Ns.Outer/Inner" (or "Ns.Outer+Inner") in img, or NULL;
 * spelt is rewritten with '/' between nested names. */
static Il2CppClass *keep_find_type(const Il2CppImage *img, char *spelt)
{
    for (char *c = spelt; *c; c++)
        if (*c == '+')
            *c = '/';
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", spelt);
    char *rest = strchr(buf, '/');
    if (rest != NULL)
        *rest++ = '\0';
    char *dot = strrchr(buf, '.');
    Il2CppClass *k;
    if (dot != NULL) {
        *dot = '\0';
        k = il2cpp_class_from_name(img, buf, dot + 1);
    } else {
        k = il2cpp_class_from_name(img, "", buf);
    }
    while (k != NULL && rest != NULL) {
        char *next = strchr(rest, '/');
        if (next != NULL)
            *next++ = '\0';
        void *iter = NULL;
        Il2CppClass *n, *found = NULL;
        while ((n = il2cpp_class_get_nested_types(k, &iter)) != NULL)
            if (strcmp(il2cpp_class_get_name(n), rest) == 0)
                found = n;
        k = found;
        rest = next;
    }
    return k;
}

/* Every member of k named name, noted; how many. */
static int keep_members_named(Il2CppClass *k, const char *assembly, const char *type,
                              const char *name, int *oom)
{
    int found = 0, method = 0;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), name) == 0)
            method = 1;
    if (method) {
        found++;
        *oom |= keep_add(assembly, type, KEEP_METHOD, name) != 0;
    }
    iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), name) == 0) {
            found++;
            *oom |= keep_add(assembly, type, KEEP_FIELD, name) != 0;
        }
    iter = NULL;
    const PropertyInfo *p;
    while ((p = il2cpp_class_get_properties(k, &iter)) != NULL)
        if (strcmp(il2cpp_property_get_name((PropertyInfo *)(uintptr_t)p), name) == 0) {
            found++;
            *oom |= keep_add(assembly, type, KEEP_PROPERTY, name) != 0;
        }
    return found;
}

int sg_keep_list(const char *file, sg_keep_err_fn err, void *ud)
{
    FILE *in = fopen(file, "rb");
    if (in == NULL) {
        keep_error(err, ud, "%s: error: cannot read the list", file);
        return 1;
    }
    int errors = 0;
    long lineno = 0;
    char line[1024];
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(in)) {
            keep_error(err, ud, "%s:%ld: error: line longer than %d bytes", file, lineno,
                       (int)sizeof line - 2);
            errors++;
            int ch;
            while ((ch = fgetc(in)) != EOF && ch != '\n')
                ;
            continue;
        }
        char *hash = strchr(line, '#');
        if (hash != NULL)
            *hash = '\0';
        char *tok[4];
        int ntok = 0;
        for (char *s = strtok(line, " \t\r\n"); s != NULL; s = strtok(NULL, " \t\r\n"))
            if (ntok < 4)
                tok[ntok++] = s;
            else
                ntok = 5;
        if (ntok == 0)
            continue;
        if (ntok < 2 || ntok > 3) {
            keep_error(err, ud, "%s:%ld: error: expected ASSEMBLY TYPE [MEMBER], found %d word%s",
                       file, lineno, ntok > 4 ? 4 : ntok, ntok == 1 ? "" : "s or more");
            errors++;
            continue;
        }
        const Il2CppImage *img = keep_image(tok[0]);
        if (img == NULL) {
            keep_error(err, ud, "%s:%ld: error: no assembly named %s is open (give it with "
                                "--assembly or --reference)", file, lineno, tok[0]);
            errors++;
            continue;
        }
        Il2CppClass *k = keep_find_type(img, tok[1]);
        if (k == NULL) {
            keep_error(err, ud, "%s:%ld: error: the assembly %s has no type %s", file, lineno,
                       tok[0], tok[1]);
            errors++;
            continue;
        }
        char type[1024];
        keep_type_name(k, type, sizeof type);
        const char *assembly = il2cpp_class_get_assemblyname(k);
        int oom = 0;
        if (ntok == 2) {
            oom = keep_add(assembly, type, KEEP_ALL, NULL) != 0;
        } else if (keep_members_named(k, assembly, type, tok[2], &oom) == 0) {
            keep_error(err, ud, "%s:%ld: error: %s has no method, field or property named %s",
                       file, lineno, type, tok[2]);
            errors++;
            continue;
        } else {
            oom |= keep_add(assembly, type, KEEP_TYPE, NULL) != 0;
        }
        if (oom) {
            keep_error(err, ud, "%s:%ld: error: out of memory", file, lineno);
            errors++;
            break;
        }
    }
    if (ferror(in)) {
        keep_error(err, ud, "%s: error: cannot read the list", file);
        errors++;
    }
    fclose(in);
    return errors;
}

/* ---- writing ------------------------------------------------------------------------- */

static int keep_cmp(const void *a, const void *b)
{
    const keep_entry *x = a, *y = b;
    int c = strcmp(x->assembly, y->assembly);
    if (c == 0)
        c = strcmp(x->type, y->type);
    if (c == 0)
        c = x->kind - y->kind;
    if (c == 0)
        c = strcmp(x->name, y->name);
    return c;
}

/* Sorted, unique, and a type kept whole has no `type` entry. */
static void keep_sort(void)
{
    if (keep_sorted)
        return;
    if (nkeeps > 0)
        qsort(keeps, nkeeps, sizeof keeps[0], keep_cmp);
    size_t out = 0;
    for (size_t i = 0; i < nkeeps; i++) {
        keep_entry *e = &keeps[i];
        int dup = out > 0 && keep_cmp(&keeps[out - 1], e) == 0;
        /* KEEP_TYPE sorts right before KEEP_ALL of the same type */
        size_t j = i + 1;
        while (j < nkeeps && keeps[j].kind == KEEP_TYPE)
            j++;
        int whole = e->kind == KEEP_TYPE && j < nkeeps && keeps[j].kind == KEEP_ALL &&
                    strcmp(keeps[j].assembly, e->assembly) == 0 &&
                    strcmp(keeps[j].type, e->type) == 0;
        if (dup || whole) {
            free(e->assembly), free(e->type), free(e->name);
            continue;
        }
        keeps[out++] = *e;
    }
    nkeeps = out;
    keep_sorted = 1;
}

void sg_keep_report(FILE *report)
{
    keep_sort();
    for (size_t i = 0; i < nkeeps; i++) {
        const keep_entry *e = &keeps[i];
        fprintf(report, "keep     %s %s %s%s%s\n", e->assembly, e->type, keep_kind_names[e->kind],
                e->name[0] ? " " : "", e->name);
    }
}

static void keep_xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default: fputc(*s, out);
        }
    }
}

int sg_keep_link_xml(const char *path)
{
    keep_sort();
    FILE *out = fopen(path, "wb");
    if (out == NULL)
        return -1;
    fputs("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
          "<!-- Generated by zlua-stubgen: what Lua may bind, kept from managed code\n"
          "     stripping (the report's keep lines).  Do not edit: a project lists\n"
          "     more in a file given to zlua-stubgen with \"preserve\". -->\n"
          "<linker>\n", out);
    const char *assembly = NULL, *type = NULL;
    for (size_t i = 0; i < nkeeps; i++) {
        const keep_entry *e = &keeps[i];
        if (assembly == NULL || strcmp(assembly, e->assembly) != 0) {
            if (type != NULL)
                fputs("    </type>\n", out);
            if (assembly != NULL)
                fputs("  </assembly>\n", out);
            fputs("  <assembly fullname=\"", out);
            keep_xml_text(out, e->assembly);
            fputs("\">\n", out);
            assembly = e->assembly;
            type = NULL;
        }
        if (type == NULL || strcmp(type, e->type) != 0) {
            if (type != NULL)
                fputs("    </type>\n", out);
            /* every type has a KEEP_TYPE or KEEP_ALL entry, sorted first */
            fputs("    <type fullname=\"", out);
            keep_xml_text(out, e->type);
            fprintf(out, "\" preserve=\"%s\">\n", e->kind == KEEP_ALL ? "all" : "nothing");
            type = e->type;
        }
        if (e->kind == KEEP_TYPE || e->kind == KEEP_ALL)
            continue;
        fprintf(out, "      <%s name=\"", keep_kind_names[e->kind]);
        keep_xml_text(out, e->name);
        fputs("\"/>\n", out);
    }
    if (type != NULL)
        fputs("    </type>\n", out);
    if (assembly != NULL)
        fputs("  </assembly>\n", out);
    fputs("</linker>\n", out);
    return fclose(out) == 0 ? 0 : -1;
}

void sg_keep_reset(void)
{
    for (size_t i = 0; i < nkeeps; i++)
        free(keeps[i].assembly), free(keeps[i].type), free(keeps[i].name);
    free(keeps);
    keeps = NULL;
    nkeeps = capkeeps = 0;
    keep_sorted = 0;
}
