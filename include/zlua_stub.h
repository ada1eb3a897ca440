/*
 * zlua_stub.h -- what generated code needs: the MethodBridge stubs (Lua
 * calling C#) and the delegate entries that zlua-stubgen writes.  The
 * layouts a stub reads inline (the bound method, the state's head, the
 * first bytes of a userdata), the inline helpers every stub call runs,
 * the out-of-line helpers they call, and the two generated tables.
 *
 * Everything here is the stub ABI: a table compiled with this header
 * records ZLUA_STUB_ABI, and zlua_stub_register / zlua_delegate_register
 * refuse one of another ABI.  The number changes whenever a layout or a
 * helper's contract here does; a file generated for another number stops
 * at compile time (it checks the number it was generated for).
 */
#ifndef ZLUA_STUB_H
#define ZLUA_STUB_H

#include "zlua.h"
#include "zlua_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ZLUA_STUB_ABI 1u

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
    const void *const *ref_cls;     /* the class of a userdata that serves
                                       params[i] directly: a byref's element
                                       (a ByValUserData's payload is the
                                       ref), a plain reference parameter's
                                       declared type (an object userdata of
                                       that view passes its object); else
                                       NULL */
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

/* The description of the method table[index] names, bound in L's state:
 * what an entry passes to its stub.  Raises when L's state has not bound
 * that method (an entry can only be reached after it did). */
const zlua_bridge *zlua_bridge_at_slow(lua_State *L, size_t index);

