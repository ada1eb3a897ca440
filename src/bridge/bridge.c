/*
 * bridge.c -- what generated MethodBridge stubs call (R-META-3): reduced
 * signatures and method keys, which the generator and the binder share,
 * and the out-of-line helpers of zlua_stub.h.
 *
 * A reduced signature spells a method's shape: "RET(THIS;P1,P2)" with one
 * token per slot -- v b c2 i1 u1 i2 u2 i4 u4 i8 u8 ip up r4 r8 for void
 * and the primitives (an enum is its underlying type), o for every
 * reference type (string, class, interface, array, delegate), p for a
 * pointer, S<len>:<name> for a struct by its runtime name, & before the
 * element of a byref.  THIS is o or the struct token for instance methods
 * and absent (with its ';') for static ones.  The generator
 * (tools/stubgen) and the binder both call zlua_bridge_signature, so the
 * two cannot disagree about a spelling.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/ctor.h"
#include "bridge/method.h"
#include "core/ptrbox.h"
#include "core/state.h"
#include "core/exception.h"
#include "marshal/byref.h"
#include "marshal/ud.h"
#include "scope/scope.h"

/* ---- reduced signatures -------------------------------------------------------- */

typedef struct zlua__sigbuf {
    char *p;
    size_t size, n;
    int ok;
} zlua__sigbuf;

static void zlua_sig_add(zlua__sigbuf *s, const char *text)
{
    size_t len = strlen(text);
    if (!s->ok || s->n + len + 1 > s->size) {
        s->ok = 0;
        return;
    }
    memcpy(s->p + s->n, text, len + 1);
    s->n += len;
}

static const char *zlua_sig_prim(int t)
{
    switch (t) {
    case ZLUA_IL2CPP_TYPE_VOID: return "v";
    case ZLUA_IL2CPP_TYPE_BOOLEAN: return "b";
    case ZLUA_IL2CPP_TYPE_CHAR: return "c2";
    case ZLUA_IL2CPP_TYPE_I1: return "i1";
    case ZLUA_IL2CPP_TYPE_U1: return "u1";
    case ZLUA_IL2CPP_TYPE_I2: return "i2";
    case ZLUA_IL2CPP_TYPE_U2: return "u2";
    case ZLUA_IL2CPP_TYPE_I4: return "i4";
    case ZLUA_IL2CPP_TYPE_U4: return "u4";
    case ZLUA_IL2CPP_TYPE_I8: return "i8";
    case ZLUA_IL2CPP_TYPE_U8: return "u8";
    case ZLUA_IL2CPP_TYPE_I: return "ip";
    case ZLUA_IL2CPP_TYPE_U: return "up";
    case ZLUA_IL2CPP_TYPE_R4: return "r4";
    case ZLUA_IL2CPP_TYPE_R8: return "r8";
    case ZLUA_IL2CPP_TYPE_STRING: case ZLUA_IL2CPP_TYPE_CLASS: case ZLUA_IL2CPP_TYPE_OBJECT:
    case ZLUA_IL2CPP_TYPE_SZARRAY: case ZLUA_IL2CPP_TYPE_ARRAY:
        return "o";
    case ZLUA_IL2CPP_TYPE_PTR: case ZLUA_IL2CPP_TYPE_FNPTR:
        return "p";
    default:
        return NULL;
    }
}

/* The token of a struct: its runtime name, length-prefixed so that no
 * name can be read as two tokens. */
static void zlua_sig_struct(zlua__sigbuf *s, Il2CppClass *k)
{
    char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
    char head[32];
    if (name == NULL) {
        s->ok = 0;
        return;
    }
    snprintf(head, sizeof head, "S%zu:", strlen(name));
    zlua_sig_add(s, head);
    zlua_sig_add(s, name);
    il2cpp_free(name);
}

/* A by-value struct the binder refuses (meta.c): System.Decimal, or a ref
 * struct ([IsByRefLike]).  The generator must not stub what the binder
 * will report as unusable (lua-api.md, "Methods Lua cannot call").  Build time, and bind time of a
 * method a stub entry names (zlua_stub_serves): the attribute class is
 * looked up on each call rather than cached. */
