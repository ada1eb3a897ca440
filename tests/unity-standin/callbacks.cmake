# ctest package.editor.callbacks: the package's C# compiled in the Editor
# configuration against the stand-in (tools/package-cs.cmake), then
# EditorCallbacksCheck.cs over its ZLua.Editor.dll, run with mono beside
# the stand-in's assemblies.
cmake_minimum_required(VERSION 3.24)   # script mode: the policies (IN_LIST)
execute_process(COMMAND ${CMAKE_COMMAND} -DPKG=${PKG} -DSTANDIN=${STANDIN} -DCONFIG=editor
  -DOUT=${OUT} -DMCS=${MCS} -P ${SRC}/tools/package-cs.cmake RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "callbacks: the package's C# does not compile")
endif()
set(bin ${OUT}/editor)
file(COPY ${STANDIN}/UnityEngine.dll ${STANDIN}/UnityEditor.dll DESTINATION ${bin})
execute_process(COMMAND ${MCS} -nologo -warnaserror+ -out:${bin}/EditorCallbacksCheck.exe
  -r:${bin}/UnityEngine.dll -r:${bin}/UnityEditor.dll -r:${bin}/ZLua.Editor.dll
  ${SRC}/tests/unity-standin/EditorCallbacksCheck.cs RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "callbacks: EditorCallbacksCheck.cs does not compile")
endif()
execute_process(COMMAND ${MONO} ${bin}/EditorCallbacksCheck.exe WORKING_DIRECTORY ${bin}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "callbacks: EditorCallbacksCheck failed")
endif()
