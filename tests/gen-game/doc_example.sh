#!/bin/sh
# doc_example.sh DOC BUILD_DIR MCS WORKDIR -- runs the build-step example
# of docs/embedding.md as written (its Z= line pointed at BUILD_DIR), in
# a Unity-like project made of tests/gen-game: Library/ScriptAssemblies/
# with MyGame.Core.dll, Assembly-CSharp.dll and ZLua.Common.dll, and
# Assets/ZLua/rules.xml.  Then checks what the example promises: the two
# generated files in Assets/Plugins/zlua, the report with its counts,
# the link.xml in Assets/ZLua.
set -eu
doc=$1 build=$2 mcs=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
S=$work/Library/ScriptAssemblies
mkdir -p "$S" "$work/Assets/ZLua" "$work/Assets/Plugins"
cp "$build/mono/ZLua.Common.dll" "$S/"
"$mcs" -nologo -target:library -warnaserror+ -out:"$S/MyGame.Core.dll" "$here/GenGame.Core.cs"
"$mcs" -nologo -target:library -warnaserror+ -r:"$S/MyGame.Core.dll" -r:"$S/ZLua.Common.dll" \
    -out:"$S/Assembly-CSharp.dll" "$here/GenGame.cs"
sed 's/Assembly name="GenGame"/Assembly name="Assembly-CSharp"/' "$here/rules.xml" \
    > "$work/Assets/ZLua/rules.xml"
# the block after the marker, Z= set to this build
awk '/<!-- build-step example/ { found = 1 } found && /^```sh/ { on = 1; next }
     on && /^```/ { exit } on' "$doc" |
    sed "s|^Z=.*|Z=$build|" > "$work/example.sh"
[ -s "$work/example.sh" ] || { echo "doc_example: no example block in $doc" >&2; exit 1; }
cat "$work/example.sh"
(cd "$work" && sh -e ./example.sh)
for f in zlua_stubs.cpp zlua_marshal_tables.c zlua_glue_il2cpp.cpp; do
    [ -s "$work/Assets/Plugins/zlua/$f" ] || { echo "doc_example: no $f" >&2; exit 1; }
done
grep -q 'Assets/ZLua/rules.xml:' "$work/Assets/Plugins/zlua/zlua_marshal_tables.c"
grep -q '^stub     Hero.Move ' "$work/Library/zlua_stubs_report.txt"
grep -q 'public methods, .* served by .* stubs' "$work/Library/zlua_stubs_report.txt"
# the link.xml beside the rules, keeping the game's types as the
# Editor compiled them (GenGame.cs into Assembly-CSharp)
grep -q '<type fullname="GenGame.Hero" preserve="nothing">' "$work/Assets/ZLua/link.xml"
grep -q '<assembly fullname="Assembly-CSharp">' "$work/Assets/ZLua/link.xml"
echo "doc_example: the build-step example runs as written"
