/*
 * zlua_stubgen.c -- the MethodBridge stub generator (R-META-3).
 *
 *   zlua-stubgen-mono --assembly FILE.dll... --out OUT.cpp --report REPORT.txt
 *   zlua-stubgen OUT.cpp REPORT.txt [ASSEMBLY-NAME...]
 *     --rules FILE.xml the project's XML rule files, as zlua-marshalc reads
 *                      them: a method they give several Lua values gets a
 *                      stub of that shape; repeatable
 *     --reference FILE open an assembly the others reference without
 *                      walking it (Unity's own UnityEngine.*.dll, which are
 *                      not beside a project's); repeatable
 *     --no-instances   the assemblies' own types only, not the generic
 *                      instances their signatures use
 *     --link-xml FILE  also write the report's preservation list (its
 *                      `keep` lines) as a link.xml for Unity's managed
 *                      linker (R-LINK-1; stubgen_keep.h)
 *     --preserve FILE  a project's explicit list of types and members to
 *                      keep besides those (stubgen_keep.h); repeatable
 *
 * Reads the metadata of assemblies through the runtime's C API (the same
 * functions libzlua uses; tool_rt.h): on Mono, as a Unity project's
 * build runs it, those opened from the files given (a game's
 * Assembly-CSharp.dll and its other assemblies); on the simulated
 * runtime, the loaded ones named (or all).  It walks their public types,
 * and the closed generic instances their signatures and fields use
 * (List<Enemy>, Dictionary<string, int>: in a player those exist because
 * the game uses them), and writes one C++ stub per reduced signature
 * (zlua_bridge_signature), shared by every public method of that shape,
 * plus the tables zlua_generated_stubs and zlua_generated_delegates
 * (zlua.h) that a host hands to zlua_stub_register / _delegates, and, for
 * each `static extern` InternalCall method marked [LuaInvoke] (R-IC-3),
 * an IC stub with the internal-call ABI and its row in zlua_generated_ic
 * (zlua_ic_register; the file hands that table to zlua_env_set_ic_table
 * as the program loads).  Structs passed by value get a C++ definition with
 * their natural layout -- the fields in order, nothing added -- as IL2CPP
 * declares them, so that the compiler passes them exactly as the method's
 * compiled code expects; static_asserts check size, alignment and every
 * offset for each data model, so that one file serves 32- and 64-bit
 * targets.  A struct the runtime lays out otherwise (explicit offsets,
 * packing) keeps its methods on the generic invoker.  The report lists how many methods map
 * to how many stubs, and every method no stub can serve, with the reason
 * (those keep the generic invoker).  Methods libzlua binds but cannot call
 * (lua-api.md, "Methods Lua cannot call": a decimal, TypedReference or by-val ref struct slot, more
 * than 16 parameters, a frame over 1024 bytes) get no stub either:
 * zlua_bridge_signature refuses them, and they are listed as generic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "il2cpp_api.h"
#include "marshalc_live.h"    /* [LuaMarshalAs] read live (--assembly), XML rules (--rules) */
#include "stubgen_keep.h"     /* the preservation list (--link-xml, --preserve) */
#include "tool_run.h"         /* messages and failure: a process's, or the Editor's run */
#include "tool_rt.h"          /* starts the runtime the metadata comes from */
#include "zlua.h"
#include "zlua_stub.h"

#define SG_SIG_BYTES 512

typedef struct sg_sig {
    char text[SG_SIG_BYTES];
    const MethodInfo *first;    /* the method whose types spell the stub */
    int methods;
    /* [LuaMarshalAs] (lua-api.md, "Overloads" 1): the Lua values each parameter
     * and the result take (zlua_bridge_shape); all 1 when unshaped */
    int shaped;
    unsigned char pslots[16];
    unsigned char rslots;
} sg_sig;

typedef struct sg_struct {
    Il2CppClass *klass;
    int emitted;
} sg_struct;

typedef struct sg_entry {
    char key[SG_SIG_BYTES];     /* zlua_bridge_method_key */
    char text[SG_SIG_BYTES];    /* zlua_bridge_signature: what the binder checks */
    int sig;                    /* its stub */
} sg_entry;

/* The walk's tables grow as a game needs (sg_reserve): a large project
 * has tens of thousands of methods. */
static sg_sig *sigs;
static int nsigs, capsigs;
static sg_entry *entries;
static int nentries, capentries;
/* Delegate types (R-DEL-1): one native entry per reduced signature of
 * Invoke, one table row per type. */
typedef struct sg_delegate {
    Il2CppClass *klass;
    char name[SG_SIG_BYTES];    /* il2cpp_type_get_name: the table key */
    int sig;                    /* index into dsigs */
} sg_delegate;
static sg_sig *dsigs;
static int ndsigs, capdsigs;
static sg_delegate *delegates;
static int ndelegates, capdelegates;

static sg_struct *structs;
static int nstructs, capstructs;
/* [LuaInvoke] methods (R-IC-3): one IC stub each, one registration row */
typedef struct sg_ic {
    const MethodInfo *mi;
    char icall[SG_SIG_BYTES];   /* "Namespace.Outer/Inner::Method" */
    char ns[SG_SIG_BYTES / 2];
    char path[SG_SIG_BYTES / 2];   /* "Outer/Inner" */
    char function[256];         /* the Lua global ("" by name) */
    int by_name;                /* [LuaInvokeByName]: the first argument names it */
} sg_ic;
static sg_ic *ics;
static int nics, capics;
static Il2CppClass *sg_invoke_attr;   /* ZLua.LuaInvokeAttribute, NULL: none loaded */
static Il2CppClass *sg_byname_attr;   /* ZLua.LuaInvokeByNameAttribute, likewise */
static int ics_refused;               /* [LuaInvoke] methods without one (listed) */
static FILE *out, *report;
static lua_State *sg_L;         /* type names and rule shapes (zlua_bridge_shape) */
static int methods_total, methods_stubbed;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(tool_err(), "zlua-stubgen: ");
    vfprintf(tool_err(), fmt, ap);
    fputc('\n', tool_err());
    va_end(ap);
    tool_fail(1);
}

/* *p with room for one more element after the n it holds (zeroed). */
#define sg_reserve(p, n, cap) ((p) = sg_grow((p), (n), &(cap), sizeof *(p)))
static void *sg_grow(void *p, int n, int *cap, size_t elem)
{
    if (n < *cap)
        return p;
    int grown = *cap ? *cap * 2 : 64;
    char *q = realloc(p, (size_t)grown * elem);
    if (q == NULL)
        die("out of memory");
    memset(q + (size_t)*cap * elem, 0, (size_t)(grown - *cap) * elem);
    *cap = grown;
    return q;
}

/* ---- C++ types of slots ----------------------------------------------------------- */

static int sg_struct_index(Il2CppClass *k)
{
    for (int i = 0; i < nstructs; i++)
        if (structs[i].klass == k)
            return i;
    sg_reserve(structs, nstructs, capstructs);
    structs[nstructs].klass = k;
    return nstructs++;
}

static const char *sg_prim_ctype(int t)
{
    switch (t) {
    case ZLUA_IL2CPP_TYPE_BOOLEAN: return "bool";
    case ZLUA_IL2CPP_TYPE_CHAR: return "uint16_t";
    case ZLUA_IL2CPP_TYPE_I1: return "int8_t";
    case ZLUA_IL2CPP_TYPE_U1: return "uint8_t";
    case ZLUA_IL2CPP_TYPE_I2: return "int16_t";
    case ZLUA_IL2CPP_TYPE_U2: return "uint16_t";
    case ZLUA_IL2CPP_TYPE_I4: return "int32_t";
    case ZLUA_IL2CPP_TYPE_U4: return "uint32_t";
    case ZLUA_IL2CPP_TYPE_I8: return "int64_t";
    case ZLUA_IL2CPP_TYPE_U8: return "uint64_t";
    case ZLUA_IL2CPP_TYPE_I: return "intptr_t";
    case ZLUA_IL2CPP_TYPE_U: return "uintptr_t";
    case ZLUA_IL2CPP_TYPE_R4: return "float";
    case ZLUA_IL2CPP_TYPE_R8: return "double";
    default: return "void *";   /* references, pointers */
    }
}

/* The C++ type of a value of class k (by value), into buf. */
static void sg_class_ctype(Il2CppClass *k, char *buf, size_t size)
{
    if (il2cpp_class_is_enum(k)) {
        snprintf(buf, size, "%s", sg_prim_ctype(il2cpp_type_get_type(il2cpp_class_enum_basetype(k))));
    } else if (il2cpp_class_is_valuetype(k)) {
        int t = il2cpp_type_get_type(il2cpp_class_get_type(k));
        if (t != ZLUA_IL2CPP_TYPE_VALUETYPE && t != ZLUA_IL2CPP_TYPE_GENERICINST)
            snprintf(buf, size, "%s", sg_prim_ctype(t));   /* System.Int32 & co. */
        else
            snprintf(buf, size, "zs_%d", sg_struct_index(k));
    } else {
        snprintf(buf, size, "void *");
    }
}

/* The C++ type of a slot of type t: byrefs and references are pointers. */
static void sg_slot_ctype(const Il2CppType *t, char *buf, size_t size)
{
    if (il2cpp_type_is_byref(t)) {
        snprintf(buf, size, "void *");
        return;
    }
    Il2CppClass *k = il2cpp_class_from_type(t);
    int kind = il2cpp_type_get_type(t);
    if (k != NULL && (kind == ZLUA_IL2CPP_TYPE_VALUETYPE || kind == ZLUA_IL2CPP_TYPE_GENERICINST ||
                      kind == ZLUA_IL2CPP_TYPE_ENUM))
        sg_class_ctype(k, buf, size);
    else
        snprintf(buf, size, "%s", sg_prim_ctype(kind));
}

