/* The simulation's vm-utils/BlobReader.h: libil2cpp's constant decoder, as
 * the runtime glue calls it, over the simulation. */
#pragma once

#include "il2cpp-api.h"
#include "sim.h"

namespace il2cpp
{
namespace utils
{
class BlobReader
{
public:
    static bool GetConstantValueFromBlob(const Il2CppImage *image, Il2CppTypeEnum type,
                                         const char *blob, void *value)
    {
        (void)image;
        return sim_blob_get_constant_value(type, &blob, value) != 0;
    }
};
} /* namespace utils */
} /* namespace il2cpp */
