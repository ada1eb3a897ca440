/*
 * ic.h -- what zlua_open prepares for IC calls (ic.c; the calls
 * themselves are zlua.h's zlua_ic_*).
 */
#ifndef ZLUA_IC_H
#define ZLUA_IC_H

#include <lua.h>

#include "core/state.h"
#include "marshal/delegate.h"
#include "marshal/ic_shape.h"
#include "zlua.h"

/* Reserves registry slots for the interned names of the first IC sites
 * bound in the state while the registry is still small, so that they sit
 * in its array part: the fast path reads a site's name by index on every
 * call, and an index in the array part costs about half of one in the
 * hash part.  May raise (memory). */
void zlua__ic_open(lua_State *L, zlua__ctx *ctx);

/* zlua_delegate_invoke once its target has resolved to d
 * (zlua__delegates_resolve returned ZLUA_DEL_FOUND): for a runtime
 * backend that resolved it already to check what it was handed against
 * the record's type (src/mono), so that the target is resolved once per
 * call.  ic.c, beside the IC call it runs. */
Il2CppException *zlua__delegate_call(const zlua__delcall *d, void *const *args, void *ret);
/* The exception that refuses d's call on this thread, which is not the
 * state's (d->owner != zlua_thread_token(); R-THREAD-1): made from d, the
 * copy, without reading the state, which its own thread may be closing.
 * A backend that reads d->type before zlua__delegate_call asks first.
 * delegate.c. */
Il2CppException *zlua__delegate_wrong_thread(const zlua__delcall *d);
/* What a target that did not resolve (zlua__delegates_resolve's
 * ZLUA_DEL_CLOSED or ZLUA_DEL_FORGED) is told, on every entry: its
 * InvalidOperationException's message.  delegate.c. */
const char *zlua__delegate_unresolved(int found);

#endif
