/*
 * test_ic_register.c -- zlua_ic_register (src/bridge/ic_register.c,
 * R-IC-3): a generated IC table's rows resolved to their methods and
 * registered as internal calls through the glue (the simulation's table:
 * il2cpp_resolve_icall reads it back); refused tables register nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "sim.h"
#include "testbed_rt.h"
#include "unit_support.h"
#include "zlua_stub.h"

static void stub_a(void) {}
static void stub_b(void) {}

static const MethodInfo *method_a, *method_b;

#define ROW(icall, as, ns, k, m, n, slot, fn)                                   \
    {(icall), (as), (ns), (k), (m), (n), (slot), (fn)}

static int setup(void **state)
{
    (void)state;
    unit_gc_init();
    if (testbed_rt_init() != 0)
        return -1;
    sim_icalls_clear();
    method_a = method_b = NULL;
    return 0;
}

static void test_rows_resolved_and_registered(void **state)
{
    (void)state;
    const zlua_ic_entry rows[] = {
        ROW("MyGame.LuaCalls::OnPointSum", "Assembly-CSharp", "MyGame", "LuaCalls",
            "OnPointSum", 1, &method_a, stub_a),
        /* a method the build does not have: skipped, not an error */
        ROW("MyGame.LuaCalls::Gone", "Assembly-CSharp", "MyGame", "LuaCalls", "Gone", 0,
            &method_b, stub_b),
    };
    const zlua_ic_table t = {ZLUA_STUB_ABI, rows, 2};
    size_t n = 99;
    assert_int_equal(ZLUA_OK, zlua_ic_register(&t, &n));
    assert_int_equal(1, (int)n);
    assert_non_null(method_a);
    assert_string_equal("OnPointSum", il2cpp_method_get_name(method_a));
    assert_int_equal(1, (int)il2cpp_method_get_param_count(method_a));
    assert_ptr_equal((Il2CppMethodPointer)stub_a, il2cpp_resolve_icall("MyGame.LuaCalls::OnPointSum"));
    assert_null(method_b);
    assert_null(il2cpp_resolve_icall("MyGame.LuaCalls::Gone"));
}

static void test_wrong_count_class_or_assembly_skipped(void **state)
{
    (void)state;
    const zlua_ic_entry rows[] = {
        ROW("a::b", "Assembly-CSharp", "MyGame", "LuaCalls", "OnPointSum", 2, &method_a, stub_a),
        ROW("c::d", "Assembly-CSharp", "MyGame", "NoSuchClass", "OnPointSum", 1, &method_a, stub_a),
        ROW("e::f", "NoSuchAssembly", "MyGame", "LuaCalls", "OnPointSum", 1, &method_a, stub_a),
        ROW("g::h", "Assembly-CSharp", "MyGame", "LuaCalls/Nested", "OnPointSum", 1, &method_a,
            stub_a),
    };
    const zlua_ic_table t = {ZLUA_STUB_ABI, rows, 4};
    size_t n = 99;
    assert_int_equal(ZLUA_OK, zlua_ic_register(&t, &n));
    assert_int_equal(0, (int)n);
    assert_null(method_a);
    assert_null(il2cpp_resolve_icall("a::b"));
}

static void test_refused_tables_register_nothing(void **state)
{
    (void)state;
    size_t n = 99;
    assert_int_equal(ZLUA_EINVAL, zlua_ic_register(NULL, &n));
    assert_int_equal(0, (int)n);
    const zlua_ic_entry good = ROW("MyGame.LuaCalls::OnPointSum", "Assembly-CSharp", "MyGame",
                                   "LuaCalls", "OnPointSum", 1, &method_a, stub_a);
    const zlua_ic_table other_abi = {ZLUA_STUB_ABI + 1, &good, 1};
    assert_int_equal(ZLUA_EVERSION, zlua_ic_register(&other_abi, &n));
    const zlua_ic_table no_rows = {ZLUA_STUB_ABI, NULL, 1};
    assert_int_equal(ZLUA_EINVAL, zlua_ic_register(&no_rows, &n));
    /* one bad row refuses the whole table, before anything is registered */
    const zlua_ic_entry rows[] = {
        good,
        ROW("MyGame.LuaCalls::OnRefInt", "Assembly-CSharp", "MyGame", "LuaCalls", "OnRefInt", 1,
            &method_b, NULL),
    };
    const zlua_ic_table bad_row = {ZLUA_STUB_ABI, rows, 2};
    assert_int_equal(ZLUA_EINVAL, zlua_ic_register(&bad_row, &n));
    assert_int_equal(0, (int)n);
    assert_null(method_a);
    assert_null(il2cpp_resolve_icall("MyGame.LuaCalls::OnPointSum"));
    const zlua_ic_table empty = {ZLUA_STUB_ABI, NULL, 0};
    assert_int_equal(ZLUA_OK, zlua_ic_register(&empty, NULL));
}

static void test_no_state_exception(void **state)
{
    (void)state;
    Il2CppException *ex = zlua_ic_no_state("MyGame.LuaCalls::OnPointSum");
    assert_non_null(ex);
    Il2CppClass *k = il2cpp_object_get_class((Il2CppObject *)ex);
    assert_string_equal("InvalidOperationException", il2cpp_class_get_name(k));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_rows_resolved_and_registered, setup),
        cmocka_unit_test_setup(test_wrong_count_class_or_assembly_skipped, setup),
        cmocka_unit_test_setup(test_refused_tables_register_nothing, setup),
        cmocka_unit_test_setup(test_no_state_exception, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
