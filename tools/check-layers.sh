#!/usr/bin/env bash
# Fails when a source file includes a module above its own.  The order,
# bottom first, is written here once (docs/architecture.md explains it):
# a module may include its own headers and those of the modules before it.
# il2cpp/ (the runtime boundary) and include/ (the public headers)
# sit below everything; glue/ is the player's C++ and sees only them
# (and the runtime's own headers: libil2cpp's vm/, utils/).  mono/ is the
# runtime boundary on Mono (the Editor's backend): it implements what il2cpp/
# declares and may use any module; no module includes it.
set -euo pipefail
cd "$(dirname "$0")/.."
order=(il2cpp gc registry scope core class marshal bridge types lib open env)
declare -A rank
for i in "${!order[@]}"; do rank[${order[$i]}]=$i; done
rank[glue]=0
rank[mono]=${#order[@]}
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
      [[ $mod == glue || $mod == mono ]] && continue   # the runtime's headers
      echo "$f: includes \"$inc\" of unknown module '$dep'"; fail=1
    elif (( rank[$dep] > rank[$mod] )); then
      echo "$f: includes \"$inc\": '$dep' is above '$mod'"; fail=1
    fi
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
# The player stand-in's own family macros exist in no real libil2cpp:
# code that compiled only because of them would fail in a player.
if grep -rn 'ZLUA_STANDIN_' src include tools/stubgen tools/marshalc tools/annot; then
  echo "the lines above name tests/player's family macros"; fail=1
fi
# The build tools see the runtime API, libzlua's public headers and their
# own boundary (tools/common/tool_rt.h), never libzlua's sources or the
# tests: the runtime a tool reads is linked in, not included.
for f in tools/stubgen/*.[ch] tools/marshalc/*.[ch] tools/annot/*.[ch] tools/common/*.[ch]; do
  while IFS= read -r inc; do
    case $inc in
      zlua.h|zlua_stub.h|zlua_rt.h|zlua_conf.h|il2cpp_api.h|tool_rt.h|tool_run.h|marshalc_attrs.h|marshalc_xml.h|marshalc_live.h) ;;
      annot.h)   # zlua-annot's parts (tools/annot)
        [[ $f == tools/annot/* ]] || { echo "$f: includes \"$inc\""; fail=1; } ;;
      stubgen_keep.h)   # zlua-stubgen's parts (tools/stubgen)
        [[ $f == tools/stubgen/* ]] || { echo "$f: includes \"$inc\""; fail=1; } ;;
      mono_rt.h)   # the Mono backend's, for the tools' start of Mono
        [[ $f == tools/common/tool_rt_mono.c ]] ||
          { echo "$f: includes \"$inc\" (only tools/common/tool_rt_mono.c may)"; fail=1; } ;;
      *) echo "$f: includes \"$inc\": a tool sees il2cpp_api.h, include/ and tools/ only"; fail=1 ;;
    esac
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
if (( fail )); then
  echo "layer order (bottom first): ${order[*]}"; exit 1
fi
echo "layers: ${#order[@]} modules, every include points down (${order[*]})"
