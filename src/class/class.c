/*
 * class.c -- zlua__class: the cached facts about a CLR type, and its lookup
 * by name.
 */
#include "class/class.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "core/exception.h"


/* Appends s[0..n) to the name being built in b; 0 when b is full. */
static int zlua_class_put(char *b, size_t cap, size_t *len, const char *s, size_t n)
{
    if (*len + n >= cap)
        return 0;
    memcpy(b + *len, s, n);
    *len += n;
    b[*len] = '\0';
    return 1;
}

static int zlua_class_put_args(char *b, size_t cap, size_t *len, const char *in, size_t n);

/* Appends the IL-format type name in[0..n) (the runtime's
 * il2cpp_type_get_name: "Ns.List<System.Int32>", as a generic argument)
 * in the reflection format ("Ns.List`1[System.Int32]"); array brackets
 * stay as they are. */
static int zlua_class_put_reflection(char *b, size_t cap, size_t *len, const char *in, size_t n)
{
    const char *lt = memchr(in, '<', n);
    const char *gt = n > 0 ? in + n - 1 : in;
    while (gt > in && *gt != '>')
        gt--;
    if (lt == NULL || gt <= lt)
        return zlua_class_put(b, cap, len, in, n);
    size_t args = 1, depth = 0;
    for (const char *p = lt; p < gt; p++) {
        depth += *p == '<';
        depth -= *p == '>';
        args += *p == ',' && depth == 1;
    }
    char arity[24];
    int an = snprintf(arity, sizeof arity, "`%zu", args);
    int named = memchr(in, '`', (size_t)(lt - in)) != NULL;
    return zlua_class_put(b, cap, len, in, (size_t)(lt - in)) &&
           (named || zlua_class_put(b, cap, len, arity, (size_t)an)) &&
           zlua_class_put_args(b, cap, len, lt, (size_t)(gt - lt + 1)) &&
           zlua_class_put(b, cap, len, gt + 1, (size_t)(in + n - gt - 1));
}

/* "<A,B<C>>" at in[0..n) as "[A,B`1[C]]". */
static int zlua_class_put_args(char *b, size_t cap, size_t *len, const char *in, size_t n)
{
    if (!zlua_class_put(b, cap, len, "[", 1))
        return 0;
    size_t start = 1, depth = 0;
    for (size_t i = 1; i < n; i++) {
        if (in[i] == '<') {
            depth++;
        } else if (in[i] == '>' && depth > 0) {
            depth--;
        } else if ((in[i] == ',' && depth == 0) || i == n - 1) {
            if (!zlua_class_put_reflection(b, cap, len, in + start, i - start) ||
                !zlua_class_put(b, cap, len, i == n - 1 ? "]" : ",", 1))
                return 0;
            start = i + 1;
        }
    }
    return 1;
}

/* A generic instance's name in the reflection format: its definition's
 * name and place ("List`1" in its namespace, "Enumerator" inside
 * Dictionary`2), then the arguments the runtime's IL-format name lists.
 * NULL when it does not fit (or no memory). */
static const char *zlua_class_make_full_name(zlua__ctx *ctx, Il2CppClass *k);

static const char *zlua_class_inflated_name(zlua__ctx *ctx, Il2CppClass *k)
{
    char buf[512];
    size_t len = 0;
    char *il = il2cpp_type_get_name(il2cpp_class_get_type(k));
    const char *lt = il != NULL ? strchr(il, '<') : NULL;
    const char *gt = il != NULL ? strrchr(il, '>') : NULL;
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    const char *prefix = outer ? zlua_class_make_full_name(ctx, outer)
                               : il2cpp_class_get_namespace(k);
    const char *own = il2cpp_class_get_name(k);
    /* an inflated outer names its arguments: the definition's name only */
    size_t plen = prefix == NULL ? 0 : outer && strchr(prefix, '[') ? (size_t)(strchr(prefix, '[') - prefix)
                                                                      : strlen(prefix);
    buf[0] = '\0';
    int ok = prefix != NULL && lt != NULL && gt != NULL && gt > lt &&
             (plen == 0 || (zlua_class_put(buf, sizeof buf, &len, prefix, plen) &&
                            zlua_class_put(buf, sizeof buf, &len, outer ? "+" : ".", 1))) &&
             zlua_class_put(buf, sizeof buf, &len, own, strlen(own)) &&
             zlua_class_put_args(buf, sizeof buf, &len, lt, (size_t)(gt - lt + 1));
    const char *copy = zlua__ctx_strdup(ctx, ok ? buf : (il ? il : "?"));
    il2cpp_free(il);
    return copy;
}

