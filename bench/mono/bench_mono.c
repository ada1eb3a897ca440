/*
 * bench_mono.c -- the Editor benchmark: each row of docs/performance.md's
 * Editor table, run on Mono either by libzlua (ZLUA_BENCH_SIDE=zlua, the
 * default) or by a hand-written Lua C API binding (=base) that reaches
 * the same C# members (EditorBench.cs) through Mono's embedding API at
 * its cheapest: a thunk per method (mono_method_get_unmanaged_thunk), a
 * field by its offset, a struct constructor through one scratch box.
 *
 *   zlua-bench-mono CASE N
 *
 * runs the case's loop N times after a warm-up and prints
 *   CASE SIDE N managed=<allocations per op> lua=<allocations per op> ns=<CPU ns per op>
 * tools/bench-mono.sh counts instructions at two N (callgrind) and takes
 * the difference, so set-up, binding and warm-up cancel out.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/object.h>

#include "mono_rt.h"
#include "testbed.h"
#include "testbed_rt.h"

/* ---- the hand-written binding ------------------------------------------- */

typedef struct bm_vec {
    float x, y, z;
} bm_vec;

typedef struct bm_obj {
    MonoObject *obj;   /* kept alive by handle */
    uint32_t handle;
} bm_obj;

static int32_t (*bm_add)(int32_t, int32_t, MonoException **);
static void (*bm_move)(MonoObject *, int32_t, int32_t, MonoException **);
static void (*bm_vec_ctor)(MonoObject *, float, float, float, MonoException **);
static int32_t (*bm_run_native)(int32_t, MonoException **);
static MonoObject *bm_box;   /* Vec's scratch box, pinned by bm_box_handle */
static MonoClass *bm_unit_class;
static size_t bm_hp_off, bm_pos_off;
static int bm_unit_mt, bm_vec_mt;   /* registry refs */
static lua_State *bm_L;
static int bm_func_ref = LUA_NOREF;

/* The thunk of k's method name into *fn, a function pointer of its
 * signature (the API hands code out as a data pointer: POSIX guarantees
 * the round trip, ISO C does not, hence the memcpy). */
static void bm_thunk(void *fn, MonoClass *k, const char *name, int nparams)
{
    MonoMethod *m = mono_class_get_method_from_name(k, name, nparams);
    void *code = m != NULL ? mono_method_get_unmanaged_thunk(m) : NULL;
    if (code == NULL) {
        fprintf(stderr, "bench: no method %s/%d\n", name, nparams);
        exit(2);
    }
    memcpy(fn, &code, sizeof code);
}

static MonoClass *bm_class(MonoImage *img, const char *name)
{
    MonoClass *k = mono_class_from_name(img, "Bench", name);
    if (k == NULL) {
        fprintf(stderr, "bench: no class Bench.%s\n", name);
        exit(2);
    }
    return k;
}

static size_t bm_field_offset(MonoClass *k, const char *name)
{
    MonoClassField *f = mono_class_get_field_from_name(k, name);
    return (size_t)mono_field_get_offset(f);   /* from the object's start */
}

static void bm_check(lua_State *L, MonoException *exc)
{
    if (exc != NULL)
        luaL_error(L, "managed exception");
}

static int bm_is(lua_State *L, int idx, int mt)
{
    if (!lua_getmetatable(L, idx))
        return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, mt);
    int same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return same;
}

static MonoObject *bm_self(lua_State *L)
{
    if (!bm_is(L, 1, bm_unit_mt))
        luaL_typeerror(L, 1, "Unit");
    return ((bm_obj *)lua_touserdata(L, 1))->obj;
}

static bm_vec *bm_push_vec(lua_State *L)
{
    bm_vec *v = lua_newuserdatauv(L, sizeof *v, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, bm_vec_mt);
    lua_setmetatable(L, -2);
    return v;
}

static int bm_unit_move(lua_State *L)
{
    MonoObject *o = bm_self(L);
    int32_t dx = (int32_t)luaL_checkinteger(L, 2), dy = (int32_t)luaL_checkinteger(L, 3);
    MonoException *exc = NULL;
    bm_move(o, dx, dy, &exc);
    bm_check(L, exc);
    return 0;
}

