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
         pkg-config lua-busted; do
  installed "$p" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing: ${missing[*]}"
  tools/apt-update.sh
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
export ZLUA_WIN_PREFIX=$prefix
toolchain=$src/tools/mingw64-toolchain.cmake

# ---- the dependencies, from Debian's source packages --------------------------
# shellcheck source=tools/cross-deps.sh
source "$src/tools/cross-deps.sh"
cross_deps_build "$deps" "$prefix" "$toolchain" x86_64-w64-mingw32-gcc-posix x86_64-w64-mingw32-ar \
  "" "" "Windows x64"

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
# the busted specs, one process each: busted's C helpers stood in for in
# plain Lua (tests/cross/busted/README.md), busted and the specs the host's
log "the busted specs under wine"
export LUA_PATH_5_4="$src/tests/cross/busted/?.lua;$src/tests/cross/busted/?/init.lua;/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"
export LUA_CPATH_5_4=""
ctest -j"$(nproc)" -R '^lua\.([a-z0-9_]+_spec|names|names\.selftest)$' --timeout 300 \
  --output-on-failure
log "done: libzlua, the simulation and the tests built for Windows x64; the units, the tour and the specs pass under wine"
