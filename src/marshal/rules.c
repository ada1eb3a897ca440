/*
 * rules.c -- [LuaMarshalAs] rules (docs/marshal-rules.md; R-XML-4): the process's
 * registered tables (RegisterMarshalBindingTables), their resolution per
 * state and assembly on first use, the legality check of marshal-rules.md ("illegal rules")
 * that the build-time compiler shares, and the priority chain of marshal-rules.md
 * that gives each slot its meta once, at bind time.
 */
#include "marshal/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "core/state.h"

/* ---- the registered tables (process-wide) -------------------------------------- */

/* Any number of tables (one per assembly and rule file): an array that
 * grows, kept for the process as the tables are (R-BIND-1: no cap). */
static const zlua_marshal_table **zlua_rule_tables;
static size_t zlua_rule_ntables, zlua_rule_cap;

int zlua_rules_register(const zlua_marshal_table *tables, size_t count)
{
    if (count > 0 && tables == NULL)
        return ZLUA_EINVAL;
    for (size_t i = 0; i < count; i++)
        if (tables[i].assembly == NULL || (tables[i].count > 0 && tables[i].rules == NULL))
            return ZLUA_EINVAL;
    if (count > zlua_rule_cap - zlua_rule_ntables) {
        size_t cap = zlua_rule_cap ? zlua_rule_cap : 16;
        while (cap - zlua_rule_ntables < count) {
            if (cap > (size_t)-1 / 2 / sizeof *zlua_rule_tables)
                return ZLUA_ENOMEM;
            cap *= 2;
        }
        const zlua_marshal_table **grown =
            realloc((void *)zlua_rule_tables, cap * sizeof *grown);
        if (grown == NULL)
            return ZLUA_ENOMEM;
        zlua_rule_tables = grown;
        zlua_rule_cap = cap;
    }
    for (size_t i = 0; i < count; i++)
        zlua_rule_tables[zlua_rule_ntables++] = &tables[i];
    return ZLUA_OK;
}

/* ---- names ------------------------------------------------------------------- */

const char *zlua__rule_type_name(int mtype)
{
    static const char *const names[] = {"LuaMarshalType.Default", "LuaMarshalType.UserData",
                                        "LuaMarshalType.Bytes", "LuaMarshalType.OpaqueValue",
                                        "LuaMarshalType.UnpackedValues",
                                        "LuaMarshalType.Table"};
    return mtype >= 0 && mtype <= ZLUA_MARSHAL_TABLE ? names[mtype] : "LuaMarshalType.?";
}

size_t zlua__rule_signature(zlua__ctx *ctx, const MethodInfo *mi, char *buf, size_t size)
{
    size_t n = 0;
    uint32_t count = il2cpp_method_get_param_count(mi);
    if (size < 3)
        return 0;
    buf[n++] = '(';
    for (uint32_t i = 0; i < count; i++) {
        const zlua_meta *pm = zlua__meta_get(ctx, il2cpp_method_get_param(mi, i));
        if (pm == NULL)
            return 0;
        int w = snprintf(buf + n, size - n, "%s%s", i ? "," : "", pm->name);
        if (w < 0 || (size_t)w >= size - n)
            return 0;
        n += (size_t)w;
    }
    if (n + 2 > size)
        return 0;
    buf[n++] = ')';
    buf[n] = '\0';
    return n;
}

size_t zlua_rules_signature(lua_State *L, const MethodInfo *method, char *buf, size_t size)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    if (ctx == NULL || method == NULL || buf == NULL)
        return 0;
    return zlua__rule_signature(ctx, method, buf, size);
}

/* ---- members ----------------------------------------------------------------- */

static int zlua_rule_member_type_ok(const zlua_meta *m)
{
    return zlua_kind_is_scalar(m->kind) || m->kind == ZLUA_K_STRING;
}

/* Resolves one member name on the value type k: a public instance field
 * or property.  need: 1 read, 2 write (bits).  0 with why on failure. */
