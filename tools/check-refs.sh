#!/usr/bin/env bash
# Fails when the tree cites what a reader of the repository cannot open:
# the specification's section numbers ("SPEC 4.2", "§3.1"), its seed
# documents ("seed 000", "seeds/"), the shared spec files, or tracker
# issue numbers ("issue 22", "#21" after "issue").  Cite an R-id
# (docs/requirements.md) or a section of docs/ by its title instead.
#   tools/check-refs.sh [PATH...]     (default: the tree's own text)
#   tools/check-refs.sh --self-test   (plants "SPEC 4.1" in a temp file and
#                                      passes only if the check fails on it)
# By hand:
#   d=$(mktemp -d); echo '-- as SPEC 4.1 says' > "$d/x.lua"
#   tools/check-refs.sh "$d"; echo "exit $?"    # prints the line, exit 1
set -euo pipefail
if [[ ${1-} == --self-test ]]; then
  d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
  echo '-- as SPEC 4.1 says' > "$d/planted.lua"
  if "$0" "$d" >/dev/null; then echo "check-refs missed a planted SPEC 4.1"; exit 1; fi
  echo "refs self-test: a planted SPEC 4.1 fails the check"; exit 0
fi
cd "$(dirname "$0")/.."
paths=("$@")
(( ${#paths[@]} )) || paths=(src include docs README.md lua/spec tests)
pattern='\bSPEC\b|§|\bseeds?/|\b[Ss]eeds? [0-9]{3}\b|\b[Ii]ssues? ?#?[0-9]+|\bSPEC\.md\b|\bFIXTURES\.md\b|\.\./shared/'
if grep -rInE "$pattern" "${paths[@]}"; then
  echo "the lines above cite SPEC sections, seeds or issue numbers:" \
       "cite an R-id or a docs/ section instead"
  exit 1
fi
echo "refs: no SPEC, seed or issue-number citations in ${paths[*]}"
