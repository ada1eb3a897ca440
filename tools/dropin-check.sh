#!/usr/bin/env bash
# Compiles the Unity drop-in folder (the zlua-unity target's output) the
# way a player build compiles Assets/Plugins: a copy of the folder alone
# (Lua's headers in it), with nothing on the include path but one
# libil2cpp root (here a stand-in family of tests/player, laid out as one
# folder; or FAMILY the directory of a real libil2cpp, with what its own
# headers need of Unity's external/ tree in DROPIN_CXXFLAGS).
#   tools/dropin-check.sh DROPIN_DIR FAMILY [CXX] [CC]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dropin=$1 family=$2 cxx=${3:-c++} cc=${4:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Assets/Plugins" "$work/libil2cpp"
cp -R "$dropin/zlua" "$work/Assets/Plugins/"
if [ -d "$family" ]; then
  il2cpp=$(cd "$family" && pwd)
else
  cp -R "$src/tests/player/common/." "$work/libil2cpp/"
  cp -R "$src/tests/player/$family/." "$work/libil2cpp/"
  il2cpp=$work/libil2cpp
fi
cd "$work/Assets/Plugins/zlua"
for f in *.cpp; do
  # shellcheck disable=SC2086
  "$cxx" -std=c++17 -c -Wall -Wextra -Werror -isystem "$il2cpp" ${DROPIN_CXXFLAGS:-} "$f" -o "$work/$f.o"
done
for f in *.c; do
  "$cc" -std=c11 -c -Wall -Wextra -Werror "$f" -o "$work/$f.o"
done
ls lib/*/libzlua.a >/dev/null
# the tables under the names the embedding guide's registration uses
for sym in zlua_marshal_tables zlua_marshal_tables_count; do
  nm "$work/zlua_marshal_tables.c.o" | grep -Eq " [DRdr] $sym\$" ||
    { echo "dropin-check: zlua_marshal_tables.c does not define $sym"; exit 1; }
done
echo "dropin-check ($family): $(ls *.cpp *.c | tr '\n' ' ')compile with libil2cpp's folder only"
