/*
 * score.c -- how well a Lua value converts to a slot's type (lua-api.md, "Overloads"
 * rules 2 and 3), for overload dispatch.  Scoring reads the value and
 * the metadata only: it never converts, allocates or raises, so every
 * candidate of a call can be scored before any argument is popped.  An
 * argument is read once (zlua__meta_score_read) and scored against each
 * candidate from that reading.
 */
#include <math.h>

#include "class/class.h"
#include "core/state.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "scope/scope.h"

static int zlua_score_is_integral(int kind)
{
    return kind >= ZLUA_K_CHAR && kind <= ZLUA_K_UINTPTR;
}

static int zlua_score_is_object(const zlua_meta *m)
{
    return m->kind == ZLUA_K_OBJECT && m->cls != NULL && m->cls->klass == m->ctx->k_object;
}

static int zlua_score_number(lua_State *L, const zlua__score_arg *a, const zlua_meta *m)
{
    uint64_t scratch;
    if (zlua_score_is_integral(m->kind)) {
        if (a->is_integer)
            return !zlua__prim_fits(m->kind, a->i) ? ZLUA_RANK_NONE
                   : m->kind == ZLUA_K_I4 ? ZLUA_RANK_IDENTITY : ZLUA_RANK_NUMERIC;
        /* a float: exact integral values only (the pop's own rules),
         * worse than its float and double targets: 2.0 picks Kind(float)
         * over Kind(int) */
        return zlua__pop_integer_kind(L, a->idx, m->kind, &scratch) == ZLUA_POP_OK
                   ? ZLUA_RANK_NUMERIC_CROSS : ZLUA_RANK_NONE;
    }
    /* an integer prefers integral targets: 2 picks Kind(long) over
     * Kind(float), whichever C# declared first */
    if (m->kind == ZLUA_K_R8)
        return a->is_integer ? ZLUA_RANK_NUMERIC_CROSS : ZLUA_RANK_IDENTITY;
    if (m->kind == ZLUA_K_R4)
        return a->is_integer ? ZLUA_RANK_NUMERIC_CROSS : ZLUA_RANK_NUMERIC;
    if (m->kind == ZLUA_K_ENUM) {
        if (a->is_integer)
            return zlua__prim_fits(m->prim, a->i) ? ZLUA_RANK_ENUM : ZLUA_RANK_NONE;
        return zlua__pop_integer_kind(L, a->idx, m->prim, &scratch) == ZLUA_POP_OK
                   ? ZLUA_RANK_ENUM : ZLUA_RANK_NONE;
    }
    return zlua_score_is_object(m) ? ZLUA_RANK_BOXING : ZLUA_RANK_NONE;
}

static int zlua_score_userdata(const zlua__ud *u, const zlua_meta *m)
{
    if (u == NULL || m->cls == NULL)
        return ZLUA_RANK_NONE;
    if (u->magic == ZLUA_UD_BYVAL) {
        if (u->cls == m->cls)
            return ZLUA_RANK_IDENTITY;
        return m->is_ref && il2cpp_class_is_assignable_from(m->cls->klass, u->cls->klass)
                   ? ZLUA_RANK_BOXING : ZLUA_RANK_NONE;
    }
    if (u->magic != ZLUA_UD_BYOBJ || u->obj == NULL)
        return ZLUA_RANK_NONE;
    /* a boxed primitive is no value for a primitive slot (the pop takes
     * numbers and booleans only), so Kind(object) takes it, not Kind(long) */
    if (zlua_kind_is_scalar(m->kind) && m->kind != ZLUA_K_ENUM)
        return ZLUA_RANK_NONE;
    Il2CppClass *k = il2cpp_object_get_class(u->obj);
    if (k == m->cls->klass)
        return ZLUA_RANK_IDENTITY;
    if (m->is_ref && il2cpp_class_is_assignable_from(m->cls->klass, k))
        return ZLUA_RANK_REFERENCE;
    return ZLUA_RANK_NONE;
}

