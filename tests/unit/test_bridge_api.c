/*
 * test_bridge_api.c -- the public bridge API of zlua.h (issue 9 §1,
 * R-META-3): reduced signatures and method keys as the generator and the
 * binder spell them, the registration contract, the writers and registry
 * pushes generated code may call, resolving an OpaqueValue from C, and
 * which methods the generated stubs serve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

static int setup(void **state)
{
    (void)state;
    unit_gc_init();
    sim_init();
    return 0;
}

static const char *sig_of(const char *cls, const char *name, int n, char *buf, size_t size)
{
    const MethodInfo *m = sim_method(cls, name, n);
    assert_non_null(m);
    return zlua_bridge_signature(m, buf, size) ? buf : "";
}

static void test_reduced_signatures(void **state)
{
    (void)state;
    char b[256];
    assert_string_equal(sig_of("Demo", "Add", 2, b, sizeof b), "i4(i4,i4)");
    assert_string_equal(sig_of("Demo", "Concat", 2, b, sizeof b), "o(o,o)");
    /* an enum is its underlying type */
    assert_string_equal(sig_of("Demo", "EchoSmall", 1, b, sizeof b), "u1(u1)");
    assert_string_equal(sig_of("Demo", "EchoByte", 1, b, sizeof b), "u1(u1)");
    /* byref: the element and a mark; structs by name, length-prefixed */
    assert_string_equal(sig_of("Demo", "Increment", 1, b, sizeof b), "v(&i4)");
    assert_string_equal(sig_of("Demo", "Offset", 3, b, sizeof b), "v(&S14:MyGame.Point2D,i4,i4)");
    /* instance methods: this first, then ';' */
    assert_string_equal(sig_of("MyGame.Player", "Move", 2, b, sizeof b), "v(o;r4,r4)");
    assert_string_equal(sig_of("MyGame.Point2D", "Length", 0, b, sizeof b),
                        "r4(S14:MyGame.Point2D;)");
    assert_string_equal(sig_of("Demo", "Buffer", 0, b, sizeof b), "p()");
    /* constructors are not stubbed; a buffer too small gives 0 */
    assert_string_equal(sig_of("MyGame.Player", ".ctor", 1, b, sizeof b), "");
    assert_int_equal(zlua_bridge_signature(sim_method("Demo", "Add", 2), b, 4), 0);
    assert_int_equal(zlua_bridge_signature(NULL, b, sizeof b), 0);
}

static void test_method_keys(void **state)
{
    (void)state;
    char a[128], b[128];
    assert_true(zlua_bridge_method_key(sim_method("Demo", "Add", 2), a, sizeof a) > 0);
    assert_true(zlua_bridge_method_key(sim_method("Demo", "Concat", 2), b, sizeof b) > 0);
    assert_true(strncmp(a, "Demo:06", 7) == 0);
    assert_string_not_equal(a, b);   /* one key per method, overloads included */
    assert_int_equal(zlua_bridge_method_key(sim_method("Demo", "Add", 2), a, 6), 0);
}

static int dummy(lua_State *L)
{
    (void)L;
    return 0;
}

static int unbound_entry(lua_State *L)
{
    (void)zlua_bridge_at(L, 0);   /* registered, but no method bound it */
    return 0;
}

static void test_register_contract(void **state)
{
    (void)state;
    lua_State *L = unit_state_new_bare(NULL, NULL);
    static const zlua_stub_entry sorted[] = {{"A:1", dummy, NULL, NULL}, {"B:1", dummy, NULL, NULL}};
    static const zlua_stub_entry unsorted[] = {{"B:1", dummy, NULL, NULL},
                                               {"A:1", dummy, NULL, NULL}};
    static const zlua_stub_entry holes[] = {{"A:1", NULL, NULL, NULL}};
    assert_int_equal(zlua_register_stubs(L, sorted, 2), ZLUA_ESTATE);   /* not open */
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(zlua_register_stubs(L, unsorted, 2), ZLUA_EINVAL);
    assert_int_equal(zlua_register_stubs(L, holes, 1), ZLUA_EINVAL);
    assert_int_equal(zlua_register_stubs(L, NULL, 1), ZLUA_EINVAL);
    assert_int_equal(zlua_register_stubs(L, sorted, 2), ZLUA_OK);
    assert_int_equal(zlua_register_stubs(L, sorted, 2), ZLUA_EINVAL);   /* once per state */
    /* an entry no method of this state bound is refused when called */
    lua_pushcfunction(L, unbound_entry);
    assert_int_equal(lua_pcall(L, 0, 0, 0), LUA_ERRRUN);
    assert_string_equal(lua_tostring(L, -1),
                        "zlua: stub entry 0 called in a state that did not bind it");
    lua_settop(L, 0);
    lua_close(L);
}

