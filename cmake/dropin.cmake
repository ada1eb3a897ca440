# Writes the folder a Unity project copies into Assets/Plugins/ (run by
# the zlua-unity target as cmake -P):
#
#   zlua/zlua.h                  the embedder's header
#   zlua/zlua_conf.h             the compiler hints every header uses
#   zlua/zlua_stub.h             what the generated stubs need (stub ABI)
#   zlua/zlua_rt.h               the glue's contract
#   zlua/zlua_env.h              LuaEnv's native API; IC stubs ask it for the state
#   zlua/zlua_il2cpp_api.h       the runtime boundary libzlua declares
#   zlua/zlua_glue_il2cpp.cpp    the runtime glue (C++)
#   zlua/zlua_stubs.cpp          generated stubs and delegate entries
#   zlua/zlua_marshal_tables.c   compiled [LuaMarshalAs] / XML rules
#   zlua/lua.h, luaconf.h, lauxlib.h, lualib.h   Lua's headers (LUAINC)
#   zlua/lib/PLATFORM/libzlua.a  this build's library
#   zlua/lib/PLATFORM/liblua.a   Lua, built for the same target (LUALIB,
#                                when the build had ZLUA_LUA_SOURCE_DIR)
#
# Every include between these files is quoted and names a file of the same
# folder, Lua's headers included, so they compile with nothing but
# libil2cpp's folder on the include path, as Unity compiles plugin
# sources.  Inputs: SRC, OUT, STUBS, TABLES, LIB, PLATFORM, LUAINC, LUALIB.
function(dropin_copy from to)
  file(READ "${from}" text)
  foreach(pair IN LISTS ARGN)
    string(REPLACE "=>" ";" pair "${pair}")
    list(GET pair 0 old)
    list(GET pair 1 new)
    string(FIND "${text}" "${old}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "dropin: ${from} has no ${old}")
    endif()
    string(REPLACE "${old}" "${new}" text "${text}")
  endforeach()
  file(WRITE "${to}" "${text}")
endfunction()

file(REMOVE_RECURSE "${OUT}/zlua")
file(MAKE_DIRECTORY "${OUT}/zlua/lib/${PLATFORM}")
foreach(h zlua_conf.h zlua_stub.h zlua_rt.h)
  dropin_copy("${SRC}/include/${h}" "${OUT}/zlua/${h}")
endforeach()
dropin_copy("${SRC}/include/zlua.h" "${OUT}/zlua/zlua.h" "#include <lua.h>=>#include \"lua.h\"")
dropin_copy("${SRC}/include/zlua_env.h" "${OUT}/zlua/zlua_env.h" "#include <lua.h>=>#include \"lua.h\"")
foreach(h lua.h luaconf.h lauxlib.h lualib.h)
  if(NOT EXISTS "${LUAINC}/${h}")
    message(FATAL_ERROR "dropin: no ${h} in Lua's headers '${LUAINC}'")
  endif()
  file(COPY_FILE "${LUAINC}/${h}" "${OUT}/zlua/${h}")
endforeach()
# a header a distribution's luaconf.h adds (Debian's multiarch paths),
# from Lua's folder or the compiler's own (LUAINC_EXTRA, '|'-separated)
string(REPLACE "|" ";" LUAINC_EXTRA "${LUAINC_EXTRA}")
file(STRINGS "${OUT}/zlua/luaconf.h" lua_incs REGEX "^#[ \t]*include \"")
foreach(line IN LISTS lua_incs)
  string(REGEX REPLACE "^#[ \t]*include \"([^\"]+)\".*" "\\1" name "${line}")
  if(EXISTS "${OUT}/zlua/${name}")
    continue()
  endif()
  foreach(dir "${LUAINC}" ${LUAINC_EXTRA})
    if(EXISTS "${dir}/${name}")
      file(COPY_FILE "${dir}/${name}" "${OUT}/zlua/${name}")
      break()
    endif()
  endforeach()
endforeach()
dropin_copy("${SRC}/src/il2cpp/il2cpp_api.h" "${OUT}/zlua/zlua_il2cpp_api.h")
dropin_copy("${SRC}/src/glue/zlua_glue_il2cpp.cpp" "${OUT}/zlua/zlua_glue_il2cpp.cpp"
  "#include \"il2cpp/il2cpp_api.h\"=>#include \"zlua_il2cpp_api.h\"")
# STUBS and TABLES empty: a folder without generated files (the Unity
# package's, cmake/package.cmake: a game's come from its own assemblies)
if(NOT "${STUBS}" STREQUAL "")
  dropin_copy("${STUBS}" "${OUT}/zlua/zlua_stubs.cpp")
endif()
if(NOT "${TABLES}" STREQUAL "")
  dropin_copy("${TABLES}" "${OUT}/zlua/zlua_marshal_tables.c")
endif()
file(COPY_FILE "${LIB}" "${OUT}/zlua/lib/${PLATFORM}/libzlua.a")
if(NOT "${LUALIB}" STREQUAL "")
  file(COPY_FILE "${LUALIB}" "${OUT}/zlua/lib/${PLATFORM}/liblua.a")
endif()
# nothing may reach outside the folder but libil2cpp's and Lua's headers
file(GLOB files "${OUT}/zlua/*.h" "${OUT}/zlua/*.c" "${OUT}/zlua/*.cpp")
foreach(f IN LISTS files)
  file(STRINGS "${f}" incs REGEX "^#include \"")
  foreach(line IN LISTS incs)
    string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" name "${line}")
    if(name MATCHES "^(zlua|lua|lauxlib|lualib|il2cpp-|vm/|vm-utils/)" AND NOT name MATCHES "\\.\\.")
      if(name MATCHES "^(zlua|lua|lauxlib|lualib)" AND NOT EXISTS "${OUT}/zlua/${name}")
        message(FATAL_ERROR "dropin: ${f} includes ${name}, not in the folder")
      endif()
    else()
      message(FATAL_ERROR "dropin: ${f} includes \"${name}\" from outside the folder")
    endif()
  endforeach()
endforeach()
