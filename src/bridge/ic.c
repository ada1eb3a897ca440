/*
 * ic.c -- IC: C# calling Lua (R-IC-1, R-OPQ-5).
 *
 * The call issues its struct and byref arguments as OpaqueValue handles
 * in a frame of the scope stack, runs the Lua function under lua_pcall,
 * pops the result and restores the scope stack exactly, expiring the
 * frame's handles -- on every path -- so no Lua error ever unwinds into
 * the C# frames of the caller.
 *
 * A stub's call site is bound once per state, on its first call there:
 * the metas of its method and a registry slot for its function's
 * interned name, in a record of the state's arena found by the site's
 * id.  A state never sees another's record, and a record dies with its
 * state, so a site kept in a C static survives any number of states.
 *
 * Nothing that can raise runs outside a protected call, since a longjmp
 * there would unwind C# frames.  When the site's name is interned, every
 * argument push is safe (OpaqueValues, numbers, booleans) and the
 * result's pop cannot raise, the pushes allocate nothing and the function
 * is called directly with lua_pcall, the cost of a hand-written call;
 * anything else (the first call, a name known only at run time, pushes
 * that allocate, a Table result) runs whole inside the protected call
 * through a small trampoline.  Messages made after a call are made in a
 * protected call too, and an error object is made a string in one.
 *
 * The trampoline is a C function a script can reach: a call hook sees it
 * (debug.getinfo(2, 'f').func) and can call it with anything.  It takes
 * nothing from its arguments that it dereferences: its one job is
 * announced in the context by the call that pushed it, for that thread
 * and that many arguments, and consumed by its first run.
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/ic.h"
#include "bridge/ic_scalar.h"

#include "core/state.h"
#include "core/thread.h"
#include "core/utf.h"
#include "marshal/ic_shape.h"
#include "marshal/meta.h"
#include "scope/scope.h"
#include "zlua_stub.h"

#if ZLUA_GNU_ATTRIBUTES
/* A site's id is set once, by whichever state binds it first, perhaps on
 * another thread: published with a compare-and-swap, read with acquire. */
