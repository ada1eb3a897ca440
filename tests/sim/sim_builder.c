/*
 * sim_builder.c -- turns the catalog tables (SimClassDef & co.) into
 * metadata, and creates the classes IL2CPP makes on demand: Nullable<T>
 * instances, generic parameters, pointer classes.
 *
 * Construction runs in phases because definitions refer to each other by
 * name: shells (names, sizes) for every class first, then the hierarchy,
 * then members, then override links.  A catalog error is a bug in the
 * simulation: it is reported and aborts, once, at sim_init.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"

void sim_catalog_fail(const char *what, const char *name)
{
    fprintf(stderr, "zlua_sim: catalog error: %s '%s'\n", what,
            name ? name : "(null)");
    abort();
}

void *sim_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL)
        sim_catalog_fail("out of memory", "calloc");
    return p;
}

char *sim_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = sim_xcalloc(1, n);
    memcpy(p, s, n);
    return p;
}

char *sim_strcat3(const char *a, const char *b, const char *c)
{
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    char *p = sim_xcalloc(1, na + nb + nc + 1);
    memcpy(p, a, na);
    memcpy(p + na, b, nb);
    memcpy(p + na + nb, c, nc);
    return p;
}

static bool is_primitive_type(uint8_t t)
{
    return (t >= IL2CPP_TYPE_BOOLEAN && t <= IL2CPP_TYPE_R8) ||
           t == IL2CPP_TYPE_I || t == IL2CPP_TYPE_U;
}

Il2CppClass *sim_class_new(Il2CppImage *image, const char *ns,
                           const char *name, SimKind kind, uint8_t type)
{
    Il2CppClass *k = sim_xcalloc(1, sizeof *k);
    k->name = name;
    k->namespaze = ns;
    k->full_name = *ns ? sim_strcat3(ns, ".", name) : sim_strdup(name);
    k->il_name = k->full_name;
    k->image = image;
    k->valuetype = kind == SIM_KIND_STRUCT || kind == SIM_KIND_ENUM;
    k->enumtype = kind == SIM_KIND_ENUM;
    if (type == 0)
        type = k->valuetype ? IL2CPP_TYPE_VALUETYPE : IL2CPP_TYPE_CLASS;
    k->primitive = is_primitive_type(type);
    k->byval_arg.klass = k;
    k->byval_arg.type = type;
    k->this_arg.klass = k;
    k->this_arg.type = type;
    k->this_arg.byref = true;
    k->element_class = k;
    k->cast_class = k;
    k->instance_size = (int32_t)sizeof(Il2CppObject);
    k->align = 1;
    if (kind == SIM_KIND_INTERFACE)
        k->flags = TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT;
    sim_register_class(k);
    return k;
}

Il2CppClass *sim_resolve_class(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n > 1 && name[n - 1] == '*') {
        char element[256];
        if (n >= sizeof element)
            sim_catalog_fail("type name too long", name);
        memcpy(element, name, n - 1);
        element[n - 1] = '\0';
        return sim_pointer_class(sim_resolve_class(element));
    }
    Il2CppClass *k = sim_class(name);
    if (k == NULL)
        sim_catalog_fail("unknown type", name);
    return k;
}

static void set_value_layout(Il2CppClass *k, uint32_t size, uint32_t align)
{
    k->value_size = (int32_t)size;
    k->align = align ? align : 1;
    k->instance_size = (int32_t)(sizeof(Il2CppObject) + size);
}

/* ---- phase 1: shells ------------------------------------------------------------ */

/* Makes k a nested type of the (already built) class `outer`: named as
 * IL2CPP names nested types, listed by il2cpp_class_get_nested_types. */
static void nest(Il2CppClass *k, const char *outer)
{
    Il2CppClass *o = sim_class(outer);
    if (o == NULL)
        sim_catalog_fail("declaring class not built before its nested type", outer);
    free(k->full_name);
    k->full_name = sim_strcat3(o->full_name, "+", k->name);
    k->il_name = sim_strcat3(o->full_name, ".", k->name);
    k->declaring = o;
    Il2CppClass **grown = realloc(o->nested, (o->nested_count + 1u) * sizeof *grown);
    if (grown == NULL)
        sim_catalog_fail("out of memory", k->name);
    o->nested = grown;
    o->nested[o->nested_count++] = k;
}

