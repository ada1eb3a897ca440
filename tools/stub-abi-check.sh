#!/usr/bin/env bash
# A generated stub file stops at compile time when the zlua_stub.h it is
# compiled with has another stub ABI than the one it was generated for:
# compiles a copy of GENERATED whose recorded number is changed, expects
# the compiler to refuse it with the generator's message, and the
# unchanged file to pass the same check.
#   tools/stub-abi-check.sh GENERATED CXX [compiler flags...]
set -euo pipefail
gen=$1 cxx=$2; shift 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-abi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
grep -q '^#if ZLUA_STUB_ABI != [0-9]*u$' "$gen" ||
  { echo "$gen records no stub ABI"; exit 1; }
sed 's/^#if ZLUA_STUB_ABI != [0-9]*u$/#if ZLUA_STUB_ABI != 9999u/' "$gen" >"$tmp/stale.cpp"
"$cxx" -fsyntax-only "$@" -x c++ "$gen" ||
  { echo "the generated file itself does not compile"; exit 1; }
if "$cxx" -fsyntax-only "$@" -x c++ "$tmp/stale.cpp" 2>"$tmp/err"; then
  echo "a stub file of another ABI compiled"; exit 1
fi
grep -q 'was generated for stub ABI' "$tmp/err" ||
  { echo "refused, but not by the ABI check:"; cat "$tmp/err"; exit 1; }
echo "ok: a stub file of another ABI is refused at compile time"