#define ZLUA_IC_ID_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ZLUA_IC_ID_NEXT(p) __atomic_add_fetch((p), 1, __ATOMIC_RELAXED)
#define ZLUA_IC_ID_SET(p, expected, v)                                                      \
    __atomic_compare_exchange_n((p), (expected), (v), 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
#else
#if ZLUA_MSVC
#include <intrin.h>
/* an aligned 32-bit load is atomic on every target; the interlocked
 * operations are full barriers */
#define ZLUA_IC_ID_LOAD(p) (*(volatile uint32_t *)(p))
#define ZLUA_IC_ID_NEXT(p) ((uint32_t)_InterlockedIncrement((volatile long *)(p)))
static int zlua_ic_id_set(uint32_t *p, uint32_t *expected, uint32_t v)
{
    uint32_t was = (uint32_t)_InterlockedCompareExchange((volatile long *)p, (long)v, (long)*expected);
    if (was == *expected)
        return 1;
    *expected = was;
    return 0;
}
#define ZLUA_IC_ID_SET(p, expected, v) zlua_ic_id_set((p), (expected), (v))
#else
/* no atomics known: two states binding one site at once on two threads
 * may each give it an id, and the loser's record is made again under
 * the winner's -- a record too many, never a wrong one */
#define ZLUA_IC_ID_LOAD(p) (*(p))
#define ZLUA_IC_ID_NEXT(p) (++*(p))
#define ZLUA_IC_ID_SET(p, expected, v)                                                      \
    (*(p) == *(expected) ? (*(p) = (v), 1) : (*(expected) = *(p), 0))
#endif
#endif

/* The arguments of a call by name that gives its method, not its metas. */
#define ZLUA_IC_METHOD_ARGS 16

/* Sites the process may name; far above any generated file's count. */
#define ZLUA_IC_SITES_MAX (UINT32_C(1) << 20)

/* The refusals zlua_ic_error reports (ZLUA_EINVAL). */
static const char zlua_ic_no_function[] =
    "zlua: an IC call names its function by a site, or by function and function_len";
static const char zlua_ic_bad_slots[] =
    "zlua: an IC call's argument count, metas or slots do not fit its function";
static const char zlua_ic_foreign[] =
    "zlua: the IC call's marshal descriptors belong to another lua_State";
static const char zlua_ic_site_misuse[] =
    "zlua: an IC call with a site takes its method's metas, not arg_meta or ret_meta";
static const char zlua_ic_site_other[] =
    "zlua: this IC site is bound to another method in this lua_State";
static const char zlua_ic_site_unusable[] =
    "zlua: an IC site's method has a parameter or result that cannot be marshalled";

/* A site bound in one state (ctx->ic_sites[site->id - 1]). */
struct zlua__ic_bound {
    zlua__ic_shape shape;
    const zlua_ic_site *site;  /* whose record this is */
    const MethodInfo *method;
    int ref;                   /* registry slot of the interned name; 0:
                                  none yet (luaL_ref on first interning) */
};

/* The trampoline's one job, on the C stack of the call that runs it. */
enum { ZLUA_IC_JOB_CALL, ZLUA_IC_JOB_RESULT };
typedef struct zlua__ic_job {
    lua_State *L;              /* the thread it runs on */
    const zlua_ic_call *c;
    const zlua__ic_shape *s;
    struct zlua__ic_bound *b;   /* the site's record, or NULL */
    int kind;
    int nargs;                 /* the Lua arguments it is called with */
} zlua__ic_job;

static int zlua_ic_refuse(zlua_ic_call *c, const char *why)
{
    c->refused = why;
    return ZLUA_EINVAL;
}

/* Memory ran out before the Lua call: zlua_ic_error names that, not a
 * missing message. */
static const char zlua_ic_no_memory[] = "not enough memory";
static int zlua_ic_nomem(zlua_ic_call *c)
{
    c->refused = zlua_ic_no_memory;
    return ZLUA_ENOMEM;
}

/* ---- sites ------------------------------------------------------------------------ */

static uint32_t zlua_ic_last_id;   /* the ids handed out, process-wide */

/* site's id, given on first use; 0 past ZLUA_IC_SITES_MAX. */
static uint32_t zlua_ic_site_id(zlua_ic_site *site)
{
    uint32_t id = ZLUA_IC_ID_LOAD(&site->id);
    if (id != 0)
        return id;
    uint32_t fresh = ZLUA_IC_ID_NEXT(&zlua_ic_last_id);
    if (fresh == 0 || fresh > ZLUA_IC_SITES_MAX)
        return 0;
    uint32_t expected = 0;
    if (ZLUA_IC_ID_SET(&site->id, &expected, fresh))
        return fresh;
    return expected;   /* another state named it first: its id holds */
}

/* The record of c's site in ctx when it fits c: the fast path's lookup.
 * An id no state gave (0, or another's) finds nothing: the bound check
 * below it, and the record's own site, say so. */
ZLUA_INLINE struct zlua__ic_bound *zlua_ic_bound_of(const zlua__ctx *ctx, const zlua_ic_call *c)
{
    uint32_t i = ZLUA_IC_ID_LOAD(&c->site->id) - 1;   /* 0 wraps */
    if (ZLUA_UNLIKELY(i >= ctx->ic_sites_cap))
        return NULL;
    struct zlua__ic_bound *b = ctx->ic_sites[i];
    if (ZLUA_LIKELY(b != NULL && b->site == c->site && b->method == c->method &&
                    b->shape.nargs == c->nargs && (c->arg_slots != NULL || c->nargs == 0) &&
                    (b->shape.ret == NULL || c->ret_slot != NULL)))
        return b;
    return NULL;
}

/* Why c cannot use b, or NULL. */
static const char *zlua_ic_site_mismatch(const struct zlua__ic_bound *b, const zlua_ic_call *c)
{
    if (b->method != c->method)
        return zlua_ic_site_other;
    if (b->shape.nargs != c->nargs || (c->nargs > 0 && c->arg_slots == NULL) ||
        (b->shape.ret != NULL && c->ret_slot == NULL))
        return zlua_ic_bad_slots;
    return NULL;
}

static int zlua_ic_usable(const zlua_meta *m)
{
    return m != NULL && m->kind != ZLUA_K_UNSUPPORTED;
}

/* Room for index i in ctx's table of sites. */
static int zlua_ic_sites_grow(zlua__ctx *ctx, uint32_t i)
{
    if (i < ctx->ic_sites_cap)
        return 1;
    uint32_t cap = ctx->ic_sites_cap ? ctx->ic_sites_cap : 16;
    while (cap <= i)
        cap *= 2;   /* i < ZLUA_IC_SITES_MAX: no overflow, 32-bit included */
    struct zlua__ic_bound **t = zlua__ctx_table_alloc(ctx, ctx->ic_sites,
                                                     ctx->ic_sites_cap * sizeof *t, cap * sizeof *t);
    if (t == NULL)
        return 0;
    memset(t + ctx->ic_sites_cap, 0, (cap - ctx->ic_sites_cap) * sizeof *t);
    ctx->ic_sites = t;
    ctx->ic_sites_cap = cap;
    return 1;
}

/* A new record of c's site for index i: the metas of c->method as
 * zlua_meta_param binds them (resolved first, so that an unusable slot
 * or a failed allocation leaves nothing behind: the next call tries
 * again), and one of the registry slots zlua_open reserved.  Allocates
 * from the arena and the state allocator only: never raises. */
static int zlua_ic_bind_new(lua_State *L, zlua__ctx *ctx, zlua_ic_call *c, uint32_t i)
{
    const MethodInfo *method = c->method;
    uint32_t n = il2cpp_method_get_param_count(method);
    const Il2CppType *rt = il2cpp_method_get_return_type(method);
    int has_ret = rt != NULL && il2cpp_type_get_type(rt) != ZLUA_IL2CPP_TYPE_VOID;
    unsigned nomem = ctx->nomem;
    if (n > INT32_MAX / 4)
        return zlua_ic_refuse(c, zlua_ic_site_unusable);
    for (uint32_t k = 0; k < n; k++)
        if (!zlua_ic_usable(zlua_meta_param(L, method, (int)k)))
            goto unusable;
    if (has_ret && !zlua_ic_usable(zlua_meta_param(L, method, -1)))
        goto unusable;
    if (!zlua_ic_sites_grow(ctx, i))
        return zlua_ic_nomem(c);
    struct zlua__ic_bound *b = zlua__ctx_arena_alloc(ctx, sizeof *b);
    const zlua_meta **metas = zlua__ctx_arena_alloc(ctx, (n ? n : 1) * sizeof *metas);
    if (b == NULL || metas == NULL)
        return zlua_ic_nomem(c);
    for (uint32_t k = 0; k < n; k++)
        metas[k] = zlua_meta_param(L, method, (int)k);   /* cached by now */
    zlua__ic_shape_fill(&b->shape, metas, (int)n, has_ret ? zlua_meta_param(L, method, -1) : NULL);
    b->site = c->site;
    b->method = method;
    size_t nrefs = sizeof ctx->ic_refs / sizeof ctx->ic_refs[0];
    b->ref = ctx->ic_refs_used < nrefs ? ctx->ic_refs[ctx->ic_refs_used++] : 0;
    ctx->ic_sites[i] = b;
    return ZLUA_OK;
unusable:
    return ctx->nomem != nomem ? zlua_ic_nomem(c) : zlua_ic_refuse(c, zlua_ic_site_unusable);
}

/* The first call of a site in this state binds it; any call that does
 * not fit the record bound is refused. */
ZLUA_COLD static int zlua_ic_bind(lua_State *L, zlua__ctx *ctx, zlua_ic_call *c,
                                     struct zlua__ic_bound **out)
{
    zlua_ic_site *site = c->site;
    if (site->function == NULL || c->method == NULL)
        return zlua_ic_refuse(c, zlua_ic_no_function);
    if (c->arg_meta != NULL || c->ret_meta != NULL || c->function_ref != 0)
        return zlua_ic_refuse(c, zlua_ic_site_misuse);
    uint32_t id = zlua_ic_site_id(site);
    if (id == 0)
        return zlua_ic_nomem(c);
    struct zlua__ic_bound *b = id - 1 < ctx->ic_sites_cap ? ctx->ic_sites[id - 1] : NULL;
    if (b == NULL) {
        int rc = zlua_ic_bind_new(L, ctx, c, id - 1);
        if (rc != ZLUA_OK)
            return rc;
        b = ctx->ic_sites[id - 1];
    }
    const char *why = b->site != site ? zlua_ic_site_other : zlua_ic_site_mismatch(b, c);
    if (why != NULL)
        return zlua_ic_refuse(c, why);
    *out = b;
    return ZLUA_OK;
}

/* A call without site: its own name and metas (args, ret), which must
 * be L's, checked and counted in one pass (a delegate's every call comes
 * here; out of line, so that a site's path keeps its registers). */
ZLUA_COLD static int zlua_ic_shape_of(const zlua__ctx *ctx, zlua_ic_call *c,
                                      const zlua_meta *const *args, const zlua_meta *ret,
                                      zlua__ic_shape *s)
{
    int n = c->nargs;
    if (ZLUA_UNLIKELY(c->function == NULL || (c->function_len == 0 && c->function_ref == 0)))
        return zlua_ic_refuse(c, zlua_ic_no_function);
    if (ZLUA_UNLIKELY(n < 0 || (n > 0 && (args == NULL || c->arg_slots == NULL)) ||
                      (ret != NULL && c->ret_slot == NULL)))
        return zlua_ic_refuse(c, zlua_ic_bad_slots);
    int safe = 1, nvals = 0, nres = 0;
    for (int i = 0; i < n; i++) {
        const zlua_meta *m = args[i];
        if (ZLUA_UNLIKELY(m == NULL || m->ctx != ctx))
            return zlua_ic_refuse(c, m == NULL ? zlua_ic_bad_slots : zlua_ic_foreign);
        safe &= m->push_safe;
        nvals += zlua_meta_slots(m);
    }
    if (ret != NULL) {
        if (ZLUA_UNLIKELY(ret->ctx != ctx))
            return zlua_ic_refuse(c, zlua_ic_foreign);
        nres = zlua_meta_slots(ret);
        safe &= !zlua__ic_pop_may_raise(ret);
    }
    s->args = args;
    s->ret = ret;
    s->nargs = n;
    s->nvals = nvals;
    s->nres = nres;
    /* a name known only now is interned in the protected call; a
     * delegate's function is a registry read */
    s->direct = safe && c->function_ref != 0;
    s->scalar = 0;   /* a delegate type's alone is read (zlua__delegate_call) */
    s->args_i4 = 0;
    return ZLUA_OK;
}

/* A call by name with its method instead of metas (a [LuaInvokeByName]
 * method's stub, zlua.h): the metas of the method's last nargs
 * parameters and of its result, as a site binds them (cached per state
 * by zlua_meta_param), into args / *ret. */
ZLUA_COLD static int zlua_ic_method_metas(lua_State *L, zlua__ctx *ctx, zlua_ic_call *c,
                                          const zlua_meta **args, const zlua_meta **ret)
{
    const MethodInfo *method = c->method;
    uint32_t n = il2cpp_method_get_param_count(method);
    if (c->nargs < 0 || c->nargs > ZLUA_IC_METHOD_ARGS || (uint32_t)c->nargs > n)
        return zlua_ic_refuse(c, zlua_ic_bad_slots);
    unsigned nomem = ctx->nomem;
    uint32_t first = n - (uint32_t)c->nargs;
    for (int k = 0; k < c->nargs; k++) {
        args[k] = zlua_meta_param(L, method, (int)(first + (uint32_t)k));
        if (!zlua_ic_usable(args[k]))
            goto unusable;
    }
    const Il2CppType *rt = il2cpp_method_get_return_type(method);
    *ret = NULL;
    if (rt != NULL && il2cpp_type_get_type(rt) != ZLUA_IL2CPP_TYPE_VOID) {
        *ret = zlua_meta_param(L, method, -1);
        if (!zlua_ic_usable(*ret))
            goto unusable;
    }
    return ZLUA_OK;
unusable:
    return ctx->nomem != nomem ? zlua_ic_nomem(c) : zlua_ic_refuse(c, zlua_ic_site_unusable);
}

void zlua__ic_open(lua_State *L, zlua__ctx *ctx)
{
    for (size_t i = 0; i < sizeof ctx->ic_refs / sizeof ctx->ic_refs[0]; i++) {
        if (ctx->ic_refs[i] != 0)
            continue;   /* a second zlua_open after a failed one */
        lua_pushboolean(L, 0);
        ctx->ic_refs[i] = luaL_ref(L, LUA_REGISTRYINDEX);
    }
}

/* ---- the function and its arguments -------------------------------------------------- */

/* Pushes the globals table (raw lookups: no metamethod runs); 0 when a
 * script replaced it in the registry: the lookup below then yields nil. */
static int zlua_ic_push_globals(lua_State *L)
{
    return lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS) == LUA_TTABLE;
}

