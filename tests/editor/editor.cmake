# tests/editor: the Editor's configuration.  The managed side is in
# charge: a launcher starts Mono (zlua-mono, standing for the Editor's
# executable), C# (zlua-run.exe) opens the assemblies and makes a
# ZLua.LuaEnv, which loads the backend, libzlua-mono.so, through
# DllImport.  The backend and its assemblies are what a project ships,
# built by cmake/mono.cmake into ZLUA_EDITOR_DIR (${CMAKE_BINARY_DIR}/editor);
# the test programs here land beside them, where Mono's DllImport finds
# the libraries beside the assemblies.
set(ZLUA_EDITOR_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/editor)

# The specs' testbed for a LuaEnv: a test library over the backend.
add_library(zlua-mono-testbed SHARED ${ZLUA_EDITOR_SRC}/editor_testbed.c
  tests/host/testbed.c tests/mono/mono_testbed.c ${CMAKE_BINARY_DIR}/zlua_marshal_fixture_xml.c)
target_include_directories(zlua-mono-testbed PRIVATE src src/mono tests/host tests/mono include)
target_include_directories(zlua-mono-testbed SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-mono-testbed PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-mono-testbed PRIVATE zlua-mono PkgConfig::LUA m dl)
# R-IC-3: the LuaEnv registered the fixtures' [LuaInvoke] methods (the
# backend's trampolines, src/mono/mono_icall.c)
target_compile_definitions(zlua-mono-testbed PRIVATE ZLUA_TESTBED_IC_ENV=1)
set_target_properties(zlua-mono-testbed PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${ZLUA_EDITOR_DIR}
  BUILD_RPATH "$ORIGIN")

# The Editor's executable, as far as libzlua can tell: Mono's driver on
# the Boehm build (the collector libzlua hooks), allocations counted.
add_executable(zlua_mono_launcher ${ZLUA_EDITOR_SRC}/zlua_mono_launch.c
  ${ZLUA_EDITOR_SRC}/mono_alloc_count.c)
target_include_directories(zlua_mono_launcher SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua_mono_launcher PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua_mono_launcher PRIVATE ${ZLUA_MONOBOEHM})
set_target_properties(zlua_mono_launcher PROPERTIES ENABLE_EXPORTS ON OUTPUT_NAME zlua-mono
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})

# The C# host, over ZLua.LuaEnv.dll (cmake/mono.cmake).
set(ZLUA_EDITOR_RUN ${ZLUA_EDITOR_DIR}/zlua-run.exe)
add_custom_command(OUTPUT ${ZLUA_EDITOR_RUN}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_EDITOR_LUAENV}
          -out:${ZLUA_EDITOR_RUN} ${ZLUA_EDITOR_SRC}/zlua-run.cs
  DEPENDS ${ZLUA_EDITOR_SRC}/zlua-run.cs ${ZLUA_EDITOR_LUAENV}
  COMMENT "mcs zlua-run.exe"
  VERBATIM)
add_custom_target(zlua_editor_assemblies ALL DEPENDS ${ZLUA_EDITOR_RUN})
add_dependencies(zlua_editor_assemblies zlua_editor zlua_mono_test_assemblies zlua-mono-testbed
  zlua_mono_launcher zlua_game_assemblies)

set(ZLUA_EDITOR_CMD $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_RUN})

# The same suite again through LuaEnv in the C# host (editor.<name>):
# every busted spec, the tour, and the game's app.lua, whose output must
# be the C host's line for line (the same app.lua in Editor and player).
set(ZLUA_EDITOR_ENV ZLUA_MONO_ASSEMBLIES=${ZLUA_MONO_DIR})
# Under the sanitizers, no leak check at exit here: LeakSanitizer's tracer
# crashes now and then stopping the threads of a process whose main
# thread is managed (a few runs in a hundred).  ASan's checks hold, and the
# same specs run leak-checked on the C hosts (lua.*, lua.mono.*).
if(ZLUA_SANITIZE)
  list(APPEND ZLUA_EDITOR_ENV ASAN_OPTIONS=detect_leaks=0)
