/*
 * meta.c -- choosing the writers of a type, once (R-META-1, R-META-2).
 */
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"
#include "core/name.h"
#include "marshal/array.h"
#include "marshal/meta.h"
#include "marshal/rules.h"
#include "marshal/ud.h"
#include "scope/scope.h"

static int zlua_prim_of_type(int t)
{
    switch (t) {
    case ZLUA_IL2CPP_TYPE_BOOLEAN: return ZLUA_K_BOOL;
    case ZLUA_IL2CPP_TYPE_CHAR: return ZLUA_K_CHAR;
    case ZLUA_IL2CPP_TYPE_I1: return ZLUA_K_I1;
    case ZLUA_IL2CPP_TYPE_U1: return ZLUA_K_U1;
    case ZLUA_IL2CPP_TYPE_I2: return ZLUA_K_I2;
    case ZLUA_IL2CPP_TYPE_U2: return ZLUA_K_U2;
    case ZLUA_IL2CPP_TYPE_I4: return ZLUA_K_I4;
    case ZLUA_IL2CPP_TYPE_U4: return ZLUA_K_U4;
    case ZLUA_IL2CPP_TYPE_I8: return ZLUA_K_I8;
    case ZLUA_IL2CPP_TYPE_U8: return ZLUA_K_U8;
    case ZLUA_IL2CPP_TYPE_R4: return ZLUA_K_R4;
    case ZLUA_IL2CPP_TYPE_R8: return ZLUA_K_R8;
    case ZLUA_IL2CPP_TYPE_I: return ZLUA_K_INTPTR;
    case ZLUA_IL2CPP_TYPE_U: return ZLUA_K_UINTPTR;
    default: return ZLUA_K_UNSUPPORTED;
    }
}

/* Classifies a value type: enum, Nullable<T>, unsupported, or struct. */
static void zlua_meta_init_valuetype(zlua__ctx *ctx, zlua_meta *m)
{
    zlua__class *cls = m->cls;
    if (cls->is_enum) {
        m->kind = ZLUA_K_ENUM;
        m->prim = (uint8_t)zlua_prim_of_type(il2cpp_type_get_type(cls->element->type));
        zlua__meta_init_enum(m);
    } else if (cls->nullable) {
        m->kind = ZLUA_K_NULLABLE;
        m->elem = zlua__meta_of_class(ctx, cls->element->klass);
        zlua__meta_init_nullable(m);
    } else if (cls->is_byreflike || strcmp(cls->full_name, "System.Decimal") == 0) {
        /* lua-api.md, "Calling C#": no Lua shape for a decimal; a by-val ref struct cannot
         * outlive the C# frame, so neither a userdata copy nor a handle
         * fits (lua-api.md, "Methods Lua cannot call": reported at bind, raised at call) */
        m->kind = ZLUA_K_UNSUPPORTED;
        zlua__meta_init_unsupported(m);
    } else {
        m->kind = ZLUA_K_STRUCT;
        zlua__meta_init_struct(m);
    }
}

static void zlua_meta_classify(zlua__ctx *ctx, zlua_meta *m, const Il2CppType *type)
{
    int t = il2cpp_type_get_type(type);
    int prim = zlua_prim_of_type(t);
    if (prim != ZLUA_K_UNSUPPORTED) {
        m->kind = m->prim = (uint8_t)prim;
        zlua__meta_init_primitive(m);
        return;
    }
    switch (t) {
    case ZLUA_IL2CPP_TYPE_VOID:
        m->kind = ZLUA_K_VOID;
        return;
    case ZLUA_IL2CPP_TYPE_STRING:
        m->kind = ZLUA_K_STRING;
        zlua__meta_init_string(m);
        return;
    case ZLUA_IL2CPP_TYPE_CLASS: case ZLUA_IL2CPP_TYPE_OBJECT:
    case ZLUA_IL2CPP_TYPE_SZARRAY: case ZLUA_IL2CPP_TYPE_ARRAY:
        m->kind = ZLUA_K_OBJECT;
        if (m->cls != NULL && m->cls->is_delegate)
            zlua__meta_init_delegate(m);
        else
            zlua__meta_init_object(m);
        return;
    case ZLUA_IL2CPP_TYPE_VALUETYPE:
        zlua_meta_init_valuetype(ctx, m);
        return;
    case ZLUA_IL2CPP_TYPE_GENERICINST:
        if (m->cls->valuetype) {
            zlua_meta_init_valuetype(ctx, m);
        } else {
            m->kind = ZLUA_K_OBJECT;
            if (m->cls->is_delegate)   /* Action<int>, Func<int, int> */
                zlua__meta_init_delegate(m);
            else
                zlua__meta_init_object(m);
        }
        return;
    case ZLUA_IL2CPP_TYPE_PTR: case ZLUA_IL2CPP_TYPE_FNPTR:
        m->kind = ZLUA_K_POINTER;
        zlua__meta_init_pointer(m);
        m->ptr_align = zlua__meta_pointee_align(type);
        return;
    default:   /* TypedReference, generic parameters, ... */
        m->kind = ZLUA_K_UNSUPPORTED;
        zlua__meta_init_unsupported(m);
        return;
    }
}

