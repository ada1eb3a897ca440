/*
 * rule_meta.c -- the writers of [LuaMarshalAs] (lua-api.md, "[LuaMarshalAs]"): UserData on a
 * string (both ways), Bytes, Table and UnpackedValues.  A rule's meta is a
 * copy of its type's default meta with these writers, made once per slot
 * at bind time (marshal/rules.c); members are bound to offsets or
 * accessors then, so a call reads and writes them without a name lookup.
 *
 * Pops never raise (they report a code; meta.c and this file make the
 * messages) and read tables raw: a script's metatable is never called.
 */
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"
#include "marshal/array.h"
#include "marshal/rules.h"
#include "marshal/ud.h"

/* ---- members --------------------------------------------------------------------- */

/* Writes the Lua value at idx into member mm of the value at base. */
ZLUA_INLINE int zlua_rule_member_pop(lua_State *L, int idx, const zlua_meta *m,
                                const zlua__meta_member *mm, void *base)
{
    const zlua_meta *vm = mm->meta;
    if (mm->set == NULL && mm->get != NULL) {   /* a read-only property */
        m->ctx->bad_member = mm;
        m->ctx->bad_member_code = ZLUA_POP_UNSUPPORTED;
        m->ctx->bad_member_type = lua_type(L, idx);
        return ZLUA_POP_MEMBER;
    }
    /* float and int32 fields, the commonest members: straight into the
     * value (these pops write only on success) */
    if (mm->set == NULL && vm->kind == ZLUA_K_R4 &&
        zlua_pop_r4_value(L, idx, (char *)base + mm->offset) == ZLUA_POP_OK)
        return ZLUA_POP_OK;
    if (mm->set == NULL && vm->kind == ZLUA_K_I4 &&
        zlua_pop_i4_fast(L, idx, (char *)base + mm->offset) == ZLUA_POP_OK)
        return ZLUA_POP_OK;
    uint64_t tmp[2] = {0, 0};
    int rc = vm->pop(L, idx, vm, tmp);
    if (rc == ZLUA_POP_OK && mm->set != NULL) {
        void *args[1] = {tmp};
        if (vm->indirect)
            memcpy(&args[0], tmp, sizeof args[0]);
        Il2CppException *exc = zlua_rt_invoke(mm->set, base, args, NULL);
        if (exc != NULL) {
            zlua__exc_hold(m->ctx, exc);
            return ZLUA_POP_EXCEPTION;
        }
        return ZLUA_POP_OK;
    }
    if (rc == ZLUA_POP_OK) {
        /* the value lives on the bridge's frame or in a fresh payload:
         * no managed owner, no barrier */
        memcpy((char *)base + mm->offset, tmp, vm->size);
        return ZLUA_POP_OK;
    }
    if (rc == ZLUA_POP_EXCEPTION || rc == ZLUA_POP_NOMEM)
        return rc;
    m->ctx->bad_member = mm;
    m->ctx->bad_member_code = rc;
    m->ctx->bad_member_type = lua_type(L, idx);
    return ZLUA_POP_MEMBER;
}

/* Pushes member mm of the value at base. */
ZLUA_INLINE void zlua_rule_member_push(lua_State *L, const zlua_meta *m, const zlua__meta_member *mm,
                                  const void *base)
{
    const zlua_meta *vm = mm->meta;
    if (mm->get == NULL && mm->set != NULL) {   /* a write-only property */
        lua_pushnil(L);
        return;
    }
    if (mm->get == NULL) {
        if (vm->kind == ZLUA_K_R4)
            zlua_push_r4_value(L, (const char *)base + mm->offset);
        else
            vm->push(L, vm, (const char *)base + mm->offset);
        return;
    }
    uint64_t ret[2] = {0, 0};
    void *args[1] = {NULL};
    Il2CppException *exc = zlua_rt_invoke(mm->get, (void *)base, args, ret);
    if (exc != NULL) {
        zlua__exc_raise(L, exc, m->name);
        return;
    }
    vm->push(L, vm, ret);
}

/* The value of m's struct inside dst: the payload, or a Nullable's value. */
static void *zlua_rule_value(const zlua_meta *m, void *dst)
{
    return m->kind == ZLUA_K_NULLABLE ? (char *)dst + m->cls->value_offset : dst;
}

/* ---- UnpackedValues (N stack values) ------------------------------------------------ */

