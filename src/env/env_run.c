/*
 * env_run.c -- zlua_env_run_enter / _leave (zlua_env.h): the per-thread
 * stack of states running Lua code for C#, one frame on each runner's C
 * stack.
 */
#include "env/env_run.h"

#include "core/thread.h"
#include "zlua_env.h"

static ZLUA_THREAD_LOCAL zlua_env_run *zlua_env_running;

void zlua_env_run_enter(zlua_env_run *run, lua_State *L)
{
    run->L = L;
    run->outer = zlua_env_running;
    zlua_env_running = run;
}

void zlua_env_run_leave(zlua_env_run *run)
{
    zlua_env_running = run->outer;
}

lua_State *zlua__env_run_top(void)
{
    return zlua_env_running != NULL ? zlua_env_running->L : NULL;
}
