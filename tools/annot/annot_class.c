/*
 * annot_class.c -- one class's annotations, following libzlua's binding
 * rules (src/types/members.c, docs/lua-api.md "Type tables",
 * "Instances", "Overloads and default values"):
 *
 *   ---@class MyGame.Circle: MyGame.Shape                  instances
 *   ---@field Radius number                                fields, properties
 *   ---@field [integer] integer                            an indexer
 *   ---@operator add(MyGame.Vector2): MyGame.Vector2       operators
 *   function C:Area() end                                  instance methods
 *
 *   ---@class CS.MyGame.Circle: zlua.TypeTable             its type table
 *   ---@overload fun(r: number): MyGame.Circle             constructors
 *   ---@field Unit MyGame.Circle                           statics, constants
 *   function T.Make(r) end                                 static methods
 *
 * Instance methods are declared with ':' and statics with '.', so a
 * checker tells `T:Static()` and `obj.Method()` from the right calls.
 * Methods are flattened over the bases as libzlua flattens them, so a
 * derived type's overloads include its base's; fields and properties
 * come through the class's parents.  An overloaded name also has each
 * candidate under its full-signature key (`Demo["Pick(System.Int32)"]`),
 * spelled by libzlua itself (zlua_rules_signature).
 */
#include <stdlib.h>
#include <string.h>

#include "annot.h"
#include "zlua.h"
#include "zlua_rt.h"
#include "zlua_stub.h"

/* ---- methods as libzlua chains them ----------------------------------------------------- */

typedef struct annot_method {
    const MethodInfo *mi;
    const char *name;
    char *sig;        /* "(System.Int32,MyGame.Point2D&)" */
    int generic;      /* a definition: reached through zlua.generic */
    int extension;    /* an [Extension] method seen as an instance method */
    size_t order;
} annot_method;

typedef struct annot_methods {
    annot_method *items;
    size_t n, cap;
} annot_methods;

static void annot_methods_push(annot_methods *l, annot_method m)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        annot_method *items = realloc(l->items, l->cap * sizeof *items);
        if (items == NULL)
            annot_die("out of memory");
        l->items = items;
    }
    m.order = l->n;
    l->items[l->n++] = m;
}

static void annot_methods_free(annot_methods *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i].sig);
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

