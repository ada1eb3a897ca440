# tests/town: a second game that is not a fixture (a small city builder:
# readonly structs under a rule, base-class constants, params, IDisposable,
# non-generic collections, C# exceptions read from Lua), compiled by mcs
# against ZLua.Common.dll into ${CMAKE_BINARY_DIR}/town and run by its
# town.lua on both routes, whose output must be town.expected line for
# line: the C host (zlua-run-mono --assembly) and the Editor's
# configuration (ZLua.LuaEnv, the game opened with Assembly.LoadFrom).
# The simulation models the fixture catalog only: it has no Town.
# Included from tests/mono/mono.cmake after the Editor's tests.
set(ZLUA_TOWN_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/town)
set(ZLUA_TOWN_DLL ${CMAKE_BINARY_DIR}/town/Town.dll)
add_custom_command(OUTPUT ${ZLUA_TOWN_DLL}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/town
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_COMMON} ${CMAKE_BINARY_DIR}/town/
  COMMAND ${ZLUA_MCS} -nologo -langversion:7.2 -target:library -warnaserror+ -optimize+ -debug-
          -r:${ZLUA_MONO_COMMON} -out:${ZLUA_TOWN_DLL} ${ZLUA_TOWN_SRC}/Town.cs
  DEPENDS ${ZLUA_TOWN_SRC}/Town.cs ${ZLUA_MONO_COMMON}
  COMMENT "mcs Town.cs"
  VERBATIM)
add_custom_target(zlua_town_assemblies ALL DEPENDS ${ZLUA_TOWN_DLL})

add_test(NAME town.mono.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_TOWN_SRC}/town.expected
          $<TARGET_FILE:zlua-run-mono> --assembly ${ZLUA_TOWN_DLL} ${ZLUA_TOWN_SRC}/town.lua)
set_tests_properties(town.mono.app PROPERTIES LABELS mono)
add_test(NAME town.editor.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_TOWN_SRC}/town.expected
          ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_TOWN_DLL} ${ZLUA_TOWN_SRC}/town.lua)
set_tests_properties(town.editor.app PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")
