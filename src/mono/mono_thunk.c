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
#include "mono_thunk_call.h"   /* the register banks the plan fills */

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

/* ZM_TK_ALL_* when the n kinds all load one way, else ZM_TK_MIXED: the
 * common signatures (ints, references, floats) then fill their registers
 * in a loop with no dispatch per argument (zm_thunk_args). */
static int zm_thunk_uniform(const uint8_t *kind, uint32_t n)
{
    int all = ZM_TK_MIXED;
    for (uint32_t i = 0; i < n; i++) {
        int u = kind[i] == ZM_TK_I4                            ? ZM_TK_ALL_I4
                : kind[i] == ZM_TK_REF || kind[i] == ZM_TK_BYREF ? ZM_TK_ALL_PTR
                : kind[i] == ZM_TK_R4                          ? ZM_TK_ALL_R4
                : kind[i] == ZM_TK_R8                          ? ZM_TK_ALL_R8
                                                               : ZM_TK_MIXED;
        if (u == ZM_TK_MIXED || (i > 0 && u != all))
            return ZM_TK_MIXED;
        all = u;
    }
    return all;
}

int zm_thunk_plan(MonoMethod *m, MonoMethodSignature *sig, zm_thunk *t)
{
    memset(t, 0, sizeof *t);
    if (!ZM_REG_BANKS)
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
    t->uniform = (uint8_t)zm_thunk_uniform(t->kind, n);
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
