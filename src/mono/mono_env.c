/*
 * mono_env.c -- zlua_mono.h: what the Mono backend adds to the envs of
 * zlua_env.h in a domain it attached to (the Editor's): the
 * [LuaMarshalAs] attributes read live from the loaded assemblies, Lua
 * functions as delegates of any type on every state, a project's XML
 * rule files loaded at run time.  ZLua.LuaEnv's Editor configuration
 * calls zlua_mono_env_attach once, then zlua_env.h as the player does.
 */
#if defined(_WIN32)
#include <windows.h>
#else
#define _GNU_SOURCE   /* dladdr */
#include <dlfcn.h>
#include <pthread.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include <mono/metadata/threads.h>

#include "marshalc_attrs.h"
#include "mono_rt.h"
#include "zlua_env.h"
#include "zlua_mono.h"

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

/* A plain lock, not recursive: POSIX's mutex, Windows' slim lock (no
 * pthreads library to ship beside the DLL). */
#if defined(_WIN32)
typedef SRWLOCK zm_lock;
#define ZM_LOCK_INIT SRWLOCK_INIT
#define zm_lock_take(l) AcquireSRWLockExclusive(l)
#define zm_lock_give(l) ReleaseSRWLockExclusive(l)
#else
typedef pthread_mutex_t zm_lock;
#define ZM_LOCK_INIT PTHREAD_MUTEX_INITIALIZER
#define zm_lock_take(l) pthread_mutex_lock(l)
#define zm_lock_give(l) pthread_mutex_unlock(l)
#endif

typedef struct zm_live_asm {
    zlua_marshal_table table;
    struct zm_live_asm *next;
} zm_live_asm;

static struct zm_live {
    zm_lock start_lock;             /* started: a second env waits for the first read */
    zm_lock queue_lock;             /* queue */
    zm_lock read_lock;              /* L, asms, the reading */
    lua_State *L;
    zm_live_asm *asms;              /* every assembly read, rules or not */
    MonoAssembly **queue;
    size_t nqueue, capqueue;
    int started;
} zm_live = {ZM_LOCK_INIT, ZM_LOCK_INIT, ZM_LOCK_INIT, NULL, NULL, NULL, 0, 0, 0};

/* This thread is in the reading loop: a load it causes is only queued. */
static _Thread_local int zm_live_reading;
/* The env being made on this thread: its log takes the first lines. */
static _Thread_local zlua_env *zm_env_making;

/* A line about the rules: to the env being made, else the env whose Lua
 * code runs innermost on this thread, else this thread's newest env,
 * else stderr (a load on a thread with no env). */
static void zm_live_log(const char *line)
{
    zlua_env *env = zm_env_making;
    if (env == NULL)
        env = zlua_env_find(zlua_env_current());
    zlua_env_log(env, ZLUA_ENV_LOG_ZLUA, line);
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
    if (name == NULL)
        return;
    /* its [LuaInvoke] methods: every image, a reloaded domain's too
     * (their internal calls then reach the new image's methods) */
    zm_icall_read_image(img, zm_live_log);
    if (zm_live_seen(name))
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
    zm_lock_take(&zm_live.queue_lock);
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
    zm_lock_give(&zm_live.queue_lock);
    return ok;
}

static MonoAssembly *zm_live_pop(void)
{
    zm_lock_take(&zm_live.queue_lock);
    MonoAssembly *as = NULL;
    if (zm_live.nqueue > 0) {
        as = zm_live.queue[0];
        memmove(zm_live.queue, zm_live.queue + 1, --zm_live.nqueue * sizeof *zm_live.queue);
    }
    zm_lock_give(&zm_live.queue_lock);
    return as;
}

/* Reads what is queued, in load order.  Inside this thread's own loop a
 * load only queues (the loop reads it before it ends); another thread
 * waits for the loop that runs and then finds its assembly read. */
static void zm_live_drain(void)
{
    if (zm_live_reading)
        return;
    zm_lock_take(&zm_live.read_lock);
    zm_live_reading = 1;
    MonoAssembly *as;
    while ((as = zm_live_pop()) != NULL)
        zm_live_read(as);
    zm_live_reading = 0;
    zm_lock_give(&zm_live.read_lock);
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
    lua_State *L = luaL_newstate();
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
    zm_lock_take(&zm_live.start_lock);
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
    zm_lock_give(&zm_live.start_lock);
    return rc;
}

/* Generation in the Editor (mono_generate.c): the rules read live as for
 * an env, before the generators load the game's assemblies. */
int zm_live_rules_start(void)
{
    return zm_env_read_rules();
}

/* ---- the env's runtime part --------------------------------------------------------- */

/* Lua C modules (require of a .so) resolve lua_* from the process's
 * global scope.  Mono 6.8 loads a DllImport library into it already; a
 * loader that keeps plugins local would leave them unresolved, so this
 * library (and the Lua it links) is promoted: a no-op where it is
 * global.  Windows has no global scope: a C module imports Lua from the
 * Lua DLL it was linked with, by name. */
static void zm_env_promote(void)
{
#if !defined(_WIN32)
    Dl_info info;
    void *self = (void *)(uintptr_t)zm_env_promote;
    if (dladdr(self, &info) != 0 && info.dli_fname != NULL)
        (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
#endif
}

/* Before each env's state: the rules, before any of its classes binds
 * (the first env of the process reads what is loaded), and the [LuaInvoke]
 * methods' internal calls with them.  env NULL: zlua_env_prepare's, at
 * start-up. */
static int zm_env_prepare(zlua_env *env)
{
    zm_facts_forget();   /* a new env may follow a domain's unload */
    zm_env_making = env;
    int rules = zm_env_read_rules();
    zm_env_making = NULL;
    if (rules != ZLUA_OK) {
        zlua_env_log(env, ZLUA_ENV_LOG_ERROR, "zlua: cannot read the LuaMarshalAs rules");
        return 1;
    }
    return 0;
}

static const zlua_env_runtime zm_env_runtime = {zm_env_prepare, zm_open_state,
                                                zm_facts_forget};

int zlua_mono_env_attach(const char *helpers_dll, char *err, size_t errsize)
{
    char why[512];
    /* mono_domain_get is Mono's too: found before it is called */
    if (zm_syms_load(why, sizeof why) != 0 ||
        zm_attach(mono_domain_get(), helpers_dll, why, sizeof why) != 0) {
        if (err != NULL && errsize > 0)
            snprintf(err, errsize, "zlua: cannot attach to Mono: %s", why);
        return -1;
    }
    zm_env_promote();
    zlua_env_set_runtime(&zm_env_runtime);
    return 0;
}

/* ---- a project's XML rules ------------------------------------------------------- */

static void zm_env_rules_line(void *ud, const char *line)
{
    zlua_env_log(ud, ZLUA_ENV_LOG_ZLUA, line);
}

int zlua_mono_env_load_rules(zlua_env *env, const char *xml_path)
{
    if (env == NULL || xml_path == NULL)
        return ZLUA_EINVAL;
    if (zlua_env_state(env) == NULL || zm_live_reading)
        return ZLUA_ESTATE;   /* zm_live_reading: called from an attribute's own code */
    /* the rule registry is the process's, and the assembly load hook adds
     * to it from any thread: one at a time (the reading runs no managed
     * code, so no hook fires inside it) */
    zm_lock_take(&zm_live.read_lock);
    int rc = zm_rules_xml_load(xml_path, zm_env_rules_line, env);
    zm_lock_give(&zm_live.read_lock);
    return rc;
}