static int bm_unit_index(lua_State *L)
{
    char *o = (char *)bm_self(L);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "Hp") == 0) {
        int32_t hp;
        memcpy(&hp, o + bm_hp_off, sizeof hp);
        lua_pushinteger(L, hp);
    } else if (strcmp(k, "Pos") == 0) {
        memcpy(bm_push_vec(L), o + bm_pos_off, sizeof(bm_vec));
    } else if (strcmp(k, "Move") == 0) {
        lua_pushvalue(L, lua_upvalueindex(1));
    } else {
        return luaL_error(L, "no member %s", k);
    }
    return 1;
}

static int bm_unit_newindex(lua_State *L)
{
    char *o = (char *)bm_self(L);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "Hp") == 0) {
        int32_t hp = (int32_t)luaL_checkinteger(L, 3);
        memcpy(o + bm_hp_off, &hp, sizeof hp);
    } else if (strcmp(k, "Pos") == 0) {
        if (!bm_is(L, 3, bm_vec_mt))
            luaL_typeerror(L, 3, "Vec");
        memcpy(o + bm_pos_off, lua_touserdata(L, 3), sizeof(bm_vec));
    } else {
        return luaL_error(L, "no member %s", k);
    }
    return 0;
}

static int bm_unit_gc(lua_State *L)
{
    mono_gchandle_free(((bm_obj *)lua_touserdata(L, 1))->handle);
    return 0;
}

static int bm_unit_new(lua_State *L)
{
    MonoObject *o = mono_object_new(mono_domain_get(), bm_unit_class);
    mono_runtime_object_init(o);   /* the field initialisers (Hp = 100) */
    bm_obj *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->obj = o;
    u->handle = mono_gchandle_new(o, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, bm_unit_mt);
    lua_setmetatable(L, -2);
    return 1;
}

static float *bm_vec_field(lua_State *L, bm_vec *v)
{
    const char *k = luaL_checkstring(L, 2);
    if (k[0] != '\0' && k[1] == '\0' && k[0] >= 'x' && k[0] <= 'z')
        return &v->x + (k[0] - 'x');
    luaL_error(L, "no member %s", k);
    return NULL;
}

static int bm_vec_index(lua_State *L)
{
    lua_pushnumber(L, *bm_vec_field(L, lua_touserdata(L, 1)));
    return 1;
}

static int bm_vec_newindex(lua_State *L)
{
    *bm_vec_field(L, lua_touserdata(L, 1)) = (float)luaL_checknumber(L, 3);
    return 0;
}

static int bm_vec_new(lua_State *L)
{
    float x = (float)luaL_checknumber(L, 1), y = (float)luaL_checknumber(L, 2),
          z = (float)luaL_checknumber(L, 3);
    bm_vec *v = bm_push_vec(L);
    MonoException *exc = NULL;
    bm_vec_ctor(bm_box, x, y, z, &exc);   /* runs on the box's copy */
    bm_check(L, exc);
    memcpy(v, mono_object_unbox(bm_box), sizeof *v);
    return 1;
}

static int bm_calc_add(lua_State *L)
{
    int32_t a = (int32_t)luaL_checkinteger(L, 1), b = (int32_t)luaL_checkinteger(L, 2);
    MonoException *exc = NULL;
    int32_t r = bm_add(a, b, &exc);
    bm_check(L, exc);
    lua_pushinteger(L, r);
    return 1;
}

/* Driver.NativeAdd, the internal call C# calls n times: the Lua function
 * bm_run was given, called with the Lua C API.  Protected, as any binding
 * must call Lua from a managed caller (a Lua error's longjmp would cross
 * its frames), and its result checked; an error here makes 0 where a
 * real binding would raise a managed exception (none happens). */
static int32_t bm_native_add(int32_t a, int32_t b)
{
    lua_State *L = bm_L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, bm_func_ref);
    lua_pushinteger(L, a);
    lua_pushinteger(L, b);
    int32_t r = 0;
    if (lua_pcall(L, 2, 1, 0) == LUA_OK && lua_isinteger(L, -1))
        r = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return r;
}

static int bm_run(lua_State *L)   /* run(f, n): C# calls f n times */
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    int32_t n = (int32_t)luaL_checkinteger(L, 2);
    lua_pushvalue(L, 1);
    luaL_unref(L, LUA_REGISTRYINDEX, bm_func_ref);
    bm_func_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    bm_L = L;
    MonoException *exc = NULL;
    int32_t r = bm_run_native(n, &exc);
    bm_check(L, exc);
    lua_pushinteger(L, r);
    return 1;
}

