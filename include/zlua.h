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
#include <string.h>

/* Lua's own headers declare its API without C linkage for C++ (upstream
 * luaconf.h: LUA_API is plain extern; some distributions patch it), and
 * Lua is built as C: included from C++, they must be inside extern "C". */
#ifdef __cplusplus
extern "C" {
#endif
#include <lua.h>
#ifdef __cplusplus
}
#endif

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
 * Called on a coroutine while the registry's LUA_RIDX_MAINTHREAD holds no
 * main thread (a script replaced it), it returns ZLUA_ESTATE too: libzlua
 * takes the main thread from the state, never from the registry.
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
    size_t delegates;     /* delegates made from Lua functions, not yet
                             released (R-DEL-1) */
} zlua_stats;

/* Fills *out; ZLUA_EINVAL for NULL arguments, ZLUA_ESTATE if zlua_open
 * was not called on L. */
int zlua_get_stats(lua_State *L, zlua_stats *out);

/* What libzlua reports without failing a call: a method it binds but
 * cannot call from Lua (a decimal, ref struct or TypedReference slot, more
 * parameters or a larger argument frame than the bridge takes), once per
 * method and state.  Each message is one line without a newline, starting
 * with "[ZLua] ".  Until zlua_set_log is called the lines go to stderr.
 * The function is called on L's thread, never from a GC callback; it must
 * not call into L. */
typedef void (*zlua_log_fn)(void *ud, const char *message);

/* Routes L's log lines to fn(ud, message) (fn NULL: they are dropped).
 * ZLUA_EINVAL for a NULL L, ZLUA_ESTATE if zlua_open was not called on L. */
int zlua_set_log(lua_State *L, zlua_log_fn fn, void *ud);

/* ===== [LuaMarshalAs] rules (SPEC 7, 8; R-XML-4) =================================
 *
 * Per-slot marshal overrides.  The build-time compiler (tools/marshalc)
 * reads the [LuaMarshalAs] attributes of the assemblies and the XML rule
 * files, validates them and emits these tables, keyed by names only; a
 * runtime that reads attributes live (Mono, the Editor) registers what it
 * read the same way, unvalidated.  libzlua resolves the names lazily, per
 * assembly, the first time a state binds a class of that assembly, and
 * gives each rule to the one parameter, return, field or property it
 * names (or, type-level, to every slot of that type), at bind time. */

/* LuaMarshalType (ZLua.LuaMarshalType's values). */
enum {
    ZLUA_MARSHAL_DEFAULT = 0,
    ZLUA_MARSHAL_USERDATA = 1,
    ZLUA_MARSHAL_BYTES = 2,
    ZLUA_MARSHAL_OPAQUE_VALUE = 3,
    ZLUA_MARSHAL_UNPACKED_VALUES = 4,
    ZLUA_MARSHAL_TABLE = 5
};

/* What a rule is attached to. */
enum {
    ZLUA_RULE_TYPE = 0,        /* the type itself (type-level) */
    ZLUA_RULE_FIELD = 1,
    ZLUA_RULE_PROPERTY = 2,
    ZLUA_RULE_PARAM = 3,       /* index: 0-based, `this` excluded */
    ZLUA_RULE_RETURN = 4       /* index: -1 */
};
/* Or'ed into a PARAM / RETURN site given to zlua_marshal_check: the
 * method is one C# calls into Lua (a delegate type's Invoke, a method an
 * IC stub serves), so its parameters are pushed to Lua and its result
 * popped from Lua -- the direction that decides what is legal (SPEC 7.1:
 * OpaqueValue only where C# pushes). */
#define ZLUA_RULE_DIR_IC 0x100

/* Where a rule was written: an attribute beats an XML rule on the same
 * site (SPEC 7.3). */
enum {
    ZLUA_RULE_ATTRIBUTE = 0,
    ZLUA_RULE_XML = 1
};

typedef struct zlua_marshal_rule {
    const char *type;          /* declaring type, CLR full name ("Outer+Inner") */
    const char *member;        /* field, property or method name; NULL: type-level */
    const char *signature;     /* PARAM / RETURN: "(System.Int32,MyGame.Vector2&)",
                                  CLR full names, no spaces; else NULL */
    int32_t index;             /* PARAM: the parameter; RETURN: -1; else 0 */
    uint8_t site;              /* ZLUA_RULE_TYPE ... ZLUA_RULE_RETURN */
    uint8_t source;            /* ZLUA_RULE_ATTRIBUTE or ZLUA_RULE_XML */
    uint8_t marshal_type;      /* ZLUA_MARSHAL_* */
    const char *members;       /* Members, comma-separated, "Tag?" optional; or NULL */
    const char *origin;        /* where it was written ("rules.xml:12"), or NULL */
} zlua_marshal_rule;

/* The rules of one assembly (Assembly.GetName().Name). */
typedef struct zlua_marshal_table {
    const char *assembly;
    const zlua_marshal_rule *rules;
    size_t count;
    /* ZLUA_MARSHAL_VALIDATED: checked at build time (tools/marshalc);
     * otherwise (attribute data read live) each rule is checked at bind
     * time, and an illegal one is logged once (`[ZLua] Invalid
     * LuaMarshalAs: SIGNATURE ...; falling back to Default.`) and treated
     * as Default.  A rule naming something the runtime lacks is logged
     * once and ignored, either way. */
    unsigned flags;
} zlua_marshal_table;

