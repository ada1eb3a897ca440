#!/usr/bin/env bash
# Fails when docs/requirements.md drifts from the tree: a requirement id
# cited in src/, include/, tests/, lua/, tools/ or bench/ that the file
# does not describe (a range such as R-OPQ-1..6 cites each id in it), or
# a test file or folder the file names that does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/requirements.md
fail=0
# ids the file describes: one "- R-AREA-N:" line each
described=$(sed -n 's/^- \(R-[A-Z0-9]*-[0-9]*\):.*/\1/p' "$doc" | sort -u)
# ids the tree cites, ranges expanded
cited=$(grep -rhoE 'R-[A-Z0-9]+-[0-9]+(\.\.[0-9]+)?' src include tests lua tools bench |
  while read -r id; do
    case "$id" in
      *..*) area=${id%-*}; span=${id##*-}
            for ((i = ${span%..*}; i <= ${span#*..}; i++)); do echo "$area-$i"; done ;;
      *) echo "$id" ;;
    esac
  done | sort -u)
for id in $cited; do
  if ! grep -qx -- "$id" <<<"$described"; then
    echo "$doc: $id is cited in the tree but not described:"
    grep -rlE -- "$id\b|${id%-*}-[0-9]+\.\." src include tests lua tools bench | head -3 | sed 's/^/  /'
    fail=1
  fi
done
# every path in backquotes under tests/ or lua/ must exist
for path in $(grep -oE '`(tests|lua)/[^`*]*`' "$doc" | tr -d '`' | sort -u); do
  [ -e "$path" ] || { echo "$doc: names $path, which does not exist"; fail=1; }
done
exit $fail