endif()
foreach(spec ${ZLUA_LUA_SPECS})
  get_filename_component(name ${spec} NAME_WE)
  add_test(NAME editor.${name}
    COMMAND ${ZLUA_EDITOR_CMD} ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
            -o utfTerminal ${spec}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
endforeach()
add_test(NAME editor.tour
  COMMAND ${ZLUA_EDITOR_CMD} ${CMAKE_CURRENT_SOURCE_DIR}/lua/examples/tour.lua)
set_tests_properties(editor.tour PROPERTIES PASS_REGULAR_EXPRESSION "tour complete: .* as described")
add_test(NAME editor.game.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_GAME_SRC}/app.expected
          ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_GAME_DLL} ${ZLUA_GAME_SRC}/app.lua)
add_test(NAME editor.game.spec
  COMMAND ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_GAME_DLL} ${BUSTED}
          --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua -o utfTerminal
          ${ZLUA_GAME_SRC}/game_spec.lua
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
get_property(zlua_editor_tests DIRECTORY PROPERTY TESTS)
foreach(t ${zlua_editor_tests})
  if(t MATCHES "^editor\\.")
    set_tests_properties(${t} PROPERTIES LABELS editor TIMEOUT 300
      ENVIRONMENT "${ZLUA_EDITOR_ENV};ZLUA_GAME_DIR=${ZLUA_GAME_DIR}")
  endif()
endforeach()

# LuaEnv's API as C# calls it, output compared (editor.luaenv).
set(ZLUA_EDITOR_CHECK ${ZLUA_EDITOR_DIR}/LuaEnvCheck.exe)
add_custom_command(OUTPUT ${ZLUA_EDITOR_CHECK}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_EDITOR_LUAENV}
          -out:${ZLUA_EDITOR_CHECK} ${ZLUA_EDITOR_SRC}/LuaEnvCheck.cs
  DEPENDS ${ZLUA_EDITOR_SRC}/LuaEnvCheck.cs ${ZLUA_EDITOR_LUAENV}
  COMMENT "mcs LuaEnvCheck.exe"
  VERBATIM)
add_custom_target(zlua_editor_check ALL DEPENDS ${ZLUA_EDITOR_CHECK})
add_dependencies(zlua_editor_check zlua_editor_assemblies)
add_test(NAME editor.luaenv
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_EDITOR_SRC}/LuaEnvCheck.expected
          $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_CHECK} ${ZLUA_EDITOR_SRC}/lua)
set_tests_properties(editor.luaenv PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")

# On Mono's SGen collector (Debian's /usr/bin/mono) LuaEnv refuses to
# start, saying why: libzlua's roots need the Boehm collector's hook.
# (Not under the sanitizers: their runtime must be the process's first.)
find_program(ZLUA_MONO_SGEN mono)
if(ZLUA_MONO_SGEN AND NOT ZLUA_SANITIZE)
  add_test(NAME editor.sgen_refused
    COMMAND ${ZLUA_MONO_SGEN} ${ZLUA_EDITOR_CHECK} ${ZLUA_EDITOR_SRC}/lua)
  set_tests_properties(editor.sgen_refused PROPERTIES LABELS editor
    PASS_REGULAR_EXPRESSION "cannot attach to Mono: Mono's collector is not Boehm")
endif()

# What a LuaEnv holds against its users and scripts (R-ENV-3,
# R-THREAD-1, R-PTR-1, R-POLICY-1, R-LIB-1), output compared
# (editor.luaenv_safety).  Its [LuaInvoke] methods need ZLua.Common.dll.
set(ZLUA_EDITOR_SAFETY ${ZLUA_EDITOR_DIR}/LuaEnvSafety.exe)
add_custom_command(OUTPUT ${ZLUA_EDITOR_SAFETY}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -unsafe -target:exe -r:System.Core.dll
          -r:${ZLUA_EDITOR_LUAENV} -r:${ZLUA_EDITOR_COMMON}
          -out:${ZLUA_EDITOR_SAFETY} ${ZLUA_EDITOR_SRC}/LuaEnvSafety.cs
  DEPENDS ${ZLUA_EDITOR_SRC}/LuaEnvSafety.cs ${ZLUA_EDITOR_LUAENV} ${ZLUA_EDITOR_COMMON}
  COMMENT "mcs LuaEnvSafety.exe"
  VERBATIM)
add_custom_target(zlua_editor_safety ALL DEPENDS ${ZLUA_EDITOR_SAFETY})
add_dependencies(zlua_editor_safety zlua_editor_assemblies)
add_test(NAME editor.luaenv_safety
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_EDITOR_SRC}/LuaEnvSafety.expected
          $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_SAFETY})
