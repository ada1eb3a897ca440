#!/usr/bin/env bash
# check.sh BENCH DLL: every case of zlua-bench-mono runs on both sides, and
# libzlua allocates no managed memory per op and no more Lua memory per op
# than the hand-written binding (ctest bench.mono; the instruction and
# time ratios are tools/bench-mono.sh's, not a test's: they move with the
# machine).
set -uo pipefail
bin=$1 dll=$2
fail=0
for c in hp hpset pos vec add addlookup move func frame; do
  z=$(ZLUA_BENCH_SIDE=zlua "$bin" "$dll" "$c" 2000) || { echo "$c: zlua side failed"; fail=1; continue; }
  b=$(ZLUA_BENCH_SIDE=base "$bin" "$dll" "$c" 2000) || { echo "$c: base side failed"; fail=1; continue; }
  zm=$(sed -n 's/.*managed=\([0-9.]*\).*/\1/p' <<<"$z"); zl=$(sed -n 's/.* lua=\([0-9.]*\).*/\1/p' <<<"$z")
  bl=$(sed -n 's/.* lua=\([0-9.]*\).*/\1/p' <<<"$b")
  echo "$z | $b"
  if [ "$zm" != 0.000 ]; then echo "$c: $zm managed allocations per op"; fail=1; fi
  if [ "$zl" != "$bl" ]; then echo "$c: $zl Lua allocations per op, the binding $bl"; fail=1; fi
done
exit $fail
