/* Stand-in for libil2cpp's metadata/CustomAttributeDataReader.h: the
 * reader over one token's attribute data that vm::MetadataCache hands out
 * from Unity 2022.3 on, with what the glue calls (its attribute
 * constructors, one by one; the iterator made by the reader only).  The
 * 2021.3 family answers by token in vm::MetadataCache and declares
 * nothing here. */
#pragma once

#include <functional>

#include "il2cpp-class-internals.h"
#include "zlua-standin-family.h"

#if ZLUA_STANDIN_UNITY >= 2022
namespace il2cpp
{
namespace metadata
{
typedef std::function<bool(const MethodInfo *)> CustomAttributeFilter;

class CustomAttributeCtorIterator
{
private:
    CustomAttributeCtorIterator(const char *ctorBuffer, const CustomAttributeFilter &filter);
    const char *ctorBuffer;
    const CustomAttributeFilter filter;
    friend class CustomAttributeDataReader;
};

class CustomAttributeDataReader
{
public:
    CustomAttributeDataReader(const Il2CppImage *image, const void *buffer, const void *bufferEnd);
    uint32_t GetCount() const;
    bool IterateAttributeCtors(const MethodInfo **attributeCtor,
                               CustomAttributeCtorIterator *iter) const;
    CustomAttributeCtorIterator GetCtorIterator() const;

private:
    const Il2CppImage *image;
    const char *bufferStart;
    const char *bufferEnd;
    uint32_t count;
};
} /* namespace metadata */
} /* namespace il2cpp */
#endif
