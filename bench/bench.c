/*
 * bench.c -- libzlua hot paths against hand-written Lua C API baselines,
 * measured in the same run.
 *
 * Every case runs interleaved with its baseline, ZLUA_BENCH_ROUNDS times;
 * the best round of each is kept (the machines are noisy, minimum time is
 * the stable statistic).  Allocations are counted exactly over the timed
 * rounds: Lua allocator requests (nsize > 0) and managed allocations of
 * the simulated runtime, divided by the number of operations.
 *
 * Usage: zlua-bench [ITERATIONS [CASES]]
 *   ITERATIONS  operations per round (default 2 000 000)
 *   CASES       letters of the cases to run, e.g. "be" (default: all)
 *
 * With ZLUA_BENCH_SIDE=zlua or =base, runs only that side of the first
 * selected case, once, untimed: tools/bench-callgrind.sh counts its
 * instructions at two iteration counts and prints the difference per op
 * (instruction counts do not depend on the machine's load).
 *
 * Case i is not a hot path but a scaling check: one op is a
 * fresh state, zlua_open and the first CS.MyGame.Point2D, with the
 * simulation's generated assembly of ZLUA_BENCH_GENERATED classes shown
 * (the zlua column) and hidden (the base column); it runs one op per
 * ZLUA_BENCH_OPEN_DIV iterations, and prints the memory of one such state
 * both ways after the table.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>               /* mallinfo2 (glibc >= 2.33) */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "il2cpp-class-internals.h"   /* MethodInfo: the baselines call bodies */
#include "il2cpp-object-internals.h"  /* Il2CppArray: the int[] baseline */
#include "sim.h"
#include "testbed.h"
#include "zlua.h"
#include "zlua_rt.h"

#define ZLUA_BENCH_ROUNDS 11
#define ZLUA_BENCH_INNER 100   /* get_opaquevalue calls per callback */
#define ZLUA_BENCH_GENERATED 20000   /* classes of the generated assembly (case i) */
#define ZLUA_BENCH_OPEN_DIV 2000     /* case i: iterations per op */

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#define ZLUA_BENCH_MALLINFO 1
#endif

typedef struct bench_point { float x, y; } bench_point;

static testbed_alloc g_counter;
static int32_t g_slots[4] = {42, 0, 0, 0};

extern const zlua_marshal_table zlua_fixture_marshal[];   /* build outputs */
extern const size_t zlua_fixture_marshal_count;

/* ---- baselines: what a careful hand-written binding does ----------------- */

/* (a) a C function returning an integer read from an array slot */
static int base_get(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, 1);
    lua_pushinteger(L, g_slots[i & 3]);
    return 1;
}

/* (b) __index reading a float at a fixed offset */
static int base_index(lua_State *L)
{
    const bench_point *p = lua_touserdata(L, 1);
    const char *k = lua_tostring(L, 2);
    if (k != NULL && k[0] == 'x' && k[1] == '\0') {
        lua_pushnumber(L, p->x);
        return 1;
    }
    return luaL_error(L, "no member");
}

/* (j) the same, for a point type with methods: any other name is looked
 * up in its method table (upvalue 1), as a binding of a type with fields
 * and methods does */
static int base_index_methods(lua_State *L)
{
    const bench_point *p = lua_touserdata(L, 1);
    const char *k = lua_tostring(L, 2);
    if (k != NULL && k[0] == 'x' && k[1] == '\0') {
        lua_pushnumber(L, p->x);
        return 1;
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TFUNCTION)
        return 1;
    return luaL_error(L, "no member");
}

/* (c) __newindex storing a float at a fixed offset */
static int base_newindex(lua_State *L)
{
    bench_point *p = lua_touserdata(L, 1);
    const char *k = lua_tostring(L, 2);
    if (k != NULL && k[0] == 'x' && k[1] == '\0') {
        p->x = (float)luaL_checknumber(L, 3);
        return 0;
    }
    return luaL_error(L, "no member");
}

/* (d) lua_newuserdatauv + store + metatable, x and y at `at` and after */
static inline int base_point_at(lua_State *L, int at)
{
    bench_point *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->x = (float)luaL_checknumber(L, at);
    p->y = (float)luaL_checknumber(L, at + 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

static int base_new(lua_State *L)
{
    return base_point_at(L, 1);
}

/* (d) the same behind a callable table, the surface `CS.MyGame.Point2D`
 * offers (a type table: static members, and `__call` to construct), so
 * the call pays Lua's `__call` dispatch on both sides; `__call` is given
 * the table first */
static int base_new_call(lua_State *L)
{
    return base_point_at(L, 2);
}

/* (e) a lua_CFunction adding two integers */
static int base_add(lua_State *L)
{
    lua_pushinteger(L, luaL_checkinteger(L, 1) + luaL_checkinteger(L, 2));
    return 1;
}

/* (e, info) what any bridge must do before marshalling, and nothing else:
 * read its method from an upvalue, check the argument count, check that
 * each argument is an integer (the default marshal rules reject numeric strings, which
 * luaL_checkinteger accepts: one more API call per argument), push the
 * result.  The distance between this row and e is libzlua's own cost plus
 * IL2CPP's invoker shape. */
static int floor_add(lua_State *L)
{
    const int *nparams = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_gettop(L) != *nparams || !lua_isinteger(L, 1) || !lua_isinteger(L, 2))
        return luaL_error(L, "bad arguments");
    lua_pushinteger(L, (lua_Integer)(int32_t)(lua_tointeger(L, 1) + lua_tointeger(L, 2)));
    return 1;
}

static int g_floor_nparams = 2;

/* (j, k) instance methods.  The self check is as strict as libzlua's:
 * the userdata must carry this type's metatable (upvalue 1), the
 * argument count must match, a float argument must be a Lua number (the default
 * marshal rules: no numeric strings).  The method body is called through its method
 * pointer, as a generated binding calls it. */
static const MethodInfo *g_length_mi, *g_move_mi;
static Il2CppObject *g_player;   /* kept alive by a GC handle */

static void *base_self(lua_State *L)
{
    void *p = lua_touserdata(L, 1);
    if (p == NULL || !lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
        luaL_error(L, "bad self");
    lua_pop(L, 1);
    return p;
}

static float base_float(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TNUMBER)
        luaL_error(L, "bad argument");
    return (float)lua_tonumber(L, idx);
}

static int base_length(lua_State *L)   /* Point2D.Length() */
{
    typedef float (*length_fn)(void *, const MethodInfo *);
    if (lua_gettop(L) != 1)
        return luaL_error(L, "bad arguments");
    void *p = base_self(L);
    lua_pushnumber(L, ((length_fn)g_length_mi->methodPointer)(p, g_length_mi));
    return 1;
}

static int base_move(lua_State *L)     /* Player.Move(dx, dy) */
{
    typedef void (*move_fn)(void *, float, float, const MethodInfo *);
    if (lua_gettop(L) != 3)
        return luaL_error(L, "bad arguments");
    Il2CppObject *obj = *(Il2CppObject **)base_self(L);
    if (obj == NULL)
        return luaL_error(L, "object finalized");
    float dx = base_float(L, 2), dy = base_float(L, 3);
    ((move_fn)g_move_mi->methodPointer)(obj, dx, dy, g_move_mi);
    return 0;
}

/* (l, m) the player's Hp field (at its offset) and Level property
 * (through its getter's method pointer), as a binding reads them */
static const MethodInfo *g_level_mi, *g_same_mi, *g_pick_mi;
static size_t g_hp_offset;
/* (F) the player's Pos field (a Point2D), read into a new baseline point
 * and stored back from one; the point metatable's registry reference */
static size_t g_pos_offset;
static int g_point_mt = LUA_NOREF;

static Il2CppObject *base_object(lua_State *L)
{
    Il2CppObject **u = lua_touserdata(L, 1);   /* __index: its own metatable's */
    Il2CppObject *obj = u != NULL ? *u : NULL;
    if (obj == NULL)
        luaL_error(L, "object finalized");
    return obj;
}

/* (k, l, m) __index of the baseline player: the Hp field and the Level
 * property by name, then its method table (upvalue 1) */
static int base_obj_index(lua_State *L)
{
    const char *k = lua_tostring(L, 2);
    if (k != NULL && k[0] == 'H' && k[1] == 'p' && k[2] == '\0') {
        Il2CppObject *obj = base_object(L);
        lua_pushinteger(L, *(const int32_t *)((const char *)obj + g_hp_offset));
        return 1;
    }
    if (k != NULL && strcmp(k, "Level") == 0) {
        typedef int32_t (*get_fn)(void *, const MethodInfo *);
        Il2CppObject *obj = base_object(L);
        lua_pushinteger(L, ((get_fn)g_level_mi->methodPointer)(obj, g_level_mi));
        return 1;
    }
    if (k != NULL && k[0] == 'P' && strcmp(k, "Pos") == 0) {   /* (F) a copy */
        Il2CppObject *obj = base_object(L);
        bench_point *p = lua_newuserdatauv(L, sizeof *p, 0);
        memcpy(p, (const char *)obj + g_pos_offset, sizeof *p);
        lua_rawgeti(L, LUA_REGISTRYINDEX, g_point_mt);
        lua_setmetatable(L, -2);
        return 1;
    }
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TFUNCTION)
        return 1;
    return luaL_error(L, "no member");
}

