/* Stand-in for libil2cpp's vm/MetadataCache.h: the members the glue
 * calls, with the signatures they have from Unity 2021.2 on
 * (GetGenericInstanceMethod took an Il2CppTypeVector in 2020.3, a header
 * later versions do not have). */
#pragma once

#include "il2cpp-class-internals.h"
#include "metadata/CustomAttributeDataReader.h"
#include "zlua-standin-family.h"

namespace il2cpp
{
namespace vm
{
class MetadataCache
{
public:
    /* a token's attributes, from the attribute data: 2021.3 answers by
     * token; 2022.3 on hands out a reader for vm::Reflection */
#if ZLUA_STANDIN_UNITY < 2022
    static bool HasAttribute(const Il2CppImage *image, uint32_t token, Il2CppClass *attribute);
#else
    static il2cpp::metadata::CustomAttributeDataReader GetCustomAttributeDataReader(
        const Il2CppImage *image, uint32_t token);
#endif
    static const MethodInfo *GetGenericInstanceMethod(const MethodInfo *genericMethodDefinition,
                                                      const Il2CppType **genericArgumentTypes,
                                                      uint32_t genericArgumentCount);
    /* a generic definition's parameters and their constraints */
    static uint32_t GetGenericContainerCount(Il2CppMetadataGenericContainerHandle handle);
    static Il2CppMetadataGenericParameterHandle GetGenericParameterFromIndex(
        Il2CppMetadataGenericContainerHandle handle, GenericContainerParameterIndex index);
    static const char *GetGenericParameterName(Il2CppMetadataGenericParameterHandle handle);
    static uint16_t GetGenericParameterFlags(Il2CppMetadataGenericParameterHandle handle);
    static int16_t GetGenericConstraintCount(Il2CppMetadataGenericParameterHandle handle);
    static const Il2CppType *GetGenericParameterConstraintFromIndex(
        Il2CppMetadataGenericParameterHandle handle, GenericParameterConstraintIndex index);
};
} /* namespace vm */
} /* namespace il2cpp */
