/*
 * defaults.c -- C# default parameter values (`int PickDefault(int a,
 * int b = 5)`), read once at bind time (lua-api.md, "Overloads" 1).
 *
 * IL2CPP keeps a default in its metadata blob; the runtime glue decodes
 * it (zlua_rt_param_default).  The values are stored at the parameters'
 * frame offsets, so a call that omits them copies them into its frame;
 * a string default is an object, kept alive by a GC handle for the
 * state's lifetime.  A trailing ref / out / in parameter may be omitted
 * too (lua-api.md, "ref, in and out"): it gets a temp slot holding default(A), made per call.
 * A trailing `params T[]` left out is an empty T[] (R-PARAMS-2), made once
 * and shared by every call, as C#'s Array.Empty<T>() is.
 */
#include <string.h>

#include "bridge/method.h"
#include "class/class.h"
#include "core/state.h"
#include "core/exception.h"

/* Nullable<T> from its constant: T's bytes, or no value for null. */
static void zlua_defaults_nullable(const zlua_meta *pm, unsigned char *slot,
                                   const unsigned char *constant, int is_null)
{
    const zlua__class *cls = pm->cls;
    memset(slot, 0, pm->size);
    if (is_null)
        return;
    slot[cls->has_value_offset] = 1;
    memcpy(slot + cls->value_offset, constant, pm->elem->size < 8 ? pm->elem->size : 8);
}

/* Whether m's last parameter is a T[] marked [ParamArray] (m has one). */
static int zlua_defaults_params_last(const zlua__ctx *ctx, const zlua__method *m)
{
    uint32_t i = (uint32_t)m->bridge.nparams - 1;
    const zlua_meta *pm = m->params[i];
    return pm->kind == ZLUA_K_OBJECT && pm->cls != NULL && pm->cls->szarray &&
           zlua_rt_param_has_attribute(m->bridge.method, i, ctx->k_param_array);
}

/* Keeps obj alive for the state's lifetime in the default slot of
 * parameter i; 0 when out of memory. */
static int zlua_defaults_pin(zlua__ctx *ctx, zlua__method *m, uint32_t i, unsigned char *slot,
                             Il2CppObject *obj)
{
    struct zlua__pinned *p = zlua__ctx_arena_alloc(ctx, sizeof *p);
    if (p == NULL)
        return 0;
    p->handle = zlua_rt_gchandle_new(obj, 0);
    p->next = ctx->pinned;
    ctx->pinned = p;
    memcpy(slot, &p->handle, sizeof p->handle);
    m->default_handles |= (uint16_t)(1u << i);
    return 1;
}

/* Reads parameter i's default into its slot of buf (is_params: i is the
 * last, a params T[]); 0 when it has none or it cannot be read (the
 * parameter then stays required). */
static int zlua_defaults_read(zlua__ctx *ctx, zlua__method *m, uint32_t i, unsigned char *buf,
                              int is_params)
{
    const zlua_meta *pm = m->params[i];
    if (pm->kind == ZLUA_K_BYREF) {
        m->default_byrefs |= (uint16_t)(1u << i);   /* a temp per call */
        return 1;
    }
    if (pm->kind == ZLUA_K_UNSUPPORTED)
        return 0;
    if (is_params) {   /* left out: T[0] */
        Il2CppArray *empty;
        Il2CppException *exc =
            zlua_rt_array_new(il2cpp_class_get_element_class(pm->cls->klass), 0, &empty);
        return exc == NULL && empty != NULL &&
               zlua_defaults_pin(ctx, m, i, buf + m->offsets[i], (Il2CppObject *)empty);
    }
    unsigned char constant[16];
    int has = 0;
    Il2CppException *exc =
        zlua_rt_param_default(m->bridge.method, i, constant, sizeof constant, &has);
    if (exc != NULL || !has)
        return 0;   /* a string default that could not be made: required */
    unsigned char *slot = buf + m->offsets[i];
    int is_null = has == 2;
    if (pm->kind == ZLUA_K_NULLABLE) {
        zlua_defaults_nullable(pm, slot, constant, is_null);
    } else if (pm->is_ref && !is_null) {
        Il2CppObject *obj;
        memcpy(&obj, constant, sizeof obj);
        if (!zlua_defaults_pin(ctx, m, i, slot, obj))
            return 0;
    } else {
        memcpy(slot, constant, pm->size < sizeof constant ? pm->size : sizeof constant);
    }
    return 1;
}

int zlua__method_bind_defaults(zlua__ctx *ctx, zlua__method *m, uint32_t frame_bytes)
{
    uint32_t np = (uint32_t)m->bridge.nparams, first = np;
    const MethodInfo *mi = m->bridge.method;
    /* the metadata asked once whether the last parameter is params */
    int params_last = np > 0 && zlua_defaults_params_last(ctx, m);
    while (first > 0 && (m->params[first - 1]->kind == ZLUA_K_BYREF ||
                         (il2cpp_type_get_attrs(il2cpp_method_get_param(mi, first - 1)) &
                          ZLUA_PARAM_ATTRIBUTE_HAS_DEFAULT) ||
                         (first == np && params_last)))
        first--;
    if (first == np)
        return 1;
    unsigned char *buf = zlua__ctx_arena_alloc(ctx, frame_bytes ? frame_bytes : 1);
    if (buf == NULL)
        return 0;
    /* from the last one back: an unreadable default keeps the ones
     * before it required too (C# omits trailing arguments only) */
    uint32_t nreq = np;
    while (nreq > first && zlua_defaults_read(ctx, m, nreq - 1, buf, params_last && nreq == np))
        nreq--;
    m->defaults = buf;
    m->nrequired = (uint8_t)nreq;
    return 1;
}
