#!/usr/bin/env bash
# The Editor against hand-written C (docs/performance.md, "The Editor"):
# for each case of bench/mono/bench_mono.c, instructions per op of
# libzlua on Mono and of the hand-written Lua C API binding over Mono's
# embedding API (callgrind at two iteration counts, the difference over
# the extra ops: set-up, binding and warm-up cancel out), their ratio, and
# CPU time per op (the median of three runs) and its ratio, managed and
# Lua allocations per op on each side (exact: the collector's allocation
# callback and Lua's allocator, with Lua's collector stopped).
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
allocs() {   # side case -> "managed lua" per op, Lua's collector stopped
  ZLUA_BENCH_SIDE=$1 "$bin" "$dll" "$2" 100000 | sed -n 's/.*managed=\([0-9.]*\) lua=\([0-9.]*\).*/\1 \2/p'
}
ns() {   # side case -> CPU ns per op, the median of three runs, the collector running
  for _ in 1 2 3; do
    ZLUA_BENCH_LUAGC=on ZLUA_BENCH_SIDE=$1 "$bin" "$dll" "$2" 300000 | sed -n 's/.* ns=\([0-9.]*\).*/\1/p'
  done | sort -n | sed -n 2p
}
printf '%-9s %10s %10s %6s  %8s %8s %6s  %-11s %-11s\n' case "zlua Ir" "base Ir" ratio \
  "zlua ns" "base ns" ratio "zlua mgd/lua" "base mgd/lua"
for c in $cases; do
  z1=$(irs zlua "$c" $n1); z2=$(irs zlua "$c" $n2)
  b1=$(irs base "$c" $n1); b2=$(irs base "$c" $n2)
  read -r zm zl < <(allocs zlua "$c")
  read -r bm bl < <(allocs base "$c")
  zt=$(ns zlua "$c"); bt=$(ns base "$c")
  awk -v c="$c" -v z1="$z1" -v z2="$z2" -v b1="$b1" -v b2="$b2" -v d=$((n2 - n1)) \
      -v za="$zm/$zl" -v ba="$bm/$bl" -v zt="$zt" -v bt="$bt" \
    'BEGIN { z = (z2 - z1) / d; b = (b2 - b1) / d;
             printf "%-9s %10.1f %10.1f %6.3f  %8.1f %8.1f %6.3f  %-11s %-11s\n",
                    c, z, b, z / b, zt, bt, zt / bt, za, ba }'
done