/* The CLR name used in messages and signature keys: "System.Int32",
 * "MyGame.Point2D&", "System.Int32[]". */
static const char *zlua_meta_type_name(zlua__ctx *ctx, const zlua_meta *m)
{
    if (m->cls == NULL) {
        char *n = il2cpp_type_get_name(m->type);
        const char *copy = zlua__ctx_strdup(ctx, n ? n : "?");
        il2cpp_free(n);
        return copy;
    }
    if (m->kind != ZLUA_K_BYREF)
        return m->cls->full_name;
    size_t n = strlen(m->cls->full_name);
    char *s = zlua__ctx_arena_alloc(ctx, n + 2);
    if (s == NULL)
        return m->cls->full_name;
    memcpy(s, m->cls->full_name, n);
    s[n] = '&';
    return s;
}

/* Types are cached by class (parameter and field types are distinct
 * Il2CppType instances for the same class); byrefs get the odd key
 * class + 1, which no class pointer can be. */
static const void *zlua_meta_key(const Il2CppType *type, Il2CppClass *k)
{
    if (k == NULL)
        return type;
    return il2cpp_type_is_byref(type) ? (const void *)((const char *)k + 1) : (const void *)k;
}

const zlua_meta *zlua__meta_get(zlua__ctx *ctx, const Il2CppType *type)
{
    Il2CppClass *k = il2cpp_class_from_type(type);
    const void *key = zlua_meta_key(type, k);
    zlua_meta *m = zlua__ptrmap_get(&ctx->metas, key);
    if (m != NULL)
        return m;
    m = zlua__ctx_arena_alloc(ctx, sizeof *m);
    if (m == NULL)
        return NULL;
    m->ctx = ctx;
    m->type = type;
    m->cls = k ? zlua__class_get(ctx, k) : NULL;
    if (k != NULL && m->cls == NULL)
        return NULL;   /* out of memory: nothing is cached, a later call retries */
    if (il2cpp_type_is_byref(type)) {
        m->kind = ZLUA_K_BYREF;
        m->elem = m->cls && zlua__meta_bind(ctx, m->cls) ? m->cls->meta : NULL;
        if (m->elem == NULL)
            return NULL;
        zlua__meta_init_byref(m);
    } else if (m->cls == NULL && il2cpp_type_get_type(type) != ZLUA_IL2CPP_TYPE_VOID &&
               il2cpp_type_get_type(type) != ZLUA_IL2CPP_TYPE_PTR) {
        m->kind = ZLUA_K_UNSUPPORTED;
        zlua__meta_init_unsupported(m);
    } else {
        zlua_meta_classify(ctx, m, type);
    }
    if (m->cls != NULL && m->cls->is_array && m->kind == ZLUA_K_OBJECT &&
        !zlua__meta_init_array(ctx, m))
        return NULL;   /* out of memory */
    m->name = zlua_meta_type_name(ctx, m);
    if (m->name == NULL || (m->kind == ZLUA_K_NULLABLE && m->elem == NULL))
        return NULL;   /* out of memory: publish nothing half-made */
    /* the class may already have cached this very meta while binding */
    zlua_meta *again = zlua__ptrmap_get(&ctx->metas, key);
    if (again != NULL)
        return again;
    if (zlua__ptrmap_put(&ctx->metas, key, m) != ZLUA_OK)
        return NULL;
    /* the class caches its by-value meta; published whole, after the map */
    if (m->cls != NULL && m->kind != ZLUA_K_BYREF && m->cls->meta == NULL)
        m->cls->meta = m;
    return m;
}

zlua__class *zlua__meta_bind(zlua__ctx *ctx, zlua__class *cls)
{
    if (cls == NULL || cls->meta != NULL)
        return cls;
    return zlua__meta_get(ctx, cls->type) != NULL && cls->meta != NULL ? cls : NULL;
}

const zlua_meta *zlua__meta_of_class(zlua__ctx *ctx, Il2CppClass *klass)
{
    zlua__class *cls = zlua__meta_bind(ctx, zlua__class_get(ctx, klass));
    return cls ? cls->meta : NULL;
}

/* ---- public API ---------------------------------------------------------- */

const zlua_meta *zlua_meta_type(lua_State *L, const Il2CppType *type)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    return ctx && type ? zlua__meta_get(ctx, type) : NULL;
}