/* "Ns.Name", "Outer+Inner", "T[]", "T[,]"; generic instances in the
 * reflection format, "Ns.List`1[System.Int32]", "Ns.Outer`1+Inner[A]"
 * (what Type.FullName gives, without assembly names), on every runtime. */
static const char *zlua_class_make_full_name(zlua__ctx *ctx, Il2CppClass *k)
{
    char buf[512];
    int rank = il2cpp_class_get_rank(k);
    if (rank > 0) {
        const char *elem = zlua_class_make_full_name(ctx, il2cpp_class_get_element_class(k));
        if (elem == NULL)
            return NULL;
        size_t n = (size_t)snprintf(buf, sizeof buf, "%s[", elem);
        for (int i = 1; i < rank && n + 2 < sizeof buf; i++)
            buf[n++] = ',';
        snprintf(buf + n, sizeof buf - n, "]");
        return zlua__ctx_strdup(ctx, buf);
    }
    if (il2cpp_class_is_inflated(k)) {
        Il2CppClass *arg = il2cpp_class_get_element_class(k);
        if (arg != NULL && arg != k && il2cpp_class_is_valuetype(k)) {   /* Nullable<T> */
            const char *targ = zlua_class_make_full_name(ctx, arg);
            if (targ == NULL)
                return NULL;
            snprintf(buf, sizeof buf, "%s.%s[%s]", il2cpp_class_get_namespace(k),
                     il2cpp_class_get_name(k), targ);
            return zlua__ctx_strdup(ctx, buf);
        }
        return zlua_class_inflated_name(ctx, k);
    }
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    const char *prefix = outer ? zlua_class_make_full_name(ctx, outer)
                               : il2cpp_class_get_namespace(k);
    if (outer != NULL && prefix == NULL)
        return NULL;
    if (prefix != NULL && prefix[0] != '\0')
        snprintf(buf, sizeof buf, "%s%c%s", prefix, outer ? '+' : '.', il2cpp_class_get_name(k));
    else
        snprintf(buf, sizeof buf, "%s", il2cpp_class_get_name(k));
    return zlua__ctx_strdup(ctx, buf);
}

static int zlua_type_is_reference(const Il2CppType *t)
{
    switch (il2cpp_type_get_type(t)) {
    case ZLUA_IL2CPP_TYPE_STRING: case ZLUA_IL2CPP_TYPE_CLASS: case ZLUA_IL2CPP_TYPE_OBJECT:
    case ZLUA_IL2CPP_TYPE_SZARRAY: case ZLUA_IL2CPP_TYPE_ARRAY:
        return 1;
    case ZLUA_IL2CPP_TYPE_GENERICINST:
        return !il2cpp_class_is_valuetype(il2cpp_class_from_type(t));
    default:
        return 0;
    }
}

/* Counts in *n the managed references inside a value of class k (nested
 * structs flattened) and, when out is not NULL, stores their unboxed
 * offsets shifted by base at out[*n] on.  0 when a nested type cannot
 * be bound (memory): its references would go unrecorded. */
