#!/usr/bin/env bash
# Windows x64 (LLP64) with mingw-w64, and the suite that needs no busted
# under wine64: Lua, bdwgc, cmocka and expat built for Windows from
# Debian's source packages into BUILD_DIR/_prefix, then libzlua, the
# simulation, the generators and the tests, every warning an error; ctest
# runs the units, the marshal-rule compiler's corpus, the drop-in checks
# and the stub ABI guard, and the tour runs, all under wine.  The units
# that need POSIX (fork, posix_spawn, signals) are left out by
# CMakeLists.txt on Windows.
#   tools/test-wine.sh [BUILD_DIR] [extra cmake options...]   (as root)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=${1:-build-wine}
shift || true
case "$build" in /*) ;; *) build=$src/$build ;; esac
prefix=$build/_prefix
deps=$build/_deps
log() { printf '== test-wine: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

missing=()
for p in gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine64 cmake \
         pkg-config; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing: ${missing[*]}"
  tools/apt-update.sh
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
export ZLUA_WIN_PREFIX=$prefix
toolchain=$src/tools/mingw64-toolchain.cmake
mkdir -p "$prefix/lib/pkgconfig" "$deps"

# ---- the dependencies, from Debian's source packages --------------------------
tree=$(tools/lua-source.sh "$deps")   # also makes the deb-src entries
first() {
  local p
  for p in "$@"; do [ -e "$p" ] && { echo "$p"; return; }; done
  return 0
}
fetch() {   # fetch SOURCE_PACKAGE: its upstream tarball, unpacked in $deps
  local t
  t=$(first "$deps/$1"_*.orig.tar.gz "$deps/$1"_*.orig.tar.xz "$deps/$1"_*.orig.tar.bz2)
  if [ -z "$t" ]; then
    (cd "$deps" && apt-get source --download-only "$1" >&2) || true
    t=$(first "$deps/$1"_*.orig.tar.gz "$deps/$1"_*.orig.tar.xz "$deps/$1"_*.orig.tar.bz2)
  fi
  [ -n "$t" ] || { echo "test-wine: no upstream tarball of $1" >&2; exit 1; }
  tar -xf "$t" -C "$deps"
}
cmake_dep() {   # cmake_dep NAME SOURCE_DIR OPTIONS...
  local name=$1 dir=$2
  shift 2
  cmake -S "$dir" -B "$deps/b-$name" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF "$@" \
    >"$deps/$name.log" 2>&1 &&
  cmake --build "$deps/b-$name" -j"$(nproc)" >>"$deps/$name.log" 2>&1 &&
  cmake --install "$deps/b-$name" >>"$deps/$name.log" 2>&1 ||
    { tail -30 "$deps/$name.log"; exit 1; }
}
if [ ! -f "$prefix/lib/libgc.a" ]; then
  log "bdwgc (Debian's libgc source)"
  fetch libgc
  gc=$(first "$deps"/gc-*/)
  # bdwgc's CMake takes mingw-w64's winpthreads for POSIX threads and
  # builds the POSIX stop-the-world, which Windows has not: its own
  # Windows threads code is what a MinGW build needs
  sed -i 's/^if (CMAKE_USE_PTHREADS_INIT)$/if (CMAKE_USE_PTHREADS_INIT AND NOT MINGW)/;
          s/^elseif (CMAKE_USE_WIN32_THREADS_INIT)$/elseif (CMAKE_USE_WIN32_THREADS_INIT OR MINGW)/' \
    "$gc/CMakeLists.txt"
  grep -q 'NOT MINGW' "$gc/CMakeLists.txt" ||
    { echo "test-wine: bdwgc's CMakeLists.txt changed: the MinGW threads fix did not apply"; exit 1; }
  cmake_dep bdwgc "$gc" -Denable_cplusplus=OFF -Denable_docs=OFF -Dbuild_tests=OFF
fi
if [ ! -f "$prefix/lib/libcmocka.a" ]; then
  log "cmocka"
  fetch cmocka
  cmake_dep cmocka "$(first "$deps"/cmocka-*/)" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF \
    -DWITH_EXAMPLES=OFF
  rm -f "$prefix"/lib/libcmocka.dll.a "$prefix"/bin/*cmocka*.dll
  mv "$prefix/lib/libcmocka-static.a" "$prefix/lib/libcmocka.a"
fi
if [ ! -f "$prefix/lib/libexpat.a" ]; then
  log "expat"
  fetch expat
  cmake_dep expat "$(first "$deps"/libexpat-*/expat "$deps"/expat-*/)" \
    -DEXPAT_SHARED_LIBS=OFF -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF \
    -DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF
fi
if [ ! -f "$prefix/lib/liblua5.4.a" ]; then
  log "Lua ($(basename "$tree"))"
  mkdir -p "$deps/lua" "$prefix/include/lua5.4"
  for f in lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser \
           lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib \
           lmathlib loadlib loslib lstrlib ltablib lutf8lib linit; do
    x86_64-w64-mingw32-gcc-posix -O2 -std=gnu99 -c "$tree/src/$f.c" -o "$deps/lua/$f.o"
  done
  x86_64-w64-mingw32-ar rcs "$prefix/lib/liblua5.4.a" "$deps"/lua/*.o
  cp "$tree"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h,lua.hpp} "$prefix/include/lua5.4/"
  cat >"$prefix/lib/pkgconfig/lua5.4.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include/lua5.4
Name: Lua
Description: Lua 5.4 built for Windows x64 from Debian's lua5.4 source
Version: $(basename "$tree" | sed 's/^lua-//')
Libs: -L\${libdir} -llua5.4
Cflags: -I\${includedir}
EOF
fi

# ---- libzlua, the simulation and the tests ------------------------------------
log "configuring $build"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DZLUA_WIN_PREFIX="$prefix" \
  -DZLUA_MONO=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON "$@" >/dev/null
cmake --build "$build" -j"$(nproc)" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
log "the suite that needs no busted, under wine"
cd "$build"
# the tour first: wine makes its prefix on the first run, which must not
# eat into a test's time limit
tour=$("$src/tools/wine-run.sh" ./zlua-run.exe "$src/lua/examples/tour.lua")
grep -q 'tour complete: .* as described' <<<"$tour" ||
  { echo "test-wine: the tour failed under wine"; echo "$tour" | tail -n5; exit 1; }
ctest -j"$(nproc)" -E '^(lua\.|scale\.|run\.)' --timeout 300 --output-on-failure
# one generated file for every target: the Windows generator's is amd64's
if [ -f "$src/build/zlua_stubs.cpp" ]; then
  cmp "$src/build/zlua_stubs.cpp" zlua_stubs.cpp ||
    { echo "test-wine: the Windows generator's stubs differ from amd64's"; exit 1; }
  log "the generated stubs are amd64's byte for byte"
fi
log "done: libzlua, the simulation and the tests built for Windows x64; the units and the tour pass under wine"
