#!/usr/bin/env bash
# Fails when a public function is defined outside the file its name
# names.  Public: declared in include/ (zlua_rt.h aside: the player's glue
# defines those).  A public zlua_<words>... is defined in a file whose
# name is its leading words: zlua_ic_invoke in ic.c, zlua_state_stats in
# state.c, zlua_mono_env_attach in mono_env.c.  Functions defined inline in
# include/ itself are where their header is.  docs/architecture.md
# ("Names") states the rule.
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
# declarations only: not comment lines, not the glue's zlua_rt_*
names=$(grep -hvE '^\s*(\*|/\*)' include/zlua.h include/zlua_stub.h include/zlua_mono.h include/zlua_env.h |
          sed -n 's/.*\b\(zlua_[a-z0-9_]*\)(.*/\1/p' | grep -v '^zlua_rt_' | sort -u)
for name in $names; do
  # what include/ defines itself (the inline helpers) is where it is
  if grep -qE "^ZLUA_INLINE .*\b$name\(" include/*.h; then continue; fi
  defs=$(grep -lE "^[A-Za-z][^;]*\b$name\(" src/*/*.c 2>/dev/null || true)
  if [ -z "$defs" ]; then
    # declared but not a function libzlua defines (a typedef'd callback)
    grep -qE "typedef[^;]*\(\*$name\)" include/*.h && continue
    echo "$name: declared in include/, defined nowhere in src/"; fail=1; continue
  fi
  for f in $defs; do
    base=$(basename "$f" .c)
    case "${name#zlua_}_" in
      "${base}_"*) ;;
      *) echo "$f: defines $name, whose name says ${name#zlua_} (a file ${base}.c defines zlua_${base}_...)"; fail=1 ;;
    esac
  done
done
# With the library given (ctest passes it): every symbol it defines with
# one underscore is public, every other one is zlua__*.
if [ -n "${1:-}" ]; then
  pub=$(grep -hoE '\bzlua_[A-Za-z0-9_]+' include/*.h | sort -u)
  for sym in $(nm -g --defined-only "$1" | awk '$2 ~ /[TDBRC]/ && $3 ~ /^zlua_[^_]/ {print $3}' | sort -u); do
    grep -qx "$sym" <<<"$pub" ||
      { echo "$1: $sym is shared between files but not public: name it zlua__${sym#zlua_}"; fail=1; }
  done
fi
exit $fail
