/*
 * annot_tree.c -- the globals CS and CSharp (docs/lua-api.md, "Globals"):
 *
 *   CS.MyGame.Point2D                 namespace tables down to type tables
 *   CS["MyGame.Point2D"]              a full name (nested: "Ns.Outer+Inner")
 *   CSharp["Assembly-CSharp"]["MyGame.Point2D"], CSharp.AC[...]
 *
 * A namespace's class is "CS.namespace." and its name: `namespace` is a
 * C# keyword, so no type table's class ("CS." and a type's name) can
 * take it.  A generic instance has no path of its own (a script names
 * it with zlua.generic or by its reflection name); its definition's
 * names are in its namespace (G.List, G["List`1"], zlua.GenericType), and
 * the instance is reached through the members that return it.
 */
#include <stdlib.h>
#include <string.h>

#include "annot.h"

typedef struct annot_named {
    const char *ns;        /* "" for the global namespace */
    const char *assembly;
    Il2CppClass *k;
    int generic;           /* an instance: its definition's names only */
} annot_named;

static int annot_named_cmp(const void *a, const void *b)
{
    const annot_named *x = a, *y = b;
    int c = strcmp(x->ns, y->ns);
    return c ? c : strcmp(il2cpp_class_get_name(x->k), il2cpp_class_get_name(y->k));
}

/* The name a CS["..."] or CSharp[asm]["..."] key spells: namespace,
 * then the outer types joined by '+'. */
static void annot_full_name(annot_buf *b, Il2CppClass *k)
{
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    if (outer != NULL) {
        annot_full_name(b, outer);
        annot_buf_add(b, "+");
    } else if (il2cpp_class_get_namespace(k)[0] != '\0') {
        annot_buf_printf(b, "%s.", il2cpp_class_get_namespace(k));
    }
    annot_buf_add(b, il2cpp_class_get_name(k));
}

static void annot_namespace_class(annot_buf *b, const char *ns, size_t len)
{
    annot_buf_add(b, "CS.namespace.");
    for (size_t i = 0; i < len; i++) {
        char one[2] = {ns[i], '\0'};
        annot_buf_add(b, one);
    }
}

/* A key of a namespace or CS: a field line naming type. */
static void annot_key(annot_buf *b, const char *key, size_t len, const char *type)
{
    char *k = malloc(len + 1);
    if (k == NULL)
        annot_die("out of memory");
    memcpy(k, key, len);
    k[len] = '\0';
    if (annot_is_lua_name(k))
        annot_buf_printf(b, "---@field %s %s\n", k, type);
    else {
        annot_buf_add(b, "---@field [\"");
        annot_quote(b, k);
        annot_buf_printf(b, "\"] %s\n", type);
    }
    free(k);
}

/* The classes of the namespace tables: each namespace's child namespaces
 * and types.  l is sorted by namespace. */
static void annot_namespaces(annot_buf *b, const annot_named *l, size_t n)
{
    annot_buf type;
    annot_buf_init(&type);
    /* every namespace and every prefix of one, once: its children are the
     * namespaces one component longer and the types directly in it */
    for (size_t i = 0; i < n; i++) {
        const char *ns = l[i].ns;
        for (size_t end = 0;; end++) {
            if (ns[end] != '.' && ns[end] != '\0')
                continue;
            /* the prefix ns[0..end) is a namespace: written at its first
             * appearance (an earlier entry with the same prefix wrote it) */
            int seen = 0;
            for (size_t j = 0; j < i && !seen; j++)
                seen = strncmp(l[j].ns, ns, end) == 0 &&
                       (l[j].ns[end] == '.' || l[j].ns[end] == '\0');
            if (!seen) {
                annot_buf_add(b, "---@class ");
                annot_namespace_class(b, ns, end);
                annot_buf_add(b, "\n");
                const char *last_child = NULL;
                size_t last_len = 0;
                for (size_t j = i; j < n; j++) {
                    const char *o = l[j].ns;
                    if (strncmp(o, ns, end) != 0 || (o[end] != '.' && o[end] != '\0'))
                        continue;
                    if (o[end] == '\0') {   /* a type of this namespace */
                        const char *name = il2cpp_class_get_name(l[j].k);
                        if (l[j].generic) {   /* G.List and G["List`1"], once */
                            if (j > i && l[j - 1].generic && strcmp(l[j - 1].ns, o) == 0 &&
                                strcmp(il2cpp_class_get_name(l[j - 1].k), name) == 0)
                                continue;
                            annot_key(b, name, strcspn(name, "`"), "zlua.GenericType");
                            annot_key(b, name, strlen(name), "zlua.GenericType");
                            continue;
                        }
                        annot_buf_clear(&type);
                        annot_name_table(&type, l[j].k);
                        annot_key(b, name, strlen(name), type.s);
                        continue;
                    }
                    const char *child = o + end + 1;
                    size_t clen = strcspn(child, ".");
                    if (last_child != NULL && clen == last_len &&
                        strncmp(child, last_child, clen) == 0)
                        continue;
                    last_child = child;
                    last_len = clen;
                    annot_buf_clear(&type);
                    annot_namespace_class(&type, o, end + 1 + clen);
                    annot_key(b, child, clen, type.s);
                }
                annot_buf_add(b, "\n");
            }
            if (ns[end] == '\0')
                break;
        }
    }
    annot_buf_free(&type);
}