/* A valid OpaqueValue is Identity for a byref of exactly its element type
 * (lua-api.md, "Overloads" 2, R-REF-1).  By value, R-OPQ-10 lets struct and
 * reference slots resolve it (a copy, the referenced object): a
 * conversion, ranked as a reference one, never Identity.  Simple slots
 * never take a handle. */
static int zlua_score_handle(lua_State *L, int idx, const zlua_meta *m)
{
    const zlua__slot *slot;
    if (zlua__opaque_resolve(m->ctx, L, idx, &slot) != ZLUA_POP_OK)
        return ZLUA_RANK_NONE;
    const zlua_meta *elem = slot->meta;
    if (m->kind == ZLUA_K_BYREF)
        return elem->cls == m->elem->cls ? ZLUA_RANK_IDENTITY : ZLUA_RANK_NONE;
    if (m->kind != ZLUA_K_STRUCT && m->kind != ZLUA_K_OBJECT && m->kind != ZLUA_K_STRING)
        return ZLUA_RANK_NONE;
    if (elem->cls == NULL || m->cls == NULL)
        return ZLUA_RANK_NONE;
    if (m->kind == ZLUA_K_STRUCT)
        return elem->cls == m->cls ? ZLUA_RANK_REFERENCE : ZLUA_RANK_NONE;
    if (!il2cpp_class_is_assignable_from(m->cls->klass, elem->cls->klass))
        return ZLUA_RANK_NONE;
    if (elem->is_ref)
        return ZLUA_RANK_REFERENCE;
    /* a value-type slot's value, boxed (zlua__pop_object), as a ByValUserData is */
    return elem->kind == ZLUA_K_STRUCT || zlua_kind_is_scalar(elem->kind) ? ZLUA_RANK_BOXING
                                                                          : ZLUA_RANK_NONE;
}

/* The summary of a->key: the Lua type in the low 4 bits, then what the
 * rules of that type look at: for a userdata of ours its class (the view
 * of a ByVal one, the runtime class of a ByObj one) shifted above 5 tag
 * bits -- 64 bits hold any pointer so shifted, on 32-bit targets too. */
static uint64_t zlua_score_key(lua_State *L, const zlua__score_arg *a)
{
    uint64_t t = (uint64_t)(a->type + 1);   /* LUA_TNONE is -1 */
    switch (a->type) {
    case LUA_TNUMBER:
        if (a->is_integer)
            return zlua_meta_score_int_key(a->i);
        {
            lua_Number d = lua_tonumber(L, a->idx);
            return d != floor(d) ? t | 0x20u : 0;   /* a fraction: no integral kind */
        }
    case LUA_TUSERDATA: {
        const zlua__ud *u = a->ud;
        if (u == NULL)
            return t | 0x10u;   /* not ours: no slot takes it */
        if (u->magic == ZLUA_UD_BYVAL)
            return (uint64_t)(uintptr_t)u->cls << 5 | t;
        if (u->magic == ZLUA_UD_BYOBJ && u->obj != NULL)
            return (uint64_t)(uintptr_t)il2cpp_object_get_class(u->obj) << 5 | 0x10u | t;
        return t | 0x20u;       /* finalized: a null class shifted cannot be 0x20 */
    }
    case LUA_TLIGHTUSERDATA:
        return 0;               /* a handle scores by its slot */
    default:
        return t;               /* nil, boolean, string, table, function, ... */
    }
}

void zlua__meta_score_read(lua_State *L, int idx, zlua__score_arg *a)
{
    a->idx = idx;
    a->ud = NULL;
    a->i = 0;
    /* an integer, the commonest argument, in two calls */
    a->is_integer = lua_isinteger(L, idx);
    if (a->is_integer) {
        a->type = LUA_TNUMBER;
        a->i = lua_tointeger(L, idx);
    } else {
        a->type = lua_type(L, idx);
        if (a->type == LUA_TUSERDATA)
            a->ud = zlua_ud_any(L, idx);
    }
    a->key = zlua_score_key(L, a);
}

/* A slot of a Bytes or Table rule takes one Lua type (lua-api.md, "[LuaMarshalAs]"): the
 * value's Lua type decides, the score key summarises it. */
