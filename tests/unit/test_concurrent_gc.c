/*
 * test_concurrent_gc.c -- managed collections on another thread while the
 * Lua thread churns the registries (R-GC-3, R-SUD-2/3, R-GC-2).
 *
 * A second thread, registered with bdwgc, runs GC_gcollect() in a loop
 * while Lua, on the main thread, creates and drops non-blittable struct
 * userdata (MyGame.Tagged holding a managed string in `name`, and for
 * every third one a string in the object slot `payload`) and object
 * userdata (MyGame.Player, System.Int32[]).  Every
 * creation is a registry add, every Lua collection of such a userdata a
 * remove.  Rolling windows of live values are read back all the time:
 *   - Tagged.id / Tagged.name / the payload string, Player.Name,
 *     Demo.ArraySum(int[]) must equal what was stored (payloads intact);
 *     Player.Name is also rewritten from Lua now and then (a fresh string
 *     that only the Player refers to: the write barrier's case);
 *   - one value in TRACK_EVERY has its referents tracked (testbed.track:
 *     a bdwgc finalizer that only records), and none of them may be
 *     finalized while Lua holds it (zero lost referents).
 * At the end everything is dropped and collected in Lua: both registries
 * must be back to their baseline (0), and in bulk (the collector is
 * conservative) the tracked referents must have been released.
 *
 * Usage: test_concurrent_gc [--incremental[=manual|mprotect]] [--lua-gc=M]
 *                           [--ops=N] [--deadline=SECONDS]
 *   --incremental   GC_enable_incremental() right after GC_INIT (a mode a
 *                   process cannot leave again, hence its own ctest entry).
 *                   "manual" (the default) is IL2CPP's incremental
 *                   collector: GC_set_manual_vdb_allowed(1), dirty bits come
 *                   only from the write barrier (il2cpp_gc_wbarrier_set_field,
 *                   GC_dirty); "mprotect" is bdwgc's own default on Linux
 *                   (write-protected pages and a SIGSEGV handler, which this
 *                   test puts back over cmocka's for the duration);
 *   --lua-gc=M      the Lua collector in mode M (inc or gen: the forced
 *                   modes of zlua-run's ZLUA_RUN_GC, tests/host/testbed.h);
 *   --ops=N         registry operations (adds + removes) to reach, default
 *                   1 000 000 (environment: ZLUA_CGC_OPS);
 *   --deadline=S    stop the churn after S seconds even if N is not reached
 *                   (default 40; environment: ZLUA_CGC_DEADLINE); the test
 *                   then says so and checks what it did.
 *
 * Under incremental collection the second thread also runs, between two
 * full collections, one incremental cycle in small steps
 * (GC_start_incremental_collection, then GC_collect_a_little, as a
 * player's time-sliced GC does; a 50 us pause budget and GC_set_rate(1)
 * keep the steps small): the marker then runs, and calls the registry's
 * push-root callback, while the Lua thread mutates.
 *
 * Finalizers run only on demand (GC_set_finalize_on_demand(1), as IL2CPP
 * does with its finalizer thread), here on the Lua thread between bursts,
 * so the simulation's single-threaded tracking table is never written by
 * the collector thread.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GC_THREADS
#define GC_THREADS
#endif
#include <gc.h>

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "sim.h"
#include "testbed.h"
#include "testbed_rt.h"
#include "unit_support.h"
#include "zlua.h"

/* ---- parameters ----------------------------------------------------------- */

enum { VDB_NONE = 0, VDB_MANUAL, VDB_MPROTECT };
static int opt_incremental;   /* VDB_* */
static testbed_gc_mode opt_lua_gc = TESTBED_GC_DEFAULT;
static struct sigaction gc_segv, gc_bus;   /* bdwgc's write-fault handlers */
static long long opt_ops = 1000000;
static double opt_deadline_s = 40.0;

enum {
    BURST = 2000,       /* churn iterations per call into Lua */
    WINDOW = 512,       /* live Tagged values held by Lua */
    OBJ_WINDOW = 256,   /* live objects held by Lua */
    TRACK_EVERY = 16    /* one value in 16 has its referents tracked */
};

/* ---- the Lua side ------------------------------------------------------------
 * Kept as short literals (ISO C's 4095-character limit), joined at run time.
 * Errors are raised as plain strings with level 0, so the message says what
 * was wrong without a position. */
