/*
 * testbed.c -- the `testbed` global of zlua-run.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "testbed.h"

#include <stdint.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "host_stubs.h"
#include "marshal/ud.h"
#include "testbed_rt.h"
#include "types/types.h"
#include "zlua.h"
#include "zlua_env.h"

void *testbed_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    testbed_alloc *a = ud;
    a->requests++;
    if (a->fail_min != 0 && nsize >= a->fail_min && nsize > osize) {
        a->fail_min = 0;   /* one shot */
        return NULL;
    }
    if (a->fail_at != 0 && nsize > osize && --a->fail_at == 0)
        return NULL;       /* one shot: fail_at stays 0 */
    return realloc(ptr, nsize);
}

static testbed_alloc *testbed_counter(lua_State *L)
{
    /* the fuzzer replaces upvalues too (debug.setupvalue) */
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TLIGHTUSERDATA)
        luaL_error(L, "testbed: upvalue 1 tampered with");
    return lua_touserdata(L, lua_upvalueindex(1));
}

/* testbed.gc(): a full collection, then pending finalizers. */
static int testbed_gc(lua_State *L)
{
    (void)L;
    testbed_rt_collect();
    return 0;
}

/* testbed.without_state(fn): pcall(fn) while no state is there for C#
 * to reach (zlua_env_current() NULL: no host state, as in a player before
 * its first LuaEnv); the host state is put back after. */
static int testbed_without_state(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *prev = zlua_env_host_state();
    zlua_env_set_host_state(NULL);
    lua_settop(L, 1);
    int rc = lua_pcall(L, 0, 1, 0);
    zlua_env_set_host_state(prev);
    lua_pushboolean(L, rc == LUA_OK);
    lua_insert(L, -2);
    return 2;
}

/* testbed.cpu(): the calling thread's CPU time in seconds (os.clock
 * counts the process's, the runtime's other threads included). */
static int testbed_cpu(lua_State *L)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return luaL_error(L, "testbed.cpu: no thread CPU clock");
    lua_pushnumber(L, (lua_Number)ts.tv_sec + (lua_Number)ts.tv_nsec * 1e-9);
    return 1;
}

/* testbed.ref_fields(T): how many managed references libzlua records
 * inside a value of struct type T (its class's ref_offsets: what a copy
 * into a managed object announces to the collector's write barrier). */
static int testbed_ref_fields(lua_State *L)
{
    zlua__class *cls = zlua__typetable_class(L, 1);
    luaL_argcheck(L, cls != NULL, 1, "type table expected");
    lua_pushinteger(L, (lua_Integer)cls->nrefs);
    return 1;
}

static void testbed_set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static int testbed_stats(lua_State *L)
{
    zlua_stats st;
    if (zlua_state_stats(L, &st) != ZLUA_OK)
        return luaL_error(L, "zlua is not open");
    lua_createtable(L, 0, 7);
    testbed_set_int(L, "structs", (lua_Integer)st.structs);
    testbed_set_int(L, "objects", (lua_Integer)st.objects);
    testbed_set_int(L, "scope_depth", (lua_Integer)st.scope_depth);
    testbed_set_int(L, "handles", (lua_Integer)st.handles);
    testbed_set_int(L, "generation", (lua_Integer)st.generation);
    testbed_set_int(L, "delegates", (lua_Integer)st.delegates);
    testbed_set_int(L, "gc_allocs", (lua_Integer)testbed_rt_gc_allocs());
    testbed_set_int(L, "lua_allocs", (lua_Integer)testbed_counter(L)->requests);
    return 1;
}

/* The object a track() argument designates: a ByObjUserData's object, or
 * the named reference field of a struct userdata. */
