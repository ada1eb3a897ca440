#!/usr/bin/env bash
# armv7 (armhf: Android's armeabi-v7a, 32-bit ARM devices) cross build on a
# Debian 12 amd64 host, and the suite that needs no busted under qemu-arm:
# the unit tests, the tour and the plain-Lua checks.
#   tools/build-armhf.sh [BUILD_DIR] [extra cmake options...]   (as root)
# Debian's :armhf multiarch -dev packages are not used: the mirror's armhf
# indexes are not always served whole, and a stage that cannot install
# checks nothing.  So Lua, bdwgc, cmocka and expat are built here, with
# the cross compiler, from Debian's source packages (upstream's tarballs,
# fetched with apt-get source; deb-src entries made by tools/lua-source.sh
# from the machine's own lists) into BUILD_DIR/_prefix.  The test programs
# run through qemu-arm with the cross toolchain's C library.
# Environment: ZLUA_ARMHF_TIMEOUT (seconds per test, default 600).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=${1:-build-armhf}
shift || true
case "$build" in /*) ;; *) build=$src/$build ;; esac
prefix=$build/_prefix
deps=$build/_deps
log() { printf '== build-armhf: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

missing=()
for p in gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf qemu-user cmake pkg-config; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing: ${missing[*]}"
  tools/apt-update.sh
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
export ZLUA_ARMHF_PREFIX=$prefix
toolchain=$src/tools/armhf-toolchain.cmake
mkdir -p "$prefix/lib/pkgconfig" "$deps"

# ---- the dependencies, from Debian's source packages --------------------------
tree=$(tools/lua-source.sh "$deps")   # also makes the deb-src entries
first() {   # first PATTERN...: the first existing path, else nothing
  local p
  for p in "$@"; do [ -e "$p" ] && { echo "$p"; return; }; done
  return 0
}
fetch() {   # fetch SOURCE_PACKAGE: its upstream tarball, unpacked in $deps
  # (the Debian part may be missing from a mirror: only the tarball counts)
  local t
  t=$(first "$deps/$1"_*.orig.tar.gz "$deps/$1"_*.orig.tar.xz "$deps/$1"_*.orig.tar.bz2)
  if [ -z "$t" ]; then
    (cd "$deps" && apt-get source --download-only "$1" >&2) || true
    t=$(first "$deps/$1"_*.orig.tar.gz "$deps/$1"_*.orig.tar.xz "$deps/$1"_*.orig.tar.bz2)
  fi
  [ -n "$t" ] || { echo "build-armhf: no upstream tarball of $1" >&2; exit 1; }
  tar -xf "$t" -C "$deps"
}
cmake_dep() {   # cmake_dep NAME SOURCE_DIR OPTIONS...
  local name=$1 dir=$2
  shift 2
  cmake -S "$dir" -B "$deps/b-$name" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF "$@" \
    >"$deps/$name.log" 2>&1
  cmake --build "$deps/b-$name" -j"$(nproc)" >>"$deps/$name.log" 2>&1
  cmake --install "$deps/b-$name" >>"$deps/$name.log" 2>&1 ||
    { cat "$deps/$name.log"; exit 1; }
}
if [ ! -f "$prefix/lib/libgc.a" ]; then
  log "bdwgc (Debian's libgc source)"
  fetch libgc
  cmake_dep bdwgc "$(first "$deps"/gc-*/)" -Denable_cplusplus=OFF -Denable_docs=OFF \
    -Dbuild_tests=OFF
fi
if [ ! -f "$prefix/lib/libcmocka.a" ]; then
  log "cmocka"
  fetch cmocka
  cmake_dep cmocka "$(first "$deps"/cmocka-*/)" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF \
    -DWITH_EXAMPLES=OFF
  # the static library under the name cmocka.pc links
  rm -f "$prefix"/lib/libcmocka.so*
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
    arm-linux-gnueabihf-gcc -O2 -std=gnu99 -DLUA_USE_LINUX -c "$tree/src/$f.c" -o "$deps/lua/$f.o"
  done
  arm-linux-gnueabihf-ar rcs "$prefix/lib/liblua5.4.a" "$deps"/lua/*.o
  cp "$tree"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h,lua.hpp} "$prefix/include/lua5.4/"
  cat >"$prefix/lib/pkgconfig/lua5.4.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include/lua5.4
Name: Lua
Description: Lua 5.4 built for armhf from Debian's lua5.4 source
Version: $(basename "$tree" | sed 's/^lua-//')
Libs: -L\${libdir} -llua5.4 -lm -ldl
Cflags: -I\${includedir}
EOF
fi

# ---- libzlua, the simulation and the tests ------------------------------------
log "configuring $build"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DZLUA_ARMHF_PREFIX="$prefix" \
  -DZLUA_MONO=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON "$@" >/dev/null
cmake --build "$build" -j"$(nproc)" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
log "the suite that needs no busted, under qemu-arm"
# busted runs on C modules (lfs, term, system) not built for armhf here
cd "$build"
ctest -j"$(nproc)" -E '^(lua\.|scale\.|run\.)' -LE gc-variant \
  --timeout "${ZLUA_ARMHF_TIMEOUT:-600}" --output-on-failure
# the tour: every section of the Lua API, checked
tour=$(qemu-arm -L /usr/arm-linux-gnueabihf ./zlua-run "$src/lua/examples/tour.lua")
grep -q 'tour complete: .* as described' <<<"$tour" ||
  { echo "build-armhf: the tour failed under qemu-arm"; echo "$tour" | tail -n5; exit 1; }
log "done: libzlua, the simulation and the tests built for armhf; the units and the tour pass under qemu-arm"
