/*
 * mono_rules_xml.c -- a project's XML rule files read on Mono (the Editor,
 * the C host): what a player gets compiled by zlua-marshalc, the Editor
 * reads when told (R-EDITOR-2; docs/embedding.md, "How the rules reach the
 * Editor").
 *
 * The file is read by the build tools' own reader (tools/marshalc), so the
 * same file gives the same rules and the same errors, line for line; the
 * rules are registered unvalidated, as attributes read live are: each is
 * checked at bind time and an illegal one is logged once and runs as
 * Default.  A file with any error registers nothing.  One table per
 * assembly the file names, kept for the process (zlua_rules_register keeps
 * their addresses); a file loaded again is not read twice.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "marshalc_attrs.h"
#include "marshalc_xml.h"
#include "mono_rt.h"

void zm_rule_buf_add(zm_rule_buf *b, const zlua_marshal_rule *r)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 16;
        zlua_marshal_rule *more = realloc(b->rules, cap * sizeof *more);
        if (more == NULL) {
            b->nomem = 1;
            return;
        }
        b->rules = more;
        b->cap = cap;
    }
    b->rules[b->n++] = *r;
}

/* The rules of one assembly while the file is read. */
typedef struct zm_xml_asm {
    const char *name;
    zm_rule_buf buf;
    struct zm_xml_asm *next;
} zm_xml_asm;

typedef struct zm_xml_read {
    zm_xml_asm *asms;
    int nomem;                  /* an assembly's record could not be made */
    zm_line_fn log;
    void *ud;
} zm_xml_read;

/* Files read so far (their resolved paths), for the process. */
typedef struct zm_xml_file {
    char *path;
    struct zm_xml_file *next;
} zm_xml_file;
static zm_xml_file *zm_xml_files;

static void zm_xml_on_rule(void *ud, const char *assembly, const zlua_marshal_rule *r,
                           const char *file, long line)
{
    (void)file, (void)line;   /* r->origin says both */
    zm_xml_read *rd = ud;
    zm_xml_asm *a = rd->asms;
    while (a != NULL && strcmp(a->name, assembly) != 0)
        a = a->next;
    if (a == NULL) {
        a = calloc(1, sizeof *a);
        if (a == NULL) {
            rd->nomem = 1;
            return;
        }
        a->name = marshalc_keep(assembly);
        a->next = rd->asms;
        rd->asms = a;
    }
    zm_rule_buf_add(&a->buf, r);
    rd->nomem |= a->buf.nomem;
}

static void zm_xml_on_error(void *ud, const char *line)
{
    zm_xml_read *rd = ud;
    char msg[1700];
    snprintf(msg, sizeof msg, "[ZLua] %s", line);
    rd->log(rd->ud, msg);
}

static void zm_xml_free(zm_xml_asm *a)
{
    while (a != NULL) {
        zm_xml_asm *next = a->next;
        free(a->buf.rules);
        free(a);
        a = next;
    }
}

/* Registers each assembly's rules as a table of its own; 0 on success. */
static int zm_xml_register(zm_xml_read *rd, const char *path)
{
    for (zm_xml_asm *a = rd->asms; a != NULL; a = a->next) {
        zlua_marshal_table *t = calloc(1, sizeof *t);
        if (t != NULL) {
            t->assembly = a->name;
            t->rules = a->buf.rules;
            t->count = a->buf.n;   /* flags 0: checked at bind time */
        }
        if (t == NULL || zlua_rules_register(t, 1) != ZLUA_OK) {
            char msg[1200];
            snprintf(msg, sizeof msg, "[ZLua] %s: the rules of assembly '%s' are not applied: "
                                      "out of memory", path, a->name);
            rd->log(rd->ud, msg);
            free(t);
            return 1;
        }
        a->buf.rules = NULL;   /* the table's now, for the process */
    }
    return 0;
}

int zm_rules_xml_load(const char *path, zm_line_fn log, void *ud)
{
    /* the file's absolute name: one file named two ways is one file */
#if defined(_WIN32)
    char resolved[_MAX_PATH];
    const char *key = _fullpath(resolved, path, sizeof resolved) != NULL ? resolved : path;
#else
    char resolved[PATH_MAX];
    const char *key = realpath(path, resolved) != NULL ? resolved : path;
#endif
    for (const zm_xml_file *f = zm_xml_files; f != NULL; f = f->next)
        if (strcmp(f->path, key) == 0)
            return 0;   /* read already: its rules are registered */
    zm_xml_read rd = {NULL, 0, log, ud};
    int errors = marshalc_xml_parse_to(path, zm_xml_on_rule, zm_xml_on_error, &rd);
    if (errors == 0 && rd.nomem) {
        char msg[1200];
        snprintf(msg, sizeof msg, "[ZLua] %s: the rules cannot be read: out of memory", path);
        log(ud, msg);
        errors = 1;
    }
    if (errors == 0)
        errors = zm_xml_register(&rd, path);
    zm_xml_free(rd.asms);
    if (errors != 0)
        return errors;
    zm_xml_file *f = calloc(1, sizeof *f);
    if (f != NULL && (f->path = marshalc_keep(key)) != NULL) {
        f->next = zm_xml_files;
        zm_xml_files = f;
    }
    return 0;
}
