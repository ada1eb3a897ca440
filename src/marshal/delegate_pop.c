/*
 * delegate_pop.c -- the writer of delegate-typed slots (R-DEL-1): a
 * Lua function becomes a delegate of the slot's type whose Invoke runs
 * the function through a generated native entry (bridge/delegate.c);
 * anything else pops as an object reference.
 *
 * Lifetime, both ways (docs/architecture.md, "Delegates"):
 *  - C# keeps the function alive: the delegate is closed over a target,
 *    a boxed Int64 naming a native record (by index and generation in
 *    this state's id table, never by address: the box is writable), and
 *    the record holds the function by a registry reference for as long
 *    as a weak handle says the target is reachable.  Sweeps (on inserts, by
 *    doubling, and once per Lua collection cycle through a sentinel's
 *    finalizer) release the records whose target is gone.
 *  - Lua does not keep the delegate alive: the cache (function, type) ->
 *    record holds the delegate by a weak handle, so the same function
 *    gives the same delegate while that delegate lives, and a new one
 *    after C# dropped it.
 * What no collector can see is a cycle through both heaps (a function
 * whose upvalue holds the object that holds its delegate): documented.
 */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "class/policy.h"
#include "core/exception.h"
#include "core/state.h"
#include "core/thread.h"
#include "gc/gc_shim.h"
#include "marshal/delegate.h"
#include "marshal/meta.h"

/* ---- the table ------------------------------------------------------------------- */

static void *zlua_del_alloc(zlua__ctx *ctx, size_t size)
{
    return ctx->alloc(ctx->alloc_ud, NULL, 0, size);
}

static void zlua_del_free(zlua__ctx *ctx, void *p, size_t size)
{
    if (p != NULL)
        ctx->alloc(ctx->alloc_ud, p, size, 0);
}

/* ---- names: what a target holds ---------------------------------------------------
 *
 * A delegate can be invoked from any code that holds it, so the name in
 * its target is resolved without knowing the state: the states that made
 * delegates form one process-wide list, each with a serial no other live
 * state has.  The list and every state's id table are changed and read
 * under one lock (a spin on an atomic word: each holder runs a few
 * dozen instructions, never Lua and never an allocation by Lua), so a
 * name forged to point at another thread's state is checked against
 * consistent tables.  The name packs serial (32 bits), index (24) and
 * generation (8); a record is accepted only when its own weak handle
 * names the very target object, so even a generation that wrapped
 * cannot hand one delegate another's function. */

#define ZLUA_DEL_INDEX_MAX 0xFFFFFFu

static struct zlua__delegates *zlua_del_states;   /* under the lock */
static uint32_t zlua_del_last_serial;            /* under the lock */
static Il2CppClass *zlua_del_k_target;           /* under the lock: System.Int64 */
ZLUA_HIDDEN uint32_t zlua__del_released;        /* delegate.h; under the lock */

/* The compilers' builtins, not <stdatomic.h>, which MSVC's C lacks. */
#if ZLUA_MSVC
#include <intrin.h>
static volatile long zlua_del_lock_word;

static void zlua_del_lock(void)
{
    while (_InterlockedExchange(&zlua_del_lock_word, 1) != 0)
        ;
}

static void zlua_del_unlock(void)
{
    (void)_InterlockedExchange(&zlua_del_lock_word, 0);
}
#else
static int zlua_del_lock_word;

static void zlua_del_lock(void)
{
    while (__atomic_exchange_n(&zlua_del_lock_word, 1, __ATOMIC_ACQUIRE) != 0)
        ;
}

static void zlua_del_unlock(void)
{
    __atomic_store_n(&zlua_del_lock_word, 0, __ATOMIC_RELEASE);
}
#endif

static uint64_t zlua_del_name(const struct zlua__delegates *D, uint32_t index)
{
    return (uint64_t)D->serial << 32 | (uint64_t)index << 8 | (D->ids[index].gen & 0xFFu);
}

