/* Stand-in for libil2cpp's il2cpp-api.h: declares the exported API. */
#pragma once

#include "il2cpp-api-types.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define DO_API(r, n, p) IL2CPP_EXPORT r n p;
#define DO_API_NO_RETURN(r, n, p) IL2CPP_EXPORT NORETURN r n p;
#include "il2cpp-api-functions.h"
#undef DO_API
#undef DO_API_NO_RETURN

#if defined(__cplusplus)
}
#endif
