/* The simulation's vm/Class.h: the internals of libil2cpp's
 * il2cpp::vm::Class the runtime glue calls, over the simulation. */
#pragma once

#include <string.h>

#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace vm
{
class Class
{
public:
    /* an instance of System.Nullable`1 (its T is element_class) */
    static bool IsNullable(const Il2CppClass *klass)
    {
        return klass->generic_def != nullptr && klass->valuetype &&
               klass->generic_def->namespaze != nullptr &&
               strcmp(klass->generic_def->namespaze, "System") == 0 &&
               strcmp(klass->generic_def->name, "Nullable`1") == 0;
    }
    static Il2CppClass *GetNullableArgument(const Il2CppClass *klass)
    {
        return klass->element_class;
    }
    static Il2CppMetadataGenericContainerHandle GetGenericContainer(Il2CppClass *klass)
    {
        return klass->genericContainerHandle;
    }
};
} /* namespace vm */
} /* namespace il2cpp */