static int zlua_pop_unpacked(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (!m->covered)   /* zero-initialised first (lua-api.md, "[LuaMarshalAs]") */
        memset(dst, 0, m->size);
    /* every value present: one check (the bridge counted them already) */
    if (idx < 0 ? -idx < m->nmembers : lua_gettop(L) < idx + m->nmembers - 1)
        return ZLUA_POP_VALUES;
    for (int i = 0; i < m->nmembers; i++) {
        int rc = zlua_rule_member_pop(L, idx + i, m, &m->members[i], dst);
        if (rc != ZLUA_POP_OK)
            return rc;
    }
    return ZLUA_POP_OK;
}

/* The same for a struct of float fields only, each listed once (Vector2,
 * Vector3, Quaternion-like): one type check and one read per value; any
 * other value goes the general way, which makes the messages.  One body
 * per member count up to four (n a constant: the loop unrolls, and the
 * offsets are read once), the general count below. */
ZLUA_INLINE int zlua_pop_unpacked_r4_n(lua_State *L, int idx, const zlua_meta *m, void *dst,
                                       int n)
{
    if (idx > 0 && lua_gettop(L) >= idx + n - 1) {
        const zlua__meta_member *mm = m->members;
        int i = 0;
        /* zlua_pop_r4_value, written out: through the helper this loop
         * compiles a few instructions a value longer (gcc 12: w 504 -> 509
         * Ir per call) */
        for (; i < n; i++) {
            float x;
            if (lua_isinteger(L, idx + i))
                x = (float)(lua_Number)lua_tointeger(L, idx + i);
            else if (lua_type(L, idx + i) == LUA_TNUMBER)
                x = (float)lua_tonumber(L, idx + i);
            else
                break;
            memcpy((char *)dst + mm[i].offset, &x, sizeof x);
        }
        if (i == n)
            return ZLUA_POP_OK;
    }
    return zlua_pop_unpacked(L, idx, m, dst);
}

#define ZLUA_POP_UNPACKED_R4(N)                                                            \
    static int zlua_pop_unpacked_r4_##N(lua_State *L, int idx, const zlua_meta *m, void *dst) \
    {                                                                                      \
        return zlua_pop_unpacked_r4_n(L, idx, m, dst, (N));                                \
    }
ZLUA_POP_UNPACKED_R4(1)
ZLUA_POP_UNPACKED_R4(2)
ZLUA_POP_UNPACKED_R4(3)
ZLUA_POP_UNPACKED_R4(4)

static int zlua_pop_unpacked_r4(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    return zlua_pop_unpacked_r4_n(L, idx, m, dst, m->nmembers);
}

/* The float pop for n members. */
static zlua_pop_fn zlua_pop_unpacked_r4_for(int n)
{
    static const zlua_pop_fn by_count[] = {
        zlua_pop_unpacked_r4, zlua_pop_unpacked_r4_1, zlua_pop_unpacked_r4_2,
        zlua_pop_unpacked_r4_3, zlua_pop_unpacked_r4_4,
    };
    return n >= 1 && n <= 4 ? by_count[n] : zlua_pop_unpacked_r4;
}

static void zlua_push_unpacked(lua_State *L, const zlua_meta *m, const void *src)
{
    /* a push runs where a C function's LUA_MINSTACK slots hold at most a
     * few values (a bridge's result, an __index read): four more always
     * fit */
    if (m->nmembers > 4)
        luaL_checkstack(L, m->nmembers, "too many results");
    for (int i = 0; i < m->nmembers; i++)
        zlua_rule_member_push(L, m, &m->members[i], src);
}

/* The same for float fields only (no accessor): one lua_pushnumber a
 * value, without the per-member dispatch; one body per member count up
 * to four, as the pops. */
ZLUA_INLINE void zlua_push_unpacked_r4_n(lua_State *L, const zlua_meta *m, const void *src,
                                         int n)
{
    /* in locals: the pushes are calls, after which m's fields would be
     * loaded again */
    const zlua__meta_member *mm = m->members;
    if (n > 4)   /* as zlua_push_unpacked */
        luaL_checkstack(L, n, "too many results");
    for (int i = 0; i < n; i++)
        zlua_push_r4_value(L, (const char *)src + mm[i].offset);
}

#define ZLUA_PUSH_UNPACKED_R4(N)                                                             \
    static void zlua_push_unpacked_r4_##N(lua_State *L, const zlua_meta *m, const void *src) \
    {                                                                                        \
        zlua_push_unpacked_r4_n(L, m, src, (N));                                             \
    }
