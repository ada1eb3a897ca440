# tests/game: a small game that is not a fixture, compiled by mcs into
# ${CMAKE_BINARY_DIR}/game and driven from Lua the documented way
# (zlua-run-mono --assembly).  Included from tests/mono/mono.cmake.
set(ZLUA_GAME_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/game)
set(ZLUA_GAME_DIR ${CMAKE_BINARY_DIR}/game)

# zlua_game_assembly(OUT SOURCE [REFERENCES dll...])
function(zlua_game_assembly out source)
  cmake_parse_arguments(PARSE_ARGV 2 ARG "" "" "REFERENCES")
  set(refs "")
  foreach(r ${ARG_REFERENCES})
    list(APPEND refs -r:${r})
  endforeach()
  get_filename_component(dir ${out} DIRECTORY)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${ZLUA_MCS} -nologo -target:library -warnaserror+ -optimize+ -debug- ${refs}
            -out:${out} ${ZLUA_GAME_SRC}/${source}
    DEPENDS ${ZLUA_GAME_SRC}/${source} ${ARG_REFERENCES}
    COMMENT "mcs ${source}"
    VERBATIM)
endfunction()

set(ZLUA_GAME_CORE ${ZLUA_GAME_DIR}/Skirmish.Core.dll)
set(ZLUA_GAME_DLL ${ZLUA_GAME_DIR}/Skirmish.Game.dll)
set(ZLUA_GAME_MODS ${ZLUA_GAME_DIR}/Skirmish.Mods.dll)
set(ZLUA_GAME_PLUGINS ${ZLUA_GAME_DIR}/plugins/Skirmish.Plugins.dll)
zlua_game_assembly(${ZLUA_GAME_CORE} Skirmish.Core.cs)
zlua_game_assembly(${ZLUA_GAME_DLL} Skirmish.Game.cs REFERENCES ${ZLUA_GAME_CORE})
zlua_game_assembly(${ZLUA_GAME_MODS} Skirmish.Mods.cs
  REFERENCES ${ZLUA_GAME_CORE} ${ZLUA_GAME_DLL})
zlua_game_assembly(${ZLUA_GAME_PLUGINS} Skirmish.Plugins.cs
  REFERENCES ${ZLUA_GAME_CORE} ${ZLUA_GAME_DLL})
add_custom_target(zlua_game_assemblies ALL DEPENDS ${ZLUA_GAME_CORE} ${ZLUA_GAME_DLL}
  ${ZLUA_GAME_MODS} ${ZLUA_GAME_PLUGINS})

# The game's spec, and its app.lua, on the C host: only Skirmish.Game.dll
# is given; Skirmish.Core is found beside it, Skirmish.Mods and
# Skirmish.Plugins are opened by the scripts.
add_test(NAME game.mono.spec
  COMMAND zlua-run-mono --assembly ${ZLUA_GAME_DLL} ${BUSTED}
          --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua -o utfTerminal
          ${ZLUA_GAME_SRC}/game_spec.lua
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
add_test(NAME game.mono.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_GAME_SRC}/app.expected
          $<TARGET_FILE:zlua-run-mono> --assembly ${ZLUA_GAME_DLL} ${ZLUA_GAME_SRC}/app.lua)
set_tests_properties(game.mono.spec game.mono.app PROPERTIES LABELS mono
  ENVIRONMENT ZLUA_GAME_DIR=${ZLUA_GAME_DIR})
