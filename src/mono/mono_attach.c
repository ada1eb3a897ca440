/*
 * mono_attach.c -- the Mono backend joins a domain someone else started.
 *
 * In the Unity Editor the managed side is in charge: Unity has started
 * Mono, and C# loads the native plugin through DllImport.  So nothing
 * here calls mono_jit_init: zm_attach takes the running domain, loads
 * the reflection helpers (ZLua.MonoHost.dll), registers the internal
 * calls and checks the layouts the boundary states.  The test host
 * (tests/mono) starts Mono itself and then attaches the same way.
 *
 * The mono_* functions called here and in the rest of src/mono are the
 * host process's own: the backend links no Mono library, and zm_attach
 * first looks them up in the Mono the host has loaded (mono_syms.c;
 * docs/embedding.md, "7. The Unity Editor: the Mono backend").
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/threads.h>

#include "gc/gc_shim.h"
#include "marshal/delegate.h"
#include "mono_rt.h"

zm_runtime zm;

MonoObject *zm_call(MonoMethod *m, void **args, MonoObject **exc)
{
    *exc = NULL;
    return mono_runtime_invoke(m, NULL, args, exc);
}

/* ---- the collector's hook variable (gc_shim.h) ----------------------- */

/* The Boehm collector Mono was built on exports its hook variable:
 * Debian's libmonoboehm, Unity's libmonobdwgc.  SGen has none, and
 * libzlua cannot run on it (its registries would go unscanned).  Looked
 * up in the library the embedding functions came from (mono_syms.c). */
static void (**zm_hook_lookup(void))(void)
{
    return (void (**)(void))zm_syms_data("GC_push_other_roots");
}

/* GC_gc_no: the collector moves it on at every collection (bdwgc's
 * GC_get_gc_no returns it; Mono's Boehm exports the variable only).
 * Looked up once; NULL when the process has none. */
const volatile uintptr_t *zlua_gc_count_variable(void)
{
    static const volatile uintptr_t *count;
    static int looked;
    if (!looked && zm_syms_origin() != NULL) {   /* not before Mono is found */
        count = (const volatile uintptr_t *)zm_syms_data("GC_gc_no");
        looked = 1;
    }
    return count;
}

void (**zlua_gc_hook_variable(void))(void)
{
    static void (**slot)(void);
    if (slot == NULL) {
        slot = zm_hook_lookup();
        if (slot == NULL) {
            fprintf(stderr, "zlua mono: GC_push_other_roots not found in the process\n");
            abort();   /* zm_attach refused this process already */
        }
    }
    return slot;
}

/* GC_push_all_eager and GC_call_with_alloc_lock, from the same library:
 * found with the hook (zm_attach refuses a process without all three). */
static zlua_gc_functions zm_gc_fns;

static int zm_gc_functions_lookup(void)
{
    void *push = zm_syms_data("GC_push_all_eager");
    void *locked = zm_syms_data("GC_call_with_alloc_lock");
    if (push == NULL || locked == NULL)
        return 0;
    /* code handed out as a data pointer (POSIX guarantees the round trip;
     * ISO C does not, hence the memcpy) */
    memcpy(&zm_gc_fns.push_all_eager, &push, sizeof push);
    memcpy(&zm_gc_fns.call_with_alloc_lock, &locked, sizeof locked);
    return 1;
}

const zlua_gc_functions *zlua_gc_functions_get(void)
{
    return &zm_gc_fns;
}

/* ---- attaching ------------------------------------------------------------ */

static MonoMethod *zm_helper(const char *cls, const char *name, int nargs, char *err,
                             size_t errsize)
{
    MonoClass *k = mono_class_from_name(zm.host_image, "ZLuaMonoHost", cls);
    MonoMethod *m = k ? mono_class_get_method_from_name(k, name, nargs) : NULL;
    if (m == NULL && err[0] == '\0')
        snprintf(err, errsize, "ZLuaMonoHost.%s.%s/%d missing", cls, name, nargs);
    return m;
}

/* The array layout the boundary states (mono_api.c), checked on a real
 * int[3]: the length where il2cpp_offset_of_array_length... says, the
 * first element at the header size; and the bounds of an
 * int[2..3, -1..3]. */
