# Writes the Unity package folder (run by the zlua-package target as
# cmake -P; R-PKG-1):
#
#   NAME/package.json            name, version, displayName, unity, samples
#   NAME/README.md, LICENSE.md   for Unity users (unity/README.md)
#   NAME/Runtime/ZLua.Common/    [LuaMarshalAs], [LuaInvoke] (asmdef: any platform)
#   NAME/Runtime/ZLua.LuaEnv/    ZLua.LuaEnv (asmdef: any platform)
#   NAME/Editor/ZLua.Editor/     menu, build callbacks, settings (asmdef: Editor)
#   NAME/Editor/ZLua.MonoHost/   the Mono backend's reflection helpers (Editor)
#   NAME/Plugins/Editor/OS-CPU/libzlua-mono.so     the Editor's native plugin
#   NAME/Plugins/Player/zlua/    the drop-in folder (cmake/dropin.cmake) without
#                                generated files; lib/PLATFORM/ its libraries
#   NAME/Samples~/Boot/          Boot.cs, app.lua, its asmdef
#
# and a .meta beside every file and folder (none for Samples~ itself,
# which Unity does not import; the sample's files have theirs, copied
# with them when it is imported).  A meta's GUID is derived, not kept:
# the MD5 of "libzlua-package:NAME:PATH" (PATH relative to the package),
# so it is the same in every build of the same path, differs between
# paths and packages, and needs no checked-in meta for files that exist
# only in some builds (the per-platform libraries).  A file that moves
# gets a new GUID, as a new asset.
#
# Inputs: SRC (the source tree), OUT (the folder to write NAME in), NAME,
# VERSION, MONO_LIB (libzlua-mono.so; empty: none), EDITOR_PLATFORM
# (OS-CPU of MONO_LIB: Linux-x86_64, Windows-x86_64, OSX-x86_64,
# OSX-ARM64), LIB (libzlua.a), PLATFORM (the player's platform folder,
# ZLUA_DROPIN_PLATFORM), LUAINC, LUAINC_EXTRA, LUALIB (as dropin.cmake).
cmake_minimum_required(VERSION 3.24)   # script mode: the policies (IN_LIST)
foreach(v SRC OUT NAME VERSION LIB PLATFORM LUAINC)
  if("${${v}}" STREQUAL "")
    message(FATAL_ERROR "package: ${v} is not set")
  endif()
endforeach()
set(pkg "${OUT}/${NAME}")
file(REMOVE_RECURSE "${pkg}")
file(MAKE_DIRECTORY "${pkg}")

# ---- the files ----------------------------------------------------------

set(ZLUA_PACKAGE_NAME "${NAME}")
set(ZLUA_PACKAGE_VERSION "${VERSION}")
configure_file("${SRC}/unity/package.json.in" "${pkg}/package.json" @ONLY)
file(COPY_FILE "${SRC}/unity/README.md" "${pkg}/README.md")
file(COPY_FILE "${SRC}/LICENSE" "${pkg}/LICENSE.md")
foreach(asm Runtime/ZLua.Common Runtime/ZLua.LuaEnv Editor/ZLua.Editor)
  file(MAKE_DIRECTORY "${pkg}/${asm}")
  file(GLOB files "${SRC}/unity/${asm}/*.cs" "${SRC}/unity/${asm}/*.asmdef")
  file(COPY ${files} DESTINATION "${pkg}/${asm}")
endforeach()
file(MAKE_DIRECTORY "${pkg}/Editor/ZLua.MonoHost")
file(COPY "${SRC}/src/mono/ZLua.MonoHost.cs" "${SRC}/unity/Editor/ZLua.MonoHost/ZLua.MonoHost.asmdef"
  DESTINATION "${pkg}/Editor/ZLua.MonoHost")
