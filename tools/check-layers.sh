#!/usr/bin/env bash
# Fails when a source file includes a module above its own.  The order,
# bottom first, is written here once (docs/architecture.md explains it):
# a module may include its own headers and those of the modules before it.
# il2cpp/ (the runtime boundary) and include/ (the public headers)
# sit below everything; glue/ is the player's C++ and sees only them
# (and the runtime's own headers: libil2cpp's vm/, utils/).
set -euo pipefail
cd "$(dirname "$0")/.."
order=(il2cpp gc registry scope core class marshal bridge types lib open)
declare -A rank
for i in "${!order[@]}"; do rank[${order[$i]}]=$i; done
rank[glue]=0
fail=0
for f in src/*/*.[ch] src/*/*.cpp; do
  mod=${f#src/}; mod=${mod%%/*}
  if [[ -z ${rank[$mod]+x} ]]; then
    echo "$f: module '$mod' is not in the order of tools/check-layers.sh"; fail=1; continue
  fi
  while IFS= read -r inc; do
    dep=${inc%%/*}
    [[ $inc == */* ]] || continue          # zlua*.h, runtime headers
    if [[ -z ${rank[$dep]+x} ]]; then
      [[ $mod == glue ]] && continue        # the runtime's headers
      echo "$f: includes \"$inc\" of unknown module '$dep'"; fail=1
    elif (( rank[$dep] > rank[$mod] )); then
      echo "$f: includes \"$inc\": '$dep' is above '$mod'"; fail=1
    fi
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
# The player stand-in's own family macros exist in no real libil2cpp:
# code that compiled only because of them would fail in a player.
if grep -rn 'ZLUA_STANDIN_' src include tools/stubgen tools/marshalc; then
  echo "the lines above name tests/player's family macros"; fail=1
fi
if (( fail )); then
  echo "layer order (bottom first): ${order[*]}"; exit 1
fi
echo "layers: ${#order[@]} modules, every include points down (${order[*]})"
