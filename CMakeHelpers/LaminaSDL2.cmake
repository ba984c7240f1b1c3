# LaminaSDL2.cmake: the system libraries behind Lamina's C modules, and their CMake targets.
#
#   CSDL2       Package.swift's `.systemLibrary(name: "CSDL2")`: a Clang module map
#               (Sources/CSDL2/module.modulemap, header shim.h) over the system's SDL2, imported
#               only by SDLHost (the window host).
#   CFreeType   `.systemLibrary(name: "CFreeType", pkgConfig: "freetype2")`: FreeType, for glyphs.
#   CMediaCodecs  the C target wrapping libpng (with zlib), libjpeg-turbo and giflib (image files), built here as a
#               static library with its module map generated in the build folder.
# Each is an INTERFACE target (CMediaCodecs a static one): linking it puts the module map on the
# import path, the include folders on the compile line and the libraries on the link line.
# On Debian: apt-get install pkg-config libsdl2-dev libx11-dev libxext-dev libfreetype-dev libpng-dev libjpeg62-turbo-dev libgif-dev libwebp-dev
# (scripts/setup.sh does it).
include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)
pkg_check_modules(SDL2 REQUIRED IMPORTED_TARGET sdl2)
pkg_check_modules(FREETYPE2 REQUIRED IMPORTED_TARGET freetype2)
pkg_check_modules(LIBPNG REQUIRED IMPORTED_TARGET libpng)
pkg_check_modules(LIBWEBP REQUIRED IMPORTED_TARGET libwebp)
find_package(JPEG REQUIRED)
find_package(GIF REQUIRED)
find_package(ZLIB REQUIRED)
find_package(Threads REQUIRED)

function(lamina_add_csdl2 source_dir)
  add_library(CSDL2 INTERFACE)
  add_library(Lamina::CSDL2 ALIAS CSDL2)
  target_include_directories(CSDL2 INTERFACE "$<BUILD_INTERFACE:${source_dir}>")
  # SDL2's headers are included as <SDL2/SDL.h> from the system folder (see shim.h); only the
  # library is needed from pkg-config.
  target_link_libraries(CSDL2 INTERFACE PkgConfig::SDL2)
endfunction()

function(lamina_add_cfreetype source_dir)
  add_library(CFreeType INTERFACE)
  add_library(Lamina::CFreeType ALIAS CFreeType)
  target_include_directories(CFreeType INTERFACE "$<BUILD_INTERFACE:${source_dir}>")
  target_link_libraries(CFreeType INTERFACE PkgConfig::FREETYPE2)
endfunction()

function(lamina_add_cmediacodecs source_dir)
  add_library(CMediaCodecs STATIC "${source_dir}/codecs.c" "${source_dir}/gif.c" "${source_dir}/png_writer.c" "${source_dir}/webp.c")
  add_library(Lamina::CMediaCodecs ALIAS CMediaCodecs)
  set_target_properties(CMediaCodecs PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(CMediaCodecs PRIVATE -g -fno-omit-frame-pointer "$<$<CONFIG:Release>:-O2>")
  set(map_dir "${CMAKE_CURRENT_BINARY_DIR}/CMediaCodecs-module")
  file(CONFIGURE OUTPUT "${map_dir}/module.modulemap" CONTENT
"module CMediaCodecs {
    umbrella header \"${source_dir}/include/CMediaCodecs.h\"
    export *
}
")
  target_include_directories(CMediaCodecs PUBLIC
    "$<BUILD_INTERFACE:${source_dir}/include>"
    "$<BUILD_INTERFACE:$<$<COMPILE_LANGUAGE:Swift>:${map_dir}>>")
  target_link_libraries(CMediaCodecs PUBLIC PkgConfig::LIBPNG PkgConfig::LIBWEBP ZLIB::ZLIB JPEG::JPEG GIF::GIF Threads::Threads)
endfunction()
