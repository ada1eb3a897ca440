# tests/annot: the annotations of R-ANNOT-1 (tools/annot), included from
# cmake/annot.cmake.  Label `annot`.  The entries that run the checker
# (emmylua_check, tests/annot/check.sh) also carry `annot-checker`: they
# are skipped (exit 77) where it is not installed, unless
# ZLUA_ANNOT_REQUIRE=1 (CI, .ci/run) makes that a failure.
#
# Over the fixture catalog (zlua-annot, annot/; and zlua-annot-mono,
# annot-mono/: annot.fixtures.mono.*) and over a game that is not a
# fixture (tests/game, Skirmish, zlua-annot-mono, annot-game/):
#   *.correct       a correct script gets no diagnostic
#   *.misuse        a misspelt member, a wrong argument count and a
#                   static called as an instance method (and the other
#                   way round) each get the diagnostic *_misuse.expected
#                   names, code and message
#   *.runs          the same scripts on libzlua: the correct one runs to
#                   its end, each misuse raises libzlua's own error
#   *.names         every name the annotations give is bound, and every
#                   static libzlua binds is annotated (names_check.lua)
set(ZLUA_ANNOT_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/annot)

# The hand-written zlua library file against the library itself.
add_test(NAME annot.zlua_lib
  COMMAND zlua-run ${ZLUA_ANNOT_TESTS}/zlua_lib_check.lua
          ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
          ${CMAKE_CURRENT_SOURCE_DIR}/src/lib/lib.c)
set_tests_properties(annot.zlua_lib PROPERTIES LABELS annot)

# The generator's refusals: clear messages, never a crash.
add_test(NAME annot.usage
  COMMAND ${ZLUA_ANNOT_TESTS}/usage.sh ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-annot>)
set_tests_properties(annot.usage PROPERTIES LABELS annot)

# zlua_annot_checks(NAME PREFIX LIBRARY LABELS RUNNER...): the checker
# and runtime entries above, annot.NAME.*, for the scripts
# tests/annot/PREFIX_*.lua, the annotations in the folder LIBRARY
# (PREFIX.lua there), the scripts run by RUNNER... (a host and its
# options); LABELS: more labels (a ;-list, or "").
function(zlua_annot_checks name prefix library labels)
  set(runner ${ARGN})
  set(dir ${ZLUA_ANNOT_TESTS})
  set(t annot.${name})
  add_test(NAME ${t}.correct
    COMMAND ${dir}/check.sh ${dir}/${prefix}_correct.lua /dev/null ${library})
  add_test(NAME ${t}.misuse
    COMMAND ${dir}/check.sh ${dir}/${prefix}_misuse.lua ${dir}/${prefix}_misuse.expected ${library})
  set_tests_properties(${t}.correct ${t}.misuse PROPERTIES
    LABELS "annot;annot-checker;${labels}" SKIP_RETURN_CODE 77)
  add_test(NAME ${t}.correct.runs COMMAND ${runner} ${dir}/${prefix}_correct.lua)
  add_test(NAME ${t}.misuse.runs COMMAND ${runner} ${dir}/${prefix}_misuse.lua)
  add_test(NAME ${t}.names COMMAND ${runner} ${dir}/names_check.lua ${library}/${prefix}.lua)
  set_tests_properties(${t}.correct.runs ${t}.misuse.runs ${t}.names PROPERTIES
    LABELS "annot;${labels}")
endfunction()

zlua_annot_checks(fixtures fixtures ${ZLUA_ANNOT_DIR} ""
  ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-run>)

