// The C surface of SDL2 that Lamina's window host (SDLHost, the only module that imports it) uses.
// Installed on Debian by libsdl2-dev. (Glyphs and image files do not go through SDL: QuartzCore
// uses FreeType, libpng and libjpeg-turbo directly, so a program without a window links no SDL.)
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
// The X11 window behind an SDL window and two shared-memory images of the window host's own
// (SharedImagesPresenter: frames drawn straight into the image the X server reads next).
#include <SDL2/SDL_syswm.h>
#if defined(SDL_VIDEO_DRIVER_X11) && __has_include(<X11/extensions/XShm.h>)
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#define LAMINA_HAS_XSHM 1
#endif
#endif
