/*
 * env_run.c -- zlua_env_run_enter / _leave (zlua_env.h): the per-thread
 * stack of states running Lua code for C#, one frame on each runner's C
 * stack.
 */
#include "env/env_run.h"

ZLUA_THREAD_LOCAL zlua_env_run *zlua__env_running;

void zlua_env_run_enter(zlua_env_run *run, lua_State *L)
{
    zlua__env_run_push(run, L);
}

void zlua_env_run_leave(zlua_env_run *run)
{
    zlua__env_run_pop(run);
}

lua_State *zlua__env_run_top(void)
{
    return zlua__env_running != NULL ? zlua__env_running->L : NULL;
}
