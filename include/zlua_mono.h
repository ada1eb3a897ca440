/*
 * zlua_mono.h -- libzlua's Mono backend as the Unity Editor loads it: a
 * shared library (libzlua-mono.so, zlua-mono.dll) that attaches to the
 * domain already running and drives a Lua state for C#.
 *
 * The managed side is in charge there: ZLua.LuaEnv (ZLua.LuaEnv.dll)
 * calls these functions through DllImport, as Unity loads any native
 * plugin.  Nothing here starts Mono; the mono_* functions the backend
 * calls are the ones of the Mono the process runs on (docs/embedding.md,
 * "The Editor").
 *
 * An env belongs to the thread that made it (R-THREAD-1): a function
 * given an env on another thread refuses (its error result) and touches
 * nothing.  An env is never freed while any of its Lua code runs
 * (R-ENV-3), and a C# -> Lua IC call reaches the env whose Lua code runs
 * innermost on the calling thread, else the most recent env that thread
 * made and has not freed.
 */
#ifndef ZLUA_MONO_H
#define ZLUA_MONO_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#if defined(_WIN32)
#define ZLUA_MONO_API __declspec(dllexport)
#else
#define ZLUA_MONO_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What the env reports: a script's print (one line per call, the
 * arguments tostring'd and joined by tabs), an error (message and
 * traceback), or one of libzlua's own log lines (zlua_state_set_log). */
enum { ZLUA_MONO_LOG_PRINT = 0, ZLUA_MONO_LOG_ERROR = 1, ZLUA_MONO_LOG_ZLUA = 2 };
/* ud: what zlua_mono_env_new was given (ZLua.LuaEnv: a weak GC handle of
 * the env, so that one static callback serves every env). */
typedef void (*zlua_mono_log_fn)(void *ud, int kind, const char *message);

/* zlua_mono_env_new's flags.  UNTRUSTED: the state is for scripts that
 * must not reach the machine (mods): the mods preset of the type policy
 * (zlua_policy_preset(L, ZLUA_POLICY_MODS)) and no C modules
 * (zlua_loadlib_disable), both applied before any script runs. */
enum { ZLUA_MONO_ENV_UNTRUSTED = 1 };

typedef struct zlua_mono_env zlua_mono_env;

/* Attaches the backend to the current domain once per process (loading
 * the reflection helpers from helpers_dll, the path of
 * ZLua.MonoHost.dll), then makes a state with Lua's standard libraries,
 * CS / CSharp / zlua, print routed to log, and the [LuaMarshalAs]
 * attributes of the loaded assemblies read live (the first env of the
 * process reads them).  log gets log_ud with each line.  flags: 0 or
 * ZLUA_MONO_ENV_UNTRUSTED.  The state's allocator is
 * zlua_mono_env_set_default_alloc's.  NULL on failure, the reason sent to
 * log. */
ZLUA_MONO_API zlua_mono_env *zlua_mono_env_new(const char *helpers_dll, zlua_mono_log_fn log,
                                               void *log_ud, int flags);
/* Closes the state and frees env (NULL: nothing): 0.  1, and nothing
 * freed, on another thread or while env is busy (below). */
ZLUA_MONO_API int zlua_mono_env_free(zlua_mono_env *env);
/* Whether env's Lua code runs now: an entry of env below on the C stack
 * (at any depth, under any other env), a C# -> Lua call (IC call,
 * delegate) running on its state, or its state closing.  The env cannot
 * be freed then.  1 on another thread. */
ZLUA_MONO_API int zlua_mono_env_busy(zlua_mono_env *env);
/* Whether any state's Lua code runs on the calling thread now (through
 * an env, an IC call or a delegate): ZLua.LuaEnv closes the envs the
 * collector found dropped only when none does. */
ZLUA_MONO_API int zlua_mono_env_thread_busy(void);
/* The allocator of the states envs make from now on (NULL: realloc and
 * free), with its ud: a native choice, made by native code (a test's
 * counting allocator), never through the managed API. */
ZLUA_MONO_API void zlua_mono_env_set_default_alloc(lua_Alloc alloc, void *ud);
/* The state, for what this API does not cover (lua_*, zlua_*); NULL on
 * another thread. */
ZLUA_MONO_API lua_State *zlua_mono_env_state(zlua_mono_env *env);

/* require looks in dir first: dir/?.lua and dir/?/init.lua are put in
 * front of package.path.  0, or -1 (out of memory, logged). */
ZLUA_MONO_API int zlua_mono_env_add_search_path(zlua_mono_env *env, const char *dir);
/* arg[index] = value (arg made when missing), as the lua executable sets
 * it: arg[0] the script, arg[1..] its arguments.  0, or -1 (logged). */
ZLUA_MONO_API int zlua_mono_env_set_arg(zlua_mono_env *env, int index, const char *value);

/* Runs a chunk (len bytes; name as in messages, "=name" or "@file") or a
 * file.  0 when it completes; 1 when it raised, the error and its
 * traceback sent to log. */
ZLUA_MONO_API int zlua_mono_env_dostring(zlua_mono_env *env, const char *chunk, size_t len,
                                         const char *name);
ZLUA_MONO_API int zlua_mono_env_dofile(zlua_mono_env *env, const char *path);

/* Calls the global function name with the elements of the object[]
 * behind the GC handle args (0: no arguments), each pushed as C# values
 * are (numbers, strings, booleans, objects as userdata), and returns its
 * first result as a System.Object in a new strong GC handle in *result
 * (0: nil; the caller frees it).  0; 1 when the call raised or name is
 * not a function (logged). */
ZLUA_MONO_API int zlua_mono_env_call(zlua_mono_env *env, const char *name, uint32_t args,
                                     uint32_t *result);

/* The state's type policy (zlua.h, R-POLICY-1): zlua_policy_allow /
 * zlua_policy_deny on env's state, with their codes (ZLUA_EINVAL: a NULL
 * or malformed pattern; ZLUA_ESTATE: a type was bound already, or another
 * thread, or the state closes; ZLUA_ENOMEM). */
ZLUA_MONO_API int zlua_mono_env_allow(zlua_mono_env *env, const char *pattern);
ZLUA_MONO_API int zlua_mono_env_deny(zlua_mono_env *env, const char *pattern);

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
ZLUA_MONO_API int zlua_mono_env_load_rules(zlua_mono_env *env, const char *xml_path);

#ifdef __cplusplus
}
#endif

#endif
