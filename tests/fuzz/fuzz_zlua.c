/*
 * fuzz_zlua.c -- the libFuzzer harness of libzlua.
 *
 * Every input becomes a Lua program (fuzz_gen.c) run in a fresh state
 * built like zlua-run's: the standard libraries (debug included), the
 * simulated runtime, libzlua and the `testbed` global.  The program runs
 * under pcall with an instruction limit (a count hook) and a memory cap (a
 * limiting lua_Alloc); Lua errors are normal outcomes, only crashes and
 * sanitizer reports are findings.
 *
 * Built with -DZLUA_FUZZ_REPLAY it has its own main instead of libFuzzer's:
 * it runs every file named on the command line (directories: every file
 * in them, sorted), so regression inputs run in plain ctest under any
 * compiler.  A file named *.lua is run as the program itself (after the
 * prelude): a hand-reduced reproducer.
 *
 * Environment:
 *   ZLUA_FUZZ_PRINT=1   print the generated program to stderr (2: with the
 *                       prelude) before running it
 *   ZLUA_FUZZ_TRACE=1   print the error of every failing statement
 *   ZLUA_FUZZ_DRY=1     only generate and compile the program (grammar checks)
 *   ZLUA_FUZZ_SKIP=a,b  leave productions out (fuzz_gen.h), to look past a
 *                       known crash
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */

#define _GNU_SOURCE   /* dladdr */
#include <dirent.h>
#include <dlfcn.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gc.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "fuzz_gen.h"
#if !defined(ZLUA_FUZZ_MONO)
#include "sim.h"
#endif
#include "testbed_rt.h"
#include "host_stubs.h"
#include "testbed.h"
#include "zlua.h"
#include "zlua_rt.h"

#define FZ_MEM_LIMIT ((size_t)64 << 20)          /* Lua heap of one input */
#define FZ_GC_HEAP_LIMIT ((size_t)1 << 30)       /* managed heap, all inputs */
#define FZ_HOOK_PERIOD 1000                      /* instructions per count hook */
#define FZ_STEP_LIMIT 2000000L                   /* instructions per input */
#define FZ_TIME_LIMIT_NS 3000000000LL            /* wall time per input */
#define FZ_HOOK_CALL_COST 1000L                  /* instructions per script hook call */
#define FZ_P_COST 50L                            /* instructions per statement (P) */
#define FZ_PROGRAM_CAP ((size_t)256 << 10)

/* The allocator's state; `counter` first, so testbed.stats can read it. */
typedef struct fz_alloc {
    testbed_alloc counter;
    size_t used, limit;
    long fail_after;   /* the allocation that fails (-1: none) */
    int fail_burst;    /* how many more fail right after it (the oracle's 1:
                        * Lua's retry after its emergency collection too) */
    int fail_more;
    const void *ubox_mt;   /* this state's buffer-box metatable (fz_ubox_guard) */
} fz_alloc;

static struct {
    fz_alloc alloc;
    lua_State *L;   /* the input's state */
    long steps;
    long long start_ns;
    int in_hook;   /* the script's hook is running */
    int print, trace, dry;
    char program[FZ_PROGRAM_CAP];
} fz;

static void *fz_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    fz_alloc *a = ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        a->used -= old;
        return NULL;
    }
    if (nsize > old) {   /* Lua assumes that shrinking never fails */
        if (a->used - old + nsize > a->limit)
            return NULL;
        if (a->fail_more > 0) {
            a->fail_more--;
            return NULL;
        }
        if (a->fail_after >= 0 && a->fail_after-- == 0) {
            a->fail_more = a->fail_burst;
            return NULL;
        }
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL)
        return NULL;
    a->used = a->used - old + nsize;
    a->counter.requests++;
    return p;
}

/* ---- hooks: the instruction limit, and debug.sethook on top of it --------- */

static const char fz_hook_key = 'H';

static long long fz_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Charges cost; 1 when the input is over its budget: its instructions,
 * or its wall time.  The clock is read here too, not only by the count
 * hook: a script's hook and finalizers run with no count hook, and one
 * doing heavy work on every return (a registry walk in each) never
 * reached the count hook's clock check. */
static int fz_charge(long cost)
{
    fz.steps += cost;
    if (fz.steps <= FZ_STEP_LIMIT && fz_now_ns() - fz.start_ns > FZ_TIME_LIMIT_NS)
        fz.steps = FZ_STEP_LIMIT + 1;
    return fz.steps > FZ_STEP_LIMIT;
}