static int zlua_rule_member(zlua__ctx *ctx, Il2CppClass *k, const char *full_name,
                            const char *name, int need, zlua__meta_member *out, char *why,
                            size_t why_size)
{
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        int flags = il2cpp_field_get_flags(f);
        if (strcmp(il2cpp_field_get_name(f), name) != 0 ||
            (flags & (ZLUA_FIELD_ATTRIBUTE_STATIC | ZLUA_FIELD_ATTRIBUTE_LITERAL)) ||
            (flags & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) != ZLUA_FIELD_ATTRIBUTE_PUBLIC)
            continue;
        const zlua_meta *fm = zlua__meta_get(ctx, il2cpp_field_get_type(f));
        if (fm == NULL) {
            snprintf(why, why_size, "not enough memory");
            return 0;
        }
        if (!zlua_rule_member_type_ok(fm)) {
            snprintf(why, why_size,
                     "member '%s' of %s is %s: only scalars, enums and strings can be listed",
                     name, full_name, fm->name);
            return 0;
        }
        /* a readonly field is writable here: a rule's write makes a new
         * value, as the type's constructor would (a readonly struct) */
        out->meta = fm;
        out->offset = (uint32_t)(il2cpp_field_get_offset(f) - ctx->header_size);
        out->get = out->set = NULL;
        return 1;
    }
    iter = NULL;
    const PropertyInfo *p;
    while ((p = il2cpp_class_get_properties(k, &iter)) != NULL) {
        PropertyInfo *pp = (PropertyInfo *)p;
        if (strcmp(il2cpp_property_get_name(pp), name) != 0)
            continue;
        const MethodInfo *get = il2cpp_property_get_get_method(pp);
        const MethodInfo *set = il2cpp_property_get_set_method(pp);
        uint32_t iflags;
        if (get && ((il2cpp_method_get_flags(get, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) !=
                        ZLUA_METHOD_ATTRIBUTE_PUBLIC ||
                    !il2cpp_method_is_instance(get)))
            get = NULL;
        if (set && ((il2cpp_method_get_flags(set, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) !=
                        ZLUA_METHOD_ATTRIBUTE_PUBLIC ||
                    !il2cpp_method_is_instance(set)))
            set = NULL;
        if (get == NULL && set == NULL)
            continue;
        const zlua_meta *pm = zlua__meta_get(
            ctx, get ? il2cpp_method_get_return_type(get) : il2cpp_method_get_param(set, 0));
        if (pm == NULL) {
            snprintf(why, why_size, "not enough memory");
            return 0;
        }
        if (!zlua_rule_member_type_ok(pm)) {
            snprintf(why, why_size,
                     "member '%s' of %s is %s: only scalars, enums and strings can be listed",
                     name, full_name, pm->name);
            return 0;
        }
        if ((need & 1) && get == NULL) {
            snprintf(why, why_size, "member '%s' of %s is not readable", name, full_name);
            return 0;
        }
        if ((need & 2) && set == NULL) {
            snprintf(why, why_size, "member '%s' of %s is not writable", name, full_name);
            return 0;
        }
        out->meta = pm;
        out->offset = 0;
        out->get = get;
        out->set = set;
        return 1;
    }
    snprintf(why, why_size, "unknown member '%s' of %s", name, full_name);
    return 0;
}

int zlua__rule_members(zlua__ctx *ctx, Il2CppClass *k, const char *full_name, int mtype,
                      const char *members, int need, zlua__meta_member *out, int max,
                      char *why, size_t why_size)
{
    int n = 0;
    const char *p = members ? members : "";
    while (*p) {
        while (*p == ' ' || *p == '\t')
            p++;
        const char *start = p;
        while (*p && *p != ',')
            p++;
        const char *end = p;
        while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
            end--;
        if (*p == ',')
            p++;
        char name[128];
        size_t len = (size_t)(end - start);
        int optional = 0;
        if (len > 0 && start[len - 1] == '?') {
            optional = 1;
            len--;
        }
        if (len == 0 || len >= sizeof name) {
            snprintf(why, why_size, "an empty or overlong name in Members \"%s\"", members);
            return -1;
        }
        memcpy(name, start, len);
        name[len] = '\0';
        if (optional && mtype != ZLUA_MARSHAL_TABLE) {
            snprintf(why, why_size, "'?' (member '%s?') is only allowed with LuaMarshalType.Table",
                     name);
            return -1;
        }
        if (n == max) {
            snprintf(why, why_size, "more than %d Members", max);
            return -1;
        }
        zlua__meta_member *mm = &out[n];
        /* an optional key is only read (Lua -> C#) */
        if (!zlua_rule_member(ctx, k, full_name, name, optional ? (need & 2) : need, mm, why,
                              why_size))
            return -1;
        mm->optional = (uint8_t)optional;
        mm->name = zlua__ctx_strdup(ctx, name);
        if (mm->name == NULL) {
            snprintf(why, why_size, "not enough memory");
            return -1;
        }
        n++;
    }
    return n;
}

/* ---- the legality check (marshal-rules.md, "illegal rules") ------------------------------------ */

#define ZLUA_RULE_BIT(t) (1u << (t))

int zlua__rule_check(zlua__ctx *ctx, const Il2CppType *type, int site, int mtype,
                    const char *members, char *why, size_t why_size)
{
    int ic = (site & ZLUA_RULE_DIR_IC) != 0;   /* C# calls Lua through the method */
    site &= ~ZLUA_RULE_DIR_IC;
    why[0] = '\0';
    if (mtype == ZLUA_MARSHAL_DEFAULT)
        return 1;
    if (mtype < 0 || mtype > ZLUA_MARSHAL_TABLE) {
        snprintf(why, why_size, "unknown LuaMarshalType %d", mtype);
        return 0;
    }
    const char *tname = zlua__rule_type_name(mtype);
    int t = il2cpp_type_get_type(type);
    if (t == ZLUA_IL2CPP_TYPE_VAR || t == ZLUA_IL2CPP_TYPE_MVAR) {
        snprintf(why, why_size, "a rule on a generic-parameter position");
        return 0;
    }
    const zlua_meta *m = zlua__meta_get(ctx, type);
    if (m == NULL) {
        snprintf(why, why_size, "not enough memory");
        return 0;
    }
    unsigned legal = 0;
    Il2CppClass *vk = NULL;   /* Table / UnpackedValues: the struct */
    if (m->kind == ZLUA_K_BYREF) {
        legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
    } else {
        switch (m->kind) {
        case ZLUA_K_STRING:
            legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_USERDATA) | ZLUA_RULE_BIT(ZLUA_MARSHAL_BYTES) |
                    ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
            break;
        case ZLUA_K_OBJECT:
        case ZLUA_K_UNSUPPORTED:
            legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_USERDATA) | ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
            if (m->cls && m->cls->szarray && m->cls->element &&
                strcmp(m->cls->element->full_name, "System.Byte") == 0)
                legal |= ZLUA_RULE_BIT(ZLUA_MARSHAL_BYTES);
            if (m->kind == ZLUA_K_UNSUPPORTED)   /* decimal, ref struct, TypedReference */
                legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
            break;
        case ZLUA_K_ENUM:
        case ZLUA_K_POINTER:
            legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
            break;
        case ZLUA_K_STRUCT:
            legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_USERDATA) | ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE) |
                    ZLUA_RULE_BIT(ZLUA_MARSHAL_TABLE) | ZLUA_RULE_BIT(ZLUA_MARSHAL_UNPACKED_VALUES);
            vk = m->cls->klass;
            break;
        case ZLUA_K_NULLABLE:
            if (mtype == ZLUA_MARSHAL_UNPACKED_VALUES) {
                snprintf(why, why_size,
                         "LuaMarshalType.UnpackedValues is not allowed on Nullable<T>");
                return 0;
            }
            legal = ZLUA_RULE_BIT(ZLUA_MARSHAL_USERDATA) | ZLUA_RULE_BIT(ZLUA_MARSHAL_OPAQUE_VALUE);
            if (m->elem && m->elem->kind == ZLUA_K_STRUCT) {
                legal |= ZLUA_RULE_BIT(ZLUA_MARSHAL_TABLE);
                vk = m->elem->cls->klass;
            }
            break;
        default:   /* primitives, IntPtr/UIntPtr: Default only */
            break;
        }
    }
    if (!(legal & ZLUA_RULE_BIT(mtype))) {
        snprintf(why, why_size, "%s is not allowed", tname);
        return 0;
    }
    /* a byref is an OpaqueValue already: saying so is legal anywhere */
    if (mtype == ZLUA_MARSHAL_OPAQUE_VALUE && site == ZLUA_RULE_PARAM && !ic &&
        m->kind != ZLUA_K_BYREF) {
        snprintf(why, why_size, "%s is not allowed on a Lua -> C# parameter (C# -> Lua only)",
                 tname);
        return 0;
    }
    if (mtype == ZLUA_MARSHAL_OPAQUE_VALUE && site == ZLUA_RULE_RETURN && ic) {
        snprintf(why, why_size, "%s is not allowed on the result of a call into Lua "
                                "(a Lua -> C# slot; C# -> Lua only)", tname);
        return 0;
    }
    if (mtype == ZLUA_MARSHAL_OPAQUE_VALUE && site == ZLUA_RULE_RETURN) {
        snprintf(why, why_size,
                 "%s is not allowed on the return of a method Lua calls (the slot dies "
                 "with the call's scope)", tname);
        return 0;
    }
    /* a member is read by `obj.F` and written by `obj.F = v`: Lua's index
     * gives one value and takes one, so N values cannot pass through it */
    if (mtype == ZLUA_MARSHAL_UNPACKED_VALUES &&
        (site == ZLUA_RULE_FIELD || site == ZLUA_RULE_PROPERTY)) {
        snprintf(why, why_size, "%s is not allowed on a field or property (a read gives "
                                "one Lua value)", tname);
        return 0;
    }
    /* a member is read by Lua calling C# (the index, or the getter), as a
     * return is: the handle would die with that call's scope (lua-api.md, "[LuaMarshalAs]"),
     * and a handle into the object's storage could outlive the object */
    if (mtype == ZLUA_MARSHAL_OPAQUE_VALUE &&
        (site == ZLUA_RULE_FIELD || site == ZLUA_RULE_PROPERTY)) {
        snprintf(why, why_size, "%s is not allowed on a field or property (Lua reads it "
                                "through a call: the handle would die with the call's scope)",
                 tname);
        return 0;
    }
    if (site == ZLUA_RULE_TYPE && m->cls && strchr(m->cls->full_name, '`') != NULL) {
        snprintf(why, why_size, "a type-level rule on a generic type");
        return 0;
    }
    if (mtype != ZLUA_MARSHAL_TABLE && mtype != ZLUA_MARSHAL_UNPACKED_VALUES) {
        if (members && strchr(members, '?')) {
            snprintf(why, why_size, "'?' is only allowed with LuaMarshalType.Table");
            return 0;
        }
        return 1;
    }
    if (members == NULL || strspn(members, " \t,") == strlen(members)) {
        snprintf(why, why_size, "%s requires non-empty Members.", tname);
        return 0;
    }
    /* the members are written where Lua's values are popped, read where
     * they are pushed: a parameter of a call into Lua is pushed */
    int need = site == ZLUA_RULE_PARAM ? (ic ? 1 : 2) : site == ZLUA_RULE_RETURN ? (ic ? 2 : 1) : 3;
    zlua__meta_member tmp[ZLUA_MAX_MEMBERS];
    const char *vname = m->kind == ZLUA_K_NULLABLE ? m->elem->name : m->name;
    return zlua__rule_members(ctx, vk, vname, mtype, members, need, tmp, ZLUA_MAX_MEMBERS, why,
                             why_size) > 0;
}

