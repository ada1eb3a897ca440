# cmake/mono.cmake -- libzlua's Unity Editor backend (src/mono), what a
# Unity project ships for the Editor: libzlua-mono.so (libzlua and the
# runtime boundary on Mono's embedding API, attaching to the domain already
# running), ZLua.LuaEnv.dll over it, ZLua.MonoHost.dll (the reflection
# helpers the backend calls) and ZLua.Common.dll ([LuaMarshalAs],
# [LuaInvoke], [LuaInvokeByName]).  Included from the top CMakeLists.txt whether or not the
# tests are built; the tests (tests/fixtures, tests/mono, tests/editor)
# build their hosts on the targets made here.
#
# Option ZLUA_MONO: ON by default where mcs, Mono's embedding headers
# (pkg-config mono-2) and Lua through pkg-config are found and the build
# is not a cross build; forced ON without them, configuration fails.
# Nothing here links a Mono library: the backend's mono_* are the
# process's (docs/embedding.md, "The Unity Editor").  Only the test hosts
# link one, the Boehm build (ZLUA_MONOBOEHM), found here too.

find_program(ZLUA_MCS mcs)
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(MONO QUIET mono-2)
endif()
# The Boehm-GC build of the runtime, the one libzlua hooks (its bdwgc is
# the collector the GC shim reaches), not the SGen libmono-2.0: the test
# hosts and the launcher standing for the Editor's executable link it.
find_library(ZLUA_MONOBOEHM monoboehm-2.0 HINTS ${MONO_LIBRARY_DIRS})

# libzlua-mono.so links Lua (the Editor's process has none); a build that
# names Lua's headers only (ZLUA_LUA_INCLUDE_DIR) has no library to link.
if(TARGET PkgConfig::LUA)
  set(ZLUA_MONO_HAS_LUA ON)
else()
  set(ZLUA_MONO_HAS_LUA OFF)
endif()
# a cross build (tools/build32.sh) would find the host's Mono: off there
if(ZLUA_MCS AND MONO_FOUND AND ZLUA_MONO_HAS_LUA AND NOT CMAKE_CROSSCOMPILING)
  set(ZLUA_MONO_DEFAULT ON)
else()
  set(ZLUA_MONO_DEFAULT OFF)
endif()
option(ZLUA_MONO "Build the Unity Editor backend (libzlua-mono.so, ZLua.*.dll; mcs, mono-2) and, with the tests, the suite on Mono"
  ${ZLUA_MONO_DEFAULT})
if(NOT ZLUA_MONO)
  message(STATUS "ZLUA_MONO: OFF (mcs: '${ZLUA_MCS}', pkg-config mono-2 found: '${MONO_FOUND}', "
    "Lua through pkg-config: ${ZLUA_MONO_HAS_LUA}, cross build: '${CMAKE_CROSSCOMPILING}')")
  return()
endif()
if(NOT ZLUA_MCS OR NOT MONO_FOUND)
  message(FATAL_ERROR "ZLUA_MONO needs mcs and Mono's embedding headers (pkg-config mono-2; "
    "Debian: mono-mcs, libmono-2.0-dev) (mcs: '${ZLUA_MCS}', mono-2 found: '${MONO_FOUND}')")
endif()
if(NOT ZLUA_MONO_HAS_LUA)
  message(FATAL_ERROR "ZLUA_MONO: libzlua-mono.so links Lua 5.4 (pkg-config lua5.4), "
    "which a build with ZLUA_LUA_INCLUDE_DIR does not look for; use pkg-config or "
    "-DZLUA_MONO=OFF")
endif()
message(STATUS "ZLUA_MONO: ON (the Editor backend in ${CMAKE_BINARY_DIR}/editor)")

# Where the build puts them: the backend's assemblies in mono/ (where the
# test hosts also find the fixture assemblies, tests/fixtures), and the
# folder a Unity project's Plugins/ takes in editor/ (C#'s DllImport finds
# the library beside the assemblies).
set(ZLUA_MONO_DIR ${CMAKE_BINARY_DIR}/mono)
set(ZLUA_EDITOR_DIR ${CMAKE_BINARY_DIR}/editor)
set(ZLUA_MONO_SRC ${CMAKE_CURRENT_SOURCE_DIR}/src/mono)
# The C# a game's assemblies reference, one folder per assembly (the
# runtime part of the Unity package: the Editor and the player alike)
set(ZLUA_RUNTIME_CS ${CMAKE_CURRENT_SOURCE_DIR}/unity/Runtime)

# ---- libzlua for Mono's collector, and the runtime boundary ------------------

