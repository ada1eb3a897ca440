# tests/gen-game: the build step a Unity project runs over its own
# assemblies (docs/embedding.md, "The build step of a Unity project"),
# run over a small game that is not a fixture.  Included from
# tests/mono/mono.cmake: it needs the Mono builds of the generators.
set(ZLUA_GENGAME_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/gen-game)
set(ZLUA_GENGAME_DIR ${CMAKE_BINARY_DIR}/gen-game)
set(ZLUA_GENGAME_CORE ${ZLUA_GENGAME_DIR}/GenGame.Core.dll)
set(ZLUA_GENGAME_DLL ${ZLUA_GENGAME_DIR}/GenGame.dll)
add_custom_command(OUTPUT ${ZLUA_GENGAME_CORE}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_GENGAME_DIR}
  COMMAND ${ZLUA_MCS} -nologo -target:library -warnaserror+ -optimize+ -debug-
          -out:${ZLUA_GENGAME_CORE} ${ZLUA_GENGAME_SRC}/GenGame.Core.cs
  DEPENDS ${ZLUA_GENGAME_SRC}/GenGame.Core.cs
  COMMENT "mcs GenGame.Core.dll" VERBATIM)
# the attribute assembly a project references (ZLua.Common), copied beside
# the game as a project has it
add_custom_command(OUTPUT ${ZLUA_GENGAME_DLL}
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_COMMON} ${ZLUA_GENGAME_DIR}/ZLua.Common.dll
  COMMAND ${ZLUA_MCS} -nologo -target:library -warnaserror+ -optimize+ -debug-
          -r:${ZLUA_GENGAME_CORE} -r:${ZLUA_GENGAME_DIR}/ZLua.Common.dll
          -out:${ZLUA_GENGAME_DLL} ${ZLUA_GENGAME_SRC}/GenGame.cs
  DEPENDS ${ZLUA_GENGAME_SRC}/GenGame.cs ${ZLUA_GENGAME_CORE} ${ZLUA_MONO_COMMON}
  COMMENT "mcs GenGame.dll" VERBATIM)
add_custom_target(zlua_gengame_assemblies ALL DEPENDS ${ZLUA_GENGAME_CORE} ${ZLUA_GENGAME_DLL})

# The same commands at build time, for gen-bind-check to link their output.
set(ZLUA_GENGAME_OUT ${ZLUA_GENGAME_DIR}/build)
set(ZLUA_GENGAME_ASSEMBLIES --assembly ${ZLUA_GENGAME_CORE} --assembly ${ZLUA_GENGAME_DLL})
add_custom_command(
  OUTPUT ${ZLUA_GENGAME_OUT}/zlua_marshal_tables.c ${ZLUA_GENGAME_OUT}/zlua_stubs.cpp
         ${ZLUA_GENGAME_OUT}/zlua_stubs_report.txt
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_GENGAME_OUT}
  COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-marshalc-mono>
          ${ZLUA_GENGAME_ASSEMBLIES} -o ${ZLUA_GENGAME_OUT}/zlua_marshal_tables.c
          ${ZLUA_GENGAME_SRC}/rules.xml
  COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-stubgen-mono>
          ${ZLUA_GENGAME_ASSEMBLIES} --rules ${ZLUA_GENGAME_SRC}/rules.xml
          --out ${ZLUA_GENGAME_OUT}/zlua_stubs.cpp
          --report ${ZLUA_GENGAME_OUT}/zlua_stubs_report.txt
  DEPENDS zlua-marshalc-mono zlua-stubgen-mono zlua_gengame_assemblies
          ${ZLUA_GENGAME_SRC}/rules.xml
  COMMENT "The build step over tests/gen-game" VERBATIM)
add_executable(gen-bind-check ${ZLUA_GENGAME_SRC}/gen_bind_check.c tools/common/tool_rt_mono.c
  ${ZLUA_GENGAME_OUT}/zlua_marshal_tables.c ${ZLUA_GENGAME_OUT}/zlua_stubs.cpp)
