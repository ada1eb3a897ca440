/*
 * zlua.h -- libzlua's API for the embedder: open a state, scopes and
 * OpaqueValue, marshal metadata, the registries, [LuaMarshalAs] tables,
 * the GC hook, C# calling Lua (IC), registering generated tables, errors.
 * What generated stubs and delegate entries need besides is in
 * zlua_stub.h; what the player's glue provides is declared in zlua_rt.h.
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

#include "zlua_conf.h"

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

#define ZLUA_VERSION "0.2.0"

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
    ZLUA_ELUA = -5,     /* the Lua call raised; message on the stack */
    ZLUA_EVERSION = -6, /* a generated table of another stub ABI */
    ZLUA_ETHREAD = -7   /* called on a thread that does not own the state
                           (R-THREAD-1); nothing of the state was touched */
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
    size_t running;       /* C# -> Lua calls (IC calls, delegate
                             invocations) running on the state now, at any
                             depth: nonzero while any of its Lua code runs
                             under C# (R-ENV-3) */
} zlua_stats;

/* Fills *out; ZLUA_EINVAL for NULL arguments, ZLUA_ESTATE if zlua_open
 * was not called on L. */
int zlua_state_stats(lua_State *L, zlua_stats *out);

/* What libzlua reports without failing a call: a method it binds but
 * cannot call from Lua (a decimal, ref struct or TypedReference slot, more
 * parameters or a larger argument frame than the bridge takes), once per
 * method and state.  Each message is one line without a newline, starting
 * with "[ZLua] ".  Until zlua_state_set_log is called the lines go to stderr.
 * The function is called on L's thread, never from a GC callback; it must
 * not call into L. */
typedef void (*zlua_log_fn)(void *ud, const char *message);

/* Routes L's log lines to fn(ud, message) (fn NULL: they are dropped).
 * ZLUA_EINVAL for a NULL L, ZLUA_ESTATE if zlua_open was not called on L. */
int zlua_state_set_log(lua_State *L, zlua_log_fn fn, void *ud);

/* ===== What scripts may reach (R-POLICY-1) ==================================== */

/* The embedder's policy of which C# types L's scripts may reach.  A rule
 * names an assembly, a namespace or a type:
 *   "[Assembly.Name]"    every type of that assembly (its name, no ".dll")
 *   "Name.Space.*"       every type of that namespace and the ones below it
 *   "Name.Space.Type"    one type (a nested type: "Outer+Inner"); a generic
 *                        definition by its runtime name ("List`1")
 *   "*"                  every type: the default, allowed until a rule says
 *
 * For a type the most specific rule decides: a type rule before a
 * namespace rule (the longest first), a namespace rule before an assembly
 * rule, and that before "*"; between an allow and a deny of one pattern
 * the later call wins.  A constructed type is reachable when its
 * definition, each generic argument and an array's element type are.
 * libzlua's own managed entry points (the ZLua.LuaEnv and ZLuaMonoHost
 * types) are never reachable, whatever the rules say.
 *
 * The check is made where a type becomes reachable: its type table
 * (CS, CSharp, zlua.typeof, zlua.generic, nested types), an instance
 * metatable for a value C# hands over (the view is the slot's declared
 * type), a delegate type a Lua function is made into, a generic argument.
 * A denied type raises `type not accessible: NAME` there and is never
 * bound; nothing is checked per call.  Rules apply to types not yet bound:
 * set them after zlua_open and before any script runs.
 *
 * ZLUA_OK; ZLUA_EINVAL for a NULL or malformed pattern; ZLUA_ESTATE if
 * zlua_open was not called on L, or a type of L was bound already (the
 * rule could not apply to it); ZLUA_ENOMEM. */
int zlua_policy_allow(lua_State *L, const char *pattern);
int zlua_policy_deny(lua_State *L, const char *pattern);

/* The preset for untrusted scripts (mods): denies interop and unsafe
 * memory access, reflection, code generation and assembly loading, files,
 * processes and the environment, threads and tasks, sockets and the web
 * (the list: docs/lua-api.md, "What scripts may reach").  Rules added
 * afterwards refine it ("System.IO.Path" allowed again).  Return codes as
 * zlua_policy_deny's. */