int zlua_rules_check(lua_State *L, const Il2CppType *type, int site, int marshal_type,
                       const char *members, char *why, size_t why_size)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    if (why == NULL || why_size == 0)
        return 0;
    if (ctx == NULL || type == NULL) {
        snprintf(why, why_size, "no state or type");
        return 0;
    }
    return zlua__rule_check(ctx, type, site, marshal_type, members, why, why_size);
}

/* ---- resolution per state and assembly ------------------------------------------ */

typedef struct zlua__rentry {
    Il2CppClass *klass;            /* the declaring class */
    const void *target;            /* FieldInfo / PropertyInfo / MethodInfo, or NULL */
    const zlua_marshal_rule *r;
    uint8_t validated;
    uint8_t reported;              /* an illegal rule was logged */
} zlua__rentry;

typedef struct zlua__rules_asm {
    const char *name;
    zlua__rentry *e;                /* sorted by klass */
    size_t n;
    struct zlua__rules_asm *next;
} zlua__rules_asm;

struct zlua__rules {
    zlua__rules_asm *asms;
};

static int zlua_rentry_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const zlua__rentry *)a)->klass;
    uintptr_t y = (uintptr_t)((const zlua__rentry *)b)->klass;
    return x < y ? -1 : x > y;
}

static const char *zlua_rule_origin(const zlua_marshal_rule *r)
{
    return r->origin ? r->origin : (r->source == ZLUA_RULE_ATTRIBUTE ? "attribute" : "XML");
}

