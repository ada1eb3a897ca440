/*
 * method_bind.c -- MethodBridge: binding a method once (R-META-1): its
 * metas and frame layout, its slots, the shapes the lean entries and the
 * stubs serve, and its stub.
 */
#include "bridge/method.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "marshal/rules.h"
#include "marshal/ud_inline.h"

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
    if (zlua__ptrmap_get(&ctx->reported, m->bridge.method) == NULL) {
        if (zlua__ptrmap_put(&ctx->reported, m->bridge.method, m) != ZLUA_OK)
            return 0;
        zlua__log(ctx, "%s.%s cannot be called from Lua: %s", zlua__method_owner(m)->full_name,
                 m->signature, why);
    }
    return 1;
}

ZLUA_COLD int zlua__method_raise_unsupported(lua_State *L, const zlua__method *m)
{
    return luaL_error(L, "'%s' cannot be called from Lua: %s", m->bridge.display, m->why);
}

static int zlua_meta_is_scalar(const zlua_meta *m)
{
    return zlua_kind_is_scalar(m->kind) && m->size <= 8;
}

/* A supported method of at most max parameters, each one `ok` accepts:
 * the test behind every lean shape below. */
static int zlua_method_params_all(const zlua__method *m, int max, int (*ok)(const zlua_meta *))
{
    if (m->unsupported || m->bridge.nparams > max)
        return 0;
    for (int i = 0; i < m->bridge.nparams; i++)
        if (!ok(m->params[i]))
            return 0;
    return 1;
}

/* The shape the lean entries serve (the simple entry for static methods,
 * the instance entry, struct constructors): parameters and result are
 * scalars (primitives, enums), at most ZLUA_SIMPLE_PARAMS of them, so every
 * value fits a 64-bit cell. */
static int zlua_method_has_scalar_params(const zlua__method *m)
{
    return zlua_method_params_all(m, ZLUA_SIMPLE_PARAMS, zlua_meta_is_scalar);
}

/* A parameter the simple entry pops into a 64-bit cell and passes by the
 * cell's address: a scalar, or any other value of at most 8 bytes passed
 * by address (a small struct, a Nullable, a rule's struct slot, an
 * UnpackedValues one taking several Lua values), which its meta's pop
 * reads, a handle included.  Not a byref (its temp follows the pointer)
 * nor a reference (indirect: the cell would hold the object, not its
 * address). */
static int zlua_meta_fits_cell(const zlua_meta *pm)
{
    return zlua_meta_is_scalar(pm) ||
           (pm->kind != ZLUA_K_BYREF && !pm->indirect && pm->size <= sizeof(uint64_t) &&
            pm->align <= sizeof(uint64_t));
}

/* The parameters of the simple entry: at most ZLUA_SIMPLE_PARAMS, each
 * fitting a cell. */
static int zlua_method_has_cell_params(const zlua__method *m)
{
    return zlua_method_params_all(m, ZLUA_SIMPLE_PARAMS, zlua_meta_fits_cell);
}

/* What a stub's args body takes (zlua.h): at most ZLUA_STUB_ARGS_MAX
 * parameters, scalars or structs by value without a rule, one Lua value
 * each. */
_Static_assert(ZLUA_STUB_ARGS_MAX <= ZLUA_SIMPLE_PARAMS,
               "an args body's parameters have their kinds in zlua__method.kinds");
static int zlua_meta_takes_args_slot(const zlua_meta *pm)
{
    return zlua_meta_is_scalar(pm) || zlua__meta_is_plain_struct(pm);
}

static int zlua_method_takes_args_body(const zlua__method *m)
{
    return !m->multi &&
           zlua_method_params_all(m, ZLUA_STUB_ARGS_MAX, zlua_meta_takes_args_slot);
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
    return zlua_method_has_scalar_params(m) &&
           (m->bridge.ret == NULL || zlua_meta_is_scalar(m->bridge.ret));
}

