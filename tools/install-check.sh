#!/usr/bin/env bash
# Installs libzlua into a temporary prefix and builds a small consumer
# against it twice: with pkg-config (zlua.pc) and with the CMake package
# (find_package(zlua)).  Both must find the temporary prefix, not the
# configure-time one.  The runtime's il2cpp_* functions and the glue come,
# as a player's libil2cpp and its build would provide them, from the
# simulation built in BUILD_DIR (C++: the consumer links the C++ runtime).
#   tools/install-check.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-install}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cmake -S . -B "$build" -DZLUA_BUILD_TESTS=ON -DZLUA_BUILD_BENCH=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr/local >/dev/null
cmake --build "$build" -j"$(nproc)" --target zlua zlua_sim >/dev/null
runtime=$(find "$build" -name libzlua_sim.a | head -1)
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pcdir=$(dirname "$(find "$tmp/prefix" -name zlua.pc)")

echo "== pkg-config consumer =="
PKG_CONFIG_PATH=$pcdir cc -std=c11 -o "$tmp/consumer-pc" tests/install/consumer.c \
  -Wl,--start-group $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs --static zlua) \
  "$runtime" -Wl,--end-group -lstdc++ -lm
PKG_CONFIG_PATH=$pcdir pkg-config --variable=includedir zlua | grep -q "^$tmp/prefix" ||
  { echo "zlua.pc does not point at the install prefix"; exit 1; }
"$tmp/consumer-pc"

# the runtime glue a player compiles ships with the library
for f in share/zlua/glue/zlua_glue_il2cpp.cpp share/zlua/glue/il2cpp/il2cpp_api.h; do
  [ -f "$tmp/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done

echo "== CMake package consumer =="
cmake -S tests/install -B "$tmp/cbuild" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DZLUA_RUNTIME_LIB="$PWD/$runtime" >/dev/null
cmake --build "$tmp/cbuild" >/dev/null
"$tmp/cbuild/consumer"
echo "== install check passed =="
