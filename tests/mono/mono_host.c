/*
 * mono_host.c -- starts Mono for the test hosts and implements
 * testbed_rt.h on it.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/profiler.h>
#include <mono/metadata/threads.h>
#include <mono/metadata/tokentype.h>

#include "gc/gc_shim.h"
#include "mono_rt.h"
#include "zlua_stub.h"
#include "testbed_rt.h"

zm_runtime zm;

MonoObject *zm_call(MonoMethod *m, void **args, MonoObject **exc)
{
    *exc = NULL;
    return mono_runtime_invoke(m, NULL, args, exc);
}

/* ---- managed allocations, counted by a profiler ------------------------ */

struct _MonoProfiler {
    int unused;
};
static struct _MonoProfiler zm_profiler;
static uint64_t zm_allocs;

static void zm_on_alloc(MonoProfiler *prof, MonoObject *obj)
{
    (void)prof;
    (void)obj;
    __atomic_fetch_add(&zm_allocs, 1, __ATOMIC_RELAXED);
}

/* ---- the collector's hook variable (gc_shim.h) ----------------------- */

void (**zlua_gc_hook_variable(void))(void)
{
    static void (**slot)(void);
    if (slot == NULL) {
        /* the library's own definition, not an executable's copy */
        void *lib = dlopen("libmonoboehm-2.0.so.1", RTLD_LAZY | RTLD_NOLOAD);
        if (lib != NULL)
            slot = (void (**)(void))dlsym(lib, "GC_push_other_roots");
        if (slot == NULL) {
            fprintf(stderr, "mono host: GC_push_other_roots not found in libmonoboehm\n");
            abort();
        }
    }
    return slot;
}

/* ---- start-up ----------------------------------------------------------- */

static MonoImage *zm_open(const char *dir, const char *file, int required)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    MonoAssembly *a = mono_domain_assembly_open(zm.domain, path);
    if (a == NULL) {
        if (required)
            fprintf(stderr, "mono host: cannot open %s\n", path);
        return NULL;
    }
    return mono_assembly_get_image(a);
}

static MonoMethod *zm_helper(const char *cls, const char *name, int nargs)
{
    MonoClass *k = mono_class_from_name(zm.host_image, "ZLuaMonoHost", cls);
    MonoMethod *m = k ? mono_class_get_method_from_name(k, name, nargs) : NULL;
    if (m == NULL)
        fprintf(stderr, "mono host: ZLuaMonoHost.%s.%s/%d missing\n", cls, name, nargs);
    return m;
}

/* The array layout the boundary states (mono_api.c), checked on a real
 * int[3]: the length where il2cpp_offset_of_array_length... says, the
 * first element at the header size. */
static int zm_check_layout(void)
{
    MonoArray *a = mono_array_new(zm.domain, mono_get_int32_class(), 3);
    uintptr_t len;
    memcpy(&len, (char *)a + il2cpp_offset_of_array_length_in_array_object_header(), sizeof len);
    char *first = mono_array_addr_with_size(a, 4, 0);
    if (len != 3 || first != (char *)a + il2cpp_array_object_header_size()) {
        fprintf(stderr, "mono host: MonoArray layout is not the one stated\n");
        return -1;
    }
    /* and the bounds of an int[2..3, -1..3] */
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
        if (lay.length_size != 4 || l != lengths[d] || lo != lower[d]) {
            fprintf(stderr, "mono host: MonoArrayBounds layout is not the one stated\n");
            return -1;
        }
    }
    return 0;
}

static const char *zm_dir(void)
{
    const char *d = getenv("ZLUA_MONO_ASSEMBLIES");
#ifdef ZLUA_MONO_ASSEMBLY_DIR
    if (d == NULL || d[0] == '\0')
        d = ZLUA_MONO_ASSEMBLY_DIR;
#endif
    return d;
}

int zm_init(const char *dir)
{
    if (zm.domain != NULL)
        return 0;
    if (dir == NULL) {
        fprintf(stderr, "mono host: no assembly folder (ZLUA_MONO_ASSEMBLIES)\n");
        return -1;
    }
    /* Threads are stopped for a collection by signal, as IL2CPP's Boehm
     * and the Editor's Mono do.  Mono 6.8's default (hybrid) instead
     * expects every thread that calls the embedding API to have entered a
     * GC-unsafe region, which the public headers do not offer: a
     * collection triggered by an allocation from the host thread aborts. */
    setenv("MONO_THREADS_SUSPEND", "preemptive", 1);
    /* the profiler must exist before the runtime starts */
    MonoProfilerHandle ph = mono_profiler_create(&zm_profiler);
    mono_profiler_enable_allocations();
    mono_profiler_set_gc_allocation_callback(ph, zm_on_alloc);
    mono_config_parse(NULL);
    zm.domain = mono_jit_init("zlua");
    if (zm.domain == NULL)
        return -1;
    zm_glue_register_icalls();
    zm_ic_register();
    zm.host_image = zm_open(dir, "ZLua.MonoHost.dll", 1);
    if (zm.host_image == NULL || zm_open(dir, "Assembly-CSharp.dll", 1) == NULL)
        return -1;
    (void)zm_open(dir, "ZLua.Tests.dll", 0);
    /* loaded up front, as an Editor loads every assembly of the project:
     * Mono would load it only on the attribute's first use */
    (void)zm_open(dir, "ZLua.Common.dll", 0);
    zm.h.param_attrs = zm_helper("Reflect", "ParamAttrs", 2);
    zm.h.param_default = zm_helper("Reflect", "ParamDefault", 3);
    zm.h.is_generic_def = zm_helper("Reflect", "IsGenericDefinition", 1);
    zm.h.make_generic = zm_helper("Reflect", "MakeGeneric", 2);
    zm.h.run_cctor = zm_helper("Reflect", "RunClassConstructor", 1);
    zm.h.collect = zm_helper("Reflect", "Collect", 0);
    zm.h.has_attribute = zm_helper("Reflect", "HasAttribute", 2);
    zm.h.make_delegate = zm_helper("LuaDelegate", "Make", 2);
    zm.h.invoke = zm_helper("Reflect", "Invoke", 4);
    zm.h.is_generic_type = zm_helper("Reflect", "IsGenericTypeDefinition", 1);
    zm.h.type_init_error = zm_helper("Reflect", "TypeInitError", 1);
    zm.h.out_of_memory = zm_helper("Reflect", "OutOfMemory", 0);
    zm.type_class = mono_class_from_name(mono_get_corlib(), "System", "Type");
    for (MonoMethod **m = &zm.h.param_attrs; m <= &zm.h.out_of_memory; m++)
        if (*m == NULL)
            return -1;
    return zm_check_layout();
}

