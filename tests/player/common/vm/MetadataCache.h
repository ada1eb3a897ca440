/* Stand-in for libil2cpp's vm/MetadataCache.h: the member the glue calls,
 * with the signature it has from Unity 2021.2 on (2020.3 took an
 * Il2CppTypeVector, a header later versions do not have). */
#pragma once

#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    static const MethodInfo *GetGenericInstanceMethod(const MethodInfo *genericMethodDefinition,
                                                      const Il2CppType **genericArgumentTypes,
                                                      uint32_t genericArgumentCount);
};
} /* namespace vm */
} /* namespace il2cpp */
