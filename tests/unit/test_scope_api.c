/*
 * test_scope_api.c -- the public scope API of zlua.h: zlua_scope_begin,
 * zlua_scope_end, zlua_opaque_push (R-OPQ-2, R-OPQ-4, R-OPQ-6).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include <lauxlib.h>
#include <lualib.h>

#include "il2cpp/il2cpp_api.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

static lua_State *new_state(void)
{
    sim_gc_init();
    sim_init();
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    return L;
}

static const Il2CppType *type_of(const char *name)
{
    return il2cpp_class_get_type(sim_class(name));
}

/* Calls zlua.get_opaquevalue on the value at the top; returns the Lua
 * error message (or NULL) and leaves the result on the stack. */
static const char *get_value(lua_State *L)
{
    lua_getglobal(L, "zlua");
    lua_getfield(L, -1, "get_opaquevalue");
    lua_remove(L, -2);
    lua_pushvalue(L, -2);
    return lua_pcall(L, 1, 1, 0) == LUA_OK ? NULL : lua_tostring(L, -1);
}

static void test_errors_without_state_or_scope(void **unused)
{
    (void)unused;
    sim_gc_init();
    sim_init();   /* before type_of: the catalog must exist */
    lua_State *bare = luaL_newstate();
    int32_t slot = 1;
    assert_int_equal(zlua_scope_begin(bare), ZLUA_ESTATE);
    assert_int_equal(zlua_scope_end(bare), ZLUA_ESTATE);
    assert_int_equal(zlua_opaque_push(bare, &slot, type_of("System.Int32")), ZLUA_ESTATE);
    lua_close(bare);

    lua_State *L = new_state();
    int top = lua_gettop(L);
    /* R-OPQ-6: handles exist only inside a scope opened by C# code */
    assert_int_equal(zlua_opaque_push(L, &slot, type_of("System.Int32")), ZLUA_ESTATE);
    assert_int_equal(lua_gettop(L), top);   /* nothing pushed on failure */
    assert_int_equal(zlua_scope_end(L), ZLUA_EINVAL);   /* unbalanced */
    assert_int_equal(zlua_opaque_push(L, NULL, type_of("System.Int32")), ZLUA_EINVAL);
    assert_int_equal(zlua_opaque_push(L, &slot, NULL), ZLUA_EINVAL);
    lua_close(L);
}

static void test_push_read_expire(void **unused)
{
    (void)unused;
    lua_State *L = new_state();
    int32_t slot = 41;
    zlua_stats st;
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_push(L, &slot, type_of("System.Int32")), ZLUA_OK);
    assert_int_equal(lua_type(L, -1), LUA_TLIGHTUSERDATA);
    assert_null(get_value(L));
    assert_int_equal(lua_tointeger(L, -1), 41);   /* R-OPQ-7 */
    lua_pop(L, 1);
    slot = 42;   /* the handle reads the live slot, not a copy */
    assert_null(get_value(L));
    assert_int_equal(lua_tointeger(L, -1), 42);
    lua_pop(L, 1);
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
    assert_int_equal(st.scope_depth, 1);
    assert_int_equal(st.handles, 1);
    uintptr_t gen = st.generation;
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    /* R-OPQ-4: the scope issued a handle, so it expires */
    const char *err = get_value(L);
    assert_non_null(err);
    assert_non_null(strstr(err, "opaque handle expired"));
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
    assert_int_equal(st.scope_depth, 0);
    assert_int_equal(st.handles, 0);
    assert_true(st.generation != gen);
    lua_close(L);
}

/* A byref type (Point2D&) names its element: the handle is a Point2D slot
 * and reads back as a ByValUserData copy (R-OPQ-7). */
static void test_byref_type_names_its_element(void **unused)
{
    (void)unused;
    lua_State *L = new_state();
    struct { float x, y; } p = {1.5f, 2.5f};
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_push(L, &p, sim_byref_type(sim_class("MyGame.Point2D"))),
                     ZLUA_OK);
    lua_setglobal(L, "h");
    assert_int_equal(luaL_dostring(L, "local v = zlua.get_opaquevalue(h) return v.x, v.y, "
                                      "tostring(v)"), LUA_OK);
    assert_true(lua_tonumber(L, -3) == 1.5);
    assert_true(lua_tonumber(L, -2) == 2.5);
    assert_string_equal(lua_tostring(L, -1), "(1.5, 2.5)");
    lua_pop(L, 3);
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    lua_close(L);
}

static void test_empty_scope_keeps_outer_handles(void **unused)
{
    (void)unused;
    lua_State *L = new_state();
    int32_t slot = 7;
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_push(L, &slot, type_of("System.Int32")), ZLUA_OK);
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);   /* issues nothing */
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    assert_null(get_value(L));                          /* still valid */
    assert_int_equal(lua_tointeger(L, -1), 7);
    lua_pop(L, 1);
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    lua_close(L);
}

static void test_push_allocates_nothing(void **unused)
{
    (void)unused;
    unit_alloc counter;
    unit_alloc_init(&counter);
    sim_gc_init();
    sim_init();
    lua_State *L = lua_newstate(unit_alloc_fn, &counter);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    int32_t slot = 0;
    const Il2CppType *t = type_of("System.Int32");
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    for (int i = 0; i < 64; i++) {   /* warm: type binding, stack growth */
        assert_int_equal(zlua_opaque_push(L, &slot, t), ZLUA_OK);
        lua_pop(L, 1);
    }
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    uint64_t managed = sim_gc_alloc_count();
    size_t calls = unit_alloc_calls(&counter);
    for (int i = 0; i < 64; i++) {   /* R-OPQ-2: zero allocations */
        assert_int_equal(zlua_opaque_push(L, &slot, t), ZLUA_OK);
        lua_pop(L, 1);
    }
    assert_int_equal(unit_alloc_calls(&counter), calls);
    assert_int_equal(sim_gc_alloc_count(), managed);
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    lua_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors_without_state_or_scope),
        cmocka_unit_test(test_push_read_expire),
        cmocka_unit_test(test_byref_type_names_its_element),
        cmocka_unit_test(test_empty_scope_keeps_outer_handles),
        cmocka_unit_test(test_push_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
