// Gradient rows, NEON version (AArch64 only; chosen at run time by lamina_kernels_level): axial
// and radial rows two doubles a vector, four pixels a step; rows with an affine map stepped (see
// "stepping gradient rows" in kernels_internal.h), the others the same operations in the same order
// as lk_gradient_portable (gradient.c), each correctly rounded, so the same bits; the table read
// lane by lane. Conic rows as gradient_x86.c explains (a series for atan2 within 2e-11 radians;
// lanes near a rounding step or a wrap, or with a zero or non-finite offset, worked out again by
// conic_index).
#if defined(__aarch64__)
#include "kernels_internal.h"
#include <arm_neon.h>
#include <math.h>

/// The table indices of two parameters (gradient_index, lane by lane). NEON's vmaxq/vminq give NaN
/// for a NaN lane, so the clamp is compare-and-select: t > 0 ? t : 0, then u < 1 ? u : 1.
static inline uint64x2_t index2(float64x2_t t) {
    const float64x2_t zero = vdupq_n_f64(0), one = vdupq_n_f64(1), half = vdupq_n_f64(0.5);
    float64x2_t u = vbslq_f64(vcgtq_f64(t, zero), t, zero);
    u = vbslq_f64(vcltq_f64(u, one), u, one);
    float64x2_t v = vmulq_f64(u, vdupq_n_f64(255));
    uint64x2_t k = vcvtq_u64_f64(v);   // truncation (v is in 0...255)
    uint64x2_t up = vcgeq_f64(vsubq_f64(vsubq_f64(v, vcvtq_f64_u64(k)), half), zero);
    return vsubq_u64(k, up);   // all ones: +1
}

/// The parameters of two pixel centres px (kind, and its constants, as in gradient_x86.c).
static inline float64x2_t parameter2(int32_t kind, float64x2_t px, int hoisted, double inv1, const LaminaGradientRow *g,
                                     double p, double q, double r) {
    float64x2_t inv = hoisted ? vdupq_n_f64(inv1)
                              : vdivq_f64(vdupq_n_f64(1), vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->c)), vdupq_n_f64(g->rowW)));
    float64x2_t x = vmulq_f64(vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->a)), vdupq_n_f64(g->rowX)), inv);
    float64x2_t y = vmulq_f64(vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->b)), vdupq_n_f64(g->rowY)), inv);
    float64x2_t sx = vdupq_n_f64(g->sx), sy = vdupq_n_f64(g->sy);
    float64x2_t ox = vsubq_f64(x, sx), oy = vsubq_f64(y, sy);
    if (kind == LAMINA_GRADIENT_AXIAL)
        return vdivq_f64(vaddq_f64(vmulq_f64(ox, vdupq_n_f64(p)), vmulq_f64(oy, vdupq_n_f64(q))), vdupq_n_f64(r));
    const float64x2_t inf = vdupq_n_f64(INFINITY), zero = vdupq_n_f64(0);
    float64x2_t u = p > 0 ? vdivq_f64(ox, vdupq_n_f64(p)) : vbslq_f64(vceqq_f64(x, sx), zero, inf);
    float64x2_t v = q > 0 ? vdivq_f64(oy, vdupq_n_f64(q)) : vbslq_f64(vceqq_f64(y, sy), zero, inf);
    // vmulq/vaddq, not vfmaq: no fused multiply-add.
    return vsqrtq_f64(vaddq_f64(vmulq_f64(u, u), vmulq_f64(v, v)));
}