/* [globals, name] -> [globals, function]: the globals table stays below
 * the call (dropped with everything else after it: by zlua_ic_run on
 * success, by zlua_ic_done after a failure).  Returns the value's type,
 * as lua_rawget does. */
static int zlua_ic_lookup_function(lua_State *L, int globals_ok)
{
    if (ZLUA_LIKELY(globals_ok))
        return lua_rawget(L, -2);
    lua_pop(L, 1);
    lua_pushnil(L);
    return LUA_TNIL;
}

/* The fast path's function, pushed without allocating: a delegate's from
 * the registry, a site's through its interned name.  0 (nothing left
 * pushed) when the name is not interned: the registry slot is a script's
 * to rewrite, so only a string there is a name (another string makes the
 * call look up another global, which a script could do by assigning
 * globals). */
ZLUA_INLINE int zlua_ic_push_direct(lua_State *L, const zlua_ic_call *c,
                                    const struct zlua__ic_bound *b)
{
    if (b == NULL) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->function_ref);
        return 1;
    }
    int globals_ok = zlua_ic_push_globals(L);
    if (ZLUA_LIKELY(b->ref != 0) && ZLUA_LIKELY(lua_rawgeti(L, LUA_REGISTRYINDEX, b->ref) ==
                                                LUA_TSTRING)) {
        if (ZLUA_LIKELY(zlua_ic_lookup_function(L, globals_ok) == LUA_TFUNCTION))
            return 1;   /* anything else (nil, a callable table): the protected path */
    }
    lua_settop(L, c->top);
    return 0;
}

