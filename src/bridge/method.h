/*
 * method.h -- MethodBridge: Lua calling C# (R-META-1, R-META-3, R-DEF-4).
 *
 * Each public method is bound once into a zlua__method: its metas, the
 * offsets of its argument slots in a stack frame, and its overload chain.
 * A call pops every argument by its meta into the frame (pops never
 * raise, so nothing is held when an argument error is raised), opens a
 * scope, invokes through IL2CPP's invoker shape, closes the scope, and
 * only then raises a managed exception as a Lua error or pushes the
 * result.
 */
#ifndef ZLUA_METHOD_H
#define ZLUA_METHOD_H

#include <stdint.h>

#include <lua.h>

#include <string.h>

#include "class/class.h"
#include "marshal/meta.h"
#include "marshal/ud.h"

#define ZLUA_MAX_PARAMS 16
#define ZLUA_SIMPLE_PARAMS 4         /* parameters of a simple method, at most */
#define ZLUA_SIMPLE_RET_WORDS 8      /* the result a simple method's cells hold */
#define ZLUA_FRAME_BYTES 1024

struct zlua__overloads;

typedef struct zlua__method {
    /* what the stub reads (zlua_stub.h): also the method's own MethodInfo
     * (bridge.method), declaring class (bridge.cls, zlua__method_owner),
     * display name for messages (bridge.display), result meta
     * (bridge.ret), parameter count, instance and virtual flags, the
     * params' pops and ref classes and the context's scope stack
     * (bridge.scope, zlua__method_scope): one copy, read by both paths */
    zlua_bridge bridge;
    uint8_t kinds[ZLUA_SIMPLE_PARAMS]; /* params[i]->kind, i < 4 */
    uint8_t ret_kind;            /* ret->kind, ZLUA_K_VOID without a result */
    const char *signature;       /* "Add(System.Int32,System.Int32)" */
    const char *why;             /* unsupported: the reason, for messages */
    /* C# default values of params[nrequired..nparams) at their frame
     * offsets (defaults.c); a set bit of default_handles: that slot holds
     * the GC handle of a string default instead */
    const unsigned char *defaults;
    uint16_t default_handles;
    uint16_t default_byrefs;     /* omitted byref: a zeroed temp slot */
    /* a set bit i: parameter i is a plain object slot and the result is
     * pushed by the plain object writer, so a result that is argument i's
     * object, viewed as the result's type, is that argument's userdata
     * itself (what the identity cache would return; method_call.h) */
    uint16_t ret_args;
    /* the result is one plain object (the object writer, one Lua value):
     * pushed as the call's last value, an identity-cache hit leaves the
     * cache table below it (the entry returns 1) */
    uint8_t ret_byobj;
    uint8_t scoped;              /* the call opens its own scope (R-OPQ-5) */
    const zlua_meta *params[ZLUA_MAX_PARAMS];
    /* lua-api.md, "Overloads" 1: Lua argument j is scored against slots[j] (a
     * parameter's meta, or a member's of an UnpackedValues parameter);
     * parameter i starts at Lua argument slot_of[i] */
    const zlua_meta *slots[ZLUA_MAX_PARAMS];
    uint8_t slot_of[ZLUA_MAX_PARAMS + 1];
    uint8_t nslots;              /* Lua arguments taken: slot_of[nparams] */
    uint8_t nreq_slots;          /* slot_of[nrequired] */
    uint8_t multi;               /* some parameter takes other than one value */
    uint8_t ret_slots;           /* Lua values the result pushes */
    uint16_t offsets[ZLUA_MAX_PARAMS];
    uint16_t ret_offset;
    uint8_t nrequired;           /* leading parameters without a default */
    uint8_t is_ctor;
    uint8_t unsupported;         /* cannot be called from Lua: why says why */
    uint8_t scalar_shape;        /* <= 4 scalar params, scalar or no result:
                                    the lean entries serve it */
    uint8_t simple;              /* static, parameters of a 64-bit cell each
                                    (scalars, small structs), a result of at
                                    most ZLUA_SIMPLE_RET_WORDS words */
    /* static, scalar parameters and payload refs (a bit per byref
     * parameter a ByValUserData can serve), scalar or no result: the
     * simple ref entry serves it; 0: another shape */
    uint8_t simple_refs;
    struct zlua__method *next;    /* next overload of the same Lua name */
    const struct zlua__overloads *overloads; /* the head's, by arity: overload.c */
    lua_CFunction stub;          /* the generated entry, NULL: generic invoker */
    zlua_stub_body stub_body;    /* its body, when the table gives it */
    /* its args body (zlua.h), for scalar and plain struct parameters: what
     * the indexer, getter, memo and operator paths call with the
     * arguments read */
    zlua_stub_args stub_args;
    uint32_t closure;            /* index in the context's closure table, 0: none */
    uint8_t entry;               /* its generic entry (zlua__entry_kind), set with closure */
    /* that entry's body for this method's own shape and parameter count
     * (method_entry.c), set with closure: what every closure of it runs */
    int (*run)(lua_State *L, const struct zlua__method *m);
#if defined(ZLUA_RT_CALLS)
    /* the runtime's record of calls to bridge.method, made at the first
     * (zlua__method_rt_invoke); NULL: not yet */
    struct zlua_rt_call *rt_call;
#endif
} zlua__method;

