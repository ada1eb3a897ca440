/*
 * zlua_stubgen.c -- the MethodBridge stub generator (R-META-3).
 *
 *   zlua-stubgen OUT.cpp REPORT.txt [ASSEMBLY...]
 *
 * Reads the metadata of the loaded assemblies (those named, or all)
 * through the runtime's C API (the same functions libzlua uses: the
 * simulated runtime, or Mono -- zlua-stubgen-mono, as a Unity Editor
 * would run it) and writes one C++ stub per reduced signature
 * (zlua_bridge_signature), shared by every public method of that shape,
 * plus the table zlua_generated_stubs[] that a host hands to
 * zlua_register_stubs.  Structs passed by value get a C++ definition built
 * from their field metadata, checked against the runtime's size and
 * offsets by static_assert, so that the call passes them exactly as the
 * method's compiled code expects.  The report lists how many methods map
 * to how many stubs, and every method no stub can serve, with the reason
 * (those keep the generic invoker).  Methods libzlua binds but cannot call
 * (issue 10 §6: a decimal, TypedReference or by-val ref struct slot, more
 * than 16 parameters, a frame over 1024 bytes) get no stub either:
 * zlua_bridge_signature refuses them, and they are listed as generic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "il2cpp/il2cpp_api.h"
#include "testbed_rt.h"   /* starts the runtime the metadata comes from */
#include "zlua.h"

/* IL2CPP API the generator needs beyond libzlua's (il2cpp_api.h): whether
 * a class is a generic definition, whose delegates have no code. */
bool il2cpp_class_is_generic(const Il2CppClass *klass);

#define SG_MAX_SIGS 1024
#define SG_MAX_STRUCTS 256
#define SG_SIG_BYTES 512

typedef struct sg_sig {
    char text[SG_SIG_BYTES];
    const MethodInfo *first;    /* the method whose types spell the stub */
    int methods;
    /* [LuaMarshalAs] (SPEC 7.6 rule 1): the Lua values each parameter
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
    int sig;                    /* its stub */
} sg_entry;

#define SG_MAX_ENTRIES 8192

static sg_sig sigs[SG_MAX_SIGS];
static int nsigs;
static sg_entry entries[SG_MAX_ENTRIES];
static int nentries;
/* Delegate types (R-DEL-1): one native entry per reduced signature of
 * Invoke, one table row per type. */
#define SG_MAX_DELEGATES 1024
typedef struct sg_delegate {
    Il2CppClass *klass;
    char name[SG_SIG_BYTES];    /* il2cpp_type_get_name: the table key */
    int sig;                    /* index into dsigs */
} sg_delegate;
static sg_sig dsigs[SG_MAX_SIGS];
static int ndsigs;
static sg_delegate delegates[SG_MAX_DELEGATES];
static int ndelegates;

static sg_struct structs[SG_MAX_STRUCTS];
static int nstructs;
static FILE *out, *report;
static lua_State *sg_L;         /* type names and rule shapes (zlua_bridge_shape) */
static int methods_total, methods_stubbed;

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "zlua-stubgen: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* ---- C++ types of slots ----------------------------------------------------------- */

static int sg_struct_index(Il2CppClass *k)
{
    for (int i = 0; i < nstructs; i++)
        if (structs[i].klass == k)
            return i;
    if (nstructs == SG_MAX_STRUCTS)
        die("too many struct types");
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

/* Emits struct k (its struct-typed fields first), laid out by the field
 * offsets the runtime gives, with static_asserts on both. */
static void sg_emit_struct(int index)
{
    if (structs[index].emitted)
        return;
    structs[index].emitted = 1;
    Il2CppClass *k = structs[index].klass;
    uint32_t header = il2cpp_object_header_size();
    uint32_t align = 0;
    int32_t size = il2cpp_class_value_size(k, &align);
    /* the struct-typed fields first: C++ needs complete types */
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
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    fprintf(out, "/* %s */\nstruct alignas(%u) zs_%d {\n", name ? name : "?",
            align ? align : 1, index);
    size_t at = 0;
    int pad = 0, nfields = 0;
    iter = NULL;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if (il2cpp_field_get_flags(f) & ZLUA_FIELD_ATTRIBUTE_STATIC)
            continue;
        size_t off = il2cpp_field_get_offset(f) - header;
        if (off < at)
            die("%s: overlapping fields (explicit layout) cannot be stubbed", name);
        if (off > at)
            fprintf(out, "    unsigned char pad%d[%zu];\n", pad++, off - at);
        sg_slot_ctype(il2cpp_field_get_type(f), ctype, sizeof ctype);
        fprintf(out, "    %s f%d;   /* %s */\n", ctype, nfields, il2cpp_field_get_name(f));
        at = off;
        /* the field's own size: from the runtime, not from C++ */
        Il2CppClass *fk = il2cpp_class_from_type(il2cpp_field_get_type(f));
        uint32_t fa;
        int32_t fs = fk && il2cpp_class_is_valuetype(fk) ? il2cpp_class_value_size(fk, &fa)
                                                         : (int32_t)sizeof(void *);
        at += (size_t)fs;
        nfields++;
    }
    if (nfields == 0)
        fprintf(out, "    unsigned char empty;\n");
    fprintf(out, "};\nstatic_assert(sizeof(zs_%d) == %d, \"%s: size\");\n\n", index, size,
            name ? name : "?");
    il2cpp_free(name);
}

