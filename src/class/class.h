/*
 * class.h -- the per-type binding cache (built lazily, cached per state).
 *
 * A zlua__class caches what the hot paths need about a type (sizes, flags,
 * reference offsets, the class init state) and slots that the layers
 * above fill in: its MarshalMeta (marshal), the registry references of
 * its Lua objects -- type table, ByVal and ByObj instance metatables,
 * member tables -- and its member index (types).  This
 * module only reads metadata; it never binds a member or makes a meta.
 */
#ifndef ZLUA_CLASS_H
#define ZLUA_CLASS_H

#include <stdint.h>

#include <lua.h>

#include "core/state.h"
#include "il2cpp/il2cpp_api.h"

/* Instance fields, properties and methods by the identity of their
 * interned name: Lua interns short strings, so lua_topointer of a key
 * equal to a member name gives the same string object while the member
 * table keeps the name alive.  lua_topointer is one API call that also
 * sorts out every key that is no string: numbers, booleans and nil give
 * NULL (never converted in place, as lua_tostring would convert an
 * indexer's number), tables and functions objects that are no name.  A
 * miss (long or new string, any other key) falls back to the member
 * table. */
typedef struct zlua__names {
    const void **keys;
    const struct zlua__member **values;
    uint32_t mask;   /* capacity - 1; 0 when empty */
    /* the last key found and its member: a loop reading one member finds
     * it without hashing.  Only a key of the table is kept here, so it
     * lives as long as the table's own. */
    const void *last_key;
    const struct zlua__member *last;
} zlua__names;

static inline uint32_t zlua_names_slot(const void *key, uint32_t mask)
{
    uintptr_t h = (uintptr_t)key;
    h ^= h >> 15;
    h *= (uintptr_t)0x2C1B3C6Du;
    h ^= h >> 12;
    return (uint32_t)h & mask;
}

static inline const struct zlua__member *zlua_names_get(zlua__names *t, const void *key)
{
    if (key == t->last_key)
        return t->last;
    if (t->mask == 0)
        return NULL;
    for (uint32_t i = zlua_names_slot(key, t->mask);; i = (i + 1) & t->mask) {
        if (t->keys[i] == key) {
            t->last_key = key;
            return t->last = t->values[i];
        }
        if (t->keys[i] == NULL)
            return NULL;
    }
}

struct zlua__member;
struct zlua_meta;
struct zlua__method;

/* The C# operators a type's instance metatables serve (R-OP-1), indexes
 * of zlua__class.ops; GT and GE stand in, operands swapped, for a missing
 * LT or LE (Lua has no __gt: `a > b` is `b < a`). */
typedef enum zlua__op {
    ZLUA_OP_ADD, ZLUA_OP_SUB, ZLUA_OP_MUL, ZLUA_OP_DIV, ZLUA_OP_MOD,
    ZLUA_OP_UNM, ZLUA_OP_EQ, ZLUA_OP_LT, ZLUA_OP_LE, ZLUA_OP_GT, ZLUA_OP_GE,
    ZLUA_OP_COUNT
} zlua__op;

