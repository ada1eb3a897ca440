/*
 * state.h -- the per-lua_State libzlua context.
 *
 * One context per lua_State, created by zlua_open and released when
 * lua_close frees the state's last block (state.c says why; R-SUD-4).  Every
 * bind-time structure (class bindings, metas, members, methods, names) is
 * carved from the context's arena and released in one go with it.
 */
#ifndef ZLUA_STATE_H
#define ZLUA_STATE_H

#include <stddef.h>

#include <lua.h>

#include "core/idmap.h"
#include "core/ptrmap.h"
#include "il2cpp/il2cpp_api.h"
#include "registry/registry.h"
#include "scope/scope.h"
#include "zlua_stub.h"

typedef struct zlua__arena_block zlua__arena_block;

typedef struct zlua__ctx {
    zlua_state_head head;  /* first: what the stubs' inline lookup reads (zlua.h) */
    lua_Alloc alloc;       /* the state's allocator before zlua_open */
    void *alloc_ud;
    void *main_block;      /* freed last by lua_close: the end of the context */
    lua_State *main;       /* the main thread, found at zlua_open (never from the
                              registry, which a script can rewrite) */
    int opened;            /* CS, CSharp and zlua are set */
    int opening;           /* zlua_open's protected body may run, once */
    uint32_t ic_depth;     /* C# -> Lua calls running now (bridge/ic.c) */
    uintptr_t owner;       /* the thread that opened the state (core/thread.h) */
    struct zlua__policy *policy;   /* reachable types (class/policy.c); NULL: all */
    uint8_t policy_frozen;         /* a type was judged: rules are fixed */
    /* liblua's package library functions the guards of lib/loadlib.c run
     * directly, from their own frames (never as Lua values a script or
     * a hook could get hold of); NULL: no package library */
    lua_CFunction lib_loadlib, lib_searcher_c, lib_searcher_croot;
    unsigned long long owner_id;   /* its id, for the messages */
    zlua__scope scope;
    zlua__struct_registry structs;
    zlua__object_registry objects;
    zlua__ptrmap classes;   /* Il2CppClass* -> zlua__class* */
    zlua__ptrmap metas;     /* Il2CppType*  -> zlua_meta* */
    zlua__ptrmap ic_metas;  /* MethodInfo*  -> its slots' metas as C# calls Lua
                              (zlua_meta_param: [-1] the return) */
    zlua__arena_block *arena;
    uint32_t header_size;  /* il2cpp_object_header_size(), read once */
    /* array layout queries (marshal/array.c), read once */
    uint32_t array_data, array_length_at, array_bounds_at;
    zlua_rt_array_layout array;   /* the header's integer widths (glue) */
    /* the element a table -> T[] pop failed at, innermost first, and its
     * code (marshal/array.c makes the message from them) */
    lua_Integer bad_elem[4];
    int bad_elem_depth, bad_elem_code;
    /* the member a Table / UnpackedValues pop failed at, its code and the
     * Lua type of its value (marshal/rule_meta.c makes the message) */
    const void *bad_member;       /* a zlua__meta_member */
    int bad_member_code, bad_member_type;
    /* [LuaMarshalAs] rules resolved in this state, per assembly, made on
     * first use (marshal/rules.c); released with the arena */
    struct zlua__rules *rules;
    struct zlua__class *binding;   /* the type table being made (one shot) */
    int gc_held;                  /* the outermost bind holds the collector (types/typetable.c) */
    /* the name and namewhat lua_getinfo gave a finalizer's call, once
     * compared with "__gc" and "metamethod" (types/instance.c): a later
     * call compares the pointers only */
    const char *fin_name, *fin_namewhat;
    /* Pushes cls's ByVal (byobj 0) or ByObj instance metatable, making it
     * on first use; may raise.  The marshal layer makes userdata, the
     * types layer above it their metatables: zlua_open installs it,
     * so the call points down the layers' order at run time only. */
    void (*push_mt)(lua_State *L, struct zlua__class *cls, int byobj);
    unsigned nomem;               /* arena and table allocations that failed, ever */
    const void *ic_pending;       /* the one job the IC trampoline may run */
    uintptr_t held_exception;     /* a GC handle: core/exception.h, 0 none */
    /* the last C# exception raised as a Lua error, for zlua.exception(err)
     * (its message string in the registry under ZLUA_EXC_LAST_KEY); a GC
     * handle, 0 none */
    uintptr_t last_exception;
    const zlua_stub_entry *stubs; /* zlua_stub_register: bridge/stub.c */
    size_t nstubs;
    /* IC call sites bound in this state, by zlua_ic_site.id - 1, each
     * made on the site's first call here (bridge/ic.c; the records live
     * in the arena, the table is the state allocator's) */
    struct zlua__ic_bound **ic_sites;
    uint32_t ic_sites_cap;
    /* registry slots zlua_open reserves for the first sites' interned
     * names, while the registry is small (its array part: bridge/ic.h) */
    int ic_refs[32];
    uint32_t ic_refs_used;
    zlua_log_fn log;              /* zlua_state_set_log; NULL with log_set: dropped */
    void *log_ud;
    int log_set;                  /* 0: stderr (core/log.c) */
    zlua__ptrmap reported;         /* MethodInfo* already logged as unusable */
    zlua__ptrmap pointers;         /* T* values C# handed to Lua: what T* slots take
                                     (marshal/object.c) */
    /* GC handles kept for the state's lifetime (string default values of
     * parameters, bridge/defaults.c), freed by lua_close */
    struct zlua__pinned {
        uintptr_t handle;
        struct zlua__pinned *next;
    } *pinned;
    /* corlib classes used by the object writers (metadata, not managed) */
    Il2CppClass *k_object, *k_string, *k_bool, *k_int32, *k_int64, *k_double;
    /* System.Runtime.CompilerServices.IsByRefLikeAttribute, which C# puts
     * on every ref struct (lua-api.md, "Calling C#": by-val ref struct slots are
     * unsupported); NULL in a corlib without it: nothing is detected */
    Il2CppClass *k_byreflike;
    Il2CppClass *k_multicast;   /* delegates (marshal/delegate_pop.c) */
    /* R-EXT-1: System.Runtime.CompilerServices.ExtensionAttribute (NULL:
     * none in the corlib, no extension methods), and the extension
     * methods of the loaded assemblies, collected once (types/members.c) */
    Il2CppClass *k_extension;
    Il2CppClass *k_param_array;  /* System.ParamArrayAttribute (R-PARAMS-2) */
    struct zlua__ext {
        Il2CppClass *target;     /* the class of the first parameter */
        const MethodInfo *mi;
        uint32_t order;          /* found order: ties of a name keep it */
    } *exts;                     /* sorted by name (types/members.c) */
    uint32_t nexts;
    uint8_t exts_collected;
    size_t exts_assemblies;      /* how many assemblies were loaded then */
    /* Lua functions made delegates (marshal/delegate_pop.c): made on first
     * use; released by the function set with it, from zlua_ctx_release,
     * which touches no Lua (the state is gone by then). */
    struct zlua__delegates *delegates;
    void (*delegates_release)(struct zlua__ctx *ctx);
    /* the runtime's call records of this state's methods (zlua_rt.h,
     * ZLUA_RT_CALLS; bridge/method_call.c), freed with the state */
    struct zlua__rt_calls {
        struct zlua_rt_call *call;
        struct zlua__rt_calls *next;
    } *rt_calls;
    size_t delegates_live;
    /* The methods of the generic invoker's closures, each closure's
     * upvalue being its index here (bridge/method_entry.c).  A script can put
     * any value in an upvalue with the debug library; an index is checked
     * against nclosures before the table is read, and nothing a script
     * chose is ever dereferenced.  [0] stays NULL: a value that is no
     * number reads as 0.  Past nclosures every slot holds closure_fill
     * (zlua__ctx_closures_reserve): the trampolines read their slot with
     * no bounds or NULL test. */
    const void **closures;
    uint32_t nclosures, closures_cap;
    const void *closure_fill;
    /* R-SHAPE-2: the identity cache (marshal/ud.c): (object, view) -> the
     * userdata's object-registry slot here, the userdata at that slot + 1
     * in one weak-valued table of the registry (ref idcache, made by
     * zlua_open while the registry is small: its array part) */
    zlua__idmap ids;
    int idcache;
} zlua__ctx;

