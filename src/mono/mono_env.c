/*
 * mono_env.c -- zlua_mono.h: a Lua state for C# in a domain the backend
 * attached to (the Editor's), driven through DllImport by ZLua.LuaEnv.
 *
 * Errors never leave as longjmps: every entry runs its Lua work under
 * lua_pcall and reports through the env's log function.
 *
 * An env belongs to the thread that made it (R-THREAD-1): every entry
 * made on another thread is refused without touching the state (ZLua.LuaEnv
 * throws before it gets here; this is the C API's own check).  Each
 * entry that runs the env's Lua code counts itself in env->depth and
 * makes the state the innermost one running on its thread (zm_run,
 * mono_rt.h), which is how an IC call finds its env (R-ENV-3); an env
 * whose depth is nonzero, or whose state runs a C# -> Lua call
 * (zlua_stats.running), is never freed.
 */
#define _GNU_SOURCE   /* dladdr */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include <mono/metadata/threads.h>

#include "core/state.h"
#include "marshalc_attrs.h"
#include "mono_rt.h"
#include "zlua_mono.h"

/* The call zlua_mono_env_call is making: set for its body only, and
 * taken by it, so that a script that reached the body (debug.getinfo of
 * its caller) and calls it again finds none. */
typedef struct zm_env_call {
    const char *name;
    MonoArray *args;
    MonoObject **out;
} zm_env_call;

struct zlua_mono_env {
    lua_State *L;
    zlua_mono_log_fn log;
    void *log_ud;
    zm_env_call *pending;
    const void *owner;               /* &zm_thread_tag of the thread that made it */
    unsigned depth;                  /* its entries running now, closing included */
    int closing;                     /* lua_close runs: no entry any more */
    struct zlua_mono_env *next;      /* zm_envs */
};

/* A thread's identity: the address of its own copy of this byte. */
static _Thread_local char zm_thread_tag;

/* The envs this thread made and has not freed, the most recent first:
 * per thread, since only the owner ever reaches an env. */
static _Thread_local zlua_mono_env *zm_envs;

static void zm_env_log(void *ud, const char *message)
{
    const zlua_mono_env *env = ud;
    if (env->log != NULL)
        env->log(env->log_ud, ZLUA_MONO_LOG_ZLUA, message);
}

/* zm_ic_default: an IC call made while no Lua code runs on its thread
 * reaches the most recent env of that thread still open (mono_rt.h). */
static lua_State *zm_env_ic_default(void)
{
    for (zlua_mono_env *e = zm_envs; e != NULL; e = e->next)
        if (!e->closing)
            return e->L;
    return NULL;
}

/* The env of L (any of its threads): found by the main thread libzlua's
 * context records, which no script can reach. */
static zlua_mono_env *zm_env_of(lua_State *L)
{
    const zlua__ctx *ctx = zlua__ctx_get(L);
    for (zlua_mono_env *e = zm_envs; ctx != NULL && e != NULL; e = e->next)
        if (e->L == ctx->main)
            return e;
    return NULL;
}

static void zm_env_report(const zlua_mono_env *env, int kind, const char *msg)
{
    if (env != NULL && env->log != NULL)
        env->log(env->log_ud, kind, msg);
    else
        fprintf(stderr, "%s\n", msg);
}

/* ---- entries ------------------------------------------------------------------ */

static int zm_env_own(const zlua_mono_env *env)
{
    return env->owner == &zm_thread_tag;
}

/* The start of an entry that may run env's Lua code: refused (-1, on
 * stderr: the log belongs to the owner) on another thread or while the
 * state closes; otherwise counted and pushed as this thread's innermost
 * running state until zm_env_leave. */
static int zm_env_enter(zlua_mono_env *env, zm_run *run)
{
    if (env == NULL)
        return -1;
    if (!zm_env_own(env)) {
        fprintf(stderr, "zlua: a LuaEnv used on a thread other than the one that made it\n");
        return -1;
    }
    if (env->closing)
        return -1;
    env->depth++;
    zm_run_enter(run, env->L);
    return 0;
}

static void zm_env_leave(zlua_mono_env *env, zm_run *run)
{
    zm_run_leave(run);
    env->depth--;
}

int zlua_mono_env_busy(zlua_mono_env *env)
{
    if (env == NULL)
        return 0;
    if (!zm_env_own(env) || env->depth > 0 || env->closing)
        return 1;   /* another thread cannot even look: busy for it */
    zlua_stats st;
    return zlua_state_stats(env->L, &st) == ZLUA_OK && st.running > 0;
}

