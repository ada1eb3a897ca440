# tests/link: the preservation list and its link.xml (R-LINK-1).  The
# stub generator over the fixture catalog (the simulation) and over the
# three games that are not fixtures (Mono), each with an explicit list;
# the link.xml checked by linkxml-check, a strict reader of Unity's
# format, against the report's keep lines.  Included from CMakeLists.txt
# after tests/mono/mono.cmake (the games' assemblies).
set(ZLUA_LINK_SRC ${CMAKE_CURRENT_SOURCE_DIR}/tests/link)
set(ZLUA_LINK_DIR ${CMAKE_BINARY_DIR}/link)
add_executable(linkxml-check ${ZLUA_LINK_SRC}/linkxml_check.c)
target_compile_options(linkxml-check PRIVATE ${ZLUA_WARNINGS})
target_link_libraries(linkxml-check PRIVATE PkgConfig::EXPAT)

set(ZLUA_LINK_CHECK ${ZLUA_LINK_SRC}/link_check.sh)
# The generator and the checker are build tools run by a script: a cross
# build's run only under its emulator, and what they check (the
# generator's link.xml, the checker itself) is the native build's to check
if(CMAKE_CROSSCOMPILING)
  return()
endif()
add_test(NAME link.sim
  COMMAND ${ZLUA_LINK_CHECK} $<TARGET_FILE:zlua-stubgen> $<TARGET_FILE:linkxml-check>
          ${ZLUA_LINK_DIR}/sim ${ZLUA_LINK_SRC}/sim.keep)

# the checker refuses what Unity's linker would refuse or misread
file(GLOB zlua_link_bad ${ZLUA_LINK_SRC}/bad/*.xml)
foreach(f ${zlua_link_bad})
  get_filename_component(n ${f} NAME_WE)
  add_test(NAME link.checker.${n}
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/expect.sh ${f} $<TARGET_FILE:linkxml-check> ${f})
endforeach()

if(ZLUA_MONO_TESTS)
  set(stubgen $<TARGET_FILE:zlua-stubgen-mono>)
  add_test(NAME link.mono.skirmish
    COMMAND ${ZLUA_LINK_CHECK} ${stubgen} $<TARGET_FILE:linkxml-check>
            ${ZLUA_LINK_DIR}/skirmish ${ZLUA_LINK_SRC}/skirmish.keep
            --assembly ${ZLUA_GAME_CORE} --assembly ${ZLUA_GAME_DLL} --assembly ${ZLUA_GAME_MODS}
            --assembly ${ZLUA_GAME_PLUGINS})
  add_test(NAME link.mono.gengame
    COMMAND ${ZLUA_LINK_CHECK} ${stubgen} $<TARGET_FILE:linkxml-check>
            ${ZLUA_LINK_DIR}/gengame ${ZLUA_LINK_SRC}/gengame.keep
            --assembly ${ZLUA_GENGAME_CORE} --assembly ${ZLUA_GENGAME_DLL}
            --rules ${ZLUA_GENGAME_SRC}/rules.xml)
  add_test(NAME link.mono.town
    COMMAND ${ZLUA_LINK_CHECK} ${stubgen} $<TARGET_FILE:linkxml-check>
            ${ZLUA_LINK_DIR}/town ${ZLUA_LINK_SRC}/town.keep --assembly ${ZLUA_TOWN_DLL})
  # an explicit list's errors, each with its file and line
  set(outs --out ${ZLUA_LINK_DIR}/err.cpp --report ${ZLUA_LINK_DIR}/err.txt)
  add_test(NAME link.mono.error.list
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/expect.sh ${ZLUA_LINK_SRC}/errors/bad.expect
            ${stubgen} --assembly ${ZLUA_TOWN_DLL} ${outs}
            --preserve ${ZLUA_LINK_SRC}/errors/bad.keep)
  add_test(NAME link.mono.error.missing
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/expect.sh
            ${ZLUA_LINK_SRC}/errors/missing.expect
            ${stubgen} --assembly ${ZLUA_TOWN_DLL} ${outs}
            --preserve ${ZLUA_LINK_SRC}/errors/Missing.keep)
  set_tests_properties(link.mono.skirmish link.mono.gengame link.mono.town
    link.mono.error.list link.mono.error.missing PROPERTIES LABELS mono
    ENVIRONMENT "${ZLUA_MONO_TEST_ENV}")
endif()