/* The definition shell of a closed generic catalog class ("List`1" for
 * "List`1[System.Int32]"): what IL2CPP's inflated class points back to.
 * Not listed in the image (nothing is looked up through it). */
static Il2CppClass *generic_definition(Il2CppImage *image, const char *ns, const char *name,
                                       Il2CppClass *outer)
{
    for (Il2CppClass *k = sim_first_shell(); k; k = k->next_shell)
        if (k->declaring == outer && strcmp(k->name, name) == 0 &&
            strcmp(k->namespaze, ns) == 0)
            return k;
    Il2CppClass *k = sim_class_new(image, ns, sim_strdup(name), SIM_KIND_CLASS, 0);
    k->flags = TYPE_ATTRIBUTE_PUBLIC;
    k->generic_params_shell = true;
    sim_register_shell(k);
    k->is_generic = true;   /* an open definition, as IL2CPP's */
    k->declaring = outer;
    return k;
}

/* A catalog class named as a closed generic ("List`1[System.Int32]",
 * "List`1+Enumerator[System.Int32]") is presented as IL2CPP presents an
 * inflated class: named after its definition ("List`1", "Enumerator"),
 * a nested one without namespace and declared by the outer definition,
 * inflated, and with the IL-format type name
 * ("System.Collections.Generic.List.Enumerator<System.Int32>").  Its
 * catalog name stays its full name, which the catalog's own lookups use. */
static void present_as_inflated(Il2CppClass *k, Il2CppImage *image, const char *ns,
                                const char *name)
{
    const char *open = strchr(name, '[');
    size_t n = strlen(name);
    if (open == NULL || name[n - 1] != ']' || k->generic_def != NULL)
        return;
    char def[256], args[512], il[1024];
    size_t dl = (size_t)(open - name);
    if (dl >= sizeof def || n - dl >= sizeof args)
        sim_catalog_fail("generic catalog name too long", name);
    memcpy(def, name, dl);
    def[dl] = '\0';
    /* the arguments in IL format: each by its own IL name when it has one */
    size_t al = 0;
    args[al++] = '<';
    for (const char *a = open + 1; a < name + n - 1;) {
        const char *e = strchr(a, ',');
        if (e == NULL || e > name + n - 1)
            e = name + n - 1;
        char one[256];
        if ((size_t)(e - a) >= sizeof one)
            sim_catalog_fail("generic argument name too long", name);
        memcpy(one, a, (size_t)(e - a));
        one[e - a] = '\0';
        Il2CppClass *ak = sim_class(one);
        const char *an = ak ? ak->il_name : one;
        size_t l = strlen(an);
        if (al + l + 3 > sizeof args)
            sim_catalog_fail("generic argument list too long", name);
        if (al > 1)
            args[al++] = ',';
        memcpy(args + al, an, l);
        al += l;
        a = *e == ',' ? e + 1 : e;
    }
    args[al++] = '>';
    args[al] = '\0';
    char *plus = strchr(def, '+');
    Il2CppClass *outer = NULL;
    const char *own = def;
    if (plus != NULL) {
        *plus = '\0';
        outer = generic_definition(image, ns, def, NULL);
        own = plus + 1;
    }
    /* IL format drops the arity: List`1 -> List */
    char stem[256];
    snprintf(stem, sizeof stem, "%s", def);
    char *tick = strchr(stem, '`');
    if (tick)
        *tick = '\0';
    if (outer != NULL)
        snprintf(il, sizeof il, "%s.%s.%s%s", ns, stem, own, args);
    else
        snprintf(il, sizeof il, "%s.%s%s", ns, stem, args);
    k->generic_def = generic_definition(image, outer ? "" : ns, own, outer);
    k->name = sim_strdup(own);
    k->il_name = sim_strdup(il);
    if (outer != NULL) {
        k->namespaze = "";
        k->declaring = outer;
    }
}

void sim_build_shells(Il2CppImage *image, const SimClassDef *defs)
{
    for (const SimClassDef *d = defs; d->name; d++) {
        Il2CppClass *k = sim_class_new(image, d->ns, d->name, d->kind, d->type);
        k->flags |= d->flags;
        if (k->valuetype)
            set_value_layout(k, d->size, d->align);
        else if (d->size)
            k->instance_size = (int32_t)d->size;
        if (d->static_size) {
            k->static_size = d->static_size;
            k->static_data = sim_gc_alloc_root(d->static_size);
        }
        k->cctor = d->cctor;
        if (d->declaring)
            nest(k, d->declaring);
        present_as_inflated(k, image, d->ns, d->name);
        sim_image_add(image, k);
    }
}