/* m's declaring class and its context's scope stack, kept in its bridge
 * (bridge.cls, bridge.scope: the counters begin the scope stack). */
static inline zlua__class *zlua__method_owner(const zlua__method *m)
{
    return (zlua__class *)m->bridge.cls;
}
static inline struct zlua__scope *zlua__method_scope(const zlua__method *m)
{
    return (struct zlua__scope *)m->bridge.scope;
}

/* Binds mi (NULL when it has more than ZLUA_MAX_PARAMS parameters or a
 * frame too large: reported as unsupported at call time instead). */
zlua__method *zlua__method_bind(zlua__ctx *ctx, zlua__class *owner,
                              const MethodInfo *mi);
/* The same for a property accessor: the rules of the property (marshal-rules.md, priority chain;
 * member level) reach the getter's result and the setter's value. */
zlua__method *zlua__method_bind_accessor(zlua__ctx *ctx, zlua__class *owner,
                                       const MethodInfo *mi, const char *property);

/* The number of parameters the n Lua arguments fill (lua-api.md, "Overloads" 1),
 * or -1 when n ends inside a multi-value parameter.  Inline: the generic
 * calls (method_call.h) ask it on every call of a multi-value method. */
static inline int zlua__method_params_for(const zlua__method *m, int n)
{
    if (!m->multi)
        return n;
    for (int i = 0; i <= m->bridge.nparams; i++)
        if (m->slot_of[i] == n)
            return i;
    return -1;
}
/* Raises the argument-count error of the single method m for n. */
int zlua__method_raise_arity(lua_State *L, const zlua__method *m, int n);

/* The generic entries (method_entry.c): which one serves a closure. */
typedef enum zlua__entry_kind {
    ZLUA_ENTRY_GENERAL,
    ZLUA_ENTRY_OVERLOADED,
    ZLUA_ENTRY_INSTANCE,
    ZLUA_ENTRY_SIMPLE,
    ZLUA_ENTRY_SIMPLE_REF
} zlua__entry_kind;

/* The trampolines (trampoline.c): light C functions, one per closure
 * table index below ZLUA_TRAMPOLINES ([0] unused), each calling
 * zlua__method_entry_at with its own index. */
#define ZLUA_TRAMPOLINES 512
extern const lua_CFunction zlua__trampolines[ZLUA_TRAMPOLINES];
/* Runs the closure at index of L's closure table by its entry kind. */
int zlua__method_entry_at(lua_State *L, uint32_t index);
/* Makes ctx's closure table as long as the trampolines need (what
 * zlua__method_entry_at relies on); zlua_open calls it first.  Raises
 * on memory. */
void zlua__method_open(lua_State *L, zlua__ctx *ctx);

/* Pushes the Lua function that calls the overload chain `head`. */
void zlua__method_push_closure(lua_State *L, zlua__method *head);
/* The same through the generic invoker even when head has a stub (for
 * the testbed and the benchmark's generic row). */
void zlua__method_push_generic_closure(lua_State *L, zlua__method *head);
/* The same as a C closure keeping head's index in an upvalue (what
 * closures past the trampolines get; the testbed's safety specs). */
void zlua__method_push_upvalue_closure(lua_State *L, zlua__method *head);

/* Pushes a new ByValUserData of m's owner (a value type) constructed by
 * the constructor m from the Lua arguments [base, base+nparams), and
 * returns 1.  m has the scalar shape: the arguments are popped first, so a
 * bad one raises before anything is allocated. */
