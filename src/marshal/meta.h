/*
 * meta.h -- MarshalMetaInfo (R-META-1, R-META-2).
 *
 * A zlua_meta is built once per type at bind time and holds the writers
 * chosen for it.  Every hot path calls these function pointers directly:
 * no name lookup, no metadata query per call.
 *
 * Storage convention, shared by every writer: `src`/`dst` point at the
 * value's storage (an int32 for int, the payload for a struct, a slot
 * holding the Il2CppObject* for a reference type, a slot holding the
 * target address for a byref, a slot holding the address for a T*).
 * IL2CPP's invoker wants reference, byref and pointer arguments as the
 * pointer itself: `indirect` says so.
 */
#ifndef ZLUA_META_H
#define ZLUA_META_H

#include <stdint.h>
#include <string.h>

#include <lua.h>

#include "il2cpp/il2cpp_api.h"
#include "zlua.h"

struct zlua__ctx;
struct zlua__class;

typedef enum zlua__kind {
    ZLUA_K_UNSUPPORTED = 0,
    ZLUA_K_VOID,
    ZLUA_K_BOOL,
    ZLUA_K_CHAR,
    ZLUA_K_I1, ZLUA_K_U1, ZLUA_K_I2, ZLUA_K_U2,
    ZLUA_K_I4, ZLUA_K_U4, ZLUA_K_I8, ZLUA_K_U8,
    ZLUA_K_INTPTR, ZLUA_K_UINTPTR,
    ZLUA_K_R4, ZLUA_K_R8,
    ZLUA_K_ENUM,      /* prim = the underlying integer kind */
    ZLUA_K_STRING,
    ZLUA_K_OBJECT,    /* class, interface, object, array, delegate */
    ZLUA_K_STRUCT,
    ZLUA_K_NULLABLE,  /* elem = T's meta */
    ZLUA_K_POINTER,   /* T*, void*, function pointers */
    ZLUA_K_BYREF      /* ref/in/out; elem = the element's meta */
} zlua__kind;

/* The scalar kinds, ZLUA_K_BOOL through ZLUA_K_ENUM (primitives and
 * enums): each one Lua value, a number or a boolean. */
static inline int zlua_kind_is_scalar(int kind)
{
    return kind >= ZLUA_K_BOOL && kind <= ZLUA_K_ENUM;
}

/* Result of a pop; nonzero codes become messages in zlua__pop_error_push. */
enum {
    ZLUA_POP_OK = 0,
    ZLUA_POP_TYPE,            /* "T expected, got X" */
    ZLUA_POP_RANGE,           /* "number out of range for T" */
    ZLUA_POP_NOTINT,          /* "number has no integer representation" */
    ZLUA_POP_EXPIRED,         /* "opaque handle expired" */
    ZLUA_POP_FOREIGN,         /* "invalid opaque parameter handle" */
    ZLUA_POP_MISMATCH,        /* "opaque handle type mismatch (...)" */
    ZLUA_POP_FINALIZED,       /* "struct userdata has been finalized" */
    ZLUA_POP_OBJ_FINALIZED,   /* "object userdata has been finalized" */
    ZLUA_POP_UNSUPPORTED,     /* "unsupported parameter type" */
    ZLUA_POP_NOMEM,           /* "not enough memory" (raised bare) */
    ZLUA_POP_EXCEPTION,       /* the runtime threw: held in the context
                                 (core/exception.h), raised as R-DEF-4 */
    ZLUA_POP_SHAPE,           /* a table for T[] that is not array-shaped */
    ZLUA_POP_ELEMENT,         /* an element of a table for T[]: the context
                                 says which (marshal/array.c) */
    ZLUA_POP_NODELEGATE,      /* a Lua function for a delegate type that
                                 has no generated entry (R-DEL-1) */
    ZLUA_POP_WANT_TABLE,      /* a Table slot: "table expected, got X" */
    ZLUA_POP_WANT_STRING,     /* a Bytes slot: "string expected, got X" */
    ZLUA_POP_MISSING_KEY,     /* "missing key 'Y' for MyGame.MyDto": the
                                 context says which (marshal/rule_meta.c) */
    ZLUA_POP_MEMBER,          /* a listed member's value did not fit: the
                                 context says which and why */
    ZLUA_POP_VALUES,          /* "expects N values for 'PARAM'" */
    ZLUA_POP_POINTER,         /* a light userdata for T* that C# never
                                 handed to Lua (R-PTR-1) */
    ZLUA_POP_DENIED           /* a Lua function for a delegate type the
                                 embedder's policy denies (R-POLICY-1) */
};