/* ---- phase 2: parents, interfaces, enum underlying types -------------------- */

static const char *default_parent(SimKind kind)
{
    switch (kind) {
    case SIM_KIND_CLASS: return "System.Object";
    case SIM_KIND_STRUCT: return "System.ValueType";
    case SIM_KIND_ENUM: return "System.Enum";
    case SIM_KIND_INTERFACE: return "";  /* interfaces have no parent */
    }
    return "";
}

static Il2CppClass *def_class(const SimClassDef *d)
{
    /* nested types are not found by name (as in IL2CPP): by full name */
    Il2CppClass *k = d->declaring ? NULL : sim_find_class(d->ns, d->name);
    if (k == NULL && !d->declaring) {   /* closed generics: by catalog (full) name */
        char *full = *d->ns ? sim_strcat3(d->ns, ".", d->name) : sim_strdup(d->name);
        k = sim_class(full);
        free(full);
    }
    if (d->declaring) {
        char *full = sim_strcat3(d->declaring, "+", d->name);
        k = sim_class(full);
        free(full);
    }
    if (k == NULL)
        sim_catalog_fail("class not built", d->name);
    return k;
}

void sim_build_hierarchy(const SimClassDef *defs)
{
    for (const SimClassDef *d = defs; d->name; d++) {
        Il2CppClass *k = def_class(d);
        const char *parent = d->parent ? d->parent : default_parent(d->kind);
        if (*parent)
            k->parent = sim_resolve_class(parent);
        if (!k->valuetype && d->size == 0 && k->parent)
            k->instance_size = k->parent->instance_size;
        for (int i = 0; i < SIM_MAX_INTERFACES && d->interfaces[i]; i++)
            k->interfaces[k->interface_count++] =
                sim_resolve_class(d->interfaces[i]);
        if (d->kind == SIM_KIND_ENUM) {
            /* IL2CPP: element_class = castClass = the underlying type */
            Il2CppClass *base = sim_resolve_class(d->enum_base);
            k->element_class = base;
            k->cast_class = base;
            set_value_layout(k, (uint32_t)base->value_size, base->align);
        }
    }
}

/* ---- phase 3: fields, methods, properties, attributes ------------------------ */

/* flags: the parameter's own (HasDefault, Optional), beside in/out */
static const Il2CppType *param_type(const char *spec, uint32_t flags)
{
    static const struct {
        const char *prefix;
        uint32_t attrs;
    } modes[] = {{"ref ", 0}, {"out ", SIM_PARAM_OUT}, {"in ", SIM_PARAM_IN}};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        size_t n = strlen(modes[i].prefix);
        if (strncmp(spec, modes[i].prefix, n) == 0)
            return sim_meta_type(sim_resolve_class(spec + n), true,
                                 modes[i].attrs | flags);
    }
    return sim_meta_type(sim_resolve_class(spec), false, flags);
}

static Il2CppCustomAttrInfo *attr_info(const char *owner, const SimAttrDef *defs);

static void build_fields(Il2CppClass *k, const SimClassDef *d)
{
    size_t n = 0;
    for (const SimFieldDef *f = d->fields; f && f->name; f++)
        n++;
    if (d->kind == SIM_KIND_ENUM)
        n++;
    if (n == 0)
        return;
    k->fields = sim_xcalloc(n, sizeof *k->fields);
    if (d->kind == SIM_KIND_ENUM) {
        FieldInfo *v = &k->fields[k->field_count++];
        v->name = "value__";
        v->type = sim_meta_type(k->element_class, false,
                                FIELD_ATTRIBUTE_PUBLIC |
                                    SIM_FIELD_SPECIAL_NAME |
                                    SIM_FIELD_RT_SPECIAL_NAME);
        v->parent = k;
        v->offset = (int32_t)sizeof(Il2CppObject);
    }
    for (const SimFieldDef *f = d->fields; f && f->name; f++) {
        FieldInfo *fi = &k->fields[k->field_count++];
        fi->name = f->name;
        fi->type = sim_meta_type(sim_resolve_class(f->type), false, f->flags);
        fi->parent = k;
        fi->attrs = attr_info(f->name, f->attrs);
        if (f->flags & FIELD_ATTRIBUTE_LITERAL) {
            fi->offset = 0;
            fi->literal = f->literal;
        } else if (f->flags & FIELD_ATTRIBUTE_STATIC) {
            if (f->offset >= k->static_size)
                sim_catalog_fail("static field outside the statics block", f->name);
            fi->offset = (int32_t)f->offset;
        } else {
            fi->offset = (int32_t)((k->valuetype ? sizeof(Il2CppObject) : 0) +
                                   f->offset);
        }
    }
}

