# The annotation generator (R-ANNOT-1, tools/annot): EmmyLua / LuaLS
# annotations of the types a script reaches, for editors and checkers.
# Included from the top CMakeLists.txt with the tests, after
# cmake/marshal.cmake and tests/mono/mono.cmake: zlua-annot reads the
# simulated runtime's catalog (with the fixture catalog's rule tables),
# zlua-annot-mono a game's assemblies on Mono, as a Unity project's build
# would (reading the rules a project's assemblies carry and its XML
# files, as zlua-stubgen-mono does).  The fixture catalog's annotations are a build product,
# annot/fixtures.lua, next to a copy of the zlua library's file
# (annot/zlua.lua): a folder an editor can be pointed at.  The checks
# are in tests/annot.
set(ZLUA_ANNOT_SOURCES tools/annot/zlua_annot.c tools/annot/annot_buf.c
  tools/annot/annot_set.c tools/annot/annot_names.c tools/annot/annot_class.c
  tools/annot/annot_tree.c tools/marshalc/marshalc_live.c tools/marshalc/marshalc_xml.c)
set(ZLUA_ANNOT_DIR ${CMAKE_BINARY_DIR}/annot)

add_executable(zlua-annot ${ZLUA_ANNOT_SOURCES} ${ZLUA_SIM_TOOL_SOURCES}
  ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c)
target_include_directories(zlua-annot PRIVATE ${ZLUA_TOOL_INCLUDES} tools/annot)
target_compile_options(zlua-annot PRIVATE ${ZLUA_WARNINGS})
target_compile_definitions(zlua-annot PRIVATE
  ZLUA_ANNOT_MARSHAL_TABLES=zlua_fixture_marshal
  ZLUA_ANNOT_MARSHAL_TABLES_COUNT=zlua_fixture_marshal_count)
target_link_libraries(zlua-annot PRIVATE ${ZLUA_RUNTIME} PkgConfig::EXPAT PkgConfig::LUA m)
set_target_properties(zlua-annot PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

add_custom_command(
  OUTPUT ${ZLUA_ANNOT_DIR}/fixtures.lua ${ZLUA_ANNOT_DIR}/zlua.lua
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_ANNOT_DIR}
  COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-annot>
          --out ${ZLUA_ANNOT_DIR}/fixtures.lua
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
          ${ZLUA_ANNOT_DIR}/zlua.lua
  DEPENDS zlua-annot ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
  COMMENT "Generating the fixture catalog's annotations")
add_custom_target(zlua_annot_fixtures ALL DEPENDS ${ZLUA_ANNOT_DIR}/fixtures.lua)

if(ZLUA_MONO_TESTS)
  add_executable(zlua-annot-mono ${ZLUA_ANNOT_SOURCES} tools/common/tool_rt_mono.c
    tools/common/tool_run.c)
  target_include_directories(zlua-annot-mono PRIVATE ${ZLUA_TOOL_INCLUDES} tools/annot)
  target_include_directories(zlua-annot-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
  target_compile_definitions(zlua-annot-mono PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
  target_compile_options(zlua-annot-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
  target_link_libraries(zlua-annot-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::EXPAT PkgConfig::LUA m)
  add_dependencies(zlua-annot-mono zlua_mono_test_assemblies)
  set_target_properties(zlua-annot-mono PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
endif()

include(tests/annot/annot.cmake)
