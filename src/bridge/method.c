/*
 * method.c -- MethodBridge: binding methods once, calling them per call.
 */
#include "bridge/method.h"

#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "core/ptrbox.h"
#include "core/exception.h"
#include "marshal/byref.h"
#include "marshal/rules.h"
#include "marshal/ud.h"
#include "marshal/ud_inline.h"
#include "scope/scope.h"

typedef union zlua__frame {
    long double align_ld;
    void *align_p;
    uint64_t align_u;
    unsigned char bytes[ZLUA_FRAME_BYTES];
} zlua__frame;

static uint32_t zlua_align_up(uint32_t v, uint32_t a)
{
    if (a < 1)
        a = 1;
    if (a > 16)
        a = 16;
    return (v + a - 1) / a * a;
}

/* "Name(System.Int32,MyGame.Point2D&)": the full-signature key (lua-api.md, "Overloads"),
 * from the metas of all `count` parameters (also past ZLUA_MAX_PARAMS:
 * an unusable method is named in its report). */
static const char *zlua_method_make_signature(zlua__ctx *ctx, const MethodInfo *mi,
                                              uint32_t count)
{
    char buf[1024];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s(", il2cpp_method_get_name(mi));
    for (uint32_t i = 0; i < count && n < sizeof buf; i++) {
        const zlua_meta *pm = zlua__meta_get(ctx, il2cpp_method_get_param(mi, i));
        if (pm == NULL)
            return NULL;
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? "," : "", pm->name);
    }
    if (n < sizeof buf)
        snprintf(buf + n, sizeof buf - n, ")");
    return zlua__ctx_strdup(ctx, buf);
}

/* A method the bridge cannot call keeps its binding (it
 * exists: `'T' has no member` would be wrong), says why once in the log,
 * and raises `'T.M' cannot be called from Lua: WHY` when called. */
static int zlua_method_refuse(zlua__ctx *ctx, zlua__method *m, const char *why)
{
    m->unsupported = 1;
    m->why = zlua__ctx_strdup(ctx, why);
    if (m->why == NULL)
        return 0;
    if (zlua__ptrmap_get(&ctx->reported, m->mi) == NULL) {
        if (zlua__ptrmap_put(&ctx->reported, m->mi, m) != ZLUA_OK)
            return 0;
        zlua__log(ctx, "%s.%s cannot be called from Lua: %s", m->owner->full_name,
                 m->signature, why);
    }
    return 1;
}

ZLUA_COLD int zlua__method_raise_unsupported(lua_State *L, const zlua__method *m)
{
    return luaL_error(L, "'%s' cannot be called from Lua: %s", m->display, m->why);
}

static int zlua_meta_is_scalar(const zlua_meta *m)
{
    return zlua_kind_is_scalar(m->kind) && m->size <= 8;
}

/* The shape the lean entries serve (the simple entry for static methods,
 * the instance entry, struct constructors): parameters and result are
 * scalars (primitives, enums), at most ZLUA_SIMPLE_PARAMS of them, so every
 * value fits a 64-bit cell. */
static int zlua_method_has_scalar_params(const zlua__method *m)
{
    if (m->unsupported || m->nparams > ZLUA_SIMPLE_PARAMS)
        return 0;
    for (int i = 0; i < m->nparams; i++)
        if (!zlua_meta_is_scalar(m->params[i]))
            return 0;
    return 1;
}

/* What a stub's args body takes (zlua.h): at most ZLUA_STUB_ARGS_MAX
 * parameters, scalars or structs by value without a rule, one Lua value
 * each. */
_Static_assert(ZLUA_STUB_ARGS_MAX <= ZLUA_SIMPLE_PARAMS,
               "an args body's parameters have their kinds in zlua__method.kinds");
static int zlua_method_takes_args_body(const zlua__method *m)
{
    if (m->unsupported || m->multi || m->nparams > ZLUA_STUB_ARGS_MAX)
        return 0;
    for (int i = 0; i < m->nparams; i++)
        if (!zlua_meta_is_scalar(m->params[i]) && !zlua__meta_is_plain_struct(m->params[i]))
            return 0;
    return 1;
}

/* zlua_bridge.new_size: the userdata a blittable struct's constructor
 * makes, which its stub makes inline (zlua_bridge_new_struct). */
static size_t zlua_method_new_size(const MethodInfo *mi, const zlua__class *owner)
{
    if (!owner->valuetype || !owner->blittable || strcmp(il2cpp_method_get_name(mi), ".ctor") != 0)
        return 0;
    return zlua_ud_inline_size(owner);
}

static int zlua_method_has_scalar_shape(const zlua__method *m)
{
    return zlua_method_has_scalar_params(m) && (m->ret == NULL || zlua_meta_is_scalar(m->ret));
}

/* The byref parameters a ByValUserData's own payload can serve (a bit
 * each), when they and scalars are all the parameters (at most
 * ZLUA_SIMPLE_PARAMS) and the result is a scalar or void: the shape of
 * the simple ref entry (`Demo.Increment(n)`, `Demo.Offset(p, 1, 1)`);
 * 0 for any other shape. */
static uint8_t zlua_method_ref_shape(const zlua__method *m)
{
    if (m->unsupported || m->instance || m->multi || m->nparams > ZLUA_SIMPLE_PARAMS ||
        (m->ret != NULL && !zlua_meta_is_scalar(m->ret)))
        return 0;
    uint8_t refs = 0;
    for (int i = 0; i < m->nparams; i++) {
        const zlua_meta *pm = m->params[i];
        if (pm->kind == ZLUA_K_BYREF && pm->ref_cls != NULL)
            refs |= (uint8_t)(1u << i);
        else if (!zlua_meta_is_scalar(pm))
            return 0;
    }
    return refs;
}