const zlua_meta *zlua_meta_param(lua_State *L, const MethodInfo *method, int index)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    if (ctx == NULL || method == NULL)
        return NULL;
    return zlua__meta_ic_slot(ctx, method, index);
}

/* ---- errors ---------------------------------------------------------------- */

const char *zlua__typename(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TLIGHTUSERDATA)
        return "light userdata";
    zlua__ud *u = zlua_ud_any(L, idx);
    if (u != NULL)
        return u->cls->full_name;
    if (luaL_getmetafield(L, idx, "__name") != LUA_TNIL) {
        /* the name stays referenced by the metatable after the pop */
        const char *n = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        lua_pop(L, 1);
        if (n != NULL)
            return n;
    }
    return luaL_typename(L, idx);
}

void zlua__push_argname(lua_State *L, int idx)
{
    const zlua__ud *u = lua_type(L, idx) == LUA_TUSERDATA ? zlua_ud_any(L, idx) : NULL;
    if (u != NULL && u->magic == ZLUA_UD_BYOBJ && u->cls->valuetype)
        lua_pushfstring(L, "boxed %s", u->cls->full_name);
    else
        lua_pushstring(L, zlua__typename(L, idx));
}

const char *zlua__keyname(lua_State *L, int idx)
{
    switch (lua_type(L, idx)) {
    case LUA_TSTRING:
        return zlua__name_shown(L, idx);
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            return lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, idx));
        return lua_pushfstring(L, "%f", (LUAI_UACNUMBER)lua_tonumber(L, idx));
    case LUA_TBOOLEAN:
        return lua_toboolean(L, idx) ? "true" : "false";
    case LUA_TNIL:
    case LUA_TNONE:
        return "nil";
    default:
        return zlua__typename(L, idx);
    }
}

static const char *zlua_slot_name(lua_State *L, int idx, const zlua_meta *m)
{
    const zlua__slot *slot;
    int rc = zlua__opaque_resolve(m->ctx, L, idx, &slot);
    if (rc == ZLUA_POP_OK)
        return ((const zlua_meta *)slot->meta)->name;
    return rc == ZLUA_POP_EXPIRED ? "expired handle" : "?";
}

/* The "got X" of a refusal, never the expected type's own name: a boxed
 * value refused by a slot of its type (a long takes an integer, not a
 * boxed System.Int64) says so, and how to get the value out. */
static const char *zlua_got_name(lua_State *L, int idx, const zlua_meta *want)
{
    const char *got = zlua__typename(L, idx);
    if (strcmp(got, want->name) != 0)
        return got;
    const zlua__ud *u = zlua_ud_any(L, idx);
    if (u != NULL && u->magic == ZLUA_UD_BYOBJ && u->cls->valuetype)
        return lua_pushfstring(L, "a boxed %s (zlua.unbox gives its value)", got);
    if (u != NULL) {   /* a type of the same name from another assembly */
        const char *a = il2cpp_class_get_assemblyname(u->cls->klass);
        return lua_pushfstring(L, "%s of assembly '%s'", got, a != NULL ? a : "?");
    }
    /* a foreign userdata or table whose __name is the type's name */
    return lua_pushfstring(L, "%s named '%s'", luaL_typename(L, idx), got);
}

