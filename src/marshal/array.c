/*
 * array.c -- managed arrays: element addressing by the runtime's layout
 * queries, element stores with the write barrier, and T[] from an
 * array-shaped table (lua-api.md, "Arrays", R-ARR-1, params T[]).
 *
 * The table pop follows the rule of every pop: it never raises.  It
 * checks the table's shape first (nothing is made for a bad one), makes
 * the array through the glue (creation can throw: OutOfMemory, Overflow),
 * puts it in dst at once -- the caller's frame or temporary, on the C
 * stack the collector scans, so the array stays reachable while its
 * elements are popped (a string or a box each allocates) -- and then
 * fills it.  A failed element leaves the array garbage for the collector
 * and records which element failed in the context, for the message.
 */
#include <string.h>

#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"
#include "marshal/array.h"
#include "marshal/meta.h"

#define ZLUA_ARRAY_TEMP 1024       /* element values popped via the C stack */
#define ZLUA_ARRAY_PATH 4          /* nested element indices kept for messages */

/* ---- addressing ----------------------------------------------------------- */

void *zlua__array_address(const zlua__ctx *ctx, const zlua__class *cls, Il2CppObject *arr,
                         const lua_Integer *idx)
{
    const zlua_meta *em = zlua_array_elem(cls);
    if (em == NULL || cls->rank == 0)
        return NULL;
    uintptr_t count = zlua_array_count(ctx, arr), at = 0;
    if (cls->szarray) {
        if ((lua_Unsigned)idx[0] >= (lua_Unsigned)count)
            return NULL;
        at = (uintptr_t)idx[0];
    } else {
        const char *b;
        memcpy(&b, (const char *)arr + ctx->array_bounds_at, sizeof b);
        if (b == NULL && cls->rank != 1)
            return NULL;   /* no runtime makes one; never guess its shape */
        for (uint32_t d = 0; d < cls->rank; d++) {
            const char *e = b ? b + (size_t)d * ctx->array.bound_size : NULL;
            uintptr_t len = e ? zlua_array_size_at(ctx, e) : count;
            int32_t lower = 0;
            if (e != NULL)
                memcpy(&lower, e + ctx->array.bound_lower_at, sizeof lower);
            if (idx[d] < INT32_MIN || idx[d] > INT32_MAX)
                return NULL;   /* C# indices are int32 */
            int64_t i = (int64_t)idx[d] - lower;
            if (i < 0 || (uint64_t)i >= (uint64_t)len)
                return NULL;
            at = at * len + (uintptr_t)i;
        }
        if (at >= count)   /* the bounds agree with the count; checked anyway */
            return NULL;
    }
    return zlua_array_data(ctx, arr) + at * em->size;
}

int zlua__array_store(lua_State *L, int vidx, const zlua_meta *em, Il2CppObject *arr,
                     void *addr)
{
    /* scalars pop straight into the element: their pops write only on
     * success, and they hold no reference (no barrier) */
    if (zlua_kind_is_scalar(em->kind))
        return em->pop(L, vidx, em, addr);
    uint64_t temp[ZLUA_ARRAY_TEMP / 8];
    if (em->size > sizeof temp)
        return ZLUA_POP_UNSUPPORTED;
    int rc = em->pop(L, vidx, em, temp);
    if (rc == ZLUA_POP_OK)
        zlua__value_store(em, arr, addr, temp);
    return rc;
}

/* ---- array-shaped tables --------------------------------------------------- */

enum { ZLUA_SHAPE_OK = 0, ZLUA_SHAPE_HOLE, ZLUA_SHAPE_KEY };

/* Whether the table at t has exactly the keys 1..n (lua-api.md, "Calling C#": no holes, no
 * [0], no other keys).  On ZLUA_SHAPE_HOLE *hole is the first missing
 * index; on ZLUA_SHAPE_KEY the offending key is left pushed when
 * keep_key: one that no array index can be (not an integer, below 1,
 * past the longest array), so `{[1] = 1, [1 << 40] = 2}` names its key as
 * `{[-1] = 1}` does, where `{[1] = 1, [3] = 2}` has a hole at [2].  Raw accesses only: no metamethod runs, nothing allocates.
 * Needs 2 free stack slots. */
