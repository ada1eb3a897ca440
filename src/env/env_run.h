/*
 * env_run.h -- the run frames of zlua_env.h (which state runs Lua code
 * for C# on the calling thread), kept apart from env.c: a frame lives on
 * its caller's C stack, and a compiler that inlined the push into env.c's
 * entries would see a local's address stored in a thread's global.  The
 * push and pop are inline for a backend's per-call entries (a delegate's
 * call, src/mono), whose frame is a local of the same function.  The
 * stack's top lives in marshal/delegate.h's zlua__calls, beside what a
 * delegate's call reads of its thread: one lookup of the thread's block
 * serves both.
 */
#ifndef ZLUA_ENV_RUN_H
#define ZLUA_ENV_RUN_H

#include <lua.h>

#include "core/thread.h"
#include "marshal/delegate.h"
#include "zlua_env.h"

/* zlua_env_run_enter / _leave, inline, on this thread's stack of frames
 * (zlua__calls.run_top: top, its address found once by the caller, as a
 * delegate's entry finds it with its kept resolve). */
static inline void zlua__env_run_push(zlua_env_run **top, zlua_env_run *run, lua_State *L)
{
    run->L = L;
    run->outer = *top;
    *top = run;
}

static inline void zlua__env_run_pop(zlua_env_run **top, zlua_env_run *run)
{
    *top = run->outer;
}

/* The innermost state running Lua code for C# on this thread; NULL none. */
lua_State *zlua__env_run_top(void);

#endif