/* The method of k named name; "name#n" is the n-th of that name (0
 * first), for the accessors of overloaded indexers. */
static const MethodInfo *own_method(Il2CppClass *k, const char *name)
{
    const char *hash = strchr(name, '#');
    size_t len = hash ? (size_t)(hash - name) : strlen(name);
    int skip = hash ? atoi(hash + 1) : 0;
    for (uint16_t i = 0; i < k->method_count; i++)
        if (strncmp(k->methods[i]->name, name, len) == 0 && k->methods[i]->name[len] == '\0' &&
            skip-- == 0)
            return &k->methods[i]->mi;
    sim_catalog_fail("accessor not found", name);
    return NULL;
}

void sim_add_methods(Il2CppClass *k, const SimMethodDef *defs)
{
    size_t n = 0;
    for (const SimMethodDef *d = defs; d->name; d++)
        n++;
    SimMethod **grown = realloc(k->methods, (k->method_count + n) * sizeof *grown);
    if (grown == NULL)
        sim_catalog_fail("out of memory", k->name);
    k->methods = grown;
    for (const SimMethodDef *d = defs; d->name; d++)
        k->methods[k->method_count++] = sim_build_method(k, d);
}

SimMethod *sim_build_method(Il2CppClass *k, const SimMethodDef *d)
{
    {
        SimMethod *m = sim_xcalloc(1, sizeof *m);
        m->mi.methodPointer = d->body;
        m->mi.virtualMethodPointer = d->boxed_body ? d->boxed_body : d->body;
        if (d->pointer == SIM_POINTER_NULL || d->pointer == SIM_POINTER_UNRESOLVED)
            m->mi.methodPointer = m->mi.virtualMethodPointer =
                d->pointer == SIM_POINTER_NULL ? NULL : (Il2CppMethodPointer)sim_unresolved_call;
        m->mi.indirect_call_via_invokers = d->pointer == SIM_POINTER_INDIRECT;
        /* 2022.3's form of a fully shared instance whose standard-signature
         * stub was not found: an unresolved-call stub, its invoker the
         * runtime's redirect to the shared code */
        m->mi.has_full_generic_sharing_signature = d->pointer == SIM_POINTER_UNRESOLVED;
        /* abstract methods have no body: calling one directly crashes */
        m->mi.invoker_method = d->body ? d->invoker : sim_invoke_abstract;
        if (d->pointer == SIM_POINTER_STRIPPED)   /* no code at all: nothing to call */
            m->mi.methodPointer = m->mi.virtualMethodPointer = NULL, m->mi.invoker_method = NULL;
        m->name = d->name;
        m->klass = k;
        m->flags = d->flags;
        /* ECMA-335 MethodDef tokens, numbered per image like a compiler's */
        m->token = 0x06000000u | (k->image ? ++k->image->methods : 0u);
        m->return_type = sim_meta_type(sim_resolve_class(d->ret), false, 0);
        m->iflags = d->iflags;
        for (int i = 0; i < SIM_MAX_PARAMS && d->params[i].type; i++) {
            const SimParamDef *p = &d->params[i];
            uint32_t flags = 0;
            if (p->default_type) {
                /* what C# emits for `int b = 5`: [opt] + a Constant row */
                flags = PARAM_ATTRIBUTE_OPTIONAL | PARAM_ATTRIBUTE_HAS_DEFAULT;
                m->default_types[i] = &sim_resolve_class(p->default_type)->byval_arg;
                m->default_blobs[i] = p->default_blob;
            }
            m->params[i] = param_type(p->type, flags);
            m->param_names[i] = p->name;
            if (p->params_array)
                sim_param_array_mark(k->image, sim_param_token(m, i));
            m->param_count++;
        }
        m->overrides_name = d->overrides;
        if (d->attr != NULL) {   /* the shells of every image exist by now */
            m->attrs = sim_xcalloc(1, sizeof *m->attrs);
            m->attrs->count = d->attr2 != NULL ? 2 : 1;
            m->attrs->attrs[0].klass = sim_resolve_class(d->attr);
            m->attrs->attrs[0].text = d->attr_text;
            if (d->attr2 != NULL)
                m->attrs->attrs[1].klass = sim_resolve_class(d->attr2);
        }
        for (size_t i = 0; i < sizeof d->marshal / sizeof d->marshal[0]; i++) {
            const SimMarshalDef *md = &d->marshal[i];
            if (md->type == 0)
                break;
            if (md->index < -1 || md->index >= (int)m->param_count)
                sim_catalog_fail("marshal attribute on a missing parameter", d->name);
            m->marshal[md->index + 1] =
                (SimMarshalAs){md->type, md->members, md->member_count};
        }
        if (k->valuetype && !(d->flags & METHOD_ATTRIBUTE_STATIC) &&
            d->body && !d->boxed_body)
            sim_catalog_fail("value-type instance method without adjustor", d->name);
        /* an open generic definition has no code: IL2CPP never compiles one */
        m->generic_def = d->generic != NULL;
        if (m->generic_def && d->body != NULL)
            sim_catalog_fail("generic definition with a body", d->name);
        if (m->generic_def) {
            m->mi.is_generic = 1;
            m->mi.genericContainerHandle = sim_generic_container(&m->mi, true, d->generic);
        }
        return m;
    }
}

