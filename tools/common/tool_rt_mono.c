/*
 * tool_rt_mono.c -- tool_rt.h on Mono: the build tools over a game's own
 * assemblies, as a Unity project's build step runs them
 * (zlua-stubgen-mono, zlua-marshalc-mono).  Mono is started here and the
 * backend attached to it as to an Editor's domain (zm_attach); nothing
 * is loaded but the reflection helpers and the files given, each opened
 * from its path with its references beside it.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/jit/jit.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/image.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/tokentype.h>

#include "mono_rt.h"
#include "tool_rt.h"

const char tool_rt_name[] = "mono";

#ifdef ZLUA_TOOL_LIBRARY
/* Inside the Editor (libzlua-mono, tool_run.h): Mono runs and the backend
 * is attached to its domain (zlua_mono_env_attach) before any tool runs. */
int tool_rt_start(char *err, size_t errsize)
{
    if (zm.domain == NULL) {
        snprintf(err, errsize, "the backend is not attached to the Editor's Mono "
                               "(zlua_mono_env_attach first)");
        return -1;
    }
    return 0;
}
#else
/* The folder of ZLua.MonoHost.dll, the boundary's reflection helpers:
 * ZLUA_MONO_ASSEMBLIES, else the build's. */
static const char *tool_rt_helpers_dir(void)
{
    const char *d = getenv("ZLUA_MONO_ASSEMBLIES");
#ifdef ZLUA_MONO_ASSEMBLY_DIR
    if (d == NULL || d[0] == '\0')
        d = ZLUA_MONO_ASSEMBLY_DIR;
#endif
    return d;
}

int tool_rt_start(char *err, size_t errsize)
{
    const char *dir = tool_rt_helpers_dir();
    if (dir == NULL) {
        snprintf(err, errsize, "no folder of ZLua.MonoHost.dll (ZLUA_MONO_ASSEMBLIES)");
        return -1;
    }
    /* as the test hosts start it (tests/mono/mono_host.c says why) */
    setenv("MONO_THREADS_SUSPEND", "preemptive", 1);
    mono_config_parse(NULL);
    MonoDomain *domain = mono_jit_init("zlua-tool");
    if (domain == NULL) {
        snprintf(err, errsize, "cannot start Mono");
        return -1;
    }
    char helpers[4096];
    snprintf(helpers, sizeof helpers, "%s/ZLua.MonoHost.dll", dir);
    return zm_attach(domain, helpers, err, errsize);
}
#endif

/* Whether every assembly img references can be loaded: from the folder
 * of path (where Mono looks for a reference of an assembly it opened from
 * a file), among those loaded, or the framework's.  A missing one makes
 * Mono fail later inside a signature, so it is said here, by name. */
static int tool_rt_references(MonoImage *img, const char *path, char *err, size_t errsize)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    size_t n = slash != NULL ? (size_t)(slash - path) : 0;
    if (n >= sizeof dir)
        n = 0;
    memcpy(dir, path, n);
    dir[n] = '\0';
    /* one name object: get_assemblyref points its fields into img */
    static MonoAssemblyName *an;
    if (an == NULL && (an = mono_assembly_name_new("ZLua.Tool")) == NULL)
        return 1;
    int rows = mono_image_get_table_rows(img, MONO_TABLE_ASSEMBLYREF);
    for (int i = 0; i < rows; i++) {
        mono_assembly_get_assemblyref(img, i, an);
        MonoImageOpenStatus st;
        if (mono_assembly_loaded(an) == NULL &&
            mono_assembly_load(an, n > 0 ? dir : ".", &st) == NULL) {
            snprintf(err, errsize, "%s references the assembly '%s', which is neither beside it "
                                   "nor loaded: put it there, or open it first (--reference)",
                     path, mono_assembly_name_get_name(an));
            return 0;
        }
    }
    return 1;
}

const Il2CppImage *tool_rt_open(const char *path, const char **assembly, char *err,
                                size_t errsize)
{
    *assembly = NULL;
    /* Mono's own failure says nothing of the cause: look first */
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errsize, "%s: cannot read the assembly: %s", path, strerror(errno));
        return NULL;
    }
    fclose(f);
    MonoAssembly *a = mono_domain_assembly_open(zm.domain, path);
    MonoImage *img = a != NULL ? mono_assembly_get_image(a) : NULL;
    if (img == NULL) {
        snprintf(err, errsize, "%s: not an assembly Mono can load (a .NET library compiled "
                               "for the game, with its references beside it)", path);
        return NULL;
    }
    if (!tool_rt_references(img, path, err, errsize))
        return NULL;
    *assembly = mono_image_get_name(img);
    return (const Il2CppImage *)(void *)img;
}

Il2CppObject *tool_rt_method_attr(const MethodInfo *mi, Il2CppClass *attr)
{
    MonoCustomAttrInfo *info = mono_custom_attrs_from_method((MonoMethod *)(void *)mi);
    if (info == NULL)
        return NULL;
    MonoObject *obj = mono_custom_attrs_has_attr(info, (MonoClass *)(void *)attr)
                          ? mono_custom_attrs_get_attr(info, (MonoClass *)(void *)attr)
                          : NULL;
    mono_custom_attrs_free(info);
    return (Il2CppObject *)(void *)obj;
}
