// The C surface of SDL2, SDL2_ttf and SDL2_image that Lamina uses (windows in SDLHost; glyphs and
// image files in QuartzCore). Installed on Debian by libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev.
//
// The headers are found by their place in the system include folder (<SDL2/SDL.h>; SDL's own
// headers include each other by plain name, from the same folder), so no pkg-config flags are
// needed: Package.swift declares this module without `pkgConfig`, because SwiftPM refuses SDL2's
// pkg-config cflag -D_REENTRANT and warned about it in every build of a package depending on
// Lamina. (_REENTRANT asks old C libraries for thread-safe declarations; glibc gives them always.)
#ifndef LAMINA_CSDL2_SHIM_H
#define LAMINA_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#endif
