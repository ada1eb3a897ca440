/*
 * ic_scalar.h -- the call of a scalar delegate (zlua__ic_shape.scalar:
 * every argument and the result one number or boolean, copied), inline:
 * zlua__delegate_call runs it for such a type, and a backend's entry that
 * took the arguments in registers (src/mono) runs it in its own frame, so
 * that C# -> Lua is one C frame.  What zlua_ic_go's direct path does,
 * without the call's struct: that is made, with every message, only when
 * the call fails (ic.c, cold).
 */
#ifndef ZLUA_IC_SCALAR_H
#define ZLUA_IC_SCALAR_H

#include <stdint.h>

#include <lua.h>

#include "core/state.h"
#include "marshal/delegate.h"
#include "marshal/ic_shape.h"
#include "marshal/meta.h"
#include "scope/scope.h"

/* 0, 1, ... ZLUA_IC_SCALAR_MAX - 1 (ic_shape.h): the cells of a caller
 * whose arguments were scattered and copied into cells, in order. */
extern const uint8_t zlua__ic_cells_in_order[ZLUA_IC_SCALAR_MAX];

/* t's call of the function at registry ref in L when the Lua stack has
 * no room for it (no frame opened). */
Il2CppException *zlua__ic_scalar_nomem(lua_State *L, const zlua__deltype *t, int ref, void *ret);
/* The same call that failed in its frame (status: lua_pcall's; LUA_OK:
 * the result on top, refused by its pop): the exception the general path
 * gives, with its message; the stack back. */
Il2CppException *zlua__ic_scalar_failed(lua_State *L, zlua__ctx *ctx, const zlua__deltype *t,
                                        int ref, void *ret, int status);

/* A call of the delegate of type t (its shape scalar) over the function
 * at registry ref in L, on the state's own thread (checked by the caller,
 * before t was read; the three taken from the record before the call:
 * the Lua code it runs may resolve other delegates): NULL with the
 * result in *ret (unread for void) and the stack back, or the exception
 * to raise.  The i-th argument's value is at the start of the
 * eight-byte cell cell[i] of cells (a register entry's copy of its
 * argument registers, in the order the registers come: no array of
 * pointers made per call).  The call's frame of handles opens and closes
 * around it (R-OPQ-5), though no push here issues one: C# the Lua code
 * calls may open scopes of its own. */
ZLUA_INLINE Il2CppException *zlua__ic_scalar_call(lua_State *L, const zlua__deltype *t, int ref,
                                                  const void *cells, const uint8_t *cell,
                                                  void *ret)
{
    const zlua__ic_shape *s = &t->shape;
    zlua__ctx *ctx = t->cls->ctx;   /* the type is the state's */
    if (ZLUA_UNLIKELY(!lua_checkstack(L, s->nargs + s->nres + 8)))
        return zlua__ic_scalar_nomem(L, t, ref, ret);
    zlua__scope_state saved = zlua_scope_save(&ctx->scope);
    ctx->ic_depth++;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    int nargs = s->nargs;   /* read once: a push may write anywhere */
    if (s->args_i4) {       /* Func<int, int, int> and the like: no meta read */
        for (int i = 0; i < nargs; i++)
            zlua_push_i4_value(L, (const char *)cells + (size_t)cell[i] * 8u);
    } else {
        const zlua_meta *const *metas = s->args;
        for (int i = 0; i < nargs; i++)
            zlua_meta_push_value(L, metas[i], (const char *)cells + (size_t)cell[i] * 8u);
    }
    int status = lua_pcall(L, nargs, s->nres, 0);
    int ok = status == LUA_OK;
    if (ok && s->nres) {
        ok = zlua_meta_pop_value(L, -1, s->ret, ret) == ZLUA_POP_OK;
        if (ZLUA_LIKELY(ok))
            lua_settop(L, -2);
    }
    Il2CppException *exc = NULL;
    if (ZLUA_UNLIKELY(!ok))
        exc = zlua__ic_scalar_failed(L, ctx, t, ref, ret, status);
    ctx->ic_depth--;
    zlua_scope_restore(&ctx->scope, saved);   /* every path */
    return exc;
}

#endif
