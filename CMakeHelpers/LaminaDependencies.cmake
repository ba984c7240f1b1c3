# LaminaDependencies.cmake: Yams (for Scenes) and swift-argument-parser (for the `lamina` command).
#
# Both come from git with FetchContent, at the versions Package.swift resolves to:
#   Yams                   https://github.com/jpsim/Yams.git                   LAMINA_YAMS_TAG (5.0.1)
#   swift-argument-parser  https://github.com/apple/swift-argument-parser.git  LAMINA_ARGUMENT_PARSER_TAG (1.8.2)
# Both projects ship their own CMakeLists.txt; they are built as part of this build (static
# libraries unless BUILD_SHARED_LIBS says otherwise), without their tests and examples.
#
# To use checkouts you already have instead (offline, or patched), the usual FetchContent switches:
#   -DFETCHCONTENT_SOURCE_DIR_YAMS=/path/to/Yams
#   -DFETCHCONTENT_SOURCE_DIR_ARGUMENTPARSER=/path/to/swift-argument-parser
#   -DFETCHCONTENT_FULLY_DISCONNECTED=ON   (reuse what an earlier configure downloaded)
# A parent project that already defines the targets `Yams` and `ArgumentParser` is used as is.
include_guard(GLOBAL)
include(FetchContent)

set(LAMINA_YAMS_GIT "https://github.com/jpsim/Yams.git" CACHE STRING "Where Yams is cloned from")
set(LAMINA_YAMS_TAG "5.0.1" CACHE STRING "Yams tag or commit")
set(LAMINA_ARGUMENT_PARSER_GIT "https://github.com/apple/swift-argument-parser.git" CACHE STRING
    "Where swift-argument-parser is cloned from")
set(LAMINA_ARGUMENT_PARSER_TAG "1.8.2" CACHE STRING "swift-argument-parser tag or commit (1.5.0 or later)")

function(lamina_fetch_dependencies)
  set(wanted)
  if(NOT TARGET Yams)
    FetchContent_Declare(Yams
      GIT_REPOSITORY "${LAMINA_YAMS_GIT}"
      GIT_TAG "${LAMINA_YAMS_TAG}")
    list(APPEND wanted Yams)
  endif()
  if(NOT TARGET ArgumentParser)
    FetchContent_Declare(ArgumentParser
      GIT_REPOSITORY "${LAMINA_ARGUMENT_PARSER_GIT}"
      GIT_TAG "${LAMINA_ARGUMENT_PARSER_TAG}")
    list(APPEND wanted ArgumentParser)
  endif()
  if(NOT wanted)
    return()
  endif()
  # Settings for the dependencies' own CMakeLists.txt only (this function's scope): no tests, no
  # examples, static libraries unless the user chose, and no search for a separately installed
  # Foundation/Dispatch (the toolchain's are used, as with SwiftPM).
  set(BUILD_TESTING OFF)
  set(BUILD_EXAMPLES OFF)
  if(NOT DEFINED BUILD_SHARED_LIBS)
    set(BUILD_SHARED_LIBS OFF)
  endif()
  set(CMAKE_DISABLE_FIND_PACKAGE_dispatch ON)
  set(CMAKE_DISABLE_FIND_PACKAGE_Foundation ON)
  set(CMAKE_DISABLE_FIND_PACKAGE_XCTest ON)
  FetchContent_MakeAvailable(${wanted})
  # Their warnings are not Lamina's to fix: keep the build output about Lamina.
  foreach(t Yams CYaml ArgumentParser ArgumentParserToolInfo)
    if(TARGET ${t})
      get_target_property(imported ${t} IMPORTED)
      if(NOT imported)
        target_compile_options(${t} PRIVATE
          "$<$<COMPILE_LANGUAGE:Swift>:-suppress-warnings>" "$<$<COMPILE_LANGUAGE:C>:-w>")
      endif()
    endif()
  endforeach()
endfunction()
