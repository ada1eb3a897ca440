/*
 * method_call.c -- MethodBridge: calling a bound method through the
 * generic invoker (R-DEF-1, R-DEF-4, R-OPQ-5): the calls the member paths
 * make, property getters and struct constructors.  The steps are inline
 * in method_call.h, shared with the Lua entries (method_entry.c).
 */
#include "bridge/method_call.h"

#include "core/exception.h"
#include "marshal/ud_inline.h"

ZLUA_COLD int zlua__method_raise_exception(lua_State *L, const zlua__method *m,
                                          Il2CppException *exc)
{
    return zlua__exc_raise(L, exc, m->bridge.display);
}

/* The C# defaults of the parameters from `from` on (the call omitted
 * them; the binder checked that they have one). */
ZLUA_COLD void zlua__method_fill_defaults(const zlua__method *m, int from, zlua__frame *frame,
                                          void **args)
{
    for (int i = from; i < m->bridge.nparams; i++) {
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

#if defined(ZLUA_RT_CALLS)
Il2CppException *zlua__method_rt_first(const zlua__method *m, void *obj, void **args,
                                       void *ret)
{
    zlua_rt_call *c = zlua__ctx_rt_call_new(zlua__method_owner(m)->ctx, m->bridge.method);
    if (c == NULL)   /* out of memory: this call without a record */
        return zlua_rt_invoke(m->bridge.method, obj, args, ret);
    /* the record is the method's, kept in its arena-made (writable)
     * binding; every other field stays as bound */
    ((zlua__method *)(uintptr_t)m)->rt_call = c;
    return zlua_rt_call_invoke(c, obj, args, ret);
}
#endif

int zlua__method_call(lua_State *L, const zlua__method *m, int base, void *this_ptr)
{
    return zlua_method_call_inline(L, m, base, m->nslots, this_ptr, 0);
}

int zlua__method_call_n(lua_State *L, const zlua__method *m, int base, int n, void *this_ptr)
{
    return zlua_method_call_inline(L, m, base, n, this_ptr, 1);
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
    Il2CppException *exc = zlua__method_rt_invoke(m, mi, this_ptr, args, &ret);
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* ---- struct constructors -------------------------------------------------
 *
 * `Point2D(1, 2)`: the arguments go into cells before the userdata is
 * made, the constructor runs on its payload. */

ZLUA_INLINE int zlua_method_ctor_call(lua_State *L, const zlua__method *m, int base, int n)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_method_pop_cells(L, m, n, base, ZLUA_KINDS_READ, 0, cells, args);
    void *payload = zlua_ud_push_byval_inline(L, zlua__method_owner(m), NULL);
    /* A constructor is not virtual: no dispatch.  A scalar shape has no
     * byref, so, as for the stub of the same constructor, no scope of
     * the call's own (R-OPQ-5: nothing in this frame holds a handle). */
    Il2CppException *exc = zlua__method_rt_invoke(m, m->bridge.method, payload, args, &ret);
    if (exc != NULL)
        return zlua__method_raise_exception(L, m, exc);
    return 1;
}

int zlua__method_new_struct(lua_State *L, const zlua__method *m, int base)
{
    switch (m->bridge.nparams) {
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