static int zlua_class_collect_refs(zlua__ctx *ctx, zlua__class *cls, uint32_t base,
                                   uint32_t *out, uint32_t *n)
{
    if (cls->nullable)
        return zlua_class_collect_refs(ctx, cls->element, base + cls->value_offset, out, n);
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(cls->klass, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        const Il2CppType *t = il2cpp_field_get_type(f);
        uint32_t off = base + (uint32_t)(il2cpp_field_get_offset(f) - ctx->header_size);
        if (zlua_type_is_reference(t)) {
            if (out != NULL)
                out[*n] = off;
            ++*n;
        } else if (il2cpp_type_get_type(t) == ZLUA_IL2CPP_TYPE_VALUETYPE ||
                   il2cpp_type_get_type(t) == ZLUA_IL2CPP_TYPE_GENERICINST) {
            zlua__class *sub = zlua__class_get(ctx, il2cpp_class_from_type(t));
            if (sub == NULL)
                return 0;
            if (!sub->blittable && !zlua_class_collect_refs(ctx, sub, off, out, n))
                return 0;
        }
    }
    return 1;
}

static int zlua_class_is_nullable(Il2CppClass *k)
{
    return il2cpp_class_is_inflated(k) &&
           strcmp(il2cpp_class_get_namespace(k), "System") == 0 &&
           strcmp(il2cpp_class_get_name(k), "Nullable`1") == 0;
}

/* 0 when out of memory (no name). */
static int zlua_class_fill(zlua__ctx *ctx, zlua__class *cls, Il2CppClass *k)
{
    int flags = il2cpp_class_get_flags(k);
    cls->ctx = ctx;
    cls->klass = k;
    cls->type = il2cpp_class_get_type(k);
    cls->name = il2cpp_class_get_name(k);
    cls->full_name = zlua_class_make_full_name(ctx, k);
    cls->assembly = il2cpp_class_get_assemblyname(k);
    cls->valuetype = il2cpp_class_is_valuetype(k);
    cls->is_enum = il2cpp_class_is_enum(k);
    cls->interface = il2cpp_class_is_interface(k);
    cls->abstract = (flags & ZLUA_TYPE_ATTRIBUTE_ABSTRACT) != 0;
    cls->is_static = cls->abstract && (flags & ZLUA_TYPE_ATTRIBUTE_SEALED) != 0;
    int rank = il2cpp_class_get_rank(k);
    cls->is_array = rank > 0;
    cls->rank = (uint8_t)(rank > 0 && rank <= 32 ? rank : 0);
    /* T[] (zero-based, no bounds) as opposed to T[*] and T[,] */
    cls->szarray = rank == 1 && il2cpp_type_get_type(cls->type) == ZLUA_IL2CPP_TYPE_SZARRAY;
    for (Il2CppClass *p = il2cpp_class_get_parent(k); p != NULL && ctx->k_multicast != NULL;
         p = il2cpp_class_get_parent(p))
        if (p == ctx->k_multicast) {
            cls->is_delegate = 1;   /* a concrete delegate type, never Delegate itself */
            break;
        }
    cls->typetable = cls->byval_mt = cls->byobj_mt = LUA_NOREF;
    cls->statics = cls->static_slots = cls->instance = cls->generics = LUA_NOREF;
    if (cls->valuetype) {
        uint32_t align = 0;
        cls->value_size = (uint32_t)il2cpp_class_value_size(k, &align);
        cls->align = align ? align : 1;
        cls->blittable = !il2cpp_class_has_references(k);
        /* a ref struct lives only on the C# stack: Lua cannot hold a copy
         * (meta.c makes its slots unsupported); asked once per class */
        cls->is_byreflike = ctx->k_byreflike != NULL &&
                            il2cpp_class_has_attribute(k, ctx->k_byreflike);
    } else {
        cls->value_size = cls->align = (uint32_t)sizeof(void *);
    }
    return cls->full_name != NULL;
}

/* Nullable<T>'s two fields, found by name: IL2CPP's corlib since Unity
 * 2021.2 declares (hasValue, value) -- .NET's Nullable.cs -- and older
 * Unity corlibs (Mono's) declared (value, has_value).  Not by type: for
 * Nullable<bool> both fields are bools.  Without the names (a corlib we
 * do not know) the 2021.2 layout is assumed. */
