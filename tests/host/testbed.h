/*
 * testbed.h -- the embedding host's test helpers (tests/host), shared by
 * zlua-run and the benchmarks.
 */
#ifndef ZLUA_TESTBED_H
#define ZLUA_TESTBED_H

#include <stdint.h>
#include <stdio.h>

#include <lua.h>

/* A lua_Alloc that counts the calls asking for memory (nsize > 0). */
#define TESTBED_LOG_LINES 64
#define TESTBED_LOG_CHARS 512

typedef struct testbed_alloc {
    uint64_t requests;
    size_t fail_min;   /* nonzero: the next request of >= fail_min bytes fails */
    uint64_t fail_at;  /* nonzero: the fail_at-th request from now fails */
    /* libzlua's log lines (zlua_state_set_log) since testbed.logs() last read
     * them; the oldest are dropped past TESTBED_LOG_LINES */
    unsigned nlog;
    char log[TESTBED_LOG_LINES][TESTBED_LOG_CHARS];
    /* the lines about [LuaMarshalAs] rules since the state opened, never
     * drained (testbed.rule_logs()): a rule is checked, and logged, when
     * its class first binds, which may be in an earlier spec of the same
     * process; past TESTBED_LOG_LINES the newest are dropped */
    unsigned nrule;
    char rule_log[TESTBED_LOG_LINES][TESTBED_LOG_CHARS];
    /* non-NULL: each line is also written there as it comes (zlua-run's
     * stderr, as a LuaEnv hands it to its log callback); the specs read
     * them through testbed.logs() all the same */
    FILE *echo;
} testbed_alloc;

void *testbed_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize);

/* GC + simulated runtime + a fresh state with the standard libraries,
 * libzlua and the `testbed` global.  NULL on failure. */
lua_State *testbed_new_state(testbed_alloc *counter);

/* How aggressively the Lua collector runs.
 *   TESTBED_GC_DEFAULT  Lua's defaults;
 *   TESTBED_GC_INC      incremental, pause 0 (a cycle restarts as soon as
 *                       one ends), the smallest step size and a large step
 *                       multiplier: a GC step at nearly every allocation and
 *                       a full cycle every few dozen (testbed.c says why a
 *                       small multiplier would space the steps out);
 *   TESTBED_GC_GEN      generational, minor multiplier 1 (the smallest):
 *                       a minor collection after every 1 % of growth.
 * A forced mode is set right after lua_newstate (so libzlua's own setup
 * runs under it too), and `collectgarbage` is wrapped so that scripts
 * cannot switch it off: "incremental", "generational", "setpause" and
 * "setstepmul" re-apply the forced settings instead (they still return
 * what the real function would).  Everything else is passed through. */
typedef enum testbed_gc_mode {
    TESTBED_GC_DEFAULT = 0,
    TESTBED_GC_INC,
    TESTBED_GC_GEN
} testbed_gc_mode;

/* Parses "", "default", "inc", "gen"; -1 for anything else. */
int testbed_gc_mode_parse(const char *s);

/* testbed_new_state with the Lua collector in `mode`. */
lua_State *testbed_new_state_gc(testbed_alloc *counter, testbed_gc_mode mode);

/* Sets the global `testbed` table (gc, stats, track, alive, throw_next). */
void testbed_open(lua_State *L, testbed_alloc *counter);

#endif
