/*
 * ic.c -- IC: C# calling Lua (R-IC-1, R-OPQ-5).
 *
 * The call opens a scope, pushes the arguments (structs and byrefs as
 * OpaqueValue), runs the Lua function under lua_pcall, pops the result
 * and restores the scope stack exactly -- on every path -- so no Lua
 * error ever unwinds into the C# frames of the caller.
 *
 * Nothing that can raise runs outside a protected call, since a longjmp
 * there would unwind C# frames: when the function name is already
 * interned (a small cache in the context) and every argument push is safe
 * (OpaqueValues, numbers, booleans), the pushes allocate nothing and the
 * function is called directly with lua_pcall, the cost of a hand-written
 * call; otherwise a small trampoline does everything inside the protected
 * call and interns the name for next time.  Error messages made after a
 * call are made in a protected call too.
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/ic.h"

#include "core/context.h"
#include "marshal/meta.h"
#include "scope/scope.h"

/* The slow paths stay out of the fast one's code; the argument pushes go
 * into it (a frame less per call, bench f). */
#if defined(__GNUC__) || defined(__clang__)
#define ZLUA_IC_COLD __attribute__((noinline, cold))
#define ZLUA_IC_HOT static inline __attribute__((always_inline))
#else
#define ZLUA_IC_COLD
#define ZLUA_IC_HOT static inline
#endif

static size_t zlua_ic_name_len(const zlua_ic_call *c)
{
    return c->function_len != 0 ? c->function_len : strlen(c->function);
}

static struct zlua_ic_name *zlua_ic_name_slot(zlua_ctx *ctx, const char *key)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 9;
    return &ctx->ic_names[h % (sizeof ctx->ic_names / sizeof ctx->ic_names[0])];
}

/* Pushes the interned name of c's function and returns 1 when the cache
 * has it (no allocation); else pushes nothing and returns 0.  Keyed by the
 * C string's address, whose content a stub may change (a reused buffer):
 * the bytes are compared with the cache's own copy -- with a length byte
 * for byte, NUL-terminated by strcmp when the copy holds no NUL.  The
 * registry slot is reachable by scripts; one that no longer holds a
 * string is a miss (one that holds another string makes this call look
 * up another global, which a script could do by assigning globals). */
