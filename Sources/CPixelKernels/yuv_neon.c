// Premultiplied ARGB to I420, NEON version (AArch64 only; chosen at run time by
// lamina_kernels_level): sixteen pixels of a row pair a step, split into planes by vld4q_u8 (blue,
// green, red, alpha). Bit-identical with lk_i420_portable (yuv.c): the same integer formula, every
// sum exact in 32-bit lanes.
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

/// Luma of eight pixels from their 16-bit R, G, B channels (each result at most 235).
static inline uint8x8_t luma8(uint16x8_t r, uint16x8_t g, uint16x8_t b) {
    const uint32x4_t bias = vdupq_n_u32((16 << 15) + (1 << 14));
    uint32x4_t lo = vmlal_n_u16(vmlal_n_u16(vmlal_n_u16(bias, vget_low_u16(r), YR), vget_low_u16(g), YG), vget_low_u16(b), YB);
    uint32x4_t hi = vmlal_high_n_u16(vmlal_high_n_u16(vmlal_high_n_u16(bias, r, YR), g, YG), b, YB);
    return vmovn_u16(vcombine_u16(vshrn_n_u32(lo, 15), vshrn_n_u32(hi, 15)));
}

/// Luma of sixteen pixels from their R, G, B planes.
static inline uint8x16_t luma16(uint8x16_t r, uint8x16_t g, uint8x16_t b) {
    return vcombine_u8(luma8(vmovl_u8(vget_low_u8(r)), vmovl_u8(vget_low_u8(g)), vmovl_u8(vget_low_u8(b))),
                       luma8(vmovl_high_u8(r), vmovl_high_u8(g), vmovl_high_u8(b)));
}

/// One chroma byte per 2x2 block from the blocks' channel sums (each at most 1020) and the row's
/// coefficients (cr, cg, cb); results lie in 16...240, so narrowing saturates nothing.
static inline uint8x8_t chroma8(uint16x8_t sr, uint16x8_t sg, uint16x8_t sb, int16_t cr, int16_t cg, int16_t cb) {
    const int32x4_t bias = vdupq_n_s32((128 << 17) + (1 << 16));
    int16x8_t r = vreinterpretq_s16_u16(sr), g = vreinterpretq_s16_u16(sg), b = vreinterpretq_s16_u16(sb);
    int32x4_t lo = vmlal_n_s16(vmlal_n_s16(vmlal_n_s16(bias, vget_low_s16(r), cr), vget_low_s16(g), cg), vget_low_s16(b), cb);
    int32x4_t hi = vmlal_high_n_s16(vmlal_high_n_s16(vmlal_high_n_s16(bias, r, cr), g, cg), b, cb);
    return vqmovun_s16(vcombine_s16(vmovn_s32(vshrq_n_s32(lo, 17)), vmovn_s32(vshrq_n_s32(hi, 17))));
}

LK_HIDDEN void lk_i420_neon(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                            int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    const int32_t end = row0 + rows;
    for (int32_t y = row0; y < end; y += 2) {
        if (y + 1 >= height) { lk_i420_portable(src, stride, width, height, y, 1, straight, yp, ys, up, vp, cs); continue; }
        const uint32_t *s0 = src + (intptr_t)y * stride, *s1 = s0 + stride;
        uint8_t *y0 = yp + (intptr_t)y * ys, *y1 = y0 + ys;
        uint8_t *u = up + (intptr_t)(y / 2) * cs, *v = vp + (intptr_t)(y / 2) * cs;
        int32_t x = 0;
        for (; x + 16 <= width; x += 16) {
            uint8x16x4_t p = vld4q_u8((const uint8_t *)(s0 + x)), q = vld4q_u8((const uint8_t *)(s1 + x));
            // A pixel that is not opaque: the rest of the row in the portable code.
            if (straight && vminvq_u8(vandq_u8(p.val[3], q.val[3])) != 255) break;
            vst1q_u8(y0 + x, luma16(p.val[2], p.val[1], p.val[0]));
            vst1q_u8(y1 + x, luma16(q.val[2], q.val[1], q.val[0]));
            // 2x2 sums: neighbours in a row added pairwise, then the row below added on.
            uint16x8_t sr = vpadalq_u8(vpaddlq_u8(p.val[2]), q.val[2]);
            uint16x8_t sg = vpadalq_u8(vpaddlq_u8(p.val[1]), q.val[1]);
            uint16x8_t sb = vpadalq_u8(vpaddlq_u8(p.val[0]), q.val[0]);
            vst1_u8(u + x / 2, chroma8(sr, sg, sb, UR, UG, UB));
            vst1_u8(v + x / 2, chroma8(sr, sg, sb, VR, VG, VB));
        }
        if (x < width) {
            // The rest of the row pair: the portable code on the columns from x (x is even).
            lk_i420_portable(s0 + x, stride, width - x, height - y, 0, 2, straight, y0 + x, ys, u + x / 2, v + x / 2, cs);
        }
    }
}

#endif