/* Slot counting (lua-api.md, "Overloads" 1), after the defaults. */
static int zlua_method_bind_slots(zlua__ctx *ctx, zlua__method *m, char *why, size_t why_size)
{
    (void)ctx;
    unsigned at = 0;
    m->multi = 0;
    for (int i = 0; i < m->nparams; i++) {
        const zlua_meta *pm = m->params[i];
        int k = zlua_meta_slots(pm);
        m->slot_of[i] = (uint8_t)(at <= ZLUA_MAX_PARAMS ? at : ZLUA_MAX_PARAMS);
        if (k != 1)
            m->multi = 1;
        for (int j = 0; j < k; j++, at++)
            if (at < ZLUA_MAX_PARAMS)
                m->slots[at] = pm->mtype == ZLUA_MARSHAL_UNPACKED_VALUES ? pm->members[j].meta
                                                                         : pm;
    }
    if (at > ZLUA_MAX_PARAMS && why[0] == '\0') {
        snprintf(why, why_size, "its parameters take %u Lua values, more than the bridge's %d",
                 at, ZLUA_MAX_PARAMS);
        return 0;
    }
    m->slot_of[m->nparams] = (uint8_t)at;
    m->nslots = (uint8_t)at;
    m->nreq_slots = m->slot_of[m->nrequired];
    m->ret_slots = (uint8_t)(m->ret ? zlua_meta_slots(m->ret) : 0);
    return 1;
}

int zlua__method_params_for(const zlua__method *m, int n)
{
    if (!m->multi)
        return n;
    for (int i = 0; i <= m->nparams; i++)
        if (m->slot_of[i] == n)
            return i;
    return -1;
}

ZLUA_COLD int zlua__method_raise_arity(lua_State *L, const zlua__method *m, int n)
{
    /* the first multi-value parameter the count leaves short (lua-api.md, "[LuaMarshalAs]") */
    for (int i = 0; m->multi && i < m->nparams; i++)
        if (zlua_meta_slots(m->params[i]) > 1 && n < m->slot_of[i + 1])
            return luaL_error(L, "wrong number of arguments to '%s' (expects %d values for "
                                 "'%s', got %d argument%s)", m->display,
                              zlua_meta_slots(m->params[i]), m->params[i]->slot_name, n,
                              n == 1 ? "" : "s");
    if (m->nreq_slots < m->nslots)   /* trailing defaults */
        return luaL_error(L, "wrong number of arguments to '%s' (%d to %d expected, got %d)",
                          m->display, m->nreq_slots, m->nslots, n);
    return luaL_error(L, "wrong number of arguments to '%s' (%d expected, got %d)", m->display,
                      m->nslots, n);
}

static zlua__method *zlua_method_bind_site(zlua__ctx *ctx, zlua__class *owner,
                                          const MethodInfo *mi, const char *property);

zlua__method *zlua__method_bind(zlua__ctx *ctx, zlua__class *owner, const MethodInfo *mi)
{
    return zlua_method_bind_site(ctx, owner, mi, NULL);
}

zlua__method *zlua__method_bind_accessor(zlua__ctx *ctx, zlua__class *owner, const MethodInfo *mi,
                                       const char *property)
{
    return zlua_method_bind_site(ctx, owner, mi, property);
}

