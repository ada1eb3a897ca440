/*
 * mono_syms.h -- the Mono embedding functions the Editor backend calls,
 * found at attach time in the Mono the process runs on (mono_syms.c).
 *
 * The backend is a plugin of a process that already runs Mono: Unity's
 * Editor has loaded its Mono (libmonobdwgc-2.0.so on Linux,
 * libmonobdwgc-2.0.dylib on macOS, mono-2.0-bdwgc.dll on Windows), the
 * test hosts link Debian's (libmonoboehm-2.0.so.1).  A Windows DLL cannot
 * leave symbols for the process to supply, and a library loaded with
 * RTLD_LOCAL does not supply them on Linux either, so libzlua-mono links
 * no Mono and names none of its functions: zm_syms_load looks each one up
 * once, by name, in that library (GetProcAddress, dlsym) into the table
 * zm_mono, and src/mono calls through it.  A function Mono lacks is an
 * attach error naming it, not a crash at its first call.
 *
 * ZM_MONO_FUNCTIONS (mono_syms_list.h) is the one list: X(result, name,
 * (parameters)) with the types of Mono's headers (mono-2.0), which
 * tests/mono/mono_syms_types.c compares with Mono's own declarations at
 * compile time.  A function the
 * backend starts calling is added here, or the check that libzlua-mono
 * names no mono_* symbol (ctest mono.syms_shipped) fails.
 */
#ifndef ZLUA_MONO_SYMS_H
#define ZLUA_MONO_SYMS_H

#include <stddef.h>
#include <stdint.h>

/* every header a listed type or function comes from: included here, so
 * that none is included after the redirections at the end of this file */
#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/attrdefs.h>
#include <mono/metadata/class.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/exception.h>
#include <mono/metadata/image.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/metadata.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/object.h>
#include <mono/metadata/reflection.h>
#include <mono/metadata/row-indexes.h>
#include <mono/metadata/threads.h>
#include <mono/metadata/tokentype.h>

#include "mono_syms_list.h"

#define ZM_MONO_MEMBER(ret, name, params) ret(*name) params;
typedef struct zm_mono_api {
    ZM_MONO_FUNCTIONS(ZM_MONO_MEMBER)
} zm_mono_api;
#undef ZM_MONO_MEMBER

/* Hidden: a call is one indirect call through the table (no GOT load),
 * as cheap as the PLT call it replaces. */
#if defined(__GNUC__) && !defined(_WIN32)
#define ZM_HIDDEN __attribute__((visibility("hidden")))
#else
#define ZM_HIDDEN
#endif

/* The table; all NULL until zm_syms_load succeeded. */
extern ZM_HIDDEN zm_mono_api zm_mono;

/* Finds the process's Mono and fills zm_mono from it, once (again: 0 at
 * once).  Which library: the first of the platform's names that is
 * loaded (mono_syms.c), else the process's global scope (the executable,
 * the libraries it linked).  0, or -1 with err naming the first function
 * not found and where it was looked for; zm_mono is then left empty. */
int zm_syms_load(char *err, size_t errsize);

/* A symbol of the same Mono that is not a function (the collector's
 * GC_push_other_roots and GC_gc_no): its address, NULL when it has none.
 * After zm_syms_load. */
void *zm_syms_data(const char *name);

/* Where zm_syms_load found Mono ("libmonoboehm-2.0.so.1", "the
 * process"); NULL before. */
const char *zm_syms_origin(void);

/* The loader's core, for the tests (tests/mono/mono_syms_check.c): every
 * listed function looked up through lookup(ud, name) into *api; 0, or -1
 * with err naming the first one lookup did not find, in where.  *api is
 * written only when every function was found. */
typedef void *(*zm_syms_lookup_fn)(void *ud, const char *name);
int zm_syms_resolve(zm_mono_api *api, zm_syms_lookup_fn lookup, void *ud, const char *where,
                    char *err, size_t errsize);

/* The number of listed functions, and the i-th one's name (the tests). */
size_t zm_syms_count(void);
const char *zm_syms_name(size_t i);

/* ---- src/mono calls Mono through the table -------------------------------- */

/* Each name becomes the table's member wherever src/mono calls it (and
 * where a Mono macro expands to it), so the code reads as Mono's API.
 * Defined only for the backend's own sources (ZM_MONO_THROUGH_TABLE,
 * cmake/mono.cmake): the test hosts and the build tools that include
 * mono_rt.h link Mono and start it before anything is attached. */
