/*
 * test_marshal_rules.c -- the registration API of [LuaMarshalAs] rules
 * from C (illegal rules, XML marshal rules, R-XML-4): tables registered before the
 * state binds, resolved lazily per assembly; a rule naming something the
 * runtime lacks is logged once and ignored; an unvalidated illegal rule
 * is logged once (`[ZLua] Invalid LuaMarshalAs: ...; falling back to
 * Default.`) and treated as Default; the shared check and signature.
 *
 * The registration is process-wide, so this program registers its own
 * tables and no fixture tables (it links none).
 */
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <setjmp.h>
#include <cmocka.h>
#include <lauxlib.h>

#include "il2cpp/il2cpp_api.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"
#include "zlua_stub.h"

static char logs[16][512];
static int nlogs;

static void capture(void *ud, const char *message)
{
    (void)ud;
    if (nlogs < 16)
        strncpy(logs[nlogs++], message, sizeof logs[0] - 1);
}

static int count_logs(const char *needle)
{
    int n = 0;
    for (int i = 0; i < nlogs; i++)
        n += strstr(logs[i], needle) != NULL;
    return n;
}

/* ZLua.Tests: Chain.CellText's parameter unpacked (validated), a type that
 * does not exist, a method signature that does not match, and an illegal
 * rule registered unvalidated (Table on Probe.Label, a string; OpaqueValue
 * on the property Probe.Aim, which Lua reads through a call). */
static const zlua_marshal_rule rules_tests[] = {
    {"ZLuaTests.Chain", "CellText", "(ZLuaTests.Cell)", 0, ZLUA_RULE_PARAM, ZLUA_RULE_XML,
     ZLUA_MARSHAL_UNPACKED_VALUES, "B,A", "unit:1"},
    {"ZLuaTests.Missing", NULL, NULL, 0, ZLUA_RULE_TYPE, ZLUA_RULE_XML, ZLUA_MARSHAL_TABLE,
     "A", "unit:2"},
    {"ZLuaTests.Chain", "CellText", "(System.Int32)", 0, ZLUA_RULE_PARAM, ZLUA_RULE_XML,
     ZLUA_MARSHAL_TABLE, "A", "unit:3"},
};
static const zlua_marshal_rule rules_live[] = {
    {"ZLuaTests.Probe", "Label", NULL, 0, ZLUA_RULE_FIELD, ZLUA_RULE_ATTRIBUTE,
     ZLUA_MARSHAL_TABLE, "A", NULL},
    {"ZLuaTests.Probe", "Pos", NULL, 0, ZLUA_RULE_FIELD, ZLUA_RULE_ATTRIBUTE, 9, NULL, NULL},
    {"ZLuaTests.Probe", "Aim", NULL, 0, ZLUA_RULE_PROPERTY, ZLUA_RULE_ATTRIBUTE,
     ZLUA_MARSHAL_OPAQUE_VALUE, NULL, NULL},
};
static const zlua_marshal_table tables[] = {
    {"ZLua.Tests", rules_tests, 3, ZLUA_MARSHAL_VALIDATED},
    {"ZLua.Tests", rules_live, 3, 0},
};

static int setup(void **state)
{
    if (unit_setup_runtime(state) != 0)
        return -1;
    assert_int_equal(zlua_rules_register(tables, 2), ZLUA_OK);
    return 0;
}

static void test_register_arguments(void **state)
{
    (void)state;
    assert_int_equal(zlua_rules_register(NULL, 1), ZLUA_EINVAL);
    zlua_marshal_table bad = {NULL, rules_tests, 1, 0};
    assert_int_equal(zlua_rules_register(&bad, 1), ZLUA_EINVAL);
    assert_int_equal(zlua_rules_register(NULL, 0), ZLUA_OK);
}

/* R-BIND-1: any number of tables, as a project of many assemblies and
 * rule files has (the registry had room for 64); the rules of the first
 * still apply after the rest */
