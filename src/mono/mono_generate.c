/*
 * mono_generate.c -- generation inside the Editor (R-PKG-2;
 * zlua_mono.h): the rule compiler, the stub generator, then (when asked)
 * the annotation generator, run as library functions (tools/common/tool_run.h) over the Editor's own
 * domain, their messages handed to the caller, their outputs written
 * beside their final names and moved into place only when every run
 * succeeded: a failed generation leaves the project's files as they
 * were.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_run.h"
#include "zlua_mono.h"

int zlua_marshalc_main(int argc, char **argv);
void zlua_marshalc_reset(void);
int zlua_stubgen_main(int argc, char **argv);
void zlua_stubgen_reset(void);
int zlua_annot_main(int argc, char **argv);
void zlua_annot_reset(void);
int zm_live_rules_start(void);   /* mono_env.c */

typedef struct zm_gen {
    zlua_mono_gen_fn fn;
    void *ud;
    int errors;
    char **argv;
    int argc, cap;
} zm_gen;

static void zm_gen_say(zm_gen *g, int kind, const char *text, double fraction)
{
    if (g->fn != NULL)
        g->fn(g->ud, kind, text, fraction);
}

/* A generator's line: an error ("FILE:LINE: error: ...", "zlua-stubgen:
 * ...", "N errors") or any other. */
static void zm_gen_line(void *ud, const char *line)
{
    zm_gen *g = ud;
    int error = strstr(line, "error") != NULL || strncmp(line, "zlua-", 5) == 0;
    g->errors += error;
    zm_gen_say(g, error ? ZLUA_MONO_GEN_ERROR : ZLUA_MONO_GEN_INFO, line, -1.0);
}

static int zm_gen_arg(zm_gen *g, const char *a)
{
    if (g->argc + 1 >= g->cap) {
        int cap = g->cap ? g->cap * 2 : 32;
        char **p = realloc(g->argv, (size_t)cap * sizeof *p);
        if (p == NULL)
            return -1;
        g->argv = p;
        g->cap = cap;
    }
    g->argv[g->argc++] = (char *)(uintptr_t)a;
    g->argv[g->argc] = NULL;
    return 0;
}

/* opt and each string of list ("a\0b\0\0"; NULL: none) */
static int zm_gen_list(zm_gen *g, const char *opt, const char *list)
{
    for (const char *s = list; s != NULL && *s; s += strlen(s) + 1)
        if ((opt != NULL && zm_gen_arg(g, opt) != 0) || zm_gen_arg(g, s) != 0)
            return -1;
    return 0;
}

/* path + ".zlua-tmp" */
static char *zm_gen_tmp(const char *path)
{
    size_t n = strlen(path);
    char *t = malloc(n + sizeof ".zlua-tmp");
    if (t != NULL) {
        memcpy(t, path, n);
        memcpy(t + n, ".zlua-tmp", sizeof ".zlua-tmp");
    }
    return t;
}

