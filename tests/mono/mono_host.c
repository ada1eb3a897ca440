/*
 * mono_host.c -- starts Mono for the test hosts, attaches the backend
 * (src/mono) to it and implements testbed_rt.h there.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/profiler.h>
#include <mono/metadata/threads.h>
#include <mono/metadata/tokentype.h>

#include "gc/gc_shim.h"
#include "mono_rt.h"
#include "testbed_rt.h"

/* ---- managed allocations, counted by a profiler ------------------------ */

struct _MonoProfiler {
    int unused;
};
static struct _MonoProfiler zm_profiler;
static uint64_t zm_allocs;

static void zm_on_alloc(MonoProfiler *prof, MonoObject *obj)
{
    (void)prof;
    (void)obj;
    __atomic_fetch_add(&zm_allocs, 1, __ATOMIC_RELAXED);
}

/* ---- start-up ----------------------------------------------------------- */

/* The assemblies zlua-run-mono was given (--assembly), in order, and the
 * folders their references are looked for in. */
#define ZM_MAX_GIVEN 32
static const char *zm_given[ZM_MAX_GIVEN];
static int zm_ngiven;

int testbed_rt_add_assembly(const char *path)
{
    if (zm_ngiven == ZM_MAX_GIVEN) {
        fprintf(stderr, "mono host: at most %d assemblies\n", ZM_MAX_GIVEN);
        return -1;
    }
    zm_given[zm_ngiven++] = path;
    return 0;
}

static const char *zm_dir(void)
{
    const char *d = getenv("ZLUA_MONO_ASSEMBLIES");
#ifdef ZLUA_MONO_ASSEMBLY_DIR
    if (d == NULL || d[0] == '\0')
        d = ZLUA_MONO_ASSEMBLY_DIR;
#endif
    return d;
}

/* The folder of path ("." without one), in out. */
static void zm_dirname(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        snprintf(out, size, ".");
    else
        snprintf(out, size, "%.*s", (int)(slash - path), path);
}

/* An assembly opened by name (CSharp["Skirmish.Mods"], a reference Mono
 * resolves) is looked for beside the assemblies given, then in the
 * backend's folder (ZLua.Common.dll), as the Editor finds a project's:
 * Mono itself looks beside the application only (a reference of an
 * assembly opened by path it also finds beside that assembly). */
static MonoAssembly *zm_preload(MonoAssemblyName *an, char **paths, void *ud)
{
    (void)paths;
    (void)ud;
    const char *name = mono_assembly_name_get_name(an);
    for (int i = 0; i <= zm_ngiven && name != NULL; i++) {
        char dir[4096], path[4096 + 256];
        if (i < zm_ngiven)
            zm_dirname(zm_given[i], dir, sizeof dir);
        else if (zm_dir() != NULL)
            snprintf(dir, sizeof dir, "%s", zm_dir());
        else
            break;
        snprintf(path, sizeof path, "%s/%s.dll", dir, name);
        FILE *f = fopen(path, "rb");
        if (f == NULL)
            continue;
        fclose(f);
        MonoImageOpenStatus st;
        MonoAssembly *a = mono_assembly_open(path, &st);
        if (a != NULL)
            return a;
    }
    return NULL;
}

static MonoImage *zm_open(const char *dir, const char *file, int required)
{
    char path[4096];
    if (dir != NULL)
        snprintf(path, sizeof path, "%s/%s", dir, file);
    else
        snprintf(path, sizeof path, "%s", file);
    MonoAssembly *a = mono_domain_assembly_open(zm.domain, path);
    if (a == NULL) {
        if (required)
            fprintf(stderr, "mono host: cannot open %s\n", path);
        return NULL;
    }
    return mono_assembly_get_image(a);
}

static Il2CppException *zm_host_fault_point(int op, MonoClass *k);
static Il2CppException *zm_host_fault_take_throw(void);

/* Starts Mono as the test hosts' process, then attaches the backend as
 * an Editor's plugin would (mono_attach.c), and opens the game: the
 * assemblies given (--assembly), or the fixtures of dir. */
static int zm_init(const char *dir)
{
    static int started;
    if (started)
        return 0;
    if (dir == NULL) {
        fprintf(stderr, "mono host: no assembly folder (ZLUA_MONO_ASSEMBLIES)\n");
        return -1;
    }
    started = 1;
    /* Threads are stopped for a collection by signal, as IL2CPP's Boehm
     * and the Editor's Mono do.  Mono 6.8's default (hybrid) instead
     * expects every thread that calls the embedding API to have entered a
     * GC-unsafe region, which the public headers do not offer: a
     * collection triggered by an allocation from the host thread aborts. */
    setenv("MONO_THREADS_SUSPEND", "preemptive", 1);
    /* the profiler must exist before the runtime starts */
    MonoProfilerHandle ph = mono_profiler_create(&zm_profiler);
    mono_profiler_enable_allocations();
    mono_profiler_set_gc_allocation_callback(ph, zm_on_alloc);
    mono_config_parse(NULL);
    MonoDomain *domain = mono_jit_init("zlua");
    if (domain == NULL)
        return -1;
    mono_install_assembly_preload_hook(zm_preload, NULL);
    char helpers[4096], err[512];
    snprintf(helpers, sizeof helpers, "%s/ZLua.MonoHost.dll", dir);
    if (zm_attach(domain, helpers, err, sizeof err) != 0) {
        fprintf(stderr, "mono host: %s\n", err);
        return -1;
    }
    zm.fault_point = zm_host_fault_point;
    zm.fault_take_throw = zm_host_fault_take_throw;
    /* loaded up front, as an Editor loads every assembly of the project:
     * Mono would load it only on the attribute's first use */
    (void)zm_open(dir, "ZLua.Common.dll", 0);
    if (zm_ngiven > 0) {
        for (int i = 0; i < zm_ngiven; i++)
            if (zm_open(NULL, zm_given[i], 1) == NULL)
                return -1;
        return 0;
    }
    if (zm_open(dir, "Assembly-CSharp.dll", 1) == NULL)
        return -1;
    (void)zm_open(dir, "ZLua.Tests.dll", 0);
    return 0;
}

