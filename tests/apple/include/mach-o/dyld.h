/*
 * A stand-in of Apple's <mach-o/dyld.h>, for tools/mono-macos-check.sh
 * only: the two declarations src/mono uses on macOS, as Apple's published
 * header declares them (availability attributes left out).  standin.list
 * holds each with the file, commit and line it was read from; the check
 * fails when these lines and the list differ.
 */
#ifndef ZLUA_APPLE_STANDIN_DYLD_H
#define ZLUA_APPLE_STANDIN_DYLD_H

#include <stdint.h>

extern uint32_t _dyld_image_count(void);
extern const char* _dyld_get_image_name(uint32_t image_index);

#endif
