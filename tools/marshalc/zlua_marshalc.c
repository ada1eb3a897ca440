/*
 * zlua_marshalc.c -- the [LuaMarshalAs] rule compiler (docs/marshal-rules.md;
 * R-XML-1..4).
 *
 *   zlua-marshalc-mono --assembly FILE.dll... [options] [RULES.xml ...]
 *   zlua-marshalc [options] [RULES.xml ...]
 *     --assembly FILE    read this assembly (Mono build; repeatable): the
 *                        rules are those of the assemblies given, and
 *                        the XML rules must name one of them
 *     --reference FILE   open an assembly the others reference, its rules
 *                        not taken (Mono build; repeatable)
 *     -o FILE.c          write the tables (default: check only)
 *     --symbol NAME      the table array's name (default zlua_marshal_tables);
 *                        NAME_count holds its length
 *     --no-attributes    emit the XML rules only (a runtime that reads
 *                        attributes live registers those itself)
 *     --skip SIGNATURE   leave the attributes of that method or field out,
 *                        unchecked ("Demo.EchoIntIllegal(System.Int32)",
 *                        "ZLuaTests.Probe.Spread"); repeatable
 *
 * Reads the [LuaMarshalAs] attributes of the assemblies through the
 * runtime's API (marshalc_attrs.h: on Mono, those of the files given, as
 * a Unity project's build runs it; on the simulated runtime, its
 * catalog's) and the XML rule files with libexpat, checks every rule against the metadata as
 * the binder would (zlua_rules_check: marshal-rules.md, "illegal rules"), and writes C
 * tables keyed by names only (assembly, type, member, signature, index;
 * return -1): never metadata tokens.  Any error fails the run (exit 1)
 * with `FILE:LINE: error: ...` (XML) or `[ZLua] LuaMarshalAs configuration
 * error: SIGNATURE` and the reason; nothing is written then.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "il2cpp_api.h"
#include "marshalc_attrs.h"
#include "marshalc_xml.h"
#include "tool_rt.h"
#include "tool_run.h"   /* messages and failure: a process's, or the Editor's run */
#include "zlua.h"

/* ---- the rule set ------------------------------------------------------------------ */

typedef struct mc_rule {
    char *assembly;
    zlua_marshal_rule r;
    char *file;                 /* XML: the file and line; attributes: NULL */
    long line;
    const Il2CppType *slot;     /* resolved: the slot's type */
    const MethodInfo *mi;       /* PARAM / RETURN */
    Il2CppClass *klass;
    char where[1024];           /* "Demo.Foo(MyGame.Vector2) parameter 'v' (MyGame.Vector2)" */
} mc_rule;

static mc_rule *rules;
static size_t nrules, caprules;
static int errors;
static lua_State *L;
static const char *skips[64];
static int nskips;
/* --assembly: the assemblies opened; none: every loaded one */
#define MC_MAX_ASSEMBLIES 64
static const Il2CppImage *opened[MC_MAX_ASSEMBLIES];
static const char *opened_names[MC_MAX_ASSEMBLIES];
static int nopened;

static char *mc_strdup(const char *s)
{
    if (s == NULL)
        return NULL;
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p == NULL) {
        fprintf(tool_err(), "zlua-marshalc: out of memory\n");
        tool_fail(2);
    }
    memcpy(p, s, n);
    return p;
}

static mc_rule *mc_add(void)
{
    if (nrules == caprules) {
        caprules = caprules ? caprules * 2 : 64;
        rules = realloc(rules, caprules * sizeof *rules);
        if (rules == NULL)
            tool_fail(2);
    }
    mc_rule *r = &rules[nrules++];
    memset(r, 0, sizeof *r);
    return r;
}

