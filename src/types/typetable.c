/*
 * typetable.c -- type tables and the CS / CSharp roots (lua-api.md, "Type tables").
 *
 * A type table T is an empty proxy: reads fall to its statics table
 * (methods, constants, meta keys) through a plain __index table, so
 * `Demo.Add` costs two table lookups and no C call; static fields and
 * properties are served by the statics table's own __index function;
 * every write goes through __newindex.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/ctor.h"
#include "bridge/method.h"
#include "class/policy.h"
#include "core/ptrbox.h"
#include "core/name.h"
#include "marshal/ud.h"
#include "types/types.h"

/* The static member named by the key at 2, or NULL when there is none
 * (zlua__member_check vouches for what the table holds). */
static const zlua__member *zlua_static_member(lua_State *L, const zlua__class *cls)
{
    zlua__ref_table(L, cls->static_slots);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 2);
        return NULL;
    }
    const zlua__member *mem = zlua__member_check(L, -1, cls, 1, 2);
    lua_pop(L, 2);
    return mem;
}

/* R-RT-2 for static fields: their access does not run the class init in
 * IL2CPP, so libzlua runs it first ("T.name" names the access). */
static void zlua_static_field_init(lua_State *L, zlua__class *cls, const zlua__member *mem)
{
    /* a base's static runs the base's init only, as C# does */
    zlua__class *decl = mem->decl != NULL ? mem->decl : cls;
    if (mem->kind != ZLUA_MEMBER_STATIC_FIELD || decl->inited)
        return;
    lua_pushfstring(L, "%s.%s", decl->full_name, mem->name);
    zlua__class_run_init(L, decl, lua_tostring(L, -1));
    lua_pop(L, 1);
}

/* Pushes the type table of the nested type of cls named by the string key
 * at 2 and caches it in the statics, so CS.Ns.Outer.Inner is a raw read
 * from then on; returns 0 (nothing pushed) when there is none.  Misses
 * are not cached: nested types are few, and a probe leaves nothing. */
static int zlua_static_nested(lua_State *L, zlua__class *cls)
{
    const char *name = zlua__name_get(L, 2);
    if (name == NULL)
        return 0;
    unsigned nomem = cls->ctx->nomem;
    zlua__class *nested =
        zlua__meta_bind(cls->ctx, zlua__class_visible(zlua__class_find_nested(cls->ctx, cls, name)));
    if (nested == NULL) {
        zlua__ctx_check_nomem(L, cls->ctx, nomem);
        return 0;
    }
    zlua__class_push_typetable(L, nested);
    zlua__ref_table(L, cls->statics);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* statics' __index (upvalue 1: boxed cls): static fields and properties,
 * then nested types. */
static int zlua_static_index(lua_State *L)
{
    zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_TYPE);
    const zlua__member *mem = zlua_static_member(L, cls);
    if (mem == NULL) {
        /* absent meta keys (__enum on a struct, ...) read as nil */
        const char *k = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
        if (k != NULL && k[0] == '_' && k[1] == '_')
            return 0;
        if (k != NULL && zlua_static_nested(L, cls))
            return 1;
        return zlua__member_missing(L, cls, 2, 0);
    }
    lua_settop(L, 2);
    zlua_static_field_init(L, cls, mem);
    return zlua__member_read(L, cls, mem, NULL, NULL);
}

/* T's __newindex (upvalue 1: boxed cls). */
static int zlua_static_newindex(lua_State *L)
{
    zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_TYPE);
    const zlua__member *mem = zlua_static_member(L, cls);
    if (mem != NULL) {
        lua_settop(L, 3);
        zlua_static_field_init(L, cls, mem);
        zlua__member_write(L, cls, mem, NULL, NULL, NULL, 3);
        return 0;
    }
    zlua__ref_table(L, cls->statics);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL)
        return luaL_error(L, "static member not writable: %s", zlua__keyname(L, 2));
    return zlua__member_missing(L, cls, 2, 0);
}