static int annot_is_public(const MethodInfo *mi)
{
    uint32_t iflags;
    return (il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) ==
           ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

static int annot_is_special(const MethodInfo *mi)
{
    uint32_t iflags;
    return (il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_SPECIAL_NAME) != 0;
}

/* R-DEL-1 and R-IDX-1: the special names that are members. */
static int annot_is_member_special(const MethodInfo *mi)
{
    const char *name = il2cpp_method_get_name(mi);
    uint32_t np = il2cpp_method_get_param_count(mi);
    if (np == 1 && (strncmp(name, "add_", 4) == 0 || strncmp(name, "remove_", 7) == 0))
        return 1;
    return il2cpp_method_is_instance(mi) && ((strcmp(name, "get_Item") == 0 && np >= 1) ||
                                             (strcmp(name, "set_Item") == 0 && np >= 2));
}

static char *annot_signature(lua_State *L, const MethodInfo *mi)
{
    char buf[2048];
    if (zlua_rules_signature(L, mi, buf, sizeof buf) == 0)
        buf[0] = '\0';   /* too long to be a key anyone writes */
    char *s = malloc(strlen(buf) + 1);
    if (s == NULL)
        annot_die("out of memory");
    strcpy(s, buf);
    return s;
}

/* The classes whose members k has, k first (members.c's chain): its
 * parents; for an interface, the interfaces it extends and then
 * System.Object.  NULL-terminated, malloc'd. */
static Il2CppClass **annot_chain(Il2CppClass *k)
{
    size_t n = 0, cap = 16;
    Il2CppClass **c = malloc(cap * sizeof *c);
    if (c == NULL)
        annot_die("out of memory");
#define ANNOT_CHAIN_PUSH(x)                                                                    \
    do {                                                                                       \
        if (n + 2 > cap) {                                                                     \
            cap *= 2;                                                                          \
            Il2CppClass **g = realloc(c, cap * sizeof *c);                                     \
            if (g == NULL)                                                                     \
                annot_die("out of memory");                                                    \
            c = g;                                                                             \
        }                                                                                      \
        c[n++] = (x);                                                                          \
    } while (0)
    if (!il2cpp_class_is_interface(k)) {
        for (Il2CppClass *p = k; p != NULL; p = il2cpp_class_get_parent(p))
            ANNOT_CHAIN_PUSH(p);
    } else {
        ANNOT_CHAIN_PUSH(k);
        for (size_t i = 0; i < n; i++) {
            void *iter = NULL;
            Il2CppClass *b;
            while ((b = il2cpp_class_get_interfaces(c[i], &iter)) != NULL) {
                int seen = 0;
                for (size_t j = 0; j < n && !seen; j++)
                    seen = c[j] == b;
                if (!seen)
                    ANNOT_CHAIN_PUSH(b);
            }
        }
        Il2CppClass *object = il2cpp_class_from_name(il2cpp_get_corlib(), "System", "Object");
        if (object != NULL)
            ANNOT_CHAIN_PUSH(object);
    }
#undef ANNOT_CHAIN_PUSH
    c[n] = NULL;
    return c;
}

/* [Extension] methods by target class (R-EXT-1). */
static annot_method *ext_items;
static Il2CppClass **ext_targets;
static size_t ext_n, ext_cap;

void annot_class_collect_extensions(void)
{
    Il2CppClass *attr = il2cpp_class_from_name(il2cpp_get_corlib(),
                                               "System.Runtime.CompilerServices",
                                               "ExtensionAttribute");
    if (attr == NULL)
        return;
    for (size_t i = 0; i < annot_set_count(); i++) {
        Il2CppClass *k = annot_set_at(i);
        if (!il2cpp_class_has_attribute(k, attr))
            continue;
        void *iter = NULL;
        const MethodInfo *mi;
        while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
            uint32_t iflags;
            uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
            if (!(flags & ZLUA_METHOD_ATTRIBUTE_STATIC) || !annot_is_public(mi) ||
                il2cpp_method_get_param_count(mi) < 1 || il2cpp_method_is_generic(mi) ||
                !il2cpp_method_has_attribute(mi, attr))
                continue;
            Il2CppClass *target = il2cpp_class_from_type(il2cpp_method_get_param(mi, 0));
            if (target == NULL)
                continue;
            if (ext_n == ext_cap) {
                ext_cap = ext_cap ? ext_cap * 2 : 16;
                annot_method *items = realloc(ext_items, ext_cap * sizeof *items);
                Il2CppClass **targets = realloc(ext_targets, ext_cap * sizeof *targets);
                if (items == NULL || targets == NULL)
                    annot_die("out of memory");
                ext_items = items;
                ext_targets = targets;
            }
            ext_targets[ext_n] = target;
            ext_items[ext_n++] = (annot_method){mi, il2cpp_method_get_name(mi), NULL, 0, 1, 0};
        }
    }
}

void annot_class_reset(void)
{
    free(ext_items);
    free(ext_targets);
    ext_items = NULL;
    ext_targets = NULL;
    ext_n = ext_cap = 0;
}

/* Whether l holds a method of that name and static-ness (generic or not). */
static int annot_methods_has_name(const annot_methods *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i].name, name) == 0)
            return 1;
    return 0;
}

/* The instance (instance = 1) or static methods of k, as its member
 * table holds them: flattened over the chain, an override or a hidden
 * method dropped, generic definitions where no other method has the name. */