#define ZLUA_MARSHAL_VALIDATED 1u

/* RegisterMarshalBindingTables (SPEC 8, R-XML-4): adds count tables to
 * the process's rule set.  Call before the states that should see them
 * bind any class of those assemblies (in practice: before zlua_open);
 * not thread-safe.  Tables and every string they point at must outlive
 * every state.  ZLUA_OK, ZLUA_EINVAL (NULL tables with count > 0, a NULL
 * assembly or rules pointer), ZLUA_ENOMEM (more than 64 tables). */
int zlua_register_marshal_binding_tables(const zlua_marshal_table *tables, size_t count);

/* The parameter list of method as rules spell it, "(System.Int32,
 * MyGame.Point2D&)" (the full-signature key of SPEC 7.6 rule 5 without
 * the name), into buf, NUL-terminated, with L's type names; returns its
 * length (0: buf too small, out of memory, or zlua_open was not called).
 * The compiler and the binder share it. */
size_t zlua_marshal_signature(lua_State *L, const MethodInfo *method, char *buf,
                              size_t size);

/* Checks a rule against the slot it names, as the build and the binder
 * do (SPEC 7.1, 7.2, 7.4): 1 when legal; 0 with the reason in why
 * ("LuaMarshalType.UserData is not allowed", ...).  type: the slot's
 * type (the type itself for a type-level rule); site: ZLUA_RULE_*.  L
 * must have been opened (zlua_open). */
int zlua_marshal_check(lua_State *L, const Il2CppType *type, int site, int marshal_type,
                       const char *members, char *why, size_t why_size);

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

/* A slot's writers, as a stub's bridge holds them.  Lua -> C#: converts
 * the value at idx into dst; never raises; returns 0 or a nonzero code
 * (zlua_bridge_pop makes the message).  C# -> Lua: pushes the value
 * stored at src; may raise (memory). */
typedef int (*zlua_pop_fn)(lua_State *L, int idx, const zlua_meta *m, void *dst);
typedef void (*zlua_push_fn)(lua_State *L, const zlua_meta *m, const void *src);

/* Descriptor of a method's parameter `index` (-1: the return value) as
 * C# calls into Lua through it (an IC stub, a delegate's Invoke): the
 * parameter is pushed, the result popped.  Built once per state and
 * cached; NULL if the position is unsupported.  [LuaMarshalAs] rules of
 * the slot apply in that direction (SPEC 7.2): an UnpackedValues
 * parameter is pushed as its members' values, a Table one as a table,
 * an OpaqueValue one as a handle to the argument's slot; a Table or
 * UnpackedValues result is popped from a table or from several results. */
const zlua_meta *zlua_meta_param(lua_State *L, const MethodInfo *method,
                                 int index);
/* Descriptor for a bare type (no attributes), built once and cached. */
const zlua_meta *zlua_meta_type(lua_State *L, const Il2CppType *type);

/* The writers of a meta, for generated code (stubs call them through
 * zlua_bridge_pop / zlua_bridge_push, which add the messages).
 * zlua_meta_pop converts the Lua value at idx into dst (the slot's
 * storage: the value, the payload of a struct, the object pointer of a
 * reference, the target of a byref followed by its temporary) and returns
 * 0, or nonzero when the value does not fit (nothing raised, dst
 * unspecified).  zlua_meta_push pushes the value stored at src (may raise:
 * memory). */
int zlua_meta_pop(lua_State *L, int idx, const zlua_meta *m, void *dst);
void zlua_meta_push(lua_State *L, const zlua_meta *m, const void *src);

/* ===== Registries: userdata for structs and objects ================================ */

/* Pushes a ByValUserData of klass (a value type) holding a copy of the
 * unboxed value at payload; a non-blittable one gets its registry cell
 * (R-SUD-2).  ZLUA_OK, ZLUA_EINVAL (not a value type), ZLUA_ESTATE, or
 * ZLUA_ENOMEM (nothing pushed).  May raise: memory. */
int zlua_registry_push_struct(lua_State *L, Il2CppClass *klass, const void *payload);
/* Pushes the ByObjUserData of obj viewed as `view` (its declared type,
 * R-VIEW-1), the same userdata while it lives; nil for NULL.  ZLUA_OK,
 * ZLUA_EINVAL, ZLUA_ESTATE, ZLUA_ENOMEM.  May raise: memory. */
int zlua_registry_push_object(lua_State *L, Il2CppClass *view, Il2CppObject *obj);

/* Resolves the OpaqueValue at idx: ZLUA_OK with the slot's address in
 * *addr and its element meta in *elem; ZLUA_EINVAL for anything that is
 * not a valid handle of L's current scopes (expired included). */
int zlua_opaque_resolve_slot(lua_State *L, int idx, void **addr, const zlua_meta **elem);