/* zlua_meta, zlua_pop_fn and zlua_push_fn are zlua.h's (a stub calls the
 * writers through its bridge). */
/* C# -> Lua argument of an IC call.  For a byref, src is the referenced
 * slot itself (what an IC stub receives).  Returns ZLUA_OK or a ZLUA_E*
 * code; raises only when the meta's push_safe is 0. */
typedef int (*zlua__push_arg_fn)(lua_State *L, const zlua_meta *m,
                                const void *src);

struct zlua_meta {
    zlua_pop_fn pop;
    zlua_push_fn push;      /* copy: returns, field reads, get_opaquevalue */
    zlua__push_arg_fn push_arg; /* IC argument: OpaqueValue for struct/byref */
    struct zlua__ctx *ctx;
    struct zlua__class *cls; /* the value's class (element class for byref) */
    const Il2CppType *type;
    const zlua_meta *elem;  /* byref element, Nullable's T, array element */
    const char *name;       /* CLR full name, for messages */
    uint32_t size;          /* storage bytes */
    uint32_t align;
    uint8_t kind;
    uint8_t prim;           /* integer kind (also for enums) */
    uint8_t indirect;       /* args[i] = *(void **)slot */
    uint8_t push_safe;      /* push_arg never raises nor allocates */
    uint8_t is_ref;         /* storage holds a managed reference */
    uint8_t ptr_align;      /* pointers: the pointee's alignment (1: any) */
    /* [LuaMarshalAs] (lua-api.md, "[LuaMarshalAs]"): ZLUA_MARSHAL_DEFAULT for the metas of
     * zlua__meta_get; a rule's meta (marshal/rule_meta.c) is a copy of its
     * type's with other writers */
    uint8_t mtype;
    uint8_t nslots;         /* Lua values the slot occupies (0 read as 1) */
    uint8_t nmembers;       /* Table / UnpackedValues: the listed members */
    uint8_t covered;        /* their fields cover the value: no zeroing first */
    const struct zlua__meta_member *members;
    const char *slot_name;  /* the parameter's name, for messages */
    /* byref: the class a ByValUserData must be of to be the ref itself
     * (elem's; NULL for Nullable<T>, whose T userdata is copied, and for
     * every other meta) */
    const struct zlua__class *ref_cls;
};

/* A member listed by a Table / UnpackedValues rule, bound once. */
typedef struct zlua__meta_member {
    const char *name;       /* the CLR name (also the Table key) */
    const zlua_meta *meta;  /* its type's default meta: scalar, enum, string */
    const MethodInfo *get, *set;   /* a property's accessors (else NULL) */
    uint32_t offset;        /* a field's offset in the unboxed value */
    uint8_t optional;       /* "Tag?": a missing key keeps the default */
} zlua__meta_member;

/* Lua values the slot of m occupies (UnpackedValues: its members). */
static inline int zlua_meta_slots(const zlua_meta *m)
{
    return m->nslots ? m->nslots : 1;
}

/* The meta of `type` (built on first use).  NULL only on memory failure. */
const zlua_meta *zlua__meta_get(struct zlua__ctx *ctx, const Il2CppType *type);
/* cls itself once its by-value meta (cls->meta) is made; NULL when cls
 * is NULL or memory ran out.  Every class the layers above marshal hand
 * out has been through here: none is seen without its meta. */
