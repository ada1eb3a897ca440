/*
 * loadlib.c -- C code a script loads into its state (R-LIB-1).
 *
 * libzlua's C frames rely on debug.setlocal refusing to write them
 * (lib.c, zlua__lib_setlocal, which zlua_open puts into the debug library
 * it finds).  A script could open a second, standard debug library
 * through the package library: package.loadlib(<liblua>, "luaopen_debug"),
 * or require("debug") with package.loaded.debug cleared and package.cpath
 * naming liblua.  So zlua_open also guards the package library
 * (zlua__loadlib_guard): loadlib and require's C searchers run liblua's
 * own functions, and a loader they return for the debug library opens one
 * with libzlua's setlocal, a loader for the package library a package
 * library guarded the same way.  liblua's functions are called directly
 * from the guards' frames, never kept as Lua values: a script reading the
 * guards' upvalues, or a hook catching the functions they call, finds
 * nothing to call around them.
 *
 * Any other function package.loadlib hands out is native code of the
 * script's choosing, which no library can make safe: for untrusted
 * scripts zlua_loadlib_disable switches loading off altogether.
 */
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/state.h"
#include "lib/lib.h"
#include "zlua.h"

#define ZLUA_LOADLIB_REFUSED \
    "zlua: package.loadlib is disabled in this state (zlua_loadlib_disable)"

static int zlua_loadlib_searcher_c(lua_State *L);
static int zlua_loadlib_searcher_croot(lua_State *L);
static void zlua_loadlib_guard_table(lua_State *L, int pkg, const zlua__ctx *ctx);

/* ---- what the guards hand out ---------------------------------------------------------- */

/* A standard debug library with libzlua's setlocal. */
static int zlua_loadlib_open_debug(lua_State *L)
{
    luaopen_debug(L);
    lua_pushcfunction(L, zlua__lib_setlocal);
    lua_setfield(L, -2, "setlocal");
    return 1;
}

/* A standard package library whose loaders are guarded too. */
static int zlua_loadlib_open_package(lua_State *L)
{
    luaopen_package(L);
    zlua_loadlib_guard_table(L, lua_gettop(L), zlua__ctx_check(L));
    return 1;
}

/* The loader at idx (a function loadlib or a searcher returned) when it
 * opens the debug or the package library: by its address in the liblua
 * linked here, or by the name it was looked up as (another copy of Lua's
 * library opens the same thing); replaced by its guarded form. */
static void zlua_loadlib_vet(lua_State *L, int idx, const char *sym)
{
    lua_CFunction f = lua_tocfunction(L, idx);
    if (f == NULL)
        return;
    lua_CFunction with = NULL;
    if (f == luaopen_debug || (sym != NULL && strcmp(sym, "luaopen_debug") == 0))
        with = zlua_loadlib_open_debug;
    else if (f == luaopen_package || (sym != NULL && strcmp(sym, "luaopen_package") == 0))
        with = zlua_loadlib_open_package;
    if (with == NULL)
        return;
    lua_pushcfunction(L, with);
    lua_replace(L, idx);
}

/* ---- the guards -------------------------------------------------------------------------- */

/* package.loadlib(path, sym): liblua's, its result vetted. */
static int zlua_loadlib_loadlib(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    int base = lua_gettop(L);
    int n = ctx->lib_loadlib(L);   /* checks its arguments itself */
    if (n >= 1 && lua_gettop(L) >= base + n)
        zlua_loadlib_vet(L, lua_gettop(L) - n + 1, lua_tostring(L, 2));
    return n;
}

/* A C searcher (upvalue 1: its package table, as liblua's own has it) run
 * from this frame; the loader it found vetted.  The module name of the
 * debug library is "debug" (luaopen_debug). */
static int zlua_loadlib_search(lua_State *L, lua_CFunction searcher)
{
    int base = lua_gettop(L);
    int n = searcher(L);
    if (n >= 1 && lua_gettop(L) >= base + n) {
        const char *name = lua_tostring(L, 1);
        int debug = name != NULL && strcmp(name, "debug") == 0;
        int package = name != NULL && strcmp(name, "package") == 0;
        zlua_loadlib_vet(L, lua_gettop(L) - n + 1,
                         debug ? "luaopen_debug" : package ? "luaopen_package" : NULL);
    }
    return n;
}

static int zlua_loadlib_searcher_c(lua_State *L)
{
    return zlua_loadlib_search(L, zlua__ctx_check(L)->lib_searcher_c);
}

static int zlua_loadlib_searcher_croot(lua_State *L)
{
    return zlua_loadlib_search(L, zlua__ctx_check(L)->lib_searcher_croot);
}

/* ---- installing ---------------------------------------------------------------------------- */

/* The package table at pkg guarded: its loadlib, and each of its searchers
 * that runs liblua's C searchers (told by address: wherever they are). */
static void zlua_loadlib_guard_table(lua_State *L, int pkg, const zlua__ctx *ctx)
{
    if (ctx->lib_loadlib == NULL)
        return;
    lua_pushliteral(L, "loadlib");
    if (lua_rawget(L, pkg) == LUA_TFUNCTION && lua_tocfunction(L, -1) == ctx->lib_loadlib) {
        lua_pushliteral(L, "loadlib");
        lua_pushcfunction(L, zlua_loadlib_loadlib);
        lua_rawset(L, pkg);
    }
    lua_pop(L, 1);
    lua_pushliteral(L, "searchers");
    if (lua_rawget(L, pkg) == LUA_TTABLE) {
        int t = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, t);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, t, i);
            lua_CFunction f = lua_tocfunction(L, -1);
            lua_pop(L, 1);
            lua_CFunction with = f == NULL ? NULL
                                 : f == ctx->lib_searcher_c     ? zlua_loadlib_searcher_c
                                 : f == ctx->lib_searcher_croot ? zlua_loadlib_searcher_croot
                                                                : NULL;
            if (with == NULL)
                continue;
            lua_pushvalue(L, pkg);   /* the upvalue liblua's searchers read */
            lua_pushcclosure(L, with, 1);
            lua_rawseti(L, t, i);
        }
    }
    lua_pop(L, 1);
}