/* The assemblies' tables: CSharp[asm][full name]. */
static void annot_assemblies(annot_buf *b, const annot_named *l, size_t n, annot_buf *csharp)
{
    annot_buf type, full;
    annot_buf_init(&type);
    annot_buf_init(&full);
    for (size_t i = 0; i < n; i++) {
        int seen = l[i].generic;
        for (size_t j = 0; j < i && !seen; j++)
            seen = !l[j].generic && strcmp(l[j].assembly, l[i].assembly) == 0;
        if (seen)
            continue;
        annot_buf_clear(&type);
        annot_buf_add(&type, "CSharp.assembly.");
        for (const char *p = l[i].assembly; *p != '\0'; p++) {
            char c = *p;
            char one[2] = {(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                   (c >= '0' && c <= '9') || c == '.' ? c : '_', '\0'};
            annot_buf_add(&type, one);
        }
        annot_key(csharp, l[i].assembly, strlen(l[i].assembly), type.s);
        if (strcmp(l[i].assembly, "Assembly-CSharp") == 0)
            annot_buf_printf(csharp, "---@field AC %s\n", type.s);
        annot_buf_printf(b, "---@class %s\n", type.s);
        for (size_t j = i; j < n; j++) {
            if (strcmp(l[j].assembly, l[i].assembly) != 0 || l[j].generic)
                continue;
            annot_buf_clear(&full);
            annot_full_name(&full, l[j].k);
            annot_buf name;
            annot_buf_init(&name);
            annot_name_table(&name, l[j].k);
            annot_key(b, full.s, full.len, name.s);
            annot_buf_free(&name);
        }
        annot_buf_add(b, "\n");
    }
    annot_buf_free(&type);
    annot_buf_free(&full);
}

void annot_tree_write(annot_buf *b)
{
    size_t n = 0, count = annot_set_count();
    annot_named *l = malloc((count ? count : 1) * sizeof *l);
    if (l == NULL)
        annot_die("out of memory");
    for (size_t i = 0; i < count; i++) {
        Il2CppClass *k = annot_set_at(i);
        int generic = il2cpp_class_is_inflated(k);
        if (generic && (il2cpp_class_get_declaring_type(k) != NULL ||
                        il2cpp_class_get_namespace(k)[0] == '\0'))
            continue;   /* no path: see above */
        const char *ns = il2cpp_class_get_declaring_type(k) != NULL
                             ? "\x01" : il2cpp_class_get_namespace(k);
        l[n++] = (annot_named){ns, il2cpp_class_get_assemblyname(k), k, generic};
    }
    qsort(l, n, sizeof *l, annot_named_cmp);
    /* nested types ("\x01", sorted last) are reached through their outer
     * type's table and by their full names only */
    size_t top_n = n;
    while (top_n > 0 && strcmp(l[top_n - 1].ns, "\x01") == 0)
        top_n--;
    /* CS itself: the global namespace's types and the top namespaces */
    annot_buf cs, type;
    annot_buf_init(&cs);
    annot_buf_init(&type);
    annot_buf_add(&cs, "---@class CS\n");
    const char *last = NULL;
    size_t last_len = 0;
    for (size_t i = 0; i < top_n; i++) {
        const char *ns = l[i].ns;
        annot_buf_clear(&type);
        if (ns[0] == '\0') {
            annot_name_table(&type, l[i].k);
            const char *name = il2cpp_class_get_name(l[i].k);
            annot_key(&cs, name, strlen(name), type.s);
            continue;
        }
        size_t len = strcspn(ns, ".");
        if (last != NULL && len == last_len && strncmp(ns, last, len) == 0)
            continue;
        last = ns;
        last_len = len;
        annot_namespace_class(&type, ns, len);
        annot_key(&cs, ns, len, type.s);
    }
    annot_buf full;
    annot_buf_init(&full);
    for (size_t i = 0; i < n; i++) {   /* CS["MyGame.Point2D"], CS["Ns.Outer+Inner"] */
        if (l[i].generic)
            continue;
        annot_buf_clear(&full);
        annot_buf_clear(&type);
        annot_full_name(&full, l[i].k);
        if (strchr(full.s, '.') == NULL && strchr(full.s, '+') == NULL)
            continue;   /* a global type's name is its key above */
        annot_name_table(&type, l[i].k);
        annot_key(&cs, full.s, full.len, type.s);
    }
    annot_buf_free(&full);
    annot_buf_printf(b, "%sCS = {}\n\n", cs.s);
    size_t nonglobal = 0;
    while (nonglobal < top_n && l[nonglobal].ns[0] == '\0')
        nonglobal++;
    annot_namespaces(b, l + nonglobal, top_n - nonglobal);
    annot_buf csharp;
    annot_buf_init(&csharp);
    annot_buf_add(&csharp, "---@class CSharp\n");
    annot_assemblies(b, l, n, &csharp);
    annot_buf_printf(b, "%sCSharp = {}\n", csharp.s);
    annot_buf_free(&csharp);
    annot_buf_free(&cs);
    annot_buf_free(&type);
    free(l);
}
