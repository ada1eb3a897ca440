/*
 * types.h -- members, instance metatables and type tables (R-SHAPE-1..3,
 * lua-api.md, "Type tables"): what a type looks like from Lua.
 */
#ifndef ZLUA_TYPES_H
#define ZLUA_TYPES_H

#include <lua.h>

#include "class/class.h"
#include "core/state.h"
#include "marshal/meta.h"

/* Binds the members (fields, properties, methods, ctors) into the member
 * tables if not done yet.  May raise (memory). */
void zlua__class_bind_members(lua_State *L, zlua__class *cls);

/* Pushes the type table (lua-api.md, "Type tables"), creating it on first use. */
void zlua__class_push_typetable(lua_State *L, zlua__class *cls);
/* The class whose genuine type table is at idx, or NULL for anything
 * else: a look-alike table (forged __fullname), a table given a type
 * table's metatable, a namespace table.  Never raises, never calls a
 * metamethod (R-REF-4's type arguments rest on it). */
zlua__class *zlua__typetable_class(lua_State *L, int idx);
/* The prefix of the CS namespace table at idx ("MyGame.Vectr3"),
 * pushed (one value), or NULL (nothing pushed) for anything else; *known:
 * a class was found in it (a real namespace), else it is only a name
 * probed.  With typo set, an unknown one gives the name its typo is
 * reported by instead ("MyGame.Vectr3" for CS.MyGame.Vectr3.Zero). */
const char *zlua__namespace_prefix(lua_State *L, int idx, int *known, int typo);
/* Pushes the ByVal / ByObj instance metatable, creating it on first use. */
void zlua__class_push_byval_mt(lua_State *L, zlua__class *cls);
void zlua__class_push_byobj_mt(lua_State *L, zlua__class *cls);

/* Member descriptor kept as lightuserdata in the member tables. */
typedef enum zlua__member_kind {
    ZLUA_MEMBER_FIELD = 1,       /* instance field at offset */
    ZLUA_MEMBER_STATIC_FIELD,    /* static field via FieldInfo */
    ZLUA_MEMBER_PROPERTY,        /* getter/setter bridges */
    ZLUA_MEMBER_STATIC_PROPERTY,
    ZLUA_MEMBER_METHOD           /* instance method: only in cls->fields */
} zlua__member_kind;

struct zlua__method;

/* How the fast path stores into an instance field: not at all (the slow
 * path: read-only, a reference that needs the write barrier, a struct
 * holding references, a rule's writer), a float inline, any other scalar
 * by its meta's pop, which writes only on success, or a blittable struct
 * copied from a live ByVal userdata of exactly its type (anything else
 * for it -- a handle, a box, a table -- takes the slow path). */
enum { ZLUA_STORE_NONE, ZLUA_STORE_R4, ZLUA_STORE_POP, ZLUA_STORE_STRUCT };
enum { ZLUA_LOAD_NONE, ZLUA_LOAD_R4 };

typedef struct zlua__member {
    const struct zlua__class *owner;  /* the class whose table holds it */
    uint8_t kind;
    uint8_t readonly;
    /* an instance field the fast path writes itself (ZLUA_STORE_*): set
     * once, when the member binds, so a write reads one byte to know */
    uint8_t store;
    /* an instance field the fast path reads itself (ZLUA_LOAD_*): a float
     * read costs one byte's test, no writer table */
    uint8_t load;
    const char *name;
    const zlua_meta *meta;
    uint32_t offset;            /* unboxed for value types, else object */
    FieldInfo *field;
    struct zlua__method *getter, *setter;
    int fn_ref;                 /* METHOD: registry ref of its closure */
    /* a static field: the class declaring it (a base of owner, or owner),
     * whose storage it is and whose class init its access runs */
    struct zlua__class *decl;
} zlua__member;

/* Pushes a new ByVal (byobj = 0) or ByObj instance metatable of cls
 * (instance.c) over the instance member table at inst, with __type the
 * type table at typetable. */
void zlua__instance_new_mt(lua_State *L, zlua__class *cls, int byobj, int inst, int typetable);

/* Reads / writes a member of the instance whose base address is `base`
 * (payload, unboxed object, or object); owner is the object for the
 * write barrier (NULL for a ByVal payload). */
int zlua__member_read(lua_State *L, const zlua__class *cls,
                     const zlua__member *mem, void *base, void *this_ptr);