static zlua__method *zlua_method_bind_site(zlua__ctx *ctx, zlua__class *owner,
                                          const MethodInfo *mi, const char *property)
{
    uint32_t count = il2cpp_method_get_param_count(mi);
    if (owner == NULL)
        return NULL;
    zlua__method *m = zlua__ctx_arena_alloc(ctx, sizeof *m);
    if (m == NULL)
        return NULL;
    uint32_t iflags;
    uint32_t flags = il2cpp_method_get_flags(mi, &iflags);
    m->mi = mi;
    m->owner = owner;
    /* an unusable method with more parameters keeps none: nothing reads
     * params[] past nparams, and its calls stop at the refusal */
    m->nparams = (uint8_t)(count <= ZLUA_MAX_PARAMS ? count : 0);
    m->nrequired = m->nparams;
    m->instance = il2cpp_method_is_instance(mi);
    m->is_virtual = (flags & ZLUA_METHOD_ATTRIBUTE_VIRTUAL) != 0 && !owner->valuetype;
    char display[512];
    const char *mname = il2cpp_method_get_name(mi);
    if (strcmp(mname, ".ctor") == 0)   /* messages name a constructor T(...) */
        snprintf(display, sizeof display, "%s(...)", owner->full_name);
    else
        snprintf(display, sizeof display, "%s.%s", owner->full_name, mname);
    m->display = zlua__ctx_strdup(ctx, display);
    char why[256] = "";
    uint32_t off = 0;
    m->signature = zlua_method_make_signature(ctx, mi, count);
    if (m->display == NULL || m->signature == NULL)
        return NULL;
    /* the priority chain (marshal-rules.md) reaches each slot here, once */
    zlua__site site = {ZLUA_RULE_PARAM, il2cpp_method_get_class(mi), mi, 0, NULL,
                      m->signature, NULL, 0};
    /* an accessor's value: a getter's result, a setter's last parameter */
    int getter = il2cpp_type_get_type(il2cpp_method_get_return_type(mi)) != ZLUA_IL2CPP_TYPE_VOID;
    for (uint32_t i = 0; i < m->nparams; i++) {
        site.kind = ZLUA_RULE_PARAM;
        site.index = (int)i;
        site.property = !getter && i + 1 == m->nparams ? property : NULL;
        const zlua_meta *pm = zlua__meta_for_site(ctx, &site, il2cpp_method_get_param(mi, i));
        if (pm == NULL)
            return NULL;
        if (pm->kind == ZLUA_K_UNSUPPORTED && why[0] == '\0')
            snprintf(why, sizeof why, "unsupported parameter type %s (parameter %u)",
                     pm->name, (unsigned)i + 1);
        off = zlua_align_up(off, pm->align);
        m->params[i] = pm;
        m->offsets[i] = (uint16_t)(off <= UINT16_MAX ? off : UINT16_MAX);
        off += pm->size;
    }
    uint32_t params_end = off;
    site.kind = ZLUA_RULE_RETURN;
    site.index = -1;
    site.property = getter ? property : NULL;
    const zlua_meta *rm = zlua__meta_for_site(ctx, &site, il2cpp_method_get_return_type(mi));
    if (rm == NULL)
        return NULL;
    m->ret = rm->kind == ZLUA_K_VOID ? NULL : rm;
    if (m->ret != NULL) {
        if (m->ret->kind == ZLUA_K_UNSUPPORTED && why[0] == '\0')
            snprintf(why, sizeof why, "unsupported return type %s", m->ret->name);
        off = zlua_align_up(off, 16);
        m->ret_offset = (uint16_t)(off <= UINT16_MAX ? off : UINT16_MAX);
        off += m->ret->size;
    }
    if (count > ZLUA_MAX_PARAMS)
        snprintf(why, sizeof why, "%u parameters, more than the bridge's %d",
                 (unsigned)count, ZLUA_MAX_PARAMS);
    else if (off > ZLUA_FRAME_BYTES && why[0] == '\0')
        snprintf(why, sizeof why, "its arguments need %u bytes, more than the bridge's %d",
                 (unsigned)off, ZLUA_FRAME_BYTES);
    if (why[0] != '\0' && !zlua_method_refuse(ctx, m, why))
        return NULL;
    if (!m->unsupported && !zlua__method_bind_defaults(ctx, m, params_end))
        return NULL;
    if (!zlua_method_bind_slots(ctx, m, why, sizeof why) && !zlua_method_refuse(ctx, m, why))
        return NULL;
    m->scalar_shape = (uint8_t)zlua_method_has_scalar_shape(m);
    /* the simple entry: static, scalar parameters, and a result its cells
     * hold (any kind: the writer pushes it, UnpackedValues included) */
    m->simple = !m->instance && zlua_method_has_scalar_params(m) &&
                (m->ret == NULL || m->ret->size <= sizeof(uint64_t) * ZLUA_SIMPLE_RET_WORDS);
    m->simple_refs = zlua_method_ref_shape(m);
    m->scope = &ctx->scope;
    if (m->nparams > 0) {
        m->pops = zlua__ctx_arena_alloc(ctx, m->nparams * sizeof *m->pops);
        m->ref_cls = zlua__ctx_arena_alloc(ctx, m->nparams * sizeof *m->ref_cls);
        if (m->pops == NULL || m->ref_cls == NULL)
            return NULL;   /* out of memory: the binder raises it */
        for (int i = 0; i < m->nparams; i++) {
            m->pops[i] = m->params[i]->pop;
            m->ref_cls[i] = m->params[i]->ref_cls;
        }
    }
    m->bridge = (zlua_bridge){.method = mi, .params = m->params, .ret = m->ret,
                              .pops = m->pops, .ref_cls = (const void *const *)m->ref_cls,
                              .ret_push = m->ret ? m->ret->push : NULL,
                              .display = m->display, .inited = &owner->inited,
                              .nparams = m->nparams, .instance = m->instance,
                              .is_virtual = m->is_virtual,
                              .scope = &ctx->scope.counters, .cls = owner,
                              .cls_mt = &owner->byval_mt,
                              .new_size = zlua_method_new_size(mi, owner), .priv = m};
    /* a generated stub pops and pushes struct, string and reference
     * slots through their metas (rules included); one with a multi-value
     * slot is keyed by its shape too, so only a stub generated for this
     * very shape serves it */
    long stub = m->unsupported ? -1 : zlua__stub_find(ctx, m);
    if (stub >= 0) {   /* the entry finds the bridge through the context */
        zlua__stub_publish(ctx, stub, &m->bridge);
        m->stub = zlua__stub_entry_fn(ctx, stub);
        m->stub_body = zlua__stub_entry_body(ctx, stub);
        if (zlua_method_takes_args_body(m))   /* the table has none for constructors */
            m->stub_args = zlua__stub_entry_args(ctx, stub);
    }
    for (int i = 0; i < m->nparams && i < ZLUA_SIMPLE_PARAMS; i++)
        m->kinds[i] = m->params[i]->kind;
    m->ret_kind = m->ret != NULL ? m->ret->kind : ZLUA_K_VOID;
    /* R-OPQ-5: the call's own scope, where an argument can take an
     * OpaqueValue (a byref, struct or reference parameter, but a rule's
     * slot whose pop resolves none, zlua_meta.no_handle); as in the
     * generated stubs, parameters of scalars only cannot, and the result
     * never counts (pushed after the scope closes, never an OpaqueValue) */
    m->scoped = 0;
    for (int i = 0; i < m->nparams; i++)
        if (!zlua_kind_is_scalar(m->params[i]->kind) && !m->params[i]->no_handle)
            m->scoped = 1;
    m->ret_args = 0;
    int ret_object = !m->unsupported && m->ret != NULL && zlua__meta_pushes_byobj(m->ret);
    m->ret_byobj = ret_object && m->ret_slots == 1;
    if (ret_object)
        for (int i = 0; i < m->nparams; i++)
            if (m->params[i]->pop == zlua__pop_object && m->params[i]->is_ref &&
                m->params[i]->size == sizeof(void *))
                m->ret_args |= (uint16_t)(1u << i);
    return m;
}

/* ---- calling ------------------------------------------------------------------ */

ZLUA_COLD int zlua__method_raise_exception(lua_State *L, const zlua__method *m,
                                          Il2CppException *exc)
{
    return zlua__exc_raise(L, exc, m->display);
}

/* A ref parameter given a ByValUserData of exactly its element type (a
 * struct, a zlua.new_ref): the payload is the ref (marshal/byref.h),
 * stored in slot; 0: anything else, for the pop. */
ZLUA_INLINE int zlua_method_pop_byref_payload(lua_State *L, int idx, const zlua_meta *pm,
                                                  void *slot)
{
    void *payload;
    if (!zlua_byref_payload(L, idx, pm, &payload))
        return 0;
    memcpy(slot, &payload, sizeof payload);
    return 1;
}

/* Argument i (at idx, of the given kind): int32 and float, the commonest
 * parameters, without the indirect call (same rules: meta.h); otherwise
 * (other kinds, exact floats for an int) the meta's pop.  Raises the
 * argument error (R-DEF-1), holding nothing yet, on a bad one. */
ZLUA_INLINE void zlua_method_pop_arg(lua_State *L, const zlua__method *m, int i, int idx,
                                         int kind, void *slot)
{
    if (kind == ZLUA_K_I4 && zlua_pop_i4_fast(L, idx, slot) == ZLUA_POP_OK)
        return;
    if (kind == ZLUA_K_R4 && zlua_pop_r4_value(L, idx, slot) == ZLUA_POP_OK)
        return;
    const zlua_meta *pm = m->params[i];
    int rc = pm->pop(L, idx, pm, slot);
    if (rc != ZLUA_POP_OK)
        zlua__pop_argerror(L, idx, m->slot_of[i] + 1, m->display, pm, rc);
}

