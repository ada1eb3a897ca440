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
    marshalc_xml_err_fn err;    /* where the XML files' errors go, with err_ud */
    void *err_ud;
} marshalc_live;

static void marshalc_live_err(void *ud, const char *line)
{
    marshalc_live *l = ud;
    l->err(l->err_ud, line);
}

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

/* L: read its attributes first (NULL: none); err: where the XML files'
 * errors go (NULL: printed). */
static int marshalc_live_gather(lua_State *L, const char *const *assemblies, int nassemblies,
                                const char *const *xml, int nxml, const char **failed,
                                marshalc_xml_err_fn err, void *ud)
{
    *failed = NULL;
    if (nassemblies <= 0)
        return 0;
    marshalc_live l = {calloc((size_t)nassemblies, sizeof *l.tables),
                       calloc((size_t)nassemblies, sizeof *l.caps), nassemblies, 0, err, ud};
    if (l.tables == NULL || l.caps == NULL) {
        free(l.tables), free(l.caps);
        return -1;
    }
    for (int a = 0; a < nassemblies; a++)
        l.tables[a] = (zlua_marshal_table){assemblies[a], NULL, 0, 0};
    if (L != NULL)
        marshalc_read_attributes(L, marshalc_live_add, &l);
    for (int i = 0; i < nxml; i++)
        if ((err != NULL ? marshalc_xml_parse_to(xml[i], marshalc_live_add_xml, marshalc_live_err, &l)
                         : marshalc_xml_parse(xml[i], marshalc_live_add_xml, &l)) > 0) {
            *failed = xml[i];
            return -1;
        }
    free(l.caps);   /* the tables stay: the registry points at them */
    if (l.nomem || zlua_rules_register(l.tables, (size_t)nassemblies) != ZLUA_OK)
        return -1;
    return 0;
}

int marshalc_live_register(lua_State *L, const char *const *assemblies, int nassemblies,
                           const char *const *xml, int nxml, const char **failed)
{
    return marshalc_live_gather(L, assemblies, nassemblies, xml, nxml, failed, NULL, NULL);
}

int marshalc_live_register_xml(const char *const *assemblies, int nassemblies,
                               const char *const *xml, int nxml, const char **failed,
                               void (*err)(void *ud, const char *line), void *ud)
{
    return marshalc_live_gather(NULL, assemblies, nassemblies, xml, nxml, failed, err, ud);
}

int marshalc_live_register_xml_once(const char *const *assemblies, int nassemblies,
                                    const char *const *xml, int nxml, const char **failed,
                                    void (*err)(void *ud, const char *line), void *ud)
{
    static char **seen;   /* the process's: the files registered */
    static int nseen, capseen;
    const char **fresh = malloc((size_t)(nxml > 0 ? nxml : 1) * sizeof *fresh);
    if (fresh == NULL)
        return -1;
    int nfresh = 0;
    for (int i = 0; i < nxml; i++) {
        int known = 0;
        for (int j = 0; j < nseen && !known; j++)
            known = strcmp(seen[j], xml[i]) == 0;
        if (!known)
            fresh[nfresh++] = xml[i];
    }
    int rc = nfresh == 0 ? 0
                         : marshalc_live_register_xml(assemblies, nassemblies, fresh, nfresh,
                                                      failed, err, ud);
    for (int i = 0; rc == 0 && i < nfresh; i++) {
        if (nseen == capseen) {
            int cap = capseen ? capseen * 2 : 8;
            char **grown = realloc(seen, (size_t)cap * sizeof *grown);
            if (grown == NULL)
                break;   /* not remembered: registered again next time */
            seen = grown;
            capseen = cap;
        }
        size_t n = strlen(fresh[i]) + 1;
        if ((seen[nseen] = malloc(n)) == NULL)
            break;
        memcpy(seen[nseen++], fresh[i], n);
    }
    free(fresh);
    return rc;
}
