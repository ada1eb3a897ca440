#!/bin/sh
# build_step.sh STUBGEN MARSHALC DROPIN GAME_DIR OUT BIND_CHECK CXX CC
#
# The build step of docs/embedding.md ("The build step of a Unity
# project"), run over tests/gen-game as a project runs it over its own
# assemblies, then checked:
#   1. the generators over the game's assemblies, into a copy of the
#      drop-in folder (the two generated files replace the fixtures');
#   2. the folder compiles as a player compiles Assets/Plugins
#      (tools/dropin-check.sh: the stubs as C++, the tables as C), and the
#      tables as C++ too;
#   3. the report, for the game's own types, is report.expected; the
#      generic instances and the delegate type met only in a field are in;
#   4. the binder's lookup over the same output linked with libzlua on
#      Mono (gen-bind-check) takes a stub for exactly the methods the
#      report gives one;
#   5. --reference opens an assembly the game needs without walking it.
set -eu
stubgen=$1 marshalc=$2 dropin=$3 game=$4 out=$5 bind=$6 cxx=$7 cc=$8
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
cp -R "$dropin/zlua" "$out/zlua"

# 1. the documented commands
"$marshalc" --assembly "$game/GenGame.Core.dll" --assembly "$game/GenGame.dll" \
    -o "$out/zlua/zlua_marshal_tables.c" "$here/rules.xml"
"$stubgen" --assembly "$game/GenGame.Core.dll" --assembly "$game/GenGame.dll" \
    --rules "$here/rules.xml" --out "$out/zlua/zlua_stubs.cpp" --report "$out/zlua_stubs_report.txt"

# 2. compiled as the player compiles them
"$here/../../tools/dropin-check.sh" "$out" 6000.0 "$cxx" "$cc"
"$cxx" -std=c++17 -x c++ -c -Wall -Wextra -Werror -I"$out/zlua" \
    "$out/zlua/zlua_marshal_tables.c" -o "$out/tables_as_cpp.o"

# 3. the report: the game's own types exactly; what the instances and
#    fields bring, present
subject='{ s = ($1 == "no") ? $4 : $2 } s !~ /^System\./ && $1 !~ /^[0-9]/ && $1 != "keep"'
awk "$subject" "$out/zlua_stubs_report.txt" | sort > "$out/report.game"
if ! diff -u "$here/report.expected" "$out/report.game"; then
    echo "build_step: the report differs (above: - expected, + generated)" >&2
    exit 1
fi
for line in \
    'delegate System.Func<System.Int32,System.Boolean> b(o;i4)' \
    'delegate System.Action<System.String> v(o;o)' \
    'stub     System.Collections.Generic.List<GenGame.Vec2>.Add v(o;S' \
    'stub     System.Collections.Generic.Dictionary<System.String,System.Int32>.get_Item i4(o;o)'; do
    if ! grep -qF "$line" "$out/zlua_stubs_report.txt"; then
        echo "build_step: the report lacks: $line" >&2
        exit 1
    fi
done

# 4. the binder's view of the same output
"$bind" "$game/GenGame.Core.dll" "$game/GenGame.dll" > "$out/bind.txt"
awk '$1 == "stub" || $1 == "generic" { print $1, $2 }' "$out/bind.txt" | sort > "$out/bind.methods"
awk '($1 == "stub" || $1 == "generic") && $2 !~ /^System\./ { print $1, $2 }' \
    "$out/zlua_stubs_report.txt" | sort > "$out/report.methods"
if ! diff -u "$out/report.methods" "$out/bind.methods"; then
    echo "build_step: the binder takes other stubs than the report lists (- report, + binder)" >&2
    exit 1
fi
awk '$1 == "delegate" { print $2 }' "$out/bind.txt" | sort > "$out/bind.delegates"
awk '$1 == "delegate" { print $2 }' "$out/zlua_stubs_report.txt" | sort > "$out/report.delegates"
if ! diff -u "$out/report.delegates" "$out/bind.delegates"; then
    echo "build_step: the registered delegate table is not the report's (- report, + table)" >&2
    exit 1
fi

# 5. an assembly whose references are elsewhere (Unity's own, in the
#    Editor's folder): opened first with --reference, not walked
"$stubgen" --reference "$game/GenGame.Core.dll" --reference "$game/ZLua.Common.dll" \
    --assembly "$game/alone/GenGame.dll" --out "$out/alone.cpp" --report "$out/alone.txt"
if ! grep -q '^stub     Hero.Move ' "$out/alone.txt" || grep -q 'Vec2.Length' "$out/alone.txt"; then
    echo "build_step: --reference: GenGame.Core walked, or GenGame not" >&2
    exit 1
fi

echo "build_step: $(grep -c '^stub' "$out/bind.methods") of the game's methods bind to a stub," \
     "$(grep -c '^delegate' "$out/bind.txt") delegate entries; the report's last lines:"
tail -n 3 "$out/zlua_stubs_report.txt"