static int zlua_sig_unusable_struct(Il2CppClass *k)
{
    if (strcmp(il2cpp_class_get_namespace(k), "System") == 0 &&
        strcmp(il2cpp_class_get_name(k), "Decimal") == 0)
        return 1;
    Il2CppClass *attr = il2cpp_class_from_name(il2cpp_get_corlib(),
                                               "System.Runtime.CompilerServices",
                                               "IsByRefLikeAttribute");
    return attr != NULL && il2cpp_class_has_attribute(k, attr);
}

static void zlua_sig_class(zlua__sigbuf *s, Il2CppClass *k)
{
    if (il2cpp_class_is_enum(k)) {
        const char *t = zlua_sig_prim(il2cpp_type_get_type(il2cpp_class_enum_basetype(k)));
        if (t == NULL)
            s->ok = 0;
        else
            zlua_sig_add(s, t);
    } else if (il2cpp_class_is_valuetype(k)) {
        zlua_sig_struct(s, k);
    } else {
        zlua_sig_add(s, "o");
    }
}

static void zlua_sig_type(zlua__sigbuf *s, const Il2CppType *t)
{
    if (il2cpp_type_is_byref(t))
        zlua_sig_add(s, "&");
    int kind = il2cpp_type_get_type(t);
    if (kind == ZLUA_IL2CPP_TYPE_VALUETYPE || kind == ZLUA_IL2CPP_TYPE_GENERICINST ||
        kind == ZLUA_IL2CPP_TYPE_ENUM) {
        Il2CppClass *k = il2cpp_class_from_type(t);
        if (k == NULL || (!il2cpp_type_is_byref(t) && !il2cpp_class_is_enum(k) &&
                          zlua_sig_unusable_struct(k)))
            s->ok = 0;
        else
            zlua_sig_class(s, k);
        return;
    }
    const char *p = zlua_sig_prim(kind);
    if (p == NULL)
        s->ok = 0;   /* generic parameters, typed references, ... */
    else
        zlua_sig_add(s, p);
}

/* The bytes a by-value slot of type t takes in the binder's argument
 * frame (the sizes and alignments of method_bind.c's metas) into *size and
 * *align. */
static void zlua_sig_slot_bytes(const Il2CppType *t, uint32_t *size, uint32_t *align)
{
    Il2CppClass *k = il2cpp_class_from_type(t);
    int kind = il2cpp_type_get_type(t);
    if (k != NULL && il2cpp_class_is_enum(k))
        kind = il2cpp_type_get_type(il2cpp_class_enum_basetype(k));
    switch (kind) {
    case ZLUA_IL2CPP_TYPE_VOID: *size = 0; *align = 1; return;
    case ZLUA_IL2CPP_TYPE_BOOLEAN: case ZLUA_IL2CPP_TYPE_I1: case ZLUA_IL2CPP_TYPE_U1:
        *size = *align = 1; return;
    case ZLUA_IL2CPP_TYPE_CHAR: case ZLUA_IL2CPP_TYPE_I2: case ZLUA_IL2CPP_TYPE_U2:
        *size = *align = 2; return;
    case ZLUA_IL2CPP_TYPE_I4: case ZLUA_IL2CPP_TYPE_U4: case ZLUA_IL2CPP_TYPE_R4:
        *size = *align = 4; return;
    case ZLUA_IL2CPP_TYPE_I8: case ZLUA_IL2CPP_TYPE_U8: case ZLUA_IL2CPP_TYPE_R8:
        *size = *align = 8; return;
    case ZLUA_IL2CPP_TYPE_VALUETYPE: case ZLUA_IL2CPP_TYPE_GENERICINST:
        if (k != NULL && il2cpp_class_is_valuetype(k)) {
            *size = (uint32_t)il2cpp_class_value_size(k, align);
            if (*align == 0)
                *align = 1;
            return;
        }
        break;
    default:
        break;
    }
    *size = *align = (uint32_t)sizeof(void *);   /* references, pointers, IntPtr */
}

/* Whether the binder can frame mi (method_bind.c): at most ZLUA_MAX_PARAMS
 * parameters and ZLUA_FRAME_BYTES of arguments, laid out as it lays them
 * out (a byref takes its pointer, a temporary and the element's copy). */