static void zlua_class_nullable_layout(zlua__ctx *ctx, zlua__class *cls)
{
    uint32_t a = cls->element->align ? cls->element->align : 1;
    cls->has_value_offset = 0;
    cls->value_offset = (1u + a - 1u) / a * a;
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(cls->klass, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        const char *name = il2cpp_field_get_name(f);
        uint32_t off = (uint32_t)(il2cpp_field_get_offset(f) - ctx->header_size);
        if (strcmp(name, "value") == 0)
            cls->value_offset = off;
        else if (strcmp(name, "hasValue") == 0 || strcmp(name, "has_value") == 0)
            cls->has_value_offset = off;
    }
}

/* Links the related classes (underlying, T, element) and the refs; 0
 * when one of them cannot be bound (memory). */
static int zlua_class_link(zlua__ctx *ctx, zlua__class *cls)
{
    Il2CppClass *k = cls->klass;
    if (cls->is_enum) {
        cls->element = zlua__class_get(ctx, il2cpp_class_from_type(il2cpp_class_enum_basetype(k)));
        if (cls->element == NULL)
            return 0;
    } else if (cls->valuetype && zlua_class_is_nullable(k)) {
        cls->nullable = 1;
        cls->element = zlua__class_get(ctx, il2cpp_class_get_element_class(k));
        if (cls->element == NULL)
            return 0;
        cls->blittable = cls->element->blittable;
        zlua_class_nullable_layout(ctx, cls);
    } else if (cls->is_array) {
        cls->element = zlua__class_get(ctx, il2cpp_class_get_element_class(k));
        if (cls->element == NULL)
            return 0;
    }
    if (cls->valuetype && !cls->blittable && !cls->is_enum) {
        /* counted, then stored: every reference of a struct of any size
         * is scanned (a reference left out would be collected in use) */
        uint32_t n = 0;
        if (!zlua_class_collect_refs(ctx, cls, 0, NULL, &n))
            return 0;
        uint32_t *offsets = zlua__ctx_arena_alloc(ctx, (n ? n : 1) * sizeof *offsets);
        if (offsets == NULL)
            return 0;
        n = 0;
        if (!zlua_class_collect_refs(ctx, cls, 0, offsets, &n))
            return 0;
        cls->ref_offsets = offsets;
        cls->nrefs = n;
    }
    return 1;
}

/* Links cls; 0 when memory ran out (cls->linked stays 0, and a later
 * zlua__class_get tries again). */
static int zlua_class_complete(zlua__ctx *ctx, zlua__class *cls)
{
    cls->building = 1;
    if (zlua_class_link(ctx, cls)) {
        if (cls->valuetype && !cls->blittable && cls->pool.cell_size == 0)
            zlua__sreg_pool_init(&cls->pool, cls->value_size);
        cls->linked = 1;
    }
    cls->building = 0;
    return cls->linked;
}

zlua__class *zlua__class_get(zlua__ctx *ctx, Il2CppClass *klass)
{
    if (klass == NULL)
        return NULL;
    zlua__class *cls = zlua__ptrmap_get(&ctx->classes, klass);
    if (cls != NULL) {
        /* While it is being built, related types may refer back to it; a
         * binding that ran out of memory before is completed now, or the
         * caller sees NULL again -- never a class half linked. */
        if (cls->linked || cls->building)
            return cls;
        return zlua_class_complete(ctx, cls) ? cls : NULL;
    }
    cls = zlua__ctx_arena_alloc(ctx, sizeof *cls);
    if (cls == NULL || !zlua_class_fill(ctx, cls, klass))
        return NULL;
    if (zlua__ptrmap_put(&ctx->classes, klass, cls) != ZLUA_OK)
        return NULL;
    return zlua_class_complete(ctx, cls) ? cls : NULL;
}

/* Namespace splits tried for a dotted name, longest namespace first: a
 * name with more dots than this is not looked up as that many levels of
 * nesting (C# code nests a few levels at most), which bounds what one
 * probe of a hostile script costs. */
#define ZLUA_LOOKUP_SPLITS 8

/* The nested type called name[0..len) that outer declares, or NULL.  The
 * runtime creates the nested classes it hands out: only outer's. */
