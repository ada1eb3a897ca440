/*
 * mono_syms_list.h -- every Mono embedding function the Editor backend
 * calls, with its type: X(result, name, (parameters)), in the spelling
 * of Mono's headers (mono_syms.h makes the table and the redirections of
 * it, mono_syms.c the loader; tests/mono/mono_syms_types.c checks the
 * types against Mono's declarations).  A header of its own, without
 * Mono's headers, so that a stand-in for Mono's library can be made from
 * the names alone (tests/mono/mono_standin.c).
 */
#ifndef ZLUA_MONO_SYMS_LIST_H
#define ZLUA_MONO_SYMS_LIST_H

/* Mono's macros mono_array_addr, mono_array_get and mono_array_setref
 * expand to mono_array_addr_with_size and mono_gc_wbarrier_set_arrayref,
 * listed for that reason. */
#define ZM_MONO_FUNCTIONS(X) \
    X(void, mono_add_internal_call, (const char *, const void *)) \
    X(char *, mono_array_addr_with_size, (MonoArray *, int, uintptr_t)) \
    X(MonoClass *, mono_array_class_get, (MonoClass *, uint32_t)) \
    X(int32_t, mono_array_element_size, (MonoClass *)) \
    X(uintptr_t, mono_array_length, (MonoArray *)) \
    X(MonoArray *, mono_array_new, (MonoDomain *, MonoClass *, uintptr_t)) \
    X(MonoArray *, mono_array_new_full, (MonoDomain *, MonoClass *, uintptr_t *, intptr_t *)) \
    X(void, mono_assembly_foreach, (MonoFunc, void *)) \
    X(void, mono_assembly_get_assemblyref, (MonoImage *, int, MonoAssemblyName *)) \
    X(MonoImage *, mono_assembly_get_image, (MonoAssembly *)) \
    X(MonoAssembly *, mono_assembly_load, (MonoAssemblyName *, const char *, MonoImageOpenStatus *)) \
    X(MonoAssembly *, mono_assembly_loaded, (MonoAssemblyName *)) \
    X(void, mono_assembly_name_free, (MonoAssemblyName *)) \
    X(const char *, mono_assembly_name_get_name, (MonoAssemblyName *)) \
    X(MonoAssemblyName *, mono_assembly_name_new, (const char *)) \
    X(MonoType *, mono_class_enum_basetype, (MonoClass *)) \
    X(MonoClass *, mono_class_from_mono_type, (MonoType *)) \
    X(MonoClass *, mono_class_from_name, (MonoImage *, const char *, const char *)) \
    X(MonoClass *, mono_class_get, (MonoImage *, uint32_t)) \
    X(MonoType *, mono_class_get_byref_type, (MonoClass *)) \
    X(MonoClass *, mono_class_get_element_class, (MonoClass *)) \
    X(MonoClassField *, mono_class_get_field_from_name, (MonoClass *, const char *)) \
    X(MonoClassField *, mono_class_get_fields, (MonoClass *, void **)) \
    X(uint32_t, mono_class_get_flags, (MonoClass *)) \
    X(MonoImage *, mono_class_get_image, (MonoClass *)) \
    X(MonoClass *, mono_class_get_interfaces, (MonoClass *, void **)) \
    X(MonoMethod *, mono_class_get_method_from_name, (MonoClass *, const char *, int)) \
    X(MonoMethod *, mono_class_get_methods, (MonoClass *, void **)) \
    X(const char *, mono_class_get_name, (MonoClass *)) \
    X(const char *, mono_class_get_namespace, (MonoClass *)) \
    X(MonoClass *, mono_class_get_nested_types, (MonoClass *, void **)) \
    X(MonoClass *, mono_class_get_nesting_type, (MonoClass *)) \
    X(MonoClass *, mono_class_get_nullable_param, (MonoClass *)) \
    X(MonoClass *, mono_class_get_parent, (MonoClass *)) \
    X(MonoProperty *, mono_class_get_properties, (MonoClass *, void **)) \
    X(MonoProperty *, mono_class_get_property_from_name, (MonoClass *, const char *)) \
    X(int, mono_class_get_rank, (MonoClass *)) \
    X(MonoType *, mono_class_get_type, (MonoClass *)) \
    X(mono_bool, mono_class_is_assignable_from, (MonoClass *, MonoClass *)) \
    X(mono_bool, mono_class_is_delegate, (MonoClass *)) \
    X(mono_bool, mono_class_is_enum, (MonoClass *)) \
    X(mono_bool, mono_class_is_nullable, (MonoClass *)) \
    X(mono_bool, mono_class_is_valuetype, (MonoClass *)) \
    X(int32_t, mono_class_value_size, (MonoClass *, uint32_t *)) \
    X(MonoVTable *, mono_class_vtable, (MonoDomain *, MonoClass *)) \
    X(void, mono_custom_attrs_free, (MonoCustomAttrInfo *)) \
    X(MonoCustomAttrInfo *, mono_custom_attrs_from_class, (MonoClass *)) \
    X(MonoCustomAttrInfo *, mono_custom_attrs_from_field, (MonoClass *, MonoClassField *)) \
    X(MonoCustomAttrInfo *, mono_custom_attrs_from_method, (MonoMethod *)) \
    X(MonoCustomAttrInfo *, mono_custom_attrs_from_param, (MonoMethod *, uint32_t)) \
    X(MonoCustomAttrInfo *, mono_custom_attrs_from_property, (MonoClass *, MonoProperty *)) \
    X(MonoObject *, mono_custom_attrs_get_attr, (MonoCustomAttrInfo *, MonoClass *)) \
    X(mono_bool, mono_custom_attrs_has_attr, (MonoCustomAttrInfo *, MonoClass *)) \
    X(MonoAssembly *, mono_domain_assembly_open, (MonoDomain *, const char *)) \
    X(MonoDomain *, mono_domain_get, (void)) \
    X(MonoException *, mono_exception_from_name_msg, (MonoImage *, const char *, const char *, const char *)) \
    X(uint32_t, mono_field_get_flags, (MonoClassField *)) \
    X(const char *, mono_field_get_name, (MonoClassField *)) \
    X(uint32_t, mono_field_get_offset, (MonoClassField *)) \
    X(MonoClass *, mono_field_get_parent, (MonoClassField *)) \
    X(MonoType *, mono_field_get_type, (MonoClassField *)) \
    X(void, mono_field_static_get_value, (MonoVTable *, MonoClassField *, void *)) \
    X(void, mono_field_static_set_value, (MonoVTable *, MonoClassField *, void *)) \
    X(void, mono_free, (void *)) \
    X(void, mono_gc_wbarrier_generic_store, (void *, MonoObject *)) \
    X(void, mono_gc_wbarrier_set_arrayref, (MonoArray *, void *, MonoObject *)) \
    X(void, mono_gc_wbarrier_set_field, (MonoObject *, void *, MonoObject *)) \
    X(void, mono_gchandle_free, (uint32_t)) \
    X(MonoObject *, mono_gchandle_get_target, (uint32_t)) \
    X(uint32_t, mono_gchandle_new, (MonoObject *, mono_bool)) \
    X(uint32_t, mono_gchandle_new_weakref, (MonoObject *, mono_bool)) \
    X(MonoImage *, mono_get_corlib, (void)) \
    X(MonoException *, mono_get_exception_argument, (const char *, const char *)) \
    X(MonoException *, mono_get_exception_argument_null, (const char *)) \
    X(MonoException *, mono_get_exception_invalid_operation, (const char *)) \
    X(MonoException *, mono_get_exception_not_supported, (const char *)) \
    X(MonoClass *, mono_get_int32_class, (void)) \
    X(MonoMethod *, mono_get_method, (MonoImage *, uint32_t, MonoClass *)) \
    X(MonoClass *, mono_get_object_class, (void)) \
    X(MonoClass *, mono_get_string_class, (void)) \
    X(const char *, mono_image_get_filename, (MonoImage *)) \
    X(const char *, mono_image_get_name, (MonoImage *)) \
    X(const MonoTableInfo *, mono_image_get_table_info, (MonoImage *, int)) \
    X(int, mono_image_get_table_rows, (MonoImage *, int)) \
    X(mono_bool, mono_image_is_dynamic, (MonoImage *)) \
    X(void, mono_install_assembly_load_hook, (MonoAssemblyLoadFunc, void *)) \
    X(const char *, mono_metadata_blob_heap, (MonoImage *, uint32_t)) \
    X(uint32_t, mono_metadata_decode_blob_size, (const char *, const char **)) \
    X(uint32_t, mono_metadata_decode_row_col, (const MonoTableInfo *, int, unsigned int)) \
    X(MonoClass *, mono_method_get_class, (MonoMethod *)) \
    X(uint32_t, mono_method_get_flags, (MonoMethod *, uint32_t *)) \
    X(const char *, mono_method_get_name, (MonoMethod *)) \
    X(MonoReflectionMethod *, mono_method_get_object, (MonoDomain *, MonoMethod *, MonoClass *)) \
    X(void, mono_method_get_param_names, (MonoMethod *, const char **)) \
    X(uint32_t, mono_method_get_token, (MonoMethod *)) \
    X(void *, mono_method_get_unmanaged_thunk, (MonoMethod *)) \
    X(MonoMethodSignature *, mono_method_signature, (MonoMethod *)) \
    X(MonoClass *, mono_object_get_class, (MonoObject *)) \
    X(MonoMethod *, mono_object_get_virtual_method, (MonoObject *, MonoMethod *)) \
    X(MonoObject *, mono_object_isinst, (MonoObject *, MonoClass *)) \
    X(MonoObject *, mono_object_new, (MonoDomain *, MonoClass *)) \
    X(void *, mono_object_unbox, (MonoObject *)) \
    X(MonoMethod *, mono_property_get_get_method, (MonoProperty *)) \
    X(const char *, mono_property_get_name, (MonoProperty *)) \
    X(MonoMethod *, mono_property_get_set_method, (MonoProperty *)) \
    X(MonoObject *, mono_property_get_value, (MonoProperty *, void *, void **, MonoObject **)) \
    X(void, mono_raise_exception, (MonoException *)) \
    X(MonoType *, mono_reflection_type_get_type, (MonoReflectionType *)) \
    X(MonoObject *, mono_runtime_invoke, (MonoMethod *, void *, void **, MonoObject **)) \
    X(mono_bool, mono_signature_explicit_this, (MonoMethodSignature *)) \
    X(uint32_t, mono_signature_get_call_conv, (MonoMethodSignature *)) \
    X(uint32_t, mono_signature_get_param_count, (MonoMethodSignature *)) \
    X(MonoType *, mono_signature_get_params, (MonoMethodSignature *, void **)) \
    X(MonoType *, mono_signature_get_return_type, (MonoMethodSignature *)) \
    X(mono_bool, mono_signature_is_instance, (MonoMethodSignature *)) \
    X(mono_unichar2 *, mono_string_chars, (MonoString *)) \
    X(int, mono_string_length, (MonoString *)) \
    X(MonoString *, mono_string_new_len, (MonoDomain *, const char *, unsigned int)) \
    X(MonoString *, mono_string_new_utf16, (MonoDomain *, const mono_unichar2 *, int32_t)) \
    X(char *, mono_string_to_utf8, (MonoString *)) \
    X(int, mono_table_info_get_rows, (const MonoTableInfo *)) \
    X(MonoThread *, mono_thread_attach, (MonoDomain *)) \
    X(MonoThread *, mono_thread_current, (void)) \
    X(char *, mono_type_get_name, (MonoType *)) \
    X(MonoReflectionType *, mono_type_get_object, (MonoDomain *, MonoType *)) \
    X(int, mono_type_get_type, (MonoType *)) \
    X(mono_bool, mono_type_is_byref, (MonoType *)) \
    X(mono_bool, mono_type_is_reference, (MonoType *)) \
    X(MonoObject *, mono_value_box, (MonoDomain *, MonoClass *, void *))

#endif