static int zlua_sig_frame_fits(const MethodInfo *mi)
{
    uint32_t n = il2cpp_method_get_param_count(mi);
    if (n > ZLUA_MAX_PARAMS)
        return 0;
    uint32_t off = 0, size, align;
    for (uint32_t i = 0; i < n; i++) {
        const Il2CppType *t = il2cpp_method_get_param(mi, i);
        zlua_sig_slot_bytes(t, &size, &align);
        if (il2cpp_type_is_byref(t)) {
            size += ZLUA_BRIDGE_BYREF_TEMP;
            align = 8;
        }
        off = (off + align - 1) / align * align + size;
    }
    zlua_sig_slot_bytes(il2cpp_method_get_return_type(mi), &size, &align);
    if (size > 0)
        off = (off + 15) / 16 * 16 + size;
    return off <= ZLUA_FRAME_BYTES;
}

size_t zlua_bridge_signature(const MethodInfo *mi, char *buf, size_t size)
{
    if (mi == NULL || buf == NULL || size == 0)
        return 0;
    zlua__sigbuf s = {buf, size, 0, 1};
    buf[0] = '\0';
    const char *name = il2cpp_method_get_name(mi);
    const Il2CppType *rt = il2cpp_method_get_return_type(mi);
    int ctor = strcmp(name, ".ctor") == 0;
    /* constructors: those of structs, which run on the new userdata's
     * payload ("new" for their result); a class's goes generic */
    if (il2cpp_method_is_generic(mi) || strcmp(name, ".cctor") == 0 || rt == NULL ||
        il2cpp_type_is_byref(rt) ||
        (ctor && !il2cpp_class_is_valuetype(il2cpp_method_get_class(mi))) ||
        !zlua_sig_frame_fits(mi))
        return 0;
    if (ctor)
        zlua_sig_add(&s, "new");
    else
        zlua_sig_type(&s, rt);
    zlua_sig_add(&s, "(");
    if (il2cpp_method_is_instance(mi)) {
        zlua_sig_class(&s, il2cpp_method_get_class(mi));
        zlua_sig_add(&s, ";");
    }
    uint32_t n = il2cpp_method_get_param_count(mi);
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            zlua_sig_add(&s, ",");
        zlua_sig_type(&s, il2cpp_method_get_param(mi, i));
    }
    zlua_sig_add(&s, ")");
    if (!s.ok) {
        buf[0] = '\0';
        return 0;
    }
    return s.n;
}

/* ---- method keys and the registered table ------------------------------------------ */

size_t zlua_bridge_method_key(const MethodInfo *mi, char *buf, size_t size)
{
    if (mi == NULL || buf == NULL || size == 0)
        return 0;
    char *type = il2cpp_type_get_name(il2cpp_class_get_type(il2cpp_method_get_class(mi)));
    int n = snprintf(buf, size, "%s:%08x", type ? type : "?",
                     (unsigned)il2cpp_method_get_token(mi));
    il2cpp_free(type);
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return 0;
    }
    return (size_t)n;
}

size_t zlua_bridge_shape(lua_State *L, const MethodInfo *method, char *buf, size_t size)
{
    zlua__ctx *ctx = L ? zlua__ctx_get(L) : NULL;
    if (buf == NULL || size == 0)
        return 0;
    buf[0] = '\0';
    if (ctx == NULL || method == NULL)
        return 0;
    zlua__class *owner = zlua__meta_bind(ctx, zlua__class_get(ctx, il2cpp_method_get_class(method)));
    const zlua__method *m = owner ? zlua__method_bind(ctx, owner, method) : NULL;
    if (m == NULL)
        return 0;
    zlua__stub_shape(m, buf, size);
    return strlen(buf);
}

const zlua_bridge *zlua_bridge_at_slow(lua_State *L, size_t index)
{
    /* an entry is only ever pushed by a state that bound its method: the
     * inline lookup failing means a foreign state or an unbound entry */
    luaL_error(L, "zlua: stub entry %d called in a state that did not bind it", (int)index);
    return NULL;
}

/* ---- what stubs call ------------------------------------------------------------- */

static const zlua__method *zlua_stub_method(const zlua_bridge *b)
{
    return (const zlua__method *)b->priv;
}