/* The byref parameters a ByValUserData's own payload can serve (a bit
 * each), when they and scalars are all the parameters (at most
 * ZLUA_SIMPLE_PARAMS) and the result is a scalar or void: the shape of
 * the simple ref entry (`Demo.Increment(n)`, `Demo.Offset(p, 1, 1)`);
 * 0 for any other shape. */
static uint8_t zlua_method_ref_shape(const zlua__method *m)
{
    if (m->unsupported || m->bridge.instance || m->multi ||
        m->bridge.nparams > ZLUA_SIMPLE_PARAMS ||
        (m->bridge.ret != NULL && !zlua_meta_is_scalar(m->bridge.ret)))
        return 0;
    uint8_t refs = 0;
    for (int i = 0; i < m->bridge.nparams; i++) {
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
    for (int i = 0; i < m->bridge.nparams; i++) {
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
    m->slot_of[m->bridge.nparams] = (uint8_t)at;
    m->nslots = (uint8_t)at;
    m->nreq_slots = m->slot_of[m->nrequired];
    m->ret_slots = (uint8_t)(m->bridge.ret ? zlua_meta_slots(m->bridge.ret) : 0);
    return 1;
}

ZLUA_COLD int zlua__method_raise_arity(lua_State *L, const zlua__method *m, int n)
{
    /* the first multi-value parameter the count leaves short (lua-api.md, "[LuaMarshalAs]") */
    for (int i = 0; m->multi && i < m->bridge.nparams; i++)
        if (zlua_meta_slots(m->params[i]) > 1 && n < m->slot_of[i + 1])
            return luaL_error(L, "wrong number of arguments to '%s' (expects %d values for "
                                 "'%s', got %d argument%s)", m->bridge.display,
                              zlua_meta_slots(m->params[i]), m->params[i]->slot_name, n,
                              n == 1 ? "" : "s");
    if (m->nreq_slots < m->nslots)   /* trailing defaults */
        return luaL_error(L, "wrong number of arguments to '%s' (%d to %d expected, got %d)",
                          m->bridge.display, m->nreq_slots, m->nslots, n);
    return luaL_error(L, "wrong number of arguments to '%s' (%d expected, got %d)",
                      m->bridge.display, m->nslots, n);
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

/* zlua__method_scope reads the scope stack back from its counters */
_Static_assert(offsetof(zlua__scope, counters) == 0, "the counters begin the scope stack");

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
    /* the bridge is the one copy of what both the stub and the generic
     * paths read (zlua_stub.h); what binding finds out fills it below */
    m->bridge = (zlua_bridge){.method = mi, .params = m->params, .inited = &owner->inited,
                              .scope = &ctx->scope.counters, .cls = owner,
                              .cls_mt = &owner->byval_mt,
                              .new_size = zlua_method_new_size(mi, owner), .priv = m};
    /* an unusable method with more parameters keeps none: nothing reads
     * params[] past nparams, and its calls stop at the refusal */
    m->bridge.nparams = (int)(count <= ZLUA_MAX_PARAMS ? count : 0);
    m->nrequired = m->bridge.nparams;
    m->bridge.instance = il2cpp_method_is_instance(mi);
    m->bridge.is_virtual = (flags & ZLUA_METHOD_ATTRIBUTE_VIRTUAL) != 0 && !owner->valuetype;
    char display[512];
    const char *mname = il2cpp_method_get_name(mi);
    if (strcmp(mname, ".ctor") == 0)   /* messages name a constructor T(...) */
        snprintf(display, sizeof display, "%s(...)", owner->full_name);
    else
        snprintf(display, sizeof display, "%s.%s", owner->full_name, mname);
    m->bridge.display = zlua__ctx_strdup(ctx, display);
    char why[256] = "";
    uint32_t off = 0;
    m->signature = zlua_method_make_signature(ctx, mi, count);
    if (m->bridge.display == NULL || m->signature == NULL)
        return NULL;
    /* the priority chain (marshal-rules.md) reaches each slot here, once */
    zlua__site site = {ZLUA_RULE_PARAM, il2cpp_method_get_class(mi), mi, 0, NULL,
                      m->signature, NULL, 0};
    /* an accessor's value: a getter's result, a setter's last parameter */
    int getter = il2cpp_type_get_type(il2cpp_method_get_return_type(mi)) != ZLUA_IL2CPP_TYPE_VOID;
    for (uint32_t i = 0; i < (uint32_t)m->bridge.nparams; i++) {
        site.kind = ZLUA_RULE_PARAM;
        site.index = (int)i;
        site.property = !getter && i + 1 == (uint32_t)m->bridge.nparams ? property : NULL;
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
    m->bridge.ret = rm->kind == ZLUA_K_VOID ? NULL : rm;
    m->bridge.ret_push = m->bridge.ret ? m->bridge.ret->push : NULL;
    if (m->bridge.ret != NULL) {
        if (m->bridge.ret->kind == ZLUA_K_UNSUPPORTED && why[0] == '\0')
            snprintf(why, sizeof why, "unsupported return type %s", m->bridge.ret->name);
        off = zlua_align_up(off, 16);
        m->ret_offset = (uint16_t)(off <= UINT16_MAX ? off : UINT16_MAX);
        off += m->bridge.ret->size;
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
    /* the simple entry: static, parameters that fit a cell, and a result
     * its cells hold (any kind: the writer pushes it, UnpackedValues
     * included) */
    m->simple = !m->bridge.instance && zlua_method_has_cell_params(m) &&
                (m->bridge.ret == NULL ||
                 m->bridge.ret->size <= sizeof(uint64_t) * ZLUA_SIMPLE_RET_WORDS);
    m->simple_refs = zlua_method_ref_shape(m);
    if (m->bridge.nparams > 0) {   /* params[i]->pop and ->ref_cls, nparams each */
        size_t np = (size_t)m->bridge.nparams;
        zlua_pop_fn *pops = zlua__ctx_arena_alloc(ctx, np * sizeof *pops);
        const void **ref_cls = zlua__ctx_arena_alloc(ctx, np * sizeof *ref_cls);
        if (pops == NULL || ref_cls == NULL)
            return NULL;   /* out of memory: the binder raises it */
        for (size_t i = 0; i < np; i++) {
            pops[i] = m->params[i]->pop;
            /* what a stub's inline check compares a userdata's class to
             * (zlua_bridge_ref_payload, zlua_bridge_pop_obj) */
            ref_cls[i] = m->params[i]->pop == zlua__pop_object ? m->params[i]->cls
                                                               : m->params[i]->ref_cls;
        }
        m->bridge.pops = pops;
        m->bridge.ref_cls = (const void *const *)ref_cls;
    }
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
    for (int i = 0; i < m->bridge.nparams && i < ZLUA_SIMPLE_PARAMS; i++)
        m->kinds[i] = m->params[i]->kind;
    m->ret_kind = m->bridge.ret != NULL ? m->bridge.ret->kind : ZLUA_K_VOID;
    /* R-OPQ-5: the call's own scope, for a byref parameter only (the
     * callee writes through the ref a handle or a temporary gave), as in
     * the generated stubs.  A by-value argument, a struct or reference
     * given a handle included, is read before the call (a handle is
     * resolved, its slot copied or dereferenced), and an IC call the
     * method makes scopes itself: nothing in this frame issues or holds a
     * handle.  The result never counts (pushed after the scope closes,
     * never an OpaqueValue). */
    m->scoped = 0;
    for (int i = 0; i < m->bridge.nparams; i++)
        if (m->params[i]->kind == ZLUA_K_BYREF)
            m->scoped = 1;
    m->ret_args = 0;
    int ret_object =
        !m->unsupported && m->bridge.ret != NULL && zlua__meta_pushes_byobj(m->bridge.ret);
    m->ret_byobj = ret_object && m->ret_slots == 1;
    if (ret_object)
        for (int i = 0; i < m->bridge.nparams; i++)
            if (m->params[i]->pop == zlua__pop_object && m->params[i]->is_ref &&
                m->params[i]->size == sizeof(void *))
                m->ret_args |= (uint16_t)(1u << i);
    return m;
}
