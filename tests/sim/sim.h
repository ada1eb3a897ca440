/*
 * sim.h -- the simulated IL2CPP runtime, as seen by the host and the tests.
 *
 * The simulation implements every function of src/il2cpp/il2cpp_api.h on
 * bdwgc with IL2CPP's object layouts, and defines the fixture catalog of
 * the test catalog (sim_catalog_*.c).  This header adds the test hooks a real
 * player does not have.  Everything here is single-threaded (one test
 * thread at a time, attached), like the lua_State it serves.
 */
#ifndef ZLUA_SIM_H
#define ZLUA_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "il2cpp-api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GC_set_no_dls(1); GC_INIT(); GC_allow_register_threads(), and attaches
 * the calling thread -- what a player does on its main thread.  Data
 * segments are not scanned afterwards.  Idempotent. */
void sim_gc_init(void);

/* The IL2CPP API a host calls for its own threads (libzlua calls neither;
 * it asks il2cpp_thread_current).  attach registers the calling thread
 * with the collector and returns its thread (the same one when attached
 * already; NULL on failure); detach undoes it for the calling thread's
 * own Il2CppThread.  A thread that never attached is unknown to the
 * collector, as in IL2CPP's Boehm backend (no thread discovery). */
Il2CppThread *il2cpp_thread_attach(Il2CppDomain *domain);
void il2cpp_thread_detach(Il2CppThread *thread);
/* Builds the catalog (idempotent).  Call after sim_gc_init. */
void sim_init(void);

#if defined(SIM_CHECKED_POINTERS)
/* The fuzzer's Demo.ReadPtr / WritePtr abort on an int* C# never produced
 * (sim_bodies_demo.c); 0: they raise IndexOutOfRangeException instead. */
extern int sim_foreign_pointer_abort;
#endif

/* Managed allocations so far: objects, strings, arrays, boxes, exceptions,
 * attribute objects.  String.Empty and metadata are not counted. */
uint64_t sim_gc_alloc_count(void);
/* GC_gcollect(); GC_invoke_finalizers(); */
void sim_collect(void);
/* Registers a finalizer on obj (which must be a managed object) that only
 * records "finalized"; returns an id >= 1, or 0 on failure.  Tracking does
 * not keep obj alive. */
int sim_track(Il2CppObject *obj);
/* 1 until the object tracked as id was finalized (0 afterwards, and for
 * unknown ids). */
int sim_alive(int id);

/* For method bodies: throw a managed exception of class ns.name (e.g.
 * "System", "InvalidOperationException") with message msg (UTF-8, may be
 * NULL), as a C++ exception the way IL2CPP throws (never returns). */
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void sim_raise(const char *ns, const char *name, const char *msg);
/* Test hook: the next method invoked through an invoker throws this
 * exception instead of running. */
void sim_throw_next(const char *ns, const char *name, const char *msg);
/* Test hook: forgets every registered internal call (sim_icalls.c), as a
 * runtime that never registered them. */
void sim_icalls_clear(void);
/* Every invoke is checked by default (a null `this` crashes, an armed
 * exception is thrown); 0 turns the null-this check off, for benchmarks
 * that measure libzlua rather than the simulation. */
void sim_set_invoke_checks(int on);
/* Test hook: the nth call from now (1: the next) of a runtime operation
 * throws as it can in IL2CPP: "object_new", "value_box", "class_init"
 * with System.TypeInitializationException (a static constructor failed),
 * "string_new", "array_new" with System.OutOfMemoryException.  nth 0
 * cancels.  Returns 0 for an unknown operation. */
int sim_fail_next(const char *op, int nth);
/* Test hook: forget that the static constructor of the class ran (its
 * statics are zeroed), as in a fresh process.  0 if unknown. */
int sim_reset_class_init(const char *full_name);

/* Test hook: probe(ud, klass) runs inside every il2cpp_class_get_methods
 * call (libzlua calls it while binding a type); NULL removes it. */
void sim_set_methods_probe(void (*probe)(void *ud, Il2CppClass *klass), void *ud);

/* The byref type (T&) of a class: il2cpp_type_is_byref() is true and
 * il2cpp_class_from_type() gives klass back. */
const Il2CppType *sim_byref_type(Il2CppClass *klass);
/* Any class by full name: "MyGame.Point2D", "System.Int32", "Demo",
 * "System.Int32[]", "System.Int32[,]", "System.Nullable`1[System.Int32]"
 * (or its IL spelling "System.Nullable<System.Int32>").  NULL if unknown. */
Il2CppClass *sim_class(const char *full_name);
/* The first method declared on the class with that name and parameter
 * count (-1: any count).  Inherited methods are not searched. */
const MethodInfo *sim_method(const char *class_full_name, const char *name,
                             int param_count);