/* The result: int32, the commonest, without the indirect call. */
ZLUA_INLINE void zlua_method_push_result(lua_State *L, const zlua_meta *rm, const void *ret)
{
    if (rm->kind == ZLUA_K_I4)
        zlua_push_i4_value(L, ret);
    else
        rm->push(L, rm, ret);
}

/* args[i] for the value in slot: the slot itself, or for a reference
 * (indirect) parameter the pointer it holds. */
ZLUA_INLINE void zlua_method_set_arg(const zlua_meta *pm, void *slot, void **arg)
{
    if (pm->indirect)
        memcpy(arg, slot, sizeof(void *));
    else
        *arg = slot;
}

/* The C# defaults of the parameters from `from` on (the call omitted
 * them; the binder checked that they have one). */
ZLUA_COLD static void zlua_method_fill_defaults(const zlua__method *m, int from,
                                                zlua__frame *frame, void **args)
{
    for (int i = from; i < m->nparams; i++) {
        const zlua_meta *pm = m->params[i];
        void *slot = frame->bytes + m->offsets[i];
        if (m->default_byrefs & (1u << i)) {     /* ref/out/in: default(A) in its temp */
            unsigned char *temp = (unsigned char *)slot + ZLUA_BRIDGE_BYREF_TEMP;
            memset(temp, 0, pm->elem->size);
            memcpy(slot, &temp, sizeof temp);
        } else if (m->default_handles & (1u << i)) {   /* a string: its kept handle */
            uintptr_t h;
            memcpy(&h, m->defaults + m->offsets[i], sizeof h);
            Il2CppObject *obj = zlua_rt_gchandle_target(h);
            memcpy(slot, &obj, sizeof obj);
        } else {
            memcpy(slot, m->defaults + m->offsets[i], pm->size);
        }
        zlua_method_set_arg(pm, slot, &args[i]);
    }
}

/* Pops the n given arguments into the frame, the rest from m's defaults;
 * raises (holding nothing yet) on a bad one. */
ZLUA_INLINE void zlua_method_pop_args_n(lua_State *L, const zlua__method *m, int base,
                                            int n, zlua__frame *frame, void **args)
{
    for (int i = 0; i < n; i++) {
        const zlua_meta *pm = m->params[i];
        void *slot = frame->bytes + m->offsets[i];
        int idx = base + m->slot_of[i];
        /* a ref here only: the lean entries' scalars never are one */
        if (pm->kind != ZLUA_K_BYREF || !zlua_method_pop_byref_payload(L, idx, pm, slot))
            zlua_method_pop_arg(L, m, i, idx, pm->kind, slot);
        zlua_method_set_arg(pm, slot, &args[i]);
    }
}

ZLUA_INLINE void zlua_method_pop_args(lua_State *L, const zlua__method *m, int base,
                                          int n, zlua__frame *frame, void **args)
{
    /* the commonest counts with n a constant: the loop unrolls, and its
     * bookkeeping (about 20 instructions of spills around the pops' calls
     * with a variable n) goes */
    switch (n) {
    case 0:
        break;
    case 1:
        zlua_method_pop_args_n(L, m, base, 1, frame, args);
        break;
    case 2:
        zlua_method_pop_args_n(L, m, base, 2, frame, args);
        break;
    case 3:
        zlua_method_pop_args_n(L, m, base, 3, frame, args);
        break;
    default:
        zlua_method_pop_args_n(L, m, base, n, frame, args);
        break;
    }
    if (n < m->nparams)
        zlua_method_fill_defaults(m, n, frame, args);
}

/* R-OPQ-5: the call runs inside its own scope, closed before anything is
 * raised; the exception, if any, is returned. */
ZLUA_INLINE Il2CppException *zlua_method_invoke_scoped(zlua__scope *scope,
                                                           const MethodInfo *mi,
                                                           void *this_ptr, void **args,
                                                           void *ret)
{
    zlua__scope_state saved = zlua_scope_save(scope);
    /* Without memory for a watermark the call still runs; the restore
     * below is exact either way. */
    (void)zlua_scope_open(scope);
    Il2CppException *exc = zlua_rt_invoke(mi, this_ptr, args, ret);
    zlua_scope_restore(scope, saved);
    return exc;
}

/* The method a call on this_ptr runs: virtual calls dispatch on the real
 * object (an override on a value type takes the unboxed payload). */
ZLUA_INLINE const MethodInfo *zlua_method_target(const zlua__method *m, void **this_ptr)
{
    const MethodInfo *mi = m->mi;
    if (m->is_virtual && *this_ptr != NULL) {
        mi = il2cpp_object_get_virtual_method((Il2CppObject *)*this_ptr, mi);
        if (mi != m->mi && il2cpp_class_is_valuetype(il2cpp_method_get_class(mi)))
            *this_ptr = il2cpp_object_unbox((Il2CppObject *)*this_ptr);
    }
    return mi;
}

/* Dispatches a virtual call on the real object, then invokes. */
ZLUA_INLINE Il2CppException *zlua_method_run(const zlua__method *m, void *this_ptr,
                                                 void **args, void *ret)
{
    const MethodInfo *mi = zlua_method_target(m, &this_ptr);
    if (!m->scoped)   /* nothing in this frame can take an OpaqueValue */
        return zlua_rt_invoke(mi, this_ptr, args, ret);
    return zlua_method_invoke_scoped(m->scope, mi, this_ptr, args, ret);
}

/* After the scope is closed: raise the exception or push the result.
 * last: the result is the C function's last push (it returns right
 * after), so an object found in the identity cache may stay above the
 * cache table instead of replacing it (zlua_method_push_object_last). */
ZLUA_INLINE int zlua_method_finish(lua_State *L, const zlua__method *m,
                                       Il2CppException *exc, const void *ret, int last)
{
    if (exc != NULL)
        return zlua__method_raise_exception(L, m, exc);
    if (m->ret_kind == ZLUA_K_I4) {   /* the commonest results, from the hot line */
        zlua_push_i4_value(L, ret);
        return 1;
    }
    if (m->ret_kind == ZLUA_K_R4) {   /* lengths, dots: no indirect call */
        zlua_push_r4_value(L, ret);
        return 1;
    }
    if (m->ret == NULL)
        return 0;
    if (last && m->ret_byobj) {   /* the one result, an object: the cache stays below it */
        zlua_method_push_object_last(L, m, ret);
        return 1;
    }
    zlua_method_push_result(L, m->ret, ret);
    return m->ret_slots;   /* UnpackedValues: several (lua-api.md, "[LuaMarshalAs]") */
}

