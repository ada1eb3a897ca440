/* Stand-in for libil2cpp's vm/Method.h: the member the glue calls. */
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
};
} /* namespace vm */
} /* namespace il2cpp */
