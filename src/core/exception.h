/*
 * exception.h -- managed exceptions turned into Lua errors (R-DEF-4,
 * R-RT-1).
 *
 * The glue (zlua.h, "Runtime glue") hands libzlua the exception an
 * operation threw; these functions make the Lua error of it:
 * "System.InvalidOperationException: message (in Demo.Foo)".  Callers
 * raise only after releasing what they hold (scopes, temporaries).
 */
#ifndef ZLUA_EXCEPTION_H
#define ZLUA_EXCEPTION_H

#include <lua.h>

#include "il2cpp/il2cpp_api.h"

struct zlua__ctx;

#define ZLUA_EXC_MESSAGE_BYTES 4096

/* "Type: message" of exc into msg (marked when cut), or a fixed text for
 * NULL; returns the text. */
const char *zlua__exc_format(Il2CppException *exc, char msg[ZLUA_EXC_MESSAGE_BYTES]);

/* Raises the Lua error for exc thrown in `where` (a member's display
 * name).  exc must be reachable by the collector (a local is).  The
 * error and exc are remembered as the state's last C# exception, which
 * zlua.exception(err) gives back for that error value. */
int zlua__exc_raise(lua_State *L, Il2CppException *exc, const char *where);
/* The registry field of the last C# exception's error value (a string
 * key: no address of libzlua's is a light userdata a script can reach,
 * R-PTR-1; a script that replaces it only names that same exception) */
#define ZLUA_EXC_LAST_KEY "zlua.exception"
/* The last C# exception of the state, or NULL. */
Il2CppException *zlua__exc_last(const struct zlua__ctx *ctx);

/* For code that reports failure by a code (the pop writers): keeps exc
 * alive in a GC handle of the context until zlua__exc_raise_held, which
 * raises it for `where` and releases the handle.  A second hold replaces
 * the first. */
void zlua__exc_hold(struct zlua__ctx *ctx, Il2CppException *exc);
int zlua__exc_raise_held(lua_State *L, struct zlua__ctx *ctx, const char *where);
/* Pushes the held exception's "Type: message" and releases the handle. */
void zlua__exc_push_held(lua_State *L, struct zlua__ctx *ctx);

#endif /* ZLUA_EXCEPTION_H */
