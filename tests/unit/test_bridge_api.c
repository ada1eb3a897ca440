/*
 * test_bridge_api.c -- the public bridge API of zlua.h (R-META-3):
 * reduced signatures and method keys as the generator and the
 * binder spell them, the registration contract, the writers and registry
 * pushes generated code may call, resolving an OpaqueValue from C, and
 * which methods the generated stubs serve.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "il2cpp/il2cpp_api.h"
#include "sim.h"
#include "testbed_rt.h"
#include "unit_support.h"
#include "zlua.h"
#include "zlua_stub.h"


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

/* A table as the generator emits it, of this build's stub ABI (or another). */
#define STUBS(abi, entries, n) (&(const zlua_stub_table){(abi), (entries), (n)})

static char contract_line[256];
static void contract_sink(void *ud, const char *line)
{
    (void)ud;
    snprintf(contract_line, sizeof contract_line, "%s", line);
}

static void test_register_contract(void **state)
{
    (void)state;
    lua_State *L = unit_state_new_bare(NULL, NULL);
    static const zlua_stub_entry sorted[] = {{"A:1", "v()", dummy, NULL, NULL},
                                             {"B:1", "v()", dummy, NULL, NULL}};
    static const zlua_stub_entry unsorted[] = {{"B:1", "v()", dummy, NULL, NULL},
                                               {"A:1", "v()", dummy, NULL, NULL}};
    static const zlua_stub_entry holes[] = {{"A:1", "v()", NULL, NULL, NULL}};
    static const zlua_stub_entry unsigned_[] = {{"A:1", NULL, dummy, NULL, NULL}};
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, sorted, 2)),
                     ZLUA_ESTATE);   /* not open */
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, unsorted, 2)), ZLUA_EINVAL);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, holes, 1)), ZLUA_EINVAL);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, unsigned_, 1)),
                     ZLUA_EINVAL);   /* no signature */
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, NULL, 1)), ZLUA_EINVAL);
    assert_int_equal(zlua_stub_register(L, NULL), ZLUA_EINVAL);
    /* a table of another stub ABI is refused, with a line
     * naming both numbers, and leaves the state free to register the
     * right one */
    assert_int_equal(zlua_state_set_log(L, contract_sink, NULL), ZLUA_OK);
    contract_line[0] = '\0';
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI + 1, sorted, 2)),
                     ZLUA_EVERSION);
    char want[256];
    snprintf(want, sizeof want,
             "[ZLua] zlua_stub_register: the table was compiled for stub ABI %u, this libzlua "
             "has stub ABI %u; regenerate it with this libzlua's zlua-stubgen and compile it "
             "with its zlua_stub.h",
             ZLUA_STUB_ABI + 1, ZLUA_STUB_ABI);
    assert_string_equal(contract_line, want);
    assert_int_equal(zlua_stub_abi(), ZLUA_STUB_ABI);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, sorted, 2)), ZLUA_OK);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, sorted, 2)),
                     ZLUA_EINVAL);   /* once per state */
    /* an entry no method of this state bound is refused when called */
    lua_pushcfunction(L, unbound_entry);
    assert_int_equal(lua_pcall(L, 0, 0, 0), LUA_ERRRUN);
    assert_string_equal(lua_tostring(L, -1),
                        "zlua: stub entry 0 called in a state that did not bind it");
    lua_settop(L, 0);
    lua_close(L);
}

/* ---- a stale table binds nothing wrongly (R-META-3) ---------------------------- */

typedef struct stale_entry {
    char key[128], sig[256];
} stale_entry;

#define STALE_MAX 160
static stale_entry stale[STALE_MAX];
static zlua_stub_entry stale_table[STALE_MAX];
#define STALE_LINES 256
static char stale_log[STALE_LINES][256];
static int stale_lines;

static void stale_sink(void *ud, const char *line)
{
    (void)ud;
    if (stale_lines < STALE_LINES)
        snprintf(stale_log[stale_lines], sizeof stale_log[0], "%s", line);
    stale_lines++;
}

