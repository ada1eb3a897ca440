#!/usr/bin/env bash
# The generated stubs and the glue, built against Lua headers in
# upstream's form, must reference Lua's API with C linkage.  Upstream
# Lua 5.4's luaconf.h defines LUA_API as plain `extern` (Debian patches
# it to `extern "C"` under C++), so a C++ file that includes <lua.h>
# outside extern "C" references mangled lua_* symbols a C-built Lua does
# not have.  This derives upstream's form from the installed headers
# (the patch undone), compiles both files against it and fails on any
# mangled Lua symbol.
#   tools/lua-linkage-check.sh LUA_INCLUDE_DIR STUBS_CPP WORK_DIR CXX
set -euo pipefail
lua_inc=$1 stubs=$2 work=$3 cxx=${4:-c++}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work/lua"
for h in lua.h luaconf.h lauxlib.h lualib.h; do
  cp "$lua_inc/$h" "$work/lua/$h"
done
# upstream: `#define LUA_API extern`, whatever the language
awk '
  /^#ifdef __cplusplus/ && !done { skip = 1; next }
  skip && /^#define LUA_API/ { next }
  skip && /^#else/ { next }
  skip && /^#endif/ { skip = 0; done = 1; print "#define LUA_API\t\textern"; next }
  { print }
' "$lua_inc/luaconf.h" > "$work/lua/luaconf.h"
grep -q '^#define LUA_API[[:space:]]*extern[[:space:]]*$' "$work/lua/luaconf.h" ||
  { echo "lua-linkage-check: could not make upstream's LUA_API from $lua_inc/luaconf.h"; exit 1; }
if grep -q 'extern "C"' "$work/lua/luaconf.h"; then
  echo "lua-linkage-check: luaconf.h still has a C++ guard"; exit 1
fi
fail=0
for f in "$stubs" "$src/src/glue/zlua_glue_il2cpp.cpp"; do
  o="$work/$(basename "$f").o"
  "$cxx" -std=c++17 -c -o "$o" -I"$src/tests/player/2022.3" -I"$src/tests/player/common" \
    -I"$src/include" -I"$src/src" -I"$work/lua" "$f"
  mangled=$(nm -u "$o" | awk '{print $NF}' | grep -E '^_Z.*(lua|luaL)_' || true)
  if [ -n "$mangled" ]; then
    echo "$(basename "$f"): C++-mangled Lua symbols:"; echo "$mangled"; fail=1
  fi
done
[ $fail = 0 ] && echo "lua-linkage-check: no mangled Lua symbol (upstream-form headers)"
exit $fail