int zlua__method_new_struct(lua_State *L, const zlua__method *m, int base);

/* The candidates of one Lua name by Lua argument count, made at bind
 * time (lua-api.md, "Overloads" 1): cands[first[n] .. first[n] + count[n]) apply to
 * n arguments, the exact[n] that need no omitted default first, each
 * group in declaration order. */
#define ZLUA_MEMO_ARGS 4

typedef struct zlua__overloads {
    uint32_t first[ZLUA_MAX_PARAMS + 1];
    uint32_t count[ZLUA_MAX_PARAMS + 1];
    uint32_t exact[ZLUA_MAX_PARAMS + 1];
    /* the last choice per argument count up to ZLUA_MEMO_ARGS, by the
     * arguments' score keys (zlua__score_arg.key): a call whose arguments
     * score alike makes the same choice without scoring */
    struct zlua__overload_memo {
        uint64_t keys[ZLUA_MEMO_ARGS];
        const struct zlua__method *chosen;   /* NULL: empty */
    } memo[ZLUA_MEMO_ARGS + 1];
    const zlua__method *cands[];
} zlua__overloads;

/* Buckets the chain `head` by argument count into head->overloads; 0
 * when memory ran out (overload.c). */
int zlua__method_index_overloads(zlua__ctx *ctx, zlua__method *head);

/* Picks the overload for the Lua arguments [base, base+n) or raises
 * `no overload for ...` (a single method: the argument-count error).
 * Scoring allocates nothing; only the chosen method's pops convert. */
const zlua__method *zlua__method_select(lua_State *L, const zlua__method *head,
                                      int base, int n);

/* The same without raising: NULL when no candidate applies.  head must
 * have been indexed (zlua__method_index_overloads), even alone: operators
 * and indexers (R-OP-1, R-IDX-1) raise their own errors. */
const zlua__method *zlua__method_select_quiet(lua_State *L, const zlua__method *head,
                                            int base, int n);
/* How many usable candidates of head take the value at idx as their first
 * argument (an indexer's key); *first: the first of them.  Scores only. */
int zlua__method_first_arg_fits(lua_State *L, const zlua__method *head, int idx,
                               const zlua__method **first);

/* The candidate the last one-argument selection over head chose, when
 * that argument was an integer of the same ranges as key (what the
 * choice depends on): the indexer's integer keys skip scoring.  NULL
 * when there is no such memo (select_quiet decides, and fills it). */
static inline const zlua__method *zlua_method_select_int(const zlua__method *head,
                                                        lua_Integer key)
{
    const zlua__overloads *ov = head->overloads;
    if (ov == NULL)
        return NULL;
    const struct zlua__overload_memo *slot = &ov->memo[1];
    return slot->chosen != NULL && slot->keys[0] == zlua_meta_score_int_key(key) ? slot->chosen
                                                                                : NULL;
}

/* The memo's answer for one integer argument at base where the last
 * one-argument call over head (several candidates) had one, as
 * zlua__method_select would answer: two Lua calls, no scoring.  The low
 * byte of an integer's score key is the same for every integer and no
 * other key's (meta.h), so only a call after an integer one asks
 * lua_isinteger here.  NULL: select decides. */
static inline const zlua__method *zlua_method_select_int_arg(lua_State *L,
                                                            const zlua__method *head, int base,
                                                            lua_Integer *v)
{
    const zlua__overloads *ov = head->overloads;
    if (ov == NULL || head->next == NULL || ov->memo[1].chosen == NULL ||
        (ov->memo[1].keys[0] & 0xFFu) != (zlua_meta_score_int_key(0) & 0xFFu) ||
        !lua_isinteger(L, base))
        return NULL;
    *v = lua_tointeger(L, base);
    return zlua_method_select_int(head, *v);
}

/* m called with the stack holding exactly its call: self at 1 then the
 * arguments for an instance method, the arguments from 1 for a static
 * one.  Through m's generated stub when it has one (no invoker, no
 * argument frame), else the generic invoker with this_ptr.  For the
 * member paths (indexers, operators) that select a method themselves. */
#define zlua_method_call_exact(L, m, this_ptr)                                        \
    ((m)->stub_body != NULL &&                                                       \
             lua_gettop(L) == (m)->bridge.nparams + ((m)->bridge.instance ? 1 : 0)   \
         ? (m)->stub_body((L), &(m)->bridge)                                           \
         : zlua__method_call((L), (m), (m)->bridge.instance ? 2 : 1, (this_ptr)))