/* Notes the structs mi's slots hold by value: each gets its definition. */
static void sg_note_structs(const MethodInfo *mi)
{
    char ctype[64];
    sg_slot_ctype(il2cpp_method_get_return_type(mi), ctype, sizeof ctype);
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t p = 0; p < n; p++)
        sg_slot_ctype(il2cpp_method_get_param(mi, p), ctype, sizeof ctype);
}

/* ---- natural layouts ---------------------------------------------------------------- */

/* The three data models a player build targets, for the sizes and offsets
 * the file asserts: pointers of 8 bytes (every 64-bit ABI), pointers of 4
 * with 8-byte scalars aligned to 8 (ARMv7, Win32, WebAssembly), and
 * pointers of 4 with 8-byte scalars aligned to 4 inside structs (i386
 * System V).  The generated ZS_L picks one at compile time. */
enum { SG_M64, SG_M32, SG_M32I, SG_MODELS };

/* the model this generator runs in: the runtime's offsets are its */
#if UINTPTR_MAX == 0xffffffffu && defined(__i386__) && !defined(_WIN32)
#define SG_HOST SG_M32I
#elif UINTPTR_MAX == 0xffffffffu
#define SG_HOST SG_M32
#else
#define SG_HOST SG_M64
#endif

typedef struct sg_layout {
    uint32_t size[SG_MODELS], align[SG_MODELS];
    uint32_t (*offset)[SG_MODELS];   /* per instance field (sg_layout_free) */
    uint32_t pad;      /* explicit size: the trailing union's bytes, or 0 */
    int nfields;
} sg_layout;

static void sg_layout_free(sg_layout *l)
{
    free(l->offset);
    l->offset = NULL;
}

static void sg_class_layout(Il2CppClass *k, sg_layout *l);

/* The size and alignment, per model, of a value of a slot of type t. */
static void sg_type_layout(const Il2CppType *t, uint32_t *size, uint32_t *align)
{
    int kind = il2cpp_type_is_byref(t) ? ZLUA_IL2CPP_TYPE_PTR : il2cpp_type_get_type(t);
    Il2CppClass *k = kind == ZLUA_IL2CPP_TYPE_PTR ? NULL : il2cpp_class_from_type(t);
    if (k != NULL && il2cpp_class_is_enum(k))
        kind = il2cpp_type_get_type(il2cpp_class_enum_basetype(k));
    else if (k != NULL && il2cpp_class_is_valuetype(k) &&
             (kind == ZLUA_IL2CPP_TYPE_VALUETYPE || kind == ZLUA_IL2CPP_TYPE_GENERICINST)) {
        sg_layout inner;
        sg_class_layout(k, &inner);
        memcpy(size, inner.size, sizeof inner.size);
        memcpy(align, inner.align, sizeof inner.align);
        sg_layout_free(&inner);
        return;
    }
    uint32_t s;
    switch (kind) {
    case ZLUA_IL2CPP_TYPE_BOOLEAN: case ZLUA_IL2CPP_TYPE_I1: case ZLUA_IL2CPP_TYPE_U1:
        s = 1; break;
    case ZLUA_IL2CPP_TYPE_CHAR: case ZLUA_IL2CPP_TYPE_I2: case ZLUA_IL2CPP_TYPE_U2:
        s = 2; break;
    case ZLUA_IL2CPP_TYPE_I4: case ZLUA_IL2CPP_TYPE_U4: case ZLUA_IL2CPP_TYPE_R4:
        s = 4; break;
    case ZLUA_IL2CPP_TYPE_I8: case ZLUA_IL2CPP_TYPE_U8: case ZLUA_IL2CPP_TYPE_R8:
        for (int m = 0; m < SG_MODELS; m++) {
            size[m] = 8;
            align[m] = m == SG_M32I ? 4 : 8;
        }
        return;
    default:   /* references, pointers, IntPtr */
        for (int m = 0; m < SG_MODELS; m++)
            size[m] = align[m] = m == SG_M64 ? 8 : 4;
        return;
    }
    for (int m = 0; m < SG_MODELS; m++)
        size[m] = align[m] = s;
}

static uint32_t sg_align_up(uint32_t n, uint32_t a)
{
    return (n + a - 1) / a * a;
}

/* k's instance fields in declaration order, laid out as a C compiler
 * lays out the same members (each at the next multiple of its alignment,
 * the whole rounded up to the largest), in every model.  A size the
 * runtime gives beyond that is an explicit one ([StructLayout(Size = N)]):
 * IL2CPP declares such a struct as a union of its fields and a byte array
 * of that size, and so does the generator (l->pad), which makes the
 * struct that much larger in every model. */
static void sg_class_layout(Il2CppClass *k, sg_layout *l)
{
    memset(l, 0, sizeof *l);
    for (int m = 0; m < SG_MODELS; m++)
        l->align[m] = 1;
    void *iter = NULL;
    FieldInfo *f;
    size_t count = 1;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        count++;
    l->offset = calloc(count, sizeof *l->offset);
    if (l->offset == NULL)
        die("out of memory");
    iter = NULL;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        uint32_t size[SG_MODELS], align[SG_MODELS];
        sg_type_layout(il2cpp_field_get_type(f), size, align);
        for (int m = 0; m < SG_MODELS; m++) {
            l->offset[l->nfields][m] = sg_align_up(l->size[m], align[m]);
            l->size[m] = l->offset[l->nfields][m] + size[m];
            if (align[m] > l->align[m])
                l->align[m] = align[m];
        }
        l->nfields++;
    }
    uint32_t align;
    uint32_t runtime = (uint32_t)il2cpp_class_value_size(k, &align);
    uint32_t host = sg_align_up(l->size[SG_HOST], l->align[SG_HOST]);
    if (runtime > host || l->nfields == 0)
        l->pad = runtime > 0 ? runtime : 1;
    for (int m = 0; m < SG_MODELS; m++) {
        uint32_t s = l->size[m] > l->pad ? l->size[m] : l->pad;
        l->size[m] = sg_align_up(s, l->align[m]);
    }
}

/* Whether the runtime lays k out as sg_class_layout does on this host:
 * sequential fields at their natural offsets (fields of struct type
 * included, recursively), and the size.  Explicit field offsets and
 * packing do not: a struct declared otherwise would be passed otherwise,
 * so methods taking or returning one by value keep the generic invoker. */
static int sg_class_is_natural(Il2CppClass *k)
{
    sg_layout l;
    sg_class_layout(k, &l);
    uint32_t header = il2cpp_object_header_size(), align;
    int natural = (uint32_t)il2cpp_class_value_size(k, &align) == l.size[SG_HOST];
    void *iter = NULL;
    FieldInfo *f;
    int i = 0;
    while (natural && (f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        const Il2CppType *ft = il2cpp_field_get_type(f);
        Il2CppClass *fk = il2cpp_class_from_type(ft);
        int kind = il2cpp_type_get_type(ft);
        natural = (uint32_t)il2cpp_field_get_offset(f) - header == l.offset[i++][SG_HOST] &&
                  (fk == NULL || il2cpp_class_is_enum(fk) || !il2cpp_class_is_valuetype(fk) ||
                   (kind != ZLUA_IL2CPP_TYPE_VALUETYPE && kind != ZLUA_IL2CPP_TYPE_GENERICINST) ||
                   sg_class_is_natural(fk));
    }
    sg_layout_free(&l);
    return natural;
}

/* A by-value slot whose struct is not laid out naturally, or NULL. */
static Il2CppClass *sg_slot_unnatural(const Il2CppType *t)
{
    if (il2cpp_type_is_byref(t))
        return NULL;   /* a pointer; the temporary is raw bytes */
    int kind = il2cpp_type_get_type(t);
    Il2CppClass *k = il2cpp_class_from_type(t);
    if (k == NULL || il2cpp_class_is_enum(k) || !il2cpp_class_is_valuetype(k) ||
        (kind != ZLUA_IL2CPP_TYPE_VALUETYPE && kind != ZLUA_IL2CPP_TYPE_GENERICINST))
        return NULL;
    return sg_class_is_natural(k) ? NULL : k;
}

/* The first by-value struct of mi's signature that is not laid out
 * naturally, or NULL. */
static Il2CppClass *sg_method_unnatural(const MethodInfo *mi)
{
    Il2CppClass *k = sg_slot_unnatural(il2cpp_method_get_return_type(mi));
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t i = 0; k == NULL && i < n; i++)
        k = sg_slot_unnatural(il2cpp_method_get_param(mi, i));
    return k;   /* `this` of a struct method is a pointer */
}

/* "8" when every model agrees, else "ZS_L(16, 16, 12)". */
static const char *sg_models(const uint32_t v[SG_MODELS], char *buf, size_t size)
{
    if (v[SG_M64] == v[SG_M32] && v[SG_M32] == v[SG_M32I])
        snprintf(buf, size, "%u", (unsigned)v[SG_M64]);
    else
        snprintf(buf, size, "ZS_L(%u, %u, %u)", (unsigned)v[SG_M64], (unsigned)v[SG_M32],
                 (unsigned)v[SG_M32I]);
    return buf;
}

