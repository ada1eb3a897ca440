/*
 * delegate.h -- Lua functions as C# delegates (R-DEL-1): the records that
 * tie a delegate's target to its Lua function, shared by the pop writer
 * (marshal/delegate_pop.c, which makes delegates) and the invocation
 * (bridge/delegate.c, which the generated entries call).
 */
#ifndef ZLUA_MARSHAL_DELEGATE_H
#define ZLUA_MARSHAL_DELEGATE_H

#include <stdint.h>
#include <string.h>

#include <lua.h>

#include "class/class.h"
#include "core/state.h"
#include "core/ptrmap.h"
#include "core/thread.h"
#include "gc/gc_shim.h"
#include "marshal/ic_shape.h"
#include "marshal/meta.h"
#include "zlua_env.h"

/* A delegate type as this state calls it: bound once, in the arena. */
typedef struct zlua__deltype {
    zlua__class *cls;
    const MethodInfo *invoke, *ctor;
    zlua_native_fn entry;            /* NULL: no generated entry */
    const zlua_meta **params;        /* Invoke's parameters, IC writers */
    const zlua_meta *ret;            /* NULL for void */
    int nparams;
    int unsupported;                 /* a slot no IC writer serves */
    zlua__ic_shape shape;             /* Invoke's IC shape, from the metas above */
    /* the runtime's record of Invoke's calls (zlua_rt.h), made at the
     * first call that asks (zlua__delegate_rt_call); NULL: not yet */
    struct zlua_rt_call *rt_call;
} zlua__deltype;

/* One Lua function made a delegate of one type.  Native memory that
 * holds no managed reference: the target and the delegate are weak
 * handles, the function a registry reference.  The target is a boxed
 * Int64 naming the record by (state serial, id index, generation), never
 * by address: a box's payload is writable (a script's `.value`, any C#
 * code), so zlua__delegates_resolve checks every part of the name before
 * a record is read.  Released by a sweep once the target is unreachable
 * (nothing can invoke it any more), or when the state closes. */
typedef struct zlua__delrec {
    int ref;                         /* registry: the Lua function */
    uint32_t id;                     /* its index in the id table */
    const zlua__deltype *type;
    const void *fn;                  /* lua_topointer(function): the key, with type;
                                        pinned while ref holds the function */
    uintptr_t target_weak, delegate_weak;   /* GC handles, 0 none */
    /* The addresses the handles last gave and the collector's epoch then
     * (gc/gc_shim.h): while the epoch has not moved they still name the
     * same live objects, so the hot paths compare or return them without
     * the collector's lock that reading a weak handle takes.  Compared or
     * handed on, never dereferenced; epoch 0: not known. */
    uintptr_t target_seen, delegate_seen;
    uintptr_t target_epoch, delegate_epoch;
} zlua__delrec;

/* A slot of the id table: the record it names now, and how many records
 * it has named before (a stale name's generation no longer matches). */
typedef struct zlua__delid {
    zlua__delrec *rec;                /* NULL: free */
    uint32_t gen;
    uint32_t next_free;              /* the free list, 0 ends it */
} zlua__delid;

struct zlua__delegates {
    const zlua_delegate_entry *entries;
    size_t nentries;
    zlua_native_fn any_entry;        /* for a type the table lacks (NULL: none) */
    zlua__ptrmap types;               /* Il2CppClass* -> zlua__deltype* */
    zlua__delrec **slots;             /* open addressing by (fn, type) */
    size_t cap, count;
    size_t sweep_at;                 /* count that triggers a sweep on insert */
    int busy;                        /* the table is being changed */
    int sentinel_mt;                 /* registry: the sweep sentinel's metatable */
    lua_State *main;                 /* the state's main thread (zlua_open's) */
    uintptr_t owner;                 /* the thread that owns it (core/thread.h) */
    unsigned long long owner_id;
    /* What targets name, changed and read under the process-wide lock
     * (marshal/delegate_pop.c): [0] is never used, so no name is 0. */
    zlua__delid *ids;
    uint32_t nids, ids_cap, ids_free;
    uint32_t serial;                 /* this state's part of every name, never 0 */
    struct zlua__delegates *next;     /* the live states' list */
};

/* What an invocation takes from its record, copied under the lock. */
typedef struct zlua__delcall {
    lua_State *L;                    /* the state's main thread */
    uintptr_t owner;                 /* the thread that may run it (R-THREAD-1) */
    unsigned long long owner_id;
    const zlua__deltype *type;
    int ref;
} zlua__delcall;

#define ZLUA_DEL_FOUND 0
#define ZLUA_DEL_CLOSED 1            /* the name's state was closed */
#define ZLUA_DEL_FORGED 2            /* no record of this target, in no state */

