// A solid colour through an 8-bit mask (glyph runs placed on whole pixels): the public entry
// point and the portable version; the vector versions are in mask_x86.c and mask_neon.c.
#include "kernels_internal.h"
#include <string.h>

LK_HIDDEN void lk_over_solid_mask_portable(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t m = mask[i];
        if (m) dst[i] = over_px(dst[i], scale_px(scale_px(color, m), k));
    }
}

void lamina_over_solid_mask(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    if (count <= 0 || color == 0 || k == 0) return;
    if (k > 255) k = 255;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_solid_mask_avx512(dst, color, mask, k, count); return;
    case LAMINA_LEVEL_AVX2: lk_over_solid_mask_avx2(dst, color, mask, k, count); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_over_solid_mask_neon(dst, color, mask, k, count); return;
#endif
    default: lk_over_solid_mask_portable(dst, color, mask, k, count);
    }
}

// ---- a glyph mask sampled along a row, for a translation by a fraction of a pixel ------------------

/// floor(v) as Swift's SpanShader.floorInline (the truncation, one less when it is above v).
static inline double mask_floor(double v) {
    double t = (double)(int64_t)v;
    return t > v ? t - 1 : t;
}

/// The mask value at column u of the two rows (0 outside the row or where the row is NULL).
static inline double mask_at(const uint8_t *row, int64_t x, int32_t width) {
    return row && x >= 0 && x < width ? (double)row[x] : 0;
}

LK_HIDDEN void lk_sample_mask_row_portable(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                           double g, double gv, double fv, int64_t x0, int32_t count) {
    const double limit = (double)width;
    for (int32_t i = 0; i < count; i++) {
        double u = (((double)(x0 + i) + 0.5) + g) - 0.5;
        if (!(u > -1 && u < limit)) { out[i] = 0; continue; }
        double fu0 = mask_floor(u);
        int64_t iu = (int64_t)fu0;
        double t0 = mask_at(top, iu, width), t1 = mask_at(top, iu + 1, width);
        double b0 = mask_at(bottom, iu, width), b1 = mask_at(bottom, iu + 1, width);
        double fu = u - fu0, gu = 1 - fu;
        double t = t0 * gu + t1 * fu;
        double b = b0 * gu + b1 * fu;
        double v = t * gv + b * fv;
        // Rounded, halves away from zero (v is not negative), as Swift's roundedInline.
        double r = (double)(int64_t)v;
        if (v - r >= 0.5) r += 1;
        out[i] = r >= 255 ? 255 : (uint8_t)r;
    }
}

void lamina_sample_mask_row(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                            double g, double gv, double fv, int64_t x0, int32_t count) {
    if (count <= 0) return;
    if (width <= 0 || (!top && !bottom)) { memset(out, 0, (size_t)count); return; }
    // The vector versions' pixel numbers and columns are 32-bit lanes.
    const int64_t lim = (int64_t)1 << 30;
    int lanes = x0 > -lim && x0 + count < lim && g > -(double)lim && g < (double)lim;
    switch (lanes ? lamina_kernels_level() : LAMINA_LEVEL_PORTABLE) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_sample_mask_row_avx512(out, top, bottom, width, g, gv, fv, x0, count); return;
    case LAMINA_LEVEL_AVX2: lk_sample_mask_row_avx2(out, top, bottom, width, g, gv, fv, x0, count); return;
#endif
    default: lk_sample_mask_row_portable(out, top, bottom, width, g, gv, fv, x0, count);
    }
}

// ---- a glyph mask sampled along a row through any map ----------------------------------------------

/// The mask value at (x, y) (0 outside the mask).
static inline double mask_texel(const uint8_t *mask, int64_t x, int64_t y, int32_t width, int32_t height) {
    return x >= 0 && y >= 0 && x < width && y < height ? (double)mask[y * width + x] : 0;
}

LK_HIDDEN void lk_sample_mask_mapped_row_portable(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                                  double a, double b, double c, double rowX, double rowY, double rowW,
                                                  int64_t x0, int32_t count) {
    const double limitU = (double)width, limitV = (double)height;
    for (int32_t i = 0; i < count; i++) {
        double px = (double)(x0 + i) + 0.5;
        double inv = 1 / (px * c + rowW);
        double u = (px * a + rowX) * inv - 0.5, v = (px * b + rowY) * inv - 0.5;
        if (!(u > -1 && v > -1 && u < limitU && v < limitV)) { out[i] = 0; continue; }
        double fu0 = mask_floor(u), fv0 = mask_floor(v);
        int64_t iu = (int64_t)fu0, iv = (int64_t)fv0;
        double fu = u - fu0, fv = v - fv0;
        double top = mask_texel(mask, iu, iv, width, height) * (1 - fu) + mask_texel(mask, iu + 1, iv, width, height) * fu;
        double bottom = mask_texel(mask, iu, iv + 1, width, height) * (1 - fu) + mask_texel(mask, iu + 1, iv + 1, width, height) * fu;
        double s = top * (1 - fv) + bottom * fv;
        // Rounded, halves away from zero (s is not negative), as Swift's rounded().
        double r = (double)(int64_t)s;
        if (s - r >= 0.5) r += 1;
        out[i] = r >= 255 ? 255 : (uint8_t)r;
    }
}

void lamina_sample_mask_mapped_row(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                   double a, double b, double c, double rowX, double rowY, double rowW,
                                   int64_t x0, int32_t count) {
    if (count <= 0) return;
    if (width <= 0 || height <= 0 || !mask) { memset(out, 0, (size_t)count); return; }
    // The vector versions' pixel numbers, texel offsets and the reads of four bytes at a texel
    // (clamped into the mask) need 32-bit lanes and a mask of at least four bytes.
    const int64_t lim = (int64_t)1 << 30;
    int64_t size = (int64_t)width * height;
    int lanes = x0 > -lim && x0 + count < lim && size >= 4 && size < lim;
    switch (lanes ? lamina_kernels_level() : LAMINA_LEVEL_PORTABLE) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_sample_mask_mapped_row_avx512(out, mask, width, height, a, b, c, rowX, rowY, rowW, x0, count); return;
    case LAMINA_LEVEL_AVX2: lk_sample_mask_mapped_row_avx2(out, mask, width, height, a, b, c, rowX, rowY, rowW, x0, count); return;
#endif
    default: lk_sample_mask_mapped_row_portable(out, mask, width, height, a, b, c, rowX, rowY, rowW, x0, count);
    }
}