/* The target the rule names in k, or NULL (logged). */
static const void *zlua_rule_target(zlua__ctx *ctx, Il2CppClass *k, const zlua_marshal_rule *r,
                                    const char *asm_name)
{
    void *iter = NULL;
    switch (r->site) {
    case ZLUA_RULE_TYPE:
        return k;
    case ZLUA_RULE_FIELD: {
        FieldInfo *f;
        while (r->member && (f = il2cpp_class_get_fields(k, &iter)) != NULL)
            if (strcmp(il2cpp_field_get_name(f), r->member) == 0)
                return f;
        break;
    }
    case ZLUA_RULE_PROPERTY: {
        const PropertyInfo *p;
        while (r->member && (p = il2cpp_class_get_properties(k, &iter)) != NULL)
            if (strcmp(il2cpp_property_get_name((PropertyInfo *)p), r->member) == 0)
                return p;
        break;
    }
    case ZLUA_RULE_PARAM:
    case ZLUA_RULE_RETURN: {
        const MethodInfo *mi;
        char sig[1024];
        while (r->member && r->signature && (mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
            if (strcmp(il2cpp_method_get_name(mi), r->member) != 0 ||
                zlua__rule_signature(ctx, mi, sig, sizeof sig) == 0 ||
                strcmp(sig, r->signature) != 0)
                continue;
            if (r->site == ZLUA_RULE_PARAM &&
                (r->index < 0 || (uint32_t)r->index >= il2cpp_method_get_param_count(mi)))
                break;
            return mi;
        }
        break;
    }
    default:
        zlua__log(ctx, "LuaMarshalAs rule ignored (%s): unknown site %d", zlua_rule_origin(r),
                 (int)r->site);
        return NULL;
    }
    if (r->site == ZLUA_RULE_PARAM || r->site == ZLUA_RULE_RETURN)
        zlua__log(ctx, "LuaMarshalAs rule ignored (%s): %s %s.%s%s%s not found in assembly '%s'",
                 zlua_rule_origin(r), r->site == ZLUA_RULE_PARAM ? "parameter of" : "method",
                 r->type, r->member ? r->member : "?", r->signature ? r->signature : "",
                 r->site == ZLUA_RULE_PARAM ? " (or its index)" : "", asm_name);
    else
        zlua__log(ctx, "LuaMarshalAs rule ignored (%s): %s %s.%s not found in assembly '%s'",
                 zlua_rule_origin(r), r->site == ZLUA_RULE_FIELD ? "field" : "property",
                 r->type, r->member ? r->member : "?", asm_name);
    return NULL;
}

static zlua__rules_asm *zlua_rules_resolve(zlua__ctx *ctx, const char *asm_name)
{
    if (ctx->rules == NULL) {
        ctx->rules = zlua__ctx_arena_alloc(ctx, sizeof *ctx->rules);
        if (ctx->rules == NULL)
            return NULL;
    }
    for (zlua__rules_asm *a = ctx->rules->asms; a != NULL; a = a->next)
        if (strcmp(a->name, asm_name) == 0)
            return a;
    zlua__rules_asm *a = zlua__ctx_arena_alloc(ctx, sizeof *a);
    if (a == NULL)
        return NULL;
    a->name = zlua__ctx_strdup(ctx, asm_name);
    if (a->name == NULL)
        return NULL;
    /* published first, empty: a lookup that resolution itself might
     * cause sees no rules rather than resolving the assembly again */
    a->next = ctx->rules->asms;
    ctx->rules->asms = a;
    size_t total = 0, n = 0;
    for (size_t t = 0; t < zlua_rule_ntables; t++)
        if (strcmp(zlua_rule_tables[t]->assembly, asm_name) == 0)
            total += zlua_rule_tables[t]->count;
    if (total > 0) {
        zlua__rentry *e = zlua__ctx_arena_alloc(ctx, total * sizeof e[0]);
        if (e == NULL)
            return a;   /* out of memory: this assembly's rules are lost */
        const Il2CppAssembly *as = il2cpp_domain_assembly_open(il2cpp_domain_get(), asm_name);
        const Il2CppImage *img = as ? il2cpp_assembly_get_image(as) : NULL;
        for (size_t t = 0; t < zlua_rule_ntables; t++) {
            const zlua_marshal_table *tab = zlua_rule_tables[t];
            if (strcmp(tab->assembly, asm_name) != 0)
                continue;
            for (size_t i = 0; i < tab->count; i++) {
                const zlua_marshal_rule *r = &tab->rules[i];
                zlua__class *cls = img && r->type ? zlua__class_find_in(ctx, img, r->type) : NULL;
                if (cls == NULL) {
                    zlua__log(ctx, "LuaMarshalAs rule ignored (%s): type '%s' not found in "
                                  "assembly '%s'", zlua_rule_origin(r),
                             r->type ? r->type : "?", asm_name);
                    continue;
                }
                const void *target = zlua_rule_target(ctx, cls->klass, r, asm_name);
                if (target == NULL)
                    continue;
                e[n++] = (zlua__rentry){cls->klass, target, r,
                                       (uint8_t)((tab->flags & ZLUA_MARSHAL_VALIDATED) != 0), 0};
            }
        }
        qsort(e, n, sizeof e[0], zlua_rentry_cmp);
        a->e = e;
        a->n = n;
    }
    return a;
}

/* The entries of k: [*first, *first + n), NULL when none. */
static zlua__rentry *zlua_rules_of(zlua__ctx *ctx, Il2CppClass *k, size_t *n)
{
    *n = 0;
    if (zlua_rule_ntables == 0 || k == NULL)
        return NULL;
    const char *asm_name = il2cpp_class_get_assemblyname(k);
    zlua__rules_asm *a = asm_name ? zlua_rules_resolve(ctx, asm_name) : NULL;
    if (a == NULL || a->n == 0)
        return NULL;
    size_t lo = 0, hi = a->n;
    while (lo < hi) {   /* the first entry of k */
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)a->e[mid].klass < (uintptr_t)k)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < a->n && a->e[end].klass == k)
        end++;
    *n = end - lo;
    return *n ? &a->e[lo] : NULL;
}