int zlua_mono_env_thread_busy(void)
{
    return zm_run_top() != NULL;
}

/* print(...): tostring of each argument, joined by tabs, one log line. */
static int zm_env_print(lua_State *L)
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
    zm_env_report(zm_env_of(L), ZLUA_MONO_LOG_PRINT, line);
    free(line);
    return 0;
}

static int zm_env_traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL)
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* Runs the function below its nargs arguments on top of the stack with
 * the traceback handler; the error is logged.  0 or 1; nres results are
 * left on success. */
static int zm_env_pcall(zlua_mono_env *env, int nargs, int nres)
{
    lua_State *L = env->L;
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, zm_env_traceback);
    lua_insert(L, base);
    int rc = lua_pcall(L, nargs, nres, base);
    lua_remove(L, base);
    if (rc == LUA_OK)
        return 0;
    zm_env_report(env, ZLUA_MONO_LOG_ERROR, lua_tostring(L, -1));
    lua_pop(L, 1);
    return 1;
}

/* The allocator of the states envs make (zlua_mono_env_set_default_alloc);
 * NULL: zm_env_realloc. */
static lua_Alloc zm_default_alloc;
static void *zm_default_alloc_ud;

void zlua_mono_env_set_default_alloc(lua_Alloc alloc, void *ud)
{
    zm_default_alloc = alloc;
    zm_default_alloc_ud = ud;
}

static void *zm_env_realloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

/* ---- [LuaMarshalAs] read live ------------------------------------------------ */
/* The Editor reads the attributes from the assemblies themselves (no
 * build step has compiled them yet), each assembly once, whatever the
 * order of loading (R-EDITOR-2): at the first env those already loaded,
 * and from then on each one as Mono loads it (an assembly load hook),
 * which is before any of its classes can bind.  One unvalidated table
 * per assembly, checked by libzlua at bind time, registered when the
 * assembly has been read whole: zlua_rules_register keeps the table's
 * address and a state resolves its rules on its first bind in that
 * assembly, so a table never moves nor grows once registered.  The rule
 * set is the process's, so are the tables (never freed).
 *
 * Reading runs managed code (attribute objects, their getters) and may
 * load more assemblies, whose hooks then fire inside it: those are
 * queued and read by the same loop.  One thread reads at a time; the
 * state that spells signatures is the backend's own (zm_live.L), used by
 * nobody else, so a load on any thread can be read. */

typedef struct zm_live_asm {
    zlua_marshal_table table;
    struct zm_live_asm *next;
} zm_live_asm;

static struct zm_live {
    pthread_mutex_t start_lock;     /* started: a second env waits for the first read */
    pthread_mutex_t queue_lock;     /* queue */
    pthread_mutex_t read_lock;      /* L, asms, the reading */
    lua_State *L;
    zm_live_asm *asms;              /* every assembly read, rules or not */
    MonoAssembly **queue;
    size_t nqueue, capqueue;
    int started;
} zm_live = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, NULL, NULL, NULL, 0, 0, 0};

/* This thread is in the reading loop: a load it causes is only queued. */
static _Thread_local int zm_live_reading;
/* The env being made on this thread: its log takes the first lines. */
static _Thread_local zlua_mono_env *zm_env_making;

/* A line about the rules: to the env being made, else the env whose Lua
 * code runs innermost on this thread, else this thread's newest env,
 * else stderr (a load on a thread with no env). */
static void zm_live_log(const char *line)
{
    zlua_mono_env *env = zm_env_making;
    lua_State *top = env == NULL ? zm_run_top() : NULL;
    if (top != NULL)
        env = zm_env_of(top);
    for (zlua_mono_env *e = zm_envs; env == NULL && e != NULL; e = e->next)
        if (!e->closing)
            env = e;
    zm_env_report(env, ZLUA_MONO_LOG_ZLUA, line);
}

static void zm_live_on_attr(void *ud, const char *assembly, const zlua_marshal_rule *r)
{
    (void)assembly;   /* the image's: the same for every rule of a read */
    zm_rule_buf_add(ud, r);
}

static int zm_live_seen(const char *name)
{
    for (const zm_live_asm *a = zm_live.asms; a != NULL; a = a->next)
        if (strcmp(a->table.assembly, name) == 0)
            return 1;
    return 0;
}

