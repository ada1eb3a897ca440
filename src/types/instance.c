/*
 * instance.c -- the ByVal and ByObj instance metatables (lua-api.md, "Instances", "Type tables").
 *
 * Every metamethod checks the userdata's own header (magic and class), so
 * a metamethod pulled out with the debug library cannot be applied to the
 * wrong userdata (R-SHAPE-1), and a finalized struct userdata is an error,
 * never a read of unscanned memory (R-SUD-3).
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/ptrbox.h"
#include "core/exception.h"
#include "marshal/ud.h"
#include "registry/registry.h"
#include "types/types.h"

#define ZLUA_TEMP_BYTES 256

/* The instance at 1 for a metamethod of cls (byobj selects the shape);
 * raises on anything else.  *base receives the address its fields are
 * relative to (the payload, the unboxed object, or the object). */
static zlua__ud *zlua_instance_self(lua_State *L, const zlua__class *cls, int byobj,
                                   void **base)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    uint32_t want = byobj ? ZLUA_UD_BYOBJ : ZLUA_UD_BYVAL;
    if (u != NULL && u->magic == want && u->cls == cls) {
        if (!byobj)
            *base = zlua_ud_payload(u);
        else
            *base = cls->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
        return u;
    }
    if (u != NULL && u->magic == ZLUA_UD_DEAD)
        luaL_error(L, "struct userdata has been finalized");
    if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ)
        luaL_error(L, "object userdata has been finalized");
    luaL_error(L, "%s userdata of %s expected, got %s", byobj ? "ByObj" : "ByVal",
               cls->full_name, zlua__typename(L, 1));
    return NULL;
}

/* Whether the key at kidx names a static member of cls (leaves the stack
 * as it was). */
static int zlua_member_static_named(lua_State *L, const zlua__class *cls, int kidx)
{
    kidx = lua_absindex(L, kidx);
    zlua__ref_table(L, cls->static_slots);
    lua_pushvalue(L, kidx);
    int in_slots = lua_rawget(L, -2) != LUA_TNIL;
    zlua__ref_table(L, cls->statics);
    lua_pushvalue(L, kidx);
    int in_statics = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 4);
    return in_slots || in_statics;
}

int zlua__member_missing(lua_State *L, const zlua__class *cls, int kidx, int through_instance)
{
    kidx = lua_absindex(L, kidx);
    const char *name = zlua__keyname(L, kidx);
    if (through_instance && zlua_member_static_named(L, cls, kidx))   /* R-SHAPE-3 */
        return luaL_error(L, "static member '%s' cannot be accessed through an instance",
                          name);
    return luaL_error(L, "'%s' has no member '%s'", cls->full_name, name);
}

int zlua__member_read(lua_State *L, const zlua__class *cls, const zlua__member *mem,
                     void *base, void *this_ptr)
{
    (void)cls;
    switch (mem->kind) {
    case ZLUA_MEMBER_FIELD:
        mem->meta->push(L, mem->meta, (char *)base + mem->offset);
        return 1;
    case ZLUA_MEMBER_STATIC_FIELD: {
        uint64_t buf[ZLUA_TEMP_BYTES / 8];
        if (mem->meta->size > sizeof buf)
            return luaL_error(L, "unsupported type %s", mem->meta->name);
        il2cpp_field_static_get_value(mem->field, buf);
        mem->meta->push(L, mem->meta, buf);
        return 1;
    }
    default:
        if (mem->getter == NULL)
            return luaL_error(L, "member not readable: %s", mem->name);
        return zlua__method_call(L, mem->getter, lua_gettop(L) + 1, this_ptr);
    }
}

static int zlua_member_not_writable(lua_State *L, const zlua__member *mem)
{
    int is_static = mem->kind == ZLUA_MEMBER_STATIC_FIELD ||
                    mem->kind == ZLUA_MEMBER_STATIC_PROPERTY;
    return luaL_error(L, "%s member not writable: %s", is_static ? "static" : "instance",
                      mem->name);
}

/* A value the member's type refused (rc from m's pop): `cannot set
 * 'T.name' (why)`, for fields and properties alike. */
