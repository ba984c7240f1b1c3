# LaminaCompiler.cmake: include BEFORE project() (the top-level CMakeLists.txt does).
#
# SwiftPM compiles Lamina's C target (CPixelKernels) with the clang that ships with the Swift
# toolchain. When Lamina is the top-level project and nobody chose a C compiler (no
# -DCMAKE_C_COMPILER, no $CC), pick that same clang: the one beside `swiftc` on PATH (or beside
# CMAKE_Swift_COMPILER when given). Anything chosen explicitly wins. When Lamina is embedded, the
# parent project's C compiler is used; LaminaTargets.cmake gives CPixelKernels the flags that keep
# its results bit-identical with any compiler (-ffp-contract=off).
if(NOT DEFINED CMAKE_C_COMPILER AND NOT DEFINED ENV{CC})
  if(DEFINED CMAKE_Swift_COMPILER)
    set(_lamina_swiftc "${CMAKE_Swift_COMPILER}")
  else()
    find_program(_lamina_swiftc NAMES swiftc)
  endif()
  if(_lamina_swiftc)
    get_filename_component(_lamina_swiftc "${_lamina_swiftc}" REALPATH)
    get_filename_component(_lamina_toolchain_bin "${_lamina_swiftc}" DIRECTORY)
    if(EXISTS "${_lamina_toolchain_bin}/clang")
      set(CMAKE_C_COMPILER "${_lamina_toolchain_bin}/clang" CACHE FILEPATH
          "C compiler (Lamina defaults to the Swift toolchain's clang, as SwiftPM does)")
    endif()
  endif()
  unset(_lamina_swiftc)
  unset(_lamina_swiftc CACHE)
  unset(_lamina_toolchain_bin)
endif()