/* Under the lock: a serial no live state has (0 is none). */
static uint32_t zlua_del_new_serial(void)
{
    for (;;) {
        uint32_t s = ++zlua_del_last_serial;
        const struct zlua__delegates *o = zlua_del_states;
        while (o != NULL && o->serial != s)
            o = o->next;
        if (s != 0 && o == NULL)
            return s;
    }
}

/* Gives r an index of the id table; 0 when memory ran out or the table
 * is full.  Only the state's own thread changes its table (other threads
 * only resolve names in it), so this thread reads it without the lock and
 * takes the lock to write. */
static int zlua_del_id_take(zlua__ctx *ctx, struct zlua__delegates *D, zlua__delrec *r)
{
    zlua__delid *grown = NULL;
    uint32_t cap = 0;
    if (D->ids_free == 0 && D->nids == D->ids_cap) {
        /* the state's own allocator, outside the lock: no Lua runs in it */
        if (D->ids_cap > ZLUA_DEL_INDEX_MAX / 2)
            return 0;
        cap = D->ids_cap ? D->ids_cap * 2 : 16;
        grown = zlua_del_alloc(ctx, cap * sizeof *grown);
        if (grown == NULL)
            return 0;
        memset(grown, 0, cap * sizeof *grown);
    }
    zlua__delid *old = NULL;
    uint32_t old_cap = 0;
    zlua_del_lock();
    if (grown != NULL) {
        if (D->ids != NULL)
            memcpy(grown, D->ids, D->nids * sizeof *grown);
        old = D->ids;
        old_cap = D->ids_cap;
        D->ids = grown;
        D->ids_cap = cap;
        if (D->nids == 0)
            D->nids = 1;   /* [0] names nothing */
    }
    uint32_t i = D->ids_free;
    if (i != 0)
        D->ids_free = D->ids[i].next_free;
    else
        i = D->nids++;
    D->ids[i].rec = r;
    D->ids[i].next_free = 0;
    r->id = i;
    zlua_del_unlock();
    zlua_del_free(ctx, old, old_cap * sizeof *old);
    return 1;
}

/* Frees record r and its two weak handles (its function reference, a
 * Lua one, is the caller's business).  Its index names nothing from now
 * on: a later record there has the next generation. */
static void zlua_del_record_free(zlua__ctx *ctx, zlua__delrec *r)
{
    struct zlua__delegates *D = ctx->delegates;
    zlua_del_lock();
    zlua__del_released++;   /* no thread's last resolve (zlua__calls.kept) holds now */
    if (r->id != 0) {
        D->ids[r->id].rec = NULL;
        D->ids[r->id].gen++;
        D->ids[r->id].next_free = D->ids_free;
        D->ids_free = r->id;
    }
    zlua_del_unlock();
    if (r->target_weak)
        zlua_rt_gchandle_free(r->target_weak);
    if (r->delegate_weak)
        zlua_rt_gchandle_free(r->delegate_weak);
    zlua_del_free(ctx, r, sizeof *r);
}

/* Whether r's target is `target` (the del lock held): the address last
 * seen while the collector's epoch has not moved, else the weak handle.
 * The epoch is read before the handle, so a collection between the two
 * leaves an epoch that no longer matches. */
static int zlua_del_target_is(zlua__delrec *r, const Il2CppObject *target)
{
    if (r->target_weak == 0)
        return 0;
    uintptr_t epoch = zlua__gc_epoch();
    if (epoch != 0 && r->target_epoch == epoch)
        return r->target_seen == (uintptr_t)target;
    Il2CppObject *t = zlua_rt_gchandle_target(r->target_weak);
    r->target_seen = (uintptr_t)t;
    r->target_epoch = epoch;
    return t != NULL && t == target;
}

/* a kept target no object has, at first: a NULL target misses too */
static const char zlua_del_unkept;
ZLUA_HIDDEN ZLUA_THREAD_LOCAL zlua__thread_calls zlua__calls = {.kept = {.target = &zlua_del_unkept}};

/* The resolve proper, under the lock; h: this thread's last, kept anew
 * when the answer is a record of a state this thread owns. */
