/*
 * test_ic.c -- IC: C# calling Lua through zlua_ic_invoke (src/bridge/ic.c;
 * R-IC-1, R-OPQ-2..5, R-OPQ-7..9, R-VIEW-1).
 *
 * The tests play the generated IC stub: they resolve metas once with
 * zlua_meta_type (byref types from sim_byref_type), keep the C# slots in
 * C locals (the C stack is scanned by the collector, like a C# frame),
 * call Lua globals defined with luaL_dostring, and check from C what the
 * callbacks did to the slots.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>

#include <lauxlib.h>

#include "marshal/meta.h"
#include "marshal/ud.h"
#include "sim.h"
#include "types/types.h"
#include "unit_support.h"
#include "zlua.h"

typedef struct point2d {
    float x, y;
} point2d;

static const char callbacks[] =
    /* ref object */
    "function SetObjStr(h) zlua.set_opaquevalue(h, 'hello \\u{E9}') end\n"
    "function SetObjInt(h) zlua.set_opaquevalue(h, 42) end\n"
    "function SetNil(h) zlua.set_opaquevalue(h, nil) end\n"
    "function GetObj(h) Got = zlua.get_opaquevalue(h) end\n"
    "function ToUd(h)\n"
    "  U = zlua.to_user_data(h)\n"
    "  G = zlua.get_opaquevalue(h)\n"
    "  zlua.set_opaquevalue(h, nil)\n"
    "  After = zlua.get_opaquevalue(h)\n"
    "end\n"
    /* ref string */
    "function StrGet(h) Got = zlua.get_opaquevalue(h) end\n"
    "function StrSet(h) zlua.set_opaquevalue(h, V) end\n"
    "function StrToUd(h) U = zlua.to_user_data(h) end\n"
    /* ref int */
    "function IntAdd(h) zlua.set_opaquevalue(h, zlua.get_opaquevalue(h) + 1) end\n"
    "function IntAddRet(h)\n"
    "  local v = zlua.get_opaquevalue(h) + 1\n"
    "  zlua.set_opaquevalue(h, v)\n"
    "  return v\n"
    "end\n"
    "function IntBad(h) zlua.set_opaquevalue(h, 'x') end\n"
    "function IntToUd(h) U = zlua.to_user_data(h); zlua.set_opaquevalue(h, 99) end\n"
    "function Twice(h) return zlua.get_opaquevalue(h) * 2 end\n"
    /* by-val struct */
    "function PointGet(h) Kind = type(h); P = zlua.get_opaquevalue(h) end\n"
    "function PointSet(h) zlua.set_opaquevalue(h, CS.MyGame.Point2D(5, 6)) end\n"
    "function PointToUd(h)\n"
    "  U = zlua.to_user_data(h)\n"
    "  zlua.set_opaquevalue(h, CS.MyGame.Point2D(9, 9))\n"
    "end\n"
    /* several arguments */
    "function Echo(...)\n"
    "  local t = table.pack(...)\n"
    "  Types = {}\n"
    "  for i = 1, t.n do Types[i] = type(t[i]) end\n"
    "  Third = t[3]; Fourth = t[4]\n"
    "  return t.n\n"
    "end\n"
    /* errors and results */
    "function ReturnString() return 'x' end\n"
    "function ReturnNothing() end\n"
    "function Boom() error('kaboom') end\n"
    "function BoomTable() error({}) end\n"
    "function Save(h) Saved = h end\n"
    "function SaveAndBoom(h) Saved = h; error('after save') end\n"
    "function UseSaved() return zlua.get_opaquevalue(Saved) end\n"
    "function SetSaved(h) zlua.set_opaquevalue(Saved, 5) end\n"
    "function ToUdSaved() return zlua.to_user_data(Saved) end\n"
    "function UseOuter() return zlua.get_opaquevalue(Outer) end\n"
    "function Identity(x) return x end\n"
    "function Noop() end\n";

typedef struct fixture {
    unit_alloc alloc;
    lua_State *L;
    const zlua_meta *ref_object, *ref_string, *ref_int, *point, *i4, *string;
    char err[512];
} fixture;

static Il2CppClass *klass(const char *name)
{
    Il2CppClass *k = sim_class(name);
    if (k == NULL)
        fail_msg("no class %s", name);
    return k;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL)
        return -1;
    f->L = unit_counted_state_new(&f->alloc);
    if (f->L == NULL || unit_dostring(f->L, callbacks) != 0)
        return -1;
    lua_State *L = f->L;
    f->ref_object = zlua_meta_type(L, sim_byref_type(sim_class("System.Object")));
    f->ref_string = zlua_meta_type(L, sim_byref_type(sim_class("System.String")));
    f->ref_int = zlua_meta_type(L, sim_byref_type(sim_class("System.Int32")));
    f->point = zlua_meta_type(L, il2cpp_class_get_type(sim_class("MyGame.Point2D")));
    f->i4 = zlua_meta_type(L, il2cpp_class_get_type(sim_class("System.Int32")));
    f->string = zlua_meta_type(L, il2cpp_class_get_type(sim_class("System.String")));
    if (!f->ref_object || !f->ref_string || !f->ref_int || !f->point || !f->i4 || !f->string)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    unit_counted_state_close(f->L, &f->alloc);
    free(f);
    return 0;
}

static void get_stats(lua_State *L, zlua_stats *st)
{
    assert_int_equal(zlua_state_stats(L, st), ZLUA_OK);
}

/* One IC call the way a stub makes it; checks R-OPQ-5 / R-IC-1 on every
 * path: the Lua stack top (after a success before zlua_ic_done too) and
 * the scope stack (handles, depth) are what they were before.  An error
 * message is copied into f->err. */
static int ic_call(fixture *f, const char *fn, int nargs, const zlua_meta *const *metas,
                   void *const *slots, const zlua_meta *ret, void *ret_slot)
{
    lua_State *L = f->L;
    zlua_stats before, after;
    get_stats(L, &before);
    int top = lua_gettop(L);
    zlua_ic_call c = {.function = fn, .function_len = strlen(fn), .nargs = nargs,
                      .arg_meta = metas, .arg_slots = slots, .ret_meta = ret,
                      .ret_slot = ret_slot};
    int rc = zlua_ic_invoke(L, &c);
    f->err[0] = '\0';
    if (rc == ZLUA_ELUA) {
        size_t len = 0;
        const char *msg = zlua_ic_error(L, &c, &len);
        assert_non_null(msg);
        assert_int_equal(len, strlen(msg));
        snprintf(f->err, sizeof f->err, "%s", msg);
    } else {
        assert_int_equal(rc, ZLUA_OK);
        /* a success needs no zlua_ic_done (zlua.h): the stack is back */
        assert_int_equal(lua_gettop(L), top);
    }
    zlua_ic_done(L, &c);   /* harmless after a success */
    assert_int_equal(lua_gettop(L), top);
    get_stats(L, &after);
    assert_int_equal(after.handles, before.handles);
    assert_int_equal(after.scope_depth, before.scope_depth);
    return rc;
}

