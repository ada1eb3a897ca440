/*
 * zlua_annot.c -- the annotation generator's command line (R-ANNOT-1).
 *
 *   zlua-annot-mono --assembly FILE.dll... --out OUT.lua
 *                   [--reference FILE.dll]... [--rules FILE.xml]...
 *   zlua-annot --out OUT.lua [ASSEMBLY-NAME...]
 *
 *     --reference FILE  an assembly the others need, opened, not annotated
 *     --rules FILE.xml  the project's XML rule files: a method they (or
 *                       the assemblies' [LuaMarshalAs] attributes) give
 *                       several Lua values is annotated with that many
 *
 * Writes one EmmyLua / LuaLS definition file (`---@meta`) describing
 * every type a script can reach through the assemblies given: on Mono,
 * those opened from the files (a game's Assembly-CSharp.dll and the
 * others beside it); on the simulated runtime, the loaded ones named
 * (or all).  An editor or a checker (emmylua_check) given this file
 * and the `zlua` library's (tools/annot/zlua.lua) as libraries knows
 * CS, CSharp, each type table and each instance's members
 * (docs/lua-api.md, "Annotations for editors and checkers").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "annot.h"
#include "marshalc_live.h"
#include "tool_rt.h"
#include "tool_run.h"
#include "zlua.h"

#define ANNOT_MAX_ASSEMBLIES 64

static const char annot_usage[] =
    "usage: zlua-annot-mono --assembly FILE.dll... --out OUT.lua [--reference FILE.dll]... "
    "[--rules FILE.xml]...\n"
    "       zlua-annot --out OUT.lua [ASSEMBLY-NAME...]";

/* Whether img is one of the assemblies named (none named: every one). */
static int annot_wanted(const Il2CppImage *img, const char *const *only, int nonly)
{
    if (nonly == 0)
        return 1;
    Il2CppClass *k = img != NULL && il2cpp_image_get_class_count(img) > 0
                         ? (Il2CppClass *)il2cpp_image_get_class(img, 0) : NULL;
    for (int i = 0; k != NULL && i < nonly; i++)
        if (strcmp(il2cpp_class_get_assemblyname(k), only[i]) == 0)
            return 1;
    return 0;
}

static int annot_class_cmp(const void *a, const void *b)
{
    annot_buf x, y;
    annot_buf_init(&x);
    annot_buf_init(&y);
    annot_name_instance(&x, *(Il2CppClass *const *)a);
    annot_name_instance(&y, *(Il2CppClass *const *)b);
    int c = strcmp(x.s, y.s);
    annot_buf_free(&x);
    annot_buf_free(&y);
    return c;
}

/* What a run holds past a failure (annot_die), freed by zlua_annot_reset. */
static lua_State *annot_L;
static Il2CppClass **annot_sorted;
static annot_buf annot_out;

/* Everything a run leaves, freed: the next run in the same process (the
 * Editor's, tool_run.h) starts as a new process would. */
void zlua_annot_reset(void)
{
    if (annot_L != NULL)
        lua_close(annot_L);
    annot_L = NULL;
    free(annot_sorted);
    annot_sorted = NULL;
    annot_buf_free(&annot_out);
    annot_set_reset();
    annot_class_reset();
}

#ifndef ZLUA_TOOL_LIBRARY
int zlua_annot_main(int argc, char **argv);
int main(int argc, char **argv)
{
    return zlua_annot_main(argc, argv);
}
#endif

int zlua_annot_main(int argc, char **argv)
{
    const char *files[ANNOT_MAX_ASSEMBLIES], *refs[ANNOT_MAX_ASSEMBLIES];
    const char *only[ANNOT_MAX_ASSEMBLIES], *xml[ANNOT_MAX_ASSEMBLIES], *out_path = NULL;
    int nfiles = 0, nrefs = 0, nonly = 0, nxml = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (strcmp(a, "--assembly") == 0 && has_value) {
            if (nfiles == ANNOT_MAX_ASSEMBLIES)
                annot_die("more than %d assemblies", ANNOT_MAX_ASSEMBLIES);
            files[nfiles++] = argv[++i];
        } else if (strcmp(a, "--reference") == 0 && has_value) {
            if (nrefs == ANNOT_MAX_ASSEMBLIES)
                annot_die("more than %d references", ANNOT_MAX_ASSEMBLIES);
            refs[nrefs++] = argv[++i];
        } else if (strcmp(a, "--rules") == 0 && has_value) {
            if (nxml == ANNOT_MAX_ASSEMBLIES)
                annot_die("more than %d rule files", ANNOT_MAX_ASSEMBLIES);
            xml[nxml++] = argv[++i];
        } else if (strcmp(a, "--out") == 0 && has_value) {
            out_path = argv[++i];
        } else if (a[0] == '-') {
            annot_die("unknown option or missing value: %s\n%s", a, annot_usage);
        } else {
            if (nonly == ANNOT_MAX_ASSEMBLIES)
                annot_die("more than %d assembly names\n%s", ANNOT_MAX_ASSEMBLIES, annot_usage);
            only[nonly++] = a;
        }
    }
    if (out_path == NULL)
        annot_die("no output file (--out)\n%s", annot_usage);
    if (nfiles > 0 && nonly > 0)
        annot_die("name assemblies either by file (--assembly) or by name, not both");
    if (nxml > 0 && nfiles == 0)
        annot_die("--rules reads the rules of assemblies given with --assembly");
    char err[1024] = "";
    if (tool_rt_start(err, sizeof err) != 0)
        annot_die("%s", err);
    for (int i = 0; i < nrefs; i++) {   /* opened first, never walked */
        const char *name;
        if (tool_rt_open(refs[i], &name, err, sizeof err) == NULL)
            annot_die("%s", err);
    }
    const Il2CppImage *images[ANNOT_MAX_ASSEMBLIES];
    const char *names[ANNOT_MAX_ASSEMBLIES];
    for (int i = 0; i < nfiles; i++) {
        images[i] = tool_rt_open(files[i], &names[i], err, sizeof err);
        if (images[i] == NULL)
            annot_die("%s", err);
    }
