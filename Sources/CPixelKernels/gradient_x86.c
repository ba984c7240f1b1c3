// Gradient rows, AVX2 and AVX-512 versions (x86-64 only; chosen at run time by
// lamina_kernels_level). Rows with an affine map step the parameter in float, eight (AVX2) or
// sixteen (AVX-512) pixels a vector (see "stepping gradient rows" in kernels_internal.h and
// "stepped rows in single precision" below: no division, the few lanes that could round otherwise
// worked out again); the other axial and radial rows, four or eight pixels per vector of doubles,
// take the same operations in the same order as lk_gradient_portable (gradient.c), each correctly
// rounded (add, multiply, divide, square root), so the same bits. The colours are fetched from the
// table. Conic rows: see "conic rows" below.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <cpuid.h>
#include <immintrin.h>
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "over_x86.h"
#include "chosen_once.h"

/// The per-row constants of the vector loops.
typedef struct {
    double a, b, c, rowX, rowY, rowW;
    /// 1 / rowW when c is 0 and rowW is not: then px·c + rowW is rowW for every pixel (±0 added to
    /// a number that is not 0), so every pixel's reciprocal is this one.
    double inv;
    int hoisted;
    double sx, sy;
    /// Axial: dx, dy, len². Radial: rx, ry.
    double p, q, r;
} GradientConstants;

/// The constants of `g`'s row; 0 when the row is one colour (*color) or conic (*color unset).
static int gradient_constants(const LaminaGradientRow *g, GradientConstants *k, uint32_t *color) {
    k->a = g->a; k->b = g->b; k->c = g->c; k->rowX = g->rowX; k->rowY = g->rowY; k->rowW = g->rowW;
    k->hoisted = g->c == 0 && g->rowW != 0;
    k->inv = k->hoisted ? 1 / g->rowW : 0;
    k->sx = g->sx; k->sy = g->sy;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        k->p = g->ex - g->sx; k->q = g->ey - g->sy; k->r = k->p * k->p + k->q * k->q;
        if (!(k->r > 0)) { *color = g->table[0]; return 0; }
        return 1;
    }
    if (g->kind == LAMINA_GRADIENT_RADIAL) {
        k->p = fabs(g->ex - g->sx); k->q = fabs(g->ey - g->sy);
        if (k->p == 0 && k->q == 0) { *color = g->table[255]; return 0; }
        return 1;
    }
    return 0;
}

// ---- stepped rows in single precision -----------------------------------------------------------
//
// A stepped row (GradientSteps, kernels_internal.h) is evaluated in float, sixteen lanes a vector
// at AVX-512 and eight at AVX2: lane i (0 ... count − 1, exact in a float) of a row from px0 takes
// axial f = F0 + F1·i, radial u = U0 + U1·i, v = V0 + V1·i, f = 255·√(u² + v²) + ½, with F0 =
// f0 + f1·(px0 + ½) (likewise U0, V0) worked out in double and rounded to float once a row. Each
// float operation is within 2⁻²⁴ of its result (relative), so f lies within `err` of the double
// form's f (below, with ε = 2⁻²⁴, M_F = |F0| + |F1|·count, M_u and M_v alike):
//   axial: F0, F1 rounded, the product and the sum: 2ε·|F0| + 3ε·|F1|·count ≤ 3ε·M_F;
//   radial: u within e_u = ε·(|U0| + 2·|U1|·count + U), U = max(|U0|, |U0 + U1·(count − 1)|) the
//   largest |u| on the row (u is affine in i): U0 and U1 rounded, the product and the sum, which
//   is at most U plus those errors (ε² of them, within the margin's slack); v alike (e_v, V). The
//   norm moves by at most e_u + e_v (it is 1-Lipschitz) and is at most T = U + V + e_u + e_v; the
//   squares, their sum and the root add 2ε·T, then ·255 and + ½ add 2ε·(255·T + 1):
//   err = 255·(e_u + e_v + 2ε·T) + 2ε·(255·T + 1). (Bounding |u| by |U0| + |U1|·count instead,
//   as before, made the margin of a typical rectangle's rows about twice as wide: twice as many
//   lanes worked out again, about 1.6 % of a radial row's groups of eight.)
// The margin of the float form is the double form's plus err: where a lane's f is at least that
// far from every integer k, the double form's f lies on the same side of k and at least the double
// form's margin from it, so both floors are the reference's index (err is made larger by 2⁻¹⁰ of
// itself for the products of two roundings left out above; it was twice err until the twenty-second
// session, a slack that sent as many lanes again to be worked out again). A lane whose f is within it
// of an integer is worked out again by axial_index or radial_index, as the double form's were, so
// every lane is still the reference's, bit for bit. Rows where it would not be small (coordinates
// far beyond the table's range, or longer than 2^22 pixels) take the exact double form instead.

/// The single-precision form of a stepped row over lanes i = 0 ..< count (pixel px0 + i).
typedef struct {
    /// Axial: f = f0 + f1·i. Radial: u = u0 + u1·i, v = v0 + v1·i.
    float f0, f1, u0, u1, v0, v1;
    /// How far from an integer a lane's f must be for its floor to be the reference's index.
    float margin;
} FloatSteps;

/// The float form of stepped row `s` (kind axial or radial) over pixels px0 ..< px0 + count: 1, or
/// 0 when its margin would not be small.
static int float_steps(const GradientSteps *s, int32_t kind, int32_t px0, int32_t count, FloatSteps *fs) {
    const double eps = 0x1p-24, c = (double)px0 + 0.5, n = (double)count;
    double err;
    if (count > (1 << 22)) return 0;
    if (kind == LAMINA_GRADIENT_AXIAL) {
        const double F0 = s->f0 + s->f1 * c;
        err = 3 * eps * (fabs(F0) + fabs(s->f1) * n);
        fs->f0 = (float)F0; fs->f1 = (float)s->f1;
        fs->u0 = fs->u1 = fs->v0 = fs->v1 = 0;
    } else {
        const double U0 = s->u0 + s->u1 * c, V0 = s->v0 + s->v1 * c;
        const double U = fmax(fabs(U0), fabs(U0 + s->u1 * (n - 1))), V = fmax(fabs(V0), fabs(V0 + s->v1 * (n - 1)));
        const double eu = eps * (fabs(U0) + 2 * fabs(s->u1) * n + U), ev = eps * (fabs(V0) + 2 * fabs(s->v1) * n + V);
        const double T = U + V + eu + ev;
        err = 255 * (eu + ev + 2 * eps * T) + 2 * eps * (255 * T + 1);
        fs->u0 = (float)U0; fs->u1 = (float)s->u1; fs->v0 = (float)V0; fs->v1 = (float)s->v1;
        fs->f0 = fs->f1 = 0;
    }
    // The bound (err with 2⁻¹⁰ of itself for the second-order terms), made larger by 2⁻²⁰ of itself
    // so that rounding it to a float (within 2⁻²⁴) cannot make it smaller than the bound; NaN
    // refused (the comparison is false).
    const double margin = (s->margin + err * (1 + 0x1p-10)) * (1 + 0x1p-20);
    if (!(margin < 1.0 / 64)) return 0;
    fs->margin = (float)margin;
    return 1;
}

/// The angle and index margins of the float form of conic lanes (see "conic rows" below).
static const float conic_float_angle_margin = 5e-6f, conic_float_index_margin = 3e-4f;

/// The stepped conic rows' constant index margin (table-index units; see "stepped conic rows"):
/// above the series' error (below 1.2e-4), the reference's roundings (below 1e-12) and M's own
/// rounding, with 8e-5 to spare. Fewer lanes are worked out again than with the 3e-4 it was.
static const float conic_steps_index_margin = 2e-4f;

/// 127.5 less the stepped conic rows' wrap margin: conic_steps_index_margin, 1e-5 more for the
/// roundings of this constant and of the check (7.6e-6 at most).
static const float conic_steps_wrap_inner = (float)(127.5 - 2e-4 - 1e-5);

/// conic_steps_wrap_inner for AVX2's |t − 128| (see conic_angles8n): 1e-5 more for that
/// difference's rounding (3.8e-6 at most).
static const float conic_steps_wrap_inner_t = (float)(127.5 - 2e-4 - 2e-5);

// ---- stepped conic rows ---------------------------------------------------------------------------
//
// A conic row whose map is affine (c = 0, rowW ≠ 0) has offsets from the centre that are affine in
// the lane i (pixel px0 + i). The fused loops take them turned by −φ, φ = a0 + π (the turn (C, S)
// = (cos φ, sin φ) = −(dx, dy)/|(dx, dy)|, (dx, dy) the start→end direction whose libm atan2 is a0:
// an angle within 1e-15 of a0 + π, a shift of every angle below 5e-14 table steps):
// x' = C·x + S·y, y' = C·y − S·x, so that the angle ψ = atan2(y', x') is the reference's t − π,
// t = atan2(y, x) − a0 taken into [0, 2π), and atan2's cut (ψ = ±π) is the reference's wrap (t = 0
// or 2π). Lane i's turned offsets are ox = X0 + X1·i, oy = Y0 + Y1·i, worked out in double once a
// row (conic_offsets_from: the reference's offsets of pixel centre px0 + ½ and their steps, turned)
// and rounded to float; each lane takes them in float (one multiply-add). The float offsets lie
// within E of the reference's own offsets turned exactly, with (ε = 2⁻²⁴)
//   E = 3ε·(|X0| + |X1|·count + |Y0| + |Y1|·count)   the roundings of X0, X1, the product and the
//                                                   sum (a fused multiply-add rounds once, within it)
//     + 2⁻⁴⁵·(mx + my)                              the reference's own roundings (a handful of 2⁻⁵³
//                                                   of its largest terms mx, my; a turn keeps lengths)
//     + 2⁻⁵⁰·(|x0| + |y0| + (|x1| + |y1|)·count)    the turn's roundings in double (x0 ... unturned),
// made larger by 2⁻²⁰ of itself. The lanes then work in table-index units: g = ψ·255/2π, by the
// octant of (ox, oy): r = min(|ox|, |oy|)/max(|ox|, |oy|) in [0, 1] (the quotient as min times a
// reciprocal of max: the estimate and one Newton step, as in "conic rows"; r within 7.5·2⁻²⁴ of
// the quotient, relative, at worst), atan(r) by the octant series r·(c₀ + c₁r² + ... + c₅r¹⁰)
// (octant_index_coefficients, already in these units: a near-minimax fit on [0, 1]), then 63.75
// − that where |oy| > |ox|, 127.5 − that where ox < 0, negated where oy < 0 (63.75 and 127.5 are
// π/2 and π, exact floats). The reference's index is ⌊t·255/2π + ½⌋ = ⌊g_ref⌋ + 128, g_ref =
// ψ_ref·255/2π in (−127.5, 127.5]. Where m = max(|ox|, |oy|) ≥ 3E the reference's point is at
// least ⅔·m from the centre, and the two angles (modulo 2π) differ by at most arcsin(1.5·E/m) ≤
// (π/2)·E/m (as before: arcsin is convex on [0, ½], arcsin ½ = π/6): g lies within 63.75·E/m of
// g_ref modulo 255, plus the series' error in these units (below 1.2e-4: the fit's 6.9e-5 with
// its float coefficients, r's 9.1e-6 (atan's slope 1/(1 + r²) times 4.5e-7·r), the roundings of
// the polynomial and its product (at most ten of 2.4e-6 without FMA) and of the two differences
// (5.7e-6); the worst seen against libm's atan2 of the float offsets, over 1.2·10⁷ random lanes
// many near the octants' edges, 7.8e-5 at each level) and the reference's roundings
// (below 1e-12). A lane keeps ⌊g⌋ +
// 128 when g is further than M = conic_steps_index_margin + 63.75·E'/m from an integer (E' =
// max(E, 1e-30), times 1 + 2⁻⁹ for 1/m by the reciprocal estimate, within 2⁻¹¹ at AVX2 and 2⁻¹⁴ at
// AVX-512; M itself one multiply-add, rounded, well within the spare of the constant), and |g| ≤
// 127.5 − M − 1e-5 (the wrap), else it is worked out again by conic_index. A lane with m < 3E' has
// M > 21, so it is worked out again whatever its g (1/m of m = 0 or below a float's normal range is
// ∞, M too, and a NaN g or M fails the comparison, which counts as near); m ≥ 3e-30 keeps the
// series in a float's normal range. The index is ⌊g⌋ + 128 as (⌊g⌋ ^ 0x80) & 0xFF (⌊g⌋ in
// −128 ... 127; NaN's integer gives 128, a lane worked out again), or at AVX2 the truncation of
// t = g + 128, which the AVX2 lanes work out instead of g (conic_angles8n: the same quotient and
// series, the octant's sum rounded once at t, within the series' bound; the checks on t, exact as on
// g: t − round(t), and |t − 128| for the wrap within 3.8e-6, conic_steps_wrap_inner_t), in 0 ... 255
// on every lane not worked out again (masked to it on lanes past the row's end).
//
// The wrap check is left out of a row none of whose lanes can cross the cut (conic_far_from_cut):
// when the turned x of every lane is positive, both in float and for the reference's point, or
// the turned y keeps one sign, the same for both, on every lane (the line's values at the row's
// two ends more than 2E from 0 — each point lies within E of the line — with the same sign). Then
// a lane's g and g_ref lie on the same side of the cut, in (−127.5, 127.5] both, so they differ by
// the lane's error itself, not modulo 255: a lane kept (g further than M from an integer) has ⌊g⌋
// = ⌊g_ref⌋, and g = ±127.5 exactly (the series' π less a rounded 0) gives 255 or 0, the
// reference's index beside the cut on that side.

/// The float form of a stepped conic row over lanes i = 0 ..< count (pixel px0 + i).
typedef struct {
    /// Lane i's turned offsets from the centre: x0 + x1·i, y0 + y1·i.
    float x0, x1, y0, y1;
    /// 63.75·E' (1 + 2⁻⁹): the index margin's part over max(|ox|, |oy|).
    float slack;
    /// Whether a lane may be near the cut (the loops then check it).
    int wrap;
} ConicSteps;

/// cos φ and sin φ, φ = a0 + π, for a conic row whose start→end direction has atan2 a0 (see
/// "stepped conic rows"): from the direction itself, or from a0 when it has no length.
typedef struct { double c, s; } ConicTurn;

static ConicTurn conic_turn(const LaminaGradientRow *g, double a0) {
    const double dx = g->ex - g->sx, dy = g->ey - g->sy, len = sqrt(dx * dx + dy * dy);
    ConicTurn t;
    if (len > 1e-150 && len < 1e150) { t.c = -(dx / len); t.s = -(dy / len); }
    else { t.c = -cos(a0); t.s = -sin(a0); }
    return t;
}

/// The unturned offsets of pixel centre px0 + ½ of conic row `g` (c = 0, rowW ≠ 0; inv = 1/rowW)
/// and their steps a pixel: u0, u1 (x), v0, v1 (y).
static inline void conic_unturned(const LaminaGradientRow *g, double inv, int32_t px0, double *u0, double *u1, double *v0, double *v1) {
    const double c = (double)px0 + 0.5;
    *u1 = g->a * inv; *v1 = g->b * inv;
    *u0 = (c * g->a + g->rowX) * inv - g->sx; *v0 = (c * g->b + g->rowY) * inv - g->sy;
}

/// The turned offsets' steps of conic row `g` from pixel px0: X0, X1, Y0, Y1 (see "stepped conic rows").
static inline void conic_offsets_from(const LaminaGradientRow *g, double inv, int32_t px0, const ConicTurn *t, double *X0, double *X1,
                                      double *Y0, double *Y1) {
    double u0, u1, v0, v1;
    conic_unturned(g, inv, px0, &u0, &u1, &v0, &v1);
    *X0 = t->c * u0 + t->s * v0; *Y0 = t->c * v0 - t->s * u0;
    *X1 = t->c * u1 + t->s * v1; *Y1 = t->c * v1 - t->s * u1;
}

/// The bound E of "stepped conic rows" for conic row `g` over pixels px0 ..< px0 + count: 1, or 0
/// when its offsets could be too large for the float form.
static int conic_bounds(const LaminaGradientRow *g, double inv, int32_t px0, int32_t count, const ConicTurn *t, double *e) {
    const double eps = 0x1p-24, c = (double)px0 + 0.5, n = (double)count;
    if (count > (1 << 22)) return 0;
    const double far = fmax(fabs(c), fabs((double)px0 + n - 0.5));
    double u0, u1, v0, v1, X0, X1, Y0, Y1;
    conic_unturned(g, inv, px0, &u0, &u1, &v0, &v1);
    conic_offsets_from(g, inv, px0, t, &X0, &X1, &Y0, &Y1);
    // The largest terms of the reference's formula along the row.
    const double mx = (far * fabs(g->a) + fabs(g->rowX)) * fabs(inv) + fabs(g->sx);
    const double my = (far * fabs(g->b) + fabs(g->rowY)) * fabs(inv) + fabs(g->sy);
    const double tx = fabs(X0) + fabs(X1) * n, ty = fabs(Y0) + fabs(Y1) * n;
    const double unturned = fabs(u0) + fabs(v0) + (fabs(u1) + fabs(v1)) * n;
    // Also refuses NaN and infinite terms (the comparison is false).
    if (!(mx < 1e30 && my < 1e30 && tx < 1e30 && ty < 1e30 && unturned < 1e30)) return 0;
    *e = (3 * eps * (tx + ty) + 0x1p-45 * (mx + my) + 0x1p-50 * unturned) * (1 + 0x1p-20);
    return 1;
}

/// Whether no lane of the row whose turned offsets are X0 + X1·i, Y0 + Y1·i (i < count, within
/// e of the float lanes and of the reference's) can cross the cut (see "stepped conic rows").
static int conic_far_from_cut(double X0, double X1, double Y0, double Y1, double count, double e) {
    const double last = count > 1 ? count - 1 : 0;
    const double xa = X0, xb = X0 + X1 * last, ya = Y0, yb = Y0 + Y1 * last;
    // Twice e (the float lanes' and the reference's distances from the line), and the roundings of
    // xa ... yb in double.
    const double slop = 2 * e + 0x1p-50 * (fabs(X0) + fabs(Y0) + (fabs(X1) + fabs(Y1)) * last);
    // (No NaN here: conic_bounds refused them. Comparisons, not fmin, which is a call.)
    if (xa > slop && xb > slop) return 1;
    return (ya > 0) == (yb > 0) && fabs(ya) > slop && fabs(yb) > slop;
}

/// Fills cs from the row's turned offsets' steps and the bound e over `count` lanes.
static void conic_steps_fill(double X0, double X1, double Y0, double Y1, double e, int32_t count, ConicSteps *cs) {
    cs->x0 = (float)X0; cs->x1 = (float)X1; cs->y0 = (float)Y0; cs->y1 = (float)Y1;
    // Rounded to a float no smaller than the bound (2⁻²⁰ more covers the rounding).
    cs->slack = (float)(63.75 * (e > 1e-30 ? e : 1e-30) * (1 + 0x1p-9) * (1 + 0x1p-20));
    cs->wrap = !conic_far_from_cut(X0, X1, Y0, Y1, (double)count, e);
}

static int conic_steps(const LaminaGradientRow *g, double inv, int32_t px0, int32_t count, const ConicTurn *t, ConicSteps *cs) {
    double e, X0, X1, Y0, Y1;
    if (!conic_bounds(g, inv, px0, count, t, &e)) return 0;
    conic_offsets_from(g, inv, px0, t, &X0, &X1, &Y0, &Y1);
    conic_steps_fill(X0, X1, Y0, Y1, e, count, cs);
    return 1;
}

// ---- stepped conic rows of one rectangle -------------------------------------------------------------
//
// The rows of one lamina_gradient_over_rows call whose rows share rowW (mw = 0) share one bound E:
// it is a sum, with factors that are not negative, of absolute values of quantities affine in the
// row's centre py (X0, Y0, their unturned u0, v0, rowX and rowY are), so convex in py and no larger
// on any row than on the first or the last; its computed value lies within a relative 2⁻²⁷ of the
// exact one, so the larger of the two ends' bounds, made larger by 2⁻²⁰ of itself, holds for every
// row, and so do the ends' checks that the offsets stay below 1e30. A row then works out only its
// offsets' steps (conic_offsets_from: the same as its own plan's) and takes that bound: its lanes
// are the same floats, redone where its bound, no smaller than its own, says, and the pixels are
// the same.

/// The shared bound of a rectangle's stepped conic rows (cache->ends from lamina_gradient_over_rows,
/// inv = 1/rowW of every row): conicState 1, conicBound and conicTurn, or conicState 2 when either end has none.
static void rect_conic(const LaminaGradientRow *g, double inv, int32_t px0, int32_t count, const ConicTurn *t, LkGradientRowsCache *cache) {
    double e = 0;
    cache->conicState = 2;
    for (int end = 0; end < 2; end++) {
        LaminaGradientRow r = *g;
        r.rowX = cache->ends[2 * end]; r.rowY = cache->ends[2 * end + 1];
        double b;
        if (!conic_bounds(&r, inv, px0, count, t, &b)) return;
        e = fmax(e, b);
    }
    cache->conicBound = e * (1 + 0x1p-20);
    cache->conicTurn[0] = t->c; cache->conicTurn[1] = t->s;
    cache->conicState = 1;
}

/// Whether a stepped row's table index changes by less than 31 over sixteen pixels (so that
/// lookup16's window, at AVX-512, takes most groups): axial |f1|, radial at most 255·√(u1² + v1²) a pixel.
static inline int steps_narrow(int32_t kind, const FloatSteps *fs) {
    const double u1 = fs->u1, v1 = fs->v1;
    const double perPixel = kind == LAMINA_GRADIENT_AXIAL ? fabs((double)fs->f1) : 255 * sqrt(u1 * u1 + v1 * v1);
    return 15 * perPixel < 31;
}

