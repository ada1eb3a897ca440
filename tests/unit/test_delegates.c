/*
 * test_delegates.c -- Lua functions as delegates from C (R-DEL-1): the registration contract of zlua_delegate_register, the
 * glue's delegate (a closed delegate whose Invoke lands in the entry),
 * and a delegate C# still holds after lua_close, which raises a managed
 * exception instead of reading a freed record.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "il2cpp-object-internals.h"
#include "marshal/ud.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"
#include "zlua_stub.h"

#include "host_stubs.h"


static void entry_a(void) {}
static void entry_b(void) {}

#define DELEGATES(abi, entries, n) (&(const zlua_delegate_table){(abi), (entries), (n)})

static char contract_line[256];
static void contract_sink(void *ud, const char *line)
{
    (void)ud;
    snprintf(contract_line, sizeof contract_line, "%s", line);
}

static void test_register_contract(void **state)
{
    (void)state;
    const zlua_delegate_entry sorted[] = {{"A", entry_a}, {"B", entry_b}};
    const zlua_delegate_entry unsorted[] = {{"B", entry_b}, {"A", entry_a}};
    const zlua_delegate_entry holes[] = {{"A", NULL}};
    const unsigned abi = ZLUA_STUB_ABI;
    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, sorted, 2)),
                     ZLUA_ESTATE);   /* not open */
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, unsorted, 2)), ZLUA_EINVAL);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, holes, 1)), ZLUA_EINVAL);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, NULL, 1)), ZLUA_EINVAL);
    assert_int_equal(zlua_delegate_register(L, NULL), ZLUA_EINVAL);
    assert_int_equal(zlua_delegate_register(NULL, DELEGATES(abi, sorted, 2)), ZLUA_EINVAL);
    /* another stub ABI is refused, by one line */
    assert_int_equal(zlua_state_set_log(L, contract_sink, NULL), ZLUA_OK);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi - 1, sorted, 2)), ZLUA_EVERSION);
    char want[256];
    snprintf(want, sizeof want,
             "[ZLua] zlua_delegate_register: the table was compiled for stub ABI %u, this "
             "libzlua has stub ABI %u; regenerate it with this libzlua's zlua-stubgen and "
             "compile it with its zlua_stub.h",
             abi - 1, abi);
    assert_string_equal(contract_line, want);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, sorted, 2)), ZLUA_OK);
    assert_int_equal(zlua_delegate_register(L, DELEGATES(abi, sorted, 2)), ZLUA_EINVAL);   /* once */
    lua_close(L);
}

