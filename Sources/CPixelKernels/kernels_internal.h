// What the kernel files share (not part of the public API): the portable per-pixel formulas every
// level's results must equal, and the per-level versions the public entry points dispatch to.
//
// Files by job: dispatch.c (CPU checks, mode, level), blend.c (source over, coverage), mask.c (a
// colour through an 8-bit mask, and a mask sampled along a row), fill.c, copy.c (a rectangle into
// other memory), sample.c (bilinear sampling), gradient.c (gradient rows), blur.c (box blur passes), raster.c (the cell rasteriser), yuv.c (ARGB to I420); each job's vector versions in
// <job>_x86.c (AVX2, AVX-512: compiled on x86-64 only) and <job>_neon.c (AArch64 only).
// over_x86.h holds the AVX2 and AVX-512 source-over formulas blend_x86.c and gradient_x86.c share
// (gradient.c also paints gradient rows straight onto a destination: lamina_gradient_over).
#ifndef LAMINA_KERNELS_INTERNAL_H
#define LAMINA_KERNELS_INTERNAL_H
#include "CPixelKernels.h"
#include <math.h>
#include <stddef.h>
#include <stdint.h>

// The arithmetic must not be contracted into fused multiply-adds: results must equal Swift's.
// Clang (SwiftPM's C compiler) honours its pragma, GCC (the cross-compiled kernel tests', and
// CMake's when chosen) its optimize pragma; those builds also pass -ffp-contract=off.
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

/// Functions shared between the kernel files only: not exported from the library.
#define LK_HIDDEN __attribute__((visibility("hidden")))

// ---- the portable formulas -----------------------------------------------------------------------