# the zlua library's annotations, copied beside the game's at generation
file(MAKE_DIRECTORY "${pkg}/Editor/Annotations")
file(COPY_FILE "${SRC}/tools/annot/zlua.lua" "${pkg}/Editor/Annotations/zlua.lua")
file(MAKE_DIRECTORY "${pkg}/Samples~/Boot")
file(GLOB files "${SRC}/unity/Samples/Boot/*")
file(COPY ${files} DESTINATION "${pkg}/Samples~/Boot")

# the Editor's native plugin, per Editor platform
set(editor_os_Linux Linux)
set(editor_os_Windows Windows)
set(editor_os_OSX OSX)
if(NOT "${MONO_LIB}" STREQUAL "")
  string(REGEX MATCH "^([A-Za-z]+)-(x86_64|ARM64)$" m "${EDITOR_PLATFORM}")
  if(NOT m OR "${editor_os_${CMAKE_MATCH_1}}" STREQUAL "")
    message(FATAL_ERROR "package: EDITOR_PLATFORM '${EDITOR_PLATFORM}' is not one of "
      "Linux-x86_64, Windows-x86_64, OSX-x86_64, OSX-ARM64")
  endif()
  get_filename_component(lib_name "${MONO_LIB}" NAME)
  file(MAKE_DIRECTORY "${pkg}/Plugins/Editor/${EDITOR_PLATFORM}")
  file(COPY_FILE "${MONO_LIB}" "${pkg}/Plugins/Editor/${EDITOR_PLATFORM}/${lib_name}")
endif()

# the player's drop-in folder: headers, the glue, libzlua.a (and Lua's)
execute_process(COMMAND "${CMAKE_COMMAND}" "-DSRC=${SRC}" "-DOUT=${pkg}/Plugins/Player"
  "-DSTUBS=" "-DTABLES=" "-DLIB=${LIB}" "-DPLATFORM=${PLATFORM}" "-DLUAINC=${LUAINC}"
  "-DLUALIB=${LUALIB}" "-DLUAINC_EXTRA=${LUAINC_EXTRA}" -P "${SRC}/cmake/dropin.cmake"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "package: the drop-in folder failed")
endif()

# ---- the metas ----------------------------------------------------------

# The player's platform folder as Unity's plugin importer names it:
# PLATFORM's <system>-<processor> -> the platform and CPU a static
# library is enabled for.  An unknown one stops the build: its
# libraries would be imported for no player.  "none": a desktop player,
# whose plugin importer takes shared libraries and C/C++ sources only
# (Unity's DesktopPluginImporterExtension gives a static library no
# place in a Linux, Windows or macOS player): the library is kept in the
# package but enabled for no platform, and linking it into a desktop
# player is pending (unity/README.md).
set(player_Linux-x86_64 "none")
set(player_Windows-AMD64 "none")
set(player_Darwin-arm64 "none")
set(player_Darwin-x86_64 "none")
set(player_Android-aarch64 "Android;Android;ARM64")
set(player_Android-armv7-a "Android;Android;ARMv7")
set(player_iOS-arm64 "iPhone;iOS;AnyCPU")

function(meta_guid rel out)
  string(MD5 g "libzlua-package:${NAME}:${rel}")
  set(${out} "${g}" PARENT_SCOPE)
endfunction()