static int ic1(fixture *f, const char *fn, const zlua_meta *m, void *slot)
{
    const zlua_meta *metas[1] = {m};
    void *slots[1] = {slot};
    return ic_call(f, fn, 1, metas, slots, NULL, NULL);
}

static void expect_err(fixture *f, const char *part)
{
    if (strstr(f->err, part) == NULL)
        fail_msg("error \"%s\" does not contain \"%s\"", f->err, part);
}

static zlua__ud *global_ud(lua_State *L, const char *name, uint32_t magic)
{
    lua_getglobal(L, name);
    zlua__ud *u = zlua_ud_test(L, -1, magic);
    if (u == NULL)
        fail_msg("global %s is a %s, not our userdata", name, luaL_typename(L, -1));
    lua_pop(L, 1);
    return u;
}

static void expect_managed_string(Il2CppObject *o, const char *utf8)
{
    assert_non_null(o);
    assert_ptr_equal(il2cpp_object_get_class(o), klass("System.String"));
    Il2CppString *want = il2cpp_string_new(utf8);
    Il2CppString *s = (Il2CppString *)o;
    assert_int_equal(il2cpp_string_length(s), il2cpp_string_length(want));
    assert_memory_equal(il2cpp_string_chars(s), il2cpp_string_chars(want),
                        (size_t)il2cpp_string_length(want) * sizeof(Il2CppChar));
}

/* ---- ref object (R-OPQ-7..9, the default marshal rules object row) ------------------------------ */

static void test_ref_object_set_string(void **state)
{
    fixture *f = *state;
    int32_t one = 1;
    Il2CppObject *slot = il2cpp_value_box(klass("System.Int32"), &one);
    assert_int_equal(ic1(f, "SetObjStr", f->ref_object, &slot), ZLUA_OK);
    /* R-OPQ-8: the C# slot now holds a System.String with that text */
    expect_managed_string(slot, "hello \xC3\xA9");
}

static void test_ref_object_set_int_and_nil(void **state)
{
    fixture *f = *state;
    Il2CppObject *slot = NULL;
    assert_int_equal(ic1(f, "SetObjInt", f->ref_object, &slot), ZLUA_OK);
    /* the default marshal rules object row: an integer that fits becomes a boxed Int32 */
    assert_non_null(slot);
    assert_ptr_equal(il2cpp_object_get_class(slot), klass("System.Int32"));
    assert_int_equal(*(int32_t *)il2cpp_object_unbox(slot), 42);

    assert_int_equal(ic1(f, "SetNil", f->ref_object, &slot), ZLUA_OK);
    assert_null(slot);
}

static void test_ref_object_get_is_byobj(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t seven = 7;
    Il2CppObject *slot = il2cpp_value_box(klass("System.Int32"), &seven);
    assert_int_equal(ic1(f, "GetObj", f->ref_object, &slot), ZLUA_OK);
    /* R-OPQ-7: a ByObjUserData of the object, System.Object view (R-VIEW-1) */
    zlua__ud *u = global_ud(L, "Got", ZLUA_UD_BYOBJ);
    assert_ptr_equal(u->obj, slot);
    assert_ptr_equal(u->cls->klass, klass("System.Object"));

    /* R-VIEW-1: a string through an object slot stays a userdata */
    slot = (Il2CppObject *)il2cpp_string_new("text");
    assert_int_equal(ic1(f, "GetObj", f->ref_object, &slot), ZLUA_OK);
    u = global_ud(L, "Got", ZLUA_UD_BYOBJ);
    assert_ptr_equal(u->obj, slot);
    assert_ptr_equal(u->cls->klass, klass("System.Object"));

    /* a null slot reads as nil */
    slot = NULL;
    assert_int_equal(ic1(f, "GetObj", f->ref_object, &slot), ZLUA_OK);
    assert_int_equal(lua_getglobal(L, "Got"), LUA_TNIL);
    lua_pop(L, 1);
}

static void test_ref_object_to_user_data(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    Il2CppObject *obj = (Il2CppObject *)il2cpp_string_new("kept");
    Il2CppObject *slot = obj;
    assert_int_equal(ic1(f, "ToUd", f->ref_object, &slot), ZLUA_OK);
    /* R-OPQ-9: the referenced object's userdata ... */
    zlua__ud *u = global_ud(L, "U", ZLUA_UD_BYOBJ);
    assert_ptr_equal(u->obj, obj);
    assert_ptr_equal(u->cls->klass, klass("System.Object"));
    /* ... the same userdata get_opaquevalue gives (R-SHAPE-2) ... */
    lua_getglobal(L, "U");
    lua_getglobal(L, "G");
    assert_true(lua_rawequal(L, -1, -2));
    lua_pop(L, 2);
    /* ... and independent of the slot, which the callback then cleared */
    assert_null(slot);
    assert_int_equal(lua_getglobal(L, "After"), LUA_TNIL);
    lua_pop(L, 1);
    assert_ptr_equal(global_ud(L, "U", ZLUA_UD_BYOBJ)->obj, obj);
}

/* ---- ref string (R-OPQ-7..9) ------------------------------------------------------ */

static void test_ref_string(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    Il2CppString *slot = il2cpp_string_new("h\xC3\xA9llo");

    /* get: a Lua string (UTF-8) */
    assert_int_equal(ic1(f, "StrGet", f->ref_string, &slot), ZLUA_OK);
    assert_int_equal(lua_getglobal(L, "Got"), LUA_TSTRING);
    assert_string_equal(lua_tostring(L, -1), "h\xC3\xA9llo");
    lua_pop(L, 1);

    /* set: a new managed string with the right UTF-16 */
    lua_pushstring(L, "w\xC3\xB6rld \xF0\x9F\x98\x80");
    lua_setglobal(L, "V");
    assert_int_equal(ic1(f, "StrSet", f->ref_string, &slot), ZLUA_OK);
    assert_non_null(slot);
    static const Il2CppChar want[] = {'w', 0xF6, 'r', 'l', 'd', ' ', 0xD83D, 0xDE00};
    assert_int_equal(il2cpp_string_length(slot), 8);
    assert_memory_equal(il2cpp_string_chars(slot), want, sizeof want);

    /* to_user_data: the string's ByObjUserData */
    assert_int_equal(ic1(f, "StrToUd", f->ref_string, &slot), ZLUA_OK);
    zlua__ud *u = global_ud(L, "U", ZLUA_UD_BYOBJ);
    assert_ptr_equal(u->obj, (Il2CppObject *)slot);
    assert_ptr_equal(u->cls->klass, klass("System.String"));

    /* set nil: null; get of a null slot: nil */
    lua_pushnil(L);
    lua_setglobal(L, "V");
    assert_int_equal(ic1(f, "StrSet", f->ref_string, &slot), ZLUA_OK);
    assert_null(slot);
    assert_int_equal(ic1(f, "StrGet", f->ref_string, &slot), ZLUA_OK);
    assert_int_equal(lua_getglobal(L, "Got"), LUA_TNIL);
    lua_pop(L, 1);

    /* set with a wrong type: an error, the slot unchanged */
    lua_pushboolean(L, 1);
    lua_setglobal(L, "V");
    slot = il2cpp_string_new("same");
    Il2CppString *before = slot;
    assert_int_equal(ic1(f, "StrSet", f->ref_string, &slot), ZLUA_ELUA);
    expect_err(f, "bad argument #2 to 'set_opaquevalue' (System.String expected, got boolean)");
    assert_ptr_equal(slot, before);
}

