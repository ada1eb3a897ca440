#!/usr/bin/env bash
# Installs libzlua into a temporary prefix and builds a small consumer
# against it twice: with pkg-config (zlua.pc) and with the CMake package
# (find_package(zlua)).  Both must find the temporary prefix, not the
# configure-time one.  The runtime's il2cpp_* functions and the glue come,
# as a player's libil2cpp and its build would provide them, from the
# simulation built in BUILD_DIR (C++: the consumer links the C++ runtime).
#
# What is installed comes from a build without the tests (BUILD_DIR-ship),
# as a user builds it.  Where Mono is found (ZLUA_MONO) that includes the
# Unity Editor backend (lib/zlua/editor/, include/zlua_mono.h): a C#
# program compiled against the installed ZLua.LuaEnv.dll
# (tests/install/EditorConsumer.cs) then runs on it, started by the
# Editor's stand-in, the tests' launcher of Mono's Boehm build
# (zlua-mono, built in BUILD_DIR), and is refused on Mono's SGen
# collector (Debian's /usr/bin/mono).
#   tools/install-check.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-install}
ship=$build-ship
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# what is installed: the library and the Editor backend, no test tree
cmake -S . -B "$ship" -DZLUA_BUILD_TESTS=OFF -DZLUA_BUILD_BENCH=OFF \
  -DCMAKE_INSTALL_PREFIX=/usr/local >/dev/null
cmake --build "$ship" -j"$(nproc)" >/dev/null
cmake --install "$ship" --prefix "$tmp/prefix" >/dev/null
mono=OFF
grep -q '^ZLUA_MONO:BOOL=ON$' "$ship/CMakeCache.txt" && mono=ON

# what stands in for the player's libil2cpp (the simulation) and the
# Editor's executable (the Boehm launcher): built with the tests
cmake -S . -B "$build" -DZLUA_BUILD_TESTS=ON -DZLUA_BUILD_BENCH=OFF >/dev/null
launcher=""
targets=(zlua_sim)
if [ "$mono" = ON ] && grep -q '^ZLUA_MONOBOEHM:FILEPATH=/' "$build/CMakeCache.txt"; then
  targets+=(zlua_mono_launcher)
  launcher=$build/zlua-mono
fi
cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >/dev/null
runtime=$(find "$build" -name libzlua_sim.a | head -1)
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

if [ "$mono" = ON ]; then
  echo "== Editor backend: installed files, a C# consumer =="
  libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$ship/CMakeCache.txt")
  ed=$tmp/prefix/${libdir:-lib}/zlua/editor
  for f in "$ed/libzlua-mono.so" "$ed/ZLua.LuaEnv.dll" "$ed/ZLua.MonoHost.dll" \
           "$ed/ZLua.Common.dll" "$tmp/prefix/include/zlua_mono.h"; do
    [ -f "$f" ] || { echo "not installed: ${f#"$tmp/prefix/"}"; exit 1; }
  done
  # it links no Mono: the process's Mono serves its mono_* references
  if readelf -d "$ed/libzlua-mono.so" | grep NEEDED | grep -qi mono; then
    echo "libzlua-mono.so links a Mono library:"; readelf -d "$ed/libzlua-mono.so" | grep NEEDED
    exit 1
  fi
  mcs=$(sed -n 's/^ZLUA_MCS:FILEPATH=//p' "$ship/CMakeCache.txt")
  "$mcs" -nologo -warnaserror+ -target:exe -r:"$ed/ZLua.LuaEnv.dll" \
    -out:"$tmp/EditorConsumer.exe" tests/install/EditorConsumer.cs
  # Mono finds ZLua.LuaEnv.dll through MONO_PATH (not beside the program),
  # LuaEnv finds ZLua.MonoHost.dll beside itself, DllImport the library
  # beside it
  if [ -n "$launcher" ]; then
    out=$(MONO_PATH=$ed "$launcher" "$tmp/EditorConsumer.exe") ||
      { echo "$out"; echo "the C# consumer failed"; exit 1; }
    echo "$out"
    grep -q "^Print: hello from Lua 5.4	3$" <<<"$out" &&
      grep -q "^add(2, 3) = 5 (Int32)$" <<<"$out" ||
      { echo "unexpected output from the C# consumer"; exit 1; }
  else
    echo "(no libmonoboehm-2.0: the C# consumer is not run)"
  fi
  if sgen=$(command -v mono) && "$sgen" --version | grep -q "GC: *sgen"; then
    rc=0
    out=$(MONO_PATH=$ed "$sgen" "$tmp/EditorConsumer.exe") || rc=$?
    [ "$rc" = 2 ] && grep -q "cannot attach to Mono: Mono's collector is not Boehm" <<<"$out" ||
      { echo "$out"; echo "on $sgen (SGen) LuaEnv was not refused as expected (exit $rc)"; exit 1; }
    echo "(refused on $sgen, Mono's SGen collector, as expected)"
  fi
fi
echo "== install check passed =="
