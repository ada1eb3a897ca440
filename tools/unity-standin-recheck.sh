#!/usr/bin/env bash
# Re-checks tests/unity-standin/standin.list against Unity's C# reference
# source (Unity-Technologies' UnityCsReference, a git repository with a tag
# per Unity version), on demand: CI has no copy of it, and ctest
# standin.list only checks the list against the stand-in.  For every
# version the list names (its "versions:" line), the files declaring the
# listed types are read from the tag (git show, no work tree needed) and
# every signature is located again: the file, line and declaration text
# must be the recorded ones (a partial class's parts together must carry
# the listed modifiers and base).
#   tools/unity-standin-recheck.sh GIT_DIR [--write]
# --write records what was found instead (after changing the stand-in:
# add the signature to the list, then run this to fill in its evidence);
# a signature not found in some version fails either way.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
git_dir=${1:?usage: tools/unity-standin-recheck.sh GIT_DIR [--write]}
write=${2-}
list=$src/tests/unity-standin/standin.list
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mcs -nologo -warnaserror+ -out:"$work/StandinCheck.exe" "$src/tests/unity-standin/StandinCheck.cs"
versions=$(sed -n 's/^versions://p' "$list")
# the listed types' own names
types=$(grep -E '^public .*\b(class|interface|struct|enum) ' "$list" |
  sed -E 's/.*\b(class|interface|struct|enum) ([A-Za-z0-9_.]+).*/\2/; s/.*\.//' | sort -u)
for tag in $versions; do
  git -C "$git_dir" rev-parse -q --verify "$tag^{commit}" >/dev/null ||
    { echo "unity-standin-recheck: no tag $tag in $git_dir"; exit 1; }
  alt=$(echo $types | tr ' ' '|')
  git -C "$git_dir" grep -l -E "(class|interface|struct|enum)[[:space:]]+($alt)\\b" "$tag" -- '*.cs' |
    sed "s|^$tag:||" | while read -r path; do
      mkdir -p "$work/src/$tag/$(dirname "$path")"
      git -C "$git_dir" show "$tag:$path" > "$work/src/$tag/$path"
    done
  echo "unity-standin-recheck: $tag: $(find "$work/src/$tag" -name '*.cs' | wc -l) files"
done
mono "$work/StandinCheck.exe" recheck "$list" "$work/src" $write
