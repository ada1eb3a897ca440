/*
 * zlua_rt.h -- the runtime glue's contract: the IL2CPP operations libzlua
 * performs only through the player's glue (src/glue/zlua_glue_il2cpp.cpp,
 * compiled inside the IL2CPP build), because they can throw a managed
 * exception, need libil2cpp's internals, or differ between its versions.
 * libzlua calls them; the glue defines them; generated stubs call
 * zlua_rt_raise.
 */
#ifndef ZLUA_RT_H
#define ZLUA_RT_H

#include "zlua.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A native entry (a delegate's generated code), cast to one pointer type. */
typedef void (*zlua_native_fn)(void);

/* ===== Runtime glue: what the player provides ===================================
 *
 * In IL2CPP a managed exception is a C++ exception, and several runtime
 * operations throw one: invoking a method, creating an object or boxing
 * (both run static constructors), creating a string or an array (out of
 * memory), class init (what a static constructor throws).  libzlua is C,
 * built without unwind tables, and holds state in Lua's frames: an
 * exception must never cross it.  So libzlua performs each of these
 * operations only through the functions below, which run it inside a
 * try/catch and return the exception (NULL: none) instead of unwinding.
 *
 * They are C-callable C++ and are not part of libzlua.a: the player
 * compiles src/glue/zlua_glue_il2cpp.cpp (installed as
 * share/zlua/glue/) inside its IL2CPP build, where it catches
 * Il2CppExceptionWrapper and raises with il2cpp_raise_exception; the
 * tests compile the same file against the simulated runtime.  See
 * docs/embedding.md.  Results go to *out, which is left NULL on an
 * exception. */

/* method->invoker_method(method->methodPointer, method, obj, args, ret). */
Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj,
                                void **args, void *ret);
/* A runtime may keep per-method call records: what a call needs of its
 * method, found once (the Editor's Mono backend keeps the facts of the
 * signature and the method's thunk), so that a call looks nothing up.
 * libzlua makes a record at a method's first call in a state, calls
 * through it from then on, and frees it when the state closes (after its
 * finalizers); a record serves that one state, so one thread.  Only a
 * libzlua built with ZLUA_RT_CALLS defined (the Mono backend's build)
 * calls these three; the player's glue keeps no records and defines
 * none of them.  zlua_rt_call_new returns NULL when memory ran out (the
 * call then goes through zlua_rt_invoke, and the next one asks again). */
typedef struct zlua_rt_call zlua_rt_call;
zlua_rt_call *zlua_rt_call_new(const MethodInfo *method);
/* zlua_rt_invoke of the record's method. */
Il2CppException *zlua_rt_call_invoke(zlua_rt_call *call, void *obj, void **args,
                                     void *ret);
void zlua_rt_call_free(zlua_rt_call *call);

/* il2cpp_object_new(klass). */
Il2CppException *zlua_rt_object_new(Il2CppClass *klass, Il2CppObject **out);
/* il2cpp_value_box(klass, data). */
Il2CppException *zlua_rt_value_box(Il2CppClass *klass, void *data,
                                   Il2CppObject **out);
/* il2cpp_string_new_utf16(chars, len). */
Il2CppException *zlua_rt_string_new_utf16(const uint16_t *chars, int32_t len,
                                          Il2CppString **out);
/* il2cpp_array_new(element_class, length). */
Il2CppException *zlua_rt_array_new(Il2CppClass *element_class, uintptr_t length,
                                   Il2CppArray **out);
/* il2cpp_runtime_class_init(klass): runs the static constructor once.
 * *done = 1 when the class is initialised; 0 when the call returned at
 * once because this thread is still running that static constructor
 * (it called into Lua), so the caller asks again next time. */
Il2CppException *zlua_rt_class_init(Il2CppClass *klass, int *done);
/* The C# default value of parameter `index` of `method` (`int b = 5`),
 * which IL2CPP keeps in its metadata blob and exposes only through
 * libil2cpp's internals (vm::Method::GetParameterDefaultValue,
 * utils::BlobReader::GetConstantValueFromBlob): *has = 1 and the
 * constant's unboxed bytes in value (at most size, the rest zeroed); for
 * `= null` or `= default`, *has = 2 and value all zero; without a
 * default, *has = 0.  A string constant is created here, which can throw
 * (out of memory). */
Il2CppException *zlua_rt_param_default(const MethodInfo *method, uint32_t index,
                                       void *value, size_t size, int *has);
/* R-PARAMS-2: whether parameter `index` of `method` carries the
 * attribute class `attribute` (System.ParamArrayAttribute: a C#
 * `params T[]`).  IL2CPP has no API for a parameter's attributes: the
 * glue asks libil2cpp's metadata by the parameter's token
 * (vm::Method::GetParameterToken; vm::MetadataCache::HasAttribute up to
 * 2021.3, from 2022.3 MetadataCache::GetCustomAttributeDataReader and the
 * reader's attribute constructors), which makes no attribute object.  Never fails: 0 when the
 * metadata says no or is not at hand. */
int zlua_rt_param_has_attribute(const MethodInfo *method, uint32_t index, Il2CppClass *attribute);
/* il2cpp_exception_from_name_msg(corlib, name_space, name, msg). */
Il2CppException *zlua_rt_exception_new(const char *name_space, const char *name,
                                       const char *msg, Il2CppException **out);