// ---- stepped rows of one rectangle ------------------------------------------------------------------
//
// The rows of one lamina_gradient_over_rows call whose map gives every row the same rowW (its mw
// is 0) share one margin instead of working out their own: every term of a row's margin (the
// double form's, from |rowX| and |rowY|, and the float form's err, from |F0| or |U0| and |V0| and
// the largest of |u| and |v| along the row) is a sum, with factors that are not negative, of
// absolute values of quantities affine in the row's centre py, or of the larger of two such (rowX
// and rowY are affine in py; so are f0, u0 and v0, F0 = f0 + f1·c, and U0 + U1·(count − 1)), so it
// is convex in py and no larger on any row than on the first or the last. Their computed values lie within a
// relative 2⁻⁴⁸ of the exact ones, so the larger of the two ends' margins, made larger by 2⁻³⁰ of
// itself, holds for every row. A row then works out only its form's values (gradient_steps_values:
// the same formulas, so the same f0, u0, v0) and takes that margin: its lanes are redone where the
// margin says, possibly a few more than with its own, and the pixels are the same. The rows take
// this only when that margin is below 1/128, so that each row's own margin, below 1/64, would
// have made it a stepped row too: the same loop as without the shared margin.
//
// Such a row also divides by nothing: where gradient_steps_values divides by len² (axial) or by
// rx and ry (radial), it multiplies by their reciprocals, worked out once for the rectangle. A
// reciprocal and a product are two roundings where the quotient was one, so the row's f0 (u0, v0)
// may differ from gradient_steps_values' by 2·2⁻⁵³ of |q/len²| (q the dividend; |u0|, |v0|) and
// one rounding of the sums after it, and |q/len²|, |u0| + |v0| are at most m, the bound of
// gradient_steps_from's margin 255·(m + 1)·2⁻⁴⁰: f moves by less than 255·(m + 1)·2⁻⁵⁰, 2⁻¹⁰ of
// that margin. The shared margin is made larger by 2⁻⁷ of itself for it (it is at least every
// row's double-form margin, which is convex in py too), so the lanes it leaves to the float form
// are still the reference's.

/// The shared margin of a rectangle's rows (cache->ends from lamina_gradient_over_rows): rectState
/// 1 and rectMargin, or rectState 2 when either end is not a stepped row or the margin not small.
static void rect_margin(const LaminaGradientRow *g, const GradientStepsShared *h, int32_t px0, int32_t count, LkGradientRowsCache *cache) {
    double worst = 0;
    cache->rectState = 2;
    FloatSteps fs;
    for (int e = 0; e < 2; e++) {
        LaminaGradientRow r = *g;
        r.rowX = cache->ends[2 * e]; r.rowY = cache->ends[2 * e + 1];
        GradientSteps s;
        if (!(gradient_steps_from(&r, h, &s) && float_steps(&s, g->kind, px0, count, &fs))) return;
        worst = fmax(worst, (double)fs.margin);
    }
    // 2⁻⁷ more for the reciprocals (see above).
    const double m = worst * (1 + 0x1p-7) * (1 + 0x1p-30) * (1 + 0x1p-20);
    if (!(m < 1.0 / 128)) return;
    // Both ends had a stepping form, so len² > 0 (axial), rx, ry > 0 (radial): finite reciprocals.
    const double dx = g->ex - g->sx, dy = g->ey - g->sy;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        cache->rectRecip[0] = 1 / (dx * dx + dy * dy);
        cache->rectRecip[1] = 0;
    } else {
        cache->rectRecip[0] = 1 / fabs(dx);
        cache->rectRecip[1] = 1 / fabs(dy);
    }
    // The steps a pixel are h's on every row (rect_row_steps), so fs's from the last end.
    cache->rectNarrow = steps_narrow(g->kind, &fs);
    cache->rectMargin = (float)m;   // within 2⁻²⁴ of m: not below the bound
    cache->rectState = 1;
}

/// A rectangle's row in the float form with the rectangle's margin (rectState 1): 0 when the row
/// has no stepping form or its values are too large, as gradient_steps_from says.
static int rect_row_steps(const LaminaGradientRow *g, const GradientStepsShared *h, int32_t px0, const LkGradientRowsCache *cache, FloatSteps *fs) {
    const double inv = h->inv, c = (double)px0 + 0.5;
    const double ox = g->rowX * inv - g->sx, oy = g->rowY * inv - g->sy;
    if (g->kind == LAMINA_GRADIENT_AXIAL) {
        // gradient_steps_values' f0 with its division by len² a product by the reciprocal.
        const double f0 = 255 * ((ox * (g->ex - g->sx) + oy * (g->ey - g->sy)) * cache->rectRecip[0]) + 0.5;
        if (!(fabs(f0) + fabs(h->f1) < 1e15)) return 0;
        fs->f0 = (float)(f0 + h->f1 * c); fs->f1 = (float)h->f1;
        fs->u0 = fs->u1 = fs->v0 = fs->v1 = 0;
    } else {
        const double u0 = ox * cache->rectRecip[0], v0 = oy * cache->rectRecip[1];
        fs->u0 = (float)(u0 + h->u1 * c); fs->u1 = (float)h->u1; fs->v0 = (float)(v0 + h->v1 * c); fs->v1 = (float)h->v1;
        fs->f0 = fs->f1 = 0;
    }
    fs->margin = cache->rectMargin;
    return 1;
}

/// Which loop a row takes (the same decisions at both levels), and its constants.
typedef enum { PLAN_STEPS_AXIAL, PLAN_STEPS_RADIAL, PLAN_AXIAL, PLAN_RADIAL, PLAN_ONE_COLOR, PLAN_CONIC, PLAN_STEPS_CONIC, PLAN_PORTABLE } PlanPath;
typedef struct {
    PlanPath path;
    /// Stepped rows: the float form (lanes from the row's px0), and steps_narrow of it.
    FloatSteps steps;
    int narrow;
    /// Stepped conic rows: the float form of the offsets (lanes from the row's px0).
    ConicSteps conic;
    GradientConstants k;
    /// Conic: atan2 of the start→end direction.
    double a0;
    /// Conic rows on the centre's line (conic_axis): 1, and the reference's index where x − sx > 0
    /// (axisIndex[0]) and where it is below 0 (axisIndex[1]); else 0.
    int axis;
    uint32_t axisIndex[2];
    /// One colour: the colour.
    uint32_t color;
    /// 255 − the alpha of every colour of the table when they all have one (uniform_ia), else −1:
    /// set by lk_gradient_over_rows_x86, −1 from plan_row and rect_plan.
    int ia;
} RowPlan;

// ---- conic rows on the centre's line ---------------------------------------------------------------
//
// A conic row whose map has b = 0 and c = 0 (rowW and rowY not 0) gives every pixel the same
// y − sy in the reference: px·b is ±0, ±0 + rowY is rowY, px·c + rowW is rowW, so y − sy = rowY·(1/rowW)
// − sy on every pixel. When that is ±0 the row runs along the centre's line (a rectangle's middle
// row when the gradient starts at its centre), and every pixel's atan2 is ±0 where x − sx > 0 and
// ±π where x − sx < 0 (C's atan2 of a signed zero, the sign of y − sy's), whatever the size of x −
// sx: two indices for the whole row, worked out once (conic_axis) as conic_index takes them. The
// vector lanes of such a row all lie on a rounding step of the index (g = 0 or ±127.5: r = 0), so
// all are worked out again: exact_index then takes x − sx as the reference does (the same
// operations) and its sign picks the index, instead of atan2; x − sx of ±0 or NaN goes to conic_index.

/// conic_index's index for the angle θ = atan2(y − sy, x − sx) (the same steps after atan2).
static inline uint32_t conic_index_of_angle(double theta, double a0) {
    const double twoPi = 2 * M_PI;
    double t = theta - a0;
    while (t < 0) t += twoPi;
    while (t >= twoPi) t -= twoPi;
    return gradient_index(t / twoPi);
}

/// Sets p->axis (and p->axisIndex) for conic row `g` with a0 = p->a0 (see "conic rows on the
/// centre's line"); h: the row's GradientStepsShared (its inv is 1/rowW), NULL when c or rowW is 0.
static inline void conic_axis(const LaminaGradientRow *g, RowPlan *p, const GradientStepsShared *h) {
    p->axis = 0;
    if (!(h && g->b == 0 && g->c == 0 && g->rowW != 0 && g->rowY != 0 && isfinite(p->a0))) return;
    const double oy = g->rowY * h->inv - g->sy;
    if (oy != 0) return;
    p->axisIndex[0] = conic_index_of_angle(atan2(oy, 1.0), p->a0);
    p->axisIndex[1] = conic_index_of_angle(atan2(oy, -1.0), p->a0);
    p->axis = 1;
}

/// The plan of `g`'s pixels px0 ..< px0 + count: stepped when the row has a stepping form whose
/// float form's margin is small, else the exact form, one colour, the conic loop, or the portable
/// code. `cache` (NULL, or kept from row to row of one rectangle) saves the divisions and atan2
/// the rows share, and the margins of stepped rows (see "stepped rows of one rectangle"); the
/// plan is the same loop with it or without, and gives the same pixels.
static void plan_row(const LaminaGradientRow *g, int32_t px0, int32_t count, RowPlan *p, LkGradientRowsCache *cache) {
    p->color = 0;
    p->ia = -1;
    p->a0 = 0;
    p->axis = 0;
    GradientSteps steps;
    int stepped = 0;
    const GradientStepsShared *h = NULL;
    GradientStepsShared fresh;
    if (g->c == 0 && g->rowW != 0) {
        h = &fresh;
        if (cache && cache->rowW == g->rowW) {
            h = &cache->shared;   // the same rowW (not 0), a, b, geometry and pixels: the same values
        } else {
            gradient_steps_shared(g, px0, count, &fresh);
            if (cache) { cache->rowW = g->rowW; cache->shared = fresh; }
        }
    }
    if (h && (g->kind == LAMINA_GRADIENT_AXIAL || g->kind == LAMINA_GRADIENT_RADIAL)) {
        if (cache && cache->hasEnds && cache->rectState == 0 && count <= (1 << 22)) rect_margin(g, h, px0, count, cache);
        if (cache && cache->hasEnds && cache->rectState == 1) stepped = rect_row_steps(g, h, px0, cache, &p->steps);
        else stepped = gradient_steps_from(g, h, &steps) && float_steps(&steps, g->kind, px0, count, &p->steps);
    }
    if (stepped) {
        p->path = g->kind == LAMINA_GRADIENT_AXIAL ? PLAN_STEPS_AXIAL : PLAN_STEPS_RADIAL;
        // The rectangle's rows share their steps a pixel (rect_row_steps), so their narrowness.
        p->narrow = cache && cache->hasEnds && cache->rectState == 1 ? cache->rectNarrow : steps_narrow(g->kind, &p->steps);
    } else if (gradient_constants(g, &p->k, &p->color)) {
        p->path = g->kind == LAMINA_GRADIENT_AXIAL ? PLAN_AXIAL : PLAN_RADIAL;
    } else if (g->kind == LAMINA_GRADIENT_AXIAL || g->kind == LAMINA_GRADIENT_RADIAL) {
        p->path = PLAN_ONE_COLOR;
    } else if (g->kind == LAMINA_GRADIENT_CONIC) {
        if (!cache || !cache->hasA0) {
            p->a0 = atan2(g->ey - g->sy, g->ex - g->sx);
            if (cache) { cache->hasA0 = 1; cache->a0 = p->a0; }
        } else {
            p->a0 = cache->a0;
        }
        int stepped = 0;
        ConicTurn turn = conic_turn(g, p->a0);
        if (h && cache && cache->hasEnds && count <= (1 << 22)) {
            // The rectangle's bound and turn (see "stepped conic rows of one rectangle").
            if (cache->conicState == 0) rect_conic(g, h->inv, px0, count, &turn, cache);
            if (cache->conicState == 1) {
                double X0, X1, Y0, Y1;
                turn.c = cache->conicTurn[0]; turn.s = cache->conicTurn[1];
                conic_offsets_from(g, h->inv, px0, &turn, &X0, &X1, &Y0, &Y1);
                conic_steps_fill(X0, X1, Y0, Y1, cache->conicBound, count, &p->conic);
                stepped = 1;
            }
        } else {
            stepped = h && conic_steps(g, h->inv, px0, count, &turn, &p->conic);
        }
        p->path = !isfinite(p->a0) ? PLAN_PORTABLE : stepped ? PLAN_STEPS_CONIC : PLAN_CONIC;
        conic_axis(g, p, h);
    } else {
        p->path = PLAN_PORTABLE;
    }
}

/// The reference's table index of pixel centre px on a row whose plan is `path` (for the lanes a
/// vector loop is unsure of).
static inline uint32_t exact_index(const LaminaGradientRow *g, const RowPlan *p, PlanPath path, double px) {
    if (path == PLAN_CONIC || path == PLAN_STEPS_CONIC) {
        if (p->axis) {
            // x − sx as the reference works it out (see "conic rows on the centre's line").
            const double inv = 1 / (px * g->c + g->rowW), ox = (px * g->a + g->rowX) * inv - g->sx;
            if (ox > 0) return p->axisIndex[0];
            if (ox < 0) return p->axisIndex[1];
        }
        return conic_index(g, p->a0, px);
    }
    return path == PLAN_STEPS_AXIAL ? axial_index(g, px) : radial_index(g, px);
}

// ---- conic rows ------------------------------------------------------------------------------------
//
// The reference takes atan2 from libm, which no vector instruction gives bit for bit. The vector
// versions work out each lane's offsets from the centre in double, then its angle θ' in single
// precision (eight or sixteen lanes a vector) by a series: the angle of (|x|, |y|) reduced to
// atan(r), |r| ≤ tan(π/8), by the octant and by atan(q) = π/4 + atan((q − 1)/(q + 1)), r taken as
// min/max or (min − max)/(min + max), the quotient as the dividend times a reciprocal (the
// estimate and one Newton step, no division: within 2⁻²⁸ + 2·2⁻²⁴ of 1/d at AVX-512, 6.5·2⁻²⁴ at
// AVX2, relative; the product one rounding more, so r within 7.5·2⁻²⁴·|r| ≤ 1.9e-7 of the
// quotient, and atan, 1-Lipschitz, as near); atan(r) ≈ r·(c₀ + c₁r² + c₂r⁴ + c₃r⁶), a minimax fit
// on |r| ≤ tan(π/8) whose error with its float coefficients is below 1.1e-7 (the Taylor series
// needs seven terms, to r¹³/13, for 1.3e-7). With the offsets rounded to float (at most
// 2⁻²⁴·√2, 8.5e-8 radians) and the float roundings of the polynomial and of π/4, π/2 and π (6e-7
// at most; at AVX-512, and at AVX2 on CPUs with FMA, each step of the polynomial is one fused
// multiply-add, rounded once, within the bound of the multiply and add it replaces), θ' is within
// 1e-6 radians of libm's atan2 (the worst seen over 2·10⁷ random float inputs, with many near the
// octant edges, against libm's atan2 of them: 3.8e-7 at AVX-512, 4.0e-7 at AVX2 without FMA; the
// seven-term series with a division, 3.4e-7). The later steps are in float too, sixteen or eight lanes a vector:
// subtracting a0 (a0 rounded to a float: 1.2e-7), adding 2π (2π rounded, 2.4e-7, and the sum,
// 2.4e-7), the difference itself (2.4e-7): the angle is within 1.9e-6 radians of the reference's,
// whose own roundings (in double) are below 1e-14. Then f = min(max(a·255/2π, 0), 255) + ½, the
// factor and the product rounded (1.5e-5 each, f below 256) and the sum (1.5e-5), so f lies within
// 255/2π·1.9e-6 + 4.5e-5 = 1.2e-4 of the reference's v + ½, whose floor is the reference's index
// (its rounding of v half up). The table index of the vector value is therefore the reference's
// unless f lies within conic_float_index_margin of an integer, or the angle minus a0 lies within
// conic_float_angle_margin of 0 or ±2π (where the reference may wrap the other way): those lanes
// (about one in 1,600), and lanes whose x − sx or y − sy is 0, beyond a float's range, infinite or
// NaN (atan2's signed zeros and special values), are worked out again by conic_index, libm's
// atan2 and all.
// (conic_float_angle_margin and conic_float_index_margin are defined above "stepped conic rows".)

/// The coefficients of the polynomial, c_0 ... c_3 (floats: each is its own float).
#define ATAN_TERMS 4
static const float atan_coefficients[ATAN_TERMS] = {
    0x1.ffffb0p-1f, -0x1.55232ap-2f, 0x1.91068ep-3f, -0x1.b99720p-4f,
};
static const double tan_pi_8 = 0.41421356237309503;   // tan(π/8), rounded: either side of it the series converges alike

// ---- AVX2: four doubles a vector, eight pixels a step ---------------------------------------------

#define AVX2_ONLY __attribute__((target("avx2")))
#define AVX2_FMA_ONLY __attribute__((target("avx2,fma")))

/// The table indices of four parameters (gradient_index, lane by lane).
AVX2_ONLY static inline __m128i index4(__m256d t) {
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), k255 = _mm256_set1_pd(255), half = _mm256_set1_pd(0.5);
    // max_pd(t, 0) is t > 0 ? t : 0 (NaN gives 0), min_pd(u, 1) is u < 1 ? u : 1.
    __m256d v = _mm256_mul_pd(_mm256_min_pd(_mm256_max_pd(t, zero), one), k255);
    __m256d whole = _mm256_cvtepi32_pd(_mm256_cvttpd_epi32(v));
    __m256d up = _mm256_cmp_pd(_mm256_sub_pd(_mm256_sub_pd(v, whole), half), zero, _CMP_GE_OQ);
    return _mm256_cvttpd_epi32(_mm256_add_pd(whole, _mm256_and_pd(up, one)));
}

/// The parameters of four pixel centres px.
AVX2_ONLY static inline __m256d parameter4(const GradientConstants *k, int32_t kind, __m256d px) {
    __m256d inv = k->hoisted ? _mm256_set1_pd(k->inv)
                             : _mm256_div_pd(_mm256_set1_pd(1), _mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->c)), _mm256_set1_pd(k->rowW)));
    __m256d x = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->a)), _mm256_set1_pd(k->rowX)), inv);
    __m256d y = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->b)), _mm256_set1_pd(k->rowY)), inv);
    __m256d ox = _mm256_sub_pd(x, _mm256_set1_pd(k->sx)), oy = _mm256_sub_pd(y, _mm256_set1_pd(k->sy));
    if (kind == LAMINA_GRADIENT_AXIAL)
        return _mm256_div_pd(_mm256_add_pd(_mm256_mul_pd(ox, _mm256_set1_pd(k->p)), _mm256_mul_pd(oy, _mm256_set1_pd(k->q))), _mm256_set1_pd(k->r));
    const __m256d inf = _mm256_set1_pd(INFINITY), zero = _mm256_setzero_pd();
    // rx > 0 ? (x − sx)/rx : (x == sx ? 0 : ∞); likewise in y.
    __m256d u = k->p > 0 ? _mm256_div_pd(ox, _mm256_set1_pd(k->p))
                         : _mm256_blendv_pd(inf, zero, _mm256_cmp_pd(x, _mm256_set1_pd(k->sx), _CMP_EQ_OQ));
    __m256d v = k->q > 0 ? _mm256_div_pd(oy, _mm256_set1_pd(k->q))
                         : _mm256_blendv_pd(inf, zero, _mm256_cmp_pd(y, _mm256_set1_pd(k->sy), _CMP_EQ_OQ));
    return _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(u, u), _mm256_mul_pd(v, v)));
}

// ---- eight colours of a table at AVX2: a gather or eight loads --------------------------------
//
// A gather (vpgatherdd) of eight table entries is one instruction, and on Intel cores without the
// GDS microcode the fastest way. On AMD Zen 4 it is many micro-operations: eight scalar loads put
// together by inserts took 0.38 ns a pixel where the gather took 0.55 (a C loop over 4096
// indices of a 256-entry table, 2026-12-01), and the gradient rows' fused loops spent a third of
// their time on the gather. So at AVX2 the table is read by a gather on Intel and by eight loads
// on AMD (measured on Zen 4 only); LAMINA_GRADIENT_LOADS=1 or 0 chooses, read once. Both give the
// same colours.

static _Atomic int loads_state = -1;    // -1: not chosen yet; else 0 or 1 (atomic: rows are drawn on several threads)
static _Atomic int loads_forced = -1;   // -1: none; 0 or 1 while the C kernel tests run each way

/// AMD: the CPUs on which table8 reads by loads when nothing else is chosen.
static int loads_by_cpu(void) {
    __builtin_cpu_init();
    return __builtin_cpu_is("amd");
}

/// Whether table8 reads a table by eight loads (see above).
static inline int use_loads(void) { return chosen_once(&loads_forced, &loads_state, "LAMINA_GRADIENT_LOADS", loads_by_cpu); }

// ---- an axial row's colours by a window of the table at AVX2 --------------------------------------
//
// The fused loop of a stepped row of one alpha (uniform_group_avx2) reads its colours by table8
// (loads on AMD, a gather on Intel). On AMD Zen 5 (family 26) an axial row's colours by lookup8
// (two permutes of a 16-entry window when the eight indices lie in it, else table8) measured 10 %
// faster (scripts/bench-anchors/gradient_rects.c, axial, AVX2: 1.160 -> 1.048 ms at the fastest of
// 6 alternate runs) where a radial row's were 21 % slower (1.689 -> 2.048: its indices turn near the
// centre), and a 32-entry window of four permutes slower still (1.287); on Zen 4 the fused loop
// with lookup8 for both kinds measured slower (over_planned_avx2), the axial rows alone not
// measured there. So axial rows read by the window on AMD from family 26 on; radial rows never;
// LAMINA_GRADIENT_AXIAL_WINDOW=1 or 0 chooses. The same colours either way.

