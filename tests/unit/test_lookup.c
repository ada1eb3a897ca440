/*
 * test_lookup.c -- CS / CSharp resolve type names on demand.
 *
 * The process runs with the simulation's generated assembly of 20 000
 * classes (ZLUA_SIM_EXTRA_CLASSES, tests/sim/sim_generated.c).  IL2CPP
 * creates an Il2CppClass the first time the image API hands out a type,
 * and the simulation counts those (sim_classes_materialized): a lookup
 * that walked the images would count every type of the game.  These tests
 * check that opening a state and resolving a few names creates a handful
 * of classes, that nested types resolve through their outer class, and
 * that names a script merely probes cost neither classes nor memory.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include <lauxlib.h>
#include <lualib.h>

#include "host_stubs.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

#define GENERATED 20000

/* What opening a state and binding Point2D may create: Point2D itself
 * and the corlib types its binding names; thousands means a walk. */
#define OPEN_AND_LOOKUP_MAX 16

static lua_State *new_state(unit_alloc *a)
{
    unit_alloc_init(a);
    lua_State *L = unit_state_new(unit_alloc_fn, a);
    assert_non_null(L);
    return L;
}

static void full_gc(lua_State *L)
{
    lua_gc(L, LUA_GCCOLLECT);
    lua_gc(L, LUA_GCCOLLECT);
}

/* zlua_open + CS.MyGame.Point2D + CSharp["Assembly-CSharp"]["MyGame.Point2D"]
 * with the 20 000-class assembly present. */
static void test_open_and_lookup_create_few_classes(void **state)
{
    (void)state;
    size_t count = 0;
    il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    /* mscorlib, ZLua.Common, Assembly-CSharp, ZLua.Tests, Generated */
    assert_int_equal(count, 5);
    /* the process's [LuaInvoke] registration (unit_state_new's, once)
     * resolves its methods' classes: done before the count */
    assert_true(host_register_ic() >= 0);
    uint64_t m0 = sim_classes_materialized();
    unit_alloc a;
    lua_State *L = new_state(&a);
    assert_int_equal(unit_dostring(L,
        "local P = CS.MyGame.Point2D\n"
        "assert(P.__fullname == 'MyGame.Point2D')\n"
        "assert(rawequal(P, CSharp['Assembly-CSharp']['MyGame.Point2D']))\n"
        "assert(rawequal(P, CS['MyGame.Point2D']))\n"), 0);
    uint64_t made = sim_classes_materialized() - m0;
    print_message("classes materialized by open + lookups: %llu\n", (unsigned long long)made);
    assert_true(made >= 1);
    assert_true(made <= OPEN_AND_LOOKUP_MAX);
    unit_state_close(L);
}

/* Generated types resolve by name; a nested type through its outer class,
 * by each spelling; only those classes are created. */
static void test_generated_and_nested_types(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    uint64_t m0 = sim_classes_materialized();
    assert_int_equal(unit_dostring(L,
        "local C = CS.Gen.N3.C345\n"
        "assert(C.__fullname == 'Gen.N3.C345' and C.__assembly == 'Generated')\n"
        "local I = C.Inner\n"
        "assert(I.__fullname == 'Gen.N3.C345+Inner', I.__fullname)\n"
        "assert(I.__name == 'Inner')\n"
        "assert(rawequal(I, CS.Gen.N3.C345.Inner))\n"
        "assert(rawequal(I, CS['Gen.N3.C345+Inner']))\n"
        "assert(rawequal(I, CS['Gen.N3.C345.Inner']))\n"
        "assert(rawequal(I, CS.Gen['N3.C345+Inner']))\n"
        "assert(rawequal(I, CSharp.Generated['Gen.N3.C345+Inner']))\n"
        "assert(rawequal(I, CSharp['Generated.dll']['Gen.N3.C345.Inner']))\n"
        "assert(rawequal(C, CSharp.Generated['Gen.N3.C345']))\n"
        "assert(not pcall(function() return CSharp.mscorlib['Gen.N3.C345'] end))\n"
        "local ok, err = pcall(function() return C.Nope end)\n"
        "assert(not ok and err:find(\"'Gen.N3.C345' has no member 'Nope'\", 1, true), err)\n"
        "ok, err = pcall(function() return CS['Gen.N3.C345+Nope'] end)\n"
        "assert(not ok and err:find('type not found: Gen.N3.C345+Nope', 1, true), err)\n"),
        0);
    assert_int_equal(sim_classes_materialized() - m0, 2);   /* C345 and its Inner */
    unit_state_close(L);
}

/* A hostile script probing random names: no class is created, and the
 * state's memory comes back to where it was (misses are not cached). */
static void test_probes_leave_nothing(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    const char *probe =
        "local n = ...\n"
        "for i = 1, n do\n"
        "  local _ = CS.Gen.N3['X' .. i], CS['Nope' .. i], CS.Gen['N' .. (i + 1000)]\n"
        "  pcall(function() return CS['Gen.N3.X' .. i] end)\n"
        "  pcall(function() return CS['Gen.N3.C345+X' .. i] end)\n"
        "  pcall(function() return CS.Gen.N3.C345['X' .. i] end)\n"
        "  pcall(function() return CSharp.Generated['Gen.N1.Z' .. i] end)\n"
        "  pcall(function() return CSharp['NoAssembly' .. i] end)\n"
        "  pcall(function() return CS.Gen.N3['Y' .. i]() end)\n"
        "end\n";
    assert_int_equal(luaL_loadstring(L, probe), LUA_OK);
    lua_pushvalue(L, -1);
    lua_pushinteger(L, 100);   /* warm-up: binds C345, grows Lua's own tables */
    assert_int_equal(lua_pcall(L, 1, 0, 0), LUA_OK);
    full_gc(L);
    size_t before = a.live_bytes;
    uint64_t m0 = sim_classes_materialized();
    lua_pushinteger(L, 20000);
    assert_int_equal(lua_pcall(L, 1, 0, 0), LUA_OK);
    full_gc(L);
    assert_int_equal(sim_classes_materialized() - m0, 0);
    print_message("live bytes before %zu, after 20000 rounds of probes %zu\n", before,
                  a.live_bytes);
    /* Lua's string table may stay grown (it shrinks lazily): a few KiB */
    assert_true(a.live_bytes <= before + 64 * 1024);
    unit_state_close(L);
}

/* With the generated assembly hidden, its names are no types. */
static void test_hidden_assembly(void **state)
{
    (void)state;
    unit_alloc a;
    lua_State *L = new_state(&a);
    sim_generated_set_visible(0);
    int rc = unit_dostring(L,
        "assert(not pcall(function() return CSharp.Generated end))\n"
        "local ok, err = pcall(function() return CS.Gen.N0.C1() end)\n"
        "assert(not ok and err:find('type or namespace not found: Gen.N0.C1', 1, true), err)\n");
    sim_generated_set_visible(1);
    assert_int_equal(rc, 0);
    unit_state_close(L);
}

int main(void)
{
    /* before the simulation is built: sim_init reads it */
    setenv("ZLUA_SIM_EXTRA_CLASSES", "20000", 1);
    sim_gc_init();
    sim_init();
    if (sim_generated_install(GENERATED) != GENERATED) {
        fprintf(stderr, "test_lookup: the generated assembly is missing\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_and_lookup_create_few_classes),
        cmocka_unit_test(test_generated_and_nested_types),
        cmocka_unit_test(test_probes_leave_nothing),
        cmocka_unit_test(test_hidden_assembly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