static int zlua_ic_push_cached_name(lua_State *L, zlua_ctx *ctx, const zlua_ic_call *c)
{
    struct zlua_ic_name *e = zlua_ic_name_slot(ctx, c->function);
    if (ZLUA_UNLIKELY(e->key != c->function))
        return 0;
    /* a static name's bytes cannot have changed under the same address */
    if (ZLUA_UNLIKELY(!(c->function_static && e->is_static)) &&
        !(c->function_len != 0 ? c->function_len == e->len && memcmp(e->bytes, c->function, e->len) == 0
                               : e->plain && strcmp(e->bytes, c->function) == 0))
        return 0;
    if (ZLUA_LIKELY(lua_rawgeti(L, LUA_REGISTRYINDEX, e->ref) == LUA_TSTRING))
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* Interns the name at -1 for c (may raise: only inside the trampoline);
 * names too long for the copy are not cached. */
static void zlua_ic_cache_name(lua_State *L, zlua_ctx *ctx, const zlua_ic_call *c, size_t len)
{
    struct zlua_ic_name *e = zlua_ic_name_slot(ctx, c->function);
    if (len >= sizeof e->bytes)
        return;
    lua_pushvalue(L, -1);
    if (e->ref != 0) {
        lua_rawseti(L, LUA_REGISTRYINDEX, e->ref);   /* the reserved slot */
    } else {
        e->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    e->key = c->function;
    e->len = len;
    e->is_static = c->function_static != 0;
    memcpy(e->bytes, lua_tostring(L, -1), len);
    e->bytes[len] = '\0';
    e->plain = memchr(e->bytes, '\0', len) == NULL;   /* then strcmp can vouch for it */
}

void zlua_ic_open(lua_State *L, zlua_ctx *ctx)
{
    for (size_t i = 0; i < sizeof ctx->ic_names / sizeof ctx->ic_names[0]; i++) {
        if (ctx->ic_names[i].ref != 0)
            continue;   /* a second zlua_open after a failed one */
        lua_pushboolean(L, 0);
        ctx->ic_names[i].ref = luaL_ref(L, LUA_REGISTRYINDEX);
    }
}

/* Pushes the globals table (raw lookups: no metamethod runs); 0 when a
 * script replaced it in the registry: the lookup below then yields nil. */
static int zlua_ic_push_globals(lua_State *L)
{
    return lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS) == LUA_TTABLE;
}

/* [globals, name] -> [globals, function]: the globals table stays below
 * the call (dropped with everything else after it: by zlua_ic_run on
 * success, by zlua_ic_done after a failure). */
static void zlua_ic_lookup_function(lua_State *L, int globals_ok)
{
    if (ZLUA_LIKELY(globals_ok))
        lua_rawget(L, -2);
    else {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

/* Lua values the arguments occupy (an UnpackedValues slot: its members,
 * SPEC 7.2), and results the call takes back. */
static int zlua_ic_values(const zlua_ic_call *c)
{
    int n = 0;
    for (int i = 0; i < c->nargs; i++)
        n += zlua_meta_slots(c->arg_meta[i]);
    return n;
}

static int zlua_ic_results(const zlua_ic_call *c)
{
    return c->ret_meta ? zlua_meta_slots(c->ret_meta) : 0;
}

/* An OpaqueValue -- every struct and byref argument, the IC path's
 * common case -- is issued here, inline (zlua_push_arg_opaque's body);
 * any other argument through its slot's writer. */
ZLUA_IC_HOT int zlua_ic_push_args(lua_State *L, zlua_ctx *ctx, const zlua_ic_call *c)
{
    for (int i = 0; i < c->nargs; i++) {
        const zlua_meta *m = c->arg_meta[i];
        int rc;
        if (ZLUA_LIKELY(m->push_arg == zlua_push_arg_opaque)) {
            /* into the scope this call opened */
            uintptr_t h;
            rc = zlua_scope_push(&ctx->scope, c->arg_slots[i], m, &h);
            if (rc == ZLUA_OK)
                lua_pushlightuserdata(L, (void *)h);
        } else {
            rc = m->push_arg(L, m, c->arg_slots[i]);
        }
        if (ZLUA_UNLIKELY(rc != ZLUA_OK))
            return rc;
    }
    return ZLUA_OK;
}

/* The protected body: the whole call when the fast path cannot take it
 * (uncached name, or argument pushes that may raise), or, called with a
 * pop code and a value, the error message of a bad result.  A script can
 * capture this function (a call hook sees it) and call it later with any
 * lightuserdata: only the call zlua_ic_run announced in the context runs,
 * once. */
static int zlua_ic_trampoline(lua_State *L)
{
    zlua_ctx *ctx = zlua_ctx_get(L);
    /* the call is the context's: its address is never on a Lua stack,
     * where a hook could read it (debug.getlocal) and hand it to C# */
    const zlua_ic_call *c = ctx != NULL ? ctx->ic_pending : NULL;
    if (ctx == NULL || c == NULL || c != ctx->ic_pending)
        return luaL_error(L, "zlua: the IC trampoline is not callable from Lua");
    ctx->ic_pending = NULL;
    if (lua_gettop(L) == 3) {   /* 2: the pop code, 3: the bad result */
        zlua_pop_error_push(L, 3, c->ret_meta, (int)lua_tointeger(L, 2));
        return luaL_error(L, "bad result from '%s' (%s)", c->function, lua_tostring(L, -1));
    }
    lua_settop(L, 0);
    if (c->function_ref != 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->function_ref);   /* a delegate's */
    } else {
        size_t len = zlua_ic_name_len(c);
        int globals_ok = zlua_ic_push_globals(L);
        lua_pushlstring(L, c->function, len);
        zlua_ic_cache_name(L, ctx, c, len);
        zlua_ic_lookup_function(L, globals_ok);
    }
    if (zlua_ic_push_args(L, ctx, c) != ZLUA_OK)
        return luaL_error(L, "zlua: cannot push the arguments of '%s'", c->function);
    int nres = zlua_ic_results(c);
    lua_call(L, zlua_ic_values(c), nres);
    return nres;
}

/* Calls the trampoline for c with the nextra values on top as its extra
 * arguments (its pushes allocate nothing: a light C function and a
 * lightuserdata on a checked stack). */
ZLUA_IC_COLD static int zlua_ic_protected(lua_State *L, zlua_ctx *ctx, const zlua_ic_call *c, int nextra,
                             int nres)
{
    lua_pushcfunction(L, zlua_ic_trampoline);
    lua_pushboolean(L, 0);   /* where the call's address was: no address */
    lua_rotate(L, -(nextra + 2), 2);   /* function, c, extras */
    const void *outer = ctx->ic_pending;
    ctx->ic_pending = c;
    int status = lua_pcall(L, nextra + 1, nres, 0);
    ctx->ic_pending = outer;
    return status;
}

/* A result its writer refused: the message allocates, so it is made in
 * the protected body, over the first result. */
ZLUA_IC_COLD static int zlua_ic_bad_result(lua_State *L, zlua_ctx *ctx, const zlua_ic_call *c,
                                           int first, int rc)
{
    lua_settop(L, first);
    lua_pushinteger(L, rc);
    lua_insert(L, -2);
    (void)zlua_ic_protected(L, ctx, c, 2, 0);
    return ZLUA_ELUA;
}

/* nvals, nres: the Lua values the arguments occupy and the results
 * taken back (zlua_ic_values / zlua_ic_results, counted once by the
 * caller). */
static int zlua_ic_run(lua_State *L, zlua_ctx *ctx, zlua_ic_call *c, int all_safe, int nvals,
                       int nres)
{
    int direct = 0;
    if (ZLUA_UNLIKELY(all_safe && c->function_ref != 0)) {
        /* a delegate's function: a registry read, no name to intern */
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->function_ref);
        direct = 1;
    } else if (ZLUA_LIKELY(all_safe)) {
        int globals_ok = zlua_ic_push_globals(L);
        direct = zlua_ic_push_cached_name(L, ctx, c);
        if (ZLUA_LIKELY(direct))
            zlua_ic_lookup_function(L, globals_ok);
        else
            lua_pop(L, 1);
    }
    if (ZLUA_LIKELY(direct)) {
        /* nothing here allocates: a cached name, safe pushes, lua_pcall */
        if (ZLUA_UNLIKELY(zlua_ic_push_args(L, ctx, c) != ZLUA_OK)) {
            lua_settop(L, c->top);
            return ZLUA_ENOMEM;   /* the scope stack could not grow */
        }
        if (ZLUA_UNLIKELY(lua_pcall(L, nvals, nres, 0) != LUA_OK))
            return ZLUA_ELUA;
    } else if (zlua_ic_protected(L, ctx, c, 0, nres) != LUA_OK) {
        return ZLUA_ELUA;
    }
    if (nres) {
        /* the results from the first (several for UnpackedValues) */
        int first = nres == 1 ? -1 : lua_gettop(L) - nres + 1;
        int rc = c->ret_meta->pop(L, first, c->ret_meta, c->ret_slot);
        if (ZLUA_UNLIKELY(rc != ZLUA_POP_OK))
            return zlua_ic_bad_result(L, ctx, c, first, rc);
    }
    /* The results are copies by now: drop them and the globals table
     * here, so that zlua_ic_done has nothing left to do. */
    lua_settop(L, c->top);
    c->restored = 1;
    return ZLUA_OK;
}

int zlua_ic_invoke(lua_State *L, zlua_ic_call *c)
{
    if (ZLUA_UNLIKELY(L == NULL || c == NULL))
        return ZLUA_EINVAL;
    /* First, so that zlua_ic_error / zlua_ic_done are safe on every path. */
    c->top = lua_gettop(L);
    c->restored = 0;
    if (ZLUA_UNLIKELY(c->function == NULL || c->nargs < 0 ||
                      (c->nargs > 0 && (c->arg_meta == NULL || c->arg_slots == NULL)) ||
                      (c->ret_meta != NULL && c->ret_slot == NULL)))
        return ZLUA_EINVAL;
    int all_safe = 1, nvals = 0;
    for (int i = 0; i < c->nargs; i++) {
        if (ZLUA_UNLIKELY(c->arg_meta[i] == NULL))
            return ZLUA_EINVAL;
        all_safe &= c->arg_meta[i]->push_safe;
        nvals += zlua_meta_slots(c->arg_meta[i]);
    }
    int nres = zlua_ic_results(c);
    /* Metas belong to the state they were resolved on (zlua_meta_param /
     * zlua_meta_type with this L), so the first one names the context;
     * only argument-less calls look it up. */
    const zlua_meta *first = c->nargs > 0 ? c->arg_meta[0] : c->ret_meta;
    zlua_ctx *ctx = first != NULL ? first->ctx : zlua_ctx_get(L);
    if (ZLUA_UNLIKELY(ctx == NULL))
        return ZLUA_ESTATE;
    if (ZLUA_UNLIKELY(!lua_checkstack(L, nvals + nres + 8)))
        return ZLUA_ENOMEM;
    zlua_scope_state saved = zlua_scope_save(&ctx->scope);
    if (ZLUA_UNLIKELY(zlua_scope_open(&ctx->scope) != ZLUA_OK))
        return ZLUA_ENOMEM;
    int rc = zlua_ic_run(L, ctx, c, all_safe, nvals, nres);
    zlua_scope_restore(&ctx->scope, saved);   /* every path (R-OPQ-5) */
    return rc;
}

const char *zlua_ic_error(lua_State *L, const zlua_ic_call *c, size_t *len)
{
    static const char none[] = "no Lua error message (see the return code)";
    if (L == NULL || c == NULL || lua_gettop(L) <= c->top) {
        if (len)
            *len = sizeof none - 1;
        return none;
    }
    if (lua_type(L, -1) != LUA_TSTRING && lua_type(L, -1) != LUA_TNUMBER) {
        static const char obj[] = "(error object is not a string)";
        if (len)
            *len = sizeof obj - 1;
        return obj;
    }
    return lua_tolstring(L, -1, len);
}

Il2CppException *zlua_ic_exception(lua_State *L, const zlua_ic_call *c)
{
    /* the Lua message, or the failure's own text; a NUL in it ends it */
    const char *msg = zlua_ic_error(L, c, NULL);
    Il2CppException *exc = NULL;
    Il2CppException *thrown = zlua_rt_exception_new("System", "InvalidOperationException",
                                                    msg, &exc);
    return thrown != NULL ? thrown : exc;   /* out of memory: that one */
}

/* After a failure: its message and whatever the call left. */
ZLUA_IC_COLD static void zlua_ic_drop(lua_State *L, const zlua_ic_call *c)
{
    if (lua_gettop(L) >= c->top)
        lua_settop(L, c->top);
}

void zlua_ic_done(lua_State *L, zlua_ic_call *c)
{
    if (ZLUA_UNLIKELY(L != NULL && c != NULL && !c->restored))
        zlua_ic_drop(L, c);
}
