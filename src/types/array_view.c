/*
 * array_view.c -- what an array looks like from Lua (R-ARR-1): `#arr`, and the
 * `get` / `set` methods every array class gets besides System.Array's own
 * members (GetValue, SetValue, Length ... stay bound like any method).
 *
 * get and set are bound once per array class, as METHOD members of its
 * field index (types/members.c), so `arr:get(3)` is one interned-name
 * lookup and one registry read in __index, then this closure: no name
 * lookup per call.  The closures have no upvalue (nothing to swap): they
 * serve the array class named in the self userdata's own header, whose
 * element meta (the view's static element type) and rank decide
 * everything.  Indices are C#'s, 0-based, lower bounds honoured; anything
 * outside raises `index out of range`.
 */
#include <string.h>

#include <lauxlib.h>

#include "core/exception.h"
#include "marshal/array.h"
#include "marshal/ud.h"
#include "types/types.h"

/* The array at 1 (a live ByObjUserData of an array class) or raises. */
static zlua__ud *zlua_array_self(lua_State *L, const char *what)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && u->magic == ZLUA_UD_BYOBJ && u->cls->is_array && u->cls->rank > 0)
        return u;
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        luaL_error(L, "object userdata has been finalized");
    luaL_error(L, "calling '%s' on bad self (array expected, got %s)%s", what,
               zlua__typename(L, 1), u == NULL ? "; use ':' to call a method" : "");
    return NULL;
}

/* "System.Int32[].get", for messages. */
static const char *zlua_array_where(lua_State *L, const zlua__class *cls, const char *what)
{
    return lua_pushfstring(L, "%s.%s", cls->full_name, what);
}

/* The element meta of u's class, or raises. */
static const zlua_meta *zlua_array_self_elem(lua_State *L, const zlua__ud *u)
{
    const zlua_meta *em = zlua_array_elem(u->cls);
    if (em == NULL)
        luaL_error(L, "unsupported type %s", u->cls->full_name);
    return em;
}

/* Checks the argument count (rank indices, plus the value for set) and
 * reads the indices at 2 .. rank+1 into idx, then gives the element's
 * address or raises `index out of range`. */
static void *zlua_array_locate(lua_State *L, const zlua__ud *u, const char *what, int extra)
{
    const zlua__class *cls = u->cls;
    int rank = cls->rank, n = lua_gettop(L) - 1;
    if (n != rank + extra)
        luaL_error(L, "wrong number of arguments to '%s' (%d expected, got %d)",
                   zlua_array_where(L, cls, what), rank + extra, n);
    lua_Integer idx[32];
    for (int d = 0; d < rank; d++) {
        int isnum = 0;
        idx[d] = lua_type(L, d + 2) == LUA_TNUMBER ? lua_tointegerx(L, d + 2, &isnum) : 0;
        if (!isnum)
            luaL_error(L, "bad argument #%d to '%s' (%s)", d + 1,
                       zlua_array_where(L, cls, what),
                       lua_type(L, d + 2) == LUA_TNUMBER
                           ? "number has no integer representation"
                           : lua_pushfstring(L, "System.Int32 expected, got %s",
                                             zlua__typename(L, d + 2)));
    }
    void *addr = zlua__array_address(cls->ctx, cls, u->obj, idx);
    if (addr == NULL && cls->szarray)   /* the common case says what the bounds are */
        luaL_error(L, "index out of range: %I (%s of length %I, indexed from 0)",
                   (LUAI_UACINT)idx[0], cls->full_name,
                   (LUAI_UACINT)zlua_array_count(cls->ctx, u->obj));
    if (addr == NULL)
        luaL_error(L, "index out of range");
    return addr;
}

static int zlua_array_get_slow(lua_State *L)
{
    zlua__ud *u = zlua_array_self(L, "get");
    const zlua_meta *em = zlua_array_self_elem(L, u);
    void *addr = zlua_array_locate(L, u, "get", 0);
    em->push(L, em, addr);
    return 1;
}

/* arr:get(i...): the element at the indices, by the view's element type
 * (a struct: a ByValUserData copy; null: nil).  The hot case, an integer
 * index into a T[] of scalars, reads and pushes without a call. */
