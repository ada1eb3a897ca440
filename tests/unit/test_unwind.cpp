/*
 * test_unwind.cpp -- libzlua is built without unwind tables
 * (ZLUA_NO_UNWIND_TABLES, the default): a C++ exception that reaches one
 * of its frames must end the process (std::terminate), never unwind past
 * it silently, skipping the scope restores and registry work of the frames
 * it crosses (R-RT-1).  The exception starts in a Lua C function called
 * through zlua_ic_invoke: it crosses Lua's frames (which have tables),
 * then libzlua's.  The child process must die of SIGABRT; if the catch
 * around the call runs instead, the build leaks exceptions through
 * libzlua.
 */
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

// Lua is built as C; upstream's headers, unlike some distributions',
// declare its API without C linkage for C++
extern "C" {
#include <lauxlib.h>
#include <lualib.h>
}

#include "sim.h"
#include "zlua.h"

static int thrower(lua_State *)
{
    throw std::runtime_error("a C++ exception inside a Lua call");
}

static void child(void)
{
    sim_gc_init();
    sim_init();
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (zlua_open(L) != ZLUA_OK)
        _exit(4);
    lua_register(L, "Thrower", thrower);
    zlua_ic_call c = {};
    c.function = "Thrower";
    c.function_len = 7;
    try {
        (void)zlua_ic_invoke(L, &c);
    } catch (...) {
        _exit(3);   /* unwound through libzlua's frames: the defect */
    }
    _exit(5);       /* returned: the exception vanished */
}

int main()
{
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return 2;
    if (pid == 0)
        child();
    int status = 0;
    if (waitpid(pid, &status, 0) != pid)
        return 2;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) {
        std::printf("ok: the exception terminated the process at libzlua's frame\n");
        return 0;
    }
    std::printf("FAILED: child %s %d (3: caught past libzlua, 5: vanished)\n",
                WIFSIGNALED(status) ? "killed by signal" : "exited with",
                WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    return 1;
}