/* ---- stubs ---------------------------------------------------------------------------- */

/* The size of a byref's element (its temporary). */
static int sg_elem_size(const Il2CppType *t)
{
    Il2CppClass *k = il2cpp_class_from_type(t);
    uint32_t align;
    if (k != NULL && il2cpp_class_is_valuetype(k)) {
        int32_t size = il2cpp_class_value_size(k, &align);
        return size > 0 ? size : 1;
    }
    return (int)sizeof(void *);
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
    default: return "zlua_bridge_pop";
    }
}

/* The call and the result, shared by a stub's body and its args body:
 * the arguments are a0.. and, for an instance method or a constructor,
 * `self` is set. */
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
    if (scoped == 2)
        fprintf(out, "    uint64_t mark = scope ? zlua_bridge_enter(b) : 0;\n");
    else if (scoped)
        fprintf(out, "    uint64_t mark = zlua_bridge_enter(b);\n");
    fprintf(out, "    Il2CppException *exc = nullptr;\n    try {\n"
                 "        ZLUA_STUB_BEFORE_CALL(mi, %s);\n        %s"
                 "reinterpret_cast<fn_t>(mi->methodPointer)(",
            instance ? "self" : "nullptr", is_void ? "" : "r = ");
    if (instance)
        fprintf(out, "self, ");
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, "a%u, ", i);
    fprintf(out, "mi);\n    } catch (Il2CppExceptionWrapper &e) {\n        exc = e.ex;\n    }\n");
    if (scoped == 2)
        fprintf(out, "    if (scope)\n        zlua_bridge_leave(b, mark);\n");
    else if (scoped)
        fprintf(out, "    zlua_bridge_leave(b, mark);\n");
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
    int scoped = 0;   /* as the body's (sg_emit_stub) */
    char ptype[64];
    fprintf(out, "/* %s, its arguments read */\n", sigs[index].text);
    fprintf(out, "static int zlua_args_%d(lua_State *L, const zlua_bridge *b, void *self,"
                 " void *const *args)\n{\n", index);
    if (!instance)
        fprintf(out, "    (void)self;\n    zlua_bridge_static_init(L, b);\n");
    if (n == 0)
        fprintf(out, "    (void)args;\n");
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *pt = il2cpp_method_get_param(mi, i);
        scoped |= !sg_slot_is_scalar(pt);
        sg_slot_ctype(pt, ptype, sizeof ptype);
        fprintf(out, "    %s a%u;\n    memcpy(&a%u, args[%u], sizeof a%u);\n", ptype, i, i, i, i);
    }
    sg_emit_tail(index, 0, scoped);
}