int zlua_bridge_other_count(lua_State *L, const zlua_bridge *b)
{
    const zlua__method *m = zlua_stub_method(b);
    /* no self at all: the generic path's message, `on bad self (... got
     * no value)` */
    if (b->instance && lua_gettop(L) == 0)
        (void)zlua__method_self(L, m);
    int n = lua_gettop(L) - b->instance;
    /* this one method, never its overloads: a full-signature key's stub;
     * n counts Lua values (lua-api.md, "Overloads" 1) */
    if (n >= m->nreq_slots && n < m->nslots && zlua__method_params_for(m, n) >= 0) {
        void *this_ptr = m->bridge.instance ? zlua__method_self(L, m) : NULL;
        return zlua__method_call_n(L, m, 1 + m->bridge.instance, n, this_ptr);
    }
    if (b->instance)   /* `hero.Heal(5)`: the bad self first, as the generic path */
        (void)zlua__method_self(L, m);
    return zlua__method_raise_arity(L, m, n);
}

void zlua_bridge_class_init(lua_State *L, const zlua_bridge *b)
{
    zlua_class_init(L, (zlua__class *)b->cls, b->display);
}

int zlua_bridge_construct(lua_State *L, const zlua_bridge *b)
{
    const zlua__method *m = zlua_stub_method(b);
    int n = lua_gettop(L) - 1;
    return zlua__ctor_construct(L, zlua__method_owner(m), 2, n < 0 ? 0 : n);
}

void *zlua_bridge_new_struct_slow(lua_State *L, const zlua_bridge *b)
{
    return zlua__ud_push_byval(L, (zlua__class *)b->cls, NULL);
}

void zlua_bridge_struct_mt(lua_State *L, const zlua_bridge *b)
{
    zlua__class *cls = (zlua__class *)b->cls;
    lua_pop(L, 1);   /* what the registry entry held instead */
    cls->ctx->push_mt(L, cls, 0);
}

void *zlua_bridge_self(lua_State *L, const zlua_bridge *b)
{
    return zlua__method_self(L, zlua_stub_method(b));
}

const MethodInfo *zlua_bridge_dispatch(const zlua_bridge *b, void **self)
{
    const MethodInfo *mi = il2cpp_object_get_virtual_method((Il2CppObject *)*self, b->method);
    /* an override on a value type takes the unboxed payload */
    if (mi != b->method && il2cpp_class_is_valuetype(il2cpp_method_get_class(mi)))
        *self = il2cpp_object_unbox((Il2CppObject *)*self);
    return mi;
}

int zlua_bridge_pop_error(lua_State *L, const zlua_bridge *b, int i, int idx, int rc)
{
    /* the argument's position, self excluded (a multi-value parameter
     * before it moved idx) */
    return zlua__pop_argerror(L, idx, idx - b->instance, b->display, b->params[i], rc);
}

/* An object result (zlua__method.ret_byobj, decided at bind time) goes
 * straight to the identity cache. */
void zlua_bridge_push_result(lua_State *L, const zlua_bridge *b, const void *src)
{
    const zlua__method *m = zlua_stub_method(b);
    if (ZLUA_LIKELY(m->ret_byobj))
        zlua_method_push_object_last(L, m, src);
    else
        m->bridge.ret->push(L, m->bridge.ret, src);
}

uint64_t zlua_bridge_enter_slow(const zlua_bridge *b)
{
    zlua__scope *scope = (zlua__scope *)b->scope;
    zlua__scope_state saved = zlua_scope_save(scope);
    /* without memory for a watermark the call still runs; the restore is
     * exact either way */
    (void)zlua_scope_open(scope);
    return (uint64_t)saved.size << 32 | saved.depth;
}

void zlua_bridge_leave_slow(const zlua_bridge *b, uint64_t mark)
{
    zlua__scope_state saved = {(uint32_t)(mark >> 32), (uint32_t)mark};
    zlua_scope_restore((zlua__scope *)b->scope, saved);
}

int zlua_bridge_raise(lua_State *L, const zlua_bridge *b, Il2CppException *exc)
{
    return zlua__exc_raise(L, exc, b->display);
}

const char *zlua_bridge_kind(lua_State *L, int idx)
{
    const zlua__method *m = zlua__method_of_function(L, idx);
    if (m == NULL)
        return NULL;
    return m->stub != NULL ? "stub" : "generic";
}