/* Pops the arguments at [base, base+nparams), invokes with this, pushes
 * the result (returns the number of results).  Raises Lua errors for bad
 * arguments and managed exceptions, after releasing the call's scope. */
int zlua__method_call(lua_State *L, const zlua__method *m, int base,
                     void *this_ptr);

/* The same with n arguments, nrequired <= n <= nparams: the omitted
 * trailing ones take their defaults (C# values, or temps for byrefs). */
int zlua__method_call_n(lua_State *L, const zlua__method *m, int base, int n,
                       void *this_ptr);

/* Like zlua__method_call but writes the unboxed result to ret instead of
 * pushing it (constructors, property getters used internally). */
void zlua__method_invoke(lua_State *L, const zlua__method *m, int base, int n,
                        void *this_ptr, void *ret);

/* Calls m, an instance method of the scalar shape without parameters (a
 * property getter), on this_ptr, which the caller took from a checked
 * userdata, and pushes its result (1) or raises its exception. */
int zlua__method_call_getter(lua_State *L, const zlua__method *m, void *this_ptr);

/* The method behind the libzlua function at idx (a closure of the generic
 * entries, or a registered stub entry), or NULL. */
const zlua__method *zlua__method_of_function(lua_State *L, int idx);

/* `this` for m from the self argument at 1 (R-THIS-1), or raises. */
void *zlua__method_self(lua_State *L, const zlua__method *m);

/* stub.c: the index of mi's entry in the registered table (-1: none),
 * publishing a bound method for it, its entry, and the reverse lookup. */
long zlua__stub_find(zlua__ctx *ctx, const zlua__method *m);
/* m's shape suffix (zlua_bridge_shape) into buf; "" for one value a slot. */
void zlua__stub_shape(const zlua__method *m, char *buf, size_t size);
void zlua__stub_publish(zlua__ctx *ctx, long index, const zlua_bridge *b);
lua_CFunction zlua__stub_entry_fn(const zlua__ctx *ctx, long index);
zlua_stub_body zlua__stub_entry_body(const zlua__ctx *ctx, long index);
zlua_stub_args zlua__stub_entry_args(const zlua__ctx *ctx, long index);
const zlua_bridge *zlua__stub_of_entry(const zlua__ctx *ctx, lua_CFunction f);

/* Reads the C# default values of m's trailing optional parameters and
 * lowers m->nrequired past them (lua-api.md, "Overloads" 1); 0 when memory ran out.
 * A default it cannot read leaves its parameter required. */
int zlua__method_bind_defaults(zlua__ctx *ctx, zlua__method *m, uint32_t frame_bytes);

/* Raises `'T.M' cannot be called from Lua: WHY` (m->unsupported). */
int zlua__method_raise_unsupported(lua_State *L, const zlua__method *m);

/* Raises the Lua error for a managed exception (after cleanup). */
int zlua__method_raise_exception(lua_State *L, const zlua__method *m,
                                Il2CppException *exc);

/* One int32 argument v already read (`bag[3]`, `Demo.Pick(1)` from the
 * memo) handed to m's stub args body, with self (NULL for a static m):
 * 1 and the body's result count in *nret when m takes exactly that -- an
 * args body, one int32 parameter -- and v fits; 0 otherwise, and nothing
 * was done. */
static inline int zlua_method_args_i4(lua_State *L, const zlua__method *m, void *self,
                                      lua_Integer v, int *nret)
{
    if (m->stub_args == NULL || m->bridge.nparams != 1 || m->kinds[0] != ZLUA_K_I4 ||
        (lua_Integer)(int32_t)v != v)   /* out of range (meta.h's test) */
        return 0;
    int32_t i4 = (int32_t)v;
    void *args[1] = {&i4};
    *nret = m->stub_args(L, &m->bridge, self, args);
    return 1;
}

/* m's result at src when m->ret_byobj, pushed as the C function's last
 * value: an identity-cache hit leaves the cache table below it
 * (zlua__ud_push_byobj_last); the generic entries and the stubs' result
 * push (zlua_bridge_push_result) both end here. */
static inline void zlua_method_push_object_last(lua_State *L, const zlua__method *m,
                                                const void *src)
{
    Il2CppObject *obj;
    memcpy(&obj, src, sizeof obj);
    zlua__ud_push_byobj_last(L, m->bridge.ret->cls, obj);
}

#endif