static void fz_hook(lua_State *L, lua_Debug *ar)
{
    static const char *const events[] = {"call", "return", "line", "count", "tail call"};
    if (ar->event == LUA_HOOKCOUNT) {
        fz.steps += FZ_HOOK_PERIOD;
        if (fz.steps <= FZ_STEP_LIMIT && fz_now_ns() - fz.start_ns > FZ_TIME_LIMIT_NS)
            fz.steps = FZ_STEP_LIMIT + 1;   /* C-heavy work: the clock decides */
        if (fz.steps > FZ_STEP_LIMIT) {
            /* Over the limit every instruction raises: the script's pcalls
             * (and C# catching Lua errors) cannot keep it running, each
             * enclosing frame errors at its next instruction. */
            lua_sethook(L, fz_hook, LUA_MASKCOUNT, 1);
            luaL_error(L, "fuzz: instruction limit");
        }
    }
    /* the script's own hook for this thread: {function, wants count} */
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &fz_hook_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    lua_pushthread(L);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 2);
        return;
    }
    lua_rawgeti(L, -1, 2);
    int wants_count = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (ar->event == LUA_HOOKCOUNT && !wants_count) {
        lua_pop(L, 2);
        return;
    }
    /* the script's hook runs with hooks off, uncounted: charge each call,
     * or a "crl" hook doing heavy work on every line never ends */
    if (fz_charge(FZ_HOOK_CALL_COST))
        luaL_error(L, "fuzz: instruction limit");
    lua_rawgeti(L, -1, 1);
    lua_pushstring(L, events[ar->event]);
    if (ar->event == LUA_HOOKLINE)
        lua_pushinteger(L, ar->currentline);
    else
        lua_pushnil(L);
    fz.in_hook++;
    int status = lua_pcall(L, 2, 0, 0);
    fz.in_hook--;
    if (status != LUA_OK)
        lua_error(L);
    lua_pop(L, 2);
}

static void fz_push_hooks(lua_State *L)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &fz_hook_key) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &fz_hook_key);
}

/* debug.sethook([thread,] [f [, mask [, count]]]): the script's hook runs
 * beside the harness's count hook, which no script can remove. */
static int fz_sethook(lua_State *L)
{
    lua_State *L1 = L;
    int arg = 0;
    if (lua_isthread(L, 1)) {
        L1 = lua_tothread(L, 1);
        arg = 1;
    }
    int mask = LUA_MASKCOUNT;
    /* lua_sethook restarts the instruction count: charge a period for it,
     * or a loop calling debug.sethook would never reach the limit; over
     * the limit, the period-1 hook must stay */
    fz.steps += FZ_HOOK_PERIOD;
    if (fz.steps > FZ_STEP_LIMIT)
        return luaL_error(L, "fuzz: instruction limit");
    fz_push_hooks(L);
    int hooks = lua_gettop(L);
    lua_pushthread(L1);
    lua_xmove(L1, L, 1);
    if (lua_isnoneornil(L, arg + 1)) {
        lua_pushnil(L);
    } else {
        luaL_checktype(L, arg + 1, LUA_TFUNCTION);
        const char *smask = luaL_optstring(L, arg + 2, "");
        lua_Integer count = luaL_optinteger(L, arg + 3, 0);
        if (strchr(smask, 'c'))
            mask |= LUA_MASKCALL;
        if (strchr(smask, 'r'))
            mask |= LUA_MASKRET;
        if (strchr(smask, 'l'))
            mask |= LUA_MASKLINE;
        lua_createtable(L, 2, 0);
        lua_pushvalue(L, arg + 1);
        lua_rawseti(L, -2, 1);
        lua_pushboolean(L, count > 0);
        lua_rawseti(L, -2, 2);
    }
    lua_rawset(L, hooks);
    lua_sethook(L1, fz_hook, mask, FZ_HOOK_PERIOD);
    return 0;
}

static int fz_gethook(lua_State *L)
{
    lua_State *L1 = lua_isthread(L, 1) ? lua_tothread(L, 1) : L;
    fz_push_hooks(L);
    lua_pushthread(L1);
    lua_xmove(L1, L, 1);
    if (lua_rawget(L, -2) != LUA_TTABLE)
        return 0;
    lua_rawgeti(L, -1, 1);
    return 1;
}

