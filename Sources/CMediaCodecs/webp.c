// WebP through libwebp; see include/CMediaCodecs.h.
#include "CMediaCodecs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>

static void webp_error(char *err, size_t errlen, const char *message) {
    if (err && errlen) snprintf(err, errlen, "%s", message);
}

uint32_t *lamina_webp_decode(const void *data, size_t size, int32_t *width, int32_t *height, char *err, size_t errlen) {
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures((const uint8_t *)data, size, &features);
    if (status != VP8_STATUS_OK) {
        webp_error(err, errlen, status == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated WebP data" : "not a WebP file libwebp reads");
        return NULL;
    }
    if (features.has_animation) {
        webp_error(err, errlen, "animated WebP files are not decoded");
        return NULL;
    }
    if (features.width <= 0 || features.height <= 0 ||
        (uint64_t)features.width * (uint64_t)features.height > LAMINA_CODEC_MAX_PIXELS) {
        webp_error(err, errlen, "image too large");
        return NULL;
    }
    size_t w = (size_t)features.width, h = (size_t)features.height;
    uint32_t *pixels = malloc(w * h * 4);
    if (!pixels) {
        webp_error(err, errlen, "out of memory");
        return NULL;
    }
    // Straight ARGB words: B, G, R, A bytes on a little-endian machine, A, R, G, B on a big-endian one.
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    uint8_t *ok = WebPDecodeARGBInto((const uint8_t *)data, size, (uint8_t *)pixels, w * h * 4, (int)(w * 4));
#else
    uint8_t *ok = WebPDecodeBGRAInto((const uint8_t *)data, size, (uint8_t *)pixels, w * h * 4, (int)(w * 4));
#endif
    if (!ok) {
        free(pixels);
        webp_error(err, errlen, "WebP data that does not decode");
        return NULL;
    }
    if (err && errlen) err[0] = 0;
    *width = (int32_t)w;
    *height = (int32_t)h;
    return pixels;
}