static void annot_collect_methods(lua_State *L, Il2CppClass *k, int instance, annot_methods *out)
{
    Il2CppClass **chain = annot_chain(k);
    annot_methods generics = {NULL, 0, 0};
    for (size_t c = 0; chain[c] != NULL; c++) {
        if (!instance && chain[c] != k && il2cpp_class_is_interface(k))
            break;   /* an interface inherits no statics (C#) */
        void *iter = NULL;
        const MethodInfo *mi;
        while ((mi = il2cpp_class_get_methods(chain[c], &iter)) != NULL) {
            if (!annot_is_public(mi) || il2cpp_method_is_instance(mi) != (instance != 0))
                continue;
            const char *name = il2cpp_method_get_name(mi);
            if (il2cpp_method_is_generic(mi)) {
                if (!annot_is_special(mi) && !annot_methods_has_name(&generics, name))
                    annot_methods_push(&generics, (annot_method){mi, name, NULL, 1, 0, 0});
                continue;
            }
            if (annot_is_special(mi) && !annot_is_member_special(mi))
                continue;
            char *sig = annot_signature(L, mi);
            int hidden = 0;
            for (size_t i = 0; i < out->n && !hidden; i++)
                hidden = strcmp(out->items[i].name, name) == 0 &&
                         strcmp(out->items[i].sig, sig) == 0;
            if (hidden) {
                free(sig);
                continue;
            }
            annot_methods_push(out, (annot_method){mi, name, sig, 0, 0, 0});
        }
    }
    for (size_t i = 0; i < generics.n; i++)
        if (!annot_methods_has_name(out, generics.items[i].name)) {
            annot_method g = generics.items[i];
            g.sig = annot_signature(L, g.mi);
            annot_methods_push(out, g);
        }
    free(generics.items);
    if (instance)   /* extensions come last: the type's own members win */
        for (size_t i = 0; i < ext_n; i++) {
            if (!il2cpp_class_is_assignable_from(ext_targets[i], k) ||
                annot_methods_has_name(out, ext_items[i].name))
                continue;
            int taken = 0;
            for (size_t j = 0; j < out->n && !taken; j++)
                taken = out->items[j].extension && out->items[j].mi == ext_items[i].mi;
            if (!taken) {
                annot_method e = ext_items[i];
                e.sig = annot_signature(L, e.mi);
                annot_methods_push(out, e);
            }
        }
    free(chain);
}

static int annot_method_cmp(const void *a, const void *b)
{
    const annot_method *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c != 0)
        return c;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* ---- one signature ------------------------------------------------------------------------ */

/* The Lua values each parameter and the result take under the
 * [LuaMarshalAs] rules (UnpackedValues: several), from zlua_bridge_shape. */
typedef struct annot_shape {
    unsigned params[64];
    unsigned results;
} annot_shape;

static void annot_method_shape(lua_State *L, const MethodInfo *mi, annot_shape *s)
{
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t i = 0; i < n && i < 64; i++)
        s->params[i] = 1;
    s->results = il2cpp_type_get_type(il2cpp_method_get_return_type(mi)) ==
                         ZLUA_IL2CPP_TYPE_VOID ? 0 : 1;
    char buf[256];
    if (zlua_bridge_shape(L, mi, buf, sizeof buf) == 0 || buf[0] != '@')
        return;
    const char *p = buf + 1;
    for (uint32_t i = 0; i < n && i < 64 && *p != '>' && *p != '\0'; i++) {
        s->params[i] = (unsigned)strtoul(p, (char **)&p, 10);
        if (*p == ',')
            p++;
    }
    if (*p == '>')
        s->results = (unsigned)strtoul(p + 1, NULL, 10);
}

/* How many leading parameters a call must pass: trailing byrefs, C#
 * defaults and a params array may be left out (lua-api.md, "Overloads
 * and default values", "ref, in and out parameters"). */
static uint32_t annot_required(const MethodInfo *mi)
{
    uint32_t n = il2cpp_method_get_param_count(mi), first = n;
    static Il2CppClass *param_array;
    if (param_array == NULL)
        param_array = il2cpp_class_from_name(il2cpp_get_corlib(), "System", "ParamArrayAttribute");
    while (first > 0) {
        const Il2CppType *t = il2cpp_method_get_param(mi, first - 1);
        int optional = il2cpp_type_is_byref(t) ||
                       (il2cpp_type_get_attrs(t) & ZLUA_PARAM_ATTRIBUTE_HAS_DEFAULT) ||
                       (first == n && param_array != NULL &&
                        il2cpp_type_get_type(t) == ZLUA_IL2CPP_TYPE_SZARRAY &&
                        zlua_rt_param_has_attribute(mi, first - 1, param_array));
        if (!optional)
            break;
        first--;
    }
    return first;
}

static void annot_param_name(annot_buf *b, const MethodInfo *mi, uint32_t i)
{
    const char *pn = il2cpp_method_get_param_name(mi, i);
    if (!annot_is_lua_name(pn))
        annot_buf_printf(b, "arg%u", (unsigned)i + 1);
    else if (strcmp(pn, "self") == 0)
        annot_buf_add(b, "self_");
    else
        annot_buf_add(b, pn);
}