static void zlua_member_bad_value(lua_State *L, const zlua__class *cls, const zlua__member *mem,
                                  const zlua_meta *m, int vidx, int rc)
{
    if (rc == ZLUA_POP_EXCEPTION) {   /* the conversion threw (R-RT-1) */
        lua_pushfstring(L, "%s.%s", cls->full_name, mem->name);
        zlua__exc_raise_held(L, cls->ctx, lua_tostring(L, -1));
    }
    zlua__pop_error_push(L, vidx, m, rc);
    luaL_error(L, "cannot set '%s.%s' (%s)", cls->full_name, mem->name, lua_tostring(L, -1));
}

/* A property's value, checked before the setter runs so that a bad one
 * gives the field's message rather than the setter's argument error.
 * Scoring allocates nothing; only a value it refuses is popped, for the
 * exact reason (and, should the pop take it after all, the call goes on). */
static void zlua_member_check_property_value(lua_State *L, const zlua__class *cls,
                                             const zlua__member *mem, int vidx)
{
    const zlua__method *s = mem->setter;
    if (s == NULL || s->unsupported || s->nslots != 1)
        return;   /* the call raises its own error */
    const zlua_meta *m = s->slots[0];
    zlua__score_arg a;
    zlua__meta_score_read(L, vidx, &a);
    if (zlua__meta_score_arg(L, &a, m) != ZLUA_RANK_NONE || m->kind == ZLUA_K_BYREF)
        return;
    uint64_t temp[ZLUA_TEMP_BYTES / 8];
    if (m->size > sizeof temp)
        return;
    int rc = m->pop(L, vidx, m, temp);
    if (rc != ZLUA_POP_OK)
        zlua_member_bad_value(L, cls, mem, m, vidx, rc);
}

void zlua__member_write(lua_State *L, const zlua__class *cls, const zlua__member *mem,
                       void *base, void *this_ptr, Il2CppObject *owner, int vidx)
{
    if (mem->readonly)
        zlua_member_not_writable(L, mem);
    if (mem->kind == ZLUA_MEMBER_PROPERTY || mem->kind == ZLUA_MEMBER_STATIC_PROPERTY) {
        lua_settop(L, vidx);   /* the value is the setter's only argument */
        zlua_member_check_property_value(L, cls, mem, vidx);
        zlua__method_call(L, mem->setter, vidx, this_ptr);
        return;
    }
    const zlua_meta *m = mem->meta;
    uint64_t temp[ZLUA_TEMP_BYTES / 8];
    if (m->size > sizeof temp)
        luaL_error(L, "unsupported type %s", m->name);
    int rc = m->pop(L, vidx, m, temp);
    if (rc != ZLUA_POP_OK)
        zlua_member_bad_value(L, cls, mem, m, vidx, rc);
    if (mem->kind == ZLUA_MEMBER_STATIC_FIELD) {
        /* reference-typed statics take the object pointer itself */
        void *value = temp;
        if (m->is_ref)
            memcpy(&value, temp, sizeof value);
        il2cpp_field_static_set_value(mem->field, value);
    }
    else
        zlua__value_store(m, owner, (char *)base + mem->offset, temp);
}

/* upvalues: 1 instance table, 2 boxed cls, 3 byobj flag.  The fast paths
 * read none of them; the slow paths check each before use. */
static const zlua__class *zlua_instance_upvalues(lua_State *L, int *byobj)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(2), ZLUA_FOR_INSTANCE);
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TTABLE)
        zlua__box_tampered(L, "member table");
    *byobj = lua_toboolean(L, lua_upvalueindex(3));
    return cls;
}

const zlua__member *zlua__member_check(lua_State *L, int idx, const zlua__class *cls,
                                     int is_static, int kidx)
{
    const zlua__member *mem = zlua_box_get(L, idx, ZLUA_BOX_MEMBER, ZLUA_FOR_MEMBER, cls);
    int member_static = mem != NULL && (mem->kind == ZLUA_MEMBER_STATIC_FIELD ||
                                        mem->kind == ZLUA_MEMBER_STATIC_PROPERTY);
    if (mem == NULL || mem->owner != cls || member_static != is_static)
        luaL_error(L, "zlua: member table of %s tampered with at '%s'", cls->full_name,
                   zlua__keyname(L, kidx));
    return mem;
}

/* The instance member the member table gave at -1, popped. */
static const zlua__member *zlua_instance_member(lua_State *L, const zlua__class *cls, int kidx)
{
    const zlua__member *mem = zlua__member_check(L, -1, cls, 0, kidx);
    lua_pop(L, 1);
    return mem;
}