int zlua__delegates_resolve_slow(Il2CppObject *target, zlua__delcall *out)
{
    if (target == NULL)
        return ZLUA_DEL_FORGED;
    zlua__delkept *h = &zlua__calls.kept;
    uintptr_t epoch = zlua__gc_epoch();   /* before anything is looked at */
    Il2CppClass *k = il2cpp_object_get_class(target);
    zlua_del_lock();
    if (k == NULL || k != zlua_del_k_target) {
        zlua_del_unlock();
        return ZLUA_DEL_FORGED;
    }
    uint64_t name;
    memcpy(&name, il2cpp_object_unbox(target), sizeof name);
    uint32_t serial = (uint32_t)(name >> 32);
    uint32_t index = (uint32_t)(name >> 8) & ZLUA_DEL_INDEX_MAX;
    const struct zlua__delegates *D = zlua_del_states;
    while (D != NULL && (serial == 0 || D->serial != serial))
        D = D->next;
    /* a serial never handed out is no closed state's */
    int rc = serial != 0 && serial <= zlua_del_last_serial ? ZLUA_DEL_CLOSED : ZLUA_DEL_FORGED;
    if (D != NULL) {
        rc = ZLUA_DEL_FORGED;
        zlua__delrec *r = index != 0 && index < D->nids ? D->ids[index].rec : NULL;
        if (r != NULL && zlua_del_name(D, index) == name && zlua_del_target_is(r, target)) {
            out->L = D->main;
            out->owner = D->owner;
            out->owner_id = D->owner_id;
            out->type = r->type;
            out->ref = r->ref;
            rc = ZLUA_DEL_FOUND;
            if (D->owner == zlua_thread_token() && epoch != 0) {
                h->target = target;
                h->payload = il2cpp_object_unbox(target);
                h->name = name;
                h->epoch = epoch;
                h->released = zlua__del_released;
                h->call = *out;
            }
        }
    }
    zlua_del_unlock();
    return rc;
}

/* From zlua_ctx_release: the state is gone, so no Lua here.  The state
 * leaves the list first: a target C# still holds names a serial no live
 * state has, and its next invocation raises "has been closed". */
static void zlua_delegates_release(zlua__ctx *ctx)
{
    struct zlua__delegates *D = ctx->delegates;
    if (D == NULL)
        return;
    zlua_del_lock();
    struct zlua__delegates **p = &zlua_del_states;
    while (*p != NULL && *p != D)
        p = &(*p)->next;
    if (*p == D)
        *p = D->next;
    zlua_del_unlock();
    for (size_t i = 0; i < D->cap; i++) {
        zlua__delrec *r = D->slots[i];
        if (r == NULL)
            continue;
        r->id = 0;   /* the table goes as a whole */
        zlua_del_record_free(ctx, r);
    }
    zlua_del_free(ctx, D->slots, D->cap * sizeof *D->slots);
    zlua_del_free(ctx, D->ids, D->ids_cap * sizeof *D->ids);
    zlua__ptrmap_free(&D->types);
    zlua_del_free(ctx, D, sizeof *D);
    ctx->delegates = NULL;
    ctx->delegates_live = 0;
}

struct zlua__delegates *zlua__delegates_get(zlua__ctx *ctx)
{
    if (ctx->delegates != NULL)
        return ctx->delegates;
    struct zlua__delegates *D = zlua_del_alloc(ctx, sizeof *D);
    if (D == NULL)
        return NULL;
    memset(D, 0, sizeof *D);
    zlua__ptrmap_init(&D->types, zlua__ctx_table_alloc, ctx);
    D->sentinel_mt = LUA_NOREF;
    D->sweep_at = 16;
    D->main = ctx->main;
    D->owner = ctx->owner;
    D->owner_id = ctx->owner_id;
    zlua_del_lock();
    if (ctx->k_int64 != NULL)
        zlua_del_k_target = ctx->k_int64;   /* the corlib's: the same for every state */
    D->serial = zlua_del_new_serial();
    D->next = zlua_del_states;
    zlua_del_states = D;
    zlua_del_unlock();
    ctx->delegates = D;
    ctx->delegates_release = zlua_delegates_release;
    return D;
}

