/* Stand-in for libil2cpp's vm/Class.h: the members the glue calls (an
 * inline function from 2022.3 on, out of line in 2021.3: called alike). */
#pragma once

#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace vm
{
class Class
{
public:
    static bool IsNullable(const Il2CppClass *klass);
    static Il2CppClass *GetNullableArgument(const Il2CppClass *klass);
    static Il2CppMetadataGenericContainerHandle GetGenericContainer(Il2CppClass *klass);
};
} /* namespace vm */
} /* namespace il2cpp */
