/*
 * sim_tool_rt.c -- tool_rt.h on the simulated IL2CPP: the build tools
 * over the test catalog (zlua-stubgen, zlua-marshalc), as the build of
 * this repository runs them.  The catalog is compiled in: there is no
 * assembly file to open.
 */
#include <stdio.h>

#include "sim.h"
#include "tool_rt.h"

const char tool_rt_name[] = "sim";

int tool_rt_start(char *err, size_t errsize)
{
    (void)err;
    (void)errsize;
    sim_gc_init();
    sim_init();
    return 0;
}

const Il2CppImage *tool_rt_open(const char *path, const char **assembly, char *err,
                                size_t errsize)
{
    *assembly = NULL;
    snprintf(err, errsize, "%s: the simulated runtime opens no assembly file (its catalog is "
                           "built in; the -mono build of this tool reads assemblies)", path);
    return NULL;
}

Il2CppObject *tool_rt_method_attr(const MethodInfo *mi, Il2CppClass *attr)
{
    Il2CppCustomAttrInfo *info = il2cpp_custom_attrs_from_method(mi);
    Il2CppObject *obj = info != NULL ? il2cpp_custom_attrs_get_attr(info, attr) : NULL;
    if (info != NULL)
        il2cpp_custom_attrs_free(info);
    return obj;
}
