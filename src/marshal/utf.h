/*
 * utf.h -- the UTF-8 <-> UTF-16 codec lives in core (core/utf.h): the
 * exception messages of core need it too.  This name stays for the
 * marshal writers and the tools that include it.
 */
#ifndef ZLUA_UTF_H
#define ZLUA_UTF_H

#include "core/utf.h"

#endif
