/*
 * delegate.h -- Lua functions as C# delegates (R-DEL-1): the records that
 * tie a delegate's target to its Lua function, shared by the pop writer
 * (marshal/delegate.c, which makes delegates) and the invocation
 * (bridge/delegate.c, which the generated entries call).
 */
#ifndef ZLUA_MARSHAL_DELEGATE_H
#define ZLUA_MARSHAL_DELEGATE_H

#include <stdint.h>

#include <lua.h>

#include "class/class.h"
#include "core/context.h"
#include "core/ptrmap.h"
#include "marshal/meta.h"

/* A delegate type as this state calls it: bound once, in the arena. */
typedef struct zlua_deltype {
    zlua_class *cls;
    const MethodInfo *invoke, *ctor;
    zlua_native_fn entry;            /* NULL: no generated entry */
    const zlua_meta **params;        /* Invoke's parameters, IC writers */
    const zlua_meta *ret;            /* NULL for void */
    int nparams;
    int unsupported;                 /* a slot no IC writer serves */
} zlua_deltype;

#define ZLUA_DELREC_MAGIC 0x7a64656cu

/* One Lua function made a delegate of one type.  Native memory that
 * holds no managed reference: the target (a boxed IntPtr holding this
 * record's address) and the delegate are weak handles, the function a
 * registry reference.  Released by a sweep once the target is
 * unreachable (nothing can invoke it any more), or when the state
 * closes, after the live targets were zeroed. */
typedef struct zlua_delrec {
    uint32_t magic;
    int ref;                         /* registry: the Lua function */
    lua_State *L;                    /* the state's main thread */
    const zlua_deltype *type;
    const void *fn;                  /* lua_topointer(function): the key, with type;
                                        pinned while ref holds the function */
    uintptr_t target_weak, delegate_weak;   /* GC handles, 0 none */
} zlua_delrec;

struct zlua_delegates {
    const zlua_delegate_entry *entries;
    size_t nentries;
    zlua_ptrmap types;               /* Il2CppClass* -> zlua_deltype* */
    zlua_delrec **slots;             /* open addressing by (fn, type) */
    size_t cap, count;
    size_t sweep_at;                 /* count that triggers a sweep on insert */
    int busy;                        /* the table is being changed */
    int sentinel_mt;                 /* registry: the sweep sentinel's metatable */
    lua_State *main;
};

/* The delegates of ctx, made on first use; NULL when memory ran out. */
struct zlua_delegates *zlua_delegates_get(zlua_ctx *ctx);
/* Releases the records whose target is gone (their functions unref'd). */
void zlua_delegates_sweep(lua_State *L, zlua_ctx *ctx);

#endif
