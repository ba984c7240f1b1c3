// Lamina's image file codecs: PNG through libpng's simplified API, JPEG through libjpeg-turbo.
// Thin C wrappers (libjpeg reports errors by longjmp, which Swift cannot catch) used by QuartzCore's
// PNGCodec and ImageDecoder. Pixels are 32-bit words, alpha in the top byte then red, green, blue
// (Lamina's ARGB), with straight (not premultiplied) alpha; rows are packed (width words each).
//
// Every function is reentrant: each call has its own decoder state. On failure a function returns
// NULL and writes a NUL-terminated reason (at most `errlen` bytes) to `err`.
#ifndef LAMINA_CMEDIACODECS_H
#define LAMINA_CMEDIACODECS_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most pixels one decoded image may have (2^28: 1 GiB of pixels); larger images are refused
/// before any pixel memory is taken.
#define LAMINA_CODEC_MAX_PIXELS ((uint64_t)1 << 28)

/// Decodes PNG file bytes (any bit depth and colour type, palettes and tRNS transparency, gamma
/// converted to sRGB) to straight ARGB words. Free the result with lamina_codec_free.
uint32_t *lamina_png_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen);

/// Encodes straight ARGB words as an 8-bit RGBA PNG file. Returns the file bytes (free with
/// lamina_codec_free) and their count in *out_size.
void *lamina_png_encode(const uint32_t *argb, int32_t width, int32_t height, size_t *out_size, char *err, size_t errlen);

/// Decodes JPEG file bytes (baseline or progressive; greyscale, YCbCr or RGB) to opaque ARGB words.
/// Free the result with lamina_codec_free.
uint32_t *lamina_jpeg_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen);

/// Decodes every frame of a GIF file as a viewer shows it: each frame drawn over the ones before on
/// the file's logical screen (transparent at first), the frames' disposal methods honoured. The
/// result holds `*frames` images of `*width` × `*height` straight ARGB words, one after another;
/// `*delays` (freed with lamina_codec_free) the frames' delays in hundredths of a second. Refused
/// when the first frame alone would pass LAMINA_CODEC_MAX_PIXELS; frames past that many pixels in
/// all are left out with a warning in `err` (the result is still returned). A file damaged part-way
/// gives the frames read whole before the damage, with a warning in `err`.
uint32_t *lamina_gif_decode(const void *data, size_t size, int32_t *width, int32_t *height, int32_t *frames,
                            int32_t **delays, char *err, size_t errlen);

/// Encodes ARGB words as a baseline JPEG file at `quality` (1...100; alpha is ignored: give opaque
/// pixels). Returns the file bytes (free with lamina_codec_free) and their count in *out_size.
void *lamina_jpeg_encode(const uint32_t *argb, int32_t width, int32_t height, int32_t quality, size_t *out_size, char *err, size_t errlen);

/// Frees what the functions above return (NULL is allowed).
void lamina_codec_free(void *p);

#ifdef __cplusplus
}
#endif
#endif