/* Emits struct k (its struct-typed fields first): its fields in order,
 * each of its own C type, and nothing else -- no padding members, no
 * alignas -- so that the compiler lays it out and classifies it for the
 * calling convention exactly as it does IL2CPP's declaration of the same
 * struct (an explicit padding member would turn an eightbyte of floats
 * into an INTEGER one on x86-64 System V).  static_asserts check the
 * size, the alignment and every offset against the layouts of
 * sg_class_layout, which the walk compared with the runtime's. */
static void sg_emit_struct(int index)
{
    if (structs[index].emitted)
        return;
    structs[index].emitted = 1;
    Il2CppClass *k = structs[index].klass;
    void *iter = NULL;
    FieldInfo *f;
    char ctype[64];
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        sg_slot_ctype(il2cpp_field_get_type(f), ctype, sizeof ctype);
        if (strncmp(ctype, "zs_", 3) == 0)
            sg_emit_struct(atoi(ctype + 3));
    }
    sg_layout l;
    sg_class_layout(k, &l);
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    const char *shown = name ? name : "?";
    fprintf(out, "/* %s */\nstruct zs_%d {\n", shown, index);
    const char *indent = "    ";
    if (l.pad > 0 && l.nfields > 0) {   /* explicit size: as IL2CPP declares it */
        fprintf(out, "    union {\n        struct {\n");
        indent = "            ";
    }
    int nfields = 0;
    iter = NULL;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        sg_slot_ctype(il2cpp_field_get_type(f), ctype, sizeof ctype);
        fprintf(out, "%s%s f%d;   /* %s */\n", indent, ctype, nfields++,
                il2cpp_field_get_name(f));
    }
    if (l.pad > 0 && l.nfields > 0)
        fprintf(out, "        };\n        uint8_t pad[%u];\n    };\n", (unsigned)l.pad);
    else if (l.pad > 0)
        fprintf(out, "    uint8_t pad[%u];\n", (unsigned)l.pad);
    char v[64];
    fprintf(out, "};\nstatic_assert(sizeof(zs_%d) == %s, \"%s: size\");\n", index,
            sg_models(l.size, v, sizeof v), shown);
    fprintf(out, "static_assert(alignof(zs_%d) == %s, \"%s: alignment\");\n", index,
            sg_models(l.align, v, sizeof v), shown);
    for (int i = 0; i < l.nfields; i++)
        fprintf(out, "static_assert(offsetof(zs_%d, f%d) == %s, \"%s: field %d\");\n", index, i,
                sg_models(l.offset[i], v, sizeof v), shown, i);
    fputc('\n', out);
    sg_layout_free(&l);
    il2cpp_free(name);
}

/* ---- stubs ---------------------------------------------------------------------------- */

/* The size of a byref's element (its temporary) in every model, as
 * sg_models spells it into buf. */
static const char *sg_elem_size(const Il2CppType *t, char *buf, size_t size)
{
    Il2CppClass *k = il2cpp_class_from_type(t);
    uint32_t sizes[SG_MODELS], aligns[SG_MODELS];
    if (k != NULL && il2cpp_class_is_valuetype(k))
        sg_type_layout(il2cpp_class_get_type(k), sizes, aligns);
    else   /* a reference */
        for (int m = 0; m < SG_MODELS; m++)
            sizes[m] = m == SG_M64 ? 8 : 4;
    return sg_models(sizes, buf, size);
}

/* A primitive or enum by value: no OpaqueValue can pass through it. */
static int sg_slot_is_scalar(const Il2CppType *t)
{
    if (il2cpp_type_is_byref(t))
        return 0;
    int kind = il2cpp_type_get_type(t);
    if (kind == ZLUA_IL2CPP_TYPE_VALUETYPE || kind == ZLUA_IL2CPP_TYPE_GENERICINST) {
        Il2CppClass *k = il2cpp_class_from_type(t);
        return k != NULL && il2cpp_class_is_enum(k);
    }
    return kind == ZLUA_IL2CPP_TYPE_ENUM ||
           (kind >= ZLUA_IL2CPP_TYPE_BOOLEAN && kind <= ZLUA_IL2CPP_TYPE_R8) ||
           kind == ZLUA_IL2CPP_TYPE_I || kind == ZLUA_IL2CPP_TYPE_U;
}

/* How a slot pops and pushes: inline scalar writers, or the slot's own. */
static const char *sg_pop_fn(const Il2CppType *t)
{
    if (il2cpp_type_is_byref(t))
        return "zlua_bridge_pop";
    switch (il2cpp_type_get_type(t)) {
    case ZLUA_IL2CPP_TYPE_I4: return "zlua_bridge_pop_i4";
    case ZLUA_IL2CPP_TYPE_R4: return "zlua_bridge_pop_r4";
    case ZLUA_IL2CPP_TYPE_R8: return "zlua_bridge_pop_r8";
    default:
        break;
    }
    /* every reference (one reduced kind, whatever the first method of a
     * signature takes): an object userdata of the declared view inline,
     * the class in the bridge (NULL for a string, a delegate, a rule's
     * slot: the writer decides) */
    Il2CppClass *k = il2cpp_class_from_type(t);
    if (!sg_slot_is_scalar(t) && k != NULL && !il2cpp_class_is_valuetype(k))
        return "zlua_bridge_pop_obj";
    return "zlua_bridge_pop";
}

/* The call and the result, shared by a stub's body and its args body:
 * the arguments are a0.. and, for an instance method or a constructor,
 * `self` is set; scoped: a byref's pop may have set `scope`, and the call
 * then runs in its own scope. */
static void sg_emit_tail(int index, int ctor, int scoped)
{
    const sg_sig *sig = &sigs[index];
    const MethodInfo *mi = sig->first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    int instance = il2cpp_method_is_instance(mi);
    const Il2CppType *rt = il2cpp_method_get_return_type(mi);
    int is_void = il2cpp_type_get_type(rt) == ZLUA_IL2CPP_TYPE_VOID;
    char rtype[64], ptype[64];
    sg_slot_ctype(rt, rtype, sizeof rtype);
    if (instance && !ctor)
        fprintf(out, "    const MethodInfo *mi = b->is_virtual ? zlua_bridge_dispatch(b, &self)"
                     " : b->method;\n");
    else
        fprintf(out, "    const MethodInfo *mi = b->method;\n");
    fprintf(out, "    typedef %s (*fn_t)(", is_void ? "void" : rtype);
    if (instance)
        fprintf(out, "void *, ");
    for (uint32_t i = 0; i < n; i++) {
        sg_slot_ctype(il2cpp_method_get_param(mi, i), ptype, sizeof ptype);
        fprintf(out, "%s, ", ptype);
    }
    fprintf(out, "const MethodInfo *);\n");
    if (!is_void)
        fprintf(out, "    %s r{};\n", rtype);
    if (scoped)
        fprintf(out, "    uint64_t mark = scope ? zlua_bridge_enter(b) : 0;\n");
    fprintf(out, "    Il2CppException *exc = nullptr;\n    try {\n"
                 "        ZLUA_STUB_BEFORE_CALL(mi, %s);\n        %s"
                 "reinterpret_cast<fn_t>(mi->methodPointer)(",
            instance ? "self" : "nullptr", is_void ? "" : "r = ");
    if (instance)
        fprintf(out, "self, ");
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, "a%u, ", i);
    fprintf(out, "mi);\n    } catch (Il2CppExceptionWrapper &e) {\n        exc = e.ex;\n    }\n");
    if (scoped)
        fprintf(out, "    if (scope)\n        zlua_bridge_leave(b, mark);\n");
    fprintf(out, "    if (ZLUA_UNLIKELY(exc != nullptr))\n        return zlua_bridge_raise(L, b, exc);\n");
    if (ctor) {
        fprintf(out, "    return 1;   /* the new userdata */\n}\n\n");
        return;
    }
    if (is_void) {
        fprintf(out, "    return 0;\n}\n\n");
        return;
    }
    switch (il2cpp_type_get_type(rt)) {
    case ZLUA_IL2CPP_TYPE_I4:
        fprintf(out, "    lua_pushinteger(L, r);\n");
        break;
    case ZLUA_IL2CPP_TYPE_R4: case ZLUA_IL2CPP_TYPE_R8:
        fprintf(out, "    lua_pushnumber(L, (lua_Number)r);\n");
        break;
    case ZLUA_IL2CPP_TYPE_BOOLEAN:
        fprintf(out, "    lua_pushboolean(L, r);\n");
        break;
    default:
        /* the one result may leave scratch below it (returns 1) */
        fprintf(out, sig->shaped ? "    zlua_bridge_push(L, b, &r);\n"
                                 : "    zlua_bridge_push_result(L, b, &r);\n");
        break;
    }
    fprintf(out, "    return %d;\n}\n\n", sig->shaped ? sig->rslots : 1);
}

/* An args body (zlua_stub_args) for shapes of at most ZLUA_STUB_ARGS_MAX
 * (zlua.h) parameters that are scalars or structs by value, one Lua value
 * each, and not a constructor: libzlua's own dispatch paths call it with
 * the arguments read and `this` checked. */

static int sg_args_param(const Il2CppType *t)
{
    if (sg_slot_is_scalar(t))
        return 1;
    if (il2cpp_type_is_byref(t))
        return 0;
    int kind = il2cpp_type_get_type(t);
    Il2CppClass *k = il2cpp_class_from_type(t);
    return (kind == ZLUA_IL2CPP_TYPE_VALUETYPE || kind == ZLUA_IL2CPP_TYPE_GENERICINST) &&
           k != NULL && il2cpp_class_is_valuetype(k);
}

