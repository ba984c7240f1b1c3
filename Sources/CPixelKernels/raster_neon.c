// The cell rasteriser's row sweep (raster.c), NEON version (AArch64 only): an integer prefix sum
// of the cells four at a time, each sum turned into coverage as sum_coverage does; equal to the
// portable version (integer sums are exact in any order).
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

LK_HIDDEN int32_t lk_raster_sweep_neon(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd) {
    const uint32x4_t zero = vdupq_n_u32(0), one = vdupq_n_u32(LAMINA_RASTER_ONE);
    const uint32x4_t two = vdupq_n_u32(2 * LAMINA_RASTER_ONE), period = vdupq_n_u32(2 * LAMINA_RASTER_ONE - 1);
    const float32x4_t unit = vdupq_n_f32(1.0f / LAMINA_RASTER_ONE);
    uint32x4_t carry = vdupq_n_u32((uint32_t)sum);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32x4_t x = vld1q_u32((const uint32_t *)(cells + i));
        vst1q_u32((uint32_t *)(cells + i), zero);
        x = vaddq_u32(x, vextq_u32(zero, x, 3));
        x = vaddq_u32(x, vextq_u32(zero, x, 2));
        x = vaddq_u32(x, carry);
        carry = vdupq_laneq_u32(x, 3);
        uint32x4_t a = vreinterpretq_u32_s32(vabsq_s32(vreinterpretq_s32_u32(x)));
        if (evenOdd) {
            a = vandq_u32(a, period);
            a = vminq_u32(a, vsubq_u32(two, a));
        } else {
            a = vminq_u32(a, one);
        }
        vst1q_f32(coverage + i, vmulq_f32(vcvtq_f32_u32(a), unit));
    }
    int32_t s = (int32_t)vgetq_lane_u32(carry, 0);
    return i < count ? lk_raster_sweep_portable(cells + i, coverage + i, count - i, s, evenOdd) : s;
}

#endif