/* R-SHAPE-2 without the cache lookup: a result that is the object an
 * argument passed (`Demo.Same(p)`), viewed as the result's type, is that
 * argument's userdata, which the identity cache would return (or, were
 * the cache tampered with, an equally genuine one).  The Lua value is
 * read again, not remembered from the pop: the call may have run Lua code
 * (debug.setlocal can rewrite this frame's slots), so only a live ByObj
 * userdata of this very object and view found there now is pushed.
 * 1 when pushed; 0: the writer pushes as usual. */
ZLUA_INLINE int zlua_method_push_arg_result(lua_State *L, const zlua__method *m, int base,
                                                int n, const zlua__frame *frame, const void *ret)
{
    Il2CppObject *obj;
    memcpy(&obj, ret, sizeof obj);
    if (obj == NULL)
        return 0;
    unsigned bits = m->ret_args;
    for (int i = 0; i < n && (bits >> i) != 0; i++) {
        Il2CppObject *arg;
        memcpy(&arg, frame->bytes + m->offsets[i], sizeof arg);
        if (((bits >> i) & 1u) == 0 || arg != obj)
            continue;
        int idx = base + m->slot_of[i];
        const zlua__ud *u = lua_touserdata(L, idx);
        if (u != NULL && lua_rawlen(L, idx) >= sizeof *u && u->magic == ZLUA_UD_BYOBJ &&
            u->obj == obj && u->cls == m->ret->cls) {
            lua_pushvalue(L, idx);
            return 1;
        }
    }
    return 0;
}

void zlua__method_invoke(lua_State *L, const zlua__method *m, int base, int n, void *this_ptr,
                        void *ret)
{
    if (m->unsupported)
        zlua__method_raise_unsupported(L, m);
    zlua__frame frame;
    void *args[ZLUA_MAX_PARAMS];
    int np = zlua__method_params_for(m, n);
    if (np < 0)
        zlua__method_raise_arity(L, m, n);
    zlua_method_pop_args(L, m, base, np, &frame, args);
    Il2CppException *exc = zlua_method_run(m, this_ptr, args,
                                           ret ? ret : frame.bytes + m->ret_offset);
    if (exc != NULL)
        zlua__method_raise_exception(L, m, exc);
}

ZLUA_INLINE int zlua_method_call_inline(lua_State *L, const zlua__method *m, int base,
                                            int n, void *this_ptr, int last)
{
#if defined(__GNUC__)
    if (ZLUA_UNLIKELY(m->unsupported))
#else
    if (m->unsupported)
#endif
        return zlua__method_raise_unsupported(L, m);
    if (!m->instance)
        zlua_class_init(L, m->owner, m->display);   /* R-RT-2 */
    zlua__frame frame;
    void *args[ZLUA_MAX_PARAMS];
    if (m->multi) {   /* n counts Lua values (lua-api.md, "Overloads" 1) */
        int np = zlua__method_params_for(m, n);
        if (np < 0)
            return zlua__method_raise_arity(L, m, n);
        n = np;
    }
    zlua_method_pop_args(L, m, base, n, &frame, args);
    void *ret = frame.bytes + m->ret_offset;
    Il2CppException *exc = zlua_method_run(m, this_ptr, args, ret);
    if (exc == NULL && m->ret_args != 0 && zlua_method_push_arg_result(L, m, base, n, &frame, ret))
        return 1;
    return zlua_method_finish(L, m, exc, ret, last);
}

int zlua__method_call(lua_State *L, const zlua__method *m, int base, void *this_ptr)
{
    return zlua_method_call_inline(L, m, base, m->nslots, this_ptr, 0);
}

int zlua__method_call_n(lua_State *L, const zlua__method *m, int base, int n, void *this_ptr)
{
    return zlua_method_call_inline(L, m, base, n, this_ptr, 1);
}

/* ---- the Lua entry point ------------------------------------------------------------ */

void *zlua__method_self(lua_State *L, const zlua__method *m)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    zlua__class *owner = m->owner;
    if (u != NULL && u->magic == ZLUA_UD_BYVAL) {
        if (u->cls == owner)
            return zlua_ud_payload(u);
        if (!owner->valuetype && il2cpp_class_is_assignable_from(owner->klass, u->cls->klass)) {
            Il2CppObject *boxed;   /* a base method's `this`: a boxed copy */
            Il2CppException *exc = zlua_rt_value_box(u->cls->klass, zlua_ud_payload(u), &boxed);
            if (exc != NULL)
                zlua__exc_raise(L, exc, m->display);
            return boxed;
        }
    } else if (u != NULL && u->magic == ZLUA_UD_BYOBJ) {
        /* the view is the method's class: the object is one (a ByObj
         * userdata's object is always of its view, R-VIEW-1) */
        if (u->cls == owner && !owner->valuetype)
            return u->obj;
        Il2CppClass *k = il2cpp_object_get_class(u->obj);
        if (il2cpp_class_is_assignable_from(owner->klass, k))
            return owner->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
    } else if (u != NULL && u->magic == ZLUA_UD_DEAD) {
        luaL_error(L, "struct userdata has been finalized");
    } else if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ) {
        luaL_error(L, "object userdata has been finalized");
    }
    luaL_error(L, "calling '%s' on bad self (%s expected, got %s)", m->display,
               owner->full_name, zlua__typename(L, 1));
    return NULL;
}

/* The call of m, chosen for the n arguments from base: its stub when the
 * stack holds exactly its arguments, else the generic call (omitted
 * arguments take their defaults). */
ZLUA_INLINE int zlua_method_entry_run(lua_State *L, const zlua__method *m, int base, int n)
{
    if (m->stub != NULL && n == m->nslots) {   /* the stack holds exactly its arguments */
        if (m->stub_body != NULL)
            return m->stub_body(L, &m->bridge);   /* its bridge is at hand */
        return m->stub(L);
    }
    void *this_ptr = m->instance ? zlua__method_self(L, m) : NULL;
    return zlua_method_call_inline(L, m, base, n, this_ptr, 1);   /* omitted: defaults */
}

