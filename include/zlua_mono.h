/*
 * zlua_mono.h -- libzlua's Mono backend as the Unity Editor loads it: a
 * shared library (libzlua-mono.so, zlua-mono.dll) that attaches to the
 * domain already running.  Its envs are zlua_env.h's, which the library
 * exports too: ZLua.LuaEnv calls the same entry API in the Editor as in a
 * player, and in the Editor calls zlua_mono_env_attach first.  Nothing
 * here starts Mono; the mono_* functions the backend calls are the ones
 * of the Mono the process runs on (docs/embedding.md, "The Editor").
 */
#ifndef ZLUA_MONO_H
#define ZLUA_MONO_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "zlua_env.h"

#if defined(_WIN32)
#define ZLUA_MONO_API __declspec(dllexport)
#else
#define ZLUA_MONO_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Attaches the backend to the current domain once per process (loading
 * the reflection helpers from helpers_dll, the path of ZLua.MonoHost.dll;
 * again: 0 at once) and makes every env made from then on a Mono one: the
 * [LuaMarshalAs] attributes of the loaded assemblies read live (by the
 * first env, then as assemblies load) and Lua functions delegates of any
 * type.  0, or -1 with the reason in err (errsize bytes, NUL-terminated). */
ZLUA_MONO_API int zlua_mono_env_attach(const char *helpers_dll, char *err, size_t errsize);

/* A project's XML rule file (docs/marshal-rules.md), what zlua-marshalc
 * compiles for a player: read by the same reader, its rules added to the
 * process's rule set unvalidated (checked at bind time, as attributes read
 * live are), for every state's binds from then on -- load it before the
 * scripts bind the types it names.  Each error line ("FILE:LINE: error:
 * ...") goes to env's log, and a file with any error adds nothing; a file
 * read before is not read again; serialised with the backend's reading of
 * attributes (any thread).  0; the number of errors; ZLUA_EINVAL (NULL);
 * ZLUA_ESTATE (another thread, env closes, or called from inside an
 * attribute's reading). */
ZLUA_MONO_API int zlua_mono_env_load_rules(zlua_env *env, const char *xml_path);

#ifdef __cplusplus
}
#endif

#endif