const Il2CppGenericContainer *sim_generic_container(const void *owner, bool is_method,
                                                    const SimGenericParamDef *defs)
{
    size_t n = 0;
    while (defs[n].name != NULL)
        n++;
    if (n == 0 || n > SIM_MAX_GENERIC_ARGS)
        sim_catalog_fail("generic definition's parameter count", defs[0].name);
    Il2CppGenericContainer *c = sim_xcalloc(1, sizeof *c);
    Il2CppGenericParameter *ps = sim_xcalloc(n, sizeof *ps);
    for (size_t i = 0; i < n; i++) {
        const SimGenericParamDef *d = &defs[i];
        int16_t k = 0;
        while (k < SIM_MAX_CONSTRAINTS && d->constraints[k] != NULL)
            k++;
        const Il2CppType **cs = k > 0 ? sim_xcalloc((size_t)k, sizeof *cs) : NULL;
        for (int16_t j = 0; j < k; j++)
            cs[j] = &sim_resolve_class(d->constraints[j])->byval_arg;
        ps[i] = (Il2CppGenericParameter){.owner = c, .name = d->name, .constraints = cs,
                                         .constraintsCount = k, .num = (uint16_t)i,
                                         .flags = d->flags};
    }
    c->owner = owner;
    c->type_argc = (int32_t)n;
    c->is_method = is_method;
    c->parameters = ps;
    return c;
}

void sim_add_properties(Il2CppClass *k, const SimPropertyDef *defs)
{
    size_t n = 0;
    for (const SimPropertyDef *p = defs; p && p->name; p++)
        n++;
    if (n == 0)
        return;
    k->properties = sim_xcalloc(n, sizeof *k->properties);
    for (const SimPropertyDef *p = defs; p->name; p++) {
        PropertyInfo *pi = &k->properties[k->property_count++];
        pi->name = p->name;
        pi->parent = k;
        pi->get = p->getter ? own_method(k, p->getter) : NULL;
        pi->set = p->setter ? own_method(k, p->setter) : NULL;
    }
}

static Il2CppCustomAttrInfo *attr_info(const char *owner, const SimAttrDef *defs)
{
    if (defs == NULL || defs->klass == NULL)
        return NULL;
    Il2CppCustomAttrInfo *info = sim_xcalloc(1, sizeof *info);
    for (const SimAttrDef *a = defs; a->klass; a++) {
        if (info->count == SIM_MAX_ATTRS)
            sim_catalog_fail("too many attributes", owner);
        SimAttr *sa = &info->attrs[info->count++];
        sa->klass = sim_resolve_class(a->klass);
        sa->marshal = (SimMarshalAs){a->marshal_type, a->members, a->member_count};
    }
    return info;
}

static void build_attrs(Il2CppClass *k, const SimAttrDef *defs)
{
    if (defs != NULL && defs->klass != NULL)
        k->attrs = attr_info(k->name, defs);
}