void zlua__member_write(lua_State *L, const zlua__class *cls,
                       const zlua__member *mem, void *base, void *this_ptr,
                       Il2CppObject *owner, int vidx);

/* The member descriptor at idx, which a member table gave for the key at
 * kidx: a boxed member of cls itself, static or not as asked.  Member
 * tables are reachable through the debug library (and a registry entry can
 * be swapped for another of cls's tables), so anything else raises
 * `zlua: member table of T tampered with at 'NAME'`. */
const zlua__member *zlua__member_check(lua_State *L, int idx, const zlua__class *cls,
                                     int is_static, int kidx);

/* R-EXT-1: pushes the closure of the extension methods named by the
 * string at kidx that take cls as their first parameter (its own, of a
 * base class or of an implemented interface), binding them into cls's
 * instance table, and returns 1; 0 (nothing pushed) when there are none.
 * The extension methods of the loaded assemblies are collected on the
 * first call of a state.  May raise (memory). */
int zlua__members_push_extension(lua_State *L, const zlua__class *cls, int kidx);

/* Raises `'T' has no member 'NAME'` or the static/instance variants. */
int zlua__member_missing(lua_State *L, const zlua__class *cls, int kidx,
                        int through_instance);


/* Records the closure at -1 as the instance method `name` of cls for the
 * field index: a METHOD member with a registry reference to it, boxed
 * into the private table at methods (members.c). */
void zlua__members_note_method(lua_State *L, zlua__class *cls, int methods,
                              const char *name);

/* array.c: binds `get` and `set` of an array class into its instance
 * table at inst (noted at methods), and sets `__len` on its ByObj
 * instance metatable at mt.  Nothing for other classes. */
void zlua__array_bind_members(lua_State *L, zlua__class *cls, int inst, int methods);
void zlua__array_set_metamethods(lua_State *L, const zlua__class *cls, int mt);
/* arr[i] (self, index at 1, 2) and arr[i] = v (value at 3): get and set */
int zlua__array_index(lua_State *L);
int zlua__array_newindex(lua_State *L);

/* collections.c (R-COLL-1): sets __pairs on cls's ByObj instance
 * metatable at mt when cls is T[], a List<T> or another IEnumerable;
 * nothing otherwise.  May raise (memory). */
void zlua__collections_set_pairs(lua_State *L, zlua__class *cls, int mt);
/* dispose.c: sets __close on the ByObj instance metatable at mt when cls
 * implements System.IDisposable (`local f <close> = ...` disposes f). */
void zlua__dispose_set_close(lua_State *L, zlua__class *cls, int mt);

/* zlua__ctx.push_mt: the instance metatable maker (zlua_open installs it). */
void zlua__types_push_mt(lua_State *L, zlua__class *cls, int byobj);
/* Sets the globals CS and CSharp.
 * May raise (memory). */
void zlua__types_open(lua_State *L, zlua__ctx *ctx);

/* R-GEN-1: a generic method definition, bound as a function that only
 * names zlua.generic; its instantiations are looked up by type
 * arguments (generic.c). */
#define ZLUA_GENERIC_MAX_ARGS 8

typedef struct zlua__generic {
    zlua__class *owner;          /* declaring class */
    const MethodInfo *mi;       /* the open definition */
    const char *display;        /* "Demo.First" */
} zlua__generic;

/* Pushes the function of the open definition mi of cls. */
void zlua__generic_push_open(lua_State *L, zlua__class *cls, const MethodInfo *mi);
/* The definition behind the function at idx, or NULL. */
const zlua__generic *zlua__generic_of_function(lua_State *L, int idx);
/* Pushes the function of g's instantiation for args[0..n) (cached per
 * definition and arguments), or raises `generic method instance not
 * available: Demo.First<System.Double>`. */
void zlua__generic_push_instance(lua_State *L, const zlua__generic *g,
                                zlua__class *const *args, int n);
/* Raises `generic argument System.String violates the constraint of T on
 * Demo.Make<T> (struct)` when args[0..n) break a constraint of the
 * parameters of generic method definition mi or, mi NULL, of generic type
 * definition def (shown as `shown`: "Demo.Make", or def's full name);
 * returns when none does or the metadata does not tell (constraint.c). */
void zlua__generic_check_constraints(lua_State *L, const MethodInfo *mi, zlua__class *def,
                                     const char *shown, zlua__class *const *args, int n);

#endif
