#!/usr/bin/env bash
# The branches only MSVC compiles (its intrinsics, __forceinline,
# __declspec(thread), wchar_t as Il2CppChar), compiled where no MSVC is:
# clang in MSVC mode (--target=x86_64-pc-windows-msvc: _MSC_VER, no
# __GNUC__) with ZLUA_CHECK_MSVC_PATHS, which makes zlua_conf.h take
# MSVC's branches even under clang.  Syntax only, every warning an error,
# over libzlua's C and the generated stubs' C++; mingw-w64's headers stand
# for the Windows SDK's (a file that breaks inside them, not in libzlua,
# is reported, not failed).
#   tools/msvc-path-check.sh [STUBS_CPP]     STUBS_CPP: default build/zlua_stubs.cpp
set -euo pipefail
cd "$(dirname "$0")/.."
stubs=${1:-build/zlua_stubs.cpp}
command -v clang >/dev/null || { echo "msvc-path-check: no clang"; exit 1; }
sdk=/usr/x86_64-w64-mingw32/include
[ -d "$sdk" ] || { echo "msvc-path-check: no mingw-w64 headers ($sdk)"; exit 1; }
lua=$(tools/lua-source.sh build-lua-src)
gc=$(mktemp -d)
trap 'rm -rf "$gc"' EXIT
cp /usr/include/gc.h "$gc/" && cp -R /usr/include/gc "$gc/"
# mingw-w64 spells noreturn after the declarator, which MSVC mode
# refuses: its definition replaced once, before any other header
cat >"$gc/msvc_prelude.h" <<'EOF2'
#include <_mingw.h>
#undef __MINGW_ATTRIB_NORETURN
#define __MINGW_ATTRIB_NORETURN
EOF2
flags=(--target=x86_64-pc-windows-msvc -fms-extensions -fms-compatibility -DZLUA_CHECK_MSVC_PATHS
       -fsyntax-only -Wall -Wextra -Werror -Wno-unused-command-line-argument
       -Iinclude -Isrc -Isrc/il2cpp -I"$lua/src" -I"$gc" -DGC_THREADS -isystem "$sdk"
       -include "$gc/msvc_prelude.h")
ok=0 fail=0 skipped=0
for f in src/*/*.c; do
  case $f in src/mono/*) continue ;; esac   # the Editor backend: Mono's headers
  if out=$(clang -std=c11 "${flags[@]}" "$f" 2>&1); then
    ok=$((ok + 1))
  elif ! grep -q "^$f\|^src/\|^include/" <<<"$(grep ': error:' <<<"$out" | head -n1)"; then
    skipped=$((skipped + 1))
    echo "msvc-path-check: $f not checked (the SDK stand-in's headers): $(grep -m1 ': error:' <<<"$out")"
  else
    fail=$((fail + 1))
    echo "$out" | grep -A3 ': error:' | head -n 12
  fi
done
# the generated stubs, as MSVC compiles them into a player (anonymous
# unions, layout assertions), against the 6000.0 stand-in of libil2cpp
il2cpp=$(mktemp -d)
cp -R tests/player/common/. tests/player/6000.0/. "$il2cpp/"
if [ -f "$stubs" ]; then
  if out=$(clang++ -std=c++17 "${flags[@]}" -isystem "$il2cpp" "$stubs" 2>&1); then
    ok=$((ok + 1))
  elif ! grep -q "$(basename "$stubs")\|include/" <<<"$(grep ': error:' <<<"$out" | head -n1)"; then
    skipped=$((skipped + 1))
    echo "msvc-path-check: $stubs not checked (the SDK stand-in's headers): $(grep -m1 ': error:' <<<"$out")"
  else
    fail=$((fail + 1))
    echo "$out" | grep -A3 ': error:' | head -n 12
  fi
fi
rm -rf "$il2cpp"
echo "msvc-path-check: $ok compiled on MSVC's branches, $fail failed, $skipped not checked"
[ "$fail" -eq 0 ]