/* Registers an assembly's rules: one table, in its final place. */
static void zm_live_register(zm_live_asm *a, zm_rule_buf *b)
{
    char line[600];
    a->table.rules = b->rules;
    a->table.count = b->n;
    int rc = zlua_rules_register(&a->table, 1);
    if (rc == ZLUA_OK)
        return;
    snprintf(line, sizeof line,
             "[ZLua] LuaMarshalAs rules of assembly '%s' (%zu) are not applied: %s",
             a->table.assembly, b->n,
             rc == ZLUA_ENOMEM ? "out of memory" : "zlua_rules_register refused them");
    zm_live_log(line);
    a->table.count = 0;
}

/* Reads one assembly, once per assembly name: a second image of the same
 * name (a domain reloaded) has its rules already, keyed by name. */
static void zm_live_read(MonoAssembly *as)
{
    MonoImage *img = mono_assembly_get_image(as);
    const char *name = img != NULL ? mono_image_get_name(img) : NULL;
    if (name == NULL || zm_live_seen(name))
        return;
    zm_live_asm *a = calloc(1, sizeof *a);
    if (a == NULL) {
        zm_live_log("[ZLua] LuaMarshalAs attributes cannot be read: out of memory");
        return;
    }
    a->table.assembly = marshalc_keep(name);
    a->next = zm_live.asms;
    zm_live.asms = a;
    zm_rule_buf b = {0};
    zm_attrs_read_image(zm_live.L, img, zm_live_on_attr, &b, zm_live_log);
    if (b.nomem) {
        char line[600];
        snprintf(line, sizeof line, "[ZLua] LuaMarshalAs rules of assembly '%s' are not "
                                    "applied: out of memory", a->table.assembly);
        zm_live_log(line);
        free(b.rules);
        return;
    }
    if (b.n > 0)
        zm_live_register(a, &b);
    else
        free(b.rules);
}

static int zm_live_push(MonoAssembly *as)
{
    pthread_mutex_lock(&zm_live.queue_lock);
    int ok = 1;
    if (zm_live.nqueue == zm_live.capqueue) {
        size_t cap = zm_live.capqueue ? 2 * zm_live.capqueue : 64;
        MonoAssembly **more = realloc(zm_live.queue, cap * sizeof *more);
        if (more != NULL) {
            zm_live.queue = more;
            zm_live.capqueue = cap;
        }
        ok = more != NULL;
    }
    if (ok)
        zm_live.queue[zm_live.nqueue++] = as;
    pthread_mutex_unlock(&zm_live.queue_lock);
    return ok;
}

static MonoAssembly *zm_live_pop(void)
{
    pthread_mutex_lock(&zm_live.queue_lock);
    MonoAssembly *as = NULL;
    if (zm_live.nqueue > 0) {
        as = zm_live.queue[0];
        memmove(zm_live.queue, zm_live.queue + 1, --zm_live.nqueue * sizeof *zm_live.queue);
    }
    pthread_mutex_unlock(&zm_live.queue_lock);
    return as;
}

/* Reads what is queued, in load order.  Inside this thread's own loop a
 * load only queues (the loop reads it before it ends); another thread
 * waits for the loop that runs and then finds its assembly read. */
static void zm_live_drain(void)
{
    if (zm_live_reading)
        return;
    pthread_mutex_lock(&zm_live.read_lock);
    zm_live_reading = 1;
    MonoAssembly *as;
    while ((as = zm_live_pop()) != NULL)
        zm_live_read(as);
    zm_live_reading = 0;
    pthread_mutex_unlock(&zm_live.read_lock);
}

static void zm_live_enqueue(MonoAssembly *as)
{
    if (!zm_live_push(as)) {
        MonoImage *img = mono_assembly_get_image(as);
        char line[600];
        snprintf(line, sizeof line, "[ZLua] LuaMarshalAs attributes of assembly '%s' cannot "
                                    "be read: out of memory",
                 img != NULL ? mono_image_get_name(img) : "?");
        zm_live_log(line);
    }
}

/* Mono's assembly load hook: every assembly loaded after the first env. */
static void zm_live_on_load(MonoAssembly *as, void *ud)
{
    (void)ud;
    zm_live_enqueue(as);
    zm_live_drain();
}

static void zm_live_quiet(void *ud, const char *message)
{
    (void)ud;
    (void)message;   /* the reader's state binds nothing a user sees */
}