/// Per channel ⌊(p·(256 − f) + q·f) / 256⌋, f in 0...256.
static inline uint32_t lerp_px(uint32_t p, uint32_t q, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (((p & 0x00FF00FFu) * g + (q & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * g + ((q >> 8) & 0x00FF00FFu) * f) & 0xFF00FF00u;
    return rb | ag;
}

/// u clamped to [lo, hi]; NaN gives lo.
static inline double clampd(double u, double lo, double hi) { return u > lo ? (u < hi ? u : hi) : lo; }

/// One bilinear sample at clamped texel coordinates in 8-bit fixed point (ui, vi).
static inline uint32_t bilerp1(const uint32_t *tex, int32_t w, int32_t ui, int32_t vi, int32_t maxX, int32_t maxY) {
    int32_t iu = ui >> 8, iv = vi >> 8;
    uint32_t fu = (uint32_t)(ui & 255), fv = (uint32_t)(vi & 255);
    int32_t iu1 = iu < maxX ? iu + 1 : maxX, iv1 = iv < maxY ? iv + 1 : maxY;
    const uint32_t *r0 = tex + (intptr_t)iv * w, *r1 = tex + (intptr_t)iv1 * w;
    return lerp_px(lerp_px(r0[iu], r0[iu1], fu), lerp_px(r1[iu], r1[iu1], fu), fv);
}

/// v clamped to [lo, hi].
static inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

/// Whether 32-bit lanes stepping `step` pixels at a time are exact for the span: every coordinate
/// of it (and of one step past it), the step, and the rectangle's far edge fit in ±2^30; and the
/// rectangle is more than one column wide (the vector code reads texel pairs).
static inline int affine_lanes_fit(int32_t x0, int32_t maxX, int32_t maxY, int64_t u0, int64_t du, int64_t v0, int64_t dv,
                                   int32_t px0, int32_t count, int32_t step) {
    const int64_t lim = (int64_t)1 << 30;
    int64_t ua = u0 + (int64_t)px0 * du, ub = u0 + ((int64_t)px0 + count + step) * du;
    int64_t va = v0 + (int64_t)px0 * dv, vb = v0 + ((int64_t)px0 + count + step) * dv;
    return !(maxX <= x0 || ua < -lim || ua > lim || ub < -lim || ub > lim || va < -lim || va > lim || vb < -lim || vb > lim
             || du * step > lim || du * step < -lim || dv * step > lim || dv * step < -lim
             || ((int64_t)maxX << 16) > lim || ((int64_t)maxY << 16) > lim);
}

/// x·a/255 rounded to nearest (x, a <= 255).
static inline uint32_t mul255(uint32_t x, uint32_t a) { uint32_t t = x * a + 128; return (t + (t >> 8)) >> 8; }

/// Each channel of p times k/255, rounded as mul255.
static inline uint32_t scale_px(uint32_t p, uint32_t k) {
    if (k == 255) return p;
    if (k == 0) return 0;
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    uint32_t rb2 = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag2 = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb2 | ag2;
}

/// Source over of premultiplied s onto d: s + d·(255 − s.alpha)/255 per channel.
static inline uint32_t over_px(uint32_t d, uint32_t s) {
    uint32_t sa = s >> 24;
    if (sa == 255) return s;
    if (sa == 0) return d;
    return s + scale_px(d, 255 - sa);
}

/// A run's k in PrimitiveDrawer, per pixel: (uint32_t)(min(c·op, 1)·255 + 0.5) in float arithmetic
/// (NaN coverage counts as 1).
static inline uint32_t coverage_k(float c, float op) {
    float v = c * op;
    v = v < 1.0f ? v : 1.0f;
    return (uint32_t)(v * 255.0f + 0.5f);
}



/// The next run of set bits in `*bits` (bit i: chunk word·64 + i of a row is marked), taken out
/// of it: cells [*s0, *s1) of chunks `chunk` cells wide. 0 when no bit is left.
static inline int next_marked_run(uint64_t *bits, intptr_t word, int32_t chunk, int32_t *s0, int32_t *s1) {
    if (!*bits) return 0;
    int32_t b = __builtin_ctzll(*bits);
    uint64_t rest = ~(*bits >> b);
    int32_t n = rest ? __builtin_ctzll(rest) : 64 - b;
    *bits = n + b >= 64 ? 0 : *bits & ~(((1ull << n) - 1) << b);
    *s0 = (int32_t)(word * 64 + b) * chunk;
    *s1 = *s0 + n * chunk;
    return 1;
}

/// The coverage of a cell rasteriser's running sum s in 1/LAMINA_RASTER_ONE: |s| capped at one
/// pixel (non-zero), or folded into a triangle wave of period two pixels (even-odd).
static inline uint32_t sum_units(int32_t s, int32_t evenOdd) {
    uint32_t a = s < 0 ? 0u - (uint32_t)s : (uint32_t)s;
    if (evenOdd) {
        a &= 2 * LAMINA_RASTER_ONE - 1;
        if (a > LAMINA_RASTER_ONE) a = 2 * LAMINA_RASTER_ONE - a;
    } else if (a > LAMINA_RASTER_ONE) {
        a = LAMINA_RASTER_ONE;
    }
    return a;
}

/// coverage_k of coverage a/LAMINA_RASTER_ONE (a ≤ LAMINA_RASTER_ONE) and opacity op. With op = 1
/// (whole) it is ⌊(255·a + 2^15) / 2^16⌋ exactly: a/2^16 and 255·a/2^16 + ½ are exact in a float
/// (255·a < 2^24, and the sum has no bits below 2^−16 nor above 2^7), so the float formula
/// truncates the same value.
static inline uint32_t units_k(uint32_t a, float op, int32_t whole) {
    return whole ? (a * 255u + 32768u) >> 16 : coverage_k((float)a * (1.0f / LAMINA_RASTER_ONE), op);
}

/// One edge of the cell rasteriser (raster.c), top end first: x at y = ty is tx, at y = by is bx; dir is +1 when the contour runs
/// downwards, −1 upwards. Most edges are also kept in fixed point (fixed = 1): the rows they touch
/// r0 ... r1 (r0 = ⌊ty⌋, r1 = ⌈by⌉ − 1), ty and by rounded to 1/LAMINA_RASTER_ONE (qt, qb), and x in
/// 1/2³² of a pixel: at the ends (xt, xb), at y = r0 + 1 (x1) and its step from one row boundary to
/// the next (step). The x of boundary r0 + 1 + k is x1 + k·step, whichever row a band starts at, so
/// a pixel never depends on the rows drawn. Edges too far out for that (|x| or |y| past 2^28, or
/// steps of more than 2^28 pixels a row) keep fixed = 0 and are accumulated in doubles. slope: the
/// edge's cover per 1/65536 of a pixel of x (see raster.c's accumulate_row).
typedef struct {
    double tx, ty, bx, by, dxdy, slope;
    int32_t dir, fixed;
    int32_t r0, r1;
    int64_t qt, qb, xt, xb, x1, step;
} LkEdge;

/// The rows of one strip of the cell rasteriser swept and blended with a solid colour (raster.c's
/// row loop for a blending sink, as one call of a vector level): rows of `cellStride` cells and
/// `words` words of chunk marks (a bit for 16 cells at AVX-512, 8 at AVX2: the chunk each kernel
/// sweeps, see raster.c's RowKernels), destination rows from `dst`, `dstStride` apart,
/// at the rasterised rectangle's first column; pixels [p0, p1) of each row painted.
typedef struct {
    int32_t *cells;
    uint64_t *marks;
    intptr_t cellStride, words;
    uint32_t *dst;
    intptr_t dstStride;
    int32_t rows, width, p0, p1, evenOdd;
    uint32_t color;
    float op;
} LkRasterRows;

/// A gradient parameter's table index: t clamped to [0, 1] (NaN: 0), times 255, rounded half up
/// (exactly: the truncation, plus 1 when the exact remainder is at least ½).
static inline uint32_t gradient_index(double t) {
    double u = t > 0 ? t : 0;
    u = u < 1 ? u : 1;
    double v = u * 255;
    uint32_t k = (uint32_t)v;
    return k + (v - (double)k - 0.5 >= 0 ? 1u : 0u);
}

/// A conic gradient's table index at pixel centre px of its row (a0: atan2 of the start→end
/// direction), as CPixelKernels.h writes it: atan2 from libm, then 2π added or taken off.
static inline uint32_t conic_index(const LaminaGradientRow *g, double a0, double px) {
    const double twoPi = 2 * M_PI;
    double inv = 1 / (px * g->c + g->rowW);
    double x = (px * g->a + g->rowX) * inv, y = (px * g->b + g->rowY) * inv;
    double t = atan2(y - g->sy, x - g->sx) - a0;
    while (t < 0) t += twoPi;
    while (t >= twoPi) t -= twoPi;
    return gradient_index(t / twoPi);
}

/// An axial row's table index at pixel centre px, as lk_gradient_portable works it out (len2 > 0).
static inline uint32_t axial_index(const LaminaGradientRow *g, double px) {
    const double dx = g->ex - g->sx, dy = g->ey - g->sy, len2 = dx * dx + dy * dy;
    double inv = 1 / (px * g->c + g->rowW);
    double x = (px * g->a + g->rowX) * inv, y = (px * g->b + g->rowY) * inv;
    return gradient_index(((x - g->sx) * dx + (y - g->sy) * dy) / len2);
}

/// A radial row's table index at pixel centre px, as lk_gradient_portable works it out (rx, ry > 0).
static inline uint32_t radial_index(const LaminaGradientRow *g, double px) {
    const double rx = fabs(g->ex - g->sx), ry = fabs(g->ey - g->sy);
    double inv = 1 / (px * g->c + g->rowW);
    double x = (px * g->a + g->rowX) * inv, y = (px * g->b + g->rowY) * inv;
    double u = (x - g->sx) / rx, v = (y - g->sy) / ry;
    return gradient_index(sqrt(u * u + v * v));
}

// ---- stepping gradient rows (the vector versions' fast form) -------------------------------------
//
// When a row's map is affine (c = 0, rowW ≠ 0: one reciprocal w = 1/rowW for the whole row), an
// axial parameter is an affine function of the pixel centre px, t = α + β·px, and a radial one is
// √(u² + v²) with u and v affine in px. The vector versions evaluate those forms (a multiply and an
// add a lane, no divisions; NEON in double, AVX2 and AVX-512 in float with a margin grown by the
// float roundings' bound, gradient_x86.c) and take f = 255·t + ½, whose floor, clamped to 0...255, is the
// reference's index (its rounding half up of 255·clamp(t)) unless f is near an integer k, a step of
// that rounding. How near: every value the reference and the fast form compute is a handful of
// correctly rounded operations on terms no larger than M (below), so each lies within 32·2⁻⁵³·M of
// the exact t; `margin` allows 2⁻⁴⁰·(M + 1) on t, 255 times that on f, 256 times more than the
// two can differ. A lane whose f lies within `margin` of an integer (about one in 10¹⁰ for the
// gradients interfaces draw) is worked out again by axial_index or radial_index, so every lane is
// the reference's, bit for bit. Rows where the margin would not be small (huge coordinates, a
// radius of 0) take the exact vector form instead.

/// The fast form of an affine axial or radial row over pixel centres px0 + ½ ... px0 + count − ½.
typedef struct {
    /// Axial: f = f0 + f1·px. Radial: u = u0 + u1·px, v = v0 + v1·px, f = 255·√(u² + v²) + ½.
    double f0, f1, u0, u1, v0, v1;
    /// How far from an integer f must be for its floor to be the reference's index.
    double margin;
} GradientSteps;

/// What gradient_steps works out that is the same for every row of a rectangle whose rows share
/// their w part (c = 0 and one rowW): the reciprocal of rowW, the pixel range's far end, and the
/// steps a pixel (axial f1, radial u1 and v1). Each as gradient_steps computes it, bit for bit.
typedef struct {
    double inv, far, f1, u1, v1;
} GradientStepsShared;

/// The shared part of `g`'s row of `count` pixels from px0 (c = 0, rowW ≠ 0).
static inline void gradient_steps_shared(const LaminaGradientRow *g, int32_t px0, int32_t count, GradientStepsShared *h) {
    h->inv = 1 / g->rowW;
    h->far = fmax(fabs((double)px0 + 0.5), fabs((double)px0 + (double)count - 0.5));
    h->f1 = h->u1 = h->v1 = 0;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        const double dx = g->ex - g->sx, dy = g->ey - g->sy, len2 = dx * dx + dy * dy;
        if (len2 > 0) h->f1 = 255 * ((g->a * dx + g->b * dy) * h->inv / len2);
    } else if (g->kind == LAMINA_GRADIENT_RADIAL) {
        const double rx = fabs(g->ex - g->sx), ry = fabs(g->ey - g->sy);
        if (rx > 0 && ry > 0) { h->u1 = g->a * h->inv / rx; h->v1 = g->b * h->inv / ry; }
    }
}

/// The values of gradient_steps_from's form (f0, f1, u0, u1, v0, v1; not its margin): 0 when the
/// row has no stepping form (no axis or a radius of 0, or not axial or radial).
static inline int gradient_steps_values(const LaminaGradientRow *g, const GradientStepsShared *h, GradientSteps *s) {
    const double inv = h->inv;
    s->f0 = s->f1 = s->u0 = s->u1 = s->v0 = s->v1 = 0;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        const double dx = g->ex - g->sx, dy = g->ey - g->sy, len2 = dx * dx + dy * dy;
        if (!(len2 > 0)) return 0;
        s->f1 = h->f1;
        s->f0 = 255 * (((g->rowX * inv - g->sx) * dx + (g->rowY * inv - g->sy) * dy) / len2) + 0.5;
        return 1;
    }
    if (g->kind == LAMINA_GRADIENT_RADIAL) {
        const double rx = fabs(g->ex - g->sx), ry = fabs(g->ey - g->sy);
        if (!(rx > 0 && ry > 0)) return 0;
        s->u1 = h->u1; s->u0 = (g->rowX * inv - g->sx) / rx;
        s->v1 = h->v1; s->v0 = (g->rowY * inv - g->sy) / ry;
        return 1;
    }
    return 0;
}

