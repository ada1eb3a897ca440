/*
 * env.c -- zlua_env.h: a Lua state driven from C# (ZLua.LuaEnv), the same
 * code in the Editor and in a player.  Above zlua_open: it opens states
 * and runs their Lua code for its caller, and reaches the runtime only
 * through libzlua's boundary (il2cpp_api.h, the glue's GC handles).
 *
 * Each entry that runs the env's Lua code counts itself in env->depth and
 * pushes a run frame (zlua_env_run), which makes the state the innermost
 * one running on its thread: how a C# -> Lua call finds its env (R-ENV-3).
 * An env whose depth is nonzero, or whose state runs a C# -> Lua call
 * (zlua_stats.running), is never freed.
 */
#include "zlua_env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/state.h"
#include "class/class.h"
#include "core/thread.h"
#include "env/env_run.h"
#include "marshal/array.h"
#include "marshal/meta.h"
#include "zlua.h"
#include "zlua_rt.h"

/* The call zlua_env_call is making: set for its body only, and taken by
 * it, so that a script that reached the body (debug.getinfo of its
 * caller) and calls it again finds none. */
typedef struct zlua_env_pending {
    const char *name;
    Il2CppObject *args;   /* zlua_env_call: an object[] */
    Il2CppObject **out;
    const void *type;     /* zlua_env_get_function: the delegate's Il2CppType */
} zlua_env_pending;

struct zlua_env {
    lua_State *L;
    zlua_env_log_fn log;
    void *log_ud;
    zlua_env_pending *pending;
    const void *owner;     /* &zlua_env_thread_tag of the thread that made it */
    unsigned depth;        /* its entries running now, closing included */
    int closing;           /* lua_close runs: no entry any more */
    struct zlua_env *next; /* zlua_env_mine */
};

/* A thread's identity: the address of its own copy of this byte. */
static ZLUA_THREAD_LOCAL char zlua_env_thread_tag;
/* The envs this thread made and has not freed, the most recent first:
 * per thread, since only the owner ever reaches an env. */
static ZLUA_THREAD_LOCAL zlua_env *zlua_env_mine;
/* A C host's state (zlua_env_set_host_state). */
static lua_State *zlua_env_host;
static zlua_env_runtime zlua_env_rt;
static lua_Alloc zlua_env_alloc;
static void *zlua_env_alloc_ud;

/* ---- which state a C# -> Lua call reaches ------------------------------------ */

lua_State *zlua_env_current(void)
{
    lua_State *top = zlua__env_run_top();
    if (top != NULL)
        return top;
    for (zlua_env *e = zlua_env_mine; e != NULL; e = e->next)
        if (!e->closing)
            return e->L;
    return zlua_env_host;
}

void zlua_env_set_host_state(lua_State *L)
{
    zlua_env_host = L;
}

lua_State *zlua_env_host_state(void)
{
    return zlua_env_host;
}

int zlua_env_thread_busy(void)
{
    return zlua__env_run_top() != NULL;
}

void zlua_env_set_runtime(const zlua_env_runtime *rt)
{
    if (rt != NULL)
        zlua_env_rt = *rt;
    else
        memset(&zlua_env_rt, 0, sizeof zlua_env_rt);
}

void zlua_env_set_default_alloc(lua_Alloc alloc, void *ud)
{
    zlua_env_alloc = alloc;
    zlua_env_alloc_ud = ud;
}

/* ---- reporting ------------------------------------------------------------------ */

void zlua_env_log(zlua_env *env, int kind, const char *message)
{
    if (env != NULL && env->log != NULL)
        env->log(env->log_ud, kind, message);
    else
        fprintf(stderr, "%s\n", message);
}

/* zlua_state_set_log's function: libzlua's own lines. */
static void zlua_env_zlua_line(void *ud, const char *message)
{
    zlua_env_log(ud, ZLUA_ENV_LOG_ZLUA, message);
}

/* The env of L (any of its threads): found by the main thread libzlua's
 * context records, which no script can reach. */
zlua_env *zlua_env_find(lua_State *L)
{
    if (L == NULL)
        return NULL;
    const zlua__ctx *ctx = zlua__ctx_get(L);
    for (zlua_env *e = zlua_env_mine; ctx != NULL && e != NULL; e = e->next)
        if (e->L == ctx->main)
            return e;
    return NULL;
}

