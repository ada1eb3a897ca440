/*
 * test_state.c -- the per-state context (src/core/state.c): zlua_open,
 * zlua_state_stats, and what lua_close releases (R-SUD-2..4, R-GC-2).
 *
 * R-SUD-4 says lua_close releases every registry entry of the state.
 * The registries live inside the context, which is Lua memory; they are
 * linked into one global list that the push-root callback walks on every
 * collection.  A registry left linked after its state closed would be
 * read from freed memory by the next collection.  To see that without a
 * sanitizer, the states here use a "quarantine" allocator: freed blocks
 * are poisoned (0xDB...) and kept until the test ends, so a walk through
 * a stale registry follows a poisoned pointer and crashes at once (and
 * ASan/valgrind report the read when they are used).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "bridge/method.h"
#include "core/state.h"
#include "marshal/ud.h"
#include "sim.h"
#include "unit_support.h"
#include "zlua.h"

/* ---- quarantine allocator ------------------------------------------------ */

typedef union qblock {
    struct {
        union qblock *next;   /* quarantine list */
        size_t size;
    } h;
    max_align_t align;
} qblock;

typedef struct qalloc {
    size_t live_blocks;
    size_t bad_osize;
    size_t quarantined;
    qblock *quarantine;
} qalloc;

#define POISON 0xDB

static void qalloc_retire(qalloc *q, qblock *b)
{
    memset(b + 1, POISON, b->h.size);
    b->h.next = q->quarantine;
    q->quarantine = b;
    q->quarantined++;
    q->live_blocks--;
}

static void *qalloc_fn(void *ud, void *ptr, size_t osize, size_t nsize)
{
    qalloc *q = ud;
    qblock *old = ptr != NULL ? (qblock *)ptr - 1 : NULL;
    if (old != NULL && old->h.size != osize)
        q->bad_osize++;
    if (nsize == 0) {
        if (old != NULL)
            qalloc_retire(q, old);
        return NULL;
    }
    qblock *b = malloc(sizeof *b + nsize);
    if (b == NULL)
        return NULL;
    b->h.next = NULL;
    b->h.size = nsize;
    q->live_blocks++;
    if (old != NULL) {
        memcpy(b + 1, old + 1, old->h.size < nsize ? old->h.size : nsize);
        qalloc_retire(q, old);
    }
    return b + 1;
}

/* Frees the quarantine.  Only when no registry can point into it any
 * more: at the end of a test, after its checks. */
static void qalloc_release(qalloc *q)
{
    while (q->quarantine != NULL) {
        qblock *next = q->quarantine->h.next;
        free(q->quarantine);
        q->quarantine = next;
    }
    q->quarantined = 0;
}

/* ---- helpers ------------------------------------------------------------- */

/* lua_close, then a collection while the state's memory is still
 * poisoned: a registry of L left on the global list crashes here. */
static void close_and_collect(lua_State *L, qalloc *q)
{
    unit_state_close(L);
    assert_int_equal(q->live_blocks, 0);   /* R-SUD-4: all memory returned */
    assert_int_equal(q->bad_osize, 0);
    sim_collect();
    qalloc_release(q);
}

static zlua_stats stats(lua_State *L)
{
    zlua_stats st;
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_OK);
    return st;
}

static void run(lua_State *L, const char *code)
{
    assert_int_equal(unit_dostring(L, code), 0);
}

static const char make_structs[] =
    "T = {} for i = 1, 100 do T[i] = CS.MyGame.Tagged(i, 'x' .. i) end";
static const char make_objects[] =
    "B = {} for i = 1, 10 do B[i] = CS.Demo.Box(i) end";
static const char check_structs[] =
    "for i = 1, 100 do\n"
    "  assert(T[i].id == i, 'id ' .. i)\n"
    "  assert(T[i].name == 'x' .. i, 'name ' .. i)\n"
    "end";