static Il2CppObject *testbed_target(lua_State *L)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u == NULL)
        luaL_argerror(L, 1, "zlua userdata expected");
    if (lua_isnoneornil(L, 2)) {
        if (u->magic != ZLUA_UD_BYOBJ)
            luaL_argerror(L, 1, "ByObjUserData expected (or give a field name)");
        return u->obj;
    }
    const char *field = luaL_checkstring(L, 2);
    if (u->magic != ZLUA_UD_BYVAL)
        luaL_argerror(L, 1, "struct userdata expected");
    zlua__class_bind_members(L, u->cls);
    lua_rawgeti(L, LUA_REGISTRYINDEX, u->cls->instance);
    lua_getfield(L, -1, field);
    const zlua__member *mem = zlua_box_get(L, -1, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, u->cls);
    if (mem == NULL || mem->owner != u->cls)
        luaL_argerror(L, 2, "no such field");
    if (mem->kind != ZLUA_MEMBER_FIELD || !mem->meta->is_ref)
        luaL_argerror(L, 2, "not a reference field");
    Il2CppObject *obj;
    memcpy(&obj, (char *)zlua_ud_payload(u) + mem->offset, sizeof obj);
    if (obj == NULL)
        luaL_argerror(L, 2, "field is null");
    return obj;
}

static int testbed_track(lua_State *L)
{
    int id = testbed_rt_track(testbed_target(L));
    if (id == 0)
        return luaL_error(L, "cannot track");
    lua_pushinteger(L, id);
    return 1;
}

static int testbed_alive(lua_State *L)
{
    lua_pushboolean(L, testbed_rt_alive((int)luaL_checkinteger(L, 1)));
    return 1;
}

/* testbed.throw_next(fullname, message): the next C# call raises. */
static int testbed_throw_next(lua_State *L)
{
    const char *full = luaL_checkstring(L, 1);
    const char *msg = luaL_optstring(L, 2, "");
    const char *dot = strrchr(full, '.');
    char ns[256];
    size_t n = dot ? (size_t)(dot - full) : 0;
    if (n >= sizeof ns)
        return luaL_argerror(L, 1, "name too long");
    memcpy(ns, full, n);
    ns[n] = '\0';
    if (!testbed_rt_throw_next(ns, dot ? dot + 1 : full, msg))
        return luaL_error(L, "testbed.throw_next: no exception type %s on the %s runtime", full,
                          testbed_rt_name);
    return 0;
}

/* testbed.fail_next(op [, nth]): the nth (default 1) call from now of a
 * runtime operation throws as it can in IL2CPP (testbed_rt.h):
 * "object_new", "value_box", "class_init", "string_new", "array_new". */
static int testbed_fail_next(lua_State *L)
{
    const char *op = luaL_checkstring(L, 1);
    lua_Integer nth = luaL_optinteger(L, 2, 1);
    if (nth < 0 || nth > INT32_MAX)
        return luaL_argerror(L, 2, "out of range");
    if (!testbed_rt_fail_next(op, (int)nth))
        return luaL_argerror(L, 1, "unknown runtime operation");
    return 0;
}

/* testbed.bridge_kind(T, name): "stub" or "generic" for T[name], a bound
 * method (nil for anything else). */
/* Pushes T[name] for the (T, name) arguments. */
static void testbed_push_member(lua_State *L)
{
    luaL_checkany(L, 1);
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_gettable(L, 1);
}

static int testbed_bridge_kind(lua_State *L)
{
    testbed_push_member(L);
    const char *kind = zlua_bridge_kind(L, -1);
    if (kind == NULL)
        lua_pushnil(L);
    else
        lua_pushstring(L, kind);
    return 1;
}

/* testbed.generic(T, name [, "upvalue"]): T[name] through the generic
 * invoker, even when a stub serves it (the benchmark's generic row, specs
 * comparing both); "upvalue": as the C closure that closures past the
 * trampolines are (the safety specs swap its upvalue). */
static int testbed_generic(lua_State *L)
{
    int upvalue = lua_type(L, 3) == LUA_TSTRING && strcmp(lua_tostring(L, 3), "upvalue") == 0;
    testbed_push_member(L);
    zlua__method *m = (zlua__method *)zlua__method_of_function(L, -1);
    if (m == NULL)
        return luaL_argerror(L, 2, "not a bound method");
    if (upvalue)
        zlua__method_push_upvalue_closure(L, m);
    else
        zlua__method_push_generic_closure(L, m);
    return 1;
}

