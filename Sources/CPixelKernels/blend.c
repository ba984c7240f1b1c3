// Source over: the public entry points and their portable loops. Each call reads the level once
// (lamina_kernels_level) and runs that level's version for the whole row or rectangle; the vector
// versions are in blend_x86.c and blend_neon.c.
#include "kernels_internal.h"

static void over_rect_portable(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                               int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride)
        for (int32_t i = 0; i < width; i++) dst[i] = over_px(dst[i], scale_px(src[i], k));
}

static void over_solid_rect_portable(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++, dst += dstStride)
        for (int32_t i = 0; i < width; i++) dst[i] = over_px(dst[i], color);
}

/// lamina_over_rect after its checks (k in 1...255, a non-empty rectangle), at `level`.
static void over_rect_level(int32_t level, uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                            int32_t width, int32_t height, uint32_t k) {
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_rect_avx512(dst, dstStride, src, srcStride, width, height, k); return;
    case LAMINA_LEVEL_AVX2: lk_over_rect_avx2(dst, dstStride, src, srcStride, width, height, k); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_over_rect_neon(dst, dstStride, src, srcStride, width, height, k); return;
#endif
    default: over_rect_portable(dst, dstStride, src, srcStride, width, height, k);
    }
}

/// over_rect_level at the level calls run now.
static void over_rect_at_level(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                               int32_t width, int32_t height, uint32_t k) {
    over_rect_level(lamina_kernels_level(), dst, dstStride, src, srcStride, width, height, k);
}

LK_HIDDEN void lk_over_row_level(int32_t level, uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    over_rect_level(level, dst, 0, src, 0, count, 1, k);
}

/// lamina_over_solid_rect after its checks (a colour neither transparent nor opaque, a non-empty rectangle).
static void over_solid_rect_at_level(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_solid_rect_avx512(dst, dstStride, color, width, height); return;
    case LAMINA_LEVEL_AVX2: lk_over_solid_rect_avx2(dst, dstStride, color, width, height); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_over_solid_rect_neon(dst, dstStride, color, width, height); return;
#endif
    default: over_solid_rect_portable(dst, dstStride, color, width, height);
    }
}

void lamina_over_row(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    if (k == 0 || count <= 0) return;
    if (k > 255) k = 255;
    over_rect_at_level(dst, 0, src, 0, count, 1, k);
}

void lamina_over_rect(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                      int32_t width, int32_t height, uint32_t k) {
    if (k == 0 || width <= 0 || height <= 0) return;
    if (k > 255) k = 255;
    over_rect_at_level(dst, dstStride, src, srcStride, width, height, k);
}

void lamina_over_solid(uint32_t *dst, uint32_t color, int32_t count) {
    if (count <= 0 || color == 0) return;
    if ((color >> 24) == 255) { for (int32_t i = 0; i < count; i++) dst[i] = color; return; }
    over_solid_rect_at_level(dst, 0, color, count, 1);
}

void lamina_over_solid_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0 || color == 0) return;
    // An opaque colour replaces what is there: a fill.
    if ((color >> 24) == 255) { lamina_fill_rect(dst, dstStride, color, width, height); return; }
    over_solid_rect_at_level(dst, dstStride, color, width, height);
}

// ---- a solid colour through per-pixel coverage ----------------------------------------------------
// dst[i] = scale(color, k_i) over dst[i], k_i = coverage_k(coverage[i], op) (as PrimitiveDrawer
// computes a run's k); k_i = 0 leaves the pixel (the formula gives it back unchanged too: s = 0,
// d·255/255 = d).

void lamina_over_solid_coverage(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    if (count <= 0 || color == 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_solid_coverage_avx512(dst, color, coverage, op, count); return;
    case LAMINA_LEVEL_AVX2: lk_over_solid_coverage_avx2(dst, color, coverage, op, count); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_over_solid_coverage_neon(dst, color, coverage, op, count); return;
#endif
    default:
        for (int32_t i = 0; i < count; i++) {
            uint32_t k = coverage_k(coverage[i], op);
            if (k) dst[i] = over_px(dst[i], scale_px(color, k));
        }
    }
}
