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

/* ---- generation in the Editor (R-PKG-2) ---------------------------------------- */

/* What zlua_mono_generate's callback is told: a step starting (fraction:
 * how far, 0 to 1), an error line ("FILE:LINE: error: ..." for an
 * illegal rule or list entry; fraction -1), any other line a generator
 * wrote (fraction -1). */
#define ZLUA_MONO_GEN_PROGRESS 0
#define ZLUA_MONO_GEN_ERROR 1
#define ZLUA_MONO_GEN_INFO 2
typedef void (*zlua_mono_gen_fn)(void *ud, int kind, const char *text, double fraction);

/* Runs the build step of a Unity project (docs/embedding.md) inside the
 * Editor, attached first as zlua_mono_env_attach(helpers_dll) attaches
 * (at once when it is): the rule compiler over assemblies'
 * [LuaMarshalAs] attributes and the XML rule files, then the stub
 * generator over the assemblies, with the same rules and the explicit
 * preservation lists.  Each list is UTF-8 paths, each ended by a NUL, the
 * list by an empty one ("a.dll\0b.dll\0\0"; NULL: none): assemblies
 * walked (at least one), references opened but not walked, rules, preserve.
 * Writes the rule tables (tables_c), the stubs (stubs_cpp), the report,
 * link.xml and (annotations_lua not NULL) the EmmyLua annotations of
 * zlua-annot, each first beside its path and moved into place when every
 * generator succeeded (a failed run changes no file).  Messages and
 * progress go to fn (NULL: none), on the calling thread, before this
 * returns.  Nothing of a run stays for the next but what the Editor's
 * process keeps anyway: its loaded assemblies, and a rule file's rules,
 * registered once per process as zlua_mono_env_load_rules's (a file
 * edited later shapes the stubs as it did then; the tables take it as
 * it is).  One run at a time, from one thread (the Editor's main
 * thread, as the package's menu and build callbacks call it).  0; the
 * number of errors reported; -1: refused (cannot attach, a run under way,
 * an argument missing, out of memory), said to fn. */
ZLUA_MONO_API int zlua_mono_generate(const char *helpers_dll, const char *assemblies,
                                     const char *references, const char *rules,
                                     const char *preserve, const char *stubs_cpp,
                                     const char *tables_c, const char *report_txt,
                                     const char *link_xml, const char *annotations_lua,
                                     zlua_mono_gen_fn fn, void *ud);

#ifdef __cplusplus
}
#endif

#endif
