#!/usr/bin/env bash
# Instruction counts per operation, libzlua against its baseline, for each
# benchmark case: callgrind counts one side at two iteration counts and the
# difference is divided by the extra operations, so setup, binding and the
# first round's lazy work cancel out.  Stable on a loaded machine.
# Case i runs one op (a state opened, CS.MyGame.Point2D looked up) per
# 2000 iterations (ZLUA_BENCH_OPEN_DIV in bench/bench.c); its figures are
# per op, and its base column is the same op without the generated assembly.
#   tools/bench-callgrind.sh [CASES] [BENCH_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-abcdDeEfghijkKlmnNoOpqrRsStuvwWxXyYz}
bin=${2:-build-release/zlua-bench}
if [ "$bin" = build-release/zlua-bench ]; then
  tools/deps.sh >/dev/null
  cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-release -j"$(nproc)" --target zlua-bench >/dev/null
fi
n1=20000 n2=120000
irs() {   # side case n -> total instructions
  ZLUA_BENCH_SIDE=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$bin" "$3" "$2" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-6s %12s %12s %8s\n' case "zlua Ir/op" "base Ir/op" ratio
for c in $(echo "$cases" | fold -w1); do
  z1=$(irs zlua "$c" $n1); z2=$(irs zlua "$c" $n2)
  b1=$(irs base "$c" $n1); b2=$(irs base "$c" $n2)
  div=1; [ "$c" = i ] && div=2000
  awk -v c="$c" -v z1="$z1" -v z2="$z2" -v b1="$b1" -v b2="$b2" -v d=$(((n2 - n1) / div)) \
    'BEGIN { z = (z2 - z1) / d; b = (b2 - b1) / d; printf "%-6s %12.1f %12.1f %8.4f\n", c, z, b, z / b }'
done
