// Bilinear sampling, NEON versions (AArch64 only; chosen at run time by lamina_kernels_level):
// four pixels a step, bit-identical with lk_sample_portable and lk_affine_portable (sample.c).
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

/// Four per-pixel weights (0...256) spread over their pixels' four 16-bit channels: pixels 0 and 1
/// in *lo, 2 and 3 in *hi.
static inline void spread_weights(uint32x4_t f, uint16x8_t *lo, uint16x8_t *hi) {
    uint16x4_t n = vmovn_u32(f);
    uint16x8_t z = vzip1q_u16(vcombine_u16(n, n), vcombine_u16(n, n));   // f0 f0 f1 f1 f2 f2 f3 f3
    *lo = vzip1q_u16(z, z);
    *hi = vzip2q_u16(z, z);
}

/// ⌊(p·(256 − f) + q·f) / 256⌋ per 16-bit channel (the sum is at most 255·256: no wrap).
static inline uint16x8_t lerp16(uint16x8_t p, uint16x8_t q, uint16x8_t f) {
    uint16x8_t g = vsubq_u16(vdupq_n_u16(256), f);
    return vshrq_n_u16(vmlaq_u16(vmulq_u16(p, g), q, f), 8);
}

/// Four bilinear samples at clamped texel coordinates in 8-bit fixed point (ui, vi), as four
/// pixels' bytes. Horizontal neighbours are read as one pair of words. At the last column (where
/// the reference uses the same texel twice, with weight 0 on the second) the pair ending there is
/// read with weight 256 on its second texel instead: the same result, and no read past the
/// rectangle.
static inline uint8x16_t bilerp4(const uint32_t *tex, int32x4_t ui, int32x4_t vi, int32x4_t vmaxX, int32x4_t vmaxY, int32x4_t vw) {
    const int32x4_t m255 = vdupq_n_s32(255);
    int32x4_t iu = vshrq_n_s32(ui, 8), iv = vshrq_n_s32(vi, 8);
    uint32x4_t fu = vreinterpretq_u32_s32(vandq_s32(ui, m255)), fv = vreinterpretq_u32_s32(vandq_s32(vi, m255));
    uint32x4_t atEnd = vceqq_s32(iu, vmaxX);
    iu = vaddq_s32(iu, vreinterpretq_s32_u32(atEnd));   // all ones: −1
    fu = vbslq_u32(atEnd, vdupq_n_u32(256), fu);
    int32x4_t iv1 = vminq_s32(vaddq_s32(iv, vdupq_n_s32(1)), vmaxY);
    int32x4_t i0 = vmlaq_s32(iu, iv, vw), i1 = vmlaq_s32(iu, iv1, vw);
    // Each row's pairs [p q] of the four pixels, then the p's and the q's apart.
    uint32x4_t a01 = vcombine_u32(vld1_u32(tex + vgetq_lane_s32(i0, 0)), vld1_u32(tex + vgetq_lane_s32(i0, 1)));
    uint32x4_t a23 = vcombine_u32(vld1_u32(tex + vgetq_lane_s32(i0, 2)), vld1_u32(tex + vgetq_lane_s32(i0, 3)));
    uint32x4_t b01 = vcombine_u32(vld1_u32(tex + vgetq_lane_s32(i1, 0)), vld1_u32(tex + vgetq_lane_s32(i1, 1)));
    uint32x4_t b23 = vcombine_u32(vld1_u32(tex + vgetq_lane_s32(i1, 2)), vld1_u32(tex + vgetq_lane_s32(i1, 3)));
    uint8x16_t tp = vreinterpretq_u8_u32(vuzp1q_u32(a01, a23)), tq = vreinterpretq_u8_u32(vuzp2q_u32(a01, a23));
    uint8x16_t bp = vreinterpretq_u8_u32(vuzp1q_u32(b01, b23)), bq = vreinterpretq_u8_u32(vuzp2q_u32(b01, b23));
    uint16x8_t wuLo, wuHi, wvLo, wvHi;
    spread_weights(fu, &wuLo, &wuHi);
    spread_weights(fv, &wvLo, &wvHi);
    uint16x8_t topLo = lerp16(vmovl_u8(vget_low_u8(tp)), vmovl_u8(vget_low_u8(tq)), wuLo);
    uint16x8_t topHi = lerp16(vmovl_high_u8(tp), vmovl_high_u8(tq), wuHi);
    uint16x8_t botLo = lerp16(vmovl_u8(vget_low_u8(bp)), vmovl_u8(vget_low_u8(bq)), wuLo);
    uint16x8_t botHi = lerp16(vmovl_high_u8(bp), vmovl_high_u8(bq), wuHi);
    return vcombine_u8(vmovn_u16(lerp16(topLo, botLo, wvLo)), vmovn_u16(lerp16(topHi, botHi, wvHi)));
}