/* The key of R-XML-3 (and of every message). */
static void mc_key(const mc_rule *r, char *buf, size_t size)
{
    static const char *const kinds[] = {"Type", "Field", "Property", "Param", "Return"};
    const zlua_marshal_rule *x = &r->r;
    if (x->site == ZLUA_RULE_TYPE)
        snprintf(buf, size, "(%s, %s, Type)", r->assembly, x->type);
    else if (x->site == ZLUA_RULE_FIELD || x->site == ZLUA_RULE_PROPERTY)
        snprintf(buf, size, "(%s, %s, %s, %s)", r->assembly, x->type, kinds[x->site], x->member);
    else if (x->site == ZLUA_RULE_PARAM)
        snprintf(buf, size, "(%s, %s, %s, %s, Param, %d)", r->assembly, x->type, x->member,
                 x->signature, (int)x->index);
    else
        snprintf(buf, size, "(%s, %s, %s, %s, Return)", r->assembly, x->type, x->member,
                 x->signature);
}

/* ---- attributes -------------------------------------------------------------------- */

/* The image of the assembly a rule names: one of those opened, or with
 * none opened any loaded one; NULL when absent. */
static const Il2CppImage *mc_image(const char *assembly)
{
    if (nopened == 0) {
        const Il2CppAssembly *as = il2cpp_domain_assembly_open(il2cpp_domain_get(), assembly);
        return as != NULL ? il2cpp_assembly_get_image(as) : NULL;
    }
    for (int i = 0; i < nopened; i++)
        if (strcmp(opened_names[i], assembly) == 0)
            return opened[i];
    return NULL;
}

static void mc_on_attr(void *ud, const char *assembly, const zlua_marshal_rule *r)
{
    (void)ud;
    if (nopened > 0 && mc_image(assembly) == NULL)
        return;   /* a loaded assembly not given: not this build's */
    /* a method's slots by "Type.Method(T1,T2)", a field's by "Type.Field" */
    if (r->site != ZLUA_RULE_TYPE) {
        char sig[1200];
        snprintf(sig, sizeof sig, "%s.%s%s", r->type, r->member ? r->member : "?",
                 r->site == ZLUA_RULE_PARAM || r->site == ZLUA_RULE_RETURN ? r->signature : "");
        for (int i = 0; i < nskips; i++)
            if (strcmp(skips[i], sig) == 0)
                return;   /* the build lists it: kept out, unchecked */
    }
    mc_rule *m = mc_add();
    m->assembly = mc_strdup(assembly);
    m->r = *r;
}

/* ---- XML (marshalc_xml.c) ---------------------------------------------------------------- */

static void mc_on_xml(void *ud, const char *assembly, const zlua_marshal_rule *r, const char *file,
                      long line)
{
    (void)ud;
    mc_rule *m = mc_add();
    m->assembly = mc_strdup(assembly);
    m->file = mc_strdup(file);
    m->line = line;
    m->r = *r;
}

/* ---- resolution and checks (R-XML-2, marshal-rules.md, "illegal rules") ------------------------------------------ */

/* Prints a rule's error: XML rules with their file and line, attributes
 * with the configuration-error form. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void mc_rule_error(const mc_rule *m, const char *fmt, ...)
{
    char key[1024];
    mc_key(m, key, sizeof key);
    va_list ap;
    if (m->file)
        fprintf(tool_err(), "%s:%ld: error: ", m->file, m->line);
    va_start(ap, fmt);
    vfprintf(tool_err(), fmt, ap);
    va_end(ap);
    fprintf(tool_err(), " (key %s)\n", key);
    errors++;
}

/* The type a rule names ("Ns.Outer+Inner", CLR spelling) in img: the
 * outermost by il2cpp_class_from_name, the others as its nested types. */
static Il2CppClass *mc_find_class(const Il2CppImage *img, const char *type)
{
    char buf[1024];
    if (img == NULL || strlen(type) >= sizeof buf)
        return NULL;
    snprintf(buf, sizeof buf, "%s", type);
    char *plus = strchr(buf, '+');
    if (plus != NULL)
        *plus = '\0';
    char *dot = strrchr(buf, '.');
    if (dot != NULL)
        *dot = '\0';
    Il2CppClass *k = il2cpp_class_from_name(img, dot ? buf : "", dot ? dot + 1 : buf);
    while (k != NULL && plus != NULL) {
        char *name = plus + 1;
        if ((plus = strchr(name, '+')) != NULL)
            *plus = '\0';
        void *iter = NULL;
        Il2CppClass *n;
        while ((n = il2cpp_class_get_nested_types(k, &iter)) != NULL &&
               strcmp(il2cpp_class_get_name(n), name) != 0) {
        }
        k = n;
    }
    return k;
}

