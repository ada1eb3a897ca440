#!/usr/bin/env bash
# Builds libzlua, the simulated runtime, zlua-run and the unit tests as a
# 32-bit (i386) build on a Debian 12 amd64 host and runs ctest on it.
#   tools/build32.sh [BUILD_DIR] [extra cmake options...]      (as root)
#
# - installs what is missing (gcc-multilib, g++-multilib, qemu-user, the :i386 multiarch
#   -dev packages, the i386 Lua C modules busted needs); apt is skipped when
#   everything is present; when apt-get update fails on an i386 index (a
#   mirror serving it with the wrong size), tools/apt-foreign-fallback.sh
#   installs from the indexes that are served plus the verified i386 twins
#   of the amd64 side's security updates;
# - configures BUILD_DIR (default build-i386) with tools/i386-toolchain.cmake
#   (-m32, PKG_CONFIG_LIBDIR=/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig);
# - when the kernel cannot run 32-bit binaries (checked with a tiny program)
#   the tests run through qemu-i386 (CMAKE_CROSSCOMPILING_EMULATOR).
#
# Under qemu-i386 (Debian 12: QEMU 7.2) a guest thread's TLS pointer is wrong
# inside signal handlers once a second thread exists (pthread_self() returns
# the other thread, pthread_join() fails with EDEADLK), which breaks bdwgc's
# stop-the-world handshake: tests that start a thread hang or abort there.
# So, under emulation only, a preloaded shim makes GC_pthread_create call
# cmocka's skip() -- those tests show up as SKIPPED, not as failures.
# ZLUA32_SKIP_THREADS=0 runs them anyway (expect hangs; ctest --timeout
# ZLUA32_TIMEOUT, default 300 s, bounds each test).
#
# Environment: ZLUA32_EMULATOR=auto|none|/path/qemu-i386 (default auto),
# ZLUA32_SKIP_THREADS=1|0, ZLUA32_TIMEOUT=seconds, ZLUA32_CTEST_ARGS="...".
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=${1:-build-i386}
shift || true
case "$build" in /*) ;; *) build=$src/$build ;; esac
multiarch=i386-linux-gnu
export PKG_CONFIG_LIBDIR=/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig
unset PKG_CONFIG_PATH

log() { printf '== build32: %s\n' "$*"; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

# ---- 1. packages --------------------------------------------------------------
host_pkgs=(build-essential cmake pkg-config gcc-multilib g++-multilib qemu-user lua5.4 lua-busted)
# lua-system and lua-filesystem are Multi-Arch: same (co-installable with the
# amd64 ones busted uses); lua-term is not (lua-term:i386 would remove
# lua-busted and lua-term:amd64), so it is unpacked privately below.
i386_pkgs=(liblua5.4-dev:i386 libgc-dev:i386 libcmocka-dev:i386 libexpat1-dev:i386
           lua-system:i386 lua-filesystem:i386)
missing=()
for p in "${host_pkgs[@]}" "${i386_pkgs[@]}"; do installed "$p" || missing+=("$p"); done
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  if ! dpkg --print-foreign-architectures | grep -qx i386; then
    log "dpkg --add-architecture i386"
    dpkg --add-architecture i386
  fi
  log "installing: ${missing[*]}"
  if "$src/tools/apt-update.sh" i386; then
    apt-get install -y --no-install-recommends "${missing[@]}"
  else
    # An i386 index refused by the update (a mirror serving it with the wrong
    # size): install from the indexes that are served plus the i386 .debs of
    # the versions the amd64 side has (tools/apt-foreign-fallback.sh says
    # which indexes and which .debs it used, and how they were verified).
    log "apt-get update failed: installing through tools/apt-foreign-fallback.sh"
    "$src/tools/apt-foreign-fallback.sh" i386 "${missing[@]}"
  fi
else
  log "all packages present, skipping apt"
fi

luamods=$build/_i386-lua
term_so=$luamods/root/usr/lib/$multiarch/lua/5.4/term/core.so
if [ ! -e "$term_so" ]; then
  log "unpacking lua-term:i386 into $luamods (not co-installable)"
  mkdir -p "$luamods"
  (cd "$luamods" && rm -f lua-term_*_i386.deb &&
   apt-get -q -o APT::Sandbox::User=root download lua-term:i386 &&
   dpkg-deb -x lua-term_*_i386.deb root)
fi

# ---- 2. can this kernel run i386 binaries? ----------------------------------
probe=$build/_probe
mkdir -p "$probe"
printf '#include <stdio.h>\nint main(void){printf("%%d\\n",(int)(sizeof(void*)*8));return 0;}\n' \
  > "$probe/p.c"
gcc -m32 "$probe/p.c" -o "$probe/p32"
emulator=${ZLUA32_EMULATOR:-auto}
if [ "$emulator" = auto ]; then
  if [ "$("$probe/p32" 2>/dev/null || true)" = 32 ]; then
    emulator=none
    log "32-bit binaries run natively"
  else
    emulator=$(command -v qemu-i386 || true)
    [ -n "$emulator" ] || { echo "build32: no native i386 support and no qemu-i386" >&2; exit 1; }
    log "32-bit binaries do not run natively ($(
      "$probe/p32" 2>&1 | head -1 || true)); using $emulator"
  fi
fi
if [ "$emulator" != none ]; then
  [ "$("$emulator" "$probe/p32")" = 32 ] || { echo "build32: $emulator cannot run $probe/p32" >&2; exit 1; }
  emu_opt=(-DZLUA_I386_EMULATOR="$emulator")
else
  emu_opt=(-UZLUA_I386_EMULATOR -UCMAKE_CROSSCOMPILING_EMULATOR)
fi

# ---- 3. configure + build ------------------------------------------------------
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$src/tools/i386-toolchain.cmake" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "${emu_opt[@]}" "$@"
cmake --build "$build" -j"$(nproc)"
for f in "$build"/zlua-run "$build"/libzlua.a; do
  [ -e "$f" ] && log "$(file -b "$f" | cut -d, -f1-2): ${f#"$src"/}"
done

# ---- 4. test -----------------------------------------------------------------
# busted's C modules: system.core and lfs come from the :i386 packages
# (found through the i386 liblua's default cpath), term.core from $luamods.
export LUA_CPATH_5_4="$luamods/root/usr/lib/$multiarch/lua/5.4/?.so;;"
if [ "$emulator" != none ] && [ "${ZLUA32_SKIP_THREADS:-1}" = 1 ]; then
  shim=$build/_qemu-shim/libskipthreads.so
  mkdir -p "${shim%/*}"
  cat > "${shim%/*}/skipthreads.c" <<'EOF'
/* Preloaded into the i386 test programs under qemu-i386 only: a test that
 * starts a thread is skipped (cmocka's _skip), because qemu-i386 7.2 loses
 * the thread pointer in signal handlers once two threads exist, and bdwgc's
 * stop-the-world signals then hang or abort.  Outside cmocka (zlua-run,
 * zlua-bench) threads are created as usual. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
typedef int (*create_fn)(pthread_t *, const pthread_attr_t *,
                         void *(*)(void *), void *);
int GC_pthread_create(pthread_t *t, const pthread_attr_t *a,
                      void *(*fn)(void *), void *arg)
{
    void (*skip)(const char *, int) =
        (void (*)(const char *, int))dlsym(RTLD_DEFAULT, "_skip");
    if (skip != NULL) {
        fprintf(stderr, "build32: skipped: this test starts a thread; "
                "qemu-i386 breaks bdwgc's stop-the-world signals with threads\n");
        skip("build32-qemu-i386-shim", 0);
    }
    create_fn real = (create_fn)dlsym(RTLD_NEXT, "GC_pthread_create");
    return real(t, a, fn, arg);
}
EOF
  gcc -m32 -shared -fPIC -O1 -o "$shim" "${shim%/*}/skipthreads.c" -ldl
  # Set for the guest only (a host LD_PRELOAD would hit every amd64 process).
  # ZLUA_SKIP_THREAD_TESTS: for tests whose threads bypass GC_pthread_create
  # (tests/unit/test_thread.c starts threads unknown to the collector).
  export QEMU_SET_ENV=LD_PRELOAD=$shim,ZLUA_SKIP_THREAD_TESTS=1
  log "tests that start a thread are SKIPPED under qemu-i386 (ZLUA32_SKIP_THREADS=0 to run them)"
fi
cd "$build"
# shellcheck disable=SC2086
ctest --output-on-failure --timeout "${ZLUA32_TIMEOUT:-300}" -j"$(nproc)" ${ZLUA32_CTEST_ARGS:-}