/* ---- the priority chain (marshal-rules.md, priority chain) ------------------------------------------------ */

/* "Demo.EchoIntIllegal(System.Int32) parameter 'value' (System.Int32)". */
static void zlua_site_describe(zlua__ctx *ctx, const zlua__site *site, const zlua_meta *base,
                               char *buf, size_t size)
{
    zlua__class *owner = zlua__class_get(ctx, site->klass);
    const char *oname = owner ? owner->full_name : "?";
    switch (site->kind) {
    case ZLUA_RULE_PARAM: {
        const char *pn = il2cpp_method_get_param_name(site->mi, (uint32_t)site->index);
        snprintf(buf, size, "%s.%s parameter '%s' (%s)", oname, site->signature,
                 pn ? pn : "?", base->name);
        break;
    }
    case ZLUA_RULE_RETURN:
        snprintf(buf, size, "%s.%s return (%s)", oname, site->signature, base->name);
        break;
    case ZLUA_RULE_FIELD:
        snprintf(buf, size, "%s.%s field (%s)", oname, site->name, base->name);
        break;
    default:
        snprintf(buf, size, "%s.%s property (%s)", oname, site->name, base->name);
        break;
    }
}

/* Whether entry e names the site (kind: the rule's site). */
static int zlua_rentry_matches(const zlua__rentry *e, int kind, const zlua__site *site)
{
    const zlua_marshal_rule *r = e->r;
    if (r->site != kind)
        return 0;
    switch (kind) {
    case ZLUA_RULE_TYPE:
        return 1;   /* the entries are of the type's class already */
    case ZLUA_RULE_PARAM:
        return e->target == site->mi && r->index == site->index;
    case ZLUA_RULE_RETURN:
        return e->target == site->mi;
    default:
        return r->member != NULL && strcmp(r->member, site->name) == 0;
    }
}