/* ===== Bridges: generated MethodBridge stubs (Lua calling C#) =====================
 *
 * Stubs are generated C++ (tools/stubgen): one stub per reduced signature
 * -- the shape of a method with enums as their underlying type, every
 * reference type as one object kind, byrefs as their element plus a mark,
 * structs by full name -- shared by every method of that shape, and one
 * tiny entry per method, the lua_CFunction Lua calls, which hands its
 * method's bound description to the shared stub.  The entries have no
 * upvalues: the description is found through the state (zlua_bridge_at),
 * so there is nothing a script could swap.
 *
 * A stub is called with the method's Lua arguments at 1..n (self first for
 * an instance method).  It checks the arity, resolves self, pops each
 * argument with its slot's writer into a typed local, calls methodPointer
 * directly with IL2CPP's convention (arguments, `this` first for instance
 * methods, then the MethodInfo) inside its own try/catch, and pushes the
 * result.  Every rule of the generic path holds: the argument errors
 * (R-DEF-1), the scope around the call (R-OPQ-5), managed exceptions
 * raised after the call (R-DEF-4), static constructors (R-RT-2). */

/* The counters of a state's scope stack, which the inline
 * zlua_bridge_enter / zlua_bridge_leave below update.  libzlua's. */
typedef struct zlua_scope_counters {
    uint32_t size;          /* handles issued and not expired */
    uint32_t depth;         /* open scopes */
    uint32_t mark_cap;
    uint32_t *marks;        /* the watermark of each open scope */
} zlua_scope_counters;

/* A bound method, as its stub sees it.  Owned by the state; read only. */
typedef struct zlua_bridge {
    const MethodInfo *method;
    const zlua_meta *const *params; /* the writers of each parameter slot */
    const zlua_meta *ret;           /* of the return slot; NULL for void */
    const zlua_pop_fn *pops;        /* params[i]'s pop, called inline */
    const void *const *ref_cls;     /* byref params[i]: the class a ByValUserData
                                       must be of to be the ref; else NULL */
    zlua_push_fn ret_push;          /* ret's push, called inline */
    const char *display;            /* "Demo.Add", for messages */
    const unsigned char *inited;    /* the declaring class ran its class init */
    int nparams;
    unsigned char instance;         /* takes this (Lua argument 1) */
    unsigned char is_virtual;       /* dispatch on the object's class */
    zlua_scope_counters *scope;     /* the state's scope stack */
    const void *cls;                /* the declaring type (libzlua's binding) */
    const int *cls_mt;              /* the registry reference of its by-value
                                       metatable, as libzlua keeps it */
    size_t new_size;                /* a blittable struct's constructor: the
                                       bytes of its userdata; else 0 */
    void *priv;                     /* libzlua's */
} zlua_bridge;

/* libzlua's allocator, which zlua_open interposes (lua_getallocf then
 * returns it, with the state's context as its user data); the context
 * begins with a zlua_state_head.  The inline zlua_bridge_at reads it. */
void *zlua_state_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
typedef struct zlua_state_head {
    const zlua_bridge **bridges;    /* per registered entry: bound, or NULL */
    size_t nbridges;
} zlua_state_head;

/* A generated stub's body: what its entry runs with the method's bridge
 * (the entry finds the bridge through the state; libzlua, which has it at
 * hand after overload dispatch, calls the body directly). */
typedef int (*zlua_stub_body)(lua_State *L, const zlua_bridge *b);

/* A stub's args body: the same call with its arguments already read by
 * libzlua -- args[i] points at argument i's value (a scalar as its
 * parameter type stores it, a struct's payload) -- and `this` already
 * checked (unused for a static method).  Generated for shapes of at most
 * ZLUA_STUB_ARGS_MAX parameters that are scalars or structs passed by
 * value (one Lua value each, no [LuaMarshalAs] rule, no constructor); the
 * generator and libzlua's binder read the same limit.  libzlua's own
 * dispatch paths (indexers, property getters, the overload memo,
 * operators on two values of their type) call it with what they have read
 * already, so nothing is read or checked twice. */
#define ZLUA_STUB_ARGS_MAX 4
typedef int (*zlua_stub_args)(lua_State *L, const zlua_bridge *b, void *self,
                              void *const *args);

/* One entry of a generated table: the method's key (zlua_bridge_method_key),
 * the reduced signature (zlua_bridge_signature) of the method it was
 * generated for, its Lua entry, the body the entry runs and its args body
 * (NULL: only the entry is called; no args body).  A table is sorted by
 * key (strcmp order).  A key names a method by its metadata token, which
 * can shift between the assemblies a table was generated from and a
 * player's (stripping removes methods): binding takes an entry only when
 * its signature is the bound method's, and otherwise logs one line and
 * keeps the generic invoker. */
typedef struct zlua_stub_entry {
    const char *key;
    const char *sig;
    lua_CFunction fn;
    zlua_stub_body body;
    zlua_stub_args args;
} zlua_stub_entry;