/* A delegate of ctor's class (ctor is its `.ctor(object, IntPtr)`) made as
 * `new D(target, invoke)` and closed over target with entry as its code
 * (libil2cpp's vm::Type::ConstructClosedDelegate), so that its Invoke
 * calls entry(target, args..., invoke).  Glue: the fields it sets differ
 * between libil2cpp versions. */
Il2CppException *zlua_rt_delegate_new(const MethodInfo *ctor, const MethodInfo *invoke,
                                      Il2CppObject *target, zlua_native_fn entry,
                                      Il2CppObject **out);
/* R-GEN-1: the instantiation of generic method definition `generic` for
 * the type arguments args[0..count), which IL2CPP finds only through
 * libil2cpp's internals (vm::MetadataCache::GetGenericInstanceMethod).
 * *out is NULL when the build compiled no code for it: IL2CPP has no JIT
 * to make one.  Inflating can throw (a type load failure). */
Il2CppException *zlua_rt_method_instance(const MethodInfo *generic,
                                         const Il2CppType *const *args, uint32_t count,
                                         const MethodInfo **out);
/* R-GEN-1: generic parameter `index` of a generic definition -- method
 * `method`'s when it is not NULL, else type `klass`'s -- as the metadata
 * holds it (libil2cpp's Il2CppGenericParameter, read through
 * vm::MetadataCache): its name, its IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_*
 * flags (variance and the special constraints `class`, `struct`,
 * `new()`) and how many constraint types it has (a base class,
 * interfaces; `struct` brings System.ValueType).  Returns 0, *out zeroed,
 * when the definition has no such parameter or the metadata is not at
 * hand (a generic method of an inflated generic type).  Never fails. */
typedef struct zlua_rt_generic_param {
    char name[64];                 /* "T", NUL-terminated, cut to fit */
    uint16_t flags;
    uint16_t constraint_count;
} zlua_rt_generic_param;
int zlua_rt_generic_param_get(const MethodInfo *method, Il2CppClass *klass, uint32_t index,
                              zlua_rt_generic_param *out);
/* Constraint type `which` (below constraint_count) of that parameter, as
 * the metadata names it: possibly open (IComparable<T>, another
 * parameter).  NULL: none.  Never fails. */
const Il2CppType *zlua_rt_generic_constraint(const MethodInfo *method, Il2CppClass *klass,
                                             uint32_t index, uint32_t which);
/* GC handles (il2cpp_gchandle_new / _new_weakref / _get_target / _free),
 * as uintptr_t: their type is uint32_t before Unity 6 and a pointer from
 * Unity 6 on, which only the runtime's headers tell.  0 is no handle.
 * They never throw. */
uintptr_t zlua_rt_gchandle_new(Il2CppObject *obj, int weak);
Il2CppObject *zlua_rt_gchandle_target(uintptr_t handle);
void zlua_rt_gchandle_free(uintptr_t handle);
/* Whether method->methodPointer may be called with the method's own
 * signature, as a generated stub calls it: not when it is NULL, when the
 * runtime marks the method for calls through its invoker only (IL2CPP
 * 2021.3's MethodInfo::indirect_call_via_invokers: a fully shared generic
 * instance keeps the shared code's pointer), or when the pointer is a
 * stub standing for code the build lacks (an unresolved call, which
 * raises).  Such methods keep the generic invoker, whose invoker_method
 * knows how to reach them.  Needs libil2cpp's MethodInfo: glue.  Never
 * fails. */
int zlua_rt_method_direct(const MethodInfo *method);
/* il2cpp_type_get_object(type): its System.Type object, created on first
 * use (out of memory). */
Il2CppException *zlua_rt_type_object(const Il2CppType *type, Il2CppObject **out);
/* The integer widths of the array header, which IL2CPP exports no query
 * for (its il2cpp_array_size_t is a uintptr_t; Mono's is 32 bits): the
 * size of the element count at il2cpp_offset_of_array_length_..., and of
 * one bounds entry {length; lower_bound} with where its lower bound sits.
 * Asked once per state; never fails. */
typedef struct zlua_rt_array_layout {
    uint8_t length_size;       /* 4 or 8: the count and a bound's length */
    uint8_t bound_size;        /* one bounds entry */
    uint8_t bound_lower_at;    /* its int32 lower bound */
} zlua_rt_array_layout;
void zlua_rt_array_layout_get(zlua_rt_array_layout *out);
/* R-IC-3: il2cpp_add_internal_call(name, fn): fn becomes the code of the
 * `static extern` InternalCall method the runtime's registry spells
 * `name` ("Namespace.Class::Method"; a nested class "Namespace.Outer/Inner::Method"),
 * called with the method's arguments as an internal call takes them (no
 * MethodInfo).  Before the method is first called: a call site resolves
 * its internal call once.  Never fails (Mono: mono_add_internal_call;
 * the simulation keeps a name -> function table). */
void zlua_rt_add_internal_call(const char *name, zlua_native_fn fn);
/* Throws exc into the calling C# code (il2cpp_raise_exception); never
 * returns.  Only generated (C++) stubs call it, from their own frame. */
ZLUA_NORETURN void zlua_rt_raise(Il2CppException *exc);

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_RT_H */