ZLUA_INLINE const zlua_bridge *zlua_bridge_at(lua_State *L, size_t index)
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
 * process registered (lua-api.md, "Overloads" 1), into buf: "" when every slot
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
ZLUA_INLINE void zlua_bridge_static_init(lua_State *L, const zlua_bridge *b)
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
ZLUA_INLINE void zlua_bridge_pop(lua_State *L, const zlua_bridge *b, int i, int idx,
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
#define ZLUA_UD_MAGIC_BYVAL 0x7A4C5601u   /* a live by-value struct */
#define ZLUA_UD_MAGIC_BYOBJ 0x7A4C5602u   /* a live object reference */
#define ZLUA_UD_MAGIC_DEAD 0x7A4C56DEu    /* one not (or no longer) usable */
typedef struct zlua_ud_head {
    uint32_t magic;
    uint32_t inlined;          /* by value: 1 when the payload follows */
    const void *cls;           /* the declared type (libzlua's binding) */
    union {
        void *cell;            /* by value, not inlined: the payload's cell;
                                  an object reference: the object */
        ZLUA_ALIGN8 unsigned char payload[8];   /* inlined: it starts here */
    } at;
} zlua_ud_head;

/* The head of the userdata at idx when it says `magic` and is of exactly
 * the class cls (libzlua's binding of the type), else NULL: the head is
 * read only after lua_rawlen says the block is long enough to be one of
 * ours, so a foreign userdata is never read past its end. */
ZLUA_INLINE zlua_ud_head *zlua_ud_head_of(lua_State *L, int idx, uint32_t magic,
                                          const void *cls)
{
    zlua_ud_head *u = (zlua_ud_head *)lua_touserdata(L, idx);
    if (u == NULL || lua_rawlen(L, idx) < sizeof *u || u->magic != magic || u->cls != cls)
        return NULL;
    return u;
}

/* The payload of the live ByValUserData at idx when it is of exactly the
 * class cls, else NULL.  libzlua's own paths use it too (the byref pop,
 * operators on struct values). */
ZLUA_INLINE void *zlua_ud_payload_of(lua_State *L, int idx, const void *cls)
{
    zlua_ud_head *u = zlua_ud_head_of(L, idx, ZLUA_UD_MAGIC_BYVAL, cls);
    if (u == NULL)
        return NULL;
    return u->inlined ? (void *)u->at.payload : u->at.cell;
}

/* A struct constructor's new ByValUserData, zeroed, pushed, its payload
 * returned.  A blittable struct's is made here, inline: its payload
 * follows the head.  The head says "dead" until the userdata is whole, so
 * a GC step run by binding the metatable (finalizers included) cannot
 * take it for a live struct. */
ZLUA_INLINE void *zlua_bridge_new_struct(lua_State *L, const zlua_bridge *b)
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
ZLUA_INLINE int zlua_bridge_ref_payload(lua_State *L, const zlua_bridge *b, int i, int idx,
                                             void **dst)
{
    const void *want = b->ref_cls[i];   /* NULL: no userdata serves */
    void *payload = want != NULL ? zlua_ud_payload_of(L, idx, want) : NULL;
    if (payload == NULL)
        return 0;
    *dst = payload;
    return 1;
}
/* A reference parameter i (class, interface, array, delegate, object)
 * given, at idx, a live object userdata of exactly its declared type: the
 * object, stored at *dst, inline; anything else (another view, a handle,
 * nil, a value to box, a rule's slot: ref_cls NULL) through the slot's
 * writer, with its errors. */
ZLUA_INLINE void zlua_bridge_pop_obj(lua_State *L, const zlua_bridge *b, int i, int idx,
                                     void *dst)
{
    const void *want = b->ref_cls[i];   /* NULL: the writer decides */
    const zlua_ud_head *u =
        want != NULL ? zlua_ud_head_of(L, idx, ZLUA_UD_MAGIC_BYOBJ, want) : NULL;
    if (ZLUA_LIKELY(u != NULL)) {
        memcpy(dst, &u->at.cell, sizeof u->at.cell);
        return;
    }
    zlua_bridge_pop(L, b, i, idx, dst);
}
/* Pushes the result at src by the return slot's writer. */
ZLUA_INLINE void zlua_bridge_push(lua_State *L, const zlua_bridge *b, const void *src)
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
ZLUA_INLINE uint64_t zlua_bridge_enter(const zlua_bridge *b)
{
    zlua_scope_counters *s = b->scope;
    if (ZLUA_UNLIKELY(s->depth >= s->mark_cap))
        return zlua_bridge_enter_slow(b);
    uint64_t mark = (uint64_t)s->size << 32 | s->depth;
    s->marks[s->depth++] = s->size;
    return mark;
}
ZLUA_INLINE void zlua_bridge_leave(const zlua_bridge *b, uint64_t mark)
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
ZLUA_INLINE void zlua_bridge_pop_i4(lua_State *L, const zlua_bridge *b, int i, int idx,
                                      int32_t *dst)
{
    if (ZLUA_LIKELY(lua_isinteger(L, idx))) {
        lua_Integer v = lua_tointeger(L, idx);
        /* in range: it survives the round trip (one compare, where gcc
         * makes two of a range test) */
        if (ZLUA_LIKELY((lua_Integer)(int32_t)v == v)) {
            *dst = (int32_t)v;
            return;
        }
    }
    zlua_bridge_pop(L, b, i, idx, dst);
}
ZLUA_INLINE void zlua_bridge_pop_r4(lua_State *L, const zlua_bridge *b, int i, int idx,
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
ZLUA_INLINE void zlua_bridge_pop_r8(lua_State *L, const zlua_bridge *b, int i, int idx,
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

/* One delegate type's entry: its runtime name
 * (il2cpp_type_get_name of the class: "MyGame.IntOp",
 * "System.Func`2[System.Int32,System.Int32]").  Sorted by type (strcmp). */
typedef struct zlua_delegate_entry {
    const char *type;
    zlua_native_fn entry;
} zlua_delegate_entry;

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

/* ---- IC stubs of [LuaInvoke] methods (R-IC-3) ----------------------------------
 *
 * zlua-stubgen writes one IC stub per `static extern` InternalCall method
 * carrying ZLua.LuaInvokeAttribute: a function with the method's own
 * parameters as an internal call receives them (scalars, references as
 * pointers, structs by value as their generated C++ struct, byrefs as
 * pointers; no MethodInfo), which calls the Lua global through one
 * static zlua_ic_site on the state zlua_env_current() names, and raises a
 * Lua error as the managed exception from its own frame.  Its row in
 * zlua_generated_ic names the method; zlua_ic_register resolves it, sets
 * the stub's MethodInfo and registers the stub as the method's internal
 * call (zlua_rt_add_internal_call). */
typedef struct zlua_ic_entry {
    const char *icall;               /* "Namespace.Class::Method" (nested: "Outer/Inner") */
    const char *assembly;            /* "Assembly-CSharp" */
    const char *name_space;          /* "MyGame" ("" for none) */
    const char *klass;               /* "LuaCalls"; nested "Outer/Inner" */
    const char *method;              /* "OnPointSum" */
    uint32_t param_count;
    const MethodInfo **method_info;  /* the stub's: set by zlua_ic_register */
    zlua_native_fn fn;               /* the stub */
} zlua_ic_entry;

/* The exception of an IC stub called with no state to reach
 * (zlua_env_current() is NULL): a System.InvalidOperationException naming
 * the method ("Namespace.Class::Method"), made through the glue. */
Il2CppException *zlua_ic_no_state(const char *icall);

/* A [LuaInvokeByName] method's IC stub (ZLua.LuaInvokeByNameAttribute)
 * calls the Lua global its first argument, a string, names: the stub
 * converts it here, into name (ZLUA_IC_NAME_MAX + 1 bytes: the UTF-8
 * bytes, a NUL after them; a NUL among them is part of the name) and
 * *len, and calls without a site: zlua_ic_call's function /
 * function_len, its method, nargs one less than its parameters, no
 * arg_meta (libzlua takes the other parameters' metas and the result's).
 * NULL, or the exception to raise (name then empty): a
 * System.ArgumentNullException naming param for a null string, a
 * System.ArgumentException for one longer than ZLUA_IC_NAME_MAX bytes. */
#define ZLUA_IC_NAME_MAX 255
Il2CppException *zlua_ic_function_name(Il2CppString *fn, const char *param, char *name,
                                       size_t *len);

/* The generated tables (zlua.h names them).  abi stays their first member
 * in every version, so that any libzlua can read it to refuse the rest. */
struct zlua_stub_table {
    unsigned abi;                    /* ZLUA_STUB_ABI */
    const zlua_stub_entry *entries;
    size_t count;
};
struct zlua_delegate_table {
    unsigned abi;                    /* ZLUA_STUB_ABI */
    const zlua_delegate_entry *entries;
    size_t count;
};
struct zlua_ic_table {
    unsigned abi;                    /* ZLUA_STUB_ABI */
    const zlua_ic_entry *entries;
    size_t count;
};

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_STUB_H */