/* Pushes the name of c's function (may raise: protected only). */
static void zlua_ic_push_name(lua_State *L, const zlua_ic_call *c, const struct zlua__ic_bound *b)
{
    if (b != NULL)
        lua_pushstring(L, b->site->function);
    else if (c->function_ref != 0)
        lua_pushstring(L, c->function);   /* a delegate's type, for messages */
    else
        lua_pushlstring(L, c->function, c->function_len);
}

/* The same, protected: the function itself, interning a site's name into
 * its registry slot. */
static void zlua_ic_push_function(lua_State *L, const zlua_ic_call *c, struct zlua__ic_bound *b)
{
    if (c->function_ref != 0) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->function_ref);   /* a delegate's */
        return;
    }
    int globals_ok = zlua_ic_push_globals(L);
    if (b == NULL || b->ref == 0 || lua_rawgeti(L, LUA_REGISTRYINDEX, b->ref) != LUA_TSTRING) {
        if (b != NULL && b->ref != 0)
            lua_pop(L, 1);
        zlua_ic_push_name(L, c, b);
        if (b != NULL) {
            lua_pushvalue(L, -1);
            if (b->ref != 0)
                lua_rawseti(L, LUA_REGISTRYINDEX, b->ref);   /* its slot, again */
            else
                b->ref = luaL_ref(L, LUA_REGISTRYINDEX);
        }
    }
    (void)zlua_ic_lookup_function(L, globals_ok);
}

/* An OpaqueValue -- every struct and byref argument, the IC path's
 * common case -- is issued here, inline (zlua__push_arg_opaque's body);
 * any other argument through its slot's writer. */
