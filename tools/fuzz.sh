#!/usr/bin/env bash
# Builds the libFuzzer harness (clang, ASan + UBSan, tests/fuzz) and fuzzes
# libzlua for a fixed time budget over a scratch copy of the seed corpus and
# the regression inputs (the tree is never written to).
#   tools/fuzz.sh [SECONDS] [BUILD_DIR] [libFuzzer flags...]
# SECONDS defaults to 120, BUILD_DIR to build-fuzz.  Exits 0 when the run
# ended without a finding, 1 on a crash, sanitizer report, timeout or OOM;
# the reproducer is left in BUILD_DIR/fuzz-artifacts/ and the full log in
# BUILD_DIR/fuzz.log.  Print a finding's Lua program with
#   ZLUA_FUZZ_PRINT=1 BUILD_DIR/zlua-fuzz BUILD_DIR/fuzz-artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-120}
build=${2:-build-fuzz}
shift $(( $# < 2 ? $# : 2 ))

tools/deps.sh
CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DZLUA_BUILD_FUZZ=ON -DZLUA_BUILD_BENCH=OFF > /dev/null
cmake --build "$build" --target zlua-fuzz -j"$(nproc)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/zlua-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/corpus" "$scratch/regressions" "$build/fuzz-artifacts"
find tests/fuzz/corpus -maxdepth 1 -type f ! -name 'README*' -exec cp {} "$scratch/corpus/" \;
find tests/fuzz/regressions -maxdepth 1 -type f ! -name 'README*' -exec cp {} "$scratch/regressions/" \;
before=$(ls "$build/fuzz-artifacts" | wc -l)

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
echo "== fuzzing libzlua for ${secs}s (log: $build/fuzz.log) =="
set +e
"$build/zlua-fuzz" -max_total_time="$secs" -timeout=25 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/" "$@" \
  "$scratch/corpus" "$scratch/regressions" > "$build/fuzz.log" 2>&1
rc=$?
set -e

grep -E '^#[0-9]+ +(INITED|pulse|DONE)' "$build/fuzz.log" | tail -n 5 || true
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
  "$build/fuzz.log" || true
after=$(ls "$build/fuzz-artifacts" | wc -l)
if [ "$rc" -ne 0 ]; then
  echo "== FINDING (libFuzzer exit $rc): $((after - before)) new artifact(s) in $build/fuzz-artifacts =="
  grep -E 'SUMMARY:|Test unit written to' "$build/fuzz.log" || true
  for f in $(ls -t "$build/fuzz-artifacts" | head -n $((after - before))); do
    echo "-- the Lua program of $f --"
    ZLUA_FUZZ_PRINT=1 ZLUA_FUZZ_DRY=1 "$build/zlua-fuzz" "$build/fuzz-artifacts/$f" 2>&1 |
      sed -n '/^-- generated program/,/^-- end/p' | head -n 80
  done
  echo "-- end of the log --"
  tail -n 60 "$build/fuzz.log"
  exit 1
fi
echo "== no finding in ${secs}s =="