struct zlua__class *zlua__meta_bind(struct zlua__ctx *ctx, struct zlua__class *cls);
/* The meta for an unboxed value of `klass`. */
const zlua_meta *zlua__meta_of_class(struct zlua__ctx *ctx, Il2CppClass *klass);

/* The pointee alignment of a pointer type (1: any address is possible). */
uint8_t zlua__meta_pointee_align(const Il2CppType *type);

/* Pushes the detail of a failed pop ("MyGame.Point2D expected, got
 * table", "opaque handle expired", ...) as a string. */
void zlua__pop_error_push(lua_State *L, int idx, const zlua_meta *m, int code);
/* The detail of a failed pop of a rule's meta (marshal/rule_meta.c). */
void zlua__rule_error_push(lua_State *L, int idx, const zlua_meta *m, int code);
/* Raises `bad argument #N to 'WHERE' (detail)`. */
int zlua__pop_argerror(lua_State *L, int idx, int argn, const char *where,
                      const zlua_meta *m, int code);

/* The type name used in "got X": __name of our userdata, else Lua's. */
const char *zlua__typename(lua_State *L, int idx);
/* Pushes an argument's name as a no-overload message lists it: its type
 * name, a boxed value type as "boxed System.Int64" (no slot of that
 * primitive type takes it). */
void zlua__push_argname(lua_State *L, int idx);
/* A key as messages name it: a string or number by its value, true,
 * false, nil, anything else by its type name.  May push a string; never
 * calls a metamethod. */
const char *zlua__keyname(lua_State *L, int idx);

/* Copies a value of meta m from src to dst, applying the GC write barrier
 * to every managed reference it stores (owner: the object containing dst,
 * or NULL for root or stack memory). */
void zlua__value_store(const zlua_meta *m, Il2CppObject *owner, void *dst,
                      const void *src);

/* Conversion ranks of lua-api.md, "Overloads" 3, best last (score.c). */
enum {
    ZLUA_RANK_NONE = 0,   /* not applicable */
    ZLUA_RANK_ARRAY,
    ZLUA_RANK_BOXING,
    ZLUA_RANK_REFERENCE,
    ZLUA_RANK_NULL,
    ZLUA_RANK_ENUM,
    /* a number to the other numeric subtype: an integer to float or
     * double, an integral-valued float to an integral type */
    ZLUA_RANK_NUMERIC_CROSS,
    ZLUA_RANK_NUMERIC,
    ZLUA_RANK_IDENTITY
};

/* A Lua argument as scoring sees it, read once per call and scored
 * against every candidate's parameter without another read of the value
 * for the common types (score.c). */
typedef struct zlua__score_arg {
    int idx;
    int type;                  /* lua_type */
    int is_integer;            /* LUA_TNUMBER: a Lua integer, in i */
    lua_Integer i;
    struct zlua__ud *ud;        /* LUA_TUSERDATA: one of ours, or NULL */
    /* Everything the scores of this argument depend on, in one word: two
     * arguments with the same key score alike against every parameter
     * (so overload.c may reuse a choice).  0: not summarised (a handle, a
     * float with an integral value), score each time. */
    uint64_t key;
} zlua__score_arg;

void zlua__meta_score_read(lua_State *L, int idx, zlua__score_arg *a);
/* The integer kinds an integer fits, as bits: the only thing about its
 * value that scoring reads (zlua__prim_fits, whose ranges these are; the
 * 64-bit kinds take every integer). */
