/*
 * ptrbox.h -- trusted pointers kept where a script can reach them.
 *
 * Closures keep their class or method in an upvalue, member tables keep
 * member descriptors as values; the debug library can read and replace
 * both.  A raw lightuserdata there could be swapped for any other pointer
 * and dereferenced, so libzlua stores such a pointer in a box: a small full
 * userdata { tag, purpose, owner, pointer }.  A box is recognised without
 * dereferencing anything a script chose: its length must be a box's (a
 * lightuserdata has none) before its tag is read, and the tag names the
 * kind of pointer.  Scripts cannot write the bytes of a userdata, so a box
 * cannot be forged.
 *
 * A genuine box can still be moved: debug.setupvalue takes any value,
 * another closure's box included.  So a box also records what it is for
 * (its purpose: the closure kind and upvalue that keep it, or the member
 * table) and whose it is (its owner: the class the closure or table was
 * made for), and every read names both.  A MoveNext box of one type's
 * pairs iterator is refused by another type's, a class box of an operator
 * closure by a constructor, the enumerator class of a pair iterator by
 * anything else.
 */
#ifndef ZLUA_PTRBOX_H
#define ZLUA_PTRBOX_H

#include <stdint.h>

#include <lua.h>

#define ZLUA_BOX_CLASS UINT64_C(0x7A6C7561436C6173)   /* zlua__class */
#define ZLUA_BOX_METHOD UINT64_C(0x7A6C75614D657468)  /* zlua__method chain */
#define ZLUA_BOX_MEMBER UINT64_C(0x7A6C75614D656D62)  /* zlua__member */
#define ZLUA_BOX_GENERIC UINT64_C(0x7A6C756147656E65) /* zlua__generic (types.h) */

/* What a box is for.  Closures of one upvalue layout, that assume the same
 * of it, share a purpose; each upvalue holding a box has its own. */
typedef enum zlua__box_for {
    ZLUA_FOR_TYPE = 1,        /* a type table's closures: its class */
    ZLUA_FOR_INSTANCE,        /* an instance metatable's __index, __newindex,
                                 __tostring: its class */
    ZLUA_FOR_OPERATOR,        /* an operator metamethod, __eq: its class */
    ZLUA_FOR_LEN,             /* __len: its class */
    ZLUA_FOR_CLOSE,           /* __close: its class, */
    ZLUA_FOR_CLOSE_DISPOSE,   /*   and IDisposable.Dispose */
    ZLUA_FOR_CTOR,            /* the general constructor entry: its class */
    ZLUA_FOR_CTOR_STRUCT,     /* a struct's constructor: its class */
    ZLUA_FOR_CTOR_DEFAULT,    /* default(T) of a struct without one */
    ZLUA_FOR_CTOR_NULLABLE,   /* N(v) of a Nullable<T> */
    ZLUA_FOR_MEMBER,          /* a member table's descriptor */
    ZLUA_FOR_GENERIC,         /* an open generic method's closure */
    ZLUA_FOR_PAIRS,           /* __pairs: its class */
    ZLUA_FOR_PAIRS_GET,       /* __pairs: the GetEnumerator it calls */
    ZLUA_FOR_ARRAY_ITER,      /* T[]'s iterator: its class */
    ZLUA_FOR_ENUM_ITER,       /* an IEnumerable's iterator: its class, */
    ZLUA_FOR_ENUM_MOVE,       /*   IEnumerator's MoveNext and */
    ZLUA_FOR_ENUM_CURRENT,    /*   get_Current */
    ZLUA_FOR_ENUM_ELEM,       /*   and the T of its IEnumerable<T> */
    ZLUA_FOR_PAIR_ITER,       /* a pair iterator: its class, */
    ZLUA_FOR_PAIR_ENUM,       /*   the enumerator struct, */
    ZLUA_FOR_PAIR_MOVE,       /*   its MoveNext, get_Current, and the */
    ZLUA_FOR_PAIR_CURRENT,    /*   pair's get_Key and get_Value */
    ZLUA_FOR_PAIR_KEY,
    ZLUA_FOR_PAIR_VALUE
} zlua__box_for;

typedef struct zlua__box {
    uint64_t tag;         /* the kind of pointer */
    uint32_t purpose;     /* zlua__box_for */
    uint32_t unused;
    const void *owner;    /* the class it was made for */
    void *ptr;
} zlua__box;

/* Pushes a new box holding ptr for purpose, owned by owner (may raise:
 * memory). */
void zlua__box_push(lua_State *L, uint64_t tag, zlua__box_for purpose, const void *owner,
                   void *ptr);

/* The box at idx when it holds a `tag` pointer for purpose, whoever owns
 * it; NULL for anything else. */
static inline const zlua__box *zlua_box_at(lua_State *L, int idx, uint64_t tag,
                                          zlua__box_for purpose)
{
    if (lua_rawlen(L, idx) != sizeof(zlua__box))
        return NULL;
    const zlua__box *b = (const zlua__box *)lua_touserdata(L, idx);
    return b != NULL && b->tag == tag && b->purpose == (uint32_t)purpose ? b : NULL;
}

/* The pointer boxed at idx with tag for purpose by owner, or NULL. */
static inline void *zlua_box_get(lua_State *L, int idx, uint64_t tag, zlua__box_for purpose,
                                 const void *owner)
{
    const zlua__box *b = zlua_box_at(L, idx, tag, purpose);
    return b != NULL && b->owner == owner ? b->ptr : NULL;
}

/* Raises `zlua: tampered upvalue (WHAT expected)`. */
int zlua__box_tampered(lua_State *L, const char *what);

/* zlua_box_get for an upvalue, raising zlua__box_tampered for anything
 * else. */
static inline void *zlua_box_upvalue(lua_State *L, int idx, uint64_t tag, zlua__box_for purpose,
                                     const void *owner, const char *what)
{
    void *p = zlua_box_get(L, idx, tag, purpose, owner);
    if (p == NULL)
        zlua__box_tampered(L, what);
    return p;
}

/* The class a closure was made for, from its first upvalue box: a class
 * box for purpose that owns itself (the closure's other boxes name it as
 * their owner); NULL for anything else. */
static inline void *zlua_box_class(lua_State *L, int idx, zlua__box_for purpose)
{
    const zlua__box *b = zlua_box_at(L, idx, ZLUA_BOX_CLASS, purpose);
    return b != NULL && b->owner == b->ptr ? b->ptr : NULL;
}

/* zlua_box_class for an upvalue, raising `(class expected)`. */
static inline void *zlua_box_class_upvalue(lua_State *L, int idx, zlua__box_for purpose)
{
    void *cls = zlua_box_class(L, idx, purpose);
    if (cls == NULL)
        zlua__box_tampered(L, "class");
    return cls;
}

/* Pushes the class box zlua_box_class_upvalue reads. */
static inline void zlua_box_push_class(lua_State *L, zlua__box_for purpose, void *cls)
{
    zlua__box_push(L, ZLUA_BOX_CLASS, purpose, cls, cls);
}

#endif
