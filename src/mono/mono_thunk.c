/*
 * mono_thunk.c -- calls into managed code without mono_runtime_invoke,
 * for the methods whose arguments and result are all scalars or
 * references.
 *
 * mono_runtime_invoke boxes every value-type result (one managed
 * allocation per `Demo.Add(1, 2)`) and walks a generic runtime-invoke
 * wrapper on every call.  Mono's embedding API also hands out, per
 * method, a C-callable thunk (mono_method_get_unmanaged_thunk): a native
 * function with the method's own parameters (`this` first), the managed
 * exception returned through one trailing MonoException ** argument,
 * scalars and references passed and returned as C passes them.  Value
 * types other than enums travel boxed through a thunk: a struct's `this`
 * goes as the thread's scratch box of the struct (zm_thunk_invoke), and a
 * method that takes or returns a struct or a Nullable stays on
 * mono_runtime_invoke (which takes struct arguments by address without
 * boxing).
 *
 * Calling the thunk needs a C call of its exact signature, and methods
 * have any signature.  On the ABIs where integer and floating-point
 * arguments are assigned registers independently, in order, each class
 * from its own bank (System V x86-64: six integer, eight SSE registers;
 * AAPCS64, Apple's included: eight and eight), one call that fills every
 * integer and every floating-point register delivers any signature of at
 * most that many arguments of each class: the callee reads the registers
 * its own parameters name and ignores the rest.  On x86-64 the seventh and
 * eighth integer arguments go to the stack, in order, where a callee with
 * that many reads them, which is why the call passes eight of each.  A
 * float travels in the low half of its register, a narrow integer
 * extended to 64 bits as the C ABI has the caller do.  Elsewhere (Windows
 * x64 assigns registers by position; 32-bit targets split 64-bit
 * integers) no method takes this path and mono_runtime_invoke serves all.
 */
#include <stdint.h>
#include <string.h>

#include <mono/metadata/loader.h>

#include "mono_rt.h"

#if (defined(__x86_64__) && !defined(_WIN32)) || defined(__aarch64__)
#define ZM_THUNK_REGS 1
#else
#define ZM_THUNK_REGS 0
#endif

enum { ZM_TK_INT_REGS = 8, ZM_TK_FP_REGS = 8 };

/* What a thunk is called with: every integer and floating-point argument
 * register's value (see the file comment for why all of them). */
typedef struct zm_thunk_regs {
    int64_t i[ZM_TK_INT_REGS];
    double f[ZM_TK_FP_REGS];
} zm_thunk_regs;

#define ZM_TK_PARAMS                                                                       \
    int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, double, double, \
        double, double, double, double, double, double
#define ZM_TK_ARGS(r)                                                                     \
    (r).i[0], (r).i[1], (r).i[2], (r).i[3], (r).i[4], (r).i[5], (r).i[6], (r).i[7], (r).f[0], \
        (r).f[1], (r).f[2], (r).f[3], (r).f[4], (r).f[5], (r).f[6], (r).f[7]

typedef int64_t (*zm_thunk_int_fn)(ZM_TK_PARAMS);
/* the short form, for a thunk of at most six integer arguments and no
 * floating-point one or result: six registers on both ABIs */
typedef int64_t (*zm_thunk_int6_fn)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);
typedef float (*zm_thunk_f4_fn)(ZM_TK_PARAMS);
typedef double (*zm_thunk_f8_fn)(ZM_TK_PARAMS);

int zm_thunk_scalar(MonoType *t)
{
    switch (mono_type_get_type(t)) {
    case MONO_TYPE_BOOLEAN:
    case MONO_TYPE_U1:
        return ZM_TK_U1;
    case MONO_TYPE_I1:
        return ZM_TK_I1;
    case MONO_TYPE_CHAR:
    case MONO_TYPE_U2:
        return ZM_TK_U2;
    case MONO_TYPE_I2:
        return ZM_TK_I2;
    case MONO_TYPE_U4:
        return ZM_TK_U4;
    case MONO_TYPE_I4:
        return ZM_TK_I4;
    case MONO_TYPE_I8:
    case MONO_TYPE_U8:
    case MONO_TYPE_I:
    case MONO_TYPE_U:
        return ZM_TK_WORD;
    case MONO_TYPE_R4:
        return ZM_TK_R4;
    case MONO_TYPE_R8:
        return ZM_TK_R8;
    case MONO_TYPE_VALUETYPE: {
        MonoClass *k = mono_class_from_mono_type(t);
        return mono_class_is_enum(k) ? zm_thunk_scalar(mono_class_enum_basetype(k)) : -1;
    }
    default:
        return -1;
    }
}

static int zm_thunk_kind(MonoType *t)
{
    if (mono_type_is_byref(t)) {
        /* the slot's address, as mono_runtime_invoke takes it (a `ref T?`
         * never gets here: zm_facts sends it through reflection); a ref
         * to a struct is not for the thunk, whose wrapper marshals it */
        MonoType *e = mono_class_get_type(mono_class_from_mono_type(t));
        return mono_type_is_reference(e) || zm_thunk_scalar(e) >= 0 ? ZM_TK_BYREF : -1;
    }
    if (mono_type_is_reference(t))
        return ZM_TK_REF;
    return zm_thunk_scalar(t);
}