/* The backend's own state for spelling signatures (never closed: the
 * hook may fire at any time). */
static lua_State *zm_live_state(void)
{
    lua_State *L = lua_newstate(zm_env_realloc, NULL);
    if (L == NULL)
        return NULL;
    if (zlua_open(L) != ZLUA_OK || zlua_state_set_log(L, zm_live_quiet, NULL) != ZLUA_OK ||
        zm_open_state(L) != ZLUA_OK) {
        lua_close(L);
        return NULL;
    }
    return L;
}

/* Once per process, at the first env: the hook first (a load from now on
 * is seen), then every assembly loaded before it (one seen twice is read
 * once). */
static int zm_env_read_rules(void)
{
    pthread_mutex_lock(&zm_live.start_lock);
    int rc = ZLUA_OK;
    if (!zm_live.started) {
        zm_live.L = zm_live_state();
        rc = zm_live.L != NULL ? ZLUA_OK : ZLUA_ENOMEM;
    }
    if (rc == ZLUA_OK && !zm_live.started) {
        zm_live.started = 1;
        mono_install_assembly_load_hook(zm_live_on_load, NULL);
        zm_asm_list s;
        if (zm_attrs_loaded(&s) != 0)
            zm_live_log("[ZLua] LuaMarshalAs attributes of the assemblies loaded before the "
                        "first LuaEnv cannot be read: out of memory");
        for (size_t i = 0; i < s.n; i++)
            zm_live_enqueue(s.a[i]);
        free(s.a);
        zm_live_drain();
    }
    pthread_mutex_unlock(&zm_live.start_lock);
    return rc;
}

/* ---- the env ------------------------------------------------------------------ */

/* Lua C modules (require of a .so) resolve lua_* from the process's
 * global scope.  Mono 6.8 loads a DllImport library into it already; a
 * loader that keeps plugins local would leave them unresolved, so this
 * library (and the Lua it links) is promoted: a no-op where it is
 * global. */
static void zm_env_promote(void)
{
    Dl_info info;
    void *self = (void *)(uintptr_t)zm_env_promote;
    if (dladdr(self, &info) != 0 && info.dli_fname != NULL)
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
}

/* For untrusted scripts: the mods preset and no C modules, before any
 * type is bound or any script runs. */
static int zm_env_untrust(lua_State *L)
{
    int rc = zlua_policy_preset(L, ZLUA_POLICY_MODS);
    return rc == ZLUA_OK ? zlua_loadlib_disable(L) : rc;
}

static int zm_env_open(zlua_mono_env *env, int flags)
{
    lua_State *L = env->L;
    luaL_openlibs(L);
    int rc = zlua_open(L);
    if (rc == ZLUA_OK && (flags & ZLUA_MONO_ENV_UNTRUSTED))
        rc = zm_env_untrust(L);
    if (rc == ZLUA_OK)
        rc = zlua_state_set_log(L, zm_env_log, env);
    if (rc == ZLUA_OK)
        rc = zm_open_state(L);
    return rc;
}

zlua_mono_env *zlua_mono_env_new(const char *helpers_dll, zlua_mono_log_fn log, void *log_ud,
                                 int flags)
{
    char err[512];
    if (zm_attach(mono_domain_get(), helpers_dll, err, sizeof err) != 0) {
        char line[600];
        snprintf(line, sizeof line, "zlua: cannot attach to Mono: %s", err);
        if (log != NULL)
            log(log_ud, ZLUA_MONO_LOG_ERROR, line);
        return NULL;
    }
    zm_env_promote();
    zm_facts_forget();   /* a new env may follow a domain's unload */
    zlua_mono_env *env = calloc(1, sizeof *env);
    if (env == NULL)
        return NULL;
    env->log = log;
    env->log_ud = log_ud;
    env->owner = &zm_thread_tag;
    /* the rules before any state of this env binds a class */
    zm_env_making = env;
    int rules = zm_env_read_rules();
    zm_env_making = NULL;
    if (rules != ZLUA_OK) {
        zm_env_report(env, ZLUA_MONO_LOG_ERROR, "zlua: cannot read the LuaMarshalAs rules");
        free(env);
        return NULL;
    }
    env->L = zm_default_alloc != NULL ? lua_newstate(zm_default_alloc, zm_default_alloc_ud)
                                      : lua_newstate(zm_env_realloc, NULL);
    if (env->L == NULL) {
        free(env);
        return NULL;
    }
    if (zm_env_open(env, flags) != ZLUA_OK) {
        zm_env_report(env, ZLUA_MONO_LOG_ERROR, "zlua: cannot open the state");
        (void)zlua_mono_env_free(env);
        return NULL;
    }
    lua_pushcfunction(env->L, zm_env_print);
    lua_setglobal(env->L, "print");
    env->next = zm_envs;
    zm_envs = env;
    zm_ic_default = zm_env_ic_default;
    return env;
}