ZLUA_INLINE int zlua_ic_push_args(lua_State *L, zlua__ctx *ctx, const zlua_ic_call *c,
                                  const zlua__ic_shape *s)
{
    for (int i = 0; i < s->nargs; i++) {
        const zlua_meta *m = s->args[i];
        int rc;
        if (ZLUA_LIKELY(m->push_arg == zlua__push_arg_opaque)) {
            /* into this call's frame (zlua_ic_go) */
            uintptr_t h;
            rc = zlua_scope_issue(&ctx->scope, c->arg_slots[i], m, &h);
            if (rc == ZLUA_OK)
                lua_pushlightuserdata(L, (void *)h);
        } else if (m->kind == ZLUA_K_I4 || m->push_arg == zlua__push_arg_copy) {
            /* a scalar's copy, what push_arg would make (an int32 without
             * the indirect call) */
            zlua_meta_push_value(L, m, c->arg_slots[i]);
            rc = ZLUA_OK;
        } else {
            rc = m->push_arg(L, m, c->arg_slots[i]);
        }
        if (ZLUA_UNLIKELY(rc != ZLUA_OK))
            return rc;
    }
    return ZLUA_OK;
}

/* ---- the protected part ------------------------------------------------------------- */

/* Raises "bad result from 'NAME' (why)" for the result at idx that the
 * pop refused with rc; the name is pushed whole (a NUL in it included). */
static int zlua_ic_raise_bad_result(lua_State *L, const zlua__ic_job *j, int idx, int rc)
{
    zlua__pop_error_push(L, idx, j->s->ret, rc);
    lua_pushliteral(L, "bad result from '");
    zlua_ic_push_name(L, j->c, j->b);
    lua_pushliteral(L, "' (");
    lua_pushvalue(L, -4);
    lua_pushliteral(L, ")");
    lua_concat(L, 5);
    return lua_error(L);
}

/* The global at f is neither a function nor callable: the error names it
 * (Lua's own would say only "attempt to call a nil value"). */
ZLUA_COLD static int zlua_ic_not_function(lua_State *L, const zlua__ic_job *j, int f)
{
    zlua_ic_push_name(L, j->c, j->b);
    size_t n;
    const char *name = lua_tolstring(L, -1, &n);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < n; i++) {   /* a NUL spelled out: C# reads the message as C text */
        if (name[i] == '\0')
            luaL_addstring(&b, "\\0");
        else
            luaL_addchar(&b, name[i]);
    }
    lua_pushfstring(L, " is not a function (a %s value)", luaL_typename(L, f));
    luaL_addvalue(&b);
    luaL_pushresult(&b);
    return lua_error(L);
}

/* The whole call: function, arguments, lua_call, the result popped. */
static int zlua_ic_body(lua_State *L, zlua__ctx *ctx, const zlua__ic_job *j)
{
    const zlua__ic_shape *s = j->s;
    zlua_ic_push_function(L, j->c, j->b);
    int f = lua_gettop(L);
    if (lua_type(L, f) != LUA_TFUNCTION) {
        if (luaL_getmetafield(L, f, "__call") == LUA_TNIL)
            return zlua_ic_not_function(L, j, f);
        lua_pop(L, 1);   /* callable: Lua calls its __call */
    }
    int rc = zlua_ic_push_args(L, ctx, j->c, s);
    if (rc == ZLUA_ENOMEM)   /* the scope could not grow: Lua's memory error */
        return luaL_error(L, "%s", zlua_ic_no_memory);
    if (rc != ZLUA_OK) {
        lua_pushliteral(L, "zlua: cannot push the arguments of '");
        zlua_ic_push_name(L, j->c, j->b);
        lua_pushliteral(L, "'");
        lua_concat(L, 3);
        return lua_error(L);
    }
    lua_call(L, s->nvals, s->nres);
    if (s->nres > 0) {
        int first = lua_gettop(L) - s->nres + 1;
        int rc = s->ret->pop(L, first, s->ret, j->c->ret_slot);
        if (rc != ZLUA_POP_OK)
            return zlua_ic_raise_bad_result(L, j, first, rc);
    }
    return 0;
}

/* The fast path's result its pop refused, at 1..nres: popped again here,
 * where the message can be made (whatever a hook put there, the message
 * describes what this pop finds). */
static int zlua_ic_result_error(lua_State *L, const zlua__ic_job *j)
{
    int rc = j->s->ret->pop(L, 1, j->s->ret, j->c->ret_slot);
    if (rc == ZLUA_POP_OK)
        return luaL_error(L, "zlua: the IC trampoline is not callable from Lua");
    return zlua_ic_raise_bad_result(L, j, 1, rc);
}

static int zlua_ic_trampoline(lua_State *L)
{
    zlua__ctx *ctx = zlua_ctx_of(L);
    const zlua__ic_job *j = ctx != NULL ? ctx->ic_pending : NULL;
    if (j == NULL || j->L != L || lua_gettop(L) != j->nargs)
        return luaL_error(L, "zlua: the IC trampoline is not callable from Lua");
    ctx->ic_pending = NULL;   /* one run */
    return j->kind == ZLUA_IC_JOB_RESULT ? zlua_ic_result_error(L, j) : zlua_ic_body(L, ctx, j);
}

/* Runs j through the trampoline with the j->nargs values on top as its
 * arguments (the pushes allocate nothing: a light C function on a
 * checked stack).  Nested calls announce their own job and give the outer
 * one back. */
ZLUA_COLD static int zlua_ic_protected(lua_State *L, zlua__ctx *ctx, const zlua__ic_job *j)
{
    lua_pushcfunction(L, zlua_ic_trampoline);
    if (j->nargs > 0)
        lua_rotate(L, -(j->nargs + 1), 1);
    const void *outer = ctx->ic_pending;
    ctx->ic_pending = j;
    int status = lua_pcall(L, j->nargs, 0, 0);
    ctx->ic_pending = outer;
    return status;
}

