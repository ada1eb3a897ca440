#!/usr/bin/env bash
# Builds libzlua against a bdwgc include folder laid out the way Unity ships
# it with IL2CPP (bdwgc's source include/: gc.h, gc_mark.h, ... at the top,
# no gc/ folder), with IL2CPP-style defines, and checks that gc.c
# really took gc_mark.h from there (its dependency file names the path).
# The headers are links to the system's /usr/include/gc/*.h.
#   tools/bdwgc-layout-check.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bdwgc-layout}
src=/usr/include/gc
[ -f "$src/gc_mark.h" ] || { echo "no $src/gc_mark.h (libgc-dev)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-bdwgc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc=$tmp/bdwgc/include
mkdir -p "$inc"
for h in "$src"/*.h; do ln -s "$h" "$inc/$(basename "$h")"; done
[ ! -e "$inc/gc" ] || { echo "the Unity layout has no gc/ folder"; exit 1; }

rm -rf "$build"
cmake -S . -B "$build" -DZLUA_BUILD_TESTS=OFF -DZLUA_BUILD_BENCH=OFF \
  -DZLUA_BDWGC_INCLUDE_DIR="$inc" \
  "-DZLUA_BDWGC_DEFINES=GC_THREADS;GC_NOT_DLL;GC_NO_THREAD_REDIRECTS"
cmake --build "$build" -j"$(nproc)" --target zlua

dep=$(find "$build" -name 'gc.c.o.d' | head -1)
[ -n "$dep" ] || { echo "no dependency file for gc.c"; exit 1; }
grep -q "$inc/gc_mark.h" "$dep" ||
  { echo "gc.c did not include $inc/gc_mark.h:"; cat "$dep"; exit 1; }
grep -q "$inc/gc.h" "$dep" ||
  { echo "gc.c did not include $inc/gc.h:"; cat "$dep"; exit 1; }
grep -q "ZLUA_USE_SYSTEM_BDWGC\|Requires.private: bdw-gc" "$build/zlua.pc" &&
  { echo "zlua.pc still requires the system bdw-gc"; exit 1; }

# A folder without gc_mark.h is refused at configure time, with the reason.
bad=$tmp/bad
mkdir -p "$bad"
ln -s "$src/gc.h" "$bad/gc.h"
if out=$(cmake -S . -B "$tmp/bad-build" -DZLUA_BUILD_TESTS=OFF \
           -DZLUA_BDWGC_INCLUDE_DIR="$bad" 2>&1); then
  echo "configure accepted a folder without gc_mark.h"; exit 1
fi
grep -q "ZLUA_BDWGC_INCLUDE_DIR: neither gc_mark.h nor gc/gc_mark.h" <<<"$out" ||
  { echo "unexpected configure error:"; echo "$out"; exit 1; }
echo "== bdwgc Unity-layout build passed =="
