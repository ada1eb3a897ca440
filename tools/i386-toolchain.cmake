# 32-bit x86 (i386) build on a Debian amd64 host, using gcc-multilib and the
# Debian multiarch :i386 packages (liblua5.4-dev:i386, libgc-dev:i386,
# libcmocka-dev:i386).  Used by tools/build32.sh:
#
#   cmake -S . -B build-i386 -DCMAKE_TOOLCHAIN_FILE=tools/i386-toolchain.cmake \
#         [-DZLUA_I386_EMULATOR=/usr/bin/qemu-i386]
#
# ZLUA_I386_EMULATOR (optional) becomes CMAKE_CROSSCOMPILING_EMULATOR, so
# ctest runs the test executables through it when the kernel cannot run
# 32-bit binaries natively.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)

if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER g++)   # the simulation and the runtime glue are C++
endif()
set(CMAKE_C_FLAGS_INIT "-m32")
set(CMAKE_CXX_FLAGS_INIT "-m32")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-m32")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-m32")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-m32")
# A -DCMAKE_C_FLAGS=... on the command line replaces the _INIT values: keep
# -m32 in front of whatever was given.
foreach(v CMAKE_C_FLAGS CMAKE_CXX_FLAGS CMAKE_EXE_LINKER_FLAGS CMAKE_SHARED_LINKER_FLAGS
          CMAKE_MODULE_LINKER_FLAGS)
  if(DEFINED CACHE{${v}} AND NOT "$CACHE{${v}}" MATCHES "(^| )-m32( |$)")
    set(${v} "-m32 $CACHE{${v}}" CACHE STRING "" FORCE)
  endif()
endforeach()

# pkg-config must see only the i386 .pc files (plus arch-independent ones).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# Find i386 libraries only; programs (busted, qemu) come from the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

if(ZLUA_I386_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${ZLUA_I386_EMULATOR}" CACHE FILEPATH
      "Runs i386 test executables" FORCE)
endif()