/* Hands the generated table to L's context, once: methods bound from now
 * on use their entry when the table has one of their signature and the
 * runtime lets their code be called directly (zlua_rt_method_direct);
 * call right after zlua_open: methods bound before keep the generic
 * invoker.  table must outlive the state; it is searched at bind time
 * only.  ZLUA_OK, ZLUA_EINVAL (NULL, an entry without key, signature or
 * entry, not sorted, or a table was registered already), ZLUA_ENOMEM,
 * ZLUA_ESTATE. */
int zlua_register_stubs(lua_State *L, const zlua_stub_entry *table, size_t count);

/* The description of the method table[index] names, bound in L's state:
 * what an entry passes to its stub.  Raises when L's state has not bound
 * that method (an entry can only be reached after it did). */
const zlua_bridge *zlua_bridge_at_slow(lua_State *L, size_t index);

/* The helpers below run inside every stub call: always inlined, however
 * large the generated file grows (a compiler's growth limits would
 * otherwise turn them into calls as stubs are added). */
#if defined(__GNUC__) || defined(__clang__)
#define ZLUA_STUB_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define ZLUA_STUB_INLINE static __forceinline
#else
#define ZLUA_STUB_INLINE static inline
#endif

/* Branch hints for the helpers and the generated stubs: the checks of a
 * call almost always pass, so their failure paths are laid out of line
 * and the common case runs straight through. */
#if defined(__GNUC__) || defined(__clang__)
#define ZLUA_LIKELY(x) __builtin_expect(!!(x), 1)
#define ZLUA_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define ZLUA_LIKELY(x) (x)
#define ZLUA_UNLIKELY(x) (x)
#endif

ZLUA_STUB_INLINE const zlua_bridge *zlua_bridge_at(lua_State *L, size_t index)
{
    void *ud;
    if (ZLUA_LIKELY(lua_getallocf(L, &ud) == zlua_state_alloc)) {
        const zlua_state_head *h = (const zlua_state_head *)ud;
        if (ZLUA_LIKELY(index < h->nbridges && h->bridges[index] != NULL))
            return h->bridges[index];
    }
    return zlua_bridge_at_slow(L, index);
}

/* The key of method into buf: its declaring type's runtime name and its
 * metadata token ("Demo:06000001"), NUL-terminated; returns the length (0:
 * buf too small).  A generator and a player agree on keys while their
 * assemblies agree on tokens; stripping can renumber them, which is why
 * an entry also carries its signature (zlua_stub_entry). */
size_t zlua_bridge_method_key(const MethodInfo *method, char *buf, size_t size);

/* The Lua-value shape of method under the [LuaMarshalAs] rules L's
 * process registered (SPEC 7.6 rule 1), into buf: "" when every slot
 * takes one value, else "@P1,P2,...>R" (the values each parameter takes,
 * and the results).  A stub of a shaped method is keyed by its method key
 * followed by this shape, so a state whose rules give the method another
 * shape finds no stub for it.  Returns the length; 0 also for "" (then
 * buf[0] is NUL) or when buf is too small (buf[0] NUL too) or L was not
 * opened. */
size_t zlua_bridge_shape(lua_State *L, const MethodInfo *method, char *buf, size_t size);

/* The reduced signature of method into buf ("i4(i4,i4)", "v(o;r4,r4)",
 * "new(S14:MyGame.Point2D;r4,r4)" for a struct constructor),
 * NUL-terminated; returns its length, or 0 when no stub can serve the
 * method (open generics, constructors, unsupported slots, too long). */
size_t zlua_bridge_signature(const MethodInfo *method, char *buf, size_t size);

/* "stub" or "generic" for the libzlua method function at idx (for an
 * overloaded name, of its first candidate), NULL for anything else. */
const char *zlua_bridge_kind(lua_State *L, int idx);

/* ---- what a stub calls (out of line unless said) ---- */

/* A call with another argument count than the stub's: one that leaves
 * out trailing parameters the method lets Lua omit (C# defaults, ref /
 * out / in) runs through the generic path, which fills them, and returns
 * its results; any other raises `wrong number of arguments to 'Demo.Add'
 * (2 expected, got 3)`. */
int zlua_bridge_other_count(lua_State *L, const zlua_bridge *b);
/* Runs the declaring class's class init once (static methods; raises the
 * TypeInitializationException's Lua error). */
void zlua_bridge_class_init(lua_State *L, const zlua_bridge *b);
ZLUA_STUB_INLINE void zlua_bridge_static_init(lua_State *L, const zlua_bridge *b)
{
    if (ZLUA_UNLIKELY(!*b->inited))
        zlua_bridge_class_init(L, b);
}
/* A struct constructor's stub (T(...) with T at 1): the generic path for
 * any other argument count (default(T), overloads, their messages), and
 * the new ByValUserData, zeroed, pushed, its payload returned. */
int zlua_bridge_construct(lua_State *L, const zlua_bridge *b);
/* The new ByValUserData of a constructor whose struct is not blittable
 * (its payload in a registry cell), and the by-value metatable pushed over
 * a registry entry that no longer holds it (binding the type when it has
 * none yet): zlua_bridge_new_struct's rare halves, below. */
