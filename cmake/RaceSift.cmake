# RaceSift.cmake - run RaceSift on chosen targets of a CMake project.
#
# Part of RaceSift, under the Apache License v2.0 with LLVM Exceptions.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# Loaded by RaceSiftConfig.cmake (find_package(RaceSift)), which sets
# RACESIFT_CLANG_PLUGIN first; a project that includes this file directly
# sets that variable itself.
#
#   racesift_enable(<target>...
#                   [SARIF_DIR <dir>]
#                   [OPTIONS <name>[=<value>]...])
#
# adds -fplugin=RaceSiftClang.so, and one -fplugin-arg-racesift-<name>=<value>
# per option, to the compile options of each target's C and C++ sources, for
# each language whose compiler is Clang 19 (the clang the plugin was built
# for); for any other compiler it warns once and leaves the language alone.
# SARIF_DIR is sarif-dir=<dir>, one SARIF log per translation unit, relative
# to the current binary directory unless absolute. Nothing else of the
# project changes: CMAKE_<LANG>_FLAGS stay as they are, so CMake's compiler
# checks and try_compile() probes run without the plugin. Findings carry
# source lines when the targets are compiled with -g (the Debug and
# RelWithDebInfo build types).

include_guard(GLOBAL)

function(racesift_enable)
  cmake_parse_arguments(PARSE_ARGV 0 RS "" "SARIF_DIR" "OPTIONS")
  set(targets ${RS_UNPARSED_ARGUMENTS})
  if(NOT targets)
    message(FATAL_ERROR "racesift_enable: no target given")
  endif()
  if(NOT RACESIFT_CLANG_PLUGIN OR NOT EXISTS "${RACESIFT_CLANG_PLUGIN}")
    message(FATAL_ERROR "racesift_enable: RaceSiftClang.so not found "
      "(RACESIFT_CLANG_PLUGIN is '${RACESIFT_CLANG_PLUGIN}')")
  endif()

  set(args "-fplugin=${RACESIFT_CLANG_PLUGIN}")
  if(DEFINED RS_SARIF_DIR)
    get_filename_component(dir "${RS_SARIF_DIR}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    file(MAKE_DIRECTORY "${dir}")
    list(APPEND args "-fplugin-arg-racesift-sarif-dir=${dir}")
  endif()
  foreach(opt IN LISTS RS_OPTIONS)
    list(APPEND args "-fplugin-arg-racesift-${opt}")
  endforeach()

  # Only the languages compiled by the clang the plugin was built for.
  get_property(enabled GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(langs)
  foreach(lang IN ITEMS C CXX)
    if(NOT lang IN_LIST enabled)
      continue()
    endif()
    set(id "${CMAKE_${lang}_COMPILER_ID}")
    set(ver "${CMAKE_${lang}_COMPILER_VERSION}")
    string(REGEX MATCH "^[0-9]+" major "${ver}")
    if(id STREQUAL "Clang" AND major STREQUAL "${RACESIFT_CLANG_VERSION_MAJOR}")
      list(APPEND langs ${lang})
    else()
      # Once per language, however many targets ask.
      get_property(warned GLOBAL PROPERTY RACESIFT_WARNED_${lang})
      if(NOT warned)
        set_property(GLOBAL PROPERTY RACESIFT_WARNED_${lang} TRUE)
        message(WARNING "RaceSift: not enabled for ${lang} sources: their "
          "compiler is ${id} ${ver} (${CMAKE_${lang}_COMPILER}); RaceSift "
          "needs Clang ${RACESIFT_CLANG_VERSION_MAJOR}")
      endif()
    endif()
  endforeach()
  if(NOT langs)
    return()
  endif()
  string(REPLACE ";" "," lang_list "${langs}")

  foreach(target IN LISTS targets)
    if(NOT TARGET ${target})
      message(FATAL_ERROR "racesift_enable: '${target}' is not a target")
    endif()
    foreach(arg IN LISTS args)
      target_compile_options(${target} PRIVATE
        "$<$<COMPILE_LANGUAGE:${lang_list}>:${arg}>")
    endforeach()
  endforeach()
endfunction()

if(NOT DEFINED RACESIFT_CLANG_VERSION_MAJOR)
  set(RACESIFT_CLANG_VERSION_MAJOR 19)
endif()