static void test_register_many_tables(void **state)
{
    (void)state;
    static zlua_marshal_table many[200];
    for (size_t i = 0; i < sizeof many / sizeof many[0]; i++)
        many[i] = (zlua_marshal_table){"Nobody.Assembly", NULL, 0, 0};
    for (int round = 0; round < 3; round++)
        assert_int_equal(zlua_rules_register(many, 70), ZLUA_OK);
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(unit_dostring(L, "assert(CS.ZLuaTests.Chain.CellText(1, 2) == '2,1')"), 0);
    lua_close(L);
}

static void test_rules_resolve_and_report_once(void **state)
{
    (void)state;
    for (int round = 0; round < 2; round++) {   /* each state reports for itself */
        nlogs = 0;
        lua_State *L = unit_state_new(NULL, NULL);
        assert_non_null(L);
        assert_int_equal(zlua_state_set_log(L, capture, NULL), ZLUA_OK);
        assert_int_equal(unit_dostring(L,
            "local C = CS.ZLuaTests.Chain\n"
            "assert(C.CellText(1, 2) == '2,1', 'unpacked B,A')\n"
            "assert(C.CellText(3, 4) == '4,3')\n"
            "local p = CS.ZLuaTests.Probe()\n"
            "p.Label = 'x'\n"
            "assert(p.Label == 'x', 'Label: Default')\n"
            "assert(type(p.Pos) == 'userdata', 'Pos: Default')\n"
            "assert(type(p.Aim) == 'userdata' and p.Aim.X == 5, 'Aim: Default')\n"
            "p.Aim = CS.MyGame.Vector2(1, 2)\n"
            "assert(p.Aim.Y == 2, 'Aim set: Default')"), 0);
        assert_int_equal(count_logs("[ZLua] LuaMarshalAs rule ignored (unit:2): type "
                                    "'ZLuaTests.Missing' not found in assembly 'ZLua.Tests'"), 1);
        assert_int_equal(count_logs("[ZLua] LuaMarshalAs rule ignored (unit:3): "
                                    "parameter of ZLuaTests.Chain.CellText(System.Int32) (or its index) not found in "
                                    "assembly 'ZLua.Tests'"), 1);
        assert_int_equal(count_logs("[ZLua] Invalid LuaMarshalAs: ZLuaTests.Probe.Label field "
                                    "(System.String): LuaMarshalType.Table is not allowed; "
                                    "falling back to Default."), 1);
        assert_int_equal(count_logs("[ZLua] Invalid LuaMarshalAs: ZLuaTests.Probe.Pos field "
                                    "(MyGame.Vector2): unknown LuaMarshalType 9; falling back "
                                    "to Default."), 1);
        /* the getter's and the setter's slots share the property's rule:
         * one line */
        assert_int_equal(count_logs("[ZLua] Invalid LuaMarshalAs: ZLuaTests.Probe.Aim property "
                                    "(MyGame.Vector2): LuaMarshalType.OpaqueValue is not allowed "
                                    "on a field or property (Lua reads it through a call: the "
                                    "handle would die with the call's scope); falling back to "
                                    "Default."), 1);
        assert_int_equal(nlogs, 5);
        /* binding more of the same assembly reports nothing again */
        assert_int_equal(unit_dostring(L, "local x = CS.ZLuaTests.Ties"), 0);
        assert_int_equal(nlogs, 5);
        unit_state_close(L);
    }
}

