#!/bin/sh
# marshalc_compare.sh SIM_MARSHALC MONO_MARSHALC WORKDIR FIXTURES_DIR [ARGS...]
# -- the rule compiler over the fixture catalog, once from the
# simulation's metadata and once from the real assemblies on Mono
# (attributes read through Mono's reflection), with the same XML files
# and flags (ARGS): the same rules must come out.  Lines are compared
# sorted: each runtime lists an assembly's attributes in its own order.
set -eu
sim=$1 mono=$2 dir=$3 asm=$4
shift 4
mkdir -p "$dir"
"$sim" -o "$dir/sim.c" --symbol zlua_compare "$@"
"$mono" --assembly "$asm/Assembly-CSharp.dll" --assembly "$asm/ZLua.Tests.dll" \
    -o "$dir/mono.c" --symbol zlua_compare "$@"
sort "$dir/sim.c" > "$dir/sim.sorted"
sort "$dir/mono.c" > "$dir/mono.sorted"
if ! diff -u "$dir/sim.sorted" "$dir/mono.sorted"; then
    echo "marshalc_compare: the tables differ (above: - simulation, + Mono)" >&2
    exit 1
fi
echo "marshalc_compare: the same $(grep -c '^    {"' "$dir/mono.c") rules from both runtimes"