static int zlua_typetable_tostring(lua_State *L)
{
    const zlua__class *cls = zlua_box_class_upvalue(L, lua_upvalueindex(1), ZLUA_FOR_TYPE);
    lua_pushfstring(L, "type: %s", cls->full_name);
    return 1;
}

static void zlua_set_bool(lua_State *L, int t, const char *k)
{
    lua_pushboolean(L, 1);
    lua_setfield(L, t, k);
}

/* The meta keys of lua-api.md, "Type tables", stored in the statics table. */
static void zlua_typetable_fill_keys(lua_State *L, zlua__class *cls, int statics)
{
    lua_pushstring(L, cls->full_name);
    lua_setfield(L, statics, "__fullname");
    lua_pushstring(L, cls->name);
    lua_setfield(L, statics, "__name");
    lua_pushstring(L, cls->assembly);
    lua_setfield(L, statics, "__assembly");
    if (cls->is_enum) {
        zlua_set_bool(L, statics, "__enum");
    } else if (cls->nullable) {
        zlua_set_bool(L, statics, "__nullable");
    } else if (cls->valuetype) {
        zlua_set_bool(L, statics, "__struct");
        zlua_set_bool(L, statics, "__valuetype");
    }
}

/* A view's __newindex (upvalue 1: its name). */
static int zlua_view_newindex(lua_State *L)
{
    return luaL_error(L, "zlua: %s is read-only", lua_tostring(L, lua_upvalueindex(1)));
}

/* The iterator of a view (upvalue 1: the metatable): (_, key) -> the next
 * key and value of the metatable.  The metatable itself is never handed to
 * script code (the global `next` is the script's: it could keep it). */
static int zlua_view_next(lua_State *L)
{
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TTABLE)
        return zlua__box_tampered(L, "metatable");
    lua_settop(L, 2);
    return lua_next(L, lua_upvalueindex(1)) ? 2 : 0;
}