void sim_build_members(const SimClassDef *defs)
{
    for (const SimClassDef *d = defs; d->name; d++) {
        Il2CppClass *k = def_class(d);
        build_fields(k, d);
        for (int i = 0; i < SIM_MAX_METHOD_TABLES && d->methods[i]; i++)
            sim_add_methods(k, d->methods[i]);
        sim_add_properties(k, d->properties);
        build_attrs(k, d->attrs);
    }
}

/* ---- phase 4: override links ----------------------------------------------------- */

void sim_resolve_overrides(void)
{
    for (Il2CppClass *k = sim_first_class(); k; k = k->next_all) {
        for (uint16_t i = 0; i < k->method_count; i++) {
            SimMethod *m = k->methods[i];
            if (m->overrides_name == NULL || m->overrides)
                continue;
            const char *sep = strstr(m->overrides_name, "::");
            char owner[128];
            size_t n = sep ? (size_t)(sep - m->overrides_name) : 0;
            if (sep == NULL || n >= sizeof owner)
                sim_catalog_fail("bad override name", m->overrides_name);
            memcpy(owner, m->overrides_name, n);
            owner[n] = '\0';
            const MethodInfo *base =
                sim_method(owner, sep + 2, (int)m->param_count);
            if (base == NULL || !(sim_m(base)->flags & METHOD_ATTRIBUTE_VIRTUAL))
                sim_catalog_fail("overridden method not found", m->overrides_name);
            m->overrides = sim_m(base);
        }
    }
}

/* ---- classes made on demand ------------------------------------------------------ */

/* Nullable<T>, as IL2CPP inflates it: a value type whose element_class and
 * castClass are T, with the fields of the configured corlib
 * (SIM_NULLABLE_HASVALUE_FIRST). */
Il2CppClass *sim_nullable_of(Il2CppClass *t)
{
    Il2CppClass *def = sim_k.nullable;
    for (Il2CppClass *k = def->next_inflated; k; k = k->next_inflated)
        if (k->generic_arg == t)
            return k;
    if (t == NULL || !t->valuetype)
        return NULL;

    Il2CppClass *k = sim_class_new(def->image, def->namespaze, def->name,
                                   SIM_KIND_STRUCT, IL2CPP_TYPE_GENERICINST);
    free(k->full_name);
    k->full_name = sim_strcat3("System.Nullable`1[", t->full_name, "]");
    k->il_name = sim_strcat3("System.Nullable<", t->il_name, ">");
    k->flags = def->flags;
    k->parent = def->parent;
    k->generic_def = def;
    k->generic_arg = t;
    k->generic_args[0] = t;
    k->generic_argc = 1;
    k->element_class = t;
    k->cast_class = t;

    /* natural layout of the two fields, in corlib declaration order */
    uint32_t align = t->align > 1 ? t->align : 1;
    uint32_t tsize = (uint32_t)t->value_size, value_off, has_off, size;
#if SIM_NULLABLE_HASVALUE_FIRST
    has_off = 0;
    value_off = (1 + align - 1) / align * align;
    size = value_off + tsize;
#else
    value_off = 0;
    has_off = tsize;
    size = tsize + 1;
#endif
    size = (size + align - 1) / align * align;
    set_value_layout(k, size, align);

    k->fields = sim_xcalloc(2, sizeof *k->fields);
    k->field_count = 2;
    FieldInfo *value = &k->fields[SIM_NULLABLE_HASVALUE_FIRST ? 1 : 0];
    FieldInfo *has = &k->fields[SIM_NULLABLE_HASVALUE_FIRST ? 0 : 1];
    value->name = SIM_NULLABLE_VALUE_NAME;
    value->type = sim_meta_type(t, false, SIM_FIELD_ASSEMBLY);
    value->parent = k;
    value->offset = (int32_t)(sizeof(Il2CppObject) + value_off);
    has->name = SIM_NULLABLE_HAS_VALUE_NAME;
    has->type = sim_meta_type(sim_k.boolean, false, SIM_NULLABLE_HAS_VALUE_FLAGS);
    has->parent = k;
    has->offset = (int32_t)(sizeof(Il2CppObject) + has_off);

    k->next_inflated = def->next_inflated;
    def->next_inflated = k;
    return k;
}

