#!/usr/bin/env bash
# Fails when two busted cases share a full name (describe blocks + it):
# a failure report must name one case.  Cases made in a loop carry the
# loop's variant in their names.
#   tools/check-test-names.sh BUSTED RUNNER [RUNNER_ARGS...]
# RUNNER [RUNNER_ARGS...] is the command that runs busted: the host
# (build/zlua-run), or in a cross build its emulator and the host
# (qemu-aarch64 -L / build/zlua-run).  The specs are those of lua/spec,
# or of ZLUA_SPEC_DIR when set.  By hand:
#   tools/check-test-names.sh "$(command -v busted)" build/zlua-run
# With --self-test first, it plants two cases of one name in a scratch
# spec and expects the check to fail on them (ctest lua.names.selftest).
set -euo pipefail
if [[ ${1:-} == --self-test ]]; then   # --self-test BUSTED RUNNER...: the check fails on a planted pair
  shift
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-names.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  plant() {   # plant NAME1 NAME2: a spec of two cases in describe "d"
    printf 'describe("d", function()\n  it("%s", function() end)\n  it("%s", function() end)\nend)\n' \
      "$1" "$2" > "$tmp/planted_spec.lua"
  }
  plant same same
  if out=$(ZLUA_SPEC_DIR=$tmp "$0" "$@"); then
    echo "self-test: a planted pair of cases named 'd same' passed the check"; exit 1
  fi
  grep -q "more than one case named" <<< "$out" || { echo "self-test: $out"; exit 1; }
  plant same other
  ZLUA_SPEC_DIR=$tmp "$0" "$@" > /dev/null || { echo "self-test: distinct names failed the check"; exit 1; }
  echo "self-test: the check fails on a planted pair and passes distinct names"
  exit 0
fi
(( $# >= 2 )) || { echo "usage: $0 BUSTED RUNNER [RUNNER_ARGS...]" >&2; exit 2; }
busted=$1
shift
runner=("$@")
cd "$(dirname "$0")/.."
dir=${ZLUA_SPEC_DIR:-lua/spec}
status=0
for spec in "$dir"/*_spec.lua; do
  names=$("${runner[@]}" "$busted" --lpath="$dir/?.lua" --list "$spec") || {
    echo "$spec: busted --list failed"; status=1; continue; }
  [[ -n $names ]] || { echo "$spec: lists no case"; status=1; continue; }
  dups=$(sed -E 's/^[^:]*:[0-9]+: //' <<< "$names" | sort | uniq -d)
  if [[ -n $dups ]]; then
    echo "$spec: more than one case named:"; sed 's/^/  /' <<< "$dups"; status=1
  fi
done
(( status == 0 )) && echo "test names: every case in $dir has a name of its own"
exit $status
