/*
 * tool_rt.h -- what the build tools (zlua-stubgen, zlua-marshalc) need
 * from the runtime whose metadata they read, beyond the runtime API
 * itself (il2cpp_api.h) and libzlua's public headers.
 *
 * A tool is built once per runtime: on Mono (zlua-stubgen-mono,
 * zlua-marshalc-mono, as a Unity project's build runs them over its own
 * assemblies; tools/common/tool_rt_mono.c) and on the simulated IL2CPP
 * (zlua-stubgen, zlua-marshalc over the test catalog; tests/sim/tool).
 * Nothing else ties a tool to a runtime: a tool includes no header of
 * libzlua's sources and none of the tests.
 */
#ifndef ZLUA_TOOL_RT_H
#define ZLUA_TOOL_RT_H

#include <stdbool.h>
#include <stddef.h>

#include "il2cpp_api.h"

/* "sim" or "mono", for messages. */
extern const char tool_rt_name[];

/* Starts the runtime once per process; 0, or -1 with the reason in err. */
int tool_rt_start(char *err, size_t errsize);

/* Opens the assembly in the file at path (its references are looked
 * for beside it and among those opened before); its image, with
 * *assembly set to its name (Assembly.GetName().Name, valid for the
 * process), or NULL with the reason in err: the file is missing or
 * unreadable, it is no assembly, or the runtime opens no files (the
 * simulation has its catalog built in). */
const Il2CppImage *tool_rt_open(const char *path, const char **assembly, char *err,
                                size_t errsize);

/* Whether klass is a generic definition (IL2CPP's API; libzlua itself
 * does not need it, so il2cpp_api.h does not declare it): its methods
 * have no code. */
bool il2cpp_class_is_generic(const Il2CppClass *klass);

/* The attribute object of class attr on method mi (the runtime makes it
 * from its constructor's arguments: [LuaInvoke("OnPoint")]), NULL when
 * mi has none.  IL2CPP's il2cpp_custom_attrs_from_method and
 * il2cpp_custom_attrs_get_attr; libzlua itself needs no attribute
 * object of a method, so il2cpp_api.h does not declare them. */
Il2CppObject *tool_rt_method_attr(const MethodInfo *mi, Il2CppClass *attr);
#endif
