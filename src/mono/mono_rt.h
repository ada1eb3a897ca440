/*
 * mono_rt.h -- libzlua's runtime boundary on Mono: shared state of the
 * il2cpp_* functions (mono_api.c), the glue (mono_glue.c) and the host
 * hooks (mono_host.c).
 *
 * The boundary hands libzlua Mono's own handles under IL2CPP's names:
 * an Il2CppClass * is a MonoClass *, an Il2CppType * a MonoType *, a
 * MethodInfo * a MonoMethod *, a FieldInfo * a MonoClassField *, a
 * PropertyInfo * a MonoProperty *, an Il2CppObject * a MonoObject *.
 * libzlua never looks inside them (src/il2cpp/il2cpp_api.h declares them
 * incomplete), so no translation layer stands between it and Mono.
 */
#ifndef ZLUA_MONO_RT_H
#define ZLUA_MONO_RT_H

#include <stdint.h>
#include <string.h>

#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/object.h>

#include "il2cpp/il2cpp_api.h"
#include "mono_syms.h"
#include "zlua.h"
#include "zlua_env.h"

#define ZM_CLASS(k) ((MonoClass *)(void *)(k))
#define ZM_TYPE(t) ((MonoType *)(void *)(t))
#define ZM_METHOD(m) ((MonoMethod *)(void *)(m))
#define ZM_OBJ(o) ((MonoObject *)(void *)(o))

/* 1 where integer and floating-point arguments take registers from
 * separate banks, in order (System V x86-64, AAPCS64 and Apple's): one
 * call that fills every argument register of both banks passes, and one
 * function that declares them all reads, any signature of scalars
 * (mono_thunk.c's file comment says why).  0 elsewhere: Windows x64
 * assigns registers by position, 32-bit targets split 64-bit integers.
 * The thunk calls, the [LuaInvoke] trampolines and the delegates'
 * register entries all rest on it. */
#if (defined(__x86_64__) && !defined(_WIN32)) || defined(__aarch64__)
#define ZM_REG_BANKS 1
#else
#define ZM_REG_BANKS 0
#endif

/* mono_add_internal_call of fn, a variable of any function pointer type:
 * the API takes code as a data pointer (POSIX guarantees the round
 * trip; ISO C does not, hence the memcpy). */
#define ZM_ADD_ICALL(name, fn)                                                   \
    do {                                                                         \
        const void *zm_p_;                                                       \
        memcpy(&zm_p_, &(fn), sizeof zm_p_);                                     \
        mono_add_internal_call((name), zm_p_);                                   \
    } while (0)

/* ---- calls through Mono's unmanaged thunks (mono_thunk.c) --------------- */

/* How an argument or the result travels through a thunk. */
enum { ZM_TK_VOID, ZM_TK_REF, ZM_TK_BYREF, ZM_TK_U1, ZM_TK_I1, ZM_TK_U2, ZM_TK_I2, ZM_TK_U4,
       ZM_TK_I4, ZM_TK_WORD, ZM_TK_R4, ZM_TK_R8 };
enum { ZM_TK_MAX_PARAMS = 14 };
/* Parameters all of one way of loading (zm_thunk.uniform): each then
 * goes to its register without a dispatch on its kind. */
enum { ZM_TK_MIXED, ZM_TK_ALL_I4, ZM_TK_ALL_PTR, ZM_TK_ALL_R4, ZM_TK_ALL_R8 };

/* A method's call through its thunk: planned once (zm_thunk_plan), the
 * code made at the first call (zm_thunk_ready). */
typedef struct zm_thunk {
    void *code;                        /* mono_method_get_unmanaged_thunk's; NULL: not yet */
    uint8_t nparams;
    uint8_t ret;                       /* ZM_TK_* */
    uint8_t exc_slot;                  /* the exception's address: its integer register */
    uint8_t short_form;                /* integers only, at most six: a six-register call */
    uint8_t box_busy;                  /* the scratch box holds a running call's `this` */
    uint8_t uniform;                   /* ZM_TK_ALL_*: how every parameter loads */
    MonoClass *box_class;              /* a struct's instance method: `this`'s class */
    MonoObject *box;                   /* its scratch box (this thread's), pinned by */
    uint32_t box_handle;               /* this handle (zm_thunk_free releases it) */
    uint32_t box_size;                 /* the struct's bytes */
    uint8_t kind[ZM_TK_MAX_PARAMS];    /* ZM_TK_* per parameter */
    uint8_t slot[ZM_TK_MAX_PARAMS];    /* its register: integer 0-7, floating-point 8-15 */
} zm_thunk;

