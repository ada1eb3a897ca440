/*
 * box.c -- zlua.box, zlua.unbox, zlua.cast (R-BOX-1, R-ENUM-2, R-VIEW-1).
 *
 * A box is a managed object, so it is a ByObjUserData viewed as the value
 * type it boxes; unboxing copies the value out by the runtime class's own
 * writer; a cast is another view of the same object (identity per object
 * and view, R-SHAPE-2).
 */
#include <lauxlib.h>

#include "core/exception.h"
#include "lib/lib.h"
#include "marshal/meta.h"
#include "marshal/ud.h"

/* The value is popped onto the C stack, which the collector scans: a
 * struct's references stay alive until the box holds its copy. */
#define ZLUA_BOX_TEMP 1024

static int zlua_lib_is_boxable(const zlua_meta *m)
{
    switch (m->kind) {
    case ZLUA_K_VOID: case ZLUA_K_STRING: case ZLUA_K_OBJECT:
    case ZLUA_K_POINTER: case ZLUA_K_BYREF:
        return 0;
    default:
        return 1;   /* primitives, enums, structs, Nullable<T>, decimal */
    }
}

/* zlua.box(T, value | ByValUserData) -> ByObjUserData viewed as T. */
int zlua__lib_box(lua_State *L)
{
    zlua__class *cls = zlua__lib_check_type(L, 1, "box");
    const zlua_meta *m = cls->meta;
    if (!cls->valuetype || !zlua_lib_is_boxable(m))
        return luaL_error(L, "box expects a value type");
    uint64_t temp[ZLUA_BOX_TEMP / sizeof(uint64_t)];
    if (m->size > sizeof temp)
        return luaL_error(L, "unsupported type %s", m->name);
    int rc = m->pop(L, 2, m, temp);
    if (rc != ZLUA_POP_OK)
        return zlua__pop_argerror(L, 2, 2, "box", m, rc);
    zlua__class *view = cls;
    void *data = temp;
    if (cls->nullable) {   /* as the CLR boxes it: null, or a boxed T */
        if (((const unsigned char *)temp)[cls->has_value_offset] == 0) {
            lua_pushnil(L);
            return 1;
        }
        view = cls->element;
        data = (char *)temp + cls->value_offset;
    }
    Il2CppObject *obj;
    Il2CppException *exc = zlua_rt_value_box(view->klass, data, &obj);
    if (exc != NULL)
        return zlua__exc_raise(L, exc, "zlua.box");
    zlua__ud_push_byobj(L, view, obj);
    return 1;
}

/* zlua.unbox(boxed) -> boolean / integer / number, or a ByValUserData copy
 * of a boxed struct, by the runtime class of the object (whatever view
 * the userdata has: Demo.Box(5) is viewed as System.Object). */
int zlua__lib_unbox(lua_State *L)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        return luaL_error(L, "object userdata has been finalized");
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ)
        return luaL_error(L, "unbox expects a boxed value");
    Il2CppClass *k = il2cpp_object_get_class(u->obj);
    if (!il2cpp_class_is_valuetype(k))
        return luaL_error(L, "unbox expects a boxed value");
    const zlua_meta *m = zlua__meta_of_class(zlua__ctx_check(L), k);
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    m->push(L, m, il2cpp_object_unbox(u->obj));
    return 1;
}

/* zlua.cast(obj, T) -> the ByObjUserData of the same object viewed as T:
 * the cached one of (object, T) while it lives, so identity holds
 * (R-SHAPE-2).  T must be assignable from the object's runtime class. */
int zlua__lib_cast(lua_State *L)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        return luaL_error(L, "object userdata has been finalized");
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ)
        return luaL_error(L, "bad argument #1 to 'cast' (object expected, got %s)",
                          zlua__typename(L, 1));
    zlua__class *cls = zlua__lib_check_type(L, 2, "cast");
    /* Nullable<T> and static classes have no ByObj view (no object is
     * ever one of them) */
    if (cls->nullable || cls->is_static ||
        !il2cpp_class_is_assignable_from(cls->klass, il2cpp_object_get_class(u->obj)))
        return luaL_error(L, "cannot cast");
    zlua__ud_push_byobj(L, cls, u->obj);
    return 1;
}