static Il2CppClass *zlua_class_nested_in(Il2CppClass *outer, const char *name, size_t len)
{
    void *iter = NULL;
    Il2CppClass *k;
    while ((k = il2cpp_class_get_nested_types(outer, &iter)) != NULL) {
        const char *kn = il2cpp_class_get_name(k);
        if (kn != NULL && strncmp(kn, name, len) == 0 && kn[len] == '\0')
            return k;
    }
    return NULL;
}

/* The class at path ("Outer", "Outer+Inner", "Outer.Inner") in namespace
 * ns of img: the first component by il2cpp_class_from_name (a hash lookup
 * in the runtime, which creates only the class it finds), the others as
 * nested types.  path is written to and restored. */
static Il2CppClass *zlua_class_resolve_path(const Il2CppImage *img, const char *ns, char *path)
{
    size_t n = strcspn(path, ".+");
    char end = path[n];
    path[n] = '\0';
    Il2CppClass *k = il2cpp_class_from_name(img, ns, path);
    path[n] = end;
    while (k != NULL && path[n] != '\0') {
        path += n + 1;
        n = strcspn(path, ".+");
        k = zlua_class_nested_in(k, path, n);
    }
    return k;
}

/* The class named `full` in img, or in every image of the domain when img
 * is NULL.  Namespaces are tried longest first ("A.B.C": A.B::C, then
 * A::B+C, then ::A+B+C), each in every image before the next, so a type
 * wins over a nested type of the same spelling.  Never walks an image:
 * a game has tens of thousands of types and the runtime would create a
 * class for each. */
static Il2CppClass *zlua_class_lookup(const Il2CppImage *img, const char *full)
{
    char buf[512];
    size_t n = strlen(full);
    if (n >= sizeof buf || n == 0)
        return NULL;
    memcpy(buf, full, n + 1);
    size_t count = 1;
    const Il2CppAssembly **as = NULL;
    if (img == NULL)
        as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    size_t ns_end = strcspn(buf, "+");   /* a namespace holds no '+' */
    int splits = 0;
    for (size_t d = ns_end + 1; d-- > 0 && splits <= ZLUA_LOOKUP_SPLITS;) {
        if (d != 0 && buf[d - 1] != '.')
            continue;
        splits++;
        /* namespace buf[0 .. d-1), path buf[d ..); d == 0: no namespace */
        if (d != 0)
            buf[d - 1] = '\0';
        for (size_t i = 0; i < count; i++) {
            const Il2CppImage *im = as != NULL ? il2cpp_assembly_get_image(as[i]) : img;
            Il2CppClass *k = zlua_class_resolve_path(im, d != 0 ? buf : "", buf + d);
            if (k != NULL)
                return k;
        }
        if (d != 0)
            buf[d - 1] = '.';
    }
    return NULL;
}

/* ---- Nullable<T> by name ------------------------------------------------------
 *
 * "System.Nullable`1[MyGame.Point2D]", the runtime's own spelling of the
 * instance (what cls->full_name and every message say).  The runtime's
 * name lookup knows type definitions only, and its C API has no way to
 * inflate a generic, so the instance is the one this state already met:
 * the Nullable<T> of a signature, field or property it bound (in IL2CPP
 * an instantiation exists only where compiled code uses it anyway).  An
 * instance not met yet is not found (`type not found`). */

#define ZLUA_NULLABLE_PREFIX "System.Nullable`1["

static zlua__class *zlua_class_find_nullable(zlua__ctx *ctx, const char *full_name)
{
    size_t plen = sizeof ZLUA_NULLABLE_PREFIX - 1, n = strlen(full_name);
    char arg[512];
    if (n <= plen + 1 || n - plen >= sizeof arg || full_name[n - 1] != ']' ||
        strncmp(full_name, ZLUA_NULLABLE_PREFIX, plen) != 0)
        return NULL;
    memcpy(arg, full_name + plen, n - plen - 1);
    arg[n - plen - 1] = '\0';
    Il2CppClass *t = zlua_class_lookup(NULL, arg);
    if (t == NULL)
        return NULL;
    const zlua__ptrmap *m = &ctx->classes;
    for (size_t i = 0; i < m->cap; i++) {
        zlua__class *cls = m->keys[i] != NULL ? m->values[i] : NULL;
        if (cls != NULL && cls->nullable && cls->linked && cls->element != NULL &&
            cls->element->klass == t)
            return cls;
    }
    return NULL;
}