/* ---- ref int (R-OPQ-7..9, R-DEF-1 messages) ------------------------------------------ */

static void test_ref_int(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t slot = 41;
    assert_int_equal(ic1(f, "IntAdd", f->ref_int, &slot), ZLUA_OK);
    assert_int_equal(slot, 42);

    /* to_user_data: a ByValUserData copy, independent of the slot */
    assert_int_equal(ic1(f, "IntToUd", f->ref_int, &slot), ZLUA_OK);
    assert_int_equal(slot, 99);
    zlua__ud *u = global_ud(L, "U", ZLUA_UD_BYVAL);
    assert_ptr_equal(u->cls->klass, klass("System.Int32"));
    assert_int_equal(*(int32_t *)zlua_ud_payload(u), 42);

    /* a wrong value: the R-DEF-1 message, the slot unchanged */
    assert_int_equal(ic1(f, "IntBad", f->ref_int, &slot), ZLUA_ELUA);
    expect_err(f, "bad argument #2 to 'set_opaquevalue' (System.Int32 expected, got string)");
    assert_int_equal(slot, 99);
}

/* ---- by-value struct: pushed as an OpaqueValue to the caller's slot ------------------ */

static void test_byval_point(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    point2d p = {1.5f, 2.5f};
    assert_int_equal(ic1(f, "PointGet", f->point, &p), ZLUA_OK);
    /* R-IC-1 / R-OPQ-2: a lightuserdata handle, not a userdata copy */
    assert_int_equal(lua_getglobal(L, "Kind"), LUA_TSTRING);
    assert_string_equal(lua_tostring(L, -1), "userdata");   /* type() of a lightuserdata */
    lua_pop(L, 1);
    /* R-OPQ-7: get_opaquevalue of a struct is a ByValUserData copy */
    zlua__ud *u = global_ud(L, "P", ZLUA_UD_BYVAL);
    assert_ptr_equal(u->cls->klass, klass("MyGame.Point2D"));
    point2d *copy = zlua_ud_payload(u);
    assert_true(copy->x == 1.5f && copy->y == 2.5f);

    /* R-OPQ-8: set writes the caller's slot */
    assert_int_equal(ic1(f, "PointSet", f->point, &p), ZLUA_OK);
    assert_true(p.x == 5 && p.y == 6);
    assert_true(copy->x == 1.5f);   /* the earlier copy is independent */

    /* R-OPQ-9: to_user_data copies; the slot changes afterwards */
    assert_int_equal(ic1(f, "PointToUd", f->point, &p), ZLUA_OK);
    assert_true(p.x == 9 && p.y == 9);
    u = global_ud(L, "U", ZLUA_UD_BYVAL);
    assert_true(((point2d *)zlua_ud_payload(u))->x == 5);
}

/* R-IC-1, R-OPQ-2: handles for struct and byref, copies for the rest;
 * a string argument takes the protected trampoline (it may raise). */