static void test_check_and_signature(void **state)
{
    (void)state;
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    Il2CppClass *demo = il2cpp_class_from_name(
        il2cpp_assembly_get_image(il2cpp_domain_assembly_open(il2cpp_domain_get(),
                                                              "Assembly-CSharp")), "", "Demo");
    assert_non_null(demo);
    void *iter = NULL;
    const MethodInfo *mi, *bar = NULL, *add = NULL;
    while ((mi = il2cpp_class_get_methods(demo, &iter)) != NULL) {
        if (strcmp(il2cpp_method_get_name(mi), "Bar") == 0)
            bar = mi;
        if (strcmp(il2cpp_method_get_name(mi), "Add") == 0)
            add = mi;
    }
    assert_non_null(bar);
    assert_non_null(add);
    char buf[256], why[256];
    assert_int_not_equal(zlua_rules_signature(L, bar, buf, sizeof buf), 0);
    assert_string_equal(buf, "(System.Nullable`1[MyGame.Vector2])");
    assert_int_equal(zlua_rules_signature(L, bar, buf, 8), 0);   /* too small */
    const Il2CppType *nv = il2cpp_method_get_param(bar, 0);
    assert_true(zlua_rules_check(L, nv, ZLUA_RULE_PARAM, ZLUA_MARSHAL_TABLE, "X,Y?", why,
                                   sizeof why));
    assert_false(zlua_rules_check(L, nv, ZLUA_RULE_PARAM, ZLUA_MARSHAL_UNPACKED_VALUES,
                                    "X,Y", why, sizeof why));
    assert_string_equal(why, "LuaMarshalType.UnpackedValues is not allowed on Nullable<T>");
    /* the shape a stub of the method is keyed by (zlua_bridge_shape) */
    assert_int_equal(zlua_bridge_shape(L, add, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    Il2CppClass *chain = il2cpp_class_from_name(
        il2cpp_assembly_get_image(il2cpp_domain_assembly_open(il2cpp_domain_get(),
                                                              "ZLua.Tests")), "ZLuaTests", "Chain");
    assert_non_null(chain);
    const MethodInfo *cell_text = NULL;
    iter = NULL;
    while ((mi = il2cpp_class_get_methods(chain, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), "CellText") == 0)
            cell_text = mi;
    assert_non_null(cell_text);
    assert_int_equal(zlua_bridge_shape(L, cell_text, buf, sizeof buf), 4);
    assert_string_equal(buf, "@2>1");   /* this program's rule: UnpackedValues B,A */
    assert_int_equal(zlua_bridge_shape(L, cell_text, buf, 3), 0);   /* too small */
    assert_string_equal(buf, "");
    const Il2CppType *i4 = il2cpp_method_get_param(add, 0);
    assert_false(zlua_rules_check(L, i4, ZLUA_RULE_PARAM, ZLUA_MARSHAL_USERDATA, NULL, why,
                                    sizeof why));
    assert_string_equal(why, "LuaMarshalType.UserData is not allowed");
    assert_true(zlua_rules_check(L, i4, ZLUA_RULE_PARAM, ZLUA_MARSHAL_DEFAULT, NULL, why,
                                   sizeof why));
    /* the legal [LuaMarshalAs] set's direction filter: OpaqueValue only where C# pushes.  A
     * parameter of a method Lua calls is popped; one of a call into Lua
     * (ZLUA_RULE_DIR_IC) pushed; the result of a call into Lua popped. */
    const Il2CppType *str = il2cpp_class_get_type(
        il2cpp_class_from_name(il2cpp_get_corlib(), "System", "String"));
    assert_false(zlua_rules_check(L, str, ZLUA_RULE_PARAM, ZLUA_MARSHAL_OPAQUE_VALUE, NULL,
                                    why, sizeof why));
    assert_string_equal(why, "LuaMarshalType.OpaqueValue is not allowed on a Lua -> C# "
                             "parameter (C# -> Lua only)");
    assert_true(zlua_rules_check(L, str, ZLUA_RULE_PARAM | ZLUA_RULE_DIR_IC,
                                   ZLUA_MARSHAL_OPAQUE_VALUE, NULL, why, sizeof why));
    assert_false(zlua_rules_check(L, str, ZLUA_RULE_RETURN | ZLUA_RULE_DIR_IC,
                                    ZLUA_MARSHAL_OPAQUE_VALUE, NULL, why, sizeof why));
    assert_string_equal(why, "LuaMarshalType.OpaqueValue is not allowed on the result of a "
                             "call into Lua (a Lua -> C# slot; C# -> Lua only)");
    /* a Table result of a call into Lua is popped: its members must be
     * writable, as for a parameter Lua passes */
    assert_true(zlua_rules_check(L, nv, ZLUA_RULE_RETURN | ZLUA_RULE_DIR_IC,
                                   ZLUA_MARSHAL_TABLE, "X,Y", why, sizeof why));
    unit_state_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_register_arguments),
        cmocka_unit_test(test_register_many_tables),
        cmocka_unit_test(test_rules_resolve_and_report_once),
        cmocka_unit_test(test_check_and_signature),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