/* A view's __pairs (upvalue 1: the metatable). */
static int zlua_view_pairs(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, zlua_view_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Pushes a read-only view of the table at mt: reads see it, writes raise
 * `zlua: NAME is read-only`.  What T.__instance_mt gives a script is such a
 * view, never the metatable libzlua relies on (lua-api.md, "Type tables"). */
static void zlua_typetable_push_view(lua_State *L, int mt, const char *name)
{
    mt = lua_absindex(L, mt);
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, mt);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_pushcclosure(L, zlua_view_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, mt);
    lua_pushcclosure(L, zlua_view_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

/* Makes the instance metatables of cls; stores their views in statics and
 * the metatables themselves in *byval / *byobj (registry refs, NOREF when
 * the type has none).  Nothing is published on cls. */
static void zlua_typetable_make_mts(lua_State *L, zlua__class *cls, int statics, int t,
                                    int *byval, int *byobj)
{
    char name[600];
    *byval = *byobj = LUA_NOREF;
    zlua__ref_table(L, cls->instance);
    int inst = lua_gettop(L);
    if (cls->valuetype && !cls->nullable) {
        zlua__instance_new_mt(L, cls, 0, inst, t);
        snprintf(name, sizeof name, "%s.__instance_mt", cls->full_name);
        zlua_typetable_push_view(L, -1, name);
        lua_pushvalue(L, -1);
        lua_setfield(L, statics, "__instance_mt");
        lua_setfield(L, statics, "__byval_instance_mt");
        *byval = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (!cls->is_static && !cls->nullable) {
        zlua__instance_new_mt(L, cls, 1, inst, t);
        snprintf(name, sizeof name, "%s.__byobj_instance_mt", cls->full_name);
        zlua_typetable_push_view(L, -1, name);
        lua_setfield(L, statics, "__byobj_instance_mt");
        *byobj = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_pop(L, 1);
}

/* Builds the whole type table of cls and publishes it: the metatable refs
 * first, the type table ref last, so whoever sees cls->typetable finds
 * everything it implies.  Runs inside zlua_typetable_section. */
static void zlua_typetable_build(lua_State *L, zlua__class *cls)
{
    luaL_checkstack(L, 12, "zlua: type table");
    zlua__class_bind_members(L, cls);
    if (cls->typetable != LUA_NOREF)
        return;   /* made meanwhile (a hook ran Lua code): keep that one */
    lua_newtable(L);                                   /* T */
    int t = lua_gettop(L);
    zlua__ref_table(L, cls->statics);                   /* S */
    int statics = lua_gettop(L);
    lua_createtable(L, 0, 1);                          /* S's metatable */
    zlua_box_push_class(L, ZLUA_FOR_TYPE, cls);
    lua_pushcclosure(L, zlua_static_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, statics);
    lua_createtable(L, 0, 8);                          /* T's metatable */
    int tm = lua_gettop(L);
    lua_pushvalue(L, statics);
    lua_setfield(L, tm, "__index");
    zlua_box_push_class(L, ZLUA_FOR_TYPE, cls);
    lua_pushcclosure(L, zlua_static_newindex, 1);
    lua_setfield(L, tm, "__newindex");
    zlua_box_push_class(L, ZLUA_FOR_TYPE, cls);
    lua_pushcclosure(L, zlua_typetable_tostring, 1);
    lua_setfield(L, tm, "__tostring");
    lua_pushboolean(L, 0);
    lua_setfield(L, tm, "__metatable");
    lua_pushvalue(L, tm);
    lua_setmetatable(L, t);
    zlua_typetable_fill_keys(L, cls, statics);
    int byval, byobj;
    zlua_typetable_make_mts(L, cls, statics, t, &byval, &byobj);
    zlua__ctor_install(L, cls, statics, tm);
    lua_pushvalue(L, t);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    /* nothing below allocates: the three refs appear together */
    cls->byval_mt = byval;
    cls->byobj_mt = byobj;
    cls->typetable = ref;
    lua_settop(L, t - 1);
}

/* lua_pcall'd body of the section.  Its class comes from the context, one
 * shot, not from an argument: a hook can capture this function and call
 * it later, and must find nothing to work on. */
static int zlua_typetable_section_body(lua_State *L)
{
    zlua__ctx *ctx = zlua__ctx_get(L);
    zlua__class *cls = ctx != NULL ? ctx->binding : NULL;
    if (cls == NULL)
        return luaL_error(L, "zlua: no type is being bound");
    ctx->binding = NULL;
    zlua_typetable_build(L, cls);
    return 0;
}

/* The collector's credit a bind takes, in KB.  lua_gc(LUA_GCSTEP, n)
 * adds n KB to the collector's debt (Lua 5.4's lapi.c: the debt, not a
 * step, when n is not 0), and Lua steps only when the debt is positive:
 * -credit pays it far ahead, so no step -- and so no finalizer, which
 * could reach this very type -- runs while a type is half-made, and
 * +credit afterwards puts back the debt as it was, plus what the bind
 * allocated.  LUA_GCSTOP and LUA_GCRESTART would give the same guarantee
 * but RESTART resets the debt to zero: the next allocation then steps,
 * so every bind forced a step and start-up grew with the heap (R-BIND-1).
 * The size keeps credit * 1024 inside Lua's l_mem (ptrdiff_t) with room
 * for the heap: 2 TB on 64-bit, 512 MB on 32-bit, more than one bind
 * can allocate. */
#define ZLUA_BIND_CREDIT_KB (sizeof(void *) >= 8 ? INT_MAX : (1 << 19))

/* Holds the collector for the outermost bind; 1 when this call took the
 * hold.  A collector the host stopped is left alone (it cannot step),
 * and inside a finalizer lua_gc refuses everything (-1: no step runs
 * there either). */
static int zlua_typetable_hold_gc(lua_State *L, zlua__ctx *ctx)
{
    if (ctx->gc_held || lua_gc(L, LUA_GCISRUNNING) != 1)
        return 0;
    lua_gc(L, LUA_GCSTEP, -(int)ZLUA_BIND_CREDIT_KB);
    ctx->gc_held = 1;
    return 1;
}

/* Gives the credit back: the collector is where the bind's allocations
 * alone would have taken it, and steps now if they owe one. */
static void zlua_typetable_release_gc(lua_State *L, zlua__ctx *ctx)
{
    ctx->gc_held = 0;
    lua_gc(L, LUA_GCSTEP, (int)ZLUA_BIND_CREDIT_KB);
}

/* Creates the type table of cls with the Lua collector held (no GC step
 * runs) and with this thread's debug hook off, so no script code runs at
 * all; both are restored on every path, errors included, and the error
 * raised again afterwards. */
static void zlua_typetable_create(lua_State *L, zlua__class *cls)
{
    zlua__ctx *ctx = cls->ctx;
    /* R-POLICY-1: every way a script reaches a type (its table, a value
     * of it, a nested or generic name) makes its tables here first */
    zlua__policy_check(L, cls);
    int held = zlua_typetable_hold_gc(L, ctx);
    lua_Hook hook = lua_gethook(L);
    int hook_mask = lua_gethookmask(L), hook_count = lua_gethookcount(L);
    if (hook != NULL)
        lua_sethook(L, NULL, 0, 0);
    zlua__class *outer = ctx->binding;
    ctx->binding = cls;
    lua_pushcfunction(L, zlua_typetable_section_body);
    int status = lua_pcall(L, 0, 0, 0);
    ctx->binding = outer;
    if (hook != NULL)
        lua_sethook(L, hook, hook_mask, hook_count);
    if (held)
        zlua_typetable_release_gc(L, ctx);
    if (status != LUA_OK)
        lua_error(L);
    if (cls->typetable == LUA_NOREF)
        luaL_error(L, "zlua: cannot bind %s", cls->full_name);
}

zlua__class *zlua__typetable_class(lua_State *L, int idx)
{
    /* Nothing a script can write is believed: not __fullname (a plain
     * key), not the metatable (debug.setmetatable can give any table the
     * metatable of any type table).  The metatable's __newindex closure
     * names a class through its box (unforgeable, core/ptrbox.h); that
     * class's own type table, read from the registry (reachable, so
     * compared, never assumed), must then be this very table: a table
     * wearing another type's metatable is refused. */
    if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 3))
        return NULL;
    idx = lua_absindex(L, idx);
    int top = lua_gettop(L);
    zlua__class *cls = NULL;
    if (lua_getmetatable(L, idx) && lua_type(L, -1) == LUA_TTABLE) {
        lua_pushliteral(L, "__newindex");
        lua_rawget(L, -2);
        if (lua_tocfunction(L, -1) == zlua_static_newindex &&
            lua_getupvalue(L, -1, 1) != NULL) {
            zlua__class *c = zlua_box_class(L, -1, ZLUA_FOR_TYPE);
            if (c != NULL && c->typetable != LUA_NOREF) {
                lua_rawgeti(L, LUA_REGISTRYINDEX, c->typetable);
                if (lua_rawequal(L, -1, idx))
                    cls = c;
            }
        }
    }
    lua_settop(L, top);
    return cls;
}

void zlua__class_push_typetable(lua_State *L, zlua__class *cls)
{
    if (cls->typetable == LUA_NOREF)
        zlua_typetable_create(L, cls);
    zlua__ref_table(L, cls->typetable);
}

void zlua__class_push_byval_mt(lua_State *L, zlua__class *cls)
{
    if (cls->typetable == LUA_NOREF)
        zlua_typetable_create(L, cls);
    zlua__ref_table(L, cls->byval_mt);
}

void zlua__class_push_byobj_mt(lua_State *L, zlua__class *cls)
{
    if (cls->typetable == LUA_NOREF)
        zlua_typetable_create(L, cls);
    zlua__ref_table(L, cls->byobj_mt);
}

void zlua__types_push_mt(lua_State *L, zlua__class *cls, int byobj)
{
    if (byobj)
        zlua__class_push_byobj_mt(L, cls);
    else
        zlua__class_push_byval_mt(L, cls);
}

/* ---- read-only lookup tables ---------------------------------------------------
 *
 * CS, its namespace tables, CSharp and its assembly tables are empty
 * proxies: reads fall to a cache table through a plain __index table, so
 * a name found once is a raw read from then on; the cache's own __index
 * resolves a miss.  Writes raise: `CS.MyGame.Point2D = 1` must never
 * replace a type for later lookups.  (rawset bypasses this, as it does
 * every metamethod; it changes nothing libzlua relies on.) */

/* A lookup proxy's __newindex (upvalue 1: the proxy's name). */
static int zlua_proxy_newindex(lua_State *L)
{
    const char *what = lua_type(L, lua_upvalueindex(1)) == LUA_TSTRING
                           ? lua_tostring(L, lua_upvalueindex(1)) : "?";
    return luaL_error(L, "zlua: %s is read-only (cannot assign '%s')", what,
                      zlua__keyname(L, 2));
}

/* Pushes a new cache table whose __index is the closure at -1 (popped)
 * and, below it, the proxy over it, named `what` in write errors; the
 * proxy's metatable is left at -1 for the caller to complete. */
static void zlua_push_proxy(lua_State *L, const char *what)
{
    int fn = lua_gettop(L);
    lua_newtable(L);                              /* the proxy */
    lua_newtable(L);                              /* the cache */
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, fn);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_createtable(L, 0, 4);                     /* the proxy's metatable */
    lua_insert(L, -2);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, what);
    lua_pushcclosure(L, zlua_proxy_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, -1);
    lua_setmetatable(L, -3);
    lua_remove(L, fn);                            /* proxy mt */
}