/* R-IDX-1: obj[k] (set: obj[k] = v at 3) through the indexer, for a key
 * that names no instance member: any key but a string naming a static
 * member (members win); the indexer's overloads are chosen by the key
 * (and the value).  No indexer takes the key: the usual member error; one
 * takes the key but not the value (`bag[3] = 1.5`): that indexer's
 * argument error, or the dispatch error when several take the key. */
static int zlua_instance_item(lua_State *L, const zlua__class *cls, zlua__ud *u, int byobj,
                              void *base, int set)
{
    /* R-ARR-1: a number key of an array is an element index */
    if (byobj && cls->is_array && cls->rank > 0 && lua_type(L, 2) == LUA_TNUMBER) {
        lua_settop(L, 2 + set);
        return set ? zlua__array_newindex(L) : zlua__array_index(L);
    }
    const zlua__method *head = set ? cls->index_set : cls->index_get;
    if (head != NULL && !(lua_type(L, 2) == LUA_TSTRING && zlua_member_static_named(L, cls, 2))) {
        int n = set ? 2 : 1;
        lua_settop(L, 1 + n);
        const zlua__method *m = zlua__method_select_quiet(L, head, 2, n);
        if (m == NULL) {
            int fits = zlua__method_first_arg_fits(L, head, 2, &m);
            if (fits > 1)
                m = zlua__method_select(L, head, 2, n);   /* raises: no overload */
        }
        if (m != NULL) {   /* chosen, or the only one taking the key: its pops raise */
            void *self = byobj && !cls->valuetype ? (void *)u->obj : base;
            int r = zlua_method_call_exact(L, m, self);
            return set ? 0 : r;
        }
    }
    return zlua__member_missing(L, cls, 2, 1);
}

static int zlua_instance_index_slow(lua_State *L)
{
    int byobj;
    const zlua__class *cls = zlua_instance_upvalues(L, &byobj);
    void *base;
    zlua__ud *u = zlua_instance_self(L, cls, byobj, &base);
    lua_pushvalue(L, 2);
    switch (lua_rawget(L, lua_upvalueindex(1))) {
    case LUA_TFUNCTION:
        return 1;
    case LUA_TUSERDATA: {
        const zlua__member *mem = zlua_instance_member(L, cls, 2);
        void *self = byobj && !cls->valuetype ? (void *)u->obj : base;
        return zlua__member_read(L, cls, mem, base, self);
    }
    default:
        /* a name no member has: an extension method (R-EXT-1), whose own
         * members always won, or the indexer */
        if (zlua__members_push_extension(L, cls, 2))
            return 1;
        return zlua_instance_item(L, cls, u, byobj, base, 0);
    }
}

static int zlua_instance_newindex_slow(lua_State *L)
{
    int byobj;
    const zlua__class *cls = zlua_instance_upvalues(L, &byobj);
    void *base;
    zlua__ud *u = zlua_instance_self(L, cls, byobj, &base);
    lua_pushvalue(L, 2);
    switch (lua_rawget(L, lua_upvalueindex(1))) {
    case LUA_TFUNCTION:
        return luaL_error(L, "instance member not writable: %s", zlua__keyname(L, 2));
    case LUA_TUSERDATA: {
        const zlua__member *mem = zlua_instance_member(L, cls, 2);
        void *self = byobj && !cls->valuetype ? (void *)u->obj : base;
        zlua__member_write(L, cls, mem, base, self, byobj ? u->obj : NULL, 3);
        return 0;
    }
    default:
        return zlua_instance_item(L, cls, u, byobj, base, 1);
    }
}

/* The member a fast-path access designates, or NULL (take the slow path,
 * which handles properties, errors and foreign userdata).
 *
 * The member is looked up in the class the userdata's own header names,
 * not in the class the metamethod was made for: the payload is always
 * read through its own layout, so the check costs no upvalue read.  A
 * metamethod of T pulled out with the debug library and applied to a U
 * userdata therefore reads U's field or finds U's method (never T's
 * layout over U's payload); any other access through it takes the slow
 * path, which raises (R-SHAPE-1). */
/* *out receives the userdata pointer as found, checked only when a member
 * is returned: for a key that is no string, the indexer fast path checks
 * it itself. */
