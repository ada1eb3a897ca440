#!/usr/bin/env bash
# expect.sh EXPECTED COMMAND...: runs COMMAND and fails unless its standard
# output is EXPECTED line for line (the same app.lua on every host).
set -uo pipefail
expected=$1; shift
out=$("$@") || { echo "exit status $?"; exit 1; }
diff -u "$expected" <(printf '%s\n' "$out")
