/* The simulation's vm/Method.h: the internals of libil2cpp's
 * il2cpp::vm::Method the runtime glue calls, over the simulation. */
#pragma once

#include "il2cpp-class-internals.h"
#include "sim.h"

namespace il2cpp
{
namespace vm
{
class Method
{
public:
    static const char *GetParameterDefaultValue(const MethodInfo *method, int32_t position,
                                                const Il2CppType **type,
                                                bool *isExplicitySetNullDefaultValue)
    {
        return sim_method_get_parameter_default_value(method, position, type,
                                                      isExplicitySetNullDefaultValue);
    }
    static uint32_t GetParameterToken(const MethodInfo *method, int32_t parameterPosition)
    {
        return sim_method_get_parameter_token(method, parameterPosition);
    }
};
} /* namespace vm */
} /* namespace il2cpp */
