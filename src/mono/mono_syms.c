/*
 * mono_syms.c -- finds the Mono the process runs on and its embedding
 * functions (mono_syms.h says why the backend links none).
 *
 * One library supplies every function and the collector's variables:
 * the first of the platform's names that is loaded, else the process's
 * global scope.  Mixing two Monos (a test host's and a second one some
 * plugin brought) would hand one runtime's objects to the other, so the
 * library is chosen once and nothing is looked up elsewhere.
 */
#if !defined(_WIN32)
#define _GNU_SOURCE   /* RTLD_DEFAULT */
#endif
/* the table's own members are written here, not redirected to */
#undef ZM_MONO_THROUGH_TABLE

#include <stdio.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <dlfcn.h>
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#else
#include <link.h>
#endif
#endif

#include "mono_syms.h"

zm_mono_api zm_mono;

/* Where Unity's Editors and Debian's Mono put their Boehm runtime.  SGen
 * builds are left out on purpose: libzlua needs Boehm's root hook. */
#if defined(_WIN32)
static const char *const zm_syms_libs[] = {"mono-2.0-bdwgc.dll", "mono-2.0-boehm.dll",
                                           "libmonoboehm-2.0-1.dll"};
#elif defined(__APPLE__)
static const char *const zm_syms_libs[] = {"libmonobdwgc-2.0.dylib", "libmonoboehm-2.0.1.dylib",
                                           "libmonoboehm-2.0.dylib"};
#else
static const char *const zm_syms_libs[] = {"libmonoboehm-2.0.so.1", "libmonobdwgc-2.0.so"};
#endif
enum { ZM_SYMS_NLIBS = sizeof zm_syms_libs / sizeof zm_syms_libs[0] };

#define ZM_MONO_NAME(ret, name, params) #name,
static const char *const zm_syms_names[] = {ZM_MONO_FUNCTIONS(ZM_MONO_NAME)};
#undef ZM_MONO_NAME

size_t zm_syms_count(void)
{
    return sizeof zm_syms_names / sizeof zm_syms_names[0];
}

const char *zm_syms_name(size_t i)
{
    return i < zm_syms_count() ? zm_syms_names[i] : NULL;
}

/* ---- the platform's lookup ------------------------------------------------ */

#if defined(_WIN32)
typedef HMODULE zm_syms_module;

/* GetModuleHandle, not LoadLibrary: the Mono to use is the one already
 * running; loading a second copy would start nothing. */
static zm_syms_module zm_syms_open(const char *name)
{
    return GetModuleHandleA(name);
}

static void *zm_syms_lookup_module(void *ud, const char *name)
{
    FARPROC f = GetProcAddress((HMODULE)ud, name);
    void *p;
    /* a function's address as data: what dlsym returns on POSIX */
    _Static_assert(sizeof p == sizeof f, "FARPROC and void * differ in size");
    memcpy(&p, &f, sizeof p);
    return p;
}

/* the executable itself: a host that exports Mono's functions */
static zm_syms_module zm_syms_process(void)
{
    return GetModuleHandleA(NULL);
}
#else
typedef void *zm_syms_module;

/* Whether path's last component is leaf. */
static int zm_syms_leaf_is(const char *path, const char *leaf)
{
    const char *slash = strrchr(path, '/');
    return strcmp(slash != NULL ? slash + 1 : path, leaf) == 0;
}

#if defined(__APPLE__)
/* dyld matches a bare name against its search paths only, not against
 * what is loaded from an application bundle: the loaded images' paths */
static const char *zm_syms_loaded_path(const char *leaf)
{
    for (uint32_t i = 0, n = _dyld_image_count(); i < n; i++) {
        const char *path = _dyld_get_image_name(i);
        if (path != NULL && zm_syms_leaf_is(path, leaf))
            return path;
    }
    return NULL;
}
#else
typedef struct zm_syms_find {
    const char *leaf;
    char path[4096];
} zm_syms_find;