static int zlua_array_get(lua_State *L)
{
    const zlua__ud *u = lua_touserdata(L, 1);
    if (u != NULL && lua_gettop(L) == 2 && lua_isinteger(L, 2) &&
        lua_rawlen(L, 1) >= sizeof *u && u->magic == ZLUA_UD_BYOBJ && u->cls->szarray) {
        const zlua_meta *em = zlua_array_elem(u->cls);
        const zlua__ctx *ctx = u->cls->ctx;
        lua_Integer i = lua_tointeger(L, 2);
        if (em != NULL && (lua_Unsigned)i < (lua_Unsigned)zlua_array_count(ctx, u->obj)) {
            const char *addr = zlua_array_data(ctx, u->obj) + (size_t)i * em->size;
            if (em->kind == ZLUA_K_I4)
                zlua_push_i4_value(L, addr);
            else if (em->kind == ZLUA_K_R4)
                zlua_push_r4_value(L, addr);
            else
                em->push(L, em, addr);
            return 1;
        }
    }
    return zlua_array_get_slow(L);
}

/* arr:set(i..., v): pops v by the element type into the element (structs
 * copied in, references with the write barrier).  Arrays are covariant:
 * an object[] view may be a string[] at run time, so a reference is
 * checked against the runtime element type, as the CLR's stelem does. */
static int zlua_array_set(lua_State *L)
{
    zlua__ud *u = zlua_array_self(L, "set");
    const zlua_meta *em = zlua_array_self_elem(L, u);
    void *addr = zlua_array_locate(L, u, "set", 1);
    int vidx = u->cls->rank + 2;
    zlua__ctx *ctx = u->cls->ctx;
    Il2CppClass *rk = em->is_ref ? il2cpp_class_get_element_class(il2cpp_object_get_class(u->obj))
                                 : NULL;
    int rc;
    if (rk != NULL && em->cls != NULL && rk != em->cls->klass) {
        Il2CppObject *o = NULL;
        rc = em->pop(L, vidx, em, &o);
        if (rc == ZLUA_POP_OK && o != NULL &&
            !il2cpp_class_is_assignable_from(rk, il2cpp_object_get_class(o))) {
            zlua__class *rcls = zlua__class_get(ctx, rk);
            return luaL_error(L, "bad argument #%d to '%s' (%s expected, got %s)", vidx - 1,
                              zlua_array_where(L, u->cls, "set"),
                              rcls ? rcls->full_name : "?", zlua__typename(L, vidx));
        }
        if (rc == ZLUA_POP_OK)
            zlua__value_store(em, u->obj, addr, &o);
    } else {
        rc = zlua__array_store(L, vidx, em, u->obj, addr);
    }
    if (rc != ZLUA_POP_OK)
        zlua__pop_argerror(L, vidx, vidx - 1, zlua_array_where(L, u->cls, "set"), em, rc);
    return 0;
}

/* arr[i], arr[i] = v: a number key of an array is get / set with that
 * index (the metamethods' stacks are get's and set's: self, index, and
 * the value), so both forms give the same values and errors. */
int zlua__array_index(lua_State *L)
{
    return zlua_array_get(L);
}

int zlua__array_newindex(lua_State *L)
{
    return zlua_array_set(L);
}

/* #arr: Length, every dimension's product for an mdarray. */
static int zlua_array_len(lua_State *L)
{
    zlua__ud *u = zlua_array_self(L, "__len");
    lua_pushinteger(L, (lua_Integer)zlua_array_count(u->cls->ctx, u->obj));
    return 1;
}

void zlua__array_bind_members(lua_State *L, zlua__class *cls, int inst, int methods)
{
    static const struct { const char *name; lua_CFunction fn; } fns[] = {
        {"get", zlua_array_get}, {"set", zlua_array_set}};
    if (!cls->is_array || cls->rank == 0)
        return;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        if (lua_getfield(L, inst, fns[i].name) != LUA_TNIL) {   /* a member wins */
            lua_pop(L, 1);
            continue;
        }
        lua_pop(L, 1);
        lua_pushcfunction(L, fns[i].fn);
        zlua__members_note_method(L, cls, methods, fns[i].name);
        lua_setfield(L, inst, fns[i].name);
    }
}

void zlua__array_set_metamethods(lua_State *L, const zlua__class *cls, int mt)
{
    if (!cls->is_array || cls->rank == 0)
        return;
    lua_pushcfunction(L, zlua_array_len);
    lua_setfield(L, mt, "__len");
}
