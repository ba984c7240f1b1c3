// PNG through libpng's simplified API and JPEG through libjpeg-turbo; see include/CMediaCodecs.h.
#include "CMediaCodecs.h"

#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libpng's BGRA and libjpeg-turbo's BGRA byte orders are Lamina's ARGB words on a little-endian
// machine (every machine Swift on Linux runs on); on a big-endian one the byte order is ARGB.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LAMINA_PNG_FORMAT PNG_FORMAT_ARGB
#define LAMINA_JPEG_SPACE JCS_EXT_ARGB
#else
#define LAMINA_PNG_FORMAT PNG_FORMAT_BGRA
#define LAMINA_JPEG_SPACE JCS_EXT_BGRA
#endif

static void set_error(char *err, size_t errlen, const char *message) {
    if (err && errlen > 0) snprintf(err, errlen, "%s", message && *message ? message : "unknown error");
}

static int too_large(uint64_t w, uint64_t h, char *err, size_t errlen) {
    if (w == 0 || h == 0) { set_error(err, errlen, "the image has no pixels"); return 1; }
    if (w * h > LAMINA_CODEC_MAX_PIXELS) {
        if (err && errlen > 0)
            snprintf(err, errlen, "the image is %llux%llu pixels, more than the %llu megapixels Lamina decodes",
                     (unsigned long long)w, (unsigned long long)h, (unsigned long long)(LAMINA_CODEC_MAX_PIXELS / 1000000));
        return 1;
    }
    return 0;
}

uint32_t *lamina_png_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        set_error(err, errlen, image.message);
        png_image_free(&image);
        return NULL;
    }
    if (too_large(image.width, image.height, err, errlen)) { png_image_free(&image); return NULL; }
    image.format = LAMINA_PNG_FORMAT;
    uint32_t *pixels = malloc((size_t)image.width * image.height * 4);
    if (!pixels) { set_error(err, errlen, "out of memory"); png_image_free(&image); return NULL; }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        set_error(err, errlen, image.message);
        png_image_free(&image);
        free(pixels);
        return NULL;
    }
    *width = (int32_t)image.width;
    *height = (int32_t)image.height;
    png_image_free(&image);
    return pixels;
}

void *lamina_png_encode(const uint32_t *argb, int32_t width, int32_t height, size_t *out_size, char *err, size_t errlen) {
    if (width <= 0 || height <= 0) { set_error(err, errlen, "the image has no pixels"); return NULL; }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = LAMINA_PNG_FORMAT;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, argb, 0, NULL)) {
        set_error(err, errlen, image.message);
        return NULL;
    }
    void *bytes = malloc(size);
    if (!bytes) { set_error(err, errlen, "out of memory"); return NULL; }
    if (!png_image_write_to_memory(&image, bytes, &size, 0, argb, 0, NULL)) {
        set_error(err, errlen, image.message);
        free(bytes);
        return NULL;
    }
    *out_size = size;
    return bytes;
}

/// libjpeg's error manager, with a place to jump back to instead of exit().
struct lamina_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    char warning[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct lamina_jpeg_error *e = (struct lamina_jpeg_error *)info->err;
    (*info->err->format_message)(info, e->message);
    longjmp(e->jump, 1);
}

/// Warnings (corrupt data the decoder works around, such as a file cut short) are kept, the
/// first of them, for the caller to report; trace messages are dropped. Nothing is printed.
static void jpeg_message(j_common_ptr info, int level) {
    struct lamina_jpeg_error *e = (struct lamina_jpeg_error *)info->err;
    if (level < 0) {
        if (e->warning[0] == 0) (*info->err->format_message)(info, e->warning);
        info->err->num_warnings++;
    }
}

uint32_t *lamina_jpeg_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen) {
    struct jpeg_decompress_struct info;
    struct lamina_jpeg_error e;
    uint32_t *volatile pixels = NULL;
    memset(&e, 0, sizeof e);
    info.err = jpeg_std_error(&e.manager);
    e.manager.error_exit = jpeg_fail;
    e.manager.emit_message = jpeg_message;
    if (setjmp(e.jump)) {
        set_error(err, errlen, e.message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        set_error(err, errlen, "CMYK JPEG files are not decoded");
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    if (too_large(info.image_width, info.image_height, err, errlen)) { jpeg_destroy_decompress(&info); return NULL; }
    info.out_color_space = LAMINA_JPEG_SPACE;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    pixels = malloc(w * h * 4);
    if (!pixels) {
        set_error(err, errlen, "out of memory");
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.output_scanline * w);
        if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    // Decoded, perhaps with a warning: the caller reports it and keeps the image.
    if (e.warning[0]) set_error(err, errlen, e.warning); else if (err && errlen) err[0] = 0;
    *width = (int32_t)w;
    *height = (int32_t)h;
    return pixels;
}

void *lamina_jpeg_encode(const uint32_t *argb, int32_t width, int32_t height, int32_t quality, size_t *out_size, char *err, size_t errlen) {
    struct jpeg_compress_struct info;
    struct lamina_jpeg_error e;
    unsigned char *volatile bytes = NULL;
    unsigned long size = 0;
    memset(&e, 0, sizeof e);
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500) {
        set_error(err, errlen, "JPEG files hold 1...65500 pixels a side");
        return NULL;
    }
    info.err = jpeg_std_error(&e.manager);
    e.manager.error_exit = jpeg_fail;
    e.manager.emit_message = jpeg_message;
    if (setjmp(e.jump)) {
        set_error(err, errlen, e.message);
        jpeg_destroy_compress(&info);
        free(bytes);
        return NULL;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&bytes, &size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = LAMINA_JPEG_SPACE;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(argb + (size_t)info.next_scanline * (size_t)width);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    if (err && errlen) err[0] = 0;
    *out_size = (size_t)size;
    return bytes;
}

void lamina_codec_free(void *p) { free(p); }
