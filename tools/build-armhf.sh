#!/usr/bin/env bash
# armv7 (armhf: Android's armeabi-v7a, 32-bit ARM devices) cross build on a
# Debian 12 amd64 host, and the suite under qemu-arm: the unit tests, the
# tour, the plain-Lua checks, then the busted specs (busted's C helpers
# stood in for: tests/cross/busted).
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
# shellcheck source=tools/cross-deps.sh
source "$src/tools/cross-deps.sh"
cross_install gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf qemu-user cmake pkg-config lua-busted
export ZLUA_ARMHF_PREFIX=$prefix
toolchain=$src/tools/armhf-toolchain.cmake

# ---- the dependencies, from Debian's source packages --------------------------
cross_deps_build "$deps" "$prefix" "$toolchain" arm-linux-gnueabihf-gcc arm-linux-gnueabihf-ar \
  "-DLUA_USE_LINUX" "-lm -ldl" armhf

# ---- libzlua, the simulation and the tests ------------------------------------
log "configuring $build"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DZLUA_ARMHF_PREFIX="$prefix" \
  -DZLUA_MONO=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON "$@" >/dev/null
cmake --build "$build" -j"$(nproc)" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
log "the suite that needs no busted, under qemu-arm"
# (the busted specs after it: cross_specs)
cd "$build"
ctest -j"$(nproc)" -E '^(lua\.|scale\.|run\.)' -LE gc-variant \
  --timeout "${ZLUA_ARMHF_TIMEOUT:-600}" --output-on-failure
# the tour: every section of the Lua API, checked
tour=$(qemu-arm -L /usr/arm-linux-gnueabihf ./zlua-run "$src/lua/examples/tour.lua")
grep -q 'tour complete: .* as described' <<<"$tour" ||
  { echo "build-armhf: the tour failed under qemu-arm"; echo "$tour" | tail -n5; exit 1; }
log "the busted specs under qemu-arm"
cross_specs "$src" "${ZLUA_ARMHF_TIMEOUT:-600}"
log "done: libzlua, the simulation and the tests built for armhf; the units, the tour and the specs pass under qemu-arm"