int zlua__delegates_set_table(zlua__ctx *ctx, const zlua_delegate_entry *table, size_t count)
{
    if (table == NULL && count > 0)
        return ZLUA_EINVAL;
    for (size_t i = 0; i < count; i++) {
        if (table[i].type == NULL || table[i].entry == NULL)
            return ZLUA_EINVAL;
        if (i > 0 && strcmp(table[i - 1].type, table[i].type) >= 0)
            return ZLUA_EINVAL;   /* searched by halves */
    }
    struct zlua__delegates *D = zlua__delegates_get(ctx);
    if (D == NULL)
        return ZLUA_ENOMEM;
    /* once: types bound before would keep the first table's entries */
    if (D->entries != NULL || D->types.count > 0)
        return ZLUA_EINVAL;
    D->entries = count > 0 ? table : NULL;
    D->nentries = count;
    return ZLUA_OK;
}

int zlua__delegates_accept_any(lua_State *L, zlua_native_fn entry)
{
    if (L == NULL || entry == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    struct zlua__delegates *D = zlua__delegates_get(ctx);
    if (D == NULL)
        return ZLUA_ENOMEM;
    D->any_entry = entry;
    return ZLUA_OK;
}

static size_t zlua_del_hash(const void *fn, const zlua__deltype *t)
{
    uintptr_t h = (uintptr_t)fn ^ ((uintptr_t)t >> 4) * (uintptr_t)0x9E3779B1u;
    h ^= h >> 15;
    h *= (uintptr_t)0x2C1B3C6Du;
    h ^= h >> 12;
    return (size_t)h;
}

static zlua__delrec *zlua_del_find(const struct zlua__delegates *D, const void *fn,
                                  const zlua__deltype *t)
{
    if (D->cap == 0)
        return NULL;
    size_t mask = D->cap - 1;
    for (size_t i = zlua_del_hash(fn, t) & mask;; i = (i + 1) & mask) {
        zlua__delrec *r = D->slots[i];
        if (r == NULL)
            return NULL;
        if (r->fn == fn && r->type == t)
            return r;
    }
}

static void zlua_del_put(zlua__delrec **slots, size_t cap, zlua__delrec *r)
{
    size_t mask = cap - 1;
    size_t i = zlua_del_hash(r->fn, r->type) & mask;
    while (slots[i] != NULL)
        i = (i + 1) & mask;
    slots[i] = r;
}

/* Rebuilds the table into `cap` slots, keeping the records keep() says
 * and releasing the others (their function unref'd: L is the state's
 * thread at hand).  0 when memory ran out (nothing changed). */
static int zlua_del_rebuild(lua_State *L, zlua__ctx *ctx, size_t cap, int sweep)
{
    struct zlua__delegates *D = ctx->delegates;
    zlua__delrec **slots = zlua_del_alloc(ctx, cap * sizeof *slots);
    if (slots == NULL)
        return 0;
    memset(slots, 0, cap * sizeof *slots);
    size_t live = 0;
    for (size_t i = 0; i < D->cap; i++) {
        zlua__delrec *r = D->slots[i];
        if (r == NULL)
            continue;
        if (sweep && (r->target_weak == 0 || zlua_rt_gchandle_target(r->target_weak) == NULL)) {
            /* nothing can invoke it any more: the function may go */
            luaL_unref(L, LUA_REGISTRYINDEX, r->ref);
            zlua_del_record_free(ctx, r);
            continue;
        }
        zlua_del_put(slots, cap, r);
        live++;
    }
    zlua_del_free(ctx, D->slots, D->cap * sizeof *D->slots);
    D->slots = slots;
    D->cap = cap;
    D->count = live;
    ctx->delegates_live = live;
    return 1;
}

void zlua__delegates_sweep(lua_State *L, zlua__ctx *ctx)
{
    struct zlua__delegates *D = ctx->delegates;
    if (D == NULL || D->busy || D->cap == 0)
        return;
    D->busy = 1;
    (void)zlua_del_rebuild(L, ctx, D->cap, 1);
    D->sweep_at = D->count * 2 > 16 ? D->count * 2 : 16;
    D->busy = 0;
}

/* ---- the sweep sentinel: one per Lua collection cycle ------------------------------ */

static void zlua_del_arm(lua_State *L, struct zlua__delegates *D)
{
    lua_newuserdatauv(L, 1, 0);
    /* the registry is a script's to rewrite: only a table is a metatable */
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, D->sentinel_mt) == LUA_TTABLE)
        lua_setmetatable(L, -2);
    else
        lua_pop(L, 1);
    lua_pop(L, 1);   /* garbage at once: its finalizer runs next cycle */
}