/// Two texel coordinates of the floating-point map (as lk_sample_portable), clamped to [lo, hi]
/// (NaN to lo: vmaxnm takes the number) and truncated.
static inline int32x2_t clamp_truncate(float64x2_t t, float64x2_t lo, float64x2_t hi) {
    return vmovn_s64(vcvtq_s64_f64(vminnmq_f64(vmaxnmq_f64(t, lo), hi)));
}

LK_HIDDEN void lk_sample_neon(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              double a, double b, double c, double rowX, double rowY, double rowW,
                              int32_t projective, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (maxX <= x0) { lk_sample_portable(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out); return; }
    const float64x2_t loX = vdupq_n_f64((double)x0 * 256), loY = vdupq_n_f64((double)y0 * 256);
    const float64x2_t hiX = vdupq_n_f64((double)maxX * 256), hiY = vdupq_n_f64((double)maxY * 256);
    const float64x2_t va = vdupq_n_f64(a), vb = vdupq_n_f64(b), vc = vdupq_n_f64(c);
    const float64x2_t vrx = vdupq_n_f64(rowX), vry = vdupq_n_f64(rowY), vrw = vdupq_n_f64(rowW);
    const float64x2_t half = vdupq_n_f64(0.5), k256 = vdupq_n_f64(256), one = vdupq_n_f64(1), four = vdupq_n_f64(4);
    const int32x4_t vmaxX = vdupq_n_s32(maxX), vmaxY = vdupq_n_s32(maxY), vw = vdupq_n_s32(w);
    float64x2_t px[2] = { { (double)px0 + 0.5, (double)(px0 + 1) + 0.5 }, { (double)(px0 + 2) + 0.5, (double)(px0 + 3) + 0.5 } };
    int32_t i = 0;
    for (; i + 4 <= count; i += 4) {
        int32x2_t ui[2], vi[2];
        for (int h = 0; h < 2; h++) {
            float64x2_t u, v, p = px[h];
            if (projective) {
                float64x2_t inv = vdivq_f64(one, vaddq_f64(vmulq_f64(p, vc), vrw));
                u = vmulq_f64(vsubq_f64(vmulq_f64(vaddq_f64(vmulq_f64(p, va), vrx), inv), half), k256);
                v = vmulq_f64(vsubq_f64(vmulq_f64(vaddq_f64(vmulq_f64(p, vb), vry), inv), half), k256);
            } else {
                u = vmulq_f64(vsubq_f64(vaddq_f64(vmulq_f64(p, va), vrx), half), k256);
                v = vmulq_f64(vsubq_f64(vaddq_f64(vmulq_f64(p, vb), vry), half), k256);
            }
            ui[h] = clamp_truncate(u, loX, hiX);
            vi[h] = clamp_truncate(v, loY, hiY);
            px[h] = vaddq_f64(p, four);
        }
        uint8x16_t r = bilerp4(tex, vcombine_s32(ui[0], ui[1]), vcombine_s32(vi[0], vi[1]), vmaxX, vmaxY, vw);
        vst1q_u8((uint8_t *)(out + i), r);
    }
    if (i < count) lk_sample_portable(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0 + i, count - i, out + i);
}

LK_HIDDEN void lk_affine_neon(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (!affine_lanes_fit(x0, maxX, maxY, u0, du, v0, dv, px0, count, 4)) {
        lk_affine_portable(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
        return;
    }
    // affine_lanes_fit: every coordinate of the span and one step past it fits 32-bit lanes.
    const int64_t ua = u0 + (int64_t)px0 * du, va = v0 + (int64_t)px0 * dv;
    const int32x4_t loU = vdupq_n_s32(x0 << 16), hiU = vdupq_n_s32(maxX << 16);
    const int32x4_t loV = vdupq_n_s32(y0 << 16), hiV = vdupq_n_s32(maxY << 16);
    const int32x4_t vmaxX = vdupq_n_s32(maxX), vmaxY = vdupq_n_s32(maxY), vw = vdupq_n_s32(w);
    const int32_t dui = (int32_t)du, dvi = (int32_t)dv;
    const int32x4_t lane = { 0, 1, 2, 3 };
    int32x4_t U = vmlaq_n_s32(vdupq_n_s32((int32_t)ua), lane, dui), V = vmlaq_n_s32(vdupq_n_s32((int32_t)va), lane, dvi);
    const int32x4_t U4 = vdupq_n_s32(dui * 4), V4 = vdupq_n_s32(dvi * 4);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4, U = vaddq_s32(U, U4), V = vaddq_s32(V, V4)) {
        int32x4_t ui = vshrq_n_s32(vminq_s32(vmaxq_s32(U, loU), hiU), 8);
        int32x4_t vi = vshrq_n_s32(vminq_s32(vmaxq_s32(V, loV), hiV), 8);
        vst1q_u8((uint8_t *)(out + i), bilerp4(tex, ui, vi, vmaxX, vmaxY, vw));
    }
    if (i < count) lk_affine_portable(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0 + i, count - i, out + i);
}

#endif
