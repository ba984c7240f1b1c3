// Filling rectangles with one colour, NEON version (AArch64 only): sixteen pixels a store pair,
// the last few one by one.
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

LK_HIDDEN void lk_fill_rect_neon(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    const uint32x4_t v = vdupq_n_u32(color);
    for (int32_t y = 0; y < height; y++, dst += dstStride) {
        int32_t i = 0;
        for (; i + 16 <= width; i += 16) {
            vst1q_u32(dst + i, v); vst1q_u32(dst + i + 4, v);
            vst1q_u32(dst + i + 8, v); vst1q_u32(dst + i + 12, v);
        }
        for (; i + 4 <= width; i += 4) vst1q_u32(dst + i, v);
        for (; i < width; i++) dst[i] = color;
    }
}

#endif