/* A closed generic instance by its reflection-format name
 * ("System.Collections.Generic.List`1[System.Int32]"): as for Nullable,
 * the runtime's lookup knows definitions only, so this is an instance the
 * state has met (a signature, field or property of a type it bound, an
 * object it was handed).  A walk of the bindings, on a lookup's miss of
 * such a name only: never on a call. */
static zlua__class *zlua_class_find_met(zlua__ctx *ctx, const char *full_name)
{
    const char *br = strchr(full_name, '[');
    if (br == NULL || br[1] == ']' || br[1] == ',' || br[1] == '*')
        return NULL;   /* no argument list: an array, or no generic */
    const zlua__ptrmap *m = &ctx->classes;
    for (size_t i = 0; i < m->cap; i++) {
        zlua__class *cls = m->keys[i] != NULL ? m->values[i] : NULL;
        if (cls != NULL && cls->full_name != NULL && !cls->building &&
            il2cpp_class_is_inflated(cls->klass) && strcmp(cls->full_name, full_name) == 0)
            return cls;
    }
    return NULL;
}

zlua__class *zlua__class_find(zlua__ctx *ctx, const char *full_name)
{
    Il2CppClass *k = zlua_class_lookup(NULL, full_name);
    if (k != NULL)
        return zlua__class_get(ctx, k);
    zlua__class *n = zlua_class_find_nullable(ctx, full_name);
    return n != NULL ? n : zlua_class_find_met(ctx, full_name);
}

zlua__class *zlua__class_find_in(zlua__ctx *ctx, const Il2CppImage *img, const char *full_name)
{
    if (img == NULL)
        return NULL;
    Il2CppClass *k = zlua_class_lookup(img, full_name);
    if (k != NULL)
        return zlua__class_get(ctx, k);
    /* Nullable<T> belongs to the image that defines Nullable`1 (corlib);
     * asked only for such a name: the lookup creates the class it finds */
    if (strncmp(full_name, ZLUA_NULLABLE_PREFIX, sizeof ZLUA_NULLABLE_PREFIX - 1) != 0 ||
        il2cpp_class_from_name(img, "System", "Nullable`1") == NULL)
        return NULL;
    return zlua_class_find_nullable(ctx, full_name);
}

zlua__class *zlua__class_visible(zlua__class *cls)
{
    if (cls == NULL || cls->is_array || il2cpp_class_is_inflated(cls->klass))
        return cls;   /* named by their element or definition and arguments */
    for (Il2CppClass *k = cls->klass; k != NULL; k = il2cpp_class_get_declaring_type(k)) {
        int vis = il2cpp_class_get_flags(k) & ZLUA_TYPE_ATTRIBUTE_VISIBILITY_MASK;
        int nested = il2cpp_class_get_declaring_type(k) != NULL;
        if (vis != (nested ? ZLUA_TYPE_ATTRIBUTE_NESTED_PUBLIC : ZLUA_TYPE_ATTRIBUTE_PUBLIC))
            return NULL;
    }
    return cls;
}

zlua__class *zlua__class_find_nested(zlua__ctx *ctx, zlua__class *outer, const char *name)
{
    return zlua__class_get(ctx, zlua_class_nested_in(outer->klass, name, strlen(name)));
}

#if defined(__GNUC__)
ZLUA_COLD
#endif
void zlua__class_run_init(lua_State *L, zlua__class *cls, const char *where)
{
    int done;
    Il2CppException *exc = zlua_rt_class_init(cls->klass, &done);
    if (exc != NULL)
        zlua__exc_raise(L, exc, where);
    /* not while this thread is still inside the static constructor: the
     * runtime let the call proceed, but the constructor can still fail */
    cls->inited = (unsigned char)done;
}
