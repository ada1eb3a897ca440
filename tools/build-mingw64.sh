#!/usr/bin/env bash
# Windows x64 (LLP64) cross build on a Debian amd64 host, with mingw-w64:
# libzlua.a and Lua (from Debian's lua5.4 source package, built for
# Windows: ZLUA_LUA_SOURCE_DIR) with every warning an error, then the
# player's C++ of the drop-in folder (the glue, the generated stubs with
# their layout assertions, the rule tables) compiled for Windows against
# each stand-in family of tests/player.  What it does not do yet: the
# simulation, bdwgc and the test hosts for Windows, and the suite under
# wine.
#   tools/build-mingw64.sh [BUILD_DIR] [DROPIN_DIR]    (as root)
# DROPIN_DIR: a native test build's drop-in folder (default build/unity,
# made by tools/test.sh build); its sources are target-independent.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-mingw64}
dropin=${2:-build/unity}
case "$build" in /*) ;; *) build=$PWD/$build ;; esac
# shellcheck source=tools/cross-deps.sh
source tools/cross-deps.sh
cross_install gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 binutils-mingw-w64-x86-64 libgc-dev
tree=$(tools/lua-source.sh "$build-lua-src")
# bdwgc's declarations in a folder of their own: the system's include
# folder would bring glibc's headers into a Windows compile
gcinc=$build/_bdwgc-include
mkdir -p "$gcinc"
cp /usr/include/gc.h "$gcinc/"
cp -R /usr/include/gc "$gcinc/"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$PWD/tools/mingw64-toolchain.cmake" \
  -DZLUA_BUILD_TESTS=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_MONO=OFF -DZLUA_WERROR=ON \
  -DZLUA_LUA_SOURCE_DIR="$tree" -DZLUA_BDWGC_INCLUDE_DIR="$gcinc" >/dev/null
cmake --build "$build" -j"$(nproc)"
for lib in libzlua.a liblua.a; do
  syms=$(x86_64-w64-mingw32-nm "$build/$lib")
  grep -q ' T \(zlua_open\|lua_newstate\)$' <<<"$syms" ||
    { echo "build-mingw64: $lib defines neither zlua_open nor lua_newstate"; exit 1; }
done
fmt=$(x86_64-w64-mingw32-objdump -f "$build/libzlua.a")
grep -q 'file format pe-x86-64' <<<"$fmt" ||
  { echo "build-mingw64: libzlua.a does not hold Windows x64 objects"; exit 1; }
if [ -d "$dropin/zlua" ]; then
  for family in 2021.3 2022.3 6000.0; do
    tools/dropin-check.sh "$dropin" "$family" x86_64-w64-mingw32-g++ x86_64-w64-mingw32-gcc
  done
else
  echo "build-mingw64: no drop-in folder at $dropin (a native test build makes it): not compiled"
fi
echo "build-mingw64: libzlua and Lua built for Windows x64 with every warning an error"
