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
#include <stdio.h>
#include <string.h>

#include "il2cpp-api.h"
#include "il2cpp-class-internals.h"
#include "il2cpp-object-internals.h"
#include "vm-utils/BlobReader.h"
#include "vm/Class.h"
#include "vm/MetadataCache.h"
#include "vm/Method.h"
#include "vm/Type.h"

#include "zlua_rt.h"
#include "il2cpp/il2cpp_api.h"   /* coexists with the runtime's headers */

/* A method whose metadata the build kept and whose code it did not (the
 * managed linker stripped the body, R-LINK-1): no invoker to call.  The
 * exception names it, "Ns.Outer.Inner.Method", and says what keeps it. */
static Il2CppException *zlua_glue_no_code(const MethodInfo *method)
{
    char name[512] = "";
    Il2CppClass *chain[8];
    int n = 0;
    for (Il2CppClass *k = il2cpp_method_get_class(method); k != nullptr && n < 8;
         k = il2cpp_class_get_declaring_type(k))
        chain[n++] = k;
    size_t len = 0;
    for (int i = n - 1; i >= 0; i--) {
        const char *ns = i == n - 1 ? il2cpp_class_get_namespace(chain[i]) : "";
        len += (size_t)snprintf(name + len, len < sizeof name ? sizeof name - len : 0, "%s%s%s.",
                                ns, ns[0] ? "." : "", il2cpp_class_get_name(chain[i]));
        if (len >= sizeof name)
            len = sizeof name - 1;
    }
    char msg[768];
    snprintf(msg, sizeof msg,
             "zlua: %s%s has no code in this player: the managed linker stripped it "
             "(keep it with the link.xml zlua-stubgen writes, or list it for it)",
             name, il2cpp_method_get_name(method));
    Il2CppException *ex = nullptr;
    Il2CppException *failed = zlua_rt_exception_new("System", "ExecutionEngineException", msg, &ex);
    return failed != nullptr ? failed : ex;
}