/* What Lua raises for a coroutine.yield in a function C# called: the
 * call runs on the state's main thread (outside any coroutine), under
 * the IC's lua_pcall, and C#'s frames cannot be suspended and resumed;
 * in a coroutine of its own below such a call, past a C call. */
static const char zlua_ic_lua_yield[] = "attempt to yield across a C-call boundary";
static const char zlua_ic_lua_yield_main[] = "attempt to yield from outside a coroutine";

static int zlua_ic_is(const char *msg, size_t n, const char *lit, size_t size)
{
    return n == size - 1 && memcmp(msg, lit, n) == 0;
}

/* [v] -> [v as a string] for a number, Lua's yield error said in C#'s
 * terms; anything else as it is.  Harmless however a script calls it. */
static int zlua_ic_tostring(lua_State *L)
{
    lua_settop(L, 1);
    size_t n;
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &n) : NULL;
    if (lua_type(L, 1) == LUA_TNUMBER)
        lua_tolstring(L, 1, NULL);
    else if (msg != NULL && (zlua_ic_is(msg, n, zlua_ic_lua_yield, sizeof zlua_ic_lua_yield) ||
                             zlua_ic_is(msg, n, zlua_ic_lua_yield_main,
                                        sizeof zlua_ic_lua_yield_main)))
        lua_pushliteral(L, "cannot yield across a C# call: coroutine.yield in a Lua "
                           "function C# called (it must return)");
    return 1;
}

/* After a failed pcall, the error object at -1: a number becomes its
 * string, the yield error C#'s words, in a protected call (both
 * allocate); when that fails too, its own error (memory) takes the
 * place. */
ZLUA_COLD static int zlua_ic_failed(lua_State *L)
{
    if (lua_type(L, -1) == LUA_TNUMBER || lua_type(L, -1) == LUA_TSTRING) {
        lua_pushcfunction(L, zlua_ic_tostring);
        lua_insert(L, -2);
        (void)lua_pcall(L, 1, 1, 0);
    }
    return ZLUA_ELUA;
}

/* A result its pop refused, at the top: the message is made in the
 * protected body. */
ZLUA_COLD static int zlua_ic_bad_result(lua_State *L, zlua__ctx *ctx, const zlua_ic_call *c,
                                           const zlua__ic_shape *s, struct zlua__ic_bound *b)
{
    zlua__ic_job j = {L, c, s, b, ZLUA_IC_JOB_RESULT, s->nres};
    (void)zlua_ic_protected(L, ctx, &j);
    return zlua_ic_failed(L);
}

ZLUA_INLINE int zlua_ic_run(lua_State *L, zlua__ctx *ctx, zlua_ic_call *c, const zlua__ic_shape *s,
                            struct zlua__ic_bound *b)
{
    if (ZLUA_LIKELY(s->direct) && ZLUA_LIKELY(zlua_ic_push_direct(L, c, b))) {
        /* nothing here allocates: an interned name, safe pushes, lua_pcall */
        if (ZLUA_UNLIKELY(zlua_ic_push_args(L, ctx, c, s) != ZLUA_OK)) {
            lua_settop(L, c->top);
            return zlua_ic_nomem(c);   /* the scope stack could not grow */
        }
        if (ZLUA_UNLIKELY(lua_pcall(L, s->nvals, s->nres, 0) != LUA_OK))
            return zlua_ic_failed(L);
        if (s->nres) {
            /* the results from the first (several for UnpackedValues) */
            int first = s->nres == 1 ? -1 : lua_gettop(L) - s->nres + 1;
            if (ZLUA_UNLIKELY(zlua_meta_pop_value(L, first, s->ret, c->ret_slot) !=
                              ZLUA_POP_OK))
                return zlua_ic_bad_result(L, ctx, c, s, b);
        }
    } else {
        zlua__ic_job j = {L, c, s, b, ZLUA_IC_JOB_CALL, 0};
        if (zlua_ic_protected(L, ctx, &j) != LUA_OK)
            return zlua_ic_failed(L);
    }
    /* The results are copies by now: drop them and the globals table
     * here, so that zlua_ic_done has nothing left to do. */
    lua_settop(L, c->top);
    c->restored = 1;
    return ZLUA_OK;
}

/* The call itself, its shape known: the Lua stack room, the call's frame
 * of handles around the run (zlua_scope_issue: no watermark of its own,
 * the saved state is the whole frame).  Inlined in both callers: the site
 * path keeps its registers. */
ZLUA_INLINE int zlua_ic_go(lua_State *L, zlua__ctx *ctx, zlua_ic_call *c, const zlua__ic_shape *s,
                           struct zlua__ic_bound *b)
{
    if (ZLUA_UNLIKELY(!lua_checkstack(L, s->nvals + s->nres + 8)))
        return zlua_ic_nomem(c);
    zlua__scope_state saved = zlua_scope_save(&ctx->scope);
    ctx->ic_depth++;   /* exact: nothing longjmps past this frame */
    int rc = zlua_ic_run(L, ctx, c, s, b);
    ctx->ic_depth--;
    zlua_scope_restore(&ctx->scope, saved);   /* every path (R-OPQ-5) */
    return rc;
}