/* (F) __newindex of the baseline player: Pos from a baseline point, its
 * type checked by its metatable, as a careful binding checks it */
static int base_obj_newindex(lua_State *L)
{
    const char *k = lua_tostring(L, 2);
    if (k != NULL && k[0] == 'P' && strcmp(k, "Pos") == 0) {
        Il2CppObject *obj = base_object(L);
        const bench_point *p = lua_touserdata(L, 3);
        int same = p != NULL && lua_getmetatable(L, 3) &&
                   lua_rawgeti(L, LUA_REGISTRYINDEX, g_point_mt) == LUA_TTABLE &&
                   lua_rawequal(L, -1, -2);
        if (!same)
            return luaL_error(L, "bad argument");
        memcpy((char *)obj + g_pos_offset, p, sizeof *p);
        return 0;
    }
    return luaL_error(L, "no member");
}

/* B.player(): a baseline userdata of the bench's Player object
 * (upvalue 1: its metatable) */
static int base_player(lua_State *L)
{
    Il2CppObject **u = lua_newuserdatauv(L, sizeof *u, 0);
    *u = g_player;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* (n) Demo.Same(p): the object goes in and comes back out as the same
 * userdata, through a weak cache keyed by the object (upvalue 1) */
static int base_same(lua_State *L)
{
    typedef Il2CppObject *(*same_fn)(Il2CppObject *, const MethodInfo *);
    Il2CppObject **u = lua_touserdata(L, 1);
    if (lua_gettop(L) != 1 || u == NULL || *u == NULL)
        return luaL_error(L, "bad argument");
    Il2CppObject *r = ((same_fn)g_same_mi->methodPointer)(*u, g_same_mi);
    if (lua_rawgetp(L, lua_upvalueindex(1), r) == LUA_TUSERDATA)
        return 1;
    lua_pop(L, 1);   /* first call: r is the argument's object, cached now */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 1);
    lua_rawsetp(L, lua_upvalueindex(1), r);
    return 1;
}

/* (o) Demo.Pick(int) alone: the call and its string result as UTF-8 */
static int base_pick(lua_State *L)
{
    typedef Il2CppString *(*pick_fn)(int32_t, const MethodInfo *);
    if (lua_gettop(L) != 1 || !lua_isinteger(L, 1))
        return luaL_error(L, "bad argument");
    Il2CppString *s = ((pick_fn)g_pick_mi->methodPointer)((int32_t)lua_tointeger(L, 1),
                                                           g_pick_mi);
    char buf[64];
    int32_t n = il2cpp_string_length(s);
    const Il2CppChar *c = il2cpp_string_chars(s);
    for (int32_t i = 0; i < n && i < (int32_t)sizeof buf; i++)
        buf[i] = (char)c[i];   /* ASCII results: the fixture's type names */
    lua_pushlstring(L, buf, (size_t)(n < (int32_t)sizeof buf ? n : (int32_t)sizeof buf));
    return 1;
}

/* (p) arr:get(3) on an int[]: __index finds `get` in the method table
 * (upvalue 1), the closure checks the argument count, that self carries
 * the array metatable, that the index is an integer inside the array, and
 * pushes the element, read through the array's header as a binding
 * compiled against IL2CPP's layout does */
static Il2CppArray *g_ints;       /* kept alive by a GC handle */
static uint32_t g_ints_data;      /* il2cpp_array_object_header_size() */

static int base_method_index(lua_State *L)
{
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TFUNCTION)
        return 1;
    return luaL_error(L, "no member");
}

static int base_ints_get(lua_State *L)
{
    if (lua_gettop(L) != 2)
        return luaL_error(L, "bad arguments");
    Il2CppArray *a = *(Il2CppArray **)base_self(L);
    if (!lua_isinteger(L, 2))
        return luaL_error(L, "bad argument");
    lua_Integer i = lua_tointeger(L, 2);
    if ((lua_Unsigned)i >= (lua_Unsigned)a->max_length)
        return luaL_error(L, "index out of range");
    lua_pushinteger(L, ((const int32_t *)((const char *)a + g_ints_data))[i]);
    return 1;
}

/* B.ints(): a baseline userdata of the bench's int[] (upvalue 1: its
 * metatable) */