ZLUA_PUSH_UNPACKED_R4(1)
ZLUA_PUSH_UNPACKED_R4(2)
ZLUA_PUSH_UNPACKED_R4(3)
ZLUA_PUSH_UNPACKED_R4(4)

static void zlua_push_unpacked_r4(lua_State *L, const zlua_meta *m, const void *src)
{
    zlua_push_unpacked_r4_n(L, m, src, m->nmembers);
}

/* The float push for n members. */
static zlua_push_fn zlua_push_unpacked_r4_for(int n)
{
    static const zlua_push_fn by_count[] = {
        zlua_push_unpacked_r4, zlua_push_unpacked_r4_1, zlua_push_unpacked_r4_2,
        zlua_push_unpacked_r4_3, zlua_push_unpacked_r4_4,
    };
    return n >= 1 && n <= 4 ? by_count[n] : zlua_push_unpacked_r4;
}

/* ---- Table (one table by key) --------------------------------------------------------- */

static int zlua_pop_table(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    int t = lua_type(L, idx);
    if (!m->covered)
        memset(dst, 0, m->size);
    if (m->kind == ZLUA_K_NULLABLE && (t == LUA_TNIL || t == LUA_TNONE))
        return ZLUA_POP_OK;   /* no value */
    if (t != LUA_TTABLE)
        return ZLUA_POP_WANT_TABLE;
    idx = lua_absindex(L, idx);
    void *value = zlua_rule_value(m, dst);
    /* keys are read raw: without a metatable lua_getfield is (one call,
     * the name found through Lua's string cache by its address); with
     * one, push the key and rawget, so a script's __index never runs */
    int raw = lua_getmetatable(L, idx);
    if (raw)
        lua_pop(L, 1);
    for (int i = 0; i < m->nmembers; i++) {
        const zlua__meta_member *mm = &m->members[i];
        int t;
        if (raw) {
            lua_pushstring(L, mm->name);
            t = lua_rawget(L, idx);
        } else {
            t = lua_getfield(L, idx, mm->name);
        }
        if (t == LUA_TNIL) {
            lua_pop(L, 1);
            if (mm->optional)
                continue;
            m->ctx->bad_member = mm;
            return ZLUA_POP_MISSING_KEY;
        }
        int rc = zlua_rule_member_pop(L, -1, m, mm, value);
        lua_pop(L, 1);
        if (rc != ZLUA_POP_OK)
            return rc;
    }
    if (m->kind == ZLUA_K_NULLABLE)
        *((uint8_t *)dst + m->cls->has_value_offset) = 1;
    return ZLUA_POP_OK;
}

static void zlua_push_table(lua_State *L, const zlua_meta *m, const void *src)
{
    if (m->kind == ZLUA_K_NULLABLE) {
        if (*((const uint8_t *)src + m->cls->has_value_offset) == 0) {
            lua_pushnil(L);
            return;
        }
        src = (const char *)src + m->cls->value_offset;
    }
    lua_createtable(L, 0, m->nmembers);
    for (int i = 0; i < m->nmembers; i++) {
        zlua_rule_member_push(L, m, &m->members[i], src);
        lua_setfield(L, -2, m->members[i].name);
    }
}

/* ---- Bytes ------------------------------------------------------------------------------ */

/* byte[] <- a Lua string of raw octets (nil: null). */
static int zlua_pop_bytes_array(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    int t = lua_type(L, idx);
    Il2CppArray *arr = NULL;
    if (t == LUA_TNIL || t == LUA_TNONE) {
        memcpy(dst, &arr, sizeof arr);
        return ZLUA_POP_OK;
    }
    if (t != LUA_TSTRING)
        return ZLUA_POP_WANT_STRING;
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    Il2CppException *exc = zlua_rt_array_new(m->cls->element->klass, (uintptr_t)len, &arr);
    if (exc != NULL) {
        zlua__exc_hold(m->ctx, exc);
        return ZLUA_POP_EXCEPTION;
    }
    if (len > 0)
        memcpy(zlua_array_data(m->ctx, (Il2CppObject *)arr), s, len);
    memcpy(dst, &arr, sizeof arr);
    return ZLUA_POP_OK;
}

