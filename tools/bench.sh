#!/usr/bin/env bash
# Builds (Release) and runs the benchmarks; prints the table of README.md.
#   tools/bench.sh [ITERATIONS [CASES]]     one run of zlua-bench
#   tools/bench.sh --median N [ITERATIONS [CASES]]
#       N runs, each from a fresh copy of the binary, then per case the
#       median time ratio and the N ratios.  A copy is the same bytes in
#       other physical pages: on the machines this was measured on, where a
#       binary's pages land moved one case by 15% (x: 1.12 to 1.30 over six
#       copies of one build), more than a run's own noise, so each run
#       draws its own placement.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=0
if [ "${1:-}" = --median ]; then
  runs=$2
  shift 2
fi
tools/deps.sh
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-release -j"$(nproc)" --target zlua-bench
if [ "$runs" -eq 0 ]; then
  exec build-release/zlua-bench "$@"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$runs"); do
  cp build-release/zlua-bench "$tmp/zlua-bench-$r"
  "$tmp/zlua-bench-$r" "$@" >"$tmp/run-$r.txt" || true
  rm -f "$tmp/zlua-bench-$r"
  echo "run $r of $runs done" >&2
done
# The case rows end in: ratio, target, lua/op, gc/op, verdict (ok, info,
# MISS-time, MISS-alloc, MISS-both).  A case that missed its exact
# allocation counts in any run is marked so.
cat "$tmp"/run-*.txt | awk '
  NF >= 8 && $(NF-4) ~ /^[0-9.]+$/ && $(NF-5) ~ /^[0-9.]+$/ {
    name = $1
    if (!(name in seen)) {
      seen[name] = 1; order[++n] = name; target[name] = $(NF-3)
      lua[name] = $(NF-2); gc[name] = $(NF-1)
    }
    r[name] = r[name] " " $(NF-4)
    if ($NF ~ /^MISS-(alloc|both)$/)
      allocs[name] = 1
  }
  END {
    printf "%-6s %8s  %-20s %7s %9s %9s\n", "case", "median", "runs", "target", "lua/op", "gc/op"
    for (i = 1; i <= n; i++) {
      k = order[i]
      m = split(substr(r[k], 2), v, " ")
      for (a = 1; a <= m; a++) for (b = a + 1; b <= m; b++) if (v[b] + 0 < v[a] + 0) { t = v[a]; v[a] = v[b]; v[b] = t }
      med = m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
      verdict = target[k] == "-" ? "info" : (med + 0 <= target[k] + 0 ? "ok" : "MISS")
      if (k in allocs) verdict = "MISS (allocations)"
      printf "%-6s %8.4f  %-20s %7s %9s %9s  %s\n", k, med, substr(r[k], 2), target[k], lua[k], gc[k], verdict
    }
  }'
# The reports printed after the table (case i's memory, memory per value,
# case G), from the last run.
echo
sed -n '/^i memory of one state\|^memory per value\|^G a full collection/,$p' "$tmp/run-$runs.txt" |
  grep -v 'cases within target$'
