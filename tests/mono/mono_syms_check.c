/*
 * mono_syms_check.c -- the Editor backend's loader of Mono's functions
 * (src/mono/mono_syms.c) in a process that links no Mono, as libzlua-mono
 * is in an Editor (ctest mono.syms_missing):
 *   - with no Mono loaded, attaching fails naming the first function
 *     missing and the libraries looked for, and the table stays empty;
 *   - a Mono that lacks a function (each one in turn hidden from the
 *     lookup) is refused naming exactly that function;
 *   - every function is found in Debian's libmonoboehm, each at the
 *     address its own dlsym gives;
 *   - a Mono loaded RTLD_LOCAL (as a process may load its runtime, out of
 *     the global scope) is found by its name, with the collector's
 *     variables.
 *   mono_syms_check LIBMONOBOEHM
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mono_syms.h"

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
    return dlsym(h->lib, name);
}

static int api_empty(const zm_mono_api *api)
{
    static const zm_mono_api zero;
    return memcmp(api, &zero, sizeof zero) == 0;
}

int main(int argc, char **argv)
{
    char err[512];
    if (argc != 2) {
        fprintf(stderr, "usage: %s LIBMONOBOEHM\n", argv[0]);
        return 2;
    }
    size_t n = zm_syms_count();
    check(n == sizeof(zm_mono_api) / sizeof(void (*)(void)), "one name per member", NULL);

    /* no Mono in the process yet */
    check(dlopen("libmonoboehm-2.0.so.1", RTLD_LAZY | RTLD_NOLOAD) == NULL,
          "this test links no Mono", NULL);
    check(zm_syms_load(err, sizeof err) == -1, "attaching without Mono fails", NULL);
    char want[160];
    snprintf(want, sizeof want, "Mono's %s not found in the process (looked for libmonoboehm-2.0.so.1",
             zm_syms_name(0));
    check(strstr(err, want) == err, "the error names the first function", err);
    check(api_empty(&zm_mono) && zm_syms_origin() == NULL && zm_syms_data("GC_gc_no") == NULL,
          "a failed load leaves the table empty", NULL);

    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    check(lib != NULL, "dlopen of Mono", dlerror());
    if (lib == NULL)
        return 1;

    /* each function missing in turn */
    for (size_t i = 0; i < n; i++) {
        zm_mono_api api;
        memset(&api, 0, sizeof api);
        hiding h = {lib, zm_syms_name(i)};
        err[0] = '\0';
        int rc = zm_syms_resolve(&api, lookup_hiding, &h, "a Mono without it", err, sizeof err);
        snprintf(want, sizeof want, "Mono's %s not found in a Mono without it", zm_syms_name(i));
        check(rc == -1 && strcmp(err, want) == 0, "a missing function is named", err);
        check(api_empty(&api), "a refused Mono writes nothing", zm_syms_name(i));
    }

    /* all of them, where dlsym finds them */
    zm_mono_api api;
    hiding none = {lib, NULL};
    check(zm_syms_resolve(&api, lookup_hiding, &none, "libmonoboehm", err, sizeof err) == 0,
          "every function is in libmonoboehm", err);
    void *slots[sizeof api / sizeof(void *)];
    memcpy(slots, &api, sizeof api);
    for (size_t i = 0; i < n; i++)
        check(slots[i] == dlsym(lib, zm_syms_name(i)), "the table holds dlsym's address",
              zm_syms_name(i));

    /* the loader proper finds the library loaded out of the global scope */
    check(dlsym(RTLD_DEFAULT, "mono_domain_get") == NULL, "Mono is not global here", NULL);
    check(zm_syms_load(err, sizeof err) == 0, "zm_syms_load finds a local Mono by name", err);
    check(zm_syms_origin() != NULL && strcmp(zm_syms_origin(), "libmonoboehm-2.0.so.1") == 0,
          "found in libmonoboehm-2.0.so.1", zm_syms_origin());
    check(memcmp(&zm_mono, &api, sizeof api) == 0, "the same table", NULL);
    check(zm_syms_data("GC_push_other_roots") == dlsym(lib, "GC_push_other_roots") &&
              zm_syms_data("GC_gc_no") == dlsym(lib, "GC_gc_no") &&
              zm_syms_data("GC_gc_no") != NULL,
          "the collector's variables from the same library", NULL);
    check(zm_syms_load(err, sizeof err) == 0, "a second load: at once", err);

    if (failures == 0)
        printf("mono_syms: %zu functions; a missing one is named; found in %s\n", n,
               zm_syms_origin());
    return failures != 0;
}