/* Sweeps, and arms the next sentinel.  A script that reaches it through
 * the registry can only cause an extra sweep: sweeping is safe at any
 * time on the state's thread. */
static int zlua_del_sentinel_gc(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL || ctx->delegates == NULL)
        return 0;
    zlua__delegates_sweep(L, ctx);
    zlua_del_arm(L, ctx->delegates);
    return 0;
}

/* Protected: [function] -> [ref], arming the sentinel the first time. */
static int zlua_del_ref_body(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_get(L);
    struct zlua__delegates *D = ctx ? ctx->delegates : NULL;
    if (D == NULL || lua_gettop(L) != 1 || lua_type(L, 1) != LUA_TFUNCTION)
        return luaL_error(L, "zlua: not callable from Lua");
    if (D->sentinel_mt == LUA_NOREF) {
        lua_createtable(L, 0, 1);
        lua_pushcfunction(L, zlua_del_sentinel_gc);
        lua_setfield(L, -2, "__gc");
        D->sentinel_mt = luaL_ref(L, LUA_REGISTRYINDEX);
        zlua_del_arm(L, D);
    }
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

/* ---- binding a delegate type -------------------------------------------------------- */

static const zlua_delegate_entry *zlua_del_entry(const struct zlua__delegates *D, const char *name)
{
    size_t lo = 0, hi = D->nentries;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(D->entries[mid].type, name);
        if (c == 0)
            return &D->entries[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static zlua__deltype *zlua_del_type(lua_State *L, zlua__ctx *ctx, struct zlua__delegates *D,
                                   zlua__class *cls)
{
    zlua__deltype *t = cls->deltype;
    if (ZLUA_LIKELY(t != NULL))
        return t;
    t = zlua__ptrmap_get(&D->types, cls->klass);
    if (t != NULL) {
        cls->deltype = t;
        return t;
    }
    t = zlua__ctx_arena_alloc(ctx, sizeof *t);
    if (t == NULL)
        return NULL;
    t->cls = cls;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(cls->klass, &iter)) != NULL) {
        const char *name = il2cpp_method_get_name(mi);
        if (strcmp(name, "Invoke") == 0)
            t->invoke = mi;
        else if (strcmp(name, ".ctor") == 0 && il2cpp_method_get_param_count(mi) == 2)
            t->ctor = mi;
    }
    if (t->invoke != NULL && t->ctor != NULL && D->nentries > 0) {
        char *name = il2cpp_type_get_name(il2cpp_class_get_type(cls->klass));
        const zlua_delegate_entry *e = name ? zlua_del_entry(D, name) : NULL;
        il2cpp_free(name);
        t->entry = e ? e->entry : NULL;
    }
    if (t->invoke != NULL && t->ctor != NULL && t->entry == NULL)
        t->entry = D->any_entry;
    if (t->invoke != NULL) {
        uint32_t n = il2cpp_method_get_param_count(t->invoke);
        t->nparams = (int)n;
        t->params = zlua__ctx_arena_alloc(ctx, (n ? n : 1) * sizeof *t->params);
        if (t->params == NULL)
            return NULL;
        /* a NULL meta is memory that ran out, not an unsupported type:
         * nothing is cached, the next call binds again (R-OOM-2) */
        for (uint32_t i = 0; i < n; i++) {
            t->params[i] = zlua_meta_param(L, t->invoke, (int)i);
            if (t->params[i] == NULL)
                return NULL;
            t->unsupported |= t->params[i]->kind == ZLUA_K_UNSUPPORTED;
        }
        const Il2CppType *rt = il2cpp_method_get_return_type(t->invoke);
        if (il2cpp_type_get_type(rt) != ZLUA_IL2CPP_TYPE_VOID) {
            t->ret = zlua_meta_param(L, t->invoke, -1);
            if (t->ret == NULL)
                return NULL;
            t->unsupported |= t->ret->kind == ZLUA_K_UNSUPPORTED;
        }
    }
    zlua__ic_shape_fill(&t->shape, t->params, t->nparams, t->ret);
    if (zlua__ptrmap_put(&D->types, cls->klass, t) != ZLUA_OK)
        return NULL;
    cls->deltype = t;   /* complete and in the map: from now on, no lookup */
    return t;
}

struct zlua_rt_call *zlua__delegate_rt_call(lua_State *L, const zlua__deltype *t)
{
    if (ZLUA_LIKELY(t->rt_call != NULL))
        return t->rt_call;
    zlua__ctx *ctx = zlua_ctx_of(L);
    if (ctx == NULL || t->invoke == NULL)
        return NULL;
    /* the type is the state's, made in its (writable) arena: only this
     * field changes, once */
    ((zlua__deltype *)(uintptr_t)t)->rt_call = zlua__ctx_rt_call_new(ctx, t->invoke);
    return t->rt_call;
}

/* ---- making the delegate of a function ---------------------------------------------- */

/* A new record for (fn, t), inserted; NULL when memory ran out. */
static zlua__delrec *zlua_del_new_record(lua_State *L, zlua__ctx *ctx, struct zlua__delegates *D,
                                        int idx, const zlua__deltype *t)
{
    if (!lua_checkstack(L, 3))
        return NULL;
    /* the reference first: it may run a collection step, whose sweep
     * must not find the table half-changed */
    lua_pushcfunction(L, zlua_del_ref_body);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        return NULL;
    }
    int ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    zlua__delrec *r = NULL;
    if (D->count >= D->sweep_at) {   /* by doubling: amortised O(1) per insert */
        D->busy = 0;
        zlua__delegates_sweep(L, ctx);
        D->busy = 1;
    }
    if ((D->count + 1) * 2 > D->cap && !zlua_del_rebuild(L, ctx, D->cap ? D->cap * 2 : 16, 0))
        goto fail;
    r = zlua_del_alloc(ctx, sizeof *r);
    if (r == NULL)
        goto fail;
    memset(r, 0, sizeof *r);
    r->ref = ref;
    r->type = t;
    if (!zlua_del_id_take(ctx, D, r)) {
        zlua_del_free(ctx, r, sizeof *r);
        goto fail;
    }
    r->fn = lua_topointer(L, idx);
    zlua_del_put(D->slots, D->cap, r);
    D->count++;
    ctx->delegates_live = D->count;
    return r;
fail:
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    return NULL;
}

