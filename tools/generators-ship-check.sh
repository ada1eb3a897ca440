#!/usr/bin/env bash
# The generators as a CI job that builds players gets them: configured
# without the test tree (ZLUA_BUILD_TESTS=OFF, every warning an error),
# built, installed to BUILD_DIR/install, and run from there over a game
# that is not a fixture (tests/gen-game, compiled with mcs as a Unity
# project's Library/ScriptAssemblies holds it): zlua-marshalc-mono,
# zlua-stubgen-mono (stubs, report, link.xml) and zlua-annot-mono, each
# with the project's XML rules, then checked for what the build step of
# docs/embedding.md promises.
#   tools/generators-ship-check.sh [BUILD_DIR]      (default build-generators)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-generators}
cmake -S "$src" -B "$build" -DZLUA_BUILD_TESTS=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON \
  -DZLUA_MONO=ON -DCMAKE_INSTALL_PREFIX="$(cd "$(dirname "$build")" && pwd)/$(basename "$build")/install" \
  >/dev/null
cmake --build "$build" -j"$(nproc)"
build=$(cd "$build" && pwd)
rm -rf "$build/install"
cmake --install "$build" >/dev/null
bin=$build/install/bin
for t in zlua-stubgen-mono zlua-marshalc-mono zlua-annot-mono; do
  [ -x "$bin/$t" ] || { echo "generators-ship-check: $t not installed" >&2; exit 1; }
done
p=$build/project
rm -rf "$p"
S=$p/Library/ScriptAssemblies
mkdir -p "$S" "$p/Assets/ZLua" "$p/Assets/Plugins/zlua" "$p/Library/ZLuaAnnotations"
cp "$build/install/lib/zlua/editor/ZLua.Common.dll" "$S/"
mcs -nologo -target:library -warnaserror+ -out:"$S/MyGame.Core.dll" "$src/tests/gen-game/GenGame.Core.cs"
mcs -nologo -target:library -warnaserror+ -r:"$S/MyGame.Core.dll" -r:"$S/ZLua.Common.dll" \
  -out:"$S/Assembly-CSharp.dll" "$src/tests/gen-game/GenGame.cs"
sed 's/Assembly name="GenGame"/Assembly name="Assembly-CSharp"/' "$src/tests/gen-game/rules.xml" \
  > "$p/Assets/ZLua/rules.xml"
cd "$p"
as=(--assembly Library/ScriptAssemblies/MyGame.Core.dll
    --assembly Library/ScriptAssemblies/Assembly-CSharp.dll)
"$bin/zlua-marshalc-mono" "${as[@]}" -o Assets/Plugins/zlua/zlua_marshal_tables.c \
  Assets/ZLua/rules.xml
"$bin/zlua-stubgen-mono" "${as[@]}" --rules Assets/ZLua/rules.xml --link-xml Assets/ZLua/link.xml \
  --out Assets/Plugins/zlua/zlua_stubs.cpp --report Library/zlua_stubs_report.txt
"$bin/zlua-annot-mono" "${as[@]}" --rules Assets/ZLua/rules.xml \
  --out Library/ZLuaAnnotations/game.lua
grep -q 'Assets/ZLua/rules.xml:' Assets/Plugins/zlua/zlua_marshal_tables.c
grep -q '^stub     Hero.Move ' Library/zlua_stubs_report.txt
grep -q 'zlua_generated_stubs' Assets/Plugins/zlua/zlua_stubs.cpp
grep -q '<type fullname="GenGame.Hero" preserve="nothing">' Assets/ZLua/link.xml
grep -q 'GenGame.Hero' Library/ZLuaAnnotations/game.lua
[ -s "$build/install/share/zlua/annot/zlua.lua" ]
echo "generators-ship-check: the installed generators ran over a project (no test tree)"
