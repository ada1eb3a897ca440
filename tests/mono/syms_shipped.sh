#!/usr/bin/env bash
# The shipped Editor backend (libzlua-mono.so) links no Mono library and
# names no mono_* symbol: every Mono function is looked up at attach time
# (src/mono/mono_syms.c), so the library loads beside any Mono, in any
# scope, and a Windows build needs no import library.  The same holds for
# the collector's GC_* functions libzlua's GC shim (src/gc) calls.
#   tests/mono/syms_shipped.sh LIBZLUA_MONO
set -euo pipefail
lib=$1
fail=0
undef=$(nm -D --undefined-only "$lib" | awk '{print $NF}')
direct=$(grep -E '^mono_' <<<"$undef" || true)
if [ -n "$direct" ]; then
  echo "FAIL: $lib names Mono's functions (add them to src/mono/mono_syms.h):"
  echo "$direct" | sed 's/^/  /'
  fail=1
fi
needed=$(objdump -p "$lib" | awk '$1 == "NEEDED" {print $2}')
if grep -qi mono <<<"$needed"; then
  echo "FAIL: $lib links a Mono library: $(grep -i mono <<<"$needed" | tr '\n' ' ')"
  fail=1
fi
# the table is there, filled by the loader (a build without it would
# have no mono_* references for another reason: none of src/mono)
# (grep reads nm's whole output: -q would stop early, and under pipefail
# nm's broken pipe would fail the check on a large library)
nm "$lib" | grep ' [bBdD] zm_mono$' >/dev/null || { echo "FAIL: $lib has no table zm_mono"; fail=1; }
# nor the collector's: src/gc reaches them through the boundary too
# (zlua_gc_functions_get), as a Windows DLL must
gc=$(grep -E '^GC_' <<<"$undef" | tr '\n' ' ' || true)
if [ -n "$gc" ]; then
  echo "FAIL: $lib names the collector's functions: $gc"
  fail=1
fi
[ "$fail" = 0 ] && echo "ok: $lib links no Mono, names no mono_* symbol (NEEDED: $(echo $needed))"
exit "$fail"
