# The Editor benchmark (bench/mono): zlua-bench-mono, libzlua on Mono
# against a hand-written Lua C API binding over Mono's embedding API, and
# EditorBench.dll, the C# both reach.  tools/bench-mono.sh runs it; ctest
# bench.mono checks that every case runs on both sides and allocates
# nothing managed per op.
if(NOT ZLUA_BUILD_BENCH)
  return()
endif()
set(ZLUA_BENCH_MONO_DLL ${CMAKE_BINARY_DIR}/bench/EditorBench.dll)
add_custom_command(OUTPUT ${ZLUA_BENCH_MONO_DLL}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/bench
  COMMAND ${ZLUA_MCS} -nologo -target:library -warnaserror+ -out:${ZLUA_BENCH_MONO_DLL}
          ${CMAKE_CURRENT_SOURCE_DIR}/bench/mono/EditorBench.cs
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/bench/mono/EditorBench.cs
  COMMENT "mcs EditorBench.dll" VERBATIM)
add_custom_target(zlua_bench_mono_dll ALL DEPENDS ${ZLUA_BENCH_MONO_DLL})

add_executable(zlua-bench-mono bench/mono/bench_mono.c tests/host/testbed.c
  tests/host/host_marshal.c ${ZLUA_MARSHAL_TABLE_SOURCES})
target_include_directories(zlua-bench-mono PRIVATE src src/mono tests/host tools/marshalc)
target_include_directories(zlua-bench-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-bench-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_link_libraries(zlua-bench-mono PRIVATE ${ZLUA_MONO_LINK} PkgConfig::LUA m)
set_target_properties(zlua-bench-mono PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
add_dependencies(zlua-bench-mono zlua_mono_test_assemblies zlua_bench_mono_dll)
add_test(NAME bench.mono COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bench/mono/check.sh
  $<TARGET_FILE:zlua-bench-mono> ${ZLUA_BENCH_MONO_DLL})
set_tests_properties(bench.mono PROPERTIES LABELS mono ENVIRONMENT "ZLUA_MONO_ASSEMBLIES=${ZLUA_MONO_DIR}")
