#!/usr/bin/env bash
# The Editor against hand-written C (docs/performance.md, "The Editor"):
# for each case of bench/mono/bench_mono.c, instructions per op of
# libzlua on Mono and of the hand-written Lua C API binding over Mono's
# embedding API (callgrind at two iteration counts, the difference over
# the extra ops: set-up, binding and warm-up cancel out), their ratio, and
# managed and Lua allocations per op on each side (exact: the collector's
# allocation callback and Lua's allocator).
#   tools/bench-mono.sh [BUILD_DIR] [CASES...]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-release}
shift || true
cases=${*:-hp hpset pos vec add move func frame}
if [ "$dir" = build-release ]; then
  tools/deps.sh >/dev/null
  cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-release -j"$(nproc)" --target zlua-bench-mono >/dev/null
fi
bin=$dir/zlua-bench-mono dll=$dir/bench/EditorBench.dll
export ZLUA_MONO_ASSEMBLIES=$PWD/$dir/mono
n1=20000 n2=120000
irs() {   # side case n -> total instructions
  ZLUA_BENCH_LUAGC=on ZLUA_BENCH_SIDE=$1 valgrind --tool=callgrind \
    --callgrind-out-file=/dev/null "$bin" "$dll" "$2" "$3" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
allocs() {   # side case -> "managed lua" per op
  ZLUA_BENCH_SIDE=$1 "$bin" "$dll" "$2" 100000 | sed -n 's/.*managed=\([0-9.]*\) lua=\([0-9.]*\).*/\1 \2/p'
}
printf '%-6s %11s %11s %7s   %-15s %-15s\n' case "zlua Ir/op" "base Ir/op" ratio \
  "zlua mgd/lua" "base mgd/lua"
for c in $cases; do
  z1=$(irs zlua "$c" $n1); z2=$(irs zlua "$c" $n2)
  b1=$(irs base "$c" $n1); b2=$(irs base "$c" $n2)
  read -r zm zl < <(allocs zlua "$c")
  read -r bm bl < <(allocs base "$c")
  awk -v c="$c" -v z1="$z1" -v z2="$z2" -v b1="$b1" -v b2="$b2" -v d=$((n2 - n1)) \
      -v za="$zm/$zl" -v ba="$bm/$bl" \
    'BEGIN { z = (z2 - z1) / d; b = (b2 - b1) / d;
             printf "%-6s %11.1f %11.1f %7.3f   %-15s %-15s\n", c, z, b, z / b, za, ba }'
done
