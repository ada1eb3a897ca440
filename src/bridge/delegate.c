/*
 * delegate.c -- registering the generated delegate entries, and invoking a Lua function through its delegate (R-DEL-1,
 * R-IC-1): what a generated native entry calls with the delegate's
 * target and the addresses of its arguments.
 *
 * The target is the boxed Int64 marshal/delegate_pop.c made, naming the
 * function's record by index and generation.  Any code that holds the
 * delegate can change it (a script's `.value` on the box, C# itself), so
 * the name is resolved against libzlua's own tables and the record's own
 * weak handle of this target; a name that resolves to nothing is a
 * managed exception, never an access.  Only the state's own thread may
 * run it (R-THREAD-1): another thread gets an InvalidOperationException
 * naming both, and the state is not touched.  The call is an IC call of the
 * record's registry reference (zlua__delegate_call, in ic.c beside the IC
 * call it runs inline): scope around it, struct arguments as
 * OpaqueValues, the result popped into ret, a Lua error returned as the
 * managed exception the entry raises from its own frame.
 */

#include "bridge/ic.h"
#include "core/state.h"
#include "core/thread.h"
#include "marshal/delegate.h"

static Il2CppException *zlua_delegate_error(const char *msg)
{
    Il2CppException *exc = NULL;
    Il2CppException *thrown = zlua_rt_exception_new("System", "InvalidOperationException",
                                                    msg, &exc);
    return thrown != NULL ? thrown : exc;
}

Il2CppException *zlua_delegate_invoke(Il2CppObject *target, void *const *args, void *ret)
{
    /* everything the call needs, copied: the function may run a sweep
     * (never of this record: its target is on our caller's stack) */
    zlua__delcall d;
    int found = zlua__delegates_resolve(target, &d);
    if (ZLUA_UNLIKELY(found != ZLUA_DEL_FOUND))
        return zlua_delegate_error(zlua__delegate_unresolved(found));
    return zlua__delegate_call(&d, args, ret);
}

const char *zlua__delegate_unresolved(int found)
{
    return found == ZLUA_DEL_CLOSED ? "the lua_State of this delegate has been closed"
                                    : "zlua: delegate target tampered with "
                                      "(it names no Lua function of this delegate)";
}

ZLUA_COLD Il2CppException *zlua__delegate_wrong_thread(const zlua__delcall *d)
{
    /* R-THREAD-1: refused before the state is read (another thread owns
     * it, and may be closing it); the record was copied under the lock */
    char why[256];
    return zlua_delegate_error(zlua__thread_refusal(why, sizeof why, d->owner_id));
}

int zlua_delegate_register(lua_State *L, const zlua_delegate_table *t)
{
    if (L == NULL || t == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    int rc = zlua__ctx_abi_check(ctx, "zlua_delegate_register", t->abi);
    if (rc != ZLUA_OK)
        return rc;   /* its entries cannot even be read safely */
    return zlua__delegates_set_table(ctx, t->entries, t->count);
}
