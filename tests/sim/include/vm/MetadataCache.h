/* The simulation's vm/MetadataCache.h: the one internal of libil2cpp's
 * il2cpp::vm::MetadataCache the runtime glue calls (R-GEN-1), over the
 * simulation. */
#pragma once

#include "il2cpp-class-internals.h"
#include "metadata/Il2CppTypeVector.h"
#include "sim.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    static const MethodInfo *GetGenericInstanceMethod(
        const MethodInfo *genericMethodDefinition,
        const il2cpp::metadata::Il2CppTypeVector &genericArgumentTypes)
    {
        return sim_method_get_generic_instance(genericMethodDefinition,
                                               genericArgumentTypes.data(),
                                               static_cast<uint32_t>(genericArgumentTypes.size()));
    }
};
} /* namespace vm */
} /* namespace il2cpp */
