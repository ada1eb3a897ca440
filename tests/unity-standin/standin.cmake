# tests/unity-standin/standin.cmake -- the Unity stand-in and the package's
# checks (R-PKG-1), included from the top CMakeLists.txt with the tests,
# after cmake/unity_package.cmake (target zlua-package):
#   package.layout            package.json, asmdefs, metas, GUIDs, plugin platforms
#   package.stable            a second build of the package: the same metas
#   package.cs.editor         the C# compiled against the stand-in: UNITY_EDITOR
#   package.cs.editor-il2cpp  ... UNITY_EDITOR and ENABLE_IL2CPP
#   package.cs.player         ... ENABLE_IL2CPP, the Editor's assemblies left out
#   package.editor.callbacks  the menu command and the build callbacks, driven
#   package.sample            the sample's Boot run in the Editor's configuration
#   standin.list              the stand-in's declarations are the list's, each with
#                             its reference source evidence in every version
#   standin.list.selftest     the list check fails on planted differences
if(NOT TARGET zlua-package)
  return()
endif()
find_program(ZLUA_MONO_RUNTIME mono)
set(zlua_si_src ${CMAKE_CURRENT_SOURCE_DIR}/tests/unity-standin)
set(zlua_si_dir ${CMAKE_BINARY_DIR}/unity-standin)
add_custom_command(
  OUTPUT ${zlua_si_dir}/UnityEngine.dll ${zlua_si_dir}/UnityEditor.dll
  COMMAND ${CMAKE_COMMAND} -E make_directory ${zlua_si_dir}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -out:${zlua_si_dir}/UnityEngine.dll
          ${zlua_si_src}/UnityEngine/UnityEngine.cs
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -target:library -r:${zlua_si_dir}/UnityEngine.dll
          -out:${zlua_si_dir}/UnityEditor.dll ${zlua_si_src}/UnityEditor/UnityEditor.cs
  DEPENDS ${zlua_si_src}/UnityEngine/UnityEngine.cs ${zlua_si_src}/UnityEditor/UnityEditor.cs
  COMMENT "mcs the Unity stand-in (UnityEngine.dll, UnityEditor.dll)"
  VERBATIM)
add_custom_command(
  OUTPUT ${zlua_si_dir}/StandinCheck.exe
  COMMAND ${CMAKE_COMMAND} -E make_directory ${zlua_si_dir}
  COMMAND ${ZLUA_MCS} -nologo -warnaserror+ -out:${zlua_si_dir}/StandinCheck.exe
          ${zlua_si_src}/StandinCheck.cs
  DEPENDS ${zlua_si_src}/StandinCheck.cs
  COMMENT "mcs StandinCheck.exe"
  VERBATIM)
add_custom_target(zlua_unity_standin ALL
  DEPENDS ${zlua_si_dir}/UnityEngine.dll ${zlua_si_dir}/UnityEditor.dll ${zlua_si_dir}/StandinCheck.exe)

add_test(NAME package.layout
  COMMAND ${CMAKE_COMMAND} -DPKG=${ZLUA_PACKAGE_DIR} -DGUIDS=${zlua_si_src}/package-guids.txt
          -P ${CMAKE_CURRENT_SOURCE_DIR}/tools/package-check.cmake)
add_test(NAME package.stable
  COMMAND ${CMAKE_COMMAND} -DOUT=${zlua_si_dir}/second ${ZLUA_PACKAGE_ARGS} -DFIRST=${ZLUA_PACKAGE_DIR}
          -P ${zlua_si_src}/package-stable.cmake)
foreach(config editor editor-il2cpp player)
  add_test(NAME package.cs.${config}
    COMMAND ${CMAKE_COMMAND} -DPKG=${ZLUA_PACKAGE_DIR} -DSTANDIN=${zlua_si_dir} -DCONFIG=${config}
            -DOUT=${zlua_si_dir}/cs -DMCS=${ZLUA_MCS}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/tools/package-cs.cmake)
