#!/usr/bin/env bash
# usage.sh [EMULATOR...] ZLUA-ANNOT: the generator given what it cannot
# use (ctest annot.usage, annot.usage.mono): each run must exit 1 with the
# message named here, never crash, and leave no output file behind.  A
# cross build's emulator (qemu, wine) goes first.
set -uo pipefail
(( $# >= 1 )) || { echo "usage: $0 [EMULATOR...] ZLUA-ANNOT" >&2; exit 2; }
run=("$@")
tool=${run[-1]}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-annot-usage.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
expect() {   # expect MESSAGE ARGS...: runs the tool with ARGS
  local message=$1 out rc
  shift
  out=$("${run[@]}" "$@" 2>&1)
  rc=$?
  if (( rc != 1 )) || ! grep -qF -- "$message" <<< "$out"; then
    echo "FAIL: $tool $* exited $rc, expected 1 and '$message'; it said:"
    echo "$out"
    status=1
  fi
  if [[ -e $tmp/out.lua ]]; then
    echo "FAIL: $tool $* left $tmp/out.lua behind"
    rm -f "$tmp/out.lua"
    status=1
  fi
}
expect "no output file (--out)"
expect "unknown option or missing value: --bogus" --bogus --out "$tmp/out.lua"
expect "unknown option or missing value: --out" --out
expect "cannot write $tmp/no/such/dir/out.lua" --out "$tmp/no/such/dir/out.lua"
if [[ $(basename "$tool") == *-mono ]]; then
  expect "either by file (--assembly) or by name" --assembly x.dll --out "$tmp/out.lua" Name
  expect "$tmp/missing.dll" --assembly "$tmp/missing.dll" --out "$tmp/out.lua"
  printf 'not an assembly\n' > "$tmp/text.dll"
  expect "$tmp/text.dll" --assembly "$tmp/text.dll" --out "$tmp/out.lua"
else
  expect "the simulated runtime opens no assembly file" --assembly x.dll --out "$tmp/out.lua"
  expect "1 of the 1 assemblies named are not loaded" --out "$tmp/out.lua" No.Such.Assembly
fi
(( status == 0 )) && echo "$(basename "$tool"): every refusal as expected"
exit $status