/* print(...): tostring of each argument, joined by tabs, one log line. */
static int zlua_env_print(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1)
            luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    /* copied out before the call: the log function must not see Lua's
     * memory change under it, and a NUL in the text ends the line */
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    char *line = malloc(len + 1);
    if (line == NULL)
        return luaL_error(L, "not enough memory");
    memcpy(line, s, len + 1);
    zlua_env_log(zlua_env_find(L), ZLUA_ENV_LOG_PRINT, line);
    free(line);
    return 0;
}

static int zlua_env_traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL)
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* ---- entries ------------------------------------------------------------------- */

static int zlua_env_own(const zlua_env *env)
{
    return env->owner == &zlua_env_thread_tag;
}

/* The start of an entry that may run env's Lua code: refused (-1, on
 * stderr: the log belongs to the owner) on another thread or while the
 * state closes; otherwise counted and pushed as this thread's innermost
 * running state until zlua_env_leave. */
static int zlua_env_enter(zlua_env *env, zlua_env_run *run)
{
    if (env == NULL)
        return -1;
    if (!zlua_env_own(env)) {
        fprintf(stderr, "zlua: a LuaEnv used on a thread other than the one that made it\n");
        return -1;
    }
    if (env->closing)
        return -1;
    env->depth++;
    zlua_env_run_enter(run, env->L);
    return 0;
}

static void zlua_env_leave(zlua_env *env, zlua_env_run *run)
{
    zlua_env_run_leave(run);
    env->depth--;
}

/* Runs the function below its nargs arguments on top of the stack with
 * the traceback handler; the error is logged.  0 or 1; nres results are
 * left on success. */
static int zlua_env_pcall(zlua_env *env, int nargs, int nres)
{
    lua_State *L = env->L;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, zlua_env_traceback);
    lua_insert(L, base);
    int rc = lua_pcall(L, nargs, nres, base);
    lua_remove(L, base);
    if (rc == LUA_OK)
        return 0;
    zlua_env_log(env, ZLUA_ENV_LOG_ERROR, lua_tostring(L, -1));
    lua_pop(L, 1);
    return 1;
}

int zlua_env_busy(zlua_env *env)
{
    if (env == NULL)
        return 0;
    if (!zlua_env_own(env) || env->depth > 0 || env->closing)
        return 1;   /* another thread cannot even look: busy for it */
    zlua_stats st;
    return zlua_state_stats(env->L, &st) == ZLUA_OK && st.running > 0;
}

/* ---- the env ---------------------------------------------------------------------- */

static void *zlua_env_realloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

static int zlua_env_open(zlua_env *env, int flags)
{
    lua_State *L = env->L;
    luaL_openlibs(L);
    int rc = zlua_open(L);
    /* untrusted: the mods preset and no C modules, before any type is
     * bound or any script runs */
    if (rc == ZLUA_OK && (flags & ZLUA_ENV_UNTRUSTED))
        rc = zlua_policy_preset(L, ZLUA_POLICY_MODS);
    if (rc == ZLUA_OK && (flags & ZLUA_ENV_UNTRUSTED))
        rc = zlua_loadlib_disable(L);
    if (rc == ZLUA_OK)
        rc = zlua_state_set_log(L, zlua_env_zlua_line, env);
    if (rc == ZLUA_OK && zlua_env_rt.open_state != NULL)
        rc = zlua_env_rt.open_state(L);
    return rc;
}

/* The generated IC table (zlua_env_set_ic_table) and whether an env
 * registered it already. */
static const zlua_ic_table *zlua_env_ic;
static int zlua_env_ic_done;

void zlua_env_set_ic_table(const zlua_ic_table *table)
{
    zlua_env_ic = table;
    zlua_env_ic_done = 0;
}

/* The first env registers the [LuaInvoke] methods' IC stubs (R-IC-3). */
static void zlua_env_register_ic(zlua_env *env)
{
    if (zlua_env_ic == NULL || zlua_env_ic_done)
        return;
    zlua_env_ic_done = 1;
    int rc = zlua_ic_register(zlua_env_ic, NULL);
    if (rc != ZLUA_OK) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "zlua: the [LuaInvoke] methods' IC stubs were not registered (code %d%s)", rc,
                 rc == ZLUA_EVERSION ? ": the stub file is of another libzlua, regenerate it" : "");
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, msg);
    }
}

