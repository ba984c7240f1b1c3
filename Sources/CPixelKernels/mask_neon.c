// A solid colour through an 8-bit mask, NEON version (AArch64 only; chosen at run time by
// lamina_kernels_level). Bit-identical with lk_over_solid_mask_portable (mask.c): sixteen pixels a
// step as byte planes (see blend_neon.c for the planes and mul255's rounding there).
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

/// x·f/255 per byte lane, rounded as mul255.
static inline uint8x16_t mask_mul255(uint8x16_t x, uint8x16_t f) {
    uint16x8_t lo = vmull_u8(vget_low_u8(x), vget_low_u8(f)), hi = vmull_high_u8(x, f);
    return vraddhn_high_u16(vraddhn_u16(lo, vrshrq_n_u16(lo, 8)), hi, vrshrq_n_u16(hi, 8));
}

LK_HIDDEN void lk_over_solid_mask_neon(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    const uint8x16_t cb = vdupq_n_u8((uint8_t)color), cg = vdupq_n_u8((uint8_t)(color >> 8));
    const uint8x16_t cr = vdupq_n_u8((uint8_t)(color >> 16)), ca = vdupq_n_u8((uint8_t)(color >> 24));
    const uint8x16_t kv = vdupq_n_u8((uint8_t)k);
    int32_t i = 0;
    for (; i + 16 <= count; i += 16) {
        uint8x16_t m = vld1q_u8(mask + i);
        if (vmaxvq_u8(m) == 0) continue;   // nothing covered: the pixels stay
        uint8x16x4_t s;
        s.val[0] = mask_mul255(cb, m);
        s.val[1] = mask_mul255(cg, m);
        s.val[2] = mask_mul255(cr, m);
        s.val[3] = mask_mul255(ca, m);
        if (k != 255) {
            for (int c = 0; c < 4; c++) s.val[c] = mask_mul255(s.val[c], kv);
        }
        uint8x16x4_t d = vld4q_u8((const uint8_t *)(dst + i));
        const uint8x16_t ia = vmvnq_u8(s.val[3]);   // 255 − alpha
        for (int c = 0; c < 4; c++) d.val[c] = vaddq_u8(s.val[c], mask_mul255(d.val[c], ia));
        vst4q_u8((uint8_t *)(dst + i), d);
    }
    lk_over_solid_mask_portable(dst + i, color, mask + i, k, count - i);
}

#endif