static int zlua_array_shape(lua_State *L, int t, lua_Integer *n, lua_Integer *hole,
                            int keep_key)
{
    lua_Integer count = 0, max = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
            lua_tointeger(L, -1) > INT32_MAX) {
            if (!keep_key)
                lua_pop(L, 1);
            return ZLUA_SHAPE_KEY;
        }
        lua_Integer k = lua_tointeger(L, -1);
        if (k > max)
            max = k;
        count++;
    }
    if (count == max) {
        *n = count;
        return ZLUA_SHAPE_OK;
    }
    /* count keys, all positive, not all of 1..count: one of those is nil */
    for (lua_Integer i = 1;; i++) {
        int nil = lua_rawgeti(L, t, i) == LUA_TNIL;
        lua_pop(L, 1);
        if (nil) {
            *hole = i;
            return ZLUA_SHAPE_HOLE;
        }
    }
}

/* Records the failed element i (1-based) for the message and returns
 * ZLUA_POP_ELEMENT; exceptions and memory errors pass as they are (their
 * message is their own).  An element that failed inside a nested table
 * adds its index to the path the inner pop recorded. */
static int zlua_array_bad_element(zlua__ctx *ctx, lua_Integer i, int rc)
{
    if (rc == ZLUA_POP_EXCEPTION || rc == ZLUA_POP_NOMEM)
        return rc;
    if (rc != ZLUA_POP_ELEMENT) {
        ctx->bad_elem[0] = i;
        ctx->bad_elem_depth = 1;
        ctx->bad_elem_code = rc;
    } else if (ctx->bad_elem_depth >= 1 && ctx->bad_elem_depth < ZLUA_ARRAY_PATH) {
        ctx->bad_elem[ctx->bad_elem_depth++] = i;
    } else {
        ctx->bad_elem_depth = ZLUA_ARRAY_PATH + 1;   /* too deep to name */
    }
    return ZLUA_POP_ELEMENT;
}

/* T[] (lua-api.md, "Calling C#"): a ByObjUserData of a compatible array, nil, or an
 * array-shaped table made into a new T[n] (elements by T's rules). */
static int zlua_pop_array(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (lua_type(L, idx) != LUA_TTABLE)
        return zlua__pop_object(L, idx, m, dst);
    zlua__ctx *ctx = m->ctx;
    const zlua_meta *em = m->elem;
    if (em == NULL)
        return ZLUA_POP_TYPE;
    if (!lua_checkstack(L, 3))
        return ZLUA_POP_NOMEM;
    idx = lua_absindex(L, idx);
    lua_Integer n = 0, hole;
    if (zlua_array_shape(L, idx, &n, &hole, 0) != ZLUA_SHAPE_OK)
        return ZLUA_POP_SHAPE;
    Il2CppArray *a = NULL;
    Il2CppException *exc = zlua_rt_array_new(m->cls->element->klass, (uintptr_t)n, &a);
    if (exc != NULL) {
        zlua__exc_hold(ctx, exc);
        return ZLUA_POP_EXCEPTION;
    }
    if (a == NULL)
        return ZLUA_POP_NOMEM;
    Il2CppArray *before;
    memcpy(&before, dst, sizeof before);
    memcpy(dst, &a, sizeof a);   /* the frame holds it from here on */
    Il2CppObject *obj = (Il2CppObject *)a;
    char *data = zlua_array_data(ctx, obj);
    for (lua_Integer i = 0; i < n; i++) {
        lua_rawgeti(L, idx, i + 1);
        int rc = zlua__array_store(L, -1, em, obj, data + (size_t)i * em->size);
        lua_pop(L, 1);
        if (rc != ZLUA_POP_OK) {   /* dst as it was: a failed pop leaves no trace */
            memcpy(dst, &before, sizeof before);
            return zlua_array_bad_element(ctx, i + 1, rc);
        }
    }
    return ZLUA_POP_OK;
}

