#!/usr/bin/env bash
# Fetches Lua 5.4's source from Debian's source package lua5.4 (upstream's
# tarball, without Debian's patches) and prints the tree's path, for
# -DZLUA_LUA_SOURCE_DIR (the drop-in folder's Lua, built for the target):
#   tools/lua-source.sh DIR        -> DIR/lua-5.4.N
# A tree there already is reused.  apt needs deb-src entries: when the
# machine has none, they are made from its own deb entries (the same
# mirrors and suites) in a file of their own, and the indexes updated.
set -euo pipefail
dir=${1:?usage: tools/lua-source.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
found() { ls -d "$dir"/lua-5.4.*/src/lua.h 2>/dev/null | head -n1 | sed 's|/src/lua.h$||'; }
tree=$(found || true)
if [ -n "$tree" ]; then
  echo "$tree"
  exit 0
fi
have_src() {
  grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/
}
if ! have_src; then
  src=/etc/apt/sources.list.d/zlua-deb-src.sources
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && [ "$f" != "$src" ] && sed -n 's/^Types: deb$/Types: deb-src/; p' "$f"
    echo
  done > "$src"
  if [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list > /etc/apt/sources.list.d/zlua-deb-src.list
  fi
  have_src || { echo "lua-source: no apt source to derive deb-src entries from" >&2; exit 1; }
  "$(dirname "$0")/apt-update.sh" >&2
fi
(cd "$dir" && apt-get source --download-only lua5.4 >&2)
orig=$(ls "$dir"/lua5.4_*.orig.tar.gz | head -n1)
tar -xzf "$orig" -C "$dir"
tree=$(found || true)
[ -n "$tree" ] || { echo "lua-source: $orig holds no lua-5.4.*/src/lua.h" >&2; exit 1; }
echo "$tree"
