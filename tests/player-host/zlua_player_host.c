/*
 * zlua_player_host.c -- `zlua-player-host PROGRAM.exe [ARGS...]`: a host
 * of an IL2CPP player's shape.  One executable holds libzlua and Lua,
 * linked statically, with Mono behind libzlua's runtime boundary where
 * IL2CPP would be (src/mono: the il2cpp_* functions and the glue on
 * Mono).  C# reaches libzlua only as a player's C# does, through
 * DllImport("__Internal"): ZLua.LuaEnv compiled in its player
 * configuration (ENABLE_IL2CPP), whose imports Mono resolves among this
 * executable's own symbols (exported: ENABLE_EXPORTS).  So a game's boot
 * code runs here unchanged from the Editor's configuration (zlua-mono).
 *
 * Before any C# runs, the runtime is ready as a player's is: the boundary
 * attached to the domain (ZLUA_PLAYER_HOST_HELPERS, or ZLua.MonoHost.dll
 * beside PROGRAM.exe) and the part of the runtime every env gets (on
 * Mono, Lua functions as delegates of any type; a player has its
 * generated delegate entries).  The specs' testbed is linked in too, for
 * zlua-run.exe in the player's configuration (tests/editor/editor_testbed.c
 * built with ZLUA_TESTBED_PLAYER).  Like the Editor launcher it exits
 * without mono_jit_cleanup (Mono 6.8's Boehm build waits two seconds for
 * its threads there).
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/jit/jit.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/mono-config.h>

#include "mono_alloc_count.h"
#include "mono_rt.h"
#include "zlua_env.h"

static const zlua_env_runtime zph_runtime = {NULL, zm_open_state, zm_facts_forget};

/* ZLua.MonoHost.dll: named by the environment, else beside the program. */
static void zph_helpers(const char *program, char *out, size_t size)
{
    const char *env = getenv("ZLUA_PLAYER_HOST_HELPERS");
    if (env != NULL && *env != '\0') {
        snprintf(out, size, "%s", env);
        return;
    }
    const char *slash = strrchr(program, '/');
    int dir = slash != NULL ? (int)(slash - program) : 1;
    snprintf(out, size, "%.*s/ZLua.MonoHost.dll", dir, slash != NULL ? program : ".");
}

int main(int argc, char *argv[])
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PROGRAM.exe [ARGS...]\n", argv[0]);
        return 2;
    }
    /* threads stopped by signal for a collection, as IL2CPP's Boehm does
     * (tests/mono/mono_host.c says why Mono's default cannot serve) */
    setenv("MONO_THREADS_SUSPEND", "preemptive", 1);
    /* the specs' testbed, linked in for zlua-run.exe, reads this count */
    zlua_launcher_count_allocs();
    mono_config_parse(NULL);
    MonoDomain *domain = mono_jit_init(argv[1]);
    if (domain == NULL) {
        fprintf(stderr, "%s: cannot start the runtime\n", argv[0]);
        return 2;
    }
    char helpers[4096], err[512];
    zph_helpers(argv[1], helpers, sizeof helpers);
    if (zm_attach(domain, helpers, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return 2;
    }
    zlua_env_set_runtime(&zph_runtime);
    MonoAssembly *program = mono_domain_assembly_open(domain, argv[1]);
    if (program == NULL) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[1]);
        return 2;
    }
    int rc = mono_jit_exec(domain, program, argc - 1, argv + 1);
    fflush(NULL);
    return rc;
}
