# tests/scale: types past every fixed size, on the three hosts (R-BIND-1).
# The generated assembly of tests/sim/sim_generated.c, 3 classes of 800
# static methods: by environment on the simulation, compiled from
# gen_types.awk's C# for Mono and the Editor's configuration.
# Included from the top-level CMakeLists.txt after the hosts exist.
set(ZLUA_SCALE_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/scale)
set(ZLUA_SCALE_SPEC ${ZLUA_SCALE_SRC}/wide_spec.lua)
set(ZLUA_SCALE_BUSTED ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
    -o utfTerminal ${ZLUA_SCALE_SPEC})

add_test(NAME scale.wide
  COMMAND zlua-run ${ZLUA_SCALE_BUSTED}
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(scale.wide PROPERTIES
  ENVIRONMENT "ZLUA_SIM_EXTRA_CLASSES=3;ZLUA_SIM_EXTRA_MEMBERS=800")

if(ZLUA_MONO_TESTS)
  set(ZLUA_SCALE_DIR ${CMAKE_BINARY_DIR}/mono/scale)
  set(ZLUA_SCALE_DLL ${ZLUA_SCALE_DIR}/Generated.dll)
  add_custom_command(OUTPUT ${ZLUA_SCALE_DLL}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_SCALE_DIR}
    COMMAND sh -c "awk -v CLASSES=3 -v MEMBERS=800 -f \"$1\" > \"$2\"" gen_types
            ${ZLUA_SCALE_SRC}/gen_types.awk ${ZLUA_SCALE_DIR}/Generated.cs
    COMMAND ${ZLUA_MCS} ${ZLUA_MCS_FLAGS} -out:${ZLUA_SCALE_DLL} ${ZLUA_SCALE_DIR}/Generated.cs
    DEPENDS ${ZLUA_SCALE_SRC}/gen_types.awk
    COMMENT "Generating and compiling Generated.dll (3 classes of 800 methods)"
    VERBATIM)
  add_custom_target(zlua_scale_assemblies ALL DEPENDS ${ZLUA_SCALE_DLL})
  add_test(NAME scale.mono.wide
    COMMAND zlua-run-mono --assembly ${ZLUA_SCALE_DLL} ${ZLUA_SCALE_BUSTED}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  add_test(NAME scale.editor.wide
    COMMAND ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_SCALE_DLL} ${ZLUA_SCALE_BUSTED}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(scale.mono.wide PROPERTIES LABELS mono)
  set_tests_properties(scale.editor.wide PROPERTIES LABELS editor
    ENVIRONMENT "${ZLUA_EDITOR_ENV}")
endif()
# Under the sanitizers: Mono's own allocations live until exit, as for
# the other Mono hosts (tests/mono/lsan.supp).
if(ZLUA_MONO_TESTS AND ZLUA_SANITIZE)
  set_tests_properties(scale.mono.wide PROPERTIES ENVIRONMENT "${ZLUA_MONO_TEST_ENV}")
endif()