/* testbed.fail_alloc(n): the next Lua allocation of at least n bytes
 * fails (one shot; 0 cancels). */
static int testbed_fail_alloc(lua_State *L)
{
    lua_Integer n = luaL_checkinteger(L, 1);
    testbed_counter(L)->fail_min = n > 0 ? (size_t)n : 0;
    return 0;
}

/* Runs code in S: 1 when it returned true, else 0 with why in msg. */
static int testbed_run_true(lua_State *S, const char *code, size_t len, char *msg, size_t cap)
{
    int ok = luaL_loadbuffer(S, code, len, "=bind_oom") == LUA_OK &&
             lua_pcall(S, 0, 1, 0) == LUA_OK;
    if (ok && lua_toboolean(S, -1)) {
        lua_pop(S, 1);
        return 1;
    }
    const char *why = ok ? "the call did not return true" : lua_tostring(S, -1);
    snprintf(msg, cap, "%s", why != NULL ? why : "(an error object that is no string)");
    lua_pop(S, 1);
    return 0;
}

/* testbed.bind_oom(code): the R-OOM-2 oracle, in states of its own.  For
 * k = 1, 2, ...: a fresh state (as zlua-run makes, the default collector)
 * runs code with the k-th allocation from its start failing, then again
 * with memory back, which must return true.  Ends at the first k code
 * never reaches; returns the number of allocations so failed, or raises
 * `bind_oom: allocation K failed, then: WHY`.  A fresh state each time,
 * because a call that succeeds binds what it uses for good. */
static int testbed_bind_oom(lua_State *L)
{
    size_t len;
    const char *code = luaL_checklstring(L, 1, &len);
    lua_State *prev = testbed_rt_lua_state();
    testbed_alloc *a = malloc(sizeof *a);
    char msg[512] = "";
    int k, failed = 0, clean = 1;
    for (k = 1; a != NULL && k < 1000000; k++) {
        memset(a, 0, sizeof *a);
        lua_State *S = testbed_new_state(a);
        if (S == NULL)
            break;
        a->fail_at = (uint64_t)k;
        int first = testbed_run_true(S, code, len, msg, sizeof msg);
        int reached = a->fail_at == 0;
        a->fail_at = 0;
        if (reached)
            failed = !testbed_run_true(S, code, len, msg, sizeof msg);
        else
            clean = first;
        lua_close(S);
        testbed_rt_set_lua_state(prev);
        if (failed || !reached)
            break;
    }
    free(a);
    if (a == NULL || k == 1000000)
        return luaL_error(L, "bind_oom: cannot run the oracle");
    if (!clean)
        return luaL_error(L, "bind_oom: the call fails without a fault: %s", msg);
    if (failed)
        return luaL_error(L, "bind_oom: allocation %d failed, then: %s", k, msg);
    lua_pushinteger(L, k - 1);
    return 1;
}

/* zlua_state_set_log's sink: keeps the line for testbed.logs() (and never
 * calls into L, as the contract asks). */
static void testbed_log(void *ud, const char *message)
{
    testbed_alloc *a = ud;
    if (a->echo != NULL)
        fprintf(a->echo, "%s\n", message);
    if (a->nlog == TESTBED_LOG_LINES) {
        memmove(a->log[0], a->log[1], sizeof a->log - sizeof a->log[0]);
        a->nlog--;
    }
    snprintf(a->log[a->nlog++], TESTBED_LOG_CHARS, "%s", message);
    if (strstr(message, "LuaMarshalAs") != NULL && a->nrule < TESTBED_LOG_LINES)
        snprintf(a->rule_log[a->nrule++], TESTBED_LOG_CHARS, "%s", message);
}

/* testbed.rule_logs([substring]): the [LuaMarshalAs] lines since the state
 * opened (those containing substring, when given), oldest first. */