static const char *zm_check_layout(void)
{
    int32_t seven = 7;
    MonoObject *box = mono_value_box(zm.domain, mono_get_int32_class(), &seven);
    if ((MonoClass *)(void *)il2cpp_object_get_class((Il2CppObject *)(void *)box) !=
            mono_object_get_class(box) ||
        il2cpp_object_unbox((Il2CppObject *)(void *)box) != mono_object_unbox(box))
        return "MonoObject layout (vtable, class, boxed value) is not the one stated";
    MonoArray *a = mono_array_new(zm.domain, mono_get_int32_class(), 3);
    uintptr_t len;
    memcpy(&len, (char *)a + il2cpp_offset_of_array_length_in_array_object_header(), sizeof len);
    char *first = mono_array_addr_with_size(a, 4, 0);
    if (len != 3 || first != (char *)a + il2cpp_array_object_header_size())
        return "MonoArray layout is not the one stated";
    zlua_rt_array_layout lay;
    zlua_rt_array_layout_get(&lay);
    uintptr_t lengths[2] = {2, 5};
    intptr_t lower[2] = {2, -1};
    MonoArray *g = mono_array_new_full(zm.domain, mono_array_class_get(mono_get_int32_class(), 2),
                                       lengths, lower);
    const char *b;
    memcpy(&b, (char *)g + il2cpp_offset_of_array_bounds_in_array_object_header(), sizeof b);
    for (int d = 0; d < 2; d++) {
        uint32_t l;
        int32_t lo;
        memcpy(&l, b + d * lay.bound_size, sizeof l);
        memcpy(&lo, b + d * lay.bound_size + lay.bound_lower_at, sizeof lo);
        if (lay.length_size != 4 || l != lengths[d] || lo != lower[d])
            return "MonoArrayBounds layout is not the one stated";
    }
    return NULL;
}

int zm_attach(MonoDomain *domain, const char *helpers_dll, char *err, size_t errsize)
{
    err[0] = '\0';
    if (zm.host_image != NULL)
        return 0;
    if (domain == NULL) {
        snprintf(err, errsize, "no Mono domain in this process");
        return -1;
    }
    if (zm_syms_load(err, errsize) != 0)
        return -1;
    if (zm_hook_lookup() == NULL) {
        snprintf(err, errsize, "Mono's collector is not Boehm (no GC_push_other_roots): "
                               "libzlua needs Mono on its Boehm build, as Unity's Editor is");
        return -1;
    }
    if (!zm_gc_functions_lookup()) {
        snprintf(err, errsize, "Mono's collector exports no GC_push_all_eager or "
                               "GC_call_with_alloc_lock: libzlua's GC shim needs both");
        return -1;
    }
    (void)zlua_gc_count_variable();   /* looked up here, before any thread reads it */
    /* a thread Mono does not know (a native caller's) must be registered
     * before it touches managed memory; the Editor's main thread is */
    (void)mono_thread_attach(domain);
    zm.domain = domain;
    MonoAssembly *a = helpers_dll ? mono_domain_assembly_open(domain, helpers_dll) : NULL;
    if (a == NULL) {
        zm.domain = NULL;
        snprintf(err, errsize, "cannot open %s", helpers_dll ? helpers_dll : "ZLua.MonoHost.dll");
        return -1;
    }
    zm_delegate_register_icalls();
    zm_delegate_regs_register_icalls();
    zm_ic_init();
    zm.host_image = mono_assembly_get_image(a);
    zm.h.param_attrs = zm_helper("Reflect", "ParamAttrs", 2, err, errsize);
    zm.h.param_default = zm_helper("Reflect", "ParamDefault", 3, err, errsize);
    zm.h.is_generic_def = zm_helper("Reflect", "IsGenericDefinition", 1, err, errsize);
    zm.h.make_generic = zm_helper("Reflect", "MakeGeneric", 2, err, errsize);
    zm.h.generic_param = zm_helper("Reflect", "GenericParam", 4, err, errsize);
    zm.h.run_cctor = zm_helper("Reflect", "RunClassConstructor", 1, err, errsize);
    zm.h.collect = zm_helper("Reflect", "Collect", 0, err, errsize);
    zm.h.has_attribute = zm_helper("Reflect", "HasAttribute", 2, err, errsize);
    zm.h.make_delegate = zm_helper("LuaDelegate", "Make", 2, err, errsize);
    zm.h.invoke = zm_helper("Reflect", "Invoke", 4, err, errsize);
    zm.h.is_generic_type = zm_helper("Reflect", "IsGenericTypeDefinition", 1, err, errsize);
    zm.h.type_init_error = zm_helper("Reflect", "TypeInitError", 1, err, errsize);
    zm.h.out_of_memory = zm_helper("Reflect", "OutOfMemory", 0, err, errsize);
    zm.type_class = mono_class_from_name(mono_get_corlib(), "System", "Type");
    const char *bad = err[0] == '\0' ? zm_check_layout() : NULL;
    if (bad != NULL)
        snprintf(err, errsize, "%s", bad);
    if (err[0] != '\0') {
        zm.host_image = NULL;
        zm.domain = NULL;
        return -1;
    }
    return 0;
}

/* ---- a state ----------------------------------------------------------------- */

/* The entry that stands for every delegate type: under IL2CPP the
 * generated native code Invoke lands in; on Mono, Invoke reaches
 * zlua_delegate_invoke through reflection (mono_glue.c), so it is never
 * called. */
static void zm_no_entry(void)
{
    abort();
}

int zm_open_state(lua_State *L)
{
    return zlua__delegates_accept_any(L, zm_no_entry);
}