static int bm_metatable(lua_State *L, const luaL_Reg *fns, lua_CFunction closure_of)
{
    lua_newtable(L);
    for (; fns->name != NULL; fns++) {
        if (closure_of != NULL) {
            lua_pushcfunction(L, closure_of);
            lua_pushcclosure(L, fns->func, 1);
        } else {
            lua_pushcfunction(L, fns->func);
        }
        lua_setfield(L, -2, fns->name);
    }
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The `hw` global: Unit(), Vec(x, y, z), Calc.Add, run(f, n). */
static void bm_open(lua_State *L, MonoImage *img)
{
    MonoClass *unit = bm_class(img, "Unit"), *vec = bm_class(img, "Vec");
    MonoClass *calc = bm_class(img, "Calc"), *driver = bm_class(img, "Driver");
    bm_unit_class = unit;
    bm_hp_off = bm_field_offset(unit, "Hp");
    bm_pos_off = bm_field_offset(unit, "Pos");
    bm_thunk(&bm_add, calc, "Add", 2);
    bm_thunk(&bm_move, unit, "Move", 2);
    bm_thunk(&bm_vec_ctor, vec, ".ctor", 3);
    bm_thunk(&bm_run_native, driver, "RunNative", 1);
    bm_vec init = {0, 0, 0};
    bm_box = mono_value_box(mono_domain_get(), vec, &init);
    (void)mono_gchandle_new(bm_box, 1);   /* for the process */

    static const luaL_Reg unit_mt[] = {
        {"__index", bm_unit_index}, {"__newindex", bm_unit_newindex}, {NULL, NULL}};
    bm_unit_mt = bm_metatable(L, unit_mt, bm_unit_move);
    lua_rawgeti(L, LUA_REGISTRYINDEX, bm_unit_mt);
    lua_pushcfunction(L, bm_unit_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    static const luaL_Reg vec_mt[] = {
        {"__index", bm_vec_index}, {"__newindex", bm_vec_newindex}, {NULL, NULL}};
    bm_vec_mt = bm_metatable(L, vec_mt, NULL);

    lua_newtable(L);
    lua_pushcfunction(L, bm_unit_new);
    lua_setfield(L, -2, "Unit");
    lua_pushcfunction(L, bm_vec_new);
    lua_setfield(L, -2, "Vec");
    lua_pushcfunction(L, bm_run);
    lua_setfield(L, -2, "run");
    lua_newtable(L);
    lua_pushcfunction(L, bm_calc_add);
    lua_setfield(L, -2, "Add");
    lua_setfield(L, -2, "Calc");
    lua_setglobal(L, "hw");
}

/* ---- the cases ------------------------------------------------------------ */

/* Each side's set-up defines the same globals: Unit, Vec, Calc, run,
 * units (10 000 of them for the frame). */
static const char bm_setup_zlua[] =
    "local B = CS.Bench\n"
    "Unit, Vec, Calc = B.Unit, B.Vec, B.Calc\n"
    "local D = B.Driver\n"
    "run = function(f, n) return D.RunFunc(f, n) end\n";
static const char bm_setup_base[] =
    "Unit, Vec, Calc, run = hw.Unit, hw.Vec, hw.Calc, hw.run\n";
static const char bm_setup_common[] =
    "o = Unit()\n"
    "units = {}\n"
    "for i = 1, 10000 do units[i] = Unit() end\n"
    "add2 = function(a, b) return a + b end\n";

typedef struct bm_case {
    const char *name;
    const char *loop;   /* the body of `for i = 1, N do ... end` */
} bm_case;

static const bm_case bm_cases[] = {
    {"hp", "s = s + o.Hp"},
    {"hpset", "o.Hp = i"},
    {"pos", "local p = o.Pos; p.x = p.x + 1; o.Pos = p"},
    {"vec", "local v = Vec(1, 2, 3)"},
    {"add", "s = s + add(i, 2)"},              /* add = Calc.Add, read once */
    {"addlookup", "s = s + Calc.Add(i, 2)"},   /* info: the type table's read too */
    {"move", "o:Move(1, 2)"},
    {"func", NULL},   /* C# calls add2 N times through Func<int, int, int> */
    {"frame", "local u = units[i % 10000 + 1]; local p = u.Pos; p.x = p.x + 1; u.Pos = p; "
              "u:Move(1, 2)"},
};

static int bm_do(lua_State *L, const char *chunk, const char *name)
{
    if (luaL_loadbuffer(L, chunk, strlen(chunk), name) != LUA_OK ||
        lua_pcall(L, 0, 1, 0) != LUA_OK) {
        fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: zlua-bench-mono EditorBench.dll CASE N\n");
        return 2;
    }
    const bm_case *c = NULL;
    for (size_t i = 0; i < sizeof bm_cases / sizeof bm_cases[0]; i++)
        if (strcmp(bm_cases[i].name, argv[2]) == 0)
            c = &bm_cases[i];
    long n = strtol(argv[3], NULL, 10);
    const char *side = getenv("ZLUA_BENCH_SIDE");
    int base = side != NULL && strcmp(side, "base") == 0;
    if (c == NULL || n <= 0) {
        fprintf(stderr, "bench: unknown case %s or bad N %s\n", argv[2], argv[3]);
        return 2;
    }
    if (testbed_rt_add_assembly(argv[1]) != 0 || testbed_rt_init() != 0)
        return 1;
    /* as the Editor runs: without the test hosts' fault injection, whose
     * hooks the backend asks at every call */
    zm.fault_point = NULL;
    zm.fault_take_throw = NULL;
    MonoAssembly *a = mono_domain_assembly_open(mono_domain_get(), argv[1]);
    if (a == NULL)
        return 1;
    int32_t (*native_add)(int32_t, int32_t) = bm_native_add;
    const void *p;
    memcpy(&p, &native_add, sizeof p);
    mono_add_internal_call("Bench.Driver::NativeAdd", p);
    testbed_alloc counter;
    memset(&counter, 0, sizeof counter);
    lua_State *L = testbed_new_state(&counter);
    if (L == NULL)
        return 1;
    bm_open(L, mono_assembly_get_image(a));
    if (bm_do(L, base ? bm_setup_base : bm_setup_zlua, "setup") != 0 ||
        bm_do(L, bm_setup_common, "setup") != 0)
        return 1;
    char chunk[512];
    if (c->loop != NULL)
        snprintf(chunk, sizeof chunk,
                 "local N = ...\n"
                 "local o, units, Vec, Calc, s = o, units, Vec, Calc, 0\n"
                 "local add = Calc.Add\n"
                 "for i = 1, N do %s end\n"
                 "return s",
                 c->loop);
    else
        snprintf(chunk, sizeof chunk, "local N = ...\nreturn run(add2, N)");
    if (luaL_loadbuffer(L, chunk, strlen(chunk), c->name) != LUA_OK) {
        fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
        return 1;
    }
    int fn = luaL_ref(L, LUA_REGISTRYINDEX);
    /* Lua's collector is stopped while allocations are counted (a step
     * may shrink a table or a string buffer: a counted realloc) and runs
     * when instructions are (ZLUA_BENCH_LUAGC=on: a userdata's collection
     * is part of its cost) */
    const char *gc = getenv("ZLUA_BENCH_LUAGC");
    int gc_on = gc != NULL && strcmp(gc, "on") == 0;
    uint64_t g0 = 0, l0 = 0;
    struct timespec t0 = {0, 0}, t1;
    for (int round = 0; round < 2; round++) {   /* a warm-up, then the measured run */
        long iters = round == 0 ? 100 : n;
        lua_gc(L, LUA_GCCOLLECT);
        if (!gc_on)
            lua_gc(L, LUA_GCSTOP);
        g0 = testbed_rt_gc_allocs();
        l0 = counter.requests;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
        lua_pushinteger(L, iters);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            fprintf(stderr, "bench: %s\n", lua_tostring(L, -1));
            return 1;
        }
        lua_pop(L, 1);
        lua_gc(L, LUA_GCRESTART);
    }
    uint64_t g = testbed_rt_gc_allocs() - g0, l = counter.requests - l0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%s %s %ld managed=%.3f lua=%.3f ns=%.1f\n", c->name, base ? "base" : "zlua", n,
           (double)g / (double)n, (double)l / (double)n, ns / (double)n);
    lua_close(L);
    return 0;
}
