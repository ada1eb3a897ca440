#!/usr/bin/env bash
# Cross-compiles libzlua.a, the simulated runtime, zlua-run and the tests
# for aarch64 on a Debian 12 amd64 host and runs ctest under qemu-aarch64.
#   tools/build-aarch64.sh [BUILD_DIR] [extra cmake options...]   (as root)
# Installs what is missing (the cross compilers, qemu-user, the :arm64
# multiarch -dev packages and the Lua C modules busted needs).  Mono is
# left out (no :arm64 Mono here).  Debian's cross compilers conflict with
# gcc-multilib (tools/build32.sh): apt removes whichever is installed, so
# run the two one after the other, never side by side.  Environment: ZLUA_A64_TIMEOUT (seconds
# per test, default 600), ZLUA_A64_CTEST_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=${1:-build-aarch64}
shift || true
case "$build" in /*) ;; *) build=$src/$build ;; esac
multiarch=aarch64-linux-gnu
log() { printf '== build-aarch64: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

host_pkgs=(build-essential cmake pkg-config gcc-aarch64-linux-gnu g++-aarch64-linux-gnu
           qemu-user lua5.4 lua-busted)
# lua-system and lua-filesystem are Multi-Arch: same; lua-term is not
# (it would replace the amd64 one busted uses): unpacked privately below
a64_pkgs=(liblua5.4-dev:arm64 libgc-dev:arm64 libcmocka-dev:arm64 libexpat1-dev:arm64
          lua-system:arm64 lua-filesystem:arm64)
missing=()
for p in "${host_pkgs[@]}" "${a64_pkgs[@]}"; do installed "$p" || missing+=("$p"); done
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
  log "installing: ${missing[*]}"
  "$src/tools/apt-update.sh" arm64
  apt-get install -y --no-install-recommends "${missing[@]}"
fi
command -v aarch64-linux-gnu-g++ >/dev/null ||
  { echo "build-aarch64: no aarch64-linux-gnu-g++ after the install" >&2; exit 1; }
luamods=$build/_arm64-lua
if [ ! -e "$luamods/root/usr/lib/$multiarch/lua/5.4/term/core.so" ]; then
  mkdir -p "$luamods"
  (cd "$luamods" && rm -f lua-term_*_arm64.deb &&
   apt-get -q -o APT::Sandbox::User=root download lua-term:arm64 &&
   dpkg-deb -x lua-term_*_arm64.deb root)
fi

cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$src/tools/aarch64-toolchain.cmake" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DZLUA_WERROR=ON -DZLUA_MONO=OFF -DZLUA_BUILD_BENCH=OFF "$@"
cmake --build "$build" -j"$(nproc)"
log "$(file -b "$build/libzlua.a" | cut -d, -f1) $(file -b "$build/zlua-run" | cut -d, -f1-2)"

export LUA_CPATH_5_4="$luamods/root/usr/lib/$multiarch/lua/5.4/?.so;;"
cd "$build"
# shellcheck disable=SC2086
ctest --output-on-failure --timeout "${ZLUA_A64_TIMEOUT:-600}" -j"$(nproc)" ${ZLUA_A64_CTEST_ARGS:-}