static const char *const churn_lua[] = {
    "local W, OW, TRACK_EVERY = ...\n",
    "local Tagged, Player, Demo = CS.MyGame.Tagged, CS.MyGame.Player, CS.Demo\n",
    "local track, alive = testbed.track, testbed.alive\n",
    "local tw, ow = {}, {}\n",
    "local seq, struct_adds, object_adds, checks = 0, 0, 0, 0\n",
    "local tracked = {}\n",
    /* a fresh Lua string each time: its managed copy is a fresh object
     * referenced only from the payload it is stored in */
    "local function name_of(i) return 'n' .. i .. string.rep('-', i % 29) end\n",
    "local function fail(what, id, expected, got)\n",
    "  error(('%s (value %d, at iteration %d): expected %s, got %s'):format(\n",
    "    what, id, seq, tostring(expected), tostring(got)), 0)\n",
    "end\n",
    "local function keep(id) tracked[#tracked + 1] = id; return id end\n",
    "local function check_tagged(e)\n",
    "  if e == nil then return end\n",
    "  checks = checks + 1\n",
    "  local t = e.t\n",
    "  local id, name = t.id, t.name\n",
    "  if id ~= e.id then fail('Tagged.id', e.id, e.id, id) end\n",
    "  if name ~= e.name then fail('Tagged.name', e.id, e.name, name) end\n",
    "  if e.tn and not alive(e.tn) then\n",
    "    fail('Tagged.name finalized while held', e.id, 'alive', 'finalized') end\n",
    "  if e.tp and not alive(e.tp) then\n",
    "    fail('Tagged.payload finalized while held', e.id, 'alive', 'finalized') end\n",
    "end\n",
    /* leaving the window: the payload string is read back once, through
     * the object slot (a fresh ByObj userdata: one more object add) */
    "local function retire(e)\n",
    "  check_tagged(e)\n",
    "  if e.pl then\n",
    "    local u = e.t.payload\n",
    "    object_adds = object_adds + 1\n",
    "    local s = tostring(u)\n",
    "    if s ~= e.pl then fail('Tagged.payload', e.id, e.pl, s) end\n",
    "  end\n",
    "end\n",
    "local function check_object(o)\n",
    "  if o == nil then return end\n",
    "  checks = checks + 1\n",
    "  if o.p then\n",
    "    local n = o.p.Name\n",
    "    if n ~= o.name then fail('Player.Name', o.id, o.name, n) end\n",
    "    if o.tr and not alive(o.tr) then\n",
    "      fail('Player finalized while held', o.id, 'alive', 'finalized') end\n",
    "  else\n",
    "    local s = Demo.ArraySum(o.a)\n",
    "    if s ~= o.sum then fail('int[] sum', o.id, o.sum, s) end\n",
    "    if o.tr and not alive(o.tr) then\n",
    "      fail('int[] finalized while held', o.id, 'alive', 'finalized') end\n",
    "  end\n",
    "end\n",
    "function churn(n)\n",
    "  for _ = 1, n do\n",
    "    seq = seq + 1\n",
    "    local i = seq\n",
    "    local name = name_of(i)\n",
    /* 1. a long-lived Tagged replaces the oldest of the window */
    "    local k = i % W + 1\n",
    "    if tw[k] then retire(tw[k]) end\n",
    "    local t = Tagged(i, name)\n",
    "    struct_adds = struct_adds + 1\n",
    "    local e = { t = t, id = i, name = name }\n",
    "    if i % 3 == 0 then e.pl = 'p' .. name; t.payload = e.pl end\n",
    "    if i % TRACK_EVERY == 0 then\n",
    "      e.tn = keep(track(t, 'name'))\n",
    "      if e.pl then e.tp = keep(track(t, 'payload')) end\n",
    "    end\n",
    "    tw[k] = e\n",
    /* 2. a short-lived Tagged made by C#, dropped at once */
    "    local g = Demo.MakeTagged(i, name)\n",
    "    struct_adds = struct_adds + 1\n",
    "    if g.id ~= i or g.name ~= name then fail('MakeTagged', i, name, g.name) end\n",
    "    g = nil\n",
    /* 3. an object replaces the oldest of the object window */
    "    local j = i % OW + 1\n",
    "    check_object(ow[j])\n",
    "    local o\n",
    "    if i % 2 == 0 then\n",
    "      o = { p = Player(name), name = name, id = i }\n",
    "    else\n",
    "      local len = i % 17 + 1\n",
    "      o = { a = Demo.MakeArray(len), sum = len * (len + 1) // 2, id = i }\n",
    "    end\n",
    "    object_adds = object_adds + 1\n",
    "    if i % TRACK_EVERY == 1 then o.tr = keep(track(o.p or o.a)) end\n",
    "    ow[j] = o\n",
    /* 4. read back two other live values */
    "    check_tagged(tw[(i * 7919) % W + 1])\n",
    "    local r = ow[(i * 31) % OW + 1]\n",
    "    check_object(r)\n",
    "    if r and r.p and i % 4 == 0 then\n",
    "      r.name = 'r' .. name; r.p.Name = r.name\n",
    "    end\n",
    "  end\n",
    "  return struct_adds, object_adds, checks\n",
    "end\n",
    "function verify_all()\n",
    "  for k = 1, W do check_tagged(tw[k]) end\n",
    "  for j = 1, OW do check_object(ow[j]) end\n",
    "  return checks\n",
    "end\n",
    "function drop_all() tw, ow = {}, {} end\n",
    "function tracked_counts()\n",
    "  local dead = 0\n",
    "  for _, id in ipairs(tracked) do if not alive(id) then dead = dead + 1 end end\n",
    "  return #tracked, dead\n",
    "end\n",
    NULL,
};

