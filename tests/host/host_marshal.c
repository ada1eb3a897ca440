/*
 * host_marshal.c -- the [LuaMarshalAs] rule tables of zlua-run
 * (host_marshal.h).
 */
#include "host_marshal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "marshalc_attrs.h"
#include "testbed_rt.h"
#include "zlua.h"

/* build outputs of zlua-marshalc (cmake/marshal.cmake) */
extern const zlua_marshal_table zlua_fixture_marshal[];
extern const size_t zlua_fixture_marshal_count;
extern const zlua_marshal_table zlua_fixture_marshal_xml[];
extern const size_t zlua_fixture_marshal_xml_count;
extern const zlua_marshal_table zlua_fixture_marshal_variant[];
extern const size_t zlua_fixture_marshal_variant_count;

/* live mode: the attributes, one unvalidated table per assembly */
#define HOST_LIVE_ASMS 8

static struct host_live {
    zlua_marshal_table tables[HOST_LIVE_ASMS];
    zlua_marshal_rule *rules[HOST_LIVE_ASMS];
    size_t cap[HOST_LIVE_ASMS];
    size_t n;
} live;

static void host_on_attr(void *ud, const char *assembly, const zlua_marshal_rule *r)
{
    (void)ud;
    size_t a = 0;
    while (a < live.n && strcmp(live.tables[a].assembly, assembly) != 0)
        a++;
    if (a == live.n) {
        if (live.n == HOST_LIVE_ASMS)
            return;
        live.tables[live.n++] = (zlua_marshal_table){assembly, NULL, 0, 0};
    }
    zlua_marshal_table *t = &live.tables[a];
    if (t->count == live.cap[a]) {
        live.cap[a] = live.cap[a] ? 2 * live.cap[a] : 16;
        live.rules[a] = realloc(live.rules[a], live.cap[a] * sizeof *live.rules[a]);
        if (live.rules[a] == NULL)
            abort();
    }
    live.rules[a][t->count++] = *r;
    t->rules = live.rules[a];
}

int host_register_marshal(lua_State *L)
{
    const char *mode = getenv("ZLUA_RUN_MARSHAL");
    /* by default, each runtime's own path: a player's compiled tables, or
     * an Editor's attributes read live */
    if (mode == NULL || mode[0] == '\0')
        mode = strcmp(testbed_rt_name, "mono") == 0 ? "live" : "tables";
    int rc = ZLUA_OK;
    if (strcmp(mode, "tables") == 0) {
        rc = zlua_rules_register(zlua_fixture_marshal,
                                                  zlua_fixture_marshal_count);
    } else if (strcmp(mode, "variant") == 0) {
        rc = zlua_rules_register(zlua_fixture_marshal_variant,
                                                  zlua_fixture_marshal_variant_count);
    } else if (strcmp(mode, "live") == 0) {
        rc = zlua_rules_register(zlua_fixture_marshal_xml,
                                                  zlua_fixture_marshal_xml_count);
        marshalc_read_attributes(L, host_on_attr, NULL);
        if (rc == ZLUA_OK)
            rc = zlua_rules_register(live.tables, live.n);
    } else if (strcmp(mode, "none") != 0) {
        fprintf(stderr, "zlua-run: ZLUA_RUN_MARSHAL must be tables, live, variant or none, "
                        "not '%s'\n", mode);
        return -1;
    }
    if (rc != ZLUA_OK) {
        fprintf(stderr, "zlua-run: cannot register the marshal tables (%d)\n", rc);
        return -1;
    }
    /* testbed.marshal: the registration the specs run under */
    if (lua_getglobal(L, "testbed") == LUA_TTABLE) {
        lua_pushstring(L, mode);
        lua_setfield(L, -2, "marshal");
    }
    lua_pop(L, 1);
    return 0;
}