static _Atomic int axial_window_state = -1;    // -1: not chosen yet; else 0 or 1 (rows are drawn on several threads)
static _Atomic int axial_window_forced = -1;   // -1: none; 0 or 1 while the C kernel tests run each way

/// AMD CPUs of family 26 (Zen 5) or later: where axial rows read their colours by lookup8.
static int axial_window_by_cpu(void) {
    __builtin_cpu_init();
    unsigned eax, ebx, ecx, edx;
    if (!__builtin_cpu_is("amd") || !__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const unsigned base = (eax >> 8) & 0xF;
    const unsigned family = base == 0xF ? base + ((eax >> 20) & 0xFF) : base;
    return family >= 0x1A;
}

/// Whether uniform_group_avx2 reads an axial row's colours by lookup8 (see above).
static int use_axial_window(void) {
    return chosen_once(&axial_window_forced, &axial_window_state, "LAMINA_GRADIENT_AXIAL_WINDOW", axial_window_by_cpu);
}

LK_HIDDEN int lk_gradient_force_axial_window(int mode) {
    return atomic_exchange_explicit(&axial_window_forced, mode < 0 ? -1 : mode ? 1 : 0, memory_order_relaxed);
}

LK_HIDDEN int lk_gradient_force_loads(int mode) {
    return atomic_exchange_explicit(&loads_forced, mode < 0 ? -1 : mode ? 1 : 0, memory_order_relaxed);
}

/// The eight entries table[index] (each 0...255), by a gather or by eight loads (see above).
AVX2_ONLY static inline __m256i table8(const uint32_t *table, __m256i index) {
    if (!use_loads()) return _mm256_i32gather_epi32((const int *)table, index, 4);
    const __m128i lo = _mm256_castsi256_si128(index), hi = _mm256_extracti128_si256(index, 1);
    const uint64_t a = (uint64_t)_mm_cvtsi128_si64(lo), b = (uint64_t)_mm_extract_epi64(lo, 1);
    const uint64_t c = (uint64_t)_mm_cvtsi128_si64(hi), d = (uint64_t)_mm_extract_epi64(hi, 1);
    __m128i l = _mm_cvtsi32_si128((int)table[(uint32_t)a]);
    l = _mm_insert_epi32(l, (int)table[a >> 32], 1);
    l = _mm_insert_epi32(l, (int)table[(uint32_t)b], 2);
    l = _mm_insert_epi32(l, (int)table[b >> 32], 3);
    __m128i h = _mm_cvtsi32_si128((int)table[(uint32_t)c]);
    h = _mm_insert_epi32(h, (int)table[c >> 32], 1);
    h = _mm_insert_epi32(h, (int)table[(uint32_t)d], 2);
    h = _mm_insert_epi32(h, (int)table[d >> 32], 3);
    return _mm256_set_m128i(h, l);
}

AVX2_ONLY static void gradient_avx2(const GradientConstants *k, int32_t kind, const uint32_t *table, int32_t px0, int32_t count, uint32_t *out) {
    __m256d px = _mm256_add_pd(_mm256_set_pd((double)px0 + 3, (double)px0 + 2, (double)px0 + 1, (double)px0), _mm256_set1_pd(0.5));
    const __m256d four = _mm256_set1_pd(4), eight = _mm256_set1_pd(8);
    for (int32_t i = 0; i < count; i += 8, px = _mm256_add_pd(px, eight)) {
        __m128i lo = index4(parameter4(k, kind, px)), hi = index4(parameter4(k, kind, _mm256_add_pd(px, four)));
        __m256i colors = table8(table, _mm256_set_m128i(hi, lo));
        if (i + 8 <= count) {
            _mm256_storeu_si256((__m256i *)(out + i), colors);
        } else {
            __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            _mm256_maskstore_epi32((int *)(out + i), keep, colors);
        }
    }
}

/// f of eight lanes i (floats) of a stepped row's float form (see "stepped rows in single precision").
AVX2_ONLY static inline __m256 steps_f8(const FloatSteps *fs, int32_t kind, __m256 i) {
    if (kind == LAMINA_GRADIENT_AXIAL) return _mm256_add_ps(_mm256_set1_ps(fs->f0), _mm256_mul_ps(i, _mm256_set1_ps(fs->f1)));
    __m256 u = _mm256_add_ps(_mm256_set1_ps(fs->u0), _mm256_mul_ps(i, _mm256_set1_ps(fs->u1)));
    __m256 v = _mm256_add_ps(_mm256_set1_ps(fs->v0), _mm256_mul_ps(i, _mm256_set1_ps(fs->v1)));
    __m256 t = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(u, u), _mm256_mul_ps(v, v)));
    return _mm256_add_ps(_mm256_mul_ps(t, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f));
}

/// steps_f8 with each multiply and add one fused multiply-add (as steps_f16 at AVX-512: within the
/// bound of "stepped rows in single precision"), for CPUs with FMA, from the fused loop compiled
/// for them (over_steps_avx2_fma).
AVX2_FMA_ONLY static __m256 steps_f8_fma(const FloatSteps *fs, int32_t kind, __m256 i) {
    if (kind == LAMINA_GRADIENT_AXIAL) return _mm256_fmadd_ps(i, _mm256_set1_ps(fs->f1), _mm256_set1_ps(fs->f0));
    __m256 u = _mm256_fmadd_ps(i, _mm256_set1_ps(fs->u1), _mm256_set1_ps(fs->u0));
    // A row along which v does not change (v1 = ±0: a gradient on a layer neither rotated nor
    // skewed, b = 0): every lane's v is v0 (i·±0 + v0, i ≥ 0; ±0 where v0 is, whose square is +0),
    // so its square is v0·v0 rounded once, as the product below: the same bits with one multiply
    // and one fused multiply-add less a lane and a shorter chain to the root (radial rows 2-3 %
    // faster at both levels on AMD Zen 4 in a C loop of 200 rectangles).
    if (fs->v1 == 0) return _mm256_fmadd_ps(_mm256_sqrt_ps(_mm256_fmadd_ps(u, u, _mm256_set1_ps(fs->v0 * fs->v0))), _mm256_set1_ps(255.0f), _mm256_set1_ps(0.5f));
    __m256 v = _mm256_fmadd_ps(i, _mm256_set1_ps(fs->v1), _mm256_set1_ps(fs->v0));
    __m256 t = _mm256_sqrt_ps(_mm256_fmadd_ps(u, u, _mm256_mul_ps(v, v)));
    return _mm256_fmadd_ps(t, _mm256_set1_ps(255.0f), _mm256_set1_ps(0.5f));
}

/// Eight stepped lanes' indices: f's floor clamped to 0...255; *unsure gets the lanes (bits 0-7)
/// whose f is within the margin of an integer.
AVX2_ONLY static inline __m256i steps_index8(__m256 f, __m256 margin, int *unsure) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 near = _mm256_sub_ps(f, _mm256_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    *unsure = _mm256_movemask_ps(_mm256_cmp_ps(_mm256_andnot_ps(sign, near), margin, _CMP_LT_OQ));
    return _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(f, _mm256_setzero_ps()), _mm256_set1_ps(255.5f)));
}

/// Lanes from..from+7 as floats.
AVX2_ONLY static inline __m256 lanes8(int32_t from) {
    return _mm256_add_ps(_mm256_set1_ps((float)from), _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7));
}

/// Pixels px0 + from ..< px0 + from + count of a stepped row whose float form `fs` starts at px0.
AVX2_ONLY static void steps_avx2(const LaminaGradientRow *g, const FloatSteps *fs, int32_t kind, int32_t px0, int32_t from,
                                 int32_t count, uint32_t *out) {
    const __m256 margin = _mm256_set1_ps(fs->margin), eight = _mm256_set1_ps(8);
    __m256 lane = lanes8(from);
    for (int32_t i = 0; i < count; i += 8, lane = _mm256_add_ps(lane, eight)) {
        int unsure;
        __m256i colors = table8(g->table, steps_index8(steps_f8(fs, kind, lane), margin, &unsure));
        if (i + 8 <= count) {
            _mm256_storeu_si256((__m256i *)(out + i), colors);
        } else {
            __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            _mm256_maskstore_epi32((int *)(out + i), keep, colors);
        }
        for (; unsure; unsure &= unsure - 1) {
            int j = __builtin_ctz((unsigned)unsure);
            double c = (double)(px0 + from + i + j) + 0.5;
            if (i + j < count) out[i + j] = g->table[kind == LAMINA_GRADIENT_AXIAL ? axial_index(g, c) : radial_index(g, c)];
        }
    }
}

/// The series' terms p·s + c_k, ATAN_TERMS − 1 steps from the last coefficient: a multiply and an add each.
AVX2_ONLY static inline __m256 atan_terms8(__m256 s) {
    __m256 p = _mm256_set1_ps(atan_coefficients[ATAN_TERMS - 1]);
    for (int k = ATAN_TERMS - 2; k >= 0; k--) p = _mm256_add_ps(_mm256_mul_ps(p, s), _mm256_set1_ps(atan_coefficients[k]));
    return p;
}

/// atan_terms8 with each step one fused multiply-add (rounded once, within the bound of the
/// multiply and add it replaces, as at AVX-512): for CPUs with FMA (lk_cpu_has_fma), from the
/// conic rows' loop compiled for them (over_fused_avx2_fma).
AVX2_FMA_ONLY static __m256 atan_terms8_fma(__m256 s) {
    __m256 p = _mm256_set1_ps(atan_coefficients[ATAN_TERMS - 1]);
    for (int k = ATAN_TERMS - 2; k >= 0; k--) p = _mm256_fmadd_ps(p, s, _mm256_set1_ps(atan_coefficients[k]));
    return p;
}

/// 1/d (d between 1e-30 and 2e30) within 6.5·2⁻²⁴ (relative): the reciprocal estimate (within
/// 1.5·2⁻¹²) and one Newton step q·(2 − d·q), its error squared (2.25·2⁻²⁴) plus its three
/// roundings; no division (see "conic rows").
AVX2_ONLY static inline __m256 recip8(__m256 d) {
    const __m256 q = _mm256_rcp_ps(d);
    return _mm256_mul_ps(q, _mm256_sub_ps(_mm256_set1_ps(2.0f), _mm256_mul_ps(d, q)));
}

/// recip8 with 2 − d·q one fused multiply-add (one rounding fewer), for CPUs with FMA.
AVX2_FMA_ONLY static inline __m256 recip8_fma(__m256 d) {
    const __m256 q = _mm256_rcp_ps(d);
    return _mm256_mul_ps(q, _mm256_fnmadd_ps(d, q, _mm256_set1_ps(2.0f)));
}

/// Eight lanes' atan2(y, x) in single precision: the series of the conic rows, rounded to float
/// (within 1e-6 radians of the true angle for inputs within a float's range; see "conic rows");
/// `fused`: its steps by atan_terms8_fma (a constant: the callers inlined into
/// over_fused_avx2_fma pass 1, where that function is inlined too).
AVX2_ONLY __attribute__((always_inline)) static inline __m256 atan2_series8f(__m256 y, __m256 x, int fused) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 ax = _mm256_andnot_ps(sign, x), ay = _mm256_andnot_ps(sign, y);
    __m256 mn = _mm256_min_ps(ax, ay), mx = _mm256_max_ps(ax, ay);
    __m256 big = _mm256_cmp_ps(mn, _mm256_mul_ps(mx, _mm256_set1_ps((float)tan_pi_8)), _CMP_GT_OQ);
    // d = mn + mx and the dividend mn − mx where big, else mx and mn, without blends: mx + (mn or
    // +0) and mn − (mx or +0), the same floats (a sum of floats does not depend on their order,
    // and mn, mx are at least +0, which adding or taking off +0 leaves as they are).
    __m256 d = _mm256_add_ps(mx, _mm256_and_ps(big, mn));
    __m256 r = _mm256_mul_ps(_mm256_sub_ps(mn, _mm256_and_ps(big, mx)), fused ? recip8_fma(d) : recip8(d));
    __m256 s = _mm256_mul_ps(r, r), p = fused ? atan_terms8_fma(s) : atan_terms8(s);
    __m256 at = _mm256_add_ps(_mm256_mul_ps(r, p), _mm256_and_ps(big, _mm256_set1_ps((float)(M_PI / 4))));
    at = _mm256_blendv_ps(at, _mm256_sub_ps(_mm256_set1_ps((float)(M_PI / 2)), at), _mm256_cmp_ps(ay, ax, _CMP_GT_OQ));
    // The left half and the lower half by the signs of x and y themselves (blendv reads the sign
    // bit): x = −0 leaves at = π/2 (π − π/2 is π/2 in float), y = −0 gives −at, as libm's atan2.
    at = _mm256_blendv_ps(at, _mm256_sub_ps(_mm256_set1_ps((float)M_PI), at), x);
    return _mm256_xor_ps(at, _mm256_and_ps(y, sign));
}

/// The offsets from the centre of four pixel centres px, and the lanes the series may take (as
/// conic_offsets8: both non-zero, the larger between 1e-30 and 1e30).
AVX2_ONLY static inline __m256d conic_offsets4(const GradientConstants *k, __m256d px, __m256d *ox, __m256d *oy) {
    const __m256d sign = _mm256_set1_pd(-0.0), zero = _mm256_setzero_pd();
    __m256d inv = k->hoisted ? _mm256_set1_pd(k->inv)
                             : _mm256_div_pd(_mm256_set1_pd(1), _mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->c)), _mm256_set1_pd(k->rowW)));
    __m256d x = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->a)), _mm256_set1_pd(k->rowX)), inv);
    __m256d y = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, _mm256_set1_pd(k->b)), _mm256_set1_pd(k->rowY)), inv);
    *ox = _mm256_sub_pd(x, _mm256_set1_pd(k->sx));
    *oy = _mm256_sub_pd(y, _mm256_set1_pd(k->sy));
    __m256d big = _mm256_max_pd(_mm256_andnot_pd(sign, *ox), _mm256_andnot_pd(sign, *oy));
    return _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(big, _mm256_set1_pd(1e30), _CMP_LT_OQ), _mm256_cmp_pd(big, _mm256_set1_pd(1e-30), _CMP_GT_OQ)),
                         _mm256_and_pd(_mm256_cmp_pd(*ox, zero, _CMP_NEQ_OQ), _mm256_cmp_pd(*oy, zero, _CMP_NEQ_OQ)));
}

/// Eight conic lanes' table indices from their angles θ (within 1e-6 radians of libm's atan2),
/// in float (see "conic rows"); *unsure gets the lanes (bits 0-7) near a rounding step or the wrap,
/// or not in `ok` (bits 0-7).
AVX2_ONLY static inline __m256i conic_index8f(__m256 theta, float a0, int ok, int *unsure) {
    const __m256 sign = _mm256_set1_ps(-0.0f), zero = _mm256_setzero_ps(), twoPi = _mm256_set1_ps((float)(2 * M_PI));
    const __m256 angleMargin = _mm256_set1_ps(conic_float_angle_margin), indexMargin = _mm256_set1_ps(conic_float_index_margin);
    __m256 a = _mm256_sub_ps(theta, _mm256_set1_ps(a0));
    __m256 wrapEdge = _mm256_or_ps(_mm256_cmp_ps(_mm256_andnot_ps(sign, a), angleMargin, _CMP_LT_OQ),
                                   _mm256_cmp_ps(_mm256_andnot_ps(sign, _mm256_sub_ps(_mm256_andnot_ps(sign, a), twoPi)), angleMargin, _CMP_LT_OQ));
    a = _mm256_add_ps(a, _mm256_and_ps(_mm256_cmp_ps(a, zero, _CMP_LT_OQ), twoPi));
    __m256 v = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(a, _mm256_set1_ps((float)(255 / (2 * M_PI)))), zero), _mm256_set1_ps(255.0f));
    __m256 f = _mm256_add_ps(v, _mm256_set1_ps(0.5f));
    __m256 near = _mm256_sub_ps(f, _mm256_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    __m256 halfEdge = _mm256_cmp_ps(_mm256_andnot_ps(sign, near), indexMargin, _CMP_LT_OQ);
    *unsure = (~ok & 0xFF) | _mm256_movemask_ps(_mm256_or_ps(wrapEdge, halfEdge));
    return _mm256_cvttps_epi32(f);
}

/// Eight conic pixels from px: offsets in double, the angle and the index in single precision
/// (eight lanes a vector); the error and the margins are described at "conic rows".
AVX2_ONLY __attribute__((always_inline)) static inline __m256i conic8f(const GradientConstants *k, float a0, __m256d px, int *unsure, int fused) {
    __m256d ox0, oy0, ox1, oy1;
    __m256d ok0 = conic_offsets4(k, px, &ox0, &oy0), ok1 = conic_offsets4(k, _mm256_add_pd(px, _mm256_set1_pd(4)), &ox1, &oy1);
    __m256 oxf = _mm256_set_m128(_mm256_cvtpd_ps(ox1), _mm256_cvtpd_ps(ox0)), oyf = _mm256_set_m128(_mm256_cvtpd_ps(oy1), _mm256_cvtpd_ps(oy0));
    return conic_index8f(atan2_series8f(oyf, oxf, fused), a0, _mm256_movemask_pd(ok0) | _mm256_movemask_pd(ok1) << 4, unsure);
}

/// a·b + c rounded once (for the callers inlined into loops compiled for FMA).
AVX2_FMA_ONLY static inline __m256 fmadd8(__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); }

/// c − a·b rounded once (likewise).
AVX2_FMA_ONLY static inline __m256 fnmadd8(__m256 a, __m256 b, __m256 c) { return _mm256_fnmadd_ps(a, b, c); }

/// a·b + c of the low lanes rounded once (likewise, for the scalar lanes of "flat rows by parts").
AVX2_FMA_ONLY static inline __m128 fmadd1(__m128 a, __m128 b, __m128 c) { return _mm_fmadd_ss(a, b, c); }

/// a·b + c of four lanes, each rounded once (likewise).
AVX2_FMA_ONLY static inline __m128 fmadd4(__m128 a, __m128 b, __m128 c) { return _mm_fmadd_ps(a, b, c); }

/// a·b + c: one fused multiply-add when `fused` (a constant), else a multiply and an add.
AVX2_ONLY __attribute__((always_inline)) static inline __m256 muladd8(__m256 a, __m256 b, __m256 c, int fused) {
    return fused ? fmadd8(a, b, c) : _mm256_add_ps(_mm256_mul_ps(a, b), c);
}

/// The octant series of the stepped conic rows: atan(r) ≈ r·(c₀ + c₁r² + ... + c₅r¹⁰) in
/// table-index units (255/2π a radian) on 0 ≤ r ≤ 1, a near-minimax fit whose error with these
/// float coefficients is below 6.9e-5 of a step (see "stepped conic rows").
#define OCTANT_TERMS 6
static const float octant_index_coefficients[OCTANT_TERMS] = {
    0x1.44ab30p+5f, -0x1.affa8cp+3f, 0x1.f6b410p+2f, -0x1.2e6830p+2f, 0x1.117e32p+1f, -0x1.e70762p-2f,
};

// ---- flat stepped conic rows at AVX2 ------------------------------------------------------------
//
// A stepped conic row whose turned y step Y1 is ±0 as a float (a row along the start→end direction:
// every row of an axis-aligned layer whose gradient runs along x, as the benchmark's conic row) and
// whose Y0 is not ±0 has oy = Y0 on every lane, sign bit and all (lane·(±0) + Y0 is Y0, rounded or
// not). conic_angles8n then takes oy, |oy| and the three bases 128 + (0, 127.5 or 63.75 with oy's
// sign bit) from the row's constants (conic_flat_init, exact floats), the base by two blends instead
// of five steps: the same floats in every lane, so the same indices and the same lanes worked out
// again, five operations fewer a group of eight.

/// A flat stepped conic row's constants at AVX2 (see "flat stepped conic rows at AVX2"): oy, |oy|,
/// and the bases 128 + (0, 127.5 or 63.75 with oy's sign bit).
typedef struct { __m256 oy, absOy, base0, base1, baseUp, qmIn, qIn; } ConicFlat;

/// The constants of a flat row (cs->y1 = ±0, cs->y0 ≠ 0); `fused` as conic_angles8n.
AVX2_ONLY __attribute__((always_inline)) static inline void conic_flat_init(const ConicSteps *cs, ConicFlat *f, int fused) {
    const float s = signbit(cs->y0) ? -1.0f : 1.0f;
    f->oy = _mm256_set1_ps(cs->y0);
    f->absOy = _mm256_set1_ps(fabsf(cs->y0));
    f->base0 = _mm256_set1_ps(128.0f);   // (0 with oy's sign bit) + 128: ±0 + 128 is 128
    f->base1 = _mm256_set1_ps(128.0f + s * 127.5f);
    f->baseUp = _mm256_set1_ps(128.0f + s * 63.75f);
    // The reciprocal of den = oy where |oy| > |ox| (see "flat rows by parts"), by conic_angles8n's operations.
    f->qmIn = _mm256_rcp_ps(f->oy);
    f->qIn = _mm256_mul_ps(f->qmIn, fused ? fnmadd8(f->oy, f->qmIn, _mm256_set1_ps(2.0f))
                                          : _mm256_sub_ps(_mm256_set1_ps(2.0f), _mm256_mul_ps(f->oy, f->qmIn)));
}

// ---- flat rows by parts -----------------------------------------------------------------------------
//
// Along a flat row ox = x0 + x1·i is monotonic in the lane i (a product and a sum, or one fused
// multiply-add, each rounded by a monotonic rounding, of i times a constant), so the lanes fall in
// at most three runs: |oy| ≤ |ox| with ox's sign bit set (ox ≤ −|oy|), |ox| < |oy| (−|oy| < ox < |oy|,
// ±0 included), and ox ≥ |oy|; in that order when x1 is not negative, reversed when it is.
// conic_flat_bounds finds where they begin, evaluating ox of a lane with the loops' own
// operations (so the lane's own float) from an estimate in double. A group of eight lanes inside one
// run takes conic_angles8n's blends as constants: outside |oy| > |ox| (CONIC_PART_POS, _NEG),
// num = oy, den = ox and the base of ox's sign; inside (CONIC_PART_IN), num = ox with its sign bit
// flipped, den = oy, whose reciprocal estimate and Newton step are the row's (ConicFlat's qmIn, qIn,
// worked out by the same operations). The same floats in every lane as CONIC_PART_MIXED, which the
// groups across two runs take: the same indices and the same lanes worked out again.