int zlua__meta_init_array(zlua__ctx *ctx, zlua_meta *m)
{
    zlua__class *cls = m->cls;
    if (cls == NULL || cls->element == NULL)
        return 1;
    const zlua_meta *em = zlua__meta_of_class(ctx, cls->element->klass);
    if (em == NULL)
        return 0;
    /* elements are reached by the meta's size: only when it is the
     * runtime's element size (anything else stays an opaque object) */
    int esize = il2cpp_array_element_size(cls->klass);
    if (em->kind != ZLUA_K_VOID && esize > 0 && (uint32_t)esize == em->size)
        m->elem = em;
    if (cls->szarray)
        m->pop = zlua_pop_array;
    return 1;
}

/* ---- messages ------------------------------------------------------------------ */

static void zlua_array_shape_error(lua_State *L, int idx, const zlua_meta *m)
{
    lua_Integer n, hole = 0;
    int top = lua_gettop(L);
    if (!lua_checkstack(L, 4)) {
        lua_pushliteral(L, "not enough memory");
        return;
    }
    int rc = zlua_array_shape(L, idx, &n, &hole, 1);
    if (rc == ZLUA_SHAPE_HOLE) {
        lua_pushfstring(L, "%s expected, got a table with a hole at [%I]", m->name,
                        (LUAI_UACINT)hole);
    } else if (rc == ZLUA_SHAPE_KEY && lua_isinteger(L, -1) && lua_tointeger(L, -1) == 0) {
        lua_pushfstring(L, "%s expected, got a table with key [0] (arrays from tables "
                        "start at [1])", m->name);
    } else if (rc == ZLUA_SHAPE_KEY && lua_type(L, -1) == LUA_TNUMBER) {
        lua_pushfstring(L, "%s expected, got a table with key [%s]", m->name,
                        zlua__keyname(L, -1));
    } else if (rc == ZLUA_SHAPE_KEY && lua_type(L, -1) == LUA_TSTRING) {
        lua_pushfstring(L, "%s expected, got a table with key '%s'", m->name,
                        zlua__keyname(L, -1));
    } else if (rc == ZLUA_SHAPE_KEY) {
        lua_pushfstring(L, "%s expected, got a table with a %s key", m->name,
                        zlua__typename(L, -1));
    } else {   /* changed since the pop: say what was wrong then */
        lua_pushfstring(L, "%s expected, got a table that is not array-shaped", m->name);
    }
    if (lua_gettop(L) > top + 1) {   /* the key (and its name) go */
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
    }
}

/* "element [2]: MyGame.Point2D expected, got number" (nested: [1][2]). */
static void zlua_array_element_error(lua_State *L, int idx, const zlua_meta *m)
{
    zlua__ctx *ctx = m->ctx;
    int depth = ctx->bad_elem_depth;
    int top = lua_gettop(L);
    if (depth < 1 || depth > ZLUA_ARRAY_PATH || !lua_checkstack(L, 2 * ZLUA_ARRAY_PATH + 8)) {
        lua_pushfstring(L, "%s expected, got a table with a bad element", m->name);
        return;
    }
    const zlua_meta *em = m;
    lua_pushvalue(L, idx);
    for (int d = depth - 1; d >= 0; d--) {
        if (em->elem == NULL || lua_type(L, -1) != LUA_TTABLE) {
            lua_settop(L, top);
            lua_pushfstring(L, "%s expected, got a table with a bad element", m->name);
            return;
        }
        em = em->elem;
        lua_rawgeti(L, -1, ctx->bad_elem[d]);
    }
    int value = lua_gettop(L);
    lua_pushliteral(L, "element ");
    for (int d = depth - 1; d >= 0; d--)
        lua_pushfstring(L, "[%I]", (LUAI_UACINT)ctx->bad_elem[d]);
    lua_pushliteral(L, ": ");
    zlua__pop_error_push(L, value, em, ctx->bad_elem_code);
    lua_concat(L, lua_gettop(L) - value);
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
}

void zlua__array_error_push(lua_State *L, int idx, const zlua_meta *m, int code)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE)
        lua_pushfstring(L, "%s expected, got %s", m->name, zlua__typename(L, idx));
    else if (code == ZLUA_POP_SHAPE)
        zlua_array_shape_error(L, idx, m);
    else
        zlua_array_element_error(L, idx, m);
}