/* debug.setlocal, except inside a hook: there, writing a C frame's slots
 * crashes plain Lua 5.4 without libzlua (lua5.4 alone: a "cr" hook doing
 * debug.setlocal(4, 3, ev)), which is no finding of ours. */
static int fz_setlocal(lua_State *L)
{
    if (fz.in_hook)
        return luaL_error(L, "fuzz: debug.setlocal inside a hook");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* ---- what the harness adds to the state ------------------------------------ */

/* OOM(n): the n-th allocation from now fails (once). */
static int fz_oom(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    fz.alloc.fail_after = n < 0 ? -1 : (long)(n > 1000000 ? 1000000 : n);
    return 0;
}

/* testbed.gc(): a full managed collection costs milliseconds; charge it
 * 100 000 instructions so an input makes at most a few dozen. */
static int fz_testbed_gc(lua_State *L)
{
    fz.steps += 100000;
    if (fz.steps > FZ_STEP_LIMIT)
        return luaL_error(L, "fuzz: instruction limit");
    testbed_rt_collect();
    return 0;
}

static void fz_trace(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "  error: %s\n", msg ? msg : luaL_typename(L, -1));
}

/* P(f, ...): pcall(f, ...) that drops the results and the error (printed
 * with ZLUA_FUZZ_TRACE).  A C function with a continuation, so f may yield
 * like under pcall, and no script can reach its state: a Lua P reading a
 * local trace function could be turned, by debug.setlocal on the main
 * chunk, into an error handler that retries itself exponentially. */
static int fz_P_k(lua_State *L, int status, lua_KContext ctx)
{
    (void)ctx;
    if (status != LUA_OK && status != LUA_YIELD && fz.trace)
        fz_trace(L);
    return 0;
}

static int fz_P(lua_State *L)
{
    /* every generated statement runs in a P, also in finalizers and hooks,
     * where no count hook runs: charge it, so those stop too */
    if (fz_charge(FZ_P_COST))
        return luaL_error(L, "fuzz: instruction limit");
    luaL_checkany(L, 1);
    return fz_P_k(L, lua_pcallk(L, lua_gettop(L) - 1, 0, 0, 0, fz_P_k), 0);
}

/* ---- the allocation-failure oracle (R-OOM-2) --------------------------------
 *
 * ORACLE(op, prefix, k) checks that a failed allocation leaves nothing
 * behind that breaks the next try: op (fz_oracle_ops, fuzz_gen.c) runs
 * after prefix in a fresh state with the k-th allocation of op's first
 * call failing, then once more with memory back, and that second call
 * must return true.  Only where that can be nothing but libzlua's fault:
 *   - op and prefix are fixed chunks, run in states of their own (built
 *     like the input's, without its hooks, limits or anything the input
 *     did to its own state);
 *   - a dry run first, in another fresh state: prefix, then op twice,
 *     each returning true; otherwise (op not repeatable, or broken by
 *     what the input did to the process: fixture statics, the managed
 *     heap) the oracle says nothing;
 *   - the failure must have been injected (op made at least k + 1
 *     allocations), and when the retry fails, a control run in a third
 *     fresh state (the dry run again) must pass: a retry failing for a
 *     reason the process shares with every state is not reported;
 *   - it runs only from a top-level statement of the main thread (no C#
 *     frame, hook or finalizer of the input's state is below it), with a
 *     pending testbed.throw_next drained first.
 * A violation prints op, prefix, k and the retry's error, and aborts. */

#define FZ_ORACLE_COST 150000L   /* instructions charged per ORACLE */

static void fz_drain_throw_next(void);

/* Lua's own buffer boxes (lauxlib: a userdata {block, size} under the
 * registry's "_UBOX*" metatable, whose __gc and __close free the block)
 * trust their argument: a hook that calls the __close it runs for with
 * values of its own crashes Lua itself, with no libzlua frame involved.
 * The harness gives that metatable, before any box exists, methods that
 * check what they are given and free the block as lauxlib's do.  The
 * live states' box metatables are known by address in a C array no
 * script reaches (the registry entry can be swapped). */
typedef struct fz_ubox {
    void *block;
    size_t size;
} fz_ubox;

#define FZ_UBOX_STATES 8
static const void *fz_ubox_mts[FZ_UBOX_STATES];   /* the live states' */

