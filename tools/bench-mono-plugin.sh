#!/usr/bin/env bash
# Three rows of the Editor table (docs/performance.md) on the shipped
# plugin: bench/mono/PluginBench.cs runs them through ZLua.LuaEnv with
# libzlua-mono.so loaded as the Editor loads it (dlopen: its
# thread-locals and its exported functions cost what they cost there),
# where tools/bench-mono.sh links libzlua into one executable.
# Instructions per op (callgrind at two iteration counts, the difference
# over the extra ops) against the hand-written binding's, measured in the
# same run by zlua-bench-mono.
#   tools/bench-mono-plugin.sh [BUILD_DIR] [CASES...]     (cases: func add vec)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-release}
shift || true
cases=${*:-func add vec}
if [ "$dir" = build-release ]; then
  tools/deps.sh >/dev/null
  cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-release -j"$(nproc)" --target zlua-bench-mono zlua-mono \
    zlua_editor_assemblies >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$dir"/editor/*.dll "$dir"/editor/libzlua-mono.so "$dir"/bench/EditorBench.dll "$tmp"/
mcs -nologo -warnaserror+ -target:exe -r:"$tmp/ZLua.LuaEnv.dll" -r:"$tmp/EditorBench.dll" \
  -out:"$tmp/PluginBench.exe" bench/mono/PluginBench.cs
export ZLUA_MONO_ASSEMBLIES=$PWD/$dir/mono
n1=20000 n2=120000
collected() { sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
plugin() {   # case n -> total instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$dir/zlua-mono" \
    "$tmp/PluginBench.exe" "$1" "$2" 2>&1 | collected
}
base() {
  ZLUA_BENCH_LUAGC=on ZLUA_BENCH_SIDE=base valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$dir/zlua-bench-mono" "$dir/bench/EditorBench.dll" "$1" "$2" 2>&1 | collected
}
printf '%-6s %12s %10s %6s\n' case "plugin Ir" "base Ir" ratio
for c in $cases; do
  p1=$(plugin "$c" $n1); p2=$(plugin "$c" $n2)
  b1=$(base "$c" $n1); b2=$(base "$c" $n2)
  awk -v c="$c" -v p1="$p1" -v p2="$p2" -v b1="$b1" -v b2="$b2" -v d=$((n2 - n1)) \
    'BEGIN { p = (p2 - p1) / d; b = (b2 - b1) / d; printf "%-6s %12.1f %10.1f %6.3f\n", c, p, b, p / b }'
done