static void test_mixed_arguments(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t i = 3, byval = 77;
    point2d p = {0, 0};
    Il2CppString *s = il2cpp_string_new("arg");
    const zlua_meta *metas[4] = {f->ref_int, f->point, f->string, f->i4};
    void *slots[4] = {&i, &p, &s, &byval};
    int32_t ret = -1;
    assert_int_equal(f->string->push_safe, 0);
    assert_int_equal(ic_call(f, "Echo", 4, metas, slots, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, 4);
    assert_int_equal(unit_dostring(L,
        "assert(Types[1] == 'userdata' and Types[2] == 'userdata')\n"
        "assert(Types[3] == 'string' and Third == 'arg')\n"
        "assert(math.type(Fourth) == 'integer' and Fourth == 77)"), 0);

    /* the same call with every push safe runs without the trampoline */
    const zlua_meta *safe[3] = {f->ref_int, f->point, f->i4};
    void *safe_slots[3] = {&i, &p, &byval};
    assert_int_equal(ic_call(f, "Echo", 3, safe, safe_slots, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, 3);

    /* an error raised under the trampoline is reported the same way */
    assert_int_equal(ic_call(f, "Boom", 4, metas, slots, NULL, NULL), ZLUA_ELUA);
    expect_err(f, "kaboom");
}

/* ---- results (R-IC-1: the first result popped into the return slot) ----------------- */

static void test_result_into_ret_slot(void **state)
{
    fixture *f = *state;
    int32_t slot = 21, ret = 0;
    const zlua_meta *metas[1] = {f->ref_int};
    void *slots[1] = {&slot};
    assert_int_equal(ic_call(f, "Twice", 1, metas, slots, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, 42);
    assert_int_equal(slot, 21);

    /* a result that does not pop is an error, not a longjmp */
    ret = 5;
    assert_int_equal(ic_call(f, "ReturnString", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "bad result from 'ReturnString'");
    expect_err(f, "System.Int32 expected, got string");
    assert_int_equal(ic_call(f, "ReturnNothing", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "System.Int32 expected, got nil");

    /* a by-value argument comes back through the result */
    int32_t in = -9;
    const zlua_meta *im[1] = {f->i4};
    void *is[1] = {&in};
    assert_int_equal(ic_call(f, "Identity", 1, im, is, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, -9);
}

/* ---- errors (R-IC-1, R-OPQ-5) -------------------------------------------------------- */

static void test_lua_error_is_reported(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    /* something of the caller's on the stack, which must survive */
    lua_pushinteger(L, 1);
    lua_pushstring(L, "caller");
    int top = lua_gettop(L);
    zlua_stats st0, st1;
    get_stats(L, &st0);

    int32_t slot = 1;
    point2d p = {1, 1};
    const zlua_meta *metas[2] = {f->ref_int, f->point};
    void *slots[2] = {&slot, &p};
    zlua_ic_call c = {.function = "Boom", .function_len = 4, .nargs = 2, .arg_meta = metas, .arg_slots = slots};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_ELUA);
    size_t len = 0;
    const char *msg = zlua_ic_error(L, &c, &len);
    assert_non_null(strstr(msg, "kaboom"));
    assert_int_equal(len, strlen(msg));
    /* the scope is closed already: handles and depth as before */
    get_stats(L, &st1);
    assert_int_equal(st1.handles, st0.handles);
    assert_int_equal(st1.scope_depth, st0.scope_depth);
    zlua_ic_done(L, &c);
    assert_int_equal(lua_gettop(L), top);
    assert_string_equal(lua_tostring(L, -1), "caller");
    lua_pop(L, 2);

    /* a non-string error object */
    assert_int_equal(ic_call(f, "BoomTable", 0, NULL, NULL, NULL, NULL), ZLUA_ELUA);
    assert_string_equal(f->err, "(error object is not a string)");
    /* a missing function */
    assert_int_equal(ic_call(f, "NoSuchFunction", 0, NULL, NULL, NULL, NULL), ZLUA_ELUA);
    expect_err(f, "NoSuchFunction is not a function (a nil value)");
    /* a table with __call is callable, as Lua calls it; without, named */
    assert_int_equal(luaL_dostring(L, "Callable = setmetatable({}, {__call = function(_, v) "
                                      "CallableGot = v end}) NotCallable = {}"),
                     LUA_OK);
    slot = 5;
    assert_int_equal(ic1(f, "Callable", f->ref_int, &slot), ZLUA_OK);
    assert_int_not_equal(lua_getglobal(L, "CallableGot"), LUA_TNIL);   /* the ref handle */
    lua_pop(L, 1);
    assert_int_equal(ic1(f, "NotCallable", f->ref_int, &slot), ZLUA_ELUA);
    expect_err(f, "NotCallable is not a function (a table value)");
    slot = 1;
    assert_int_equal(ic1(f, "NoSuchFunction", f->ref_int, &slot), ZLUA_ELUA);
    /* the state is still usable */
    assert_int_equal(ic1(f, "IntAdd", f->ref_int, &slot), ZLUA_OK);
    assert_int_equal(slot, 2);
}

/* R-OPQ-4/5: handles die with their call, on success and on error. */
static void test_saved_handle_expires(void **state)
{
    fixture *f = *state;
    int32_t slot = 10, ret = 0;
    zlua_stats st0, st1;
    get_stats(f->L, &st0);
    assert_int_equal(ic1(f, "Save", f->ref_int, &slot), ZLUA_OK);
    get_stats(f->L, &st1);
    assert_true(st1.generation != st0.generation);   /* the scope issued a handle */

    assert_int_equal(ic_call(f, "UseSaved", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");
    assert_int_equal(ic_call(f, "ToUdSaved", 0, NULL, NULL, NULL, NULL), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");
    /* not even while a new handle occupies the same stack index */
    int32_t other = 20;
    assert_int_equal(ic1(f, "SetSaved", f->ref_int, &other), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");
    assert_int_equal(slot, 10);
    assert_int_equal(other, 20);

    /* a handle saved by a callback that then fails expires too */
    assert_int_equal(ic1(f, "SaveAndBoom", f->ref_int, &slot), ZLUA_ELUA);
    expect_err(f, "after save");
    assert_int_equal(ic_call(f, "UseSaved", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");
}

/* R-OPQ-4: a call that issues no handle leaves the generation and the
 * caller's handles alone; one that issues handles expires the chain.
 * The caller's open scope is restored exactly either way (R-OPQ-5). */
static void test_outer_scope_restored(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t outer = 500, ret = 0;
    assert_int_equal(zlua_scope_begin(L), ZLUA_OK);
    assert_int_equal(zlua_opaque_push(L, &outer, il2cpp_class_get_type(klass("System.Int32"))),
                     ZLUA_OK);
    lua_setglobal(L, "Outer");
    zlua_stats st0, st1;
    get_stats(L, &st0);
    assert_int_equal(st0.scope_depth, 1);
    assert_int_equal(st0.handles, 1);

    assert_int_equal(ic_call(f, "UseOuter", 0, NULL, NULL, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, 500);
    assert_int_equal(ic_call(f, "Boom", 0, NULL, NULL, NULL, NULL), ZLUA_ELUA);
    get_stats(L, &st1);
    assert_true(st1.generation == st0.generation);
    assert_int_equal(ic_call(f, "UseOuter", 0, NULL, NULL, f->i4, &ret), ZLUA_OK);

    int32_t inner = 0;
    assert_int_equal(ic1(f, "IntAdd", f->ref_int, &inner), ZLUA_OK);
    get_stats(L, &st1);
    assert_int_equal(st1.scope_depth, 1);
    assert_int_equal(st1.handles, 1);
    assert_int_equal(ic_call(f, "UseOuter", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");
    assert_int_equal(zlua_scope_end(L), ZLUA_OK);
    get_stats(L, &st1);
    assert_int_equal(st1.scope_depth, 0);
    assert_int_equal(st1.handles, 0);
}

/* The stats and zlua_opaque_push's answer inside a callback. */
static zlua_stats g_inside;
static int g_inside_push;
static int inside_probe(lua_State *L)
{
    static int32_t slot;
    assert_int_equal(zlua_state_stats(L, &g_inside), ZLUA_OK);
    int top = lua_gettop(L);
    g_inside_push = zlua_opaque_push(L, &slot, il2cpp_class_get_type(klass("System.Int32")));
    assert_int_equal(lua_gettop(L), top);   /* nothing pushed on failure */
    return 0;
}

/* R-OPQ-5 as implemented: an IC call's handles are issued in a frame
 * whose watermark is the call's saved state, with no scope open and
 * without one on the scope stack: inside the callback the depth is the
 * caller's, the handles validate, zlua_opaque_push still needs a scope of
 * the embedder's; afterwards the frame's handles are gone and expired. */
static void test_frame_without_scope(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    lua_register(L, "Probe", inside_probe);
    assert_int_equal(unit_dostring(L, "function ProbeAdd(h) Probe() Saved = h "
                                      "zlua.set_opaquevalue(h, zlua.get_opaquevalue(h) + 1) end"),
                     0);
    zlua_stats st0, st1;
    get_stats(L, &st0);
    assert_int_equal(st0.scope_depth, 0);
    int32_t v = 41;
    assert_int_equal(ic1(f, "ProbeAdd", f->ref_int, &v), ZLUA_OK);
    assert_int_equal(v, 42);
    assert_int_equal(g_inside.scope_depth, 0);
    assert_int_equal(g_inside.handles, st0.handles + 1);
    assert_int_equal(g_inside_push, ZLUA_ESTATE);
    get_stats(L, &st1);
    assert_int_equal(st1.handles, st0.handles);
    assert_true(st1.generation != st0.generation);   /* it issued one */
    int32_t ret = 0;
    assert_int_equal(ic_call(f, "UseSaved", 0, NULL, NULL, f->i4, &ret), ZLUA_ELUA);
    expect_err(f, "opaque handle expired");

    /* a struct and a byref of a site-less call, many frames deep: every
     * frame is dropped whole, the slots' writes seen in order */
    point2d p = {1, 2};
    const zlua_meta *metas[2] = {f->point, f->ref_int};
    void *slots[2] = {&p, &v};
    for (int i = 0; i < 100; i++)
        assert_int_equal(ic_call(f, "Echo", 2, metas, slots, f->i4, &ret), ZLUA_OK);
    assert_int_equal(ret, 2);
    get_stats(L, &st1);
    assert_int_equal(st1.handles, st0.handles);
    assert_int_equal(st1.scope_depth, 0);
}

/* ---- R-THREAD-1: an IC call from a thread that does not own the state ------------------ */

typedef struct other_thread_call {
    fixture *f;
    int32_t v;
    int rc, done_top;
    char msg[512];
    size_t len;
} other_thread_call;

static void *ic_from_other_thread(void *ud)
{
    other_thread_call *t = ud;
    lua_State *L = t->f->L;
    const zlua_meta *metas[1] = {t->f->ref_int};
    void *slots[1] = {&t->v};
    zlua_ic_call c = {.function = "ProbeAdd", .function_len = 8, .nargs = 1,
                      .arg_meta = metas, .arg_slots = slots};
    t->rc = zlua_ic_invoke(L, &c);
    const char *m = zlua_ic_error(L, &c, &t->len);
    snprintf(t->msg, sizeof t->msg, "%s", m);
    zlua_ic_done(L, &c);   /* nothing to put back: touches nothing */
    return NULL;
}

static void test_other_thread_refused(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    lua_register(L, "Probe", inside_probe);
    assert_int_equal(unit_dostring(L, "Calls = 0 function ProbeAdd(h) Calls = Calls + 1 "
                                      "zlua.set_opaquevalue(h, zlua.get_opaquevalue(h) + 1) end"),
                     0);
    zlua_stats st0, st1;
    get_stats(L, &st0);
    int top = lua_gettop(L);
    other_thread_call t = {.f = f, .v = 41};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, ic_from_other_thread, &t), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
    assert_int_equal(t.rc, ZLUA_ETHREAD);
    assert_int_equal(t.v, 41);   /* the function never ran */
    assert_int_equal(t.len, strlen(t.msg));
    unsigned long long owner = 0, caller = 0;
    int n = 0;
    assert_int_equal(sscanf(t.msg, "zlua: this Lua state belongs to thread %llu (the thread "
                                   "that opened it) and was called from thread %llu; call it "
                                   "from its own thread (queue the work to that thread)%n",
                            &owner, &caller, &n), 2);
    assert_int_equal((size_t)n, strlen(t.msg));
    assert_true(owner != caller);
    assert_int_equal(lua_gettop(L), top);
    get_stats(L, &st1);
    assert_int_equal(st1.handles, st0.handles);
    assert_int_equal(st1.generation, st0.generation);   /* no handle issued */
    lua_getglobal(L, "Calls");
    assert_int_equal(lua_tointeger(L, -1), 0);
    lua_pop(L, 1);
    /* on its own thread the same call runs */
    int32_t v = 1;
    assert_int_equal(ic1(f, "ProbeAdd", f->ref_int, &v), ZLUA_OK);
    assert_int_equal(v, 2);
}

/* ---- bad arguments, no state (R-IC-1: rejected before anything runs) --------------- */

static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t slot = 0, ret = 0;
    const zlua_meta *metas[1] = {f->ref_int};
    const zlua_meta *null_meta[1] = {NULL};
    void *slots[1] = {&slot};
    lua_pushinteger(L, 123);
    int top = lua_gettop(L);
    zlua_stats st0, st1;
    get_stats(L, &st0);

    zlua_ic_call ok = {.function = "IntAdd", .function_len = 6, .nargs = 1, .arg_meta = metas, .arg_slots = slots};
    assert_int_equal(zlua_ic_invoke(L, NULL), ZLUA_EINVAL);
    assert_int_equal(zlua_ic_invoke(NULL, &ok), ZLUA_EINVAL);

    zlua_ic_call c;
    c = ok;
    c.function = NULL;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    c = ok;
    c.arg_meta = NULL;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    c = ok;
    c.arg_slots = NULL;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    c = ok;
    c.arg_meta = null_meta;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    c = ok;
    c.nargs = -1;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    c = ok;
    c.ret_meta = f->i4;   /* and no ret_slot */
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);

    /* nothing ran, nothing changed */
    assert_int_equal(slot, 0);
    assert_int_equal(lua_gettop(L), top);
    get_stats(L, &st1);
    assert_int_equal(st1.handles, st0.handles);
    assert_int_equal(st1.scope_depth, st0.scope_depth);
    assert_true(st1.generation == st0.generation);

    /* and the good call still works */
    c = ok;
    c.ret_meta = f->i4;
    c.ret_slot = &ret;
    c.function = "IntAddRet";
    c.function_len = 9;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
    zlua_ic_done(L, &c);
    assert_int_equal(slot, 1);
    assert_int_equal(ret, 1);
    assert_int_equal(lua_gettop(L), top);
    lua_pop(L, 1);
}

/* The README's stub pattern (invoke; on failure report zlua_ic_error;
 * always zlua_ic_done) must be harmless when invoke rejects its
 * arguments: the caller's stack stays as it was. */
static void test_bad_arguments_then_done_keeps_stack(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    lua_pushinteger(L, 1);
    lua_pushinteger(L, 2);
    int top = lua_gettop(L);
    zlua_ic_call c = {.function = NULL, .nargs = 0};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    (void)zlua_ic_error(L, &c, NULL);
    zlua_ic_done(L, &c);
    assert_int_equal(lua_gettop(L), top);
    lua_pop(L, 2);
}

/* One zlua_ic_call reused: a success leaves nothing for done, a failure
 * after it leaves its message, which done drops (R-IC-1). */
static void test_call_reused_after_success(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t slot = 21, ret = 0;
    const zlua_meta *metas[1] = {f->ref_int};
    void *slots[1] = {&slot};
    int top = lua_gettop(L);
    zlua_ic_call c = {.function = "Twice", .function_len = 5, .nargs = 1, .arg_meta = metas,
                      .arg_slots = slots, .ret_meta = f->i4, .ret_slot = &ret};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
    assert_int_equal(ret, 42);
    assert_int_equal(lua_gettop(L), top);
    lua_pushinteger(L, 7);   /* the caller's own value, after the call */
    zlua_ic_done(L, &c);
    assert_int_equal(lua_gettop(L), top + 1);
    lua_pop(L, 1);

    c.function = "ReturnString";
    c.function_len = 12;
    c.nargs = 0;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_ELUA);
    assert_true(lua_gettop(L) > top);   /* the message */
    assert_non_null(strstr(zlua_ic_error(L, &c, NULL), "bad result from 'ReturnString'"));
    zlua_ic_done(L, &c);
    assert_int_equal(lua_gettop(L), top);
}

/* zlua_open was never called: ZLUA_ESTATE, and the function is not run. */
static void test_state_without_zlua(void **state)
{
    (void)state;
    lua_State *bare = unit_state_new_bare(NULL, NULL);
    assert_non_null(bare);
    assert_int_equal(luaL_dostring(bare, "function f() Called = true end"), LUA_OK);
    int top = lua_gettop(bare);
    zlua_ic_call c = {.function = "f", .function_len = 1, .nargs = 0};
    assert_int_equal(zlua_ic_invoke(bare, &c), ZLUA_ESTATE);
    zlua_ic_done(bare, &c);
    assert_int_equal(lua_gettop(bare), top);
    assert_int_equal(lua_getglobal(bare, "Called"), LUA_TNIL);   /* not called */
    lua_pop(bare, 1);
    unit_state_close(bare);
}

/* the function name is taken with its length, so a stub's name
 * with an embedded NUL never calls the function named by its prefix. */
static void test_function_name_with_length(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    assert_int_equal(luaL_dostring(L, "OnACalls = 0 function OnA() OnACalls = OnACalls + 1 end"),
                     LUA_OK);
    lua_pushliteral(L, "pad");   /* zlua_ic_done restores exactly this top */
    zlua_ic_call c = {.function = "OnA\0x", .function_len = 5, .nargs = 0};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_ELUA);
    /* the message names the global whole, its NUL spelled out */
    static const char want[] = "OnA\\0x is not a function (a nil value)";
    size_t len = 0;
    const char *msg = zlua_ic_error(L, &c, &len);
    assert_int_equal(len, sizeof want - 1);
    assert_memory_equal(msg, want, sizeof want - 1);
    zlua_ic_done(L, &c);
    lua_pop(L, 1);
    zlua_ic_call whole = {.function = "OnA\0x", .function_len = 3, .nargs = 0};
    assert_int_equal(zlua_ic_invoke(L, &whole), ZLUA_OK);
    zlua_ic_done(L, &whole);
    /* one buffer, two names: every call reads the bytes it is given */
    char buf[8];
    memcpy(buf, "OnA\0x", 6);
    zlua_ic_call viabuf = {.function = buf, .function_len = 5, .nargs = 0};
    assert_int_equal(zlua_ic_invoke(L, &viabuf), ZLUA_ELUA);   /* "OnA\0x": nil */
    zlua_ic_done(L, &viabuf);
    zlua_ic_call same = {.function = buf, .function_len = 3, .nargs = 0};   /* "OnA" */
    assert_int_equal(zlua_ic_invoke(L, &same), ZLUA_OK);
    zlua_ic_done(L, &same);
    assert_int_equal(zlua_ic_invoke(L, &same), ZLUA_OK);
    zlua_ic_done(L, &same);
    memcpy(buf, "OnB", 4);
    assert_int_equal(luaL_dostring(L, "function OnB() OnACalls = OnACalls + 100 end"), LUA_OK);
    assert_int_equal(zlua_ic_invoke(L, &same), ZLUA_OK);        /* "OnB" now */
    zlua_ic_done(L, &same);
    /* no length is no name: refused, not read as a C string */
    zlua_ic_call nolen = {.function = "OnA", .nargs = 0};
    assert_int_equal(zlua_ic_invoke(L, &nolen), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &nolen, NULL),
                        "zlua: an IC call names its function by a site, or by function and "
                        "function_len");
    zlua_ic_done(L, &nolen);
    lua_getglobal(L, "OnACalls");
    assert_int_equal(lua_tointeger(L, -1), 103);
    lua_pop(L, 1);
}

/* ---- zero allocations per call (R-OPQ-2: handles allocate nothing) ----------------- */

static void test_ref_int_call_allocates_nothing(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    int32_t slot = 0, ret = 0;
    const zlua_meta *metas[1] = {f->ref_int};
    void *slots[1] = {&slot};
    zlua_ic_call c = {.function = "IntAddRet", .function_len = 9, .nargs = 1, .arg_meta = metas,
                      .arg_slots = slots, .ret_meta = f->i4, .ret_slot = &ret};
    for (int i = 0; i < 100; i++) {   /* warm-up: scope stack capacity */
        assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
        zlua_ic_done(L, &c);
    }
    size_t calls = unit_alloc_calls(&f->alloc);
    uint64_t managed = sim_gc_alloc_count();
    for (int i = 0; i < 10000; i++) {
        if (zlua_ic_invoke(L, &c) != ZLUA_OK)
            fail_msg("call %d failed", i);
        zlua_ic_done(L, &c);
    }
    assert_int_equal(unit_alloc_calls(&f->alloc) - calls, 0);
    assert_int_equal(sim_gc_alloc_count() - managed, 0);
    assert_int_equal(slot, 10100);
    assert_int_equal(ret, 10100);

    /* same for a by-value struct handle read in Lua */
    point2d p = {1, 2};
    const zlua_meta *pm[1] = {f->point};
    void *ps[1] = {&p};
    zlua_ic_call pc = {.function = "Noop", .function_len = 4, .nargs = 1, .arg_meta = pm, .arg_slots = ps};
    for (int i = 0; i < 100; i++) {
        assert_int_equal(zlua_ic_invoke(L, &pc), ZLUA_OK);
        zlua_ic_done(L, &pc);
    }
    calls = unit_alloc_calls(&f->alloc);
    for (int i = 0; i < 10000; i++) {
        assert_int_equal(zlua_ic_invoke(L, &pc), ZLUA_OK);
        zlua_ic_done(L, &pc);
    }
    assert_int_equal(unit_alloc_calls(&f->alloc) - calls, 0);
}

/* ---- sites: bound per state (R-IC-1) --------------------------------------------- */

static const char site_callbacks[] =
    "Got = 0 function OnPoint(h) Got = zlua.get_opaquevalue(h).y end\n"
    "function Other(h) Got = -1 end\n";

/* The documented stub pattern -- one static site, the stub's method --
 * over states opened and closed one after another: each state binds the
 * site afresh, nothing of a closed state is read again (valgrind on this
 * unit: tools/valgrind.sh), and every state's memory is returned. */
static void test_site_across_states(void **state)
{
    (void)state;
    static zlua_ic_site site = {"OnPoint", 0};
    const MethodInfo *mi = sim_method("Demo", "CallOnPoint", 1);
    assert_non_null(mi);
    for (int round = 0; round < 3; round++) {
        unit_alloc a;
        unit_alloc_init(&a);
        lua_State *L = unit_state_new(unit_alloc_fn, &a);
        assert_non_null(L);
        assert_int_equal(unit_dostring(L, site_callbacks), 0);
        point2d p = {1, (float)(2 + round)};
        void *slots[1] = {&p};
        for (int i = 0; i < 3; i++) {   /* the binding call, then the fast path */
            zlua_ic_call c = {.site = &site, .method = mi, .nargs = 1, .arg_slots = slots};
            assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
            zlua_ic_done(L, &c);
        }
        assert_int_not_equal(site.id, 0);
        lua_getglobal(L, "Got");
        assert_int_equal(lua_tointeger(L, -1), 2 + round);
        lua_pop(L, 1);
        unit_state_close(L);
        assert_int_equal(a.live_blocks, 0);
    }
}

/* Two states side by side: one site, a record in each. */
static void test_site_two_states(void **state)
{
    (void)state;
    static zlua_ic_site site = {"OnPoint", 0};
    const MethodInfo *mi = sim_method("Demo", "CallOnPoint", 1);
    lua_State *A = unit_state_new(NULL, NULL), *B = unit_state_new(NULL, NULL);
    assert_non_null(A);
    assert_non_null(B);
    assert_int_equal(unit_dostring(A, site_callbacks), 0);
    assert_int_equal(unit_dostring(B, site_callbacks), 0);
    for (int i = 0; i < 4; i++) {
        lua_State *L = i % 2 ? B : A;
        point2d p = {0, (float)(10 + i)};
        void *slots[1] = {&p};
        zlua_ic_call c = {.site = &site, .method = mi, .nargs = 1, .arg_slots = slots};
        assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
        zlua_ic_done(L, &c);
    }
    lua_getglobal(A, "Got");
    lua_getglobal(B, "Got");
    assert_int_equal(lua_tointeger(A, -1), 12);
    assert_int_equal(lua_tointeger(B, -1), 13);
    lua_pop(A, 1);
    lua_pop(B, 1);

    /* a meta of A given to a call on B: refused before anything runs */
    const zlua_meta *ma = zlua_meta_param(A, mi, 0);
    assert_non_null(ma);
    point2d p = {0, 99};
    const zlua_meta *metas[1] = {ma};
    void *slots[1] = {&p};
    int top = lua_gettop(B);
    zlua_ic_call c = {.function = "OnPoint", .function_len = 7, .nargs = 1, .arg_meta = metas,
                      .arg_slots = slots};
    assert_int_equal(zlua_ic_invoke(B, &c), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(B, &c, NULL),
                        "zlua: the IC call's marshal descriptors belong to another lua_State");
    zlua_ic_done(B, &c);
    assert_int_equal(lua_gettop(B), top);
    const zlua_meta *i4a = zlua_meta_type(A, il2cpp_class_get_type(klass("System.Int32")));
    int32_t ret = 0;
    zlua_ic_call r = {.function = "OnPoint", .function_len = 7, .nargs = 0, .ret_meta = i4a,
                      .ret_slot = &ret};
    assert_int_equal(zlua_ic_invoke(B, &r), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(B, &r, NULL),
                        "zlua: the IC call's marshal descriptors belong to another lua_State");
    zlua_ic_done(B, &r);
    lua_getglobal(B, "Got");
    assert_int_equal(lua_tointeger(B, -1), 13);   /* OnPoint did not run */
    lua_pop(B, 1);
    unit_state_close(A);
    unit_state_close(B);
}

/* What zlua_ic_error says of a call whose count, metas or slots do not
 * fit its function. */
static const char bad_slots[] =
    "zlua: an IC call's argument count, metas or slots do not fit its function";

/* A site is its stub's: another method, another count, metas of the
 * call's own, are refused with the reason, and the site keeps working. */
static void test_site_misuse(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    assert_int_equal(unit_dostring(L, site_callbacks), 0);
    static zlua_ic_site site = {"OnPoint", 0};
    const MethodInfo *mi = sim_method("Demo", "CallOnPoint", 1);
    point2d p = {0, 5};
    void *slots[1] = {&p};
    zlua_ic_call ok = {.site = &site, .method = mi, .nargs = 1, .arg_slots = slots};
    zlua_ic_call c = ok;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
    zlua_ic_done(L, &c);

    c = ok;
    c.method = sim_method("Demo", "InvokeWithPoint", 2);
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &c, NULL),
                        "zlua: this IC site is bound to another method in this lua_State");
    zlua_ic_done(L, &c);
    c = ok;
    c.nargs = 2;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &c, NULL), bad_slots);
    zlua_ic_done(L, &c);
    /* metas of its own, on a site's first call */
    static zlua_ic_site fresh = {"OnPoint", 0};
    c = ok;
    c.site = &fresh;
    c.arg_meta = (const zlua_meta *const[]){f->point};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &c, NULL),
                        "zlua: an IC call with a site takes its method's metas, not arg_meta or "
                        "ret_meta");
    zlua_ic_done(L, &c);
    /* the message of a refused call becomes the managed exception's */
    Il2CppException *ex = zlua_ic_exception(L, &c);
    assert_non_null(ex);
    assert_ptr_equal(il2cpp_object_get_class((Il2CppObject *)ex),
                     klass("System.InvalidOperationException"));

    p.y = 6;
    c = ok;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
    zlua_ic_done(L, &c);
    lua_getglobal(L, "Got");
    assert_int_equal(lua_tointeger(L, -1), 6);
    lua_pop(L, 1);
}

/* A call by name that gives its method instead of metas (a
 * [LuaInvokeByName] stub's): the method's last nargs parameters are the
 * call's, its result popped; a count the method cannot have is refused. */
static void test_call_by_name_with_method(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    assert_int_equal(unit_dostring(L, site_callbacks), 0);
    /* InvokeWithPoint(string fn, Point2D p): p is the call's argument */
    const MethodInfo *mi = sim_method("Demo", "InvokeWithPoint", 2);
    point2d p = {0, 9};
    void *slots[1] = {&p};
    zlua_ic_call c = {.function = "OnPoint", .function_len = 7, .method = mi, .nargs = 1,
                      .arg_slots = slots};
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
    zlua_ic_done(L, &c);
    lua_getglobal(L, "Got");
    assert_int_equal(lua_tointeger(L, -1), 9);
    lua_pop(L, 1);
    /* more arguments than the method has parameters */
    c.nargs = 3;
    assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &c, NULL), bad_slots);
    zlua_ic_done(L, &c);
    /* a result the method has, without a slot for it */
    int32_t ret = 0;
    void *one[1] = {&ret};
    zlua_ic_call r = {.function = "Other", .function_len = 5,
                      .method = sim_method("Demo", "CallOnRefInt", 1), .nargs = 0,
                      .arg_slots = one};
    assert_int_equal(zlua_ic_invoke(L, &r), ZLUA_EINVAL);
    assert_string_equal(zlua_ic_error(L, &r, NULL), bad_slots);
    zlua_ic_done(L, &r);
    /* the method's result popped into the slot */
    assert_int_equal(unit_dostring(L, "function Seven() return 7 end"), 0);
    r.function = "Seven";
    r.ret_slot = &ret;
    assert_int_equal(zlua_ic_invoke(L, &r), ZLUA_OK);
    zlua_ic_done(L, &r);
    assert_int_equal(ret, 7);
}