void zlua__pop_error_push(lua_State *L, int idx, const zlua_meta *m, int code)
{
    const zlua_meta *want = m->kind == ZLUA_K_BYREF ? m->elem : m;
    const zlua_meta *num = want;   /* the integer type a range refers to */
    while (num->kind == ZLUA_K_NULLABLE || num->kind == ZLUA_K_BYREF)
        num = num->elem;
    switch (code) {
    case ZLUA_POP_RANGE:
        lua_pushfstring(L, "number out of range for %s", num->name);
        break;
    case ZLUA_POP_NOTINT:
        lua_pushliteral(L, "number has no integer representation");
        break;
    case ZLUA_POP_EXPIRED:
        lua_pushliteral(L, "opaque handle expired");
        break;
    case ZLUA_POP_FOREIGN:
        lua_pushliteral(L, "invalid opaque parameter handle");
        break;
    case ZLUA_POP_MISMATCH:
        lua_pushfstring(L, "opaque handle type mismatch (%s expected, got %s)",
                        want->name, zlua_slot_name(L, idx, m));
        break;
    case ZLUA_POP_FINALIZED:
        lua_pushliteral(L, "struct userdata has been finalized");
        break;
    case ZLUA_POP_OBJ_FINALIZED:
        lua_pushliteral(L, "object userdata has been finalized");
        break;
    case ZLUA_POP_EXCEPTION:
        zlua__exc_push_held(L, m->ctx);
        break;
    case ZLUA_POP_UNSUPPORTED:
        lua_pushliteral(L, "unsupported parameter type");
        break;
    case ZLUA_POP_NOMEM:
        lua_pushliteral(L, "not enough memory");
        break;
    case ZLUA_POP_SHAPE:
    case ZLUA_POP_ELEMENT:
        zlua__array_error_push(L, idx, want, code);
        break;
    case ZLUA_POP_WANT_TABLE:
    case ZLUA_POP_WANT_STRING:
    case ZLUA_POP_MISSING_KEY:
    case ZLUA_POP_MEMBER:
    case ZLUA_POP_VALUES:
        zlua__rule_error_push(L, idx, m, code);
        break;
    case ZLUA_POP_POINTER:
        lua_pushfstring(L, "%s expected, got a light userdata C# did not produce", want->name);
        break;
    case ZLUA_POP_DENIED:
        lua_pushfstring(L, "type not accessible: %s", want->name);
        break;
    case ZLUA_POP_NODELEGATE:
        lua_pushfstring(L, "no delegate entry for %s: a Lua function needs the generated "
                           "entries (zlua_delegate_register)", want->name);
        break;
    default:
        /* a UserData string slot takes the System.String userdata only:
         * "System.String expected, got string" would read as a contradiction */
        lua_pushfstring(L, "%s%s expected, got %s", want->name,
                        want->kind == ZLUA_K_STRING && want->mtype == ZLUA_MARSHAL_USERDATA
                            ? " userdata" : "",
                        zlua_got_name(L, idx, want));
        break;
    }
}

int zlua__pop_argerror(lua_State *L, int idx, int argn, const char *where,
                      const zlua_meta *m, int code)
{
    if (code == ZLUA_POP_EXCEPTION)   /* the conversion threw (R-RT-1) */
        return zlua__exc_raise_held(L, m->ctx, where);
    if (code == ZLUA_POP_NOMEM) {   /* not the argument's fault: Lua's own message */
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    if (code == ZLUA_POP_MEMBER && m->mtype == ZLUA_MARSHAL_UNPACKED_VALUES &&
        m->ctx->bad_member != NULL) {   /* the value of that member */
        int at = (int)((const zlua__meta_member *)m->ctx->bad_member - m->members);
        argn += at;
        idx += at;
    }
    zlua__pop_error_push(L, idx, m, code);
    return luaL_error(L, "bad argument #%d to '%s' (%s)", argn, where,
                      lua_tostring(L, -1));
}

/* ---- pointers --------------------------------------------------------------- */

/* The alignment of T for a T* (1 for void*, byte*, function pointers and
 * anything unknown): a pointer parameter refuses light userdata that no
 * aligned T* can be (marshal/object.c). */
uint8_t zlua__meta_pointee_align(const Il2CppType *type)
{
    if (il2cpp_type_get_type(type) != ZLUA_IL2CPP_TYPE_PTR)
        return 1;
    Il2CppClass *pk = il2cpp_class_from_type(type);
    Il2CppClass *elem = pk ? il2cpp_class_get_element_class(pk) : NULL;
    if (elem == NULL || elem == pk || !il2cpp_class_is_valuetype(elem))
        return 1;
    uint32_t align = 1;
    if (il2cpp_class_value_size(elem, &align) <= 0 || align == 0 || align > 8)
        return 1;
    return (uint8_t)align;
}

/* ---- stores with the write barrier ---------------------------------------------- */

void zlua__value_store(const zlua_meta *m, Il2CppObject *owner, void *dst,
                      const void *src)
{
    memmove(dst, src, m->size);
    if (m->is_ref) {
        void *ref;
        memcpy(&ref, dst, sizeof ref);
        il2cpp_gc_wbarrier_set_field(owner, (void **)dst, ref);
        return;
    }
    const zlua__class *cls = m->cls;
    if (cls == NULL || m->kind == ZLUA_K_BYREF || cls->nrefs == 0)
        return;
    for (uint32_t i = 0; i < cls->nrefs; i++) {
        void **slot = (void **)((char *)dst + cls->ref_offsets[i]);
        void *ref;
        memcpy(&ref, slot, sizeof ref);
        il2cpp_gc_wbarrier_set_field(owner, slot, ref);
    }
}

int zlua_meta_pop(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (L == NULL || m == NULL || dst == NULL)
        return ZLUA_POP_TYPE;
    /* a writer may push before it reads the value again (a delegate's
     * reference, a table's members): idx relative to the top would move */
    return m->pop(L, lua_absindex(L, idx), m, dst);
}

void zlua_meta_push(lua_State *L, const zlua_meta *m, const void *src)
{
    m->push(L, m, src);
}