static int sg_args_shape(int index)
{
    const MethodInfo *mi = sigs[index].first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    if (sigs[index].shaped || n > ZLUA_STUB_ARGS_MAX ||
        strcmp(il2cpp_method_get_name(mi), ".ctor") == 0)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        if (!sg_args_param(il2cpp_method_get_param(mi, i)))
            return 0;
    return 1;
}

static void sg_emit_args(int index)
{
    const MethodInfo *mi = sigs[index].first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    int instance = il2cpp_method_is_instance(mi);
    char ptype[64];
    fprintf(out, "/* %s, its arguments read */\n", sigs[index].text);
    fprintf(out, "static int zlua_args_%d(lua_State *L, const zlua_bridge *b, void *self,"
                 " void *const *args)\n{\n", index);
    if (!instance)
        fprintf(out, "    (void)self;\n    zlua_bridge_static_init(L, b);\n");
    if (n == 0)
        fprintf(out, "    (void)args;\n");
    for (uint32_t i = 0; i < n; i++) {
        sg_slot_ctype(il2cpp_method_get_param(mi, i), ptype, sizeof ptype);
        fprintf(out, "    %s a%u;\n    memcpy(&a%u, args[%u], sizeof a%u);\n", ptype, i, i, i, i);
    }
    sg_emit_tail(index, 0, 0);   /* no byref: no scope (sg_emit_stub) */
}

static void sg_emit_stub(int index)
{
    const MethodInfo *mi = sigs[index].first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    int instance = il2cpp_method_is_instance(mi);
    int ctor = strcmp(il2cpp_method_get_name(mi), ".ctor") == 0;
    char ptype[64];
    /* R-OPQ-5: the call runs in its own scope, closed before anything is
     * raised, where the callee writes through a ref that a handle or a
     * temporary gave: a byref whose argument is not a ByValUserData
     * serving as the ref itself (decided per call, `scope`).  A by-value
     * argument, a struct or reference given a handle included, is read
     * before the call, and a nested IC call scopes itself, so no other
     * parameter needs one (the generic invoker's rule too,
     * zlua__method.scoped).  The result does not count: it is pushed after
     * the scope closes, and it is never an OpaqueValue (illegal on the
     * return of a method Lua calls, lua-api.md, "[LuaMarshalAs]"). */
    int scoped = 0;
    for (uint32_t i = 0; i < n; i++)
        if (il2cpp_type_is_byref(il2cpp_method_get_param(mi, i)))
            scoped = 1;   /* decided at run time, by the byrefs' pops */

    /* the Lua index of each argument: a multi-value parameter moves the
     * ones after it (lua-api.md, "Overloads" 1) */
    const sg_sig *sig = &sigs[index];
    uint32_t at[16], total = 0;
    for (uint32_t i = 0; i < n && i < 16; i++) {
        at[i] = 1 + (uint32_t)instance + total;
        total += sig->shaped ? sig->pslots[i] : 1u;
    }
    fprintf(out, "/* %s: %d method(s) */\n", sigs[index].text, sigs[index].methods);
    fprintf(out, "static int zlua_stub_%d(lua_State *L, const zlua_bridge *b)\n{\n", index);
    /* a constructor is called as T(...): T at 1 where self would be */
    fprintf(out, "    if (ZLUA_UNLIKELY(lua_gettop(L) != %u))\n        return %s(L, b);\n",
            total + (uint32_t)instance, ctor ? "zlua_bridge_construct" : "zlua_bridge_other_count");
    if (instance && !ctor)
        fprintf(out, "    void *self = zlua_bridge_self(L, b);\n");
    else
        fprintf(out, "    zlua_bridge_static_init(L, b);\n");
    if (scoped)
        fprintf(out, "    int scope = 0;\n");
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *pt = il2cpp_method_get_param(mi, i);
        sg_slot_ctype(pt, ptype, sizeof ptype);
        if (il2cpp_type_is_byref(pt)) {
            /* the address, and the temporary the writer may point it at */
            char tsize[64];
            fprintf(out, "    struct { void *p; alignas(16) unsigned char t[%s]; } s%u;\n"
                         "    static_assert(offsetof(decltype(s%u), t) == ZLUA_BRIDGE_BYREF_TEMP, "
                         "\"byref layout\");\n"
                         "    if (!zlua_bridge_ref_payload(L, b, %u, %u, &s%u.p)) {\n"
                         "%s"
                         "        zlua_bridge_pop(L, b, %u, %u, &s%u);\n    }\n"
                         "    void *a%u = s%u.p;\n",
                    sg_elem_size(pt, tsize, sizeof tsize), i, i, i, at[i], i,
                    scoped ? "        scope = 1;   /* a handle or a temp */\n" : "",
                    i, at[i], i, i, i);
            continue;
        }
        fprintf(out, "    %s a%u;\n    %s(L, b, %u, %u, &a%u);\n", ptype, i, sg_pop_fn(pt), i,
                at[i], i);
    }
    if (ctor)   /* the arguments are popped: now the userdata, then the call */
        fprintf(out, "    void *self = zlua_bridge_new_struct(L, b);\n");
    sg_emit_tail(index, ctor, scoped);
    if (sg_args_shape(index))
        sg_emit_args(index);
}

/* The parameters of mi as a C++ parameter list, "T0 a0, T1 a1", and
 * `after` behind the last one (nothing without parameters). */
static void sg_emit_params(const MethodInfo *mi, const char *after)
{
    char ptype[64];
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t i = 0; i < n; i++) {
        sg_slot_ctype(il2cpp_method_get_param(mi, i), ptype, sizeof ptype);
        fprintf(out, "%s a%u%s", ptype, i, i + 1 < n ? ", " : after);
    }
}

/* The address of each argument's slot -- a by-value parameter's own, a
 * byref's the one it points at -- then nullptr, closing the array. */
static void sg_emit_addresses(const MethodInfo *mi)
{
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, il2cpp_type_is_byref(il2cpp_method_get_param(mi, i)) ? "a%u, " : "&a%u, ", i);
    fprintf(out, "nullptr};\n");
}

/* ---- delegate entries (R-DEL-1) ------------------------------------------------------------ */

/* ret entry(target, args..., method): what the delegate's Invoke calls
 * (invoke_impl with method_code, the target, first).  Arguments go to
 * libzlua by address (a byref: the address it already is); a Lua error
 * comes back as the exception this C++ frame raises. */
static void sg_emit_delegate_entry(int index)
{
    const MethodInfo *mi = dsigs[index].first;
    const Il2CppType *rt = il2cpp_method_get_return_type(mi);
    int is_void = il2cpp_type_get_type(rt) == ZLUA_IL2CPP_TYPE_VOID;
    char rtype[64];
    sg_slot_ctype(rt, rtype, sizeof rtype);
    fprintf(out, "/* delegate %s: %d type(s) */\n", dsigs[index].text, dsigs[index].methods);
    fprintf(out, "static %s zlua_delegate_entry_%d(void *target, ", is_void ? "void" : rtype, index);
    sg_emit_params(mi, ", ");
    fprintf(out, "const MethodInfo *method)\n{\n    (void)method;\n    void *args[] = {");
    sg_emit_addresses(mi);
    if (!is_void)
        fprintf(out, "    %s r{};\n", rtype);
    fprintf(out, "    Il2CppException *exc = zlua_delegate_invoke(static_cast<Il2CppObject *>(target), "
                 "args, %s);\n    if (ZLUA_UNLIKELY(exc != nullptr))\n        zlua_rt_raise(exc);\n",
            is_void ? "nullptr" : "&r");
    if (!is_void)
        fprintf(out, "    return r;\n");
    fprintf(out, "}\n\n");
}

static int sg_is_delegate(Il2CppClass *k)
{
    for (Il2CppClass *p = il2cpp_class_get_parent(k); p != NULL; p = il2cpp_class_get_parent(p))
        if (strcmp(il2cpp_class_get_namespace(p), "System") == 0 &&
            strcmp(il2cpp_class_get_name(p), "MulticastDelegate") == 0)
            return 1;
    return 0;
}

/* Notes k when it is a delegate type with code (not an open generic). */
static void sg_delegate_type(Il2CppClass *k)
{
    if (k == NULL || il2cpp_class_is_generic(k) || !sg_is_delegate(k))
        return;
    for (int i = 0; i < ndelegates; i++)
        if (delegates[i].klass == k)
            return;
    /* what libzlua calls of a delegate type, entry or not: the constructor
     * (a Lua function's delegate), Invoke (a C# delegate called from Lua) */
    if (sg_keep_delegate(k) != 0)
        die("out of memory");
    const MethodInfo *invoke = NULL;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), "Invoke") == 0)
            invoke = mi;
    char sig[SG_SIG_BYTES];
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    if (invoke == NULL || il2cpp_method_get_param_count(invoke) > 8 ||
        zlua_bridge_signature(invoke, sig, sizeof sig) == 0 || sg_method_unnatural(invoke)) {
        fprintf(report, "no delegate entry  %s (Invoke without a stub shape)\n", name ? name : "?");
        il2cpp_free(name);
        return;
    }
    sg_reserve(delegates, ndelegates, capdelegates);
    sg_delegate *d = &delegates[ndelegates++];
    d->klass = k;
    snprintf(d->name, sizeof d->name, "%s", name ? name : "?");
    il2cpp_free(name);
    int found = -1;
    for (int i = 0; i < ndsigs && found < 0; i++)
        if (strcmp(dsigs[i].text, sig) == 0)
            found = i;
    if (found < 0) {
        sg_reserve(dsigs, ndsigs, capdsigs);
        found = ndsigs++;
        snprintf(dsigs[found].text, sizeof dsigs[found].text, "%s", sig);
        dsigs[found].first = invoke;
    }
    dsigs[found].methods++;
    d->sig = found;
    fprintf(report, "delegate %s %s\n", d->name, sig);
}