int zlua_env_prepare(void)
{
    if (zlua_env_rt.prepare != NULL && zlua_env_rt.prepare(NULL) != 0)
        return 1;
    zlua_env_register_ic(NULL);
    return 0;
}

zlua_env *zlua_env_new(zlua_env_log_fn log, void *log_ud, int flags)
{
    zlua_env *env = calloc(1, sizeof *env);
    if (env == NULL) {
        if (log != NULL)
            log(log_ud, ZLUA_ENV_LOG_ERROR, "zlua: not enough memory for a LuaEnv");
        return NULL;
    }
    env->log = log;
    env->log_ud = log_ud;
    env->owner = &zlua_env_thread_tag;
    if (zlua_env_rt.prepare != NULL && zlua_env_rt.prepare(env) != 0) {
        free(env);
        return NULL;
    }
    env->L = zlua_env_alloc != NULL ? lua_newstate(zlua_env_alloc, zlua_env_alloc_ud)
                                    : lua_newstate(zlua_env_realloc, NULL);
    if (env->L == NULL) {
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, "zlua: not enough memory for a Lua state");
        free(env);
        return NULL;
    }
    if (zlua_env_open(env, flags) != ZLUA_OK) {
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, "zlua: cannot open the state");
        (void)zlua_env_free(env);
        return NULL;
    }
    lua_pushcfunction(env->L, zlua_env_print);
    lua_setglobal(env->L, "print");
    zlua_env_register_ic(env);
    env->next = zlua_env_mine;
    zlua_env_mine = env;
    return env;
}

int zlua_env_free(zlua_env *env)
{
    if (env == NULL)
        return 0;
    if (!zlua_env_own(env) || zlua_env_busy(env))
        return 1;
    /* lua_close runs the state's finalizers, Lua code that may call C#
     * back: the env counts as running (a Dispose from there is refused,
     * an IC call from there reaches it) but takes no new entry */
    env->closing = 1;
    env->depth++;
    zlua_env_run run;
    zlua_env_run_enter(&run, env->L);
    lua_close(env->L);
    zlua_env_run_leave(&run);
    for (zlua_env **p = &zlua_env_mine; *p != NULL; p = &(*p)->next)
        if (*p == env) {
            *p = env->next;
            break;
        }
    if (zlua_env_host == env->L)
        zlua_env_host = NULL;
    free(env);
    if (zlua_env_rt.closed != NULL)
        zlua_env_rt.closed();
    return 0;
}

lua_State *zlua_env_state(zlua_env *env)
{
    return env != NULL && zlua_env_own(env) && !env->closing ? env->L : NULL;
}

static int zlua_env_path(lua_State *L)
{
    const char *dir = lua_tostring(L, 1);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;%s", dir, dir, luaL_optstring(L, -1, ""));
    lua_setfield(L, -3, "path");
    return 0;
}

int zlua_env_add_search_path(zlua_env *env, const char *dir)
{
    zlua_env_run run;
    if (dir == NULL || zlua_env_enter(env, &run) != 0)
        return -1;
    lua_pushcfunction(env->L, zlua_env_path);
    lua_pushstring(env->L, dir);
    int rc = zlua_env_pcall(env, 1, 0) == 0 ? 0 : -1;
    zlua_env_leave(env, &run);
    return rc;
}

static int zlua_env_arg(lua_State *L)
{
    if (lua_getglobal(L, "arg") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setglobal(L, "arg");
    }
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, lua_tointeger(L, 1));
    return 0;
}

int zlua_env_set_arg(zlua_env *env, int index, const char *value)
{
    zlua_env_run run;
    if (value == NULL || zlua_env_enter(env, &run) != 0)
        return -1;
    lua_pushcfunction(env->L, zlua_env_arg);
    lua_pushinteger(env->L, index);
    lua_pushstring(env->L, value);
    int rc = zlua_env_pcall(env, 2, 0) == 0 ? 0 : -1;
    zlua_env_leave(env, &run);
    return rc;
}