/* How many log lines are exactly `line`. */
static int stale_logged(const char *line)
{
    int found = 0;
    for (int i = 0; i < stale_lines && i < STALE_LINES; i++)
        found += strcmp(stale_log[i], line) == 0;
    return found;
}

/* What a table entry Lua should never reach runs: it says so. */
static int stale_entry_fn(lua_State *L)
{
    lua_pushliteral(L, "stale stub called");
    return 1;
}

static int stale_cmp(const void *a, const void *b)
{
    return strcmp(((const zlua_stub_entry *)a)->key, ((const zlua_stub_entry *)b)->key);
}

static int stale_add(int n, const MethodInfo *keyed, const char *sig)
{
    assert_true(n < STALE_MAX);
    assert_true(zlua_bridge_method_key(keyed, stale[n].key, sizeof stale[n].key) > 0);
    snprintf(stale[n].sig, sizeof stale[n].sig, "%s", sig);
    stale_table[n] = (zlua_stub_entry){stale[n].key, stale[n].sig, stale_entry_fn, NULL, NULL};
    return n + 1;
}

/* The kind of CS.<path>'s function and its result for the call `args`. */
static const char *stale_call(lua_State *L, const char *path, const char *args, char *out,
                              size_t size)
{
    char code[256];
    snprintf(code, sizeof code, "local f = CS.%s; return f, tostring(f(%s))", path, args);
    assert_int_equal(unit_dostring(L, code), 0);
    snprintf(out, size, "%s", lua_tostring(L, -1));
    const char *kind = zlua_bridge_kind(L, -2);
    lua_settop(L, 0);
    return kind;
}

/* A table generated from assemblies in which Demo had one method more
 * before each of its methods: every key names the method after the one
 * it was generated for (the tokens shifted by one when stripping removed
 * the first).  A method takes its entry only when the signatures agree;
 * each other one keeps the generic invoker and the log says why, once.
 * And entries of the right signature for methods whose code no stub may
 * call (sim_pointers.c) are never taken, silently. */