static int base_ints(lua_State *L)
{
    Il2CppArray **u = lua_newuserdatauv(L, sizeof *u, 0);
    *u = g_ints;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* (q) Demo.Apply(f, 1, 2) by hand: the function's handle cached by its
 * address (a registry ref, in the table at upvalue 1, as a binding must
 * to hand C# the same delegate again), then what a hand-written IC call
 * does for IntOp(a, b): the function, two integers, lua_pcall, an int32
 * result.  The baseline has no managed call: it is the floor. */
static lua_State *g_q_L;

static int32_t base_q_invoke(int ref, int32_t a, int32_t b)
{
    lua_State *L = g_q_L;
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushinteger(L, a);
    lua_pushinteger(L, b);
    int32_t r = 0;
    if (lua_pcall(L, 2, 1, 0) == LUA_OK && lua_isinteger(L, -1))
        r = (int32_t)lua_tointeger(L, -1);
    lua_settop(L, top);
    return r;
}

static int base_apply(lua_State *L)
{
    if (lua_gettop(L) != 3 || lua_type(L, 1) != LUA_TFUNCTION || !lua_isinteger(L, 2) ||
        !lua_isinteger(L, 3))
        return luaL_error(L, "bad argument");
    const void *key = lua_topointer(L, 1);
    if (lua_rawgetp(L, lua_upvalueindex(1), key) != LUA_TNUMBER) {
        lua_pop(L, 1);
        lua_pushvalue(L, 1);
        lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
        lua_pushvalue(L, -1);
        lua_rawsetp(L, lua_upvalueindex(1), key);
    }
    int ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    g_q_L = L;
    lua_pushinteger(L, base_q_invoke(ref, (int32_t)lua_tointeger(L, 2),
                                     (int32_t)lua_tointeger(L, 3)));
    return 1;
}

/* (r) Demo.Offset(ref Point2D p, int dx, int dy) on a point userdata: its
 * payload is the ref; integers checked as the default marshal rules ask (no numeric strings) */
static const MethodInfo *g_offset_mi;

/* (s) Demo.Increment(ref int) on an int userdata: its payload is the ref */
static const MethodInfo *g_increment_mi;

static int base_increment(lua_State *L)
{
    typedef void (*inc_fn)(int32_t *, const MethodInfo *);
    int32_t *v = lua_touserdata(L, 1);
    if (lua_gettop(L) != 1 || v == NULL || lua_rawlen(L, 1) < sizeof *v)
        return luaL_error(L, "bad arguments");
    ((inc_fn)g_increment_mi->methodPointer)(v, g_increment_mi);
    return 0;
}

/* (t) v + w on Vector2: a hand-written __add checks both
 * operands are its 2-float userdata (metatable, upvalue 1), calls
 * op_Addition and builds the result userdata */
typedef struct bench_v2 {
    float x, y;
} bench_v2;

static const MethodInfo *g_v2add_mi;

static bench_v2 *base_v2_check(lua_State *L, int idx)
{
    bench_v2 *v = lua_touserdata(L, idx);
    if (v == NULL || lua_rawlen(L, idx) < sizeof *v || !lua_getmetatable(L, idx))
        return NULL;
    int same = lua_rawequal(L, -1, lua_upvalueindex(1));
    lua_pop(L, 1);
    return same ? v : NULL;
}

static int base_v2_add(lua_State *L)
{
    typedef bench_v2 (*add_fn)(bench_v2, bench_v2, const MethodInfo *);
    bench_v2 *a = base_v2_check(L, 1), *b = base_v2_check(L, 2);
    if (a == NULL || b == NULL)
        return luaL_error(L, "bad operands");
    bench_v2 r = ((add_fn)g_v2add_mi->methodPointer)(*a, *b, g_v2add_mi);
    bench_v2 *out = lua_newuserdatauv(L, sizeof *out, 0);
    *out = r;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* B.v2(x, y): a baseline Vector2 (upvalue 1: its metatable) */
static int base_v2_new(lua_State *L)
{
    bench_v2 *v = lua_newuserdatauv(L, sizeof *v, 0);
    v->x = (float)luaL_checknumber(L, 1);
    v->y = (float)luaL_checknumber(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* (u) bag[3] on MyGame.Bag: a hand-written __index taking an
 * integer key to get_Item(int) on the object the userdata holds */
static const MethodInfo *g_bag_get_mi;

static int base_bag_index(lua_State *L)
{
    typedef int32_t (*get_fn)(void *, int32_t, const MethodInfo *);
    Il2CppObject **u = lua_touserdata(L, 1);
    if (u == NULL || lua_rawlen(L, 1) < sizeof *u || *u == NULL || !lua_isinteger(L, 2))
        return luaL_error(L, "bad index");
    lua_Integer i = lua_tointeger(L, 2);
    if (i < INT32_MIN || i > INT32_MAX)
        return luaL_error(L, "bad index");
    lua_pushinteger(L, ((get_fn)g_bag_get_mi->methodPointer)(*u, (int32_t)i, g_bag_get_mi));
    return 1;
}

/* (v) B.pairs(t): a hand-written index-from-0 iterator over a Lua array
 * with lua_rawgeti, the baseline of pairs over a List<int> */
static int base_list_next(lua_State *L)
{
    lua_Integer i = lua_isnoneornil(L, 2) ? 0 : luaL_checkinteger(L, 2) + 1;
    if (lua_rawgeti(L, 1, i + 1) == LUA_TNIL)
        return 0;
    lua_pushinteger(L, i);
    lua_insert(L, -2);
    return 2;
}

static int base_pairs(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushcfunction(L, base_list_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* B.bag(): a baseline userdata over one Bag (upvalue 1: its metatable) */
static Il2CppObject *g_bag;

static int base_bag(lua_State *L)
{
    Il2CppObject **u = lua_newuserdatauv(L, sizeof *u, 0);
    *u = g_bag;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* B.int(v): a baseline int userdata */
static int base_int(lua_State *L)
{
    int32_t *v = lua_newuserdatauv(L, sizeof *v, 0);
    *v = (int32_t)luaL_checkinteger(L, 1);
    return 1;
}

static int base_offset(lua_State *L)
{
    typedef void (*offset_fn)(void *, int32_t, int32_t, const MethodInfo *);
    bench_point *p = lua_touserdata(L, 1);
    if (lua_gettop(L) != 3 || p == NULL || lua_rawlen(L, 1) < sizeof *p ||
        !lua_isinteger(L, 2) || !lua_isinteger(L, 3))
        return luaL_error(L, "bad arguments");
    ((offset_fn)g_offset_mi->methodPointer)(p, (int32_t)lua_tointeger(L, 2),
                                            (int32_t)lua_tointeger(L, 3), g_offset_mi);
    return 0;
}

/* Pushes a metatable whose __index is `index` over a method table holding
 * `method` as `name` (the method's upvalue: the metatable). */
static void bench_push_method_mt(lua_State *L, lua_CFunction index, const char *name,
                                 lua_CFunction method)
{
    lua_newtable(L);                       /* the metatable */
    lua_newtable(L);                       /* its method table */
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, method, 1);
    lua_setfield(L, -2, name);
    lua_pushcclosure(L, index, 1);
    lua_setfield(L, -2, "__index");
}

/* (w, x, y) [LuaMarshalAs]: a Vector2 by hand (bench_v2) */
static const MethodInfo *g_store_pos_mi, *g_get_pos_mi;

static void base_store_pos(bench_v2 v)
{
    typedef void (*store_fn)(bench_v2, const MethodInfo *);
    ((store_fn)g_store_pos_mi->methodPointer)(v, g_store_pos_mi);
}

/* (w) FooUnpacked(y, x): two luaL_checknumber into a struct */
static int base_foo_unpacked(lua_State *L)
{
    bench_v2 v;
    v.y = (float)luaL_checknumber(L, 1);
    v.x = (float)luaL_checknumber(L, 2);
    base_store_pos(v);
    return 0;
}

/* (x) FooTable(t): two lua_getfield by interned key */
static int base_foo_table(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "X");
    lua_getfield(L, 1, "Y");
    bench_v2 v = {(float)luaL_checknumber(L, -2), (float)luaL_checknumber(L, -1)};
    lua_pop(L, 2);
    base_store_pos(v);
    return 0;
}

/* (z) Chain.MakeCell(a, b) -> {A = a, B = b}: the one table a Table push makes */
static const MethodInfo *g_make_cell_mi;
typedef struct bench_cell {
    int32_t A, B;
} bench_cell;

static int base_make_cell(lua_State *L)
{
    typedef bench_cell (*make_fn)(int32_t, int32_t, const MethodInfo *);
    if (lua_gettop(L) != 2 || !lua_isinteger(L, 1) || !lua_isinteger(L, 2))
        return luaL_error(L, "bad arguments");
    bench_cell c = ((make_fn)g_make_cell_mi->methodPointer)((int32_t)lua_tointeger(L, 1),
                                                            (int32_t)lua_tointeger(L, 2),
                                                            g_make_cell_mi);
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, c.A);
    lua_setfield(L, -2, "A");
    lua_pushinteger(L, c.B);
    lua_setfield(L, -2, "B");
    return 1;
}

/* (h) MyGame.Tagged(id, name), a struct holding references, bound by
 * hand as a player binding would: the Lua string made a managed string,
 * the constructor called through its method pointer on the userdata's
 * own payload, each reference it holds kept alive by a GC handle, which
 * __gc frees.  What libzlua adds is the argument checks of a script-safe
 * call and its NotBlittableStructRegistry cell in place of the handles. */
static const MethodInfo *g_tagged_ctor_mi;
typedef struct bench_tagged {
    int32_t id;
    Il2CppString *name;
    Il2CppObject *payload;
} bench_tagged;
typedef struct base_tagged_ud {
    bench_tagged v;
    uintptr_t handles[2];
} base_tagged_ud;

static int base_tagged_gc(lua_State *L)
{
    base_tagged_ud *u = lua_touserdata(L, 1);
    for (int i = 0; i < 2; i++)
        if (u->handles[i] != 0) {
            zlua_rt_gchandle_free(u->handles[i]);
            u->handles[i] = 0;
        }
    return 0;
}

static int base_tagged_new(lua_State *L)
{
    typedef void (*ctor_fn)(bench_tagged *, int32_t, Il2CppString *, const MethodInfo *);
    size_t len;
    if (!lua_isinteger(L, 1) || lua_type(L, 2) != LUA_TSTRING)
        return luaL_error(L, "bad arguments");
    const char *s = lua_tolstring(L, 2, &len);
    Il2CppString *name = il2cpp_string_new_len(s, (uint32_t)len);
    base_tagged_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
    memset(u, 0, sizeof *u);
    ((ctor_fn)g_tagged_ctor_mi->methodPointer)(&u->v, (int32_t)lua_tointeger(L, 1), name,
                                               g_tagged_ctor_mi);
    if (u->v.name != NULL)
        u->handles[0] = zlua_rt_gchandle_new((Il2CppObject *)u->v.name, 0);
    if (u->v.payload != NULL)
        u->handles[1] = zlua_rt_gchandle_new(u->v.payload, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

/* (y) GetPos(): two results */
static int base_get_pos(lua_State *L)
{
    typedef bench_v2 (*get_fn)(const MethodInfo *);
    bench_v2 v = ((get_fn)g_get_pos_mi->methodPointer)(g_get_pos_mi);
    lua_pushnumber(L, v.x);
    lua_pushnumber(L, v.y);
    return 2;
}

static void bench_open_baselines(lua_State *L)
{
    lua_newtable(L);
    lua_pushcfunction(L, base_get);
    lua_setfield(L, -2, "get");
    lua_pushcfunction(L, base_add);
    lua_setfield(L, -2, "add");
    lua_newtable(L);                       /* (q) the function cache */
    lua_pushcclosure(L, base_apply, 1);
    lua_setfield(L, -2, "apply");
    lua_pushlightuserdata(L, &g_floor_nparams);
    lua_pushcclosure(L, floor_add, 1);
    lua_setfield(L, -2, "floor_add");
    lua_newtable(L);                       /* the baseline point metatable */
    lua_pushcfunction(L, base_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, base_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, base_new, 1);
    lua_setfield(L, -3, "new");
    lua_newtable(L);                       /* (d) B.Point: a callable type table */
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, -3);
    lua_pushcclosure(L, base_new_call, 1);
    lua_setfield(L, -2, "__call");
    lua_setmetatable(L, -2);
    lua_setfield(L, -3, "Point");
    lua_pushvalue(L, -1);
    g_point_mt = luaL_ref(L, LUA_REGISTRYINDEX);   /* (F) the player's Pos */
    lua_setfield(L, -2, "point_mt");
    bench_push_method_mt(L, base_index_methods, "Length", base_length);
    lua_pushcclosure(L, base_new, 1);      /* B.mnew: a point with methods */
    lua_setfield(L, -2, "mnew");
    bench_push_method_mt(L, base_obj_index, "Move", base_move);  /* player */
    lua_pushcfunction(L, base_obj_newindex);   /* (F) o.Pos = p */
    lua_setfield(L, -2, "__newindex");
    lua_pushcclosure(L, base_player, 1);
    lua_setfield(L, -2, "player");
    lua_newtable(L);                       /* B.same's cache: weak values */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, base_same, 1);
    lua_setfield(L, -2, "same");
    lua_pushcfunction(L, base_pick);
    lua_setfield(L, -2, "pick");
    lua_pushcfunction(L, base_foo_unpacked);
    lua_setfield(L, -2, "foo_unpacked");
    lua_pushcfunction(L, base_foo_table);
    lua_setfield(L, -2, "foo_table");
    lua_pushcfunction(L, base_get_pos);
    lua_setfield(L, -2, "get_pos");
    lua_createtable(L, 0, 1);              /* (h) the Tagged metatable */
    lua_pushcfunction(L, base_tagged_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcclosure(L, base_tagged_new, 1);
    lua_setfield(L, -2, "tagged");
    lua_pushcfunction(L, base_make_cell);
    lua_setfield(L, -2, "make_cell");
    lua_pushcfunction(L, base_offset);
    lua_setfield(L, -2, "offset");
    lua_pushcfunction(L, base_increment);
    lua_setfield(L, -2, "increment");
    lua_newtable(L);                       /* (t) the Vector2 metatable */
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, base_v2_add, 1);
    lua_setfield(L, -2, "__add");
    lua_pushcclosure(L, base_v2_new, 1);
    lua_setfield(L, -2, "v2");
    lua_newtable(L);                       /* (u) the Bag metatable */
    lua_pushcfunction(L, base_bag_index);
    lua_setfield(L, -2, "__index");
    lua_pushcclosure(L, base_bag, 1);
    lua_setfield(L, -2, "bag");
    lua_pushcfunction(L, base_int);
    lua_setfield(L, -2, "int");
    lua_pushcfunction(L, base_pairs);      /* (v) */
    lua_setfield(L, -2, "pairs");
    bench_push_method_mt(L, base_method_index, "get", base_ints_get);  /* int[] */
    lua_pushcclosure(L, base_ints, 1);
    lua_setfield(L, -2, "ints");
    lua_setglobal(L, "B");
}

/* ---- measurement ------------------------------------------------------------ */

static double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Wall time, shown beside the figure compared. */
static double bench_now(void)
{
    return bench_clock(CLOCK_MONOTONIC);
}

/* The calling thread's CPU time: what a side costs, whatever else the
 * machine runs meanwhile (another process's time slices are not counted,
 * where wall time counts them against whichever side they fall in). */
static double bench_cpu_now(void)
{
    return bench_clock(CLOCK_THREAD_CPUTIME_ID);
}

typedef void (*bench_fn)(lua_State *L, long n);

/* Runs a Lua chunk that defines `run(n)` once; calls run(n) per round. */
static void bench_lua(lua_State *L, long n)
{
    lua_getglobal(L, "run");
    lua_pushinteger(L, n);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
        exit(1);
    }
}

static void bench_define(lua_State *L, const char *chunk)
{
    if (luaL_dostring(L, chunk) != LUA_OK) {
        fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
        exit(1);
    }
}

/* One timed round: returns ns per op and accumulates allocations. */
/* One timed run of a side: CPU and wall nanoseconds per op. */
typedef struct bench_time {
    double cpu, wall;
} bench_time;

static bench_time bench_round(lua_State *L, bench_fn fn, long n, long ops,
                              uint64_t *lua_allocs, uint64_t *gc_allocs)
{
    uint64_t la = g_counter.requests, ga = sim_gc_alloc_count();
    double w0 = bench_now(), c0 = bench_cpu_now();
    fn(L, n);
    double c1 = bench_cpu_now(), w1 = bench_now();
    *lua_allocs += g_counter.requests - la;
    *gc_allocs += sim_gc_alloc_count() - ga;
    return (bench_time){(c1 - c0) / (double)ops, (w1 - w0) / (double)ops};
}

/* Each figure of best lowered to t's where t's is lower. */
static void bench_keep_best(bench_time *best, bench_time t)
{
    best->cpu = t.cpu < best->cpu ? t.cpu : best->cpu;
    best->wall = t.wall < best->wall ? t.wall : best->wall;
}

/* ---- the C-driven IC case (f) ---------------------------------------------- */

static const MethodInfo *g_on_point_mi;   /* Demo.CallOnPoint(Point2D) */

static void bench_ic_zlua(lua_State *L, long n)
{
    bench_point p = {1.0f, 2.0f};
    void *slots[1] = {&p};
    static zlua_ic_site site = {"OnPoint", 0};
    for (long i = 0; i < n; i++) {
        /* as an IC stub calls it (zlua.h): its static site and method;
         * zlua_ic_done only after a failure */
        zlua_ic_call c = {.site = &site, .method = g_on_point_mi, .nargs = 1,
                          .arg_slots = slots};
        if (zlua_ic_invoke(L, &c) != ZLUA_OK) {
            fprintf(stderr, "bench: %s\n", zlua_ic_error(L, &c, NULL));
            exit(1);
        }
    }
}

static void bench_ic_base(lua_State *L, long n)
{
    bench_point p = {1.0f, 2.0f};
    for (long i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
        lua_pushstring(L, "OnPoint");
        lua_rawget(L, -2);
        lua_remove(L, -2);
        lua_pushlightuserdata(L, &p);
        if (lua_pcall(L, 1, 0, 0) != LUA_OK)
            exit(1);
    }
}

/* ---- the lookup scaling case (i) -------------------------------------------- */

/* A lua_Alloc that keeps the live byte count (the context's arena and
 * registries are allocated through it too). */
typedef struct bench_bytes {
    size_t live, peak;
} bench_bytes;

static void *bench_bytes_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    bench_bytes *b = ud;
    size_t old = ptr != NULL ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        b->live -= old;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p != NULL) {
        b->live = b->live - old + nsize;
        b->peak = b->live > b->peak ? b->live : b->peak;
    }
    return p;
}

/* A state with libzlua and its CS.MyGame.Point2D pushed; exits on failure. */
static lua_State *bench_open_lookup(bench_bytes *bytes)
{
    lua_State *L = lua_newstate(bench_bytes_alloc, bytes);
    if (L == NULL || zlua_open(L) != ZLUA_OK) {
        fprintf(stderr, "bench: cannot open a state\n");
        exit(1);
    }
    lua_getglobal(L, "CS");
    lua_getfield(L, -1, "MyGame");
    if (lua_getfield(L, -1, "Point2D") != LUA_TTABLE) {
        fprintf(stderr, "bench: CS.MyGame.Point2D is not a table\n");
        exit(1);
    }
    return L;
}

static void bench_lookup_run(long n, int generated)
{
    sim_generated_set_visible(generated);
    for (long i = 0; i < n / ZLUA_BENCH_OPEN_DIV; i++) {
        bench_bytes bytes = {0, 0};
        lua_close(bench_open_lookup(&bytes));
    }
    sim_generated_set_visible(0);
}

static void bench_lookup_with(lua_State *L, long n)
{
    (void)L;
    bench_lookup_run(n, 1);
}

static void bench_lookup_without(lua_State *L, long n)
{
    (void)L;
    bench_lookup_run(n, 0);
}

/* The memory of one open state after its first lookup: Lua bytes, the
 * malloc heap's growth (Lua's blocks, and any metadata the runtime
 * creates), classes the runtime handed out. */
typedef struct bench_mem {
    size_t lua_bytes;
    long long heap;
    uint64_t classes;
} bench_mem;

static long long bench_heap_used(void)
{
#ifdef ZLUA_BENCH_MALLINFO
    return (long long)mallinfo2().uordblks;
#else
    return -1;
#endif
}

static bench_mem bench_lookup_memory(int generated)
{
    sim_generated_set_visible(generated);
    bench_bytes bytes = {0, 0};
    long long h0 = bench_heap_used();
    uint64_t c0 = sim_classes_materialized();
    lua_State *L = bench_open_lookup(&bytes);
    lua_gc(L, LUA_GCCOLLECT);
    bench_mem m = {bytes.live, bench_heap_used() - h0, sim_classes_materialized() - c0};
    lua_close(L);
    sim_generated_set_visible(0);
    return m;
}

/* the process's first state with the generated assembly shown: the
 * runtime creates the classes the lookups hand out once per process */
static uint64_t g_first_classes;

static void bench_lookup_report(void)
{
    bench_mem w = bench_lookup_memory(1), o = bench_lookup_memory(0);
    printf("\ni memory of one state after zlua_open + CS.MyGame.Point2D, with / without "
           "%d generated classes:\n", ZLUA_BENCH_GENERATED);
    printf("  lua_Alloc live bytes   %9zu / %9zu\n", w.lua_bytes, o.lua_bytes);
    if (w.heap >= 0)
        printf("  malloc heap growth     %9lld / %9lld   (mallinfo2 uordblks)\n", w.heap, o.heap);
    printf("  classes materialized   %9llu / %9llu   (the process's first state: %llu)\n",
           (unsigned long long)w.classes, (unsigned long long)o.classes,
           (unsigned long long)g_first_classes);
}

/* ---- memory per userdata -------------------------------------------------------- */

/* Fills a preallocated table with ZLUA_BENCH_MEM_N values of make() while
 * the collector is stopped and returns Lua's own count of the bytes they
 * took, per value (collectgarbage "count" is exact in bytes). */
#define ZLUA_BENCH_MEM_N 10000

static const char g_mem_fill[] =
    "local make, n, live = ... make() "
    "local t = {} for i = 1, n do t[i] = false end "
    "collectgarbage() collectgarbage('stop') "
    "local c0, a0 = collectgarbage('count'), live() "
    "for i = 1, n do t[i] = make() end "
    "local c1, a1 = collectgarbage('count'), live() "
    "collectgarbage('restart') return (c1 - c0) * 1024 / n, (a1 - a0) / n";

typedef struct bench_ud_kind {
    const char *what;
    const char *make;   /* a chunk returning the constructor closure */
} bench_ud_kind;

static const bench_ud_kind g_ud_kinds[] = {
    {"hand-written point (baseline of d)", "return function() return B.new(1, 2) end"},
    {"Point2D(1, 2) (8-byte blittable struct)",
     "local P = CS.MyGame.Point2D return function() return P(1, 2) end"},
    {"DoubleFloatFloat (16-byte blittable struct)",
     "local D = CS.ZLuaTests.Abi.MakeDoubleFloatFloat "
     "return function() return D(1, 2, 3) end"},
    {"Tagged(1, s) (non-blittable struct)",
     "local T, s = CS.MyGame.Tagged, 'a' return function() return T(1, s) end"},
    {"Player('a') (class instance, object userdata)",
     "local P = CS.MyGame.Player return function() return P('a') end"},
    {"zlua.new_ref(int32) (a ref cell)",
     "local new, t = zlua.new_ref, zlua.types.int32 return function() return new(t, 0) end"},
};

static int bench_live_bytes(lua_State *L)
{
    const bench_bytes *b = lua_touserdata(L, lua_upvalueindex(1));
    lua_pushinteger(L, (lua_Integer)b->live);
    return 1;
}

/* One kind in a fresh state whose lua_Alloc counts live bytes: Lua's
 * count per value, and every byte the allocator handed out for it
 * (libzlua's registries and arena included); -1 on a failed chunk. */
static void bench_ud_bytes(const bench_ud_kind *k, double *lua_b, double *all_b)
{
    bench_bytes bytes = {0, 0};
    lua_State *L = lua_newstate(bench_bytes_alloc, &bytes);
    *lua_b = *all_b = -1;
    if (L == NULL)
        return;
    luaL_openlibs(L);
    if (zlua_open(L) != ZLUA_OK) {
        lua_close(L);
        return;
    }
    bench_open_baselines(L);
    if (luaL_loadstring(L, g_mem_fill) == LUA_OK && luaL_dostring(L, k->make) == LUA_OK) {
        /* make() runs once before the counts: binding is not counted */
        lua_pushinteger(L, ZLUA_BENCH_MEM_N);
        lua_pushlightuserdata(L, &bytes);
        lua_pushcclosure(L, bench_live_bytes, 1);
        if (lua_pcall(L, 3, 2, 0) == LUA_OK) {
            *lua_b = lua_tonumber(L, -2);
            *all_b = lua_tonumber(L, -1);
        }
    }
    lua_close(L);
}

static void bench_ud_report(void)
{
    printf("\nmemory per value, %d made with the collector stopped (Lua's count; "
           "every byte the\nstate's lua_Alloc handed out for them, "
           "libzlua's registries included):\n", ZLUA_BENCH_MEM_N);
    for (size_t i = 0; i < sizeof g_ud_kinds / sizeof g_ud_kinds[0]; i++) {
        double lua_b, all_b;
        bench_ud_bytes(&g_ud_kinds[i], &lua_b, &all_b);
        printf("  %-46s %7.1f Lua bytes %7.1f allocated\n", g_ud_kinds[i].what, lua_b, all_b);
    }
}

/* ---- GC scanning: the registries against a C# array (G) ---------------------------- */

/* A full collection's cost per live entry: N non-blittable structs
 * (Tagged: an int and a string) held by Lua as struct userdata, whose
 * cells the struct registry's push-root callback hands the collector,
 * against the same N held by C# in a Tagged[] (Demo.Taggeds), which the
 * simulation marks as libil2cpp does, by the element's reference bitmap.
 * Both sides hold N distinct strings.  Timed by the process's CPU time
 * (the collector may mark on helper threads), the best of
 * ZLUA_BENCH_GC_RUNS collections, less the same state's collection with
 * nothing held; wall time beside it. */
#define ZLUA_BENCH_GC_RUNS 7

static lua_State *bench_state_open(void);

static bench_time bench_gc_best(void)
{
    bench_time best = {1e30, 1e30};
    for (int i = 0; i < ZLUA_BENCH_GC_RUNS; i++) {
        double w0 = bench_now(), c0 = bench_clock(CLOCK_PROCESS_CPUTIME_ID);
        il2cpp_gc_collect(0);
        double c1 = bench_clock(CLOCK_PROCESS_CPUTIME_ID), w1 = bench_now();
        bench_keep_best(&best, (bench_time){c1 - c0, w1 - w0});
    }
    return best;
}

static bench_time bench_gc_per_entry(bench_time held, bench_time empty, long n)
{
    return (bench_time){(held.cpu - empty.cpu) / (double)n, (held.wall - empty.wall) / (double)n};
}

static bench_time bench_gc_lua_side(long n)
{
    lua_State *L = bench_state_open();
    lua_pushinteger(L, n);
    lua_setglobal(L, "N");
    bench_define(L, "T = CS.MyGame.Tagged T(0, 't')");   /* bound before the baseline */
    lua_gc(L, LUA_GCCOLLECT);
    bench_time empty = bench_gc_best();
    bench_define(L, "held = {} for i = 1, N do held[i] = T(i, 't' .. i) end");
    lua_gc(L, LUA_GCCOLLECT);
    bench_time full = bench_gc_best();
    lua_close(L);
    return bench_gc_per_entry(full, empty, n);
}

/* The baseline first: an array freed before it could leave a stale stack
 * word keeping it (the collector is conservative about stacks). */
static bench_time bench_gc_array_side(long n)
{
    const MethodInfo *taggeds = sim_method("Demo", "Taggeds", 1);
    int32_t count = (int32_t)n;
    void *args[1] = {&count};
    bench_time empty = bench_gc_best();
    Il2CppObject *arr = NULL;
    taggeds->invoker_method(taggeds->methodPointer, taggeds, NULL, args, &arr);
    uintptr_t h = zlua_rt_gchandle_new(arr, 0);
    bench_time full = bench_gc_best();
    zlua_rt_gchandle_free(h);
    return bench_gc_per_entry(full, empty, n);
}

#define ZLUA_BENCH_GC_ROUNDS 5

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return v[n / 2];
}

/* Per size, ZLUA_BENCH_GC_ROUNDS rounds, each measuring both sides in
 * alternating order; the medians per side are compared. */
static int bench_gc_report(void)
{
    printf("\nG a full collection per live entry, ns of process CPU time (wall), median "
           "of %d rounds:\n  %9s %18s %18s %8s\n", ZLUA_BENCH_GC_ROUNDS, "entries",
           "struct userdata", "C# Tagged[]", "ratio");
    int misses = 0;
    for (long n = 10000; n <= 1000000; n *= 10) {
        double zc[ZLUA_BENCH_GC_ROUNDS], zw[ZLUA_BENCH_GC_ROUNDS];
        double ac[ZLUA_BENCH_GC_ROUNDS], aw[ZLUA_BENCH_GC_ROUNDS];
        for (int r = 0; r < ZLUA_BENCH_GC_ROUNDS; r++) {
            bench_time z, a;
            if (r % 2 == 0) {
                z = bench_gc_lua_side(n);
                a = bench_gc_array_side(n);
            } else {
                a = bench_gc_array_side(n);
                z = bench_gc_lua_side(n);
            }
            zc[r] = z.cpu, zw[r] = z.wall, ac[r] = a.cpu, aw[r] = a.wall;
        }
        double z = bench_median(zc, ZLUA_BENCH_GC_ROUNDS), a = bench_median(ac, ZLUA_BENCH_GC_ROUNDS);
        double ratio = z / a;
        int ok = ratio <= 1.0;
        misses += !ok;
        printf("  %9ld %8.2f (%7.2f) %8.2f (%7.2f) %8.4f  %s\n", n, z,
               bench_median(zw, ZLUA_BENCH_GC_ROUNDS), a, bench_median(aw, ZLUA_BENCH_GC_ROUNDS),
               ratio, ok ? "ok" : "MISS-time");
    }
    return misses;
}

/* ---- cases -------------------------------------------------------------------- */

typedef struct bench_case {
    const char *name;
    const char *setup;       /* Lua defining run(n) for the zlua side */
    const char *base_setup;  /* Lua defining run(n) for the baseline */
    bench_fn cfn, cbase;     /* C drivers instead of Lua ones */
    long ops_per_n;
    double max_ratio;
    double want_lua, want_gc; /* exact allocations per op; < 0: not checked */
    long n_div;               /* C drivers running one op per n_div (0: 1) */
} bench_case;

/* The targets of t and u: 1.3 through generated stubs where they exist, 1.6
 * otherwise (a build without stubs). */
#ifdef ZLUA_WITH_STUBS
#define ZLUA_BENCH_STUB_TARGET 1.3
#else
#define ZLUA_BENCH_STUB_TARGET 1.6
#endif

static const bench_case g_cases[] = {
    {"a get_opaquevalue(ref int) in callback",
     "function OnRefInt(h) local get = zlua.get_opaquevalue "
     "for j = 1, 100 do local v = get(h) end end "
     "local call = CS.Demo.CallOnRefInt "
     "function run(n) for i = 1, n // 100 do call(1) end end",
     "function OnRefInt(h) local get = B.get "
     "for j = 1, 100 do local v = get(j) end end "
     "local call = CS.Demo.CallOnRefInt "
     "function run(n) for i = 1, n // 100 do call(1) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"b p.x (Point2D field read)",
     "local p = CS.MyGame.Point2D(1, 2) "
     "function run(n) local v for i = 1, n do v = p.x end end",
     "local p = B.new(1, 2) "
     "function run(n) local v for i = 1, n do v = p.x end end",
     NULL, NULL, 1, 1.1, 0, 0, 0},
    {"c p.x = v (Point2D field write)",
     "local p = CS.MyGame.Point2D(1, 2) "
     "function run(n) for i = 1, n do p.x = i end end",
     "local p = B.new(1, 2) "
     "function run(n) for i = 1, n do p.x = i end end",
     NULL, NULL, 1, 1.1, 0, 0, 0},
    {"d Point2D(1, 2) (both sides a callable table)",
     "local P = CS.MyGame.Point2D "
     "function run(n) local v for i = 1, n do v = P(1, 2) end end",
     "local P = B.Point "
     "function run(n) local v for i = 1, n do v = P(1, 2) end end",
     NULL, NULL, 1, 1.1, 1, 0, 0},
    {"D Point2D(1, 2) vs a plain C function (info)",
     "local P = CS.MyGame.Point2D "
     "function run(n) local v for i = 1, n do v = P(1, 2) end end",
     "local new = B.new "
     "function run(n) local v for i = 1, n do v = new(1, 2) end end",
     NULL, NULL, 1, 0, 1, 0, 0},
    {"e Demo.Add(1, 2), generated stub",
     "local add = CS.Demo.Add "
     "assert(testbed.bridge_kind(CS.Demo, 'Add') == (testbed.stubs and 'stub' or 'generic')) "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     "local add = B.add "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     NULL, NULL, 1, 1.12, 0, 0, 0},
    {"E Demo.Add(1, 2), generic invoker",
     "local add = testbed.generic(CS.Demo, 'Add') "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     "local add = B.add "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"e' Demo.Add(1, 2), with the lookup (info)",
     "local Demo = CS.Demo "
     "function run(n) local v for i = 1, n do v = Demo.Add(1, 2) end end",
     "local B = B "
     "function run(n) local v for i = 1, n do v = B.add(1, 2) end end",
     NULL, NULL, 1, 0, 0, 0, 0},
    {"e\" the checks alone, no invoke (floor, info)",
     "local add = B.floor_add "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     "local add = B.add "
     "function run(n) local v for i = 1, n do v = add(1, 2) end end",
     NULL, NULL, 1, 0, 0, 0, 0},
    {"g t.id (Tagged field read: non-blittable, info)",
     "local t = CS.MyGame.Tagged(1, 'a') "
     "function run(n) local v for i = 1, n do v = t.id end end",
     "local p = B.new(1, 2) "
     "function run(n) local v for i = 1, n do v = p.x end end",
     NULL, NULL, 1, 0, 0, 0, 0},
    {"h Tagged(1, s) (non-blittable construction)",
     "local T, s = CS.MyGame.Tagged, 'a' "
     "function run(n) local v for i = 1, n do v = T(1, s) end end",
     "local new, s = B.tagged, 'a' "
     "function run(n) local v for i = 1, n do v = new(1, s) end end",
     NULL, NULL, 1, 1.5, 1, 1, 0},
    {"f IC call with a Point2D argument",
     "function OnPoint(h) end", "function OnPoint(h) end",
     bench_ic_zlua, bench_ic_base, 1, 1.1, 0, 0, 0},
    {"j p:Length() (Point2D instance method)",
     "local p = CS.MyGame.Point2D(3, 4) "
     "function run(n) local v for i = 1, n do v = p:Length() end end",
     "local p = B.mnew(3, 4) "
     "function run(n) local v for i = 1, n do v = p:Length() end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"k player:Move(1, 2) (Player instance method)",
     "local pl = CS.MyGame.Player('a') "
     "function run(n) for i = 1, n do pl:Move(1, 2) end end",
     "local pl = B.player() "
     "function run(n) for i = 1, n do pl:Move(1, 2) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"F a frame's step: p = o.Pos; p.x = p.x + 1; o.Pos = p; o:Move(1, 2)",
     "local o = CS.MyGame.Player('a') "
     "function run(n) for i = 1, n do local p = o.Pos; p.x = p.x + 1; o.Pos = p; "
     "o:Move(1, 2) end end",
     "local o = B.player() "
     "function run(n) for i = 1, n do local p = o.Pos; p.x = p.x + 1; o.Pos = p; "
     "o:Move(1, 2) end end",
     NULL, NULL, 1, 1.1, 1, 0, 0},
    {"l player.Hp (object field read)",
     "local pl = CS.MyGame.Player('a') "
     "function run(n) local v for i = 1, n do v = pl.Hp end end",
     "local pl = B.player() "
     "function run(n) local v for i = 1, n do v = pl.Hp end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"m player.Level (property read)",
     "local pl = CS.MyGame.Player('a') "
     "function run(n) local v for i = 1, n do v = pl.Level end end",
     "local pl = B.player() "
     "function run(n) local v for i = 1, n do v = pl.Level end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"n Demo.Same(p) (identity-cache hit)",
     "local pl, same = CS.MyGame.Player('a'), CS.Demo.Same "
     "function run(n) local v for i = 1, n do v = same(pl) end end",
     "local pl, same = B.player(), B.same "
     "function run(n) local v for i = 1, n do v = same(pl) end end",
     NULL, NULL, 1, 1.2, 0, 0, 0},
    {"K player:Move(1, 2), generic invoker",
     "local pl = CS.MyGame.Player('a') local move = testbed.generic(pl, 'Move') "
     "function run(n) for i = 1, n do move(pl, 1, 2) end end",
     "local pl = B.player() local move = pl.Move "
     "function run(n) for i = 1, n do move(pl, 1, 2) end end",
     NULL, NULL, 1, 1.5, 0, 0, 0},
    {"N Demo.Same(p), generic invoker",
     "local pl, same = CS.MyGame.Player('a'), testbed.generic(CS.Demo, 'Same') "
     "function run(n) local v for i = 1, n do v = same(pl) end end",
     "local pl, same = B.player(), B.same "
     "function run(n) local v for i = 1, n do v = same(pl) end end",
     NULL, NULL, 1, 1.5, 0, 0, 0},
    {"o Demo.Pick(1) among five overloads",
     "local pick = CS.Demo.Pick "
     "function run(n) local v for i = 1, n do v = pick(1) end end",
     "local pick = B.pick "
     "function run(n) local v for i = 1, n do v = pick(1) end end",
     NULL, NULL, 1, 1.5, 0, 0, 0},
    {"p arr:get(3) (int[] element read)",
     "local a = CS.Demo.MakeArray(10) "
     "assert(a:get(3) == 4) "
     "function run(n) local v for i = 1, n do v = a:get(3) end end",
     "local a = B.ints() "
     "assert(a:get(3) == 4) "
     "function run(n) local v for i = 1, n do v = a:get(3) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"q Demo.Apply(f, 1, 2), f a Lua function",
     "local apply, f = CS.Demo.Apply, function(a, b) return a + b end "
     "function run(n) local v for i = 1, n do v = apply(f, 1, 2) end end",
     "local apply, f = B.apply, function(a, b) return a + b end "
     "function run(n) local v for i = 1, n do v = apply(f, 1, 2) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"O Demo.Pick(1) vs its single candidate (info)",
     "local pick = CS.Demo.Pick "
     "function run(n) local v for i = 1, n do v = pick(1) end end",
     "local pick = CS.Demo['Pick(System.Int32)'] "
     "function run(n) local v for i = 1, n do v = pick(1) end end",
     NULL, NULL, 1, 0, 0, 0, 0},
    {"r Demo.Offset(p, 1, 1) (ref Point2D payload)",
     "local p, offset = CS.MyGame.Point2D(0, 0), CS.Demo.Offset "
     "function run(n) for i = 1, n do offset(p, 1, 1) end end",
     "local p, offset = B.new(0, 0), B.offset "
     "function run(n) for i = 1, n do offset(p, 1, 1) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"R Demo.Offset(p, 1, 1), generic invoker",
     "local p, offset = CS.MyGame.Point2D(0, 0), testbed.generic(CS.Demo, 'Offset') "
     "function run(n) for i = 1, n do offset(p, 1, 1) end end",
     "local p, offset = B.new(0, 0), B.offset "
     "function run(n) for i = 1, n do offset(p, 1, 1) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"s Demo.Increment(n), n = zlua.new_ref(int32)",
     "local n, inc = zlua.new_ref(zlua.types.int32, 0), CS.Demo.Increment "
     "function run(k) for i = 1, k do inc(n) end end",
     "local n, inc = B.int(0), B.increment "
     "function run(k) for i = 1, k do inc(n) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"S Demo.Increment(n), generic invoker",
     "local n, inc = zlua.new_ref(zlua.types.int32, 0), testbed.generic(CS.Demo, 'Increment') "
     "function run(k) for i = 1, k do inc(n) end end",
     "local n, inc = B.int(0), B.increment "
     "function run(k) for i = 1, k do inc(n) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"t v + w (Vector2 op_Addition)",
     "local V = CS.MyGame.Vector2 local v, w = V(1, 2), V(3, 4) "
     "assert((v + w).X == 4) "
     "function run(n) local r for i = 1, n do r = v + w end end",
     "local v, w = B.v2(1, 2), B.v2(3, 4) "
     "function run(n) local r for i = 1, n do r = v + w end end",
     NULL, NULL, 1, ZLUA_BENCH_STUB_TARGET, 1, 0, 0},
    {"u bag[3] (Bag int indexer read)",
     "local bag = CS.MyGame.Bag() "
     "assert(bag[3] == 0) "
     "function run(n) local v for i = 1, n do v = bag[3] end end",
     "local bag = B.bag() "
     "assert(bag[3] == 0) "
     "function run(n) local v for i = 1, n do v = bag[3] end end",
     NULL, NULL, 1, ZLUA_BENCH_STUB_TARGET, 0, 0, 0},
    {"v pairs(l) per element, 1000-element List<int>",
     "local l = CS.Demo.MakeList(1000) "
     "assert(#l == 1000 and l[999] == 1000) "
     "function run(n) local s = 0 for j = 1, n // 1000 do "
     "for i, v in pairs(l) do s = s + v end end end",
     "local t = {} for i = 1, 1000 do t[i] = i end local pairs = B.pairs "
     "function run(n) local s = 0 for j = 1, n // 1000 do "
     "for i, v in pairs(t) do s = s + v end end end",
     NULL, NULL, 1, 1.6, 0, 0, 0},
    {"w Demo.FooUnpacked(1, 2) (UnpackedValues, generated stub)",
     "local foo = CS.Demo.FooUnpacked "
     "assert(testbed.bridge_kind(CS.Demo, 'FooUnpacked') == (testbed.stubs and 'stub' or 'generic')) "
     "function run(n) for i = 1, n do foo(1, 2) end end",
     "local foo = B.foo_unpacked "
     "function run(n) for i = 1, n do foo(1, 2) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"W Demo.FooUnpacked(1, 2), generic invoker",
     "local foo = testbed.generic(CS.Demo, 'FooUnpacked') "
     "function run(n) for i = 1, n do foo(1, 2) end end",
     "local foo = B.foo_unpacked "
     "function run(n) for i = 1, n do foo(1, 2) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"x Demo.FooTable(t), t reused (Table, generated stub)",
     "local foo, t = CS.Demo.FooTable, {X = 1, Y = 2} "
     "assert(testbed.bridge_kind(CS.Demo, 'FooTable') == (testbed.stubs and 'stub' or 'generic')) "
     "function run(n) for i = 1, n do foo(t) end end",
     "local foo, t = B.foo_table, {X = 1, Y = 2} "
     "function run(n) for i = 1, n do foo(t) end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"X Demo.FooTable(t), generic invoker",
     "local foo, t = testbed.generic(CS.Demo, 'FooTable'), {X = 1, Y = 2} "
     "function run(n) for i = 1, n do foo(t) end end",
     "local foo, t = B.foo_table, {X = 1, Y = 2} "
     "function run(n) for i = 1, n do foo(t) end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"y Demo.GetPos() (UnpackedValues multi-return, generated stub)",
     "local get = CS.Demo.GetPos CS.Demo.FooTable({X = 1, Y = 2}) "
     "assert(select('#', get()) == 2) "
     "assert(testbed.bridge_kind(CS.Demo, 'GetPos') == (testbed.stubs and 'stub' or 'generic')) "
     "function run(n) local x, y for i = 1, n do x, y = get() end end",
     "local get = B.get_pos "
     "function run(n) local x, y for i = 1, n do x, y = get() end end",
     NULL, NULL, 1, 1.3, 0, 0, 0},
    {"Y Demo.GetPos(), generic invoker",
     "local get = testbed.generic(CS.Demo, 'GetPos') "
     "assert(select('#', get()) == 2) "
     "function run(n) local x, y for i = 1, n do x, y = get() end end",
     "local get = B.get_pos "
     "function run(n) local x, y for i = 1, n do x, y = get() end end",
     NULL, NULL, 1, 1.25, 0, 0, 0},
    {"z Chain.MakeCell(1, 2) (a Table push: one table)",
     "local make = CS.ZLuaTests.Chain.MakeCell "
     "assert(make(1, 2).B == 2) "
     "function run(n) local v for i = 1, n do v = make(1, 2) end end",
     "local make = B.make_cell "
     "function run(n) local v for i = 1, n do v = make(1, 2) end end",
     NULL, NULL, 1, 1.3, 2, 0, 0},
    {"i open + first CS.MyGame.Point2D, 20k types",
     "", "", bench_lookup_with, bench_lookup_without, 1, 1.5, -1, -1, ZLUA_BENCH_OPEN_DIV},
};

/* One side of the first case selected by `only`, once (see the usage). */
static int bench_one_side(lua_State *L, long n, const char *only, int base)
{
    for (size_t i = 0; i < sizeof g_cases / sizeof g_cases[0]; i++) {
        const bench_case *c = &g_cases[i];
        if (only != NULL && strchr(only, c->name[0]) == NULL)
            continue;
        bench_define(L, base ? c->base_setup : c->setup);
        bench_fn fn = base ? c->cbase : c->cfn;
        (fn ? fn : bench_lua)(L, n);
        lua_close(L);
        return 0;
    }
    lua_close(L);
    return 2;
}

/* A state with libzlua and the baselines (exits on failure).  Each timed
 * case gets a fresh one, so what a case allocates does not depend on
 * what the cases before it left in the heap (the collector's timing,
 * Lua's stack and CallInfo regrowth after a collection). */
static lua_State *bench_state_open(void)
{
    lua_State *L = testbed_new_state(&g_counter);
    if (L == NULL) {
        fprintf(stderr, "bench: cannot create the state\n");
        exit(2);
    }
    bench_open_baselines(L);
    g_on_point_mi = sim_method("Demo", "CallOnPoint", 1);
    return L;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 2000000;
    if (n < 1000)
        n = 1000;
    const char *only = argc > 2 ? argv[2] : NULL;
    /* the fixture's [LuaMarshalAs] tables (cmake/marshal.cmake), as zlua-run */
    if (zlua_rules_register(zlua_fixture_marshal, zlua_fixture_marshal_count) !=
        ZLUA_OK) {
        fprintf(stderr, "bench: cannot register the marshal tables\n");
        return 2;
    }
    lua_State *L = bench_state_open();
    sim_set_invoke_checks(0);   /* a player's invokers check nothing */
    g_length_mi = sim_method("MyGame.Point2D", "Length", 0);
    g_move_mi = sim_method("MyGame.Player", "Move", 2);
    g_player = il2cpp_object_new(sim_class("MyGame.Player"));
    if (g_length_mi == NULL || g_move_mi == NULL || g_player == NULL) {
        fprintf(stderr, "bench: the simulation lacks Point2D.Length or Player.Move\n");
        return 2;
    }
    zlua_rt_gchandle_new(g_player, 0);
    g_ints = il2cpp_array_new(sim_class("System.Int32"), 10);
    if (g_ints == NULL) {
        fprintf(stderr, "bench: cannot make an int[]\n");
        return 2;
    }
    zlua_rt_gchandle_new((Il2CppObject *)g_ints, 0);
    g_ints_data = il2cpp_array_object_header_size();
    for (int32_t i = 0; i < 10; i++)   /* 1..10, as Demo.MakeArray(10) */
        ((int32_t *)((char *)g_ints + g_ints_data))[i] = i + 1;
    g_level_mi = sim_method("MyGame.Player", "get_Level", 0);
    g_same_mi = sim_method("Demo", "Same", 1);
    g_pick_mi = sim_method("Demo", "Pick", 1);
    g_store_pos_mi = sim_method("Demo", "FooTable", 1);   /* FooUnpacked's body too */
    g_get_pos_mi = sim_method("Demo", "GetPos", 0);
    g_make_cell_mi = sim_method("ZLuaTests.Chain", "MakeCell", 2);
    g_tagged_ctor_mi = sim_method("MyGame.Tagged", ".ctor", 2);
    g_offset_mi = sim_method("Demo", "Offset", 3);
    g_increment_mi = sim_method("Demo", "Increment", 1);
    g_v2add_mi = sim_method("MyGame.Vector2", "op_Addition", 2);
    g_bag_get_mi = sim_method("MyGame.Bag", "get_Item", 1);   /* the first: int */
    g_bag = il2cpp_object_new(sim_class("MyGame.Bag"));
    if (g_bag != NULL)
        zlua_rt_gchandle_new(g_bag, 0);
    FieldInfo *hp = NULL, *pos = NULL, *f;
    void *iter = NULL;
    while ((f = il2cpp_class_get_fields(sim_class("MyGame.Player"), &iter)) != NULL) {
        if (strcmp(il2cpp_field_get_name(f), "Hp") == 0)
            hp = f;
        if (strcmp(il2cpp_field_get_name(f), "Pos") == 0)
            pos = f;
    }
    if (g_level_mi == NULL || g_same_mi == NULL || g_pick_mi == NULL || hp == NULL || pos == NULL ||
        g_offset_mi == NULL || g_increment_mi == NULL || g_v2add_mi == NULL ||
        g_bag_get_mi == NULL || g_bag == NULL || g_tagged_ctor_mi == NULL) {
        fprintf(stderr, "bench: the simulation lacks Player.Level, Demo.Same or Demo.Pick\n");
        return 2;
    }
    g_hp_offset = il2cpp_field_get_offset(hp);
    g_pos_offset = il2cpp_field_get_offset(pos);
    int lookup = only == NULL || strchr(only, 'i') != NULL;
    if (lookup) {   /* case i shows it only while it runs */
        sim_generated_install(ZLUA_BENCH_GENERATED);
        sim_generated_set_visible(0);
        g_first_classes = bench_lookup_memory(1).classes;
    }
    const char *side = getenv("ZLUA_BENCH_SIDE");
    if (side != NULL)
        return bench_one_side(L, n, only, strcmp(side, "base") == 0);
    printf("libzlua bench: %ld ops per round, best of %d rounds, the sides interleaved;\n"
           "ns per op of the calling thread's CPU time (wall time beside it); ratio and\n"
           "targets compared unrounded\n\n",
           n, ZLUA_BENCH_ROUNDS);
    printf("%-44s %8s %8s %8s %8s %7s %6s %9s %9s  %s\n", "case", "zlua cpu", "base cpu",
           "zlua wal", "base wal", "ratio", "target", "lua/op", "gc/op", "verdict");
    int misses = 0, ran = 0;
    for (size_t i = 0; i < sizeof g_cases / sizeof g_cases[0]; i++) {
        const bench_case *c = &g_cases[i];
        if (only != NULL && strchr(only, c->name[0]) == NULL)
            continue;
        ran++;
        long ops = n * c->ops_per_n / (c->n_div ? c->n_div : 1);
        if (ops <= 0) {   /* nothing to divide by: no figure at all */
            long need = (c->n_div ? c->n_div : 1) / (c->ops_per_n ? c->ops_per_n : 1);
            printf("%-44s no operation measured: ITERATIONS below %ld  NO-OPS\n", c->name,
                   need > 1 ? need : 1);
            misses++;
            continue;
        }
        lua_close(L);
        L = bench_state_open();
        bench_time best_z = {1e30, 1e30}, best_b = {1e30, 1e30};
        uint64_t za = 0, zg = 0;
        for (int r = 0; r < ZLUA_BENCH_ROUNDS + 1; r++) {
            uint64_t la = 0, ga = 0, lb = 0, gb = 0;   /* baseline counts unused */
            bench_time tz = {0, 0}, tb = {0, 0};
            /* alternate which side runs first, so that neither always
             * inherits the other's caches or the machine's next hiccup */
            for (int k = 0; k < 2; k++) {
                if ((k == 0) == (r % 2 == 0)) {
                    bench_define(L, c->setup);
                    tz = bench_round(L, c->cfn ? c->cfn : bench_lua, n, ops, &la, &ga);
                } else {
                    bench_define(L, c->base_setup);
                    tb = bench_round(L, c->cbase ? c->cbase : bench_lua, n, ops, &lb, &gb);
                }
            }
            lua_gc(L, LUA_GCCOLLECT);
            if (r == 0)
                continue;   /* warm-up round: caches, lazy binding */
            bench_keep_best(&best_z, tz);
            bench_keep_best(&best_b, tb);
            za += la;
            zg += ga;
        }
        double ops_all = (double)ops * ZLUA_BENCH_ROUNDS;
        double lua_op = (double)za / ops_all, gc_op = (double)zg / ops_all;
        double ratio = best_z.cpu / best_b.cpu;
        /* allocations are exact: compare to the target at 1e-3 per op, the
         * resolution left by Lua's own amortised table/stack growth */
        int info = c->max_ratio == 0;   /* no target: shown for context */
        int time_ok = info || ratio <= c->max_ratio;
        int alloc_ok = (c->want_lua < 0 || (lua_op - c->want_lua < 1e-3 &&
                                            c->want_lua - lua_op < 1e-3)) &&
                       (c->want_gc < 0 || gc_op - c->want_gc < 1e-3);
        misses += !(time_ok && alloc_ok);
        char target[16], lua_s[16], gc_s[16];
        snprintf(target, sizeof target, info ? "-" : "%.2f", c->max_ratio);
        /* case i's states have their own allocator: reported after the table */
        snprintf(lua_s, sizeof lua_s, c->want_lua < 0 ? "-" : "%.4f", lua_op);
        snprintf(gc_s, sizeof gc_s, c->want_gc < 0 ? "-" : "%.4f", gc_op);
        const char *verdict = !time_ok && !alloc_ok ? "MISS-both"
                              : !time_ok            ? "MISS-time"
                              : !alloc_ok           ? "MISS-alloc"
                              : info                ? "info"
                                                    : "ok";
        printf("%-44s %8.1f %8.1f %8.1f %8.1f %7.4f %6s %9s %9s  %s\n", c->name, best_z.cpu,
               best_b.cpu, best_z.wall, best_b.wall, ratio, target, lua_s, gc_s, verdict);
    }
    lua_close(L);
    if (lookup)
        bench_lookup_report();
    bench_ud_report();
    if (only == NULL || strchr(only, 'G') != NULL) {
        int gc_misses = bench_gc_report();
        misses += gc_misses;
        ran++;
    }
    printf("\n%d of %d cases within target\n", ran - misses, ran);
    return misses ? 1 : 0;
}