/* ---- testbed_rt.h ----------------------------------------------------------- */

const char testbed_rt_name[] = "mono";

int testbed_rt_init(void)
{
    return zm_init(zm_dir());
}

/* ---- delegate entries -------------------------------------------------------- */
/* libzlua makes a Lua function a delegate only for types with a
 * registered entry: under IL2CPP the generated native code Invoke lands
 * in.  On Mono, Invoke reaches zlua_delegate_invoke through reflection
 * (mono_glue.c), so the entry is never called; the table still names
 * every delegate type the game assemblies use, as the generated one
 * does -- their own delegate types and the instances their signatures
 * name (Action<int>, Func<int, int>). */

static void zm_no_entry(void)
{
    abort();   /* never called: the Mono glue ignores entries */
}

#define ZM_MAX_DELEGATES 256
static zlua_delegate_entry zm_delegates[ZM_MAX_DELEGATES];
static size_t zm_ndelegates;

static int zm_is_delegate(MonoClass *k)
{
    for (MonoClass *p = k ? mono_class_get_parent(k) : NULL; p; p = mono_class_get_parent(p))
        if (strcmp(mono_class_get_name(p), "MulticastDelegate") == 0 &&
            strcmp(mono_class_get_namespace(p), "System") == 0)
            return 1;
    return 0;
}

static void zm_note_delegate(MonoType *t)
{
    MonoClass *k = t ? mono_class_from_mono_type(t) : NULL;
    if (k == NULL || !zm_is_delegate(k) || zm_ndelegates == ZM_MAX_DELEGATES)
        return;
    if (il2cpp_class_is_generic((Il2CppClass *)(void *)k))   /* no code for an open one */
        return;
    char *name = il2cpp_type_get_name((const Il2CppType *)(void *)mono_class_get_type(k));
    if (name == NULL)
        return;
    for (size_t i = 0; i < zm_ndelegates; i++)
        if (strcmp(zm_delegates[i].type, name) == 0) {
            free(name);
            return;
        }
    zm_delegates[zm_ndelegates].type = name;   /* kept for the process */
    zm_delegates[zm_ndelegates].entry = zm_no_entry;
    zm_ndelegates++;
}

static void zm_scan_class(MonoClass *k)
{
    zm_note_delegate(mono_class_get_type(k));
    void *iter = NULL;
    MonoMethod *m;
    while ((m = mono_class_get_methods(k, &iter)) != NULL) {
        MonoMethodSignature *sig = mono_method_signature(m);
        zm_note_delegate(mono_signature_get_return_type(sig));
        void *pit = NULL;
        MonoType *pt;
        while ((pt = mono_signature_get_params(sig, &pit)) != NULL)
            zm_note_delegate(pt);
    }
    iter = NULL;
    MonoClass *nested;
    while ((nested = mono_class_get_nested_types(k, &iter)) != NULL)
        zm_scan_class(nested);
}

static int zm_entry_cmp(const void *a, const void *b)
{
    return strcmp(((const zlua_delegate_entry *)a)->type, ((const zlua_delegate_entry *)b)->type);
}

static void zm_collect_delegates(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        MonoImage *img = (MonoImage *)(void *)il2cpp_assembly_get_image(as[i]);
        if (img == mono_get_corlib() || img == zm.host_image ||
            strncmp(mono_image_get_name(img), "System", 6) == 0)
            continue;   /* the game's assemblies only */
        int n = mono_image_get_table_rows(img, MONO_TABLE_TYPEDEF);
        for (int r = 1; r <= n; r++) {
            MonoClass *k = mono_class_get(img, MONO_TOKEN_TYPE_DEF | (uint32_t)r);
            if (k != NULL && mono_class_get_nesting_type(k) == NULL)
                zm_scan_class(k);
        }
    }
    qsort(zm_delegates, zm_ndelegates, sizeof zm_delegates[0], zm_entry_cmp);
}

int testbed_rt_open(lua_State *L)
{
    zm_collect_delegates();
    const zlua_delegate_table t = {ZLUA_STUB_ABI, zm_delegates, zm_ndelegates};
    return zlua_register_delegates(L, &t) == ZLUA_OK ? 1 : -1;
}

void testbed_rt_set_lua_state(lua_State *L)
{
    zm_ic_set_state(L);
}

lua_State *testbed_rt_lua_state(void)
{
    return zm_ic_get_state();
}

void testbed_rt_collect(void)
{
    MonoObject *exc = NULL;
    (void)zm_call(zm.h.collect, NULL, &exc);
}

uint64_t testbed_rt_gc_allocs(void)
{
    return __atomic_load_n(&zm_allocs, __ATOMIC_RELAXED);
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

Il2CppException *zm_fault_take_throw(void)
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

Il2CppException *zm_fault_point(int op, MonoClass *k)
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