static void gradient_neon(int32_t kind, const LaminaGradientRow *g, double p, double q, double r, int32_t px0, int32_t count, uint32_t *out) {
    const int hoisted = g->c == 0 && g->rowW != 0;
    const double inv1 = hoisted ? 1 / g->rowW : 0;
    const uint32_t *table = g->table;
    float64x2_t px = vaddq_f64(vcombine_f64(vdup_n_f64((double)px0), vdup_n_f64((double)px0 + 1)), vdupq_n_f64(0.5));
    const float64x2_t two = vdupq_n_f64(2), four = vdupq_n_f64(4);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4, px = vaddq_f64(px, four)) {
        uint64x2_t lo = index2(parameter2(kind, px, hoisted, inv1, g, p, q, r));
        uint64x2_t hi = index2(parameter2(kind, vaddq_f64(px, two), hoisted, inv1, g, p, q, r));
        out[i] = table[vgetq_lane_u64(lo, 0)]; out[i + 1] = table[vgetq_lane_u64(lo, 1)];
        out[i + 2] = table[vgetq_lane_u64(hi, 0)]; out[i + 3] = table[vgetq_lane_u64(hi, 1)];
    }
    if (i < count) {
        uint64x2_t lo = index2(parameter2(kind, px, hoisted, inv1, g, p, q, r));
        uint64x2_t hi = index2(parameter2(kind, vaddq_f64(px, two), hoisted, inv1, g, p, q, r));
        uint32_t last[4] = { table[vgetq_lane_u64(lo, 0)], table[vgetq_lane_u64(lo, 1)], table[vgetq_lane_u64(hi, 0)], table[vgetq_lane_u64(hi, 1)] };
        for (int32_t j = 0; i + j < count; j++) out[i + j] = last[j];
    }
}

/// The coefficients of atan's series, (−1)^k / (2k + 1) for k = 0 ... 11 (gradient_x86.c).
#define ATAN_TERMS 12
static const double atan_coefficients[ATAN_TERMS] = {
    1.0, -1.0 / 3, 1.0 / 5, -1.0 / 7, 1.0 / 9, -1.0 / 11, 1.0 / 13, -1.0 / 15, 1.0 / 17, -1.0 / 19, 1.0 / 21, -1.0 / 23,
};
static const double conic_margin = 1e-8;

/// The lanes of m inverted.
static inline uint64x2_t not64(uint64x2_t m) { return vreinterpretq_u64_u32(vmvnq_u32(vreinterpretq_u32_u64(m))); }

/// Two lanes' atan2(y, x), within 2e-11 radians.
static inline float64x2_t atan2_series2(float64x2_t y, float64x2_t x) {
    const float64x2_t one = vdupq_n_f64(1), zero = vdupq_n_f64(0);
    float64x2_t ax = vabsq_f64(x), ay = vabsq_f64(y);
    uint64x2_t yBigger = vcgtq_f64(ay, ax);
    float64x2_t q = vdivq_f64(vbslq_f64(yBigger, ax, ay), vbslq_f64(yBigger, ay, ax));
    uint64x2_t big = vcgtq_f64(q, vdupq_n_f64(0.41421356237309503));
    float64x2_t r = vbslq_f64(big, vdivq_f64(vsubq_f64(q, one), vaddq_f64(q, one)), q);
    float64x2_t s = vmulq_f64(r, r), p = vdupq_n_f64(atan_coefficients[ATAN_TERMS - 1]);
    for (int k = ATAN_TERMS - 2; k >= 0; k--) p = vaddq_f64(vmulq_f64(p, s), vdupq_n_f64(atan_coefficients[k]));
    float64x2_t at = vmulq_f64(r, p);
    at = vbslq_f64(big, vaddq_f64(at, vdupq_n_f64(M_PI / 4)), at);
    at = vbslq_f64(yBigger, vsubq_f64(vdupq_n_f64(M_PI / 2), at), at);
    at = vbslq_f64(vcltq_f64(x, zero), vsubq_f64(vdupq_n_f64(M_PI), at), at);
    return vbslq_f64(vcltq_f64(y, zero), vsubq_f64(zero, at), at);
}