# the importer section of a file's meta, by kind
function(meta_body rel out)
  get_filename_component(ext "${rel}" LAST_EXT)
  string(TOLOWER "${ext}" ext)
  set(tail "  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
  if(ext STREQUAL ".cs")
    set(b "MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n${tail}")
  elseif(ext STREQUAL ".asmdef")
    set(b "AssemblyDefinitionImporter:\n  externalObjects: {}\n${tail}")
  elseif(ext MATCHES "^\\.(json|md|txt)$")
    set(b "TextScriptImporter:\n  externalObjects: {}\n${tail}")
  elseif(ext MATCHES "^\\.(so|dll|bundle|a|c|cpp|h)$")
    plugin_body("${rel}" b)
  else()
    set(b "DefaultImporter:\n  externalObjects: {}\n${tail}")
  endif()
  set(${out} "${b}" PARENT_SCOPE)
endfunction()

# One platformData entry: first (group: name), enabled, settings.
function(plugin_entry group name enabled settings out)
  set(e "  - first:\n      ${group}: ${name}\n    second:\n      enabled: ${enabled}\n      settings:\n")
  if(settings STREQUAL "")
    string(APPEND e "        {}\n")
  endif()
  foreach(kv IN LISTS settings)
    string(REPLACE "=" ": " kv "${kv}")
    string(APPEND e "        ${kv}\n")
  endforeach()
  set(${out} "${e}" PARENT_SCOPE)
endfunction()

# A native plugin's PluginImporter: which platforms (and CPU) it is for.
#  Plugins/Editor/OS-CPU/*: the Editor on that OS and CPU, no player;
#  Plugins/Player/zlua/lib/PLATFORM/*.a: that player (a mobile one; a
#  desktop player none, see player_*), not the Editor;
#  Plugins/Player/zlua/* (headers, the glue): every player (IL2CPP
#  compiles them; Mono players have no use for them), not the Editor.
function(plugin_body rel out)
  set(any "")
  set(entries "")
  if(rel MATCHES "^Plugins/Editor/([A-Za-z]+)-([A-Za-z0-9_]+)/")
    set(os "${editor_os_${CMAKE_MATCH_1}}")
    plugin_entry("Any" "" 0 "Exclude Editor=0;Exclude Linux64=1;Exclude OSXUniversal=1;Exclude Win64=1;Exclude Android=1;Exclude iOS=1" any)
    plugin_entry("Editor" "Editor" 1 "CPU=${CMAKE_MATCH_2};DefaultValueInitialized=true;OS=${os}" e)
    string(APPEND entries "${e}")
  elseif(rel MATCHES "^Plugins/Player/zlua/lib/([^/]+)/")
    set(p "${player_${CMAKE_MATCH_1}}")
    if(p STREQUAL "")
      message(FATAL_ERROR "package: no plugin importer platform for the player folder "
        "'${CMAKE_MATCH_1}' (cmake/package.cmake, player_*)")
    endif()
    plugin_entry("Any" "" 0 "Exclude Editor=1" any)
    plugin_entry("Editor" "Editor" 0 "CPU=AnyCPU;DefaultValueInitialized=true;OS=AnyOS" e)
    string(APPEND entries "${e}")
    if(NOT p STREQUAL "none")
      list(GET p 0 group)
      list(GET p 1 name)
      list(GET p 2 cpu)
      plugin_entry("${group}" "${name}" 1 "CPU=${cpu}" e)
      string(APPEND entries "${e}")
    endif()
  elseif(rel MATCHES "^Plugins/Player/zlua/")
    plugin_entry("Any" "" 1 "Exclude Editor=1" any)
    plugin_entry("Editor" "Editor" 0 "CPU=AnyCPU;DefaultValueInitialized=true;OS=AnyOS" e)
    string(APPEND entries "${e}")
  else()
    message(FATAL_ERROR "package: ${rel} is a native plugin outside Plugins/Editor/OS-CPU/ "
      "and Plugins/Player/zlua/: no import settings for it")
  endif()
  set(${out} "PluginImporter:
  externalObjects: {}
  serializedVersion: 2
  iconMap: {}
  executionOrder: {}
  defineConstraints: []
  isPreloaded: 0
  isOverridable: 0
  isExplicitlyReferenced: 0
  validateReferences: 1
  platformData:
${any}${entries}  userData: 
  assetBundleName: 
  assetBundleVariant: 
" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE all LIST_DIRECTORIES true RELATIVE "${pkg}" "${pkg}/*")
list(SORT all)
foreach(rel IN LISTS all)
  if(rel STREQUAL "Samples~")
    continue()
  endif()
  meta_guid("${rel}" guid)
  if(IS_DIRECTORY "${pkg}/${rel}")
    set(body "folderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
  else()
    meta_body("${rel}" body)
  endif()
  file(WRITE "${pkg}/${rel}.meta" "fileFormatVersion: 2\nguid: ${guid}\n${body}")
endforeach()