/* The fast path of a bound site allocates nothing (R-OPQ-2). */
static void test_site_call_allocates_nothing(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    static zlua_ic_site site = {"Noop", 0};
    const MethodInfo *mi = sim_method("Demo", "CallOnPoint", 1);
    point2d p = {0, 7};
    void *slots[1] = {&p};
    zlua_ic_call c = {.site = &site, .method = mi, .nargs = 1, .arg_slots = slots};
    for (int i = 0; i < 100; i++) {
        assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
        zlua_ic_done(L, &c);
    }
    size_t calls = unit_alloc_calls(&f->alloc);
    for (int i = 0; i < 10000; i++) {
        assert_int_equal(zlua_ic_invoke(L, &c), ZLUA_OK);
        zlua_ic_done(L, &c);
    }
    assert_int_equal(unit_alloc_calls(&f->alloc) - calls, 0);
}

/* ---- memory exhausted: nothing raises outside the protected call ------------------- */

/* Lua's stack and CallInfo list regrown after a collection shrank them,
 * so that the next calls find them in place. */
static void regrow(lua_State *L)
{
    lua_getglobal(L, "Deep");
    lua_pushinteger(L, 40);
    assert_int_equal(lua_pcall(L, 1, 0, 0), LUA_OK);
}

/* c fails twice with why (warm: the site bound, the stacks grown), then
 * under exhausted memory with `not enough memory`, having asked for
 * memory, the stack as it was. */