/// Two conic pixels' table indices; lanes to work out again have all ones in *unsure.
static inline uint64x2_t conic2(const LaminaGradientRow *g, double a0, float64x2_t px, int hoisted, double inv1, uint64x2_t *unsure) {
    const float64x2_t zero = vdupq_n_f64(0), one = vdupq_n_f64(1), inf = vdupq_n_f64(INFINITY);
    const float64x2_t twoPi = vdupq_n_f64(2 * M_PI), margin = vdupq_n_f64(conic_margin);
    float64x2_t inv = hoisted ? vdupq_n_f64(inv1)
                              : vdivq_f64(one, vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->c)), vdupq_n_f64(g->rowW)));
    float64x2_t x = vmulq_f64(vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->a)), vdupq_n_f64(g->rowX)), inv);
    float64x2_t y = vmulq_f64(vaddq_f64(vmulq_f64(px, vdupq_n_f64(g->b)), vdupq_n_f64(g->rowY)), inv);
    float64x2_t ox = vsubq_f64(x, vdupq_n_f64(g->sx)), oy = vsubq_f64(y, vdupq_n_f64(g->sy));
    uint64x2_t ok = vandq_u64(vandq_u64(vcltq_f64(vabsq_f64(ox), inf), vcltq_f64(vabsq_f64(oy), inf)),
                              vandq_u64(not64(vceqq_f64(ox, zero)), not64(vceqq_f64(oy, zero))));
    float64x2_t a = vsubq_f64(atan2_series2(oy, ox), vdupq_n_f64(a0));
    uint64x2_t wrapEdge = vorrq_u64(vcltq_f64(vabsq_f64(a), margin), vcltq_f64(vabsq_f64(vsubq_f64(vabsq_f64(a), twoPi)), margin));
    a = vbslq_f64(vcltq_f64(a, zero), vaddq_f64(a, twoPi), a);
    float64x2_t t = vmulq_f64(a, vdupq_n_f64(1 / (2 * M_PI)));   // an ulp more than dividing: within the margin
    float64x2_t u = vbslq_f64(vcgtq_f64(t, zero), t, zero);
    u = vbslq_f64(vcltq_f64(u, one), u, one);
    float64x2_t v = vmulq_f64(u, vdupq_n_f64(255));
    uint64x2_t k = vcvtq_u64_f64(v);
    float64x2_t d = vsubq_f64(vsubq_f64(v, vcvtq_f64_u64(k)), vdupq_n_f64(0.5));
    uint64x2_t halfEdge = vcltq_f64(vabsq_f64(d), margin);
    *unsure = vorrq_u64(not64(ok), vorrq_u64(wrapEdge, halfEdge));
    return vsubq_u64(k, vcgeq_f64(d, zero));
}

static void conic_neon(const LaminaGradientRow *g, double a0, int32_t px0, int32_t count, uint32_t *out) {
    const int hoisted = g->c == 0 && g->rowW != 0;
    const double inv1 = hoisted ? 1 / g->rowW : 0;
    float64x2_t px = vaddq_f64(vcombine_f64(vdup_n_f64((double)px0), vdup_n_f64((double)px0 + 1)), vdupq_n_f64(0.5));
    const float64x2_t two = vdupq_n_f64(2);
    for (int32_t i = 0; i < count; i += 2, px = vaddq_f64(px, two)) {
        uint64x2_t unsure;
        uint64x2_t k = conic2(g, a0, px, hoisted, inv1, &unsure);
        for (int32_t j = 0; j < 2 && i + j < count; j++) {
            uint64_t redo = j == 0 ? vgetq_lane_u64(unsure, 0) : vgetq_lane_u64(unsure, 1);
            uint64_t idx = j == 0 ? vgetq_lane_u64(k, 0) : vgetq_lane_u64(k, 1);
            out[i + j] = g->table[redo ? conic_index(g, a0, (double)(px0 + i + j) + 0.5) : (uint32_t)idx];
        }
    }
}