/* ---- CSharp[assembly][fullName] ------------------------------------------- */

/* The image of the assembly named `name` ("Assembly-CSharp", with or
 * without ".dll"), or NULL: the runtime's own lookup, no walk. */
static const Il2CppImage *zlua_image_named(const char *name)
{
    const Il2CppAssembly *a = il2cpp_domain_assembly_open(il2cpp_domain_get(), name);
    return a != NULL ? il2cpp_assembly_get_image(a) : NULL;
}

/* assembly cache __index (upvalue 1: the assembly's name).  The image is
 * looked up again by name rather than kept as a pointer a script could
 * swap; the result is cached in the table, a miss raises and leaves
 * nothing behind. */
static int zlua_assembly_index(lua_State *L)
{
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TSTRING)
        return zlua__box_tampered(L, "assembly");
    const char *assembly = lua_tostring(L, lua_upvalueindex(1));
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    const char *full = zlua__name_get(L, 2);
    zlua__ctx *ctx = zlua__ctx_check(L);
    unsigned nomem = ctx->nomem;
    zlua__class *cls = full == NULL ? NULL
        : zlua__meta_bind(ctx, zlua__class_visible(
                                  zlua__class_find_in(ctx, zlua_image_named(assembly), full)));
    zlua__ctx_check_nomem(L, ctx, nomem);
    if (cls == NULL)
        return luaL_error(L, "type not found: %s", zlua__name_shown(L, 2));
    zlua__class_push_typetable(L, cls);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);   /* cache: the same table on every path */
    return 1;
}

