/*
 * zlua_env.h -- a Lua state driven from C#: the entry API ZLua.LuaEnv
 * calls, the same in the Unity Editor (the Mono backend's plugin exports
 * it) and in an IL2CPP player (libzlua linked into the player, reached
 * with DllImport("__Internal")).  It lives above zlua_open and reaches the
 * runtime only through libzlua's boundary.
 *
 * Errors never leave as longjmps: every entry runs its Lua work under
 * lua_pcall and reports through the env's log function.
 *
 * An env belongs to the thread that made it (R-THREAD-1): a function given
 * an env on another thread refuses (its error result) and touches
 * nothing.  An env is never freed while any of its Lua code runs
 * (R-ENV-3).  A C# -> Lua call reaches the env whose Lua code runs
 * innermost on the calling thread, else the most recent env that thread
 * made and has not freed (zlua_env_current).
 */
#ifndef ZLUA_ENV_H
#define ZLUA_ENV_H

#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#if defined(_WIN32)
#define ZLUA_ENV_API __declspec(dllexport)
#else
#define ZLUA_ENV_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What the env reports: a script's print (one line per call, the
 * arguments tostring'd and joined by tabs), an error (message and
 * traceback), or one of libzlua's own log lines (zlua_state_set_log). */
enum { ZLUA_ENV_LOG_PRINT = 0, ZLUA_ENV_LOG_ERROR = 1, ZLUA_ENV_LOG_ZLUA = 2 };
/* ud: what zlua_env_new was given (ZLua.LuaEnv: a GC handle of the env,
 * so that one static callback serves every env).  Called on the env's
 * thread; it must not call into the env. */
typedef void (*zlua_env_log_fn)(void *ud, int kind, const char *message);

/* zlua_env_new's flags.  UNTRUSTED: the state is for scripts that must
 * not reach the machine (mods): the mods preset of the type policy
 * (zlua_policy_preset(L, ZLUA_POLICY_MODS)) and no C modules
 * (zlua_loadlib_disable), both applied before any script runs. */
enum { ZLUA_ENV_UNTRUSTED = 1 };

typedef struct zlua_env zlua_env;

/* Registers the [LuaInvoke] methods' internal calls now (R-IC-3), as the
 * first zlua_env_new would: in a player the generated IC stubs, in the
 * Editor the backend's trampolines for every loaded assembly (and from
 * then on each one as it loads).  Mono binds an internal call when it
 * compiles a method that calls it, and a method compiled before the
 * registration throws MissingMethodException for good: call this at
 * start-up, before code that calls a [LuaInvoke] method is compiled
 * (IL2CPP binds at the first call, where the first env suffices).  What
 * cannot be registered goes to stderr.  0, or 1 when the runtime part
 * could not start. */
ZLUA_ENV_API int zlua_env_prepare(void);

/* Makes a state with Lua's standard libraries, CS / CSharp / zlua and
 * print routed to log (log_ud with each line).  flags: 0 or
 * ZLUA_ENV_UNTRUSTED.  The state's allocator is zlua_env_set_default_alloc's.
 * The calling thread must be attached to the runtime.  NULL on failure,
 * the reason sent to log. */
ZLUA_ENV_API zlua_env *zlua_env_new(zlua_env_log_fn log, void *log_ud, int flags);
/* Closes the state and frees env: 0; 1 (nothing done) on another thread
 * or while any of its Lua code runs (zlua_env_busy).  NULL: 0. */
ZLUA_ENV_API int zlua_env_free(zlua_env *env);
/* 1 while any of env's Lua code runs (an entry below on the stack, a C#
 * -> Lua call into its state, the state closing), and on another thread;
 * else 0. */
ZLUA_ENV_API int zlua_env_busy(zlua_env *env);
/* 1 while Lua code of any env or state runs on the calling thread. */
ZLUA_ENV_API int zlua_env_thread_busy(void);
/* The allocator of the states envs make from now on (NULL: the C
 * library's realloc and free). */
ZLUA_ENV_API void zlua_env_set_default_alloc(lua_Alloc alloc, void *ud);
/* The env's lua_State, for C code of one's own (NULL on another thread
 * or while the state closes). */
ZLUA_ENV_API lua_State *zlua_env_state(zlua_env *env);
/* The env whose state L is (any of its threads), among the envs the
 * calling thread made; NULL: none. */
ZLUA_ENV_API zlua_env *zlua_env_find(lua_State *L);
/* A line to env's log, as the env reports its own (NULL env: stderr). */
ZLUA_ENV_API void zlua_env_log(zlua_env *env, int kind, const char *message);

