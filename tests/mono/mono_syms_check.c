/*
 * mono_syms_check.c -- the Editor backend's loader of Mono's functions
 * (src/mono/mono_syms.c) in a process that links no Mono, as libzlua-mono
 * is in an Editor (ctest mono.syms_missing, mono.syms_standin; under wine,
 * tools/mono-windows-check.sh):
 *   - with no Mono loaded, attaching fails naming the first function
 *     missing and the libraries looked for, and the table stays empty;
 *   - a Mono that lacks a function (each one in turn hidden from the
 *     lookup) is refused naming exactly that function;
 *   - the library LIB, loaded out of the global scope (RTLD_LOCAL, as a
 *     process may load its runtime), is found as ORIGIN, one of the
 *     loader's names, with every function at the address the system's
 *     own lookup gives and the collector's variables; or, MISSING given,
 *     refused naming that function and ORIGIN.
 *   mono_syms_check LIB ORIGIN [MISSING]
 */
#if !defined(_WIN32)
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <dlfcn.h>
#endif

#include "mono_syms.h"

/* ---- the system's loader, as the test itself uses it ------------------------ */

#if defined(_WIN32)
static void *lib_open(const char *path)
{
    return (void *)LoadLibraryA(path);
}

static void *lib_sym(void *lib, const char *name)
{
    FARPROC f = GetProcAddress((HMODULE)lib, name);
    void *p;
    memcpy(&p, &f, sizeof p);
    return p;
}

static int mono_is_global(void)
{
    return lib_sym((void *)GetModuleHandleA(NULL), "mono_domain_get") != NULL;
}
#else
static void *lib_open(const char *path)
{
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void *lib_sym(void *lib, const char *name)
{
    return dlsym(lib, name);
}

static int mono_is_global(void)
{
    return dlsym(RTLD_DEFAULT, "mono_domain_get") != NULL;
}
#endif

/* ---- the checks ------------------------------------------------------------------ */

static int failures;

static void check(int ok, const char *what, const char *detail)
{
    if (!ok) {
        fprintf(stderr, "FAIL: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
        failures++;
    }
}

typedef struct hiding {
    void *lib;
    const char *hidden;   /* looked up as missing; NULL: none */
} hiding;

static void *lookup_hiding(void *ud, const char *name)
{
    hiding *h = ud;
    if (h->hidden != NULL && strcmp(name, h->hidden) == 0)
        return NULL;
    return lib_sym(h->lib, name);
}

static int api_empty(const zm_mono_api *api)
{
    static const zm_mono_api zero;
    return memcmp(api, &zero, sizeof zero) == 0;
}

int main(int argc, char **argv)
{
    char err[512], want[200];
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: %s LIB ORIGIN [MISSING]\n", argv[0]);
        return 2;
    }
    const char *path = argv[1], *origin = argv[2], *missing = argc == 4 ? argv[3] : NULL;
    size_t n = zm_syms_count();
    check(n == sizeof(zm_mono_api) / sizeof(void (*)(void)), "one name per member", NULL);

    /* no Mono in the process yet */
    check(!mono_is_global(), "this test links no Mono", NULL);
    check(zm_syms_load(err, sizeof err) == -1, "attaching without Mono fails", NULL);
    snprintf(want, sizeof want, "Mono's %s not found in the process (looked for ", zm_syms_name(0));
    check(strstr(err, want) == err, "the error names the first function", err);
    check(api_empty(&zm_mono) && zm_syms_origin() == NULL && zm_syms_data("GC_gc_no") == NULL,
          "a failed load leaves the table empty", NULL);

    void *lib = lib_open(path);
    check(lib != NULL, "loading the library", path);
    if (lib == NULL)
        return 1;
    check(!mono_is_global(), "the library is not in the global scope", NULL);

    /* each function missing in turn */
    for (size_t i = 0; i < n && missing == NULL; i++) {
        zm_mono_api api;
        memset(&api, 0, sizeof api);
        hiding h = {lib, zm_syms_name(i)};
        err[0] = '\0';
        int rc = zm_syms_resolve(&api, lookup_hiding, &h, "a Mono without it", err, sizeof err);
        snprintf(want, sizeof want, "Mono's %s not found in a Mono without it", zm_syms_name(i));
        check(rc == -1 && strcmp(err, want) == 0, "a missing function is named", err);
        check(api_empty(&api), "a refused Mono writes nothing", zm_syms_name(i));
    }

    /* the loader proper */
    int rc = zm_syms_load(err, sizeof err);
    if (missing != NULL) {
        snprintf(want, sizeof want, "Mono's %s not found in %s (looked for ", missing, origin);
        check(rc == -1 && strstr(err, want) == err, "the missing function is named", err);
        check(api_empty(&zm_mono) && zm_syms_origin() == NULL, "the table stays empty", NULL);
    } else {
        check(rc == 0, "the library is found by name", err);
        check(zm_syms_origin() != NULL && strcmp(zm_syms_origin(), origin) == 0,
              "found under the expected name", zm_syms_origin());
        void *slots[sizeof zm_mono / sizeof(void *)];
        memcpy(slots, &zm_mono, sizeof zm_mono);
        for (size_t i = 0; i < n; i++)
            check(slots[i] != NULL && slots[i] == lib_sym(lib, zm_syms_name(i)),
                  "the table holds the library's address", zm_syms_name(i));
        check(zm_syms_data("GC_push_other_roots") == lib_sym(lib, "GC_push_other_roots") &&
                  zm_syms_data("GC_gc_no") == lib_sym(lib, "GC_gc_no") &&
                  zm_syms_data("GC_gc_no") != NULL,
              "the collector's variables from the same library", NULL);
        check(zm_syms_load(err, sizeof err) == 0, "a second load: at once", err);
    }
    if (failures == 0)
        printf("mono_syms: %zu functions; %s: %s\n", n, origin,
               missing != NULL ? err : "every one found");
    return failures != 0;
}