/// Which blends of conic_angles8n a group of a flat row takes (a constant in each loop).
enum { CONIC_PART_MIXED = 0, CONIC_PART_POS = 1, CONIC_PART_NEG = 2, CONIC_PART_IN = 3 };

/// The turned angles of stepped conic lanes at AVX2 as t = g + 128 (g in table-index units, see
/// "stepped conic rows"), `groups` (1 or 2, a constant) groups of eight, lanes lane[u] (as floats)
/// of the row's float form, by the series, and the reciprocal estimates q of their m = max(|ox|,
/// |oy|) (of its sign's |den| below); each step written for every group before the next so that
/// two groups' chains of dependent operations lie side by side. With `fused` (CPUs with FMA) each
/// multiply and add of the offsets, the reciprocal, the series and the last step is one fused
/// multiply-add (rounded once, within the bounds, which count a rounding for each).
///
/// The octant as a signed quotient r = num/den in [−1, 1]: where |oy| > |ox|, −ox/oy and g =
/// ±63.75 + atan(r) (the sign of oy's), else oy/ox and g = atan(r), ±127.5 more where ox < 0 (the
/// sign of oy's sign bit: −0 takes −127.5, as the former form's negation). atan(r) by the octant
/// series (odd: r·p(r²)), so t = r·p + B, B = 128 + that base: one multiply-add rounded once at t
/// (below 256: 7.6e-6 at most, the product's rounding too without FMA), where the former form
/// rounded r·p and two differences; within the series' bound of "stepped conic rows" either way.
/// r is the signed form of min/max, the same quotient with the same roundings up to its sign.
AVX2_ONLY __attribute__((always_inline)) static inline void conic_angles8n(const ConicSteps *cs, const __m256 *lane, int groups, __m256 *at,
                                                                          __m256 *qm, int fused, const ConicFlat *flat, int part) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 ox[2], oy[2], up[2], num[2], den[2], q[2], r[2], sq[2], p[2], base[2];
    for (int u = 0; u < groups; u++) ox[u] = muladd8(lane[u], _mm256_set1_ps(cs->x1), _mm256_set1_ps(cs->x0), fused);
    for (int u = 0; u < groups; u++) oy[u] = flat ? flat->oy : muladd8(lane[u], _mm256_set1_ps(cs->y1), _mm256_set1_ps(cs->y0), fused);
    if (part == CONIC_PART_IN) {
        // A flat row's group inside |ox| < |oy| (see "flat rows by parts").
        for (int u = 0; u < groups; u++) num[u] = _mm256_xor_ps(ox[u], sign);
    } else if (part != CONIC_PART_MIXED) {
        for (int u = 0; u < groups; u++) { num[u] = flat->oy; den[u] = ox[u]; }
    } else {
        // |oy| > |ox| (NaN: false).
        for (int u = 0; u < groups; u++)
            up[u] = _mm256_cmp_ps(flat ? flat->absOy : _mm256_andnot_ps(sign, oy[u]), _mm256_andnot_ps(sign, ox[u]), _CMP_GT_OQ);
        for (int u = 0; u < groups; u++) {
            num[u] = _mm256_blendv_ps(oy[u], _mm256_xor_ps(ox[u], sign), up[u]);
            den[u] = _mm256_blendv_ps(ox[u], oy[u], up[u]);
        }
    }
    // r = num/den (the estimate of 1/den and one Newton step, as recip8), |r| ≤ 1.
    if (part == CONIC_PART_IN) {
        for (int u = 0; u < groups; u++) { qm[u] = flat->qmIn; q[u] = flat->qIn; }
    } else {
        for (int u = 0; u < groups; u++) qm[u] = _mm256_rcp_ps(den[u]);
        for (int u = 0; u < groups; u++)
            q[u] = _mm256_mul_ps(qm[u], fused ? fnmadd8(den[u], qm[u], _mm256_set1_ps(2.0f))
                                              : _mm256_sub_ps(_mm256_set1_ps(2.0f), _mm256_mul_ps(den[u], qm[u])));
    }
    for (int u = 0; u < groups; u++) r[u] = _mm256_mul_ps(num[u], q[u]);
    for (int u = 0; u < groups; u++) { sq[u] = _mm256_mul_ps(r[u], r[u]); p[u] = _mm256_set1_ps(octant_index_coefficients[OCTANT_TERMS - 1]); }
    for (int k = OCTANT_TERMS - 2; k >= 0; k--)
        for (int u = 0; u < groups; u++) p[u] = muladd8(p[u], sq[u], _mm256_set1_ps(octant_index_coefficients[k]), fused);
    // B = 128 + (63.75 where up, else 127.5 where ox's sign bit is set, else 0) with oy's sign bit.
    for (int u = 0; u < groups; u++) {
        if (part == CONIC_PART_IN) {
            base[u] = flat->baseUp;
        } else if (part == CONIC_PART_POS) {
            base[u] = flat->base0;
        } else if (part == CONIC_PART_NEG) {
            base[u] = flat->base1;
        } else if (flat) {
            // The same three values, each with oy's sign bit and 128 added once for the row.
            base[u] = _mm256_blendv_ps(_mm256_blendv_ps(flat->base0, flat->base1, ox[u]), flat->baseUp, up[u]);
        } else {
            base[u] = _mm256_blendv_ps(_mm256_blendv_ps(_mm256_setzero_ps(), _mm256_set1_ps(127.5f), ox[u]), _mm256_set1_ps(63.75f), up[u]);
            base[u] = _mm256_add_ps(_mm256_xor_ps(base[u], _mm256_and_ps(oy[u], sign)), _mm256_set1_ps(128.0f));
        }
    }
    for (int u = 0; u < groups; u++) at[u] = muladd8(r[u], p[u], base[u], fused);
    // m = |den| = max(|ox|, |oy|): its estimate's size.
    for (int u = 0; u < groups; u++) qm[u] = _mm256_andnot_ps(sign, qm[u]);
}

/// Stepped conic lanes at AVX2, `groups` (1 or 2, a constant) groups of eight: their angles
/// (conic_angles8n), the index ⌊g⌋ + 128 = ⌊t⌋ and the lanes to work out again (see "stepped
/// conic rows"); `fused` as conic_angles8n (also the margins); `wrap` (a constant): check the cut;
/// `clamp` (a constant): indices masked to 0 ... 255 (lanes past a row's end, which are not
/// worked out again; every other lane's t lies in [0.5 − 1e-4, 255.5] or it is worked out again).
AVX2_ONLY __attribute__((always_inline)) static inline void conic_steps8n(const ConicSteps *cs, const __m256 *lane, int groups, __m256i *index,
                                                                         int *unsure, int fused, int wrap, int clamp, const ConicFlat *flat,
                                                                         int part) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 at[2], qm[2], margin[2];
    conic_angles8n(cs, lane, groups, at, qm, fused, flat, part);
    // M = conic_steps_index_margin + slack/m.
    for (int u = 0; u < groups; u++) margin[u] = muladd8(qm[u], _mm256_set1_ps(cs->slack), _mm256_set1_ps(conic_steps_index_margin), fused);
    for (int u = 0; u < groups; u++) {
        // Near an integer (or NaN: the comparison is false) is unsure.
        const __m256 near = _mm256_sub_ps(at[u], _mm256_round_ps(at[u], _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        __m256 bad = _mm256_cmp_ps(_mm256_andnot_ps(sign, near), margin[u], _CMP_NGE_UQ);
        if (wrap) {
            // |g| = |t − 128| (within 3.8e-6: conic_steps_wrap_inner_t) beyond 127.5 − M − 2e-5.
            const __m256 inner = fused ? fnmadd8(qm[u], _mm256_set1_ps(cs->slack), _mm256_set1_ps(conic_steps_wrap_inner_t))
                                       : _mm256_sub_ps(_mm256_set1_ps(conic_steps_wrap_inner_t), _mm256_mul_ps(qm[u], _mm256_set1_ps(cs->slack)));
            const __m256 g = _mm256_andnot_ps(sign, _mm256_sub_ps(at[u], _mm256_set1_ps(128.0f)));
            bad = _mm256_or_ps(bad, _mm256_cmp_ps(g, inner, _CMP_GT_OQ));
        }
        unsure[u] = _mm256_movemask_ps(bad);
        index[u] = _mm256_cvttps_epi32(at[u]);
        if (clamp) index[u] = _mm256_and_si256(index[u], _mm256_set1_epi32(255));
    }
}

/// Eight lanes of a stepped conic row (conic_steps8n of one group).
AVX2_ONLY __attribute__((always_inline)) static inline __m256i conic_steps8(const ConicSteps *cs, __m256 lane, int *unsure, int fused) {
    __m256i index;
    if (cs->wrap) conic_steps8n(cs, &lane, 1, &index, unsure, fused, 1, 1, NULL, CONIC_PART_MIXED);
    else conic_steps8n(cs, &lane, 1, &index, unsure, fused, 0, 1, NULL, CONIC_PART_MIXED);
    return index;
}

AVX2_ONLY static void conic_avx2(const LaminaGradientRow *g, const GradientConstants *k, double a0, int32_t px0, int32_t count, uint32_t *out) {
    __m256d px = _mm256_add_pd(_mm256_set_pd((double)px0 + 3, (double)px0 + 2, (double)px0 + 1, (double)px0), _mm256_set1_pd(0.5));
    const __m256d eight = _mm256_set1_pd(8);
    for (int32_t i = 0; i < count; i += 8, px = _mm256_add_pd(px, eight)) {
        int unsure;
        __m256i colors = table8(g->table, conic8f(k, (float)a0, px, &unsure, 0));
        if (i + 8 <= count) {
            _mm256_storeu_si256((__m256i *)(out + i), colors);
        } else {
            __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
            _mm256_maskstore_epi32((int *)(out + i), keep, colors);
        }
        for (; unsure; unsure &= unsure - 1) {
            int j = __builtin_ctz((unsigned)unsure);
            if (i + j < count) out[i + j] = g->table[conic_index(g, a0, (double)(px0 + i + j) + 0.5)];
        }
    }
}

LK_HIDDEN void lk_gradient_avx2(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *out) {
    RowPlan p;
    plan_row(g, px0, count, &p, NULL);
    // The kind as a constant in each call, so the compiler drops the other kind's code.
    switch (p.path) {
    case PLAN_STEPS_AXIAL: steps_avx2(g, &p.steps, LAMINA_GRADIENT_AXIAL, px0, 0, count, out); return;
    case PLAN_STEPS_RADIAL: steps_avx2(g, &p.steps, LAMINA_GRADIENT_RADIAL, px0, 0, count, out); return;
    case PLAN_AXIAL: gradient_avx2(&p.k, LAMINA_GRADIENT_AXIAL, g->table, px0, count, out); return;
    case PLAN_RADIAL: gradient_avx2(&p.k, LAMINA_GRADIENT_RADIAL, g->table, px0, count, out); return;
    case PLAN_ONE_COLOR: for (int32_t i = 0; i < count; i++) out[i] = p.color; return;
    case PLAN_CONIC:
    case PLAN_STEPS_CONIC: conic_avx2(g, &p.k, p.a0, px0, count, out); return;
    default: lk_gradient_portable(g, px0, count, out);
    }
}

// ---- AVX-512: eight doubles a vector, sixteen pixels a step --------------------------------------

#define AVX512_ONLY __attribute__((target("avx2,avx512f,avx512dq")))

/// The table's colours at sixteen indices, stored to out[0 ..< min(n, 16)]: by loads from the
/// indices stored (measured faster than a gather on AMD Zen 4, also for a short last step).
AVX512_ONLY static inline void store16(const uint32_t *table, __m512i index, uint32_t *out, int32_t n) {
    int32_t k[16];
    _mm512_storeu_si512((void *)k, index);
    if (n >= 16) {
        for (int j = 0; j < 16; j++) out[j] = table[k[j]];
    } else {
        for (int j = 0; j < n; j++) out[j] = table[k[j]];
    }
}

/// f less its nearest integer (ties to even), exact: one vreduceps, the same value as f less
/// roundscale(f) (AVX-512 DQ, which the AVX-512 level requires).
AVX512_ONLY static inline __m512 near_part16(__m512 f) {
    return _mm512_reduce_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}

/// The table indices of eight parameters (gradient_index, lane by lane).
AVX512_ONLY static inline __m256i index8(__m512d t) {
    const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1), k255 = _mm512_set1_pd(255), half = _mm512_set1_pd(0.5);
    __m512d v = _mm512_mul_pd(_mm512_min_pd(_mm512_max_pd(t, zero), one), k255);
    __m512d whole = _mm512_cvtepi32_pd(_mm512_cvttpd_epi32(v));
    __mmask8 up = _mm512_cmp_pd_mask(_mm512_sub_pd(_mm512_sub_pd(v, whole), half), zero, _CMP_GE_OQ);
    return _mm512_cvttpd_epi32(_mm512_mask_add_pd(whole, up, whole, one));
}

/// The parameters of eight pixel centres px.
AVX512_ONLY static inline __m512d parameter8(const GradientConstants *k, int32_t kind, __m512d px) {
    __m512d inv = k->hoisted ? _mm512_set1_pd(k->inv)
                             : _mm512_div_pd(_mm512_set1_pd(1), _mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->c)), _mm512_set1_pd(k->rowW)));
    __m512d x = _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->a)), _mm512_set1_pd(k->rowX)), inv);
    __m512d y = _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->b)), _mm512_set1_pd(k->rowY)), inv);
    __m512d ox = _mm512_sub_pd(x, _mm512_set1_pd(k->sx)), oy = _mm512_sub_pd(y, _mm512_set1_pd(k->sy));
    if (kind == LAMINA_GRADIENT_AXIAL)
        return _mm512_div_pd(_mm512_add_pd(_mm512_mul_pd(ox, _mm512_set1_pd(k->p)), _mm512_mul_pd(oy, _mm512_set1_pd(k->q))), _mm512_set1_pd(k->r));
    const __m512d inf = _mm512_set1_pd(INFINITY), zero = _mm512_setzero_pd();
    __m512d u = k->p > 0 ? _mm512_div_pd(ox, _mm512_set1_pd(k->p))
                         : _mm512_mask_blend_pd(_mm512_cmp_pd_mask(x, _mm512_set1_pd(k->sx), _CMP_EQ_OQ), inf, zero);
    __m512d v = k->q > 0 ? _mm512_div_pd(oy, _mm512_set1_pd(k->q))
                         : _mm512_mask_blend_pd(_mm512_cmp_pd_mask(y, _mm512_set1_pd(k->sy), _CMP_EQ_OQ), inf, zero);
    return _mm512_sqrt_pd(_mm512_add_pd(_mm512_mul_pd(u, u), _mm512_mul_pd(v, v)));
}

AVX512_ONLY static void gradient_avx512(const GradientConstants *k, int32_t kind, const uint32_t *table, int32_t px0, int32_t count, uint32_t *out) {
    __m512d px = _mm512_add_pd(_mm512_add_pd(_mm512_set1_pd((double)px0), _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7)), _mm512_set1_pd(0.5));
    const __m512d eight = _mm512_set1_pd(8), sixteen = _mm512_set1_pd(16);
    for (int32_t i = 0; i < count; i += 16, px = _mm512_add_pd(px, sixteen)) {
        __m256i lo = index8(parameter8(k, kind, px)), hi = index8(parameter8(k, kind, _mm512_add_pd(px, eight)));
        store16(table, _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1), out + i, count - i);
    }
}

/// f of sixteen lanes i (floats) of a stepped row's float form.
/// Each multiply and add is one fused multiply-add, rounded once: within the bound of "stepped
/// rows in single precision", which counts a rounding for the product and one for the sum.
AVX512_ONLY static inline __m512 steps_f16(const FloatSteps *fs, int32_t kind, __m512 i) {
    if (kind == LAMINA_GRADIENT_AXIAL) return _mm512_fmadd_ps(i, _mm512_set1_ps(fs->f1), _mm512_set1_ps(fs->f0));
    __m512 u = _mm512_fmadd_ps(i, _mm512_set1_ps(fs->u1), _mm512_set1_ps(fs->u0));
    // v the same on every lane (see steps_f8_fma).
    if (fs->v1 == 0) return _mm512_fmadd_ps(_mm512_sqrt_ps(_mm512_fmadd_ps(u, u, _mm512_set1_ps(fs->v0 * fs->v0))), _mm512_set1_ps(255.0f), _mm512_set1_ps(0.5f));
    __m512 v = _mm512_fmadd_ps(i, _mm512_set1_ps(fs->v1), _mm512_set1_ps(fs->v0));
    __m512 t = _mm512_sqrt_ps(_mm512_fmadd_ps(u, u, _mm512_mul_ps(v, v)));
    return _mm512_fmadd_ps(t, _mm512_set1_ps(255.0f), _mm512_set1_ps(0.5f));
}

/// Sixteen stepped lanes' indices: f's floor clamped to 0...255; *unsure gets the lanes whose f is
/// within the margin of an integer.
AVX512_ONLY static inline __m512i steps_index16(__m512 f, __m512 margin, __mmask16 *unsure) {
    __m512 near = near_part16(f);
    *unsure = _mm512_cmp_ps_mask(_mm512_abs_ps(near), margin, _CMP_LT_OQ);
    return _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(f, _mm512_setzero_ps()), _mm512_set1_ps(255.5f)));
}

/// Lanes from..from+15 as floats.
AVX512_ONLY static inline __m512 lanes16(int32_t from) {
    return _mm512_add_ps(_mm512_set1_ps((float)from), _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/// Pixels px0 + from ..< px0 + from + count of a stepped row whose float form `fs` starts at px0.
AVX512_ONLY static void steps_avx512(const LaminaGradientRow *g, const FloatSteps *fs, int32_t kind, int32_t px0, int32_t from,
                                     int32_t count, uint32_t *out) {
    const __m512 margin = _mm512_set1_ps(fs->margin), sixteen = _mm512_set1_ps(16);
    __m512 lane = lanes16(from);
    for (int32_t i = 0; i < count; i += 16, lane = _mm512_add_ps(lane, sixteen)) {
        __mmask16 unsure;
        store16(g->table, steps_index16(steps_f16(fs, kind, lane), margin, &unsure), out + i, count - i);
        for (unsigned u = unsure; u; u &= u - 1) {
            int j = __builtin_ctz(u);
            double c = (double)(px0 + from + i + j) + 0.5;
            if (i + j < count) out[i + j] = g->table[kind == LAMINA_GRADIENT_AXIAL ? axial_index(g, c) : radial_index(g, c)];
        }
    }
}

/// Sixteen lanes' atan2(y, x) in single precision: the series of atan2_series8, rounded to float
/// (within 1e-6 radians of the true angle for inputs within a float's range; see "conic rows").
AVX512_ONLY static inline __m512 atan2_series16(__m512 y, __m512 x) {
    const __m512 zero = _mm512_setzero_ps();
    __m512 ax = _mm512_abs_ps(x), ay = _mm512_abs_ps(y);
    __m512 mn = _mm512_min_ps(ax, ay), mx = _mm512_max_ps(ax, ay);
    __mmask16 big = _mm512_cmp_ps_mask(mn, _mm512_mul_ps(mx, _mm512_set1_ps((float)tan_pi_8)), _CMP_GT_OQ);
    // 1/d by the estimate (within 2⁻¹⁴) and one Newton step: within 2⁻²⁸ + 2·2⁻²⁴ (relative).
    const __m512 d = _mm512_mask_add_ps(mx, big, mn, mx), q0 = _mm512_rcp14_ps(d);
    const __m512 q = _mm512_mul_ps(q0, _mm512_fnmadd_ps(d, q0, _mm512_set1_ps(2.0f)));
    __m512 r = _mm512_mul_ps(_mm512_mask_sub_ps(mn, big, mn, mx), q);
    __m512 s = _mm512_mul_ps(r, r), p = _mm512_set1_ps(atan_coefficients[ATAN_TERMS - 1]);
    for (int k = ATAN_TERMS - 2; k >= 0; k--) p = _mm512_fmadd_ps(p, s, _mm512_set1_ps(atan_coefficients[k]));
    __m512 at = _mm512_mul_ps(r, p);
    at = _mm512_mask_add_ps(at, big, at, _mm512_set1_ps((float)(M_PI / 4)));
    at = _mm512_mask_sub_ps(at, _mm512_cmp_ps_mask(ay, ax, _CMP_GT_OQ), _mm512_set1_ps((float)(M_PI / 2)), at);
    at = _mm512_mask_sub_ps(at, _mm512_cmp_ps_mask(x, zero, _CMP_LT_OQ), _mm512_set1_ps((float)M_PI), at);
    return _mm512_mask_sub_ps(at, _mm512_cmp_ps_mask(y, zero, _CMP_LT_OQ), zero, at);
}

/// The offsets from the centre (x − sx, y − sy) of eight pixel centres px, and the lanes the series
/// may take (both offsets non-zero, the larger between 1e-30 and 1e30, so within a float's normal
/// range); the others are worked out again.
AVX512_ONLY static inline __mmask8 conic_offsets8(const GradientConstants *k, __m512d px, __m512d *ox, __m512d *oy) {
    const __m512d zero = _mm512_setzero_pd();
    __m512d inv = k->hoisted ? _mm512_set1_pd(k->inv)
                             : _mm512_div_pd(_mm512_set1_pd(1), _mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->c)), _mm512_set1_pd(k->rowW)));
    __m512d x = _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->a)), _mm512_set1_pd(k->rowX)), inv);
    __m512d y = _mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, _mm512_set1_pd(k->b)), _mm512_set1_pd(k->rowY)), inv);
    *ox = _mm512_sub_pd(x, _mm512_set1_pd(k->sx));
    *oy = _mm512_sub_pd(y, _mm512_set1_pd(k->sy));
    __m512d big = _mm512_max_pd(_mm512_abs_pd(*ox), _mm512_abs_pd(*oy));
    return _mm512_cmp_pd_mask(big, _mm512_set1_pd(1e30), _CMP_LT_OQ) & _mm512_cmp_pd_mask(big, _mm512_set1_pd(1e-30), _CMP_GT_OQ)
         & _mm512_cmp_pd_mask(*ox, zero, _CMP_NEQ_OQ) & _mm512_cmp_pd_mask(*oy, zero, _CMP_NEQ_OQ);
}

