#!/usr/bin/env bash
# rules.sh ZLUA-ANNOT-MONO GENGAME_DIR RULES_XML (ctest annot.gengame.rules):
# the [LuaMarshalAs] rules shape the annotations as they shape calls.
# tests/gen-game's Arena.Dot takes its first Vec2 as two Lua values by an
# attribute, read whether or not an XML file is given; Arena.Cross its
# second by the XML rule of rules.xml, only when that file is given.
set -uo pipefail
(( $# == 3 )) || { echo "usage: $0 ZLUA-ANNOT-MONO GENGAME_DIR RULES_XML" >&2; exit 2; }
tool=$1 dir=$2 rules=$3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zlua-annot-rules.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
run() {   # run OUT ARGS...
  local out=$1
  shift
  "$tool" --assembly "$dir/GenGame.Core.dll" --assembly "$dir/GenGame.dll" --out "$out" "$@" ||
    { echo "FAIL: $tool $* exited $?"; exit 1; }
}
has() {   # has FILE LINE: FILE holds LINE exactly
  grep -qxF -- "$2" "$1" || { echo "FAIL: $(basename "$1") lacks: $2"; status=1; }
}
run "$tmp/attrs.lua"
run "$tmp/rules.lua" --rules "$rules"
has "$tmp/attrs.lua" "function T.Dot(a_1, a_2, b) end"
has "$tmp/attrs.lua" "function T.Cross(a, b) end"
has "$tmp/rules.lua" "function T.Dot(a_1, a_2, b) end"
has "$tmp/rules.lua" "function T.Cross(a, b_1, b_2) end"
has "$tmp/rules.lua" "---@param b_2 any"
# a rule file with errors stops it, naming the file
out=$("$tool" --assembly "$dir/GenGame.dll" --out "$tmp/bad.lua" --rules "$tmp/missing.xml" 2>&1)
rc=$?
if (( rc != 1 )) || ! grep -qF "$tmp/missing.xml: the rule file has errors" <<< "$out"; then
  echo "FAIL: a missing rule file: exit $rc, said: $out"; status=1
fi
(( status == 0 )) && echo "rules.sh: attributes and XML rules shape the annotations"
exit $status