/* Parameter index of a signature as libzlua spells it
 * ("(System.Int32,System.Collections.Generic.Dictionary`2[System.String,System.Int32])"),
 * the names of the parameters' types, into buf. */
static const char *mc_sig_param(const char *sig, int index, char *buf, size_t size)
{
    int at = 0, depth = 0;
    size_t n = 0;
    for (const char *p = sig + 1; *p != '\0'; p++) {
        if (depth == 0 && (*p == ',' || *p == ')')) {
            if (at++ == index)
                break;
            n = 0;
            continue;
        }
        depth += *p == '[' ? 1 : *p == ']' ? -1 : 0;
        if (n + 1 < size)
            buf[n++] = *p;
    }
    buf[at > index ? n : 0] = '\0';
    return buf[0] ? buf : "?";
}

static int mc_resolve(mc_rule *m)
{
    zlua_marshal_rule *r = &m->r;
    if (mc_image(m->assembly) == NULL) {
        if (nopened > 0) {
            mc_rule_error(m, "assembly '%s' is not among those given (--assembly) (R-XML-2)",
                          m->assembly);
            return 0;
        }
        mc_rule_error(m, "assembly '%s' not found (R-XML-2)", m->assembly);
        return 0;
    }
    if (strchr(r->type, '[') || strchr(r->type, '<')) {
        mc_rule_error(m, "'%s' is a closed generic instance: rules hang on the open "
                         "definition (R-XML-2)", r->type);
        return 0;
    }
    m->klass = mc_find_class(mc_image(m->assembly), r->type);
    if (m->klass == NULL) {
        mc_rule_error(m, "type '%s' not found in assembly '%s' (R-XML-2)", r->type, m->assembly);
        return 0;
    }
    void *iter = NULL;
    switch (r->site) {
    case ZLUA_RULE_TYPE:
        if (strchr(r->type, '`')) {
            mc_rule_error(m, "a type-level rule on the generic type '%s' (R-XML-2)", r->type);
            return 0;
        }
        m->slot = il2cpp_class_get_type(m->klass);
        snprintf(m->where, sizeof m->where, "%s (type)", r->type);
        return 1;
    case ZLUA_RULE_FIELD: {
        FieldInfo *f;
        while ((f = il2cpp_class_get_fields(m->klass, &iter)) != NULL)
            if (strcmp(il2cpp_field_get_name(f), r->member) == 0)
                break;
        if (f == NULL || (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) !=
                             ZLUA_FIELD_ATTRIBUTE_PUBLIC) {
            mc_rule_error(m, "no public field '%s' in %s (R-XML-2)", r->member, r->type);
            return 0;
        }
        m->slot = il2cpp_field_get_type(f);
        break;
    }
    case ZLUA_RULE_PROPERTY: {
        const PropertyInfo *p;
        while ((p = il2cpp_class_get_properties(m->klass, &iter)) != NULL)
            if (strcmp(il2cpp_property_get_name((PropertyInfo *)p), r->member) == 0)
                break;
        if (p == NULL) {
            mc_rule_error(m, "no property '%s' in %s (R-XML-2)", r->member, r->type);
            return 0;
        }
        const MethodInfo *get = il2cpp_property_get_get_method((PropertyInfo *)p);
        const MethodInfo *set = il2cpp_property_get_set_method((PropertyInfo *)p);
        m->slot = get ? il2cpp_method_get_return_type(get)
                      : il2cpp_method_get_param(set, il2cpp_method_get_param_count(set) - 1);
        break;
    }
    default: {
        const MethodInfo *mi;
        char sig[1024];
        int named = 0;
        while ((mi = il2cpp_class_get_methods(m->klass, &iter)) != NULL) {
            if (strcmp(il2cpp_method_get_name(mi), r->member) != 0)
                continue;
            named = 1;
            if (zlua_rules_signature(L, mi, sig, sizeof sig) && strcmp(sig, r->signature) == 0)
                break;
        }
        if (mi == NULL) {
            if (named)
                mc_rule_error(m, "no method %s%s in %s: the signature does not match (R-XML-2)",
                              r->member, r->signature, r->type);
            else
                mc_rule_error(m, "no method '%s' in %s (R-XML-2)", r->member, r->type);
            return 0;
        }
        m->mi = mi;
        if (il2cpp_method_is_generic(mi)) {
            /* its slots may still contain T (a generic definition's parameters); v1
             * refuses every slot of a generic definition */
            if (m->file)
                fprintf(tool_err(), "%s:%ld: error: ", m->file, m->line);
            fprintf(tool_err(), "[ZLua] LuaMarshalAs configuration error: %s.%s%s\n  a rule on a "
                            "generic-parameter position (a slot of a generic method "
                            "definition) (R-XML-2)\n", r->type, r->member, r->signature);
            errors++;
            return 0;
        }
        if (r->site == ZLUA_RULE_PARAM) {
            if ((uint32_t)r->index >= il2cpp_method_get_param_count(mi)) {
                mc_rule_error(m, "%s%s has no parameter %d (R-XML-2)", r->member, r->signature,
                              (int)r->index);
                return 0;
            }
            m->slot = il2cpp_method_get_param(mi, (uint32_t)r->index);
            const char *pn = il2cpp_method_get_param_name(mi, (uint32_t)r->index);
            char tname[512];
            snprintf(m->where, sizeof m->where, "%s.%s%s\n  parameter '%s' (%s)", r->type,
                     r->member, r->signature, pn ? pn : "?",
                     mc_sig_param(r->signature, r->index, tname, sizeof tname));
        } else {
            m->slot = il2cpp_method_get_return_type(mi);
            snprintf(m->where, sizeof m->where, "%s.%s%s\n  return", r->type, r->member,
                     r->signature);
        }
        return 1;
    }
    }
    snprintf(m->where, sizeof m->where, "%s.%s\n  %s", r->type, r->member,
             r->site == ZLUA_RULE_FIELD ? "field" : "property");
    return 1;
}

