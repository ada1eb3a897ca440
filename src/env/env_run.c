/*
 * env_run.c -- zlua_env_run_enter / _leave (zlua_env.h): the per-thread
 * stack of states running Lua code for C#, one frame on each runner's C
 * stack.
 */
#include "env/env_run.h"

void zlua_env_run_enter(zlua_env_run *run, lua_State *L)
{
    zlua__env_run_push(&zlua__calls.run_top, run, L);
}

void zlua_env_run_leave(zlua_env_run *run)
{
    zlua__env_run_pop(&zlua__calls.run_top, run);
}

lua_State *zlua__env_run_top(void)
{
    const zlua_env_run *top = zlua__calls.run_top;
    return top != NULL ? top->L : NULL;
}
