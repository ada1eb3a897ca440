/*
 * state.c -- the per-state context, its arena and its lifetime; the
 * state's counters (zlua_state_stats) and log sink (zlua_state_set_log).
 */
#include "core/state.h"

#include <string.h>

#include <lauxlib.h>

#include "core/thread.h"
#include "il2cpp/il2cpp_api.h"
#include "zlua.h"

#define ZLUA_ARENA_BLOCK 16384u
#define ZLUA_ARENA_ALIGN 16u

struct zlua__arena_block {
    zlua__arena_block *next;
    size_t size, used;
    /* data follows, ZLUA_ARENA_ALIGN-aligned */
};

#define ZLUA_ARENA_HDR \
    ((sizeof(zlua__arena_block) + ZLUA_ARENA_ALIGN - 1) & ~(size_t)(ZLUA_ARENA_ALIGN - 1))

/*
 * Lifetime.  The context must outlive every Lua object that points into it
 * (closures and metatables hold class and method pointers, userdata hold
 * cells and slots), and it must stay registered with the collector while
 * any of them can still run -- including finalizers during lua_close.  An
 * anchor userdata with a __gc cannot promise that: a script with the debug
 * library can reach the registry, drop the anchor or re-mark it, and have
 * the context freed while the state lives.
 *
 * So zlua_open interposes a forwarding allocator.  Its user data is the
 * context (which is how zlua__ctx_get finds it: no registry lookup, nothing
 * a script can reach), and when Lua frees its main block -- the last thing
 * lua_close does, after every finalizer and every object -- the context is
 * released.  The forwarding costs one indirect call per Lua allocation.
 */
static void zlua_ctx_release(zlua__ctx *ctx);

/* zlua.h's inline zlua_bridge_at reads the context through its head */
_Static_assert(offsetof(zlua__ctx, head) == 0, "the state head begins the context");

void *zlua_state_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    zlua__ctx *ctx = ud;
    if (ptr == ctx->main_block && nsize == 0) {
        void *r = ctx->alloc(ctx->alloc_ud, ptr, osize, nsize);
        zlua_ctx_release(ctx);   /* lua_close is done with the state */
        return r;
    }
    return ctx->alloc(ctx->alloc_ud, ptr, osize, nsize);   /* a tail call */
}

void *zlua__ctx_table_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    zlua__ctx *ctx = ud;
    void *p = ctx->alloc(ctx->alloc_ud, ptr, osize, nsize);
    if (p == NULL && nsize > 0)
        ctx->nomem++;   /* binders check it before they publish */
    return p;
}

void zlua__ctx_check_nomem(lua_State *L, const zlua__ctx *ctx, unsigned mark)
{
    if (ctx->nomem != mark)
        luaL_error(L, "not enough memory");
}

zlua__ctx *zlua__ctx_get(lua_State *L)
{
    return zlua_ctx_of(L);
}

zlua__ctx *zlua__ctx_check(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        luaL_error(L, "zlua: the library is not open on this state");
    return ctx;
}

void zlua__ref_table(lua_State *L, int ref)
{
    if (!zlua_ref_push_table(L, ref))
        luaL_error(L, "zlua: internal table replaced");
}

struct zlua_rt_call *zlua__ctx_rt_call_new(zlua__ctx *ctx, const MethodInfo *m)
{
#if defined(ZLUA_RT_CALLS)
    zlua_rt_call *c = zlua_rt_call_new(m);
    struct zlua__rt_calls *node = c != NULL ? zlua__ctx_arena_alloc(ctx, sizeof *node) : NULL;
    if (node == NULL) {
        zlua_rt_call_free(c);
        return NULL;
    }
    node->call = c;
    node->next = ctx->rt_calls;
    ctx->rt_calls = node;
    return c;
#else
    (void)ctx;
    (void)m;
    return NULL;
#endif
}

