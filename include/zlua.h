/*
 * zlua.h -- libzlua public API.
 *
 * libzlua moves values between Lua 5.4 and IL2CPP managed memory without
 * garbage.  It is called by the embedding player (once, to open a state),
 * by generated MethodBridge stubs (Lua calling C#) and by generated IC stubs
 * (C# calling Lua).  One lua_State, one thread; see docs/architecture.md.
 *
 * Return conventions: functions returning int return ZLUA_OK (0) on
 * success and a negative ZLUA_E* code otherwise; they never raise a Lua
 * error unless their comment says so.
 */
#ifndef ZLUA_H
#define ZLUA_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ZLUA_VERSION "0.1.0"

/* IL2CPP handles (defined by the runtime; incomplete here, so this header
 * and libil2cpp's own headers can be included together). */
typedef struct Il2CppClass Il2CppClass;
typedef struct Il2CppType Il2CppType;
typedef struct MethodInfo MethodInfo;
typedef struct Il2CppObject Il2CppObject;
typedef struct Il2CppString Il2CppString;
typedef struct Il2CppArray Il2CppArray;
typedef struct Il2CppException Il2CppException;

enum {
    ZLUA_OK = 0,
    ZLUA_ENOMEM = -1,   /* allocation failed */
    ZLUA_EINVAL = -2,   /* bad argument (NULL, unknown type, ...) */
    ZLUA_ESTATE = -3,   /* zlua_open was not called on this lua_State; from
                           zlua_open: the thread is not attached */
    ZLUA_EFULL = -4,    /* a fixed-capacity table is full */
    ZLUA_ELUA = -5      /* the Lua call raised; message on the stack */
};

/* ===== State ================================================================ */

/* Opens libzlua on L: creates the per-state context, and sets the globals
 * CS, CSharp and zlua.  The IL2CPP runtime must be initialised and the
 * host must have called GC_INIT.  Open the standard libraries first: a
 * debug library present now gets a debug.setlocal that refuses C frames
 * (docs/architecture.md, "Hostile scripts").
 *
 * Call it on a thread attached to the IL2CPP runtime (il2cpp_thread_attach;
 * the player's main thread is), the thread that then runs the state:
 * IL2CPP's collector scans only attached threads' stacks, and libzlua keeps
 * managed references on the C stack while it works.  On any other thread
 * zlua_open returns ZLUA_ESTATE, changes nothing else (a state opened
 * before stays opened), and pushes one string, the reason
 * ("zlua_open: the calling thread is not attached to the IL2CPP runtime
 * (il2cpp_thread_attach)"; under memory exhaustion, Lua's memory error
 * message), which the caller pops.  No other result pushes anything.
 *
 * The context is released by lua_close, after every finalizer of the
 * state has run: zlua_open interposes a forwarding allocator (lua_getallocf
 * then returns libzlua's) that notices lua_close freeing the state's last
 * block.  Do not replace the allocator (lua_setallocf) after zlua_open.
 * Calling zlua_open again is a no-op; after ZLUA_ENOMEM it retries. */
int zlua_open(lua_State *L);

/* Counters of one state, for tests, tools and the testbed. */
typedef struct zlua_stats {
    size_t structs;       /* live NotBlittableStructRegistry entries */
    size_t objects;       /* live object-registry entries */
    size_t scope_depth;   /* open StructStackScopes */
    size_t handles;       /* scope stack size (issued, unexpired slots) */
    uintptr_t generation; /* current handle generation */
} zlua_stats;

/* Fills *out; ZLUA_EINVAL for NULL arguments, ZLUA_ESTATE if zlua_open
 * was not called on L. */
int zlua_get_stats(lua_State *L, zlua_stats *out);

/* ===== GC shim ================================================================ */

/* A function that makes the collector scan [start, end) conservatively.
 * It marks what it finds at once (no mark-stack entry per range), so a
 * callback may call it for any number of ranges. */
typedef void (*zlua_gc_push_fn)(void *start, void *end);
/* A push-root callback: runs during marking with the GC allocation lock
 * held, on whichever thread collects -- with the world stopped, or, under
 * incremental collection, while other threads run (they cannot take the
 * lock meanwhile).  It must not allocate, lock, or touch Lua. */
typedef void (*zlua_gc_push_root_cb)(zlua_gc_push_fn push_all);

/* Adds cb to the callbacks called on every collection's root push.  The
 * first registration installs the collector hook, chaining the previous
 * one (which keeps scanning thread stacks); the hook stays installed for
 * the life of the process.  Registering the same callback twice is a
 * no-op.  ZLUA_OK, ZLUA_EINVAL (cb is NULL) or ZLUA_EFULL (16 callbacks
 * are registered already). */
int zlua_gc_register_push_root_callback(zlua_gc_push_root_cb cb);
/* Removes cb; unknown callbacks are ignored. */
void zlua_gc_unregister_push_root_callback(zlua_gc_push_root_cb cb);

/* ===== Scopes and OpaqueValue ================================================== */

/* Opens a StructStackScope on L's context (R-OPQ-4). */
int zlua_scope_begin(lua_State *L);
/* Closes the innermost scope: handles issued since its begin expire.
 * ZLUA_EINVAL when no scope is open. */
int zlua_scope_end(lua_State *L);

/* Pushes an OpaqueValue for the slot at `slot` whose element type is
 * `elem` (byref types name their element).  The slot must outlive the
 * current scope.  Allocates nothing once the scope stack has grown.
 * ZLUA_ESTATE when no scope is open (nothing is pushed on failure). */
