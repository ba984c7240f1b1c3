// FreeType, the font rasteriser behind CATextLayer's glyphs (QuartzCore's DefaultFontProvider).
// Installed on Debian by libfreetype-dev; Package.swift finds its include folder through
// pkg-config (`freetype2`: only -I flags).
#ifndef LAMINA_CFREETYPE_SHIM_H
#define LAMINA_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#endif
