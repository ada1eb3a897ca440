/*
 * ctor.c -- T(...), T._ctor(...), T._default() (R-CTOR-1).
 *
 * A struct is constructed in place: the ByValUserData is created zeroed
 * (one Lua allocation, no managed one) and the constructor runs with
 * `this` = its payload.  A class instance is object creation (through the
 * glue: it can throw) + .ctor; either runs the class init first (R-RT-2).
 */
#include "bridge/ctor.h"

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "core/exception.h"
#include "marshal/ud.h"

/* A value type without a Lua shape (decimal, ref structs: lua-api.md, "Calling C#") has no
 * userdata to make: its type table refuses construction. */
static int zlua_ctor_unsupported(lua_State *L, const zlua__class *cls)
{
    return luaL_error(L, "'%s' cannot be constructed from Lua: unsupported type",
                      cls->full_name);
}

static int zlua_ctor_shapeless(const zlua__class *cls)
{
    return cls->valuetype && cls->meta->kind == ZLUA_K_UNSUPPORTED;
}

int zlua__ctor_construct(lua_State *L, zlua__class *cls, int base, int n)
{
    if (cls->interface || cls->abstract)
        return luaL_error(L, "'%s' has no public constructor", cls->full_name);
    if (zlua_ctor_shapeless(cls))
        return zlua_ctor_unsupported(L, cls);
    if (cls->valuetype) {
        if (n == 0) {
            zlua__ud_push_byval(L, cls, NULL);   /* default(T) */
            return 1;
        }
        if (cls->ctors == NULL)
            return luaL_error(L, "'%s' has no public constructor", cls->full_name);
        const zlua__method *m = zlua__method_select(L, cls->ctors, base, n);
        zlua_class_init(L, cls, m->bridge.display);
        void *payload = zlua__ud_push_byval(L, cls, NULL);
        zlua__method_invoke(L, m, base, n, payload, NULL);
        return 1;
    }
    if (cls->ctors == NULL)
        return luaL_error(L, "'%s' has no public constructor", cls->full_name);
    const zlua__method *m = zlua__method_select(L, cls->ctors, base, n);
    zlua_class_init(L, cls, m->bridge.display);
    Il2CppObject *obj;
    Il2CppException *exc = zlua_rt_object_new(cls->klass, &obj);
    if (exc != NULL)
        return zlua__exc_raise(L, exc, m->bridge.display);
    zlua__method_invoke(L, m, base, n, obj, NULL);
    zlua__ud_push_byobj(L, cls, obj);
    return 1;
}

/* The class of a constructor closure of purpose (each entry checks its
 * own: a struct's constructor serves value types only). */
static zlua__class *zlua_ctor_class(lua_State *L, zlua__box_for purpose)
{
    return zlua_box_class_upvalue(L, lua_upvalueindex(1), purpose);
}

/* upvalues: 1 boxed cls, 2 number of leading arguments to skip (T for __call) */
static int zlua_ctor_entry(lua_State *L)
{
    zlua__class *cls = zlua_ctor_class(L, ZLUA_FOR_CTOR);
    int skip = lua_tointeger(L, lua_upvalueindex(2)) == 1;   /* 0 or 1, whatever is there */
    int n = lua_gettop(L) - skip;
    return zlua__ctor_construct(L, cls, skip + 1, n < 0 ? 0 : n);
}

/* Struct constructors, the hot case (upvalue 1: boxed cls): one userdata,
 * the constructor runs on its payload. */
static int zlua_ctor_struct(lua_State *L, int base)
{
    zlua__class *cls = zlua_ctor_class(L, ZLUA_FOR_CTOR_STRUCT);
    int n = lua_gettop(L) - base + 1;
    if (n <= 0) {
        zlua__ud_push_byval(L, cls, NULL);   /* default(T) */
        return 1;
    }
    const zlua__method *m = cls->ctors;
    if (m == NULL)
        return luaL_error(L, "'%s' has no public constructor", cls->full_name);
    if (m->next != NULL || m->nslots != n)
        m = zlua__method_select(L, m, base, n);
    zlua_class_init(L, cls, m->bridge.display);
    if (m->scalar_shape)
        return zlua__method_new_struct(L, m, base);
    void *payload = zlua__ud_push_byval(L, cls, NULL);
    zlua__method_invoke(L, m, base, n, payload, NULL);
    return 1;
}

