#!/usr/bin/env bash
# Fails when two busted cases share a full name (describe blocks + it):
# a failure report must name one case.  Cases made in a loop carry the
# loop's variant in their names.
#   tools/check-test-names.sh RUNNER BUSTED [SPEC_DIR]
# RUNNER is the host that runs busted (build/zlua-run); SPEC_DIR defaults
# to lua/spec.  By hand:
#   tools/check-test-names.sh build/zlua-run "$(command -v busted)"
set -euo pipefail
runner=$1 busted=$2
cd "$(dirname "$0")/.."
dir=${3:-lua/spec}
status=0
for spec in "$dir"/*_spec.lua; do
  names=$("$runner" "$busted" --lpath="$dir/?.lua" --list "$spec") || {
    echo "$spec: busted --list failed"; status=1; continue; }
  [[ -n $names ]] || { echo "$spec: lists no case"; status=1; continue; }
  dups=$(sed -E 's/^[^:]*:[0-9]+: //' <<< "$names" | sort | uniq -d)
  if [[ -n $dups ]]; then
    echo "$spec: more than one case named:"; sed 's/^/  /' <<< "$dups"; status=1
  fi
done
(( status == 0 )) && echo "test names: every case in $dir has a name of its own"
exit $status