/* The live package tables (the global `package`, package.loaded.package:
 * normally one) on top, with their count; 0 when the state has none. */
static int zlua_loadlib_live(lua_State *L)
{
    int n = 0;
    lua_pushglobaltable(L);
    lua_pushliteral(L, "package");
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        lua_remove(L, -2);
        n++;
    } else {
        lua_pop(L, 2);
    }
    lua_pushliteral(L, LUA_LOADED_TABLE);
    if (lua_rawget(L, LUA_REGISTRYINDEX) == LUA_TTABLE) {
        lua_pushliteral(L, "package");
        if (lua_rawget(L, -2) == LUA_TTABLE && !(n == 1 && lua_rawequal(L, -1, -3))) {
            lua_remove(L, -2);
            return n + 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* liblua's loadlib and C searchers, read from a fresh package library
 * (luaopen_package of the Lua linked here: its searchers 3 and 4), whose
 * one side effect, a global `require`, is put back. */
static void zlua_loadlib_probe(lua_State *L, zlua__ctx *ctx)
{
    int top = lua_gettop(L);
    lua_pushglobaltable(L);
    int g = lua_gettop(L);
    lua_pushliteral(L, "require");
    lua_rawget(L, g);
    luaopen_package(L);
    int fresh = lua_gettop(L);
    lua_pushliteral(L, "loadlib");
    lua_rawget(L, fresh);
    ctx->lib_loadlib = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    lua_pushliteral(L, "searchers");
    if (lua_rawget(L, fresh) == LUA_TTABLE) {
        lua_rawgeti(L, -1, 3);
        ctx->lib_searcher_c = lua_tocfunction(L, -1);
        lua_rawgeti(L, -2, 4);
        ctx->lib_searcher_croot = lua_tocfunction(L, -1);
    }
    lua_pushliteral(L, "require");
    lua_pushvalue(L, g + 1);
    lua_rawset(L, g);   /* luaopen_package set its own */
    lua_settop(L, top);
}

void zlua__loadlib_guard(lua_State *L, zlua__ctx *ctx)
{
    int top = lua_gettop(L);
    int n = zlua_loadlib_live(L);
    if (n > 0) {
        if (ctx->lib_loadlib == NULL)
            zlua_loadlib_probe(L, ctx);
        for (int i = 0; i < n; i++)
            zlua_loadlib_guard_table(L, top + 1 + i, ctx);
    }
    lua_settop(L, top);
}

/* ---- switching loading off ------------------------------------------------------------------ */

static int zlua_loadlib_refused(lua_State *L)
{
    return luaL_error(L, ZLUA_LOADLIB_REFUSED);
}

/* Whether f loads C code: liblua's C searchers or their guards. */
static int zlua_loadlib_is_c_searcher(const zlua__ctx *ctx, lua_CFunction f)
{
    return f != NULL && (f == ctx->lib_searcher_c || f == ctx->lib_searcher_croot ||
                         f == zlua_loadlib_searcher_c || f == zlua_loadlib_searcher_croot);
}

/* The package table at pkg: loadlib raises, the C searchers are gone (the
 * others keep their order). */
static void zlua_loadlib_switch_off(lua_State *L, int pkg, const zlua__ctx *ctx)
{
    lua_pushliteral(L, "loadlib");
    lua_pushcfunction(L, zlua_loadlib_refused);
    lua_rawset(L, pkg);
    lua_pushliteral(L, "searchers");
    if (lua_rawget(L, pkg) == LUA_TTABLE) {
        int t = lua_gettop(L);
        lua_Integer n = (lua_Integer)lua_rawlen(L, t), out = 1;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, t, i);
            if (zlua_loadlib_is_c_searcher(ctx, lua_tocfunction(L, -1)))
                lua_pop(L, 1);
            else
                lua_rawseti(L, t, out++);
        }
        for (; out <= n; out++) {
            lua_pushnil(L);
            lua_rawseti(L, t, out);
        }
    }
    lua_pop(L, 1);
}

/* lua_pcall'd: raw accesses only, so nothing a script left in the state
 * (a metatable on the globals, the registry or a package table) runs, and
 * a memory error ends it cleanly. */
static int zlua_loadlib_body(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_check(L);
    int n = zlua_loadlib_live(L);
    if (n > 0 && ctx->lib_loadlib == NULL)
        zlua_loadlib_probe(L, ctx);   /* a package library opened after zlua_open */
    for (int i = 0; i < n; i++)
        zlua_loadlib_switch_off(L, 1 + i, ctx);
    return 0;
}

int zlua_loadlib_disable(lua_State *L)
{
    if (L == NULL || zlua__ctx_get(L) == NULL)
        return ZLUA_ESTATE;
    int top = lua_gettop(L);
    if (!lua_checkstack(L, 16))
        return ZLUA_ENOMEM;
    lua_pushcfunction(L, zlua_loadlib_body);   /* a light C function: no allocation */
    int status = lua_pcall(L, 0, 0, 0);
    lua_settop(L, top);
    return status == LUA_OK ? ZLUA_OK : ZLUA_ENOMEM;
}
