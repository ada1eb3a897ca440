/* Stand-in for libil2cpp's vm/Type.h: the members the glue calls. */
#pragma once

#include "il2cpp-object-internals.h"

namespace il2cpp
{
namespace vm
{
class Type
{
public:
    static void ConstructDelegate(Il2CppDelegate *delegate, Il2CppObject *target,
                                  const MethodInfo *method);
    static void ConstructClosedDelegate(Il2CppDelegate *delegate, Il2CppObject *target,
                                        Il2CppMethodPointer addr, const MethodInfo *method);
};
} /* namespace vm */
} /* namespace il2cpp */