static inline const zlua__member *zlua_instance_fast_member(lua_State *L, uint32_t magic,
                                                           zlua__ud **out)
{
    zlua__ud *u = lua_touserdata(L, 1);
    *out = u;
    /* the key's identity (zlua__names): NULL for a number key (an
     * indexer's, R-IDX-1), which stays a number for the paths below */
    const void *k = lua_topointer(L, 2);
    if (u == NULL || k == NULL || lua_rawlen(L, 1) < sizeof *u || u->magic != magic)
        return NULL;
    return zlua_names_get(&u->cls->fields, k);
}

/* A method read through an instance: its closure, from the registry
 * reference taken at bind time (R-META-4).  The registry is
 * reachable by scripts, so the entry counts only when it still holds a
 * function; otherwise (0) the slow path reads the member table.  The
 * closure checks its self argument when it is called, so nothing about
 * the instance is checked here beyond finding its class. */
static inline int zlua_instance_push_method(lua_State *L, const zlua__member *mem)
{
    if (lua_rawgeti(L, LUA_REGISTRYINDEX, mem->fn_ref) == LUA_TFUNCTION)
        return 1;
    lua_pop(L, 1);
    return 0;
}

/* float fields (vectors, points) are the commonest: no indirect call. */
static inline void zlua_instance_push_field(lua_State *L, const zlua__member *mem,
                                            const char *addr)
{
    if (mem->meta->kind == ZLUA_K_R4)
        zlua_push_r4_value(L, addr);
    else
        mem->meta->push(L, mem->meta, addr);
}

/* Fields are the hot path (R-META-4): one check of the userdata, one
 * lookup by the interned key address, one writer call. */

/* A property whose getter has the scalar shape (no parameter, a scalar
 * result: `player.Level`) is read without the slow path's member-table
 * lookup; `this` is the payload or object the userdata's own header
 * gives, as for fields. */
static inline int zlua_instance_lean_getter(const zlua__member *mem)
{
    return mem->kind == ZLUA_MEMBER_PROPERTY && mem->getter != NULL &&
           mem->getter->scalar_shape && mem->getter->bridge.nparams == 0;
}

/* R-IDX-1 fast path: a number key (never a member name) read through
 * the indexer of the class the userdata's own header names, as the
 * field fast paths do; 0 when the slow path must serve it (no indexer,
 * no candidate taking the key: the slow path raises).  u's header is
 * checked by the caller. */
static inline int zlua_instance_fast_item(lua_State *L, uint32_t magic, zlua__ud *u, int *nret)
{
    const zlua__method *head = u->cls->index_get;
    if (head == NULL)
        return 0;
    /* an integer key of the ranges the last one had: the same choice */
    const zlua__method *m = NULL;
    lua_Integer key = 0;
    int int_key = lua_isinteger(L, 2);
    if (int_key) {
        key = lua_tointeger(L, 2);
        m = zlua_method_select_int(head, key);
    } else if (lua_type(L, 2) != LUA_TNUMBER) {
        return 0;
    }
    if (m == NULL && (m = zlua__method_select_quiet(L, head, 2, 1)) == NULL)
        return 0;
    void *self = magic == ZLUA_UD_BYVAL ? zlua_ud_payload(u)
                 : u->cls->valuetype    ? il2cpp_object_unbox(u->obj)
                                        : (void *)u->obj;
    /* `bag[3]`: self is checked and the key read; the stub's args body
     * makes the call (nothing read twice) */
    if (int_key && zlua_method_args_i4(L, m, self, key, nret))
        return 1;
    /* no settop: __index gets (u, k); called by hand with more, the stub
     * path declines (call_exact counts) and the invoker reads only k */
    *nret = zlua_method_call_exact(L, m, self);
    return 1;
}

/* A key the field index does not hold: an array's element or an
 * indexer's (`arr[i]`, `bag[3]`), else the slow path.  The userdata's
 * header is checked once for both.  Out of line, so the field reads'
 * frame saves no registers for it. */