#define ZLUA_POLICY_MODS 1
int zlua_policy_preset(lua_State *L, int preset);

/* Switches off loading C code into L (R-LIB-1): package.loadlib raises,
 * and require's C searchers (package.searchers' C and all-in-one loaders)
 * are removed, so `require` finds Lua files only.  For scripts that must
 * not run native code of their choice (mods).  ZLUA_OK; ZLUA_ESTATE if
 * zlua_open was not called on L; ZLUA_ENOMEM.  No package library: nothing
 * to switch off, ZLUA_OK. */
int zlua_loadlib_disable(lua_State *L);

/* ===== [LuaMarshalAs] rules (docs/marshal-rules.md; R-XML-4) =================================
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
/* Or'ed into a PARAM / RETURN site given to zlua_rules_check: the
 * method is one C# calls into Lua (a delegate type's Invoke, a method an
 * IC stub serves), so its parameters are pushed to Lua and its result
 * popped from Lua -- the direction that decides what is legal (marshal-rules.md, "illegal rules":
 * OpaqueValue only where C# pushes). */
#define ZLUA_RULE_DIR_IC 0x100

/* Where a rule was written: an attribute beats an XML rule on the same
 * site (marshal-rules.md, priority chain). */
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

/* RegisterMarshalBindingTables (R-XML-4): adds count tables to
 * the process's rule set.  Call before the states that should see them
 * bind any class of those assemblies (in practice: before zlua_open);
 * not thread-safe.  Tables and every string they point at must outlive
 * every state.  ZLUA_OK, ZLUA_EINVAL (NULL tables with count > 0, a NULL
 * assembly or rules pointer), ZLUA_ENOMEM (out of memory; none added).
 * Any number of tables may be registered. */
int zlua_rules_register(const zlua_marshal_table *tables, size_t count);

/* The parameter list of method as rules spell it, "(System.Int32,
 * MyGame.Point2D&)" (the full-signature key of lua-api.md, "Overloads", without
 * the name), into buf, NUL-terminated, with L's type names; returns its
 * length (0: buf too small, out of memory, or zlua_open was not called).
 * The compiler and the binder share it. */
size_t zlua_rules_signature(lua_State *L, const MethodInfo *method, char *buf,
                              size_t size);

/* Checks a rule against the slot it names, as the build and the binder
 * do (marshal-rules.md, "illegal rules"): 1 when legal; 0 with the reason in why
 * ("LuaMarshalType.UserData is not allowed", ...).  type: the slot's
 * type (the type itself for a type-level rule); site: ZLUA_RULE_*.  L
 * must have been opened (zlua_open). */