static int fz_ubox_known(const void *mt)
{
    for (int i = 0; i < FZ_UBOX_STATES; i++)
        if (mt != NULL && fz_ubox_mts[i] == mt)
            return 1;
    return 0;
}

static int fz_ubox_free(lua_State *L)
{
    void *ud;
    lua_Alloc f = lua_getallocf(L, &ud);
    fz_ubox *b = lua_touserdata(L, 1);
    if (b == NULL || lua_rawlen(L, 1) != sizeof *b || !lua_getmetatable(L, 1) ||
        !fz_ubox_known(lua_topointer(L, -1)))
        return luaL_error(L, "fuzz: a buffer box's method called on something else");
    f(ud, b->block, b->size, 0);
    b->block = NULL;
    b->size = 0;
    return 0;
}

static void fz_ubox_guard(lua_State *L, fz_alloc *a)
{
    luaL_newmetatable(L, "_UBOX*");
    lua_pushcfunction(L, fz_ubox_free);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, fz_ubox_free);
    lua_setfield(L, -2, "__close");
    a->ubox_mt = lua_topointer(L, -1);
    lua_pop(L, 1);
    for (int i = 0; i < FZ_UBOX_STATES; i++)
        if (fz_ubox_mts[i] == NULL) {
            fz_ubox_mts[i] = a->ubox_mt;
            return;
        }
    abort();   /* more live states than the harness ever makes */
}

/* After lua_close: its boxes were finalized by then. */
static void fz_ubox_forget(const fz_alloc *a)
{
    for (int i = 0; i < FZ_UBOX_STATES; i++)
        if (fz_ubox_mts[i] == a->ubox_mt)
            fz_ubox_mts[i] = NULL;
}

static lua_State *fz_state_new(fz_alloc *a)
{
    memset(a, 0, sizeof *a);
    a->limit = FZ_MEM_LIMIT;
    a->fail_after = -1;
    lua_State *L = lua_newstate(fz_alloc_fn, a);
    if (L == NULL)
        abort();
    fz_ubox_guard(L, a);
    luaL_openlibs(L);
    if (zlua_open(L) != ZLUA_OK || host_register_stubs(L) != ZLUA_OK || testbed_rt_open(L) < 0)
        abort();
    testbed_rt_set_lua_state(L);
    testbed_open(L, &a->counter);
    return L;
}

static void fz_state_close(lua_State *L, fz_alloc *a)
{
    a->fail_after = -1;
    a->limit = (size_t)-1;   /* finalizers may allocate */
    lua_close(L);
    fz_ubox_forget(a);
}

/* Runs chunk src in L: 1 when it returned true.  The error, if a string,
 * goes to msg (converting anything else could allocate). */
static int fz_oracle_run(lua_State *L, const char *src, char *msg, size_t cap)
{
    int top = lua_gettop(L);
    int ok = luaL_loadstring(L, src) == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK;
    if (msg != NULL)
        snprintf(msg, cap, "%s",
                 ok ? (lua_toboolean(L, -1) ? "returned true" : "returned false") : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                                       : "(no message)");
    ok = ok && lua_toboolean(L, -1);
    lua_settop(L, top);
    return ok;
}

/* prefix, then op twice, in a fresh state */
static int fz_oracle_clean(const char *prefix, const char *op)
{
    fz_alloc a;
    lua_State *S = fz_state_new(&a);
    int ok = fz_oracle_run(S, prefix, NULL, 0) && fz_oracle_run(S, op, NULL, 0) &&
             fz_oracle_run(S, op, NULL, 0);
    fz_state_close(S, &a);
    return ok;
}

/* 1 when op broke after its k-th allocation failed (see above) */
static int fz_oracle_check(const char *prefix, const char *op, long k, char *first,
                           char *msg, size_t cap)
{
    fz_alloc a;
    lua_State *S = fz_state_new(&a);
    int broken = 0;
    if (fz_oracle_run(S, prefix, NULL, 0)) {
        a.fail_after = k;
        a.fail_burst = 1;   /* so that the failure is not absorbed by Lua's retry */
        (void)fz_oracle_run(S, op, first, cap);
        int injected = a.fail_after < 0;
        a.fail_after = -1;
        a.fail_burst = a.fail_more = 0;
        broken = injected && !fz_oracle_run(S, op, msg, cap);
    }
    fz_state_close(S, &a);
    return broken;
}

