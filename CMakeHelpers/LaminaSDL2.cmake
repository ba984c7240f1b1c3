# LaminaSDL2.cmake: SDL2, SDL2_ttf and SDL2_image through pkg-config, and the CSDL2 target.
#
# Package.swift's `.systemLibrary(name: "CSDL2", pkgConfig: "sdl2")`: a Clang module map
# (Sources/CSDL2/module.modulemap, header shim.h) over the system's SDL2. Here CSDL2 is an INTERFACE
# target: linking it puts Sources/CSDL2 on the import path, SDL2's include folders and defines on
# the compile line, and libSDL2, libSDL2_ttf and libSDL2_image on the link line.
# On Debian: apt-get install pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev
# (scripts/setup.sh does it).
include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)
pkg_check_modules(SDL2 REQUIRED IMPORTED_TARGET sdl2)
pkg_check_modules(SDL2_TTF REQUIRED IMPORTED_TARGET SDL2_ttf)
pkg_check_modules(SDL2_IMAGE REQUIRED IMPORTED_TARGET SDL2_image)

function(lamina_add_csdl2 source_dir)
  add_library(CSDL2 INTERFACE)
  add_library(Lamina::CSDL2 ALIAS CSDL2)
  target_include_directories(CSDL2 INTERFACE "$<BUILD_INTERFACE:${source_dir}>")
  target_link_libraries(CSDL2 INTERFACE
    PkgConfig::SDL2 PkgConfig::SDL2_TTF PkgConfig::SDL2_IMAGE)
endfunction()
