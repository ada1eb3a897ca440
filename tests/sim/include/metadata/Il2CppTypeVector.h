/* The simulation's metadata/Il2CppTypeVector.h: libil2cpp's list of type
 * arguments, as its internal generic-instance lookups take them. */
#pragma once

#include <vector>

#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace metadata
{
typedef std::vector<const Il2CppType *> Il2CppTypeVector;
} /* namespace metadata */
} /* namespace il2cpp */
