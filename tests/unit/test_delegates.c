/*
 * test_delegates.c -- Lua functions as delegates from C (R-DEL-1, issue
 * 10 §5): the registration contract of zlua_register_delegates, the
 * glue's delegate (a closed delegate whose Invoke lands in the entry),
 * and a delegate C# still holds after lua_close, which raises a managed
 * exception instead of reading a freed record.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "il2cpp-object-internals.h"
#include "marshal/ud.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

#include "host_stubs.h"

static int setup(void **state)
{
    (void)state;
    unit_gc_init();
    sim_init();
    return 0;
}

static void entry_a(void) {}
static void entry_b(void) {}

static void test_register_contract(void **state)
{
    (void)state;
    const zlua_delegate_entry sorted[] = {{"A", entry_a}, {"B", entry_b}};
    const zlua_delegate_entry unsorted[] = {{"B", entry_b}, {"A", entry_a}};
    const zlua_delegate_entry holes[] = {{"A", NULL}};
    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(zlua_register_delegates(L, sorted, 2), ZLUA_ESTATE);   /* not open */
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(zlua_register_delegates(L, unsorted, 2), ZLUA_EINVAL);
    assert_int_equal(zlua_register_delegates(L, holes, 1), ZLUA_EINVAL);
    assert_int_equal(zlua_register_delegates(L, NULL, 1), ZLUA_EINVAL);
    assert_int_equal(zlua_register_delegates(NULL, sorted, 2), ZLUA_EINVAL);
    assert_int_equal(zlua_register_delegates(L, sorted, 2), ZLUA_OK);
    assert_int_equal(zlua_register_delegates(L, sorted, 2), ZLUA_EINVAL);   /* once */
    lua_close(L);
}

/* The object of the ByObjUserData at -1. */
static Il2CppObject *object_at_top(lua_State *L)
{
    zlua_ud *u = zlua_ud_any(L, -1);
    assert_non_null(u);
    assert_int_equal(u->magic, ZLUA_UD_BYOBJ);
    return u->obj;
}

static void test_delegate_layout_and_closed_state(void **state)
{
    (void)state;
    if (!ZLUA_WITH_STUBS_BUILD)
        skip();   /* no entries: Lua functions are refused (delegate_spec) */
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(unit_dostring(L,
        "seen = 0 "
        "local c = CS.MyGame.Counter() "
        "c:add_Changed(function(v) seen = seen + v end) "
        "c:Add(2) "
        "return c"), 0);
    Il2CppObject *counter = object_at_top(L);
    uintptr_t keep = zlua_rt_gchandle_new(counter, 0);
    lua_getglobal(L, "seen");
    assert_int_equal(lua_tointeger(L, -1), 2);
    lua_settop(L, 0);
    /* the delegate the event holds is closed over the target: Invoke calls
     * invoke_impl(invoke_impl_this = target, ...), and invoke_impl is the entry */
    FieldInfo *f;
    void *iter = NULL;
    Il2CppDelegate *d = NULL;
    while ((f = il2cpp_class_get_fields(il2cpp_object_get_class(counter), &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "Changed") == 0)
            d = *(Il2CppDelegate **)((char *)counter + il2cpp_field_get_offset(f));
    assert_non_null(d);
    assert_ptr_equal(d->invoke_impl_this, d->target);
    assert_true(d->method_ptr == d->invoke_impl);
    assert_non_null(d->method);
    assert_string_equal(il2cpp_method_get_name(d->method), "Invoke");
    assert_true(d->extraArg != 0);   /* the type's constructor ran */
    zlua_stats st;
    assert_int_equal(zlua_get_stats(L, &st), ZLUA_OK);
    assert_true(st.delegates >= 1);

    unit_state_close(L);
    /* C# raises the event after the state is gone: a managed exception
     * from the entry, no access to the released record */
    const MethodInfo *add = sim_method("MyGame.Counter", "Add", 1);
    assert_non_null(add);
    int32_t one = 1;
    void *args[1] = {&one};
    Il2CppException *exc = zlua_rt_invoke(add, counter, args, NULL);
    assert_non_null(exc);
    char msg[256];
    il2cpp_format_exception(exc, msg, sizeof msg);
    msg[sizeof msg - 1] = '\0';
    assert_non_null(strstr(msg, "the lua_State of this delegate has been closed"));
    zlua_rt_gchandle_free(keep);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_register_contract),
        cmocka_unit_test(test_delegate_layout_and_closed_state),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
