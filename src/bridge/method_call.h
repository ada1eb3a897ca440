/*
 * method_call.h -- the generic invoker's steps (method_call.c), inline in
 * both the calls of method_call.c and the Lua entries of method_entry.c:
 * popping the arguments into a frame, the invocation inside the call's
 * scope, and the result.
 */
#ifndef ZLUA_METHOD_CALL_H
#define ZLUA_METHOD_CALL_H

#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "marshal/byref.h"
#include "marshal/ud.h"
#include "scope/scope.h"

typedef union zlua__frame {
    long double align_ld;
    void *align_p;
    uint64_t align_u;
    unsigned char bytes[ZLUA_FRAME_BYTES];
} zlua__frame;

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
        zlua__pop_argerror(L, idx, m->slot_of[i] + 1, m->bridge.display, pm, rc);
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
 * them; the binder checked that they have one): method_call.c. */
void zlua__method_fill_defaults(const zlua__method *m, int from, zlua__frame *frame,
                                void **args);

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
    if (n < m->bridge.nparams)
        zlua__method_fill_defaults(m, n, frame, args);
}

#if defined(ZLUA_RT_CALLS)
/* The first call of m in its state: makes the runtime's record, then
 * calls through it (method_call.c). */
Il2CppException *zlua__method_rt_first(const zlua__method *m, void *obj, void **args,
                                       void *ret);
#endif

/* zlua_rt_invoke of mi, which a call of m runs (m's own method, or the
 * override a virtual call found): through the runtime's record of m's
 * method where the runtime keeps records (ZLUA_RT_CALLS, zlua_rt.h). */
ZLUA_INLINE Il2CppException *zlua__method_rt_invoke(const zlua__method *m,
                                                    const MethodInfo *mi, void *obj,
                                                    void **args, void *ret)
{
#if defined(ZLUA_RT_CALLS)
    if (ZLUA_LIKELY(mi == m->bridge.method)) {
        if (ZLUA_LIKELY(m->rt_call != NULL))
            return zlua_rt_call_invoke(m->rt_call, obj, args, ret);
        return zlua__method_rt_first(m, obj, args, ret);
    }
#else
    (void)m;
#endif
    return zlua_rt_invoke(mi, obj, args, ret);
}

/* R-OPQ-5: the call runs inside its own scope, closed before anything is
 * raised; the exception, if any, is returned. */
ZLUA_INLINE Il2CppException *zlua_method_invoke_scoped(const zlua__method *m,
                                                       const MethodInfo *mi, void *this_ptr,
                                                       void **args, void *ret)
{
    zlua__scope *scope = zlua__method_scope(m);
    zlua__scope_state saved = zlua_scope_save(scope);
    /* Without memory for a watermark the call still runs; the restore
     * below is exact either way. */
    (void)zlua_scope_open(scope);
    Il2CppException *exc = zlua__method_rt_invoke(m, mi, this_ptr, args, ret);
    zlua_scope_restore(scope, saved);
    return exc;
}

/* The method a call on this_ptr runs: virtual calls dispatch on the real
 * object (an override on a value type takes the unboxed payload). */
ZLUA_INLINE const MethodInfo *zlua_method_target(const zlua__method *m, void **this_ptr)
{
    const MethodInfo *mi = m->bridge.method;
    if (m->bridge.is_virtual && *this_ptr != NULL) {
        mi = il2cpp_object_get_virtual_method((Il2CppObject *)*this_ptr, mi);
        if (mi != m->bridge.method && il2cpp_class_is_valuetype(il2cpp_method_get_class(mi)))
            *this_ptr = il2cpp_object_unbox((Il2CppObject *)*this_ptr);
    }
    return mi;
}

/* Dispatches a virtual call on the real object, then invokes. */
ZLUA_INLINE Il2CppException *zlua_method_run(const zlua__method *m, void *this_ptr,
                                                 void **args, void *ret)
{
    const MethodInfo *mi = zlua_method_target(m, &this_ptr);
    if (!m->scoped)   /* no byref: nothing in this frame holds a handle */
        return zlua__method_rt_invoke(m, mi, this_ptr, args, ret);
    return zlua_method_invoke_scoped(m, mi, this_ptr, args, ret);
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
    if (m->ret_kind == ZLUA_K_VOID)   /* no result: bridge.ret is NULL */
        return 0;
    if (m->ret_kind == ZLUA_K_R4) {   /* lengths, dots: no indirect call */
        zlua_push_r4_value(L, ret);
        return 1;
    }
    if (last && m->ret_byobj) {   /* the one result, an object: the cache stays below it */
        zlua_method_push_object_last(L, m, ret);
        return 1;
    }
    zlua_meta_push_value(L, m->bridge.ret, ret);
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
            u->obj == obj && u->cls == m->bridge.ret->cls) {
            lua_pushvalue(L, idx);
            return 1;
        }
    }
    return 0;
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
    if (!m->bridge.instance)
        zlua_class_init(L, zlua__method_owner(m), m->bridge.display);   /* R-RT-2 */
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

/* How a lean body knows its parameters' kinds: read per argument from
 * m->kinds, or fixed when the body was chosen -- every parameter an int32
 * (its inline pop), or none an int32 or a float (every pop the writer's)
 * -- so that, a constant at each call site, the per-argument test
 * compiles away. */
enum { ZLUA_KINDS_READ, ZLUA_KINDS_I4, ZLUA_KINDS_WRITER };

/* Parameter i's kind as zlua_method_pop_arg tests it (-1: neither fast
 * pop). */
ZLUA_INLINE int zlua_method_kind(const zlua__method *m, int i, int kinds)
{
    return kinds == ZLUA_KINDS_I4 ? ZLUA_K_I4 : kinds == ZLUA_KINDS_WRITER ? -1 : m->kinds[i];
}

/* Pops the n arguments starting at Lua index base into 64-bit cells and
 * points args at them (n is a constant at each call site: the pops
 * unroll; kinds and multi too).  kinds: ZLUA_KINDS_*.  multi: a parameter
 * takes several Lua values (UnpackedValues), so parameter i starts at
 * base + slot_of[i], not base + i.  Raises the argument error, holding
 * nothing yet. */
ZLUA_INLINE void zlua_method_pop_cells(lua_State *L, const zlua__method *m, int n, int base,
                                           int kinds, int multi, uint64_t *cells, void **args)
{
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++) {
        args[i] = &cells[i];
        zlua_method_pop_arg(L, m, i, base + (multi ? m->slot_of[i] : i),
                            zlua_method_kind(m, i, kinds), &cells[i]);
    }
}

#endif