/// gradient_steps with its shared part `h` already worked out (for `g`'s a, b, rowW, pixel range).
static inline int gradient_steps_from(const LaminaGradientRow *g, const GradientStepsShared *h, GradientSteps *s) {
    const double inv = h->inv, far = h->far;
    // The largest magnitudes along the row: of x − sx and of y − sy, and of what makes them.
    const double mx = (far * fabs(g->a) + fabs(g->rowX)) * fabs(inv) + fabs(g->sx);
    const double my = (far * fabs(g->b) + fabs(g->rowY)) * fabs(inv) + fabs(g->sy);
    double m;
    if (!gradient_steps_values(g, h, s)) return 0;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        const double dx = g->ex - g->sx, dy = g->ey - g->sy, len2 = dx * dx + dy * dy;
        m = (mx * fabs(dx) + my * fabs(dy)) / len2;
    } else {
        const double rx = fabs(g->ex - g->sx), ry = fabs(g->ey - g->sy);
        m = mx / rx + my / ry;
    }
    s->margin = 255 * ((m + 1) * 0x1p-40);
    // Also refuses NaN and infinite terms (the comparison is false).
    return s->margin < 1.0 / 64 && fabs(s->f0) + fabs(s->f1) < 1e15 ? 1 : 0;
}

/// The stepping form of `g`'s row of `count` pixels from px0, when there is one with a small margin
/// (1; otherwise 0: the row takes the exact form).
static inline int gradient_steps(const LaminaGradientRow *g, int32_t px0, int32_t count, GradientSteps *s) {
    if (!(g->c == 0 && g->rowW != 0)) return 0;
    GradientStepsShared h;
    gradient_steps_shared(g, px0, count, &h);
    return gradient_steps_from(g, &h, s);
}

