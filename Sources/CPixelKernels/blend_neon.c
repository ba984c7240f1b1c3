// Source over (rows, rectangles, a solid colour, a solid colour through coverage), NEON versions
// (AArch64 only; chosen at run time by lamina_kernels_level). Bit-identical with the portable loops
// in blend.c.
//
// Sixteen pixels a step, split into planes by vld4q_u8 (plane 0 blue, 1 green, 2 red, 3 alpha:
// the bytes of little-endian ARGB words), each channel a byte lane. x·f/255 rounds as mul255:
// with t = x·f, (t + 128 + ((t + 128) >> 8)) >> 8 is vraddhn(t, vrshr(t, 8)) (vrshr adds the 128
// before its shift; vraddhn adds t, that, and 128, then keeps the high byte). Every sum stays
// below 65536 (t <= 65025), so nothing wraps. Adding s to the scaled destination cannot carry for
// premultiplied sources (a channel at most the alpha): s + d·(255 − a)/255 <= a + 255 − a.
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>

/// x·f/255 per byte lane, rounded as mul255.
static inline uint8x16_t mul255_n(uint8x16_t x, uint8x16_t f) {
    uint16x8_t lo = vmull_u8(vget_low_u8(x), vget_low_u8(f)), hi = vmull_high_u8(x, f);
    return vraddhn_high_u16(vraddhn_u16(lo, vrshrq_n_u16(lo, 8)), hi, vrshrq_n_u16(hi, 8));
}

/// Source over of sixteen premultiplied source pixels onto sixteen destination pixels, as planes.
static inline uint8x16x4_t over16_planes(uint8x16x4_t d, uint8x16x4_t s) {
    const uint8x16_t ia = vmvnq_u8(s.val[3]);   // 255 − alpha
    uint8x16x4_t r;
    r.val[0] = vaddq_u8(s.val[0], mul255_n(d.val[0], ia));
    r.val[1] = vaddq_u8(s.val[1], mul255_n(d.val[1], ia));
    r.val[2] = vaddq_u8(s.val[2], mul255_n(d.val[2], ia));
    r.val[3] = vaddq_u8(s.val[3], mul255_n(d.val[3], ia));
    return r;
}

static inline void over_row_neon(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    int32_t i = 0;
    if (k == 255) {
        for (; i + 16 <= count; i += 16) {
            uint8x16x4_t s = vld4q_u8((const uint8_t *)(src + i));
            // Sixteen opaque source pixels are the result as they are (s + d·0/255 = s).
            if (vminvq_u8(s.val[3]) == 255) { vst4q_u8((uint8_t *)(dst + i), s); continue; }
            vst4q_u8((uint8_t *)(dst + i), over16_planes(vld4q_u8((const uint8_t *)(dst + i)), s));
        }
    } else {
        const uint8x16_t kv = vdupq_n_u8((uint8_t)k);
        for (; i + 16 <= count; i += 16) {
            uint8x16x4_t s = vld4q_u8((const uint8_t *)(src + i));
            s.val[0] = mul255_n(s.val[0], kv);
            s.val[1] = mul255_n(s.val[1], kv);
            s.val[2] = mul255_n(s.val[2], kv);
            s.val[3] = mul255_n(s.val[3], kv);
            vst4q_u8((uint8_t *)(dst + i), over16_planes(vld4q_u8((const uint8_t *)(dst + i)), s));
        }
    }
    for (; i < count; i++) dst[i] = over_px(dst[i], scale_px(src[i], k));
}

LK_HIDDEN void lk_over_rect_neon(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                 int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride) over_row_neon(dst, src, width, k);
}

LK_HIDDEN void lk_over_solid_rect_neon(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    uint8x16x4_t c;
    c.val[0] = vdupq_n_u8((uint8_t)color);
    c.val[1] = vdupq_n_u8((uint8_t)(color >> 8));
    c.val[2] = vdupq_n_u8((uint8_t)(color >> 16));
    c.val[3] = vdupq_n_u8((uint8_t)(color >> 24));
    for (int32_t y = 0; y < height; y++, dst += dstStride) {
        int32_t i = 0;
        for (; i + 16 <= width; i += 16)
            vst4q_u8((uint8_t *)(dst + i), over16_planes(vld4q_u8((const uint8_t *)(dst + i)), c));
        for (; i < width; i++) dst[i] = over_px(dst[i], color);
    }
}

/// Four coverage values times op, as coverage_k: min(c·op, 1) (NaN to 1, as vminnm), ·255 + 0.5,
/// truncated; four 32-bit lanes.
static inline uint32x4_t coverage_k4(const float *coverage, float32x4_t opv) {
    float32x4_t v = vminnmq_f32(vmulq_f32(vld1q_f32(coverage), opv), vdupq_n_f32(1.0f));
    return vcvtq_u32_f32(vaddq_f32(vmulq_f32(v, vdupq_n_f32(255.0f)), vdupq_n_f32(0.5f)));
}

LK_HIDDEN void lk_over_solid_coverage_neon(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    const float32x4_t opv = vdupq_n_f32(op);
    const uint8x16_t cb = vdupq_n_u8((uint8_t)color), cg = vdupq_n_u8((uint8_t)(color >> 8));
    const uint8x16_t cr = vdupq_n_u8((uint8_t)(color >> 16)), ca = vdupq_n_u8((uint8_t)(color >> 24));
    int32_t i = 0;
    for (; i + 16 <= count; i += 16) {
        // Sixteen k values (each at most 255) narrowed to bytes, in pixel order.
        uint16x8_t k01 = vcombine_u16(vmovn_u32(coverage_k4(coverage + i, opv)), vmovn_u32(coverage_k4(coverage + i + 4, opv)));
        uint16x8_t k23 = vcombine_u16(vmovn_u32(coverage_k4(coverage + i + 8, opv)), vmovn_u32(coverage_k4(coverage + i + 12, opv)));
        uint8x16_t k = vcombine_u8(vmovn_u16(k01), vmovn_u16(k23));
        if (vmaxvq_u8(k) == 0) continue;   // no coverage: the pixels stay
        uint8x16x4_t s;
        s.val[0] = mul255_n(cb, k);
        s.val[1] = mul255_n(cg, k);
        s.val[2] = mul255_n(cr, k);
        s.val[3] = mul255_n(ca, k);
        vst4q_u8((uint8_t *)(dst + i), over16_planes(vld4q_u8((const uint8_t *)(dst + i)), s));
    }
    for (; i < count; i++) {
        uint32_t k = coverage_k(coverage[i], op);
        if (k) dst[i] = over_px(dst[i], scale_px(color, k));
    }
}

#endif