int zm_thunk_plan(MonoMethod *m, MonoMethodSignature *sig, zm_thunk *t)
{
    memset(t, 0, sizeof *t);
    if (!ZM_THUNK_REGS)
        return 0;
    uint32_t iflags = 0;
    uint32_t flags = mono_method_get_flags(m, &iflags);
    MonoClass *owner = mono_method_get_class(m);
    /* no body to call (abstract), an array's runtime methods, String's
     * constructors (they return the string they make), varargs, and a
     * Nullable's own methods: mono_runtime_invoke's */
    if ((flags & 0x0400 /* METHOD_ATTRIBUTE_ABSTRACT */) != 0 ||
        mono_class_get_rank(owner) != 0 || mono_signature_explicit_this(sig) ||
        mono_signature_get_call_conv(sig) != 0 /* MONO_CALL_DEFAULT */ ||
        mono_class_is_nullable(owner))
        return 0;
    if (owner == mono_get_string_class() && strcmp(mono_method_get_name(m), ".ctor") == 0)
        return 0;
    uint32_t n = mono_signature_get_param_count(sig);
    if (n > ZM_TK_MAX_PARAMS)
        return 0;
    /* `this`, then each argument in the next register of its class, then
     * the exception's address in the next integer one */
    int ints = mono_signature_is_instance(sig) != 0, fps = 0;
    void *it = NULL;
    for (uint32_t i = 0; i < n; i++) {
        int k = zm_thunk_kind(mono_signature_get_params(sig, &it));
        if (k < 0)
            return 0;
        t->kind[i] = (uint8_t)k;
        if (k == ZM_TK_R4 || k == ZM_TK_R8)
            t->slot[i] = (uint8_t)(ZM_TK_INT_REGS + fps++);
        else
            t->slot[i] = (uint8_t)ints++;
        if (ints >= ZM_TK_INT_REGS || fps > ZM_TK_FP_REGS)
            return 0;
    }
    t->exc_slot = (uint8_t)ints;
    t->short_form = (uint8_t)(fps == 0 && ints < 6);
    MonoType *rt = mono_signature_get_return_type(sig);
    int r = mono_type_get_type(rt) == MONO_TYPE_VOID ? ZM_TK_VOID
            : mono_type_is_byref(rt)                ? -1
                                                    : zm_thunk_kind(rt);
    if (r < 0)
        return 0;
    t->ret = (uint8_t)r;
    t->nparams = (uint8_t)n;
    if (mono_signature_is_instance(sig) && mono_class_is_valuetype(owner)) {
        /* a struct's `this` reaches a thunk boxed: the thread's scratch
         * box of the struct, the value copied in and back (zm_thunk_invoke) */
        uint32_t align;
        t->box_class = owner;
        t->box_size = (uint32_t)mono_class_value_size(owner, &align);
    }
    if (r == ZM_TK_R4 || r == ZM_TK_R8)
        t->short_form = 0;
    return 1;
}

int zm_thunk_ready(zm_thunk *t, MonoMethod *m)
{
    if (t->box_class != NULL && t->box == NULL) {
        /* pinned: the box's address is kept (Boehm moves nothing anyway) */
        t->box = mono_object_new(zm.domain, t->box_class);
        if (t->box == NULL)
            return 0;
        t->box_handle = mono_gchandle_new(t->box, 1);
    }
    if (t->code == NULL)
        t->code = mono_method_get_unmanaged_thunk(m);
    return t->code != NULL;
}

void zm_thunk_free(zm_thunk *t)
{
    if (t->box_handle != 0)
        mono_gchandle_free(t->box_handle);
    t->box_handle = 0;
    t->box = NULL;
}

static void zm_thunk_store(int kind, int64_t v, void *ret)
{
    switch (kind) {
    case ZM_TK_U1:
    case ZM_TK_I1: {
        uint8_t b = (uint8_t)v;
        memcpy(ret, &b, 1);
        return;
    }
    case ZM_TK_U2:
    case ZM_TK_I2: {
        uint16_t h = (uint16_t)v;
        memcpy(ret, &h, 2);
        return;
    }
    case ZM_TK_U4:
    case ZM_TK_I4: {
        uint32_t w = (uint32_t)v;
        memcpy(ret, &w, 4);
        return;
    }
    case ZM_TK_REF: {
        void *p = (void *)(intptr_t)v;
        memcpy(ret, &p, sizeof p);
        return;
    }
    default:   /* ZM_TK_WORD */
        memcpy(ret, &v, sizeof(intptr_t));
    }
}

