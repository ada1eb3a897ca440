/*
 * handle.c -- OpaqueValue handle codec (R-OPQ-1).
 *
 * Layout, low bits first:  [ tag:2 | index:INDEX_BITS | generation:GEN_BITS ]
 * The two widths are separate functions with their own integer types so
 * that the 32-bit layout is exercised (and testable) on a 64-bit build:
 * nothing here depends on the width of uintptr_t except the dispatching
 * pair at the bottom.  The encoders are inline in scope.h (every
 * OpaqueValue push runs one); the decoders are here.
 */
#include "scope/scope.h"

/* The three fields must fill the word exactly: a spare high bit would let
 * two different words decode to the same handle. */
_Static_assert(ZLUA_HANDLE_TAG_BITS + ZLUA_HANDLE32_INDEX_BITS
                   + ZLUA_HANDLE32_GEN_BITS == 32u,
               "32-bit handle layout must fill 32 bits");
_Static_assert(ZLUA_HANDLE_TAG_BITS + ZLUA_HANDLE64_INDEX_BITS
                   + ZLUA_HANDLE64_GEN_BITS == 64u,
               "64-bit handle layout must fill 64 bits");
_Static_assert((ZLUA_HANDLE_TAG & ~ZLUA_HANDLE_TAG_MASK) == 0u
                   && (ZLUA_HANDLE_TAG & 0x3u) != 0u,
               "the tag must live in the low bits no aligned pointer sets");

int zlua__handle_decode32(uint32_t h, uint32_t *generation, uint32_t *index)
{
    if ((h & ZLUA_HANDLE_TAG_MASK) != ZLUA_HANDLE_TAG)
        return 0;
    *index = (h >> ZLUA_HANDLE_TAG_BITS) & ZLUA_H32_INDEX_MASK;
    *generation = (h >> ZLUA_H32_GEN_SHIFT) & ZLUA_H32_GEN_MASK;
    return 1;
}

int zlua__handle_decode64(uint64_t h, uint64_t *generation, uint32_t *index)
{
    if ((h & ZLUA_HANDLE_TAG_MASK) != ZLUA_HANDLE_TAG)
        return 0;
    *index = (uint32_t)((h >> ZLUA_HANDLE_TAG_BITS) & ZLUA_H64_INDEX_MASK);
    *generation = (h >> ZLUA_H64_GEN_SHIFT) & ZLUA_H64_GEN_MASK;
    return 1;
}

#if UINTPTR_MAX > 0xffffffffu

int zlua__handle_decode(uintptr_t h, uintptr_t *generation, uint32_t *index)
{
    uint64_t gen;
    if (!zlua__handle_decode64((uint64_t)h, &gen, index))
        return 0;
    *generation = (uintptr_t)gen;
    return 1;
}

#else

int zlua__handle_decode(uintptr_t h, uintptr_t *generation, uint32_t *index)
{
    uint32_t gen;
    if (!zlua__handle_decode32((uint32_t)h, &gen, index))
        return 0;
    *generation = (uintptr_t)gen;
    return 1;
}

#endif