/* Classes the image API has handed out so far (il2cpp_image_get_class,
 * il2cpp_class_from_name, il2cpp_class_get_nested_types), each counted
 * once.  IL2CPP creates an Il2CppClass the first time one of these hands
 * out its definition, so this is what a lookup strategy costs a player:
 * walking every image counts every type.  sim_class() and the classes
 * reached through types (fields, parameters) are not counted. */
uint64_t sim_classes_materialized(void);

/* Test hook: adds the generated assembly "Generated" of `count` classes
 * (Gen.N<k>.C<i>, each with a nested Inner; sim_generated.c) to the
 * domain, as ZLUA_SIM_EXTRA_CLASSES=count does at sim_init.  Once per
 * process: returns the number of generated classes present. */
size_t sim_generated_install(size_t count);
/* The same, each class with `members` public static methods
 * `int M<j>(int x) => x + j` (at most 60 000), as
 * ZLUA_SIM_EXTRA_MEMBERS=members does beside ZLUA_SIM_EXTRA_CLASSES. */
size_t sim_generated_install_members(size_t count, size_t members);
/* Test hook: hides (0) or shows (1) the generated assembly, so that one
 * process can measure with and without it. */
void sim_generated_set_visible(int visible);

/* LuaMarshalType values of ZLua.LuaMarshalType. */
enum {
    SIM_MARSHAL_DEFAULT = 0,
    SIM_MARSHAL_USERDATA = 1,
    SIM_MARSHAL_BYTES = 2,
    SIM_MARSHAL_OPAQUE_VALUE = 3,
    SIM_MARSHAL_UNPACKED_VALUES = 4,
    SIM_MARSHAL_TABLE = 5
};
/* [LuaMarshalAs] on a parameter (index >= 0) or the return value
 * (index -1) -- IL2CPP has no API for those.  Returns the LuaMarshalType
 * (0 = no attribute); *members / *member_count (either may be NULL)
 * receive the Members list (static storage; NULL / 0 if none). */
int sim_param_marshal_as(const MethodInfo *m, int index,
                         const char *const **members, int *member_count);

/* The inflated MethodInfo of generic method `definition` for the type
 * arguments args[0..count), in the shape of libil2cpp's internal
 * vm::MetadataCache::GetGenericInstanceMethod; NULL when the build did
 * not compile that instantiation (IL2CPP cannot make one at run time). */
const MethodInfo *sim_method_get_generic_instance(const MethodInfo *definition,
                                                  const Il2CppType *const *args,
                                                  uint32_t count);

/* libil2cpp's vm::Type::ConstructClosedDelegate: runs the delegate
 * type's own `.ctor(object, IntPtr)` with (target, method), then closes
 * it over target with addr as its code (method_ptr, invoke_impl,
 * invoke_impl_this).  Throws what the constructor throws. */
void sim_delegate_construct_closed(Il2CppDelegate *d, Il2CppObject *target,
                                   Il2CppMethodPointer addr, const MethodInfo *method);

/* A parameter's ParamDef token, in the shape of libil2cpp's internal
 * vm::Method::GetParameterToken (an instance's are its definition's);
 * 0 for a position the method does not have. */
uint32_t sim_method_get_parameter_token(const MethodInfo *method, int32_t position);
/* Whether the metadata gives the token (a parameter's) the attribute
 * class, in the shape of libil2cpp 2021.3's internal
 * vm::MetadataCache::HasAttribute(image, token, klass): a query over
 * attribute data, no attribute object made.  The simulation's parameters
 * carry System.ParamArrayAttribute only. */
bool sim_metadata_has_attribute(const Il2CppImage *image, uint32_t token, Il2CppClass *attribute);

/* A parameter's default value (`int b = 5`), in the shape of libil2cpp's
 * internal vm::Method::GetParameterDefaultValue (IL2CPP has no C API for
 * it): NULL when the parameter has none; else *type receives the
 * constant's type and the result points to its metadata blob, or is NULL
 * with *is_explicit_null set for `= null`.  The parameter's type carries
 * PARAM_ATTRIBUTE_HAS_DEFAULT | PARAM_ATTRIBUTE_OPTIONAL in its attrs. */
const char *sim_method_get_parameter_default_value(const MethodInfo *method,
                                                   int32_t position,
                                                   const Il2CppType **type,
                                                   bool *is_explicit_null);
/* libil2cpp's utils::BlobReader::GetConstantValueFromBlob for metadata
 * v29: decodes the constant of Il2CppTypeEnum `type` at *blob into value
 * (int32 / uint32 compressed, the others little-endian) and advances
 * *blob.  0 for a type it does not decode (strings and the rest). */
int sim_blob_get_constant_value(int type, const char **blob, void *value);

#ifdef __cplusplus
}
#endif
#endif /* ZLUA_SIM_H */
