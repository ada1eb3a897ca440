/*
 * sim_icalls.c -- the internal-call registry: il2cpp_add_internal_call
 * and il2cpp_resolve_icall, by the name "Namespace.Class::Method".
 *
 * In a player, the generated code of a `static extern` InternalCall
 * method resolves its internal call on its first call and raises
 * System.MissingMethodException when nothing is registered under the
 * name; the simulation's bodies of such methods do the same through
 * sim_icall (sim_bodies_invoke.c).  A later registration of a name
 * replaces the earlier one, as in libil2cpp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

typedef struct {
    char *name;
    Il2CppMethodPointer fn;
} SimICall;

static SimICall *icalls;
static size_t icall_count;

void il2cpp_add_internal_call(const char *name, Il2CppMethodPointer method)
{
    if (name == NULL || method == NULL)
        return;
    for (size_t i = 0; i < icall_count; i++)
        if (strcmp(icalls[i].name, name) == 0) {
            icalls[i].fn = method;
            return;
        }
    SimICall *grown = realloc(icalls, (icall_count + 1) * sizeof *grown);
    char *copy = malloc(strlen(name) + 1);
    if (grown == NULL || copy == NULL)
        sim_catalog_fail("out of memory", "il2cpp_add_internal_call");
    icalls = grown;
    strcpy(copy, name);
    icalls[icall_count++] = (SimICall){copy, method};
}

Il2CppMethodPointer il2cpp_resolve_icall(const char *name)
{
    for (size_t i = 0; name != NULL && i < icall_count; i++)
        if (strcmp(icalls[i].name, name) == 0)
            return icalls[i].fn;
    return NULL;
}

Il2CppMethodPointer sim_icall(const char *name)
{
    Il2CppMethodPointer fn = il2cpp_resolve_icall(name);
    if (fn == NULL) {
        char msg[512];
        snprintf(msg, sizeof msg, "Unable to find internal call: %s", name);
        sim_raise("System", "MissingMethodException", msg);
    }
    return fn;
}

void sim_icalls_clear(void)
{
    for (size_t i = 0; i < icall_count; i++)
        free(icalls[i].name);
    free(icalls);
    icalls = NULL;
    icall_count = 0;
}