/* r's delegate, if it is still alive: the address last seen while the
 * collector's epoch has not moved, else the weak handle (the Lua thread
 * alone reads and writes these two fields). */
static Il2CppObject *zlua_del_delegate_of(zlua__delrec *r)
{
    if (r->delegate_weak == 0)
        return NULL;
    uintptr_t epoch = zlua__gc_epoch();
    if (epoch != 0 && r->delegate_epoch == epoch)
        return (Il2CppObject *)r->delegate_seen;
    Il2CppObject *d = zlua_rt_gchandle_target(r->delegate_weak);
    r->delegate_seen = (uintptr_t)d;
    r->delegate_epoch = epoch;
    return d;
}

/* A new target handle for r, under the lock a resolve holds while it
 * reads and caches the old one's target. */
static void zlua_del_set_target(zlua__delrec *r, uintptr_t handle)
{
    zlua_del_lock();
    uintptr_t old = r->target_weak;
    r->target_weak = handle;
    r->target_epoch = 0;
    zlua_del_unlock();
    if (old != 0)
        zlua_rt_gchandle_free(old);
}

/* The delegate for the function at idx: cached, or made.  A ZLUA_POP_*. */
static int zlua_del_of_function(lua_State *L, int idx, const zlua_meta *m, Il2CppObject **out)
{
    idx = lua_absindex(L, idx);   /* binding the type and the reference push */
    zlua__ctx *ctx = m->ctx;
    struct zlua__delegates *D = zlua__delegates_get(ctx);
    if (D == NULL || D->busy)
        return ZLUA_POP_NOMEM;
    if (ZLUA_UNLIKELY(m->cls->deltype == NULL) && !zlua__policy_allows(ctx, m->cls))
        return ZLUA_POP_DENIED;   /* judged once, with the type's first binding */
    zlua__deltype *t = zlua_del_type(L, ctx, D, m->cls);
    if (t == NULL)
        return ZLUA_POP_NOMEM;
    if (t->entry == NULL)
        return ZLUA_POP_NODELEGATE;
    if (t->unsupported)
        return ZLUA_POP_UNSUPPORTED;
    zlua__delrec *r = zlua_del_find(D, lua_topointer(L, idx), t);
    if (r != NULL) {
        Il2CppObject *d = zlua_del_delegate_of(r);
        if (d != NULL) {
            *out = d;   /* the hot path: no allocation */
            return ZLUA_POP_OK;
        }
    }
    D->busy = 1;
    if (r == NULL)
        r = zlua_del_new_record(L, ctx, D, idx, t);
    int rc = ZLUA_POP_NOMEM;
    if (r != NULL) {
        /* a target that outlived its delegate (a clone holds it) is kept */
        Il2CppObject *box = r->target_weak ? zlua_rt_gchandle_target(r->target_weak) : NULL;
        Il2CppException *exc = NULL;
        if (box == NULL) {
            zlua_del_set_target(r, 0);
            uint64_t name = zlua_del_name(D, r->id);   /* this thread's table */
            exc = zlua_rt_value_box(ctx->k_int64, &name, &box);
            uintptr_t h = exc == NULL ? zlua_rt_gchandle_new(box, 1) : 0;
            zlua_del_set_target(r, h);
            if (h == 0)
                box = NULL;
        }
        Il2CppObject *d = NULL;
        if (exc == NULL && box != NULL)
            exc = zlua_rt_delegate_new(t->ctor, t->invoke, box, t->entry, &d);
        if (exc != NULL) {
            zlua__exc_hold(ctx, exc);
            rc = ZLUA_POP_EXCEPTION;
        } else if (d != NULL) {
            if (r->delegate_weak)
                zlua_rt_gchandle_free(r->delegate_weak);
            r->delegate_weak = zlua_rt_gchandle_new(d, 1);
            r->delegate_epoch = 0;
            *out = d;
            rc = ZLUA_POP_OK;   /* box and d stay on this stack until the call */
        }
        /* a record left without a live target goes at the next sweep */
    }
    D->busy = 0;
    return rc;
}

