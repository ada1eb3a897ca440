/*
 * zlua_glue_il2cpp.cpp -- the runtime glue of zlua.h ("Runtime glue") for
 * IL2CPP, Unity 2021.2 and later (metadata v29+).
 *
 * Compiled by the player inside its IL2CPP build, with libil2cpp's
 * include folder and libzlua's include/ and src/ on the include path
 * (docs/embedding.md); the tests compile this same file against the
 * simulated runtime's headers (tests/sim/include), and CI compiles it
 * against a stand-in of libil2cpp's declarations (tests/player).
 *
 * Each function runs one operation that can throw a managed exception --
 * IL2CPP throws Il2CppExceptionWrapper -- and returns the exception
 * instead of letting it unwind into libzlua's C frames.  Nothing else is
 * caught: any other C++ exception is a bug of the runtime and terminates
 * (libzlua has no unwind tables to carry it).  No allocation, no state:
 * on the non-throwing path each function costs its one call.
 */
#include <stddef.h>
#include <string.h>

#include "il2cpp-api.h"
#include "il2cpp-class-internals.h"
#include "il2cpp-object-internals.h"
#include "utils/BlobReader.h"
#include "metadata/Il2CppTypeVector.h"
#include "vm/MetadataCache.h"
#include "vm/Method.h"

#include "zlua.h"
#include "il2cpp/il2cpp_api.h"   /* coexists with the runtime's headers */

extern "C" Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj,
                                           void **args, void *ret)
{
    try {
        method->invoker_method(method->methodPointer, method, obj, args, ret);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_object_new(Il2CppClass *klass, Il2CppObject **out)
{
    *out = nullptr;
    try {
        *out = il2cpp_object_new(klass);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_value_box(Il2CppClass *klass, void *data,
                                              Il2CppObject **out)
{
    *out = nullptr;
    try {
        *out = il2cpp_value_box(klass, data);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_string_new_utf16(const uint16_t *chars, int32_t len,
                                                     Il2CppString **out)
{
    *out = nullptr;
    try {
        /* Il2CppChar is uint16_t or char16_t by compiler: same code units */
        *out = il2cpp_string_new_utf16(reinterpret_cast<const Il2CppChar *>(chars), len);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_array_new(Il2CppClass *element_class, uintptr_t length,
                                              Il2CppArray **out)
{
    *out = nullptr;
    try {
        *out = il2cpp_array_new(element_class, static_cast<il2cpp_array_size_t>(length));
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_class_init(Il2CppClass *klass)
{
    try {
        il2cpp_runtime_class_init(klass);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_param_default(const MethodInfo *method, uint32_t index,
                                                  void *value, size_t size, int *has)
{
    *has = 0;
    memset(value, 0, size);
    try {
        const Il2CppType *type = nullptr;
        bool is_null = false;
        const char *blob = il2cpp::vm::Method::GetParameterDefaultValue(
            method, static_cast<int32_t>(index), &type, &is_null);
        if (blob == nullptr) {
            *has = is_null ? 2 : 0;   /* `= null`: zero bytes */
            return nullptr;
        }
        /* constants are primitives (8 bytes at most) or a string reference */
        uint64_t constant[2] = {0, 0};
        const Il2CppImage *image = il2cpp_class_get_image(il2cpp_method_get_class(method));
        if (il2cpp::utils::BlobReader::GetConstantValueFromBlob(
                image, static_cast<Il2CppTypeEnum>(il2cpp_type_get_type(type)), blob, constant)) {
            memcpy(value, constant, size < sizeof constant ? size : sizeof constant);
            *has = 1;
        }
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_exception_new(const char *name_space, const char *name,
                                                  const char *msg, Il2CppException **out)
{
    *out = nullptr;
    try {
        *out = il2cpp_exception_from_name_msg(il2cpp_get_corlib(), name_space, name, msg);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" void zlua_rt_raise(Il2CppException *exc)
{
    il2cpp_raise_exception(exc);
    /* il2cpp_raise_exception does not return; should a runtime's ever do,
     * the caller must not go on as if nothing had been thrown */
    throw Il2CppExceptionWrapper(exc);
}

extern "C" Il2CppException *zlua_rt_delegate_new(const MethodInfo *ctor, const MethodInfo *invoke,
                                                 Il2CppObject *target, zlua_native_fn entry,
                                                 Il2CppObject **out)
{
    *out = nullptr;
    try {
        Il2CppObject *obj = il2cpp_object_new(il2cpp_method_get_class(ctor));
        /* `new D(target, &Invoke)`: the type's generated constructor fills
         * what only it knows (extraArg, the type's multicast invoke, which
         * Delegate.Combine copies) and makes a delegate closed over target */
        intptr_t method = reinterpret_cast<intptr_t>(invoke);
        void *args[2] = {target, &method};
        ctor->invoker_method(ctor->methodPointer, ctor, obj, args, nullptr);
        /* then Invoke's call invoke_impl(method_code, args..., method)
         * lands in the entry, with target first */
        Il2CppDelegate *d = reinterpret_cast<Il2CppDelegate *>(obj);
        d->method_ptr = reinterpret_cast<Il2CppMethodPointer>(entry);
        d->invoke_impl = reinterpret_cast<Il2CppMethodPointer>(entry);
        d->method_code = reinterpret_cast<decltype(d->method_code)>(target);
        *out = obj;
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_method_instance(const MethodInfo *generic,
                                                    const Il2CppType *const *args,
                                                    uint32_t count, const MethodInfo **out)
{
    *out = nullptr;
    try {
        il2cpp::metadata::Il2CppTypeVector types(args, args + count);
        const MethodInfo *m =
            il2cpp::vm::MetadataCache::GetGenericInstanceMethod(generic, types);
        /* an instantiation the build has no code for may still be
         * inflated (its metadata exists): without a method pointer or an
         * invoker, calling it would only raise "no AOT code" */
        if (m != nullptr && m->methodPointer != nullptr && m->invoker_method != nullptr)
            *out = m;
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" Il2CppException *zlua_rt_type_object(const Il2CppType *type, Il2CppObject **out)
{
    *out = nullptr;
    try {
        *out = il2cpp_type_get_object(type);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

extern "C" void zlua_rt_array_layout_get(zlua_rt_array_layout *out)
{
    out->length_size = static_cast<uint8_t>(sizeof(il2cpp_array_size_t));
    out->bound_size = static_cast<uint8_t>(sizeof(Il2CppArrayBounds));
    out->bound_lower_at = static_cast<uint8_t>(offsetof(Il2CppArrayBounds, lower_bound));
}