target_include_directories(gen-bind-check PRIVATE ${ZLUA_TOOL_INCLUDES} tests/sim/include)
target_include_directories(gen-bind-check SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_definitions(gen-bind-check PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
target_compile_options(gen-bind-check PRIVATE
  $<$<COMPILE_LANGUAGE:C>:${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER}>
  $<$<COMPILE_LANGUAGE:CXX>:${ZLUA_CXX_WARNINGS}>)
target_link_libraries(gen-bind-check PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
set_target_properties(gen-bind-check PROPERTIES LINKER_LANGUAGE CXX)
add_dependencies(gen-bind-check zlua_mono_test_assemblies)

add_dependencies(gen-bind-check zlua_gengame_alone)
add_test(NAME gen.mono.build_step
  COMMAND ${ZLUA_GENGAME_SRC}/build_step.sh $<TARGET_FILE:zlua-stubgen-mono>
          $<TARGET_FILE:zlua-marshalc-mono> ${CMAKE_BINARY_DIR}/unity ${ZLUA_GENGAME_DIR}
          ${ZLUA_GENGAME_DIR}/check $<TARGET_FILE:gen-bind-check>
          ${CMAKE_CXX_COMPILER} ${CMAKE_C_COMPILER})
set_tests_properties(gen.mono.build_step PROPERTIES LABELS mono)

# What the tools say when an assembly cannot be read (tests/gen-game/errors).
add_custom_command(OUTPUT ${ZLUA_GENGAME_DIR}/alone/GenGame.dll
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_GENGAME_DLL} ${ZLUA_GENGAME_DIR}/alone/GenGame.dll
  DEPENDS ${ZLUA_GENGAME_DLL} VERBATIM)
add_custom_target(zlua_gengame_alone ALL DEPENDS ${ZLUA_GENGAME_DIR}/alone/GenGame.dll)
# GenGame.dll's own rule belongs to zlua_gengame_assemblies: without the
# target order, make runs it (and GenGame.Core.dll's) in both targets at
# once, two mcs writing one file
add_dependencies(zlua_gengame_alone zlua_gengame_assemblies)
set(ZLUA_GENGAME_OUTS --out ${ZLUA_GENGAME_DIR}/err.cpp --report ${ZLUA_GENGAME_DIR}/err.txt)
set(ZLUA_GENGAME_EXPECT ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/expect.sh)
set(err ${ZLUA_GENGAME_SRC}/errors)
add_test(NAME gen.mono.error.missing COMMAND ${ZLUA_GENGAME_EXPECT} ${err}/missing.expect
  $<TARGET_FILE:zlua-stubgen-mono> --assembly ${ZLUA_GENGAME_DIR}/Missing.dll ${ZLUA_GENGAME_OUTS})
add_test(NAME gen.mono.error.not-assembly COMMAND ${ZLUA_GENGAME_EXPECT} ${err}/not-assembly.expect
  $<TARGET_FILE:zlua-stubgen-mono> --assembly ${ZLUA_GENGAME_SRC}/rules.xml ${ZLUA_GENGAME_OUTS})
add_test(NAME gen.mono.error.missing-reference
  COMMAND ${ZLUA_GENGAME_EXPECT} ${err}/missing-reference.expect
  $<TARGET_FILE:zlua-marshalc-mono> --assembly ${ZLUA_GENGAME_DIR}/alone/GenGame.dll)
add_test(NAME gen.mono.error.xml-other-assembly
  COMMAND ${ZLUA_GENGAME_EXPECT} ${err}/xml-other-assembly.expect
  $<TARGET_FILE:zlua-marshalc-mono> ${ZLUA_GENGAME_ASSEMBLIES}
  ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/catalog.xml)
set_tests_properties(gen.mono.error.missing gen.mono.error.not-assembly
  gen.mono.error.missing-reference gen.mono.error.xml-other-assembly PROPERTIES LABELS mono)
add_test(NAME gen.error.sim-no-files COMMAND ${ZLUA_GENGAME_EXPECT} ${err}/sim-no-files.expect
  $<TARGET_FILE:zlua-stubgen> --assembly ${ZLUA_GENGAME_DLL} ${ZLUA_GENGAME_OUTS})

# The build-step example of docs/embedding.md, run as written.
add_test(NAME docs.build_step
  COMMAND ${ZLUA_GENGAME_SRC}/doc_example.sh ${CMAKE_CURRENT_SOURCE_DIR}/docs/embedding.md
          ${CMAKE_BINARY_DIR} ${ZLUA_MCS} ${ZLUA_GENGAME_DIR}/doc-project)
set_tests_properties(docs.build_step PROPERTIES LABELS mono)

# The game driven from Lua on both routes, its XML rules loaded as each
# loads them (the C host: --rules; the Editor: LuaEnv.LoadMarshalRules):
# gen.lua's output is gen.expected on both.  A rule file with an error
# applies nothing, and says where (the rule compiler's own message).
add_test(NAME gen.mono.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_GENGAME_SRC}/gen.expected
          $<TARGET_FILE:zlua-run-mono> --assembly ${ZLUA_GENGAME_DLL}
          --rules ${ZLUA_GENGAME_SRC}/rules.xml ${ZLUA_GENGAME_SRC}/gen.lua)
set_tests_properties(gen.mono.app PROPERTIES LABELS mono)
add_test(NAME gen.editor.app
  COMMAND ${ZLUA_GAME_SRC}/expect.sh ${ZLUA_GENGAME_SRC}/gen.expected
          ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_GENGAME_DLL}
          --rules ${ZLUA_GENGAME_SRC}/rules.xml ${ZLUA_GENGAME_SRC}/gen.lua)
add_test(NAME gen.editor.rules_error
  COMMAND ${ZLUA_EDITOR_CMD} --assembly ${ZLUA_GENGAME_DLL}
          --rules ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/xml/xml1-element.xml
          ${ZLUA_GENGAME_SRC}/gen.lua)
set_tests_properties(gen.editor.rules_error PROPERTIES WILL_FAIL FALSE
  PASS_REGULAR_EXPRESSION "xml1-element.xml:10: error: unknown element <Event> here \\(R-XML-1\\).*1 error\\(s\\) in the marshal rules \\(see the log\\); none applied")
set_tests_properties(gen.editor.app gen.editor.rules_error PROPERTIES LABELS editor
  ENVIRONMENT "${ZLUA_EDITOR_ENV}")