/* This thread's last resolve of a target to a record of a state the
 * thread owns (the only calls that go on to run: R-THREAD-1).  While the
 * collector has not run since (the object at the target's address is the
 * same one, an Int64 box, and every weak handle as it was), no record
 * was released in any state (the state is open, the record its own)
 * and the target holds the same name (a script may rewrite a box's
 * value), resolving again gives the same answer: a delegate C# calls in
 * a loop is resolved once per collection.  Each thread's own, so that
 * a record's release on the owner's thread is seen by its next call.
 * Kept by delegate_pop.c, read inline by every invocation. */
typedef struct zlua__delkept {
    const void *target;              /* compared, never read through */
    const void *payload;             /* its Int64, while target is the same
                                        object (unboxed when kept) */
    uint64_t name;
    uintptr_t epoch;                 /* the collector's when resolved, nonzero */
    uint32_t released;               /* zlua__del_released then */
    zlua__delcall call;
} zlua__delkept;

/* What a C# -> Lua call on this thread reads of the thread's own, in one
 * variable (a shared library finds it with one lookup per call): the
 * last resolve, and the innermost run frame of env_run.h (which state a
 * C# -> Lua call reaches; that module's, kept here beside it). */
typedef struct zlua__thread_calls {
    zlua__delkept kept;
    zlua_env_run *run_top;
} zlua__thread_calls;

extern ZLUA_HIDDEN ZLUA_THREAD_LOCAL zlua__thread_calls zlua__calls;
/* How many records were released, in any state: changed under the
 * process-wide lock, read without it by the kept check (relaxed). */
extern ZLUA_HIDDEN uint32_t zlua__del_released;

/* The resolve proper, under the lock, keeping its answer for this thread
 * when the record's state is the thread's own. */
int zlua__delegates_resolve_slow(Il2CppObject *target, zlua__delcall *out);

/* Finds the record target names (the invocation, bridge/delegate.c).
 * target may come from anywhere: nothing in it is dereferenced before
 * the name was checked against the tables and the record's own weak
 * handle names this very object (the kept resolve reads the Int64 of an
 * object that was that box, unmoved and alive while the epoch holds).
 * zlua__delegates_kept: the kept answer alone, in tc (NULL: not kept),
 * valid until this thread resolves again -- the Lua code a call runs may:
 * take what the call needs of it first. */
static inline const zlua__delcall *zlua__delegates_kept(const zlua__thread_calls *tc,
                                                        Il2CppObject *target)
{
    const zlua__delkept *h = &tc->kept;
    /* a thread's unset kept resolve names no object (zlua__calls's
     * initializer): a NULL target misses too */
    if (ZLUA_LIKELY(h->target == target)) {
        uintptr_t epoch = zlua__gc_epoch();
#if ZLUA_MSVC
        uint32_t released = *(const volatile uint32_t *)&zlua__del_released;
#else
        uint32_t released = __atomic_load_n(&zlua__del_released, __ATOMIC_RELAXED);
#endif
        uint64_t name;
        if (ZLUA_LIKELY(epoch == h->epoch && h->released == released) &&
            (memcpy(&name, h->payload, sizeof name), name == h->name))
            return &h->call;
    }
    return NULL;
}

static inline int zlua__delegates_resolve(Il2CppObject *target, zlua__delcall *out)
{
    const zlua__thread_calls *tc = &zlua__calls;
    ZLUA_TLS_PIN(tc);
    const zlua__delcall *kept = zlua__delegates_kept(tc, target);
    if (ZLUA_LIKELY(kept != NULL)) {
        *out = *kept;
        return ZLUA_DEL_FOUND;
    }
    return zlua__delegates_resolve_slow(target, out);
}

/* t's call record in L's state, made at the first call (a runtime that
 * serves a delegate's Invoke itself reads it: the Mono backend's register
 * entries); NULL where the runtime keeps none, or memory ran out (then
 * the next call tries again).  t must be a type of L's state. */
struct zlua_rt_call *zlua__delegate_rt_call(lua_State *L, const zlua__deltype *t);

/* The delegates of ctx, made on first use; NULL when memory ran out. */
struct zlua__delegates *zlua__delegates_get(zlua__ctx *ctx);
/* The generated delegate entries of ctx's state (zlua_delegate_register,
 * bridge/delegate.c, after its checks of the table's ABI): ZLUA_OK, or
 * ZLUA_EINVAL (an entry without type or code, not sorted by type, or a
 * table was registered already), ZLUA_ENOMEM. */
int zlua__delegates_set_table(zlua__ctx *ctx, const zlua_delegate_entry *table, size_t count);
/* For a runtime that makes every delegate type's code itself (Mono's
 * JIT: the Editor backend, src/mono): entry stands for each type the
 * registered table lacks, those of assemblies loaded later included.
 * ZLUA_OK, ZLUA_EINVAL (NULL), ZLUA_ENOMEM, ZLUA_ESTATE. */
int zlua__delegates_accept_any(lua_State *L, zlua_native_fn entry);
/* Releases the records whose target is gone (their functions unref'd). */
void zlua__delegates_sweep(lua_State *L, zlua__ctx *ctx);

#endif
