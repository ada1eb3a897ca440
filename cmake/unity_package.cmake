# cmake/unity_package.cmake -- the target zlua-package: the Unity package
# folder (R-PKG-1), written by cmake/package.cmake into
# ${CMAKE_BINARY_DIR}/package/NAME.  Included from the top CMakeLists.txt
# with or without the tests; it needs the Editor backend (ZLUA_MONO).
# The package's player part is this build's: libzlua.a (and Lua, with
# ZLUA_LUA_SOURCE_DIR) for ZLUA_PACKAGE_PLAYER_PLATFORM, compiled as this
# build was configured (docs/embedding.md, section 1: against the player's
# bdwgc headers for a real player).
if(NOT ZLUA_MONO)
  message(STATUS "zlua-package: not built (it needs the Editor backend, ZLUA_MONO)")
  return()
endif()
set(ZLUA_PACKAGE_NAME "com.zlua.libzlua" CACHE STRING "The Unity package's name")
set(ZLUA_PACKAGE_PLAYER_PLATFORM "${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}" CACHE STRING
  "The package's player library folder (Plugins/Player/zlua/lib/PLATFORM)")
# the Editor plugin's folder, as the plugin importer names OS and CPU
set(zlua_pkg_os "${CMAKE_SYSTEM_NAME}")
if(zlua_pkg_os STREQUAL "Darwin")
  set(zlua_pkg_os OSX)
endif()
set(zlua_pkg_cpu "${CMAKE_SYSTEM_PROCESSOR}")
if(zlua_pkg_cpu MATCHES "^(AMD64|amd64|x86_64)$")
  set(zlua_pkg_cpu x86_64)
elseif(zlua_pkg_cpu MATCHES "^(arm64|aarch64)$")
  set(zlua_pkg_cpu ARM64)
endif()
# the writer's arguments, also used by ctest package.stable for a second build
set(ZLUA_PACKAGE_ARGS -DSRC=${CMAKE_CURRENT_SOURCE_DIR} -DNAME=${ZLUA_PACKAGE_NAME}
  -DVERSION=${PROJECT_VERSION} -DMONO_LIB=$<TARGET_FILE:zlua-mono>
  -DEDITOR_PLATFORM=${zlua_pkg_os}-${zlua_pkg_cpu} -DLIB=$<TARGET_FILE:zlua>
  -DPLATFORM=${ZLUA_PACKAGE_PLAYER_PLATFORM} -DLUAINC=${zlua_dropin_lua_inc}
  -DLUALIB=${zlua_dropin_lua_lib} -DLUAINC_EXTRA=${zlua_dropin_cc_inc})
set(ZLUA_PACKAGE_DIR ${CMAKE_BINARY_DIR}/package/${ZLUA_PACKAGE_NAME})
file(GLOB_RECURSE zlua_pkg_inputs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/unity/*)
add_custom_target(zlua-package ALL
  COMMAND ${CMAKE_COMMAND} -DOUT=${CMAKE_BINARY_DIR}/package ${ZLUA_PACKAGE_ARGS}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/package.cmake
  DEPENDS zlua zlua-mono ${zlua_pkg_inputs} cmake/package.cmake cmake/dropin.cmake
          src/mono/ZLua.MonoHost.cs include/zlua.h include/zlua_conf.h include/zlua_stub.h
          include/zlua_rt.h src/il2cpp/il2cpp_api.h src/glue/zlua_glue_il2cpp.cpp LICENSE
  COMMENT "Writing the Unity package package/${ZLUA_PACKAGE_NAME}"
  VERBATIM)
if(TARGET zlua_lua)
  add_dependencies(zlua-package zlua_lua)
endif()