/// What the rows of one lamina_gradient_over_rows call (one rectangle: the same a, b, c, geometry
/// and pixel range on every row) keep from row to row so that each row's plan costs less: the
/// shared part of gradient_steps while rowW stays the same (`rowW`, 0: none yet), and a conic
/// row's a0. Only an optimisation: a row planned with it gets the same plan as without.
typedef struct {
    double rowW;
    GradientStepsShared shared;
    int hasA0;
    double a0;
    /// Set by lamina_gradient_over_rows when every row has the same rowW (mw = 0): the first and
    /// the last row's rowX and rowY (ends[0], ends[1]; ends[2], ends[3]). The x86 plans then
    /// work out one margin for all the rows from the two ends (`rectState` 1, `rectMargin`; 2:
    /// none, each row its own), see "stepped rows of one rectangle" in gradient_x86.c.
    int hasEnds;
    double ends[4];
    int rectState;
    float rectMargin;
    /// With rectState 1: the reciprocals each row's values are multiplied by instead of divided
    /// (axial 1/len², radial 1/rx and 1/ry; see "stepped rows of one rectangle"), and whether the
    /// rows' colours change slowly (narrow_steps, the same for every row: their steps are shared).
    double rectRecip[2];
    int rectNarrow;
    /// Conic rows with hasEnds: the rows' shared bound E and their turn (cos φ, sin φ) (conicState
    /// 1; 2: none, each row its own), see "stepped conic rows of one rectangle" in gradient_x86.c.
    int conicState;
    double conicBound, conicTurn[2];
} LkGradientRowsCache;

