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

/// Decodes a still WebP file's bytes (lossy or lossless, with or without alpha) to straight ARGB
/// words; animated files are refused. Free the result with lamina_codec_free.
uint32_t *lamina_webp_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen);

/// Encodes straight ARGB words as an 8-bit RGBA PNG file. Returns the file bytes (free with
/// lamina_codec_free) and their count in *out_size.
void *lamina_png_encode(const uint32_t *argb, int32_t width, int32_t height, size_t *out_size, char *err, size_t errlen);

/// Receives consecutive pieces of a file being written: returns 0, or a nonzero error (an errno)
/// that stops the writing (and is returned by the writer).
typedef int (*lamina_png_sink)(void *context, const void *bytes, size_t count);

/// Writes premultiplied ARGB words (`width` a row, packed) as a PNG file, a row at a time (no copy
/// of the image is made), handing the file's bytes to `sink` in order. Colour is un-premultiplied
/// as `lamina_png_encode` expects its input (rounded to nearest; transparent pixels become 0).
/// With `fast` 0 (compact): 8-bit RGBA, the bytes libpng's simplified writer gives for the same
/// straight pixels (adaptive filters, zlib's default level). With `fast` 1, for large frames: RGB
/// when every pixel is opaque (else RGBA), each row filtered with Up, zlib level 1, the rows cut
/// into at most `threads` segments (of a million pixels or more) deflated in parallel and joined
/// into one zlib stream; several times faster, for larger files. Both carry an sRGB chunk.
/// `sink` is called on the calling thread only, never from the writer's helper threads. Returns 0,
/// the sink's error, or -1 (with a reason in `err`).
int lamina_png_write(const uint32_t *argb, int32_t width, int32_t height, int32_t fast, int32_t threads,
                     lamina_png_sink sink, void *context, char *err, size_t errlen);

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
