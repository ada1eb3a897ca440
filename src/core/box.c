/*
 * box.c -- creating and checking boxes (box.h).
 */
#include "core/box.h"

#include <lauxlib.h>

void zlua_box_push(lua_State *L, uint64_t tag, void *ptr)
{
    zlua_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->tag = tag;
    b->ptr = ptr;
}

void *zlua_box_upvalue(lua_State *L, int idx, uint64_t tag, const char *what)
{
    void *p = zlua_box_get(L, idx, tag);
    if (p == NULL)
        luaL_error(L, "zlua: tampered upvalue (%s expected)", what);
    return p;
}
