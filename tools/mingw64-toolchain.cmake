# Windows x64 (LLP64: long is 32 bits) cross build on a Debian amd64 host:
# Debian's mingw-w64 compilers, their POSIX-threads variant (the
# simulation and the tests use pthreads, through winpthreads).  For the
# test tree (tools/test-wine.sh) the dependencies built from Debian's
# source packages sit in ZLUA_WIN_PREFIX and the test programs run under
# wine64 (tools/wine-run.sh).  Used by tools/build-mingw64.sh too.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
# C99's printf (%zu, %lld), as MSVC's C library has it since 2015, not the
# old msvcrt's
set(CMAKE_C_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
set(CMAKE_CXX_FLAGS_INIT "-D__USE_MINGW_ANSI_STDIO=1")
if(NOT DEFINED ZLUA_WIN_PREFIX)
  set(ZLUA_WIN_PREFIX "$ENV{ZLUA_WIN_PREFIX}")
endif()
set(CMAKE_FIND_ROOT_PATH ${ZLUA_WIN_PREFIX} /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
if(NOT ZLUA_WIN_PREFIX STREQUAL "")
  set(ENV{PKG_CONFIG_LIBDIR} "${ZLUA_WIN_PREFIX}/lib/pkgconfig")
  set(ENV{PKG_CONFIG_PATH} "")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run.sh" CACHE STRING
    "Runs Windows test executables" FORCE)