static int zlua_score_rule(const zlua__score_arg *a, const zlua_meta *m)
{
    int nil = a->type == LUA_TNIL || a->type == LUA_TNONE;
    if (m->mtype == ZLUA_MARSHAL_BYTES)
        return a->type == LUA_TSTRING ? ZLUA_RANK_IDENTITY : nil ? ZLUA_RANK_NULL : ZLUA_RANK_NONE;
    if (a->type == LUA_TTABLE)
        return ZLUA_RANK_IDENTITY;
    return nil && m->kind == ZLUA_K_NULLABLE ? ZLUA_RANK_NULL : ZLUA_RANK_NONE;
}

int zlua__meta_score_arg(lua_State *L, const zlua__score_arg *a, const zlua_meta *m)
{
    if (m->mtype == ZLUA_MARSHAL_BYTES || m->mtype == ZLUA_MARSHAL_TABLE)
        return zlua_score_rule(a, m);
    if (m->kind == ZLUA_K_NULLABLE && a->type != LUA_TNIL && a->type != LUA_TNONE)
        return zlua__meta_score_arg(L, a, m->elem);
    switch (a->type) {
    case LUA_TNUMBER:
        return zlua_score_number(L, a, m);
    case LUA_TBOOLEAN:
        if (m->kind == ZLUA_K_BOOL)
            return ZLUA_RANK_IDENTITY;
        return zlua_score_is_object(m) ? ZLUA_RANK_BOXING : ZLUA_RANK_NONE;
    case LUA_TSTRING:
        /* a UserData string slot takes the System.String userdata only
         * (lua-api.md, "[LuaMarshalAs]"): a Lua string is no conversion to it */
        if (m->kind == ZLUA_K_STRING)
            return m->mtype == ZLUA_MARSHAL_USERDATA ? ZLUA_RANK_NONE : ZLUA_RANK_IDENTITY;
        return zlua_score_is_object(m) ? ZLUA_RANK_REFERENCE : ZLUA_RANK_NONE;
    case LUA_TNIL:
    case LUA_TNONE:
        return m->is_ref || m->kind == ZLUA_K_NULLABLE || m->kind == ZLUA_K_BYREF ||
                       m->kind == ZLUA_K_POINTER
                   ? ZLUA_RANK_NULL : ZLUA_RANK_NONE;
    case LUA_TUSERDATA:
        return zlua_score_userdata(a->ud, m->kind == ZLUA_K_BYREF ? m->elem : m);
    case LUA_TLIGHTUSERDATA:
        if (m->kind == ZLUA_K_POINTER)
            return ZLUA_RANK_IDENTITY;
        return zlua_score_handle(L, a->idx, m);
    case LUA_TTABLE:
        /* T[] only: an mdarray slot refuses tables (lua-api.md, "Calling C#") */
        return m->kind == ZLUA_K_OBJECT && m->cls != NULL && m->cls->szarray
                   ? ZLUA_RANK_ARRAY : ZLUA_RANK_NONE;
    case LUA_TFUNCTION:   /* becomes a delegate (R-DEL-1) */
        return m->kind == ZLUA_K_OBJECT && m->cls != NULL && m->cls->is_delegate
                   ? ZLUA_RANK_REFERENCE : ZLUA_RANK_NONE;
    default:
        return ZLUA_RANK_NONE;
    }
}

int zlua__meta_compare_targets(const zlua_meta *a, const zlua_meta *b)
{
    if (a->kind == ZLUA_K_BYREF)
        a = a->elem;
    if (b->kind == ZLUA_K_BYREF)
        b = b->elem;
    if (a->cls == NULL || b->cls == NULL || a->cls == b->cls)
        return 0;
    int a_to_b = il2cpp_class_is_assignable_from(b->cls->klass, a->cls->klass);
    int b_to_a = il2cpp_class_is_assignable_from(a->cls->klass, b->cls->klass);
    return a_to_b && !b_to_a ? 1 : b_to_a && !a_to_b ? -1 : 0;
}
