# LaminaSwiftSettings.cmake: the Swift settings Package.swift gives Lamina's targets.
#
#   lamina_swift_target(<target>)   applied to every Swift library and the `lamina` executable
#
# Package.swift: `.swiftLanguageMode(.v6)` on every target (complete concurrency checking), no defines, no unsafe flags.
# SwiftPM also defines DEBUG in debug builds and builds release with whole-module optimisation;
# the same is done here. (SWIFT_PACKAGE is not defined: this is not a SwiftPM build, and no Lamina
# source tests it.) Every Swift module is written to LAMINA_SWIFT_MODULE_DIRECTORY, which is put
# on the import path (-I) of whatever links the target.
include_guard(GLOBAL)

if(NOT DEFINED LAMINA_SWIFT_MODULE_DIRECTORY)
  set(LAMINA_SWIFT_MODULE_DIRECTORY "${PROJECT_BINARY_DIR}/swift")
endif()

# Whole-module optimisation in optimised builds, as `swift build -c release` does. It needs
# -num-threads so that swiftc still writes one object per source file (what CMake's Ninja rules
# expect).
include(ProcessorCount)
ProcessorCount(_lamina_cores)
if(_lamina_cores LESS 1)
  set(_lamina_cores 1)
endif()
set(LAMINA_SWIFT_WMO_THREADS "${_lamina_cores}" CACHE STRING
    "swiftc -num-threads for whole-module optimised (Release, RelWithDebInfo, MinSizeRel) builds")
option(LAMINA_SWIFT_WMO "Whole-module optimisation in optimised builds (as SwiftPM's release)" ON)
unset(_lamina_cores)

function(lamina_swift_target target)
  set_target_properties(${target} PROPERTIES
    Swift_MODULE_NAME "${target}"
    Swift_MODULE_DIRECTORY "${LAMINA_SWIFT_MODULE_DIRECTORY}")
  target_compile_options(${target} PRIVATE
    "SHELL:-swift-version 6"
    # `package` declarations (LaminaRecording's, shared with LaminaWindow and the command) are
    # visible to the modules of one package, named as SwiftPM names it.
    "SHELL:-package-name lamina"
    "$<$<CONFIG:Debug>:-DDEBUG>")
  if(LAMINA_SWIFT_WMO)
    target_compile_options(${target} PRIVATE
      "$<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:SHELL:-wmo -num-threads ${LAMINA_SWIFT_WMO_THREADS}>")
  endif()
  get_target_property(_type ${target} TYPE)
  if(NOT _type STREQUAL "EXECUTABLE")
    # Whoever links this target imports its module.
    target_include_directories(${target} PUBLIC
      "$<BUILD_INTERFACE:${LAMINA_SWIFT_MODULE_DIRECTORY}>")
  endif()
endfunction()
