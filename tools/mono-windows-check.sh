#!/usr/bin/env bash
# The Editor backend (src/mono) compiled for Windows x64 with mingw-w64,
# every warning an error: what a Windows Editor's
# zlua-mono.dll is made of, against Debian's Mono headers (the embedding
# API's declarations are the same on every platform; mono_unichar2 is
# wchar_t on Windows) and Lua's.  Also compiled: the check that the table
# of Mono's functions has the types of Mono's own declarations
# (tests/mono/mono_syms_types.c), with the Windows branches of those
# headers.  Then every object is checked to name no mono_* symbol: a
# Windows DLL cannot leave them for the process, mono_syms.c finds them
# in mono-2.0-bdwgc.dll with GetProcAddress.  The backend is compiled,
# not linked nor run: there is no Windows Mono here (docs/embedding.md,
# "What is verified here").  With --wine, the loader itself runs under
# wine64 (tests/mono/mono_syms_check.c) against a stand-in
# mono-2.0-bdwgc.dll that exports every listed function
# (tests/mono/mono_standin.c), and against one that lacks
# mono_runtime_invoke, which must be refused naming it.
#   tools/mono-windows-check.sh [OUT_DIR] [--wine]    (as root: installs mingw-w64)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-mono-windows}
wine=${2:-}
cc=x86_64-w64-mingw32-gcc
# shellcheck source=tools/cross-deps.sh
source tools/cross-deps.sh
cross_install gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 libmono-2.0-dev liblua5.4-dev
mkdir -p "$out"
# Mono's and Lua's folders hold only their own headers, so naming them
# brings no glibc header into the Windows compile
flags=(-std=c11 -Wall -Wextra -Wpedantic -Werror -O2 -DZLUA_GC_HOOK_VARIABLE=1
       -Isrc -Isrc/il2cpp -Isrc/mono -Itools/marshalc -Itools/common -Iinclude
       -isystem /usr/include/mono-2.0 -isystem /usr/include/lua5.4)
n=0
for f in src/mono/*.c; do
  "$cc" "${flags[@]}" -DZM_MONO_THROUGH_TABLE=1 -c "$f" -o "$out/$(basename "$f" .c).o"
  n=$((n + 1))
done
"$cc" "${flags[@]}" -c tests/mono/mono_syms_types.c -o "$out/mono_syms_types.o"
fail=0
for o in "$out"/mono_*.o; do
  case "$o" in */mono_syms_types.o) continue ;; esac
  x86_64-w64-mingw32-objdump -f "$o" | grep -q 'file format pe-x86-64' ||
    { echo "mono-windows-check: $o is not a Windows x64 object"; fail=1; }
  direct=$(x86_64-w64-mingw32-nm -u "$o" | awk '{print $NF}' | grep -E '^(__imp_)?mono_' || true)
  if [ -n "$direct" ]; then
    echo "mono-windows-check: $o names Mono's functions: $(echo $direct)"
    fail=1
  fi
done
# the loader's own Windows imports: GetModuleHandleA and GetProcAddress
x86_64-w64-mingw32-nm -u "$out/mono_syms.o" | grep -q 'GetProcAddress' ||
  { echo "mono-windows-check: mono_syms.o does not call GetProcAddress"; fail=1; }
[ "$fail" = 0 ] || exit 1
echo "mono-windows-check: src/mono ($n files) and the table's type check compiled for Windows x64 with every warning an error; no object names a mono_* symbol"
[ "$wine" = --wine ] || exit 0

# ---- the loader under wine, against stand-ins of Unity's Mono DLL ----------------
[ -x /usr/lib/wine/wine64 ] || { echo "mono-windows-check: no wine64 (tools/test-wine.sh installs it): the loader not run"; exit 1; }
mkdir -p "$out/standin" "$out/standin-missing"
"$cc" "${flags[@]}" -shared -o "$out/standin/mono-2.0-bdwgc.dll" tests/mono/mono_standin.c
"$cc" "${flags[@]}" -Dmono_runtime_invoke=zm_standin_omitted -shared \
  -o "$out/standin-missing/mono-2.0-bdwgc.dll" tests/mono/mono_standin.c
"$cc" "${flags[@]}" -o "$out/mono_syms_check.exe" tests/mono/mono_syms_check.c \
  tests/mono/mono_syms_types.c src/mono/mono_syms.c
winpath() { printf 'Z:%s' "$(realpath "$1" | tr / '\\')"; }
tools/wine-run.sh "$out/mono_syms_check.exe" "$(winpath "$out/standin/mono-2.0-bdwgc.dll")" \
  mono-2.0-bdwgc.dll
tools/wine-run.sh "$out/mono_syms_check.exe" "$(winpath "$out/standin-missing/mono-2.0-bdwgc.dll")" \
  mono-2.0-bdwgc.dll mono_runtime_invoke
echo "mono-windows-check: the loader under wine64 finds a stand-in mono-2.0-bdwgc.dll and names the function one lacks"
