/*
 * typetable.c -- type tables and the CS / CSharp roots (SPEC 11).
 *
 * A type table T is an empty proxy: reads fall to its statics table
 * (methods, constants, meta keys) through a plain __index table, so
 * `Demo.Add` costs two table lookups and no C call; static fields and
 * properties are served by the statics table's own __index function;
 * every write goes through __newindex.
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/open.h"
#include "marshal/ud.h"
#include "types/class.h"
#include "types/ctor.h"

/* statics' __index (upvalue 1: cls): static fields and properties. */
static int zlua_static_index(lua_State *L)
{
    const zlua_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->static_slots);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TLIGHTUSERDATA) {
        /* absent meta keys (__enum on a struct, ...) read as nil */
        const char *k = lua_tostring(L, 2);
        if (k != NULL && k[0] == '_' && k[1] == '_')
            return 0;
        return zlua_member_missing(L, cls, 2, 0);
    }
    const zlua_member *mem = lua_touserdata(L, -1);
    lua_settop(L, 2);
    return zlua_member_read(L, cls, mem, NULL, NULL);
}

/* T's __newindex (upvalue 1: cls). */
static int zlua_static_newindex(lua_State *L)
{
    const zlua_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->static_slots);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) == LUA_TLIGHTUSERDATA) {
        const zlua_member *mem = lua_touserdata(L, -1);
        lua_pop(L, 2);
        zlua_member_write(L, cls, mem, NULL, NULL, NULL, 3);
        return 0;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->statics);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL)
        return luaL_error(L, "static member not writable: %s", lua_tostring(L, 2));
    return zlua_member_missing(L, cls, 2, 0);
}

static int zlua_typetable_tostring(lua_State *L)
{
    const zlua_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    lua_pushfstring(L, "type: %s", cls->full_name);
    return 1;
}

static void zlua_set_bool(lua_State *L, int t, const char *k)
{
    lua_pushboolean(L, 1);
    lua_setfield(L, t, k);
}

/* The meta keys of SPEC 11, stored in the statics table. */
static void zlua_typetable_fill_keys(lua_State *L, zlua_class *cls, int statics)
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

static void zlua_typetable_make_mts(lua_State *L, zlua_class *cls, int statics)
{
    if (cls->valuetype && !cls->nullable) {
        zlua_instance_new_mt(L, cls, 0);
        lua_pushvalue(L, -1);
        lua_setfield(L, statics, "__instance_mt");
        lua_pushvalue(L, -1);
        lua_setfield(L, statics, "__byval_instance_mt");
        cls->byval_mt = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    if (!cls->is_static && !cls->nullable) {
        zlua_instance_new_mt(L, cls, 1);
        lua_pushvalue(L, -1);
        lua_setfield(L, statics, "__byobj_instance_mt");
        cls->byobj_mt = luaL_ref(L, LUA_REGISTRYINDEX);
    }
}

static void zlua_typetable_create(lua_State *L, zlua_class *cls)
{
    luaL_checkstack(L, 10, "zlua: type table");
    zlua_class_bind_members(L, cls);
    lua_newtable(L);                                   /* T */
    int t = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->statics);   /* S */
    int statics = lua_gettop(L);
    lua_createtable(L, 0, 1);                          /* S's metatable */
    lua_pushlightuserdata(L, cls);
    lua_pushcclosure(L, zlua_static_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, statics);
    lua_createtable(L, 0, 8);                          /* T's metatable */
    int tm = lua_gettop(L);
    lua_pushvalue(L, statics);
    lua_setfield(L, tm, "__index");
    lua_pushlightuserdata(L, cls);
    lua_pushcclosure(L, zlua_static_newindex, 1);
    lua_setfield(L, tm, "__newindex");
    lua_pushlightuserdata(L, cls);
    lua_pushcclosure(L, zlua_typetable_tostring, 1);
    lua_setfield(L, tm, "__tostring");
    lua_pushboolean(L, 0);
    lua_setfield(L, tm, "__metatable");
    lua_pushvalue(L, tm);
    lua_setmetatable(L, t);
    zlua_typetable_fill_keys(L, cls, statics);
    lua_pushvalue(L, t);
    cls->typetable = luaL_ref(L, LUA_REGISTRYINDEX);
    zlua_typetable_make_mts(L, cls, statics);
    zlua_ctor_install(L, cls, statics, tm);   /* after the mts: upvalues */
    lua_settop(L, t);
}

void zlua_class_push_typetable(lua_State *L, zlua_class *cls)
{
    if (cls->typetable == LUA_NOREF)
        zlua_typetable_create(L, cls);
    else
        lua_rawgeti(L, LUA_REGISTRYINDEX, cls->typetable);
}