static int zlua_pop_delegate(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    /* The hot path first, without a type query: a function this type
     * made a delegate of before.  Its record is keyed by the function's
     * address, and holds the function (a registry reference), so no other
     * value lives at that address; a script that drops the reference
     * through the registry and gets another value allocated there gets
     * that delegate back, which calls the reference (Lua values only). */
    const struct zlua__delegates *D = m->ctx->delegates;
    const zlua__deltype *t = m->cls->deltype;
    if (ZLUA_LIKELY(D != NULL && t != NULL && !D->busy)) {
        const void *p = lua_topointer(L, idx);   /* NULL: not an object */
        zlua__delrec *r = p != NULL ? zlua_del_find(D, p, t) : NULL;
        Il2CppObject *d = r != NULL ? zlua_del_delegate_of(r) : NULL;
        if (ZLUA_LIKELY(d != NULL)) {
            memcpy(dst, &d, sizeof d);
            return ZLUA_POP_OK;
        }
    }
    if (lua_type(L, idx) != LUA_TFUNCTION)
        return zlua__pop_object(L, idx, m, dst);
    Il2CppObject *d = NULL;
    int rc = zlua_del_of_function(L, idx, m, &d);
    if (rc == ZLUA_POP_OK)
        memcpy(dst, &d, sizeof d);
    return rc;
}

void zlua__meta_init_delegate(zlua_meta *m)
{
    zlua__meta_init_object(m);
    m->pop = zlua_pop_delegate;
}
