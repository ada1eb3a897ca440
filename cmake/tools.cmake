# cmake/tools.cmake -- the generators of a Unity project's build step
# (docs/embedding.md, "The build step of a Unity project") built and
# installed without the test tree (ZLUA_BUILD_TESTS=OFF), for CI jobs
# that build players: zlua-stubgen-mono, zlua-marshalc-mono and
# zlua-annot-mono, into bin/.  Each starts Mono's Boehm build
# (ZLUA_MONOBOEHM) and attaches the backend to it, loading
# ZLua.MonoHost.dll from the install's lib/zlua/editor
# (ZLUA_MONO_ASSEMBLIES names another folder; the build tree's copy is
# ${ZLUA_MONO_DIR}).  With the tests, tests/mono/mono.cmake and
# cmake/annot.cmake build the same tools under the same names with the
# fixture catalog's rule tables built in, for the suite: those are not
# installed.  Included from the top CMakeLists.txt after cmake/mono.cmake.
if(ZLUA_BUILD_TESTS OR NOT ZLUA_MONO)
  return()
endif()
if(NOT ZLUA_MONOBOEHM)
  message(WARNING "ZLUA_MONO: no libmonoboehm-2.0 (Debian: libmonoboehm-2.0-dev): the "
    "generators (zlua-stubgen-mono, zlua-marshalc-mono, zlua-annot-mono) are not built")
  return()
endif()

set(ZLUA_TOOLS_HELPERS_DIR ${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/zlua/editor)
set(zlua_tool_common tools/common/tool_rt_mono.c tools/common/tool_run.c
  tools/marshalc/marshalc_xml.c)
function(zlua_ship_tool name)
  add_executable(${name} ${ARGN} ${zlua_tool_common})
  target_include_directories(${name} PRIVATE tools/common tools/marshalc tools/annot src/il2cpp
    include src)
  target_include_directories(${name} SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
  target_compile_definitions(${name} PRIVATE ZLUA_MONO_ASSEMBLY_DIR="${ZLUA_TOOLS_HELPERS_DIR}")
  target_compile_options(${name} PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
  target_link_libraries(${name} PRIVATE "$<LINK_GROUP:RESCAN,zlua_mono,zlua_mono_rt>"
    ${ZLUA_MONOBOEHM} PkgConfig::EXPAT PkgConfig::LUA m pthread dl)
  add_dependencies(${name} zlua_mono_assemblies)
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
zlua_ship_tool(zlua-stubgen-mono tools/stubgen/zlua_stubgen.c tools/stubgen/stubgen_keep.c
  tools/marshalc/marshalc_live.c)
zlua_ship_tool(zlua-marshalc-mono tools/marshalc/zlua_marshalc.c)
zlua_ship_tool(zlua-annot-mono tools/annot/zlua_annot.c tools/annot/annot_buf.c
  tools/annot/annot_set.c tools/annot/annot_names.c tools/annot/annot_class.c
  tools/annot/annot_tree.c tools/marshalc/marshalc_live.c)
# the zlua library's annotations, beside the generated ones
install(FILES tools/annot/zlua.lua DESTINATION ${CMAKE_INSTALL_DATADIR}/zlua/annot)