/* ---- the collector thread -----------------------------------------------------------
 * pthread_create is GC_pthread_create here (gc.h with GC_THREADS): the
 * thread is registered with the collector. */

static atomic_int collector_stopping;
static atomic_size_t full_collections, little_steps;
static pthread_t collector;
static int collector_running;

static void *collector_main(void *arg)
{
    (void)arg;
    /* Short pauses let the mutator make progress (back to back, the
     * collector can starve it: every registry change takes its lock). */
    const struct timespec pause = { 0, 100 * 1000 }, step_pause = { 0, 20 * 1000 };
    while (!atomic_load(&collector_stopping)) {
        if (opt_incremental != VDB_NONE) {
            GC_start_incremental_collection();
            for (int k = 0; k < 200 && !atomic_load(&collector_stopping); k++) {
                atomic_fetch_add(&little_steps, 1);
                if (!GC_collect_a_little())
                    break;
                nanosleep(&step_pause, NULL);
            }
        }
        GC_gcollect();
        atomic_fetch_add(&full_collections, 1);
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static void collector_start(void)
{
    atomic_store(&collector_stopping, 0);
    if (pthread_create(&collector, NULL, collector_main, NULL) != 0)
        fail_msg("cannot start the collector thread");
    collector_running = 1;
}

static void collector_stop(void)
{
    if (!collector_running)
        return;
    collector_running = 0;
    atomic_store(&collector_stopping, 1);
    if (pthread_join(collector, NULL) != 0)
        fail_msg("cannot join the collector thread");
}

/* ---- helpers ------------------------------------------------------------------- */

static int traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    luaL_traceback(L, L, msg != NULL ? msg : "(non-string error)", 1);
    return 1;
}

/* Calls the global function fn with integer arguments; nres integer
 * results go to out[].  On a Lua error the collector is stopped (if
 * running) and the test fails with the message. */

static void call_lua(lua_State *L, const char *fn, int nargs, const lua_Integer *args,
                     int nres, lua_Integer *out)
{
    lua_pushcfunction(L, traceback);
    int base = lua_gettop(L);
    lua_getglobal(L, fn);
    for (int i = 0; i < nargs; i++)
        lua_pushinteger(L, args[i]);
    if (lua_pcall(L, nargs, nres, base) != LUA_OK) {
        collector_stop();
        fail_msg("%s raised: %s", fn, lua_tostring(L, -1));
    }
    for (int i = 0; i < nres; i++)
        out[i] = lua_tointeger(L, base + 1 + i);
    lua_settop(L, base - 1);
}

static zlua_stats stats_of(lua_State *L)
{
    zlua_stats st;
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
    return st;
}

/* Runs the finalizers the collector queued (finalize-on-demand), on this
 * thread. */
static void run_finalizers(void)
{
    while (GC_should_invoke_finalizers())
        (void)GC_invoke_finalizers();
}

static void load_churn(lua_State *L)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; churn_lua[i] != NULL; i++)
        luaL_addstring(&b, churn_lua[i]);
    luaL_pushresult(&b);
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    if (luaL_loadbuffer(L, code, len, "=concurrent_gc") != LUA_OK)
        fail_msg("cannot load the churn chunk: %s", lua_tostring(L, -1));
    lua_remove(L, -2);
    lua_pushinteger(L, WINDOW);
    lua_pushinteger(L, OBJ_WINDOW);
    lua_pushinteger(L, TRACK_EVERY);
    if (lua_pcall(L, 3, 0, 0) != LUA_OK)
        fail_msg("churn chunk: %s", lua_tostring(L, -1));
}