/* ---- generic instances ------------------------------------------------------------------ */

/* The closed generic types the walked assemblies' signatures and fields
 * use (List<Enemy>, Dictionary<string, int>), walked after them: their
 * methods get stubs too.  Only those met directly -- an instance's own
 * signatures add none -- and none from generic methods, whose slots may
 * still hold their type parameters. */
static Il2CppClass **instances;
static int ninstances, capinstances;
static int sg_instances_on = 1;     /* --no-instances: off */
static int sg_in_instance;          /* walking one: notes no more */

static void sg_instance_type(Il2CppClass *k)
{
    if (!sg_instances_on || sg_in_instance || k == NULL || il2cpp_class_is_generic(k) ||
        il2cpp_type_get_type(il2cpp_class_get_type(k)) != ZLUA_IL2CPP_TYPE_GENERICINST)
        return;
    /* Nullable<T> reaches Lua as its value or nil: its methods never do */
    if (strcmp(il2cpp_class_get_namespace(k), "System") == 0 &&
        strcmp(il2cpp_class_get_name(k), "Nullable`1") == 0)
        return;
    for (int i = 0; i < ninstances; i++)
        if (instances[i] == k)
            return;
    sg_reserve(instances, ninstances, capinstances);
    instances[ninstances++] = k;
}

/* A slot's type (a parameter, a result, a field): the delegate type it
 * is (in a player, the instantiations that exist -- Action<int>,
 * Func<int, int> -- are the ones compiled code uses) and the generic
 * instance.  Not those of a generic method: they may hold its type
 * parameters (Converter<int, TOutput>), and no code exists for them. */
static void sg_slot_type(const Il2CppType *t, int generic_method)
{
    if (generic_method)
        return;
    Il2CppClass *k = il2cpp_class_from_type(t);
    if (!il2cpp_type_is_byref(t))
        sg_delegate_type(k);
    sg_instance_type(k);
}

static void sg_delegates_of(const MethodInfo *mi)
{
    uint32_t n = il2cpp_method_get_param_count(mi);
    int generic = il2cpp_method_is_generic(mi);
    sg_slot_type(il2cpp_method_get_return_type(mi), generic);
    for (uint32_t i = 0; i < n; i++)
        sg_slot_type(il2cpp_method_get_param(mi, i), generic);
}

/* The delegate types and instances k's public fields hold: a delegate
 * type met only there (`public Action<int> OnDamaged;`) needs its entry
 * for `h.OnDamaged = function (n) ... end`. */
static void sg_fields_of(Il2CppClass *k)
{
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if ((il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_FIELD_ACCESS_MASK) ==
            ZLUA_FIELD_ATTRIBUTE_PUBLIC)
            sg_slot_type(il2cpp_field_get_type(f), 0);
}

/* How the report names k's methods: by class name, or for an instance
 * by its full name ("System.Collections.Generic.List<System.Int32>"). */
static const char *sg_label(Il2CppClass *k, char *buf, size_t size)
{
    if (il2cpp_type_get_type(il2cpp_class_get_type(k)) != ZLUA_IL2CPP_TYPE_GENERICINST)
        return il2cpp_class_get_name(k);
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    snprintf(buf, size, "%s", name ? name : il2cpp_class_get_name(k));
    il2cpp_free(name);
    return buf;
}

static int sg_delegate_cmp(const void *a, const void *b)
{
    return strcmp(((const sg_delegate *)a)->name, ((const sg_delegate *)b)->name);
}

/* ---- IC stubs of [LuaInvoke] methods (R-IC-3) ---------------------------------------------- */

#define ZLUA_METHOD_IMPL_INTERNAL_CALL 0x1000   /* MethodImplAttributes.InternalCall */

/* The Lua global [LuaInvoke("Name")] names, UTF-8 into buf ("" for
 * [LuaInvoke] or a null name); -1 when it does not fit.  Read from the
 * attribute object's field `name` (ZLua.Common.cs). */
static int sg_invoke_name(const MethodInfo *mi, char *buf, size_t size)
{
    buf[0] = '\0';
    Il2CppObject *attr = tool_rt_method_attr(mi, sg_invoke_attr);
    if (attr == NULL)
        return 0;
    void *iter = NULL;
    FieldInfo *f;
    Il2CppString *str = NULL;
    while ((f = il2cpp_class_get_fields(sg_invoke_attr, &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "name") == 0)
            memcpy(&str, (char *)attr + il2cpp_field_get_offset(f), sizeof str);
    if (str == NULL)
        return 0;
    const Il2CppChar *c = il2cpp_string_chars(str);
    int32_t len = il2cpp_string_length(str);
    size_t n = 0;
    for (int32_t i = 0; i < len; i++) {   /* UTF-16 to UTF-8; a lone surrogate as U+FFFD */
        uint32_t cp = c[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < len && c[i + 1] >= 0xDC00 && c[i + 1] < 0xE000)
            cp = 0x10000 + ((cp - 0xD800) << 10) + (uint32_t)(c[++i] - 0xDC00);
        else if (cp >= 0xD800 && cp < 0xE000)
            cp = 0xFFFD;
        unsigned char u[4];
        size_t k = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (k == 1) {
            u[0] = (unsigned char)cp;
        } else {
            for (size_t j = k - 1; j > 0; j--, cp >>= 6)
                u[j] = (unsigned char)(0x80 | (cp & 0x3F));
            u[0] = (unsigned char)((k == 2 ? 0xC0 : k == 3 ? 0xE0 : 0xF0) | cp);
        }
        if (n + k >= size)
            return -1;
        memcpy(buf + n, u, k);
        n += k;
    }
    buf[n] = '\0';
    return 0;
}

/* Another internal call of k has mi's name: the runtime would find the
 * one registration of that name for both, so neither gets a stub. */
static int sg_icall_overloaded(Il2CppClass *k, const MethodInfo *mi)
{
    void *iter = NULL;
    const MethodInfo *o;
    while ((o = il2cpp_class_get_methods(k, &iter)) != NULL) {
        uint32_t iflags = 0;
        (void)il2cpp_method_get_flags(o, &iflags);
        if (o != mi && (iflags & ZLUA_METHOD_IMPL_INTERNAL_CALL) &&
            strcmp(il2cpp_method_get_name(o), il2cpp_method_get_name(mi)) == 0)
            return 1;
    }
    return 0;
}

/* A [LuaInvoke] method of k: its IC stub, or the reason it has none. */
static void sg_ic_method(Il2CppClass *k, const MethodInfo *mi)
{
    int fixed = sg_invoke_attr != NULL && il2cpp_method_has_attribute(mi, sg_invoke_attr);
    int by_name = sg_byname_attr != NULL && il2cpp_method_has_attribute(mi, sg_byname_attr);
    if (!fixed && !by_name)
        return;
    char label[SG_SIG_BYTES];
    const char *cname = sg_label(k, label, sizeof label);
    const char *name = il2cpp_method_get_name(mi);
    uint32_t iflags = 0;
    uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
    const char *why = NULL;
    if (!(flags & ZLUA_METHOD_ATTRIBUTE_STATIC) || !(iflags & ZLUA_METHOD_IMPL_INTERNAL_CALL))
        why = "not a static extern method with [MethodImpl(MethodImplOptions.InternalCall)]";
    else if (il2cpp_method_is_generic(mi) || il2cpp_class_is_generic(k))
        why = "generic";
    else if (il2cpp_method_get_param_count(mi) > 16)
        why = "more than 16 parameters";
    else if (sg_method_unnatural(mi) != NULL)
        why = "a struct not laid out naturally";
    else if (fixed && by_name)
        why = "both [LuaInvoke] and [LuaInvokeByName]";
    else if (by_name && (il2cpp_method_get_param_count(mi) == 0 ||
                         il2cpp_type_get_type(il2cpp_method_get_param(mi, 0)) !=
                             ZLUA_IL2CPP_TYPE_STRING ||
                         il2cpp_type_is_byref(il2cpp_method_get_param(mi, 0))))
        why = "[LuaInvokeByName] without a string first parameter (the Lua global's name)";
    if (why == NULL && sg_icall_overloaded(k, mi))
        why = "overloaded: an internal call is registered by name";
    if (why != NULL) {
        fprintf(report, "no ic    %s.%s (%s)\n", cname, name, why);
        ics_refused++;
        return;
    }
    sg_reserve(ics, nics, capics);
    sg_ic *ic = &ics[nics];
    ic->mi = mi;
    /* the class path: outermost first, nested ones after '/' */
    Il2CppClass *chain[16];
    int n = 0;
    for (Il2CppClass *c = k; c != NULL && n < 16; c = il2cpp_class_get_declaring_type(c))
        chain[n++] = c;
    size_t len = 0;
    for (int i = n - 1; i >= 0; i--) {
        len += (size_t)snprintf(ic->path + len, len < sizeof ic->path ? sizeof ic->path - len : 0,
                                "%s%s", i == n - 1 ? "" : "/", il2cpp_class_get_name(chain[i]));
        if (len >= sizeof ic->path)
            die("%s.%s: class name too long", cname, name);
    }
    snprintf(ic->ns, sizeof ic->ns, "%s", il2cpp_class_get_namespace(chain[n - 1]));
    if ((size_t)snprintf(ic->icall, sizeof ic->icall, "%s%s%s::%s", ic->ns, ic->ns[0] ? "." : "",
                         ic->path, name) >= sizeof ic->icall)
        die("%s.%s: name too long", cname, name);
    ic->by_name = by_name;
    if (by_name) {
        nics++;
        fprintf(report, "ic       %s -> Lua global named by %s\n", ic->icall,
                il2cpp_method_get_param_name(mi, 0));
        return;
    }
    if (sg_invoke_name(mi, ic->function, sizeof ic->function) != 0)
        die("%s.%s: [LuaInvoke]'s name is longer than %d bytes", cname, name,
            (int)sizeof ic->function - 1);
    if (ic->function[0] == '\0')   /* [LuaInvoke]: the method's name */
        snprintf(ic->function, sizeof ic->function, "%s", name);
    for (const char *p = ic->function; *p; p++)
        if (*p == '"' || *p == '\\' || *p == '?' || (unsigned char)*p < 0x20)
            die("%s.%s: [LuaInvoke(\"%s\")]: a Lua global name the generated C++ cannot spell "
                "(a quote, backslash, '?' or control character)", cname, name, ic->function);
    for (const char *p = ic->icall; *p; p++)
        if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20)
            die("%s.%s: a name the generated C++ cannot spell", cname, name);
    nics++;
    fprintf(report, "ic       %s -> Lua %s\n", ic->icall, ic->function);
}

