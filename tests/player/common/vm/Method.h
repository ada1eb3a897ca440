/* Stand-in for libil2cpp's vm/Method.h: the members the glue calls. */
#pragma once

#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace vm
{
class Method
{
public:
    static const char *GetParameterDefaultValue(const MethodInfo *method,
                                                int32_t parameterPosition,
                                                const Il2CppType **type,
                                                bool *isExplicitySetNullDefaultValue);
    /* a parameter's ParamDef token (an inflated method's: its definition's) */
    static uint32_t GetParameterToken(const MethodInfo *method, int32_t parameterPosition);
};
} /* namespace vm */
} /* namespace il2cpp */