/// Sixteen conic lanes' table indices from their angles θ (within 1e-6 radians of libm's atan2),
/// in float (see "conic rows"); *unsure gets the lanes near a rounding step or the wrap, or not in `ok`.
AVX512_ONLY static inline __m512i conic_index16(__m512 theta, float a0, __mmask16 ok, __mmask16 *unsure) {
    const __m512 zero = _mm512_setzero_ps(), twoPi = _mm512_set1_ps((float)(2 * M_PI));
    const __m512 angleMargin = _mm512_set1_ps(conic_float_angle_margin), indexMargin = _mm512_set1_ps(conic_float_index_margin);
    __m512 a = _mm512_sub_ps(theta, _mm512_set1_ps(a0));
    __mmask16 wrapEdge = _mm512_cmp_ps_mask(_mm512_abs_ps(a), angleMargin, _CMP_LT_OQ)
                       | _mm512_cmp_ps_mask(_mm512_abs_ps(_mm512_sub_ps(_mm512_abs_ps(a), twoPi)), angleMargin, _CMP_LT_OQ);
    a = _mm512_mask_add_ps(a, _mm512_cmp_ps_mask(a, zero, _CMP_LT_OQ), a, twoPi);
    __m512 v = _mm512_min_ps(_mm512_max_ps(_mm512_mul_ps(a, _mm512_set1_ps((float)(255 / (2 * M_PI)))), zero), _mm512_set1_ps(255.0f));
    __m512 f = _mm512_add_ps(v, _mm512_set1_ps(0.5f));
    __m512 near = near_part16(f);
    __mmask16 halfEdge = _mm512_cmp_ps_mask(_mm512_abs_ps(near), indexMargin, _CMP_LT_OQ);
    *unsure = (__mmask16)(~ok | wrapEdge | halfEdge);
    return _mm512_cvttps_epi32(f);
}

/// Sixteen conic pixels from px: offsets in double, the angle and the index in single precision
/// (sixteen lanes a vector); the error and the margins are described at "conic rows".
AVX512_ONLY static inline void conic16(const GradientConstants *k, float a0, __m512d px, __m512i *index, unsigned *unsure) {
    __m512d ox0, oy0, ox1, oy1;
    __mmask8 ok0 = conic_offsets8(k, px, &ox0, &oy0), ok1 = conic_offsets8(k, _mm512_add_pd(px, _mm512_set1_pd(8)), &ox1, &oy1);
    __m512 oxf = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(_mm512_cvtpd_ps(ox0))), _mm256_castps_pd(_mm512_cvtpd_ps(ox1)), 1));
    __m512 oyf = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(_mm512_cvtpd_ps(oy0))), _mm256_castps_pd(_mm512_cvtpd_ps(oy1)), 1));
    __mmask16 u;
    *index = conic_index16(atan2_series16(oyf, oxf), a0, (__mmask16)(ok0 | (unsigned)ok1 << 8), &u);
    *unsure = u;
}

/// The turned angles g (table-index units, see "stepped conic rows") of stepped conic lanes at
/// AVX-512, `groups` (1 or 2, a constant) groups of sixteen, lanes lane[u] (as floats), and their m
/// = max(|ox|, |oy|): conic_angles8n's operations, each multiply and add a fused multiply-add, each
/// step written for every group before the next.
AVX512_ONLY __attribute__((always_inline)) static inline void conic_angles16n(const ConicSteps *cs, const __m512 *lane, int groups, __m512 *at,
                                                                             __m512 *mx) {
    const __m512 zero = _mm512_setzero_ps();
    const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
    __m512 ox[2], oy[2], ax[2], mn[2], q[2], r[2], sq[2], p[2];
    for (int u = 0; u < groups; u++) ox[u] = _mm512_fmadd_ps(lane[u], _mm512_set1_ps(cs->x1), _mm512_set1_ps(cs->x0));
    for (int u = 0; u < groups; u++) oy[u] = _mm512_fmadd_ps(lane[u], _mm512_set1_ps(cs->y1), _mm512_set1_ps(cs->y0));
    // min(|ox|, |oy|) and max(|ox|, |oy|) by vrangeps (the sign cleared).
    for (int u = 0; u < groups; u++) { mn[u] = _mm512_range_ps(ox[u], oy[u], 0x0A); mx[u] = _mm512_range_ps(ox[u], oy[u], 0x0B); }
    for (int u = 0; u < groups; u++) ax[u] = _mm512_abs_ps(ox[u]);
    // The octant's r = min/max in [0, 1] (1/max within 2⁻²⁸ + 2·2⁻²⁴) and the octant series.
    for (int u = 0; u < groups; u++) q[u] = _mm512_rcp14_ps(mx[u]);
    for (int u = 0; u < groups; u++) q[u] = _mm512_mul_ps(q[u], _mm512_fnmadd_ps(mx[u], q[u], _mm512_set1_ps(2.0f)));
    for (int u = 0; u < groups; u++) r[u] = _mm512_mul_ps(mn[u], q[u]);
    for (int u = 0; u < groups; u++) { sq[u] = _mm512_mul_ps(r[u], r[u]); p[u] = _mm512_set1_ps(octant_index_coefficients[OCTANT_TERMS - 1]); }
    for (int k = OCTANT_TERMS - 2; k >= 0; k--)
        for (int u = 0; u < groups; u++) p[u] = _mm512_fmadd_ps(p[u], sq[u], _mm512_set1_ps(octant_index_coefficients[k]));
    // r·p; 63.75 − that where |oy| > |ox| (max(|ox|, |oy|) > |ox|); 127.5 − that where ox < 0; the
    // sign of oy's sign bit (oy ^ sign bit: −0 negates, as libm's atan2).
    for (int u = 0; u < groups; u++) at[u] = _mm512_mul_ps(r[u], p[u]);
    for (int u = 0; u < groups; u++) at[u] = _mm512_mask_sub_ps(at[u], _mm512_cmp_ps_mask(mx[u], ax[u], _CMP_GT_OQ), _mm512_set1_ps(63.75f), at[u]);
    for (int u = 0; u < groups; u++) at[u] = _mm512_mask_sub_ps(at[u], _mm512_cmp_ps_mask(ox[u], zero, _CMP_LT_OQ), _mm512_set1_ps(127.5f), at[u]);
    // at ^ (oy & sign): ternary logic 0x78 of (at, oy, sign).
    for (int u = 0; u < groups; u++)
        at[u] = _mm512_castsi512_ps(_mm512_ternarylogic_epi32(_mm512_castps_si512(at[u]), _mm512_castps_si512(oy[u]), sign, 0x78));
}

/// Stepped conic lanes at AVX-512, `groups` (1 or 2, a constant) groups of sixteen: their angles
/// (conic_angles16n), the index ⌊g⌋ + 128 and the lanes to work out again (see "stepped conic
/// rows"); `wrap` (a constant): check the cut.
AVX512_ONLY __attribute__((always_inline)) static inline void conic_steps16n(const ConicSteps *cs, const __m512 *lane, int groups, __m512i *index,
                                                                            unsigned *unsure, int wrap) {
    __m512 at[2], mx[2], qm[2], margin[2];
    conic_angles16n(cs, lane, groups, at, mx);
    // M = conic_steps_index_margin + slack/m, m = mx; 1/m within 2⁻¹⁴.
    for (int u = 0; u < groups; u++) qm[u] = _mm512_rcp14_ps(mx[u]);
    for (int u = 0; u < groups; u++) margin[u] = _mm512_fmadd_ps(qm[u], _mm512_set1_ps(cs->slack), _mm512_set1_ps(conic_steps_index_margin));
    for (int u = 0; u < groups; u++) {
        // Near an integer (or NaN: the comparison is false) is unsure.
        __mmask16 bad = _mm512_cmp_ps_mask(_mm512_abs_ps(near_part16(at[u])), margin[u], _CMP_NGE_UQ);
        if (wrap) {
            const __m512 inner = _mm512_fnmadd_ps(qm[u], _mm512_set1_ps(cs->slack), _mm512_set1_ps(conic_steps_wrap_inner));
            bad |= _mm512_cmp_ps_mask(_mm512_abs_ps(at[u]), inner, _CMP_GT_OQ);
        }
        unsure[u] = bad;
        // (⌊g⌋ ^ 0x80) & 0xFF: ternary logic 0x28 of (⌊g⌋, 0x80, 0xFF).
        const __m512i fl = _mm512_cvt_roundps_epi32(at[u], _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        index[u] = _mm512_ternarylogic_epi32(fl, _mm512_set1_epi32(0x80), _mm512_set1_epi32(0xFF), 0x28);
    }
}

/// Sixteen lanes of a stepped conic row (conic_steps16n of one group).
AVX512_ONLY __attribute__((always_inline)) static inline __m512i conic_steps16(const ConicSteps *cs, __m512 lane, unsigned *unsure) {
    __m512i index;
    if (cs->wrap) conic_steps16n(cs, &lane, 1, &index, unsure, 1);
    else conic_steps16n(cs, &lane, 1, &index, unsure, 0);
    return index;
}

AVX512_ONLY static void conic_avx512(const LaminaGradientRow *g, const GradientConstants *k, double a0, int32_t px0, int32_t count, uint32_t *out) {
    __m512d px = _mm512_add_pd(_mm512_add_pd(_mm512_set1_pd((double)px0), _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7)), _mm512_set1_pd(0.5));
    const __m512d sixteen = _mm512_set1_pd(16);
    for (int32_t i = 0; i < count; i += 16, px = _mm512_add_pd(px, sixteen)) {
        __m512i index;
        unsigned unsure;
        conic16(k, (float)a0, px, &index, &unsure);
        store16(g->table, index, out + i, count - i);
        for (; unsure; unsure &= unsure - 1) {
            int j = __builtin_ctz(unsure);
            if (i + j < count) out[i + j] = g->table[conic_index(g, a0, (double)(px0 + i + j) + 0.5)];
        }
    }
}

LK_HIDDEN void lk_gradient_avx512(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *out) {
    RowPlan p;
    plan_row(g, px0, count, &p, NULL);
    switch (p.path) {
    case PLAN_STEPS_AXIAL: steps_avx512(g, &p.steps, LAMINA_GRADIENT_AXIAL, px0, 0, count, out); return;
    case PLAN_STEPS_RADIAL: steps_avx512(g, &p.steps, LAMINA_GRADIENT_RADIAL, px0, 0, count, out); return;
    case PLAN_AXIAL: gradient_avx512(&p.k, LAMINA_GRADIENT_AXIAL, g->table, px0, count, out); return;
    case PLAN_RADIAL: gradient_avx512(&p.k, LAMINA_GRADIENT_RADIAL, g->table, px0, count, out); return;
    case PLAN_ONE_COLOR: for (int32_t i = 0; i < count; i++) out[i] = p.color; return;
    case PLAN_CONIC:
    case PLAN_STEPS_CONIC: conic_avx512(g, &p.k, p.a0, px0, count, out); return;
    default: lk_gradient_portable(g, px0, count, out);
    }
}

// ---- gradient over: each group of colours blended as it is made ---------------------------------
//
// lk_gradient_over_avx2 and lk_gradient_over_avx512 paint a run of one factor k, or a run whose
// pixels outside an inside [full0, full1) take their own factors from a coverage row: each group of
// eight or sixteen pixels' table indices as the loops above make them (the unsure lanes worked out
// again by the formula), their colours, each pixel's factor (coverage_k, in float lanes), and
// source over onto the destination in registers (over8 / over8_each / over16 / over16_each, the
// row kernels' formula), with no row of colours in between: the pixels of lk_gradient_* followed
// by the blends of lamina_gradient_over. Rows the loops above do not vectorise (one colour, the
// portable fallback), and at AVX2 stepped rows without coverage whose colours change fast, go
// through a buffer instead (AVX2 here, AVX-512 and rows with coverage in gradient.c).

enum { OVER_CHUNK = 256 };

// ---- colours by gathers or by permutes ----------------------------------------------------------
//
// The fused loops fetch a group's colours from the table either by a gather (vpgatherdd), or by
// permutes of a window of the table when the indices lie in it (lookup8, lookup16, lookup64), with a
// branch to a slower way when they do not. Which is faster depends on the CPU: on AMD Zen 4 the
// permutes (the gathers are microcoded there); on Intel cores without the microcode that slows
// gathers down (Gather Data Sampling, "GDS"), the gather: on an Intel Xeon with AVX-512 the
// gradient rows of `lamina bench compositor --set vector` measured 10-35 % faster with it (it has
// no branch on the indices, which mispredicts where colours change fast, near a radial or conic
// gradient's centre). Both give the same colours, so the same pixels; the choice is made once: the
// variable LAMINA_GRADIENT_GATHER=1 or 0 if set, else gathers on Intel CPUs whose kernel reports no
// GDS mitigation by microcode (Linux: /sys/devices/system/cpu/vulnerabilities/gather_data_sampling).

static _Atomic int gather_state = -1;   // -1: not chosen yet; else 0 or 1 (atomic: rows are drawn on several threads)
static _Atomic int gather_forced = -1;  // -1: none; 0 or 1 while the C kernel tests run each way

/// Whether the running CPU's gathers are the slow, microcoded kind (GDS mitigation), as Linux says
/// (also read by raster_x86.c's choice).
LK_HIDDEN int lk_gathers_mitigated(void) {
    FILE *f = fopen("/sys/devices/system/cpu/vulnerabilities/gather_data_sampling", "r");
    if (!f) return 0;
    char line[64] = { 0 };
    const int mitigated = fgets(line, sizeof line, f) && strncmp(line, "Mitigation", 10) == 0;
    fclose(f);
    return mitigated;
}

/// Intel CPUs whose gathers the GDS microcode does not slow: where the fused loops gather when
/// nothing else is chosen.
static int gathers_by_cpu(void) {
    __builtin_cpu_init();
    return __builtin_cpu_is("intel") && !lk_gathers_mitigated();
}

/// Whether the fused loops fetch colours by gathers (see above).
static int use_gathers(void) { return chosen_once(&gather_forced, &gather_state, "LAMINA_GRADIENT_GATHER", gathers_by_cpu); }

LK_HIDDEN int lk_gradient_force_gathers(int mode) {
    return atomic_exchange_explicit(&gather_forced, mode < 0 ? -1 : mode ? 1 : 0, memory_order_relaxed);
}

/// The indices of lanes `unsure` (bit j: lane j) of the group from pixel px0 worked out again;
/// lanes at or past `left` (outside the run) are left as they are.
static inline void fix_lanes(const LaminaGradientRow *g, const RowPlan *p, PlanPath path, int32_t *index, unsigned unsure,
                             int32_t px0, int32_t left) {
    for (; unsure; unsure &= unsure - 1) {
        int j = __builtin_ctz(unsure);
        if (j < left) index[j] = (int32_t)exact_index(g, p, path, (double)(px0 + j) + 0.5);
    }
}

/// The run through a buffer at AVX2, a chunk at a time: a stepped row's colours by steps_avx2 (its
/// plan kept for all chunks), others by lk_gradient_avx2; then the row kernel.
AVX2_ONLY static void over_by_chunks(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count, uint32_t *dst, uint32_t k) {
    uint32_t buf[OVER_CHUNK];
    for (int32_t i = 0; i < count; i += OVER_CHUNK) {
        int32_t n = count - i < OVER_CHUNK ? count - i : OVER_CHUNK;
        if (p->path == PLAN_STEPS_AXIAL) steps_avx2(g, &p->steps, LAMINA_GRADIENT_AXIAL, px0, i, n, buf);
        else if (p->path == PLAN_STEPS_RADIAL) steps_avx2(g, &p->steps, LAMINA_GRADIENT_RADIAL, px0, i, n, buf);
        else lk_gradient_avx2(g, px0 + i, n, buf);
        lk_over_rect_avx2(dst + i, 0, buf, 0, n, 1, k);
    }
}

/// Eight lanes' table indices (the AVX2 loops' arithmetic), pixel centres px, lanes `lane` of the
/// row (as floats); *unsure: lanes to work out again.
AVX2_ONLY __attribute__((always_inline)) static inline __m256i indices8(const RowPlan *p, PlanPath path, __m256d px, __m256 lane, int *unsure, int fused) {
    const __m256d four = _mm256_set1_pd(4);
    switch (path) {
    case PLAN_STEPS_AXIAL:
    case PLAN_STEPS_RADIAL: {
        const int kind = path == PLAN_STEPS_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
        __m256 f = fused ? steps_f8_fma(&p->steps, kind, lane) : steps_f8(&p->steps, kind, lane);
        return steps_index8(f, _mm256_set1_ps(p->steps.margin), unsure);
    }
    case PLAN_AXIAL:
    case PLAN_RADIAL: {
        const int kind = path == PLAN_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
        *unsure = 0;
        return _mm256_set_m128i(index4(parameter4(&p->k, kind, _mm256_add_pd(px, four))), index4(parameter4(&p->k, kind, px)));
    }
    case PLAN_STEPS_CONIC:
        return conic_steps8(&p->conic, lane, unsure, fused);
    default:
        return conic8f(&p->k, (float)p->a0, px, unsure, fused);
    }
}

/// Eight colours of the table at `index` (each 0...255): by two permutes of the 16-entry window of
/// the table from the lower of the first and last lanes' indices when every index lies in it (a
/// smooth gradient over eight pixels, whose indices mostly rise or fall along the row), else by a
/// gather. The same colours either way; the permutes cost less than the gather (AMD Zen 4).
AVX2_ONLY static inline __m256i lookup8(const uint32_t *table, __m256i index) {
    const int32_t first = _mm256_cvtsi256_si32(index), last = _mm256_extract_epi32(index, 7);
    const int32_t ends = first < last ? first : last;
    const int32_t base = ends < 240 ? ends : 240;
    const __m256i rel = _mm256_sub_epi32(index, _mm256_set1_epi32(base));
    // Every lane in 0...15: no bit above the low four (a lane below base wraps to a large value).
    if (!_mm256_testz_si256(rel, _mm256_set1_epi32(~15))) return table8(table, index);
    // Each permute takes the low three bits of rel; bit 3 (moved to the sign) picks the half.
    const __m256i lo = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(table + base)), rel);
    const __m256i hi = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(table + base + 8)), rel);
    return _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi),
                                                _mm256_castsi256_ps(_mm256_slli_epi32(rel, 28))));
}

/// Eight lanes' factors coverage_k(v, op), v = cov[i + lane] for the lanes of `need` (all bits of
/// a lane set), 1 for the others (the formula in float, operation by operation, as
/// coverage_factors16 at AVX-512).
AVX2_ONLY static inline __m256i coverage_factors8(const float *cov, __m256i need, __m256 op) {
    const __m256 one = _mm256_set1_ps(1.0f);
    __m256 v = _mm256_blendv_ps(one, _mm256_maskload_ps(cov, need), _mm256_castsi256_ps(need));
    // min_ps returns its second operand when the first is NaN: v < 1 ? v : 1, as coverage_k.
    v = _mm256_min_ps(_mm256_mul_ps(v, op), one);
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}

/// For each factor ia a K for one rounded high product (defined with its comment below "tables of one alpha").
static const int16_t ia_factors[256];

// ---- conic rows in two passes at AVX2 ------------------------------------------------------------
//
// As at AVX-512 (see "conic rows in two passes"): over_plan_avx2 paints a stepped conic row a chunk
// of CONIC_CHUNK_AVX2 pixels at a time, first every group's table indices (conic_pass1_avx2: conic_steps8n, two groups
// a step) into an array with each group's unsure lanes kept as a mask, then those lanes worked out
// again by exact_index, then the colours and the blends from the array (over_group_avx2). The same
// operations on the same lanes and the same lanes redone as in one pass, so the same indices and
// the same pixels; the vector loop has no call and no branch on the unsure lanes in it.

/// Pixels a chunk of the AVX2 conic rows' two passes.
enum { CONIC_CHUNK_AVX2 = 256 };

/// One group of over_plan_avx2: the eight pixels from i (pixel centres px, lanes `lane` as floats);
/// their table indices made here, or read from `pre` (eight, already worked out) when it is not NULL.
AVX2_ONLY __attribute__((always_inline)) static inline void over_group_avx2(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                           int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                           int32_t full0, int32_t full1, int fused, int gather, int32_t i,
                                                                           __m256d px, __m256 lane, __m256i k16, __m256 opv, int scaled,
                                                                           const int32_t *pre, int uniform, __m256i ia16) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int unsure = 0;
    __m256i index = pre ? _mm256_loadu_si256((const __m256i *)pre) : indices8(p, path, px, lane, &unsure, fused);
    if (unsure) {
        int32_t fixed[8];
        _mm256_storeu_si256((__m256i *)fixed, index);
        fix_lanes(g, p, path, fixed, (unsigned)unsure, px0 + i, count - i);
        index = _mm256_loadu_si256((const __m256i *)fixed);
    }
    __m256i s = gather ? table8(g->table, index) : lookup8(g->table, index);
    const int whole = i + 8 <= count;
    const __m256i live = whole ? _mm256_set1_epi32(-1) : _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), lanes);
    __m256i d = whole ? _mm256_loadu_si256((const __m256i *)(dst + i)) : _mm256_maskload_epi32((const int *)(dst + i), live);
    __m256i out;
    if (cov && (i < full0 || i + 8 > full1)) {
        // Lanes outside the inside take their own factors.
        const __m256i at = _mm256_add_epi32(_mm256_set1_epi32(i), lanes);
        const __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(at, _mm256_set1_epi32(full0 - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32(full1), at));
        out = over8_each(d, s, coverage_factors8(cov + i, _mm256_andnot_si256(inside, live), opv));
    } else if (uniform) {
        out = over8_one_colour(d, s, ia16);
    } else {
        out = scaled ? over8(d, s, k16, 1) : over8_unscaled(d, s);
    }
    if (whole) _mm256_storeu_si256((__m256i *)(dst + i), out);
    else _mm256_maskstore_epi32((int *)(dst + i), live, out);
}