/* Formats one log line ("[ZLua] " and fmt) into a bounded buffer on the
 * C stack and hands it to the state's log function (core/log.c). */
ZLUA_PRINTF(2, 3) void zlua__log(zlua__ctx *ctx, const char *fmt, ...);

/* ZLUA_OK when abi is this build's stub ABI; else logs one line naming
 * both (what: the registering function) and returns ZLUA_EVERSION
 * (core/abi.c). */
int zlua__ctx_abi_check(zlua__ctx *ctx, const char *what, unsigned abi);

/* The main thread of L's state, or NULL when it cannot be told: L is a
 * coroutine and the registry's LUA_RIDX_MAINTHREAD (a script's to
 * replace) holds no thread that lua_pushthread calls the main one. */
lua_State *zlua__ctx_main_thread(lua_State *L);
/* Makes L's context and routes L's allocator through it (zlua_open, once
 * per state); NULL when memory ran out or zlua__ctx_main_thread is NULL. */
zlua__ctx *zlua__ctx_create(lua_State *L);
/* The context of L, or NULL when zlua_open was not called. */
zlua__ctx *zlua__ctx_get(lua_State *L);
/* The same, inline, for hot paths. */
static inline zlua__ctx *zlua_ctx_of(lua_State *L)
{
    void *ud;
    if (lua_getallocf(L, &ud) != zlua_state_alloc)
        return NULL;
    /* zlua_open set ud with zlua_state_alloc, and that allocator reads its
     * context on every call: never NULL here.  Said to the compiler, so a
     * caller's NULL test is the allocator test alone. */
#if ZLUA_GNU_ATTRIBUTES
    if (ud == NULL)
        __builtin_unreachable();
#endif
    return (zlua__ctx *)ud;
}
/* The same for Lua-facing functions: raises `zlua: the library is not open
 * on this state` instead of NULL. */
