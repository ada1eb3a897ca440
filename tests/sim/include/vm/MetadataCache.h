/* The simulation's vm/MetadataCache.h: the one internal of libil2cpp's
 * il2cpp::vm::MetadataCache the runtime glue calls (R-GEN-1), with the
 * signature libil2cpp has from Unity 2021.2 on, over the simulation. */
#pragma once

#include "il2cpp-class-internals.h"
#include "sim.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    static const MethodInfo *GetGenericInstanceMethod(const MethodInfo *genericMethodDefinition,
                                                      const Il2CppType **genericArgumentTypes,
                                                      uint32_t genericArgumentCount)
    {
        return sim_method_get_generic_instance(genericMethodDefinition, genericArgumentTypes,
                                               genericArgumentCount);
    }
};
} /* namespace vm */
} /* namespace il2cpp */
