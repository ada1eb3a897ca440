# tests/mono: libzlua on a real CLR (issue 8).  Mono on its Boehm collector
# runs the same Lua suite as the simulated IL2CPP.  Included from the top
# CMakeLists.txt after tests/fixtures/fixtures.cmake, when ZLUA_MONO is ON:
# it uses the fixture assemblies built there (ZLUA_MONO_DIR,
# zlua_mono_fixtures) and the Mono it found (MONO_*, ZLUA_MCS,
# ZLUA_MONOBOEHM).

# Under the sanitizers: Mono's own allocations live until exit (lsan.supp).
set(ZLUA_MONO_TEST_ENV "")
if(ZLUA_SANITIZE)
  set(ZLUA_MONO_TEST_ENV "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/lsan.supp")
endif()

# The host's reflection helpers.
set(ZLUA_MONO_HOST_DLL ${ZLUA_MONO_DIR}/ZLua.MonoHost.dll)
add_custom_command(OUTPUT ${ZLUA_MONO_HOST_DLL}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_MONO_DIR}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror -target:library -r:System.Core.dll
          -out:${ZLUA_MONO_HOST_DLL} ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/ZLua.MonoHost.cs
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/ZLua.MonoHost.cs
  COMMENT "mcs ZLua.MonoHost.dll")
add_custom_target(zlua_mono_assemblies ALL DEPENDS ${ZLUA_MONO_HOST_DLL})
add_dependencies(zlua_mono_assemblies zlua_mono_fixtures)

# libzlua once more, for Mono's collector: the hook variable instead of
# the setter (gc_shim.h), no GC_THREADS (Mono's Boehm registers its threads
# itself), bdwgc's declarations only -- the collector is Mono's.
add_library(zlua_mono STATIC ${ZLUA_SOURCES})
target_include_directories(zlua_mono PUBLIC include PRIVATE src ${BDWGC_INCLUDE_DIRS})
target_compile_definitions(zlua_mono PRIVATE ZLUA_GC_HOOK_VARIABLE=1)
zlua_library_flags(zlua_mono)

# The runtime boundary on Mono's embedding API, and the host hooks.
file(GLOB ZLUA_MONO_RT_SOURCES CONFIGURE_DEPENDS tests/mono/*.c)
add_library(zlua_mono_rt STATIC ${ZLUA_MONO_RT_SOURCES} tools/marshalc/marshalc_names.c)
target_include_directories(zlua_mono_rt PRIVATE src tests/host tests/mono tools/marshalc include)
target_include_directories(zlua_mono_rt SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua_mono_rt PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_compile_definitions(zlua_mono_rt PRIVATE ZLUA_GC_HOOK_VARIABLE=1
  ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_MONO_DIR}")
target_link_libraries(zlua_mono_rt PUBLIC ${ZLUA_MONOBOEHM} PkgConfig::LUA m pthread dl)
set(ZLUA_MONO_LINK "$<LINK_GROUP:RESCAN,zlua_mono,zlua_mono_rt>")

add_executable(zlua-run-mono tests/host/zlua_run.c tests/host/testbed.c tests/host/host_marshal.c
  ${ZLUA_MARSHAL_TABLE_SOURCES})
target_include_directories(zlua-run-mono PRIVATE src tests/host tools/marshalc)
target_compile_options(zlua-run-mono PRIVATE ${ZLUA_WARNINGS})
target_link_libraries(zlua-run-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
set_target_properties(zlua-run-mono PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
add_dependencies(zlua-run-mono zlua_mono_assemblies)

# Every busted spec and the tour, on Mono (lua.mono.<name>).
foreach(spec ${ZLUA_LUA_SPECS})
  get_filename_component(name ${spec} NAME_WE)
  add_test(NAME lua.mono.${name}
    COMMAND zlua-run-mono ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua
            -o utfTerminal ${spec}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(lua.mono.${name} PROPERTIES LABELS mono TIMEOUT 300)
endforeach()
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
  add_dependencies(${name}_mono zlua_mono_assemblies)
  add_test(NAME unit.mono.${name} COMMAND ${name}_mono)
  set_tests_properties(unit.mono.${name} PROPERTIES LABELS mono)
endforeach()

# The stub generator over the real assemblies, as a Unity Editor runs it:
# its report must match the one made from the simulation's metadata, and
# the stubs it writes must compile against the player's headers.
add_executable(zlua-stubgen-mono tools/stubgen/zlua_stubgen.c
  ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c)
target_include_directories(zlua-stubgen-mono PRIVATE src tests/host)
# the same rule tables the simulation's generator reads (cmake/marshal.cmake)
target_compile_definitions(zlua-stubgen-mono PRIVATE
  ZLUA_STUBGEN_MARSHAL_TABLES=zlua_fixture_marshal
  ZLUA_STUBGEN_MARSHAL_TABLES_COUNT=zlua_fixture_marshal_count)
target_compile_options(zlua-stubgen-mono PRIVATE ${ZLUA_WARNINGS})
target_link_libraries(zlua-stubgen-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
add_dependencies(zlua-stubgen-mono zlua_mono_assemblies)
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp ${CMAKE_BINARY_DIR}/zlua_stubs_mono_report.txt
  COMMAND ${CMAKE_COMMAND} -E env ${ZLUA_MONO_TEST_ENV}
          $<TARGET_FILE:zlua-stubgen-mono> ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp
          ${CMAKE_BINARY_DIR}/zlua_stubs_mono_report.txt Assembly-CSharp ZLua.Tests
  DEPENDS zlua-stubgen-mono zlua_mono_assemblies
  COMMENT "Generating MethodBridge stubs from Mono's metadata")
add_library(zlua_stubs_mono_check OBJECT ${CMAKE_BINARY_DIR}/zlua_stubs_mono.cpp)
target_include_directories(zlua_stubs_mono_check PRIVATE tests/sim/include include ${LUA_INCLUDE_DIRS})
target_compile_options(zlua_stubs_mono_check PRIVATE ${ZLUA_CXX_WARNINGS})
add_test(NAME stubgen.mono
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/stubgen_compare.sh
          $<TARGET_FILE:zlua-stubgen> $<TARGET_FILE:zlua-stubgen-mono> ${CMAKE_BINARY_DIR}/stubgen-compare)
set_tests_properties(stubgen.mono PROPERTIES LABELS mono)

if(ZLUA_SANITIZE)
  get_property(zlua_mono_tests DIRECTORY PROPERTY TESTS)
  foreach(t ${zlua_mono_tests})
    get_test_property(${t} LABELS labels)
    if(labels MATCHES "mono")
      set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT ${ZLUA_MONO_TEST_ENV})
    endif()
  endforeach()
endif()
