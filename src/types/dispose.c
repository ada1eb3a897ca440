/*
 * dispose.c -- Lua 5.4's to-be-closed variables over IDisposable objects:
 * `local f <close> = Save.Open(path)` calls f:Dispose() when f goes out of
 * scope, by a normal exit, break, return or error, as C#'s `using` does.
 *
 * Lua asks the value for __close: the ByObj instance metatable of every
 * type that implements System.IDisposable gets one, made once with the
 * metatable.  It calls IDisposable.Dispose by virtual dispatch, so an
 * explicit implementation (`void IDisposable.Dispose()`) is reached too.
 * A ByVal struct has no __close (C# disposes the variable itself, which a
 * copy in a userdata is not); nil and false are skipped by Lua.
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "marshal/ud.h"
#include "types/types.h"

/* __close(obj, err): upvalues the boxed class and the boxed Dispose. */
static int zlua_dispose_close(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_CLOSE);
    const zlua__method *dispose = zlua_box_upvalue(L, lua_upvalueindex(2), ZLUA_BOX_METHOD,
                                                  ZLUA_FOR_CLOSE_DISPOSE, cls, "method");
    /* called by hand (debug.getmetatable) with anything: checked as Dispose's self */
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        return luaL_error(L, "object userdata has been finalized");
    if (u == NULL || u->magic != ZLUA_UD_BYOBJ || u->obj == NULL ||
        !il2cpp_class_is_assignable_from(zlua__method_owner(dispose)->klass,
                                         il2cpp_object_get_class(u->obj)))
        return luaL_error(L, "bad argument #1 to '__close' (System.IDisposable expected, got %s)",
                          zlua__typename(L, 1));
    Il2CppObject *obj = u->obj;   /* kept by the userdata at 1 while Dispose runs */
    lua_settop(L, 2);
    zlua__method_invoke(L, dispose, 3, 0, obj, NULL);
    return 0;
}

/* IDisposable.Dispose, bound once per state (the interface's method). */
static zlua__method *zlua_dispose_method(zlua__ctx *ctx, zlua__class *idisposable)
{
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(idisposable->klass, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), "Dispose") == 0 &&
            il2cpp_method_get_param_count(mi) == 0)
            return zlua__method_bind(ctx, idisposable, mi);
    return NULL;
}

void zlua__dispose_set_close(lua_State *L, zlua__class *cls, int mt)
{
    mt = lua_absindex(L, mt);
    zlua__ctx *ctx = cls->ctx;
    zlua__class *id = zlua__class_find(ctx, "System.IDisposable");
    if (id == NULL || zlua__meta_bind(ctx, id) == NULL ||
        !il2cpp_class_is_assignable_from(id->klass, cls->klass))
        return;
    zlua__method *dispose = zlua_dispose_method(ctx, id);
    if (dispose == NULL || dispose->unsupported)
        return;
    zlua_box_push_class(L, ZLUA_FOR_CLOSE, cls);
    zlua__box_push(L, ZLUA_BOX_METHOD, ZLUA_FOR_CLOSE_DISPOSE, cls, dispose);
    lua_pushcclosure(L, zlua_dispose_close, 2);
    lua_setfield(L, mt, "__close");
}