// ---- ARGB to I420 (yuv.c) ------------------------------------------------------------------------

// Premultiplied ARGB to planar YUV 4:2:0 (I420), BT.709 limited range, for video encoders.
//
// The reference (portable) formula, in 1/32768 fixed point with the coefficients of BT.709 scaled
// to 219 (luma) and 224 (chroma) levels of 255:
//   Y = (5983 R + 20127 G + 2032 B + 16·32768 + 16384) >> 15
//   U = (-3299 ΣR - 11093 ΣG + 14392 ΣB + 128·131072 + 65536) >> 17
//   V = (14392 ΣR - 13074 ΣG - 1318 ΣB + 128·131072 + 65536) >> 17
// where Σ sums the 2x2 block (an odd last column or row counts twice). Each chroma row's
// coefficients sum to 0, so grey has U = V = 128 exactly. A pixel's colour is its premultiplied
// colour (the frame over black), or with `straight` its un-premultiplied colour (rounded as
// ImageFileCodec.unpremultiply) for pixels that are not opaque.

enum { YR = 5983, YG = 20127, YB = 2032, UR = -3299, UG = -11093, UB = 14392, VR = 14392, VG = -13074, VB = -1318 };

/// The un-premultiplied colour of p (rounded as ImageFileCodec.unpremultiply); opaque as it is.
static inline uint32_t straight_px(uint32_t p) {
    uint32_t a = p >> 24;
    if (a == 255) return p;
    if (a == 0) return 0;
    uint32_t r = ((p >> 16) & 255) * 255 + a / 2, g = ((p >> 8) & 255) * 255 + a / 2, b = (p & 255) * 255 + a / 2;
    r /= a; g /= a; b /= a;
    return (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
}

/// Y of one pixel's colour.
static inline uint8_t luma(uint32_t p) {
    int32_t r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
    return (uint8_t)((YR * r + YG * g + YB * b + (16 << 15) + (1 << 14)) >> 15);
}

// ---- portable versions that vector versions fall back to (tails, spans their lanes cannot hold) --

LK_HIDDEN void lk_sample_portable(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                  double a, double b, double c, double rowX, double rowY, double rowW,
                                  int32_t projective, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_affine_portable(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                  int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_i420_portable(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                                int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs);
LK_HIDDEN void lk_gradient_portable(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out);
/// lamina_over_row at a given level (k in 1...255, count > 0): for kernels that read the level once
/// and blend several pieces of a row.
LK_HIDDEN void lk_over_row_level(int32_t level, uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k);
/// Blends n shaded colours src onto dst as lamina_gradient_over does (cov NULL: factor kFull =
/// coverage_k(1, op) for all; else coverage_k(cov[i], op) outside [full0, full1), 0 <= full0 <=
/// full1 <= n, and kFull inside), at `level`.
LK_HIDDEN void lk_blend_pieces(int32_t level, uint32_t *dst, const uint32_t *src, int32_t n, const float *cov,
                               int32_t full0, int32_t full1, float op, uint32_t kFull);
LK_HIDDEN void lk_copy_rect_portable(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                     int32_t width, int32_t height);
LK_HIDDEN void lk_over_solid_mask_portable(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count);
LK_HIDDEN void lk_sample_mask_row_portable(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                           double g, double gv, double fv, int64_t x0, int32_t count);
LK_HIDDEN void lk_sample_mask_mapped_row_portable(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                                  double a, double b, double c, double rowX, double rowY, double rowW,
                                                  int64_t x0, int32_t count);
LK_HIDDEN int32_t lk_raster_sweep_portable(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);
LK_HIDDEN int32_t lk_raster_sweep_blend_portable(int32_t *cells, uint32_t *dst, int32_t count, int32_t sum, int32_t evenOdd,
                                                 uint32_t color, float op);
/// lamina_reduce_alpha_row's portable loop over x in [x0, x1) (for the vector versions' ends).
LK_HIDDEN void lk_reduce_alpha_row_portable(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share);
/// The values one padded row of prefix sums of the vector row passes takes (blur_x86.c): r + 16
/// zeros, the w + 1 sums, then copies of the last up to w + r + 31. Their scratch holds two.
static inline int32_t lk_box_row_scratch(int32_t w, int32_t r) { return w + 2 * r + 48; }
LK_HIDDEN void lk_box_horizontal(const int32_t *src, int32_t *dst, int32_t w, int32_t h, int32_t r);

// ---- per-level versions (same arguments as the portable ones; each bit-identical with them) ------

#if defined(__x86_64__)
LK_HIDDEN void lk_sample_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              double a, double b, double c, double rowX, double rowY, double rowW,
                              int32_t projective, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_affine_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_affine_avx512(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_over_rect_avx2(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                 int32_t width, int32_t height, uint32_t k);
LK_HIDDEN void lk_over_rect_avx512(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                   int32_t width, int32_t height, uint32_t k);
LK_HIDDEN void lk_over_solid_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_over_solid_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_over_solid_coverage_avx2(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count);
LK_HIDDEN void lk_over_solid_coverage_avx512(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count);
LK_HIDDEN void lk_alpha_row_avx2(float *out, const uint32_t *src, const uint32_t *mask, int32_t count);
LK_HIDDEN void lk_alpha_row_avx512(float *out, const uint32_t *src, const uint32_t *mask, int32_t count);
LK_HIDDEN void lk_sample_between_avx2(float *out, const float *row, const int32_t *index, const float *left, const float *next, int32_t count);
LK_HIDDEN void lk_sample_between_avx512(float *out, const float *row, const int32_t *index, const float *left, const float *next, int32_t count);
LK_HIDDEN void lk_reduce_alpha_row_avx2(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share);
LK_HIDDEN void lk_reduce_alpha_row_avx512(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share);
LK_HIDDEN void lk_over_solid_mix_avx2(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb, float op, int32_t count);
LK_HIDDEN void lk_over_solid_mix_avx512(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb, float op, int32_t count);
LK_HIDDEN void lk_mix_rows_avx2(float *out, const float *a, const float *b, float wa, float wb, int32_t count);
LK_HIDDEN void lk_mix_rows_avx512(float *out, const float *a, const float *b, float wa, float wb, int32_t count);
LK_HIDDEN void lk_over_solid_mask_avx2(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count);
LK_HIDDEN void lk_over_solid_mask_avx512(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count);
LK_HIDDEN void lk_sample_mask_row_avx2(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                       double g, double gv, double fv, int64_t x0, int32_t count);
LK_HIDDEN void lk_sample_mask_row_avx512(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                         double g, double gv, double fv, int64_t x0, int32_t count);
LK_HIDDEN void lk_sample_mask_mapped_row_avx2(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                              double a, double b, double c, double rowX, double rowY, double rowW,
                                              int64_t x0, int32_t count);
LK_HIDDEN void lk_sample_mask_mapped_row_avx512(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                                double a, double b, double c, double rowX, double rowY, double rowW,
                                                int64_t x0, int32_t count);
LK_HIDDEN void lk_copy_rect_stream_avx2(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                          int32_t width, int32_t height);
LK_HIDDEN void lk_copy_rect_stream_avx512(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                            int32_t width, int32_t height);
LK_HIDDEN void lk_fill_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_fill_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_box_horizontal_avx2(const int32_t *src, int32_t *dst, int32_t *scratch, int32_t w, int32_t h, int32_t r);
LK_HIDDEN void lk_box_horizontal_avx512(const int32_t *src, int32_t *dst, int32_t *scratch, int32_t w, int32_t h, int32_t r);
/// lamina_box_blur_placed's conversions: d[x] = (int32_t)(max(min(s[x], 1), 0)·65535 + 0.5) with
/// Swift's min and max (NaN as 0), and out[i] = (float)a[i]·(1/65535), as blur.c's loops.
LK_HIDDEN void lk_to_fixed_avx2(int32_t *d, const float *s, int32_t count);
LK_HIDDEN void lk_to_fixed_avx512(int32_t *d, const float *s, int32_t count);
LK_HIDDEN void lk_from_fixed_avx2(float *out, const int32_t *a, intptr_t count);
LK_HIDDEN void lk_from_fixed_avx512(float *out, const int32_t *a, intptr_t count);
LK_HIDDEN void lk_box_vertical_avx2(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r);
LK_HIDDEN void lk_box_vertical_avx512(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r);
LK_HIDDEN void lk_gradient_avx2(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_gradient_avx512(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out);
/// lamina_gradient_over at AVX2 (count > 0; k = coverage_k(1, op); 0 <= full0 <= full1 <= count
/// when cov is not NULL): without coverage a run of one factor k (1...255), always done (1); with
/// coverage, 1 when done, 0 (nothing drawn) for rows its fused loop does not take (see
/// gradient_x86.c). `cache`: NULL, or kept from row to row of one rectangle (see LkGradientRowsCache).
/// Whether the CPU has FMA (x86-64; checked once) and it is allowed: the AVX2 level's fused loop
/// then takes the conic rows' series and the stepped rows' f by fused multiply-adds (gradient_x86.c). The kernel tests turn it off
/// with lk_kernels_allow_fma(0) (returns the previous setting) to check the AVX2 level without it.
LK_HIDDEN int lk_cpu_has_fma(void);
LK_HIDDEN int lk_kernels_allow_fma(int allow);
LK_HIDDEN int lk_gradient_over_avx2(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst, uint32_t k,
                                    const float *cov, int32_t full0, int32_t full1, float op, LkGradientRowsCache *cache);
/// The rows y0 ..< y0 + rows of lamina_gradient_over_rows (coverage NULL) or of
/// lamina_gradient_over_rows_coverage (its coverage rows and insides) at AVX-512 or AVX2 (`level`):
/// the same map and destination, k = coverage_k(1, op), the rows' cache from rows_cache; each row
/// as lamina_gradient_over paints it. Returns the rows painted, from the first; the caller paints
/// the others, from the first row the level's fused loops do not take.
LK_HIDDEN int32_t lk_gradient_over_rows_x86(int32_t level, const LaminaGradientRow *row, double mx, double gx, double my, double gy,
                                            double mw, double gw, int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst,
                                            intptr_t stride, const float *coverage, intptr_t coverageStride, const int32_t *full,
                                            float op, uint32_t k, LkGradientRowsCache *cache);
/// Makes the x86 fused gradient loops fetch colours by gathers (1), by permutes (0), or as chosen for
/// the CPU (-1; see gradient_x86.c); returns the previous setting. For the C kernel tests.
LK_HIDDEN int lk_gradient_force_gathers(int mode);
/// Forces the AVX2 loops' table reads by eight loads (1) or by gathers (0), or back to the CPU's choice
/// (-1); returns the previous setting. For the C kernel tests.
LK_HIDDEN int lk_gradient_force_loads(int mode);
/// Forces the AVX2 fused loop of a stepped axial row of one alpha to read its colours by lookup8's
/// window (1) or by table8 (0), or back to the CPU's choice (-1); returns the previous setting. For
/// the C kernel tests.
LK_HIDDEN int lk_gradient_force_axial_window(int mode);
/// Whether Linux reports the running CPU's gathers as mitigated by microcode (Gather Data Sampling,
/// "GDS": slow gathers); x86-64 only (gradient_x86.c).
LK_HIDDEN int lk_gathers_mitigated(void);
/// The factors of gradient_x86.c's blends of one alpha (x86-64 only): K for 255 − alpha ia, with
/// (x·K + 2¹⁴) >> 15 = ((x·ia + 128)·257) >> 16 for every byte x.
LK_HIDDEN const int16_t *lk_gradient_ia_factors(void);
/// lamina_gradient_over at AVX-512 (count > 0; 0 <= full0 <= full1 <= count when cov is not NULL):
/// 1 when done, 0 (nothing drawn) for rows its fused loop does not take (see gradient_x86.c).
LK_HIDDEN int lk_gradient_over_avx512(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst,
                                      const float *cov, int32_t full0, int32_t full1, float op, LkGradientRowsCache *cache);
LK_HIDDEN int32_t lk_raster_sweep_avx2(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);
LK_HIDDEN int32_t lk_raster_sweep_avx512(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);
LK_HIDDEN void lk_raster_blend_rows_avx512(const LkRasterRows *rows);
LK_HIDDEN void lk_raster_blend_rows_avx2(const LkRasterRows *rows);
/// Whether lk_raster_blend_rows_avx2 fetches the colour scaled by each pixel's coverage from a
/// table by gathers (1: on Intel, where that was measured faster) or works it out in the lanes (0:
/// elsewhere; see raster_x86.c). Chosen once, LAMINA_RASTER_GATHER=0 or 1 overriding it.
LK_HIDDEN int lk_raster_gathers(void);
/// Makes lk_raster_blend_rows_avx2 use gathers (1), the lanes (0), or the CPU's choice (-1);
/// returns the previous setting. For the C kernel tests (both ways on every machine).
LK_HIDDEN int lk_raster_force_gathers(int mode);
/// Whether lk_raster_blend_rows_avx512 blends the stretches of one colour between a row's marked
/// cells by byte lookups (1: the CPU has AVX512-VBMI, unless LAMINA_RASTER_VBMI=0) or by 16-bit
/// multiplies (0); see raster_x86.c.
LK_HIDDEN int lk_raster_vbmi(void);
/// Makes lk_raster_blend_rows_avx512 use the lookups (1; the multiplies all the same on a CPU
/// without AVX512-VBMI), the multiplies (0), or the CPU's choice (-1); returns the previous
/// setting. For the C kernel tests.
LK_HIDDEN int lk_raster_force_vbmi(int mode);
/// The AVX-512 level's blend rows for CPUs whose 512-bit operations cost two 256-bit ones (AMD Zen
/// 4): lk_raster_blend_rows_avx2's sweep (chunks of 8 cells, the colours in the lanes) with the
/// stretches of one translucent colour by byte lookups where the CPU has AVX512-VBMI. The same
/// pixels as lk_raster_blend_rows_avx512.
LK_HIDDEN void lk_raster_blend_rows_narrow(const LkRasterRows *rows);
/// Whether the AVX-512 level blends rows with lk_raster_blend_rows_narrow in chunks of 8 cells (1:
/// on AMD, for rectangles at least NARROW_MIN_WIDTH pixels wide, see raster.c; 2: at every width,
/// when forced) or lk_raster_blend_rows_avx512 in chunks of 16 (0: elsewhere); chosen once,
/// LAMINA_RASTER_NARROW=0 or 1 overriding it.
LK_HIDDEN int lk_raster_narrow_rows(void);
/// Makes the AVX-512 level use the narrow rows at every width (1), the 16-cell ones (0), or the
/// CPU's choice (-1); returns the previous setting. For the C kernel tests (both ways on every
/// machine).
LK_HIDDEN int lk_raster_force_narrow_rows(int mode);
/// The edges of points 0 ... n of a closed contour of `count` points (x, y pairs; all finite), n
/// the largest multiple of 8 below count: edge i from point i to point i + 1, set up as raster.c's
/// lamina_raster_add_contour sets it up (the same doubles and integers), the horizontal ones and
/// those wholly at or above `top` or at or below `bottom` left out, written from edges[*edgeCount]
/// on (*edgeCount grows by those written; room for n more). box (minX, minY, maxX, maxY) takes
/// the points 0 ..< n. Returns n; the caller adds edges n ..< count. Eight edges a step. With an
/// affine map m (a, b, d, e, g, h; NULL: none) each point read is first mapped as
/// lamina_raster_add_contour_affine maps it, and *notFinite is set to 1 when a mapped point of
/// 0 ... n is not finite (the caller then drops what was written); without m the points must be
/// finite and *notFinite is left alone.
LK_HIDDEN int32_t lk_raster_edges_avx512(LkEdge *edges, size_t *edgeCount, const double *xy, int32_t count, const double *m,
                                         double top, double bottom, double *box, int32_t *notFinite);
/// lk_raster_edges_avx512 at AVX2: the same edges, four a step (n is the largest multiple of 4
/// below count).
LK_HIDDEN int32_t lk_raster_edges_avx2(LkEdge *edges, size_t *edgeCount, const double *xy, int32_t count, const double *m,
                                       double top, double bottom, double *box, int32_t *notFinite);
LK_HIDDEN void lk_i420_avx2(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                            int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs);
#endif

#if defined(__aarch64__)
LK_HIDDEN void lk_sample_neon(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              double a, double b, double c, double rowX, double rowY, double rowW,
                              int32_t projective, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_affine_neon(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN void lk_over_rect_neon(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                 int32_t width, int32_t height, uint32_t k);
LK_HIDDEN void lk_over_solid_rect_neon(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_over_solid_coverage_neon(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count);
LK_HIDDEN void lk_over_solid_mask_neon(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count);
LK_HIDDEN void lk_fill_rect_neon(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
LK_HIDDEN void lk_gradient_neon(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out);
LK_HIDDEN int32_t lk_raster_sweep_neon(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);
LK_HIDDEN void lk_i420_neon(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                            int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs);
#endif

/// Asks the caches for a row a kernel reaches next (`lamina_prefetch_span`'s loop, inlined): the
/// `bytes` bytes at `p`, for writing. A prefetch never faults and changes no memory.
static inline void lk_prefetch_row(const void *p, intptr_t bytes) {
    const char *c = (const char *)p;
    for (intptr_t i = 0; i < bytes; i += 64) __builtin_prefetch(c + i, 1, 3);
    if (bytes > 0) __builtin_prefetch(c + bytes - 1, 1, 3);
}

#endif
