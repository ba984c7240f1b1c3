// Filling rectangles with one colour: the public entry point and its portable loop; the vector
// versions are in fill_x86.c and fill_neon.c.
#include "kernels_internal.h"

void lamina_fill_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_fill_rect_avx512(dst, dstStride, color, width, height); return;
    case LAMINA_LEVEL_AVX2: lk_fill_rect_avx2(dst, dstStride, color, width, height); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_fill_rect_neon(dst, dstStride, color, width, height); return;
#endif
    default:
        for (int32_t y = 0; y < height; y++, dst += dstStride)
            for (int32_t i = 0; i < width; i++) dst[i] = color;
    }
}