/* A delegate type's Invoke: C# calls Lua through it (a Lua function as
 * the delegate), so its slots are checked in that direction; the binder
 * checks them again the other way if Lua calls Invoke itself. */
static int mc_is_invoke(const mc_rule *m)
{
    if (m->mi == NULL || strcmp(il2cpp_method_get_name(m->mi), "Invoke") != 0)
        return 0;
    for (Il2CppClass *p = il2cpp_class_get_parent(il2cpp_method_get_class(m->mi)); p;
         p = il2cpp_class_get_parent(p))
        if (strcmp(il2cpp_class_get_name(p), "MulticastDelegate") == 0 &&
            strcmp(il2cpp_class_get_namespace(p), "System") == 0)
            return 1;
    return 0;
}

static void mc_check(mc_rule *m)
{
    char why[512];
    int site = m->r.site;
    if ((site == ZLUA_RULE_PARAM || site == ZLUA_RULE_RETURN) && mc_is_invoke(m))
        site |= ZLUA_RULE_DIR_IC;
    if (zlua_rules_check(L, m->slot, site, m->r.marshal_type, m->r.members, why, sizeof why))
        return;
    if (m->file)
        fprintf(tool_err(), "%s:%ld: error: ", m->file, m->line);
    fprintf(tool_err(), "[ZLua] LuaMarshalAs configuration error: %s\n  %s\n", m->where, why);
    errors++;
}

static int mc_same_key(const mc_rule *a, const mc_rule *b)
{
    const zlua_marshal_rule *x = &a->r, *y = &b->r;
    return strcmp(a->assembly, b->assembly) == 0 && strcmp(x->type, y->type) == 0 &&
           x->site == y->site && (x->member == NULL) == (y->member == NULL) &&
           (x->member == NULL || strcmp(x->member, y->member) == 0) &&
           (x->signature == NULL) == (y->signature == NULL) &&
           (x->signature == NULL || strcmp(x->signature, y->signature) == 0) &&
           x->index == y->index;
}