# libzlua once more: the hook variable instead of the setter (gc_shim.h),
# no GC_THREADS (Mono's Boehm registers its threads itself), bdwgc's
# declarations only -- the collector is Mono's.  Position independent:
# it goes into the shared library.
add_library(zlua_mono STATIC ${ZLUA_SOURCES})
target_include_directories(zlua_mono PUBLIC include PRIVATE src)
# ZLUA_RT_CALLS: the Mono backend keeps a record of each method's calls per
# state (zlua_rt.h), so a call looks nothing up
target_compile_definitions(zlua_mono PRIVATE ZLUA_GC_HOOK_VARIABLE=1 ZLUA_RT_CALLS=1)
if(ZLUA_USE_SYSTEM_BDWGC)
  target_include_directories(zlua_mono PRIVATE ${BDWGC_INCLUDE_DIRS})
else()
  target_include_directories(zlua_mono BEFORE PRIVATE ${ZLUA_BDWGC_INCLUDE_DIR})
  if(ZLUA_BDWGC_FLAT_INCLUDE)
    target_compile_definitions(zlua_mono PRIVATE ZLUA_BDWGC_FLAT_INCLUDE=1)
  endif()
endif()
set_target_properties(zlua_mono PROPERTIES POSITION_INDEPENDENT_CODE ON)
zlua_library_flags(zlua_mono)

# The runtime boundary on Mono's embedding API.  It links no Mono library:
# the mono_* functions are the process's (the test hosts link
# libmonoboehm, the Editor has its own), looked up by name when the
# backend attaches (src/mono/mono_syms.c).
set(ZLUA_MONO_RT_SOURCES src/mono/mono_api.c src/mono/mono_attach.c src/mono/mono_attrs.c
  src/mono/mono_glue.c src/mono/mono_delegate.c src/mono/mono_delegate_regs.c src/mono/mono_ic.c src/mono/mono_thunk.c src/mono/mono_icall.c src/mono/mono_rules_xml.c
  src/mono/mono_syms.c)   # mono_env.c: the shared library's alone
# the XML rule files are read by the build tools' own reader (libexpat)
if(NOT TARGET PkgConfig::EXPAT)
  pkg_check_modules(EXPAT REQUIRED IMPORTED_TARGET expat)
endif()
add_library(zlua_mono_rt STATIC ${ZLUA_MONO_RT_SOURCES} tools/marshalc/marshalc_names.c
  tools/marshalc/marshalc_xml.c)
target_include_directories(zlua_mono_rt PUBLIC src/mono PRIVATE src src/il2cpp tools/marshalc include)
target_include_directories(zlua_mono_rt SYSTEM PUBLIC ${MONO_INCLUDE_DIRS})
target_compile_options(zlua_mono_rt PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
# ZM_MONO_THROUGH_TABLE: src/mono calls Mono through the table
# mono_syms.c fills at attach time (mono_syms.h), never by name
target_compile_definitions(zlua_mono_rt PRIVATE ZLUA_GC_HOOK_VARIABLE=1 ZM_MONO_THROUGH_TABLE=1)
set_target_properties(zlua_mono_rt PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_link_libraries(zlua_mono_rt PUBLIC PkgConfig::LUA PkgConfig::EXPAT m pthread dl)

# ---- the shared library the Editor loads ------------------------------------

# libzlua and src/mono in one shared library that links no Mono (its
# mono_* resolve from the process) and exports zlua_mono.h's functions.
add_library(zlua-mono SHARED src/mono/mono_env.c)
target_include_directories(zlua-mono PRIVATE src src/mono tools/marshalc include)
target_include_directories(zlua-mono SYSTEM PRIVATE ${MONO_INCLUDE_DIRS})
target_compile_options(zlua-mono PRIVATE ${ZLUA_WARNINGS} ${MONO_CFLAGS_OTHER})
target_compile_definitions(zlua-mono PRIVATE ZM_MONO_THROUGH_TABLE=1)
target_link_libraries(zlua-mono PRIVATE
  "$<LINK_LIBRARY:WHOLE_ARCHIVE,zlua_mono,zlua_mono_rt>" PkgConfig::LUA m pthread dl)
set_target_properties(zlua-mono PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${ZLUA_EDITOR_DIR})

include(CheckCCompilerFlag)
# A call from the library to its own function goes there directly, not
# through the PLT, and a function of one file can be inlined in its
# callers there: the library's functions are not for the process to
# interpose (its symbols stay visible: the test hosts link to them).
check_c_compiler_flag(-fno-semantic-interposition ZLUA_HAS_NO_INTERPOSITION)
if(ZLUA_HAS_NO_INTERPOSITION AND NOT WIN32 AND NOT APPLE)
  foreach(t zlua_mono zlua_mono_rt zlua-mono)
    target_compile_options(${t} PRIVATE -fno-semantic-interposition)
  endforeach()
  target_link_options(zlua-mono PRIVATE -Wl,-Bsymbolic-functions)
endif()
# generation in the Editor (R-PKG-2): the rule compiler, the stub
# generator and the annotation generator as library functions (ZLUA_TOOL_LIBRARY: no main, no exit,
# the Editor's attached domain), run by src/mono/mono_generate.c
target_sources(zlua-mono PRIVATE src/mono/mono_generate.c tools/common/tool_run.c
  tools/common/tool_rt_mono.c tools/marshalc/zlua_marshalc.c tools/marshalc/marshalc_live.c
  tools/stubgen/zlua_stubgen.c tools/stubgen/stubgen_keep.c tools/annot/zlua_annot.c
  tools/annot/annot_buf.c tools/annot/annot_set.c tools/annot/annot_names.c
  tools/annot/annot_class.c tools/annot/annot_tree.c)
target_include_directories(zlua-mono PRIVATE tools/common tools/stubgen tools/annot src/il2cpp)
target_compile_definitions(zlua-mono PRIVATE ZLUA_TOOL_LIBRARY=1)

# ---- the C# assemblies ---------------------------------------------------

# ZLua.Common.dll: the attributes a project's scripts use ([LuaMarshalAs],
# [LuaInvoke], [LuaInvokeByName]).  ZLua.MonoHost.dll: the
# reflection helpers.  Both in mono/, copied into editor/.
set(ZLUA_MONO_COMMON ${ZLUA_MONO_DIR}/ZLua.Common.dll)
set(ZLUA_MONO_HOST_DLL ${ZLUA_MONO_DIR}/ZLua.MonoHost.dll)
add_custom_command(OUTPUT ${ZLUA_MONO_COMMON}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_MONO_DIR}
  COMMAND ${ZLUA_MCS} -nologo -langversion:7.2 -target:library -unsafe -warnaserror+
          -optimize+ -debug- -out:${ZLUA_MONO_COMMON} ${ZLUA_RUNTIME_CS}/ZLua.Common/ZLua.Common.cs
  DEPENDS ${ZLUA_RUNTIME_CS}/ZLua.Common/ZLua.Common.cs
  COMMENT "mcs ZLua.Common.dll"
  VERBATIM)
add_custom_command(OUTPUT ${ZLUA_MONO_HOST_DLL}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_MONO_DIR}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror -target:library -unsafe -r:System.Core.dll
          -out:${ZLUA_MONO_HOST_DLL} ${ZLUA_MONO_SRC}/ZLua.MonoHost.cs
  DEPENDS ${ZLUA_MONO_SRC}/ZLua.MonoHost.cs
  COMMENT "mcs ZLua.MonoHost.dll"
  VERBATIM)
