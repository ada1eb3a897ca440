#!/bin/sh
# delegates.sh MARSHALC STUBGEN DIR: the build step over Delegates.dll (DIR,
# ZLua.Common.dll beside it, not given): both tools succeed, the rules are
# those of each delegate's Invoke, none of the compiler's BeginInvoke /
# EndInvoke copies (Delegates.cs).
set -u
marshalc=$1 stubgen=$2 dir=$3
out=$dir/out
mkdir -p "$out"
"$marshalc" --assembly "$dir/Delegates.dll" -o "$out/tables.c" || { echo "zlua-marshalc-mono failed"; exit 1; }
"$stubgen" --assembly "$dir/Delegates.dll" --out "$out/stubs.cpp" --report "$out/report.txt" ||
    { echo "zlua-stubgen-mono failed"; exit 1; }
fail=0
for want in '"Delegates.OnCell", "Invoke", "(Delegates.Cell)"' \
            '"Delegates.OnPoint", "Invoke", "(Delegates.Cell)"' \
            '"Delegates.OnSave", "Invoke", "(System.Int32)"'; do
    grep -qF "$want" "$out/tables.c" || { echo "missing rule: $want"; fail=1; }
done
if grep -E 'BeginInvoke|EndInvoke' "$out/tables.c"; then
    echo "rules read from the compiler's copies"
    fail=1
fi
exit $fail
