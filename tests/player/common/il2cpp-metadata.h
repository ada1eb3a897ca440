/* Stand-in for libil2cpp's il2cpp-metadata.h: the index types and the
 * opaque metadata handles of generic containers and parameters the glue
 * passes to vm::MetadataCache (the same from Unity 2021.2 on). */
#pragma once

#include <stdint.h>

typedef int16_t GenericParameterConstraintIndex;
typedef int32_t GenericContainerParameterIndex;
typedef const struct ___Il2CppMetadataGenericContainerHandle *Il2CppMetadataGenericContainerHandle;
typedef const struct ___Il2CppMetadataGenericParameterHandle *Il2CppMetadataGenericParameterHandle;