/* B[i] is the ByObjUserData of a boxed System.Int32 holding i. */
static void check_boxes(lua_State *L)
{
    lua_getglobal(L, "B");
    for (int i = 1; i <= 10; i++) {
        lua_rawgeti(L, -1, i);
        zlua__ud *u = zlua_ud_test(L, -1, ZLUA_UD_BYOBJ);
        assert_non_null(u);
        assert_ptr_equal(il2cpp_object_get_class(u->obj), sim_class("System.Int32"));
        assert_int_equal(*(int32_t *)il2cpp_object_unbox(u->obj), i);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Tracks the managed name string of T[i] (a ByValUserData of
 * MyGame.Tagged): returns the sim_track id.  noinline, and the caller
 * scrubs the stack, so no copy of the pointer stays on the C stack. */
static UNIT_NOINLINE int track_name(lua_State *L, int i)
{
    lua_getglobal(L, "T");
    lua_rawgeti(L, -1, i);
    zlua__ud *u = zlua_ud_test(L, -1, ZLUA_UD_BYVAL);
    assert_non_null(u);
    /* Tagged: int id; string name; object payload (the fixture catalog) */
    struct { int32_t id; Il2CppString *name; Il2CppObject *payload; } t;
    memcpy(&t, zlua_ud_payload(u), sizeof t);
    lua_pop(L, 2);
    assert_int_equal(t.id, i);
    int id = sim_track((Il2CppObject *)t.name);
    memset(&t, 0, sizeof t);
    return id;
}

/* ---- zlua_open ------------------------------------------------------------ */

/* zlua_open twice is ZLUA_OK and keeps the same context and globals. */
static void test_open_twice_keeps_globals(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    zlua__ctx *ctx = zlua__ctx_get(L);
    assert_non_null(ctx);
    static const char *const globals[] = {"CS", "CSharp", "zlua"};
    for (int i = 0; i < 3; i++)
        assert_int_equal(lua_getglobal(L, globals[i]), LUA_TTABLE);
    /* a type table made before the second open stays the cached one */
    run(L, "Before = CS.MyGame.Point2D");

    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    assert_ptr_equal(zlua__ctx_get(L), ctx);
    for (int i = 0; i < 3; i++) {
        lua_getglobal(L, globals[i]);
        assert_true(lua_rawequal(L, -1, i + 1));
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
    run(L, "assert(rawequal(Before, CS.MyGame.Point2D))");
    assert_int_equal(zlua_open(NULL), ZLUA_EINVAL);
    close_and_collect(L, &q);
}

/* A call hook that keeps every C function it sees called, in the
 * registry's sequence under CAPTURED. */
static void capture_c_calls(lua_State *L, lua_Debug *ar)
{
    if (lua_getinfo(L, "fS", ar) == 0)
        return;
    if (ar->what[0] != 'C' || !lua_iscfunction(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    if (lua_getfield(L, LUA_REGISTRYINDEX, "CAPTURED") != LUA_TTABLE) {
        lua_pop(L, 2);
        return;
    }
    lua_insert(L, -2);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
    lua_pop(L, 1);
}

/* zlua_open's protected body, captured by a call hook while it runs and
 * called again later, refuses: it would make the state's tables and
 * references again under the objects that use them. */
static void test_open_body_runs_once(void **state)
{
    (void)state;
    lua_State *L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "CAPTURED");
    lua_sethook(L, capture_c_calls, LUA_MASKCALL, 0);
    assert_int_equal(zlua_open(L), ZLUA_OK);
    lua_sethook(L, NULL, 0, 0);
    run(L, "P = CS.MyGame.Point2D(1, 2)");
    lua_getfield(L, LUA_REGISTRYINDEX, "CAPTURED");
    lua_setglobal(L, "Captured");
    run(L, "assert(#Captured > 0)\n"
           "local refused = 0\n"
           "for _, f in ipairs(Captured) do\n"
           "  local ok, err = pcall(f)\n"
           "  if not ok and err == 'zlua: not callable from Lua' then refused = refused + 1 end\n"
           "end\n"
           "assert(refused >= 1, 'the open body ran again')\n"
           "local Q = CS.MyGame.Point2D(1, 2)\n"
           "assert(rawequal(getmetatable(P), getmetatable(Q)))\n"
           "assert(Q.x == 1 and P.y == 2)\n");
    unit_state_close(L);
}

/* A state without zlua_open has no context. */
static void test_stats_without_zlua(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new_bare(qalloc_fn, &q);
    assert_non_null(L);
    zlua_stats st;
    assert_int_equal(zlua_state_stats(L, &st), ZLUA_ESTATE);
    assert_int_equal(zlua_state_stats(NULL, &st), ZLUA_EINVAL);   /* NULL argument */
    assert_int_equal(zlua_state_stats(L, NULL), ZLUA_EINVAL);
    assert_int_equal(zlua_scope_begin(L), ZLUA_ESTATE);
    assert_int_equal(zlua_scope_end(L), ZLUA_ESTATE);
    int32_t slot = 0;
    const Il2CppType *i4 = il2cpp_class_get_type(sim_class("System.Int32"));
    assert_int_equal(zlua_opaque_push(L, &slot, i4), ZLUA_ESTATE);
    assert_null(zlua_meta_type(L, i4));
    assert_int_equal(lua_gettop(L), 0);
    assert_int_equal(lua_getglobal(L, "CS"), LUA_TNIL);
    lua_pop(L, 1);

    /* after zlua_open: a fresh context with nothing live */
    assert_int_equal(zlua_open(L), ZLUA_OK);
    st = stats(L);
    assert_int_equal(st.structs, 0);
    assert_int_equal(st.objects, 0);
    assert_int_equal(st.scope_depth, 0);
    assert_int_equal(st.handles, 0);
    close_and_collect(L, &q);
}

/* ---- registries (R-SUD-2, R-SUD-3, R-GC-2) --------------------------------------- */

static void test_registry_counts(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    zlua_stats st0 = stats(L);

    run(L, make_structs);
    zlua_stats st = stats(L);
    assert_int_equal(st.structs, st0.structs + 100);   /* non-blittable: registered */
    run(L, "P = {} for i = 1, 100 do P[i] = CS.MyGame.Point2D(i, i) end");
    assert_int_equal(stats(L).structs, st.structs);     /* blittable: not (R-SUD-1) */

    run(L, make_objects);
    st = stats(L);
    assert_true(st.objects > st0.objects);
    assert_int_equal(st.objects, st0.objects + 10);     /* ten distinct boxes */

    /* the registries keep the managed references alive (R-SUD-2, R-GC-2) */
    int id = track_name(L, 50);
    assert_true(id > 0);
    unit_gc_scrub_stack();
    sim_collect();
    sim_collect();
    assert_int_equal(sim_alive(id), 1);
    run(L, check_structs);
    check_boxes(L);

    /* __gc releases the entries (R-SUD-3) */
    run(L, "T = nil B = nil P = nil collectgarbage() collectgarbage()");
    st = stats(L);
    assert_int_equal(st.structs, st0.structs);
    assert_int_equal(st.objects, st0.objects);

    close_and_collect(L, &q);
}

/* ---- lua_close (R-SUD-4) ----------------------------------------------------------- */

static void test_close_releases_everything(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    run(L, make_structs);
    run(L, make_objects);
    assert_int_equal(stats(L).structs, 100);
    assert_true(stats(L).objects >= 10);

    /* closed with everything still referenced */
    unit_state_close(L);
    assert_int_equal(q.live_blocks, 0);   /* all Lua memory returned */
    assert_int_equal(q.bad_osize, 0);

    /* the push-root callback walks the global registry list: nothing of
     * the closed state may be on it (its memory is poisoned now) */
    sim_collect();
    sim_collect();

    /* a second state works and collects fine */
    qalloc q2 = {0};
    lua_State *L2 = unit_state_new(qalloc_fn, &q2);
    assert_non_null(L2);
    run(L2, make_structs);
    run(L2, make_objects);
    assert_int_equal(stats(L2).structs, 100);
    sim_collect();
    run(L2, check_structs);
    check_boxes(L2);
    close_and_collect(L2, &q2);
    qalloc_release(&q);
}

static void test_open_close_50_states(void **state)
{
    (void)state;
    qalloc q = {0};
    for (int n = 0; n < 50; n++) {
        lua_State *L = unit_state_new(qalloc_fn, &q);
        assert_non_null(L);
        run(L, "T = {} for i = 1, 10 do T[i] = CS.MyGame.Tagged(i, 'x' .. i) end");
        run(L, "B = {CS.Demo.Box(1)}");
        zlua_stats st = stats(L);
        assert_int_equal(st.structs, 10);
        assert_int_equal(st.objects, 1);
        if (n % 10 == 0)
            sim_collect();
        unit_state_close(L);
        assert_int_equal(q.live_blocks, 0);
        sim_collect();
    }
    assert_int_equal(q.bad_osize, 0);
    qalloc_release(&q);
}

/* Closing states in any order unlinks exactly their registries: a
 * survivor's registries stay on the list and keep its references alive. */
static void test_interleaved_states_survivor(void **state)
{
    (void)state;
    enum { N = 20, SURVIVOR = 7 };
    qalloc q = {0};
    lua_State *Ls[N];
    for (int i = 0; i < N; i++) {
        Ls[i] = unit_state_new(qalloc_fn, &q);
        assert_non_null(Ls[i]);
        run(Ls[i], make_structs);
        run(Ls[i], make_objects);
    }
    lua_State *S = Ls[SURVIVOR];
    int id = track_name(S, 3);
    assert_true(id > 0);
    /* close the others: odd ones first (middle of the list), then even */
    for (int pass = 0; pass < 2; pass++)
        for (int i = pass == 0 ? 1 : 0; i < N; i += 2)
            if (i != SURVIVOR) {
                unit_state_close(Ls[i]);
                Ls[i] = NULL;
                sim_collect();
            }
    unit_gc_scrub_stack();
    sim_collect();
    sim_collect();
    assert_int_equal(sim_alive(id), 1);
    assert_int_equal(stats(S).structs, 100);
    assert_int_equal(stats(S).objects, 10);
    run(S, check_structs);
    check_boxes(S);

    /* once the survivor lets go, its entries are released too */
    run(S, "T = nil B = nil collectgarbage() collectgarbage()");
    assert_int_equal(stats(S).structs, 0);
    assert_int_equal(stats(S).objects, 0);
    close_and_collect(S, &q);
}

/* ---- publish after complete, context lifetime ---------------------- */

typedef struct bind_probe {
    lua_State *L;
    Il2CppClass *klass;    /* the class whose binding is watched */
    int calls, stepped;    /* probe calls; calls in which a GC cycle finished */
    int raise;             /* raise a Lua error from inside the binding */
} bind_probe;

/* A finalizer that makes its successor: `fins` counts the Lua collector's
 * finished cycles. */
static const char g_cycle_counter[] =
    "fins = 0 "
    "local function sentinel() "
    "  setmetatable({}, {__gc = function() fins = fins + 1 sentinel() end}) "
    "end "
    "sentinel()";

static lua_Integer cycles_seen(lua_State *L)
{
    lua_getglobal(L, "fins");
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
}

/* Called inside the binding: allocates 4 MB of garbage, enough for
 * several cycles of the collector if it were stepping. */
static void bind_probe_fn(void *ud, Il2CppClass *klass)
{
    bind_probe *p = ud;
    if (klass != p->klass)
        return;
    p->calls++;
    lua_Integer before = cycles_seen(p->L);
    for (int i = 0; i < 8192; i++) {
        lua_createtable(p->L, 0, 16);
        lua_pop(p->L, 1);
    }
    p->stepped += cycles_seen(p->L) != before;
    if (p->raise) {
        p->raise = 0;
        luaL_error(p->L, "probe: binding failed");
    }
}

/* A type is bound with the Lua collector held: however much the binding
 * allocates, no GC step (so no finalizer) runs while the type is
 * half-made; the collector runs again afterwards on every path, an error
 * included, and a collector the host stopped stays stopped. */
static void test_binding_holds_the_lua_gc(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    run(L, g_cycle_counter);
    bind_probe p = {L, sim_class("MyGame.Line"), 0, 0, 1};
    sim_set_methods_probe(bind_probe_fn, &p);
    /* first attempt fails inside the binding: error surfaces, GC runs */
    assert_int_not_equal(luaL_dostring(L, "return CS.MyGame.Line"), 0);
    assert_non_null(strstr(lua_tostring(L, -1), "probe: binding failed"));
    lua_pop(L, 1);
    assert_int_equal(lua_gc(L, LUA_GCISRUNNING), 1);
    lua_Integer before = cycles_seen(L);
    run(L, "local t for i = 1, 100000 do t = {i} end");
    assert_true(cycles_seen(L) > before);   /* it collects again */
    /* second attempt binds */
    run(L, "local l = CS.MyGame.Line() assert(l.a.x == 0)");
    assert_true(p.calls > 1);
    assert_int_equal(p.stepped, 0);
    assert_int_equal(lua_gc(L, LUA_GCISRUNNING), 1);
    /* the host's stop is kept */
    p.klass = sim_class("MyGame.Vector2");
    p.calls = 0;
    lua_gc(L, LUA_GCSTOP);
    run(L, "local v = CS.MyGame.Vector2(1, 2) assert(v.X == 1)");
    assert_true(p.calls > 0);
    assert_int_equal(lua_gc(L, LUA_GCISRUNNING), 0);
    lua_gc(L, LUA_GCRESTART);
    sim_set_methods_probe(NULL, NULL);
    close_and_collect(L, &q);
}

/* Binding keeps the collector's pace (R-BIND-1): a bind owes the debt its
 * allocations made and no more.  With the next cycle due only when the
 * heap has grown tenfold, binding 300 types, far less than that, finishes
 * no cycle (a collector stopped and restarted around each bind starts its
 * debt again from zero, so each bind stepped and cycles ran through). */
static void test_binding_keeps_the_gc_pace(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    assert_int_equal(sim_generated_install(300), 300);
    sim_generated_set_visible(1);
    run(L, g_cycle_counter);
    run(L, "for i = 1, 200000 do local _ = {} end "   /* a heap of some size */
           "T = {} for i = 1, 20000 do T[i] = {i} end "
           "collectgarbage() collectgarbage('setpause', 1000) fins = 0");
    int kb0 = lua_gc(L, LUA_GCCOUNT);
    run(L, "for i = 0, 299 do assert(CS['Gen.N' .. (i // 100) .. '.C' .. i]) end");
    assert_true(lua_gc(L, LUA_GCCOUNT) < 5 * kb0);   /* the premise: well under tenfold */
    assert_int_equal(cycles_seen(L), 0);
    run(L, "collectgarbage('setpause', 200)");
    sim_generated_set_visible(0);
    close_and_collect(L, &q);
}

/* The context is found through the allocator, not the registry: a script
 * that wipes the registry (debug library) cannot make it go away, and
 * lua_close still releases it (the counting allocator ends at zero). */
static void test_context_survives_registry_wipe(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    zlua__ctx *ctx = zlua__ctx_get(L);
    assert_non_null(ctx);
    void *ud;
    assert_true(lua_getallocf(L, &ud) != qalloc_fn);   /* interposed */
    assert_ptr_equal(ud, ctx);
    run(L, "T = CS.MyGame.Tagged(1, 'kept') "
           "local reg = debug.getregistry() "
           "for k, v in pairs(reg) do if k ~= 1 and k ~= 2 then reg[k] = nil end end "
           "collectgarbage() collectgarbage()");
    assert_ptr_equal(zlua__ctx_get(L), ctx);
    run(L, "pcall(function() return T.name end) pcall(CS.MyGame.Tagged, 2, 'x') "
           "collectgarbage()");
    close_and_collect(L, &q);
}

/* A trampoline reads its slot of the closure table with no bounds or
 * NULL test (bridge/method_entry.c): zlua_open makes the table as long as
 * the trampolines, and a slot never handed out, then or after the table
 * grew, refuses the call as a swapped upvalue is refused (R-META-3); on
 * a state libzlua never opened the call is refused before any table. */
static void expect_refused(lua_State *L, lua_CFunction f)
{
    lua_pushcfunction(L, f);
    assert_int_equal(lua_pcall(L, 0, 0, 0), LUA_ERRRUN);
    assert_string_equal(lua_tostring(L, -1), "zlua: tampered upvalue (method expected)");
    lua_pop(L, 1);
}

static void test_trampoline_slots(void **state)
{
    (void)state;
    qalloc q = {0};
    lua_State *L = unit_state_new(qalloc_fn, &q);
    assert_non_null(L);
    zlua__ctx *ctx = zlua__ctx_get(L);
    assert_true(ctx->closures_cap >= ZLUA_TRAMPOLINES);
    assert_null(ctx->closures[0]);
    expect_refused(L, zlua__trampolines[ZLUA_TRAMPOLINES - 1]);
    expect_refused(L, zlua__trampolines[ctx->nclosures]);
    static const int other;   /* what the slots handed out below hold */
    while (ctx->closures_cap < 2 * ZLUA_TRAMPOLINES)
        assert_true(zlua__ctx_closure_add(ctx, &other) != 0);
    for (uint32_t i = ctx->nclosures; i < ctx->closures_cap; i++)
        assert_non_null(ctx->closures[i]);
    assert_ptr_equal(zlua_ctx_closure(ctx, ctx->nclosures), NULL);   /* the checked read */
    close_and_collect(L, &q);

    L = unit_state_new_bare(NULL, NULL);
    assert_non_null(L);
    expect_refused(L, zlua__trampolines[1]);
    lua_close(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_twice_keeps_globals),
        cmocka_unit_test(test_open_body_runs_once),
        cmocka_unit_test(test_stats_without_zlua),
        cmocka_unit_test(test_registry_counts),
        cmocka_unit_test(test_close_releases_everything),
        cmocka_unit_test(test_open_close_50_states),
        cmocka_unit_test(test_interleaved_states_survivor),
        cmocka_unit_test(test_binding_holds_the_lua_gc),
        cmocka_unit_test(test_binding_keeps_the_gc_pace),
        cmocka_unit_test(test_context_survives_registry_wipe),
        cmocka_unit_test(test_trampoline_slots),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