static int zm_syms_find_one(struct dl_phdr_info *info, size_t size, void *ud)
{
    zm_syms_find *f = ud;
    (void)size;
    if (info->dlpi_name == NULL || !zm_syms_leaf_is(info->dlpi_name, f->leaf))
        return 0;
    snprintf(f->path, sizeof f->path, "%s", info->dlpi_name);
    return 1;
}

/* a library loaded by a path whose last component is leaf (a name the
 * loader does not match against a soname it lacks) */
static const char *zm_syms_loaded_path(const char *leaf)
{
    static zm_syms_find f;   /* zm_syms_load runs once, at attach */
    f.leaf = leaf;
    return dl_iterate_phdr(zm_syms_find_one, &f) != 0 ? f.path : NULL;
}
#endif

/* RTLD_NOLOAD: only a library already loaded, and its own definitions
 * (an executable's copy of a variable is not the one Mono writes).  By
 * the name the loader knows it by, else by the path it was loaded from. */
static zm_syms_module zm_syms_open(const char *name)
{
    void *lib = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
    const char *path = lib == NULL ? zm_syms_loaded_path(name) : NULL;
    return path != NULL ? dlopen(path, RTLD_LAZY | RTLD_NOLOAD) : lib;
}

static void *zm_syms_lookup_module(void *ud, const char *name)
{
    return dlsym(ud, name);
}

static zm_syms_module zm_syms_process(void)
{
    return RTLD_DEFAULT;
}
#endif

/* ---- the loader ------------------------------------------------------------ */

int zm_syms_resolve(zm_mono_api *api, zm_syms_lookup_fn lookup, void *ud, const char *where,
                    char *err, size_t errsize)
{
    zm_mono_api found;
    void *p;
    /* each found address is copied into its member: ISO C has no
     * conversion from void * to a function pointer, and POSIX guarantees
     * the representation is the same */
#define ZM_MONO_RESOLVE(ret, name, params)                                                   \
    p = lookup(ud, #name);                                                                    \
    if (p == NULL) {                                                                          \
        snprintf(err, errsize, "Mono's %s not found in %s", #name, where);                    \
        return -1;                                                                            \
    }                                                                                         \
    _Static_assert(sizeof p == sizeof found.name, #name ": not pointer-sized");               \
    memcpy(&found.name, &p, sizeof p);
    ZM_MONO_FUNCTIONS(ZM_MONO_RESOLVE)
#undef ZM_MONO_RESOLVE
    *api = found;
    return 0;
}

static zm_syms_module zm_syms_lib;
static const char *zm_syms_where;

int zm_syms_load(char *err, size_t errsize)
{
    if (zm_syms_where != NULL)
        return 0;
    zm_syms_module lib = NULL;
    const char *where = "the process";
    for (size_t i = 0; i < ZM_SYMS_NLIBS && lib == NULL; i++) {
        lib = zm_syms_open(zm_syms_libs[i]);
        /* a library of that name that is no Mono (or a stub of one) is
         * passed over for the next */
        if (lib != NULL && zm_syms_lookup_module((void *)lib, "mono_domain_get") == NULL)
            lib = NULL;
        if (lib != NULL)
            where = zm_syms_libs[i];
    }
    if (lib == NULL)
        lib = zm_syms_process();
    char why[160];
    if (zm_syms_resolve(&zm_mono, zm_syms_lookup_module, (void *)lib, where, why, sizeof why) != 0) {
        /* the names looked for, so that a user can tell which Mono was
         * expected */
        int n = snprintf(err, errsize, "%s (looked for", why);
        for (size_t i = 0; i < ZM_SYMS_NLIBS && n >= 0 && (size_t)n < errsize; i++)
            n += snprintf(err + n, errsize - (size_t)n, " %s,", zm_syms_libs[i]);
        if (n >= 0 && (size_t)n < errsize)
            snprintf(err + n, errsize - (size_t)n, " then the process)");
        return -1;
    }
    zm_syms_lib = lib;
    zm_syms_where = where;
    return 0;
}

void *zm_syms_data(const char *name)
{
    return zm_syms_where != NULL ? zm_syms_lookup_module((void *)zm_syms_lib, name) : NULL;
}

const char *zm_syms_origin(void)
{
    return zm_syms_where;
}