/* The first Lua argument and the argument count (self excluded). */
ZLUA_INLINE int zlua_method_entry_args(const zlua__method *head, int *n)
{
    int base = head->instance ? 2 : 1;
    *n -= base - 1;
    if (*n < 0)
        *n = 0;
    return base;
}

/* An instance method called with nothing at all: the bad-self error, as
 * the generated stubs give it (R-META-3: both paths answer alike),
 * before the argument count is looked at. */
ZLUA_INLINE void zlua_method_check_any_self(lua_State *L, const zlua__method *head, int n)
{
    if (head->instance && n == 0)
        (void)zlua__method_self(L, head);   /* raises: `got no value` */
}

ZLUA_INLINE int zlua_method_entry_select(lua_State *L, const zlua__method *head, int n)
{
    zlua_method_check_any_self(L, head, n);
    int base = zlua_method_entry_args(head, &n);
    /* `Demo.Pick(1)` again: the memo's answer inline (no call into
     * select); anything else, select (which tries the same again: a
     * non-integer right after an integer call asks lua_isinteger twice,
     * once, as the memo then holds its key) */
    lua_Integer v;
    const zlua__method *m = n == 1 ? zlua_method_select_int_arg(L, head, base, &v) : NULL;
    if (m == NULL)
        m = zlua__method_select(L, head, base, n);
    return zlua_method_entry_run(L, m, base, n);
}

/* The overloaded entry's calls but the memo's stub answer (below). */
ZLUA_COLD static int zlua_method_entry_overloaded_rest(lua_State *L, const zlua__method *head,
                                                       const zlua__method *m, int base, int n)
{
    if (m == NULL)
        m = zlua__method_select(L, head, base, n);
    return zlua_method_entry_run(L, m, base, n);
}

/* A generic closure's method.  Upvalue 1 is the method's index in the
 * context's closure table (zlua__method_push_generic_closure): a script
 * may have replaced it with the debug library, so anything but an index
 * the table holds is refused, and another method's index runs that
 * method by its own rules (the entries check what they rely on). */
ZLUA_INLINE const zlua__method *zlua_method_upvalue(lua_State *L)
{
    const zlua__ctx *ctx = zlua_ctx_of(L);
    const zlua__method *m = NULL;
    if (ctx != NULL)
        m = zlua_ctx_closure(ctx, lua_tointegerx(L, lua_upvalueindex(1), NULL));
    if (m == NULL)
        zlua__box_tampered(L, "method");
    return m;
}

ZLUA_INLINE int zlua_method_entry_general_inline(lua_State *L, const zlua__method *m)
{
    int n = lua_gettop(L);
    if (m->next != NULL || n != m->nslots + m->instance)
        return zlua_method_entry_select(L, m, n);
    void *this_ptr = m->instance ? zlua__method_self(L, m) : NULL;
    return zlua_method_call_inline(L, m, 1 + m->instance, m->nslots, this_ptr, 1);
}

/* The general entry's body, for the lean entries' unusual calls. */
static int zlua_method_entry_general(lua_State *L, const zlua__method *m)
{
    return zlua_method_entry_general_inline(L, m);
}

/* upvalue 1: the boxed head of the overload chain.  A name with one
 * candidate and the right argument count goes straight to the call (the
 * body inline: no second call and prologue per call). */
static int zlua_method_entry(lua_State *L)
{
    return zlua_method_entry_general_inline(L, zlua_method_upvalue(L));
}

/* The same for a name with several candidates: straight to dispatch. */
ZLUA_INLINE int zlua_method_run_overloaded(lua_State *L, const zlua__method *head)
{
    int n = lua_gettop(L);
    zlua_method_check_any_self(L, head, n);
    int base = zlua_method_entry_args(head, &n);
    /* `Demo.Pick(1)` again, a stub chosen: the memo's answer and the
     * stub's body from this small frame (a tail call); everything else
     * out of line (select tries the memo again only when it had no
     * answer here) */
    lua_Integer v = 0;
    const zlua__method *m = n == 1 ? zlua_method_select_int_arg(L, head, base, &v) : NULL;
    int nret;   /* the integer read once, for a static stub's args body */
    if (m != NULL && !m->instance && zlua_method_args_i4(L, m, NULL, v, &nret))
        return nret;
    if (m != NULL && m->stub != NULL && m->stub_body != NULL && n == m->nslots)
        return m->stub_body(L, &m->bridge);
    return zlua_method_entry_overloaded_rest(L, head, m, base, n);
}

static int zlua_method_entry_overloaded(lua_State *L)
{
    return zlua_method_run_overloaded(L, zlua_method_upvalue(L));
}

/* Pops the n scalar arguments starting at Lua index base into 64-bit
 * cells and points args at them (n is a constant at each call site: the
 * pops unroll).  Raises the argument error, holding nothing yet. */
ZLUA_INLINE void zlua_method_pop_cells(lua_State *L, const zlua__method *m, int n, int base,
                                           uint64_t *cells, void **args)
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++) {
        args[i] = &cells[i];
        zlua_method_pop_arg(L, m, i, base + i, m->kinds[i], &cells[i]);
    }
}

/* The simple entry's body for exactly n parameters: n is a constant at
 * each call site below, so the pops unroll.  An int32 argument costs two
 * Lua API calls and a range check; every other scalar, one indirect
 * writer call.  Simple methods are static: no virtual dispatch. */
ZLUA_INLINE int zlua_method_simple_call(lua_State *L, const zlua__method *m, int n)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS];
    _Alignas(16) uint64_t ret[ZLUA_SIMPLE_RET_WORDS];   /* any result: 16-aligned */
    void *args[ZLUA_SIMPLE_PARAMS];
    ret[0] = 0;
    zlua_class_init(L, m->owner, m->display);   /* R-RT-2: simple methods are static */
    zlua_method_pop_cells(L, m, n, 1, cells, args);
    /* scalar parameters: no OpaqueValue can be taken in this frame (a
     * nested IC call scopes itself), so the call needs no scope of its
     * own (R-OPQ-5 holds trivially: nothing to restore, nothing to expire) */
    Il2CppException *exc = zlua_rt_invoke(m->mi, NULL, args, ret);
    return zlua_method_finish(L, m, exc, ret, 1);
}

/* The entry for simple methods: every value fits a 64-bit cell, so there
 * is no frame layout, no `this` and no virtual dispatch to consider.
 * Anything unusual (arity, overloads) goes to the general entry. */