/// Pass 1 of groups from ..< to (multiples of eight, to = n at the chunk's end) of a chunk of n lanes of a
/// stepped conic row at AVX2, `l` the lanes of group `from`: the table indices into idx and each
/// group's unsure lanes into unsure, two groups at a time (conic_steps8n), then the last one; no
/// calls in these loops; `part` (a constant) as conic_angles8n. Returns whether any lane is unsure.
AVX2_ONLY __attribute__((always_inline)) static inline unsigned conic_pass1_loops(const ConicSteps *cs, __m256 l, int32_t from, int32_t to,
                                                                                 int32_t n, int32_t *idx, uint8_t *unsure, int fused, int wrap,
                                                                                 const ConicFlat *flat, int part) {
    unsigned any = 0;
    int32_t j = from;
    for (; j + 16 <= to; j += 16, l = _mm256_add_ps(l, _mm256_set1_ps(16))) {
        const __m256 ls[2] = { l, _mm256_add_ps(l, _mm256_set1_ps(8)) };
        __m256i ix[2];
        int un[2];
        conic_steps8n(cs, ls, 2, ix, un, fused, wrap, 0, flat, part);
        _mm256_storeu_si256((__m256i *)(idx + j), ix[0]);
        _mm256_storeu_si256((__m256i *)(idx + j + 8), ix[1]);
        unsure[j / 8] = (uint8_t)un[0];
        unsure[j / 8 + 1] = (uint8_t)un[1];
        any |= (unsigned)(un[0] | un[1]);
    }
    for (; j < to; j += 8, l = _mm256_add_ps(l, _mm256_set1_ps(8))) {
        __m256i ix;
        int u;
        conic_steps8n(cs, &l, 1, &ix, &u, fused, wrap, j + 8 > n, flat, part);
        _mm256_storeu_si256((__m256i *)(idx + j), ix);
        unsure[j / 8] = (uint8_t)u;
        any |= (unsigned)u;
    }
    return any;
}

/// Which part of a flat row (see "flat rows by parts") lane i lies in: 0, 1 or 2 in the order of the
/// lanes (0 ... 2 never decreasing along the row); ox by the loops' own operations on lane i's float.
AVX2_ONLY __attribute__((always_inline)) static inline int conic_flat_part_of(const ConicSteps *cs, float absOy, int32_t i, int fused) {
    const __m128 lane = _mm_set_ss((float)i), x1 = _mm_set_ss(cs->x1), x0 = _mm_set_ss(cs->x0);
    const float ox = _mm_cvtss_f32(fused ? fmadd1(lane, x1, x0) : _mm_add_ss(_mm_mul_ss(lane, x1), x0));
    if (absOy > fabsf(ox)) return 1;
    // Outside: ox ≤ −|oy| (sign bit set) or ox ≥ |oy|, first where x1 is not negative.
    return (signbit(ox) != 0) == (cs->x1 < 0.0f) ? 2 : 0;
}

/// The first lane of lo ..< hi (hi when none) whose part is at least `part`, from an estimate `guess`.
AVX2_ONLY __attribute__((always_inline)) static inline int32_t conic_flat_first(const ConicSteps *cs, float absOy, int32_t lo, int32_t hi,
                                                                               double guess, int part, int fused) {
    int32_t e = !(guess > lo) ? lo : guess >= hi ? hi : (int32_t)guess;
    while (e > lo && conic_flat_part_of(cs, absOy, e - 1, fused) >= part) e--;
    while (e < hi && conic_flat_part_of(cs, absOy, e, fused) < part) e++;
    return e;
}

/// Where parts 1 and 2 of a flat row (see "flat rows by parts") begin among lanes c0 ..< c0 + n, relative to c0
/// (*b1 ≤ *b2, n where none): from the lanes beside where ox crosses ∓|oy| (an estimate in double),
/// checked by the loops' own operations on those lanes (four at a time), else searched lane by lane.
AVX2_ONLY __attribute__((always_inline)) static inline void conic_flat_bounds(const ConicSteps *cs, int32_t c0, int32_t n, int fused,
                                                                             int32_t *b1, int32_t *b2) {
    const float absOy = fabsf(cs->y0);
    const double x0 = cs->x0, x1 = cs->x1, s = x1 < 0 ? -1 : 1, lo = c0, hi = (double)c0 + n;
    if (x1 != 0) {
        // The first lanes past the first crossing and from the second (|ox| = |oy| lies outside), clamped to the chunk.
        const double inv = 1 / x1, t1 = floor((-s * absOy - x0) * inv) + 1, t2 = ceil((s * absOy - x0) * inv);
        const int32_t e1 = !(t1 > lo) ? c0 : t1 >= hi ? c0 + n : (int32_t)t1;
        const int32_t e2 = !(t2 > e1) ? e1 : t2 >= hi ? c0 + n : (int32_t)t2;
        // Lanes e1 − 1, e1, e2 − 1, e2: part 0, at least 1, below 2, 2 (where they lie in the chunk).
        const __m128 lane = _mm_setr_ps((float)(e1 - 1), (float)e1, (float)(e2 - 1), (float)e2);
        const __m128 ox = fused ? fmadd4(lane, _mm_set1_ps(cs->x1), _mm_set1_ps(cs->x0))
                                : _mm_add_ps(_mm_mul_ps(lane, _mm_set1_ps(cs->x1)), _mm_set1_ps(cs->x0));
        const int in = _mm_movemask_ps(_mm_cmp_ps(_mm_set1_ps(absOy), _mm_andnot_ps(_mm_set1_ps(-0.0f), ox), _CMP_GT_OQ));
        const int neg = _mm_movemask_ps(ox);
        const int two = ~in & (x1 < 0 ? neg : ~neg) & 15, atLeast1 = (in | two) & 15;
        int need = 0, want = 0;
        if (e1 > c0) { need |= 1; }                      // lane e1 − 1 in part 0
        if (e1 < c0 + n) { need |= 2; want |= 2; }       // lane e1 in part 1 or 2
        const int ok1 = (atLeast1 & need) == want;
        need = 0; want = 0;
        if (e2 > c0) { need |= 4; }                      // lane e2 − 1 below part 2
        if (e2 < c0 + n) { need |= 8; want |= 8; }       // lane e2 in part 2
        if (ok1 && (two & need) == want) { *b1 = e1 - c0; *b2 = e2 - c0; return; }
    }
    const double g1 = x1 != 0 ? (-s * absOy - x0) / x1 : 0, g2 = x1 != 0 ? (s * absOy - x0) / x1 : 0;
    *b1 = conic_flat_first(cs, absOy, c0, c0 + n, g1, 1, fused) - c0;
    *b2 = conic_flat_first(cs, absOy, c0 + *b1, c0 + n, g2, 2, fused) - c0;
}

/// Pass 1 of a chunk (lanes c0 ..< c0 + n of the row, `l` its lanes as floats) of a stepped conic row
/// at AVX2 (conic_pass1_loops), a flat row's (see "flat stepped conic rows at AVX2") with its
/// constants, its groups within one part by the loops of that part (see "flat rows by parts").
AVX2_ONLY __attribute__((always_inline)) static inline unsigned conic_pass1_avx2(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                                uint8_t *unsure, int fused, int wrap) {
    if (!(cs->y1 == 0.0f && cs->y0 != 0.0f)) return conic_pass1_loops(cs, l, 0, n, n, idx, unsure, fused, wrap, NULL, CONIC_PART_MIXED);
    ConicFlat flat;
    conic_flat_init(cs, &flat, fused);
    int32_t b1, b2;
    conic_flat_bounds(cs, c0, n, fused, &b1, &b2);
    const double x1 = cs->x1;
    // Groups [0, e0) in part 0, [e0, s1) mixed, [s1, e1) in part 1, [e1, s2) mixed, [s2, n) in part 2.
    const int32_t e0 = b1 & ~7, s2 = ((b2 + 7) & ~7) < n ? (b2 + 7) & ~7 : n;
    int32_t s1 = (b1 + 7) & ~7, e1 = b2 & ~7;
    if (s1 > e1) s1 = e1 = s2;
    unsigned any = 0;
    // The outside parts' blends as constants: ox's sign bit set first where x1 is not negative.
    if (e0 > 0) {
        if (x1 < 0) any |= conic_pass1_loops(cs, l, 0, e0, n, idx, unsure, fused, wrap, &flat, CONIC_PART_POS);
        else any |= conic_pass1_loops(cs, l, 0, e0, n, idx, unsure, fused, wrap, &flat, CONIC_PART_NEG);
    }
    if (s1 > e0)
        any |= conic_pass1_loops(cs, _mm256_add_ps(l, _mm256_set1_ps((float)e0)), e0, s1, n, idx, unsure, fused, wrap, &flat, CONIC_PART_MIXED);
    if (e1 > s1)
        any |= conic_pass1_loops(cs, _mm256_add_ps(l, _mm256_set1_ps((float)s1)), s1, e1, n, idx, unsure, fused, wrap, &flat, CONIC_PART_IN);
    if (s2 > e1)
        any |= conic_pass1_loops(cs, _mm256_add_ps(l, _mm256_set1_ps((float)e1)), e1, s2, n, idx, unsure, fused, wrap, &flat, CONIC_PART_MIXED);
    if (n > s2) {
        const __m256 ls = _mm256_add_ps(l, _mm256_set1_ps((float)s2));
        if (x1 < 0) any |= conic_pass1_loops(cs, ls, s2, n, n, idx, unsure, fused, wrap, &flat, CONIC_PART_NEG);
        else any |= conic_pass1_loops(cs, ls, s2, n, n, idx, unsure, fused, wrap, &flat, CONIC_PART_POS);
    }
    return any;
}

/// Pass 1 of a chunk of a stepped conic row on the centre's line (p->axis; see "conic rows on the
/// centre's line") at AVX2, pixels px0 ..< px0 + n: each lane's x − sx as exact_index works it out
/// (the same double operations in the same order, four lanes a vector; its c is 0 and rowW not, so
/// px·c + rowW is rowW and the reciprocal the row's), the index axisIndex[0] where it is above 0 and
/// axisIndex[1] where below, the lanes neither (±0, NaN) unsure: the indices exact_index gives them,
/// without working out every lane again. Returns whether any lane is unsure.
AVX2_ONLY static unsigned conic_axis_pass1_avx2(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t n, int32_t *idx,
                                                uint8_t *unsure) {
    const double inv = 1 / (0.5 * g->c + g->rowW);
    const __m256d a = _mm256_set1_pd(g->a), rowX = _mm256_set1_pd(g->rowX), iv = _mm256_set1_pd(inv), sx = _mm256_set1_pd(g->sx);
    const __m256d zero = _mm256_setzero_pd(), four = _mm256_set1_pd(4), eight = _mm256_set1_pd(8);
    const __m256i i0 = _mm256_set1_epi32((int32_t)p->axisIndex[0]), i1 = _mm256_set1_epi32((int32_t)p->axisIndex[1]);
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256d px = _mm256_add_pd(_mm256_set_pd((double)px0 + 3, (double)px0 + 2, (double)px0 + 1, (double)px0), _mm256_set1_pd(0.5));
    unsigned any = 0;
    for (int32_t j = 0; j < n; j += 8, px = _mm256_add_pd(px, eight)) {
        const __m256d ox0 = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, a), rowX), iv), sx);
        const __m256d ox1 = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_add_pd(px, four), a), rowX), iv), sx);
        const int above = _mm256_movemask_pd(_mm256_cmp_pd(ox0, zero, _CMP_GT_OQ)) | _mm256_movemask_pd(_mm256_cmp_pd(ox1, zero, _CMP_GT_OQ)) << 4;
        const int below = _mm256_movemask_pd(_mm256_cmp_pd(ox0, zero, _CMP_LT_OQ)) | _mm256_movemask_pd(_mm256_cmp_pd(ox1, zero, _CMP_LT_OQ)) << 4;
        const __m256i sel = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(above), bit), bit);
        _mm256_storeu_si256((__m256i *)(idx + j), _mm256_blendv_epi8(i1, i0, sel));
        const unsigned u = ~(unsigned)(above | below) & 0xFF;
        unsure[j / 8] = (uint8_t)u;
        any |= u;
    }
    return any;
}

/// conic_pass1_avx2 in functions of their own, one for each wrap check and `fused`: its loops' registers
/// are not shared with the second pass's.
AVX2_FMA_ONLY __attribute__((noinline)) static unsigned conic_pass1_fma_wrap(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                           uint8_t *unsure) {
    return conic_pass1_avx2(cs, l, c0, n, idx, unsure, 1, 1);
}
AVX2_FMA_ONLY __attribute__((noinline)) static unsigned conic_pass1_fma(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                      uint8_t *unsure) {
    return conic_pass1_avx2(cs, l, c0, n, idx, unsure, 1, 0);
}
AVX2_ONLY __attribute__((noinline)) static unsigned conic_pass1_wrap(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                   uint8_t *unsure) {
    return conic_pass1_avx2(cs, l, c0, n, idx, unsure, 0, 1);
}
AVX2_ONLY __attribute__((noinline)) static unsigned conic_pass1_plain(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                    uint8_t *unsure) {
    return conic_pass1_avx2(cs, l, c0, n, idx, unsure, 0, 0);
}

/// The conic_pass1_avx2 function of the row's wrap check and `fused` (a constant).
AVX2_ONLY __attribute__((always_inline)) static inline unsigned conic_pass1_call(const ConicSteps *cs, __m256 l, int32_t c0, int32_t n, int32_t *idx,
                                                                                uint8_t *unsure, int fused) {
    if (fused) return cs->wrap ? conic_pass1_fma_wrap(cs, l, c0, n, idx, unsure) : conic_pass1_fma(cs, l, c0, n, idx, unsure);
    return cs->wrap ? conic_pass1_wrap(cs, l, c0, n, idx, unsure) : conic_pass1_plain(cs, l, c0, n, idx, unsure);
}

/// The fused loop at AVX2: `fused`, the arithmetic by fused multiply-adds (callers compiled for FMA);
/// `gather`, every group's colours by a gather instead of lookup8 (see "colours by gathers or by
/// permutes"). Both are constants in each caller.
AVX2_ONLY __attribute__((always_inline)) static inline void over_plan_avx2_u(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                            int32_t px0, int32_t count, uint32_t *dst, uint32_t k,
                                                                            const float *cov, int32_t full0, int32_t full1, float op, int fused,
                                                                            int gather, int uniform) {
    const __m256i ia16 = _mm256_set1_epi16(uniform ? ia_factors[p->ia] : 0);
    __m256d px = _mm256_add_pd(_mm256_set_pd((double)px0 + 3, (double)px0 + 2, (double)px0 + 1, (double)px0), _mm256_set1_pd(0.5));
    const __m256d eight = _mm256_set1_pd(8);
    const __m256i k16 = _mm256_set1_epi16((short)k);
    const __m256 opv = _mm256_set1_ps(op);
    const int scaled = k != 255;
    __m256 lane = lanes8(0);
    if (path == PLAN_STEPS_CONIC) {
        // Conic rows in two passes a chunk (see "conic rows in two passes at AVX2").
        for (int32_t c0 = 0; c0 < count; c0 += CONIC_CHUNK_AVX2) {
            const int32_t n = count - c0 < CONIC_CHUNK_AVX2 ? count - c0 : CONIC_CHUNK_AVX2;
            int32_t idx[CONIC_CHUNK_AVX2];
            uint8_t unsure[CONIC_CHUNK_AVX2 / 8];
            // The row's wrap check as a constant in each loop.
            // A row on the centre's line by its own pass.
            const unsigned any = p->axis ? conic_axis_pass1_avx2(g, p, px0 + c0, n, idx, unsure)
                                         : conic_pass1_call(&p->conic, lane, c0, n, idx, unsure, fused);
            int32_t j;
            // The unsure lanes worked out again, after the vector loop.
            if (any)
                for (j = 0; j < n; j += 8)
                    if (unsure[j / 8]) fix_lanes(g, p, path, idx + j, unsure[j / 8], px0 + c0 + j, n - j);
            for (j = 0; j < n; j += 8)
                over_group_avx2(g, p, path, px0, count, dst, cov, full0, full1, fused, gather, c0 + j, px, lane, k16, opv, scaled, idx + j,
                                uniform, ia16);
            lane = _mm256_add_ps(lane, _mm256_set1_ps((float)CONIC_CHUNK_AVX2));
        }
        return;
    }
    for (int32_t i = 0; i < count; i += 8, px = _mm256_add_pd(px, eight), lane = _mm256_add_ps(lane, _mm256_set1_ps(8)))
        over_group_avx2(g, p, path, px0, count, dst, cov, full0, full1, fused, gather, i, px, lane, k16, opv, scaled, NULL, 0, ia16);
}

/// over_plan_avx2_u without a table of one alpha.
AVX2_ONLY __attribute__((always_inline)) static inline void over_plan_avx2(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                          int32_t px0, int32_t count, uint32_t *dst, uint32_t k,
                                                                          const float *cov, int32_t full0, int32_t full1, float op, int fused,
                                                                          int gather) {
    over_plan_avx2_u(g, p, path, px0, count, dst, k, cov, full0, full1, op, fused, gather, 0);
}

/// The fused loop (over_plan_avx2) of conic and stepped rows for CPUs with FMA: the atan2 series'
/// steps and a stepped row's f by fused multiply-adds (atan2_series8f, steps_f8_fma), the rest as
/// without. The same indices wherever the float form is trusted, which the margins of "conic rows"
/// and "stepped rows in single precision" decide as at AVX-512, so the same pixels.
AVX2_FMA_ONLY __attribute__((noinline)) static void over_fused_avx2_fma(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                       uint32_t *dst, uint32_t k, const float *cov, int32_t full0, int32_t full1, float op) {
    switch (p->path) {
    case PLAN_STEPS_CONIC: over_plan_avx2(g, p, PLAN_STEPS_CONIC, px0, count, dst, k, cov, full0, full1, op, 1, 0); return;
    case PLAN_STEPS_AXIAL: over_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, k, cov, full0, full1, op, 1, 0); return;
    case PLAN_STEPS_RADIAL: over_plan_avx2(g, p, PLAN_STEPS_RADIAL, px0, count, dst, k, cov, full0, full1, op, 1, 0); return;
    default: over_plan_avx2(g, p, PLAN_CONIC, px0, count, dst, k, cov, full0, full1, op, 1, 0); return;
    }
}

/// over_fused_avx2_fma with every group's colours by a gather (see "colours by gathers or by permutes").
AVX2_FMA_ONLY __attribute__((noinline)) static void over_fused_gather_avx2_fma(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                              uint32_t *dst, uint32_t k, const float *cov, int32_t full0, int32_t full1,
                                                                              float op) {
    switch (p->path) {
    case PLAN_STEPS_CONIC: over_plan_avx2(g, p, PLAN_STEPS_CONIC, px0, count, dst, k, cov, full0, full1, op, 1, 1); return;
    case PLAN_STEPS_AXIAL: over_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, k, cov, full0, full1, op, 1, 1); return;
    case PLAN_STEPS_RADIAL: over_plan_avx2(g, p, PLAN_STEPS_RADIAL, px0, count, dst, k, cov, full0, full1, op, 1, 1); return;
    default: over_plan_avx2(g, p, PLAN_CONIC, px0, count, dst, k, cov, full0, full1, op, 1, 1); return;
    }
}