static void sg_emit_stub(int index)
{
    const MethodInfo *mi = sigs[index].first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    int instance = il2cpp_method_is_instance(mi);
    int ctor = strcmp(il2cpp_method_get_name(mi), ".ctor") == 0;
    char ptype[64];
    /* R-OPQ-5: the call runs in its own scope, closed before anything is
     * raised -- needed where an argument can take an OpaqueValue: a struct
     * or reference parameter, or a byref whose argument is not a
     * ByValUserData serving as the ref itself (decided per call).
     * Parameters of scalars only cannot (a nested IC call scopes itself),
     * so their stub omits it.  The result does not count: it is pushed
     * after the scope closes, and it is never an OpaqueValue (illegal on
     * the return of a method Lua calls, SPEC 7.2). */
    int scoped = 0, byrefs = 0;
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *pt = il2cpp_method_get_param(mi, i);
        if (il2cpp_type_is_byref(pt))
            byrefs = 1;   /* a handle only when its payload is not the ref */
        else
            scoped |= !sg_slot_is_scalar(pt);
    }
    /* 2: decided at run time, by the byrefs' pops (`scope`) */
    if (!scoped && byrefs)
        scoped = 2;

    /* the Lua index of each argument: a multi-value parameter moves the
     * ones after it (SPEC 7.6 rule 1) */
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
    if (scoped == 2)
        fprintf(out, "    int scope = 0;\n");
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *pt = il2cpp_method_get_param(mi, i);
        sg_slot_ctype(pt, ptype, sizeof ptype);
        if (il2cpp_type_is_byref(pt)) {
            /* the address, and the temporary the writer may point it at */
            fprintf(out, "    struct { void *p; alignas(16) unsigned char t[%d]; } s%u;\n"
                         "    static_assert(offsetof(decltype(s%u), t) == ZLUA_BRIDGE_BYREF_TEMP, "
                         "\"byref layout\");\n"
                         "    if (!zlua_bridge_ref_payload(L, b, %u, %u, &s%u.p)) {\n"
                         "%s"
                         "        zlua_bridge_pop(L, b, %u, %u, &s%u);\n    }\n"
                         "    void *a%u = s%u.p;\n",
                    sg_elem_size(pt), i, i, i, at[i], i,
                    scoped == 2 ? "        scope = 1;   /* a handle or a temp */\n" : "",
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

/* ---- delegate entries (R-DEL-1) ------------------------------------------------------------ */

/* ret entry(target, args..., method): what the delegate's Invoke calls
 * (invoke_impl with method_code, the target, first).  Arguments go to
 * libzlua by address (a byref: the address it already is); a Lua error
 * comes back as the exception this C++ frame raises. */
static void sg_emit_delegate_entry(int index)
{
    const MethodInfo *mi = dsigs[index].first;
    uint32_t n = il2cpp_method_get_param_count(mi);
    const Il2CppType *rt = il2cpp_method_get_return_type(mi);
    int is_void = il2cpp_type_get_type(rt) == ZLUA_IL2CPP_TYPE_VOID;
    char rtype[64], ptype[64];
    sg_slot_ctype(rt, rtype, sizeof rtype);
    fprintf(out, "/* delegate %s: %d type(s) */\n", dsigs[index].text, dsigs[index].methods);
    fprintf(out, "static %s zlua_delegate_entry_%d(void *target, ", is_void ? "void" : rtype, index);
    for (uint32_t i = 0; i < n; i++) {
        sg_slot_ctype(il2cpp_method_get_param(mi, i), ptype, sizeof ptype);
        fprintf(out, "%s a%u, ", ptype, i);
    }
    fprintf(out, "const MethodInfo *method)\n{\n    (void)method;\n    void *args[] = {");
    for (uint32_t i = 0; i < n; i++)
        fprintf(out, il2cpp_type_is_byref(il2cpp_method_get_param(mi, i)) ? "a%u, " : "&a%u, ", i);
    fprintf(out, "nullptr};\n");
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
    const MethodInfo *invoke = NULL;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), "Invoke") == 0)
            invoke = mi;
    char sig[SG_SIG_BYTES];
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    if (invoke == NULL || il2cpp_method_get_param_count(invoke) > 8 ||
        zlua_bridge_signature(invoke, sig, sizeof sig) == 0) {
        fprintf(report, "no delegate entry  %s (Invoke without a stub shape)\n", name ? name : "?");
        il2cpp_free(name);
        return;
    }
    if (ndelegates == SG_MAX_DELEGATES)
        die("too many delegate types");
    sg_delegate *d = &delegates[ndelegates++];
    d->klass = k;
    snprintf(d->name, sizeof d->name, "%s", name ? name : "?");
    il2cpp_free(name);
    int found = -1;
    for (int i = 0; i < ndsigs && found < 0; i++)
        if (strcmp(dsigs[i].text, sig) == 0)
            found = i;
    if (found < 0) {
        if (ndsigs == SG_MAX_SIGS)
            die("too many delegate signatures");
        found = ndsigs++;
        snprintf(dsigs[found].text, sizeof dsigs[found].text, "%s", sig);
        dsigs[found].first = invoke;
    }
    dsigs[found].methods++;
    d->sig = found;
    fprintf(report, "delegate %s %s\n", d->name, sig);
}

/* The delegate types a method's signature uses: in a player, the
 * instantiations that exist (Action<int>, Func<int, int>) are the ones
 * compiled code uses. */
