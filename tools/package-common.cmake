# What tools/package-check.cmake and tools/package-cs.cmake share.
#
# package_absolute(VAR...): each VAR that is set, made an absolute path
# (relative to the folder the script was started in).
macro(package_absolute)
  foreach(v ${ARGN})
    if(DEFINED ${v})
      get_filename_component(${v} "${${v}}" ABSOLUTE BASE_DIR "$ENV{PWD}")
    endif()
  endforeach()
endmacro()

# package_json_list(OUT JSON KEY): the array KEY of the JSON text as a CMake
# list of its strings; OUT is "KEY-NOTFOUND" when KEY is no array (asmdefs).
function(package_json_list out json key)
  string(JSON t ERROR_VARIABLE err TYPE "${json}" ${key})
  if(err OR NOT t STREQUAL "ARRAY")
    set(${out} "${key}-NOTFOUND" PARENT_SCOPE)
    return()
  endif()
  string(JSON n LENGTH "${json}" ${key})
  set(items "")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON v GET "${json}" ${key} ${i})
      list(APPEND items "${v}")
    endforeach()
  endif()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()