/// A stepped row (see "stepping gradient rows" in kernels_internal.h), four pixels a step: f's
/// floor clamped to 0...255, lanes whose f is within the margin of an integer worked out again.
static void steps_neon(int32_t kind, const LaminaGradientRow *g, const GradientSteps *s, int32_t px0, int32_t count, uint32_t *out) {
    const float64x2_t zero = vdupq_n_f64(0), top = vdupq_n_f64(255.5), margin = vdupq_n_f64(s->margin);
    const float64x2_t two = vdupq_n_f64(2), four = vdupq_n_f64(4);
    float64x2_t px = vaddq_f64(vcombine_f64(vdup_n_f64((double)px0), vdup_n_f64((double)px0 + 1)), vdupq_n_f64(0.5));
    for (int32_t i = 0; i < count; i += 4, px = vaddq_f64(px, four)) {
        uint32_t index[4], unsure[4];
        for (int h = 0; h < 2; h++) {
            float64x2_t x = h ? vaddq_f64(px, two) : px, f;
            if (kind == LAMINA_GRADIENT_AXIAL) {
                f = vaddq_f64(vdupq_n_f64(s->f0), vmulq_f64(x, vdupq_n_f64(s->f1)));
            } else {
                float64x2_t u = vaddq_f64(vdupq_n_f64(s->u0), vmulq_f64(x, vdupq_n_f64(s->u1)));
                float64x2_t v = vaddq_f64(vdupq_n_f64(s->v0), vmulq_f64(x, vdupq_n_f64(s->v1)));
                float64x2_t t = vsqrtq_f64(vaddq_f64(vmulq_f64(u, u), vmulq_f64(v, v)));
                f = vaddq_f64(vmulq_f64(t, vdupq_n_f64(255)), vdupq_n_f64(0.5));
            }
            uint64x2_t near = vcltq_f64(vabsq_f64(vsubq_f64(f, vrndnq_f64(f))), margin);
            float64x2_t c = vbslq_f64(vcgtq_f64(f, zero), f, zero);
            c = vbslq_f64(vcltq_f64(c, top), c, top);
            uint64x2_t k = vcvtq_u64_f64(c);   // truncation: c is in 0...255.5
            index[2 * h] = (uint32_t)vgetq_lane_u64(k, 0); index[2 * h + 1] = (uint32_t)vgetq_lane_u64(k, 1);
            unsure[2 * h] = (uint32_t)vgetq_lane_u64(near, 0); unsure[2 * h + 1] = (uint32_t)vgetq_lane_u64(near, 1);
        }
        for (int j = 0; j < 4 && i + j < count; j++) {
            double c = (double)(px0 + i + j) + 0.5;
            out[i + j] = g->table[unsure[j] ? (kind == LAMINA_GRADIENT_AXIAL ? axial_index(g, c) : radial_index(g, c)) : index[j]];
        }
    }
}

LK_HIDDEN void lk_gradient_neon(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *out) {
    GradientSteps steps;
    if (gradient_steps(g, px0, count, &steps)) {
        steps_neon(g->kind, g, &steps, px0, count, out);
    } else if (g->kind == LAMINA_GRADIENT_AXIAL) {
        const double dx = g->ex - g->sx, dy = g->ey - g->sy, len2 = dx * dx + dy * dy;
        if (!(len2 > 0)) { for (int32_t i = 0; i < count; i++) out[i] = g->table[0]; return; }
        gradient_neon(LAMINA_GRADIENT_AXIAL, g, dx, dy, len2, px0, count, out);
    } else if (g->kind == LAMINA_GRADIENT_RADIAL) {
        const double rx = fabs(g->ex - g->sx), ry = fabs(g->ey - g->sy);
        if (rx == 0 && ry == 0) { for (int32_t i = 0; i < count; i++) out[i] = g->table[255]; return; }
        gradient_neon(LAMINA_GRADIENT_RADIAL, g, rx, ry, 0, px0, count, out);
    } else if (g->kind == LAMINA_GRADIENT_CONIC && isfinite(atan2(g->ey - g->sy, g->ex - g->sx))) {
        conic_neon(g, atan2(g->ey - g->sy, g->ex - g->sx), px0, count, out);
    } else {
        lk_gradient_portable(g, px0, count, out);
    }
}

#endif
