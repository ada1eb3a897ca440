/*
 * md_check.c -- the Mono backend reads two bind-time facts from the
 * metadata tables instead of asking reflection (mono_api.c): each
 * parameter's ParameterAttributes and whether a method is a generic
 * definition.  This check holds every answer the tables give to
 * reflection's, over every method of corlib and of the assemblies named
 * on the command line, and fails unless the tables answered for the
 * cases that matter (ref/out/in, optional, defaults, generic
 * definitions).
 *
 *     zlua-md-check-mono ASSEMBLY.dll...
 */
#include <stdio.h>
#include <string.h>

#include <mono/metadata/image.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/metadata.h>
#include <mono/metadata/tokentype.h>

#include "mono/mono_rt.h"
#include "tool_rt.h"

typedef struct md_tally {
    unsigned methods, params, from_tables, generic_defs, differ;
    uint32_t flags_seen;   /* OR of every flag word the tables gave */
} md_tally;

static void md_check_method(MonoMethod *m, md_tally *t)
{
    MonoMethodSignature *sig = mono_method_signature(m);
    if (sig == NULL)
        return;
    t->methods++;
    int def;
    if (zm_md_generic_def(m, &def)) {
        int want = zm_reflect_generic_def(m);
        t->generic_defs += def != 0;
        if ((def != 0) != (want != 0)) {
            t->differ++;
            fprintf(stderr, "md_check: %s: generic definition %d, reflection says %d\n",
                    mono_method_get_name(m), def, want);
        }
    }
    uint32_t n = mono_signature_get_param_count(sig);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t flags;
        t->params++;
        if (!zm_md_param_flags(m, i, &flags))
            continue;
        t->from_tables++;
        t->flags_seen |= flags;
        uint32_t want = zm_reflect_param_attrs(m, i);
        if (flags != want) {
            t->differ++;
            fprintf(stderr, "md_check: %s.%s parameter %u: flags 0x%x, reflection says 0x%x\n",
                    mono_class_get_name(mono_method_get_class(m)), mono_method_get_name(m), i,
                    flags, want);
        }
    }
}

static md_tally md_check_image(MonoImage *img)
{
    md_tally t = {0, 0, 0, 0, 0, 0};
    int rows = mono_table_info_get_rows(mono_image_get_table_info(img, MONO_TABLE_METHOD));
    for (int r = 1; r <= rows; r++) {
        MonoMethod *m = mono_get_method(img, MONO_TOKEN_METHOD_DEF | (uint32_t)r, NULL);
        if (m != NULL)
            md_check_method(m, &t);
    }
    printf("md_check: %s: %u methods, %u of %u parameters and %u generic definitions read "
           "from the tables, %u differ from reflection\n",
           mono_image_get_name(img), t.methods, t.from_tables, t.params, t.generic_defs,
           t.differ);
    return t;
}

int main(int argc, char **argv)
{
    char err[512];
    if (tool_rt_start(err, sizeof err) != 0) {
        fprintf(stderr, "md_check: %s\n", err);
        return 2;
    }
    md_tally all = md_check_image(mono_get_corlib());
    for (int i = 1; i < argc; i++) {
        const char *name;
        const Il2CppImage *img = tool_rt_open(argv[i], &name, err, sizeof err);
        if (img == NULL) {
            fprintf(stderr, "md_check: %s\n", err);
            return 2;
        }
        md_tally t = md_check_image((MonoImage *)(void *)img);
        all.differ += t.differ;
        all.from_tables += t.from_tables;
        all.generic_defs += t.generic_defs;
        all.flags_seen |= t.flags_seen;
    }
    /* In 1, Out 2, Optional 0x10, HasDefault 0x1000: each met at least once */
    const uint32_t wanted = 0x1 | 0x2 | 0x10 | 0x1000;
    if ((all.flags_seen & wanted) != wanted || all.generic_defs == 0) {
        fprintf(stderr, "md_check: the tables answered too little (flags seen 0x%x, %u generic "
                        "definitions)\n", all.flags_seen, all.generic_defs);
        return 1;
    }
    return all.differ != 0;
}
