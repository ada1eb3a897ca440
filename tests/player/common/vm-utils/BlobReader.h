/* Stand-in for libil2cpp's vm-utils/BlobReader.h (the same path in every
 * supported version): the member the glue calls. */
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
    static bool GetConstantValueFromBlob(const Il2CppImage *image, Il2CppTypeEnum type,
                                         const char **blob, void *value,
                                         bool deserializeManagedObjects);
};
} /* namespace utils */
} /* namespace il2cpp */