/* A scalar's or an enum's kind (ZM_TK_U1 .. ZM_TK_R8) by type; -1: not
 * a scalar. */
int zm_thunk_scalar(MonoType *t);
/* 1 when m (signature sig) can be called through its thunk on this
 * target, with the plan in t; 0: mono_runtime_invoke's (a struct,
 * Nullable or byref result, a struct argument or `this`, too many
 * arguments, a target whose ABI the caller does not cover). */
int zm_thunk_plan(MonoMethod *m, MonoMethodSignature *sig, zm_thunk *t);
/* Makes the thunk's code if it is not made yet: 0 when Mono gave none. */
int zm_thunk_ready(zm_thunk *t, MonoMethod *m);
/* The call itself: mono_thunk_call.h (inline in the glue's invoke). */
/* Releases what zm_thunk_ready made besides the code (the scratch box). */
void zm_thunk_free(zm_thunk *t);

/* ---- what a call needs of its method, found once (mono_glue.c) ---------- */

/* The facts of a method's signature every call would otherwise ask Mono
 * for again (its parameters, their byref and Nullable flags and classes,
 * the result's kind, class and size, the thunk that calls it): about a
 * thousand instructions of metadata queries per call.  Kept per thread,
 * because Editor envs may run on several: no lock on the call path. */
enum { ZM_RET_NONE, ZM_RET_REF, ZM_RET_VALUE, ZM_RET_NULLABLE };

typedef struct zm_facts {
    MonoMethod *m;
    MonoMethodSignature *sig;
    uint8_t byref_nullable;   /* a `ref T?` parameter: through reflection */
    uint8_t nullable_args;    /* a by-value T? parameter: reboxed per call */
    uint8_t ret;              /* ZM_RET_* */
    uint8_t thunk_ok;         /* called through its thunk (mono_thunk.c) */
    uint8_t icall_struct;     /* an internal call taking or returning a struct by
                                 value: Mono's native invoke garbles those, refused */
    uint8_t regs;             /* ZM_REGS_*: a delegate's Invoke that takes its arguments in
                                 registers (mono_delegate_regs.c) */
    uint32_t nparams;
    int32_t ret_size;         /* the result's unboxed size (VALUE, NULLABLE) */
    uint32_t has_off, val_off;   /* a Nullable result's fields */
    int32_t t_size;           /* its T's size */
    MonoClass *ret_class;     /* NULL: void or a byref result */
    MonoClass *param_class[ZM_TK_MAX_PARAMS];   /* the first ones (a byref: its element's) */
    zm_thunk thunk;
    struct zm_facts *retired_next;   /* mono_glue.c's list of facts kept for calls in flight */
} zm_facts;

/* m's facts, found or made; NULL when memory ran out (a call then asks
 * Mono as it goes: slower, the same result). */
zm_facts *zm_facts_of(MonoMethod *m);

/* A state's record of a method's calls (zlua_rt.h; mono_glue.c makes it):
 * the facts of the method, kept by the state that calls it (its thread's
 * alone), found without a lookup, and, being the state's, outliving
 * every call of it (no epoch: the state closes before its methods'
 * domain goes). */
struct zlua_rt_call {
    zm_facts f;
    /* its thunk is made and takes six integer registers, with no scratch
     * box: the common call, zlua_rt_call_invoke's inline one */
    uint8_t short_ready;
};

/* The helpers compiled from ZLua.MonoHost.cs: reflection queries the
 * embedding API has no function for (parameter flags and defaults,
 * generic definitions and instances, class constructors, collections). */
typedef struct zm_helpers {
    MonoMethod *param_attrs;      /* int (MethodBase, int) */
    MonoMethod *param_default;    /* object (MethodBase, int, out int) */
    MonoMethod *is_generic_def;   /* bool (MethodBase) */
    MonoMethod *make_generic;     /* IntPtr (MethodBase, Type[]) */
    MonoMethod *generic_param;    /* string (MemberInfo, int, out int, out Type[]) */
    MonoMethod *run_cctor;        /* void (Type) */
    MonoMethod *collect;          /* void () */
    MonoMethod *make_delegate;    /* Delegate (Type, IntPtr, IntPtr) */
    MonoMethod *has_attribute;    /* bool (object, Type) */
    MonoMethod *invoke;           /* object (MethodBase, object, object[], out Exception) */
    MonoMethod *is_generic_type;  /* bool (Type) */
    MonoMethod *type_init_error;  /* Exception (string) */
    MonoMethod *out_of_memory;    /* Exception () */
} zm_helpers;

