/*
 * mono_attrs.c -- marshalc_attrs.h on Mono: the [LuaMarshalAs] attributes
 * of the loaded assemblies read live, as a Unity Editor reads them, and
 * handed over as name-keyed rules.  The Mono host registers them
 * unvalidated (zlua_rules_register with no
 * ZLUA_MARSHAL_VALIDATED): libzlua checks each at bind time and logs an
 * illegal one once, treating it as Default (marshal-rules.md, "illegal rules").
 *
 * Read the way the simulation's reader does, so the two runtimes see the
 * same rules: type-level, field, parameter and return attributes.  The
 * attribute object's LuaMarshalType and Members are read through its
 * properties.
 *
 * One image at a time (zm_attrs_read_image): the Editor's env reads each
 * assembly as Mono loads it (mono_env.c), the tools every loaded one.
 * The attribute class is the one the image's own reference to
 * ZLua.Common resolves to, loaded beside the image when Mono has not
 * loaded it yet (Mono loads a reference on first use only): which
 * assembly was loaded first never decides whether rules are read.  What
 * cannot be read is one line to the caller's log, never silence.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/assembly.h>
#include <mono/metadata/image.h>
#include <mono/metadata/reflection.h>
#include <mono/metadata/tokentype.h>

#include "core/utf.h"
#include "marshalc_attrs.h"
#include "mono_rt.h"

/* What one image's walk needs. */
typedef struct zm_reader {
    lua_State *L;
    MonoClass *ak;           /* ZLua.LuaMarshalAsAttribute as the image sees it */
    const char *assembly;    /* the image's assembly name */
    marshalc_attr_fn fn;
    void *ud;
    zm_attrs_log_fn log;
    int found;
} zm_reader;

