# tests/player-host: the player's configuration without a player.
# zlua-player-host links libzlua and Lua into one executable with Mono
# behind the runtime boundary (src/mono) and runs a C# program whose
# ZLua.LuaEnv is the player's build (ENABLE_IL2CPP: DllImport("__Internal")).
# Boot.exe, a game's boot code, runs there and in the Editor's
# configuration (zlua-mono, the backend plugin) with the same output.
# Included from tests/mono/mono.cmake after tests/editor.
set(ZLUA_PLAYER_HOST_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/player-host)
set(ZLUA_PLAYER_DIR ${CMAKE_BINARY_DIR}/player)

add_executable(zlua-player-host ${ZLUA_PLAYER_HOST_SRC}/zlua_player_host.c)
target_include_directories(zlua-player-host PRIVATE src src/mono include)
target_include_directories(zlua-player-host SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-player-host PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
# every libzlua object linked (the C# imports are resolved at run time),
# and exported, as __Internal looks in the executable itself
target_link_libraries(zlua-player-host PRIVATE
  "$<LINK_LIBRARY:WHOLE_ARCHIVE,zlua_mono,zlua_mono_rt>" ${ZLUA_MONOBOEHM} PkgConfig::LUA
  m pthread dl)
set_target_properties(zlua-player-host PROPERTIES ENABLE_EXPORTS ON
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

# ZLua.LuaEnv.dll in the player's configuration, and Boot.exe, compiled
# once against it and copied beside the Editor's build of that assembly.
set(ZLUA_PLAYER_LUAENV ${ZLUA_PLAYER_DIR}/ZLua.LuaEnv.dll)
set(ZLUA_PLAYER_BOOT ${ZLUA_PLAYER_DIR}/Boot.exe)
set(ZLUA_EDITOR_BOOT ${ZLUA_EDITOR_DIR}/Boot.exe)
add_custom_command(OUTPUT ${ZLUA_PLAYER_LUAENV} ${ZLUA_PLAYER_BOOT} ${ZLUA_EDITOR_BOOT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_PLAYER_DIR}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -define:ENABLE_IL2CPP
          -out:${ZLUA_PLAYER_LUAENV} ${ZLUA_MONO_SRC}/ZLua.LuaEnv.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_PLAYER_LUAENV}
          -out:${ZLUA_PLAYER_BOOT} ${ZLUA_PLAYER_HOST_SRC}/Boot.cs
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_HOST_DLL} ${ZLUA_PLAYER_DIR}/ZLua.MonoHost.dll
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_PLAYER_BOOT} ${ZLUA_EDITOR_BOOT}
  DEPENDS ${ZLUA_MONO_SRC}/ZLua.LuaEnv.cs ${ZLUA_PLAYER_HOST_SRC}/Boot.cs ${ZLUA_MONO_HOST_DLL}
  COMMENT "mcs ZLua.LuaEnv.dll (player configuration), Boot.exe"
  VERBATIM)
add_custom_target(zlua_player_assemblies ALL DEPENDS ${ZLUA_PLAYER_LUAENV} ${ZLUA_PLAYER_BOOT}
  ${ZLUA_EDITOR_BOOT})
add_dependencies(zlua_player_assemblies zlua_mono_assemblies zlua_editor)

add_test(NAME player.boot
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_PLAYER_HOST_SRC}/boot.expected
          $<TARGET_FILE:zlua-player-host> ${ZLUA_PLAYER_BOOT} ${ZLUA_PLAYER_HOST_SRC}/app)
add_test(NAME editor.boot
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_PLAYER_HOST_SRC}/boot.expected
          $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_BOOT} ${ZLUA_PLAYER_HOST_SRC}/app)
set_tests_properties(player.boot PROPERTIES LABELS mono)
set_tests_properties(editor.boot PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")
