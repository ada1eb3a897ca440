/*
 * testbed.h -- the embedding host's test helpers (tests/host), shared by
 * zlua-run and the benchmarks.
 */
#ifndef ZLUA_TESTBED_H
#define ZLUA_TESTBED_H

#include <stdint.h>

#include <lua.h>

/* A lua_Alloc that counts the calls asking for memory (nsize > 0). */
typedef struct testbed_alloc {
    uint64_t requests;
    size_t fail_min;   /* nonzero: the next request of >= fail_min bytes fails */
} testbed_alloc;

void *testbed_alloc_fn(void *ud, void *ptr, size_t osize, size_t nsize);

/* GC + simulated runtime + a fresh state with the standard libraries,
 * libzlua and the `testbed` global.  NULL on failure. */
lua_State *testbed_new_state(testbed_alloc *counter);

/* Sets the global `testbed` table (gc, stats, track, alive, throw_next). */
void testbed_open(lua_State *L, testbed_alloc *counter);

#endif
