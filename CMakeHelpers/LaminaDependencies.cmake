# LaminaDependencies.cmake: Yams (for Scenes), swift-argument-parser (for the `lamina` command) and
# ZIPFoundation (for Lottie's dotLottie files).
#
# All come from git with FetchContent, at the versions Package.swift resolves to:
#   Yams                   https://github.com/jpsim/Yams.git                   LAMINA_YAMS_TAG (5.0.1)
#   swift-argument-parser  https://github.com/apple/swift-argument-parser.git  LAMINA_ARGUMENT_PARSER_TAG (1.8.2)
#   ZIPFoundation          https://github.com/weichsel/ZIPFoundation.git       LAMINA_ZIPFOUNDATION_TAG (0.9.20)
# Yams and swift-argument-parser ship their own CMakeLists.txt; they are built as part of this
# build (static libraries unless BUILD_SHARED_LIBS says otherwise), without their tests and
# examples. ZIPFoundation has none: lamina_fetch_zipfoundation() builds its Swift sources as
# SwiftPM does on Linux (Swift 5 mode, _GNU_SOURCE, its CZlib module map over the system zlib).
#
# To use checkouts you already have instead (offline, or patched), the usual FetchContent switches:
#   -DFETCHCONTENT_SOURCE_DIR_YAMS=/path/to/Yams
#   -DFETCHCONTENT_SOURCE_DIR_ARGUMENTPARSER=/path/to/swift-argument-parser
#   -DFETCHCONTENT_SOURCE_DIR_ZIPFOUNDATION=/path/to/ZIPFoundation
#   -DFETCHCONTENT_FULLY_DISCONNECTED=ON   (reuse what an earlier configure downloaded)
# A parent project that already defines the targets `Yams`, `ArgumentParser` and `ZIPFoundation`
# is used as is.
include_guard(GLOBAL)
include(FetchContent)

set(LAMINA_YAMS_GIT "https://github.com/jpsim/Yams.git" CACHE STRING "Where Yams is cloned from")
set(LAMINA_YAMS_TAG "5.0.1" CACHE STRING "Yams tag or commit")
set(LAMINA_ARGUMENT_PARSER_GIT "https://github.com/apple/swift-argument-parser.git" CACHE STRING
    "Where swift-argument-parser is cloned from")
set(LAMINA_ARGUMENT_PARSER_TAG "1.8.2" CACHE STRING "swift-argument-parser tag or commit (1.5.0 or later)")
set(LAMINA_ZIPFOUNDATION_GIT "https://github.com/weichsel/ZIPFoundation.git" CACHE STRING "Where ZIPFoundation is cloned from")
set(LAMINA_ZIPFOUNDATION_TAG "0.9.20" CACHE STRING "ZIPFoundation tag or commit")

# ZIPFoundation as the target `ZIPFoundation` (for Lottie).
function(lamina_fetch_zipfoundation)
  if(TARGET ZIPFoundation)
    return()
  endif()
  # SOURCE_SUBDIR names a folder without CMakeLists.txt: the sources are fetched, not added.
  FetchContent_Declare(ZIPFoundation
    GIT_REPOSITORY "${LAMINA_ZIPFOUNDATION_GIT}"
    GIT_TAG "${LAMINA_ZIPFOUNDATION_TAG}"
    SOURCE_SUBDIR "no-cmake")
  FetchContent_MakeAvailable(ZIPFoundation)
  FetchContent_GetProperties(ZIPFoundation SOURCE_DIR src)
  file(GLOB sources CONFIGURE_DEPENDS "${src}/Sources/ZIPFoundation/*.swift")
  add_library(ZIPFoundation ${sources})
  set_target_properties(ZIPFoundation PROPERTIES
    Swift_MODULE_NAME ZIPFoundation
    Swift_MODULE_DIRECTORY "${LAMINA_SWIFT_MODULE_DIRECTORY}"
    POSITION_INDEPENDENT_CODE ON)
  # As SwiftPM builds it on Linux; its warnings are not Lamina's to fix.
  target_compile_options(ZIPFoundation PRIVATE "SHELL:-swift-version 5" -suppress-warnings "SHELL:-Xcc -D_GNU_SOURCE=1")
  # Its CZlib module (Sources/CZLib/module.modulemap, linking z) is found on the include path, by
  # ZIPFoundation and by whoever imports ZIPFoundation's module.
  target_include_directories(ZIPFoundation PUBLIC
    "$<BUILD_INTERFACE:${LAMINA_SWIFT_MODULE_DIRECTORY}>"
    "$<BUILD_INTERFACE:${src}/Sources/CZLib>")
  target_link_libraries(ZIPFoundation PUBLIC z)
endfunction()

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