#ifdef ZLUA_ANNOT_MARSHAL_TABLES
    /* the build's [LuaMarshalAs] tables (cmake/marshal.cmake): a method
     * they give several Lua values is annotated with that many */
    {
        extern const zlua_marshal_table ZLUA_ANNOT_MARSHAL_TABLES[];
        extern const size_t ZLUA_ANNOT_MARSHAL_TABLES_COUNT;
        if (zlua_rules_register(ZLUA_ANNOT_MARSHAL_TABLES, ZLUA_ANNOT_MARSHAL_TABLES_COUNT) !=
            ZLUA_OK)
            annot_die("cannot register the marshal tables");
    }
#endif
    lua_State *L = annot_L = luaL_newstate();
    if (L == NULL || zlua_open(L) != ZLUA_OK)
        annot_die("cannot open a state");
    zlua_state_set_log(L, NULL, NULL);   /* the binder's reports are not ours */
    const char *failed;
#ifdef ZLUA_TOOL_LIBRARY
    /* the Editor's attributes are registered already (read live); the
     * XML files once per process (marshalc_live.h) */
    int registered =
        marshalc_live_register_xml_once(names, nfiles, xml, nxml, &failed, tool_err_line, NULL);
#else
    int registered = marshalc_live_register(L, names, nfiles, xml, nxml, &failed);
#endif
    if (registered != 0) {
        if (failed != NULL)
            annot_die("%s: the rule file has errors (above)", failed);
        annot_die("cannot register the [LuaMarshalAs] rules");
    }
    if (nfiles > 0) {
        for (int i = 0; i < nfiles; i++)
            annot_set_add_image(images[i]);
    } else {
        size_t count = 0;
        const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
        int found = 0;
        for (size_t i = 0; i < count; i++) {
            const Il2CppImage *img = il2cpp_assembly_get_image(as[i]);
            if (annot_wanted(img, only, nonly)) {
                annot_set_add_image(img);
                found++;
            }
        }
        if (nonly > 0 && found < nonly)
            annot_die("%d of the %d assemblies named are not loaded", nonly - found, nonly);
    }
    annot_set_close();
    annot_class_collect_extensions();
    size_t n = annot_set_count();
    Il2CppClass **sorted = annot_sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (sorted == NULL)
        annot_die("out of memory");
    for (size_t i = 0; i < n; i++)
        sorted[i] = annot_set_at(i);
    qsort(sorted, n, sizeof *sorted, annot_class_cmp);   /* the same file from run to run */
    annot_buf *b = &annot_out;
    annot_buf_init(b);
    annot_buf_printf(b, "---@meta\n-- Generated by zlua-annot (libzlua %s) from the runtime's "
                         "metadata: the C# types\n-- Lua reaches, as libzlua binds them. Do not "
                         "edit; use it with tools/annot/zlua.lua.\n\n",
                     ZLUA_VERSION);
    for (size_t i = 0; i < n; i++)
        annot_class_write(b, L, sorted[i]);
    annot_tree_write(b);
    /* binary: the same bytes on every host */
    FILE *out = fopen(out_path, "wb");
    if (out == NULL)
        annot_die("cannot write %s", out_path);
    size_t written = fwrite(b->s, 1, b->len, out);
    if (fclose(out) != 0 || written != b->len)
        annot_die("write failed: %s", out_path);
    annot_buf_free(b);
    free(sorted);
    annot_sorted = NULL;
    lua_close(L);
    annot_L = NULL;
    return 0;
}
