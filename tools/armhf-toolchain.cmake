# 32-bit ARM (armv7, hard float: Android's armeabi-v7a and the armhf
# devices) cross build on a Debian amd64 host: Debian's cross compilers
# (gcc-arm-linux-gnueabihf, g++-arm-linux-gnueabihf) and the dependencies
# built from Debian's source packages into ZLUA_ARMHF_PREFIX (no :armhf
# multiarch packages: tools/build-armhf.sh says why).  The test programs
# run through qemu-arm with the cross toolchain's C library.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7l)
if(NOT CMAKE_C_COMPILER)
  set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
endif()
if(NOT CMAKE_CXX_COMPILER)
  set(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)
endif()
if(NOT DEFINED ZLUA_ARMHF_PREFIX)
  set(ZLUA_ARMHF_PREFIX "$ENV{ZLUA_ARMHF_PREFIX}")
endif()
set(CMAKE_FIND_ROOT_PATH ${ZLUA_ARMHF_PREFIX} /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# pkg-config sees only the prefix's .pc files
set(ENV{PKG_CONFIG_LIBDIR} "${ZLUA_ARMHF_PREFIX}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
find_program(ZLUA_QEMU_ARM qemu-arm)
if(ZLUA_QEMU_ARM)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${ZLUA_QEMU_ARM};-L;/usr/arm-linux-gnueabihf" CACHE STRING
      "Runs armhf test executables" FORCE)
endif()
