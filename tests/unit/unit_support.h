/*
 * unit_support.h -- helpers shared by the unit tests (tests/unit/test_*.c).
 *
 * - unit_alloc: a lua_Alloc that counts calls and live bytes, checks the
 *   osize it is given against what it handed out, and can be told to fail.
 * - unit_gc_*: collector set-up as IL2CPP does it (no data-segment
 *   scanning), collections that also run finalizers, and objects whose
 *   finalization is observable.
 *
 * Build the file with -DUNIT_SUPPORT_NO_GC for test programs that must
 * link without bdwgc (the 32-bit codec/scope build).
 */
#ifndef ZLUA_UNIT_SUPPORT_H
#define ZLUA_UNIT_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#if defined(__GNUC__) || defined(__clang__)
#define UNIT_NOINLINE __attribute__((noinline))
#else
#define UNIT_NOINLINE
#endif

/* ---- counting allocator ------------------------------------------------- */
typedef struct unit_alloc {
    size_t mallocs;     /* ptr == NULL, nsize > 0 */
    size_t reallocs;    /* ptr != NULL, nsize > 0 */
    size_t frees;       /* ptr != NULL, nsize == 0 */
    size_t live_blocks;
    size_t live_bytes;
    size_t bad_osize;   /* calls whose osize did not match the block */
    long fail_in;       /* < 0: never fail; n: the (n+1)-th growing call fails */
    int fail_all;       /* nonzero: every call that grows a block fails (memory
                           exhausted: Lua's emergency collection cannot help) */
    size_t failed;      /* calls refused, either way */
} unit_alloc;

void unit_alloc_init(unit_alloc *a);
/* The lua_Alloc; ud is a unit_alloc*. */
void *unit_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize);
/* mallocs + reallocs + frees. */
size_t unit_alloc_calls(const unit_alloc *a);

/* Fails the running cmocka test unless every block a handed out came back,
 * with the sizes it was given: the leak check of every fixture on a
 * counting allocator. */
void unit_alloc_assert_clean(const unit_alloc *a);

/* A lua_Alloc straight onto realloc/free (no header, no counting): for
 * blocks too large to be touched by a counting header. */
void *unit_plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

#ifndef UNIT_SUPPORT_NO_GC
/* ---- collector ---------------------------------------------------------- */

/* GC_set_no_dls(1) then GC_INIT(), once per process: like IL2CPP, data
 * segments are not roots, so a test cannot pass thanks to a global. */
void unit_gc_init(void);

/* `times` full collections, each followed by running the finalizers. */
void unit_gc_collect(int times);

/* One unit_gc_collect(1), timed in milliseconds. */
double unit_gc_timed_collect(void);

/* Overwrites a chunk of dead stack so stale copies of object addresses
 * left by earlier calls do not keep objects alive conservatively. */
void unit_gc_scrub_stack(void);

/* Observable objects: a normal (scanned) GC object of `size` bytes (at
 * least 2 words) whose first word is UNIT_MAGIC and second `id`; when it
 * is finalized, flags[id] becomes 1 and unit_finalized_count() grows.
 * flags must stay valid while the object can be finalized. */
#define UNIT_MAGIC ((uintptr_t)0x5a1a1a1au)
void *unit_tracked_new(size_t size, uintptr_t id, volatile unsigned char *flags);
size_t unit_finalized_count(void);
/* A zeroed flags array for unit_tracked_new.  It lives until the process
 * exits: an object kept alive conservatively may be finalized, and write
 * its flag, tests later. */
volatile unsigned char *unit_flags_new(size_t n);
/* How many of flags[0..n) are set. */
size_t unit_count_flags(const volatile unsigned char *flags, size_t n);

/* Runs GC_gcollect in a loop on another (collector-registered) thread
 * until unit_collector_stop, which returns how many collections ran:
 * collections at arbitrary points of the calling thread (R-GC-3). */
void unit_collector_start(void);
size_t unit_collector_stop(void);
#endif

#if !defined(UNIT_SUPPORT_NO_GC) && !defined(UNIT_SUPPORT_NO_SIM)
/* ---- ready lua_States (simulated runtime + libzlua) --------------------- */

/* testbed_rt_init() (the runtime); a new state (lua_newstate(f, ud), or
 * luaL_newstate() when f is NULL) with the standard libraries and
 * zlua_open, made the runtime's current state (testbed_rt_set_lua_state) so
 * the IC method bodies call into it.  NULL on failure. */
lua_State *unit_state_new(lua_Alloc f, void *ud);
/* Like unit_state_new without zlua_open (and not made current). */
lua_State *unit_state_new_bare(lua_Alloc f, void *ud);
/* lua_close(L), forgetting it as the simulation's current state first. */
void unit_state_close(lua_State *L);
/* A state on the counting allocator a (initialised here), as
 * unit_state_new makes it; and its close, which then checks that the
 * state returned every block (unit_alloc_assert_clean, R-SUD-4). */
lua_State *unit_counted_state_new(unit_alloc *a);
void unit_counted_state_close(lua_State *L, const unit_alloc *a);
/* The cmocka group setup of the tests on the runtime: the collector as
 * IL2CPP sets it up (unit_gc_init), then the runtime (testbed_rt_init). */
int unit_setup_runtime(void **state);
/* luaL_dostring; on error prints the message, pops it and returns it
 * non-zero (so tests can assert_int_equal(unit_dostring(...), 0)). */
int unit_dostring(lua_State *L, const char *code);
#endif

/* Milliseconds from a monotonic clock. */
double unit_now_ms(void);

/* ---- the registries' push-root ranges, as a collection sees them ------- */

typedef struct unit_range {
    char *start, *end;
} unit_range;
#define UNIT_SPY_MAX ((size_t)1 << 14)
/* Registry memory only, never managed objects: not a root. */
extern unit_range unit_spy_ranges[UNIT_SPY_MAX];
extern size_t unit_spy_n;
/* Runs the registries' push-root callback with the GC lock held, as a
 * collection does, into unit_spy_ranges[0, unit_spy_n); 0 when it pushed
 * more than UNIT_SPY_MAX ranges. */
int unit_spy_run(void);

#endif /* ZLUA_UNIT_SUPPORT_H */
