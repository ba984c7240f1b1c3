# LaminaTargets.cmake: every target of Package.swift, built by CMake.
#
#   lamina_add_targets(<lamina source root>)
#
# Libraries (each also as Lamina::<name>):
#   CoreGraphics   Swift: CMediaCodecs (image files for CGImage(pngDataProviderSource:…))
#   ImageIO        Swift: CoreGraphics (CGImageSource, CGImageDestination)
#   CPixelKernels  C, with run-time AVX2 / AVX-512 / NEON dispatch (module map generated in the build folder)
#   Compositor     Swift: CoreGraphics, CPixelKernels
#   LaminaAssets   Swift (Assets/LaminaAssets.swift): where the default fonts are
#   CFreeType      system module over FreeType (pkg-config), see LaminaSDL2.cmake
#   CMediaCodecs   C over libpng and libjpeg-turbo, see LaminaSDL2.cmake
#   QuartzCore     Swift: CoreGraphics, Compositor, LaminaAssets, CFreeType, CMediaCodecs
#   LaminaViews    Swift: QuartzCore
#   LaminaRandom   Swift: the seeded generator (SplitMix64) demos, the fuzzer and tests share
#   Demos          Swift: QuartzCore, LaminaViews, LaminaRandom
#   CSDL2          system module over SDL2 (pkg-config), see LaminaSDL2.cmake
#   SDLHost        Swift: QuartzCore, Compositor, CSDL2
#   LaminaRecording  Swift: QuartzCore, Compositor, SDLHost (recording to video through ffmpeg)
#   LaminaWindow   Swift: QuartzCore, SDLHost, LaminaRecording (a window for your own layers)
#   Lottie         Swift: QuartzCore, CoreGraphics, ZIPFoundation (Lottie files through Core Animation
#                  layers; .lottie zips)  (when LAMINA_BUILD_LOTTIE or LAMINA_BUILD_COMMAND)
#   ZIPFoundation  Swift, fetched (see LaminaDependencies.cmake)  (with Lottie)
#   Scenes         Swift: QuartzCore, LaminaAssets, Lottie, Yams (and its CYaml)  (when LAMINA_BUILD_COMMAND)
# Executable:
#   SceneFuzz      Swift: Scenes, QuartzCore, LaminaRandom, Yams (the fuzzer)      (when LAMINA_BUILD_COMMAND)
#   lamina         Swift: QuartzCore, Compositor, LaminaAssets, SDLHost, LaminaRecording, Demos,
#                  Lottie, Scenes, SceneFuzz, LaminaRandom, ArgumentParser
#                  (when LAMINA_BUILD_COMMAND; written to <build>/bin/lamina)
#
# Libraries are static unless BUILD_SHARED_LIBS is ON. The test targets of Package.swift are not
# built here (run them with `swift test`).
include_guard(GLOBAL)
include(LaminaSwiftSettings)
include(LaminaSDL2)
include(LaminaDependencies)

option(LAMINA_BUILD_COMMAND
  "Build Scenes and the lamina command (fetches Yams and swift-argument-parser)" ON)
option(LAMINA_BUILD_LOTTIE
  "Build the Lottie library (fetches ZIPFoundation); always on with LAMINA_BUILD_COMMAND" ON)