endforeach()
if(ZLUA_MONO_RUNTIME)
  set(zlua_si_check ${CMAKE_COMMAND} -DSRC=${CMAKE_CURRENT_SOURCE_DIR} -DPKG=${ZLUA_PACKAGE_DIR}
    -DSTANDIN=${zlua_si_dir} -DMCS=${ZLUA_MCS})
  # the sample run as the Editor runs it (Mono's Boehm build: the suite on Mono)
  if(ZLUA_MONOBOEHM)
    # the menu and the build callbacks generating in-process over
    # tests/gen-game (its assemblies and CLI-generated stubs: tests/gen-game)
    add_test(NAME package.editor.callbacks
      COMMAND ${zlua_si_check} -DOUT=${zlua_si_dir}/callbacks -DCHECK=EditorCallbacksCheck
              -DREFS=UnityEngine.dll|UnityEditor.dll|ZLua.Editor.dll
              -DRUNNER=$<TARGET_FILE:zlua_mono_launcher> -P ${zlua_si_src}/editor_check.cmake)
    # the command line's annotations of the same game, which the Editor's
    # must equal
    # (under the sanitizers, Mono's own allocations live until exit:
    # tests/mono/lsan.supp, as for every Mono tool)
    set(zlua_si_annot ${zlua_si_dir}/gengame-annotations.lua)
    set(zlua_si_tool_env "")
    if(ZLUA_SANITIZE)
      set(zlua_si_tool_env
        "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tests/mono/lsan.supp")
    endif()
    add_custom_command(OUTPUT ${zlua_si_annot}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${zlua_si_dir}
      COMMAND ${CMAKE_COMMAND} -E env ${zlua_si_tool_env}
              $<TARGET_FILE:zlua-annot-mono> --assembly ${CMAKE_BINARY_DIR}/gen-game/GenGame.Core.dll
              --assembly ${CMAKE_BINARY_DIR}/gen-game/GenGame.dll
              --rules ${CMAKE_CURRENT_SOURCE_DIR}/tests/gen-game/rules.xml --out ${zlua_si_annot}
      DEPENDS zlua-annot-mono zlua_gengame_assemblies
              ${CMAKE_CURRENT_SOURCE_DIR}/tests/gen-game/rules.xml
      COMMENT "The gen-game's annotations from the command line" VERBATIM)
    add_custom_target(zlua_standin_gengame_annot ALL DEPENDS ${zlua_si_annot})
    set(zlua_si_callbacks_env ZLUA_GENGAME_DIR=${CMAKE_BINARY_DIR}/gen-game
      ZLUA_GENGAME_RULES=${CMAKE_CURRENT_SOURCE_DIR}/tests/gen-game/rules.xml
      ZLUA_GENGAME_STUBS=${CMAKE_BINARY_DIR}/gen-game/build/zlua_stubs.cpp
      ZLUA_GENGAME_ANNOT=${zlua_si_annot} ZLUA_STANDIN_PACKAGE=${ZLUA_PACKAGE_DIR}
      ZLUA_BAD_RULES=${CMAKE_CURRENT_SOURCE_DIR}/tests/marshal/xml/xml1-element.xml)
    if(ZLUA_SANITIZE)
      list(APPEND zlua_si_callbacks_env ASAN_OPTIONS=detect_leaks=0)
    endif()
    set_tests_properties(package.editor.callbacks PROPERTIES LABELS "package;editor"
      ENVIRONMENT "${zlua_si_callbacks_env}")
    add_test(NAME package.sample
      COMMAND ${zlua_si_check} -DOUT=${zlua_si_dir}/sample -DCHECK=SampleCheck
              -DREFS=UnityEngine.dll|UnityEditor.dll|ZLua.Samples.Boot.dll -DRUNNER=$<TARGET_FILE:zlua_mono_launcher>
              -DEXPECTED=${zlua_si_src}/sample.expected -P ${zlua_si_src}/editor_check.cmake)
    set_tests_properties(package.sample PROPERTIES LABELS "package;editor")
    # under the sanitizers, no leak check at exit: the launcher's main
    # thread is managed, as in the editor.* entries (tests/editor/editor.cmake)
    if(ZLUA_SANITIZE)
      set_tests_properties(package.sample PROPERTIES ENVIRONMENT ASAN_OPTIONS=detect_leaks=0)
    endif()
  endif()
  add_test(NAME standin.list
    COMMAND ${ZLUA_MONO_RUNTIME} ${zlua_si_dir}/StandinCheck.exe list ${zlua_si_src}/standin.list
            ${zlua_si_dir}/UnityEngine.dll ${zlua_si_dir}/UnityEditor.dll)
  add_test(NAME standin.list.selftest
    COMMAND ${ZLUA_MONO_RUNTIME} ${zlua_si_dir}/StandinCheck.exe selftest ${zlua_si_src}/standin.list
            ${zlua_si_dir}/UnityEngine.dll ${zlua_si_dir}/UnityEditor.dll)
else()
  message(WARNING "no mono: package.editor.callbacks and standin.list are not run")
endif()
set_tests_properties(package.layout package.stable package.cs.editor package.cs.editor-il2cpp
  package.cs.player PROPERTIES LABELS package)
if(ZLUA_MONO_RUNTIME)
  set_tests_properties(standin.list standin.list.selftest PROPERTIES LABELS package)
endif()