/* A call from a thread that does not own the state (R-THREAD-1): refused
 * before the state is touched (its context alone was read, which only the
 * owner writes and lua_close frees); the message, naming both threads,
 * lives in this thread's buffer until its next refusal, and done has
 * nothing to put back. */
ZLUA_COLD static int zlua_ic_wrong_thread(const zlua__ctx *ctx, zlua_ic_call *c)
{
    static ZLUA_THREAD_LOCAL char why[256];
    c->top = 0;
    c->restored = 1;
    c->refused = zlua__thread_refusal(why, sizeof why, ctx->owner_id);
    return ZLUA_ETHREAD;
}

/* The owner check first, then what zlua_ic_error / zlua_ic_done read on
 * every path (ctx NULL: the stack top all the same). */
ZLUA_INLINE zlua__ctx *zlua_ic_enter(lua_State *L, zlua_ic_call *c, int *rc)
{
    c->restored = 0;
    c->refused = NULL;
    zlua__ctx *ctx = zlua_ctx_of(L);
    if (ZLUA_UNLIKELY(ctx == NULL)) {
        c->top = lua_gettop(L);
        *rc = ZLUA_ESTATE;
        return NULL;
    }
    if (ZLUA_UNLIKELY(ctx->owner != zlua_thread_token())) {
        *rc = zlua_ic_wrong_thread(ctx, c);
        return NULL;
    }
    c->top = lua_gettop(L);
    return ctx;
}

int zlua_ic_invoke(lua_State *L, zlua_ic_call *c)
{
    if (ZLUA_UNLIKELY(L == NULL || c == NULL))
        return ZLUA_EINVAL;
    int rc;
    zlua__ctx *ctx = zlua_ic_enter(L, c, &rc);
    if (ZLUA_UNLIKELY(ctx == NULL))
        return rc;
    struct zlua__ic_bound *b = NULL;
    zlua__ic_shape own;
    const zlua__ic_shape *s;
    if (ZLUA_LIKELY(c->site != NULL)) {
        b = zlua_ic_bound_of(ctx, c);
        if (ZLUA_UNLIKELY(b == NULL)) {
            int rc = zlua_ic_bind(L, ctx, c, &b);
            if (rc != ZLUA_OK)
                return rc;
        }
        s = &b->shape;
    } else if (c->method == NULL || c->arg_meta != NULL || c->ret_meta != NULL) {
        int rc = zlua_ic_shape_of(ctx, c, c->arg_meta, c->ret_meta, &own);
        if (rc != ZLUA_OK)
            return rc;
        s = &own;
    } else {
        /* by name, the metas its method's (they live for this call) */
        const zlua_meta *args[ZLUA_IC_METHOD_ARGS], *ret;
        int rc = zlua_ic_method_metas(L, ctx, c, args, &ret);
        if (rc == ZLUA_OK)
            rc = zlua_ic_shape_of(ctx, c, args, ret, &own);
        if (rc != ZLUA_OK)
            return rc;
        return zlua_ic_go(L, ctx, c, &own, NULL);
    }
    return zlua_ic_go(L, ctx, c, s, b);
}

/* The call record of a delegate of type t over the function at registry
 * ref: an IC call of that function, its shape the type's; every field
 * named (the struct is not cleared first: a call's worth of stores on a
 * path C# takes per call). */
static void zlua_ic_delegate_record(zlua_ic_call *c, const zlua__deltype *t, int ref,
                                    void *const *args, void *ret, int top)
{
    *c = (zlua_ic_call){
        .site = NULL,
        .method = NULL,
        .function = t->cls->full_name,
        .function_len = 0,
        .nargs = t->nparams,
        .arg_meta = t->params,
        .arg_slots = args,
        .ret_meta = t->ret,
        .ret_slot = ret,
        .top = top,
        .function_ref = ref,
        .restored = 0,
        .refused = NULL,
    };
}

/* The C# exception for a call that failed, its message on top; the
 * stack back to c's top. */
static Il2CppException *zlua_ic_delegate_error(lua_State *L, zlua_ic_call *c)
{
    Il2CppException *exc = zlua_ic_exception(L, c);
    zlua_ic_done(L, c);
    return exc;
}

const uint8_t zlua__ic_cells_in_order[ZLUA_IC_SCALAR_MAX] = {0, 1, 2, 3, 4, 5, 6, 7};

/* A scalar call's record has no argument slots: its failures come after
 * the pushes, and only the messages read it. */
ZLUA_COLD Il2CppException *zlua__ic_scalar_nomem(lua_State *L, const zlua__deltype *t, int ref,
                                                 void *ret)
{
    zlua_ic_call c;
    zlua_ic_delegate_record(&c, t, ref, NULL, ret, lua_gettop(L));
    (void)zlua_ic_nomem(&c);
    return zlua_ic_delegate_error(L, &c);
}

