/* byref.h -- layout of a byref argument slot on the bridge frame. */
#ifndef ZLUA_BYREF_H
#define ZLUA_BYREF_H

#include "marshal/meta.h"

/* [ target pointer | pad | temp value ]: the temp starts 16 bytes in. */
#define ZLUA_BYREF_TEMP ((unsigned)ZLUA_BRIDGE_BYREF_TEMP)   /* zlua.h: stubs lay it out */

#endif