static int fz_oracle(lua_State *L)
{
    lua_Integer op = luaL_checkinteger(L, 1), prefix = luaL_checkinteger(L, 2);
    lua_Integer k = luaL_checkinteger(L, 3);
    fz.steps += FZ_ORACLE_COST;
    if (fz.steps > FZ_STEP_LIMIT)
        return luaL_error(L, "fuzz: instruction limit");
    lua_Debug ar;
    int main_thread = lua_pushthread(L);
    lua_pop(L, 1);
    /* ORACLE, the statement's function, P, the chunk: nothing below */
    if (!main_thread || fz.in_hook || lua_getstack(L, 4, &ar) || op < 0 || prefix < 0 ||
        k < 0 || (size_t)op >= fz_oracle_op_count || (size_t)prefix >= fz_oracle_op_count)
        return 0;
    const char *osrc = fz_oracle_ops[op], *psrc = fz_oracle_ops[prefix];
    fz_drain_throw_next();
    char msg[512], first[512] = "";
    int clean = fz_oracle_clean(psrc, osrc);
    int broken = clean && fz_oracle_check(psrc, osrc, (long)k, first, msg, sizeof msg);
    if (fz.trace)
        fprintf(stderr, "  oracle(%d, %d, %d): %s%s\n", (int)op, (int)prefix, (int)k,
                !clean ? "not repeatable here, skipped" : first[0] == '\0'
                ? "no failure injected (fewer allocations)" : "retried, first try: ",
                first);
    if (broken && fz_oracle_clean(psrc, osrc)) {
        fprintf(stderr,
                "fuzz: ORACLE(%d, %d, %d): after allocation %d of this operation failed, the "
                "same operation with memory back did not succeed:\n  prefix: %s\n  op: "
                "%s\n  first try: %s\n  retry: %s\n",
                (int)op, (int)prefix, (int)k, (int)k, psrc, osrc, first, msg);
        abort();
    }
    testbed_rt_set_lua_state(fz.L);
    return 0;
}

/* POLICY(a, b): R-POLICY-1's rules, set before anything binds (a later
 * call is refused, ZLUA_ESTATE, and changes nothing): bit i of a denies
 * rule i, or allows it when bit i of b is set too; b's bit 15 applies the
 * mods preset first.  Returns the last code. */
static const char *const fz_policy_rules[] = {
    "MyGame.*", "MyGame.Point2D", "MyGame.Tagged", "[Assembly-CSharp]", "*", "Demo",
    "System.String", "System.Object", "MyGame.IntOp", "System.Type", "System.Int32",
    "ZLua.*", "System.*", "MyGame.Player", "System.Collections.Generic.*", "[mscorlib]",
};

static int fz_policy(lua_State *L)
{
    unsigned a = (unsigned)luaL_checkinteger(L, 1), b = (unsigned)luaL_optinteger(L, 2, 0);
    int rc = ZLUA_OK;
    if (b & 0x8000u)
        rc = zlua_policy_preset(L, ZLUA_POLICY_MODS);
    for (unsigned i = 0; i < sizeof fz_policy_rules / sizeof fz_policy_rules[0]; i++)
        if (a & (1u << i))
            rc = (b & (1u << i)) ? zlua_policy_allow(L, fz_policy_rules[i])
                                 : zlua_policy_deny(L, fz_policy_rules[i]);
    lua_pushinteger(L, rc);
    return 1;
}

static void fz_open(lua_State *L)
{
    /* the liblua the harness links, for the productions that open the
     * standard debug library anew through the package library (R-LIB-1) */
    Dl_info info;
    void *sym;
    lua_CFunction open = luaopen_debug;
    memcpy(&sym, &open, sizeof sym);
    if (dladdr(sym, &info) != 0 && info.dli_fname != NULL) {
        lua_pushstring(L, info.dli_fname);
        lua_setglobal(L, "LIBLUA");
    }
    lua_pushcfunction(L, fz_policy);
    lua_setglobal(L, "POLICY");
    lua_pushcfunction(L, fz_oracle);
    lua_setglobal(L, "ORACLE");
    lua_getglobal(L, "debug");
    lua_pushcfunction(L, fz_sethook);
    lua_setfield(L, -2, "sethook");
    lua_pushcfunction(L, fz_gethook);
    lua_setfield(L, -2, "gethook");
    lua_getfield(L, -1, "setlocal");
    lua_pushcclosure(L, fz_setlocal, 1);
    lua_setfield(L, -2, "setlocal");
    lua_pop(L, 1);
    lua_getglobal(L, "testbed");
    lua_pushcfunction(L, fz_testbed_gc);
    lua_setfield(L, -2, "gc");
    lua_pop(L, 1);
    lua_pushcfunction(L, fz_oom);
    lua_setglobal(L, "OOM");
    lua_pushcfunction(L, fz_P);
    lua_setglobal(L, "P");
    /* foreign full userdata: one byte, and 64 bytes that are not a zlua__ud */
    lua_newuserdatauv(L, 1, 0);
    lua_setglobal(L, "FOREIGN1");
    memset(lua_newuserdatauv(L, 64, 1), 0xAB, 64);
    lua_setglobal(L, "FOREIGN2");
    lua_sethook(L, fz_hook, LUA_MASKCOUNT, FZ_HOOK_PERIOD);
}