void *zlua__ctx_arena_alloc(zlua__ctx *ctx, size_t size)
{
    size = (size + ZLUA_ARENA_ALIGN - 1) & ~(size_t)(ZLUA_ARENA_ALIGN - 1);
    zlua__arena_block *b = ctx->arena;
    if (b == NULL || b->size - b->used < size) {
        size_t cap = size > ZLUA_ARENA_BLOCK ? size : ZLUA_ARENA_BLOCK;
        b = ctx->alloc(ctx->alloc_ud, NULL, 0, ZLUA_ARENA_HDR + cap);
        if (b == NULL) {
            ctx->nomem++;   /* binders check it before they publish */
            return NULL;
        }
        b->size = cap;
        b->used = 0;
        /* A big request gets its own block behind the current one, so the
         * current block keeps serving small requests. */
        if (ctx->arena != NULL && size > ZLUA_ARENA_BLOCK / 4) {
            b->next = ctx->arena->next;
            ctx->arena->next = b;
        } else {
            b->next = ctx->arena;
            ctx->arena = b;
        }
    }
    void *p = (char *)b + ZLUA_ARENA_HDR + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

#define ZLUA_CLOSURES_MAX (UINT32_C(1) << 24)

/* Grows the closure table to cap slots, the new ones filled. */
static int zlua_ctx_closures_grow(zlua__ctx *ctx, uint32_t cap)
{
    if (cap > ZLUA_CLOSURES_MAX)
        return 0;   /* and no size below overflows, 32-bit included */
    const void **t = zlua__ctx_table_alloc(ctx, ctx->closures, ctx->closures_cap * sizeof *t,
                                           cap * sizeof *t);
    if (t == NULL)
        return 0;
    for (uint32_t i = ctx->closures_cap; i < cap; i++)
        t[i] = ctx->closure_fill;
    ctx->closures = t;
    ctx->closures_cap = cap;
    if (ctx->nclosures == 0) {
        t[0] = NULL;   /* index 0 is never handed out */
        ctx->nclosures = 1;
    }
    return 1;
}

int zlua__ctx_closures_reserve(zlua__ctx *ctx, uint32_t n, const void *fill)
{
    if (ctx->closures_cap < n && !zlua_ctx_closures_grow(ctx, n))
        return 0;
    ctx->closure_fill = fill;
    for (uint32_t i = ctx->nclosures; i < ctx->closures_cap; i++)
        ctx->closures[i] = fill;
    return 1;
}

uint32_t zlua__ctx_closure_add(zlua__ctx *ctx, const void *p)
{
    if (ctx->nclosures + 1 >= ctx->closures_cap &&
        !zlua_ctx_closures_grow(ctx, ctx->closures_cap ? ctx->closures_cap * 2 : 64))
        return 0;
    ctx->closures[ctx->nclosures] = p;
    return ctx->nclosures++;
}

char *zlua__ctx_strdup(zlua__ctx *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = zlua__ctx_arena_alloc(ctx, n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static void zlua_ctx_release(zlua__ctx *ctx)
{
    if (ctx->delegates_release != NULL)
        ctx->delegates_release(ctx);   /* before the arena its types live in */
    for (struct zlua__pinned *p = ctx->pinned; p != NULL; p = p->next)
        zlua_rt_gchandle_free(p->handle);   /* the nodes live in the arena */
#if defined(ZLUA_RT_CALLS)
    for (struct zlua__rt_calls *c = ctx->rt_calls; c != NULL; c = c->next)
        zlua_rt_call_free(c->call);   /* the nodes live in the arena */
#endif
    if (ctx->held_exception != 0)
        zlua_rt_gchandle_free(ctx->held_exception);
    if (ctx->last_exception != 0)
        zlua_rt_gchandle_free(ctx->last_exception);
    zlua__sreg_free(&ctx->structs);
    zlua__oreg_free(&ctx->objects);
    zlua__scope_free(&ctx->scope);
    zlua__ptrmap_free(&ctx->classes);
    zlua__ptrmap_free(&ctx->metas);
    zlua__ptrmap_free(&ctx->ic_metas);
    zlua__ptrmap_free(&ctx->reported);
    zlua__ptrmap_free(&ctx->pointers);
    zlua__idmap_free(&ctx->ids);
    if (ctx->closures != NULL)
        ctx->alloc(ctx->alloc_ud, ctx->closures, ctx->closures_cap * sizeof *ctx->closures, 0);
    if (ctx->ic_sites != NULL)   /* the records are the arena's */
        ctx->alloc(ctx->alloc_ud, ctx->ic_sites, ctx->ic_sites_cap * sizeof *ctx->ic_sites, 0);
    while (ctx->arena != NULL) {
        zlua__arena_block *next = ctx->arena->next;
        ctx->alloc(ctx->alloc_ud, ctx->arena, ZLUA_ARENA_HDR + ctx->arena->size, 0);
        ctx->arena = next;
    }
    lua_Alloc alloc = ctx->alloc;
    void *alloc_ud = ctx->alloc_ud;
    alloc(alloc_ud, ctx, sizeof *ctx, 0);
}

/* lua_pushthread tells the main thread from a coroutine by the state
 * itself, whatever the registry says; the registry's entry is only a
 * candidate to test. */
lua_State *zlua__ctx_main_thread(lua_State *L)
{
    if (!lua_checkstack(L, 2))
        return NULL;
    int is_main = lua_pushthread(L);
    lua_pop(L, 1);
    if (is_main)
        return L;
    lua_State *main = NULL;
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD) == LUA_TTHREAD) {
        lua_State *t = lua_tothread(L, -1);
        if (lua_checkstack(t, 1)) {
            if (lua_pushthread(t))
                main = t;
            lua_pop(t, 1);
        }
    }
    lua_pop(L, 1);
    return main;
}

/* The C side of the context: no Lua call, nothing to unwind.  NULL when
 * memory or the collector hook is missing. */
zlua__ctx *zlua__ctx_create(lua_State *L)
{
    lua_State *main = zlua__ctx_main_thread(L);
    if (main == NULL)
        return NULL;
    void *alloc_ud;
    lua_Alloc alloc = lua_getallocf(L, &alloc_ud);
    zlua__ctx *ctx = alloc(alloc_ud, NULL, 0, sizeof *ctx);
    if (ctx == NULL)
        return NULL;
    memset(ctx, 0, sizeof *ctx);
    ctx->alloc = alloc;
    ctx->alloc_ud = alloc_ud;
    ctx->owner = zlua_thread_token();   /* R-THREAD-1: the opener owns it */
    ctx->owner_id = zlua__thread_id();
    zlua__scope_init(&ctx->scope, alloc, alloc_ud);
    /* what binding records: a refused growth counts in ctx->nomem */
    zlua__ptrmap_init(&ctx->classes, zlua__ctx_table_alloc, ctx);
    zlua__ptrmap_init(&ctx->metas, zlua__ctx_table_alloc, ctx);
    zlua__ptrmap_init(&ctx->ic_metas, zlua__ctx_table_alloc, ctx);
    zlua__ptrmap_init(&ctx->reported, zlua__ctx_table_alloc, ctx);
    zlua__ptrmap_init(&ctx->pointers, zlua__ctx_table_alloc, ctx);
    zlua__idmap_init(&ctx->ids, alloc, alloc_ud);
    ctx->idcache = LUA_NOREF;
    ctx->header_size = il2cpp_object_header_size();
    ctx->array_data = il2cpp_array_object_header_size();
    ctx->array_length_at = il2cpp_offset_of_array_length_in_array_object_header();
    ctx->array_bounds_at = il2cpp_offset_of_array_bounds_in_array_object_header();
    zlua_rt_array_layout_get(&ctx->array);
    const Il2CppImage *corlib = il2cpp_get_corlib();
    ctx->k_object = il2cpp_class_from_name(corlib, "System", "Object");
    ctx->k_string = il2cpp_class_from_name(corlib, "System", "String");
    ctx->k_bool = il2cpp_class_from_name(corlib, "System", "Boolean");
    ctx->k_int32 = il2cpp_class_from_name(corlib, "System", "Int32");
    ctx->k_int64 = il2cpp_class_from_name(corlib, "System", "Int64");
    ctx->k_double = il2cpp_class_from_name(corlib, "System", "Double");
    /* once per state: each value type then asks about it once, at bind */
    ctx->k_byreflike = il2cpp_class_from_name(corlib, "System.Runtime.CompilerServices",
                                              "IsByRefLikeAttribute");
    ctx->k_extension = il2cpp_class_from_name(corlib, "System.Runtime.CompilerServices",
                                              "ExtensionAttribute");
    ctx->k_param_array = il2cpp_class_from_name(corlib, "System", "ParamArrayAttribute");
    ctx->k_multicast = il2cpp_class_from_name(corlib, "System", "MulticastDelegate");
    if (zlua__sreg_init(&ctx->structs, alloc, alloc_ud) != ZLUA_OK ||
        zlua__oreg_init(&ctx->objects, alloc, alloc_ud) != ZLUA_OK) {
        zlua__sreg_free(&ctx->structs);
        zlua__oreg_free(&ctx->objects);
        alloc(alloc_ud, ctx, sizeof *ctx, 0);
        return NULL;
    }
    /* The main thread's block starts at its extra space (lua.h's
     * lua_getextraspace). */
    ctx->main = main;
    ctx->main_block = lua_getextraspace(main);
    lua_setallocf(L, zlua_state_alloc, ctx);
    return ctx;
}

int zlua_state_stats(lua_State *L, zlua_stats *out)
{
    if (L == NULL || out == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    out->structs = ctx->structs.live;
    out->objects = ctx->objects.live;
    out->scope_depth = ctx->scope.depth;
    out->handles = ctx->scope.size;
    out->generation = ctx->scope.generation;
    out->delegates = ctx->delegates_live;
    out->running = ctx->ic_depth;
    return ZLUA_OK;
}

int zlua_state_set_log(lua_State *L, zlua_log_fn fn, void *ud)
{
    if (L == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    ctx->log = fn;
    ctx->log_ud = ud;
    ctx->log_set = 1;
    return ZLUA_OK;
}