#if defined(__GNUC__)
ZLUA_NOINLINE
#endif
static int zlua_instance_index_other(lua_State *L, uint32_t magic, zlua__ud *u)
{
    int nret;
    if (u != NULL && lua_rawlen(L, 1) >= sizeof *u && u->magic == magic) {
        /* arr[i]: get's own fast path reads the userdata's header itself */
        if (magic == ZLUA_UD_BYOBJ && u->cls->is_array && u->cls->rank > 0) {
            if (lua_type(L, 2) == LUA_TNUMBER)
                return zlua__array_index(L);
        } else if (zlua_instance_fast_item(L, magic, u, &nret)) {
            return nret;
        }
    }
    return zlua_instance_index_slow(L);
}

static int zlua_instance_index_byval(lua_State *L)
{
    zlua__ud *u;
    const zlua__member *mem = zlua_instance_fast_member(L, ZLUA_UD_BYVAL, &u);
    if (mem == NULL)
        return zlua_instance_index_other(L, ZLUA_UD_BYVAL, u);
    if (mem->load == ZLUA_LOAD_R4) {   /* p.x */
        zlua_push_r4_value(L, (char *)zlua_ud_payload(u) + mem->offset);
        return 1;
    }
    if (mem->kind == ZLUA_MEMBER_FIELD) {
        zlua_instance_push_field(L, mem, (char *)zlua_ud_payload(u) + mem->offset);
        return 1;
    }
    if (mem->kind == ZLUA_MEMBER_METHOD && zlua_instance_push_method(L, mem))
        return 1;
    if (zlua_instance_lean_getter(mem))
        return zlua__method_call_getter(L, mem->getter, zlua_ud_payload(u));
    return zlua_instance_index_slow(L);
}

static void *zlua_instance_obj_base(const zlua__ud *u)
{
    return u->cls->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
}

static int zlua_instance_index_byobj(lua_State *L)
{
    zlua__ud *u;
    const zlua__member *mem = zlua_instance_fast_member(L, ZLUA_UD_BYOBJ, &u);
    if (mem == NULL)
        return zlua_instance_index_other(L, ZLUA_UD_BYOBJ, u);
    if (mem->kind == ZLUA_MEMBER_FIELD) {
        zlua_instance_push_field(L, mem, (char *)zlua_instance_obj_base(u) + mem->offset);
        return 1;
    }
    if (mem->kind == ZLUA_MEMBER_METHOD && zlua_instance_push_method(L, mem))
        return 1;
    if (zlua_instance_lean_getter(mem))
        return zlua__method_call_getter(L, mem->getter, zlua_instance_obj_base(u));
    return zlua_instance_index_slow(L);
}

/* Stores the value at 3 into a field the fast path stores (mem->store);
 * 0 when it must take the slow path (which raises the message).  Floats
 * without an indirect call. */
static inline int zlua_instance_store_field(lua_State *L, const zlua__member *mem, char *addr)
{
    if (mem->store == ZLUA_STORE_R4)
        return zlua_pop_r4_value(L, 3, addr) == ZLUA_POP_OK;
    if (mem->store == ZLUA_STORE_STRUCT) {
        /* a live ByVal userdata of exactly the field's struct: its payload,
         * copied (memmove: p.Pos = p.Pos's own payload is legal) */
        const zlua__ud *v = lua_touserdata(L, 3);
        if (v == NULL || lua_rawlen(L, 3) < sizeof *v || v->magic != ZLUA_UD_BYVAL ||
            v->cls != mem->meta->cls)
            return 0;
        memmove(addr, zlua_ud_payload(v), mem->meta->size);
        return 1;
    }
    return mem->meta->pop(L, 3, mem->meta, addr) == ZLUA_POP_OK;
}

static int zlua_instance_newindex_byval(lua_State *L)
{
    zlua__ud *u;
    const zlua__member *mem = zlua_instance_fast_member(L, ZLUA_UD_BYVAL, &u);
    if (mem != NULL && mem->store != ZLUA_STORE_NONE &&
        zlua_instance_store_field(L, mem, (char *)zlua_ud_payload(u) + mem->offset))
        return 0;
    return zlua_instance_newindex_slow(L);
}

static int zlua_instance_newindex_byobj(lua_State *L)
{
    zlua__ud *u;
    const zlua__member *mem = zlua_instance_fast_member(L, ZLUA_UD_BYOBJ, &u);
    if (mem != NULL && mem->store != ZLUA_STORE_NONE &&
        zlua_instance_store_field(L, mem, (char *)zlua_instance_obj_base(u) + mem->offset))
        return 0;
    return zlua_instance_newindex_slow(L);
}