/* ---- per-input reset ------------------------------------------------------ */

#if !defined(ZLUA_FUZZ_MONO)
static void fz_zero_static(const char *cls_name, const char *field)
{
    Il2CppClass *k = sim_class(cls_name);
    void *iter = NULL;
    FieldInfo *f;
    while (k != NULL && (f = il2cpp_class_get_fields(k, &iter)) != NULL) {
        if ((il2cpp_field_get_flags(f) & FIELD_ATTRIBUTE_STATIC) &&
            strcmp(il2cpp_field_get_name(f), field) == 0) {
            uint64_t zero[8] = {0};
            il2cpp_field_static_set_value(f, zero);
        }
    }
}

/* Stores the reference obj into a static field: for a reference field
 * the API takes the object pointer itself (libil2cpp's SetValueRaw
 * without deref), unlike il2cpp_field_static_get_value. */
static void fz_set_static(const char *cls_name, const char *field, void *obj)
{
    Il2CppClass *k = sim_class(cls_name);
    void *iter = NULL;
    FieldInfo *f;
    while (k != NULL && (f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if ((il2cpp_field_get_flags(f) & FIELD_ATTRIBUTE_STATIC) &&
            strcmp(il2cpp_field_get_name(f), field) == 0)
            il2cpp_field_static_set_value(f, obj);
}

/* Global state an input may leave behind: the state pointer the IC bodies
 * call into (and their meta caches, keyed by its generation), a pending
 * testbed.throw_next, the fixture statics. */
/* A pending testbed.throw_next is thrown by the next runtime invoke:
 * make one that ignores it. */
static void fz_drain_throw_next(void)
{
    /* Demo has a static constructor (Log = ""): its statics may be
     * touched only once it ran, as in a player */
    int done;
    (void)zlua_rt_class_init(sim_class("Demo"), &done);
    const MethodInfo *get_color = sim_method("Demo", "GetColor", 0);
    if (get_color != NULL) {
        int32_t ret = 0;
        (void)zlua_rt_invoke(get_color, NULL, NULL, &ret);
    }
}

static void fz_reset(void)
{
    testbed_rt_set_lua_state(NULL);
    fz_drain_throw_next();
    fz_zero_static("MyGame.Point2D", "Created");
    fz_zero_static("MyGame.Player", "Count");
    fz_zero_static("Demo", "s_color");
    fz_zero_static("Demo", "s_pos");
    fz_set_static("Demo", "Log", il2cpp_string_new(""));
}
#else
/* On Mono the same reset, through a state of its own: the fixtures' classes
 * are found by libzlua there, and a pending throw_next is thrown by the
 * first C# call (Demo.GetColor), caught by pcall. */
static const char fz_reset_chunk[] =
    "pcall(function() return CS.Demo.GetColor() end)\n"
    "pcall(function() CS.MyGame.Point2D.Created = 0 end)\n"
    "pcall(function() CS.MyGame.Player.Count = 0 end)\n"
    "pcall(function() CS.Demo.Log = '' end)\n";

static lua_State *fz_state_new(fz_alloc *a);
static void fz_state_close(lua_State *L, fz_alloc *a);

static void fz_drain_throw_next(void)
{
    fz_alloc a;
    lua_State *S = fz_state_new(&a);
    if (luaL_loadstring(S, fz_reset_chunk) == LUA_OK)
        (void)lua_pcall(S, 0, 0, 0);
    fz_state_close(S, &a);
}

static void fz_reset(void)
{
    fz_drain_throw_next();
    testbed_rt_set_lua_state(NULL);
}
#endif

static void fz_exec(size_t pre, size_t n);

static void fz_init(void)
{
    static int ready;
    if (ready)
        return;
    ready = 1;
#if defined(ZLUA_FUZZ_MONO)
    if (testbed_rt_init() != 0)   /* Mono's collector: its own heap limits */
        abort();
#else
    sim_gc_init();
    GC_set_max_heap_size(FZ_GC_HEAP_LIMIT);
    sim_init();
#endif
    const char *p = getenv("ZLUA_FUZZ_PRINT");
    fz.print = p != NULL ? atoi(p) : 0;
    fz.trace = getenv("ZLUA_FUZZ_TRACE") != NULL;
    fz.dry = getenv("ZLUA_FUZZ_DRY") != NULL;
    fz_skip_mask = fz_parse_skip(getenv("ZLUA_FUZZ_SKIP"));
#if defined(SIM_CHECKED_POINTERS)
    /* skipping ptrarg also turns off the foreign-pointer check of the
     * fuzz build's Demo.ReadPtr / WritePtr (they raise instead) */
    sim_foreign_pointer_abort = (fz_parse_skip("ptrarg") & fz_skip_mask) == 0;
#endif
}

/* Runs fz.program[0..n) (the prelude's text first, ending at pre). */
static void fz_exec(size_t pre, size_t n)
{
    fz.steps = 0;
    fz.start_ns = fz_now_ns();
    fz.in_hook = 0;
    lua_State *L = fz.L = fz_state_new(&fz.alloc);
    fz_open(L);

    int status = luaL_loadbuffer(L, fz.program, n, "=fuzz");
    if (status == LUA_ERRSYNTAX) {   /* the grammar's bug, not the library's */
        fprintf(stderr, "fuzz: generated program does not compile: %s\n%s\n",
                lua_tostring(L, -1), fz.program + pre);
        abort();
    }
    if (status == LUA_OK && !fz.dry) {
        status = lua_pcall(L, 0, 0, 0);
        if (status != LUA_OK && fz.trace)
            fz_trace(L);
    }
    fz_state_close(L, &fz.alloc);   /* lua_close's finalizers may allocate */
    fz.L = NULL;
    fz_reset();
}

static void fz_run(const uint8_t *data, size_t size)
{
    fz_init();
    size_t pre = strlen(fz_prelude);
    memcpy(fz.program, fz_prelude, pre);
    size_t n = pre + fz_generate(data, size, fz.program + pre, sizeof fz.program - pre);
    if (fz.print)
        fprintf(stderr, "-- generated program (%zu input bytes)\n%s-- end\n", size,
                fz.print > 1 ? fz.program : fz.program + pre);
    fz_exec(pre, n);
}

#ifdef ZLUA_FUZZ_REPLAY

static int fz_replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    static uint8_t buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    fprintf(stderr, "fuzz-replay: %s (%zu bytes)\n", path, n);
    size_t len = strlen(path);
    if (len > 4 && strcmp(path + len - 4, ".lua") == 0) {
        /* a hand-written reproducer: the program itself, after the prelude */
        fz_init();
        size_t pre = strlen(fz_prelude);
        if (pre + n >= sizeof fz.program)
            return 1;
        memcpy(fz.program, fz_prelude, pre);
        memcpy(fz.program + pre, buf, n);
        fz.program[pre + n] = '\0';
        fz_exec(pre, pre + n);
    } else {
        fz_run(buf, n);
    }
    return 0;
}

static int fz_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* every regular file of dir except README* and dot files, sorted */
static int fz_replay_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return fz_replay_file(dir) == 0 ? (++*count, 0) : 1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strncmp(e->d_name, "README", 6) == 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (grown == NULL)
                abort();
            names = grown;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (names[n] == NULL)
            abort();
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, fz_cmp);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        DIR *sub = opendir(names[i]);
        if (sub != NULL)
            closedir(sub);
        else if (fz_replay_file(names[i]) != 0)
            rc = 1;
        else
            ++*count;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    int rc = 0, count = 0;
    for (int i = 1; i < argc; i++)
        if (fz_replay_dir(argv[i], &count) != 0)
            rc = 1;
    fprintf(stderr, "fuzz-replay: %d inputs replayed without a crash\n", count);
    return rc;
}

#else

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_run(data, size);
    return 0;
}

#endif