/* "[A,B]" (reflection format) or "<A,B>" (IL format) of the arguments */
static char *generic_arg_list(Il2CppClass *const *args, uint8_t argc, bool il)
{
    char buf[512];
    size_t n = 0;
    buf[n++] = il ? '<' : '[';
    for (uint8_t i = 0; i < argc; i++) {
        const char *name = il ? args[i]->il_name : args[i]->full_name;
        size_t len = strlen(name);
        if (n + len + 3 > sizeof buf)
            sim_catalog_fail("generic instance name too long", name);
        if (i)
            buf[n++] = ',';
        memcpy(buf + n, name, len);
        n += len;
    }
    buf[n++] = il ? '>' : ']';
    buf[n] = '\0';
    return sim_strdup(buf);
}

static bool same_args(const Il2CppClass *k, Il2CppClass *const *args, uint8_t argc)
{
    if (k->generic_argc != argc)
        return false;
    for (uint8_t i = 0; i < argc; i++)
        if (k->generic_args[i] != args[i])
            return false;
    return true;
}

/* IL2CPP inflates Action`1<int> into a class of its own: same parent,
 * flags and size as the definition (delegates add no fields), type
 * GENERICINST, not in the image's type definitions. */
Il2CppClass *sim_generic_instance(Il2CppClass *def, Il2CppClass *const *args,
                                  uint8_t argc)
{
    for (Il2CppClass *k = def->next_inflated; k; k = k->next_inflated)
        if (same_args(k, args, argc))
            return k;
    if (argc == 0 || argc > SIM_MAX_GENERIC_ARGS || def->valuetype)
        sim_catalog_fail("unsupported generic instance of", def->name);

    Il2CppClass *k = sim_class_new(def->image, def->namespaze, def->name,
                                   SIM_KIND_CLASS, IL2CPP_TYPE_GENERICINST);
    /* "System.Func`2" + "[System.Int32,System.Int32]"; IL drops the arity */
    char *list = generic_arg_list(args, argc, false);
    free(k->full_name);
    k->full_name = sim_strcat3(def->full_name, list, "");
    free(list);
    const char *tick = strchr(def->full_name, '`');
    size_t base = tick ? (size_t)(tick - def->full_name) : strlen(def->full_name);
    char *stem = sim_xcalloc(1, base + 1);
    memcpy(stem, def->full_name, base);
    list = generic_arg_list(args, argc, true);
    k->il_name = sim_strcat3(stem, list, "");
    free(stem);
    free(list);
    k->flags = def->flags;
    k->parent = def->parent;
    k->instance_size = def->instance_size;
    k->generic_def = def;
    k->generic_arg = args[0];
    for (uint8_t i = 0; i < argc; i++)
        k->generic_args[i] = args[i];
    k->generic_argc = argc;
    k->next_inflated = def->next_inflated;
    def->next_inflated = k;
    return k;
}

/* IL2CPP's Class::FromGenericParameter: a class named after the parameter,
 * deriving from System.Object, pointer-sized. */
Il2CppClass *sim_generic_param_class(const char *name)
{
    for (Il2CppClass *k = sim_first_class(); k; k = k->next_all)
        if (k->byval_arg.type == IL2CPP_TYPE_VAR && strcmp(k->name, name) == 0)
            return k;
    Il2CppClass *k = sim_class_new(sim_corlib_image(), "", sim_strdup(name),
                                   SIM_KIND_CLASS, IL2CPP_TYPE_VAR);
    k->parent = sim_k.object;
    k->flags = TYPE_ATTRIBUTE_PUBLIC;
    k->instance_size = (int32_t)sizeof(void *);
    return k;
}

/* IL2CPP's Class::GetPtrClass: "Void*", element and cast class = Void. */
Il2CppClass *sim_pointer_class(Il2CppClass *element)
{
    for (Il2CppClass *k = sim_first_class(); k; k = k->next_all)
        if (k->byval_arg.type == IL2CPP_TYPE_PTR && k->element_class == element)
            return k;
    Il2CppClass *k = sim_class_new(element->image, element->namespaze,
                                   sim_strcat3(element->name, "*", ""),
                                   SIM_KIND_CLASS, IL2CPP_TYPE_PTR);
    free(k->full_name);
    k->full_name = sim_strcat3(element->full_name, "*", "");
    k->il_name = k->full_name;
    k->element_class = element;
    k->cast_class = element;
    k->flags = element->flags & TYPE_ATTRIBUTE_VISIBILITY_MASK;
    k->instance_size = (int32_t)(sizeof(Il2CppObject) + sizeof(void *));
    return k;
}