/* ---- the test -------------------------------------------------------------------- */

static void test_churn_under_concurrent_collections(void **state)
{
    (void)state;
    /* cmocka catches SIGSEGV/SIGBUS around each test; under the mprotect
     * VDB those are bdwgc's write faults (any store to the managed heap,
     * the runtime's first ones included), so its handlers go back on. */
    struct sigaction cm_segv, cm_bus;
    if (opt_incremental == VDB_MPROTECT) {
        assert_int_equal(sigaction(SIGSEGV, &gc_segv, &cm_segv), 0);
        assert_int_equal(sigaction(SIGBUS, &gc_bus, &cm_bus), 0);
    }
    testbed_alloc counter = {0};
    lua_State *L = testbed_new_state_gc(&counter, opt_lua_gc);
    assert_non_null(L);
    static const char *const modes[] = {
        "stop-the-world", "incremental, manual VDB (IL2CPP)", "incremental, mprotect VDB"};
    print_message("bdwgc %s, target %lld registry operations, deadline %.0f s\n",
                  modes[opt_incremental], opt_ops, opt_deadline_s);
    assert_int_equal(GC_is_incremental_mode(), opt_incremental != VDB_NONE);
    load_churn(L);

    /* The types are bound and the chunk's tables exist: the baseline. */
    zlua_stats s0 = stats_of(L);
    print_message("baseline: %zu struct, %zu object registry entries\n",
                  s0.structs, s0.objects);

    double t0 = unit_now_ms();
    double deadline = t0 + opt_deadline_s * 1000.0;
    lua_Integer res[3] = {0, 0, 0};
    long long ops = 0, removes = 0, adds = 0;
    size_t peak_structs = 0, peak_objects = 0;
    int deadline_hit = 0;

    collector_start();
    while (ops < opt_ops) {
        if (unit_now_ms() > deadline) {
            deadline_hit = 1;
            break;
        }
        lua_Integer n = BURST;
        call_lua(L, "churn", 1, &n, 3, res);
        run_finalizers();
        zlua_stats st = stats_of(L);
        if (st.structs > peak_structs)
            peak_structs = st.structs;
        if (st.objects > peak_objects)
            peak_objects = st.objects;
        /* live = baseline + adds - removes, for each registry */
        adds = (long long)res[0] + (long long)res[1];
        long long live = (long long)(st.structs - s0.structs) +
                         (long long)(st.objects - s0.objects);
        removes = adds - live;
        ops = adds + removes;
    }
    collector_stop();
    size_t collections = atomic_load(&full_collections);
    size_t steps = atomic_load(&little_steps);
    double churn_ms = unit_now_ms() - t0;

    /* Everything still held reads back intact after the last collections. */
    unit_gc_scrub_stack();
    sim_collect();
    lua_Integer checks = 0;
    call_lua(L, "verify_all", 0, NULL, 1, &checks);

    print_message("%lld registry operations (%lld struct adds, %lld object adds, "
                  "%lld removes) in %.1f s, %zu concurrent full collections and "
                  "%zu incremental steps, %lld read-backs, peak live %zu structs / "
                  "%zu objects\n",
                  ops, (long long)res[0], (long long)res[1], removes,
                  churn_ms / 1000.0, collections, steps, (long long)checks,
                  peak_structs, peak_objects);
    if (deadline_hit)
        print_message("WARNING: deadline of %.0f s reached before %lld operations; "
                      "checked what ran (raise --deadline or lower --ops)\n",
                      opt_deadline_s, opt_ops);
    else
        assert_true(ops >= opt_ops);
    assert_true(collections >= 1);
    assert_true(removes >= adds / 2);   /* Lua collected during the churn */

    /* Drop everything; Lua's collector is exact about its own objects, so
     * every registry entry must be gone after two full cycles. */
    call_lua(L, "drop_all", 0, NULL, 0, NULL);
    lua_gc(L, LUA_GCCOLLECT);
    lua_gc(L, LUA_GCCOLLECT);
    zlua_stats s1 = stats_of(L);
    print_message("after drop: %zu struct, %zu object registry entries\n",
                  s1.structs, s1.objects);
    assert_int_equal(s1.structs, s0.structs);
    assert_int_equal(s1.objects, s0.objects);
    assert_int_equal(s0.structs, 0);
    assert_int_equal(s0.objects, 0);

    /* Released in bulk: the managed referents are collectable again. */
    lua_Integer counts[2] = {0, 0};
    for (int round = 0; round < 5; round++) {
        unit_gc_scrub_stack();
        sim_collect();
        run_finalizers();
        call_lua(L, "tracked_counts", 0, NULL, 2, counts);
        if (counts[1] >= counts[0] * 9 / 10)
            break;
    }
    print_message("tracked referents: %lld, finalized after the drop: %lld\n",
                  (long long)counts[0], (long long)counts[1]);
    assert_true(counts[0] > 0);
    assert_true(counts[1] >= counts[0] * 9 / 10);

    lua_close(L);
    testbed_rt_set_lua_state(NULL);
    if (opt_incremental == VDB_MPROTECT) {
        (void)sigaction(SIGSEGV, &cm_segv, NULL);
        (void)sigaction(SIGBUS, &cm_bus, NULL);
    }
}