int zlua_push_opaque(lua_State *L, void *slot, const Il2CppType *elem);

/* ===== Marshal metadata ======================================================== */

/* A bound marshal descriptor (writers, class, size); owned by the state. */
typedef struct zlua_meta zlua_meta;

/* Descriptor of a method's parameter `index` (-1: the return value),
 * built once and cached.  NULL if the position is unsupported. */
const zlua_meta *zlua_meta_param(lua_State *L, const MethodInfo *method,
                                 int index);
/* Descriptor for a bare type (no attributes), built once and cached. */
const zlua_meta *zlua_meta_type(lua_State *L, const Il2CppType *type);

/* ===== IC: C# calling Lua ======================================================= */

/* One C#->Lua call, described by the generated IC stub.  Arguments are
 * read from arg_slots[i] (the address of the C# argument or ref slot) and
 * pushed by arg_meta[i]'s IC writer: structs and byrefs as OpaqueValue,
 * everything else as a copy.  The first result is popped into ret_slot by
 * ret_meta (NULL for void). */
typedef struct zlua_ic_call {
    const char *function;            /* global Lua function name */
    size_t function_len;             /* its bytes; 0: NUL-terminated */
    int nargs;
    const zlua_meta *const *arg_meta;
    void *const *arg_slots;
    const zlua_meta *ret_meta;       /* NULL: no result */
    void *ret_slot;
    int top;                         /* private: stack top at entry */
} zlua_ic_call;

/* Opens a scope, pushes the arguments, calls the function in protected
 * mode, pops the result, closes the scope -- on every path.  Returns
 * ZLUA_OK, ZLUA_ELUA (message: zlua_ic_error) or ZLUA_ENOMEM / ZLUA_EINVAL
 * / ZLUA_ESTATE (no message).  Never longjmps, not even out of memory:
 * whatever can raise runs inside the protected call.  Call zlua_ic_done
 * afterwards in every case. */
int zlua_ic_invoke(lua_State *L, zlua_ic_call *call);
/* The error message of a failed zlua_ic_invoke (valid until done). */
const char *zlua_ic_error(lua_State *L, const zlua_ic_call *call,
                          size_t *len);
/* Restores the Lua stack to its state before zlua_ic_invoke. */
void zlua_ic_done(lua_State *L, zlua_ic_call *call);
/* After a failed zlua_ic_invoke (any code), before zlua_ic_done: the
 * managed exception for the C# caller, a System.InvalidOperationException
 * whose message is the Lua error (or names the failure), made through the
 * glue.  Never NULL: when even that fails, the exception of the failure
 * (OutOfMemoryException).  The stub then calls zlua_ic_done, and raises it
 * with zlua_rt_raise from its own (C++) frame -- never through libzlua's:
 *
 *     if (zlua_ic_invoke(L, &c) != ZLUA_OK) {
 *         Il2CppException *ex = zlua_ic_exception(L, &c);
 *         zlua_ic_done(L, &c);
 *         zlua_rt_raise(ex);
 *     }
 *     zlua_ic_done(L, &c);
 */
Il2CppException *zlua_ic_exception(lua_State *L, const zlua_ic_call *call);

/* ===== Runtime glue: what the player provides ===================================
 *
 * In IL2CPP a managed exception is a C++ exception, and several runtime
 * operations throw one: invoking a method, creating an object or boxing
 * (both run static constructors), creating a string or an array (out of
 * memory), class init (what a static constructor throws).  libzlua is C,
 * built without unwind tables, and holds state in Lua's frames: an
 * exception must never cross it.  So libzlua performs each of these
 * operations only through the functions below, which run it inside a
 * try/catch and return the exception (NULL: none) instead of unwinding.
 *
 * They are C-callable C++ and are not part of libzlua.a: the player
 * compiles src/glue/zlua_glue_il2cpp.cpp (installed as
 * share/zlua/glue/) inside its IL2CPP build, where it catches
 * Il2CppExceptionWrapper and raises with il2cpp_raise_exception; the
 * tests compile the same file against the simulated runtime.  See
 * docs/embedding.md.  Results go to *out, which is left NULL on an
 * exception. */

/* method->invoker_method(method->methodPointer, method, obj, args, ret). */
Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj,
                                void **args, void *ret);
/* il2cpp_object_new(klass). */
Il2CppException *zlua_rt_object_new(Il2CppClass *klass, Il2CppObject **out);
/* il2cpp_value_box(klass, data). */
Il2CppException *zlua_rt_value_box(Il2CppClass *klass, void *data,
                                   Il2CppObject **out);
/* il2cpp_string_new_utf16(chars, len). */
Il2CppException *zlua_rt_string_new_utf16(const uint16_t *chars, int32_t len,
                                          Il2CppString **out);
/* il2cpp_array_new(element_class, length). */
Il2CppException *zlua_rt_array_new(Il2CppClass *element_class, uintptr_t length,
                                   Il2CppArray **out);
/* il2cpp_runtime_class_init(klass): runs the static constructor once. */
Il2CppException *zlua_rt_class_init(Il2CppClass *klass);
/* il2cpp_exception_from_name_msg(corlib, name_space, name, msg). */
Il2CppException *zlua_rt_exception_new(const char *name_space, const char *name,
                                       const char *msg, Il2CppException **out);
/* Throws exc into the calling C# code (il2cpp_raise_exception); never
 * returns.  Only generated (C++) stubs call it, from their own frame. */
#if defined(__cplusplus) && __cplusplus >= 201103L
[[noreturn]]
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Noreturn
#endif
void zlua_rt_raise(Il2CppException *exc);

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_H */