typedef struct zlua__class {
    zlua__ctx *ctx;
    Il2CppClass *klass;
    const Il2CppType *type;
    const char *full_name;     /* "MyGame.Point2D", "Outer+Inner" */
    const char *name;
    const char *assembly;
    uint32_t value_size;       /* unboxed size (value types) */
    uint32_t align;
    uint8_t valuetype, is_enum, blittable, nullable;
    uint8_t interface, abstract, is_static, is_array;
    uint8_t rank, szarray;     /* arrays: dimensions; T[] (no bounds) */
    uint8_t is_byreflike;      /* a ref struct: [IsByRefLike] (value types) */
    uint8_t is_delegate;       /* derives from System.MulticastDelegate */
    struct zlua__class *element; /* enum underlying, Nullable T, array element */
    uint32_t has_value_offset;  /* Nullable<T>: unboxed offsets, read from */
    uint32_t value_offset;      /* the field metadata (corlibs differ) */
    uint32_t *ref_offsets;      /* unboxed offsets of managed references */
    uint32_t nrefs;
    const struct zlua_meta *meta; /* its by-value meta: set by marshal */
    /* a delegate type's binding (marshal/delegate_pop.c), once complete:
     * what a Lua function given for it needs, without a map lookup */
    struct zlua__deltype *deltype;
    int typetable;              /* registry refs; LUA_NOREF until made */
    int byval_mt, byobj_mt;
    int statics;                /* name -> function / constant (type table) */
    int static_slots;           /* name -> lightuserdata zlua__member */
    int instance;               /* name -> function / lightuserdata member */
    int generics;               /* 'i'/'s' .. name -> generic method definition */
    uint8_t members_bound;
    uint8_t building;           /* zlua__class_get is completing it */
    uint8_t linked;             /* related classes and refs are known */
    uint8_t inited;             /* class init ran (R-RT-2) */
    uint8_t policy_judged;      /* class/policy.c decided (R-POLICY-1): */
    uint8_t policy_denied;      /* scripts may not reach it */
    zlua__names fields;          /* instance fields/properties/methods, fast path */
    struct zlua__method *ctors;  /* overload chain of .ctor */
    /* bound with the members (types/members.c), each chain indexed by
     * argument count (overload.c), NULL: none */
    struct zlua__method *ops[ZLUA_OP_COUNT]; /* op_Addition, ... (R-OP-1) */
    /* per operator, its candidate taking the operand(s) as this very
     * struct, by value, through a stub's args body: for ByVal operands of
     * this type it is the one best candidate (Identity on each), so the
     * call needs no scoring; NULL: none */
    struct zlua__method *ops_same[ZLUA_OP_COUNT];
    struct zlua__method *index_get, *index_set; /* get_Item / set_Item (R-IDX-1) */
    struct zlua__method *len_getter; /* Count or Length getter (R-COLL-1) */
    zlua__sreg_pool pool;        /* non-blittable structs: payload cells */
} zlua__class;

/* The binding of klass (created on first use), linked to its related
 * classes; its meta is marshal's business (zlua__meta_bind).  NULL on
 * memory failure. */
zlua__class *zlua__class_get(zlua__ctx *ctx, Il2CppClass *klass);
/* The binding of the class named `full_name` ("Ns.Name", "Ns.Outer+Inner"
 * or "Ns.Outer.Inner") in any assembly, or NULL.  Resolved by name
 * (il2cpp_class_from_name, nested types of the outer class), never by
 * walking an image; misses are not remembered. */
zlua__class *zlua__class_find(zlua__ctx *ctx, const char *full_name);
/* The same, in the image img only (NULL: none). */
zlua__class *zlua__class_find_in(zlua__ctx *ctx, const Il2CppImage *img, const char *full_name);
/* cls when C# outside its assembly can name it (public, and every type
 * declaring it public), else NULL: what C# hides (internal and private
 * types, compiler-generated ones) a script cannot name either. */
zlua__class *zlua__class_visible(zlua__class *cls);
/* The binding of the nested type `name` that outer declares, or NULL. */
zlua__class *zlua__class_find_nested(zlua__ctx *ctx, zlua__class *outer, const char *name);

/* R-RT-2: runs the class init (the static constructor, once) through the
 * glue before the first static field access, static method call or
 * construction.  A throwing one raises the Lua error for
 * System.TypeInitializationException (in `where`), and the next access
 * tries again -- and throws again, as the CLR does. */
void zlua__class_run_init(lua_State *L, zlua__class *cls, const char *where);
static inline void zlua_class_init(lua_State *L, zlua__class *cls, const char *where)
{
#if defined(__GNUC__)
    if (ZLUA_UNLIKELY(!cls->inited))
#else
    if (!cls->inited)
#endif
        zlua__class_run_init(L, cls, where);
}

#endif