/* ---- main ---------------------------------------------------------------------- */

static int parse_args(int argc, char **argv)
{
    const char *env = getenv("ZLUA_CGC_OPS");
    if (env != NULL && *env != '\0')
        opt_ops = atoll(env);
    env = getenv("ZLUA_CGC_DEADLINE");
    if (env != NULL && *env != '\0')
        opt_deadline_s = atof(env);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--incremental") == 0 ||
            strcmp(argv[i], "--incremental=manual") == 0)
            opt_incremental = VDB_MANUAL;
        else if (strcmp(argv[i], "--incremental=mprotect") == 0)
            opt_incremental = VDB_MPROTECT;
        else if (strncmp(argv[i], "--lua-gc=", 9) == 0) {
            int mode = testbed_gc_mode_parse(argv[i] + 9);
            if (mode < 0) {
                fprintf(stderr, "%s: --lua-gc takes inc, gen or default\n", argv[0]);
                return -1;
            }
            opt_lua_gc = (testbed_gc_mode)mode;
        }
        else if (strncmp(argv[i], "--ops=", 6) == 0)
            opt_ops = atoll(argv[i] + 6);
        else if (strncmp(argv[i], "--deadline=", 11) == 0)
            opt_deadline_s = atof(argv[i] + 11);
        else {
            fprintf(stderr, "usage: %s [--incremental[=manual|mprotect]] "
                            "[--lua-gc=inc|gen] [--ops=N] [--deadline=SECONDS]\n",
                    argv[0]);
            return -1;
        }
    }
    if (opt_ops <= 0 || opt_deadline_s <= 0) {
        fprintf(stderr, "%s: --ops and --deadline must be positive\n", argv[0]);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (parse_args(argc, argv) != 0)
        return 2;
    sim_gc_init();                  /* GC_set_no_dls(1); GC_INIT(); ... */
    if (opt_incremental != VDB_NONE) {
        /* before anything is allocated, as a player does */
        GC_set_manual_vdb_allowed(opt_incremental == VDB_MANUAL);
        GC_enable_incremental();
        /* A player's time-sliced collector: a short pause budget turns
         * each collection into incremental marking in small steps. */
        struct GC_timeval_s slice = { 0, 50 * 1000 };   /* 50 us */
        GC_set_time_limit_tv(slice);
        GC_set_rate(1);
        (void)sigaction(SIGSEGV, NULL, &gc_segv);
        (void)sigaction(SIGBUS, NULL, &gc_bus);
    }
    GC_set_finalize_on_demand(1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_churn_under_concurrent_collections),
    };
    return cmocka_run_group_tests_name(opt_incremental == VDB_NONE ? "concurrent_gc"
                                       : opt_incremental == VDB_MANUAL
                                           ? "concurrent_gc (incremental, manual VDB)"
                                           : "concurrent_gc (incremental, mprotect VDB)",
                                       tests, NULL, NULL);
}
