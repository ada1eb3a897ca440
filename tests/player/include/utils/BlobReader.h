/* Stand-in for libil2cpp's utils/BlobReader.h: the member the glue calls. */
#pragma once

#include "il2cpp-blob.h"
#include "il2cpp-class-internals.h"

namespace il2cpp
{
namespace utils
{
class BlobReader
{
public:
    static bool GetConstantValueFromBlob(const Il2CppImage *image, Il2CppTypeEnum type,
                                         const char *blob, void *value);
};
} /* namespace utils */
} /* namespace il2cpp */
