/* The simulation's vm/MetadataCache.h: the internals of libil2cpp's
 * il2cpp::vm::MetadataCache the runtime glue calls (R-GEN-1), with the
 * signatures libil2cpp has from Unity 2021.2 on, over the simulation. */
#pragma once

#include "il2cpp-class-internals.h"
#include "sim.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    /* 2021.3's form (2022.3 on: GetCustomAttributeDataReader, compiled
     * against tests/player's stand-ins; the glue takes either) */
    static bool HasAttribute(const Il2CppImage *image, uint32_t token, Il2CppClass *attribute)
    {
        return sim_metadata_has_attribute(image, token, attribute);
    }
    static const MethodInfo *GetGenericInstanceMethod(const MethodInfo *genericMethodDefinition,
                                                      const Il2CppType **genericArgumentTypes,
                                                      uint32_t genericArgumentCount)
    {
        return sim_method_get_generic_instance(genericMethodDefinition, genericArgumentTypes,
                                               genericArgumentCount);
    }
    static uint32_t GetGenericContainerCount(Il2CppMetadataGenericContainerHandle handle)
    {
        return (uint32_t)handle->type_argc;
    }
    static Il2CppMetadataGenericParameterHandle GetGenericParameterFromIndex(
        Il2CppMetadataGenericContainerHandle handle, GenericContainerParameterIndex index)
    {
        return &handle->parameters[index];
    }
    static const char *GetGenericParameterName(Il2CppMetadataGenericParameterHandle handle)
    {
        return handle->name;
    }
    static uint16_t GetGenericParameterFlags(Il2CppMetadataGenericParameterHandle handle)
    {
        return handle->flags;
    }
    static int16_t GetGenericConstraintCount(Il2CppMetadataGenericParameterHandle handle)
    {
        return handle->constraintsCount;
    }
    static const Il2CppType *GetGenericParameterConstraintFromIndex(
        Il2CppMetadataGenericParameterHandle handle, GenericParameterConstraintIndex index)
    {
        return handle->constraints[index];
    }
};
} /* namespace vm */
} /* namespace il2cpp */