/* R-XML-3: two XML rules for one key, across all files. */
static void mc_duplicates(void)
{
    for (size_t i = 0; i < nrules; i++)
        for (size_t j = i + 1; j < nrules; j++) {
            const mc_rule *a = &rules[i], *b = &rules[j];
            if (!mc_same_key(a, b))
                continue;
            char key[1024];
            mc_key(a, key, sizeof key);
            if (a->file && b->file) {
                fprintf(tool_err(), "%s:%ld: error: duplicate rule for key %s: also at %s:%ld "
                                "(R-XML-3)\n", b->file, b->line, key, a->file, a->line);
                errors++;
            } else if (a->file || b->file) {   /* the attribute wins (marshal-rules.md, priority chain) */
                const mc_rule *x = a->file ? a : b;
                fprintf(tool_err(), "%s:%ld: note: the attribute on %s wins over this rule\n",
                        x->file, x->line, key);
            }
        }
}

/* ---- output ------------------------------------------------------------------------------ */

static void mc_cstr(FILE *out, const char *s)
{
    if (s == NULL) {
        fputs("NULL", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(out, "\\%03o", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static int mc_strptr_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int mc_emit(const char *path, const char *symbol, int attributes)
{
    FILE *out = fopen(path, "wb");   /* the same bytes on every host */
    if (out == NULL) {
        fprintf(tool_err(), "zlua-marshalc: cannot write %s\n", path);
        return 0;
    }
    fprintf(out, "/* Generated by zlua-marshalc: [LuaMarshalAs] rules keyed by names.\n"
                 " * Do not edit; the build makes it from the attributes and XML rules. */\n"
                 "#include <stddef.h>\n#include <stdint.h>\n#include \"zlua.h\"\n\n");
    /* one table per assembly, in name order: the same file from every
     * runtime, whichever order it walks the assemblies in */
    const char *asms[256];
    int nasms = 0;
    for (size_t i = 0; i < nrules; i++) {
        int seen = 0;
        for (int a = 0; a < nasms; a++)
            seen |= strcmp(asms[a], rules[i].assembly) == 0;
        if (!seen && nasms < 256)
            asms[nasms++] = rules[i].assembly;
    }
    qsort(asms, (size_t)nasms, sizeof asms[0], mc_strptr_cmp);
    size_t counts[256] = {0};
    for (int a = 0; a < nasms; a++) {
        fprintf(out, "static const zlua_marshal_rule %s_%d[] = {\n", symbol, a);
        for (size_t i = 0; i < nrules; i++) {
            const mc_rule *m = &rules[i];
            if (strcmp(m->assembly, asms[a]) != 0 || (!attributes && m->file == NULL))
                continue;
            const zlua_marshal_rule *r = &m->r;
            fputs("    {", out);
            mc_cstr(out, r->type);
            fputs(", ", out);
            mc_cstr(out, r->member);
            fputs(", ", out);
            mc_cstr(out, r->signature);
            fprintf(out, ", %d, %d, %d, %d, ", (int)r->index, (int)r->site, (int)r->source,
                    (int)r->marshal_type);
            mc_cstr(out, r->members);
            fputs(", ", out);
            mc_cstr(out, r->origin);
            fputs("},\n", out);
            counts[a]++;
        }
        if (counts[a] == 0)
            fputs("    {NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL}\n", out);
        fputs("};\n\n", out);
    }
    fprintf(out, "extern const zlua_marshal_table %s[];\nextern const size_t %s_count;\n\n",
            symbol, symbol);
    fprintf(out, "const zlua_marshal_table %s[] = {\n", symbol);
    for (int a = 0; a < nasms; a++) {
        fputs("    {", out);
        mc_cstr(out, asms[a]);
        fprintf(out, ", %s_%d, %zu, ZLUA_MARSHAL_VALIDATED},\n", symbol, a, counts[a]);
    }
    if (nasms == 0)
        fputs("    {\"\", NULL, 0, ZLUA_MARSHAL_VALIDATED}\n", out);
    fprintf(out, "};\nconst size_t %s_count = %d;\n", symbol, nasms);
    return fclose(out) == 0;
}

static const char mc_usage[] =
    "usage: zlua-marshalc[-mono] [--assembly FILE.dll]... [--reference FILE.dll]... "
    "[-o OUT.c] [--symbol NAME] "
    "[--no-attributes] [--skip SIGNATURE]... [RULES.xml]...\n";

/* Everything a run leaves, freed: the next run in the same process (the
 * Editor's, tool_run.h) starts as a new process would. */
void zlua_marshalc_reset(void)
{
    for (size_t i = 0; i < nrules; i++)
        free(rules[i].assembly), free(rules[i].file);
    free(rules);
    rules = NULL;
    nrules = caprules = 0;
    errors = 0;
    if (L != NULL)
        lua_close(L);
    L = NULL;
    nskips = nopened = 0;
}

#ifndef ZLUA_TOOL_LIBRARY
int zlua_marshalc_main(int argc, char **argv);
int main(int argc, char **argv)
{
    return zlua_marshalc_main(argc, argv);
}
#endif

int zlua_marshalc_main(int argc, char **argv)
{
    const char *out = NULL, *symbol = "zlua_marshal_tables";
    int attributes = 1;
    const char *files[256], *assemblies[MC_MAX_ASSEMBLIES], *refs[MC_MAX_ASSEMBLIES];
    int nfiles = 0, nassemblies = 0, nrefs = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--symbol") == 0 && i + 1 < argc)
            symbol = argv[++i];
        else if (strcmp(argv[i], "--no-attributes") == 0)
            attributes = 0;
        else if (strcmp(argv[i], "--skip") == 0 && i + 1 < argc && nskips < 64)
            skips[nskips++] = argv[++i];
        else if (strcmp(argv[i], "--assembly") == 0 && i + 1 < argc &&
                 nassemblies < MC_MAX_ASSEMBLIES)
            assemblies[nassemblies++] = argv[++i];
        else if (strcmp(argv[i], "--reference") == 0 && i + 1 < argc && nrefs < MC_MAX_ASSEMBLIES)
            refs[nrefs++] = argv[++i];
        else if (argv[i][0] == '-') {
            fputs(mc_usage, tool_err());
            return 2;
        } else if (nfiles < 256)
            files[nfiles++] = argv[i];
    }
    char err[1024] = "";
    if (tool_rt_start(err, sizeof err) != 0) {
        fprintf(tool_err(), "zlua-marshalc: %s\n", err);
        return 2;
    }
    for (int i = 0; i < nrefs; i++) {   /* opened first, their rules not taken */
        const char *name;
        if (tool_rt_open(refs[i], &name, err, sizeof err) == NULL) {
            fprintf(tool_err(), "zlua-marshalc: %s\n", err);
            return 2;
        }
    }
    for (int i = 0; i < nassemblies; i++) {
        opened[nopened] = tool_rt_open(assemblies[i], &opened_names[nopened], err, sizeof err);
        if (opened[nopened] == NULL) {
            fprintf(tool_err(), "zlua-marshalc: %s\n", err);
            return 2;
        }
        nopened++;
    }
    L = luaL_newstate();
    if (L == NULL || zlua_open(L) != ZLUA_OK) {
        fprintf(tool_err(), "zlua-marshalc: cannot open a state\n");
        return 2;
    }
    zlua_state_set_log(L, NULL, NULL);
    marshalc_read_attributes(L, mc_on_attr, NULL);
    for (int i = 0; i < nfiles; i++)
        errors += marshalc_xml_parse_to(files[i], mc_on_xml, tool_err_line, NULL);
    if (errors == 0) {
        for (size_t i = 0; i < nrules; i++)
            if (mc_resolve(&rules[i]))
                mc_check(&rules[i]);
        mc_duplicates();
    }
    if (errors > 0) {
        fprintf(tool_err(), "zlua-marshalc: %d error%s\n", errors, errors == 1 ? "" : "s");
        return 1;
    }
    if (out != NULL && !mc_emit(out, symbol, attributes))
        return 1;
    return 0;
}