typedef struct zm_runtime {
    MonoDomain *domain;
    MonoImage *host_image;         /* ZLua.MonoHost.dll */
    zm_helpers h;
    MonoClass *type_class;         /* System.Type (Type[] arguments) */
    /* fault injection, set by a test host (NULL: none, mono_attach.c) */
    Il2CppException *(*fault_point)(int op, MonoClass *k);
    Il2CppException *(*fault_take_throw)(void);
} zm_runtime;

extern zm_runtime zm;

/* Attaches the backend to the running domain (mono_attach.c): loads the
 * reflection helpers from helpers_dll (ZLua.MonoHost.dll's path),
 * registers the internal calls and checks the layouts the boundary
 * states.  Starts nothing: the host (the Editor, a test host) has called
 * mono_jit_init.  0 on success; otherwise -1 and a message in err.  Once
 * per process (again: 0 at once). */
int zm_attach(MonoDomain *domain, const char *helpers_dll, char *err, size_t errsize);

/* Empties every thread's cache of method facts (mono_glue.c, the glue's
 * invoke), lazily: before an env is made and after one is freed (the env
 * runtime part of mono_env.c), so that methods of
 * an unloaded domain are never looked up by address again. */
void zm_facts_forget(void);

/* What the backend registers on a state after zlua_open: Lua functions
 * become delegates of any type (Mono compiles their Invoke).  Which state
 * a [LuaInvoke] method reaches is zlua_env_current's business (below).  ZLUA_OK or
 * zlua_open's codes. */
int zm_open_state(lua_State *L);

/* Whether klass is a generic definition (IL2CPP's API; not in
 * il2cpp_api.h, libzlua does not need it). */
bool il2cpp_class_is_generic(const Il2CppClass *klass);

/* Two bind-time facts read from the metadata tables (mono_api.c): a
 * parameter's ParameterAttributes and whether a method is a generic
 * definition.  Each returns 0 where the tables cannot answer directly
 * (then the reflection helper, zm_reflect_*, does), 1 with the answer.
 * tests/mono/md_check.c holds them to reflection's answers. */
int zm_md_param_flags(MonoMethod *m, uint32_t index, uint32_t *flags);
int zm_md_generic_def(MonoMethod *m, int *is_def);
uint32_t zm_reflect_param_attrs(MonoMethod *m, uint32_t index);
int zm_reflect_generic_def(MonoMethod *m);
/* Invokes a helper (static) with the exception caught; NULL: no exception. */
MonoObject *zm_call(MonoMethod *m, void **args, MonoObject **exc);

/* The internal calls a Lua function's delegate reaches (ZLua.MonoHost's
 * LuaDelegate; mono_delegate.c). */
void zm_delegate_register_icalls(void);
/* Which of LuaDelegateRegs' entries serves a delegate whose Invoke has
 * the thunk plan t (a plan made: zm_thunk_plan returned 1), by the
 * register of its result; ZM_REGS_NONE: none (a reference or byref
 * among them, too many, a target without the register ABI).  And the
 * entries' registration.  mono_delegate_regs.c. */
enum { ZM_REGS_NONE, ZM_REGS_INT, ZM_REGS_R4, ZM_REGS_R8 };
int zm_delegate_regs_of(const zm_thunk *t);
void zm_delegate_regs_register_icalls(void);

/* Fault injection (testbed.throw_next / fail_next): the glue asks at each
 * runtime operation whether it is to throw, as the simulation's runtime
 * does at its own.  NULL: go on. */
enum { ZM_OP_OBJECT_NEW, ZM_OP_VALUE_BOX, ZM_OP_STRING_NEW, ZM_OP_ARRAY_NEW, ZM_OP_CLASS_INIT,
       ZM_OP_COUNT };
static inline Il2CppException *zm_fault_point(int op, MonoClass *k)
{
    return zm.fault_point != NULL ? zm.fault_point(op, k) : NULL;
}
static inline Il2CppException *zm_fault_take_throw(void)
{
    return zm.fault_take_throw != NULL ? zm.fault_take_throw() : NULL;
}

/* ---- [LuaMarshalAs] read from the metadata (mono_attrs.c) ---------------- */

/* Where a line about an attribute that cannot be read goes. */
typedef void (*zm_attrs_log_fn)(const char *line);
/* marshalc_attrs.h's callback, repeated (C11 allows it) so that users of
 * this header need not see the tools' headers. */