zlua__ctx *zlua__ctx_check(lua_State *L);

/* Pushes the table registry[ref] and returns 1.  The registry is
 * reachable through the debug library, so when a script replaced the
 * entry it pushes nothing and returns 0. */
static inline int zlua_ref_push_table(lua_State *L, int ref)
{
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, ref) == LUA_TTABLE)
        return 1;
    lua_pop(L, 1);
    return 0;
}
/* The same, raising `zlua: internal table replaced` instead of 0. */
void zlua__ref_table(lua_State *L, int ref);

/* ctx->alloc for the tables binding fills (the context's maps, its
 * closure and IC site tables; ud is the context): a refusal counts in
 * ctx->nomem like a failed arena allocation, so that a binder that
 * could not record something never publishes a result without it. */
void *zlua__ctx_table_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Raises "not enough memory" when an arena or table allocation failed
 * since mark (ctx->nomem read before a lookup): a type a lookup could not
 * record is not a type that does not exist, and is not reported as one. */
void zlua__ctx_check_nomem(lua_State *L, const zlua__ctx *ctx, unsigned mark);

/* Zeroed, max-aligned memory that lives as long as the context. */
void *zlua__ctx_arena_alloc(zlua__ctx *ctx, size_t size);
/* A copy of s in the arena. */
char *zlua__ctx_strdup(zlua__ctx *ctx, const char *s);
/* The runtime's new call record of method m (zlua_rt.h), kept in ctx's
 * list and freed with the state; NULL when memory ran out or where the
 * runtime keeps no records (a build without ZLUA_RT_CALLS): the caller
 * then calls without one. */
struct zlua_rt_call *zlua__ctx_rt_call_new(zlua__ctx *ctx, const MethodInfo *m);

/* Adds p to the closure table and returns its index (> 0), or 0 when
 * memory ran out. */
uint32_t zlua__ctx_closure_add(zlua__ctx *ctx, const void *p);
/* Makes the closure table at least n slots long and fills every slot
 * past the ones handed out with fill, now and whenever it grows; 0 when
 * memory ran out (nothing changed). */
int zlua__ctx_closures_reserve(zlua__ctx *ctx, uint32_t n, const void *fill);
/* The pointer at index i of the closure table, or NULL for any other
 * integer (i may come from a script). */
static inline const void *zlua_ctx_closure(const zlua__ctx *ctx, lua_Integer i)
{
    return (lua_Unsigned)i < ctx->nclosures ? ctx->closures[i] : NULL;
}

#endif
