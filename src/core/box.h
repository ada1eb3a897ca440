/*
 * box.h -- trusted pointers kept where a script can reach them.
 *
 * Closures keep their class or method in an upvalue, member tables keep
 * member descriptors as values; the debug library can read and replace
 * both.  A raw lightuserdata there could be swapped for any other pointer
 * and dereferenced, so libzlua stores such a pointer in a box: a small full
 * userdata { tag, pointer }.  A box is recognised without dereferencing
 * anything a script chose: its length must be a box's (a lightuserdata has
 * none) before its tag is read, and the tag names the kind of pointer.
 * Scripts cannot write the bytes of a userdata, so a box cannot be forged;
 * moving a genuine box elsewhere is caught by the owner checks of its users
 * (a member descriptor names the class it belongs to).
 */
#ifndef ZLUA_BOX_H
#define ZLUA_BOX_H

#include <stdint.h>

#include <lua.h>

#define ZLUA_BOX_CLASS UINT64_C(0x7A6C7561436C6173)   /* zlua_class */
#define ZLUA_BOX_METHOD UINT64_C(0x7A6C75614D657468)  /* zlua_method chain */
#define ZLUA_BOX_MEMBER UINT64_C(0x7A6C75614D656D62)  /* zlua_member */
#define ZLUA_BOX_GENERIC UINT64_C(0x7A6C756147656E65) /* zlua_generic (types.h) */

typedef struct zlua_box {
    uint64_t tag;
    void *ptr;
} zlua_box;

/* Pushes a new box holding ptr (may raise: memory). */
void zlua_box_push(lua_State *L, uint64_t tag, void *ptr);

/* The pointer boxed at idx with `tag`, or NULL for anything else. */
static inline void *zlua_box_get(lua_State *L, int idx, uint64_t tag)
{
    if (lua_rawlen(L, idx) != sizeof(zlua_box))
        return NULL;
    const zlua_box *b = (const zlua_box *)lua_touserdata(L, idx);
    return b != NULL && b->tag == tag ? b->ptr : NULL;
}

/* Raises `zlua: tampered upvalue (WHAT expected)`. */
int zlua_box_tampered(lua_State *L, const char *what);

/* zlua_box_get for an upvalue, raising zlua_box_tampered for anything
 * else. */
static inline void *zlua_box_upvalue(lua_State *L, int idx, uint64_t tag, const char *what)
{
    void *p = zlua_box_get(L, idx, tag);
    if (p == NULL)
        zlua_box_tampered(L, what);
    return p;
}

#endif
