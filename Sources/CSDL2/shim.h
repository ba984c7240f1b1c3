// The C surface of SDL2, SDL2_ttf and SDL2_image that Lamina's host module uses.
// Found through pkg-config (sdl2); installed on Debian by libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev.
#ifndef LAMINA_CSDL2_SHIM_H
#define LAMINA_CSDL2_SHIM_H
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
#endif