/* Whether the running C function was called by the collector as a
 * finalizer: Lua names such a call "__gc", namewhat "metamethod", and no
 * call a script makes gets that name (a call from Lua code is named after
 * the calling instruction, one from C gets no name).  A finalizer run by a
 * GC step inside the C part of a debug hook is named "hook" instead; the
 * only other call named so is a script's hook function itself, whose
 * arguments are an event name and a line, never a userdata.  Lua gives
 * a finalizer's call the same two constant strings each time, so once
 * compared they are known by their addresses: every later finalizer
 * compares two pointers, not two strings (a call from a script is named
 * by a string of its own, or by another constant). */
static int zlua_called_by_collector(lua_State *L)
{
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "n", &ar) || ar.namewhat == NULL)
        return 0;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx != NULL && ar.namewhat == ctx->fin_namewhat && ar.name == ctx->fin_name)
        return 1;
    if (strcmp(ar.namewhat, "hook") == 0)
        return 1;
    if (ar.name == NULL || strcmp(ar.name, "__gc") != 0 ||
        strcmp(ar.namewhat, "metamethod") != 0)
        return 0;
    if (ctx != NULL) {
        ctx->fin_name = ar.name;
        ctx->fin_namewhat = ar.namewhat;
    }
    return 1;
}

/* __gc: retires, then releases, what the userdata holds, by its own
 * header, whichever metatable it carries (a script may have given it
 * another type's).  The first call marks it dead and registers it for
 * finalization again (Lua calls __gc once per registration: setting the
 * metatable during the finalizer registers anew), so its memory is
 * released only once the collector finds the dead userdata unreachable
 * (zlua__ud_finalize).  While the state closes Lua registers nothing: the
 * context's registries then go with the state.  A call from a script
 * (the function is reachable through the debug library) would release a
 * cell the userdata still uses: refused. */
static int zlua_instance_gc(lua_State *L)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u == NULL)
        return 0;
    if (!zlua_called_by_collector(L))
        return luaL_error(L, "zlua: __gc is called by the collector only");
    if (zlua__ud_finalize(u) && lua_getmetatable(L, 1))
        lua_setmetatable(L, 1);
    return 0;
}

/* __tostring: the instance's ToString() when bound, else "T: 0x...".  A
 * finalized userdata of ours prints as "T: finalized" (printing it is no
 * error); anything else is refused as by the other metamethods. */
static int zlua_instance_tostring(lua_State *L)
{
    int byobj;
    const zlua__class *cls = zlua_instance_upvalues(L, &byobj);
    zlua__ud *u = zlua_ud_any(L, 1);
    if (u != NULL && (u->magic == ZLUA_UD_DEAD || u->magic == ZLUA_UD_DEAD_OBJ)) {
        lua_pushfstring(L, "%s: finalized", cls->full_name);
        return 1;
    }
    if (u == NULL || (u->magic != ZLUA_UD_BYVAL && u->magic != ZLUA_UD_BYOBJ))
        return luaL_error(L, "%s userdata of %s expected, got %s", byobj ? "ByObj" : "ByVal",
                          cls->full_name, zlua__typename(L, 1));
    lua_pushliteral(L, "ToString");
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 1);
        if (lua_type(L, -1) == LUA_TSTRING)
            return 1;
    }
    lua_pushfstring(L, "%s: %p", cls->full_name, lua_touserdata(L, 1));
    return 1;
}

/* ---- operators (R-OP-1, R-OP-2) and #obj (R-COLL-1) ---------------------------- */

static const char *const zlua_op_symbols[ZLUA_OP_COUNT] = {
    "+", "-", "*", "/", "%", "-", "==", "<", "<=", ">", ">="};

/* upvalues: 1 boxed cls, 2 the zlua__op.  The chain is cls's own, bound
 * with its members: a call reads no name, it scores and calls as a
 * method call through overload dispatch does. */
static const zlua__class *zlua_operator_upvalues(lua_State *L, int *op)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_OPERATOR);
    lua_Integer o = lua_tointeger(L, lua_upvalueindex(2));
    if (o < 0 || o >= ZLUA_OP_COUNT)
        zlua__box_tampered(L, "operator");
    *op = (int)o;
    return cls;
}