void zlua_class_push_byval_mt(lua_State *L, zlua_class *cls)
{
    if (cls->typetable == LUA_NOREF) {
        zlua_typetable_create(L, cls);
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->byval_mt);
}

void zlua_class_push_byobj_mt(lua_State *L, zlua_class *cls)
{
    if (cls->typetable == LUA_NOREF) {
        zlua_typetable_create(L, cls);
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, cls->byobj_mt);
}

/* ---- CSharp[assembly][fullName] ------------------------------------------- */

static int zlua_push_type_or_fail(lua_State *L, zlua_class *cls, const char *name)
{
    if (cls == NULL)
        return luaL_error(L, "type not found: %s", name);
    zlua_class_push_typetable(L, cls);
    return 1;
}

/* assembly table __index (upvalue 1: image lightuserdata). */
static int zlua_assembly_index(lua_State *L)
{
    const Il2CppImage *img = lua_touserdata(L, lua_upvalueindex(1));
    const char *full = luaL_checkstring(L, 2);
    zlua_ctx *ctx = zlua_ctx_get(L);
    zlua_class *cls = zlua_class_find(ctx, full);
    if (cls != NULL && il2cpp_class_get_image(cls->klass) != img)
        cls = NULL;
    zlua_push_type_or_fail(L, cls, full);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);   /* cache: the same table on every path */
    return 1;
}

static const Il2CppImage *zlua_image_named(const char *name)
{
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    size_t n = strlen(name);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        const char *iname = il2cpp_image_get_name(img);
        if (strcmp(iname, name) == 0 ||
            (strncmp(iname, name, n) == 0 && strcmp(iname + n, ".dll") == 0))
            return img;
    }
    return NULL;
}

static int zlua_csharp_index(lua_State *L)
{
    const char *name = luaL_checkstring(L, 2);
    const char *lookup = strcmp(name, "AC") == 0 ? "Assembly-CSharp" : name;
    const Il2CppImage *img = zlua_image_named(lookup);
    if (img == NULL)
        return luaL_error(L, "assembly not found: %s", name);
    lua_newtable(L);
    lua_createtable(L, 0, 2);
    lua_pushlightuserdata(L, (void *)img);
    lua_pushcclosure(L, zlua_assembly_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    if (lookup != name) {   /* AC and Assembly-CSharp share one table */
        lua_getfield(L, 1, lookup);
        lua_replace(L, -2);
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

/* ---- CS: namespace walk across all assemblies ---------------------------- */

/* Pushes the set { ["MyGame"]=true, ["System"]=true, ... } of every
 * namespace and namespace prefix, built once. */
static void zlua_push_namespaces(lua_State *L, zlua_ctx *ctx)
{
    if (ctx->namespaces_ref != LUA_NOREF) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, ctx->namespaces_ref);
        return;
    }
    lua_newtable(L);
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
        size_t nc = il2cpp_image_get_class_count(img);
        for (size_t c = 0; c < nc; c++) {
            const char *ns = il2cpp_class_get_namespace((Il2CppClass *)il2cpp_image_get_class(img, c));
            for (const char *p = ns; ns[0] != '\0'; p++) {
                if (*p == '.' || *p == '\0') {
                    lua_pushlstring(L, ns, (size_t)(p - ns));
                    lua_pushboolean(L, 1);
                    lua_rawset(L, -3);
                }
                if (*p == '\0')
                    break;
            }
        }
    }
    lua_pushvalue(L, -1);
    ctx->namespaces_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

static void zlua_push_namespace_table(lua_State *L, const char *prefix);

/* namespace table __index (upvalue 1: the prefix, "" for CS itself). */
static int zlua_namespace_index(lua_State *L)
{
    const char *prefix = lua_tostring(L, lua_upvalueindex(1));
    const char *key = luaL_checkstring(L, 2);
    zlua_ctx *ctx = zlua_ctx_get(L);
    if (prefix[0] != '\0')
        lua_pushfstring(L, "%s.%s", prefix, key);
    else
        lua_pushstring(L, key);
    const char *full = lua_tostring(L, -1);
    zlua_class *cls = zlua_class_find(ctx, full);
    if (cls != NULL) {
        zlua_class_push_typetable(L, cls);
    } else {
        zlua_push_namespaces(L, ctx);
        lua_pushvalue(L, -2);
        int is_ns = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 2);
        if (!is_ns)
            return luaL_error(L, "type not found: %s", full);
        zlua_push_namespace_table(L, full);
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
}

static void zlua_push_namespace_table(lua_State *L, const char *prefix)
{
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, prefix);
    lua_pushcclosure(L, zlua_namespace_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
}

void zlua_types_open(lua_State *L, zlua_ctx *ctx)
{
    (void)ctx;
    zlua_push_namespace_table(L, "");
    lua_setglobal(L, "CS");
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, zlua_csharp_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "CSharp");
}