/* Runs the chunk lua_load* left (rc its status) and reports a load error. */
static int zlua_env_run_loaded(zlua_env *env, int rc)
{
    if (rc != LUA_OK) {
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, lua_tostring(env->L, -1));
        lua_pop(env->L, 1);
        return 1;
    }
    return zlua_env_pcall(env, 0, 0);
}

int zlua_env_dostring(zlua_env *env, const char *chunk, size_t len, const char *name)
{
    zlua_env_run run;
    if (chunk == NULL || zlua_env_enter(env, &run) != 0)
        return 1;
    int rc = zlua_env_run_loaded(
        env, luaL_loadbufferx(env->L, chunk, len, name ? name : "=(LuaEnv)", "t"));
    zlua_env_leave(env, &run);
    return rc;
}

int zlua_env_dofile(zlua_env *env, const char *path)
{
    zlua_env_run run;
    if (path == NULL || zlua_env_enter(env, &run) != 0)
        return 1;
    int rc = zlua_env_run_loaded(env, luaL_loadfilex(env->L, path, "t"));
    zlua_env_leave(env, &run);
    return rc;
}

/* ---- calling a global ------------------------------------------------------------- */

/* An argument as its own type: a boxed value unboxed (an int a Lua
 * integer), a string a Lua string, an object viewed as its class. */
static void zlua_env_push_arg(lua_State *L, Il2CppObject *a)
{
    if (a == NULL) {
        lua_pushnil(L);
        return;
    }
    Il2CppClass *k = il2cpp_object_get_class(a);
    const zlua_meta *m = zlua_meta_type(L, il2cpp_class_get_type(k));
    if (m == NULL)
        luaL_error(L, "not enough memory");
    zlua_meta_push(L, m, il2cpp_class_is_valuetype(k) ? il2cpp_object_unbox(a) : (void *)&a);
}

/* The call pending on L's env for a body of kind typed (GetFunction's:
 * with a type) or not (Call's), taken: a second run of the body finds
 * none.  Raises when there is none. */
static zlua_env_pending *zlua_env_take_pending(lua_State *L, int typed, const char *what)
{
    zlua_env *env = zlua_env_find(L);
    zlua_env_pending *c = env != NULL ? env->pending : NULL;
    if (c == NULL || (c->type != NULL) != typed)
        luaL_error(L, "zlua: no call of %s is pending", what);
    env->pending = NULL;
    return c;
}

/* Runs body with c pending (the entry run already entered), then leaves;
 * the object body left in *c->out goes out in a new strong GC handle
 * (0 for none).  0, or 1 with the error logged. */
static int zlua_env_run_pending(zlua_env *env, zlua_env_run *run, lua_CFunction body,
                                zlua_env_pending *c, uintptr_t *result)
{
    env->pending = c;
    lua_pushcfunction(env->L, body);
    int rc = zlua_env_pcall(env, 0, 0);
    env->pending = NULL;
    zlua_env_leave(env, run);
    if (rc != 0)
        return 1;
    *result = *c->out != NULL ? zlua_rt_gchandle_new(*c->out, 0) : 0;
    return 0;
}

/* The body of zlua_env_call, under its pcall: pushes the arguments,
 * calls, pops the first result as a System.Object. */
static int zlua_env_call_body(lua_State *L)
{
    zlua_env_pending *c = zlua_env_take_pending(L, 0, "LuaEnv.Call");
    zlua__ctx *ctx = zlua__ctx_get(L);
    const zlua_meta *m = zlua_meta_type(L, il2cpp_class_get_type(ctx->k_object));
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    if (lua_getglobal(L, c->name) != LUA_TFUNCTION)
        return luaL_error(L, "%s is not a function (a %s value)", c->name,
                          luaL_typename(L, -1));
    uintptr_t n = c->args != NULL ? zlua_array_count(ctx, c->args) : 0;
    if (n > 200)
        return luaL_error(L, "too many arguments to %s (%d)", c->name, (int)n);
    luaL_checkstack(L, (int)n, "too many arguments");
    Il2CppObject **elems = c->args != NULL ? (Il2CppObject **)(void *)zlua_array_data(ctx, c->args)
                                           : NULL;
    for (uintptr_t i = 0; i < n; i++)
        zlua_env_push_arg(L, elems[i]);
    lua_call(L, (int)n, 1);
    if (zlua_meta_pop(L, -1, m, c->out) != 0)
        return luaL_error(L, "the result of %s cannot be a System.Object (a %s value)", c->name,
                          luaL_typename(L, -1));
    return 0;
}