set_tests_properties(editor.luaenv_safety PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")

# The game's [LuaMarshalAs] rules reach a LuaEnv whatever came first: the
# env, the game (Assembly.LoadFrom) or ZLua.Common (R-EDITOR-2), output
# compared (editor.rules.<mode>, LuaEnvRules.cs).  The games sit in their
# own folder with ZLua.Common beside them, as a project's do; the
# unreadable case runs from a folder of its own (the program, LuaEnv and
# the backend, a game, no ZLua.Common), where Mono cannot find it.
set(ZLUA_EDITOR_RULES_DIR ${CMAKE_BINARY_DIR}/editor-rules)
set(ZLUA_EDITOR_ALONE_DIR ${CMAKE_BINARY_DIR}/editor-alone)
set(ZLUA_EDITOR_RULES ${ZLUA_EDITOR_DIR}/LuaEnvRules.exe)
set(ZLUA_EDITOR_RULES_A ${ZLUA_EDITOR_RULES_DIR}/RulesGameA.dll)
set(ZLUA_EDITOR_RULES_B ${ZLUA_EDITOR_RULES_DIR}/RulesGameB.dll)
add_custom_command(OUTPUT ${ZLUA_EDITOR_RULES} ${ZLUA_EDITOR_RULES_A} ${ZLUA_EDITOR_RULES_B}
         ${ZLUA_EDITOR_ALONE_DIR}/LuaEnvRules.exe
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_EDITOR_RULES_DIR} ${ZLUA_EDITOR_ALONE_DIR}
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_EDITOR_COMMON} ${ZLUA_EDITOR_RULES_DIR}/ZLua.Common.dll
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -r:${ZLUA_EDITOR_COMMON}
          -out:${ZLUA_EDITOR_RULES_A} ${ZLUA_EDITOR_SRC}/RulesGame.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -r:${ZLUA_EDITOR_COMMON}
          -define:SECOND -out:${ZLUA_EDITOR_RULES_B} ${ZLUA_EDITOR_SRC}/RulesGame.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:exe -r:${ZLUA_EDITOR_LUAENV}
          -out:${ZLUA_EDITOR_RULES} ${ZLUA_EDITOR_SRC}/LuaEnvRules.cs
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_EDITOR_RULES} ${ZLUA_EDITOR_LUAENV}
          ${ZLUA_EDITOR_HELPERS} ${ZLUA_EDITOR_RULES_A} ${ZLUA_EDITOR_ALONE_DIR}
  COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE:zlua-mono>
          ${ZLUA_EDITOR_ALONE_DIR}/$<TARGET_FILE_NAME:zlua-mono>
  DEPENDS ${ZLUA_EDITOR_SRC}/RulesGame.cs ${ZLUA_EDITOR_SRC}/LuaEnvRules.cs
          ${ZLUA_EDITOR_LUAENV} ${ZLUA_EDITOR_COMMON} zlua-mono
  COMMENT "mcs LuaEnvRules.exe, RulesGameA.dll, RulesGameB.dll"
  VERBATIM)
add_custom_target(zlua_editor_rules ALL DEPENDS ${ZLUA_EDITOR_RULES})
add_dependencies(zlua_editor_rules zlua_editor_assemblies)
foreach(mode after before two)
  add_test(NAME editor.rules.${mode}
    COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_EDITOR_SRC}/LuaEnvRules.${mode}.expected
            $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_RULES} ${mode}
            ${ZLUA_EDITOR_RULES_A} ${ZLUA_EDITOR_RULES_B})
endforeach()
add_test(NAME editor.rules.unreadable
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_EDITOR_SRC}/LuaEnvRules.unreadable.expected
          $<TARGET_FILE:zlua_mono_launcher> ${ZLUA_EDITOR_ALONE_DIR}/LuaEnvRules.exe unreadable
          ${ZLUA_EDITOR_ALONE_DIR}/RulesGameA.dll)
set_tests_properties(editor.rules.after editor.rules.before editor.rules.two
  editor.rules.unreadable PROPERTIES LABELS editor ENVIRONMENT "${ZLUA_EDITOR_ENV}")
