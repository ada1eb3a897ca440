# ctest package.stable: writes the package a second time (OUT, with the
# zlua-package target's arguments), then checks it against the first
# (FIRST): the same files, every meta byte for byte (tools/package-check.cmake).
include(${SRC}/cmake/package.cmake)
set(PKG "${FIRST}")
set(OTHER "${OUT}/${NAME}")
include(${SRC}/tools/package-check.cmake)