ZLUA_COLD Il2CppException *zlua__ic_scalar_failed(lua_State *L, zlua__ctx *ctx,
                                                  const zlua__deltype *t, int ref, void *ret,
                                                  int status)
{
    zlua_ic_call c;   /* its top below what the failure left on top */
    zlua_ic_delegate_record(&c, t, ref, NULL, ret, lua_gettop(L) - 1);
    if (status == LUA_OK)
        (void)zlua_ic_bad_result(L, ctx, &c, &t->shape, NULL);
    else
        (void)zlua_ic_failed(L);
    return zlua_ic_delegate_error(L, &c);
}

/* A scalar delegate's call from a caller with a pointer per argument:
 * the values copied into cells first (each eight bytes at most). */
static Il2CppException *zlua_ic_delegate_cells(const zlua__delcall *d, void *const *args,
                                               void *ret)
{
    const zlua__ic_shape *s = &d->type->shape;
    uint64_t cells[ZLUA_IC_SCALAR_MAX];
    for (int i = 0; i < s->nargs; i++)
        memcpy(&cells[i], args[i], s->args[i]->size);
    return zlua__ic_scalar_call(d->L, d->type, d->ref, cells, zlua__ic_cells_in_order, ret);
}

/* A delegate's call (delegate.c's, a backend's): an IC call of the
 * record's function, its shape the type's, bound when the type bound, so
 * nothing is checked per call but the thread; here, beside the IC call it
 * runs inline, so that a C# -> Lua delegate call is one frame.  The
 * type is the state's: its class's context is L's (what zlua_ic_enter
 * would find, its thread check done here). */
Il2CppException *zlua__delegate_call(const zlua__delcall *d, void *const *args, void *ret)
{
    if (ZLUA_UNLIKELY(d->owner != zlua_thread_token()))
        return zlua__delegate_wrong_thread(d);
    const zlua__deltype *t = d->type;
    lua_State *L = d->L;
    if (ZLUA_LIKELY(t->shape.scalar))
        return zlua_ic_delegate_cells(d, args, ret);
    zlua_ic_call c;
    zlua_ic_delegate_record(&c, t, d->ref, args, ret, lua_gettop(L));
    if (ZLUA_LIKELY(zlua_ic_go(L, t->cls->ctx, &c, &t->shape, NULL) == ZLUA_OK))
        return NULL;   /* the stack is back already */
    return zlua_ic_delegate_error(L, &c);
}

/* Reads only: a string on top is the message (the number an error was
 * made a string already), anything else is named, never converted. */
const char *zlua_ic_error(lua_State *L, const zlua_ic_call *c, size_t *len)
{
    static const char none[] = "no Lua error message (see the return code)";
    static const char obj[] = "(error object is not a string)";
    const char *msg = none;
    if (c != NULL && c->refused != NULL)
        msg = c->refused;
    else if (L != NULL && c != NULL && lua_gettop(L) > c->top) {
        if (lua_type(L, -1) == LUA_TSTRING)
            return lua_tolstring(L, -1, len);
        msg = obj;
    }
    if (len)
        *len = strlen(msg);
    return msg;
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
ZLUA_COLD static void zlua_ic_drop(lua_State *L, const zlua_ic_call *c)
{
    if (lua_gettop(L) >= c->top)
        lua_settop(L, c->top);
}

void zlua_ic_done(lua_State *L, zlua_ic_call *c)
{
    if (ZLUA_UNLIKELY(L != NULL && c != NULL && !c->restored))
        zlua_ic_drop(L, c);
}

/* What an IC stub raises with no state to reach (zlua_stub.h). */
Il2CppException *zlua_ic_no_state(const char *icall)
{
    char msg[512];
    snprintf(msg, sizeof msg,
             "zlua: %s calls Lua, but no Lua state is open on this thread "
             "(create a ZLua.LuaEnv first)", icall ? icall : "?");
    Il2CppException *ex = NULL;
    Il2CppException *failed = zlua_rt_exception_new("System", "InvalidOperationException", msg, &ex);
    return failed != NULL ? failed : ex;
}

/* The Lua global a [LuaInvokeByName] method's first argument names
 * (zlua_stub.h): measured before it is written, so that an overlong name
 * is refused without a buffer of its size. */
Il2CppException *zlua_ic_function_name(Il2CppString *fn, const char *param, char *name,
                                       size_t *len)
{
    Il2CppException *ex = NULL, *failed;
    *len = 0;
    name[0] = '\0';
    if (fn == NULL) {
        char msg[160];
        snprintf(msg, sizeof msg, "Value cannot be null.\nParameter name: %s",
                 param ? param : "?");
        failed = zlua_rt_exception_new("System", "ArgumentNullException", msg, &ex);
        return failed != NULL ? failed : ex;
    }
    const uint16_t *chars = il2cpp_string_chars(fn);
    size_t n = (size_t)il2cpp_string_length(fn);
    /* a UTF-16 unit is one UTF-8 byte at least: a long string is not read */
    if (n > ZLUA_IC_NAME_MAX || zlua__utf16_to_utf8(chars, n, NULL) > ZLUA_IC_NAME_MAX) {
        char msg[160];
        snprintf(msg, sizeof msg, "Lua function name longer than %d bytes", ZLUA_IC_NAME_MAX);
        failed = zlua_rt_exception_new("System", "ArgumentException", msg, &ex);
        return failed != NULL ? failed : ex;
    }
    *len = zlua__utf16_to_utf8(chars, n, name);
    name[*len] = '\0';
    return NULL;
}