/* The parameters Lua passes (from `skip`: an extension's first is the
 * self), one entry per Lua value.  As "name?: type, ..." for a fun type
 * (fun = 1), or as ---@param lines (fun = 0); names (optional) gets the
 * bare names for a function's parameter list.  guard: a static method
 * without parameters gets one optional parameter of type nil, so that a
 * checker flags `T:Static()` (the type table passed as that parameter);
 * without it, a call with ':' and no arguments goes unnoticed. */
static void annot_params(annot_buf *b, annot_buf *names, lua_State *L, const MethodInfo *mi,
                         uint32_t skip, int fun, int guard)
{
    annot_shape shape;
    annot_method_shape(L, mi, &shape);
    uint32_t n = il2cpp_method_get_param_count(mi), required = annot_required(mi);
    int first = 1;
    for (uint32_t i = skip; i < n; i++) {
        unsigned values = i < 64 ? shape.params[i] : 1;
        for (unsigned v = 0; v < values; v++) {
            annot_buf name, type;
            annot_buf_init(&name);
            annot_buf_init(&type);
            annot_param_name(&name, mi, i);
            if (values != 1) {   /* an UnpackedValues parameter: its members' values */
                annot_buf_printf(&name, "_%u", v + 1);
                annot_buf_add(&type, "any");
            } else {
                annot_type(&type, il2cpp_method_get_param(mi, i), ANNOT_IN);
            }
            const char *opt = i >= required ? "?" : "";
            if (fun)
                annot_buf_printf(b, "%s%s%s: %s", first ? "" : ", ", name.s, opt, type.s);
            else
                annot_buf_printf(b, "---@param %s%s %s\n", name.s, opt, type.s);
            if (names != NULL)
                annot_buf_printf(names, "%s%s", first ? "" : ", ", name.s);
            first = 0;
            annot_buf_free(&name);
            annot_buf_free(&type);
        }
    }
    if (first && guard) {
        annot_buf_add(b, fun ? "_?: nil" : "---@param _? nil\n");
        if (names != NULL)
            annot_buf_add(names, "_");
    }
}

/* The results: as ": t1, t2" for a fun type, or ---@return lines. */
static void annot_results(annot_buf *b, lua_State *L, const MethodInfo *mi, int fun)
{
    annot_shape shape;
    annot_method_shape(L, mi, &shape);
    if (shape.results == 0)
        return;
    annot_buf type;
    annot_buf_init(&type);
    if (shape.results == 1)
        annot_type(&type, il2cpp_method_get_return_type(mi), ANNOT_OUT);
    else
        annot_buf_add(&type, "any");   /* an UnpackedValues result: its members' values */
    for (unsigned r = 0; r < shape.results; r++) {
        if (fun)
            annot_buf_printf(b, "%s%s", r ? ", " : ": ", type.s);
        else
            annot_buf_printf(b, "---@return %s\n", type.s);
    }
    annot_buf_free(&type);
}

/* A fun type of m; self_type non-NULL: an instance method (self first).
 * guard: see annot_params. */
static void annot_fun(annot_buf *b, lua_State *L, const annot_method *m, const char *self_type,
                      int guard)
{
    annot_buf_add(b, "fun(");
    if (self_type != NULL)
        annot_buf_printf(b, "self: %s%s", self_type,
                         il2cpp_method_get_param_count(m->mi) > (m->extension ? 1u : 0u) ? ", " : "");
    annot_params(b, NULL, L, m->mi, m->extension ? 1 : 0, 1, guard);
    annot_buf_add(b, ")");
    annot_results(b, L, m->mi, 1);
}

/* ---- the two classes ------------------------------------------------------------------------ */

/* Writes the methods of l (sorted by name): a function per name whose
 * first candidate gives its ---@param lines and the others ---@overload
 * ones; a name Lua cannot write after '.' is a ["key"] field of the
 * class instead (in head, the class's header).  Full-signature keys of
 * overloaded names go into head too. */