if(ZLUA_MONO_TESTS)
  # The game's annotations, made from its assemblies as a Unity project's
  # build makes them (Skirmish.Plugins is opened by path at run time and
  # left out, as a project leaves out what it loads itself).
  set(ZLUA_ANNOT_GAME_DIR ${CMAKE_BINARY_DIR}/annot-game)
  add_custom_command(
    OUTPUT ${ZLUA_ANNOT_GAME_DIR}/game.lua ${ZLUA_ANNOT_GAME_DIR}/zlua.lua
    COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_ANNOT_GAME_DIR}
    COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-annot-mono>
            --assembly ${ZLUA_GAME_CORE} --assembly ${ZLUA_GAME_DLL} --assembly ${ZLUA_GAME_MODS}
            --out ${ZLUA_ANNOT_GAME_DIR}/game.lua
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
            ${ZLUA_ANNOT_GAME_DIR}/zlua.lua
    DEPENDS zlua-annot-mono ${ZLUA_GAME_CORE} ${ZLUA_GAME_DLL} ${ZLUA_GAME_MODS}
            ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
    COMMENT "Generating the Skirmish game's annotations on Mono")
  add_custom_target(zlua_annot_game ALL DEPENDS ${ZLUA_ANNOT_GAME_DIR}/game.lua)
  # The scripts run with the three assemblies opened, as annotated: a
  # reference found beside an assembly is loaded by Mono when first
  # used, and CS finds only the types of loaded ones (CS["Skirmish.Vec2"]
  # raises `type not found` in a state that has not used Skirmish.Core).
  zlua_annot_checks(game game ${ZLUA_ANNOT_GAME_DIR} mono
    ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} ZLUA_GAME_DIR=${ZLUA_GAME_DIR}
    $<TARGET_FILE:zlua-run-mono> --assembly ${ZLUA_GAME_CORE} --assembly ${ZLUA_GAME_DLL}
    --assembly ${ZLUA_GAME_MODS})

  # The fixture catalog again, its annotations made on Mono from its C#
  # (tests/fixtures) and its XML rules, as a project's build makes them,
  # and its scripts run on Mono: the same checks hold for both generators.
  set(ZLUA_ANNOT_MONO_DIR ${CMAKE_BINARY_DIR}/annot-mono)
  add_custom_command(
    OUTPUT ${ZLUA_ANNOT_MONO_DIR}/fixtures.lua ${ZLUA_ANNOT_MONO_DIR}/zlua.lua
    COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_ANNOT_MONO_DIR}
    COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-annot-mono>
            --assembly ${ZLUA_MONO_DIR}/Assembly-CSharp.dll --assembly ${ZLUA_MONO_DIR}/ZLua.Tests.dll
            --rules ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/catalog.xml
            --rules ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/tests.xml
            --out ${ZLUA_ANNOT_MONO_DIR}/fixtures.lua
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
            ${ZLUA_ANNOT_MONO_DIR}/zlua.lua
    # the assemblies' target, and their sources for the timestamp (the
    # assemblies themselves would put their rule in this target too)
    DEPENDS zlua-annot-mono zlua_mono_test_assemblies ${ZLUA_FIXTURE_CS}
            ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/catalog.xml
            ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/tests.xml
            ${CMAKE_CURRENT_SOURCE_DIR}/tools/annot/zlua.lua
    COMMENT "Generating the fixture catalog's annotations on Mono")
  add_custom_target(zlua_annot_fixtures_mono ALL DEPENDS ${ZLUA_ANNOT_MONO_DIR}/fixtures.lua)
  zlua_annot_checks(fixtures.mono fixtures ${ZLUA_ANNOT_MONO_DIR} mono
    ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-run-mono>)
  # The rules of a project (tests/gen-game: an attribute, an XML file)
  # give a method's parameters as several Lua values.
  add_test(NAME annot.gengame.rules
    COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} ${ZLUA_ANNOT_TESTS}/rules.sh
            $<TARGET_FILE:zlua-annot-mono> ${ZLUA_GENGAME_DIR} ${ZLUA_GENGAME_SRC}/rules.xml)
  set_tests_properties(annot.gengame.rules PROPERTIES LABELS "annot;mono")
  add_test(NAME annot.usage.mono
    COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV}
            ${ZLUA_ANNOT_TESTS}/usage.sh $<TARGET_FILE:zlua-annot-mono>)
  set_tests_properties(annot.usage.mono PROPERTIES LABELS "annot;mono")
endif()