int zlua_mono_env_free(zlua_mono_env *env)
{
    if (env == NULL)
        return 0;
    if (!zm_env_own(env) || zlua_mono_env_busy(env))
        return 1;
    /* lua_close runs the state's finalizers, Lua code that may call C#
     * back: the env counts as running (a Dispose from there is refused,
     * an IC call from there reaches it) but takes no new entry */
    env->closing = 1;
    env->depth++;
    zm_run run;
    zm_run_enter(&run, env->L);
    lua_close(env->L);
    zm_run_leave(&run);
    for (zlua_mono_env **p = &zm_envs; *p != NULL; p = &(*p)->next)
        if (*p == env) {
            *p = env->next;
            break;
        }
    if (zm_ic_get_state() == env->L)
        zm_ic_set_state(NULL);
    free(env);
    zm_facts_forget();
    return 0;
}

lua_State *zlua_mono_env_state(zlua_mono_env *env)
{
    return env != NULL && zm_env_own(env) ? env->L : NULL;
}

static int zm_env_path(lua_State *L)
{
    const char *dir = lua_tostring(L, 1);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    lua_pushfstring(L, "%s/?.lua;%s/?/init.lua;%s", dir, dir, luaL_optstring(L, -1, ""));
    lua_setfield(L, -3, "path");
    return 0;
}

int zlua_mono_env_add_search_path(zlua_mono_env *env, const char *dir)
{
    zm_run run;
    if (dir == NULL || zm_env_enter(env, &run) != 0)
        return -1;
    lua_pushcfunction(env->L, zm_env_path);
    lua_pushstring(env->L, dir);
    int rc = zm_env_pcall(env, 1, 0) == 0 ? 0 : -1;
    zm_env_leave(env, &run);
    return rc;
}

static int zm_env_arg(lua_State *L)
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

int zlua_mono_env_set_arg(zlua_mono_env *env, int index, const char *value)
{
    zm_run run;
    if (value == NULL || zm_env_enter(env, &run) != 0)
        return -1;
    lua_pushcfunction(env->L, zm_env_arg);
    lua_pushinteger(env->L, index);
    lua_pushstring(env->L, value);
    int rc = zm_env_pcall(env, 2, 0) == 0 ? 0 : -1;
    zm_env_leave(env, &run);
    return rc;
}

/* Runs the chunk lua_load* left (rc its status) and reports a load error. */
static int zm_env_run_loaded(zlua_mono_env *env, int rc)
{
    if (rc != LUA_OK) {
        zm_env_report(env, ZLUA_MONO_LOG_ERROR, lua_tostring(env->L, -1));
        lua_pop(env->L, 1);
        return 1;
    }
    return zm_env_pcall(env, 0, 0);
}

int zlua_mono_env_dostring(zlua_mono_env *env, const char *chunk, size_t len, const char *name)
{
    zm_run run;
    if (chunk == NULL || zm_env_enter(env, &run) != 0)
        return 1;
    int rc = zm_env_run_loaded(
        env, luaL_loadbufferx(env->L, chunk, len, name ? name : "=(LuaEnv)", "t"));
    zm_env_leave(env, &run);
    return rc;
}

int zlua_mono_env_dofile(zlua_mono_env *env, const char *path)
{
    zm_run run;
    if (path == NULL || zm_env_enter(env, &run) != 0)
        return 1;
    int rc = zm_env_run_loaded(env, luaL_loadfilex(env->L, path, "t"));
    zm_env_leave(env, &run);
    return rc;
}

/* ---- calling a global ------------------------------------------------------------- */

static const zlua_meta *zm_env_object_meta(lua_State *L)
{
    MonoClass *obj = mono_get_object_class();
    return zlua_meta_type(L, (const Il2CppType *)(void *)mono_class_get_type(obj));
}