static void annot_write_methods(annot_buf *head, annot_buf *body, lua_State *L,
                                annot_methods *l, const char *self_type, const char *local)
{
    if (l->n > 1)
        qsort(l->items, l->n, sizeof *l->items, annot_method_cmp);
    for (size_t i = 0, j; i < l->n; i = j) {
        for (j = i + 1; j < l->n && strcmp(l->items[j].name, l->items[i].name) == 0; j++)
            ;
        const annot_method *m = &l->items[i];
        if (m->generic) {   /* R-GEN-1: callable only through zlua.generic */
            if (annot_is_lua_name(m->name))
                annot_buf_printf(head, "---@field %s zlua.GenericMethod\n", m->name);
            continue;
        }
        if (!annot_is_lua_name(m->name)) {
            annot_buf_add(head, "---@field [\"");
            annot_quote(head, m->name);
            annot_buf_add(head, "\"] ");
            annot_fun(head, L, m, self_type, self_type == NULL);
            annot_buf_add(head, "\n");
        } else {
            annot_buf names;
            annot_buf_init(&names);
            annot_params(body, &names, L, m->mi, m->extension ? 1 : 0, 0, self_type == NULL);
            annot_results(body, L, m->mi, 0);
            for (size_t o = i + 1; o < j; o++) {
                annot_buf_add(body, "---@overload ");
                annot_fun(body, L, &l->items[o], self_type, self_type == NULL);
                annot_buf_add(body, "\n");
            }
            annot_buf_printf(body, "function %s%s%s(%s) end\n", local,
                             self_type != NULL ? ":" : ".", m->name, names.s);
            annot_buf_free(&names);
        }
        if (j - i > 1)   /* each candidate under its full signature */
            for (size_t o = i; o < j; o++) {
                if (l->items[o].sig[0] == '\0')
                    continue;
                annot_buf_add(head, "---@field [\"");
                annot_quote(head, l->items[o].name);
                annot_quote(head, l->items[o].sig);
                annot_buf_add(head, "\"] ");
                annot_fun(head, L, &l->items[o], self_type, self_type == NULL);
                annot_buf_add(head, "\n");
            }
    }
}

static int annot_field_public(FieldInfo *f)
{
    return (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) ==
           ZLUA_FIELD_ATTRIBUTE_PUBLIC;
}

static void annot_field_line(annot_buf *b, const char *name, const char *type)
{
    if (annot_is_lua_name(name)) {
        annot_buf_printf(b, "---@field %s %s\n", name, type);
        return;
    }
    annot_buf_add(b, "---@field [\"");
    annot_quote(b, name);
    annot_buf_printf(b, "\"] %s\n", type);
}

/* A property's type as Lua reads it (the getter's result, else what
 * the setter takes); its accessors in *get / *set (public ones only).
 * 0 for a property that is no member (no public accessor, an indexer). */
static int annot_property(const PropertyInfo *p, const MethodInfo **get, const MethodInfo **set)
{
    PropertyInfo *pp = (PropertyInfo *)p;
    *get = il2cpp_property_get_get_method(pp);
    *set = il2cpp_property_get_set_method(pp);
    if (*get != NULL && !annot_is_public(*get))
        *get = NULL;
    if (*set != NULL && !annot_is_public(*set))
        *set = NULL;
    if (*get == NULL && *set == NULL)
        return 0;
    return !((*get && il2cpp_method_get_param_count(*get) > 0) ||
             (*set && il2cpp_method_get_param_count(*set) > 1));
}

static void annot_property_type(annot_buf *b, const MethodInfo *get, const MethodInfo *set)
{
    if (get != NULL)
        annot_type(b, il2cpp_method_get_return_type(get), set != NULL ? ANNOT_FIELD : ANNOT_OUT);
    else
        annot_type(b, il2cpp_method_get_param(set, 0), ANNOT_IN);
}

/* Whether name is in the list of names written (a derived static hides
 * a base's). */
static int annot_names_has(annot_buf *names, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = names->s; (p = strstr(p, name)) != NULL; p++)
        if ((p == names->s || p[-1] == '\n') && p[n] == '\n')
            return 1;
    return 0;
}

/* The fields and properties k declares, instance ones (statics = 0) or
 * static ones and constants (statics = 1), those not in seen (a list of
 * names, added to); a method of the same name wins (R-MEM-1).  An enum's
 * names are integer constants. */