ZLUA_INLINE int zlua_method_run_simple(lua_State *L, const zlua__method *m)
{
    /* m->simple: an upvalue may hold another genuine method (moved there
     * with the debug library), which this entry must not run. */
    if (lua_gettop(L) != m->nparams || !m->simple)
        return zlua_method_entry_general(L, m);
    switch (m->nparams) {
    case 0:
        return zlua_method_simple_call(L, m, 0);
    case 1:
        return zlua_method_simple_call(L, m, 1);
    case 2:
        return zlua_method_simple_call(L, m, 2);
    case 3:
        return zlua_method_simple_call(L, m, 3);
    default:
        return zlua_method_simple_call(L, m, ZLUA_SIMPLE_PARAMS);
    }
}

static int zlua_method_entry_simple(lua_State *L)
{
    return zlua_method_run_simple(L, zlua_method_upvalue(L));
}

/* The simple ref entry's body for exactly n parameters: as the simple
 * one's, but a byref parameter takes a ByValUserData of its element type
 * (its payload is the ref, no copy: lua-api.md, "ref, in and out").  Anything else for a byref
 * (a handle, a value for a temp slot, nil) goes to the general entry,
 * which pops again from the start (nothing is held yet).  With every ref
 * a userdata's own payload no OpaqueValue is taken in this frame, so, as
 * for scalars, the call needs no scope of its own. */
