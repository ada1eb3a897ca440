/*
 * mono_host.c -- starts Mono for the test hosts, attaches the backend
 * (src/mono) to it and implements testbed_rt.h there.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/mono-config.h>
#include <mono/metadata/profiler.h>
#include <mono/metadata/threads.h>

#include "mono_rt.h"
#include "mono_testbed.h"
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

/* The assemblies zlua-run-mono was given (--assembly), in order.  Mono
 * finds their references beside them; the backend finds an assembly
 * opened by name there too (mono_api.c). */
#define ZM_MAX_GIVEN 32
typedef struct zm_paths {
    const char *path[ZM_MAX_GIVEN];
    int n;
} zm_paths;
static zm_paths zm_given;   /* --assembly */
static zm_paths zm_rules;   /* --rules: the XML rule files, in order */

static int zm_paths_add(zm_paths *p, const char *path, const char *what)
{
    if (p->n == ZM_MAX_GIVEN) {
        fprintf(stderr, "mono host: at most %d %s\n", ZM_MAX_GIVEN, what);
        return -1;
    }
    p->path[p->n++] = path;
    return 0;
}

int testbed_rt_add_assembly(const char *path)
{
    return zm_paths_add(&zm_given, path, "assemblies");
}

int testbed_rt_add_rules(const char *path)
{
    return zm_paths_add(&zm_rules, path, "rule files");
}

static void zm_rules_error(void *ud, const char *line)
{
    (void)ud;
    fprintf(stderr, "%s\n", line);
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
    char helpers[4096], err[512];
    snprintf(helpers, sizeof helpers, "%s/ZLua.MonoHost.dll", dir);
    if (zm_attach(domain, helpers, err, sizeof err) != 0) {
        fprintf(stderr, "mono host: %s\n", err);
        return -1;
    }
    zm_testbed_install();
    /* the project's rule files, before any state binds a type */
    for (int i = 0; i < zm_rules.n; i++)
        if (zm_rules_xml_load(zm_rules.path[i], zm_rules_error, NULL) != 0)
            return -1;
    /* loaded up front, as an Editor loads every assembly of the project:
     * Mono would load it only on the attribute's first use */
    (void)zm_open(dir, "ZLua.Common.dll", 0);
    if (zm_given.n > 0) {
        for (int i = 0; i < zm_given.n; i++)
            if (zm_open(NULL, zm_given.path[i], 1) == NULL)
                return -1;
        return 0;
    }
    if (zm_open(dir, "Assembly-CSharp.dll", 1) == NULL)
        return -1;
    (void)zm_open(dir, "ZLua.Tests.dll", 0);
    return 0;
}

/* ---- testbed_rt.h: start-up and the profiler's count (mono_testbed.c: the rest) */

int testbed_rt_init(void)
{
    return zm_init(zm_dir());
}

uint64_t testbed_rt_gc_allocs(void)
{
    return __atomic_load_n(&zm_allocs, __ATOMIC_RELAXED);
}