static int zlua_ctor_struct_call(lua_State *L)   /* T(...): T is argument 1 */
{
    return zlua_ctor_struct(L, 2);
}

static int zlua_ctor_struct_ctor(lua_State *L)   /* T._ctor(...) */
{
    return zlua_ctor_struct(L, 1);
}

static void zlua_ctor_push_struct(lua_State *L, zlua__class *cls, lua_CFunction fn)
{
    zlua_box_push_class(L, ZLUA_FOR_CTOR_STRUCT, cls);
    lua_pushcclosure(L, fn, 1);
}

static int zlua_ctor_default(lua_State *L)
{
    zlua__class *cls = zlua_ctor_class(L, ZLUA_FOR_CTOR_DEFAULT);
    if (zlua_ctor_shapeless(cls))
        return zlua_ctor_unsupported(L, cls);
    zlua__ud_push_byval(L, cls, NULL);
    return 1;
}

/* N(v) on a Nullable<T> table: T's value, or nil (lua-api.md, "Type tables"). */
static int zlua_ctor_nullable(lua_State *L)
{
    zlua__class *cls = zlua_ctor_class(L, ZLUA_FOR_CTOR_NULLABLE);
    const zlua_meta *m = cls->meta;
    uint64_t buf[32];
    if (m->size > sizeof buf)
        return luaL_error(L, "unsupported type %s", m->name);
    int rc = m->pop(L, 2, m, buf);
    if (rc != ZLUA_POP_OK)
        return zlua__pop_argerror(L, 2, 1, cls->full_name, m, rc);
    m->push(L, m, buf);
    return 1;
}

static void zlua_ctor_push(lua_State *L, zlua__class *cls, zlua__box_for purpose,
                           lua_CFunction fn, int skip)
{
    zlua_box_push_class(L, purpose, cls);
    lua_pushinteger(L, skip);
    lua_pushcclosure(L, fn, 2);
}

/* T(...) on a type with nothing to construct (an enum, System.Void):
 * the error a static class gives. */
static int zlua_ctor_none(lua_State *L)
{
    return luaL_error(L, "'%s' has no public constructor", zlua_ctor_class(L, ZLUA_FOR_CTOR_STRUCT)->full_name);
}

void zlua__ctor_install(lua_State *L, zlua__class *cls, int statics, int tm)
{
    if (cls->is_enum || (cls->valuetype && cls->meta->kind == ZLUA_K_VOID)) {
        /* R-ENUM-2: no constructor, no _ctor (an enum value is made with
         * zlua.box); calling the table raises as calling Demo does */
        zlua_ctor_push_struct(L, cls, zlua_ctor_none);
        lua_setfield(L, tm, "__call");
        return;
    }
    if (cls->nullable) {
        zlua_ctor_push(L, cls, ZLUA_FOR_CTOR_NULLABLE, zlua_ctor_nullable, 1);
        lua_setfield(L, tm, "__call");
        return;
    }
    if (cls->valuetype && !cls->interface && !cls->abstract && !zlua_ctor_shapeless(cls)) {
        if (cls->ctors != NULL && cls->ctors->next == NULL && cls->ctors->stub != NULL)
            lua_pushcfunction(L, cls->ctors->stub);   /* T(...): its generated stub */
        else
            zlua_ctor_push_struct(L, cls, zlua_ctor_struct_call);
        lua_setfield(L, tm, "__call");
        zlua_ctor_push_struct(L, cls, zlua_ctor_struct_ctor);
        lua_setfield(L, statics, "_ctor");
    } else {
        zlua_ctor_push(L, cls, ZLUA_FOR_CTOR, zlua_ctor_entry, 1);
        lua_setfield(L, tm, "__call");
        zlua_ctor_push(L, cls, ZLUA_FOR_CTOR, zlua_ctor_entry, 0);
        lua_setfield(L, statics, "_ctor");
    }
    if (cls->valuetype) {
        zlua_ctor_push(L, cls, ZLUA_FOR_CTOR_DEFAULT, zlua_ctor_default, 0);
        lua_setfield(L, statics, "_default");
    }
}
