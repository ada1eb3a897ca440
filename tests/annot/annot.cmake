# tests/annot: the annotations of R-ANNOT-1 (tools/annot), included from
# cmake/annot.cmake.  Label `annot`; the entries that run the checker
# (emmylua_check) also carry `annot-checker`: they skip (exit 77) where
# it is not installed, unless ZLUA_ANNOT_REQUIRE=1 (CI) makes that a
# failure.
set(ZLUA_ANNOT_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/annot)

# The hand-written zlua library file against the library itself.
add_test(NAME annot.zlua_lib
  COMMAND zlua-run ${ZLUA_ANNOT_TESTS}/zlua_lib_check.lua
          ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
          ${CMAKE_CURRENT_SOURCE_DIR}/src/lib/lib.c)
set_tests_properties(annot.zlua_lib PROPERTIES LABELS annot)
