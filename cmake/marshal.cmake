# [LuaMarshalAs] rules (illegal rules, XML marshal rules): the build-time compiler,
# the fixture catalog's tables (build outputs, never committed) and the
# compiler's tests over the XML corpus of tests/marshal/.
if(NOT TARGET PkgConfig::EXPAT)   # cmake/mono.cmake may have found it
  pkg_check_modules(EXPAT REQUIRED IMPORTED_TARGET expat)
endif()

add_executable(zlua-marshalc tools/marshalc/zlua_marshalc.c tools/marshalc/marshalc_xml.c
  ${ZLUA_SIM_TOOL_SOURCES})
target_include_directories(zlua-marshalc PRIVATE ${ZLUA_TOOL_INCLUDES})
target_compile_options(zlua-marshalc PRIVATE ${ZLUA_WARNINGS})
# without the generated stubs: the stub generator reads these tables
target_link_libraries(zlua-marshalc PRIVATE "$<LINK_GROUP:RESCAN,zlua,zlua_sim>"
  PkgConfig::EXPAT PkgConfig::LUA m)

set(ZLUA_MARSHAL_DIR ${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal)
# Demo.EchoIntIllegal carries an illegal [LuaMarshalAs] on purpose
# (docs/marshal-rules.md, "--skip"), and so do the test assembly's ZLuaTests.Probe.Spread
# (UnpackedValues on a field) and Probe.Grip (OpaqueValue on a field): the
# compiler rejects them (ctest marshalc.catalog-illegal), so the fixture
# tables are compiled with their attributes left out.  The
# runtime-registration path (ZLUA_RUN_MARSHAL=live) still sees them.
set(ZLUA_MARSHAL_SKIP --skip "Demo.EchoIntIllegal(System.Int32)"
  --skip ZLuaTests.Probe.Spread --skip ZLuaTests.Probe.Grip)
# relative to the source tree: the tables' origins ("tests/marshal/catalog.xml:9")
set(ZLUA_MARSHAL_XML tests/marshal/catalog.xml tests/marshal/tests.xml)
set(ZLUA_MARSHAL_VARIANT_XML tests/marshal/variant/catalog.xml tests/marshal/tests.xml)

# zlua_marshal_tables(OUT SYMBOL XML... [FLAGS ...])
function(zlua_marshal_tables out symbol)
  cmake_parse_arguments(MT "" "" "XML;FLAGS" ${ARGN})
  list(TRANSFORM MT_XML PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/ OUTPUT_VARIABLE xml_deps)
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/${out}
    COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-marshalc>
            -o ${CMAKE_BINARY_DIR}/${out} --symbol ${symbol} ${ZLUA_MARSHAL_SKIP} ${MT_FLAGS}
            ${MT_XML}
    DEPENDS zlua-marshalc ${xml_deps}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    COMMENT "Compiling marshal rules ${out}" VERBATIM)
endfunction()
zlua_marshal_tables(zlua_marshal_fixture.c zlua_fixture_marshal XML ${ZLUA_MARSHAL_XML})
# the drop-in folder's copy, under the names docs/embedding.md's snippet uses
zlua_marshal_tables(zlua_marshal_tables.c zlua_marshal_tables XML ${ZLUA_MARSHAL_XML})
zlua_marshal_tables(zlua_marshal_fixture_xml.c zlua_fixture_marshal_xml
  XML ${ZLUA_MARSHAL_XML} FLAGS --no-attributes)
zlua_marshal_tables(zlua_marshal_variant.c zlua_fixture_marshal_variant
  XML ${ZLUA_MARSHAL_VARIANT_XML})
set(ZLUA_MARSHAL_TABLE_SOURCES ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c
  ${CMAKE_BINARY_DIR}/zlua_marshal_fixture_xml.c ${CMAKE_BINARY_DIR}/zlua_marshal_variant.c)

target_sources(zlua-run PRIVATE ${ZLUA_MARSHAL_TABLE_SOURCES} tests/sim/tool/sim_attrs.c
  tools/marshalc/marshalc_names.c)

# The stub generator reads the fixture tables: a method they give a
# multi-value slot (UnpackedValues) gets a stub of that shape, keyed by
# it (zlua_bridge_shape); other registrations fall back to the generic
# invoker for it.
target_sources(zlua-stubgen PRIVATE ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c
  tools/marshalc/marshalc_xml.c tools/marshalc/marshalc_live.c)
target_link_libraries(zlua-stubgen PRIVATE PkgConfig::EXPAT)
target_compile_definitions(zlua-stubgen PRIVATE
  ZLUA_STUBGEN_MARSHAL_TABLES=zlua_fixture_marshal
  ZLUA_STUBGEN_MARSHAL_TABLES_COUNT=zlua_fixture_marshal_count)
target_include_directories(zlua-run PRIVATE tools/marshalc src src/il2cpp)

# The marshal specs again with the other registrations (tests/host/host_marshal.h).
foreach(mode live variant)
  add_test(NAME lua.marshal_as_spec.${mode}
    COMMAND zlua-run ${BUSTED} --lpath=${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/?.lua -o utfTerminal
            ${CMAKE_CURRENT_SOURCE_DIR}/lua/spec/marshal_as_spec.lua
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
  set_tests_properties(lua.marshal_as_spec.${mode} PROPERTIES ENVIRONMENT ZLUA_RUN_MARSHAL=${mode})
endforeach()

# The compiler over the corpus: each file's first comment says what to
# expect (tests/marshal/expect.sh).
file(GLOB ZLUA_MARSHAL_CORPUS CONFIGURE_DEPENDS ${ZLUA_MARSHAL_DIR}/xml/*.xml)
foreach(xml ${ZLUA_MARSHAL_CORPUS})
  get_filename_component(name ${xml} NAME_WE)
  add_test(NAME marshalc.${name}
    COMMAND ${ZLUA_MARSHAL_DIR}/expect.sh ${xml}
            ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-marshalc>
            ${ZLUA_MARSHAL_SKIP} ${xml})
endforeach()
# The catalog as it is: Demo.EchoIntIllegal's attribute fails the build.
add_test(NAME marshalc.catalog-illegal
  COMMAND ${ZLUA_MARSHAL_DIR}/expect.sh ${ZLUA_MARSHAL_DIR}/catalog-illegal.expect
          ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:zlua-marshalc> ${ZLUA_MARSHAL_XML}
  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
if(TARGET zlua-bench)
  target_sources(zlua-bench PRIVATE ${CMAKE_BINARY_DIR}/zlua_marshal_fixture.c)
endif()
