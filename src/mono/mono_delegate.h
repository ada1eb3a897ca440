/*
 * mono_delegate.h -- what the two entries of a Lua function's delegate
 * share (mono_delegate.c's TypedReferences and object[], and
 * mono_delegate_regs.c's registers): the facts of the Invoke they check
 * their arguments against.
 */
#ifndef ZLUA_MONO_DELEGATE_H
#define ZLUA_MONO_DELEGATE_H

#include "marshal/delegate.h"
#include "mono_rt.h"

/* The facts of the Invoke of d's type (d resolved, on the state's own
 * thread: the type is read): the state's record of its calls, made at
 * the first (the thread's facts map when memory ran out for one); NULL:
 * the type has no Invoke, or memory ran out for both. */
ZLUA_INLINE const zm_facts *zm_delegate_facts(const zlua__delcall *d)
{
    const zlua_rt_call *rc = d->type->rt_call;
    if (ZLUA_UNLIKELY(rc == NULL))
        rc = zlua__delegate_rt_call(d->L, d->type);
    if (ZLUA_LIKELY(rc != NULL))
        return &rc->f;
    return d->type->invoke != NULL ? zm_facts_of(ZM_METHOD(d->type->invoke)) : NULL;
}

#endif
