/*
 * marshalc_live.c -- [LuaMarshalAs] rules read at a tool's run time
 * (marshalc_live.h).
 */
#include <stdlib.h>
#include <string.h>

#include "marshalc_attrs.h"
#include "marshalc_live.h"
#include "marshalc_xml.h"
#include "zlua.h"

typedef struct marshalc_live {
    zlua_marshal_table *tables;   /* one per assembly named, in its order */
    size_t *caps;
    int n;
    int nomem;
} marshalc_live;

static void marshalc_live_add(void *ud, const char *assembly, const zlua_marshal_rule *r)
{
    marshalc_live *l = ud;
    for (int a = 0; a < l->n; a++) {
        if (strcmp(l->tables[a].assembly, assembly) != 0)
            continue;
        zlua_marshal_table *t = &l->tables[a];
        if (t->count == l->caps[a]) {
            size_t cap = l->caps[a] ? 2 * l->caps[a] : 16;
            zlua_marshal_rule *grown = realloc((void *)t->rules, cap * sizeof *r);
            if (grown == NULL) {
                l->nomem = 1;
                return;
            }
            t->rules = grown;
            l->caps[a] = cap;
        }
        ((zlua_marshal_rule *)(void *)t->rules)[t->count++] = *r;
        return;
    }
}

static void marshalc_live_add_xml(void *ud, const char *assembly, const zlua_marshal_rule *r,
                                  const char *file, long line)
{
    (void)file;
    (void)line;
    marshalc_live_add(ud, assembly, r);
}

int marshalc_live_register(lua_State *L, const char *const *assemblies, int nassemblies,
                           const char *const *xml, int nxml, const char **failed)
{
    *failed = NULL;
    if (nassemblies <= 0)
        return 0;
    marshalc_live l = {calloc((size_t)nassemblies, sizeof *l.tables),
                       calloc((size_t)nassemblies, sizeof *l.caps), nassemblies, 0};
    if (l.tables == NULL || l.caps == NULL)
        return -1;
    for (int a = 0; a < nassemblies; a++)
        l.tables[a] = (zlua_marshal_table){assemblies[a], NULL, 0, 0};
    marshalc_read_attributes(L, marshalc_live_add, &l);
    for (int i = 0; i < nxml; i++)
        if (marshalc_xml_parse(xml[i], marshalc_live_add_xml, &l) > 0) {
            *failed = xml[i];
            return -1;
        }
    free(l.caps);   /* the tables stay: the registry points at them */
    if (l.nomem || zlua_rules_register(l.tables, (size_t)nassemblies) != ZLUA_OK)
        return -1;
    return 0;
}