/// The fused loop at AVX2 without FMA, every group's colours by a gather.
AVX2_ONLY __attribute__((noinline)) static void over_gather_avx2(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                uint32_t *dst, uint32_t k, const float *cov, int32_t full0, int32_t full1, float op) {
    switch (p->path) {
    case PLAN_STEPS_AXIAL: over_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    case PLAN_STEPS_RADIAL: over_plan_avx2(g, p, PLAN_STEPS_RADIAL, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    case PLAN_AXIAL: over_plan_avx2(g, p, PLAN_AXIAL, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    case PLAN_RADIAL: over_plan_avx2(g, p, PLAN_RADIAL, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    case PLAN_CONIC: over_plan_avx2(g, p, PLAN_CONIC, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    default: over_plan_avx2(g, p, PLAN_STEPS_CONIC, px0, count, dst, k, cov, full0, full1, op, 0, 1); return;
    }
}

/// For each factor ia (0 ... 255) a K (0 ... 32767) with (x·K + 2¹⁴) >> 15 = div255(x·ia) =
/// ((x·ia + 128)·257) >> 16 for every byte x (checked for all 256 × 256 by test_gradient_ia_factors):
/// one vpmulhrsw (rounded high product) of a channel in a 16-bit lane instead of a multiply, an
/// add and a high product. Found by trying the integers nearest ia·32768/255.
static const int16_t ia_factors[256] = {
    0, 129, 257, 386, 514, 643, 771, 900, 1028, 1157, 1285, 1413, 1542, 1671, 1799, 1928,
    2056, 2185, 2313, 2441, 2570, 2699, 2827, 2955, 3084, 3213, 3341, 3470, 3598, 3726, 3855, 3984,
    4112, 4241, 4369, 4498, 4626, 4755, 4883, 5012, 5140, 5268, 5397, 5525, 5654, 5783, 5911, 6039,
    6168, 6297, 6425, 6554, 6682, 6811, 6939, 7068, 7196, 7325, 7453, 7581, 7710, 7838, 7967, 8096,
    8224, 8353, 8481, 8609, 8738, 8867, 8995, 9124, 9252, 9381, 9509, 9638, 9766, 9895, 10023, 10152,
    10280, 10409, 10537, 10666, 10794, 10923, 11051, 11180, 11308, 11437, 11565, 11694, 11822, 11951, 12079, 12208,
    12336, 12465, 12593, 12722, 12850, 12979, 13107, 13235, 13364, 13493, 13621, 13750, 13878, 14007, 14135, 14264,
    14392, 14521, 14649, 14778, 14906, 15035, 15163, 15292, 15420, 15549, 15677, 15806, 15934, 16063, 16191, 16320,
    16448, 16577, 16705, 16834, 16962, 17091, 17219, 17348, 17476, 17605, 17733, 17862, 17990, 18119, 18247, 18376,
    18504, 18633, 18761, 18890, 19018, 19147, 19275, 19404, 19533, 19661, 19789, 19918, 20046, 20175, 20303, 20432,
    20560, 20689, 20817, 20946, 21074, 21203, 21331, 21460, 21588, 21717, 21845, 21974, 22102, 22231, 22359, 22488,
    22616, 22745, 22873, 23002, 23130, 23259, 23387, 23516, 23644, 23773, 23901, 24030, 24159, 24287, 24415, 24544,
    24672, 24801, 24930, 25058, 25187, 25315, 25443, 25572, 25700, 25829, 25957, 26086, 26214, 26343, 26471, 26600,
    26729, 26857, 26985, 27114, 27243, 27371, 27500, 27628, 27756, 27885, 28013, 28142, 28270, 28399, 28527, 28656,
    28784, 28913, 29042, 29170, 29298, 29427, 29555, 29684, 29813, 29941, 30069, 30198, 30327, 30455, 30583, 30712,
    30840, 30969, 31097, 31226, 31355, 31483, 31611, 31740, 31868, 31997, 32125, 32254, 32382, 32511, 32639, 32767,
};

LK_HIDDEN const int16_t *lk_gradient_ia_factors(void) { return ia_factors; }

/// axial_unclamped16 at AVX2 with FMA: whether the stepped axial row's f (steps_f8_fma) at lanes 0
/// and count − 1 both lie in [0, 255.5) (see "tables of one alpha" below).
AVX2_FMA_ONLY static inline int axial_unclamped8(const RowPlan *p, int32_t count) {
    const __m256 ends = _mm256_setr_ps(0, (float)(count - 1), 0, 0, 0, 0, 0, 0);
    const __m256 f = steps_f8_fma(&p->steps, LAMINA_GRADIENT_AXIAL, ends);
    const __m256 in = _mm256_and_ps(_mm256_cmp_ps(f, _mm256_setzero_ps(), _CMP_GE_OQ), _mm256_cmp_ps(f, _mm256_set1_ps(255.5f), _CMP_LT_OQ));
    return (_mm256_movemask_ps(in) & 3) == 3;
}

/// One group of uniform_plan_avx2: the eight pixels from i (lanes `lane`); indices as indices8
/// gives them with FMA (clamped unless `clamp` is 0), colours by a gather, blended as
/// over_group_avx2 does with factor 255, the inside with `ia16` (see "tables of one alpha").
AVX2_FMA_ONLY __attribute__((always_inline)) static inline void uniform_group_avx2(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                  int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                                  int32_t full0, int32_t full1, int32_t i, __m256 lane, int whole,
                                                                                  __m256i ia16, __m256 opv, int clamp, int window) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const int kind = path == PLAN_STEPS_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
    const __m256 f = steps_f8_fma(&p->steps, kind, lane), margin = _mm256_set1_ps(p->steps.margin);
    int unsure;
    __m256i index;
    if (clamp) {
        index = steps_index8(f, margin, &unsure);
    } else {
        const __m256 near = _mm256_sub_ps(f, _mm256_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        unsure = _mm256_movemask_ps(_mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), near), margin, _CMP_LT_OQ));
        index = _mm256_cvttps_epi32(f);
    }
    if (unsure) {
        int32_t fixed[8];
        _mm256_storeu_si256((__m256i *)fixed, index);
        fix_lanes(g, p, path, fixed, (unsigned)unsure, px0 + i, count - i);
        index = _mm256_loadu_si256((const __m256i *)fixed);
    }
    const __m256i s = window ? lookup8(g->table, index) : table8(g->table, index);
    const __m256i live = whole ? _mm256_set1_epi32(-1) : _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), lanes);
    const __m256i d = whole ? _mm256_loadu_si256((const __m256i *)(dst + i)) : _mm256_maskload_epi32((const int *)(dst + i), live);
    __m256i out;
    if (cov && (i < full0 || i + 8 > full1)) {
        const __m256i at = _mm256_add_epi32(_mm256_set1_epi32(i), lanes);
        const __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(at, _mm256_set1_epi32(full0 - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32(full1), at));
        out = over8_each(d, s, coverage_factors8(cov + i, _mm256_andnot_si256(inside, live), opv));
    } else {
        // over8_unscaled with its factor 255 − alpha the same in every lane, as uniform_group_avx512.
        out = over8_one_colour(d, s, ia16);
    }
    if (whole) _mm256_storeu_si256((__m256i *)(dst + i), out);
    else _mm256_maskstore_epi32((int *)(dst + i), live, out);
}

/// uniform_plan_avx512 at AVX2 with FMA: a stepped axial or radial row whose table has one alpha
/// (p->ia), factor 255, with gathers.
AVX2_FMA_ONLY __attribute__((always_inline)) static inline void uniform_plan_avx2(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                 int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                                 int32_t full0, int32_t full1, float op, int clamp, int window) {
    const __m256i ia16 = _mm256_set1_epi16(ia_factors[p->ia]);
    const __m256 opv = _mm256_set1_ps(op);
    __m256 lane = lanes8(0);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8, lane = _mm256_add_ps(lane, _mm256_set1_ps(8)))
        uniform_group_avx2(g, p, path, px0, count, dst, cov, full0, full1, i, lane, 1, ia16, opv, clamp, window);
    if (i < count) uniform_group_avx2(g, p, path, px0, count, dst, cov, full0, full1, i, lane, 0, ia16, opv, 1, window);
}

/// uniform_plan_avx2 of a stepped axial or radial row, the path and the clamp as constants.
AVX2_FMA_ONLY __attribute__((noinline)) static void over_uniform_avx2_fma(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                         uint32_t *dst, const float *cov, int32_t full0, int32_t full1, float op) {
    const int window = use_axial_window();
    if (p->path == PLAN_STEPS_RADIAL) uniform_plan_avx2(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 1, 0);
    else if (axial_unclamped8(p, count)) uniform_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 0, window);
    else uniform_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 1, window);
}

/// over_fused_gather_avx2_fma of a stepped conic row whose table has one alpha (p->ia), factor 255
/// (k): the blend by over8_one_colour.
AVX2_FMA_ONLY __attribute__((noinline)) static void over_uniform_conic_avx2_fma(const LaminaGradientRow *g, const RowPlan *p, int32_t px0,
                                                                               int32_t count, uint32_t *dst, uint32_t k, const float *cov,
                                                                               int32_t full0, int32_t full1, float op) {
    over_plan_avx2_u(g, p, PLAN_STEPS_CONIC, px0, count, dst, k, cov, full0, full1, op, 1, 1, 1);
}

/// lk_gradient_over_avx2 of a row planned as `p` (by plan_row).
AVX2_ONLY static int over_planned_avx2(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count, uint32_t *dst, uint32_t k,
                                       const float *cov, int32_t full0, int32_t full1, float op) {
    // A stepped axial or radial row gathers its colours at AVX2 whichever way it goes (steps_avx2
    // fills the buffer of over_by_chunks by gathers too), so with FMA it takes the fused loop with
    // gathers on every CPU: on AMD Zen 4 at AVX2 that loop measured 10-20 % faster than the buffer
    // and than the fused loop with lookup8 (the linear and radial rows of `lamina bench compositor
    // --set vector`, alternately, 2026-12-01), where at AVX-512 the permutes stay faster there (see
    // "colours by gathers or by permutes"). Without FMA, the buffer (as at AVX-512, where the
    // reason is the window of lookup16; rows with coverage take the fused loop all the same: the
    // caller's buffer would blend their pieces pixel by pixel).
    const int fma = lk_cpu_has_fma();
    const int stepped = p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL;
    const int gather = use_gathers() || (stepped && fma);
    if (stepped && !p->narrow && !cov && !gather) {
        over_by_chunks(g, p, px0, count, dst, k);
        return 1;
    }
    if (gather && fma && p->ia >= 0 && stepped && k == 255) {
        // A table of one alpha (see "tables of one alpha").
        over_uniform_avx2_fma(g, p, px0, count, dst, cov, full0, full1, op);
        return 1;
    }
    if (gather && fma && p->ia >= 0 && p->path == PLAN_STEPS_CONIC && k == 255) {
        // A stepped conic row with a table of one alpha.
        over_uniform_conic_avx2_fma(g, p, px0, count, dst, k, cov, full0, full1, op);
        return 1;
    }
    if (gather && (p->path == PLAN_CONIC || p->path == PLAN_STEPS_CONIC || p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL) && fma) {
        over_fused_gather_avx2_fma(g, p, px0, count, dst, k, cov, full0, full1, op);
        return 1;
    }
    if (gather && p->path != PLAN_ONE_COLOR && p->path != PLAN_PORTABLE) {
        over_gather_avx2(g, p, px0, count, dst, k, cov, full0, full1, op);
        return 1;
    }
    if ((p->path == PLAN_CONIC || p->path == PLAN_STEPS_CONIC || p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL) && fma) {
        over_fused_avx2_fma(g, p, px0, count, dst, k, cov, full0, full1, op);
        return 1;
    }
    // The path as a constant in each call, so the compiler drops the other paths' code.
    switch (p->path) {
    case PLAN_STEPS_AXIAL: over_plan_avx2(g, p, PLAN_STEPS_AXIAL, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_STEPS_RADIAL: over_plan_avx2(g, p, PLAN_STEPS_RADIAL, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_AXIAL: over_plan_avx2(g, p, PLAN_AXIAL, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_RADIAL: over_plan_avx2(g, p, PLAN_RADIAL, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_CONIC: over_plan_avx2(g, p, PLAN_CONIC, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_STEPS_CONIC: over_plan_avx2(g, p, PLAN_STEPS_CONIC, px0, count, dst, k, cov, full0, full1, op, 0, 0); return 1;
    default:
        if (cov) return 0;
        over_by_chunks(g, p, px0, count, dst, k);
        return 1;
    }
}

AVX2_ONLY LK_HIDDEN int lk_gradient_over_avx2(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *dst, uint32_t k,
                                              const float *cov, int32_t full0, int32_t full1, float op, LkGradientRowsCache *cache) {
    RowPlan p;
    plan_row(g, px0, count, &p, cache);
    return over_planned_avx2(g, &p, px0, count, dst, k, cov, full0, full1, op);
}

#define AVX512BW_ONLY __attribute__((target("avx2,avx512f,avx512dq,avx512bw")))

/// The colours of `index` (sixteen indices, each 0...255) from the 32-entry window of the table
/// from `base` (0...224) when every index lies in it (*ok = 1), by one permute.
AVX512BW_ONLY static inline __m512i window16(const uint32_t *table, __m512i index, int32_t base, int *ok) {
    const __m512i rel = _mm512_sub_epi32(index, _mm512_set1_epi32(base));
    *ok = _mm512_cmplt_epu32_mask(rel, _mm512_set1_epi32(32)) == 0xFFFF;
    return _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)(table + base)), rel,
                                     _mm512_loadu_si512((const void *)(table + base + 16)));
}

/// Sixteen colours of the table at `index` (each 0...255) by permutes of the whole table: each
/// 32-entry window's colours at the indices' low five bits (eight permutes, the table read from
/// the L1 cache), then for each lane the window its bits 5-7 name (seven blends).
AVX512BW_ONLY static inline __m512i lookup256(const uint32_t *table, __m512i index) {
    __m512i r[8];
    for (int w = 0; w < 8; w++)
        r[w] = _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)(table + 32 * w)), index,
                                         _mm512_loadu_si512((const void *)(table + 32 * w + 16)));
    const __mmask16 b5 = _mm512_test_epi32_mask(index, _mm512_set1_epi32(32));
    const __mmask16 b6 = _mm512_test_epi32_mask(index, _mm512_set1_epi32(64));
    const __mmask16 b7 = _mm512_test_epi32_mask(index, _mm512_set1_epi32(128));
    __m512i q0 = _mm512_mask_blend_epi32(b5, r[0], r[1]), q1 = _mm512_mask_blend_epi32(b5, r[2], r[3]);
    __m512i q2 = _mm512_mask_blend_epi32(b5, r[4], r[5]), q3 = _mm512_mask_blend_epi32(b5, r[6], r[7]);
    return _mm512_mask_blend_epi32(b7, _mm512_mask_blend_epi32(b6, q0, q1), _mm512_mask_blend_epi32(b6, q2, q3));
}

/// Sixteen colours of the table at `index` (each 0...255) for rows whose colours change fast: by
/// two permutes of the 64-entry window of the table that ends at the larger of the first and last
/// lanes' indices when every index lies in it (a stepped row's indices rise, fall, or, radial, fall
/// then rise along it, so the largest is mostly at an end), else by lookup256.
AVX512BW_ONLY static inline __m512i lookup64(const uint32_t *table, __m512i index) {
    const int32_t first = _mm_cvtsi128_si32(_mm512_castsi512_si128(index));
    const int32_t last = _mm_extract_epi32(_mm512_extracti32x4_epi32(index, 3), 3);
    const int32_t hi = first > last ? first : last;
    const int32_t base = hi < 63 ? 0 : (hi - 63 > 192 ? 192 : hi - 63);
    const __m512i rel = _mm512_sub_epi32(index, _mm512_set1_epi32(base));
    if (_mm512_cmplt_epu32_mask(rel, _mm512_set1_epi32(64)) != 0xFFFF) return lookup256(table, index);
    // Each permute takes the low five bits of rel; bit 5 picks the half of the window.
    const __m512i lo = _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)(table + base)), rel,
                                                 _mm512_loadu_si512((const void *)(table + base + 16)));
    const __m512i up = _mm512_permutex2var_epi32(_mm512_loadu_si512((const void *)(table + base + 32)), rel,
                                                 _mm512_loadu_si512((const void *)(table + base + 48)));
    return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(rel, _mm512_set1_epi32(32)), lo, up);
}

/// Sixteen colours of the table at `index` (each 0...255): by one permute of a 32-entry window of
/// the table when the indices lie within 32 of each other (a smooth gradient over sixteen pixels,
/// the common case), else by loads as store16. The window starts at the lower of the first and
/// last lanes' indices (a short chain: most rows' indices rise or fall along the row), or else at
/// the lowest index.
AVX512BW_ONLY static inline __m512i lookup16(const uint32_t *table, __m512i index) {
    const int32_t first = _mm_cvtsi128_si32(_mm512_castsi512_si128(index));
    const int32_t last = _mm_extract_epi32(_mm512_extracti32x4_epi32(index, 3), 3);
    const int32_t ends = first < last ? first : last;
    int ok;
    __m512i c = window16(table, index, ends < 224 ? ends : 224, &ok);
    if (ok) return c;
    const int32_t lo = _mm512_reduce_min_epi32(index);
    c = window16(table, index, lo < 224 ? lo : 224, &ok);
    if (ok) return c;
    return lookup256(table, index);
}

/// Sixteen lanes' table indices (the AVX-512 loops' arithmetic), pixel centres px, lanes `lane` of
/// the row (as floats); *unsure: lanes to work out again.
AVX512BW_ONLY static inline __m512i indices16(const RowPlan *p, PlanPath path, __m512d px, __m512 lane, unsigned *unsure) {
    const __m512d eight = _mm512_set1_pd(8);
    switch (path) {
    case PLAN_STEPS_AXIAL:
    case PLAN_STEPS_RADIAL: {
        const int kind = path == PLAN_STEPS_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
        __mmask16 u;
        __m512i index = steps_index16(steps_f16(&p->steps, kind, lane), _mm512_set1_ps(p->steps.margin), &u);
        *unsure = u;
        return index;
    }
    case PLAN_AXIAL:
    case PLAN_RADIAL: {
        const int kind = path == PLAN_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
        *unsure = 0;
        return _mm512_inserti64x4(_mm512_castsi256_si512(index8(parameter8(&p->k, kind, px))),
                                  index8(parameter8(&p->k, kind, _mm512_add_pd(px, eight))), 1);
    }
    case PLAN_STEPS_CONIC:
        return conic_steps16(&p->conic, lane, unsure);
    default: {
        __m512i index;
        conic16(&p->k, (float)p->a0, px, &index, unsure);
        return index;
    }
    }
}

/// Sixteen lanes' factors coverage_k(v, op), v = cov[i + lane] for lanes in `need`, 1 for the
/// others (the formula in float, operation by operation: min(v·op, 1)·255 + 0.5, truncated), laid
/// out for over16_each.
AVX512BW_ONLY static inline void coverage_factors16(const float *cov, __mmask16 need, __m512 op, __m512i *kl, __m512i *kh) {
    const __m512 one = _mm512_set1_ps(1.0f);
    // min_ps returns its second operand when the first is NaN: v < 1 ? v : 1, as coverage_k.
    __m512 v = _mm512_min_ps(_mm512_mul_ps(_mm512_mask_loadu_ps(one, need, cov), op), one);
    __m512i k = _mm512_cvttps_epu32(_mm512_add_ps(_mm512_mul_ps(v, _mm512_set1_ps(255.0f)), _mm512_set1_ps(0.5f)));
    __m512i kk = _mm512_or_si512(k, _mm512_slli_epi32(k, 16));
    *kl = _mm512_unpacklo_epi32(kk, kk);
    *kh = _mm512_unpackhi_epi32(kk, kk);
}

// ---- conic rows in two passes ------------------------------------------------------------------
//
// over_plan_avx512 paints a stepped conic row a chunk of CONIC_CHUNK pixels at a time in two passes:
// first every group's table indices (conic_pass1_avx512: conic_steps16n, two groups side by side,
// then one for an odd last group; the row's wrap check, or none, a constant of the loop) into an array, with each group's unsure lanes kept as a mask, then those
// lanes worked out again by exact_index, then the colours and the blends (over_group_avx512 from
// the array). The same indices as one pass (the same operations on the same lanes, the same lanes
// redone), so the same pixels; the vector loop has no call in it (with one, the compiler kept the
// loop's constants on the stack), and its groups' chains of dependent operations are interleaved
// two by two. Together with near_part16 (one vreduceps), measured about 10 % faster on the conic
// row of `lamina bench compositor --set vector` (Intel Xeon, AVX-512).

/// Pixels a chunk of the conic rows' two passes.
enum { CONIC_CHUNK = 256 };

/// One group of over_plan_avx512: the sixteen pixels from i, lanes `m` of them (all sixteen when
/// `whole`, a constant: then plain loads and stores); their table indices made here, or read from
/// `pre` (sixteen, already worked out) when it is not NULL.
AVX512BW_ONLY __attribute__((always_inline)) static inline void over_group_avx512(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                 int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                                 int32_t full0, int32_t full1, int wide, int gather, int32_t i,
                                                                                 __m512d px, __m512 lane, int whole, __mmask16 m, __m512i k16,
                                                                                 __m512 opv, int scaled, const int32_t *pre, int uniform, __m512i ia16) {
    unsigned unsure = 0;
    __m512i index = pre ? _mm512_loadu_si512((const void *)pre) : indices16(p, path, px, lane, &unsure);
    if (unsure) {
        int32_t fixed[16];
        _mm512_storeu_si512((void *)fixed, index);
        fix_lanes(g, p, path, fixed, unsure, px0 + i, count - i);
        index = _mm512_loadu_si512((const void *)fixed);
    }
    __m512i s = gather ? _mm512_i32gather_epi32(index, (const int *)g->table, 4)
                       : wide ? lookup64(g->table, index) : lookup16(g->table, index);
    __m512i d = whole ? _mm512_loadu_si512((const void *)(dst + i)) : _mm512_maskz_loadu_epi32(m, dst + i);
    __m512i out;
    if (cov && (i < full0 || i + 16 > full1)) {
        // Lanes outside the inside take their own factors.
        const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        __m512i at = _mm512_add_epi32(_mm512_set1_epi32(i), lanes);
        __mmask16 inside = _mm512_cmpge_epi32_mask(at, _mm512_set1_epi32(full0)) & _mm512_cmplt_epi32_mask(at, _mm512_set1_epi32(full1));
        __m512i kl, kh;
        coverage_factors16(cov + i, (__mmask16)(m & ~inside), opv, &kl, &kh);
        out = over16_each(d, s, kl, kh);
    } else if (uniform) {
        out = over16_one_colour(d, s, ia16);
    } else {
        out = scaled ? over16(d, s, k16, 1) : over16_unscaled(d, s);
    }
    if (whole) _mm512_storeu_si512((void *)(dst + i), out);
    else _mm512_mask_storeu_epi32(dst + i, m, out);
}

