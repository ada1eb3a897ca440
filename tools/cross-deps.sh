# tools/cross-deps.sh -- sourced by tools/build-armhf.sh,
# tools/test-wine.sh, tools/build-mingw64.sh and tools/mono-windows-check.sh:
# the host packages they need (cross_install), the
# busted specs under their emulator (cross_specs), and the test tree's
# dependencies built for a cross
# target from Debian's source packages (upstream's tarballs, fetched with
# apt-get source; deb-src entries made by tools/lua-source.sh from the
# machine's own lists), as static libraries with their .pc files in one
# prefix.
#   cross_deps_build DEPS PREFIX TOOLCHAIN CC AR LUA_CFLAGS LUA_LIBS TARGET_NAME
# CC and AR build Lua (upstream's library files), LUA_CFLAGS its
# platform macros, LUA_LIBS what lua5.4.pc links beside it.  bdwgc, cmocka
# and expat go through CMake with TOOLCHAIN.  What is in PREFIX already is
# kept.  Exits the calling script, its log shown, on any failure.

cross_install() {   # cross_install PKG...: installs those of them that are missing
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  echo "== cross-deps: installing ${missing[*]}"
  tools/apt-update.sh
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

cross_specs() {   # cross_specs SRC TIMEOUT: the busted specs and the name checks, one
  # process each, under the build's emulator (ctest in the build folder):
  # busted's C helpers stood in for in plain Lua (tests/cross/busted),
  # busted and the specs the host's
  LUA_PATH_5_4="$1/tests/cross/busted/?.lua;$1/tests/cross/busted/?/init.lua;/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua" \
  LUA_CPATH_5_4="" \
    ctest -j"$(nproc)" -R '^lua\.([a-z0-9_]+_spec|names|names\.selftest)$' --timeout "$2" \
      --output-on-failure
}

cross_first() {   # cross_first PATH...: the first that exists, else nothing
  local p
  for p in "$@"; do [ -e "$p" ] && { echo "$p"; return; }; done
  return 0
}

cross_fetch() {   # cross_fetch DEPS SOURCE_PACKAGE: its tarball, unpacked in DEPS
  # (the Debian part may be missing from a mirror: only the tarball counts)
  local deps=$1 pkg=$2 t
  t=$(cross_first "$deps/$pkg"_*.orig.tar.gz "$deps/$pkg"_*.orig.tar.xz "$deps/$pkg"_*.orig.tar.bz2)
  if [ -z "$t" ]; then
    (cd "$deps" && apt-get source --download-only "$pkg" >&2) || true
    t=$(cross_first "$deps/$pkg"_*.orig.tar.gz "$deps/$pkg"_*.orig.tar.xz "$deps/$pkg"_*.orig.tar.bz2)
  fi
  [ -n "$t" ] || { echo "cross-deps: no upstream tarball of $pkg" >&2; exit 1; }
  tar -xf "$t" -C "$deps"
}

cross_cmake() {   # cross_cmake DEPS PREFIX TOOLCHAIN NAME SOURCE_DIR OPTIONS...
  local deps=$1 prefix=$2 toolchain=$3 name=$4 dir=$5
  shift 5
  cmake -S "$dir" -B "$deps/b-$name" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF "$@" \
    >"$deps/$name.log" 2>&1 &&
  cmake --build "$deps/b-$name" -j"$(nproc)" >>"$deps/$name.log" 2>&1 &&
  cmake --install "$deps/b-$name" >>"$deps/$name.log" 2>&1 ||
    { tail -30 "$deps/$name.log"; exit 1; }
}

cross_deps_build() {
  local deps=$1 prefix=$2 toolchain=$3 cc=$4 ar=$5 lua_cflags=$6 lua_libs=$7 target=$8
  local tree gc f
  mkdir -p "$prefix/lib/pkgconfig" "$deps"
  tree=$(tools/lua-source.sh "$deps")   # also makes the deb-src entries
  if [ ! -f "$prefix/lib/libgc.a" ]; then
    echo "== cross-deps: bdwgc (Debian's libgc source)"
    cross_fetch "$deps" libgc
    gc=$(cross_first "$deps"/gc-*/)
    # bdwgc's CMake takes mingw-w64's winpthreads for POSIX threads and
    # builds the POSIX stop-the-world, which Windows has not: its own
    # Windows threads code is what a MinGW build needs (a no-op elsewhere)
    sed -i 's/^if (CMAKE_USE_PTHREADS_INIT)$/if (CMAKE_USE_PTHREADS_INIT AND NOT MINGW)/;
            s/^elseif (CMAKE_USE_WIN32_THREADS_INIT)$/elseif (CMAKE_USE_WIN32_THREADS_INIT OR MINGW)/' \
      "$gc/CMakeLists.txt"
    grep -q 'NOT MINGW' "$gc/CMakeLists.txt" ||
      { echo "cross-deps: bdwgc's CMakeLists.txt changed: the MinGW threads fix did not apply"; exit 1; }
    cross_cmake "$deps" "$prefix" "$toolchain" bdwgc "$gc" -Denable_cplusplus=OFF \
      -Denable_docs=OFF -Dbuild_tests=OFF
  fi
  if [ ! -f "$prefix/lib/libcmocka.a" ]; then
    echo "== cross-deps: cmocka"
    cross_fetch "$deps" cmocka
    cross_cmake "$deps" "$prefix" "$toolchain" cmocka "$(cross_first "$deps"/cmocka-*/)" \
      -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF
    # the static library under the name cmocka.pc links
    rm -f "$prefix"/lib/libcmocka.so* "$prefix"/lib/libcmocka.dll.a "$prefix"/bin/*cmocka*.dll
    mv "$prefix/lib/libcmocka-static.a" "$prefix/lib/libcmocka.a"
  fi
  if [ ! -f "$prefix/lib/libexpat.a" ]; then
    echo "== cross-deps: expat"
    cross_fetch "$deps" expat
    cross_cmake "$deps" "$prefix" "$toolchain" expat \
      "$(cross_first "$deps"/libexpat-*/expat "$deps"/expat-*/)" -DEXPAT_SHARED_LIBS=OFF \
      -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF -DEXPAT_BUILD_TESTS=OFF \
      -DEXPAT_BUILD_DOCS=OFF
  fi
  if [ ! -f "$prefix/lib/liblua5.4.a" ]; then
    echo "== cross-deps: Lua ($(basename "$tree"))"
    mkdir -p "$deps/lua" "$prefix/include/lua5.4"
    for f in lapi lcode lctype ldebug ldo ldump lfunc lgc llex lmem lobject lopcodes lparser \
             lstate lstring ltable ltm lundump lvm lzio lauxlib lbaselib lcorolib ldblib liolib \
             lmathlib loadlib loslib lstrlib ltablib lutf8lib linit; do
      # shellcheck disable=SC2086
      "$cc" -O2 -std=gnu99 $lua_cflags -c "$tree/src/$f.c" -o "$deps/lua/$f.o"
    done
    "$ar" rcs "$prefix/lib/liblua5.4.a" "$deps"/lua/*.o
    cp "$tree"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h,lua.hpp} "$prefix/include/lua5.4/"
    cat >"$prefix/lib/pkgconfig/lua5.4.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include/lua5.4
Name: Lua
Description: Lua 5.4 built for $target from Debian's lua5.4 source
Version: $(basename "$tree" | sed 's/^lua-//')
Libs: -L\${libdir} -llua5.4 $lua_libs
Cflags: -I\${includedir}
EOF
  fi
}