static void test_stale_table(void **state)
{
    (void)state;
    const MethodInfo *ms[STALE_MAX];
    int nm = 0, n = 0;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(sim_class("Demo"), &iter)) != NULL && nm < STALE_MAX)
        ms[nm++] = mi;
    char sig[256];
    for (int i = 0; i + 1 < nm; i++)
        if (zlua_bridge_signature(ms[i + 1], sig, sizeof sig) > 0)
            n = stale_add(n, ms[i], sig);
    const char *ptrs[] = {"NoPointer", "Indirect", "Unresolved"};
    for (int i = 0; i < 3; i++)
        n = stale_add(n, sim_method("ZLuaTests.Pointers", ptrs[i], 2), "i4(i4,i4)");
    qsort(stale_table, (size_t)n, sizeof stale_table[0], stale_cmp);

    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    testbed_rt_set_lua_state(L);
    stale_lines = 0;
    assert_int_equal(zlua_state_set_log(L, stale_sink, NULL), ZLUA_OK);
    assert_int_equal(zlua_stub_register(L, STUBS(ZLUA_STUB_ABI, stale_table, (size_t)n)), ZLUA_OK);

    /* Add's key carries the signature of the method after it, AddLong */
    char out[64], key[128], want[512];
    assert_string_equal(stale_call(L, "Demo.Add", "1, 2", out, sizeof out), "generic");
    assert_string_equal(out, "3");
    assert_true(zlua_bridge_method_key(sim_method("Demo", "Add", 2), key, sizeof key) > 0);
    snprintf(want, sizeof want,
             "[ZLua] Demo.Add: stub entry %s was generated for i8(i8,i8), not i4(i4,i4); "
             "the generic invoker serves it", key);
    assert_int_equal(stale_logged(want), 1);
    int lines = stale_lines;   /* binding Demo logged each mismatch once */
    assert_true(lines > 1 && lines < STALE_LINES);
    assert_string_equal(stale_call(L, "Demo.AddLong", "40, 2", out, sizeof out), "generic");
    assert_string_equal(out, "42");
    assert_string_equal(stale_call(L, "Demo.Concat", "'a', 'b'", out, sizeof out), "generic");
    assert_string_equal(out, "ab");
    assert_string_equal(stale_call(L, "Demo.Add", "3, 4", out, sizeof out), "generic");
    assert_string_equal(out, "7");
    assert_int_equal(stale_lines, lines);
    for (int i = 0; i < lines; i++)
        assert_non_null(strstr(stale_log[i], "the generic invoker serves it"));
    /* every method of Demo Lua binds: an entry only of its own signature */
    for (int i = 0; i + 1 < nm; i++) {
        char own[256], next[256], code[256];
        const char *name = il2cpp_method_get_name(ms[i]);
        if (zlua_bridge_signature(ms[i], own, sizeof own) == 0 || name[0] == '.' ||
            strncmp(name, "get_", 4) == 0 || strncmp(name, "set_", 4) == 0 ||
            strncmp(name, "add_", 4) == 0 || strncmp(name, "remove_", 7) == 0)
            continue;
        size_t count = 0;   /* overloads: the first candidate's kind */
        for (int j = 0; j < nm; j++)
            count += strcmp(il2cpp_method_get_name(ms[j]), name) == 0;
        if (count > 1)
            continue;
        int same = zlua_bridge_signature(ms[i + 1], next, sizeof next) > 0 &&
                   strcmp(own, next) == 0;
        snprintf(code, sizeof code, "return CS.Demo['%s']", name);
        assert_int_equal(unit_dostring(L, code), 0);
        const char *kind = zlua_bridge_kind(L, -1);
        if (kind == NULL)
            fail_msg("Demo.%s: not a method function", name);
        if (strcmp(kind, same ? "stub" : "generic") != 0)
            fail_msg("Demo.%s (%s, entry of %s): %s", name, own, next, kind);
        lua_settop(L, 0);
    }
    /* the right signature, but a pointer no stub may call: no log line */
    lines = stale_lines;
    for (int i = 0; i < 3; i++) {
        char path[64];
        snprintf(path, sizeof path, "ZLuaTests.Pointers.%s", ptrs[i]);
        assert_string_equal(stale_call(L, path, "4, 2", out, sizeof out), "generic");
        assert_string_equal(out, "42");
    }
    assert_int_equal(stale_lines, lines);
    testbed_rt_set_lua_state(NULL);
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
    assert_true(zlua_meta_pop(L, -1, im, &v) != 0);   /* the default marshal rules: no string coercion */
    lua_settop(L, 0);
    float xy[2] = {1.5f, 2.5f};
    zlua_meta_push(L, pm, xy);
    lua_setglobal(L, "p");
    assert_int_equal(unit_dostring(L, "assert(p.x == 1.5 and p.y == 2.5)"), 0);

    zlua_stats s0, s1;
    assert_int_equal(zlua_state_stats(L, &s0), ZLUA_OK);
    assert_int_equal(zlua_registry_push_struct(L, point, xy), ZLUA_OK);
    lua_setglobal(L, "q");
    assert_int_equal(unit_dostring(L, "assert(q.x == 1.5)"), 0);
    assert_int_equal(zlua_state_stats(L, &s1), ZLUA_OK);
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
    assert_int_equal(zlua_opaque_push(L, &slot, il2cpp_class_get_type(sim_class("System.Int32"))),
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
        cmocka_unit_test(test_stale_table),
        cmocka_unit_test(test_writers_and_registries),
        cmocka_unit_test(test_opaque_from_c),
        cmocka_unit_test(test_which_methods_have_stubs),
    };
    return cmocka_run_group_tests(tests, unit_setup_runtime, NULL);
}