/* byte[] -> a Lua string of its octets (null: nil). */
static void zlua_push_bytes_array(lua_State *L, const zlua_meta *m, const void *src)
{
    Il2CppArray *arr;
    memcpy(&arr, src, sizeof arr);
    if (arr == NULL) {
        lua_pushnil(L);
        return;
    }
    uintptr_t len = zlua_array_count(m->ctx, (Il2CppObject *)arr);
    lua_pushlstring(L, zlua_array_data(m->ctx, (Il2CppObject *)arr), (size_t)len);
}

/* string <- a Lua string only (its bytes as UTF-8), or nil. */
static int zlua_pop_bytes_string(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    int t = lua_type(L, idx);
    if (t != LUA_TSTRING && t != LUA_TNIL && t != LUA_TNONE)
        return ZLUA_POP_WANT_STRING;
    const zlua_meta *base = m->cls->meta;   /* the string's default pop */
    return base->pop(L, idx, base, dst);
}

/* ---- UserData on a string: a ByObjUserData of System.String ------------------------------- */

static void zlua_push_string_object(lua_State *L, const zlua_meta *m, const void *src)
{
    Il2CppObject *obj;
    memcpy(&obj, src, sizeof obj);
    zlua__ud_push_byobj(L, m->cls, obj);
}

static int zlua_push_arg_string_object(lua_State *L, const zlua_meta *m, const void *src)
{
    zlua_push_string_object(L, m, src);
    return ZLUA_OK;
}

/* string <- the userdata shape only (lua-api.md, "[LuaMarshalAs]"):
 * a ByObjUserData of System.String, nil -> null, or a valid OpaqueValue of
 * a string slot (R-OPQ-10: a handle is no Lua string either); a plain Lua
 * string is refused, `System.String expected, got string`, so a slot that
 * promises the managed object never gets a fresh copy instead. */
static int zlua_pop_string_object(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (lua_type(L, idx) == LUA_TSTRING)
        return ZLUA_POP_TYPE;
    const zlua_meta *base = m->cls->meta;   /* the string's default pop */
    return base->pop(L, idx, base, dst);
}

/* ---- making a rule's meta ------------------------------------------------------------------- */

/* 1 when every byte of the value is written by a required field member
 * (no property, no optional key, no Nullable, no overlap): the pop need
 * not zero it first. */
static int zlua_rule_covers(const zlua_meta *m, const zlua__meta_member *mm, int n)
{
    if (m->kind != ZLUA_K_STRUCT)
        return 0;
    uint32_t total = 0;
    for (int i = 0; i < n; i++) {
        if (mm[i].get || mm[i].set || mm[i].optional)
            return 0;
        for (int j = 0; j < i; j++)
            if (mm[j].offset < mm[i].offset + mm[i].meta->size &&
                mm[i].offset < mm[j].offset + mm[j].meta->size)
                return 0;
        total += mm[i].meta->size;
    }
    return total == m->size;
}