/* Argument p of kind k into register slot (zm_thunk.slot). */
ZLUA_INLINE void zm_thunk_arg(zm_thunk_regs *r, unsigned slot, int k, void *p)
{
    /* an integer slot's register (a floating-point slot, 8 and up, is
     * r->f's and never indexes r->i) */
    int64_t *i = r->i + (slot < ZM_TK_INT_REGS ? slot : 0);
    switch (k) {
    case ZM_TK_REF:
    case ZM_TK_BYREF:
        *i = (int64_t)(intptr_t)p;   /* the object, or the slot's address */
        return;
    case ZM_TK_R4: {
        union { double d; float f; } u;
        u.d = 0;
        memcpy(&u.f, p, sizeof(float));   /* the low half, little-endian */
        r->f[slot - ZM_TK_INT_REGS] = u.d;
        return;
    }
    case ZM_TK_R8:
        memcpy(&r->f[slot - ZM_TK_INT_REGS], p, sizeof(double));
        return;
    case ZM_TK_U1:
        *i = *(const uint8_t *)p;
        return;
    case ZM_TK_I1:
        *i = *(const int8_t *)p;
        return;
    case ZM_TK_U2: {
        uint16_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_I2: {
        int16_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_U4: {
        uint32_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    case ZM_TK_I4: {
        int32_t v;
        memcpy(&v, p, sizeof v);
        *i = v;
        return;
    }
    default:   /* ZM_TK_WORD: 64 bits on every target this path serves */
        memcpy(i, p, sizeof *i);
    }
}

static Il2CppException *zm_thunk_call(const zm_thunk *t, void *obj, void **args, void *ret);

/* n bytes from src to dst: the small sizes a struct's `this` mostly has
 * as fixed-size copies the compiler inlines, not a call to memcpy */
ZLUA_INLINE void zm_thunk_copy(void *dst, const void *src, uint32_t n)
{
    switch (n) {
    case 4: memcpy(dst, src, 4); return;
    case 8: memcpy(dst, src, 8); return;
    case 12: memcpy(dst, src, 12); return;
    case 16: memcpy(dst, src, 16); return;
    default: memcpy(dst, src, n);
    }
}

Il2CppException *zm_thunk_invoke(zm_thunk *t, void *obj, void **args, void *ret)
{
    if (t->box_class == NULL)
        return zm_thunk_call(t, obj, args, ret);
    /* obj: the struct's bytes; the method runs on the box's copy, which
     * comes back whatever it did (a throwing method's writes are visible,
     * as with the value's own address).  The box is the thread's: a call
     * that reaches this method again while it runs (through Lua) finds it
     * busy and goes through mono_runtime_invoke (zlua_rt_invoke). */
    char *payload = (char *)t->box + il2cpp_object_header_size();
    t->box_busy = 1;
    zm_thunk_copy(payload, obj, t->box_size);
    Il2CppException *e = zm_thunk_call(t, t->box, args, ret);
    zm_thunk_copy(obj, payload, t->box_size);
    t->box_busy = 0;
    return e;
}

static Il2CppException *zm_thunk_call(const zm_thunk *t, void *obj, void **args, void *ret)
{
    zm_thunk_regs r;
    MonoException *exc = NULL;
    if (t->short_form) {
        int64_t *i = r.i;
        i[0] = (int64_t)(intptr_t)obj;   /* overwritten by the first argument when static */
        i[1] = i[2] = i[3] = i[4] = i[5] = 0;
        for (uint32_t k = 0; k < t->nparams; k++)
            zm_thunk_arg(&r, t->slot[k], t->kind[k], args[k]);
        i[t->exc_slot] = (int64_t)(intptr_t)&exc;
        zm_thunk_int6_fn fn;
        memcpy(&fn, &t->code, sizeof fn);
        int64_t v = fn(i[0], i[1], i[2], i[3], i[4], i[5]);
        if (exc == NULL && ret != NULL && t->ret != ZM_TK_VOID)
            zm_thunk_store(t->ret, v, ret);
        return (Il2CppException *)(void *)exc;
    }
    memset(&r, 0, sizeof r);   /* the registers no parameter names */
    r.i[0] = (int64_t)(intptr_t)obj;   /* overwritten by the first argument when static */
    for (uint32_t i = 0; i < t->nparams; i++)
        zm_thunk_arg(&r, t->slot[i], t->kind[i], args[i]);
    r.i[t->exc_slot] = (int64_t)(intptr_t)&exc;
    /* the API hands code out as a data pointer (POSIX guarantees the
     * round trip; ISO C does not, hence the memcpy) */
    switch (t->ret) {
    case ZM_TK_R4: {
        zm_thunk_f4_fn fn;
        memcpy(&fn, &t->code, sizeof fn);
        float v = fn(ZM_TK_ARGS(r));
        if (exc == NULL && ret != NULL)
            memcpy(ret, &v, sizeof v);
        break;
    }
    case ZM_TK_R8: {
        zm_thunk_f8_fn fn;
        memcpy(&fn, &t->code, sizeof fn);
        double v = fn(ZM_TK_ARGS(r));
        if (exc == NULL && ret != NULL)
            memcpy(ret, &v, sizeof v);
        break;
    }
    default: {
        zm_thunk_int_fn fn;
        memcpy(&fn, &t->code, sizeof fn);
        int64_t v = fn(ZM_TK_ARGS(r));
        if (exc == NULL && ret != NULL && t->ret != ZM_TK_VOID)
            zm_thunk_store(t->ret, v, ret);
    }
    }
    return (Il2CppException *)(void *)exc;
}
