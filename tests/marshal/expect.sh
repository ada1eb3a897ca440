#!/bin/sh
# expect.sh EXPECTFILE COMMAND [ARGS...] -- runs the command and checks its exit
# status and its stderr against EXPECTFILE's lines
#   expect-status: N        (default 0)
#   expect: TEXT            (each must appear in stderr, as fixed text)
#   expect-also: FILE       (appended to the command, relative to EXPECTFILE)
# (in an XML corpus file these lines sit in its first comment).
spec=$1
shift
want=$(sed -n 's/^ *expect-status: *\([0-9]*\).*/\1/p' "$spec" | head -n 1)
[ -n "$want" ] || want=0
dir=$(dirname "$spec")
also=$(sed -n 's/^ *expect-also: *//p' "$spec")
for f in $also; do set -- "$@" "$dir/$f"; done
err=$("$@" 2>&1 >/dev/null)
status=$?
printf '%s\n' "$err"
if [ "$status" -ne "$want" ]; then
    echo "expect.sh: exit status $status, expected $want" >&2
    exit 1
fi
fail=0
sed -n 's/^ *expect: //p' "$spec" > "${TMPDIR:-/tmp}/expect.$$"
while IFS= read -r line; do
    case "$err" in
        *"$line"*) ;;
        *) echo "expect.sh: missing in the output: $line" >&2; fail=1 ;;
    esac
done < "${TMPDIR:-/tmp}/expect.$$"
rm -f "${TMPDIR:-/tmp}/expect.$$"
exit $fail