/* The IC stub of ics[index]: the method's parameters as an internal call
 * receives them, the Lua global called through one static site -- or,
 * for a [LuaInvokeByName] method, the global its first argument names,
 * called without a site (libzlua takes the metas of the other parameters
 * from the method). */
static void sg_emit_ic(int index)
{
    const sg_ic *ic = &ics[index];
    const MethodInfo *mi = ic->mi;
    uint32_t n = il2cpp_method_get_param_count(mi);
    uint32_t first = ic->by_name ? 1 : 0;   /* the first argument of the Lua call */
    const Il2CppType *rt = il2cpp_method_get_return_type(mi);
    int is_void = il2cpp_type_get_type(rt) == ZLUA_IL2CPP_TYPE_VOID;
    char rtype[64];
    sg_slot_ctype(rt, rtype, sizeof rtype);
    if (ic->by_name)
        fprintf(out, "/* %s: calls the Lua global its first argument names */\n", ic->icall);
    else
        fprintf(out, "/* %s: calls the Lua global %s */\n", ic->icall, ic->function);
    fprintf(out, "static const MethodInfo *zlua_ic_method_%d;\n", index);
    fprintf(out, "static %s zlua_ic_stub_%d(%s", is_void ? "void" : rtype, index,
            n == 0 ? "void" : "");
    sg_emit_params(mi, "");
    fprintf(out, ")\n{\n");
    if (!ic->by_name)
        fprintf(out, "    static zlua_ic_site site = {\"%s\", 0};\n", ic->function);
    fprintf(out, "    lua_State *L = zlua_env_current();\n"
                 "    if (ZLUA_UNLIKELY(L == nullptr))\n"
                 "        zlua_rt_raise(zlua_ic_no_state(\"%s\"));\n", ic->icall);
    if (ic->by_name) {
        const char *param = il2cpp_method_get_param_name(mi, 0);
        fprintf(out, "    char name[ZLUA_IC_NAME_MAX + 1];\n    size_t len;\n"
                     "    Il2CppException *bad =\n        zlua_ic_function_name("
                     "static_cast<Il2CppString *>(a0), \"%s\", name, &len);\n"
                     "    if (ZLUA_UNLIKELY(bad != nullptr))\n        zlua_rt_raise(bad);\n",
                param != NULL ? param : "?");
    }
    /* a by-value argument's slot is the parameter; a byref's, where it points */
    fprintf(out, "    void *slots[] = {");
    for (uint32_t i = first; i < n; i++)
        fprintf(out, il2cpp_type_is_byref(il2cpp_method_get_param(mi, i)) ? "a%u, " : "&a%u, ", i);
    fprintf(out, "nullptr};\n");
    if (!is_void)
        fprintf(out, "    %s r{};\n", rtype);
    fprintf(out, "    zlua_ic_call c{};\n");
    if (ic->by_name)
        fprintf(out, "    c.function = name;\n    c.function_len = len;\n");
    else
        fprintf(out, "    c.site = &site;\n");
    fprintf(out, "    c.method = zlua_ic_method_%d;\n    c.nargs = %u;\n    c.arg_slots = slots;\n",
            index, n - first);
    if (!is_void)
        fprintf(out, "    c.ret_slot = &r;\n");
    fprintf(out, "    if (ZLUA_UNLIKELY(zlua_ic_invoke(L, &c) != ZLUA_OK)) {\n"
                 "        Il2CppException *ex = zlua_ic_exception(L, &c);\n"
                 "        zlua_ic_done(L, &c);\n"
                 "        zlua_rt_raise(ex);   /* from this frame, never through libzlua's */\n"
                 "    }\n");
    if (!is_void)
        fprintf(out, "    return r;\n");
    fprintf(out, "}\n\n");
}

/* ---- the walk ----------------------------------------------------------------------------- */

static int sg_is_public(const MethodInfo *mi)
{
    uint32_t iflags;
    uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
    return (flags & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) == ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

static void sg_method(Il2CppClass *k, const MethodInfo *mi)
{
    char sig[SG_SIG_BYTES], label[SG_SIG_BYTES];
    const char *cname = sg_label(k, label, sizeof label);
    if (sg_is_public(mi))
        sg_delegates_of(mi);
    if (!sg_is_public(mi) || (strcmp(il2cpp_method_get_name(mi), ".ctor") == 0 &&
                              !il2cpp_class_is_valuetype(k)))
        return;   /* a class's constructor: object creation stays generic */
    methods_total++;
    if (il2cpp_method_get_param_count(mi) > 8 || zlua_bridge_signature(mi, sig, sizeof sig) == 0) {
        fprintf(report, "generic  %s.%s%s\n", cname,
                il2cpp_method_get_name(mi),
                il2cpp_method_is_generic(mi) ? " (generic method)" : " (slot without a stub shape)");
        return;
    }
    Il2CppClass *odd = sg_method_unnatural(mi);
    if (odd != NULL) {
        fprintf(report, "generic  %s.%s (%s.%s not laid out naturally)\n",
                cname, il2cpp_method_get_name(mi),
                il2cpp_class_get_namespace(odd), il2cpp_class_get_name(odd));
        return;
    }
    sg_reserve(entries, nentries, capentries);
    if (zlua_bridge_method_key(mi, entries[nentries].key, sizeof entries[nentries].key) == 0)
        die("%s.%s: key too long", cname, il2cpp_method_get_name(mi));
    memcpy(entries[nentries].text, sig, sizeof sig);
    /* a multi-value slot (an UnpackedValues rule): key and stub carry the
     * shape, which the binder checks against its own rules */
    char shape[128];
    if (zlua_bridge_shape(sg_L, mi, shape, sizeof shape) > 0) {
        size_t kn = strlen(entries[nentries].key), sn = strlen(sig);
        if (kn + strlen(shape) + 1 > sizeof entries[nentries].key ||
            sn + strlen(shape) + 1 > sizeof sig)
            die("%s.%s: key too long", cname, il2cpp_method_get_name(mi));
        memcpy(entries[nentries].key + kn, shape, strlen(shape) + 1);
        memcpy(sig + sn, shape, strlen(shape) + 1);
    }
    methods_stubbed++;
    int found = -1;
    for (int i = 0; i < nsigs && found < 0; i++)
        if (strcmp(sigs[i].text, sig) == 0)
            found = i;
    if (found < 0) {
        sg_reserve(sigs, nsigs, capsigs);
        found = nsigs++;
        snprintf(sigs[found].text, sizeof sigs[found].text, "%s", sig);
        sigs[found].first = mi;
        if (shape[0] == '@') {   /* "@P1,P2>R" */
            const char *p = shape + 1;
            sigs[found].shaped = 1;
            for (uint32_t i = 0; i < il2cpp_method_get_param_count(mi) && i < 16; i++) {
                sigs[found].pslots[i] = (unsigned char)strtoul(p, (char **)&p, 10);
                if (*p == ',')
                    p++;
            }
            if (*p == '>')
                sigs[found].rslots = (unsigned char)strtoul(p + 1, NULL, 10);
        }
    }
    sigs[found].methods++;
    entries[nentries++].sig = found;
    fprintf(report, "stub     %s.%s %s\n", cname, il2cpp_method_get_name(mi),
            sig);
}

static int sg_entry_cmp(const void *a, const void *b)
{
    return strcmp(((const sg_entry *)a)->key, ((const sg_entry *)b)->key);
}

/* Public, or nested public (in a visible class: the walk descends only
 * into those).  A hidden class never is a declared type Lua sees (R-VIEW-1):
 * its objects reach Lua through a visible base or interface. */
static int sg_is_visible(Il2CppClass *k)
{
    int vis = il2cpp_class_get_flags(k) & 0x7;   /* TYPE_ATTRIBUTE_VISIBILITY_MASK */
    return vis == 0x1 /* Public */ || vis == 0x2 /* NestedPublic */;
}

/* The [LuaInvoke] methods of a class Lua does not see: internal calls of
 * the game's own C#, whatever their class's visibility. */
static void sg_ic_class(Il2CppClass *k)
{
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        sg_ic_method(k, mi);
    iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        if (!il2cpp_class_is_generic(nested))
            sg_ic_class(nested);
}

static void sg_class(Il2CppClass *k)
{
    if (il2cpp_class_is_generic(k))   /* open definitions: no code exists */
        return;
    if (!sg_is_visible(k)) {
        if (!sg_in_instance)
            sg_ic_class(k);
        return;
    }
    if (sg_keep_class(k) != 0)   /* what Lua may bind of it: kept from stripping */
        die("out of memory");
    sg_delegate_type(k);
    sg_fields_of(k);
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        sg_method(k, mi);
        if (!sg_in_instance)
            sg_ic_method(k, mi);
    }
    if (sg_in_instance)
        return;   /* an instance's nested types are definitions */
    iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        sg_class(nested);
}

