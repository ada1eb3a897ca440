#!/usr/bin/env bash
# Runs every test binary, spec and the tour under valgrind (memcheck, full
# leak check).  bdwgc's conservative scanning reads uninitialised words by
# design; the suppression files silence only errors raised inside libgc.
#   tools/valgrind.sh [BUILD_DIR]     (default: build, built by tools/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
vg=(valgrind -q --error-exitcode=9 --leak-check=full
    --errors-for-leak-kinds=definite,indirect
    --suppressions=tests/unit/valgrind-bdwgc.supp
    --suppressions=tests/sim/bdwgc.supp)
fail=0
# test_concurrent_gc: a tenth of its default million registry operations
# is plenty under memcheck (its 40 s deadline bounds it anyway).
export ZLUA_CGC_OPS=${ZLUA_CGC_OPS:-100000}
run() { if "$@" >/tmp/zlua-vg.log 2>&1; then echo "ok    $*"; else echo "FAIL  $*"; tail -30 /tmp/zlua-vg.log; fail=1; fi; }
# gc_scale_spec's million entries would take many minutes under memcheck:
# a tenth of them exercises the same code.
export ZLUA_GC_SCALE_N=${ZLUA_GC_SCALE_N:-100000}
# The simulation's binaries only: Mono's JIT and collector are not
# memcheck-clean by themselves (the Mono suite runs under ASan instead).
for t in "$build"/test_*; do
  case "$t" in *_mono) continue ;; esac
  run "${vg[@]}" "$t"
done
for s in lua/spec/*_spec.lua; do
  run "${vg[@]}" "$build/zlua-run" "$(command -v busted)" --lpath=lua/spec/?.lua -o TAP "$s"
done
run "${vg[@]}" "$build/zlua-run" lua/examples/tour.lua
# types past every fixed size (tests/scale): 3 generated classes of 800 methods
ZLUA_SIM_EXTRA_CLASSES=3 ZLUA_SIM_EXTRA_MEMBERS=800 \
  run "${vg[@]}" "$build/zlua-run" "$(command -v busted)" --lpath=lua/spec/?.lua -o TAP \
  tests/scale/wide_spec.lua
# every fuzzer regression and seed, through the same harness
run "${vg[@]}" "$build/zlua-fuzz-replay" tests/fuzz/regressions tests/fuzz/corpus
# On Mono (C host, the Editor's LuaEnv and the player's): the hostile-script specs and
# the Editor's own checks, with errors inside Mono's library suppressed
# (tests/mono/valgrind-mono.supp: its collector and JIT) and no leak
# check (Mono keeps its heap to the end).  Not every spec: each start of
# Mono under memcheck costs tens of seconds.
if [ -x "$build/zlua-run-mono" ] && [ -x "$build/zlua-mono" ]; then
  vgm=(valgrind -q --error-exitcode=9 --leak-check=no
       --suppressions=tests/mono/valgrind-mono.supp)
  export ZLUA_MONO_ASSEMBLIES=${ZLUA_MONO_ASSEMBLIES:-$PWD/$build/mono}
  for s in threads policy reopen safety2 safety_final; do
    run "${vgm[@]}" "$build/zlua-run-mono" "$(command -v busted)" --lpath=lua/spec/?.lua \
      -o TAP "lua/spec/${s}_spec.lua"
    run "${vgm[@]}" "$build/zlua-mono" "$build/editor/zlua-run.exe" "$(command -v busted)" \
      --lpath=lua/spec/?.lua -o TAP "lua/spec/${s}_spec.lua"
  done
  # a project's XML rules read on both routes (src/mono/mono_rules_xml.c)
  if [ -f "$build/gen-game/GenGame.dll" ]; then
    run tests/game/expect.sh tests/gen-game/gen.expected "${vgm[@]}" "$build/zlua-run-mono" \
      --assembly "$build/gen-game/GenGame.dll" --rules tests/gen-game/rules.xml tests/gen-game/gen.lua
    run tests/game/expect.sh tests/gen-game/gen.expected "${vgm[@]}" "$build/zlua-mono" \
      "$build/editor/zlua-run.exe" --assembly "$build/gen-game/GenGame.dll" \
      --rules tests/gen-game/rules.xml tests/gen-game/gen.lua
  fi
  run tests/game/expect.sh tests/editor/LuaEnvSafety.expected \
    "${vgm[@]}" "$build/zlua-mono" "$build/editor/LuaEnvSafety.exe"
  run tests/game/expect.sh tests/editor/LuaEnvCheck.expected \
    "${vgm[@]}" "$build/zlua-mono" "$build/editor/LuaEnvCheck.exe" tests/editor/lua
  # the player's configuration: LuaEnv over __Internal (tests/player-host)
  if [ -x "$build/zlua-player-host" ]; then
    run tests/game/expect.sh tests/editor/LuaEnvCheck.expected \
      "${vgm[@]}" "$build/zlua-player-host" "$build/player/LuaEnvCheck.exe" tests/editor/lua
    run tests/game/expect.sh tests/player-host/boot.expected \
      "${vgm[@]}" "$build/zlua-player-host" "$build/player/Boot.exe" tests/player-host/app
  fi
fi
exit $fail
