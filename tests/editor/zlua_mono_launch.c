/*
 * zlua_mono_launch.c -- `zlua-mono PROGRAM.exe [ARGS...]`: `mono
 * PROGRAM.exe` on Mono's Boehm build, the collector Unity's Editor runs
 * on and libzlua's GC shim hooks (Debian's /usr/bin/mono is SGen, which
 * has no hook for libzlua's roots).  It stands where the Editor's
 * executable stands: it starts Mono as an embedder does (mono_jit_init)
 * and runs managed code, which loads libzlua's backend itself through
 * DllImport.  It knows nothing of libzlua.
 *
 * It exits without mono_jit_cleanup, as the test host does: Mono 6.8's
 * Boehm build waits two seconds for its threads at cleanup.
 *
 * For the tests only, it counts managed allocations with a profiler
 * installed before the runtime starts (mono_alloc_count.h).
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <stdio.h>
#include <stdlib.h>

#include <mono/jit/jit.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/mono-config.h>

#include "mono_alloc_count.h"

int main(int argc, char *argv[])
{
    /* threads stopped by signal for a collection, as the Editor's Mono
     * does (tests/mono/mono_host.c says why the default cannot serve) */
    setenv("MONO_THREADS_SUSPEND", "preemptive", 1);
    zlua_launcher_count_allocs();
    if (argc < 2) {
        fprintf(stderr, "usage: %s PROGRAM.exe [ARGS...]\n", argv[0]);
        return 2;
    }
    mono_config_parse(NULL);
    MonoDomain *domain = mono_jit_init(argv[1]);
    MonoAssembly *program = domain ? mono_domain_assembly_open(domain, argv[1]) : NULL;
    if (program == NULL) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
        return 2;
    }
    int rc = mono_jit_exec(domain, program, argc - 1, argv + 1);
    fflush(NULL);
    return rc;
}
