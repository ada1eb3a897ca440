#!/usr/bin/env bash
# Compiles the Unity drop-in folder (the zlua-unity target's output) the
# way a player build compiles Assets/Plugins: a copy of the folder alone,
# with nothing on the include path but one libil2cpp root (here a stand-in
# family of tests/player, laid out as one folder) and Lua's headers.
#   tools/dropin-check.sh DROPIN_DIR FAMILY LUA_INCLUDE_DIR [CXX] [CC]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dropin=$1 family=$2 lua_inc=$3 cxx=${4:-c++} cc=${5:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Assets/Plugins" "$work/libil2cpp"
cp -R "$dropin/zlua" "$work/Assets/Plugins/"
cp -R "$src/tests/player/common/." "$work/libil2cpp/"
cp -R "$src/tests/player/$family/." "$work/libil2cpp/"
cd "$work/Assets/Plugins/zlua"
for f in *.cpp; do
  "$cxx" -std=c++17 -c -Wall -Wextra -Werror -I"$work/libil2cpp" -I"$lua_inc" "$f" -o "$work/$f.o"
done
for f in *.c; do
  "$cc" -std=c11 -c -Wall -Wextra -Werror -I"$lua_inc" "$f" -o "$work/$f.o"
done
ls lib/*/libzlua.a >/dev/null
# the tables under the names the embedding guide's registration uses
for sym in zlua_marshal_tables zlua_marshal_tables_count; do
  nm "$work/zlua_marshal_tables.c.o" | grep -Eq " [DRdr] $sym\$" ||
    { echo "dropin-check: zlua_marshal_tables.c does not define $sym"; exit 1; }
done
echo "dropin-check ($family): $(ls *.cpp *.c | tr '\n' ' ')compile with libil2cpp and Lua only"
