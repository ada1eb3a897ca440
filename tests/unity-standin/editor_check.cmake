# ctest package.editor.callbacks and package.sample: the package's C#
# compiled in the Editor's configuration against the stand-in
# (tools/package-cs.cmake), all of it in one folder (as Unity compiles a
# project's assemblies into Library/ScriptAssemblies) with the stand-in's
# assemblies and the package's Editor plugin, the sample's app.lua under a
# stand-in StreamingAssets; then CHECK.cs compiled against REFS
# ('|'-separated assembly names of that folder) and run by RUNNER (mono,
# or the zlua-mono launcher where the backend must attach).  With
# EXPECTED, its output must be that file's (libzlua's notes on members
# it cannot bind, which depend on the corlib, left out).
execute_process(COMMAND ${CMAKE_COMMAND} -DPKG=${PKG} -DSTANDIN=${STANDIN} -DCONFIG=editor
  -DOUT=${OUT} -DMCS=${MCS} -P ${SRC}/tools/package-cs.cmake RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CHECK}: the package's C# does not compile")
endif()
set(bin ${OUT}/editor)
file(GLOB plugin ${PKG}/Plugins/Editor/*/libzlua-mono.so)
file(COPY ${STANDIN}/UnityEngine.dll ${STANDIN}/UnityEditor.dll ${plugin} DESTINATION ${bin})
file(MAKE_DIRECTORY ${OUT}/StreamingAssets/Lua)
file(COPY ${PKG}/Samples~/Boot/app.lua DESTINATION ${OUT}/StreamingAssets/Lua)
string(REPLACE "|" ";" refs "${REFS}")
list(TRANSFORM refs PREPEND "-r:${bin}/")
execute_process(COMMAND ${MCS} -nologo -warnaserror+ -out:${bin}/${CHECK}.exe ${refs}
  ${SRC}/tests/unity-standin/${CHECK}.cs RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CHECK}: ${CHECK}.cs does not compile")
endif()
set(ENV{UNITY_STANDIN_STREAMING_ASSETS} ${OUT}/StreamingAssets)
execute_process(COMMAND ${RUNNER} ${bin}/${CHECK}.exe WORKING_DIRECTORY ${bin}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CHECK}: exit ${rc}")
endif()
if(DEFINED EXPECTED)
  string(REGEX REPLACE "\\[Debug\\.Log\\] \\[ZLua\\] [^\n]*\n" "" out "${out}")
  file(READ ${EXPECTED} want)
  if(NOT out STREQUAL want)
    message(FATAL_ERROR "${CHECK}: the output is not ${EXPECTED}:\n${want}")
  endif()
endif()
