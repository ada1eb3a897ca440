/*
 * ptrbox.c -- creating and checking pointer boxes (ptrbox.h).
 */
#include "core/ptrbox.h"

#include <lauxlib.h>

void zlua__box_push(lua_State *L, uint64_t tag, zlua__box_for purpose, const void *owner,
                   void *ptr)
{
    zlua__box *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->tag = tag;
    b->purpose = (uint32_t)purpose;
    b->unused = 0;
    b->owner = owner;
    b->ptr = ptr;
}

int zlua__box_tampered(lua_State *L, const char *what)
{
    return luaL_error(L, "zlua: tampered upvalue (%s expected)", what);
}
