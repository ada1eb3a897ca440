/* Stand-in for libil2cpp's vm/MetadataCache.h: the member the glue calls. */
#pragma once

#include "il2cpp-class-internals.h"
#include "metadata/Il2CppTypeVector.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    static const MethodInfo *GetGenericInstanceMethod(
        const MethodInfo *genericMethodDefinition,
        const il2cpp::metadata::Il2CppTypeVector &genericArgumentTypes);
};
} /* namespace vm */
} /* namespace il2cpp */