/* Whether the type-level rule r is legal on its type k itself (marshal-rules.md, "illegal rules":
 * what the build checked for it). */
static int zlua_rule_type_legal(zlua__ctx *ctx, Il2CppClass *k, const zlua_marshal_rule *r)
{
    char why[256];
    return zlua__rule_check(ctx, il2cpp_class_get_type(k), ZLUA_RULE_TYPE, r->marshal_type,
                           r->members, why, sizeof why);
}

/* The first usable rule among the n entries for the site, of the given
 * source: a Default one does not count, an illegal one is logged once and
 * does not count either (marshal-rules.md, priority chain and illegal rules).  A type-level rule is its type's
 * default shape where it can be one: a slot whose kind or direction rules
 * its LuaMarshalType out (UnpackedValues on a field, a property or a T?;
 * OpaqueValue where Lua passes or reads the value) keeps the defaults
 * without a word, since the rule itself is legal; only a type-level rule
 * that is illegal on its type is reported. */
static const zlua_marshal_rule *zlua_rules_pick(zlua__ctx *ctx, zlua__rentry *e, size_t n,
                                                int kind, int source, const zlua__site *site,
                                                const Il2CppType *type, const zlua_meta *base)
{
    for (size_t i = 0; i < n; i++) {
        const zlua_marshal_rule *r = e[i].r;
        if (r->source != source || !zlua_rentry_matches(&e[i], kind, site))
            continue;
        if (r->marshal_type == ZLUA_MARSHAL_DEFAULT)
            continue;
        char why[256];
        if (zlua__rule_check(ctx, type, site->kind | (site->ic ? ZLUA_RULE_DIR_IC : 0),
                            r->marshal_type, r->members, why, sizeof why))
            return r;
        if (kind == ZLUA_RULE_TYPE && zlua_rule_type_legal(ctx, e[i].klass, r))
            continue;
        if (!e[i].reported) {
            char where[512];
            e[i].reported = 1;
            zlua_site_describe(ctx, site, base, where, sizeof where);
            zlua__log(ctx, "Invalid LuaMarshalAs: %s: %s; falling back to Default.", where, why);
        }
    }
    return NULL;
}

