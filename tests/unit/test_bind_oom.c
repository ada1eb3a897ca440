/*
 * test_bind_oom.c -- R-OOM-2: a failed allocation while binding caches
 * nothing; once memory is back, the same operation succeeds.
 *
 * Each case runs in fresh states, one per allocation it makes: the k-th
 * allocation from the start of the operation fails, the operation raises
 * (or copes), then the same operation runs again with memory back and must
 * give the right result.  The loop ends at the first k the operation never
 * reaches, so every allocation of the first call -- type tables, member
 * tables, metas, overload indexes, delegate types -- fails once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lauxlib.h>

#include "unit_support.h"
#include "zlua.h"

#define MAX_POINTS 20000

typedef struct bind_case {
    const char *name;
    const char *op;   /* a chunk returning true when it gave the right result */
} bind_case;

static const bind_case cases[] = {
#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS   /* a Lua function as a delegate needs the generated entries */
    {"delegate type", "return CS.Demo.ApplyFunc(function(x) return x + 1 end, 1) == 2"},
    {"delegate of a struct", "local P = CS.MyGame.Point2D\n"
                             "return CS.Demo.ApplyPoint(function(h) return zlua.get_opaquevalue(h).x end, P(3, 4)) == 3"},
#endif
    {"struct members", "return CS.MyGame.Point2D(3, 4):Length() == 5"},
    {"strings", "return CS.Demo.Concat('a', 'b') == 'ab'"},
    {"indexer", "local b = CS.MyGame.Bag() b[3] = 7 b.k = 'v' return b[3] == 7 and b.k == 'v'"},
    {"overloads", "return CS.Demo.Pick(1) == 'int' and CS.Demo.Pick('s') == 'string'"},
    {"boxed enum", "return zlua.box(CS.MyGame.Color, 2):ToString() == 'Blue'"},
    {"extension method", "local p = CS.Demo.MakePlayer('a') local hp = p.Hp p:Heal(5) "
                         "return p.Hp == hp + 5"},
    {"new_ref", "local r = zlua.new_ref(zlua.types.int32, 5) CS.Demo.Increment(r) "
                "return r.value == 6"},
#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS
    {"event", "local c = CS.MyGame.Counter() local seen = 0 "
              "c:add_Changed(function(v) seen = v end) c:Add(3) return seen == 3"},
#endif
    {"operators", "local V = CS.MyGame.Vector2 local v = V(1, 2) + V(3, 4) "
                  "return v.X == 4 and (V(1, 1) < V(2, 2))"},
    {"arrays", "local a = CS.Demo.MakeArray(3) local t = zlua.to_table(a) "
               "return #t == 3 and CS.Demo.ArraySum({1, 2, 3}) == 6 and CS.Demo.Sum({1, 2}) == 3"},
    {"list and dictionary", "local l = CS.Demo.MakeList(3) local n = 0 "
                            "for _, v in pairs(l) do n = n + 1 end "
                            "local d = CS.Demo.MakeDict() for k, v in pairs(d) do n = n + 1 end "
                            "return n >= 3 and #l == 3"},
    {"generic method", "return zlua.generic(CS.Demo.First, zlua.types.int)({5, 6}) == 5"},
    {"typeof and cast", "local p = CS.Demo.MakePlayer('b') "
                        "return zlua.typeof(CS.MyGame.Player) ~= nil and "
                        "rawequal(zlua.cast(p, CS.MyGame.Player), p)"},
    {"CSharp", "return rawequal(CSharp.AC['MyGame.Point2D'], CS.MyGame.Point2D)"},
    {"defaults and nullables", "return CS.Demo.PickDefault(1) == 6 and CS.Demo.OrZero(nil) == 0 "
                               "and CS.Demo.MaybeInt(true) == 7"},
    {"a generic instance by name", "local _ = CS.Demo.OrZero "
                                   "local N = CS['System.Nullable`1[System.Int32]'] "
                                   "return N(5) == 5 and zlua.box(N, 3) ~= nil"},
    {"property and static writes", "local p = CS.Demo.MakePlayer('c') p.Level = 4 "
                                   "CS.MyGame.Player.Count = 1 return p.Level == 4"},
    {"a returned delegate", "local add = CS.Demo.MakeAdder(1) return add(2, 3) == 6"},
    {"object parameters", "return CS.Demo.Describe(5) == 'System.Int32' and "
                          "CS.Demo.PickObj('s') == 'string'"},
    {"IC call", "function OnRefInt(h) CS.Demo.IncrementOpaque(h) end "
                "return CS.Demo.CallOnRefInt(1) == 2"},
};

