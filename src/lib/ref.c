/*
 * ref.c -- zlua.new_ref (R-REF-3, R-REF-4).
 *
 * A ref is an ordinary ByValUserData of a value type T: the payload is the
 * storage a `ref T` parameter is given (lua-api.md, "ref, in and out": a ByValUserData of
 * exactly A passes its payload address), and it reads by value wherever T
 * is expected.  Structs already have that form (T(...)); new_ref adds it
 * for primitives and enums, whose values Lua otherwise only holds as
 * numbers, and exposes their payload as `r.value` (types/members.c).  A
 * non-blittable struct ref is registered like any other such userdata
 * (zlua__ud_push_byval): its own registry cell keeps what it references
 * alive (R-SUD-2).
 */
#include <lauxlib.h>

#include "bridge/ctor.h"
#include "lib/lib.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "types/types.h"

#define ZLUA_REF_TEMP 1024  /* a value popped as a T parameter, on the C stack */

/* The kinds that have a ref: every value type with a ByVal userdata form. */
static int zlua_ref_kind_ok(int kind)
{
    return zlua_kind_is_scalar(kind) || kind == ZLUA_K_STRUCT;
}

/* new_ref(T, v): argument 2 popped as a T parameter takes it, into a new
 * ByValUserData.  For a struct T, v is an OpaqueValue: a copy of its slot
 * (R-OPQ-10), as zlua.box(T, h) makes; for a primitive or an enum, the
 * value itself. */
static int zlua_ref_of_value(lua_State *L, zlua__class *cls)
{
    const zlua_meta *m = cls->meta;
    uint64_t temp[ZLUA_REF_TEMP / sizeof(uint64_t)];
    if (m->size > sizeof temp)
        return luaL_error(L, "unsupported type %s", m->name);
    int rc = m->pop(L, 2, m, temp);
    if (rc != ZLUA_POP_OK)
        return zlua__pop_argerror(L, 2, 2, "new_ref", m, rc);
    zlua__ud_push_byval(L, cls, temp);
    return 1;
}

/* zlua.new_ref(T [, value | ctor args... | existing]) -> ByValUserData of T. */
int zlua__lib_new_ref(lua_State *L)
{
    int n = lua_gettop(L);
    zlua__class *cls = zlua__lib_check_type(L, 1, "new_ref");
    const zlua_meta *m = cls->meta;
    if (cls->valuetype && m->kind == ZLUA_K_NULLABLE)
        /* no ByVal form: a Nullable<T> value is nil or a T (lua-api.md, "Type tables") */
        return luaL_error(L, "bad argument #1 to 'new_ref' (%s has no userdata form: "
                             "its values are nil or %s)", cls->full_name, m->elem->name);
    if (cls->valuetype && m->kind == ZLUA_K_UNSUPPORTED)
        /* decimal, ref structs: no Lua shape (lua-api.md, "Calling C#") */
        return luaL_error(L, "bad argument #1 to 'new_ref' (unsupported type %s)",
                          cls->full_name);
    if (!cls->valuetype || !zlua_ref_kind_ok(m->kind))
        /* classes, interfaces, string, object, void */
        return luaL_error(L, "new_ref expects a value type");
    /* The type table binds the members (constructors, `value`) and the
     * instance metatables in one protected step (types/typetable.c):
     * a type named by a string may not have been used yet. */
    zlua__class_push_typetable(L, cls);
    lua_pop(L, 1);
    int nvals = n - 1;
    if (nvals == 0 || (nvals == 1 && lua_isnil(L, 2))) {
        zlua__ud_push_byval(L, cls, NULL);   /* default(T) */
        return 1;
    }
    if (nvals == 1) {
        zlua__ud *u = zlua_ud_any(L, 2);
        if (u != NULL && u->cls == cls && u->magic == ZLUA_UD_BYVAL) {
            /* an existing ByValUserData of T: a copy, never an alias.  Its
             * payload stays put while it is on the stack (argument 2), and
             * the copy is stored with the write barrier. */
            zlua__ud_push_byval(L, cls, zlua_ud_payload(u));
            return 1;
        }
        if (u != NULL && u->cls == cls && u->magic == ZLUA_UD_DEAD)
            return luaL_error(L, "bad argument #2 to 'new_ref' "
                                 "(struct userdata has been finalized)");
        if (m->kind == ZLUA_K_STRUCT && lua_type(L, 2) == LUA_TLIGHTUSERDATA)
            return zlua_ref_of_value(L, cls);
    }
    if (m->kind == ZLUA_K_STRUCT)   /* T's constructor rules, as T(...) */
        return zlua__ctor_construct(L, cls, 2, nvals);
    /* primitives and enums: the value pops by T's parameter rules */
    if (nvals != 1)
        return luaL_error(L, "wrong number of arguments to 'new_ref' (1 to 2 expected, got %d)",
                          n);
    return zlua_ref_of_value(L, cls);
}
