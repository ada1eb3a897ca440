/*
 * env_run.h -- the run frames of zlua_env.h (which state runs Lua code
 * for C# on the calling thread), kept apart from env.c: a frame lives on
 * its caller's C stack, and a compiler that inlined the push into env.c's
 * entries would see a local's address stored in a thread's global.
 */
#ifndef ZLUA_ENV_RUN_H
#define ZLUA_ENV_RUN_H

#include <lua.h>

/* The innermost state running Lua code for C# on this thread; NULL none. */
lua_State *zlua__env_run_top(void);

#endif