const zlua_meta *zlua__rule_meta_make(zlua__ctx *ctx, const zlua_meta *base, int mtype,
                                     const char *members, const char *slot_name)
{
    int is_bytes_array = base->kind == ZLUA_K_OBJECT && base->cls && base->cls->szarray;
    switch (mtype) {
    case ZLUA_MARSHAL_USERDATA:
        if (base->kind != ZLUA_K_STRING)
            return base;   /* everything else is a userdata already */
        break;
    case ZLUA_MARSHAL_BYTES:
        if (base->kind != ZLUA_K_STRING && !is_bytes_array)
            return base;
        break;
    case ZLUA_MARSHAL_TABLE:
    case ZLUA_MARSHAL_UNPACKED_VALUES:
        break;
    default:
        /* OpaqueValue: a handle to the slot where C# pushes an argument of
         * a call into Lua (push_arg; a struct's is one already).  Fields
         * and properties never get here: zlua__rule_check refuses the rule
         * on them (a read is a Lua -> C# call, whose scope its handle
         * would not outlive). */
        if (base->push_arg == zlua__push_arg_opaque)
            return base;
        break;
    }
    zlua_meta *m = zlua__ctx_arena_alloc(ctx, sizeof *m);
    if (m == NULL)
        return NULL;
    *m = *base;
    m->mtype = (uint8_t)mtype;
    m->slot_name = slot_name ? slot_name : "?";
    switch (mtype) {
    case ZLUA_MARSHAL_OPAQUE_VALUE:
        m->push_arg = zlua__push_arg_opaque;
        return m;
    case ZLUA_MARSHAL_USERDATA:
        m->pop = zlua_pop_string_object;
        m->push = zlua_push_string_object;
        m->push_arg = zlua_push_arg_string_object;
        m->push_safe = 0;
        return m;
    case ZLUA_MARSHAL_BYTES:
        if (is_bytes_array) {
            m->pop = zlua_pop_bytes_array;
            m->push = zlua_push_bytes_array;
        } else {
            m->pop = zlua_pop_bytes_string;
        }
        m->push_arg = zlua__push_arg_copy;
        m->push_safe = 0;
        return m;
    default:
        break;
    }
    const zlua_meta *vm = base->kind == ZLUA_K_NULLABLE ? base->elem : base;
    zlua__meta_member tmp[ZLUA_MAX_MEMBERS];
    char why[256];
    /* the access the slot needs was checked (zlua__rule_check); a
     * property's missing accessor is guarded where it would be used */
    int n = zlua__rule_members(ctx, vm->cls->klass, vm->name, mtype, members, 0, tmp,
                              ZLUA_MAX_MEMBERS, why, sizeof why);
    if (n <= 0)
        return base;   /* checked before: only memory can fail here */
    zlua__meta_member *mm = zlua__ctx_arena_alloc(ctx, (size_t)n * sizeof *mm);
    if (mm == NULL)
        return NULL;
    memcpy(mm, tmp, (size_t)n * sizeof *mm);
    m->members = mm;
    m->nmembers = (uint8_t)n;
    m->covered = (uint8_t)zlua_rule_covers(m, mm, n);
    m->push_arg = zlua__push_arg_copy;
    m->push_safe = 0;
    if (mtype == ZLUA_MARSHAL_TABLE) {
        m->pop = zlua_pop_table;
        m->push = zlua_push_table;
        m->nslots = 1;
    } else {
        int floats = m->covered, float_fields = 1;
        for (int i = 0; i < n; i++) {
            floats &= mm[i].meta->kind == ZLUA_K_R4;
            float_fields &= mm[i].meta->kind == ZLUA_K_R4 && mm[i].get == NULL &&
                            mm[i].set == NULL;
        }
        m->pop = floats ? zlua_pop_unpacked_r4_for(n) : zlua_pop_unpacked;
        m->push = float_fields ? zlua_push_unpacked_r4_for(n) : zlua_push_unpacked;
        m->nslots = (uint8_t)n;
    }
    return m;
}

/* ---- messages ------------------------------------------------------------------------------ */

void zlua__rule_error_push(lua_State *L, int idx, const zlua_meta *m, int code)
{
    const zlua__meta_member *mm = m->ctx->bad_member;
    const zlua_meta *vm = m->kind == ZLUA_K_NULLABLE && m->elem ? m->elem : m;
    switch (code) {
    case ZLUA_POP_WANT_TABLE:
        lua_pushfstring(L, "table expected, got %s", zlua__typename(L, idx));
        break;
    case ZLUA_POP_WANT_STRING:
        lua_pushfstring(L, "string expected, got %s", zlua__typename(L, idx));
        break;
    case ZLUA_POP_MISSING_KEY:
        lua_pushfstring(L, "missing key '%s' for %s", mm ? mm->name : "?", vm->name);
        break;
    case ZLUA_POP_VALUES:
        lua_pushfstring(L, "expects %d values for '%s'", (int)m->nmembers, m->slot_name);
        break;
    default: {   /* ZLUA_POP_MEMBER */
        const zlua_meta *want = mm ? mm->meta : m;
        /* a handle is a "light userdata", as zlua__typename names it */
        const char *what = m->ctx->bad_member_type == LUA_TLIGHTUSERDATA
                               ? "light userdata" : lua_typename(L, m->ctx->bad_member_type);
        if (m->ctx->bad_member_code == ZLUA_POP_UNSUPPORTED)
            lua_pushfstring(L, "member '%s' of %s is not writable", mm ? mm->name : "?",
                            vm->name);
        else if (m->ctx->bad_member_code == ZLUA_POP_RANGE)
            lua_pushfstring(L, "member '%s' of %s: number out of range for %s",
                            mm ? mm->name : "?", vm->name, want->name);
        else if (m->ctx->bad_member_code == ZLUA_POP_NOTINT)
            lua_pushfstring(L, "member '%s' of %s: number has no integer representation",
                            mm ? mm->name : "?", vm->name);
        else
            lua_pushfstring(L, "member '%s' of %s: %s expected, got %s", mm ? mm->name : "?",
                            vm->name, want->name, what);
        break;
    }
    }
}
