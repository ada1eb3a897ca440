#!/bin/sh
# Runs a Windows program built by mingw-w64 under wine64, the compiler's
# runtime DLLs (winpthreads, libgcc, libstdc++) found on WINEPATH and
# wine's own messages off.  CMAKE_CROSSCOMPILING_EMULATOR of
# tools/mingw64-toolchain.cmake.
gcc_dlls=$(ls -d /usr/lib/gcc/x86_64-w64-mingw32/*-posix 2>/dev/null | head -n1)
export WINEPATH="$gcc_dlls;/usr/x86_64-w64-mingw32/lib"
export WINEDEBUG=-all
exec /usr/lib/wine/wine64 "$@"
