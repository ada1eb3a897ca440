#!/usr/bin/env bash
# Start-up scaling (R-BIND-1): the cost of binding a member as the game
# grows.  Binds N generated types of M static methods each (bench/bind.lua)
# on the simulation and on Mono, for N = 100, 1000, 10000 and M = 10, 100,
# 1000, and prints per member the calling thread's CPU time (the median of
# RUNS processes) and, with --callgrind, the instructions the lookups
# that bind the types execute.  Each cell's figure is also shown against
# the smallest cell's (N 100, M 10), and the run fails when a cell costs
# more than 1.3 times that per member.
#
# The grid stops at a million members a game: N 10000 with M 1000 (ten
# million methods) needs about 18 GB on the simulation, whose runtime
# keeps a record per method and class, and an assembly of ten million
# methods for Mono.
#   tools/bench-bind.sh [--runs RUNS] [--callgrind] [--host sim|mono|both] [--quick]
# --quick: N 100 and 1000, M 10 and 100 only.  Builds build-release.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3 callgrind=0 hosts="sim mono" quick=0
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --callgrind) callgrind=1; shift ;;
    --host) case $2 in both) hosts="sim mono" ;; sim|mono) hosts=$2 ;;
              *) echo "bench-bind: --host sim, mono or both" >&2; exit 2 ;; esac; shift 2 ;;
    --quick) quick=1; shift ;;
    *) echo "usage: tools/bench-bind.sh [--runs N] [--callgrind] [--host sim|mono|both] [--quick]" >&2
       exit 2 ;;
  esac
done
limit=1.3
tools/deps.sh >/dev/null
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release >/dev/null
targets=(zlua-run)
case " $hosts " in *" mono "*) targets+=(zlua-run-mono) ;; esac
cache=build-release/bench-bind
mkdir -p "$cache"
if ! cmake --build build-release -j"$(nproc)" --target "${targets[@]}" >"$cache/build.log" 2>&1; then
  cat "$cache/build.log" >&2
  exit 1
fi
if [ "$quick" = 1 ]; then ns="100 1000" ms="10 100"; else ns="100 1000 10000" ms="10 100 1000"; fi

# The Mono assembly of N classes of M methods, compiled once.
assembly() {
  local dll=$cache/Generated-$1-$2.dll
  if [ ! -f "$dll" ]; then
    awk -v CLASSES="$1" -v MEMBERS="$2" -f tests/scale/gen_types.awk >"$cache/Generated.cs"
    mcs -nologo -target:library -out:"$dll" "$cache/Generated.cs"
    rm -f "$cache/Generated.cs"
  fi
  echo "$dll"
}

# host n m [prefix...] -> runs bench/bind.lua once under prefix
run_once() {
  local host=$1 n=$2 m=$3
  shift 3
  if [ "$host" = sim ]; then
    ZLUA_SIM_EXTRA_CLASSES=$n ZLUA_SIM_EXTRA_MEMBERS=$m "$@" build-release/zlua-run \
      bench/bind.lua "$n" "$m"
  else
    "$@" build-release/zlua-run-mono --assembly "$(assembly "$n" "$m")" bench/bind.lua "$n" "$m"
  fi
}

# The median of the runs' ns/member.
timed() {
  local i
  for i in $(seq "$runs"); do
    run_once "$@" | sed -n 's/.*ns\/member=\([0-9.]*\).*/\1/p'
  done | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# Instructions per member inside the lookups that bind (zlua_namespace_index).
instructions() {
  local ir
  ir=$(run_once "$1" "$2" "$3" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
         --collect-atstart=no --toggle-collect=zlua_namespace_index 2>&1 >/dev/null |
       sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  awk -v ir="$ir" -v n="$2" -v m="$3" 'BEGIN { printf "%.0f\n", ir / (n * m) }'
}

fail=0
for host in $hosts; do
  echo "== $host: per member, binding N types of M methods (ratio: against N 100, M 10)"
  if [ "$callgrind" = 1 ]; then
    printf '%6s %5s %12s %7s %12s %7s\n' N M "ns/member" ratio "Ir/member" ratio
  else
    printf '%6s %5s %12s %7s\n' N M "ns/member" ratio
  fi
  t0='' i0=''
  for m in $ms; do
    for n in $ns; do
      [ $((n * m)) -le 1000000 ] || continue
      t=$(timed "$host" "$n" "$m")
      [ -n "$t0" ] || t0=$t
      tr=$(awk -v a="$t" -v b="$t0" 'BEGIN { printf "%.3f", a / b }')
      line=$(printf '%6d %5d %12.1f %7s' "$n" "$m" "$t" "$tr")
      worst=$tr
      if [ "$callgrind" = 1 ]; then
        ir=$(instructions "$host" "$n" "$m")
        [ -n "$i0" ] || i0=$ir
        irr=$(awk -v a="$ir" -v b="$i0" 'BEGIN { printf "%.3f", a / b }')
        line="$line $(printf '%12d %7s' "$ir" "$irr")"
        worst=$(awk -v a="$tr" -v b="$irr" 'BEGIN { print (a > b ? a : b) }')
      fi
      if awk -v w="$worst" -v l="$limit" 'BEGIN { exit !(w > l) }'; then
        line="$line  OVER $limit"
        fail=1
      fi
      echo "$line"
    done
  done
done
exit $fail