int zlua_rules_check(lua_State *L, const Il2CppType *type, int site, int marshal_type,
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
 * ZLUA_ESTATE when no scope is open (nothing is pushed on failure); an IC
 * call's arguments are not in a scope a push can join. */
int zlua_opaque_push(lua_State *L, void *slot, const Il2CppType *elem);

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
 * the slot apply in that direction (lua-api.md, "[LuaMarshalAs]"): an UnpackedValues
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

/* ===== Generated tables: stubs and delegate entries ==========================
 *
 * The stub generator (zlua-stubgen) writes one C++ file holding both
 * tables, compiled by the player with zlua_stub.h; the embedder only names
 * them, declared with C linkage:
 *
 *     extern const zlua_stub_table zlua_generated_stubs;
 *     extern const zlua_delegate_table zlua_generated_delegates;
 *
 * Each table records the stub ABI (ZLUA_STUB_ABI, zlua_stub.h) of the
 * header it was compiled with; libzlua refuses a table of another ABI,
 * whose layouts and helpers it would misread. */
typedef struct zlua_stub_table zlua_stub_table;
typedef struct zlua_delegate_table zlua_delegate_table;
typedef struct zlua_ic_table zlua_ic_table;

/* The stub ABI this libzlua was built with. */
unsigned zlua_stub_abi(void);

/* Hands the generated stub table to L's context, once: methods bound from
 * now on use their entry when the table has one of their signature and
 * the runtime lets their code be called directly (zlua_rt_method_direct);
 * call right after zlua_open: methods bound before keep the generic
 * invoker.  The table must outlive the state; it is searched at bind time
 * only.  ZLUA_OK; ZLUA_EVERSION (the table is of another stub ABI: one
 * line naming both goes to the state's log, nothing is registered);
 * ZLUA_EINVAL (NULL, an entry without key, signature or entry, not
 * sorted, or a table was registered already); ZLUA_ENOMEM; ZLUA_ESTATE. */
int zlua_stub_register(lua_State *L, const zlua_stub_table *table);

/* Hands the generated delegate entries to L's context, once, like
 * zlua_stub_register.  Without them a Lua function for a delegate
 * parameter is an argument error naming the type.  ZLUA_OK,
 * ZLUA_EVERSION, ZLUA_EINVAL (NULL, not sorted, or registered already),
 * ZLUA_ENOMEM, ZLUA_ESTATE. */
int zlua_delegate_register(lua_State *L, const zlua_delegate_table *table);

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
 * refused; or, with `method` and no arg_meta / ret_meta, takes the metas
 * of the method's last nargs parameters (at most 16) and of its result,
 * as a site would (a [LuaInvokeByName] method's stub: its first
 * parameter is the name, zlua_stub.h).  Such a call interns the name on
 * every call. */
typedef struct zlua_ic_call {
    zlua_ic_site *site;              /* NULL: function / function_len */
    const MethodInfo *method;        /* with site: the stub's method; without:
                                        optional, the metas' method */
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

/* Pushes the arguments (structs and byrefs as OpaqueValue handles, which
 * live until the call returns), calls the function in protected mode,
 * pops the result and expires the handles -- on every path.  Returns
 * ZLUA_OK, ZLUA_ELUA (message: zlua_ic_error), ZLUA_EINVAL (a call it
 * refuses; zlua_ic_error says why), ZLUA_ENOMEM, ZLUA_ESTATE, or
 * ZLUA_ETHREAD: the calling thread is not the one that opened L
 * (zlua_open's), and nothing of L was read beyond its context; the
 * message names both threads (R-THREAD-1; a state is never used from two
 * threads: queue the call to the state's thread instead).  Never
 * longjmps, not even out of memory: whatever can raise runs inside the
 * protected call.  A successful call has put the Lua stack back as it
 * found it; after any other return, call zlua_ic_done. */
int zlua_ic_invoke(lua_State *L, zlua_ic_call *call);
/* The error message of a failed zlua_ic_invoke (valid until done); never
 * raises. */
const char *zlua_ic_error(lua_State *L, const zlua_ic_call *call,
                          size_t *len);
/* Restores the Lua stack to its state before zlua_ic_invoke, after a call
 * that did not return ZLUA_OK (after one that did, it does nothing: the
 * stack is back already, so calling it after every call is harmless). */
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
 */
Il2CppException *zlua_ic_exception(lua_State *L, const zlua_ic_call *call);

/* R-IC-3: registers the IC stubs of the [LuaInvoke] methods the
 * generator found (the generated zlua_generated_ic, zlua_stub.h) as those
 * methods' internal calls, process-wide and before any of them is called
 * (ZLua.LuaEnv does it when it makes its first env): each row's method is
 * looked up in the loaded assemblies (a static method of that name and
 * parameter count), its MethodInfo handed to the stub, and the stub
 * registered under the row's name (zlua_rt_add_internal_call).  A row
 * whose method is not found (an assembly not loaded, a method the managed
 * linker stripped) is skipped: its method, if called, throws
 * System.MissingMethodException as any unregistered internal call.
 * *registered (may be NULL): the rows registered.  ZLUA_OK, ZLUA_EINVAL
 * (NULL table, a row without a name or stub), ZLUA_EVERSION. */
int zlua_ic_register(const zlua_ic_table *table, size_t *registered);

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_H */