void *zlua_bridge_new_struct_slow(lua_State *L, const zlua_bridge *b);
void zlua_bridge_struct_mt(lua_State *L, const zlua_bridge *b);
/* `this` from Lua argument 1, checked as the generic path checks it
 * (raises `calling 'X' on bad self ...`, finalized userdata, ...). */
void *zlua_bridge_self(lua_State *L, const zlua_bridge *b);
/* For a virtual method: the override for self's class, self adjusted
 * (unboxed for a value-type override). */
const MethodInfo *zlua_bridge_dispatch(const zlua_bridge *b, void **self);
/* Raises the R-DEF-1 error of parameter i's pop (code rc) at idx. */
int zlua_bridge_pop_error(lua_State *L, const zlua_bridge *b, int i, int idx, int rc);
/* Pops Lua argument idx into dst by parameter i's writer (raises the
 * R-DEF-1 error, or a managed exception the conversion threw).  Inline:
 * the writer's call is the only one on the way. */
ZLUA_STUB_INLINE void zlua_bridge_pop(lua_State *L, const zlua_bridge *b, int i, int idx,
                                      void *dst)
{
    int rc = b->pops[i](L, idx, b->params[i], dst);
    if (ZLUA_UNLIKELY(rc != 0))
        zlua_bridge_pop_error(L, b, i, idx, rc);
}
/* The first bytes of every full userdata libzlua makes, as a stub's
 * inline ref check reads them: only after lua_rawlen says the block is at
 * least this long, so a foreign userdata is never read.  (The rest of the
 * layout is libzlua's own; marshal/ud.h asserts that the two agree.) */
#if defined(__cplusplus)
#define ZLUA_ALIGN8 alignas(8)
#else
#define ZLUA_ALIGN8 _Alignas(8)
#endif
#define ZLUA_UD_MAGIC_BYVAL 0x7A4C5601u   /* a live by-value struct */
#define ZLUA_UD_MAGIC_DEAD 0x7A4C56DEu    /* one not (or no longer) usable */
typedef struct zlua_ud_head {
    uint32_t magic;
    uint32_t inlined;          /* by value: 1 when the payload follows */
    const void *cls;           /* the declared type (libzlua's binding) */
    union {
        void *cell;            /* by value, not inlined: the payload's cell */
        ZLUA_ALIGN8 unsigned char payload[8];   /* inlined: it starts here */
    } at;
} zlua_ud_head;

/* The payload of the live ByValUserData at idx when it is of exactly the
 * class cls (libzlua's binding of the type), else NULL: the head is read
 * only after lua_rawlen says the block is one of ours.  libzlua's own
 * paths use it too (the byref pop, operators on struct values). */
ZLUA_STUB_INLINE void *zlua_ud_payload_of(lua_State *L, int idx, const void *cls)
{
    zlua_ud_head *u = (zlua_ud_head *)lua_touserdata(L, idx);
    if (u == NULL || lua_rawlen(L, idx) < sizeof *u || u->magic != ZLUA_UD_MAGIC_BYVAL ||
        u->cls != cls)
        return NULL;
    return u->inlined ? (void *)u->at.payload : u->at.cell;
}

/* A struct constructor's new ByValUserData, zeroed, pushed, its payload
 * returned.  A blittable struct's is made here, inline: its payload
 * follows the head.  The head says "dead" until the userdata is whole, so
 * a GC step run by binding the metatable (finalizers included) cannot
 * take it for a live struct. */
ZLUA_STUB_INLINE void *zlua_bridge_new_struct(lua_State *L, const zlua_bridge *b)
{
    if (ZLUA_UNLIKELY(b->new_size == 0))
        return zlua_bridge_new_struct_slow(L, b);
    zlua_ud_head *u = (zlua_ud_head *)lua_newuserdatauv(L, b->new_size, 0);
    u->magic = ZLUA_UD_MAGIC_DEAD;
    u->inlined = 1;
    u->cls = b->cls;
    if (ZLUA_UNLIKELY(lua_rawgeti(L, LUA_REGISTRYINDEX, *b->cls_mt) != LUA_TTABLE))
        zlua_bridge_struct_mt(L, b);
    lua_setmetatable(L, -2);
    if (ZLUA_LIKELY(b->new_size == sizeof *u)) {
        const uint64_t zero = 0;
        memcpy(u->at.payload, &zero, sizeof zero);
    } else {
        memset(u->at.payload, 0, b->new_size - offsetof(zlua_ud_head, at));
    }
    u->magic = ZLUA_UD_MAGIC_BYVAL;
    return u->at.payload;
}

/* A byref parameter i given, at idx, a ByValUserData of exactly its
 * element type (a struct userdata, a zlua.new_ref): its payload is the
 * ref (no copy), stored at *dst, and 1; 0 for anything else, which
 * zlua_bridge_pop serves (a handle, a temp slot).  A call whose byrefs
 * are all payloads takes no OpaqueValue, so the stub opens no scope. */
