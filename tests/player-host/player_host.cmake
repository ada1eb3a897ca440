# tests/player-host: the player's configuration without a player.
# zlua-player-host links libzlua and Lua into one executable with Mono
# behind the runtime boundary (src/mono) and runs a C# program whose
# ZLua.LuaEnv is the player's build (ENABLE_IL2CPP: DllImport("__Internal")).
# Boot.exe, a game's boot code, runs there and in the Editor's
# configuration (zlua-mono, the backend plugin) with the same output.
# Included from tests/mono/mono.cmake after tests/editor.
set(ZLUA_PLAYER_HOST_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/player-host)
# ZLUA_PLAYER_DIR and ZLUA_PLAYER_BOOT: tests/mono/mono.cmake's (the
# stubs generated there take Boot.exe)

add_executable(zlua-player-host ${ZLUA_PLAYER_HOST_SRC}/zlua_player_host.c
  ${ZLUA_EDITOR_SRC}/mono_alloc_count.c ${ZLUA_EDITOR_SRC}/editor_testbed.c tests/host/testbed.c tests/mono/mono_testbed.c
  ${ZLUA_MARSHAL_TABLE_SOURCES})
target_compile_definitions(zlua-player-host PRIVATE ZLUA_TESTBED_PLAYER=1)
# R-IC-3: the generated file, as a player compiles it: its IC stubs reach
# libzlua as the program loads and LuaEnv registers them
target_sources(zlua-player-host PRIVATE $<TARGET_OBJECTS:zlua_stubs_mono_check>)
target_compile_definitions(zlua-player-host PRIVATE ZLUA_TESTBED_IC_ENV=1)
target_include_directories(zlua-player-host PRIVATE src src/mono include tests/host tests/mono
  tests/editor tools/marshalc)
target_include_directories(zlua-player-host SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-player-host PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
# every libzlua object linked (the C# imports are resolved at run time),
# and exported, as __Internal looks in the executable itself
# Lua: the player plugin's own when the build has one (ZLUA_LUA_SOURCE_DIR:
# the drop-in folder's liblua.a), else the system's
if(TARGET zlua_lua)
  set(zlua_player_lua zlua_lua)
else()
  set(zlua_player_lua PkgConfig::LUA)
endif()
target_link_libraries(zlua-player-host PRIVATE
  "$<LINK_LIBRARY:WHOLE_ARCHIVE,zlua_mono,zlua_mono_rt>" ${ZLUA_MONOBOEHM} ${zlua_player_lua}
  m pthread dl)
set_target_properties(zlua-player-host PROPERTIES ENABLE_EXPORTS ON
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

# ZLua.LuaEnv.dll in the player's configuration, and Boot.exe, compiled
# once against it and copied beside the Editor's build of that assembly.
set(ZLUA_PLAYER_LUAENV ${ZLUA_PLAYER_DIR}/ZLua.LuaEnv.dll)
set(ZLUA_EDITOR_BOOT ${ZLUA_EDITOR_DIR}/Boot.exe)
add_custom_command(OUTPUT ${ZLUA_PLAYER_LUAENV} ${ZLUA_PLAYER_BOOT} ${ZLUA_EDITOR_BOOT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_PLAYER_DIR}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -define:ENABLE_IL2CPP
          -out:${ZLUA_PLAYER_LUAENV} ${ZLUA_RUNTIME_CS}/ZLua.LuaEnv/ZLua.LuaEnv.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_PLAYER_LUAENV}
          -r:${ZLUA_MONO_COMMON} -out:${ZLUA_PLAYER_BOOT} ${ZLUA_PLAYER_HOST_SRC}/Boot.cs
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_HOST_DLL} ${ZLUA_PLAYER_DIR}/ZLua.MonoHost.dll
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_COMMON} ${ZLUA_PLAYER_DIR}/ZLua.Common.dll
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_PLAYER_BOOT} ${ZLUA_EDITOR_BOOT}
  DEPENDS ${ZLUA_RUNTIME_CS}/ZLua.LuaEnv/ZLua.LuaEnv.cs ${ZLUA_PLAYER_HOST_SRC}/Boot.cs ${ZLUA_MONO_HOST_DLL}
          ${ZLUA_MONO_COMMON}
  COMMENT "mcs ZLua.LuaEnv.dll (player configuration), Boot.exe"
  VERBATIM)