/* An argument as its own type: a boxed value unboxed (an int a Lua
 * integer), a string a Lua string, an object viewed as its class. */
static void zm_env_push_arg(lua_State *L, MonoObject *a)
{
    if (a == NULL) {
        lua_pushnil(L);
        return;
    }
    MonoClass *k = mono_object_get_class(a);
    const zlua_meta *m = zlua_meta_type(L, (const Il2CppType *)(void *)mono_class_get_type(k));
    if (m == NULL)
        luaL_error(L, "not enough memory");
    zlua_meta_push(L, m, mono_class_is_valuetype(k) ? mono_object_unbox(a) : (void *)&a);
}

/* The body of zlua_mono_env_call, under its pcall: pushes the
 * arguments, calls, pops the first result as a System.Object. */
static int zm_env_call_body(lua_State *L)
{
    zlua_mono_env *env = zm_env_of(L);
    zm_env_call *c = env != NULL ? env->pending : NULL;
    if (c == NULL)
        return luaL_error(L, "zlua: no call of LuaEnv.Call is pending");
    env->pending = NULL;
    const zlua_meta *m = zm_env_object_meta(L);
    if (m == NULL)
        return luaL_error(L, "not enough memory");
    if (lua_getglobal(L, c->name) != LUA_TFUNCTION)
        return luaL_error(L, "%s is not a function (a %s value)", c->name,
                          luaL_typename(L, -1));
    int n = c->args != NULL ? (int)mono_array_length(c->args) : 0;
    luaL_checkstack(L, n, "too many arguments");
    for (int i = 0; i < n; i++)
        zm_env_push_arg(L, mono_array_get(c->args, MonoObject *, i));
    lua_call(L, n, 1);
    if (zlua_meta_pop(L, -1, m, c->out) != 0)
        return luaL_error(L, "the result of %s cannot be a System.Object (a %s value)", c->name,
                          luaL_typename(L, -1));
    return 0;
}

int zlua_mono_env_call(zlua_mono_env *env, const char *name, uint32_t args, uint32_t *result)
{
    if (result != NULL)
        *result = 0;
    zm_run run;
    if (name == NULL || result == NULL || zm_env_enter(env, &run) != 0)
        return 1;
    /* the array stays reachable through the caller's handle for the call;
     * the result is on this C stack, which the collector scans */
    MonoObject *arr = args != 0 ? mono_gchandle_get_target(args) : NULL;
    MonoObject *out = NULL;
    zm_env_call c = {name, (MonoArray *)(void *)arr, &out};
    env->pending = &c;
    lua_pushcfunction(env->L, zm_env_call_body);
    int rc = zm_env_pcall(env, 0, 0);
    env->pending = NULL;
    zm_env_leave(env, &run);
    if (rc != 0)
        return 1;
    *result = out != NULL ? mono_gchandle_new(out, 0) : 0;
    return 0;
}

/* ---- what scripts may reach (R-POLICY-1) ------------------------------------------ */

/* Rules change no Lua code's run, but only the owner may set them, and
 * never on a closing state. */
static int zm_env_policy(zlua_mono_env *env, const char *pattern, int deny)
{
    if (env == NULL || pattern == NULL)
        return ZLUA_EINVAL;
    if (!zm_env_own(env) || env->closing)
        return ZLUA_ESTATE;
    return deny ? zlua_policy_deny(env->L, pattern) : zlua_policy_allow(env->L, pattern);
}

int zlua_mono_env_load_rules(zlua_mono_env *env, const char *xml_path)
{
    if (env == NULL || xml_path == NULL)
        return ZLUA_EINVAL;
    if (!zm_env_own(env) || env->closing || zm_live_reading)
        return ZLUA_ESTATE;   /* zm_live_reading: called from an attribute's own code */
    /* the rule registry is the process's, and the assembly load hook adds
     * to it from any thread: one at a time (the reading runs no managed
     * code, so no hook fires inside it) */
    pthread_mutex_lock(&zm_live.read_lock);
    int rc = zm_rules_xml_load(xml_path, zm_env_log, env);
    pthread_mutex_unlock(&zm_live.read_lock);
    return rc;
}

int zlua_mono_env_allow(zlua_mono_env *env, const char *pattern)
{
    return zm_env_policy(env, pattern, 0);
}

int zlua_mono_env_deny(zlua_mono_env *env, const char *pattern)
{
    return zm_env_policy(env, pattern, 1);
}