/* The object of the ByObjUserData at -1. */
static Il2CppObject *object_at_top(lua_State *L)
{
    zlua__ud *u = zlua_ud_any(L, -1);
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
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
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

/* zlua_meta_pop with an index relative to the top (LuaEnv.GetFunction's
 * use): the delegate writer pushes before it reads the function again,
 * so it must hold an absolute index; the delegate then calls that very
 * function, not the writer's own helper. */
static void test_delegate_pop_relative_index(void **state)
{
    (void)state;
    if (!ZLUA_WITH_STUBS_BUILD)
        skip();   /* no entries: Lua functions are refused (delegate_spec) */
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    FieldInfo *f;
    void *iter = NULL;
    const Il2CppType *changed = NULL;
    while ((f = il2cpp_class_get_fields(sim_class("MyGame.Counter"), &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "Changed") == 0)
            changed = il2cpp_field_get_type(f);
    assert_non_null(changed);
    const zlua_meta *m = zlua_meta_type(L, changed);
    assert_non_null(m);
    assert_int_equal(luaL_loadstring(L, "seen = ..."), LUA_OK);
    Il2CppObject *d = NULL;
    assert_int_equal(zlua_meta_pop(L, -1, m, &d), 0);
    assert_non_null(d);
    int32_t v = 7;
    void *args[1] = {&v};
    assert_null(zlua_delegate_invoke(((Il2CppDelegate *)(void *)d)->target, args, NULL));
    lua_getglobal(L, "seen");
    assert_int_equal(lua_tointeger(L, -1), 7);
    unit_state_close(L);
}

/* The delegate a Counter's event field holds. */
static Il2CppDelegate *counter_changed(Il2CppObject *counter)
{
    FieldInfo *f;
    void *iter = NULL;
    while ((f = il2cpp_class_get_fields(il2cpp_object_get_class(counter), &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "Changed") == 0)
            return *(Il2CppDelegate **)((char *)counter + il2cpp_field_get_offset(f));
    return NULL;
}

/* counter.Add(1): NULL, or the exception's message in msg. */
static Il2CppException *counter_add(Il2CppObject *counter, char *msg, size_t size)
{
    const MethodInfo *add = sim_method("MyGame.Counter", "Add", 1);
    assert_non_null(add);
    int32_t one = 1;
    void *args[1] = {&one};
    Il2CppException *exc = zlua_rt_invoke(add, counter, args, NULL);
    msg[0] = '\0';
    if (exc != NULL) {
        il2cpp_format_exception(exc, msg, size);
        msg[size - 1] = '\0';
    }
    return exc;
}

/* R-PTR-1: a delegate's target is a box any code holding the delegate can
 * write (a script's `.value`, C# itself).  Whatever it is made to hold --
 * an address, garbage, another delegate's name -- invoking the delegate is
 * a managed exception, never an access through it; the genuine name
 * written back works again. */
static void test_delegate_target_forged(void **state)
{
    (void)state;
    if (!ZLUA_WITH_STUBS_BUILD)
        skip();
    lua_State *L = unit_state_new(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(unit_dostring(L,
        "seen = 0 "
        "local a, b = CS.MyGame.Counter(), CS.MyGame.Counter() "
        "a:add_Changed(function(v) seen = seen + v end) "
        "b:add_Changed(function(v) seen = seen + 100 * v end) "
        "return a, b"), 0);
    Il2CppObject *b = object_at_top(L);
    lua_pop(L, 1);
    Il2CppObject *a = object_at_top(L);
    uintptr_t keep_a = zlua_rt_gchandle_new(a, 0), keep_b = zlua_rt_gchandle_new(b, 0);
    lua_settop(L, 0);
    Il2CppDelegate *da = counter_changed(a), *db = counter_changed(b);
    assert_non_null(da);
    assert_non_null(db);
    void *pa = il2cpp_object_unbox((Il2CppObject *)da->target);
    void *pb = il2cpp_object_unbox((Il2CppObject *)db->target);
    unsigned char genuine[8], other[8];
    memcpy(genuine, pa, sizeof genuine);
    memcpy(other, pb, sizeof other);
    char msg[256];
    const char *tampered = "zlua: delegate target tampered with "
                           "(it names no Lua function of this delegate)";

    /* an address (what the box held before: the record's) */
    static unsigned char fake[64];
    void *addr = fake;
    memset(fake, 0x41, sizeof fake);
    memset(pa, 0, 8);
    memcpy(pa, &addr, sizeof addr);
    assert_non_null(counter_add(a, msg, sizeof msg));
    assert_non_null(strstr(msg, "InvalidOperationException"));
    /* garbage: serial and index of no record */
    memset(pa, 0x41, 8);
    assert_non_null(counter_add(a, msg, sizeof msg));
    assert_non_null(strstr(msg, "InvalidOperationException"));
    /* another delegate's genuine name: its record's target is not this box */
    memcpy(pa, other, sizeof other);
    assert_non_null(counter_add(a, msg, sizeof msg));
    assert_non_null(strstr(msg, tampered));
    /* a stale generation of the right index */
    memcpy(pa, genuine, sizeof genuine);
    pa = il2cpp_object_unbox((Il2CppObject *)da->target);
    ((unsigned char *)pa)[0] ^= 1;   /* little-endian: the generation byte */
    assert_non_null(counter_add(a, msg, sizeof msg));
    assert_non_null(strstr(msg, tampered));
    /* the genuine name again */
    memcpy(pa, genuine, sizeof genuine);
    assert_null(counter_add(a, msg, sizeof msg));
    assert_null(counter_add(b, msg, sizeof msg));
    lua_getglobal(L, "seen");
    /* Add counts before it raises: a's fifth Add hands its handler 5 */
    assert_int_equal(lua_tointeger(L, -1), 5 + 100);
    lua_pop(L, 1);
    unit_state_close(L);
    zlua_rt_gchandle_free(keep_a);
    zlua_rt_gchandle_free(keep_b);
}

/* The main thread is the state's, never the registry's: a script that
 * put a coroutine at LUA_RIDX_MAINTHREAD before zlua_open, and zlua_open
 * called on that coroutine, is refused (the context would otherwise end
 * with the coroutine's block); called on the main thread it takes the
 * main thread, and the context lives until lua_close. */
static void test_main_thread_not_from_registry(void **state)
{
    (void)state;
    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    assert_int_equal(luaL_dostring(L,
        "co = coroutine.create(function() end) "
        "debug.getregistry()[1] = co"), 0);
    lua_getglobal(L, "co");
    lua_State *co = lua_tothread(L, -1);
    assert_non_null(co);
    assert_int_equal(zlua_open(co), ZLUA_ESTATE);
    lua_pop(L, 1);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    /* the coroutine goes; the context must stay */
    assert_int_equal(luaL_dostring(L,
        "debug.getregistry()[1] = 'x' co = nil "
        "collectgarbage() collectgarbage() "
        "return CS.MyGame.Point2D(1, 2).x"), 0);
    assert_int_equal(lua_tointeger(L, -1), 1);
    zlua_stats st;
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
    lua_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_register_contract),
        cmocka_unit_test(test_delegate_layout_and_closed_state),
        cmocka_unit_test(test_delegate_pop_relative_index),
        cmocka_unit_test(test_delegate_target_forged),
        cmocka_unit_test(test_main_thread_not_from_registry),
    };
    return cmocka_run_group_tests(tests, unit_setup_runtime, NULL);
}