/* The assemblies walked: opened from files (--assembly), else those of
 * the loaded ones named on the command line, or (none named) every one. */
#define SG_MAX_ASSEMBLIES 64
static const Il2CppImage *sg_images[SG_MAX_ASSEMBLIES];
static const char *sg_image_names[SG_MAX_ASSEMBLIES];
static int sg_nimages;
static const char *sg_only[SG_MAX_ASSEMBLIES];
static int sg_nonly;

static int sg_wanted(const Il2CppImage *img)
{
    if (sg_nonly == 0)
        return 1;
    for (int i = 0; i < sg_nonly; i++) {
        Il2CppClass *k = img && il2cpp_image_get_class_count(img) > 0
                             ? (Il2CppClass *)il2cpp_image_get_class(img, 0) : NULL;
        if (k != NULL && strcmp(il2cpp_class_get_assemblyname(k), sg_only[i]) == 0)
            return 1;
    }
    return 0;
}

static void sg_walk_image(const Il2CppImage *img)
{
    size_t nc = il2cpp_image_get_class_count(img);
    for (size_t c = 0; c < nc; c++) {
        Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(img, c);
        if (k != NULL && il2cpp_class_get_declaring_type(k) == NULL)   /* nested: via their outer */
            sg_class(k);
    }
}

static void sg_walk(void)
{
    if (sg_nimages > 0) {
        for (int i = 0; i < sg_nimages; i++)
            sg_walk_image(sg_images[i]);
    } else {
        size_t count = 0;
        const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
        for (size_t i = 0; i < count; i++) {
            const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
            if (sg_wanted(img))
                sg_walk_image(img);
        }
    }
    /* then the instances met: in the order met, each once */
    sg_in_instance = 1;
    for (int i = 0; i < ninstances; i++)
        sg_class(instances[i]);
    sg_in_instance = 0;
}

/* ---- [LuaMarshalAs] read live (--assembly) ------------------------------------------------- */

/* The attributes of the assemblies opened and the XML rules given
 * (--rules), registered as an Editor registers them (marshalc_live.h):
 * a method they give a multi-value slot (UnpackedValues) gets a stub of
 * that shape, keyed as the binder of a player that registers the
 * compiled tables of the same rules keys it. */
static void sg_register_live_rules(const char *const *xml, int nxml)
{
    if (sg_nimages == 0)
        return;
    const char *failed;
#ifdef ZLUA_TOOL_LIBRARY
    /* In the Editor the process's rules are the Editor's: the attributes
     * it reads live already, and a project's XML files once each
     * (marshalc_live.h) */
    if (marshalc_live_register_xml_once(sg_image_names, sg_nimages, xml, nxml, &failed,
                                        tool_err_line, NULL) != 0) {
        if (failed != NULL)
            die("%s: the rule file has errors (above)", failed);
        die("cannot register the rule files");
    }
    return;
#endif
    if (marshalc_live_register(sg_L, sg_image_names, sg_nimages, xml, nxml, &failed) != 0) {
        if (failed != NULL)
            die("%s: the rule file has errors (above)", failed);
        die("cannot register the [LuaMarshalAs] attributes");
    }
}

static const char sg_usage[] =
    "usage: zlua-stubgen-mono --assembly FILE.dll... --out OUT.cpp --report REPORT.txt "
    "[--rules RULES.xml]... [--reference FILE.dll]... [--no-instances] "
    "[--link-xml LINK.xml] [--preserve LIST.txt]...\n"
    "       zlua-stubgen OUT.cpp REPORT.txt [ASSEMBLY-NAME...]";

static void sg_keep_error(void *ud, const char *line)
{
    (void)ud;
    fprintf(tool_err(), "%s\n", line);
}

/* Everything a run leaves, freed: the next run in the same process (the
 * Editor's, tool_run.h) starts as a new process would. */
void zlua_stubgen_reset(void)
{
    free(sigs), free(entries), free(dsigs), free(delegates), free(structs), free(instances);
    sigs = NULL, entries = NULL, dsigs = NULL, delegates = NULL, structs = NULL, instances = NULL;
    free(ics);
    ics = NULL;
    nics = capics = ics_refused = 0;
    sg_invoke_attr = NULL;
    nsigs = capsigs = nentries = capentries = ndsigs = capdsigs = 0;
    ndelegates = capdelegates = nstructs = capstructs = ninstances = capinstances = 0;
    if (out != NULL)
        fclose(out);
    if (report != NULL)
        fclose(report);
    out = report = NULL;
    if (sg_L != NULL)
        lua_close(sg_L);
    sg_L = NULL;
    methods_total = methods_stubbed = 0;
    sg_instances_on = 1;
    sg_in_instance = 0;
    sg_nimages = sg_nonly = 0;
    sg_keep_reset();
}

#ifndef ZLUA_TOOL_LIBRARY
int zlua_stubgen_main(int argc, char **argv);
int main(int argc, char **argv)
{
    return zlua_stubgen_main(argc, argv);
}
#endif

int zlua_stubgen_main(int argc, char **argv)
{
    const char *files[SG_MAX_ASSEMBLIES], *out_path = NULL, *report_path = NULL;
    const char *positional[2 + SG_MAX_ASSEMBLIES], *link_xml = NULL;
    const char *refs[SG_MAX_ASSEMBLIES], *xml[SG_MAX_ASSEMBLIES], *lists[SG_MAX_ASSEMBLIES];
    int nfiles = 0, npositional = 0, nrefs = 0, nxml = 0, nlists = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--assembly") == 0 && has_value) {
            if (nfiles == SG_MAX_ASSEMBLIES)
                die("more than %d assemblies", SG_MAX_ASSEMBLIES);
            files[nfiles++] = argv[++i];
        } else if (strcmp(a, "--reference") == 0 && has_value) {
            if (nrefs == SG_MAX_ASSEMBLIES)
                die("more than %d references", SG_MAX_ASSEMBLIES);
            refs[nrefs++] = argv[++i];
        } else if (strcmp(a, "--rules") == 0 && has_value) {
            if (nxml == SG_MAX_ASSEMBLIES)
                die("more than %d rule files", SG_MAX_ASSEMBLIES);
            xml[nxml++] = argv[++i];
        } else if (strcmp(a, "--out") == 0 && has_value) {
            out_path = argv[++i];
        } else if (strcmp(a, "--report") == 0 && has_value) {
            report_path = argv[++i];
        } else if (strcmp(a, "--link-xml") == 0 && has_value) {
            link_xml = argv[++i];
        } else if (strcmp(a, "--preserve") == 0 && has_value) {
            if (nlists == SG_MAX_ASSEMBLIES)
                die("more than %d preservation lists", SG_MAX_ASSEMBLIES);
            lists[nlists++] = argv[++i];
        } else if (strcmp(a, "--no-instances") == 0) {
            sg_instances_on = 0;
        } else if (a[0] == '-') {
            die("unknown option or missing value: %s\n%s", a, sg_usage);
        } else {
            if (npositional == 2 + SG_MAX_ASSEMBLIES)
                die("too many arguments\n%s", sg_usage);
            positional[npositional++] = a;
        }
    }
    /* the older form: OUT REPORT [ASSEMBLY-NAME...] */
    int first_name = 0;
    if (out_path == NULL && report_path == NULL && npositional >= 2) {
        out_path = positional[0];
        report_path = positional[1];
        first_name = 2;
    }
    if (out_path == NULL || report_path == NULL)
        die("%s", sg_usage);
    for (int i = first_name; i < npositional; i++)
        sg_only[sg_nonly++] = positional[i];
    if (nfiles > 0 && sg_nonly > 0)
        die("name assemblies either by file (--assembly) or by name, not both");
    char err[1024] = "";
    if (tool_rt_start(err, sizeof err) != 0)
        die("%s", err);
    for (int i = 0; i < nrefs; i++) {   /* opened first, never walked */
        const char *name;
        if (tool_rt_open(refs[i], &name, err, sizeof err) == NULL)
            die("%s", err);
    }
    for (int i = 0; i < nfiles; i++) {
        const char *name;
        const Il2CppImage *img = tool_rt_open(files[i], &name, err, sizeof err);
        if (img == NULL)
            die("%s", err);
        sg_images[sg_nimages] = img;
        sg_image_names[sg_nimages++] = name;
    }
