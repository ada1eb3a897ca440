/*
 * gen_bind_check.c -- the build step's output, linked and registered on
 * Mono over the game it was generated from:
 *
 *   gen-bind-check GAME.dll...
 *
 * Links the generated stubs, delegate entries and marshal tables with
 * libzlua, registers each as a player does after zlua_open (each must be
 * accepted), and then looks every public method of the game's own types
 * up in the stub table the way the binder does: by its key (type name and
 * token, with the [LuaMarshalAs] shape the registered rules give it) and
 * its reduced signature.  Prints one line per method, `stub  Type.Name`
 * or `generic  Type.Name`, and one per delegate entry, for the build
 * step's check to compare with the generator's report; exits 1 when an
 * entry is found under a method's key for another signature (the binder
 * would refuse it) or a registration fails.  The Mono host itself never
 * calls a stub (its methods have no IL2CPP method pointer): this is the
 * binder's half of taking one, which holds on both runtimes alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "il2cpp_api.h"
#include "tool_rt.h"
#include "zlua.h"
#include "zlua_stub.h"

extern const zlua_stub_table zlua_generated_stubs;
extern const zlua_delegate_table zlua_generated_delegates;
extern const zlua_marshal_table zlua_marshal_tables[];
extern const size_t zlua_marshal_tables_count;

static int failures;

static const zlua_stub_entry *bc_find(const char *key)
{
    size_t lo = 0, hi = zlua_generated_stubs.count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(zlua_generated_stubs.entries[mid].key, key);
        if (c == 0)
            return &zlua_generated_stubs.entries[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int bc_public(const MethodInfo *mi)
{
    uint32_t iflags;
    return (il2cpp_method_get_flags(mi, &iflags) & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) ==
           ZLUA_METHOD_ATTRIBUTE_PUBLIC;
}

static void bc_class(lua_State *L, Il2CppClass *k)
{
    int vis = il2cpp_class_get_flags(k) & 0x7;   /* Public, NestedPublic */
    if (il2cpp_class_is_generic(k) || (vis != 0x1 && vis != 0x2))
        return;
    void *iter = NULL;
    const MethodInfo *mi;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL) {
        if (!bc_public(mi) ||
            (strcmp(il2cpp_method_get_name(mi), ".ctor") == 0 && !il2cpp_class_is_valuetype(k)))
            continue;
        char key[512], shape[128], sig[512] = "";
        const zlua_stub_entry *e = NULL;
        if (zlua_bridge_method_key(mi, key, sizeof key) > 0) {
            zlua_bridge_shape(L, mi, shape, sizeof shape);
            if (strlen(key) + strlen(shape) < sizeof key)
                strcat(key, shape);
            e = bc_find(key);
        }
        if (e != NULL && (zlua_bridge_signature(mi, sig, sizeof sig) == 0 ||
                          strcmp(sig, e->sig) != 0)) {
            printf("MISMATCH %s.%s: entry %s is for %s, the method is %s\n",
                   il2cpp_class_get_name(k), il2cpp_method_get_name(mi), e->key, e->sig, sig);
            failures++;
            continue;
        }
        printf("%s %s.%s\n", e != NULL ? "stub    " : "generic ", il2cpp_class_get_name(k),
               il2cpp_method_get_name(mi));
    }
    iter = NULL;
    Il2CppClass *nested;
    while ((nested = il2cpp_class_get_nested_types(k, &iter)) != NULL)
        bc_class(L, nested);
}

int main(int argc, char **argv)
{
    char err[1024] = "";
    if (argc < 2 || tool_rt_start(err, sizeof err) != 0) {
        fprintf(stderr, "gen-bind-check: %s\n", argc < 2 ? "usage: gen-bind-check GAME.dll..." : err);
        return 2;
    }
    const Il2CppImage *images[16];
    int n = 0;
    for (int i = 1; i < argc && n < 16; i++) {
        const char *name;
        if ((images[n++] = tool_rt_open(argv[i], &name, err, sizeof err)) == NULL) {
            fprintf(stderr, "gen-bind-check: %s\n", err);
            return 2;
        }
    }
    /* as a player registers them: the rules first, then the tables */
    if (zlua_rules_register(zlua_marshal_tables, zlua_marshal_tables_count) !=
        ZLUA_OK) {
        fprintf(stderr, "gen-bind-check: the marshal tables are refused\n");
        return 1;
    }
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (zlua_open(L) != ZLUA_OK || zlua_stub_register(L, &zlua_generated_stubs) != ZLUA_OK ||
        zlua_delegate_register(L, &zlua_generated_delegates) != ZLUA_OK) {
        fprintf(stderr, "gen-bind-check: zlua_open or a table's registration failed\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        size_t nc = il2cpp_image_get_class_count(images[i]);
        for (size_t c = 0; c < nc; c++) {
            Il2CppClass *k = (Il2CppClass *)il2cpp_image_get_class(images[i], c);
            if (k != NULL && il2cpp_class_get_declaring_type(k) == NULL)
                bc_class(L, k);
        }
    }
    for (size_t i = 0; i < zlua_generated_delegates.count; i++)
        printf("delegate %s\n", zlua_generated_delegates.entries[i].type);
    lua_close(L);
    return failures > 0;
}