static void annot_fields(annot_buf *b, Il2CppClass *k, int statics, const annot_methods *methods,
                         annot_buf *seen)
{
    void *iter = NULL;
    FieldInfo *f;
    annot_buf type;
    annot_buf_init(&type);
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        int flags = il2cpp_field_get_flags(f);
        const char *name = il2cpp_field_get_name(f);
        int is_static = (flags & (ZLUA_FIELD_ATTRIBUTE_STATIC | ZLUA_FIELD_ATTRIBUTE_LITERAL)) != 0;
        if (!annot_field_public(f) || is_static != statics ||
            annot_methods_has_name(methods, name) || annot_names_has(seen, name))
            continue;
        annot_buf_printf(seen, "%s\n", name);
        annot_buf_clear(&type);
        if (il2cpp_class_is_enum(k) && (flags & ZLUA_FIELD_ATTRIBUTE_LITERAL))
            annot_buf_add(&type, "integer");
        else
            annot_type(&type, il2cpp_field_get_type(f),
                       flags & (ZLUA_FIELD_ATTRIBUTE_INIT_ONLY | ZLUA_FIELD_ATTRIBUTE_LITERAL)
                           ? ANNOT_OUT : ANNOT_FIELD);
        annot_field_line(b, name, type.s);
    }
    iter = NULL;
    const PropertyInfo *p;
    while ((p = il2cpp_class_get_properties(k, &iter)) != NULL) {
        const MethodInfo *get, *set;
        const char *name = il2cpp_property_get_name((PropertyInfo *)p);
        if (!annot_property(p, &get, &set) ||
            il2cpp_method_is_instance(get != NULL ? get : set) == (statics != 0) ||
            annot_methods_has_name(methods, name) || annot_names_has(seen, name))
            continue;
        annot_buf_printf(seen, "%s\n", name);
        annot_buf_clear(&type);
        annot_property_type(&type, get, set);
        annot_field_line(b, name, type.s);
    }
    annot_buf_free(&type);
}

/* R-IDX-1 and R-OP-1: obj[k] through a one-key indexer, and the
 * operators whose left operand is k (a checker knows no other form). */
static void annot_indexers_operators(annot_buf *b, Il2CppClass *k)
{
    static const char *const ops[][2] = {
        {"op_Addition", "add"}, {"op_Subtraction", "sub"}, {"op_Multiply", "mul"},
        {"op_Division", "div"}, {"op_Modulus", "mod"}, {"op_UnaryNegation", "unm"}};
    Il2CppClass **chain = annot_chain(k);
    annot_buf key, val;
    annot_buf_init(&key);
    annot_buf_init(&val);
    for (size_t c = 0; chain[c] != NULL; c++) {
        void *iter = NULL;
        const MethodInfo *mi;
        while ((mi = il2cpp_class_get_methods(chain[c], &iter)) != NULL) {
            if (!annot_is_public(mi) || !annot_is_special(mi) || il2cpp_method_is_generic(mi))
                continue;
            const char *name = il2cpp_method_get_name(mi);
            uint32_t np = il2cpp_method_get_param_count(mi);
            annot_buf_clear(&key);
            annot_buf_clear(&val);
            if (il2cpp_method_is_instance(mi) && strcmp(name, "get_Item") == 0 && np == 1) {
                annot_type(&key, il2cpp_method_get_param(mi, 0), ANNOT_OUT);
                annot_type(&val, il2cpp_method_get_return_type(mi), ANNOT_OUT);
                annot_buf_printf(b, "---@field [%s] %s\n", key.s, val.s);
                continue;
            }
            if (c != 0 || il2cpp_method_is_instance(mi))
                continue;   /* operators: the type's own (its parents carry theirs) */
            for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
                int unary = strcmp(ops[o][1], "unm") == 0;
                if (strcmp(name, ops[o][0]) != 0 || np != (unary ? 1u : 2u) ||
                    il2cpp_class_from_type(il2cpp_method_get_param(mi, 0)) != k)
                    continue;
                annot_type(&val, il2cpp_method_get_return_type(mi), ANNOT_OUT);
                if (unary) {
                    annot_buf_printf(b, "---@operator unm: %s\n", val.s);
                } else {
                    annot_type(&key, il2cpp_method_get_param(mi, 1), ANNOT_IN);
                    annot_buf_printf(b, "---@operator %s(%s): %s\n", ops[o][1], key.s, val.s);
                }
            }
        }
    }
    annot_buf_free(&key);
    annot_buf_free(&val);
    free(chain);
}

