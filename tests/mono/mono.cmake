# tests/mono: libzlua on a real CLR.  Mono on its Boehm collector
# runs the same Lua suite as the simulated IL2CPP.  Included from the top
# CMakeLists.txt after tests/fixtures/fixtures.cmake, when the suite runs
# on Mono (ZLUA_MONO, libmonoboehm found): the test hosts and their ctest
# entries only.  What they run on is what a project ships, built by
# cmake/mono.cmake (zlua_mono, zlua_mono_rt, the assemblies in
# ZLUA_MONO_DIR, the Mono it found: MONO_*, ZLUA_MCS, ZLUA_MONOBOEHM);
# the fixture assemblies come from tests/fixtures (zlua_mono_fixtures).

# Under the sanitizers: Mono's own allocations live until exit (lsan.supp).
set(ZLUA_MONO_TEST_ENV "")
if(ZLUA_SANITIZE)
  set(ZLUA_MONO_TEST_ENV "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/lsan.supp")
endif()

# The assemblies the test hosts open: the backend's (cmake/mono.cmake)
# and the fixtures' (tests/fixtures).
add_custom_target(zlua_mono_test_assemblies ALL)
add_dependencies(zlua_mono_test_assemblies zlua_mono_assemblies zlua_mono_fixtures)

# The test host's start-up and testbed hooks (tests/mono), on the Boehm
# Mono it links; the C hosts link them with the backend's static
# libraries (zlua_mono, libzlua for Mono's collector; zlua_mono_rt,
# src/mono).
add_library(zlua_mono_host STATIC tests/mono/mono_host.c tests/mono/mono_testbed.c)
target_include_directories(zlua_mono_host PRIVATE src src/mono tests/host tests/mono include)
target_include_directories(zlua_mono_host SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua_mono_host PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_compile_definitions(zlua_mono_host PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
target_link_libraries(zlua_mono_host PUBLIC ${ZLUA_MONOBOEHM} PkgConfig::LUA m pthread dl)
set(ZLUA_MONO_LINK "$<LINK_GROUP:RESCAN,zlua_mono,zlua_mono_rt,zlua_mono_host>")

add_executable(zlua-run-mono tests/host/zlua_run.c tests/host/testbed.c tests/host/host_marshal.c
  ${ZLUA_MARSHAL_TABLE_SOURCES})
target_include_directories(zlua-run-mono PRIVATE src tests/host tools/marshalc)
target_compile_options(zlua-run-mono PRIVATE ${ZLUA_WARNINGS})
target_link_libraries(zlua-run-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
set_target_properties(zlua-run-mono PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
add_dependencies(zlua-run-mono zlua_mono_test_assemblies)

# Every busted spec and the tour, on Mono (lua.mono.<name>).
foreach(spec ${ZLUA_LUA_SPECS})
  get_filename_component(name ${spec} NAME_WE)
  add_test(NAME lua.mono.${name}
    COMMAND zlua-run-mono ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
            -o utfTerminal ${spec}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(lua.mono.${name} PROPERTIES LABELS mono TIMEOUT 300)
endforeach()
# libzlua's log lines reach zlua-run-mono's stderr (and testbed.logs()).
add_test(NAME run.mono.log_stderr
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/expect.sh
          ${CMAKE_CURRENT_SOURCE_DIR}/tests/host/log_stderr.expect
          $<TARGET_FILE:zlua-run-mono> ${CMAKE_CURRENT_SOURCE_DIR}/tests/host/log_stderr.lua)
set_tests_properties(run.mono.log_stderr PROPERTIES LABELS mono)
# On Mono the marshal rules come from the attributes read live (the
# Editor's path, host_marshal.h); the tables compiled from the
# simulation's metadata hold there too, being keyed by names only.
foreach(mode tables variant)
  add_test(NAME lua.mono.marshal_as_spec.${mode}
    COMMAND zlua-run-mono ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
            -o utfTerminal ${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/marshal_as_spec.lua
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(lua.mono.marshal_as_spec.${mode} PROPERTIES
    ENVIRONMENT ZLUA_RUN_MARSHAL=${mode} LABELS mono)
endforeach()
# ... and all of them in one process, as `busted lua/spec` runs them: no
# spec may depend on state an earlier one left (or not)
add_test(NAME lua.mono.one_process
  COMMAND zlua-run-mono ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
          -o utfTerminal ${CMAKE_CURRENT_SOURCE_DIR}/lua/spec
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(lua.mono.one_process PROPERTIES LABELS mono TIMEOUT 600)
add_test(NAME lua.mono.tour COMMAND zlua-run-mono ${CMAKE_CURRENT_SOURCE_DIR}/lua/examples/tour.lua)
set_tests_properties(lua.mono.tour PROPERTIES LABELS mono)

# A game of its own, opened with --assembly (tests/game).
include(tests/game/game.cmake)
add_dependencies(zlua-run-mono zlua_game_assemblies)

# The fixtures' C# sources: what the generators over the fixture
# assemblies depend on for their timestamps (beside the assemblies' target).
file(GLOB ZLUA_FIXTURE_CS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/fixtures/*.cs)

# The player's configuration's folder, and Boot.exe in it (made by
# tests/player-host, read by the stub generator below).
set(ZLUA_PLAYER_DIR ${CMAKE_BINARY_DIR}/player)
set(ZLUA_PLAYER_BOOT ${ZLUA_PLAYER_DIR}/Boot.exe)

# The Editor's configuration: the backend as a shared library, LuaEnv,
# and a C# host (tests/editor).
include(tests/editor/editor.cmake)

# The player's configuration: LuaEnv over DllImport("__Internal") in a
# host of a player's shape (tests/player-host).
include(tests/player-host/player_host.cmake)

# The fuzz harness's replay on Mono (tests/fuzz): the regression inputs and
# the seed corpus through the same grammar, on a real CLR.
add_executable(zlua-fuzz-replay-mono tests/fuzz/fuzz_zlua.c tests/fuzz/fuzz_gen.c
  tests/host/testbed.c)
target_compile_definitions(zlua-fuzz-replay-mono PRIVATE ZLUA_FUZZ_REPLAY ZLUA_FUZZ_MONO)
target_include_directories(zlua-fuzz-replay-mono PRIVATE src tests/host ${BDWGC_INCLUDE_DIRS})
target_compile_options(zlua-fuzz-replay-mono PRIVATE ${ZLUA_WARNINGS})
target_link_libraries(zlua-fuzz-replay-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
set_target_properties(zlua-fuzz-replay-mono PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
add_dependencies(zlua-fuzz-replay-mono zlua_mono_test_assemblies)
add_test(NAME fuzz.mono.regressions
  COMMAND zlua-fuzz-replay-mono ${CMAKE_CURRENT_SOURCE_DIR}/tests/fuzz/regressions
                                ${CMAKE_CURRENT_SOURCE_DIR}/tests/fuzz/corpus)
set_tests_properties(fuzz.mono.regressions PROPERTIES LABELS mono TIMEOUT 300)

# The C units that do not reach the runtime's catalog, on Mono's collector
# (unit.mono.<name>): the scope, the handles, UTF-8, and both registries
# scanned through the hook variable.  The collector's other units test the
# setter hook (test_gc_shim) or the simulated runtime itself.
foreach(name test_handle test_scope test_utf test_object_registry test_struct_registry)
  add_executable(${name}_mono tests/unit/${name}.c tests/unit/unit_support.c)
  target_include_directories(${name}_mono PRIVATE src tests/unit tests/host ${BDWGC_INCLUDE_DIRS})
  target_compile_definitions(${name}_mono PRIVATE ZLUA_UNIT_MONO=1 ZLUA_GC_HOOK_VARIABLE=1)
  target_compile_options(${name}_mono PRIVATE ${ZLUA_WARNINGS})
  target_link_libraries(${name}_mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::CMOCKA PkgConfig::LUA m)
  add_dependencies(${name}_mono zlua_mono_test_assemblies)
  add_test(NAME unit.mono.${name} COMMAND ${name}_mono)
  set_tests_properties(unit.mono.${name} PROPERTIES LABELS mono)
endforeach()

# The bind-time facts the backend reads from the metadata tables agree
# with reflection's over corlib and the fixtures (tests/mono/md_check.c).
add_executable(zlua-md-check-mono tests/mono/md_check.c tools/common/tool_rt_mono.c)
target_include_directories(zlua-md-check-mono PRIVATE ${ZLUA_TOOL_INCLUDES} src)
target_include_directories(zlua-md-check-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_definitions(zlua-md-check-mono PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
target_compile_options(zlua-md-check-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-md-check-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
add_dependencies(zlua-md-check-mono zlua_mono_test_assemblies)
add_test(NAME mono.metadata_reads
  COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} $<TARGET_FILE:zlua-md-check-mono>
          ${ZLUA_MONO_DIR}/Assembly-CSharp.dll ${ZLUA_MONO_DIR}/ZLua.Tests.dll)
set_tests_properties(mono.metadata_reads PROPERTIES LABELS mono)

# The stub generator over the real assemblies, as a Unity Editor runs it:
# its report must match the one made from the simulation's metadata, and
# the stubs it writes must compile against the player's headers.
# (tool_rt_mono.c, the tools' start of Mono, includes the backend's
# mono_rt.h, which names the runtime API by its path in src/)
set_source_files_properties(tools/common/tool_rt_mono.c PROPERTIES
  INCLUDE_DIRECTORIES ${CMAKE_CURRENT_SOURCE_DIR}/src)
add_executable(zlua-stubgen-mono tools/stubgen/zlua_stubgen.c tools/stubgen/stubgen_keep.c
  tools/common/tool_run.c
  tools/common/tool_rt_mono.c
  tools/marshalc/marshalc_xml.c tools/marshalc/marshalc_live.c
  ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c)
target_include_directories(zlua-stubgen-mono PRIVATE ${ZLUA_TOOL_INCLUDES})
target_include_directories(zlua-stubgen-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_definitions(zlua-stubgen-mono PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
# the same rule tables the simulation's generator reads (cmake/marshal.cmake)
target_compile_definitions(zlua-stubgen-mono PRIVATE
  ZLUA_STUBGEN_MARSHAL_TABLES=zlua_fixture_marshal
  ZLUA_STUBGEN_MARSHAL_TABLES_COUNT=zlua_fixture_marshal_count)
target_compile_options(zlua-stubgen-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-stubgen-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::EXPAT PkgConfig::LUA m)
add_dependencies(zlua-stubgen-mono zlua_mono_test_assemblies)
# Boot.exe (ZLUA_PLAYER_BOOT), a game's boot code, is one of the game's
# assemblies: its [LuaInvoke] method gets its IC stub here too.
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp ${CMAKE_BINARY_DIR}/zlua_stubs_mono_report.txt
  COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV}
          $<TARGET_FILE:zlua-stubgen-mono> --assembly ${ZLUA_MONO_DIR}/Assembly-CSharp.dll
          --assembly ${ZLUA_MONO_DIR}/ZLua.Tests.dll --assembly ${ZLUA_PLAYER_BOOT}
          --out ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp
          --report ${CMAKE_BINARY_DIR}/zlua_stubs_mono_report.txt
  # the target that makes Boot.exe, and its source for the timestamp (the
  # file itself would put the rule that makes it in a second target)
  DEPENDS zlua-stubgen-mono zlua_mono_test_assemblies zlua_player_assemblies
          ${CMAKE_CURRENT_SOURCE_DIR}/tests/player-host/Boot.cs ${ZLUA_FIXTURE_CS}
  COMMENT "Generating MethodBridge stubs from Mono's metadata")
add_library(zlua_stubs_mono_check OBJECT ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp)
target_include_directories(zlua_stubs_mono_check PRIVATE tests/sim/include include ${LUA_INCLUDE_DIRS})
target_compile_options(zlua_stubs_mono_check PRIVATE ${ZLUA_CXX_WARNINGS})
# R-IC-3: the Mono test host links the generated file for its IC stubs
# ([LuaInvoke] methods) and registers them (tests/host/host_stubs.h)
target_sources(zlua-run-mono PRIVATE $<TARGET_OBJECTS:zlua_stubs_mono_check>)
target_compile_definitions(zlua-run-mono PRIVATE ZLUA_TESTBED_IC=1)
add_test(NAME stubgen.mono
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/stubgen_compare.sh
          $<TARGET_FILE:zlua-stubgen> $<TARGET_FILE:zlua-stubgen-mono> ${CMAKE_BINARY_DIR}/stubgen-compare
          ${ZLUA_MONO_DIR})
set_tests_properties(stubgen.mono PROPERTIES LABELS mono)

# The rule compiler on Mono: [LuaMarshalAs] of the assemblies given
# (--assembly), read through Mono's metadata, with the XML rule files.
add_executable(zlua-marshalc-mono tools/marshalc/zlua_marshalc.c tools/marshalc/marshalc_xml.c
  tools/common/tool_run.c
  tools/common/tool_rt_mono.c)
target_include_directories(zlua-marshalc-mono PRIVATE ${ZLUA_TOOL_INCLUDES})
target_include_directories(zlua-marshalc-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_definitions(zlua-marshalc-mono PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
target_compile_options(zlua-marshalc-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-marshalc-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::EXPAT
  PkgConfig::LUA m)
add_dependencies(zlua-marshalc-mono zlua_mono_test_assemblies)
# the same rules from the fixtures' real metadata as from the simulation's
add_test(NAME marshalc.mono
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/marshalc_compare.sh
          $<TARGET_FILE:zlua-marshalc> $<TARGET_FILE:zlua-marshalc-mono>
          ${CMAKE_BINARY_DIR}/marshalc-compare ${ZLUA_MONO_DIR} ${ZLUA_MARSHAL_SKIP}
          ${ZLUA_MARSHAL_XML}
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
# and the catalog's illegal attributes fail the build there too
add_test(NAME marshalc.mono.catalog-illegal
  COMMAND ${ZLUA_MARSHAL_DIR}/expect.sh ${ZLUA_MARSHAL_DIR}/catalog-illegal.expect
          $<TARGET_FILE:zlua-marshalc-mono> --assembly ${ZLUA_MONO_DIR}/Assembly-CSharp.dll
          --assembly ${ZLUA_MONO_DIR}/ZLua.Tests.dll ${ZLUA_MARSHAL_XML}
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(marshalc.mono marshalc.mono.catalog-illegal PROPERTIES LABELS mono)

# Delegates whose parameters carry [LuaMarshalAs]: the compiler's copies on
# BeginInvoke / EndInvoke are not the user's rules (tests/marshal/delegates.sh).
set(ZLUA_MARSHAL_DELEGATES_DIR ${CMAKE_BINARY_DIR}/marshalc-delegates)
add_custom_command(OUTPUT ${ZLUA_MARSHAL_DELEGATES_DIR}/Delegates.dll
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_MARSHAL_DELEGATES_DIR}
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_COMMON} ${ZLUA_MARSHAL_DELEGATES_DIR}/ZLua.Common.dll
  COMMAND ${ZLUA_MCS} -nologo -target:library -warnaserror+ -r:${ZLUA_MONO_COMMON}
          -out:${ZLUA_MARSHAL_DELEGATES_DIR}/Delegates.dll ${ZLUA_MARSHAL_DIR}/Delegates.cs
  DEPENDS ${ZLUA_MARSHAL_DIR}/Delegates.cs ${ZLUA_MONO_COMMON}
  COMMENT "mcs Delegates.dll" VERBATIM)
add_custom_target(zlua_marshal_delegates ALL DEPENDS ${ZLUA_MARSHAL_DELEGATES_DIR}/Delegates.dll)
add_test(NAME marshalc.mono.delegates
  COMMAND ${ZLUA_MARSHAL_DIR}/delegates.sh $<TARGET_FILE:zlua-marshalc-mono>
          $<TARGET_FILE:zlua-stubgen-mono> ${ZLUA_MARSHAL_DELEGATES_DIR})
set_tests_properties(marshalc.mono.delegates PROPERTIES LABELS mono)

# Both over a game that is not a fixture, as a Unity project's build step
# runs them (tests/gen-game).
include(tests/gen-game/gen-game.cmake)

# A second game of the kind a new user writes, on both routes (tests/town).
include(tests/town/town.cmake)

if(ZLUA_SANITIZE)
  get_property(zlua_mono_tests DIRECTORY PROPERTY TESTS)
  foreach(t ${zlua_mono_tests})
    get_test_property(${t} LABELS labels)
    if(labels MATCHES "mono")
      set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${ZLUA_MONO_TEST_ENV})
    endif()
  endforeach()
endif()

# The Editor backend's loader of Mono's functions (src/mono/mono_syms.c),
# in a process that links no Mono: a missing function is an attach error
# naming it, and a Mono loaded out of the global scope is found by name:
# Debian's (mono.syms_missing) and a stand-in named as Unity's, whole
# (mono.syms_standin) and without mono_runtime_invoke (mono.syms_missing);
# the table's types are Mono's own declarations (mono_syms_types.c, a
# compile-time check).  And libzlua-mono itself links no Mono and names
# none of its functions (mono.syms_shipped).
add_executable(zlua-mono-syms-check tests/mono/mono_syms_check.c tests/mono/mono_syms_types.c
  src/mono/mono_syms.c)
target_include_directories(zlua-mono-syms-check PRIVATE src/mono)
target_include_directories(zlua-mono-syms-check SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-mono-syms-check PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-mono-syms-check PRIVATE dl)
foreach(variant standin standin-missing)
  add_library(zlua-mono-${variant} SHARED tests/mono/mono_standin.c)
  target_include_directories(zlua-mono-${variant} PRIVATE src/mono)
  target_compile_options(zlua-mono-${variant} PRIVATE ${ZLUA_WARNINGS})
  # no soname: found by the path it was loaded from, as Unity's may be
  set_target_properties(zlua-mono-${variant} PROPERTIES OUTPUT_NAME monobdwgc-2.0 NO_SONAME ON
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/mono-${variant})
  add_dependencies(zlua-mono-syms-check zlua-mono-${variant})
endforeach()
target_compile_definitions(zlua-mono-standin-missing PRIVATE mono_runtime_invoke=zm_standin_omitted)
add_test(NAME mono.syms_missing COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV} sh -c
  "\"$0\" \"$1\" libmonoboehm-2.0.so.1 && \"$0\" \"$2\" libmonobdwgc-2.0.so mono_runtime_invoke"
  $<TARGET_FILE:zlua-mono-syms-check> ${ZLUA_MONOBOEHM}
  $<TARGET_FILE:zlua-mono-standin-missing>)
add_test(NAME mono.syms_standin COMMAND zlua-mono-syms-check
  $<TARGET_FILE:zlua-mono-standin> libmonobdwgc-2.0.so)
set_tests_properties(mono.syms_missing mono.syms_standin PROPERTIES LABELS mono)
add_test(NAME mono.syms_shipped COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/syms_shipped.sh
  $<TARGET_FILE:zlua-mono>)
set_tests_properties(mono.syms_shipped PROPERTIES LABELS mono)