static inline uint64_t zlua_score_fits(lua_Integer v)
{
    /* bit 0 int8, 1 uint8, 2 int16, 3 uint16, 4 int32, 5 uint32: the
     * ranges nest, so a few comparisons place v (small keys first) */
    if (v >= 0) {
        if (v <= INT8_MAX)
            return 0x3F;
        if (v <= UINT8_MAX)
            return 0x3E;
        if (v <= INT16_MAX)
            return 0x3C;
        if (v <= UINT16_MAX)
            return 0x38;
        if (v <= INT32_MAX)
            return 0x30;
        return v <= (lua_Integer)UINT32_MAX ? 0x20 : 0;
    }
    if (v >= INT8_MIN)
        return 0x15;
    if (v >= INT16_MIN)
        return 0x14;
    return v >= INT32_MIN ? 0x10 : 0;
}

/* The key zlua__meta_score_read gives an integer argument v: the ranges
 * it fits (what scoring an integer reads). */
static inline uint64_t zlua_meta_score_int_key(lua_Integer v)
{
    return (uint64_t)(LUA_TNUMBER + 1) | 0x10u | zlua_score_fits(v) << 8;
}
/* Conversion rank of the argument a for m (lua-api.md, "Overloads" 2): a
 * ZLUA_RANK_*.  Never converts, allocates or raises. */
int zlua__meta_score_arg(lua_State *L, const zlua__score_arg *a, const zlua_meta *m);
/* Between two conversions of the same rank: 1 when a's target is the more
 * specific type (a's converts implicitly to b's, not the reverse: Circle
 * over Shape over IShape), -1 for the reverse, 0 otherwise. */
int zlua__meta_compare_targets(const zlua_meta *a, const zlua_meta *b);

/* ---- writer families (one file each) ---------------------------------- */
void zlua__meta_init_primitive(zlua_meta *m);  /* by m->prim */
void zlua__meta_init_string(zlua_meta *m);
void zlua__meta_init_object(zlua_meta *m);
void zlua__meta_init_struct(zlua_meta *m);
/* 1 when m is a struct's default writer (no [LuaMarshalAs] rule): a value
 * of the struct is its payload, copied (what a stub's args body takes). */
int zlua__meta_is_plain_struct(const zlua_meta *m);
void zlua__meta_init_enum(zlua_meta *m);
void zlua__meta_init_nullable(zlua_meta *m);
void zlua__meta_init_pointer(zlua_meta *m);
void zlua__meta_init_byref(zlua_meta *m);
void zlua__meta_init_unsupported(zlua_meta *m);
void zlua__meta_init_delegate(zlua_meta *m);   /* delegate.c: object + Lua functions */

/* The object pop (object.c): ByObjUserData, nil, handles, boxing; the
 * T[] pop (array.c) hands it everything but tables. */
int zlua__pop_object(lua_State *L, int idx, const zlua_meta *m, void *dst);

/* push_arg for metas whose IC argument is a plain copy (m->push). */
int zlua__push_arg_copy(lua_State *L, const zlua_meta *m, const void *src);
/* push_arg that issues an OpaqueValue for src with element meta m. */
int zlua__push_arg_opaque(lua_State *L, const zlua_meta *m, const void *src);

/* Resolves the OpaqueValue at idx: ZLUA_POP_OK and *slot, or
 * ZLUA_POP_EXPIRED / ZLUA_POP_FOREIGN. */
struct zlua__slot;
int zlua__opaque_resolve(struct zlua__ctx *ctx, lua_State *L, int idx,
                        const struct zlua__slot **slot);

/* ---- the scalar rules, inline -------------------------------------------
 * The writers of primitive.c are built on these, and the hot callers that
 * skip the indirect writer call (bridge arguments and results, field
 * access) use them directly, so each acceptance rule has one definition.
 * Pops write only on success. */

/* Integers of a width: OK or RANGE for a Lua integer, TYPE for anything
 * else (the writer's general pop then handles exact floats and errors). */