static void expect_memory_error(fixture *f, zlua_ic_call *c, const char *why)
{
    lua_State *L = f->L;
    for (int n = 0; n < 2; n++) {
        assert_int_equal(zlua_ic_invoke(L, c), ZLUA_ELUA);
        assert_string_equal(zlua_ic_error(L, c, NULL), why);
        zlua_ic_done(L, c);
    }
    lua_gc(L, LUA_GCCOLLECT);   /* no string of a name the calls above made is left */
    regrow(L);
    int top = lua_gettop(L);
    f->alloc.failed = 0;
    f->alloc.fail_all = 1;
    int rc = zlua_ic_invoke(L, c);
    const char *msg = zlua_ic_error(L, c, NULL);
    f->alloc.fail_all = 0;
    assert_int_equal(rc, ZLUA_ELUA);
    if (f->alloc.failed == 0)
        fail_msg("no memory was asked for: %s", msg);
    assert_string_equal(msg, "not enough memory");
    zlua_ic_done(L, c);
    assert_int_equal(lua_gettop(L), top);
}

typedef struct vector2 {
    float x, y;
} vector2;

/* A Table result pops by key: the keys' names are made (interned) as it
 * reads them, which allocates.  Under exhausted memory that is a Lua
 * error of the call, never a longjmp out of it; with memory back the
 * same call works.  The same for an error object that is a number, made
 * a string for the message. */