/* ---- testbed_rt.h ----------------------------------------------------------- */

const char testbed_rt_name[] = "mono";

int testbed_rt_init(void)
{
    return zm_init(zm_dir());
}

/* Every delegate type gets an entry on Mono (mono_attach.c), those of
 * assemblies loaded later included. */
int testbed_rt_open(lua_State *L)
{
    return zm_open_state(L) == ZLUA_OK ? 1 : -1;
}

void testbed_rt_set_lua_state(lua_State *L)
{
    zm_ic_set_state(L);
}

lua_State *testbed_rt_lua_state(void)
{
    return zm_ic_get_state();
}

void testbed_rt_collect(void)
{
    MonoObject *exc = NULL;
    (void)zm_call(zm.h.collect, NULL, &exc);
}

uint64_t testbed_rt_gc_allocs(void)
{
    return __atomic_load_n(&zm_allocs, __ATOMIC_RELAXED);
}

#define ZM_MAX_TRACKED 65536
static uint32_t zm_tracked[ZM_MAX_TRACKED];
static int zm_ntracked;

int testbed_rt_track(Il2CppObject *obj)
{
    if (obj == NULL || zm_ntracked == ZM_MAX_TRACKED)
        return 0;
    zm_tracked[zm_ntracked++] = mono_gchandle_new_weakref(ZM_OBJ(obj), 0);
    return zm_ntracked;
}

int testbed_rt_alive(int id)
{
    if (id < 1 || id > zm_ntracked)
        return 0;
    return mono_gchandle_get_target(zm_tracked[id - 1]) != NULL;
}

/* ---- fault injection ----------------------------------------------------- */
/* Armed from Lua, fired by the glue (mono_rt.h): the next invoke throws
 * the exception made here; the nth operation of a kind throws what that
 * operation throws in IL2CPP. */

static uint32_t zm_throw_next;              /* a strong GC handle, 0: none */
static int zm_countdown[ZM_OP_COUNT];
static const char *const zm_op_names[ZM_OP_COUNT] = {
    "object_new", "value_box", "string_new", "array_new", "class_init"};

int testbed_rt_throw_next(const char *ns, const char *name, const char *msg)
{
    MonoClass *k = NULL;
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count && k == NULL; i++)
        k = mono_class_from_name((MonoImage *)(void *)il2cpp_assembly_get_image(as[i]), ns, name);
    if (k == NULL)
        return 0;
    MonoException *e = mono_exception_from_name_msg(mono_class_get_image(k), ns, name, msg);
    if (e == NULL)
        return 0;
    if (zm_throw_next != 0)
        mono_gchandle_free(zm_throw_next);
    zm_throw_next = mono_gchandle_new((MonoObject *)e, 0);
    return 1;
}

static Il2CppException *zm_host_fault_take_throw(void)
{
    if (zm_throw_next == 0)
        return NULL;
    MonoObject *e = mono_gchandle_get_target(zm_throw_next);
    mono_gchandle_free(zm_throw_next);
    zm_throw_next = 0;
    return (Il2CppException *)(void *)e;
}

int testbed_rt_fail_next(const char *op, int nth)
{
    for (int i = 0; i < ZM_OP_COUNT; i++)
        if (strcmp(op, zm_op_names[i]) == 0) {
            zm_countdown[i] = nth > 0 ? nth : 0;
            return 1;
        }
    return 0;
}

static Il2CppException *zm_host_fault_point(int op, MonoClass *k)
{
    if (zm_countdown[op] == 0 || --zm_countdown[op] != 0)
        return NULL;
    MonoObject *exc = NULL, *e;
    if (op == ZM_OP_STRING_NEW || op == ZM_OP_ARRAY_NEW) {
        e = zm_call(zm.h.out_of_memory, NULL, &exc);
    } else {
        char name[512];
        const char *ns = k ? mono_class_get_namespace(k) : "";
        snprintf(name, sizeof name, "%s%s%s", ns, ns[0] ? "." : "", k ? mono_class_get_name(k) : "?");
        void *args[1] = {mono_string_new(zm.domain, name)};
        e = zm_call(zm.h.type_init_error, args, &exc);
    }
    return (Il2CppException *)(void *)(exc != NULL ? exc : e);
}