# A Swift library target from every .swift file under Sources/<name>.
function(lamina_add_swift_library name root)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${root}/Sources/${name}/*.swift")
  add_library(${name} ${sources})
  add_library(Lamina::${name} ALIAS ${name})
  lamina_swift_target(${name})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARGN)
    target_link_libraries(${name} PUBLIC ${ARGN})
  endif()
endfunction()

function(lamina_add_targets root)
  # CPixelKernels: the C inner loops. SwiftPM's flags: -fPIC, -g, -fno-omit-frame-pointer, -O0 in
  # debug and -O2 in release. The source keeps its arithmetic unfused with
  # `#pragma clang fp contract(off)`; -ffp-contract=off says the same to compilers that ignore the
  # clang pragma (GCC), so the results stay bit-identical with the Swift reference. The AVX2
  # versions are chosen at run time (__attribute__((target("avx2"))) + __builtin_cpu_supports), so
  # no -mavx2 is given: the library runs on any x86-64. On AArch64 the *_x86.c files compile to
  # nothing and the *_neon.c files hold the NEON versions (and the other way round on x86-64).
  file(GLOB kernel_sources CONFIGURE_DEPENDS "${root}/Sources/CPixelKernels/*.c")
  add_library(CPixelKernels STATIC ${kernel_sources})
  add_library(Lamina::CPixelKernels ALIAS CPixelKernels)
  set_target_properties(CPixelKernels PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(CPixelKernels PRIVATE
    -g -fno-omit-frame-pointer -ffp-contract=off
    "$<$<CONFIG:Release>:-O2>")
  # SwiftPM makes a Clang module of include/ for Swift; so does this, in the build folder.
  set(map_dir "${CMAKE_CURRENT_BINARY_DIR}/CPixelKernels-module")
  file(CONFIGURE OUTPUT "${map_dir}/module.modulemap" CONTENT
"module CPixelKernels {
    umbrella header \"${root}/Sources/CPixelKernels/include/CPixelKernels.h\"
    export *
}
")
  target_include_directories(CPixelKernels PUBLIC
    "$<BUILD_INTERFACE:${root}/Sources/CPixelKernels/include>"
    "$<BUILD_INTERFACE:$<$<COMPILE_LANGUAGE:Swift>:${map_dir}>>")

  lamina_add_swift_library(Compositor "${root}" CoreGraphics CPixelKernels)
  # LaminaAssets: the one Swift file of Assets/. The fonts beside it are found from the source
  # folder (or $LAMINA_ASSETS, or an Assets folder beside the executable): CMake makes no bundle.
  add_library(LaminaAssets "${root}/Assets/LaminaAssets.swift")
  add_library(Lamina::LaminaAssets ALIAS LaminaAssets)
  lamina_swift_target(LaminaAssets)
  set_target_properties(LaminaAssets PROPERTIES POSITION_INDEPENDENT_CODE ON)
  lamina_add_cfreetype("${root}/Sources/CFreeType")
  lamina_add_cmediacodecs("${root}/Sources/CMediaCodecs")
  lamina_add_swift_library(CoreGraphics "${root}" CMediaCodecs)
  lamina_add_swift_library(ImageIO "${root}" CoreGraphics)
  lamina_add_swift_library(QuartzCore "${root}" CoreGraphics Compositor LaminaAssets CFreeType CMediaCodecs)
  lamina_add_swift_library(LaminaViews "${root}" QuartzCore)
  lamina_add_swift_library(LaminaRandom "${root}")
  lamina_add_swift_library(Demos "${root}" QuartzCore LaminaViews LaminaRandom)
  lamina_add_csdl2("${root}/Sources/CSDL2")
  lamina_add_swift_library(SDLHost "${root}" QuartzCore Compositor CSDL2)
  lamina_add_swift_library(LaminaRecording "${root}" QuartzCore Compositor SDLHost)
  lamina_add_swift_library(LaminaWindow "${root}" QuartzCore SDLHost LaminaRecording)
  if(LAMINA_BUILD_LOTTIE OR LAMINA_BUILD_COMMAND)
    lamina_fetch_zipfoundation()
    lamina_add_swift_library(Lottie "${root}" QuartzCore CoreGraphics ZIPFoundation)
  endif()

  if(LAMINA_BUILD_COMMAND)
    lamina_fetch_dependencies()
    lamina_add_swift_library(Scenes "${root}" QuartzCore LaminaAssets Lottie Yams)
    # Yams' C module, CYaml, is importable from Scenes as with SwiftPM (Yams links it privately).
    if(TARGET CYaml)
      target_link_libraries(Scenes PUBLIC CYaml)
    endif()
    # The scene fuzzer (lamina fuzz-scenes), a target of its own beside the Scenes library.
    lamina_add_swift_library(SceneFuzz "${root}" Scenes QuartzCore LaminaRandom Yams)

    file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${root}/Sources/lamina/*.swift")
    add_executable(lamina ${sources})
    add_executable(Lamina::lamina ALIAS lamina)
    lamina_swift_target(lamina)
    # The command's entry point is `@main` in Lamina.swift (there is no main.swift).
    target_compile_options(lamina PRIVATE -parse-as-library)
    set_target_properties(lamina PROPERTIES RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bin")
    target_link_libraries(lamina PRIVATE
      QuartzCore Compositor LaminaAssets SDLHost LaminaRecording Demos Lottie Scenes SceneFuzz LaminaRandom ArgumentParser)
  endif()
endfunction()
