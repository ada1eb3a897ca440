#!/usr/bin/env bash
# check.sh SCRIPT EXPECTED LIBRARY...: runs the EmmyLua checker
# (emmylua_check) over SCRIPT alone, with the annotation folders or files
# LIBRARY... as its libraries (the way docs/lua-api.md points an editor at
# them), and compares the diagnostics with EXPECTED, one per line:
#
#   LINE:COLUMN CODE MESSAGE        e.g. 12:9 undefined-field Undefined field `Lenght`.
#
# An empty EXPECTED: the script must get no diagnostic at all.
# The checker: $EMMYLUA_CHECK, else emmylua_check on PATH or in
# ~/.cargo/bin (`cargo install --locked emmylua_check`).  Without one the
# test is skipped (exit 77), or fails when ZLUA_ANNOT_REQUIRE=1 (CI).
set -euo pipefail
(( $# >= 3 )) || { echo "usage: $0 SCRIPT EXPECTED LIBRARY..." >&2; exit 2; }
script=$1 expected=$2
shift 2
checker=${EMMYLUA_CHECK:-}
[[ -n $checker ]] || checker=$(command -v emmylua_check || true)
[[ -n $checker || ! -x ${HOME:-/root}/.cargo/bin/emmylua_check ]] ||
  checker=${HOME:-/root}/.cargo/bin/emmylua_check
if [[ -z $checker ]]; then
  if [[ ${ZLUA_ANNOT_REQUIRE:-0} == 1 ]]; then
    echo "emmylua_check not found (ZLUA_ANNOT_REQUIRE=1): cargo install --locked emmylua_check" >&2
    exit 1
  fi
  echo "skipped: emmylua_check not found (cargo install --locked emmylua_check)"
  exit 77
fi
for f in "$script" "$expected" "$@"; do
  [[ -e $f ]] || { echo "$0: no such file: $f" >&2; exit 2; }
done
ws=$(mktemp -d "${TMPDIR:-/tmp}/zlua-annot.XXXXXX")
trap 'rm -rf "$ws"' EXIT
cp "$script" "$ws/$(basename "$script")"
libs=""
for l in "$@"; do
  libs+="${libs:+, }\"$(cd "$(dirname "$l")" && pwd)/$(basename "$l")\""
done
printf '{\n  "workspace": { "library": [%s] }\n}\n' "$libs" > "$ws/.emmyrc.json"
set +e
(cd "$ws" && "$checker" --output-format text .) > "$ws/out.txt" 2>&1
rc=$?
set -e
# "warning: MESSAGE [code]" then "  --> FILE:LINE:COLUMN"
awk '
  /^(error|warning|info|hint): .* \[[a-z0-9-]+\]$/ {
    code = $0; sub(/^.*\[/, "", code); sub(/\]$/, "", code)
    msg = $0; sub(/^[a-z]+: /, "", msg); sub(/ *\[[a-z0-9-]+\]$/, "", msg)
    next
  }
  /^ *--> / && code != "" {
    n = split($0, p, ":"); print p[n - 1] ":" p[n] " " code " " msg; code = ""
  }
' "$ws/out.txt" | sort -t: -k1,1n -k2,2n > "$ws/got.txt"
if (( rc != 0 )) && [[ ! -s $ws/got.txt ]]; then
  echo "emmylua_check failed (exit $rc):"; cat "$ws/out.txt"; exit 1
fi
if ! diff -u "$expected" "$ws/got.txt"; then
  echo "--- the checker's diagnostics differ from $expected (above); its output:"
  cat "$ws/out.txt"
  exit 1
fi
echo "$(basename "$script"): $(wc -l < "$ws/got.txt") diagnostics, as expected"
