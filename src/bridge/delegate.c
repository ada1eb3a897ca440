/*
 * delegate.c -- invoking a Lua function through its delegate (R-DEL-1,
 * R-IC-1): what a generated native entry calls with the delegate's
 * target and the addresses of its arguments.
 *
 * The target is the boxed IntPtr marshal/delegate.c made, holding the
 * address of the function's record (zeroed when the state closed).  Only
 * libzlua writes it: scripts see it at most as an IntPtr box, which
 * has no member that writes its payload.  The call is an IC call of the
 * record's registry reference: scope around it, struct arguments as
 * OpaqueValues, the result popped into ret, a Lua error returned as the
 * managed exception the entry raises from its own frame.
 */
#include <string.h>

#include "core/context.h"
#include "marshal/delegate.h"
#include "marshal/meta.h"

static Il2CppException *zlua_delegate_error(const char *msg)
{
    Il2CppException *exc = NULL;
    Il2CppException *thrown = zlua_rt_exception_new("System", "InvalidOperationException",
                                                    msg, &exc);
    return thrown != NULL ? thrown : exc;
}

Il2CppException *zlua_delegate_invoke(Il2CppObject *target, void *const *args, void *ret)
{
    zlua_delrec *r = NULL;
    if (target != NULL)
        memcpy(&r, il2cpp_object_unbox(target), sizeof r);
    if (r == NULL || r->magic != ZLUA_DELREC_MAGIC)
        return zlua_delegate_error("the lua_State of this delegate has been closed");
    /* everything the call needs, copied: the function may run a sweep
     * (never of this record: its target is on our caller's stack) */
    const zlua_deltype *t = r->type;
    lua_State *L = r->L;
    zlua_ic_call c;
    memset(&c, 0, sizeof c);
    c.function = t->cls->full_name;
    c.function_ref = r->ref;
    c.nargs = t->nparams;
    c.arg_meta = t->params;
    c.arg_slots = args;
    c.ret_meta = t->ret;
    c.ret_slot = ret;
    Il2CppException *exc = NULL;
    if (zlua_ic_invoke(L, &c) != ZLUA_OK)
        exc = zlua_ic_exception(L, &c);
    zlua_ic_done(L, &c);
    return exc;
}