#ifdef ZLUA_STUBGEN_MARSHAL_TABLES
    /* the build's [LuaMarshalAs] tables (cmake/marshal.cmake): methods
     * they give a multi-value slot get stubs of that shape */
    {
        extern const zlua_marshal_table ZLUA_STUBGEN_MARSHAL_TABLES[];
        extern const size_t ZLUA_STUBGEN_MARSHAL_TABLES_COUNT;
        if (zlua_rules_register(ZLUA_STUBGEN_MARSHAL_TABLES,
                                                 ZLUA_STUBGEN_MARSHAL_TABLES_COUNT) != ZLUA_OK)
            die("cannot register the marshal tables");
    }
#endif
    sg_L = luaL_newstate();
    if (sg_L == NULL || zlua_open(sg_L) != ZLUA_OK)
        die("cannot open a state");
    zlua_state_set_log(sg_L, NULL, NULL);   /* the report lists what matters */
    if (nxml > 0 && nfiles == 0)
        die("--rules reads the rules of assemblies given with --assembly");
    sg_register_live_rules(xml, nxml);
    /* binary: the same bytes from the generator on every host (a Windows
     * C library would write CR LF in text mode) */
    out = fopen(out_path, "wb");
    report = fopen(report_path, "wb");
    if (out == NULL || report == NULL)
        die("cannot write %s / %s", out_path, report_path);
    int list_errors = 0;
    for (int i = 0; i < nlists; i++)   /* the project's own entries, each checked */
        list_errors += sg_keep_list(lists[i], sg_keep_error, NULL);
    if (list_errors > 0)
        die("%d error(s) in the preservation list%s (above)", list_errors,
            nlists > 1 ? "s" : "");
    {   /* [LuaInvoke] (R-IC-3): none when ZLua.Common is not loaded */
        const Il2CppAssembly *common =
            il2cpp_domain_assembly_open(il2cpp_domain_get(), "ZLua.Common");
        const Il2CppImage *img = common ? il2cpp_assembly_get_image(common) : NULL;
        sg_invoke_attr = img ? il2cpp_class_from_name(img, "ZLua", "LuaInvokeAttribute") : NULL;
        sg_byname_attr = img ? il2cpp_class_from_name(img, "ZLua", "LuaInvokeByNameAttribute")
                             : NULL;
    }
    sg_walk();
    fprintf(out, "/* Generated by zlua-stubgen: MethodBridge stubs, one per reduced signature.\n"
                 " * Do not edit; the build makes it from the runtime's metadata. */\n"
                 "#include \"il2cpp-class-internals.h\"\n"
                 "#include \"il2cpp-object-internals.h\"\n"
                 "#include <stddef.h>\n#include <stdint.h>\n"
                 "#include <string.h>\n#include \"zlua_stub.h\"\n#include \"zlua_env.h\"\n\n"
                 "#if ZLUA_STUB_ABI != %uu\n"
                 "#error \"this file was generated for stub ABI %u, not the ABI of this "
                 "zlua_stub.h: regenerate it with the zlua-stubgen of the same libzlua\"\n"
                 "#endif\n\n"
                 "/* One file for every target: a struct's size, alignment and offsets\n"
                 " * per data model (pointers of 8; of 4 with 8-byte scalars aligned to\n"
                 " * 8; of 4 with them aligned to 4, i386 System V). */\n"
                 "#if UINTPTR_MAX == 0xffffffffu && defined(__i386__) && !defined(_WIN32)\n"
                 "#define ZS_L(m64, m32, m32i) (m32i)\n"
                 "#elif UINTPTR_MAX == 0xffffffffu\n"
                 "#define ZS_L(m64, m32, m32i) (m32)\n"
                 "#else\n"
                 "#define ZS_L(m64, m32, m32i) (m64)\n"
                 "#endif\n\n",
            (unsigned)ZLUA_STUB_ABI, (unsigned)ZLUA_STUB_ABI);
    /* struct definitions first, then the stubs */
    for (int i = 0; i < nsigs; i++)
        sg_note_structs(sigs[i].first);
    for (int i = 0; i < ndsigs; i++)   /* the structs delegates pass by value */
        sg_note_structs(dsigs[i].first);
    for (int i = 0; i < nics; i++)     /* the structs IC stubs take by value */
        sg_note_structs(ics[i].mi);
    for (int i = 0; i < nstructs; i++)
        sg_emit_struct(i);
    for (int i = 0; i < nsigs; i++)
        sg_emit_stub(i);
    /* one entry per method, in key order: its index is its table slot */
    if (nentries > 0)
        qsort(entries, (size_t)nentries, sizeof entries[0], sg_entry_cmp);
    for (int i = 1; i < nentries; i++)
        if (strcmp(entries[i - 1].key, entries[i].key) == 0)
            die("two methods share the key %s", entries[i].key);
    fprintf(out, "/* ---- one entry per method: what Lua calls ---- */\n\n");
    for (int i = 0; i < nentries; i++)
        fprintf(out, "static int zlua_entry_%d(lua_State *L)   /* %s */\n"
                     "{\n    return zlua_stub_%d(L, zlua_bridge_at(L, %d));\n}\n\n",
                i, entries[i].key, entries[i].sig, i);
    fprintf(out, "static const zlua_stub_entry zlua_stub_entries[] = {\n");
    for (int i = 0; i < nentries; i++) {
        char args[32] = "nullptr";
        if (sg_args_shape(entries[i].sig))
            snprintf(args, sizeof args, "zlua_args_%d", entries[i].sig);
        fprintf(out, "    {\"%s\", \"%s\", zlua_entry_%d, zlua_stub_%d, %s},\n", entries[i].key,
                entries[i].text, i, entries[i].sig, args);
    }
    if (nentries == 0)
        fprintf(out, "    {nullptr, nullptr, nullptr, nullptr, nullptr},\n");
    fprintf(out, "};\nextern \"C\" const zlua_stub_table zlua_generated_stubs = "
                 "{ZLUA_STUB_ABI, zlua_stub_entries, %d};\n\n", nentries);
    /* delegate entries, one per Invoke shape; the table by type name */
    fprintf(out, "/* ---- delegate entries: what a Lua function's delegate calls ---- */\n\n");
    for (int i = 0; i < ndsigs; i++)
        sg_emit_delegate_entry(i);
    if (ndelegates > 0)
        qsort(delegates, (size_t)ndelegates, sizeof delegates[0], sg_delegate_cmp);
    fprintf(out, "static const zlua_delegate_entry zlua_delegate_entries[] = {\n");
    for (int i = 0; i < ndelegates; i++)
        fprintf(out, "    {\"%s\", reinterpret_cast<zlua_native_fn>(zlua_delegate_entry_%d)},\n",
                delegates[i].name, delegates[i].sig);
    if (ndelegates == 0)
        fprintf(out, "    {nullptr, nullptr},\n");
    fprintf(out, "};\nextern \"C\" const zlua_delegate_table zlua_generated_delegates = "
                 "{ZLUA_STUB_ABI, zlua_delegate_entries, %d};\n", ndelegates);
    /* IC stubs of [LuaInvoke] methods, and the table zlua_ic_register takes */
    fprintf(out, "\n/* ---- IC stubs: [LuaInvoke] methods, C# calling Lua ---- */\n\n");
    for (int i = 0; i < nics; i++)
        sg_emit_ic(i);
    fprintf(out, "static const zlua_ic_entry zlua_ic_entries[] = {\n");
    for (int i = 0; i < nics; i++)
        fprintf(out, "    {\"%s\", \"%s\", \"%s\", \"%s\", \"%s\", %u, &zlua_ic_method_%d,\n"
                     "     reinterpret_cast<zlua_native_fn>(zlua_ic_stub_%d)},\n",
                ics[i].icall, il2cpp_class_get_assemblyname(il2cpp_method_get_class(ics[i].mi)),
                ics[i].ns, ics[i].path, il2cpp_method_get_name(ics[i].mi),
                il2cpp_method_get_param_count(ics[i].mi), i, i);
    if (nics == 0)
        fprintf(out, "    {nullptr, nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr},\n");
    fprintf(out, "};\nextern \"C\" const zlua_ic_table zlua_generated_ic = "
                 "{ZLUA_STUB_ABI, zlua_ic_entries, %d};\n", nics);
    /* handed to libzlua as the program loads; the first LuaEnv registers it */
    fprintf(out, "namespace {\nstruct zlua_ic_at_load {\n"
                 "    zlua_ic_at_load() { zlua_env_set_ic_table(&zlua_generated_ic); }\n"
                 "} zlua_ic_at_load_instance;\n}\n");
    /* the preservation list (R-LINK-1): what link.xml keeps */
    sg_keep_report(report);
    if (ninstances > 0)
        fprintf(report, "%d generic instances the signatures use, walked as well\n", ninstances);
    fprintf(report, "%d public methods, %d served by %d stubs (one per reduced signature), "
                    "%d by the generic invoker\n",
            methods_total, methods_stubbed, nsigs, methods_total - methods_stubbed);
    fprintf(report, "%d delegate types, served by %d delegate entries (one per Invoke shape)\n",
            ndelegates, ndsigs);
    fprintf(report, "%d [LuaInvoke] methods, %d served by IC stubs, %d without (no ic)\n",
            nics + ics_refused, nics, ics_refused);
    if (link_xml != NULL && sg_keep_link_xml(link_xml) != 0)
        die("cannot write %s", link_xml);
    sg_keep_reset();
    int closed = fclose(out) == 0;
    closed &= fclose(report) == 0;
    out = report = NULL;
    if (!closed)
        die("write failed");
    return 0;
}