#if defined(ZM_MONO_THROUGH_TABLE)
#define mono_add_internal_call (zm_mono.mono_add_internal_call)
#define mono_array_addr_with_size (zm_mono.mono_array_addr_with_size)
#define mono_array_class_get (zm_mono.mono_array_class_get)
#define mono_array_element_size (zm_mono.mono_array_element_size)
#define mono_array_length (zm_mono.mono_array_length)
#define mono_array_new (zm_mono.mono_array_new)
#define mono_array_new_full (zm_mono.mono_array_new_full)
#define mono_assembly_foreach (zm_mono.mono_assembly_foreach)
#define mono_assembly_get_assemblyref (zm_mono.mono_assembly_get_assemblyref)
#define mono_assembly_get_image (zm_mono.mono_assembly_get_image)
#define mono_assembly_load (zm_mono.mono_assembly_load)
#define mono_assembly_loaded (zm_mono.mono_assembly_loaded)
#define mono_assembly_name_free (zm_mono.mono_assembly_name_free)
#define mono_assembly_name_get_name (zm_mono.mono_assembly_name_get_name)
#define mono_assembly_name_new (zm_mono.mono_assembly_name_new)
#define mono_class_enum_basetype (zm_mono.mono_class_enum_basetype)
#define mono_class_from_mono_type (zm_mono.mono_class_from_mono_type)
#define mono_class_from_name (zm_mono.mono_class_from_name)
#define mono_class_get (zm_mono.mono_class_get)
#define mono_class_get_byref_type (zm_mono.mono_class_get_byref_type)
#define mono_class_get_element_class (zm_mono.mono_class_get_element_class)
#define mono_class_get_field_from_name (zm_mono.mono_class_get_field_from_name)
#define mono_class_get_fields (zm_mono.mono_class_get_fields)
#define mono_class_get_flags (zm_mono.mono_class_get_flags)
#define mono_class_get_image (zm_mono.mono_class_get_image)
#define mono_class_get_interfaces (zm_mono.mono_class_get_interfaces)
#define mono_class_get_method_from_name (zm_mono.mono_class_get_method_from_name)
#define mono_class_get_methods (zm_mono.mono_class_get_methods)
#define mono_class_get_name (zm_mono.mono_class_get_name)
#define mono_class_get_namespace (zm_mono.mono_class_get_namespace)
#define mono_class_get_nested_types (zm_mono.mono_class_get_nested_types)
#define mono_class_get_nesting_type (zm_mono.mono_class_get_nesting_type)
#define mono_class_get_nullable_param (zm_mono.mono_class_get_nullable_param)
#define mono_class_get_parent (zm_mono.mono_class_get_parent)
#define mono_class_get_properties (zm_mono.mono_class_get_properties)
#define mono_class_get_property_from_name (zm_mono.mono_class_get_property_from_name)
#define mono_class_get_rank (zm_mono.mono_class_get_rank)
#define mono_class_get_type (zm_mono.mono_class_get_type)
#define mono_class_is_assignable_from (zm_mono.mono_class_is_assignable_from)
#define mono_class_is_delegate (zm_mono.mono_class_is_delegate)
#define mono_class_is_enum (zm_mono.mono_class_is_enum)
#define mono_class_is_nullable (zm_mono.mono_class_is_nullable)
#define mono_class_is_valuetype (zm_mono.mono_class_is_valuetype)
#define mono_class_value_size (zm_mono.mono_class_value_size)
#define mono_class_vtable (zm_mono.mono_class_vtable)
#define mono_custom_attrs_free (zm_mono.mono_custom_attrs_free)
#define mono_custom_attrs_from_class (zm_mono.mono_custom_attrs_from_class)
#define mono_custom_attrs_from_field (zm_mono.mono_custom_attrs_from_field)
#define mono_custom_attrs_from_method (zm_mono.mono_custom_attrs_from_method)
#define mono_custom_attrs_from_param (zm_mono.mono_custom_attrs_from_param)
#define mono_custom_attrs_from_property (zm_mono.mono_custom_attrs_from_property)
#define mono_custom_attrs_get_attr (zm_mono.mono_custom_attrs_get_attr)
#define mono_custom_attrs_has_attr (zm_mono.mono_custom_attrs_has_attr)
#define mono_domain_assembly_open (zm_mono.mono_domain_assembly_open)
#define mono_domain_get (zm_mono.mono_domain_get)
#define mono_exception_from_name_msg (zm_mono.mono_exception_from_name_msg)
#define mono_field_get_flags (zm_mono.mono_field_get_flags)
#define mono_field_get_name (zm_mono.mono_field_get_name)
#define mono_field_get_offset (zm_mono.mono_field_get_offset)
#define mono_field_get_parent (zm_mono.mono_field_get_parent)
#define mono_field_get_type (zm_mono.mono_field_get_type)
#define mono_field_static_get_value (zm_mono.mono_field_static_get_value)
#define mono_field_static_set_value (zm_mono.mono_field_static_set_value)
#define mono_free (zm_mono.mono_free)
#define mono_gc_wbarrier_generic_store (zm_mono.mono_gc_wbarrier_generic_store)
#define mono_gc_wbarrier_set_arrayref (zm_mono.mono_gc_wbarrier_set_arrayref)
#define mono_gc_wbarrier_set_field (zm_mono.mono_gc_wbarrier_set_field)
#define mono_gchandle_free (zm_mono.mono_gchandle_free)
#define mono_gchandle_get_target (zm_mono.mono_gchandle_get_target)
#define mono_gchandle_new (zm_mono.mono_gchandle_new)
#define mono_gchandle_new_weakref (zm_mono.mono_gchandle_new_weakref)
#define mono_get_corlib (zm_mono.mono_get_corlib)
#define mono_get_exception_argument (zm_mono.mono_get_exception_argument)
#define mono_get_exception_argument_null (zm_mono.mono_get_exception_argument_null)
#define mono_get_exception_invalid_operation (zm_mono.mono_get_exception_invalid_operation)
#define mono_get_exception_not_supported (zm_mono.mono_get_exception_not_supported)
#define mono_get_int32_class (zm_mono.mono_get_int32_class)
#define mono_get_method (zm_mono.mono_get_method)
#define mono_get_object_class (zm_mono.mono_get_object_class)
#define mono_get_string_class (zm_mono.mono_get_string_class)
#define mono_image_get_filename (zm_mono.mono_image_get_filename)
#define mono_image_get_name (zm_mono.mono_image_get_name)
#define mono_image_get_table_info (zm_mono.mono_image_get_table_info)
#define mono_image_get_table_rows (zm_mono.mono_image_get_table_rows)
#define mono_image_is_dynamic (zm_mono.mono_image_is_dynamic)
#define mono_install_assembly_load_hook (zm_mono.mono_install_assembly_load_hook)
#define mono_metadata_blob_heap (zm_mono.mono_metadata_blob_heap)
#define mono_metadata_decode_blob_size (zm_mono.mono_metadata_decode_blob_size)
#define mono_metadata_decode_row_col (zm_mono.mono_metadata_decode_row_col)
#define mono_method_get_class (zm_mono.mono_method_get_class)
#define mono_method_get_flags (zm_mono.mono_method_get_flags)
#define mono_method_get_name (zm_mono.mono_method_get_name)
#define mono_method_get_object (zm_mono.mono_method_get_object)
#define mono_method_get_param_names (zm_mono.mono_method_get_param_names)
#define mono_method_get_token (zm_mono.mono_method_get_token)
#define mono_method_get_unmanaged_thunk (zm_mono.mono_method_get_unmanaged_thunk)
#define mono_method_signature (zm_mono.mono_method_signature)
#define mono_object_get_class (zm_mono.mono_object_get_class)
#define mono_object_get_virtual_method (zm_mono.mono_object_get_virtual_method)
#define mono_object_isinst (zm_mono.mono_object_isinst)
#define mono_object_new (zm_mono.mono_object_new)
#define mono_object_unbox (zm_mono.mono_object_unbox)
#define mono_property_get_get_method (zm_mono.mono_property_get_get_method)
#define mono_property_get_name (zm_mono.mono_property_get_name)
#define mono_property_get_set_method (zm_mono.mono_property_get_set_method)
#define mono_property_get_value (zm_mono.mono_property_get_value)
#define mono_raise_exception (zm_mono.mono_raise_exception)
#define mono_reflection_type_get_type (zm_mono.mono_reflection_type_get_type)
#define mono_runtime_invoke (zm_mono.mono_runtime_invoke)
#define mono_signature_explicit_this (zm_mono.mono_signature_explicit_this)
#define mono_signature_get_call_conv (zm_mono.mono_signature_get_call_conv)
#define mono_signature_get_param_count (zm_mono.mono_signature_get_param_count)
#define mono_signature_get_params (zm_mono.mono_signature_get_params)
#define mono_signature_get_return_type (zm_mono.mono_signature_get_return_type)
#define mono_signature_is_instance (zm_mono.mono_signature_is_instance)
#define mono_string_chars (zm_mono.mono_string_chars)
#define mono_string_length (zm_mono.mono_string_length)
#define mono_string_new_len (zm_mono.mono_string_new_len)
#define mono_string_new_utf16 (zm_mono.mono_string_new_utf16)
#define mono_string_to_utf8 (zm_mono.mono_string_to_utf8)
#define mono_table_info_get_rows (zm_mono.mono_table_info_get_rows)
#define mono_thread_attach (zm_mono.mono_thread_attach)
#define mono_thread_current (zm_mono.mono_thread_current)
#define mono_type_get_name (zm_mono.mono_type_get_name)
#define mono_type_get_object (zm_mono.mono_type_get_object)
#define mono_type_get_type (zm_mono.mono_type_get_type)
#define mono_type_is_byref (zm_mono.mono_type_is_byref)
#define mono_type_is_reference (zm_mono.mono_type_is_reference)
#define mono_value_box (zm_mono.mono_value_box)
#endif

#endif