/* The method of cls's chain for op taking the operands at 1..n, or NULL.
 * *swapped: served by the mirrored comparison with the operands swapped
 * on the stack (`a < b` as op_GreaterThan(b, a)). */
static const zlua__method *zlua_operator_find(lua_State *L, const zlua__class *cls, int op,
                                             int n, int *swapped)
{
    *swapped = 0;
    const zlua__method *head = cls->ops[op];
    if (head != NULL)
        return zlua__method_select_quiet(L, head, 1, n);
    int mirror = op == ZLUA_OP_LT ? ZLUA_OP_GT : op == ZLUA_OP_LE ? ZLUA_OP_GE : -1;
    if (mirror < 0 || cls->ops[mirror] == NULL)
        return NULL;
    lua_insert(L, 1);   /* two operands: swaps them */
    *swapped = 1;
    return zlua__method_select_quiet(L, cls->ops[mirror], 1, n);
}

/* `v + w` on two values of the struct itself: the candidate taking them
 * (zlua__class.ops_same) through its stub's args body, the payloads read
 * once; 0 when the operands are anything else (dispatch decides). */
static inline int zlua_operator_same(lua_State *L, const zlua__class *cls, int op, int n,
                                     int *nret)
{
    const zlua__method *m = cls->ops_same[op];
    if (m == NULL)
        return 0;
    void *args[2];
    args[0] = zlua_ud_payload_of(L, 1, cls);
    args[1] = n == 2 ? zlua_ud_payload_of(L, 2, cls) : args[0];
    if (args[0] == NULL || args[1] == NULL)
        return 0;
    *nret = m->stub_args(L, &m->bridge, NULL, args);
    return 1;
}

static int zlua_operator_call(lua_State *L)
{
    int op, swapped, nret;
    const zlua__class *cls = zlua_operator_upvalues(L, &op);
    int n = op == ZLUA_OP_UNM ? 1 : 2;   /* Lua passes -a as (a, a) */
    lua_settop(L, n);
    if (zlua_operator_same(L, cls, op, n, &nret))
        return nret;
    const zlua__method *m = zlua_operator_find(L, cls, op, n, &swapped);
    if (m != NULL)
        return zlua_method_call_exact(L, m, NULL);
    if (swapped)
        lua_insert(L, 1);   /* the operands as the script wrote them */
    if (n == 1)
        return luaL_error(L, "no operator %s for (%s)", zlua_op_symbols[op],
                          zlua__typename(L, 1));
    return luaL_error(L, "no operator %s for (%s, %s)", zlua_op_symbols[op],
                      zlua__typename(L, 1), zlua__typename(L, 2));
}

/* __eq: op_Equality when one takes the operands; else object identity
 * between two ByObjUserData (R-OP-2), whichever views they are (Lua
 * compares two full userdata only, and calls this only when they are not
 * the same userdata).  Never raises for a misfit: `==` answers false. */
static int zlua_operator_eq(lua_State *L)
{
    int op, swapped, nret;
    const zlua__class *cls = zlua_operator_upvalues(L, &op);
    lua_settop(L, 2);
    if (zlua_operator_same(L, cls, ZLUA_OP_EQ, 2, &nret))
        return nret;
    if (cls->ops[ZLUA_OP_EQ] != NULL) {
        const zlua__method *m = zlua_operator_find(L, cls, ZLUA_OP_EQ, 2, &swapped);
        if (m != NULL)
            return zlua_method_call_exact(L, m, NULL);
    }
    const zlua__ud *a = zlua_ud_any(L, 1), *b = zlua_ud_any(L, 2);
    lua_pushboolean(L, a != NULL && b != NULL && a->magic == ZLUA_UD_BYOBJ &&
                           b->magic == ZLUA_UD_BYOBJ && a->obj != NULL && a->obj == b->obj);
    return 1;
}

/* __len: the Count or Length property (R-COLL-1); upvalue 1 boxed cls,
 * 2 the byobj flag. */
static int zlua_instance_len(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_LEN);
    int byobj = lua_toboolean(L, lua_upvalueindex(2));
    void *base;
    zlua__ud *u = zlua_instance_self(L, cls, byobj, &base);
    if (cls->len_getter == NULL)
        return luaL_error(L, "attempt to get length of a %s value", cls->full_name);
    lua_settop(L, 1);
    void *self = byobj && !cls->valuetype ? (void *)u->obj : base;
    return zlua__method_call(L, cls->len_getter, 2, self);
}