/* R-REF-3: a primitive or enum ref (zlua.new_ref) reads and writes its
 * value as `r.value`, where the type has no instance member of the name. */
static void annot_ref_value(annot_buf *b, Il2CppClass *k, const annot_methods *methods)
{
    int kind = il2cpp_type_get_type(il2cpp_class_get_type(k));
    int scalar = il2cpp_class_is_enum(k) ||
                 (kind >= ZLUA_IL2CPP_TYPE_BOOLEAN && kind <= ZLUA_IL2CPP_TYPE_R8) ||
                 kind == ZLUA_IL2CPP_TYPE_I || kind == ZLUA_IL2CPP_TYPE_U;
    if (!scalar || annot_methods_has_name(methods, "value"))
        return;
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if (annot_field_public(f) && strcmp(il2cpp_field_get_name(f), "value") == 0)
            return;
    annot_buf type;
    annot_buf_init(&type);
    annot_type(&type, il2cpp_class_get_type(k), ANNOT_OUT);
    annot_buf_printf(b, "---@field value %s\n", type.s);
    annot_buf_free(&type);
}

static void annot_instance_class(annot_buf *b, lua_State *L, Il2CppClass *k)
{
    annot_buf name, head, body;
    annot_buf_init(&name);
    annot_buf_init(&head);
    annot_buf_init(&body);
    annot_name_instance(&name, k);
    annot_buf_printf(&head, "---@class %s", name.s);
    /* One parent, never an interface: the checker loses a class's index
     * key (obj[0]) when two paths lead to one ancestor, as interfaces
     * make them.  A class has its interface methods as its own; an
     * interface view gets the members of the interfaces it extends
     * flattened in, below; an interface parameter takes any object
     * (annot_type). */
    Il2CppClass *object = il2cpp_class_from_name(il2cpp_get_corlib(), "System", "Object");
    Il2CppClass *parent = il2cpp_class_is_interface(k) ? object : il2cpp_class_get_parent(k);
    if (annot_set_has(parent)) {
        annot_buf_add(&head, ": ");
        annot_name_instance(&head, parent);
    }
    annot_buf_add(&head, "\n");
    annot_methods methods = {NULL, 0, 0};
    annot_collect_methods(L, k, 1, &methods);
    annot_buf seen;
    annot_buf_init(&seen);
    annot_buf_add(&seen, "\n");
    Il2CppClass **chain = annot_chain(k);
    for (size_t c = 0; chain[c] != NULL; c++)
        if (chain[c] == k || (il2cpp_class_is_interface(k) && chain[c] != object))
            annot_fields(&head, chain[c], 0, &methods, &seen);
    free(chain);
    annot_buf_free(&seen);
    annot_ref_value(&head, k, &methods);
    annot_indexers_operators(&head, k);
    if (annot_class_is_delegate(k))   /* R-DEL-1: a delegate is called like its Invoke */
        for (size_t i = 0; i < methods.n; i++)
            if (strcmp(methods.items[i].name, "Invoke") == 0) {
                annot_buf_add(&head, "---@overload ");
                annot_fun(&head, L, &methods.items[i], NULL, 0);
                annot_buf_add(&head, "\n");
            }
    annot_write_methods(&head, &body, L, &methods, name.s, "C");
    annot_buf_printf(b, "do\n%slocal C = {}\n%send\n\n", head.s, body.s);
    annot_methods_free(&methods);
    annot_buf_free(&name);
    annot_buf_free(&head);
    annot_buf_free(&body);
}

/* The statics of k as its type table holds them: static fields and
 * properties and constants of k and (not for an interface) its bases,
 * the nearest first; a static method of the name wins. */
static void annot_static_fields(annot_buf *b, Il2CppClass *k, const annot_methods *methods)
{
    annot_buf seen, type;
    annot_buf_init(&seen);
    annot_buf_init(&type);
    annot_buf_add(&seen, "\n");
    for (Il2CppClass *c = k; c != NULL; c = il2cpp_class_get_parent(c)) {
        if (c != k && il2cpp_class_is_interface(k))
            break;
        annot_fields(b, c, 1, methods, &seen);
    }
    /* nested types are found after every member (typetable.c) */
    void *iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL) {
        const char *name = il2cpp_class_get_name(nested);
        if (!annot_set_has(nested) || annot_names_has(&seen, name) ||
            annot_methods_has_name(methods, name))
            continue;
        annot_buf_clear(&type);
        annot_name_table(&type, nested);
        annot_field_line(b, name, type.s);
    }
    annot_buf_free(&seen);
    annot_buf_free(&type);
}