/* The rule of the chain's first level that has one, for the entries e. */
static const zlua_marshal_rule *zlua_rules_level(zlua__ctx *ctx, zlua__rentry *e, size_t n,
                                                 int kind, const zlua__site *site,
                                                 const Il2CppType *type, const zlua_meta *base)
{
    if (e == NULL)
        return NULL;
    const zlua_marshal_rule *r =
        zlua_rules_pick(ctx, e, n, kind, ZLUA_RULE_ATTRIBUTE, site, type, base);
    return r ? r : zlua_rules_pick(ctx, e, n, kind, ZLUA_RULE_XML, site, type, base);
}

const zlua_meta *zlua__meta_for_site(zlua__ctx *ctx, const zlua__site *site, const Il2CppType *type)
{
    const zlua_meta *base = zlua__meta_get(ctx, type);
    if (base == NULL || zlua_rule_ntables == 0)
        return base;
    size_t n;
    zlua__rentry *e = zlua_rules_of(ctx, site->klass, &n);
    /* the slot: attribute, then XML */
    const zlua_marshal_rule *r = zlua_rules_level(ctx, e, n, site->kind, site, type, base);
    /* a property accessor's value: the property's rules (member level) */
    if (r == NULL && site->property != NULL) {
        zlua__site prop = *site;
        prop.kind = ZLUA_RULE_PROPERTY;
        prop.name = site->property;
        r = zlua_rules_level(ctx, e, n, ZLUA_RULE_PROPERTY, &prop, type, base);
    }
    /* type-level: the slot's own type (not a byref, array or generic
     * instance), or for Nullable<T> its T; attribute, then XML */
    if (r == NULL && base->kind != ZLUA_K_BYREF && base->cls != NULL) {
        const zlua__class *tc = base->kind == ZLUA_K_NULLABLE && base->elem ? base->elem->cls
                                                                           : base->cls;
        if (tc != NULL && !tc->is_array) {
            e = zlua_rules_of(ctx, tc->klass, &n);
            r = zlua_rules_level(ctx, e, n, ZLUA_RULE_TYPE, site, type, base);
        }
    }
    if (r == NULL)
        return base;
    const char *slot_name = site->kind == ZLUA_RULE_PARAM
                                ? il2cpp_method_get_param_name(site->mi, (uint32_t)site->index)
                                : site->kind == ZLUA_RULE_RETURN ? "return" : site->name;
    return zlua__rule_meta_make(ctx, base, r->marshal_type, r->members, slot_name);
}