static const char *const zlua_op_events[ZLUA_OP_COUNT] = {
    "__add", "__sub", "__mul", "__div", "__mod", "__unm", "__eq", "__lt", "__le",
    NULL, NULL};

/* Sets the metamethods of cls's operators, #obj and == on mt: once per
 * type, with the metatable. */
static void zlua_instance_set_operators(lua_State *L, int mt, zlua__class *cls, int byobj)
{
    for (int op = 0; op < ZLUA_OP_COUNT; op++) {
        int has = cls->ops[op] != NULL ||
                  (op == ZLUA_OP_LT && cls->ops[ZLUA_OP_GT] != NULL) ||
                  (op == ZLUA_OP_LE && cls->ops[ZLUA_OP_GE] != NULL);
        /* identity for any object of a reference type (R-OP-2) */
        if (op == ZLUA_OP_EQ && byobj && !cls->valuetype)
            has = 1;
        if (zlua_op_events[op] == NULL || !has)
            continue;
        zlua_box_push_class(L, ZLUA_FOR_OPERATOR, cls);
        lua_pushinteger(L, op);
        lua_pushcclosure(L, op == ZLUA_OP_EQ ? zlua_operator_eq : zlua_operator_call, 2);
        lua_setfield(L, mt, zlua_op_events[op]);
    }
    if (cls->len_getter != NULL) {
        zlua_box_push_class(L, ZLUA_FOR_LEN, cls);
        lua_pushboolean(L, byobj);
        lua_pushcclosure(L, zlua_instance_len, 2);
        lua_setfield(L, mt, "__len");
    }
}

static void zlua_instance_set_closure(lua_State *L, int mt, int inst, zlua__class *cls,
                                      int byobj, lua_CFunction fn, const char *name)
{
    lua_pushvalue(L, inst);
    zlua_box_push_class(L, ZLUA_FOR_INSTANCE, cls);
    lua_pushboolean(L, byobj);
    lua_pushcclosure(L, fn, 3);
    lua_setfield(L, mt, name);
}

void zlua__instance_new_mt(lua_State *L, zlua__class *cls, int byobj, int inst, int typetable)
{
    inst = lua_absindex(L, inst);
    typetable = lua_absindex(L, typetable);
    lua_createtable(L, 0, 10);
    int mt = lua_gettop(L);
    zlua_instance_set_closure(L, mt, inst, cls, byobj,
                              byobj ? zlua_instance_index_byobj : zlua_instance_index_byval,
                              "__index");
    zlua_instance_set_closure(L, mt, inst, cls, byobj,
                              byobj ? zlua_instance_newindex_byobj : zlua_instance_newindex_byval,
                              "__newindex");
    zlua_instance_set_closure(L, mt, inst, cls, byobj, zlua_instance_tostring, "__tostring");
    /* Blittable ByVal payloads hold no registry cell: no __gc needed. */
    if (byobj || !cls->blittable) {
        lua_pushcfunction(L, zlua_instance_gc);
        lua_setfield(L, mt, "__gc");
    }
    zlua_instance_set_operators(L, mt, cls, byobj);
    if (byobj) {
        zlua__array_set_metamethods(L, cls, mt);   /* #arr */
        zlua__collections_set_pairs(L, cls, mt);   /* pairs(obj), R-COLL-1 */
        zlua__dispose_set_close(L, cls, mt);       /* local x <close> */
    }
    /* R-DEL-1: a delegate is callable, d(a, b) being d:Invoke(a, b) */
    if (byobj && cls->is_delegate) {
        lua_pushliteral(L, "Invoke");
        if (lua_rawget(L, inst) == LUA_TFUNCTION)
            lua_setfield(L, mt, "__call");
        else
            lua_pop(L, 1);
    }
    lua_pushvalue(L, typetable);
    lua_setfield(L, mt, "__type");
    lua_pushstring(L, byobj ? "byobj" : "byval");
    lua_setfield(L, mt, "__zlua_ud_kind");
    lua_pushstring(L, cls->full_name);
    lua_setfield(L, mt, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, mt, "__metatable");
}
