# 64-bit ARM (aarch64, as Android and iOS players run) cross build on a
# Debian amd64 host: Debian's cross compilers (gcc-aarch64-linux-gnu,
# g++-aarch64-linux-gnu) and the multiarch :arm64 -dev packages.  The test
# programs run through qemu-aarch64 (CMAKE_CROSSCOMPILING_EMULATOR), their
# dynamic loader and libraries from the :arm64 packages.  Used by
# tools/build-aarch64.sh.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
endif()

# pkg-config sees only the arm64 .pc files (plus arch-independent ones).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

find_program(ZLUA_QEMU_AARCH64 qemu-aarch64)
if(ZLUA_QEMU_AARCH64)
  # the guest's loader and libraries are the :arm64 packages' (in /)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${ZLUA_QEMU_AARCH64};-L;/" CACHE STRING
      "Runs aarch64 test executables" FORCE)
endif()
