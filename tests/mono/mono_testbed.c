/*
 * mono_testbed.c -- testbed_rt.h on the Mono backend, for both test hosts:
 * zlua-run-mono (mono_host.c starts Mono) and the C# host's testbed
 * library (tests/editor: the backend attached to a domain C# started).
 */
#include <stdio.h>
#include <string.h>

#include <mono/metadata/exception.h>

#include "mono_rt.h"
#include "mono_testbed.h"
#include "testbed_rt.h"

const char testbed_rt_name[] = "mono";

static Il2CppException *zm_testbed_fault_point(int op, MonoClass *k);
static Il2CppException *zm_testbed_take_throw(void);

void zm_testbed_install(void)
{
    zm.fault_point = zm_testbed_fault_point;
    zm.fault_take_throw = zm_testbed_take_throw;
}

/* Every delegate type gets an entry on Mono (mono_attach.c), those of
 * assemblies loaded later included. */
int testbed_rt_open(lua_State *L)
{
    return zm_open_state(L) == ZLUA_OK ? 1 : -1;
}

void testbed_rt_set_lua_state(lua_State *L)
{
    zlua_env_set_host_state(L);
}

lua_State *testbed_rt_lua_state(void)
{
    return zlua_env_host_state();
}

void testbed_rt_collect(void)
{
    MonoObject *exc = NULL;
    (void)zm_call(zm.h.collect, NULL, &exc);
}

#define ZM_MAX_TRACKED 65536
static uint32_t zm_tracked[ZM_MAX_TRACKED];
static int zm_ntracked;

int testbed_rt_track(Il2CppObject *obj)
{
    if (obj == NULL || zm_ntracked == ZM_MAX_TRACKED)
        return 0;
    zm_tracked[zm_ntracked++] = mono_gchandle_new_weakref(ZM_OBJ(obj), 0);
    return zm_ntracked;
}

int testbed_rt_alive(int id)
{
    if (id < 1 || id > zm_ntracked)
        return 0;
    return mono_gchandle_get_target(zm_tracked[id - 1]) != NULL;
}

/* ---- fault injection ----------------------------------------------------- */
/* Armed from Lua, fired by the glue (mono_rt.h): the next invoke throws
 * the exception made here; the nth operation of a kind throws what that
 * operation throws in IL2CPP. */

static uint32_t zm_throw_next;              /* a strong GC handle, 0: none */
static int zm_countdown[ZM_OP_COUNT];
static const char *const zm_op_names[ZM_OP_COUNT] = {
    "object_new", "value_box", "string_new", "array_new", "class_init"};

int testbed_rt_throw_next(const char *ns, const char *name, const char *msg)
{
    MonoClass *k = NULL;
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count && k == NULL; i++)
        k = mono_class_from_name((MonoImage *)(void *)il2cpp_assembly_get_image(as[i]), ns, name);
    if (k == NULL)
        return 0;
    MonoException *e = mono_exception_from_name_msg(mono_class_get_image(k), ns, name, msg);
    if (e == NULL)
        return 0;
    if (zm_throw_next != 0)
        mono_gchandle_free(zm_throw_next);
    zm_throw_next = mono_gchandle_new((MonoObject *)e, 0);
    return 1;
}

static Il2CppException *zm_testbed_take_throw(void)
{
    if (zm_throw_next == 0)
        return NULL;
    MonoObject *e = mono_gchandle_get_target(zm_throw_next);
    mono_gchandle_free(zm_throw_next);
    zm_throw_next = 0;
    return (Il2CppException *)(void *)e;
}

int testbed_rt_fail_next(const char *op, int nth)
{
    for (int i = 0; i < ZM_OP_COUNT; i++)
        if (strcmp(op, zm_op_names[i]) == 0) {
            zm_countdown[i] = nth > 0 ? nth : 0;
            return 1;
        }
    return 0;
}

static Il2CppException *zm_testbed_fault_point(int op, MonoClass *k)
{
    if (zm_countdown[op] == 0 || --zm_countdown[op] != 0)
        return NULL;
    MonoObject *exc = NULL, *e;
    if (op == ZM_OP_STRING_NEW || op == ZM_OP_ARRAY_NEW) {
        e = zm_call(zm.h.out_of_memory, NULL, &exc);
    } else {
        char name[512];
        const char *ns = k ? mono_class_get_namespace(k) : "";
        snprintf(name, sizeof name, "%s%s%s", ns, ns[0] ? "." : "", k ? mono_class_get_name(k) : "?");
        void *args[1] = {mono_string_new(zm.domain, name)};
        e = zm_call(zm.h.type_init_error, args, &exc);
    }
    return (Il2CppException *)(void *)(exc != NULL ? exc : e);
}