ZLUA_INLINE int zlua_method_simple_ref_call(lua_State *L, const zlua__method *m, int n)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_class_init(L, m->owner, m->display);   /* R-RT-2: static */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++) {
        if ((m->simple_refs >> i) & 1u) {
            if (!zlua_method_pop_byref_payload(L, 1 + i, m->params[i], &args[i]))
                return zlua_method_entry_general(L, m);
        } else {
            args[i] = &cells[i];
            zlua_method_pop_arg(L, m, i, 1 + i, m->kinds[i], &cells[i]);
        }
    }
    Il2CppException *exc = zlua_rt_invoke(m->mi, NULL, args, &ret);
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* The entry for static methods of scalars and payload refs (upvalue 1:
 * the method's index, zlua_method_upvalue). */
ZLUA_INLINE int zlua_method_run_simple_ref(lua_State *L, const zlua__method *m)
{
    if (lua_gettop(L) != m->nparams || m->simple_refs == 0 || m->next != NULL)
        return zlua_method_entry_general(L, m);
    switch (m->nparams) {
    case 1:
        return zlua_method_simple_ref_call(L, m, 1);
    case 2:
        return zlua_method_simple_ref_call(L, m, 2);
    case 3:
        return zlua_method_simple_ref_call(L, m, 3);
    default:
        return zlua_method_simple_ref_call(L, m, ZLUA_SIMPLE_PARAMS);
    }
}

static int zlua_method_entry_simple_ref(lua_State *L)
{
    return zlua_method_run_simple_ref(L, zlua_method_upvalue(L));
}

void zlua__method_push_closure(lua_State *L, zlua__method *head)
{
    /* a stub given fewer arguments than its parameters hands a call its
     * method lets omit to the generic path (zlua_bridge_other_count) */
    if (head->next == NULL && head->stub != NULL)
        lua_pushcfunction(L, head->stub);   /* no upvalue: nothing to swap */
    else
        zlua__method_push_generic_closure(L, head);
}

static int zlua_method_entry_instance(lua_State *L);   /* below, with its lean body */

static const lua_CFunction zlua_method_entries[] = {
    [ZLUA_ENTRY_GENERAL] = zlua_method_entry,
    [ZLUA_ENTRY_OVERLOADED] = zlua_method_entry_overloaded,
    [ZLUA_ENTRY_INSTANCE] = zlua_method_entry_instance,
    [ZLUA_ENTRY_SIMPLE] = zlua_method_entry_simple,
    [ZLUA_ENTRY_SIMPLE_REF] = zlua_method_entry_simple_ref,
};

/* The entry kind serving head (the simple entries for the shapes they
 * take, the general one otherwise), and head's closure table index. */
static void zlua_method_prepare_closure(lua_State *L, zlua__method *head)
{
    if (head->closure != 0)
        return;
    head->entry = ZLUA_ENTRY_GENERAL;
    if (head->next != NULL)
        head->entry = ZLUA_ENTRY_OVERLOADED;
    else if (head->instance && head->scalar_shape && !head->is_ctor)
        head->entry = ZLUA_ENTRY_INSTANCE;
    else if (head->simple)
        head->entry = ZLUA_ENTRY_SIMPLE;
    else if (head->simple_refs != 0)
        head->entry = ZLUA_ENTRY_SIMPLE_REF;
    head->closure = zlua__ctx_closure_add(zlua__ctx_check(L), head);
    if (head->closure == 0)
        luaL_error(L, "not enough memory");
}

void zlua__method_push_upvalue_closure(lua_State *L, zlua__method *head)
{
    zlua_method_prepare_closure(L, head);
    lua_pushinteger(L, (lua_Integer)head->closure);
    lua_pushcclosure(L, zlua_method_entries[head->entry], 1);
}

void zlua__method_push_generic_closure(lua_State *L, zlua__method *head)
{
    zlua_method_prepare_closure(L, head);
    if (head->closure < ZLUA_TRAMPOLINES)
        lua_pushcfunction(L, zlua__trampolines[head->closure]);   /* no upvalue */
    else
        zlua__method_push_upvalue_closure(L, head);
}

const zlua__method *zlua__method_of_function(lua_State *L, int idx)
{
    lua_CFunction f = lua_tocfunction(L, idx);
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (f == NULL || ctx == NULL)
        return NULL;
    /* a linear walk: for library queries (zlua.generic, zlua_bridge_kind),
     * never on a call path */
    for (uint32_t i = 1; i < ZLUA_TRAMPOLINES; i++)
        if (f == zlua__trampolines[i])
            return zlua_ctx_closure(ctx, i);
    int generic = 0;
    for (size_t i = 0; i < sizeof zlua_method_entries / sizeof zlua_method_entries[0]; i++)
        generic |= f == zlua_method_entries[i];
    if (!generic) {
        const zlua_bridge *b = zlua__stub_of_entry(ctx, f);
        return b != NULL ? b->priv : NULL;
    }
    if (lua_getupvalue(L, idx, 1) == NULL)
        return NULL;
    const zlua__method *m = zlua_ctx_closure(ctx, lua_tointegerx(L, -1, NULL));
    lua_pop(L, 1);
    return m;
}

/* ---- instance methods ----------------------------------------------------
 *
 * `p:Length()`, `player:Move(1, 2)`: the instance __index found the
 * closure through the field index (types/instance.c) without checking
 * self, so self is checked here, once, and the call goes on in 64-bit
 * cells like the simple entry's. */

/* `this` from self at 1: a userdata of m's own class is the common case,
 * recognised by its length, magic and class (never dereferenced before
 * its length says it is one of ours); everything else (a derived class, a
 * boxed copy for a base method, finalized or foreign values and their
 * messages) is zlua_method_this's. */
ZLUA_INLINE void *zlua_method_lean_this(lua_State *L, const zlua__method *m)
{
    zlua__ud *u = lua_touserdata(L, 1);
    if (u != NULL && lua_rawlen(L, 1) >= sizeof *u && u->cls == m->owner) {
        if (u->magic == ZLUA_UD_BYVAL)
            return zlua_ud_payload(u);
        /* a ByObj userdata's object is of its view or derived from it */
        if (u->magic == ZLUA_UD_BYOBJ)
            return m->owner->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
    }
    return zlua__method_self(L, m);
}

/* The instance body for exactly n parameters (a constant at each call
 * site: the pops unroll).  Arguments start at 2, after self. */
ZLUA_INLINE int zlua_method_lean_call(lua_State *L, const zlua__method *m, int n,
                                          void *this_ptr)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_method_pop_cells(L, m, n, 2, cells, args);
    Il2CppException *exc = zlua_method_run(m, this_ptr, args, &ret);
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* upvalue 1: the boxed method.  The upvalue may hold another genuine
 * method (moved there with the debug library: a static one, overloads, a
 * constructor), which goes to the general entry, as does another argument
 * count. */
ZLUA_INLINE int zlua_method_run_instance(lua_State *L, const zlua__method *m)
{
    if (!m->scalar_shape || !m->instance || m->next != NULL || m->is_ctor ||
        lua_gettop(L) != m->nparams + 1)
        return zlua_method_entry_general(L, m);
    void *this_ptr = zlua_method_lean_this(L, m);
    switch (m->nparams) {
    case 0:
        return zlua_method_lean_call(L, m, 0, this_ptr);
    case 1:
        return zlua_method_lean_call(L, m, 1, this_ptr);
    case 2:
        return zlua_method_lean_call(L, m, 2, this_ptr);
    case 3:
        return zlua_method_lean_call(L, m, 3, this_ptr);
    default:
        return zlua_method_lean_call(L, m, ZLUA_SIMPLE_PARAMS, this_ptr);
    }
}

static int zlua_method_entry_instance(lua_State *L)
{
    return zlua_method_run_instance(L, zlua_method_upvalue(L));
}

/* ---- the generic entries' trampolines ----------------------------------------------------
 *
 * Every generic closure needs to know its method.  A C closure keeps it in
 * an upvalue (the method's index in the context's closure table), which
 * costs a checked read on every call and which a script can replace with
 * the debug library.  The first ZLUA_TRAMPOLINES indexes get a light C
 * function of their own instead (bridge/trampoline.c): it passes its
 * index, fixed at compile time, here; there is nothing to read and
 * nothing to swap.  The entry kind was fixed when the index was handed
 * out, for this very method. */
int zlua__method_entry_at(lua_State *L, uint32_t index)
{
    const zlua__ctx *ctx = zlua_ctx_of(L);
    const zlua__method *m = ctx != NULL ? zlua_ctx_closure(ctx, index) : NULL;
    if (m == NULL)   /* a state that never handed out this index */
        return zlua__box_tampered(L, "method");
    switch (m->entry) {
    case ZLUA_ENTRY_OVERLOADED:
        return zlua_method_run_overloaded(L, m);
    case ZLUA_ENTRY_INSTANCE:
        return zlua_method_run_instance(L, m);
    case ZLUA_ENTRY_SIMPLE:
        return zlua_method_run_simple(L, m);
    case ZLUA_ENTRY_SIMPLE_REF:
        return zlua_method_run_simple_ref(L, m);
    default:
        return zlua_method_entry_general_inline(L, m);
    }
}

int zlua__method_call_getter(lua_State *L, const zlua__method *m, void *this_ptr)
{
    if (m->stub_args != NULL)   /* as its stub calls it: no invoker, nothing to pop */
        return m->stub_args(L, &m->bridge, this_ptr, NULL);
    uint64_t ret = 0;
    void *args[1] = {NULL};
    const MethodInfo *mi = zlua_method_target(m, &this_ptr);
    /* no argument and a scalar result: nothing in this frame can take or
     * issue an OpaqueValue, so, as for simple methods, no scope of its own
     * (R-OPQ-5 holds trivially; docs/architecture.md) */
    Il2CppException *exc = zlua_rt_invoke(mi, this_ptr, args, &ret);
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* ---- struct constructors -------------------------------------------------
 *
 * `Point2D(1, 2)`: the arguments go into cells before the userdata is
 * made, the constructor runs on its payload inside the call's scope. */

ZLUA_INLINE int zlua_method_ctor_call(lua_State *L, const zlua__method *m, int base, int n)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_method_pop_cells(L, m, n, base, cells, args);
    void *payload = zlua_ud_push_byval_inline(L, m->owner, NULL);
    /* a constructor is not virtual: no dispatch */
    Il2CppException *exc = zlua_method_invoke_scoped(m->scope, m->mi, payload, args, &ret);
    if (exc != NULL)
        return zlua__method_raise_exception(L, m, exc);
    return 1;
}

int zlua__method_new_struct(lua_State *L, const zlua__method *m, int base)
{
    switch (m->nparams) {
    case 0:
        return zlua_method_ctor_call(L, m, base, 0);
    case 1:
        return zlua_method_ctor_call(L, m, base, 1);
    case 2:
        return zlua_method_ctor_call(L, m, base, 2);
    case 3:
        return zlua_method_ctor_call(L, m, base, 3);
    default:
        return zlua_method_ctor_call(L, m, base, ZLUA_SIMPLE_PARAMS);
    }
}