/* CSharp's cache __index: the assembly table of a name, made once. */
static int zlua_csharp_index(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    const char *name = zlua__name_get(L, 2);
    const char *lookup = name != NULL && strcmp(name, "AC") == 0 ? "Assembly-CSharp" : name;
    if (name == NULL || zlua_image_named(lookup) == NULL)
        return luaL_error(L, "assembly not found: %s", zlua__name_shown(L, 2));
    if (lookup != name) {   /* AC and Assembly-CSharp share one table */
        lua_getfield(L, 1, lookup);
    } else {
        lua_pushfstring(L, "CSharp['%s']", lookup);
        lua_pushstring(L, lookup);
        lua_pushcclosure(L, zlua_assembly_index, 1);
        zlua_push_proxy(L, lua_tostring(L, -2));      /* what proxy mt */
        lua_pop(L, 1);
        lua_remove(L, -2);
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

/* ---- CS: namespaces, resolved by name on demand --------------------------
 *
 * IL2CPP has no API that lists namespaces without creating a class for
 * every type (il2cpp_image_get_class does), so a namespace table is made
 * for any name that is not a type: CS.MyGame is a namespace because
 * "MyGame" names no class.  Such a table is cached in its parent only once
 * a class was found in it (zlua_namespace_publish), so names a script
 * merely probes leave nothing behind: memory grows with the types found,
 * never with the misses.  Each namespace cache's __index knows its prefix,
 * its parent's cache, its key there and its own proxy (upvalues 1..4; CS
 * itself has prefix "" and no parent). */

#define ZLUA_NAMESPACE_DEPTH 64   /* publish bound: upvalues can be rewritten */

static int zlua_namespace_index(lua_State *L);

/* Pushes the proxy, the parent's cache and the key there of the
 * namespace cache at idx, from its __index's upvalues, and returns 1; or
 * pushes nothing and returns 0 when it has none (CS) or is not a
 * namespace cache any more. */
static int zlua_namespace_link(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_getmetatable(L, idx))
        return 0;
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    if (lua_tocfunction(L, -1) != zlua_namespace_index || lua_getupvalue(L, -1, 4) == NULL) {
        lua_pop(L, 2);
        return 0;
    }
    if (lua_getupvalue(L, -2, 2) == NULL)
        lua_pushnil(L);
    if (lua_getupvalue(L, -3, 3) == NULL)
        lua_pushnil(L);
    lua_remove(L, -4);
    lua_remove(L, -4);
    return 1;
}

/* A class was found in the namespace whose cache's __index is running:
 * caches its proxy in its parent's cache, the parent's proxy in its own,
 * and so on up to CS, stopping at the first table already in place. */
static void zlua_namespace_publish(lua_State *L)
{
    int top = lua_gettop(L);
    luaL_checkstack(L, 8, "zlua: namespace");
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(3));
    for (int depth = 0; depth < ZLUA_NAMESPACE_DEPTH; depth++) {
        /* child parent key */
        if (lua_type(L, -3) != LUA_TTABLE || lua_type(L, -2) != LUA_TTABLE ||
            lua_type(L, -1) != LUA_TSTRING)
            break;
        lua_pushvalue(L, -1);
        lua_rawget(L, -3);
        int in_place = lua_rawequal(L, -1, -4);
        lua_pop(L, 1);
        if (in_place)
            break;
        lua_pushvalue(L, -3);
        lua_rawset(L, -3);                 /* parent[key] = child */
        lua_remove(L, -2);                 /* the parent's cache is next */
        if (!zlua_namespace_link(L, -1))
            break;
        lua_remove(L, -4);
    }
    lua_settop(L, top);
}