static void test_writers_and_registries(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    Il2CppClass *point = sim_class("MyGame.Point2D");
    const zlua_meta *pm = zlua_meta_type(L, il2cpp_class_get_type(point));
    const zlua_meta *im = zlua_meta_type(L, il2cpp_class_get_type(sim_class("System.Int32")));
    assert_non_null(pm);
    int32_t v = 0;
    lua_pushinteger(L, 41);
    assert_int_equal(zlua_meta_pop(L, -1, im, &v), 0);
    assert_int_equal(v, 41);
    lua_pushstring(L, "41");
    assert_true(zlua_meta_pop(L, -1, im, &v) != 0);   /* SPEC 2: no string coercion */
    lua_settop(L, 0);
    float xy[2] = {1.5f, 2.5f};
    zlua_meta_push(L, pm, xy);
    lua_setglobal(L, "p");
    assert_int_equal(unit_dostring(L, "assert(p.x == 1.5 and p.y == 2.5)"), 0);

    zlua_stats s0, s1;
    assert_int_equal(zlua_get_stats(L, &s0), ZLUA_OK);
    assert_int_equal(zlua_registry_push_struct(L, point, xy), ZLUA_OK);
    lua_setglobal(L, "q");
    assert_int_equal(unit_dostring(L, "assert(q.x == 1.5)"), 0);
    assert_int_equal(zlua_get_stats(L, &s1), ZLUA_OK);
    assert_int_equal(s1.structs, s0.structs);   /* blittable: no registry cell */
    assert_int_equal(zlua_registry_push_struct(L, sim_class("MyGame.Player"), xy), ZLUA_EINVAL);

    /* an object: one userdata per (object, view) while it lives */
    Il2CppClass *pk = sim_class("MyGame.Player");
    Il2CppObject *player = il2cpp_object_new(pk);
    assert_int_equal(zlua_registry_push_object(L, pk, player), ZLUA_OK);
    assert_int_equal(zlua_registry_push_object(L, pk, player), ZLUA_OK);
    assert_true(lua_rawequal(L, -1, -2));
    lua_setglobal(L, "P");
    lua_settop(L, 0);
    assert_int_equal(unit_dostring(L, "assert(P.Hp == 0 and P.Level == 0)"), 0);
    assert_int_equal(zlua_registry_push_object(L, pk, NULL), ZLUA_OK);
    assert_true(lua_isnil(L, -1));
    lua_settop(L, 0);
    assert_int_equal(zlua_registry_push_object(L, point, NULL), ZLUA_EINVAL);   /* a struct view */
    assert_int_equal(zlua_registry_push_object(L, sim_class("Demo"), player), ZLUA_EINVAL);
    unit_state_close(L);
}

static void test_opaque_from_c(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    int32_t slot = 7;
    void *addr = NULL;
    const zlua_meta *elem = NULL;
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_push_opaque(L, &slot, il2cpp_class_get_type(sim_class("System.Int32"))),
                     ZLUA_OK);
    assert_int_equal(zlua_opaque_resolve_slot(L, -1, &addr, &elem), ZLUA_OK);
    assert_ptr_equal(addr, &slot);
    assert_non_null(elem);
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_resolve_slot(L, -1, &addr, &elem), ZLUA_EINVAL);   /* expired */
    lua_pushinteger(L, 3);
    assert_int_equal(zlua_opaque_resolve_slot(L, -1, &addr, &elem), ZLUA_EINVAL);
    lua_settop(L, 0);
    unit_state_close(L);
}

static void test_which_methods_have_stubs(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    const char *want = NULL;
    lua_getglobal(L, "CS");
    lua_getfield(L, -1, "Demo");
    lua_getfield(L, -1, "Add");
    want = zlua_bridge_kind(L, -1);
#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS
    assert_string_equal(want, "stub");
#else
    assert_string_equal(want, "generic");
#endif
    lua_pushinteger(L, 1);
    assert_null(zlua_bridge_kind(L, -1));
    lua_settop(L, 0);
    unit_state_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduced_signatures),
        cmocka_unit_test(test_method_keys),
        cmocka_unit_test(test_register_contract),
        cmocka_unit_test(test_writers_and_registries),
        cmocka_unit_test(test_opaque_from_c),
        cmocka_unit_test(test_which_methods_have_stubs),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