static int testbed_rule_logs(lua_State *L)
{
    testbed_alloc *a = testbed_counter(L);
    const char *sub = luaL_optstring(L, 1, "");
    lua_newtable(L);
    lua_Integer n = 0;
    for (unsigned i = 0; i < a->nrule; i++) {
        if (strstr(a->rule_log[i], sub) == NULL)
            continue;
        lua_pushstring(L, a->rule_log[i]);
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

/* testbed.logs(): the log lines since the last call, oldest first. */
static int testbed_logs(lua_State *L)
{
    testbed_alloc *a = testbed_counter(L);
    lua_createtable(L, (int)a->nlog, 0);
    for (unsigned i = 0; i < a->nlog; i++) {
        lua_pushstring(L, a->log[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    a->nlog = 0;
    return 1;
}

/* Applies opts' rules to S (R-POLICY-1, R-LIB-1), in this order: preset
 * ("mods"), deny and allow (lists of patterns), no_cmodules.  0, or
 * pushes "PATTERN: CODE" on L for the first refused one and returns 1. */
static int testbed_sandbox_rules(lua_State *L, lua_State *S)
{
    lua_getfield(L, 1, "preset");
    if (lua_isstring(L, -1)) {
        int rc = strcmp(lua_tostring(L, -1), "mods") == 0
                     ? zlua_policy_preset(S, ZLUA_POLICY_MODS) : zlua_policy_preset(S, -1);
        if (rc != ZLUA_OK) {
            lua_pushfstring(L, "preset: %d", rc);
            return 1;
        }
    }
    lua_pop(L, 1);
    static const char *const lists[] = {"deny", "allow"};
    for (int l = 0; l < 2; l++) {
        lua_getfield(L, 1, lists[l]);
        for (lua_Integer i = 1; lua_type(L, -1) == LUA_TTABLE; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TNIL) {
                lua_pop(L, 1);
                break;
            }
            const char *pat = lua_tostring(L, -1);   /* NULL stays NULL: EINVAL */
            int rc = l == 0 ? zlua_policy_deny(S, pat) : zlua_policy_allow(S, pat);
            if (rc != ZLUA_OK) {
                lua_pushfstring(L, "%s: %d", pat ? pat : "(not a string)", rc);
                return 1;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, 1, "no_cmodules");
    int off = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (off && zlua_loadlib_disable(S) != ZLUA_OK) {
        lua_pushliteral(L, "no_cmodules: failed");
        return 1;
    }
    return 0;
}

/* testbed.sandbox(opts, chunk[, late]): runs chunk in a state of its own,
 * opened like this one (standard libraries, libzlua, the stubs and
 * delegate entries; no testbed) with opts' rules set before anything
 * binds.  Returns true and tostring of the chunk's first result, or false
 * and its error message (nil and "PATTERN: CODE" when a rule was
 * refused).  late: a pattern denied after the chunk ran, whose return
 * code comes third (a type was bound: ZLUA_ESTATE). */
static int testbed_sandbox(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    size_t len;
    const char *chunk = luaL_checklstring(L, 2, &len);
    const char *late = luaL_optstring(L, 3, NULL);
    testbed_alloc *counter = testbed_counter(L);
    lua_State *main = testbed_rt_lua_state();   /* what the host set: put back */
    lua_State *S = lua_newstate(testbed_alloc_fn, counter);
    if (S == NULL)
        return luaL_error(L, "not enough memory");
    luaL_openlibs(S);
    int n = 2;
    if (zlua_open(S) != ZLUA_OK || host_register_stubs(S) != ZLUA_OK ||
        testbed_rt_open(S) < 0) {
        lua_close(S);
        testbed_rt_set_lua_state(main);
        return luaL_error(L, "testbed.sandbox: cannot open the state");
    }
    testbed_rt_set_lua_state(S);   /* C# calling Lua reaches the sandbox */
    if (testbed_sandbox_rules(L, S)) {
        lua_pushnil(L);
        lua_insert(L, -2);
    } else {
        int ok = luaL_loadbufferx(S, chunk, len, "=sandbox", "t") == LUA_OK &&
                 lua_pcall(S, 0, 1, 0) == LUA_OK;
        lua_pushboolean(L, ok);
        const char *text = luaL_tolstring(S, -1, &len);
        lua_pushlstring(L, text, len);
        if (late != NULL) {
            lua_pushinteger(L, zlua_policy_deny(S, late));
            n = 3;
        }
    }
    lua_close(S);
    testbed_rt_set_lua_state(main);
    return n;
}

/* testbed.full_debug(): a standard debug library, opened directly (not
 * through the package library, whose loaders libzlua guards): for the
 * specs that check libzlua holds even when its C frames are rewritten. */
static int testbed_full_debug(lua_State *L)
{
    return luaopen_debug(L);
}

void testbed_open(lua_State *L, testbed_alloc *counter)
{
    counter->nlog = 0;
    counter->nrule = 0;
    zlua_state_set_log(L, testbed_log, counter);
    static const luaL_Reg fns[] = {
        {"gc", testbed_gc},         {"stats", testbed_stats},
        {"track", testbed_track},   {"alive", testbed_alive},
        {"throw_next", testbed_throw_next}, {"fail_alloc", testbed_fail_alloc},
        {"fail_next", testbed_fail_next},   {"bridge_kind", testbed_bridge_kind},
        {"generic", testbed_generic},       {"logs", testbed_logs},
        {"rule_logs", testbed_rule_logs},
        {"bind_oom", testbed_bind_oom},
        {"sandbox", testbed_sandbox},       {"full_debug", testbed_full_debug},
        {"ref_fields", testbed_ref_fields}, {"cpu", testbed_cpu},
        {"without_state", testbed_without_state},
        {NULL, NULL},
    };
    lua_newtable(L);
    lua_pushlightuserdata(L, counter);
    luaL_setfuncs(L, fns, 1);
    lua_pushboolean(L, ZLUA_WITH_STUBS_BUILD);   /* the generated stubs are registered */
    lua_setfield(L, -2, "stubs");
    int ic = host_register_ic();   /* R-IC-3: the [LuaInvoke] methods' IC stubs */
    if (ic < 0)
        fprintf(stderr, "testbed: the generated IC stubs could not be registered\n");
    lua_pushboolean(L, ic > 0);
    lua_setfield(L, -2, "lua_invoke");
    lua_pushstring(L, testbed_rt_name);   /* "sim" or "mono" */
    lua_setfield(L, -2, "runtime");
    lua_setglobal(L, "testbed");
}

/* ---- forced Lua collector modes ---------------------------------- */

int testbed_gc_mode_parse(const char *s)
{
    if (s == NULL || *s == '\0' || strcmp(s, "default") == 0)
        return TESTBED_GC_DEFAULT;
    if (strcmp(s, "inc") == 0)
        return TESTBED_GC_INC;
    if (strcmp(s, "gen") == 0)
        return TESTBED_GC_GEN;
    return -1;
}

static const char *testbed_gc_mode_name(testbed_gc_mode mode)
{
    return mode == TESTBED_GC_INC   ? "inc"
           : mode == TESTBED_GC_GEN ? "gen"
                                    : "default";
}

/* Lua 5.4 (lgc.c, incstep): after a step the collector waits
 * (overshoot / stepmul) * 16 bytes, at least 2^stepsize bytes, then runs
 * singlesteps worth (allocated bytes / 16) * stepmul work units.  So the
 * step *interval* is set by stepsize and shrinks as stepmul grows; a small
 * stepmul spaces steps out (a step that ran 10 finalizers costs 500 units:
 * 8 KB of silence at stepmul 1) and makes cycles long.  Measured on a
 * 1 MB heap: stepmul 1 with pause 0 ran about as many cycles as Lua's
 * defaults, finalizer batches ~110 allocations apart; stepmul 400 runs a
 * step at every allocation that checks the GC and a full cycle every few
 * dozen allocations.  Hence:
 *  - incremental: stepsize 1 (the smallest LUA_GCINC accepts: 2 bytes,
 *    i.e. 0 work units, so any debt starts a step), stepmul 400, then
 *    pause 0 through LUA_GCSETPAUSE (LUA_GCINC reads 0 as "unchanged"):
 *    the next cycle starts at the first allocation after one ends;
 *  - generational: minor multiplier 1 (a minor collection after each 1 %
 *    of growth, the smallest LUA_GCGEN accepts), major multiplier left at
 *    its default. */
#define TESTBED_GC_INC_STEPMUL 400
#define TESTBED_GC_INC_STEPSIZE 1
static void testbed_gc_apply(lua_State *L, testbed_gc_mode mode)
{
    switch (mode) {
    case TESTBED_GC_INC:
        (void)lua_gc(L, LUA_GCINC, 0, TESTBED_GC_INC_STEPMUL, TESTBED_GC_INC_STEPSIZE);
        (void)lua_gc(L, LUA_GCSETPAUSE, 0);
        break;
    case TESTBED_GC_GEN:
        (void)lua_gc(L, LUA_GCGEN, 1, 0);
        break;
    case TESTBED_GC_DEFAULT:
        break;
    }
}

/* collectgarbage with a forced mode: upvalue 1 the real function, 2 the
 * mode.  The options that would change the mode or its parameters
 * re-apply the forced settings and return what the real function returns
 * (the previous mode's name; the previous parameter value). */
static int testbed_collectgarbage(lua_State *L)
{
    testbed_gc_mode mode = (testbed_gc_mode)lua_tointeger(L, lua_upvalueindex(2));
    const char *opt = luaL_optstring(L, 1, "collect");
    int forced = strcmp(opt, "incremental") == 0 ||
                 strcmp(opt, "generational") == 0 ||
                 strcmp(opt, "setpause") == 0 || strcmp(opt, "setstepmul") == 0;
    if (!forced) {
        int n = lua_gettop(L);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_insert(L, 1);
        lua_call(L, n, LUA_MULTRET);
        return lua_gettop(L);
    }
    static int noted;
    if (!noted) {
        noted = 1;
        fprintf(stderr, "zlua-run: ZLUA_RUN_GC=%s kept against collectgarbage(\"%s\")\n",
                testbed_gc_mode_name(mode), opt);
    }
    if (opt[0] == 's') {
        /* report the current value, then restore the forced one */
        int cur = lua_gc(L, opt[3] == 'p' ? LUA_GCSETPAUSE : LUA_GCSETSTEPMUL, 0);
        testbed_gc_apply(L, mode);
        lua_pushinteger(L, cur);
        return 1;
    }
    testbed_gc_apply(L, mode);
    lua_pushstring(L, mode == TESTBED_GC_GEN ? "generational" : "incremental");
    return 1;
}

static void testbed_gc_wrap(lua_State *L, testbed_gc_mode mode)
{
    lua_getglobal(L, "collectgarbage");
    lua_pushinteger(L, mode);
    lua_pushcclosure(L, testbed_collectgarbage, 2);
    lua_setglobal(L, "collectgarbage");
}

lua_State *testbed_new_state_gc(testbed_alloc *counter, testbed_gc_mode mode)
{
    if (testbed_rt_init() != 0)
        return NULL;
    lua_State *L = lua_newstate(testbed_alloc_fn, counter);
    if (L == NULL)
        return NULL;
    testbed_gc_apply(L, mode);
    luaL_openlibs(L);
    if (mode != TESTBED_GC_DEFAULT)
        testbed_gc_wrap(L, mode);
    int delegates;
    if (zlua_open(L) != ZLUA_OK || host_register_stubs(L) != ZLUA_OK ||
        (delegates = testbed_rt_open(L)) < 0) {
        lua_close(L);
        return NULL;
    }
    testbed_rt_set_lua_state(L);
    testbed_open(L, counter);
    lua_getglobal(L, "testbed");
    lua_pushstring(L, testbed_gc_mode_name(mode));
    lua_setfield(L, -2, "gc_mode");
    lua_pushboolean(L, delegates);   /* Lua functions can become delegates */
    lua_setfield(L, -2, "delegates");
    lua_pop(L, 1);
    return L;
}

lua_State *testbed_new_state(testbed_alloc *counter)
{
    return testbed_new_state_gc(counter, TESTBED_GC_DEFAULT);
}