static void sg_delegates_of(const MethodInfo *mi)
{
    uint32_t n = il2cpp_method_get_param_count(mi);
    sg_delegate_type(il2cpp_class_from_type(il2cpp_method_get_return_type(mi)));
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *t = il2cpp_method_get_param(mi, i);
        if (!il2cpp_type_is_byref(t))
            sg_delegate_type(il2cpp_class_from_type(t));
    }
}

static int sg_delegate_cmp(const void *a, const void *b)
{
    return strcmp(((const sg_delegate *)a)->name, ((const sg_delegate *)b)->name);
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
    char sig[SG_SIG_BYTES];
    if (sg_is_public(mi))
        sg_delegates_of(mi);
    if (!sg_is_public(mi) || (strcmp(il2cpp_method_get_name(mi), ".ctor") == 0 &&
                              !il2cpp_class_is_valuetype(k)))
        return;   /* a class's constructor: object creation stays generic */
    methods_total++;
    if (il2cpp_method_get_param_count(mi) > 8 || zlua_bridge_signature(mi, sig, sizeof sig) == 0) {
        fprintf(report, "generic  %s.%s%s\n", il2cpp_class_get_name(k),
                il2cpp_method_get_name(mi),
                il2cpp_method_is_generic(mi) ? " (generic method)" : " (slot without a stub shape)");
        return;
    }
    if (nentries == SG_MAX_ENTRIES)
        die("too many methods");
    if (zlua_bridge_method_key(mi, entries[nentries].key, sizeof entries[nentries].key) == 0)
        die("%s.%s: key too long", il2cpp_class_get_name(k), il2cpp_method_get_name(mi));
    /* a multi-value slot (an UnpackedValues rule): key and stub carry the
     * shape, which the binder checks against its own rules */
    char shape[128];
    if (zlua_bridge_shape(sg_L, mi, shape, sizeof shape) > 0) {
        size_t kn = strlen(entries[nentries].key), sn = strlen(sig);
        if (kn + strlen(shape) + 1 > sizeof entries[nentries].key ||
            sn + strlen(shape) + 1 > sizeof sig)
            die("%s.%s: key too long", il2cpp_class_get_name(k), il2cpp_method_get_name(mi));
        memcpy(entries[nentries].key + kn, shape, strlen(shape) + 1);
        memcpy(sig + sn, shape, strlen(shape) + 1);
    }
    methods_stubbed++;
    int found = -1;
    for (int i = 0; i < nsigs && found < 0; i++)
        if (strcmp(sigs[i].text, sig) == 0)
            found = i;
    if (found < 0) {
        if (nsigs == SG_MAX_SIGS)
            die("too many signatures");
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
    fprintf(report, "stub     %s.%s %s\n", il2cpp_class_get_name(k), il2cpp_method_get_name(mi),
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

static void sg_class(Il2CppClass *k)
{
    if (il2cpp_class_is_generic(k))   /* open definitions: no code exists */
        return;
    if (!sg_is_visible(k))
        return;
    sg_delegate_type(k);
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        sg_method(k, mi);
    iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        sg_class(nested);
}

/* The assemblies named on the command line, or (none named) every one. */
static char **sg_only;
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

static void sg_walk(void)
{
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        if (!sg_wanted(img))
            continue;
        size_t nc = il2cpp_image_get_class_count(img);
        for (size_t c = 0; c < nc; c++) {
            Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(img, c);
            if (il2cpp_class_get_declaring_type(k) == NULL)   /* nested: via their outer */
                sg_class(k);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc < 3)
        die("usage: zlua-stubgen OUT.cpp REPORT.txt [ASSEMBLY...]");
    sg_only = argv + 3;
    sg_nonly = argc - 3;
    if (testbed_rt_init() != 0)
        die("cannot start the runtime");
#ifdef ZLUA_STUBGEN_MARSHAL_TABLES
    /* the build's [LuaMarshalAs] tables (cmake/marshal.cmake): methods
     * they give a multi-value slot get stubs of that shape */
    {
        extern const zlua_marshal_table ZLUA_STUBGEN_MARSHAL_TABLES[];
        extern const size_t ZLUA_STUBGEN_MARSHAL_TABLES_COUNT;
        if (zlua_register_marshal_binding_tables(ZLUA_STUBGEN_MARSHAL_TABLES,
                                                 ZLUA_STUBGEN_MARSHAL_TABLES_COUNT) != ZLUA_OK)
            die("cannot register the marshal tables");
    }
#endif
    sg_L = luaL_newstate();
    if (sg_L == NULL || zlua_open(sg_L) != ZLUA_OK)
        die("cannot open a state");
    zlua_set_log(sg_L, NULL, NULL);   /* the report lists what matters */
    out = fopen(argv[1], "w");
    report = fopen(argv[2], "w");
    if (out == NULL || report == NULL)
        die("cannot write %s / %s", argv[1], argv[2]);
    sg_walk();
    fprintf(out, "/* Generated by zlua-stubgen: MethodBridge stubs, one per reduced signature.\n"
                 " * Do not edit; the build makes it from the runtime's metadata. */\n"
                 "#include \"il2cpp-class-internals.h\"\n"
                 "#include \"il2cpp-object-internals.h\"\n"
                 "#include <stddef.h>\n#include <stdint.h>\n"
                 "#include <string.h>\n#include \"zlua.h\"\n\n");
    /* struct definitions first, then the stubs */
    for (int i = 0; i < nsigs; i++) {
        const MethodInfo *mi = sigs[i].first;
        char ctype[64];
        sg_slot_ctype(il2cpp_method_get_return_type(mi), ctype, sizeof ctype);
        uint32_t n = il2cpp_method_get_param_count(mi);
        for (uint32_t p = 0; p < n; p++)
            sg_slot_ctype(il2cpp_method_get_param(mi, p), ctype, sizeof ctype);
    }
    for (int i = 0; i < ndsigs; i++) {   /* the structs delegates pass by value */
        const MethodInfo *mi = dsigs[i].first;
        char ctype[64];
        sg_slot_ctype(il2cpp_method_get_return_type(mi), ctype, sizeof ctype);
        uint32_t n = il2cpp_method_get_param_count(mi);
        for (uint32_t p = 0; p < n; p++)
            sg_slot_ctype(il2cpp_method_get_param(mi, p), ctype, sizeof ctype);
    }
    for (int i = 0; i < nstructs; i++)
        sg_emit_struct(i);
    for (int i = 0; i < nsigs; i++)
        sg_emit_stub(i);
    /* one entry per method, in key order: its index is its table slot */
    qsort(entries, (size_t)nentries, sizeof entries[0], sg_entry_cmp);
    for (int i = 1; i < nentries; i++)
        if (strcmp(entries[i - 1].key, entries[i].key) == 0)
            die("two methods share the key %s", entries[i].key);
    fprintf(out, "/* ---- one entry per method: what Lua calls ---- */\n\n");
    for (int i = 0; i < nentries; i++)
        fprintf(out, "static int zlua_entry_%d(lua_State *L)   /* %s */\n"
                     "{\n    return zlua_stub_%d(L, zlua_bridge_at(L, %d));\n}\n\n",
                i, entries[i].key, entries[i].sig, i);
    fprintf(out, "extern \"C\" const zlua_stub_entry zlua_generated_stubs[] = {\n");
    for (int i = 0; i < nentries; i++) {
        char args[32] = "nullptr";
        if (sg_args_shape(entries[i].sig))
            snprintf(args, sizeof args, "zlua_args_%d", entries[i].sig);
        fprintf(out, "    {\"%s\", zlua_entry_%d, zlua_stub_%d, %s},\n", entries[i].key, i,
                entries[i].sig, args);
    }
    fprintf(out, "};\nextern \"C\" const size_t zlua_generated_stub_count = %d;\n\n", nentries);
    /* delegate entries, one per Invoke shape; the table by type name */
    fprintf(out, "/* ---- delegate entries: what a Lua function's delegate calls ---- */\n\n");
    for (int i = 0; i < ndsigs; i++)
        sg_emit_delegate_entry(i);
    qsort(delegates, (size_t)ndelegates, sizeof delegates[0], sg_delegate_cmp);
    fprintf(out, "extern \"C\" const zlua_delegate_entry zlua_generated_delegates[] = {\n");
    for (int i = 0; i < ndelegates; i++)
        fprintf(out, "    {\"%s\", reinterpret_cast<zlua_native_fn>(zlua_delegate_entry_%d)},\n",
                delegates[i].name, delegates[i].sig);
    if (ndelegates == 0)
        fprintf(out, "    {nullptr, nullptr},\n");
    fprintf(out, "};\nextern \"C\" const size_t zlua_generated_delegate_count = %d;\n",
            ndelegates);
    fprintf(report, "%d public methods, %d served by %d stubs (one per reduced signature), "
                    "%d by the generic invoker\n",
            methods_total, methods_stubbed, nsigs, methods_total - methods_stubbed);
    fprintf(report, "%d delegate types, served by %d delegate entries (one per Invoke shape)\n",
            ndelegates, ndsigs);
    if (fclose(out) != 0 || fclose(report) != 0)
        die("write failed");
    return 0;
}