ZLUA_STUB_INLINE int zlua_bridge_ref_payload(lua_State *L, const zlua_bridge *b, int i, int idx,
                                             void **dst)
{
    const void *want = b->ref_cls[i];   /* NULL: no userdata serves */
    void *payload = want != NULL ? zlua_ud_payload_of(L, idx, want) : NULL;
    if (payload == NULL)
        return 0;
    *dst = payload;
    return 1;
}
/* Pushes the result at src by the return slot's writer. */
ZLUA_STUB_INLINE void zlua_bridge_push(lua_State *L, const zlua_bridge *b, const void *src)
{
    b->ret_push(L, b->ret, src);
}
/* The same for the call's one and last result: it may leave scratch
 * values below the result (an object found in the identity cache stays
 * above the cache table), so the stub returns 1 right after it. */
void zlua_bridge_push_result(lua_State *L, const zlua_bridge *b, const void *src);
/* The scope around the call (R-OPQ-5): enter opens one and returns the
 * state to restore; leave restores it exactly (expiring what the call
 * issued).  Inline; the rare halves (growing the watermarks, dropping
 * issued handles) are out of line. */
uint64_t zlua_bridge_enter_slow(const zlua_bridge *b);
void zlua_bridge_leave_slow(const zlua_bridge *b, uint64_t mark);
ZLUA_STUB_INLINE uint64_t zlua_bridge_enter(const zlua_bridge *b)
{
    zlua_scope_counters *s = b->scope;
    if (ZLUA_UNLIKELY(s->depth >= s->mark_cap))
        return zlua_bridge_enter_slow(b);
    uint64_t mark = (uint64_t)s->size << 32 | s->depth;
    s->marks[s->depth++] = s->size;
    return mark;
}
ZLUA_STUB_INLINE void zlua_bridge_leave(const zlua_bridge *b, uint64_t mark)
{
    zlua_scope_counters *s = b->scope;
    if (s->depth > (uint32_t)mark)
        s->depth = (uint32_t)mark;
    if (ZLUA_UNLIKELY(s->size > (uint32_t)(mark >> 32)))
        zlua_bridge_leave_slow(b, mark);
}
/* Raises exc as `Type: message (in Demo.Add)` (call after leave). */
int zlua_bridge_raise(lua_State *L, const zlua_bridge *b, Il2CppException *exc);

/* A stub's storage for a byref argument: the address the method receives
 * at offset 0 and, at ZLUA_BRIDGE_BYREF_TEMP, room for the element's copy
 * when the Lua value is not a slot C# can write through (a plain value
 * becomes a temporary; R-REF-2).  zlua_bridge_pop fills both. */
#define ZLUA_BRIDGE_BYREF_TEMP 16

/* A hook generated stubs run inside their try block, right before the
 * call: ZLUA_STUB_BEFORE_CALL(mi, self) (self NULL for static methods).
 * Empty unless the build defines it, e.g. for profiling; the tests define
 * it to let the simulated runtime inject exceptions into calls. */
#ifndef ZLUA_STUB_BEFORE_CALL
#define ZLUA_STUB_BEFORE_CALL(mi, self) ((void)0)
#endif

/* The hot scalar writers, inline: same rules as the slot writers (an
 * integer in range; anything else goes to zlua_bridge_pop, which accepts
 * what the writer accepts -- exact floats -- or raises).  A float or
 * double parameter given an integer (`Point2D(1, 2)`) reads it as one:
 * lua_isinteger and lua_tointeger stay on Lua's inline paths, where
 * lua_tonumber converts an integer out of line; the value is the same,
 * (float)(lua_Number)i. */
ZLUA_STUB_INLINE void zlua_bridge_pop_i4(lua_State *L, const zlua_bridge *b, int i, int idx,
                                      int32_t *dst)
{
    if (ZLUA_LIKELY(lua_isinteger(L, idx))) {
        lua_Integer v = lua_tointeger(L, idx);
        if (ZLUA_LIKELY(v >= INT32_MIN && v <= INT32_MAX)) {
            *dst = (int32_t)v;
            return;
        }
    }
    zlua_bridge_pop(L, b, i, idx, dst);
}
ZLUA_STUB_INLINE void zlua_bridge_pop_r4(lua_State *L, const zlua_bridge *b, int i, int idx,
                                      float *dst)
{
    if (lua_isinteger(L, idx)) {   /* see below */
        *dst = (float)(lua_Number)lua_tointeger(L, idx);
        return;
    }
    if (ZLUA_LIKELY(lua_type(L, idx) == LUA_TNUMBER)) {
        *dst = (float)lua_tonumber(L, idx);
        return;
    }
    zlua_bridge_pop(L, b, i, idx, dst);
}
ZLUA_STUB_INLINE void zlua_bridge_pop_r8(lua_State *L, const zlua_bridge *b, int i, int idx,
                                      double *dst)
{
    if (lua_isinteger(L, idx)) {   /* see below */
        *dst = (double)(lua_Number)lua_tointeger(L, idx);
        return;
    }
    if (ZLUA_LIKELY(lua_type(L, idx) == LUA_TNUMBER)) {
        *dst = (double)lua_tonumber(L, idx);
        return;
    }
    zlua_bridge_pop(L, b, i, idx, dst);
}

/* ===== IC: C# calling Lua ======================================================= */

