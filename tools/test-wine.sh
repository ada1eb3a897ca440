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
# shellcheck source=tools/cross-deps.sh
source "$src/tools/cross-deps.sh"
cross_install gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 binutils-mingw-w64-x86-64 wine64 cmake \
  pkg-config lua-busted
export ZLUA_WIN_PREFIX=$prefix
toolchain=$src/tools/mingw64-toolchain.cmake

# ---- the dependencies, from Debian's source packages --------------------------
cross_deps_build "$deps" "$prefix" "$toolchain" x86_64-w64-mingw32-gcc-posix x86_64-w64-mingw32-ar \
  "" "" "Windows x64"

# ---- libzlua, the simulation and the tests ------------------------------------
log "configuring $build"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DZLUA_WIN_PREFIX="$prefix" \
  -DZLUA_MONO=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON "$@" >/dev/null
cmake --build "$build" -j"$(nproc)" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
log "the suite that needs no busted, under wine"
cd "$build"
# One wineserver for the whole run, its prefix booted first with the
# output thrown away.  By default the server exits a few seconds after
# its last client, and a client that connects as it exits fails ("wine
# client error: recvmsg: Connection reset by peer"); the services the
# first client of a server starts keep that client's output open as long
# as they run, so wineboot starts them, on /dev/null.  Making the prefix
# here also keeps it out of any test's time limit.  The build's own runs
# (the generators, through the emulator) may have left a server lingering:
# it goes first, as a second server cannot start beside it.
export WINEDEBUG=-all
mkdir -p "${WINEPREFIX:-$HOME/.wine}"
/usr/lib/wine/wineserver -k 2>/dev/null || true
/usr/lib/wine/wineserver -w 2>/dev/null || true
/usr/lib/wine/wineserver -p || log "no persistent wineserver (each run starts its own)"
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT
/usr/lib/wine/wine64 wineboot </dev/null >/dev/null 2>&1 || true
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
log "the busted specs under wine"
cross_specs "$src" 300
log "done: libzlua, the simulation and the tests built for Windows x64; the units, the tour and the specs pass under wine"