/* require looks in dir first (dir/?.lua, dir/?/init.lua).  0 or -1. */
ZLUA_ENV_API int zlua_env_add_search_path(zlua_env *env, const char *dir);
/* arg[index] = value, as the lua executable sets it.  0 or -1. */
ZLUA_ENV_API int zlua_env_set_arg(zlua_env *env, int index, const char *value);
/* Load and run a chunk (text only); 0, or 1 with the error logged. */
ZLUA_ENV_API int zlua_env_dostring(zlua_env *env, const char *chunk, size_t len,
                                   const char *name);
ZLUA_ENV_API int zlua_env_dofile(zlua_env *env, const char *path);
/* Calls the global function name with the elements of the object[] that
 * the GC handle args holds (0: none), each pushed as its own type (a boxed
 * int a Lua integer, a string a Lua string, an object a userdata of its
 * class); its first result popped as a System.Object into a new strong GC
 * handle in *result (0 for nil; the caller frees it).  0, or 1 with the
 * error logged. */
ZLUA_ENV_API int zlua_env_call(zlua_env *env, const char *name, uintptr_t args,
                               uintptr_t *result);
/* The global function name as a delegate of the delegate type whose
 * runtime type is delegate_type (C#: typeof(T).TypeHandle.Value, the
 * runtime's Il2CppType / MonoType), made as a Lua function passed to C#
 * becomes one (calling it runs the function on env's state, its arguments
 * and result marshalled by the delegate's signature: no object[], no
 * boxing where the runtime has the delegate's entry); a new strong GC
 * handle of it in *result (the caller frees it).  0, or 1 with the reason
 * logged: name is not a function, or the type is not a delegate type. */
ZLUA_ENV_API int zlua_env_get_function(zlua_env *env, const char *name,
                                       const void *delegate_type, uintptr_t *result);
/* Which C# types scripts may reach (zlua.h, zlua_policy_allow); zlua.h's
 * codes, ZLUA_ESTATE also on another thread. */
ZLUA_ENV_API int zlua_env_allow(zlua_env *env, const char *pattern);
ZLUA_ENV_API int zlua_env_deny(zlua_env *env, const char *pattern);

/* ---- which state a C# -> Lua call reaches ---------------------------------
 *
 * Every path that runs a state's Lua code for C# (an env's entries, an IC
 * call, a delegate's invocation) pushes a frame on its own C stack for the
 * time it runs, so that a C# method called from that Lua code calls back
 * into the same state.  Frames are per thread. */
typedef struct zlua_env_run {
    lua_State *L;
    struct zlua_env_run *outer;
} zlua_env_run;
ZLUA_ENV_API void zlua_env_run_enter(zlua_env_run *run, lua_State *L);
ZLUA_ENV_API void zlua_env_run_leave(zlua_env_run *run);
/* The state a C# -> Lua call on this thread reaches: the innermost one
 * running on it; with none, the most recent env it made and has not
 * freed; else the state a C host named (zlua_env_set_host_state); NULL:
 * none. */
ZLUA_ENV_API lua_State *zlua_env_current(void);
/* A C host without envs: the state IC calls reach when no Lua code runs
 * (NULL: none). */
ZLUA_ENV_API void zlua_env_set_host_state(lua_State *L);
ZLUA_ENV_API lua_State *zlua_env_host_state(void);

/* ---- [LuaInvoke] methods (R-IC-3) -----------------------------------------
 *
 * The generated stub file hands its IC table (zlua_generated_ic) here when
 * the program loads (a static initializer: no runtime call); the first
 * zlua_env_new after that registers it (zlua_ic_register), so that a
 * game's [LuaInvoke] methods call Lua from the first LuaEnv on.  A failed
 * registration is logged to that env's log. */
struct zlua_ic_table;
ZLUA_ENV_API void zlua_env_set_ic_table(const struct zlua_ic_table *table);

/* ---- a runtime backend's part --------------------------------------------
 *
 * What a backend adds to every env (the Editor's Mono backend: read the
 * [LuaMarshalAs] attributes of the loaded assemblies before the first
 * state, make Lua functions delegates of any type on each state).  Set
 * once, before the first env; NULL members do nothing.  prepare runs
 * before the env's state is made (nonzero: the env is not made; it may
 * log through zlua_env_log), open_state after zlua_open (a zlua.h code),
 * closed after an env's state is closed. */
typedef struct zlua_env_runtime {
    int (*prepare)(zlua_env *env);
    int (*open_state)(lua_State *L);
    void (*closed)(void);
} zlua_env_runtime;
ZLUA_ENV_API void zlua_env_set_runtime(const zlua_env_runtime *rt);

#ifdef __cplusplus
}
#endif

#endif