/* The same operations after others, run first without faults: types bound
 * before move where a table of the state must grow during the binding. */
typedef struct prefixed_case {
    const char *name;
    const char *prefix;
    const char *op;
} prefixed_case;

static const prefixed_case prefixed[] = {
#if defined(ZLUA_WITH_STUBS) && ZLUA_WITH_STUBS
    /* the class map's growth falls inside Demo's methods: a method whose
     * parameter's class could not be recorded was left out of Demo's
     * members for good ("'Demo' has no member 'ApplyFunc'") */
    {"delegate type, other types bound before",
     "local v = CS.MyGame.Vector2(1, 2) + CS.MyGame.Vector2(3, 4) return v.X == 4",
     "return CS.Demo.ApplyFunc(function(x) return x + 1 end, 1) == 2"},
#endif
    {"struct members, other types bound before", "return CS.Demo.Concat('a', 'b') == 'ab'",
     "return CS.MyGame.Point2D(3, 4):Length() == 5"},
};

/* Runs op; 1 when it returned true, else 0 with the message in msg. */
static int run_op(lua_State *L, const char *op, char *msg, size_t cap)
{
    int ok = luaL_loadstring(L, op) == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK;
    if (ok && lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        return 1;
    }
    snprintf(msg, cap, "%s", ok ? "wrong result"
                                : (lua_tostring(L, -1) ? lua_tostring(L, -1) : "(no message)"));
    lua_pop(L, 1);
    return 0;
}

/* A fresh state with prefix run (NULL: none); fails the test if it fails. */
static lua_State *state_after(lua_Alloc f, unit_alloc *a, const char *name, const char *prefix)
{
    char msg[512];
    lua_State *L = unit_state_new(f, a);
    assert_non_null(L);
    if (prefix != NULL && !run_op(L, prefix, msg, sizeof msg))
        fail_msg("%s: the prefix fails: %s", name, msg);
    return L;
}

static void check_op(const char *name, const char *prefix, const char *op)
{
    char msg[512];
    int k;
    lua_State *clean = state_after(NULL, NULL, name, prefix);
    if (!run_op(clean, op, msg, sizeof msg))
        fail_msg("%s: fails without a fault: %s", name, msg);
    unit_state_close(clean);
    for (k = 0; k < MAX_POINTS; k++) {
        unit_alloc a;
        unit_alloc_init(&a);
        lua_State *L = state_after(unit_alloc_fn, &a, name, prefix);
        a.fail_in = k;
        int first = run_op(L, op, msg, sizeof msg);
        int reached = a.fail_in < 0;
        a.fail_in = -1;
        if (!reached) {   /* the op made fewer than k+1 allocations: all covered */
            assert_true(first);
            unit_state_close(L);
            break;
        }
        /* a lookup that could not record the type it found says so, not
         * "type not found" (R-OOM-2) */
        if (!first && strstr(msg, "not enough memory") == NULL)
            fail_msg("%s: allocation %d failed, and the call raised another error: %s", name,
                     k, msg);
        if (!run_op(L, op, msg, sizeof msg))
            fail_msg("%s: after allocation %d of the first call failed, the same call "
                     "with memory back raised: %s", name, k, msg);
        unit_state_close(L);
    }
    assert_true(k > 0 && k < MAX_POINTS);
}

static void test_bind_failures_cache_nothing(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_op(cases[i].name, NULL, cases[i].op);
    for (size_t i = 0; i < sizeof prefixed / sizeof prefixed[0]; i++)
        check_op(prefixed[i].name, prefixed[i].prefix, prefixed[i].op);
}

int main(void)
{
    unit_gc_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bind_failures_cache_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
