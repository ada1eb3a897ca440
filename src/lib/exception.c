/*
 * exception.c -- zlua.exception(err): the C# exception behind a Lua error.
 *
 * A C# exception reaches Lua as a string error, "chunk:1: System.X:
 * message (in Demo.Foo)" (R-DEF-4), which string functions and
 * tostring(err) keep working on.  The state remembers the last such error
 * and its exception (core/exception.c); given that error value, this
 * returns the exception, viewed as System.Exception (Message,
 * InnerException, ...), and its runtime type's full name
 * ("System.InvalidOperationException").  Any other value -- a Lua error, an older C#
 * exception's error -- gives nil: one exception is kept, never a history.
 */
#include <lauxlib.h>

#include "class/class.h"
#include "core/exception.h"
#include "lib/lib.h"
#include "marshal/meta.h"

int zlua__lib_exception(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    lua_settop(L, 1);
    if (lua_type(L, 1) != LUA_TSTRING)
        return 0;   /* nil: only a C# exception's error has one */
    lua_pushliteral(L, ZLUA_EXC_LAST_KEY);
    lua_rawget(L, LUA_REGISTRYINDEX);
    Il2CppException *exc = zlua__exc_last(ctx);
    if (exc == NULL || !lua_rawequal(L, 1, 2))
        return 0;
    Il2CppClass *k = il2cpp_class_from_name(il2cpp_get_corlib(), "System", "Exception");
    const zlua_meta *m = k != NULL ? zlua__meta_of_class(ctx, k) : NULL;
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    m->push(L, m, &exc);
    zlua__class *cls = zlua__class_get(ctx, il2cpp_object_get_class((Il2CppObject *)exc));
    if (cls == NULL)
        return luaL_error(L, "not enough memory");
    lua_pushstring(L, cls->full_name);
    return 2;
}