# zlua-run.exe, the specs' C# host, and LuaEnvCheck.exe, LuaEnv's API as
# C# calls it, in the player's configuration
set(ZLUA_PLAYER_RUN ${ZLUA_PLAYER_DIR}/zlua-run.exe)
set(ZLUA_PLAYER_CHECK ${ZLUA_PLAYER_DIR}/LuaEnvCheck.exe)
add_custom_command(OUTPUT ${ZLUA_PLAYER_RUN} ${ZLUA_PLAYER_CHECK}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -define:ENABLE_IL2CPP
          -r:${ZLUA_PLAYER_LUAENV} -out:${ZLUA_PLAYER_RUN} ${ZLUA_EDITOR_SRC}/zlua-run.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_PLAYER_LUAENV}
          -out:${ZLUA_PLAYER_CHECK} ${ZLUA_EDITOR_SRC}/LuaEnvCheck.cs
  DEPENDS ${ZLUA_EDITOR_SRC}/zlua-run.cs ${ZLUA_EDITOR_SRC}/LuaEnvCheck.cs ${ZLUA_PLAYER_LUAENV}
  COMMENT "mcs zlua-run.exe, LuaEnvCheck.exe (player configuration)"
  VERBATIM)
add_custom_target(zlua_player_assemblies ALL DEPENDS ${ZLUA_PLAYER_LUAENV} ${ZLUA_PLAYER_BOOT}
  ${ZLUA_EDITOR_BOOT} ${ZLUA_PLAYER_RUN} ${ZLUA_PLAYER_CHECK})
add_dependencies(zlua_player_assemblies zlua_mono_assemblies zlua_editor)

add_test(NAME player.boot
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_PLAYER_HOST_SRC}/boot.expected
          $<TARGET_FILE:zlua-player-host> ${ZLUA_PLAYER_BOOT} ${ZLUA_PLAYER_HOST_SRC}/app)
add_test(NAME editor.boot
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_PLAYER_HOST_SRC}/boot.expected
          $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_BOOT} ${ZLUA_PLAYER_HOST_SRC}/app)
set_tests_properties(editor.boot PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")

# The suite through the player's configuration (player.<name>): every
# busted spec, the tour and the game's app.lua, as in the Editor's.
set(ZLUA_PLAYER_CMD $<TARGET_FILE:zlua-player-host> ${ZLUA_PLAYER_RUN})
foreach(spec ${ZLUA_LUA_SPECS})
  get_filename_component(name ${spec} NAME_WE)
  add_test(NAME player.${name}
    COMMAND ${ZLUA_PLAYER_CMD} ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
            -o utfTerminal ${spec}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
endforeach()
add_test(NAME player.luaenv
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_EDITOR_SRC}/LuaEnvCheck.expected
          $<TARGET_FILE:zlua-player-host> ${ZLUA_PLAYER_CHECK} ${ZLUA_EDITOR_SRC}/lua)
add_test(NAME player.tour
  COMMAND ${ZLUA_PLAYER_CMD} ${CMAKE_CURRENT_SOURCE_DIR}/lua/examples/tour.lua)
set_tests_properties(player.tour PROPERTIES PASS_REGULAR_EXPRESSION "tour complete: .* as described")
add_test(NAME player.game.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_GAME_SRC}/app.expected
          ${ZLUA_PLAYER_CMD} --assembly ${ZLUA_GAME_DLL} ${ZLUA_GAME_SRC}/app.lua)
get_property(zlua_player_tests DIRECTORY PROPERTY TESTS)
foreach(t ${zlua_player_tests})
  if(t MATCHES "^player\\.")
    set_tests_properties(${t} PROPERTIES LABELS player TIMEOUT 300
      ENVIRONMENT "${ZLUA_EDITOR_ENV};ZLUA_GAME_DIR=${ZLUA_GAME_DIR}")
  endif()
endforeach()