int zlua_env_call(zlua_env *env, const char *name, uintptr_t args, uintptr_t *result)
{
    if (result != NULL)
        *result = 0;
    zlua_env_run run;
    if (name == NULL || result == NULL || zlua_env_enter(env, &run) != 0)
        return 1;
    zlua__ctx *ctx = zlua__ctx_get(env->L);
    Il2CppObject *arr = args != 0 ? zlua_rt_gchandle_target(args) : NULL;
    Il2CppClass *ak = arr != NULL ? il2cpp_object_get_class(arr) : NULL;
    if (ak != NULL && (il2cpp_class_get_rank(ak) != 1 ||
                       il2cpp_class_get_element_class(ak) != ctx->k_object)) {
        zlua_env_leave(env, &run);
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, "zlua: LuaEnv.Call's arguments are not an object[]");
        return 1;
    }
    /* the array stays reachable through the caller's handle for the call;
     * the result is on this C stack, which the collector scans */
    Il2CppObject *out = NULL;
    zlua_env_pending c = {name, arr, &out, NULL};
    return zlua_env_run_pending(env, &run, zlua_env_call_body, &c, result);
}

/* ---- a global function as a typed delegate --------------------------------------- */

/* The body of zlua_env_get_function, under its pcall: the global popped
 * by the delegate type's meta (marshal/delegate_pop.c). */
static int zlua_env_function_body(lua_State *L)
{
    zlua_env_pending *c = zlua_env_take_pending(L, 1, "LuaEnv.GetFunction");
    const Il2CppType *t = c->type;
    Il2CppClass *k = il2cpp_class_from_type(t);
    zlua__class *cls = k != NULL ? zlua__class_get(zlua__ctx_get(L), k) : NULL;
    if (cls == NULL)
        return luaL_error(L, "zlua: LuaEnv.GetFunction: a type libzlua cannot bind");
    if (!cls->is_delegate)
        return luaL_error(L, "zlua: LuaEnv.GetFunction<%s>: not a delegate type",
                          cls->full_name);
    const zlua_meta *m = zlua_meta_type(L, t);
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    if (lua_getglobal(L, c->name) != LUA_TFUNCTION)
        return luaL_error(L, "%s is not a function (a %s value)", c->name,
                          luaL_typename(L, -1));
    int fn = lua_gettop(L);
    int rc = zlua_meta_pop(L, fn, m, c->out);
    if (rc != 0) {   /* the writer's reason (a player: no generated entry for the type) */
        zlua__pop_error_push(L, fn, m, rc);
        return luaL_error(L, "%s cannot be a %s: %s", c->name, cls->full_name,
                          lua_tostring(L, -1));
    }
    return 0;
}

int zlua_env_get_function(zlua_env *env, const char *name, const void *delegate_type,
                          uintptr_t *result)
{
    if (result != NULL)
        *result = 0;
    zlua_env_run run;
    if (name == NULL || delegate_type == NULL || result == NULL ||
        zlua_env_enter(env, &run) != 0)
        return 1;
    Il2CppObject *out = NULL;   /* on this C stack, which the collector scans */
    zlua_env_pending c = {name, NULL, &out, delegate_type};
    return zlua_env_run_pending(env, &run, zlua_env_function_body, &c, result);
}

/* ---- what scripts may reach (R-POLICY-1) ------------------------------------------ */

/* Rules change no Lua code's run, but only the owner may set them, and
 * never on a closing state. */
static int zlua_env_policy(zlua_env *env, const char *pattern, int deny)
{
    if (env == NULL || pattern == NULL)
        return ZLUA_EINVAL;
    if (!zlua_env_own(env) || env->closing)
        return ZLUA_ESTATE;
    return deny ? zlua_policy_deny(env->L, pattern) : zlua_policy_allow(env->L, pattern);
}

int zlua_env_allow(zlua_env *env, const char *pattern)
{
    return zlua_env_policy(env, pattern, 0);
}

int zlua_env_deny(zlua_env *env, const char *pattern)
{
    return zlua_env_policy(env, pattern, 1);
}