#define ZLUA_INT_SCALAR(NAME, CTYPE)                                           \
    static inline int zlua_pop_##NAME##_fast(lua_State *L, int idx, void *dst) \
    {                                                                          \
        if (!lua_isinteger(L, idx))                                            \
            return ZLUA_POP_TYPE;                                              \
        lua_Integer v = lua_tointeger(L, idx);                                 \
        if ((lua_Integer)(CTYPE)v != v)   /* out of CTYPE's range */           \
            return ZLUA_POP_RANGE;                                             \
        CTYPE x = (CTYPE)v;                                                    \
        memcpy(dst, &x, sizeof x);                                             \
        return ZLUA_POP_OK;                                                    \
    }                                                                          \
    static inline void zlua_push_##NAME##_value(lua_State *L, const void *src) \
    {                                                                          \
        CTYPE x;                                                               \
        memcpy(&x, src, sizeof x);                                             \
        lua_pushinteger(L, (lua_Integer)x);                                    \
    }

/* float and double: a Lua number only (integers convert; strings, which
 * lua_tonumber would coerce, do not).  Integers are tried first:
 * lua_isinteger + lua_tointeger stay on Lua's inline fast paths where
 * lua_tonumber converts an integer out of line (about 25 instructions a
 * value); a float pays one lua_isinteger more.  The value is
 * (CTYPE)(lua_Number)i either way. */
#define ZLUA_FLOAT_SCALAR(NAME, CTYPE)                                         \
    static inline int zlua_pop_##NAME##_value(lua_State *L, int idx, void *dst)\
    {                                                                          \
        CTYPE x;                                                               \
        if (lua_isinteger(L, idx))                                             \
            x = (CTYPE)(lua_Number)lua_tointeger(L, idx);                      \
        else if (lua_type(L, idx) == LUA_TNUMBER)                              \
            x = (CTYPE)lua_tonumber(L, idx);                                   \
        else                                                                   \
            return ZLUA_POP_TYPE;                                              \
        memcpy(dst, &x, sizeof x);                                             \
        return ZLUA_POP_OK;                                                    \
    }                                                                          \
    static inline void zlua_push_##NAME##_value(lua_State *L, const void *src) \
    {                                                                          \
        CTYPE x;                                                               \
        memcpy(&x, src, sizeof x);                                             \
        lua_pushnumber(L, (lua_Number)x);                                      \
    }

ZLUA_INT_SCALAR(i4, int32_t)
ZLUA_INT_SCALAR(i8, int64_t)
ZLUA_FLOAT_SCALAR(r4, float)
ZLUA_FLOAT_SCALAR(r8, double)

/* m's push of the value at src and m's pop of the value at idx into dst
 * (a ZLUA_POP_* code), an int32 without the indirect call: what the hot
 * paths that take any meta do with results and arguments. */
static inline void zlua_meta_push_value(lua_State *L, const zlua_meta *m, const void *src)
{
    if (m->kind == ZLUA_K_I4)
        zlua_push_i4_value(L, src);
    else
        m->push(L, m, src);
}

static inline int zlua_meta_pop_value(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (m->kind == ZLUA_K_I4 && zlua_pop_i4_fast(L, idx, dst) == ZLUA_POP_OK)
        return ZLUA_POP_OK;
    return m->pop(L, idx, m, dst);   /* exact floats for an int32, the errors */
}

/* A ByValUserData of exactly m's class (a primitive or enum ref made by
 * zlua.new_ref, R-REF-3) read by value into dst: OK, FINALIZED for a dead
 * one of that class, TYPE for anything else.  The slow end of the scalar
 * pops (primitive.c, valuetype.c); the fast paths never reach it. */
int zlua__pop_byval_ref(lua_State *L, int idx, const zlua_meta *m, void *dst);

/* Integer/float pop shared by primitives and enums (by m->prim). */
int zlua__pop_integer_kind(lua_State *L, int idx, int prim, void *dst);
/* 1 when the Lua integer v fits the integer kind prim (as that pop
 * accepts it: U8 and I8 take every integer). */
int zlua__prim_fits(int prim, lua_Integer v);
void zlua__push_integer_kind(lua_State *L, int prim, const void *src);

#endif