static void zm_logf(zm_attrs_log_fn log, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void zm_logf(zm_attrs_log_fn log, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    log(line);
}

/* A property of the attribute object, or NULL with why set (an older
 * ZLua.Common without it, or a getter that threw). */
MonoObject *zm_attrs_get(MonoObject *obj, const char *prop, char *why, size_t size)
{
    MonoProperty *p = mono_class_get_property_from_name(mono_object_get_class(obj), prop);
    if (p == NULL) {
        snprintf(why, size, "it has no property '%s'", prop);
        return NULL;
    }
    MonoObject *exc = NULL;
    MonoObject *v = mono_property_get_value(p, obj, NULL, &exc);
    if (exc != NULL) {
        MonoClass *ek = mono_object_get_class(exc);
        snprintf(why, size, "its property '%s' threw %s.%s", prop, mono_class_get_namespace(ek),
                 mono_class_get_name(ek));
        return NULL;
    }
    return v;
}

/* A member name as UTF-8, kept for the process ("" for null), by
 * libzlua's own codec (an unpaired surrogate becomes U+FFFD). */
char *zm_attrs_utf8(MonoString *str)
{
    size_t len = str != NULL ? (size_t)mono_string_length(str) : 0;
    const uint16_t *c = str != NULL ? (const uint16_t *)mono_string_chars(str) : NULL;
    size_t n = c != NULL ? zlua__utf16_to_utf8(c, len, NULL) : 0;
    char *out = marshalc_alloc(n + 1);
    if (c != NULL)
        zlua__utf16_to_utf8(c, len, out);
    out[n] = '\0';
    return out;
}

/* Members joined by commas (NULL without): every one of them, however
 * many (a rule that silently lost members would marshal other ones). */
static int zm_members(MonoArray *m, const char **members, char *why, size_t size)
{
    uintptr_t n = m != NULL ? mono_array_length(m) : 0;
    *members = NULL;
    if (n == 0)
        return 0;
    if (n > (uintptr_t)INT32_MAX / sizeof(char *)) {
        snprintf(why, size, "Members lists %ju names", (uintmax_t)n);
        return -1;
    }
    const char **list = malloc((size_t)n * sizeof *list);
    if (list == NULL) {
        snprintf(why, size, "out of memory");
        return -1;
    }
    for (uintptr_t i = 0; i < n; i++)
        list[i] = zm_attrs_utf8(mono_array_get(m, MonoString *, i));
    *members = marshalc_join(list, (int)n);
    free(list);
    return 0;
}

/* The rule of an attribute object into r: its LuaMarshalType and
 * Members.  0, or -1 with why set. */
static int zm_read(MonoObject *attr, zlua_marshal_rule *r, char *why, size_t size)
{
    MonoObject *t = zm_attrs_get(attr, "LuaMarshalType", why, size);
    if (t == NULL)
        return -1;
    char mwhy[256] = "";
    MonoArray *m = (MonoArray *)(void *)zm_attrs_get(attr, "Members", mwhy, sizeof mwhy);
    if (m == NULL && mwhy[0] != '\0') {
        snprintf(why, size, "%s", mwhy);
        return -1;
    }
    r->marshal_type = (uint8_t)*(int32_t *)mono_object_unbox(t);
    return zm_members(m, &r->members, why, size);
}

/* The attribute in info, or NULL; frees info. */
static MonoObject *zm_take(MonoCustomAttrInfo *info, MonoClass *ak)
{
    if (info == NULL)
        return NULL;
    MonoObject *o = mono_custom_attrs_has_attr(info, ak) ? mono_custom_attrs_get_attr(info, ak)
                                                          : NULL;
    mono_custom_attrs_free(info);
    return o;
}

/* "type T", "field T.F", "property T.P", "parameter 2 of T.M", "the return of
 * T.M". */
static void zm_site(const zlua_marshal_rule *r, char *buf, size_t size)
{
    if (r->site == ZLUA_RULE_TYPE)
        snprintf(buf, size, "type %s", r->type);
    else if (r->site == ZLUA_RULE_FIELD)
        snprintf(buf, size, "field %s.%s", r->type, r->member);
    else if (r->site == ZLUA_RULE_PROPERTY)
        snprintf(buf, size, "property %s.%s", r->type, r->member);
    else if (r->site == ZLUA_RULE_PARAM)
        snprintf(buf, size, "parameter %d of %s.%s", (int)r->index, r->type, r->member);
    else
        snprintf(buf, size, "the return of %s.%s", r->type, r->member);
}

static void zm_unreadable(const zm_reader *rd, const zlua_marshal_rule *r, const char *why)
{
    char site[1024];
    zm_site(r, site, sizeof site);
    zm_logf(rd->log, "[ZLua] LuaMarshalAs of %s in assembly '%s' cannot be read (%s): "
                     "the slot keeps its default marshalling", site, rd->assembly, why);
}

static void zm_emit(zm_reader *rd, zlua_marshal_rule *r, MonoObject *attr)
{
    char why[512];
    if (zm_read(attr, r, why, sizeof why) != 0) {
        zm_unreadable(rd, r, why);
        return;
    }
    r->source = ZLUA_RULE_ATTRIBUTE;
    r->origin = "attribute";
    rd->fn(rd->ud, rd->assembly, r);
    rd->found++;
}

/* Members the C# compiler makes and copies the user's attributes onto:
 * a delegate's BeginInvoke and EndInvoke carry its parameters' (and
 * return's) [LuaMarshalAs] again.  The user declared them once, on the
 * delegate's signature, which Invoke carries: the copies are not read. */
static int zm_copied(MonoClass *k, MonoMethod *m)
{
    if (!mono_class_is_delegate(k))
        return 0;
    const char *name = mono_method_get_name(m);
    return strcmp(name, "BeginInvoke") == 0 || strcmp(name, "EndInvoke") == 0;
}

/* A type the compiler made ([CompilerGenerated]: closures, iterators,
 * async state machines): no script names it, and what attributes it has
 * are copies of the user's. */
static int zm_generated(MonoClass *k)
{
    static MonoClass *cg;
    if (cg == NULL)
        cg = mono_class_from_name(mono_get_corlib(), "System.Runtime.CompilerServices",
                                  "CompilerGeneratedAttribute");
    MonoCustomAttrInfo *info = cg != NULL ? mono_custom_attrs_from_class(k) : NULL;
    if (info == NULL)
        return 0;
    int yes = mono_custom_attrs_has_attr(info, cg);
    mono_custom_attrs_free(info);
    return yes;
}

static void zm_method(zm_reader *rd, const char *name, MonoMethod *m)
{
    uint32_t np = mono_signature_get_param_count(mono_method_signature(m));
    for (int index = -1; index < (int)np; index++) {
        /* Mono numbers the return 0 and the parameters from 1 */
        MonoObject *a = zm_take(mono_custom_attrs_from_param(m, (uint32_t)(index + 1)), rd->ak);
        if (a == NULL)
            continue;
        char sig[1024];
        size_t n = zlua_rules_signature(rd->L, (const MethodInfo *)(void *)m, sig, sizeof sig);
        zlua_marshal_rule r = marshalc_rule_at(index < 0 ? ZLUA_RULE_RETURN : ZLUA_RULE_PARAM,
                                               name, mono_method_get_name(m),
                                               n > 0 ? sig : NULL, index);
        if (n == 0)
            zm_unreadable(rd, &r, "libzlua cannot spell the method's signature");
        else
            zm_emit(rd, &r, a);
    }
}

static void zm_class(zm_reader *rd, MonoClass *k)
{
    if (zm_generated(k))
        return;
    char name[1024];
    marshalc_type_name((Il2CppClass *)(void *)k, name, sizeof name);
    MonoObject *a = zm_take(mono_custom_attrs_from_class(k), rd->ak);
    if (a != NULL) {
        zlua_marshal_rule r = marshalc_rule_at(ZLUA_RULE_TYPE, name, NULL, NULL, 0);
        zm_emit(rd, &r, a);
    }
    void *iter = NULL;
    MonoClassField *f;
    while ((f = mono_class_get_fields(k, &iter)) != NULL) {
        if ((a = zm_take(mono_custom_attrs_from_field(k, f), rd->ak)) == NULL)
            continue;
        zlua_marshal_rule r =
            marshalc_rule_at(ZLUA_RULE_FIELD, name, mono_field_get_name(f), NULL, 0);
        zm_emit(rd, &r, a);
    }
    iter = NULL;
    MonoProperty *p;
    while ((p = mono_class_get_properties(k, &iter)) != NULL) {
        if ((a = zm_take(mono_custom_attrs_from_property(k, p), rd->ak)) == NULL)
            continue;
        zlua_marshal_rule r =
            marshalc_rule_at(ZLUA_RULE_PROPERTY, name, mono_property_get_name(p), NULL, 0);
        zm_emit(rd, &r, a);
    }
    iter = NULL;
    MonoMethod *m;
    while ((m = mono_class_get_methods(k, &iter)) != NULL)
        if (!zm_copied(k, m))
            zm_method(rd, name, m);
    iter = NULL;
    MonoClass *nested;
    while ((nested = mono_class_get_nested_types(k, &iter)) != NULL)
        zm_class(rd, nested);
}

/* ---- the attribute class an image sees ---------------------------------------- */

/* The index of img's reference to ZLua.Common, or -1.  an: a name
 * object filled in for that reference (its fields point into img's
 * metadata, so it is one object kept for the process, never freed;
 * callers serialize: mono_env.c reads under its lock, the tools on one
 * thread). */
static int zm_common_ref(MonoImage *img, MonoAssemblyName **an)
{
    static MonoAssemblyName *name;
    if (name == NULL && (name = mono_assembly_name_new("ZLua.Common")) == NULL)
        return -1;
    *an = name;
    int n = mono_image_get_table_rows(img, MONO_TABLE_ASSEMBLYREF);
    for (int i = 0; i < n; i++) {
        mono_assembly_get_assemblyref(img, i, name);
        if (strcmp(mono_assembly_name_get_name(name), "ZLua.Common") == 0)
            return i;
    }
    return -1;
}

/* The ZLua.Common img references: the one loaded, else the one Mono
 * finds for img (the application's folders, then img's own). */
static MonoAssembly *zm_common_load(MonoImage *img, MonoAssemblyName *an)
{
    MonoAssembly *a = mono_assembly_loaded(an);
    if (a != NULL)
        return a;
    const char *file = mono_image_get_filename(img);
    const char *slash = file != NULL ? strrchr(file, '/') : NULL;
    char dir[4096] = ".";
    if (slash != NULL && (size_t)(slash - file) < sizeof dir) {
        memcpy(dir, file, (size_t)(slash - file));
        dir[slash - file] = '\0';
    }
    MonoImageOpenStatus st;
    return mono_assembly_load(an, dir, &st);
}

/* ZLua.<name> (an attribute of ZLua.Common) as img's metadata names it:
 * img's own (ZLua.Common itself), or that of the ZLua.Common img
 * references.  NULL when img cannot carry the attribute (*why empty:
 * nothing to read) or when its ZLua.Common cannot be loaded or lacks the
 * class (*why says so). */
MonoClass *zm_attrs_common_class(MonoImage *img, const char *name, char *why, size_t size)
{
    why[0] = '\0';
    MonoClass *k = mono_class_from_name(img, "ZLua", name);
    if (k != NULL)
        return k;
    MonoAssemblyName *an;
    if (zm_common_ref(img, &an) < 0)
        return NULL;
    MonoAssembly *common = zm_common_load(img, an);
    if (common == NULL) {
        snprintf(why, size, "it references ZLua.Common, which is neither loaded nor found "
                            "beside it (%s)", mono_image_get_filename(img));
        return NULL;
    }
    k = mono_class_from_name(mono_assembly_get_image(common), "ZLua", name);
    if (k == NULL)
        snprintf(why, size, "its ZLua.Common (%s) has no ZLua.%s",
                 mono_image_get_filename(mono_assembly_get_image(common)), name);
    return k;
}

/* ---- walking ------------------------------------------------------------------- */

int zm_attrs_read_image(lua_State *L, MonoImage *img, marshalc_attr_fn fn, void *ud,
                        zm_attrs_log_fn log)
{
    char why[1024];
    zm_reader rd = {L, NULL, mono_image_get_name(img), fn, ud, log, 0};
    rd.ak = zm_attrs_common_class(img, "LuaMarshalAsAttribute", why, sizeof why);
    if (rd.ak == NULL) {
        if (why[0] != '\0')
            zm_logf(log, "[ZLua] LuaMarshalAs attributes of assembly '%s' cannot be read (%s): "
                         "its slots keep their default marshalling", rd.assembly, why);
        return 0;
    }
    int nc = mono_image_get_table_rows(img, MONO_TABLE_TYPEDEF);
    for (int c = 0; c < nc; c++) {
        /* TypeDef rows are 1-based; row 1 is <Module> */
        MonoClass *k = mono_class_get(img, MONO_TOKEN_TYPE_DEF | (uint32_t)(c + 1));
        if (k != NULL && mono_class_get_nesting_type(k) == NULL)
            zm_class(&rd, k);
    }
    return rd.found;
}

static void zm_collect(void *assembly, void *user)
{
    zm_asm_list *s = user;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        MonoAssembly **more = realloc(s->a, cap * sizeof *more);
        if (more == NULL) {
            s->nomem = 1;
            return;
        }
        s->a = more;
        s->cap = cap;
    }
    s->a[s->n++] = assembly;
}

int zm_attrs_loaded(zm_asm_list *s)
{
    *s = (zm_asm_list){0};
    mono_assembly_foreach(zm_collect, s);
    return s->nomem ? -1 : 0;
}

static void zm_stderr(const char *line)
{
    fprintf(stderr, "%s\n", line);
}

int marshalc_read_attributes(lua_State *L, marshalc_attr_fn fn, void *ud)
{
    /* a copy: reading loads ZLua.Common where it is referenced, and
     * Mono's own list must not change under the walk */
    zm_asm_list s;
    if (zm_attrs_loaded(&s) != 0) {
        zm_stderr("[ZLua] LuaMarshalAs attributes cannot be read: out of memory");
        free(s.a);
        return 0;
    }
    int found = 0;
    for (size_t i = 0; i < s.n; i++)
        found += zm_attrs_read_image(L, mono_assembly_get_image(s.a[i]), fn, ud, zm_stderr);
    free(s.a);
    return found;
}