/* A C#->Lua call site: one static per IC stub, naming the Lua global the
 * stub calls.  libzlua binds it in each state on its first call there --
 * the marshal descriptors of the stub's method and the function's
 * interned name, kept by the state and released with it -- so one static
 * serves every state of the process, one after another or side by side,
 * and nothing of one state is ever used in another:
 *
 *     static zlua_ic_site site = {"OnPoint"};
 *
 * `id` is libzlua's (zero it, as a static is): the site's index in each
 * state's table of bound sites, the same in every state. */
typedef struct zlua_ic_site {
    const char *function;            /* the Lua global, NUL-terminated */
    uint32_t id;                     /* libzlua's: 0 until first bound */
} zlua_ic_site;

/* One C#->Lua call, described by the IC stub.  Arguments are read from
 * arg_slots[i] (the address of the C# argument or ref slot) and pushed by
 * their slot's IC writer: structs and byrefs as OpaqueValue, everything
 * else as a copy.  The first result is popped into ret_slot (no result
 * for void).
 *
 * With a site (what a stub uses), the slots are those of `method` as
 * zlua_meta_param binds them: nargs is its parameter count, ret_slot is
 * needed unless it returns void, arg_meta / ret_meta stay NULL.  Without
 * one (a name known only at run time), the call names the global by
 * function_len bytes at function (a NUL among them is part of the name)
 * and gives the metas, which must be L's own: a meta of another state is
 * refused.  Such a call interns the name on every call. */
typedef struct zlua_ic_call {
    zlua_ic_site *site;              /* NULL: function / function_len */
    const MethodInfo *method;        /* with site: the stub's method */
    const char *function;            /* without site: the global's name */
    size_t function_len;             /* its bytes (at least 1) */
    int nargs;
    const zlua_meta *const *arg_meta;   /* without site */
    void *const *arg_slots;
    const zlua_meta *ret_meta;       /* without site; NULL: no result */
    void *ret_slot;
    int top;                         /* private: stack top at entry */
    int function_ref;                /* libzlua's (a delegate's function):
                                        nonzero, call registry[function_ref];
                                        `function` then names it in messages */
    int restored;                    /* private: a successful invoke left
                                        the stack as it found it */
    const char *refused;             /* private: why invoke refused the call */
} zlua_ic_call;

/* Opens a scope, pushes the arguments, calls the function in protected
 * mode, pops the result, closes the scope -- on every path.  Returns
 * ZLUA_OK, ZLUA_ELUA (message: zlua_ic_error), ZLUA_EINVAL (a call it
 * refuses; zlua_ic_error says why), ZLUA_ENOMEM or ZLUA_ESTATE.  Never
 * longjmps, not even out of memory: whatever can raise runs inside the
 * protected call.  Call zlua_ic_done afterwards in every case. */
int zlua_ic_invoke(lua_State *L, zlua_ic_call *call);
/* The error message of a failed zlua_ic_invoke (valid until done); never
 * raises. */
const char *zlua_ic_error(lua_State *L, const zlua_ic_call *call,
                          size_t *len);
/* Restores the Lua stack to its state before zlua_ic_invoke (a successful
 * invoke has done so already: then this does nothing). */
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

/* ===== Delegates: Lua functions as C# delegates (R-DEL-1) =======================
 *
 * A Lua function passed where a delegate type D is expected becomes a D
 * whose Invoke lands in a native entry with IL2CPP's instance convention,
 * `ret entry(Il2CppObject *target, args..., const MethodInfo *method)`,
 * generated per reduced signature of D.Invoke (tools/stubgen) and
 * registered per type name.  The delegate is closed over a target object
 * libzlua makes (a boxed Int64 naming the function's record by index,
 * never by address); the entry hands target and its argument slots to
 * zlua_delegate_invoke, which runs the IC path (R-IC-1), and raises the
 * exception it returns from its own C++ frame:
 *
 *     static int32_t entry(Il2CppObject *target, int32_t a, int32_t b,
 *                          const MethodInfo *method) {
 *         void *args[] = {&a, &b};
 *         int32_t r{};
 *         if (Il2CppException *ex = zlua_delegate_invoke(target, args, &r))
 *             zlua_rt_raise(ex);
 *         return r;
 *     }
 *
 * The same function passed again for the same D gives the same delegate
 * while that delegate lives.  The delegate keeps the function alive; Lua
 * does not keep the delegate alive (docs/architecture.md, "Delegates"). */

/* A native entry, cast to one pointer type for the table. */
typedef void (*zlua_native_fn)(void);

/* One delegate type's entry: its runtime name
 * (il2cpp_type_get_name of the class: "MyGame.IntOp",
 * "System.Func`2[System.Int32,System.Int32]").  Sorted by type (strcmp). */
typedef struct zlua_delegate_entry {
    const char *type;
    zlua_native_fn entry;
} zlua_delegate_entry;

/* Hands the generated delegate entries to L's context, once, like
 * zlua_register_stubs.  Without them a Lua function for a delegate
 * parameter is an argument error naming the type.  ZLUA_OK, ZLUA_EINVAL
 * (NULL, not sorted, or registered already), ZLUA_ENOMEM, ZLUA_ESTATE. */