add_custom_target(zlua_mono_assemblies ALL DEPENDS ${ZLUA_MONO_COMMON} ${ZLUA_MONO_HOST_DLL})

# The Editor's folder: ZLua.LuaEnv.dll, made here, and the two above.
set(ZLUA_EDITOR_LUAENV ${ZLUA_EDITOR_DIR}/ZLua.LuaEnv.dll)
set(ZLUA_EDITOR_HELPERS ${ZLUA_EDITOR_DIR}/ZLua.MonoHost.dll)
set(ZLUA_EDITOR_COMMON ${ZLUA_EDITOR_DIR}/ZLua.Common.dll)
add_custom_command(OUTPUT ${ZLUA_EDITOR_LUAENV} ${ZLUA_EDITOR_HELPERS} ${ZLUA_EDITOR_COMMON}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ZLUA_EDITOR_DIR}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -out:${ZLUA_EDITOR_LUAENV}
          ${ZLUA_RUNTIME_CS}/ZLua.LuaEnv/ZLua.LuaEnv.cs
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_HOST_DLL} ${ZLUA_EDITOR_HELPERS}
  COMMAND ${CMAKE_COMMAND} -E copy ${ZLUA_MONO_COMMON} ${ZLUA_EDITOR_COMMON}
  DEPENDS ${ZLUA_RUNTIME_CS}/ZLua.LuaEnv/ZLua.LuaEnv.cs ${ZLUA_MONO_HOST_DLL} ${ZLUA_MONO_COMMON}
  COMMENT "mcs ZLua.LuaEnv.dll"
  VERBATIM)
add_custom_target(zlua_editor ALL DEPENDS ${ZLUA_EDITOR_LUAENV} ${ZLUA_EDITOR_HELPERS}
  ${ZLUA_EDITOR_COMMON})
add_dependencies(zlua_editor zlua_mono_assemblies zlua-mono)

# ---- install ---------------------------------------------------------------

# What a Unity project's Plugins/ takes for the Editor, in one folder
# (the library is per platform: lib/), and the C API's header.
set(ZLUA_EDITOR_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/zlua/editor)
install(TARGETS zlua-mono LIBRARY DESTINATION ${ZLUA_EDITOR_INSTALL_DIR})
install(FILES ${ZLUA_EDITOR_LUAENV} ${ZLUA_EDITOR_HELPERS} ${ZLUA_EDITOR_COMMON}
  DESTINATION ${ZLUA_EDITOR_INSTALL_DIR})
install(FILES include/zlua_mono.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
