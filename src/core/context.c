/*
 * context.c -- zlua_open, the per-state context and its arena.
 */
#include "core/context.h"

#include <string.h>

#include <lauxlib.h>

#include "core/open.h"
#include "il2cpp/il2cpp_api.h"
#include "zlua.h"

/* The registry key of the context anchor (its address is the key). */
static const char zlua_ctx_key = 'Z';

#define ZLUA_ARENA_BLOCK 16384u
#define ZLUA_ARENA_ALIGN 16u

struct zlua_arena_block {
    zlua_arena_block *next;
    size_t size, used;
    /* data follows, ZLUA_ARENA_ALIGN-aligned */
};

#define ZLUA_ARENA_HDR \
    ((sizeof(zlua_arena_block) + ZLUA_ARENA_ALIGN - 1) & ~(size_t)(ZLUA_ARENA_ALIGN - 1))

zlua_ctx *zlua_ctx_get(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &zlua_ctx_key);
    zlua_ctx *ctx = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return ctx;
}

void *zlua_ctx_arena_alloc(zlua_ctx *ctx, size_t size)
{
    size = (size + ZLUA_ARENA_ALIGN - 1) & ~(size_t)(ZLUA_ARENA_ALIGN - 1);
    zlua_arena_block *b = ctx->arena;
    if (b == NULL || b->size - b->used < size) {
        size_t cap = size > ZLUA_ARENA_BLOCK ? size : ZLUA_ARENA_BLOCK;
        b = ctx->alloc(ctx->alloc_ud, NULL, 0, ZLUA_ARENA_HDR + cap);
        if (b == NULL)
            return NULL;
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

char *zlua_ctx_strdup(zlua_ctx *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = zlua_ctx_arena_alloc(ctx, n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static void zlua_ctx_release(zlua_ctx *ctx)
{
    zlua_sreg_free(&ctx->structs);
    zlua_oreg_free(&ctx->objects);
    zlua_scope_free(&ctx->scope);
    zlua_ptrmap_free(&ctx->classes);
    zlua_ptrmap_free(&ctx->metas);
    while (ctx->arena != NULL) {
        zlua_arena_block *next = ctx->arena->next;
        ctx->alloc(ctx->alloc_ud, ctx->arena, ZLUA_ARENA_HDR + ctx->arena->size, 0);
        ctx->arena = next;
    }
}

/* __gc of the anchor: runs at lua_close after every zlua userdata of the
 * state (it was created first, so it is finalized last). */
static int zlua_ctx_gc(lua_State *L)
{
    zlua_ctx *ctx = lua_touserdata(L, 1);
    if (ctx != NULL && ctx->L != NULL) {
        zlua_ctx_release(ctx);
        ctx->L = NULL;
    }
    return 0;
}

static int zlua_ctx_create(lua_State *L)
{
    zlua_ctx *ctx = lua_newuserdatauv(L, sizeof *ctx, 0);
    memset(ctx, 0, sizeof *ctx);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, zlua_ctx_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    ctx->alloc = lua_getallocf(L, &ctx->alloc_ud);
    zlua_scope_init(&ctx->scope, ctx->alloc, ctx->alloc_ud);
    zlua_ptrmap_init(&ctx->classes, ctx->alloc, ctx->alloc_ud);
    zlua_ptrmap_init(&ctx->metas, ctx->alloc, ctx->alloc_ud);
    ctx->namespaces_ref = LUA_NOREF;
    ctx->header_size = il2cpp_object_header_size();
    const Il2CppImage *corlib = il2cpp_get_corlib();
    ctx->k_object = il2cpp_class_from_name(corlib, "System", "Object");
    ctx->k_string = il2cpp_class_from_name(corlib, "System", "String");
    ctx->k_bool = il2cpp_class_from_name(corlib, "System", "Boolean");
    ctx->k_int32 = il2cpp_class_from_name(corlib, "System", "Int32");
    ctx->k_int64 = il2cpp_class_from_name(corlib, "System", "Int64");
    ctx->k_double = il2cpp_class_from_name(corlib, "System", "Double");
    if (zlua_sreg_init(&ctx->structs, ctx->alloc, ctx->alloc_ud) != ZLUA_OK)
        return luaL_error(L, "zlua: cannot initialise the struct registry");
    if (zlua_oreg_init(&ctx->objects, ctx->alloc, ctx->alloc_ud) != ZLUA_OK) {
        zlua_sreg_free(&ctx->structs);
        return luaL_error(L, "zlua: cannot initialise the object registry");
    }
    ctx->L = L;
    lua_rawsetp(L, LUA_REGISTRYINDEX, &zlua_ctx_key);
    return 0;
}

/* Protected body of zlua_open: a failure leaves no half-made globals. */
static int zlua_open_protected(lua_State *L)
{
    zlua_ctx_create(L);
    zlua_ctx *ctx = zlua_ctx_get(L);
    zlua_types_open(L, ctx);   /* CS, CSharp */
    zlua_lib_open(L, ctx);     /* zlua */
    return 0;
}

int zlua_open(lua_State *L)
{
    if (L == NULL)
        return ZLUA_EINVAL;
    if (zlua_ctx_get(L) != NULL)
        return ZLUA_OK;
    lua_pushcfunction(L, zlua_open_protected);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        /* Forget the half-made context: its anchor's __gc releases it, and
         * a later zlua_open starts afresh. */
        lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &zlua_ctx_key);
        return ZLUA_ENOMEM;
    }
    return ZLUA_OK;
}

int zlua_scope_begin(lua_State *L)
{
    zlua_ctx *ctx = L ? zlua_ctx_get(L) : NULL;
    return ctx ? zlua_scope_open(&ctx->scope) : ZLUA_ESTATE;
}

int zlua_scope_end(lua_State *L)
{
    zlua_ctx *ctx = L ? zlua_ctx_get(L) : NULL;
    if (ctx == NULL)
        return ZLUA_ESTATE;
    if (ctx->scope.depth == 0)
        return ZLUA_EINVAL;   /* unbalanced: no scope is open */
    zlua_scope_close(&ctx->scope);
    return ZLUA_OK;
}

int zlua_get_stats(lua_State *L, zlua_stats *out)
{
    if (L == NULL || out == NULL)
        return ZLUA_EINVAL;
    zlua_ctx *ctx = zlua_ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    out->structs = ctx->structs.count;
    out->objects = ctx->objects.count;
    out->scope_depth = ctx->scope.depth;
    out->handles = ctx->scope.size;
    out->generation = ctx->scope.generation;
    return ZLUA_OK;
}
