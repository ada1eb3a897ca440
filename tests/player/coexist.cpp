/*
 * coexist.cpp -- libzlua's headers next to libil2cpp's, in one C++
 * translation unit, as in a player build: zlua.h,
 * zlua_stub.h, zlua_rt.h and src/il2cpp/il2cpp_api.h must not redefine anything libil2cpp defines
 * (layouts, enums, flags), and every function libzlua declares must match
 * libil2cpp's declaration (a mismatch of an extern "C" function is a
 * compile error here).  Compiled, never run.
 */
#include "il2cpp-api.h"
#include "il2cpp-blob.h"
#include "il2cpp-class-internals.h"
#include "il2cpp-object-internals.h"
#include "il2cpp-tabledefs.h"

#include "il2cpp/il2cpp_api.h"
#include "zlua.h"
#include "zlua_rt.h"
#include "zlua_stub.h"

static_assert(sizeof(Il2CppChar) == 2, "UTF-16 code units");
static_assert(int(ZLUA_IL2CPP_TYPE_I4) == int(IL2CPP_TYPE_I4), "element types agree");
static_assert(int(ZLUA_IL2CPP_TYPE_ENUM) == int(IL2CPP_TYPE_ENUM), "element types agree");
static_assert(ZLUA_METHOD_ATTRIBUTE_STATIC == METHOD_ATTRIBUTE_STATIC, "flags agree");
static_assert(ZLUA_FIELD_ATTRIBUTE_LITERAL == FIELD_ATTRIBUTE_LITERAL, "flags agree");
static_assert(ZLUA_PARAM_ATTRIBUTE_HAS_DEFAULT == PARAM_ATTRIBUTE_HAS_DEFAULT, "flags agree");
static_assert(ZLUA_TYPE_ATTRIBUTE_SEALED == TYPE_ATTRIBUTE_SEALED, "flags agree");
static_assert(ZLUA_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT ==
                  IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT, "flags agree");
static_assert(ZLUA_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT ==
                  IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT,
              "flags agree");
static_assert(ZLUA_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT ==
                  IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT,
              "flags agree");

/* A stub-shaped call through both headers: a MethodInfo of libil2cpp's
 * layout handed to the glue declared by zlua_rt.h. */
Il2CppException *zlua_coexist_call(const MethodInfo *m, Il2CppObject *self)
{
    return m->invoker_method != nullptr ? zlua_rt_invoke(m, self, nullptr, nullptr)
                                        : nullptr;
}