typedef void (*marshalc_attr_fn)(void *ud, const char *assembly, const zlua_marshal_rule *r);

/* Reads the [LuaMarshalAs] attributes of img: fn once per rule (its
 * strings live for the process).  An image that neither defines the
 * attribute nor references ZLua.Common has none; a referenced ZLua.Common
 * Mono has not loaded yet is loaded for img, as Mono would on the
 * attribute's first use.  What cannot be read (ZLua.Common missing, a
 * property that throws, a signature libzlua cannot spell) is one line to
 * log each.  L: an opened state, which spells type names and signatures.
 * Returns the number of rules read.  Not reentrant: callers serialize. */
int zm_attrs_read_image(lua_State *L, MonoImage *img, marshalc_attr_fn fn, void *ud,
                        zm_attrs_log_fn log);

/* ZLua.<name>, an attribute class of ZLua.Common, as img's metadata
 * names it (NULL: img cannot carry it, *why empty; or its ZLua.Common
 * cannot be loaded or lacks the class, *why says so). */
MonoClass *zm_attrs_common_class(MonoImage *img, const char *name, char *why, size_t size);
/* The attribute object's property prop, or NULL with why set. */
MonoObject *zm_attrs_get(MonoObject *obj, const char *prop, char *why, size_t size);
/* str as UTF-8 ("" for null), kept for the process. */
char *zm_attrs_utf8(MonoString *str);

/* ---- [LuaInvoke] methods in the Editor (mono_icall.c) --------------------- */

/* Registers the [LuaInvoke] internal calls img declares (R-IC-3), each
 * a trampoline of libzlua's that calls its Lua global through the IC
 * path; a method the Editor cannot serve gets one that throws why.  Once
 * per image (a reloaded domain's image takes over its name's
 * trampoline).  What cannot be registered is a line to log.  Callers
 * serialize. */
void zm_icall_read_image(MonoImage *img, zm_attrs_log_fn log);

/* The assemblies loaded now, a copy (free a): -1 out of memory. */
typedef struct zm_asm_list {
    MonoAssembly **a;
    size_t n, cap;
    int nomem;
} zm_asm_list;
int zm_attrs_loaded(zm_asm_list *s);

/* An assembly's rules while they are collected (realloc'd: registered
 * only once whole, since zlua_rules_register keeps the table's address);
 * nomem set when an append failed.  mono_rules_xml.c. */
typedef struct zm_rule_buf {
    zlua_marshal_rule *rules;
    size_t n, cap;
    int nomem;
} zm_rule_buf;
void zm_rule_buf_add(zm_rule_buf *b, const zlua_marshal_rule *r);

/* mono_rules_xml.c: reads a project's XML rule file with the build
 * tools' reader and registers its rules unvalidated (checked at bind
 * time, as attributes read live are); every error line goes to log(ud,
 * line), and a file with errors registers nothing.  Returns the number
 * of errors (0: registered, or the file was read before). */
typedef void (*zm_line_fn)(void *ud, const char *line);
int zm_rules_xml_load(const char *path, zm_line_fn log, void *ud);

/* Readies zm_typedref_check, once the runtime is up (mono_ic.c). */
void zm_ic_init(void);
/* Raises ex in the managed caller of an internal call (never returns). */
_Noreturn void zm_ic_raise(MonoException *ex);
/* Runs c on L, the innermost running state meanwhile; on a failure
 * raises the managed exception from this internal call's frame once the
 * call's scope is closed.  mono_ic.c. */
void zm_ic_run(lua_State *L, zlua_ic_call *c);

/* A System.TypedReference as Mono lays it out: the type, the slot's
 * address, the class. */
typedef struct zm_typedref {
    MonoType *type;
    void *value;
    MonoClass *klass;
} zm_typedref;

/* What is wrong with r[0..n), TypedReferences a managed caller is to have
 * made with __makeref over its own locals and handed to an internal call
 * by address (NULL: nothing): the checks a forged or junk pointer fails
 * before anything behind it is used (on the calling thread's stack above
 * frame, the internal call's own frame; type and class as __makeref sets
 * them).  mono_ic.c. */
const char *zm_typedref_check(const zm_typedref *const *r, uint32_t n, const void *frame);

/* Which state an IC call or a delegate reaches (R-ENV-3) is
 * zlua_env_current's answer (zlua_env.h); the paths here that run a
 * state's Lua code push a zlua_env_run frame for the time they run. */

#endif