int zlua_mono_generate(const char *helpers_dll, const char *assemblies, const char *references,
                       const char *rules, const char *preserve, const char *stubs_cpp,
                       const char *tables_c, const char *report_txt, const char *link_xml,
                       const char *annotations_lua, zlua_mono_gen_fn fn, void *ud)
{
    zm_gen g = {fn, ud, 0, NULL, 0, 0};
    char why[600];
    if (helpers_dll == NULL || zlua_mono_env_attach(helpers_dll, why, sizeof why) != 0) {
        zm_gen_say(&g, ZLUA_MONO_GEN_ERROR,
                   helpers_dll == NULL ? "zlua: generation needs the path of ZLua.MonoHost.dll"
                                       : why, -1.0);
        return -1;
    }
    if (assemblies == NULL || assemblies[0] == '\0' || stubs_cpp == NULL || tables_c == NULL ||
        report_txt == NULL || link_xml == NULL) {
        zm_gen_say(&g, ZLUA_MONO_GEN_ERROR,
                   "zlua: generation needs an assembly and the four output paths", -1.0);
        return -1;
    }
    const char *finals[5] = {tables_c, stubs_cpp, report_txt, link_xml, annotations_lua};
    char *tmps[5] = {NULL, NULL, NULL, NULL, NULL};
    int nfiles = annotations_lua != NULL ? 5 : 4;
    int status = -1;
    for (int i = 0; i < nfiles; i++)
        if ((tmps[i] = zm_gen_tmp(finals[i])) == NULL)
            goto done;
    /* the [LuaMarshalAs] attributes read live, as before an env's first
     * bind: the stubs take their shapes (the game's assemblies are read
     * as the generators load them) */
    if (zm_live_rules_start() != 0) {
        zm_gen_say(&g, ZLUA_MONO_GEN_ERROR, "zlua: cannot read the LuaMarshalAs rules", -1.0);
        g.errors++;
        status = 1;
        goto done;
    }
    /* 1. the rule tables: every illegal rule, with its file and line */
    zm_gen_say(&g, ZLUA_MONO_GEN_PROGRESS, "compiling the marshal rules", 0.0);
    if (zm_gen_arg(&g, "zlua-marshalc") != 0 || zm_gen_list(&g, "--reference", references) != 0 ||
        zm_gen_list(&g, "--assembly", assemblies) != 0 || zm_gen_arg(&g, "-o") != 0 ||
        zm_gen_arg(&g, tmps[0]) != 0 || zm_gen_list(&g, NULL, rules) != 0)
        goto done;
    status = tool_run_call(zlua_marshalc_main, zlua_marshalc_reset, g.argc, g.argv, zm_gen_line,
                           &g);
    if (status != 0)
        goto done;
    /* 2. the stubs, the report, link.xml */
    zm_gen_say(&g, ZLUA_MONO_GEN_PROGRESS, "generating the stubs and link.xml", 0.4);
    g.argc = 0;
    status = -1;
    if (zm_gen_arg(&g, "zlua-stubgen") != 0 || zm_gen_list(&g, "--reference", references) != 0 ||
        zm_gen_list(&g, "--assembly", assemblies) != 0 || zm_gen_list(&g, "--rules", rules) != 0 ||
        zm_gen_list(&g, "--preserve", preserve) != 0 || zm_gen_arg(&g, "--out") != 0 ||
        zm_gen_arg(&g, tmps[1]) != 0 || zm_gen_arg(&g, "--report") != 0 ||
        zm_gen_arg(&g, tmps[2]) != 0 || zm_gen_arg(&g, "--link-xml") != 0 ||
        zm_gen_arg(&g, tmps[3]) != 0)
        goto done;
    status = tool_run_call(zlua_stubgen_main, zlua_stubgen_reset, g.argc, g.argv, zm_gen_line, &g);
    if (status != 0)
        goto done;
    /* 3. the annotations a Lua editor completes and checks with */
    if (annotations_lua != NULL) {
        zm_gen_say(&g, ZLUA_MONO_GEN_PROGRESS, "writing the Lua annotations", 0.7);
        g.argc = 0;
        status = -1;
        if (zm_gen_arg(&g, "zlua-annot") != 0 ||
            zm_gen_list(&g, "--reference", references) != 0 ||
            zm_gen_list(&g, "--assembly", assemblies) != 0 ||
            zm_gen_list(&g, "--rules", rules) != 0 || zm_gen_arg(&g, "--out") != 0 ||
            zm_gen_arg(&g, tmps[4]) != 0)
            goto done;
        status = tool_run_call(zlua_annot_main, zlua_annot_reset, g.argc, g.argv, zm_gen_line, &g);
        if (status != 0)
            goto done;
    }
    /* 4. into place, all of them */
    zm_gen_say(&g, ZLUA_MONO_GEN_PROGRESS, "writing the generated files", 0.9);
    for (int i = 0; i < nfiles; i++) {
        remove(finals[i]);   /* rename does not replace a file on every system */
        if (rename(tmps[i], finals[i]) != 0) {
            char msg[1200];
            snprintf(msg, sizeof msg, "zlua: cannot write %s", finals[i]);
            zm_gen_say(&g, ZLUA_MONO_GEN_ERROR, msg, -1.0);
            g.errors++;
            status = 1;
            goto done;
        }
    }
    zm_gen_say(&g, ZLUA_MONO_GEN_PROGRESS, "done", 1.0);
done:
    if (status < 0 && g.errors == 0)
        zm_gen_say(&g, ZLUA_MONO_GEN_ERROR,
                   tmps[3] == NULL || g.argv == NULL ? "zlua: out of memory"
                                                     : "zlua: a generation is already running",
                   -1.0);
    for (int i = 0; i < 5; i++)
        if (tmps[i] != NULL) {
            remove(tmps[i]);
            free(tmps[i]);
        }
    free(g.argv);
    if (status == 0)
        return 0;
    return g.errors > 0 ? g.errors : (status < 0 ? -1 : 1);
}