static void test_memory_exhausted_after_the_call(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    assert_int_equal(unit_dostring(L, "Empty = {}\n"
                                      "function RetEmpty() return Empty end\n"
                                      "Num = 1\n"
                                      "function BoomNumber() error(Num) end\n"
                                      "function Deep(n) if n > 0 then return 1 + Deep(n - 1) end "
                                      "return 0 end\n"),
                     0);
    const MethodInfo *diag = sim_method("ZLuaTests.Chain", "Diag", 1);
    assert_non_null(diag);
    const zlua_meta *table = zlua_meta_param(L, diag, -1);
    assert_non_null(table);
    assert_int_equal(table->mtype, ZLUA_MARSHAL_TABLE);
    static const char missing[] = "bad result from 'RetEmpty' (missing key 'X' for MyGame.Vector2)";
    static zlua_ic_site site = {"RetEmpty", 0};
    float k = 1;
    void *slots[1] = {&k};
    vector2 v = {0, 0};
    zlua_ic_call by_site = {.site = &site, .method = diag, .nargs = 1, .arg_slots = slots,
                            .ret_slot = &v};
    expect_memory_error(f, &by_site, missing);
    expect_memory_error(f, &by_site, missing);   /* memory back: the same, again */
    zlua_ic_call by_name = {.function = "RetEmpty", .function_len = 8, .ret_meta = table,
                            .ret_slot = &v};
    expect_memory_error(f, &by_name, missing);

    /* a number no string was made of yet: its conversion allocates */
    zlua_ic_call number = {.function = "BoomNumber", .function_len = 10};
    for (int n = 0; n < 2; n++) {   /* warm */
        assert_int_equal(zlua_ic_invoke(L, &number), ZLUA_ELUA);
        assert_string_equal(zlua_ic_error(L, &number, NULL), "1");
        zlua_ic_done(L, &number);
    }
    lua_pushinteger(L, 987654321);
    lua_setglobal(L, "Num");
    regrow(L);
    f->alloc.fail_all = 1;
    f->alloc.failed = 0;
    assert_int_equal(zlua_ic_invoke(L, &number), ZLUA_ELUA);
    f->alloc.fail_all = 0;
    assert_true(f->alloc.failed > 0);
    assert_string_equal(zlua_ic_error(L, &number, NULL), "not enough memory");
    zlua_ic_done(L, &number);
    assert_int_equal(zlua_ic_invoke(L, &number), ZLUA_ELUA);
    assert_string_equal(zlua_ic_error(L, &number, NULL), "987654321");
    zlua_ic_done(L, &number);

    /* and a table that has the keys */
    assert_int_equal(unit_dostring(L, "Empty.X = 3 Empty.Y = 4"), 0);
    assert_int_equal(zlua_ic_invoke(L, &by_site), ZLUA_OK);
    zlua_ic_done(L, &by_site);
    assert_true(v.x == 3 && v.y == 4);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_ref_object_set_string),
        T(test_ref_object_set_int_and_nil),
        T(test_ref_object_get_is_byobj),
        T(test_ref_object_to_user_data),
        T(test_ref_string),
        T(test_ref_int),
        T(test_byval_point),
        T(test_mixed_arguments),
        T(test_result_into_ret_slot),
        T(test_lua_error_is_reported),
        T(test_saved_handle_expires),
        T(test_outer_scope_restored),
        T(test_frame_without_scope),
        T(test_other_thread_refused),
        T(test_bad_arguments),
        T(test_bad_arguments_then_done_keeps_stack),
        T(test_call_reused_after_success),
        T(test_state_without_zlua),
        T(test_ref_int_call_allocates_nothing),
        T(test_function_name_with_length),
        T(test_site_misuse),
        T(test_call_by_name_with_method),
        T(test_site_call_allocates_nothing),
        T(test_memory_exhausted_after_the_call),
        cmocka_unit_test(test_site_across_states),
        cmocka_unit_test(test_site_two_states),
    };
#undef T
    /* a Table result for the memory tests (process-wide, before any state) */
    static const zlua_marshal_rule rules[] = {
        {"ZLuaTests.Chain", "Diag", "(System.Single)", -1, ZLUA_RULE_RETURN, ZLUA_RULE_XML,
         ZLUA_MARSHAL_TABLE, "X,Y", "test_ic"},
    };
    static const zlua_marshal_table tables[] = {{"ZLua.Tests", rules, 1, ZLUA_MARSHAL_VALIDATED}};
    if (zlua_rules_register(tables, 1) != ZLUA_OK)
        return 1;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
