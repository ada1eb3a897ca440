#!/usr/bin/env bash
# The Editor backend's macOS branches (src/mono: finding Mono among dyld's
# loaded images, the thread's stack top) compiled by clang with every
# warning an error.  There is no Apple SDK here: the files are compiled
# for this machine's C library with the target's macros switched
# (__APPLE__ and __MACH__ defined, __linux__ not), and the three Apple
# functions they call declared by the stand-in headers of tests/apple,
# whose lines must be those tests/apple/standin.list records from Apple's
# published headers.  x86-64 (Intel Macs) always; arm64 too where the
# aarch64 C library headers are installed (the aarch64 stage's package).
# What this cannot see (Apple's C library itself, linking, running) is
# listed in docs/embedding.md, "What is verified here".
#   tools/mono-macos-check.sh                       the list, then the compile
#   tools/mono-macos-check.sh --recheck DYLD_GIT PTHREAD_GIT
#       also reads every listed line again from git directories of Apple's
#       dyld and libpthread sources (the commits the list names)
set -euo pipefail
cd "$(dirname "$0")/.."
list=tests/apple/standin.list
standins=(tests/apple/include/mach-o/dyld.h tests/apple/include/pthread.h)
# a declaration as compared: the availability attribute (one level of
# nested parentheses) dropped, whitespace collapsed
norm() { sed -E 's/__API_AVAILABLE\(([^()]|\([^()]*\))*\)//; s/[[:space:]]+/ /g; s/ ;/;/; s/^ //; s/ $//'; }
fail=0

# 1. every declaration line of the stand-ins is listed, and every listed
#    declaration is in a stand-in
decls=$(grep -hE '^(extern |void\*)' "${standins[@]}" | norm | sort)
listed=$(grep -v '^#' "$list" | cut -d'|' -f1 | norm | sort)
if [ "$decls" != "$listed" ]; then
  echo "mono-macos-check: the stand-ins' declarations are not $list's:"
  diff <(echo "$listed") <(echo "$decls") || true
  fail=1
fi

# 2. on demand, each listed line read again from Apple's sources
if [ "${1:-}" = --recheck ]; then
  dyld_git=$2 pthread_git=$3
  while IFS='|' read -r decl header where; do
    decl=$(norm <<<"$decl") header=$(norm <<<"$header") where=$(norm <<<"$where")
    repo=${where%@*} rest=${where#*@} commit=${rest%:*} line=${rest##*:}
    case "$repo" in *dyld) git=$dyld_git ;; *) git=$pthread_git ;; esac
    got=$(git -C "$git" show "$commit:$header" | sed -n "${line}p" | norm)
    if [ "$got" != "$decl" ]; then
      echo "mono-macos-check: $repo $header:$line reads '$got', listed '$decl'"
      fail=1
    fi
  done < <(grep -v '^#' "$list")
  [ "$fail" = 0 ] && echo "mono-macos-check: every listed declaration read again from Apple's sources"
fi
[ "$fail" = 0 ] || exit 1

# 3. src/mono with its macOS branches
flags=(-fsyntax-only -std=c11 -Wall -Wextra -Wpedantic -Werror
       -U__linux__ -U__linux -Ulinux -U__gnu_linux__ -D__APPLE__ -D__MACH__
       -DZM_MONO_THROUGH_TABLE -DZLUA_GC_HOOK_VARIABLE=1
       -isystem tests/apple/include -isystem /usr/include/mono-2.0 -isystem /usr/include/lua5.4
       -Isrc -Isrc/il2cpp -Isrc/mono -Iinclude -Itools -Itools/marshalc -Itools/common)
targets=(x86_64-linux-gnu)
[ -d /usr/aarch64-linux-gnu/include ] && targets+=(aarch64-linux-gnu)
n=0
for t in "${targets[@]}"; do
  sys=()
  [ "$t" = aarch64-linux-gnu ] && sys=(-isystem /usr/aarch64-linux-gnu/include)
  for f in src/mono/*.c; do
    clang --target="$t" "${flags[@]}" "${sys[@]}" "$f" || { echo "mono-macos-check: $f ($t)"; fail=1; }
    n=$((n + 1))
  done
done
[ "$fail" = 0 ] || exit 1
echo "mono-macos-check: src/mono's macOS branches compiled ($n compiles: ${targets[*]}), Apple's declarations as listed"