/* R-CTOR-1: k's own public constructors (none for an interface, an
 * abstract or static class, an enum or a delegate); a struct also has
 * T() = default(T). */
static void annot_ctors(lua_State *L, Il2CppClass *k, annot_methods *out)
{
    int flags = il2cpp_class_get_flags(k);
    if (il2cpp_class_is_interface(k) || (flags & ZLUA_TYPE_ATTRIBUTE_ABSTRACT) ||
        il2cpp_class_is_enum(k) || annot_class_is_delegate(k))
        return;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), ".ctor") == 0 && annot_is_public(mi))
            annot_methods_push(out, (annot_method){mi, "_ctor", annot_signature(L, mi), 0, 0, 0});
}

static void annot_table_class(annot_buf *b, lua_State *L, Il2CppClass *k)
{
    annot_buf name, inst, head, body;
    annot_buf_init(&name);
    annot_buf_init(&inst);
    annot_buf_init(&head);
    annot_buf_init(&body);
    annot_name_table(&name, k);
    annot_name_instance(&inst, k);
    annot_buf_printf(&head, "---@class %s: zlua.TypeTable\n", name.s);
    annot_methods ctors = {NULL, 0, 0};
    annot_ctors(L, k, &ctors);
    /* System.Void is a value type without a value: no T(), no _default */
    int valuetype = il2cpp_class_is_valuetype(k) && !il2cpp_class_is_enum(k) &&
                    il2cpp_type_get_type(il2cpp_class_get_type(k)) != ZLUA_IL2CPP_TYPE_VOID;
    int has_default = 0;
    for (size_t i = 0; i < ctors.n; i++) {
        const MethodInfo *mi = ctors.items[i].mi;
        has_default |= il2cpp_method_get_param_count(mi) == 0;
        annot_buf_add(&head, "---@overload fun(");
        annot_params(&head, NULL, L, mi, 0, 1, 0);
        annot_buf_printf(&head, "): %s\n", inst.s);
    }
    int add_default = valuetype && !has_default;   /* T() is default(T) */
    if (add_default)
        annot_buf_printf(&head, "---@overload fun(): %s\n", inst.s);
    annot_methods statics = {NULL, 0, 0};
    annot_collect_methods(L, k, 0, &statics);
    annot_static_fields(&head, k, &statics);
    annot_buf locals;
    annot_buf_init(&locals);
    annot_write_methods(&head, &locals, L, &statics, NULL, "T");
    /* T._ctor(...): the same constructors by name */
    if (ctors.n > 0 || valuetype) {
        annot_buf names;
        annot_buf_init(&names);
        if (ctors.n > 0)
            annot_params(&body, &names, L, ctors.items[0].mi, 0, 0, 0);
        annot_buf_printf(&body, "---@return %s\n", inst.s);
        for (size_t i = 1; i < ctors.n; i++) {
            annot_buf_add(&body, "---@overload fun(");
            annot_params(&body, NULL, L, ctors.items[i].mi, 0, 1, 0);
            annot_buf_printf(&body, "): %s\n", inst.s);
        }
        if (add_default && ctors.n > 0)
            annot_buf_printf(&body, "---@overload fun(): %s\n", inst.s);
        annot_buf_printf(&body, "function T._ctor(%s) end\n", names.s);
        annot_buf_free(&names);
    }
    if (valuetype)
        annot_buf_printf(&body, "---@param _? nil\n---@return %s\nfunction T._default(_) end\n",
                         inst.s);
    annot_buf_printf(b, "do\n%slocal T = {}\n%s%send\n\n", head.s, body.s, locals.s);
    annot_methods_free(&statics);
    annot_methods_free(&ctors);
    annot_buf_free(&locals);
    annot_buf_free(&name);
    annot_buf_free(&inst);
    annot_buf_free(&head);
    annot_buf_free(&body);
}

void annot_class_write(annot_buf *b, lua_State *L, Il2CppClass *k)
{
    if (!annot_class_is_static(k))   /* a static class has no instances */
        annot_instance_class(b, L, k);
    annot_table_class(b, L, k);
}
