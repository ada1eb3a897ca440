# ctest package.sample: the package's C# compiled in the Editor
# configuration (tools/package-cs.cmake), the package's Editor plugin
# beside it, the sample's app.lua under a stand-in StreamingAssets, and
# SampleCheck.exe run by the launcher (LAUNCHER) with its output compared
# to sample.expected (libzlua's notes on members it cannot bind left out).
execute_process(COMMAND ${CMAKE_COMMAND} -DPKG=${PKG} -DSTANDIN=${STANDIN} -DCONFIG=editor
  -DOUT=${OUT} -DMCS=${MCS} -P ${SRC}/tools/package-cs.cmake RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sample: the package's C# does not compile")
endif()
set(bin ${OUT}/editor)
file(GLOB plugin ${PKG}/Plugins/Editor/*/libzlua-mono.so)
file(COPY ${STANDIN}/UnityEngine.dll ${STANDIN}/UnityEditor.dll ${plugin} DESTINATION ${bin})
file(MAKE_DIRECTORY ${OUT}/StreamingAssets/Lua)
file(COPY ${PKG}/Samples~/Boot/app.lua DESTINATION ${OUT}/StreamingAssets/Lua)
execute_process(COMMAND ${MCS} -nologo -warnaserror+ -out:${bin}/SampleCheck.exe
  -r:${bin}/UnityEngine.dll -r:${bin}/ZLua.Samples.Boot.dll
  ${SRC}/tests/unity-standin/SampleCheck.cs RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sample: SampleCheck.cs does not compile")
endif()
set(ENV{UNITY_STANDIN_STREAMING_ASSETS} ${OUT}/StreamingAssets)
execute_process(COMMAND ${LAUNCHER} ${bin}/SampleCheck.exe WORKING_DIRECTORY ${bin}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
# libzlua's notes on what it cannot bind depend on the corlib: not compared
string(REGEX REPLACE "\\[Debug\\.Log\\] \\[ZLua\\] [^\n]*\n" "" out "${out}")
file(READ ${SRC}/tests/unity-standin/sample.expected want)
if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
  message(FATAL_ERROR "sample: exit ${rc}; expected:\n${want}")
endif()