/* namespace table __call (upvalue 1: its prefix): calling a name that is
 * not a type -- CS.MyGame.Piont2D(1, 2) -- is where a typo shows. */
/* Whether the namespace proxy at idx is one a class was found in: CS,
 * or a table its parent's cache holds (zlua_namespace_publish).  A name
 * only probed (a typo) is in no cache. */
static int zlua_namespace_known(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 6) || !lua_getmetatable(L, idx))
        return 0;
    lua_pushliteral(L, "__index");   /* the proxy's reads fall to its cache */
    lua_rawget(L, -2);
    int linked = lua_type(L, -1) == LUA_TTABLE && zlua_namespace_link(L, -1);
    lua_remove(L, linked ? -4 : -1);   /* the cache */
    lua_remove(L, linked ? -4 : -1);   /* the metatable */
    if (!linked)
        return 0;
    /* proxy parent key */
    int known = lua_isnil(L, -2);   /* CS itself has no parent */
    if (!known && lua_type(L, -2) == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        lua_rawget(L, -3);
        known = lua_rawequal(L, -1, idx);
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
    return known;
}

/* Pushes the parent proxy of the namespace proxy at idx and returns 1;
 * 0 (nothing pushed) for CS itself or a table that is no namespace. */
static int zlua_namespace_parent(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 10) || !lua_getmetatable(L, idx))
        return 0;
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);                               /* mt cache */
    if (lua_type(L, -1) != LUA_TTABLE || !zlua_namespace_link(L, -1)) {
        lua_pop(L, 2);
        return 0;
    }
    /* mt cache proxy pcache key: the parent's cache names its proxy */
    if (lua_type(L, -2) != LUA_TTABLE || !zlua_namespace_link(L, -2)) {
        lua_pop(L, 5);
        return 0;
    }
    lua_pop(L, 2);                                   /* ... pcache key pproxy */
    lua_replace(L, -6);                              /* pproxy cache proxy pcache key */
    lua_pop(L, 4);
    return lua_type(L, -1) == LUA_TTABLE ? 1 : (lua_pop(L, 1), 0);
}

