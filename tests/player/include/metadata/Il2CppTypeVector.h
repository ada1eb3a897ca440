/* Stand-in for libil2cpp's metadata/Il2CppTypeVector.h. */
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
