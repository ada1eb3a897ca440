#!/bin/sh
# stubgen_compare.sh SIM_STUBGEN MONO_STUBGEN WORKDIR FIXTURES_DIR -- the stub
# generator's report over the fixture assemblies, made once from the
# simulation's metadata and once from Mono's, must be the same: which
# methods get a stub, how many stubs, which keep the generic invoker and
# why.  (The stubs' keys carry metadata tokens, which the simulation does
# not share with mcs's output; the report names methods, not tokens.)
# Lines are compared sorted: the two list methods in different orders.
# The assemblies' own types only (--no-instances): the generic instances
# their signatures use are the corlib's, and the simulation's corlib
# declares a few members of List<T> and Dictionary<K, V>, Mono's all.
set -eu
sim=$1 mono=$2 dir=$3 asm=$4
mkdir -p "$dir"
"$sim" --no-instances "$dir/sim.cpp" "$dir/sim.txt" Assembly-CSharp ZLua.Tests
"$mono" --no-instances --assembly "$asm/Assembly-CSharp.dll" --assembly "$asm/ZLua.Tests.dll" \
    --out "$dir/mono.cpp" --report "$dir/mono.txt"
sort "$dir/sim.txt" > "$dir/sim.sorted"
sort "$dir/mono.txt" > "$dir/mono.sorted"
if ! diff -u "$dir/sim.sorted" "$dir/mono.sorted"; then
    echo "stubgen_compare: the reports differ (above: - simulation, + Mono)" >&2
    exit 1
fi
echo "stubgen_compare: same report from both runtimes:"
tail -n 2 "$dir/mono.txt"