/* The name a typo is reported by: `CS.MyGame.Vectr3.Zero(...)` raises
 * for MyGame.Vectr3, the first name below a namespace a class was found
 * in (MyGame) that is no type; the whole name when no such namespace is
 * known yet (only CS is). */
static const char *zlua_namespace_own_prefix(lua_State *L, int idx, int *known);

static const char *zlua_namespace_typo(lua_State *L, int idx, const char *whole)
{
    idx = lua_absindex(L, idx);
    int base = lua_gettop(L);
    lua_pushvalue(L, idx);                           /* prev */
    lua_pushnil(L);                                  /* cur */
    if (!zlua_namespace_parent(L, base + 1)) {
        lua_settop(L, base);
        return whole;
    }
    lua_replace(L, base + 2);
    const char *name = whole;
    for (int depth = 0; depth < ZLUA_NAMESPACE_DEPTH; depth++) {
        if (zlua_namespace_known(L, base + 2)) {
            int k;
            if (zlua_namespace_parent(L, base + 2)) {   /* not CS: report prev */
                lua_pop(L, 1);
                name = zlua_namespace_own_prefix(L, base + 1, &k);
                if (name == NULL)
                    name = whole;
            }
            break;
        }
        if (!zlua_namespace_parent(L, base + 2))
            break;
        lua_copy(L, base + 2, base + 1);
        lua_replace(L, base + 2);
    }
    return name;   /* a string on the stack, or the upvalue's */
}

static int zlua_namespace_call(lua_State *L)
{
    const char *prefix = lua_type(L, lua_upvalueindex(1)) == LUA_TSTRING
                             ? lua_tostring(L, lua_upvalueindex(1)) : "?";
    if (lua_type(L, 1) != LUA_TTABLE)
        return luaL_error(L, "type or namespace not found: %s", prefix);
    if (zlua_namespace_known(L, 1))
        return luaL_error(L, "type not found: CS%s%s (a namespace)", prefix[0] ? "." : "",
                          prefix);
    return luaL_error(L, "type or namespace not found: %s", zlua_namespace_typo(L, 1, prefix));
}

const char *zlua__namespace_prefix(lua_State *L, int idx, int *known, int typo)
{
    int top = lua_gettop(L);
    const char *prefix = zlua_namespace_own_prefix(L, idx, known);
    if (prefix == NULL || *known || !typo)
        return prefix;
    /* one value left pushed: the name the typo is reported by */
    lua_pushstring(L, zlua_namespace_typo(L, idx, prefix));
    lua_replace(L, top + 1);
    lua_settop(L, top + 1);
    return lua_tostring(L, top + 1);
}

/* The prefix of the namespace proxy at idx, pushed, and whether it is
 * known; NULL (nothing pushed) for anything else. */
