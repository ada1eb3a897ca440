#!/usr/bin/env bash
# The player plugin with Lua inside it: fetches Lua 5.4's source (Debian's
# lua5.4 source package, tools/lua-source.sh), builds libzlua with
# -DZLUA_LUA_SOURCE_DIR into BUILD_DIR, and checks that
#  - the drop-in folder holds Lua's headers and lib/PLATFORM/liblua.a,
#    built from that tree;
#  - a copy of the folder compiles with nothing on the include path but
#    libil2cpp's folder (each stand-in family of tests/player; a real
#    libil2cpp through tools/dropin-check.sh FAMILY=its directory);
#  - the player-shaped host links that Lua (its lua_* are the
#    executable's own) and runs the boot code (ctest player.boot).
#   tools/dropin-lua-check.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-dropin-lua}
tools/deps.sh >/dev/null
tree=$(tools/lua-source.sh "$build-src")
echo "dropin-lua-check: Lua source tree $tree"
cmake -S . -B "$build" -DZLUA_LUA_SOURCE_DIR="$tree" -DZLUA_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target zlua-unity zlua-player-host zlua_player_assemblies \
  zlua_mono_launcher zlua_editor_assemblies >/dev/null
plat=$(ls "$build/unity/zlua/lib")
for f in lua.h luaconf.h lauxlib.h lualib.h "lib/$plat/libzlua.a" "lib/$plat/liblua.a"; do
  [ -f "$build/unity/zlua/$f" ] || { echo "dropin-lua-check: the folder has no $f"; exit 1; }
done
# the headers are the tree's (upstream's luaconf.h, no distribution patch)
cmp -s "$tree/src/luaconf.h" "$build/unity/zlua/luaconf.h" ||
  { echo "dropin-lua-check: luaconf.h is not the source tree's"; exit 1; }
defines() {   # defines FILE SYMBOL (no pipe into grep -q: nm would die of SIGPIPE)
  local syms
  syms=$(nm "$1" 2>/dev/null)
  grep -q " T $2\$" <<<"$syms"
}
defines "$build/unity/zlua/lib/$plat/liblua.a" lua_newstate ||
  { echo "dropin-lua-check: liblua.a defines no lua_newstate"; exit 1; }
for family in $(ls tests/player | grep -v '^common$'); do
  [ -d "tests/player/$family" ] || continue
  tools/dropin-check.sh "$build/unity" "$family"
done
defines "$build/zlua-player-host" lua_newstate ||
  { echo "dropin-lua-check: zlua-player-host does not hold the plugin's Lua"; exit 1; }
(cd "$build" && ctest -R '^(player|editor)\.boot$' --output-on-failure)
echo "dropin-lua-check: the drop-in folder carries Lua $(basename "$tree") ($plat) and compiles alone"
