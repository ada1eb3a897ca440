/*
 * The C library's <pthread.h> plus the one declaration src/mono uses on
 * macOS that only Apple's has, as Apple's published header declares it
 * (there inside `(!_POSIX_C_SOURCE && !_XOPEN_SOURCE) || _DARWIN_C_SOURCE`,
 * which src/mono's feature macros keep true on Apple: _GNU_SOURCE alone).
 * For tools/mono-macos-check.sh only; standin.list says where it was read.
 */
#ifndef ZLUA_APPLE_STANDIN_PTHREAD_H
#define ZLUA_APPLE_STANDIN_PTHREAD_H

#include_next <pthread.h>

void* pthread_get_stackaddr_np(pthread_t);

#endif