/* ---- slots of calls into Lua (zlua_meta_param) ------------------------------------ */

/* The meta of one slot as C# calls Lua through method: the rules of the
 * chain for a pushed parameter or a popped result. */
static const zlua_meta *zlua_meta_ic_resolve(zlua__ctx *ctx, const MethodInfo *method, int index,
                                             const Il2CppType *type)
{
    if (zlua_rule_ntables == 0)
        return zlua__meta_get(ctx, type);
    /* "Name(T1,T2)": the site's name in messages */
    char sig[512];
    size_t n = (size_t)snprintf(sig, sizeof sig, "%s", il2cpp_method_get_name(method));
    if (n >= sizeof sig || zlua__rule_signature(ctx, method, sig + n, sizeof sig - n) == 0)
        return zlua__meta_get(ctx, type);   /* too long to name: no rule reaches it */
    zlua__site site = {index < 0 ? ZLUA_RULE_RETURN : ZLUA_RULE_PARAM,
                      il2cpp_method_get_class(method), method, index, NULL,
                      zlua__ctx_strdup(ctx, sig), NULL, 1};
    if (site.signature == NULL)
        return NULL;
    return zlua__meta_for_site(ctx, &site, type);
}

const zlua_meta *zlua__meta_ic_slot(zlua__ctx *ctx, const MethodInfo *method, int index)
{
    uint32_t n = il2cpp_method_get_param_count(method);
    if (index < -1 || (index >= 0 && (uint32_t)index >= n))
        return NULL;
    /* per method, slot 0 the return: resolved once (the arena zeroes) */
    const zlua_meta **slots = zlua__ptrmap_get(&ctx->ic_metas, method);
    if (slots == NULL) {
        slots = zlua__ctx_arena_alloc(ctx, ((size_t)n + 1) * sizeof *slots);
        if (slots == NULL || zlua__ptrmap_put(&ctx->ic_metas, method, (void *)slots) != ZLUA_OK)
            return NULL;
    }
    if (slots[index + 1] == NULL) {
        const Il2CppType *t = index < 0 ? il2cpp_method_get_return_type(method)
                                        : il2cpp_method_get_param(method, (uint32_t)index);
        slots[index + 1] = t ? zlua_meta_ic_resolve(ctx, method, index, t) : NULL;
    }
    return slots[index + 1];
}
