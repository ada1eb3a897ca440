#!/usr/bin/env bash
# The Unity package as a release builds it, without the test tree (CI
# stage; R-PKG-1): configures BUILD_DIR with ZLUA_BUILD_TESTS=OFF and every
# warning an error, builds the target zlua-package, and checks the folder
# as ctest package.* checks the tests build's: package.json, the asmdefs,
# every .meta and its GUID (tests/unity-standin/package-guids.txt), the
# plugins' platforms; a second write of the package with the same metas;
# its C# compiled with mcs against the Unity stand-in in the Editor's
# configurations and the player's.
#   tools/package-ship-check.sh [BUILD_DIR]      (default build-package)
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-package}
cmake -S "$src" -B "$build" -DZLUA_BUILD_TESTS=OFF -DZLUA_BUILD_BENCH=OFF -DZLUA_WERROR=ON \
  -DZLUA_MONO=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target zlua-package
build=$(cd "$build" && pwd)
pkg=$(ls -d "$build"/package/*/ | head -n 1)
pkg=${pkg%/}
cmake -DPKG="$pkg" -DGUIDS="$src/tests/unity-standin/package-guids.txt" -P "$src/tools/package-check.cmake"
rm -rf "$pkg.first"
cp -R "$pkg" "$pkg.first"
cmake --build "$build" --target zlua-package >/dev/null
cmake -DPKG="$pkg" -DOTHER="$pkg.first" -P "$src/tools/package-check.cmake"
rm -rf "$pkg.first"
si=$build/unity-standin
mkdir -p "$si"
mcs -nologo -warnaserror+ -target:library -out:"$si/UnityEngine.dll" \
  "$src/tests/unity-standin/UnityEngine/UnityEngine.cs"
mcs -nologo -warnaserror+ -target:library -r:"$si/UnityEngine.dll" -out:"$si/UnityEditor.dll" \
  "$src/tests/unity-standin/UnityEditor/UnityEditor.cs"
for config in editor editor-il2cpp player; do
  cmake -DPKG="$pkg" -DSTANDIN="$si" -DCONFIG=$config -DOUT="$si/cs" -DMCS=mcs \
    -P "$src/tools/package-cs.cmake"
done
echo "package-ship-check: $pkg: checked (no test tree)"