/// Pass 1 of a chunk of a stepped conic row at AVX-512: the table indices of lanes lane ... lane + n − 1
/// into idx and each group's unsure lanes into unsure, two groups at a time (conic_steps16n), then
/// the last one; no calls in these loops. Returns whether any lane is unsure.
AVX512_ONLY __attribute__((always_inline)) static inline unsigned conic_pass1_avx512(const ConicSteps *cs, __m512 l, int32_t n, int32_t *idx,
                                                                                    uint16_t *unsure, int wrap) {
    unsigned any = 0;
    int32_t j = 0;
    for (; j + 32 <= n; j += 32, l = _mm512_add_ps(l, _mm512_set1_ps(32))) {
        const __m512 ls[2] = { l, _mm512_add_ps(l, _mm512_set1_ps(16)) };
        __m512i ix[2];
        unsigned un[2];
        conic_steps16n(cs, ls, 2, ix, un, wrap);
        _mm512_storeu_si512((void *)(idx + j), ix[0]);
        _mm512_storeu_si512((void *)(idx + j + 16), ix[1]);
        unsure[j / 16] = (uint16_t)un[0];
        unsure[j / 16 + 1] = (uint16_t)un[1];
        any |= un[0] | un[1];
    }
    for (; j < n; j += 16, l = _mm512_add_ps(l, _mm512_set1_ps(16))) {
        __m512i ix;
        unsigned un;
        conic_steps16n(cs, &l, 1, &ix, &un, wrap);
        _mm512_storeu_si512((void *)(idx + j), ix);
        unsure[j / 16] = (uint16_t)un;
        any |= un;
    }
    return any;
}

AVX512BW_ONLY __attribute__((always_inline)) static inline void over_plan_avx512_u(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                  int32_t px0, int32_t count, uint32_t *dst,
                                                                                  const float *cov, int32_t full0, int32_t full1, float op, int wide,
                                                                                  int gather, int uniform) {
    const __m512i ia16 = _mm512_set1_epi16(uniform ? ia_factors[p->ia] : 0);
    __m512d px = _mm512_add_pd(_mm512_add_pd(_mm512_set1_pd((double)px0), _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7)), _mm512_set1_pd(0.5));
    const __m512d sixteen = _mm512_set1_pd(16);
    const uint32_t k = coverage_k(1.0f, op);
    const __m512i k16 = _mm512_set1_epi16((short)k);
    const __m512 opv = _mm512_set1_ps(op);
    const int scaled = k != 255;
    __m512 lane = lanes16(0);
    int32_t i = 0;
    if (path == PLAN_STEPS_CONIC) {
        // Conic rows in two passes a chunk (see "conic rows in two passes").
        for (int32_t c0 = 0; c0 < count; c0 += CONIC_CHUNK) {
            const int32_t n = count - c0 < CONIC_CHUNK ? count - c0 : CONIC_CHUNK;
            int32_t idx[CONIC_CHUNK];
            uint16_t unsure[CONIC_CHUNK / 16];
            // The row's wrap check as a constant in each loop.
            const unsigned any = p->conic.wrap ? conic_pass1_avx512(&p->conic, lane, n, idx, unsure, 1)
                                               : conic_pass1_avx512(&p->conic, lane, n, idx, unsure, 0);
            int32_t j;
            // The unsure lanes worked out again, after the vector loop.
            if (any)
                for (j = 0; j < n; j += 16)
                    if (unsure[j / 16]) fix_lanes(g, p, path, idx + j, unsure[j / 16], px0 + c0 + j, n - j);
            j = 0;
            for (; j + 16 <= n; j += 16)
                over_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, wide, gather, c0 + j, px, lane, 1, (__mmask16)0xFFFF, k16, opv,
                                  scaled, idx + j, uniform, ia16);
            if (j < n)
                over_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, wide, gather, c0 + j, px, lane, 0,
                                  (__mmask16)((1u << (n - j)) - 1), k16, opv, scaled, idx + j, uniform, ia16);
            lane = _mm512_add_ps(lane, _mm512_set1_ps((float)CONIC_CHUNK));
        }
        return;
    }
    // The whole groups, then the last one's lanes.
    for (; i + 16 <= count; i += 16, px = _mm512_add_pd(px, sixteen), lane = _mm512_add_ps(lane, _mm512_set1_ps(16)))
        over_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, wide, gather, i, px, lane, 1, (__mmask16)0xFFFF, k16, opv, scaled, NULL,
                          uniform, ia16);
    if (i < count)
        over_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, wide, gather, i, px, lane, 0, (__mmask16)((1u << (count - i)) - 1), k16,
                          opv, scaled, NULL, uniform, ia16);
}
/// over_plan_avx512_u without a table of one alpha.
AVX512BW_ONLY __attribute__((always_inline)) static inline void over_plan_avx512(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                int32_t px0, int32_t count, uint32_t *dst,
                                                                                const float *cov, int32_t full0, int32_t full1, float op, int wide,
                                                                                int gather) {
    over_plan_avx512_u(g, p, path, px0, count, dst, cov, full0, full1, op, wide, gather, 0);
}

/// The fused loop at AVX-512 with every group's colours by a gather (see "colours by gathers or by
/// permutes"); p->path is neither PLAN_ONE_COLOR nor PLAN_PORTABLE.
AVX512BW_ONLY __attribute__((noinline)) static void over_gather_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                      uint32_t *dst, const float *cov, int32_t full0, int32_t full1, float op) {
    switch (p->path) {
    case PLAN_STEPS_AXIAL: over_plan_avx512(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    case PLAN_STEPS_RADIAL: over_plan_avx512(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    case PLAN_AXIAL: over_plan_avx512(g, p, PLAN_AXIAL, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    case PLAN_RADIAL: over_plan_avx512(g, p, PLAN_RADIAL, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    case PLAN_CONIC: over_plan_avx512(g, p, PLAN_CONIC, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    default: over_plan_avx512(g, p, PLAN_STEPS_CONIC, px0, count, dst, cov, full0, full1, op, 0, 1); return;
    }
}

// ---- tables of one alpha --------------------------------------------------------------------------
//
// A gradient whose colours all have one alpha A (stops of one opacity, as most are) blends every
// pixel of factor 255 with the same 255 − A: over16_unscaled (over8_unscaled) works it out from
// each colour's alpha byte, the loops below take it once for the row (the same value, so the same
// pixels), and divide each channel's product by 255 as one rounded high product by ia_factors[ia]
// (the same values for every byte): six operations a group less. Their stepped axial rows also leave out the clamp to
// 0 ... 255.5 when both ends of the row (lanes 0 and count − 1) lie in [0, 255.5): f = F0 + F1·i is
// monotone in i (each operation correctly rounded, a fused multiply-add at AVX-512 and with FMA at
// AVX2), so every lane of the row lies between them and the clamp changes none; the last group,
// whose lanes past the row may lie outside (and are gathered all the same), keeps it. These loops
// take the rows of lk_gradient_over_rows_x86 with gathers; at AVX-512 where colours come by
// permutes, over_plan_avx512 with the same blend (over16_uniform) takes them, its colours by
// lookup64 (over_uniform_lookup_avx512) or, for narrow rows, lookup16's window
// (over_uniform_window_avx512: the linear row on AMD Zen 4 1.81 -> 1.56 ms, 2026-12-01); other rows
// keep the loops above.
// Stepped conic rows of such a table keep their loops (over_plan_avx512, over_plan_avx2 with FMA
// and gathers) with the blend of their second pass (the inside of a row) by over16_uniform
// (over8_one_colour): over_uniform_conic_avx512, over_uniform_conic_avx2_fma.

/// 255 − the alpha of every colour of `table` when they all have one alpha, else −1 (no branch a
/// colour: the compiler makes it a vector loop).
static int uniform_ia(const uint32_t *table) {
    uint32_t differ = 0;
    for (int i = 0; i < 256; i++) differ |= table[i] ^ table[0];
    return differ >> 24 ? -1 : 255 - (int)(table[0] >> 24);
}

/// Whether the stepped axial row's f at lanes 0 and count − 1 (the loop's arithmetic) both lie in
/// [0, 255.5): then so do all of its lanes' (see "tables of one alpha").
AVX512BW_ONLY static inline int axial_unclamped16(const RowPlan *p, int32_t count) {
    const __m512 ends = _mm512_setr_ps(0, (float)(count - 1), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512 f = steps_f16(&p->steps, LAMINA_GRADIENT_AXIAL, ends);
    const __mmask16 in = _mm512_cmp_ps_mask(f, _mm512_setzero_ps(), _CMP_GE_OQ) & _mm512_cmp_ps_mask(f, _mm512_set1_ps(255.5f), _CMP_LT_OQ);
    return (in & 3) == 3;
}

/// One group of uniform_plan_avx512: the sixteen pixels from i (lanes `lane`), lanes `m` of them
/// (all when `whole`); indices as indices16 gives them (clamped unless `clamp` is 0), colours by a
/// gather, blended as over_group_avx512 does with factor 255 (k16 unused), the inside with `ia16`.
AVX512BW_ONLY __attribute__((always_inline)) static inline void uniform_group_avx512(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                    int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                                    int32_t full0, int32_t full1, int32_t i, __m512 lane, int whole,
                                                                                    __mmask16 m, __m512i ia16, __m512 opv, int clamp) {
    const int kind = path == PLAN_STEPS_AXIAL ? LAMINA_GRADIENT_AXIAL : LAMINA_GRADIENT_RADIAL;
    const __m512 f = steps_f16(&p->steps, kind, lane);
    __mmask16 unsure;
    __m512i index;
    if (clamp) {
        index = steps_index16(f, _mm512_set1_ps(p->steps.margin), &unsure);
    } else {
        unsure = _mm512_cmp_ps_mask(_mm512_abs_ps(near_part16(f)), _mm512_set1_ps(p->steps.margin), _CMP_LT_OQ);
        index = _mm512_cvttps_epi32(f);
    }
    if (unsure) {
        int32_t fixed[16];
        _mm512_storeu_si512((void *)fixed, index);
        fix_lanes(g, p, path, fixed, unsure, px0 + i, count - i);
        index = _mm512_loadu_si512((const void *)fixed);
    }
    const __m512i s = _mm512_i32gather_epi32(index, (const int *)g->table, 4);
    const __m512i d = whole ? _mm512_loadu_si512((const void *)(dst + i)) : _mm512_maskz_loadu_epi32(m, dst + i);
    __m512i out;
    if (cov && (i < full0 || i + 16 > full1)) {
        const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m512i at = _mm512_add_epi32(_mm512_set1_epi32(i), lanes);
        const __mmask16 inside = _mm512_cmpge_epi32_mask(at, _mm512_set1_epi32(full0)) & _mm512_cmplt_epi32_mask(at, _mm512_set1_epi32(full1));
        __m512i kl, kh;
        coverage_factors16(cov + i, (__mmask16)(m & ~inside), opv, &kl, &kh);
        out = over16_each(d, s, kl, kh);
    } else {
        // over16_unscaled with its factor 255 − alpha the same in every lane: each channel's
        // div255(x·ia) as one rounded high product by ia16 = ia_factors[ia].
        out = over16_one_colour(d, s, ia16);
    }
    if (whole) _mm512_storeu_si512((void *)(dst + i), out);
    else _mm512_mask_storeu_epi32(dst + i, m, out);
}

/// A stepped axial or radial row (`path`) whose table has one alpha (p->ia, not −1), factor 255
/// (coverage_k(1, op)): over_plan_avx512's pixels with gathers.
AVX512BW_ONLY __attribute__((always_inline)) static inline void uniform_plan_avx512(const LaminaGradientRow *g, const RowPlan *p, PlanPath path,
                                                                                   int32_t px0, int32_t count, uint32_t *dst, const float *cov,
                                                                                   int32_t full0, int32_t full1, float op, int clamp) {
    const __m512i ia16 = _mm512_set1_epi16(ia_factors[p->ia]);
    const __m512 opv = _mm512_set1_ps(op);
    __m512 lane = lanes16(0);
    int32_t i = 0;
    for (; i + 16 <= count; i += 16, lane = _mm512_add_ps(lane, _mm512_set1_ps(16)))
        uniform_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, i, lane, 1, (__mmask16)0xFFFF, ia16, opv, clamp);
    if (i < count)
        uniform_group_avx512(g, p, path, px0, count, dst, cov, full0, full1, i, lane, 0, (__mmask16)((1u << (count - i)) - 1), ia16, opv, 1);
}

/// uniform_plan_avx512 of a stepped axial or radial row, the path and the clamp as constants.
AVX512BW_ONLY __attribute__((noinline)) static void over_uniform_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count,
                                                                       uint32_t *dst, const float *cov, int32_t full0, int32_t full1, float op) {
    if (p->path == PLAN_STEPS_RADIAL) uniform_plan_avx512(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 1);
    else if (axial_unclamped16(p, count)) uniform_plan_avx512(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 0);
    else uniform_plan_avx512(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 1);
}

/// A stepped axial or radial row whose table has one alpha (p->ia, not −1), factor 255
/// (coverage_k(1, op)), its colours by lookup64: over_plan_avx512's pixels, the blend by
/// over16_uniform (where the CPU fetches colours by permutes; over_uniform_avx512 gathers).
AVX512BW_ONLY __attribute__((noinline)) static void over_uniform_lookup_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0,
                                                                              int32_t count, uint32_t *dst, const float *cov, int32_t full0,
                                                                              int32_t full1, float op) {
    if (p->path == PLAN_STEPS_RADIAL) over_plan_avx512_u(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 1, 0, 1);
    else over_plan_avx512_u(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 1, 0, 1);
}

/// over_uniform_lookup_avx512 of a narrow row (steps_narrow: its colours by lookup16's window of
/// 32 entries, as over_plan_avx512 fetches them), the blend by over16_uniform: most rows of a
/// linear gradient over a rectangle up to a few hundred pixels wide (see "tables of one alpha").
AVX512BW_ONLY __attribute__((noinline)) static void over_uniform_window_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0,
                                                                              int32_t count, uint32_t *dst, const float *cov, int32_t full0,
                                                                              int32_t full1, float op) {
    if (p->path == PLAN_STEPS_RADIAL) over_plan_avx512_u(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 0, 0, 1);
    else over_plan_avx512_u(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 0, 0, 1);
}

/// A stepped conic row whose table has one alpha (p->ia, not −1), factor 255 (coverage_k(1, op)):
/// over_plan_avx512's pixels with gathers, the blend by over16_uniform.
AVX512BW_ONLY __attribute__((noinline)) static void over_uniform_conic_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0,
                                                                             int32_t count, uint32_t *dst, const float *cov, int32_t full0,
                                                                             int32_t full1, float op) {
    over_plan_avx512_u(g, p, PLAN_STEPS_CONIC, px0, count, dst, cov, full0, full1, op, 0, 1, 1);
}

/// lk_gradient_over_avx512 of a row planned as `p` (by plan_row).
AVX512BW_ONLY static int over_planned_avx512(const LaminaGradientRow *g, const RowPlan *p, int32_t px0, int32_t count, uint32_t *dst,
                                             const float *cov, int32_t full0, int32_t full1, float op) {
    // One-colour rows and the portable fallback are left to the caller.
    if (p->path != PLAN_ONE_COLOR && p->path != PLAN_PORTABLE && use_gathers()) {
        if (p->ia >= 0 && (p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL) && coverage_k(1.0f, op) == 255) {
            over_uniform_avx512(g, p, px0, count, dst, cov, full0, full1, op);
            return 1;
        }
        if (p->ia >= 0 && p->path == PLAN_STEPS_CONIC && coverage_k(1.0f, op) == 255) {
            over_uniform_conic_avx512(g, p, px0, count, dst, cov, full0, full1, op);
            return 1;
        }
        over_gather_avx512(g, p, px0, count, dst, cov, full0, full1, op);
        return 1;
    }
    // Stepped rows whose colours change fast (a small radial gradient: sixteen pixels' indices
    // seldom within the 32 entries of lookup16's window) look their colours up in the whole table
    // (lookup256), measured faster (AMD Zen 4) than through a buffer of colours filled by loads.
    if ((p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL) && !p->narrow) {
        if (p->ia >= 0 && coverage_k(1.0f, op) == 255) {
            // A table of one alpha (see "tables of one alpha"), as over_uniform_avx512 with permutes.
            over_uniform_lookup_avx512(g, p, px0, count, dst, cov, full0, full1, op);
            return 1;
        }
        if (p->path == PLAN_STEPS_AXIAL) over_plan_avx512(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 1, 0);
        else over_plan_avx512(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 1, 0);
        return 1;
    }
    if ((p->path == PLAN_STEPS_AXIAL || p->path == PLAN_STEPS_RADIAL) && p->ia >= 0 && coverage_k(1.0f, op) == 255) {
        // A narrow row of a table of one alpha.
        over_uniform_window_avx512(g, p, px0, count, dst, cov, full0, full1, op);
        return 1;
    }
    switch (p->path) {
    case PLAN_STEPS_AXIAL: over_plan_avx512(g, p, PLAN_STEPS_AXIAL, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_STEPS_RADIAL: over_plan_avx512(g, p, PLAN_STEPS_RADIAL, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_AXIAL: over_plan_avx512(g, p, PLAN_AXIAL, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_RADIAL: over_plan_avx512(g, p, PLAN_RADIAL, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_CONIC: over_plan_avx512(g, p, PLAN_CONIC, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    case PLAN_STEPS_CONIC: over_plan_avx512(g, p, PLAN_STEPS_CONIC, px0, count, dst, cov, full0, full1, op, 0, 0); return 1;
    default: return 0;
    }
}

AVX512BW_ONLY LK_HIDDEN int lk_gradient_over_avx512(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *dst,
                                                    const float *cov, int32_t full0, int32_t full1, float op, LkGradientRowsCache *cache) {
    RowPlan p;
    plan_row(g, px0, count, &p, cache);
    return over_planned_avx512(g, &p, px0, count, dst, cov, full0, full1, op);
}

// ---- the rows of one rectangle -------------------------------------------------------------------
//
// lk_gradient_over_rows_x86 paints lamina_gradient_over_rows' rows without going through
// lamina_gradient_over's layers for each: each row planned as plan_row plans it with the rows'
// cache (rect_plan, which works out only the row's own values, falls back to plan_row), then the
// level's fused loop. The same plans, so the same pixels; about 10 ns less a row.

/// The plan of row `g` of a rectangle whose cache holds its shared values (rect_margin's or
/// rect_conic's state 1, the shared GradientStepsShared for g's rowW, and a0): what plan_row gives
/// with that cache; 0 (p unset) when the cache does not hold them, or the row's values are too
/// large for a stepped row (plan_row then plans it).
static inline int rect_plan(const LaminaGradientRow *g, int32_t px0, int32_t count, RowPlan *p, const LkGradientRowsCache *cache) {
    if (!(g->c == 0 && g->rowW != 0 && cache->hasEnds && cache->rowW == g->rowW)) return 0;
    const GradientStepsShared *h = &cache->shared;
    if (g->kind == LAMINA_GRADIENT_AXIAL || g->kind == LAMINA_GRADIENT_RADIAL) {
        if (cache->rectState != 1 || !rect_row_steps(g, h, px0, cache, &p->steps)) return 0;
        p->path = g->kind == LAMINA_GRADIENT_AXIAL ? PLAN_STEPS_AXIAL : PLAN_STEPS_RADIAL;
        p->narrow = cache->rectNarrow;
        p->color = 0;
        p->a0 = 0;
        p->axis = 0;
        p->ia = -1;
        return 1;
    }
    if (g->kind != LAMINA_GRADIENT_CONIC || cache->conicState != 1 || !cache->hasA0 || !isfinite(cache->a0) || count > (1 << 22)) return 0;
    double X0, X1, Y0, Y1;
    const ConicTurn turn = { cache->conicTurn[0], cache->conicTurn[1] };
    conic_offsets_from(g, h->inv, px0, &turn, &X0, &X1, &Y0, &Y1);
    conic_steps_fill(X0, X1, Y0, Y1, cache->conicBound, count, &p->conic);
    p->path = PLAN_STEPS_CONIC;
    p->a0 = cache->a0;
    p->color = 0;
    p->ia = -1;
    conic_axis(g, p, h);
    return 1;
}

LK_HIDDEN int32_t lk_gradient_over_rows_x86(int32_t level, const LaminaGradientRow *row, double mx, double gx, double my, double gy,
                                            double mw, double gw, int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst,
                                            intptr_t stride, const float *coverage, intptr_t coverageStride, const int32_t *full,
                                            float op, uint32_t k, LkGradientRowsCache *cache) {
    LaminaGradientRow r = *row;
    // One factor for every pixel's blend when the colours have one alpha (see "tables of one alpha").
    const int ia = r.kind == LAMINA_GRADIENT_AXIAL || r.kind == LAMINA_GRADIENT_RADIAL || r.kind == LAMINA_GRADIENT_CONIC ? uniform_ia(r.table) : -1;
    for (int32_t y = 0; y < rows; y++) {
        // Two rows ahead, as lamina_gradient_over_rows.
        if (y + 2 < rows) lk_prefetch_row(dst + (intptr_t)(y + 2) * stride, (intptr_t)count * 4);
        // The row's coverage and inside, clamped as lamina_gradient_over_rows_coverage clamps them;
        // a row covered whole is a row without coverage, left alone when k is 0.
        const float *cov = NULL;
        int32_t full0 = 0, full1 = count;
        if (coverage) {
            full0 = full[2 * y]; full1 = full[2 * y + 1];
            full0 = full0 < 0 ? 0 : (full0 > count ? count : full0);
            full1 = full1 < full0 ? full0 : (full1 > count ? count : full1);
            if (full0 == 0 && full1 == count) {
                if (!k) continue;
            } else {
                cov = coverage + (intptr_t)y * coverageStride;
            }
        }
        const double py = (double)(y0 + y) + 0.5;
        r.rowX = py * mx + gx; r.rowY = py * my + gy; r.rowW = py * mw + gw;
        RowPlan p;
        if (!rect_plan(&r, px0, count, &p, cache)) plan_row(&r, px0, count, &p, cache);
        p.ia = ia;
        uint32_t *d = dst + (intptr_t)y * stride;
        const int done = level == LAMINA_LEVEL_AVX512 ? over_planned_avx512(&r, &p, px0, count, d, cov, full0, full1, op)
                                                      : over_planned_avx2(&r, &p, px0, count, d, k, cov, full0, full1, op);
        if (!done) return y;
    }
    return rows;
}

#endif