int zlua_register_delegates(lua_State *L, const zlua_delegate_entry *table, size_t count);

/* Runs the Lua function behind target with the C# arguments at args[i]
 * (the address of each argument; a byref's referenced slot itself) and
 * pops its result into ret (ignored for void).  Returns NULL, or the
 * managed exception the entry must raise (zlua_rt_raise): the Lua error
 * as a System.InvalidOperationException, the state having been closed
 * (`the lua_State of this delegate has been closed`), or a target that
 * names no record of it (`zlua: delegate target tampered with (it names
 * no Lua function of this delegate)`: code rewrote the box, or target is
 * no target libzlua made).  Never longjmps; target may be anything. */
Il2CppException *zlua_delegate_invoke(Il2CppObject *target, void *const *args, void *ret);

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
/* il2cpp_runtime_class_init(klass): runs the static constructor once.
 * *done = 1 when the class is initialised; 0 when the call returned at
 * once because this thread is still running that static constructor
 * (it called into Lua), so the caller asks again next time. */
Il2CppException *zlua_rt_class_init(Il2CppClass *klass, int *done);
/* The C# default value of parameter `index` of `method` (`int b = 5`),
 * which IL2CPP keeps in its metadata blob and exposes only through
 * libil2cpp's internals (vm::Method::GetParameterDefaultValue,
 * utils::BlobReader::GetConstantValueFromBlob): *has = 1 and the
 * constant's unboxed bytes in value (at most size, the rest zeroed); for
 * `= null` or `= default`, *has = 2 and value all zero; without a
 * default, *has = 0.  A string constant is created here, which can throw
 * (out of memory). */
Il2CppException *zlua_rt_param_default(const MethodInfo *method, uint32_t index,
                                       void *value, size_t size, int *has);
/* il2cpp_exception_from_name_msg(corlib, name_space, name, msg). */
Il2CppException *zlua_rt_exception_new(const char *name_space, const char *name,
                                       const char *msg, Il2CppException **out);
/* A delegate of ctor's class (ctor is its `.ctor(object, IntPtr)`) made as
 * `new D(target, invoke)` and closed over target with entry as its code
 * (libil2cpp's vm::Type::ConstructClosedDelegate), so that its Invoke
 * calls entry(target, args..., invoke).  Glue: the fields it sets differ
 * between libil2cpp versions. */
Il2CppException *zlua_rt_delegate_new(const MethodInfo *ctor, const MethodInfo *invoke,
                                      Il2CppObject *target, zlua_native_fn entry,
                                      Il2CppObject **out);
/* R-GEN-1: the instantiation of generic method definition `generic` for
 * the type arguments args[0..count), which IL2CPP finds only through
 * libil2cpp's internals (vm::MetadataCache::GetGenericInstanceMethod).
 * *out is NULL when the build compiled no code for it: IL2CPP has no JIT
 * to make one.  Inflating can throw (a type load failure). */
Il2CppException *zlua_rt_method_instance(const MethodInfo *generic,
                                         const Il2CppType *const *args, uint32_t count,
                                         const MethodInfo **out);
/* GC handles (il2cpp_gchandle_new / _new_weakref / _get_target / _free),
 * as uintptr_t: their type is uint32_t before Unity 6 and a pointer from
 * Unity 6 on, which only the runtime's headers tell.  0 is no handle.
 * They never throw. */
uintptr_t zlua_rt_gchandle_new(Il2CppObject *obj, int weak);
Il2CppObject *zlua_rt_gchandle_target(uintptr_t handle);
void zlua_rt_gchandle_free(uintptr_t handle);
/* Whether method->methodPointer may be called with the method's own
 * signature, as a generated stub calls it: not when it is NULL, when the
 * runtime marks the method for calls through its invoker only (IL2CPP
 * 2021.3's MethodInfo::indirect_call_via_invokers: a fully shared generic
 * instance keeps the shared code's pointer), or when the pointer is a
 * stub standing for code the build lacks (an unresolved call, which
 * raises).  Such methods keep the generic invoker, whose invoker_method
 * knows how to reach them.  Needs libil2cpp's MethodInfo: glue.  Never
 * fails. */
int zlua_rt_method_direct(const MethodInfo *method);
/* il2cpp_type_get_object(type): its System.Type object, created on first
 * use (out of memory). */
Il2CppException *zlua_rt_type_object(const Il2CppType *type, Il2CppObject **out);
/* The integer widths of the array header, which IL2CPP exports no query
 * for (its il2cpp_array_size_t is a uintptr_t; Mono's is 32 bits): the
 * size of the element count at il2cpp_offset_of_array_length_..., and of
 * one bounds entry {length; lower_bound} with where its lower bound sits.
 * Asked once per state; never fails. */
typedef struct zlua_rt_array_layout {
    uint8_t length_size;       /* 4 or 8: the count and a bound's length */
    uint8_t bound_size;        /* one bounds entry */
    uint8_t bound_lower_at;    /* its int32 lower bound */
} zlua_rt_array_layout;
void zlua_rt_array_layout_get(zlua_rt_array_layout *out);
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
