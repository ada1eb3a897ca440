#!/usr/bin/env bash
# Compiles the runtime glue, coexist.cpp (libzlua's declarations next to
# libil2cpp's) and a generated stub file against a real libil2cpp, the way
# a player build compiles plugin sources: C++, libil2cpp's folder on the
# include path, nothing of libzlua's but the files themselves and their
# own headers.  Unity's headers stay outside this repository: point this
# at an Editor's copy (<Editor>/Data/il2cpp/libil2cpp), whose sibling
# external/ folder (baselib, sparsehash) libil2cpp's headers include.
#   tools/player-check.sh LIBIL2CPP_DIR [STUBS_CPP] [-- EXTRA_COMPILER_ARGS...]
# STUBS_CPP defaults to build/zlua_stubs.cpp.  CXX picks the compiler.
# libil2cpp's own headers are not warning-clean: they are included as
# system headers; libzlua's code is compiled with -Wall -Wextra -Werror.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
il2cpp=${1:?usage: tools/player-check.sh LIBIL2CPP_DIR [STUBS_CPP] [-- ARGS...]}
shift
stubs=$src/build/zlua_stubs.cpp
if [ $# -gt 0 ] && [ "$1" != -- ]; then stubs=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = -- ] && shift
[ -e "$il2cpp/il2cpp-api.h" ] || { echo "player-check: no il2cpp-api.h in $il2cpp" >&2; exit 2; }
[ -e "$stubs" ] || { echo "player-check: no $stubs (build the tests first)" >&2; exit 2; }
cxx=${CXX:-c++}
lua_inc=$(pkg-config --cflags-only-I lua5.4 2>/dev/null || true)
fail=0
for f in "$src/src/glue/zlua_glue_il2cpp.cpp" "$src/tests/player/coexist.cpp" "$stubs"; do
  # shellcheck disable=SC2086
  if "$cxx" -std=c++17 -fsyntax-only -Wall -Wextra -Werror -isystem "$il2cpp" \
       -I"$src/include" -I"$src/src" $lua_inc "$@" "$f"; then
    echo "player-check: ok   $(basename "$f")"
  else
    echo "player-check: FAIL $(basename "$f")"; fail=1
  fi
done
exit $fail