extern "C" Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj,
                                           void **args, void *ret)
{
    if (method->invoker_method == nullptr)
        return zlua_glue_no_code(method);
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

extern "C" Il2CppException *zlua_rt_class_init(Il2CppClass *klass, int *done)
{
    *done = 0;
    try {
        il2cpp_runtime_class_init(klass);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    /* il2cpp_runtime_class_init returns at once when this thread is
     * running the class's static constructor (a cctor that calls Lua):
     * the class is initialised only once that constructor has returned,
     * which libil2cpp records here */
    *done = klass->cctor_finished_or_no_cctor != 0;
    return nullptr;
}

/* The type a parameter's default constant is encoded as.  The metadata
 * records a Nullable<T> parameter's constant under the parameter's own
 * type (a generic instance, which the blob reader decodes as a null
 * reference) while the bytes are a T: libil2cpp's reflection decodes
 * them as T, and so does this. */
static Il2CppTypeEnum zlua_glue_constant_type(const MethodInfo *method, uint32_t index,
                                              const Il2CppType *recorded)
{
    Il2CppClass *pc = il2cpp_class_from_type(il2cpp_method_get_param(method, index));
    if (pc != nullptr && il2cpp::vm::Class::IsNullable(pc)) {
        Il2CppClass *t = il2cpp::vm::Class::GetNullableArgument(pc);
        const Il2CppType *tt = il2cpp_class_is_enum(t) ? il2cpp_class_enum_basetype(t)
                                                        : il2cpp_class_get_type(t);
        return static_cast<Il2CppTypeEnum>(il2cpp_type_get_type(tt));
    }
    return static_cast<Il2CppTypeEnum>(il2cpp_type_get_type(recorded));
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
                image, zlua_glue_constant_type(method, index, type), blob, constant)) {
            memcpy(value, constant, size < sizeof constant ? size : sizeof constant);
            *has = 1;
        }
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

/* Whether the metadata gives token the attribute class, read from the
 * attribute data (no attribute object made): up to 2021.3 MetadataCache
 * answers by token; from 2022.3 it hands out a reader of the token's
 * data, whose attribute constructors name their classes.  The overload
 * whose calls the headers declare is the one compiled. */
template <class MC>
static auto zlua_glue_token_has(const Il2CppImage *image, uint32_t token, Il2CppClass *attr, int)
    -> decltype(MC::HasAttribute(image, token, attr), bool())
{
    return MC::HasAttribute(image, token, attr);
}
template <class MC>
static auto zlua_glue_token_has(const Il2CppImage *image, uint32_t token, Il2CppClass *attr, long)
    -> decltype(MC::GetCustomAttributeDataReader(image, token), bool())
{
    auto reader = MC::GetCustomAttributeDataReader(image, token);
    auto iter = reader.GetCtorIterator();
    const MethodInfo *ctor = nullptr;
    while (reader.IterateAttributeCtors(&ctor, &iter))
        if (ctor != nullptr && il2cpp_class_is_assignable_from(attr, il2cpp_method_get_class(ctor)))
            return true;
    return false;
}

extern "C" int zlua_rt_param_has_attribute(const MethodInfo *method, uint32_t index,
                                           Il2CppClass *attribute)
{
    if (attribute == nullptr || index >= il2cpp_method_get_param_count(method))
        return 0;
    /* an inflated method's token is its definition's; its class's image
     * is the definition's image */
    uint32_t token =
        il2cpp::vm::Method::GetParameterToken(method, static_cast<int32_t>(index));
    const Il2CppImage *image = il2cpp_class_get_image(il2cpp_method_get_class(method));
    return token != 0 && zlua_glue_token_has<il2cpp::vm::MetadataCache>(
                             image, token, attribute, 0);
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

extern "C" void zlua_rt_add_internal_call(const char *name, zlua_native_fn fn)
{
    il2cpp_add_internal_call(name, reinterpret_cast<Il2CppMethodPointer>(fn));
}

extern "C" Il2CppException *zlua_rt_delegate_new(const MethodInfo *ctor, const MethodInfo *invoke,
                                                 Il2CppObject *target, zlua_native_fn entry,
                                                 Il2CppObject **out)
{
    *out = nullptr;
    try {
        Il2CppObject *obj = il2cpp_object_new(il2cpp_method_get_class(ctor));
        /* `new D(target, &Invoke)` through the type's own constructor
         * (extraArg, the multicast invoke Delegate.Combine copies), then
         * closed over target with entry as its code: Invoke then calls
         * entry(target, args..., method).  libil2cpp sets the fields the
         * way its version lays them out (invoke_impl_this from 2021.2.6 on) */
        il2cpp::vm::Type::ConstructClosedDelegate(reinterpret_cast<Il2CppDelegate *>(obj), target,
                                                  reinterpret_cast<Il2CppMethodPointer>(entry),
                                                  invoke);
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
        /* libil2cpp takes the array as non-const; it only reads it */
        const MethodInfo *m = il2cpp::vm::MetadataCache::GetGenericInstanceMethod(
            generic, const_cast<const Il2CppType **>(args), count);
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

/* The metadata of generic parameter `index` of a method definition or a
 * type definition, NULL: none.  A method's container is in its MethodInfo
 * only while it is neither inflated nor an instance: the same union holds
 * the generic method of an inflated one. */
static Il2CppMetadataGenericParameterHandle zlua_glue_generic_param(const MethodInfo *method,
                                                                    Il2CppClass *klass,
                                                                    uint32_t index)
{
    Il2CppMetadataGenericContainerHandle c = nullptr;
    if (method != nullptr) {
        if (method->is_generic && !method->is_inflated)
            c = method->genericContainerHandle;
    } else if (klass != nullptr && il2cpp_class_is_generic(klass)) {
        c = il2cpp::vm::Class::GetGenericContainer(klass);
    }
    if (c == nullptr || index >= il2cpp::vm::MetadataCache::GetGenericContainerCount(c))
        return nullptr;
    return il2cpp::vm::MetadataCache::GetGenericParameterFromIndex(
        c, static_cast<GenericContainerParameterIndex>(index));
}

extern "C" int zlua_rt_generic_param_get(const MethodInfo *method, Il2CppClass *klass,
                                         uint32_t index, zlua_rt_generic_param *out)
{
    memset(out, 0, sizeof *out);
    Il2CppMetadataGenericParameterHandle p = zlua_glue_generic_param(method, klass, index);
    if (p == nullptr)
        return 0;
    const char *name = il2cpp::vm::MetadataCache::GetGenericParameterName(p);
    if (name != nullptr) {
        size_t n = strlen(name);
        n = n < sizeof out->name - 1 ? n : sizeof out->name - 1;
        memcpy(out->name, name, n);
    }
    out->flags = il2cpp::vm::MetadataCache::GetGenericParameterFlags(p);
    int16_t count = il2cpp::vm::MetadataCache::GetGenericConstraintCount(p);
    out->constraint_count = static_cast<uint16_t>(count > 0 ? count : 0);
    return 1;
}

extern "C" const Il2CppType *zlua_rt_generic_constraint(const MethodInfo *method,
                                                        Il2CppClass *klass, uint32_t index,
                                                        uint32_t which)
{
    Il2CppMetadataGenericParameterHandle p = zlua_glue_generic_param(method, klass, index);
    if (p == nullptr)
        return nullptr;
    int16_t count = il2cpp::vm::MetadataCache::GetGenericConstraintCount(p);
    if (count <= 0 || which >= static_cast<uint32_t>(count))
        return nullptr;
    return il2cpp::vm::MetadataCache::GetGenericParameterConstraintFromIndex(
        p, static_cast<GenericParameterConstraintIndex>(which));
}

/* 2021.3's MethodInfo has indirect_call_via_invokers; later versions
 * dropped it (their fully shared instances get stubs instead): read it
 * where the headers declare it. */
template <class M>
static auto zlua_glue_indirect(const M *m, int) -> decltype(m->indirect_call_via_invokers, bool())
{
    return m->indirect_call_via_invokers != 0;
}
template <class M>
static bool zlua_glue_indirect(const M *, long)
{
    return false;
}

extern "C" int zlua_rt_method_direct(const MethodInfo *method)
{
    /* no code; shared code of another signature (2021.3); a fully shared
     * instance, whose pointer is a standard-signature or an unresolved-call
     * stub (2022.3 on): each is reached through invoker_method only */
    if (method->methodPointer == nullptr || zlua_glue_indirect(method, 0) ||
        method->has_full_generic_sharing_signature)
        return 0;
    return 1;
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

/* GC handles: a uint32_t before Unity 6, a pointer (Il2CppGCHandle) from
 * Unity 6 on.  libzlua keeps them as uintptr_t and reaches them only here,
 * where the runtime's own declarations give the type, so libzlua.a is
 * the same for every version. */
typedef decltype(il2cpp_gchandle_new(nullptr, false)) zlua_glue_gchandle;

static zlua_glue_gchandle zlua_glue_handle_in(uintptr_t h)
{
    return (zlua_glue_gchandle)h;
}

extern "C" uintptr_t zlua_rt_gchandle_new(Il2CppObject *obj, int weak)
{
    return (uintptr_t)(weak ? il2cpp_gchandle_new_weakref(obj, false)
                            : il2cpp_gchandle_new(obj, false));
}

extern "C" Il2CppObject *zlua_rt_gchandle_target(uintptr_t handle)
{
    return il2cpp_gchandle_get_target(zlua_glue_handle_in(handle));
}

extern "C" void zlua_rt_gchandle_free(uintptr_t handle)
{
    il2cpp_gchandle_free(zlua_glue_handle_in(handle));
}