static const char *zlua_namespace_own_prefix(lua_State *L, int idx, int *known)
{
    idx = lua_absindex(L, idx);
    *known = 0;
    /* its metatable's __call is ours; the prefix is only ever shown in a
     * message (a script may rewrite the upvalue: it names nothing) */
    const char *prefix = NULL;
    if (lua_type(L, idx) != LUA_TTABLE || !lua_checkstack(L, 3) || !lua_getmetatable(L, idx))
        return NULL;
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushliteral(L, "__call");
        lua_rawget(L, -2);
        if (lua_tocfunction(L, -1) == zlua_namespace_call &&
            lua_getupvalue(L, -1, 1) != NULL) {
            if (lua_type(L, -1) == LUA_TSTRING)
                prefix = lua_pushfstring(L, "%s", lua_tostring(L, -1));
            if (prefix != NULL) {
                lua_replace(L, -4);   /* kept alive where the metatable was */
                lua_pop(L, 2);
                *known = zlua_namespace_known(L, idx);
                return prefix;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return NULL;
}

/* Pushes a namespace table (the proxy) for prefix; parent (the parent's
 * cache) and key (absolute stack indices, 0 for CS itself) say where it
 * is cached once it proves real. */
static void zlua_push_namespace_table(lua_State *L, const char *prefix, int parent, int key)
{
    luaL_checkstack(L, 8, "zlua: namespace");
    lua_pushstring(L, prefix);
    if (parent != 0) {
        lua_pushvalue(L, parent);
        lua_pushvalue(L, key);
    } else {
        lua_pushnil(L);
        lua_pushnil(L);
    }
    lua_pushnil(L);                                  /* the proxy, set below */
    lua_pushcclosure(L, zlua_namespace_index, 4);
    int fn = lua_gettop(L);
    if (prefix[0] != '\0')
        lua_pushfstring(L, "CS.%s", prefix);
    else
        lua_pushliteral(L, "CS");
    lua_pushvalue(L, fn);
    zlua_push_proxy(L, lua_tostring(L, -2));         /* fn what proxy mt */
    lua_pushstring(L, prefix);
    lua_pushcclosure(L, zlua_namespace_call, 1);
    lua_setfield(L, -2, "__call");
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_setupvalue(L, fn, 4);
    lua_replace(L, fn);
    lua_settop(L, fn);
}

/* namespace cache __index: PREFIX.KEY is a class (its type table, cached
 * here) or, when KEY is a plain name, a namespace (an uncached namespace
 * table).  A KEY with '.' or '+' is a full type name (CS['MyGame.Point2D']):
 * `type not found` when it names none; so is a key holding a NUL, which
 * names no type and no namespace (R-NAME-1). */
static int zlua_namespace_index(lua_State *L)
{
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TSTRING)
        return zlua__box_tampered(L, "namespace");
    const char *prefix = lua_tostring(L, lua_upvalueindex(1));
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    const char *key = zlua__name_get(L, 2);
    zlua__ctx *ctx = zlua__ctx_check(L);
    if (key == NULL) {
        const char *shown = zlua__name_shown(L, 2);
        return luaL_error(L, "type not found: %s%s%s", prefix, prefix[0] ? "." : "", shown);
    }
    if (prefix[0] != '\0')
        lua_pushfstring(L, "%s.%s", prefix, key);
    else
        lua_pushstring(L, key);
    const char *full = lua_tostring(L, -1);
    unsigned nomem = ctx->nomem;
    zlua__class *cls = zlua__meta_bind(ctx, zlua__class_visible(zlua__class_find(ctx, full)));
    zlua__ctx_check_nomem(L, ctx, nomem);   /* not a namespace: a type not recorded */
    if (cls == NULL) {
        if (strpbrk(key, ".+") != NULL || key[0] == '\0')
            return luaL_error(L, "type not found: %s", full);
        zlua_push_namespace_table(L, full, 1, 2);
        return 1;
    }
    zlua__class_push_typetable(L, cls);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    zlua_namespace_publish(L);
    return 1;
}

void zlua__types_open(lua_State *L, zlua__ctx *ctx)
{
    (void)ctx;
    zlua_push_namespace_table(L, "", 0, 0);
    lua_setglobal(L, "CS");
    lua_pushcfunction(L, zlua_csharp_index);
    zlua_push_proxy(L, "CSharp");
    lua_pop(L, 1);
    lua_setglobal(L, "CSharp");
}
