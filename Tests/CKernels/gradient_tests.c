// Gradient rows: axial, radial and conic, and rows a hair from rounding steps.
#include "kernel_tests.h"

/// The gradient parameter of layer point (x, y), from the formulas in CPixelKernels.h (volatile:
/// each operation rounded on its own).
static double ref_gradient_t(int32_t kind, double sx, double sy, double ex, double ey, double x, double y) {
    volatile double dx = ex - sx, dy = ey - sy, ox = x - sx, oy = y - sy;
    if (kind == LAMINA_GRADIENT_AXIAL) {
        volatile double dx2 = dx * dx, dy2 = dy * dy, len2 = dx2 + dy2;
        if (!(len2 > 0)) return 0;
        volatile double pa = ox * dx, pb = oy * dy, dot = pa + pb;
        return dot / len2;
    }
    if (kind == LAMINA_GRADIENT_RADIAL) {
        double rx = fabs(dx), ry = fabs(dy);
        if (rx == 0 && ry == 0) return 1;
        volatile double u = rx > 0 ? ox / rx : (x == sx ? 0 : INFINITY), v = ry > 0 ? oy / ry : (y == sy ? 0 : INFINITY);
        volatile double u2 = u * u, v2 = v * v, sum = u2 + v2;
        return sqrt(sum);
    }
    volatile double a = atan2(oy, ox) - atan2(dy, dx);
    while (a < 0) a += 2 * M_PI;
    while (a >= 2 * M_PI) a -= 2 * M_PI;
    return a / (2 * M_PI);
}

/// The table index of a parameter: clamped to [0, 1], ·255, rounded half up (round() is half away
/// from zero, the same for these values); NaN: 0.
static uint32_t ref_gradient_index(double t) {
    if (isnan(t)) return 0;
    volatile double u = t < 0 ? 0 : t > 1 ? 1 : t;
    volatile double v = u * 255;
    return (uint32_t)round(v);
}

/// Axial and radial rows whose pixel centres fall within a few units in the last place of a
/// rounding step of the reference (axes a hair longer or shorter than 255, 510, 127.5, 85 and
/// 1020 units, at several scales): where a stepped row must work lanes out again by the formula.
void test_gradient_near_steps(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double bases[] = { 255, 510, 127.5, 85, 1020 }, scales[] = { 1, 0.5, 2, 1.0 / 3 };
    for (int bi = 0; bi < 5; bi++)
        for (int ulps = -6; ulps <= 6; ulps++)
            for (int si = 0; si < 4; si++)
                for (int32_t kind = LAMINA_GRADIENT_AXIAL; kind <= LAMINA_GRADIENT_RADIAL; kind++) {
                    double len = bases[bi] * (1 + ulps * 0x1p-52), a = scales[si];
                    double ex = len, ey = kind == LAMINA_GRADIENT_RADIAL ? len : 0;
                    int32_t px0 = -30, n = MAXN < 1400 ? MAXN : 1400;
                    for (int32_t i = 0; i < n; i++) {
                        volatile double px = (double)(px0 + i) + 0.5, x = px * a, y = 0.5;
                        want[i] = table[ref_gradient_index(ref_gradient_t(kind, 0, 0, ex, ey, x, y))];
                        input[i] = 0x5A5A5A5Au;
                    }
                    LaminaGradientRow row = { kind, 0, 0, ex, ey, a, 0, 0, 0, 0.5, 1, table };
                    LABEL("lamina_shade_gradient (%s, axis %.17g, scale %g)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", len, a);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
                    // The same colours blended as they are made (the fused loops redo the same lanes).
                    premultiplied_row(input, n);
                    for (int32_t i = 0; i < n; i++) {
                        volatile double px = (double)(px0 + i) + 0.5, x = px * a, y = 0.5;
                        want[i] = ref_over(input[i], table[ref_gradient_index(ref_gradient_t(kind, 0, 0, ex, ey, x, y))], 255);
                    }
                    LABEL("lamina_gradient_over (%s, axis %.17g, scale %g)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", len, a);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over(&row, px0, n, out, NULL, 0, 0, 1.0f));
                }
}

/// Stepped rows far from the layer's origin and long (the vector versions step them in float, with
/// a margin that grows with the row's start value and length): axes within a few millionths of 255
/// and 510 units starting 3000-5000 units out, rows of 1400 pixels crossing them (their parameter
/// drifts through 1e-3 of every rounding step, so that many pixel centres fall within float rounding
/// errors of one), and radial rows through a far centre.
void test_gradient_far_steps(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double bases[] = { 255, 510 }, starts[] = { 3000, 4999, 4096.25 };
    for (int bi = 0; bi < 2; bi++)
        for (int ulps = -3; ulps <= 3; ulps++)
            for (int si = 0; si < 3; si++)
                for (int32_t kind = LAMINA_GRADIENT_AXIAL; kind <= LAMINA_GRADIENT_RADIAL; kind++) {
                    double len = bases[bi] * (1 + ulps * 1.3e-6), sx = starts[si];
                    double ex = sx + len, ey = kind == LAMINA_GRADIENT_RADIAL ? len : 0;
                    int32_t n = MAXN < 1400 ? MAXN : 1400, px0 = (int32_t)sx - n / 2;
                    for (int32_t i = 0; i < n; i++) {
                        volatile double px = (double)(px0 + i) + 0.5, x = px, y = 0.5;
                        want[i] = table[ref_gradient_index(ref_gradient_t(kind, sx, 0, ex, ey, x, y))];
                        input[i] = 0x5A5A5A5Au;
                    }
                    LaminaGradientRow row = { kind, sx, 0, ex, ey, 1, 0, 0, 0, 0.5, 1, table };
                    LABEL("lamina_shade_gradient (%s, far: start %g, axis %.17g)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", sx, len);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
                    premultiplied_row(input, n);
                    for (int32_t i = 0; i < n; i++) {
                        volatile double px = (double)(px0 + i) + 0.5, x = px, y = 0.5;
                        want[i] = ref_over(input[i], table[ref_gradient_index(ref_gradient_t(kind, sx, 0, ex, ey, x, y))], 255);
                    }
                    LABEL("lamina_gradient_over (%s, far: start %g, axis %.17g)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", sx, len);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over(&row, px0, n, out, NULL, 0, 0, 1.0f));
                }
}

/// lamina_gradient_over_rows on rectangles far out whose rows cross the rounding steps (axes within
/// a few millionths of 255 and 510 units, centres 3000-5000 units out, rows of 400-1400 pixels, the
/// rows' y rising or falling): every row of one rectangle takes one margin worked out from its first
/// and last rows, which must hold on the rows between them (the x86 levels' stepped rows).
void test_gradient_rows_far(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double bases[] = { 255, 510 }, starts[] = { 3000, 4999, 4096.25 };
    for (int bi = 0; bi < 2; bi++)
        for (int ulps = -3; ulps <= 3; ulps++)
            for (int si = 0; si < 3; si++)
                for (int32_t kind = LAMINA_GRADIENT_AXIAL; kind <= LAMINA_GRADIENT_RADIAL; kind++) {
                    double len = bases[bi] * (1 + ulps * 1.3e-6), sx = starts[si], sy = drand(-3000, 3000);
                    double ex = sx + len, ey = sy + (kind == LAMINA_GRADIENT_RADIAL ? len : 0);
                    int32_t count = irand(400, 1400), rows = MAXN / count < 8 ? MAXN / count : 8;
                    int32_t px0 = (int32_t)sx - count / 2, y0 = irand(-20, 20);
                    // Rows through the axis or the centre: y = py·my + gy, my = ±1 or a shallow slope.
                    double my = chance(0.5) ? (chance(0.5) ? 1.0 : -1.0) : drand(-0.2, 0.2), gy = sy - ((double)y0 + 0.5) * my;
                    double b = kind == LAMINA_GRADIENT_AXIAL ? drand(-1e-3, 1e-3) : 0;
                    int32_t n = (rows - 1) * count + count;
                    premultiplied_row(input, n);
                    for (int32_t y = 0; y < rows; y++) {
                        volatile double py = (double)(y0 + y) + 0.5, ty = py * my, rowY = ty + gy;
                        for (int32_t i = 0; i < count; i++) {
                            volatile double px = (double)(px0 + i) + 0.5, nx = px * 1.0, ny = px * b;
                            nx = nx + 0.0; ny = ny + rowY;
                            volatile double x = nx * 1.0, yy = ny * 1.0;
                            uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                            want[y * count + i] = ref_over(input[y * count + i], color, 255);
                        }
                    }
                    LaminaGradientRow row = { kind, sx, sy, ex, ey, 1, b, 0, 0, 0, 0, table };
                    LABEL("lamina_gradient_over_rows (%s, far: start %g, axis %.17g, %d x %d)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial",
                          sx, len, count, rows);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over_rows(&row, 0, 0, my, gy, 0, 1, y0, rows, px0, count, out, count, 1.0f));
                }
}

/// lamina_gradient_over_rows on far rectangles as test_gradient_rows_far, with an oblique axis and
/// an elliptical radial gradient, each along x and, transposed (rows running along y: a = 0, b = 1),
/// along y: axial start→end (204, 102)·s, so that len² = 255·204·s² and f is x − sx + ½ on the
/// row through the start (s = 1: every pixel on a rounding step; s a few millionths from 1: near
/// one), radial rx = 255·s and ry = 0.37·rx or 2.5·rx, its row through the centre likewise on the
/// steps (transposed: x and y swapped). The x86 levels' rows of one rectangle multiply by the
/// reciprocals of len² (axial), rx and ry (radial) instead of dividing: the lanes their float form
/// takes must still be the reference's.
void test_gradient_rows_far_oblique(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double starts[] = { 3000, 4999, 4096.25 }, ratios[] = { 0.37, 2.5 };
    for (int tr = 0; tr < 2; tr++)
        for (int ri = 0; ri < 2; ri++)
            for (int ulps = -3; ulps <= 3; ulps++)
                for (int si = 0; si < 3; si++)
                    for (int32_t kind = LAMINA_GRADIENT_AXIAL; kind <= LAMINA_GRADIENT_RADIAL; kind++) {
                        // Along the rows (u) and across them (v): the start, and the end's offsets.
                        double scale = 1 + ulps * 1.3e-6, su = starts[si], sv = drand(-3000, 3000);
                        double du = kind == LAMINA_GRADIENT_AXIAL ? 204 * scale : 255 * scale;
                        double dv = kind == LAMINA_GRADIENT_AXIAL ? 102 * scale : 255 * scale * ratios[ri];
                        double sx = tr ? sv : su, sy = tr ? su : sv, ex = sx + (tr ? dv : du), ey = sy + (tr ? du : dv);
                        int32_t count = irand(400, 1400), rows = MAXN / count < 8 ? MAXN / count : 8;
                        int32_t px0 = (int32_t)su - count / 2, y0 = irand(-20, 20);
                        // Rows through the start or the centre: v = py·m + g, m = ±1 or a shallow slope.
                        double m = chance(0.5) ? (chance(0.5) ? 1.0 : -1.0) : drand(-0.2, 0.2), gv = sv - ((double)y0 + 0.5) * m;
                        double a = tr ? 0.0 : 1.0, b = tr ? 1.0 : 0.0;
                        int32_t n = (rows - 1) * count + count;
                        premultiplied_row(input, n);
                        for (int32_t y = 0; y < rows; y++) {
                            volatile double py = (double)(y0 + y) + 0.5, tv = py * m, rowV = tv + gv;
                            volatile double rowX = tr ? rowV : 0.0, rowY = tr ? 0.0 : rowV;
                            for (int32_t i = 0; i < count; i++) {
                                volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
                                nx = nx + rowX; ny = ny + rowY;
                                volatile double x = nx * 1.0, yy = ny * 1.0;
                                uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                                want[y * count + i] = ref_over(input[y * count + i], color, 255);
                            }
                        }
                        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, 0, 0, 0, 0, table };
                        LABEL("lamina_gradient_over_rows (%s, far, oblique%s: start %g, %g, end %.17g, %.17g, %d x %d)",
                              kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", tr ? ", transposed" : "", sx, sy, ex, ey, count, rows);
                        AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over_rows(&row, tr ? m : 0, tr ? gv : 0, tr ? 0 : m, tr ? 0 : gv, 0, 1,
                                                                                     y0, rows, px0, count, out, count, 1.0f));
                    }
}

/// Conic rows laid along rays from the centre at the angles of the rounding steps, a0 + (k + ½)·2π/255
/// (every pixel's parameter within rounding errors of a step, where the vector versions' angle,
/// within 1e-6 radians of libm's, must be worked out again), and at a0 itself and a hair either
/// side of it (where the reference wraps), for random centres and start angles.
void test_gradient_conic_steps(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    for (int t = 0; t < 300; t++) {
        double sx = drand(-50, 50), sy = drand(-50, 50), a0 = drand(-3.1, 3.1);
        double ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        int k = irand(0, 254);
        double phi = t % 10 == 9 ? a0 + (t % 3 - 1) * 1e-9 : a0 + (k + 0.5) * (2 * M_PI / 255);
        double scale = drand(0.05, 3);
        double a = cos(phi) * scale, b = sin(phi) * scale;
        int32_t px0 = irand(0, 40), n = irand(16, 200);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + sx; ny = ny + sy;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))];
            input[i] = 0x5A5A5A5Au;
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, b, 0, sx, sy, 1, table };
        LABEL("lamina_shade_gradient (conic along a step's ray, trial %d, step %d)", t, k);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + sx; ny = ny + sy;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = ref_over(input[i], table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))], 255);
        }
        LABEL("lamina_gradient_over (conic along a step's ray, trial %d, step %d)", t, k);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over(&row, px0, n, out, NULL, 0, 0, 1.0f));
    }
}

/// lamina_gradient_over_rows on conic rectangles of three long rows whose middle row passes a hair
/// from the centre (as test_gradient_conic_near_centre), the centre far out or near: the rows share
/// the bounds of their offsets' errors worked out from the first and the last row.
void test_gradient_conic_rows_near_centre(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double dists[] = { 0, 1e-7, 1e-5, 1e-3, 3e-2, 0.3 };
    for (int t = 0; t < 240; t++) {
        double sx = t % 2 ? drand(-5000, 5000) : drand(-5, 5), sy = t % 2 ? drand(-5000, 5000) : drand(-5, 5);
        double a0 = drand(-3.1, 3.1), ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        double theta = t % 3 == 0 ? 0 : drand(-3.1, 3.1), scale = drand(0.01, 3), d = dists[t % 6] * (chance(0.5) ? 1 : -1);
        double a = cos(theta) * scale, b = sin(theta) * scale;
        int32_t n = irand(300, 1400), rows = 3, y0 = irand(-100, 100), px0 = irand(-3000, 3000);
        double pc = px0 + irand(0, n - 1) + (chance(0.5) ? 0.5 : drand(0, 1));
        // The middle row's rowX, rowY, each row a step (my, mx: perpendicular to the row) from it.
        double rowX = sx - pc * a - d * sin(theta), rowY = sy - pc * b + d * cos(theta);
        double step = chance(0.5) ? scale : drand(1e-4, 0.1);
        double mx = -sin(theta) * step, my = cos(theta) * step, ym = (double)(y0 + 1) + 0.5;
        double gx = rowX - ym * mx, gy = rowY - ym * my;
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my;
            volatile double rx = tx + gx, ry = ty + gy;
            for (int32_t i = 0; i < n; i++) {
                volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
                nx = nx + rx; ny = ny + ry;
                volatile double x = nx * 1.0, yy = ny * 1.0;
                input[y * n + i] = 0x5A5A5A5Au;
                want[y * n + i] = ref_over(input[y * n + i], table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, yy))], 255);
            }
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, b, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows (conic near its centre, trial %d, %d x 3 from %d, distance %g)", t, n, px0, d);
        AT_EVERY_LEVEL(rows * n, input, want, 0, lamina_gradient_over_rows(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, n, out, n, 1.0f));
    }
}

/// lamina_gradient_over_rows on conic rectangles whose rows run along the start→end direction (or
/// a hair off it, either way), a few rows a small step apart passing the centre's ray at 0 to 3
/// units either side, the centre near or far out, the rows' pixels past the centre or not: the
/// rows whose lanes cannot cross the wrap (the ray from the centre towards the end, where the
/// index goes from 255 to 0) leave its check out, the others keep it; each row must be its own
/// row's reference.
void test_gradient_conic_rows_along_cut(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double dists[] = { 0, 1e-9, 1e-7, 1e-5, 1e-3, 0.5, 3 };
    for (int t = 0; t < 280; t++) {
        double sx = t % 2 ? drand(-5000, 5000) : drand(-5, 5), sy = t % 2 ? drand(-5000, 5000) : drand(-5, 5);
        double a0 = t % 4 < 2 ? drand(-3.1, 3.1) : (chance(0.5) ? M_PI : 0.0), ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        // Along the direction, against it, or a hair off either.
        double theta = a0 + (chance(0.5) ? M_PI : 0) + (chance(0.5) ? 0 : drand(-1e-6, 1e-6)), scale = chance(0.5) ? 1 : drand(0.05, 3);
        double d = dists[t / 2 % 7] * (chance(0.5) ? 1 : -1);
        double a = cos(theta) * scale, b = sin(theta) * scale;
        int32_t n = irand(40, 700), rows = 5, y0 = irand(-100, 100), px0 = irand(-3000, 3000);
        // The pixel centre nearest the centre: inside the row, or before or past its ends.
        double pc = px0 + (chance(0.6) ? irand(0, n - 1) + (chance(0.5) ? 0.5 : drand(0, 1)) : (chance(0.5) ? -drand(1, 300) : n + drand(1, 300)));
        // The middle row passes the centre at d; each row a step (perpendicular to the row) from the next.
        double rowX = sx - pc * a - d * sin(theta), rowY = sy - pc * b + d * cos(theta);
        double step = chance(0.5) ? scale : drand(1e-7, 0.1) * (chance(0.5) ? 1 : -1);
        double mx = -sin(theta) * step, my = cos(theta) * step, ym = (double)(y0 + 2) + 0.5;
        double gx = rowX - ym * mx, gy = rowY - ym * my;
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my;
            volatile double rx = tx + gx, ry = ty + gy;
            for (int32_t i = 0; i < n; i++) {
                volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
                nx = nx + rx; ny = ny + ry;
                volatile double x = nx * 1.0, yy = ny * 1.0;
                input[y * n + i] = 0x5A5A5A5Au;
                want[y * n + i] = ref_over(input[y * n + i], table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, yy))], 255);
            }
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, b, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows (conic along its cut, trial %d, %d x 5 from %d, distance %g, step %g)", t, n, px0, d, step);
        AT_EVERY_LEVEL(rows * n, input, want, 0, lamina_gradient_over_rows(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, n, out, n, 1.0f));
    }
}

/// Conic rows that cross the centre's axes: rows along x through a pixel centre on the centre's
/// column (an offset x of exactly 0 there, the offset y from 0 to 500 units either side), and rows
/// along y crossing the centre's row (offset y 0) on either side of it, where atan2 has its cut:
/// lanes on the centre's column take the float series, lanes by the cut are worked out again.
void test_gradient_conic_axes(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double dists[] = { 0, 1e-6, 1e-3, 0.5, 3, 40, 500 };
    for (int t = 0; t < 560; t++) {
        const int alongY = t % 2;
        double sx = irand(-300, 300) + (chance(0.5) ? 0.5 : drand(0, 1)), sy = irand(-300, 300) + (chance(0.5) ? 0.5 : drand(0, 1));
        double a0 = t % 4 < 2 ? drand(-3.1, 3.1) : (chance(0.5) ? M_PI : 0.0);
        double ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        double scale = chance(0.5) ? 1 : drand(0.05, 3), d = dists[t / 2 % 7] * (chance(0.5) ? 1 : -1);
        int32_t n = irand(16, 400), px0 = irand(-200, 200);
        // The pixel centre of the row on the centre's column (row) when the row is along x (y).
        double pc = px0 + irand(0, n - 1) + 0.5;
        double a = alongY ? 0 : scale, b = alongY ? scale : 0;
        double rowX = alongY ? sx + d : sx - pc * a, rowY = alongY ? sy - pc * b : sy + d;
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))];
            input[i] = 0x5A5A5A5Au;
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, b, 0, rowX, rowY, 1, table };
        LABEL("lamina_shade_gradient (conic across an axis, trial %d, along %s, %d px from %d, distance %g)", t, alongY ? "y" : "x", n, px0, d);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = ref_over(input[i], table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))], 255);
        }
        LABEL("lamina_gradient_over (conic across an axis, trial %d, along %s, %d px from %d, distance %g)", t, alongY ? "y" : "x", n, px0, d);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over(&row, px0, n, out, NULL, 0, 0, 1.0f));
    }
}

/// Long conic rows on affine maps passing a hair from the centre (0 to 0.3 units, and through it:
/// offsets of exactly ±0), their centre far out (up to 5000 units) or near, sloping or not: where
/// the fused loops' offsets in float (from the row's start, one multiply-add a lane) err by far
/// more than a lane's own distance from the centre, and each lane's margins must grow by its slack.
void test_gradient_conic_near_centre(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double dists[] = { 0, 1e-7, 1e-5, 1e-3, 3e-2, 0.3 };
    for (int t = 0; t < 720; t++) {
        double sx = t % 2 ? drand(-5000, 5000) : drand(-5, 5), sy = t % 2 ? drand(-5000, 5000) : drand(-5, 5);
        double a0 = drand(-3.1, 3.1), ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        // The row's direction (along x, or sloping) and its scale, and how far it passes the centre.
        double theta = t % 3 == 0 ? 0 : drand(-3.1, 3.1), scale = drand(0.01, 3), d = dists[t % 6] * (chance(0.5) ? 1 : -1);
        double a = cos(theta) * scale, b = sin(theta) * scale;
        int32_t n = irand(600, MAXN < 1400 ? MAXN : 1400), px0 = irand(-3000, 3000);
        // The pixel centre (or a point between two) nearest the centre.
        double pc = px0 + irand(0, n - 1) + (chance(0.5) ? 0.5 : drand(0, 1));
        double rowX = sx - pc * a - d * sin(theta), rowY = sy - pc * b + d * cos(theta);
        if (t % 6 == 0 && chance(0.5)) { b = 0; rowY = sy; }   // the centre's own row: y − sy = 0 on every pixel
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))];
            input[i] = 0x5A5A5A5Au;
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, b, 0, rowX, rowY, 1, table };
        LABEL("lamina_shade_gradient (conic near its centre, trial %d, %d px from %d, distance %g)", t, n, px0, d);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * 1.0, y = ny * 1.0;
            want[i] = ref_over(input[i], table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, y))], 255);
        }
        LABEL("lamina_gradient_over (conic near its centre, trial %d, %d px from %d, distance %g)", t, n, px0, d);
        AT_EVERY_LEVEL(n, input, want, 0, lamina_gradient_over(&row, px0, n, out, NULL, 0, 0, 1.0f));
    }
}

void test_gradient(void) {
    static uint32_t table[256];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 900; t++) {
        int32_t kind = t % 3;
        for (int i = 0; i < 256; i++) table[i] = any_pixel();
        double sx = drand(-20, 60), sy = drand(-20, 60), ex = drand(-20, 60), ey = drand(-20, 60);
        int r = irand(0, 19);
        if (r == 0) { ex = sx; ey = sy; }            // no axis, no radius
        else if (r == 1) ex = sx;                    // radial: no x radius
        else if (r == 2) ey = sy;
        else if (r == 3) { ex = sx + 1e-3; ey = sy; } // a steep axis: t far outside [0, 1]
        int projective = t % 5 == 4;
        double angle = drand(0, 6.3), scale = drand(0.2, 3);
        double a = cos(angle) / scale, b = sin(angle) / scale, c = projective ? drand(-0.004, 0.004) : (chance(0.5) ? 0.0 : -0.0);
        double rowX = drand(-40, 80), rowY = drand(-40, 80), rowW = projective ? drand(0.6, 1.6) : (chance(0.2) ? drand(0.3, 2) : 1);
        if (chance(0.03)) rowW = 0;                  // every point at infinity (or NaN)
        if (chance(0.03)) a = NAN;                   // NaN parameters: index 0
        if (chance(0.05)) { a = 0; b = 0; }          // one point for the whole row
        // Pixel centres landing exactly on half steps of the table (t·255 = k + ½): the rounding.
        if (!projective && kind == LAMINA_GRADIENT_AXIAL && chance(0.2)) {
            sx = 0; sy = 0; ex = 255; ey = 0; a = 1; b = 0; rowX = 0; rowW = 1; c = 0;
        }
        // Conic rows along the start→end direction (the angle minus a0 exactly 0: where the
        // reference wraps), or on the start's own row with y − sy = ±0 (atan2's signed zeros).
        if (kind == LAMINA_GRADIENT_CONIC && chance(0.3)) {
            sx = 0; sy = 0; c = 0; rowW = 1;
            if (chance(0.5)) { ex = irand(-9, 9); ey = irand(1, 9) * (chance(0.5) ? 1 : -1); a = ex; b = ey; rowX = 0; rowY = 0; }
            else { ex = drand(-5, 5); ey = chance(0.5) ? 0.0 : -0.0; a = 1; b = -0.0; rowX = drand(-80, 0); rowY = chance(0.5) ? 0.0 : -0.0; }
        }
        int32_t px0 = irand(-60, 300), n = t < NSIZES ? sizes[t] % 120 : irand(0, 90);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, pc = px * c, w = pc + rowW, inv = 1 / w;
            volatile double nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * inv, y = ny * inv;
            want[i] = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, y))];
            input[i] = 0x5A5A5A5Au;
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, c, rowX, rowY, rowW, table };
        LABEL("lamina_shade_gradient (trial %d, %s%s, %d px from %d)", t, kinds[kind], projective ? ", projective" : "", n, px0);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15), lamina_shade_gradient(&row, px0, n, out));
    }
}

/// lamina_gradient_over: random rows of each kind (affine and projective), random premultiplied
/// tables and destinations, coverage rows of runs (zeros, ones, fractions) with an inside that
/// holds NaN (it must not be read), several opacities, rows longer than the kernel's chunk. Each
/// pixel must be the reference colour scaled by the reference factor over the destination.
void test_gradient_over(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 240; t++) {
        int32_t kind = t % 3;
        for (int i = 0; i < 256; i++) table[i] = premultiplied_pixel();
        double sx = drand(-20, 60), sy = drand(-20, 60), ex = drand(-20, 60), ey = drand(-20, 60);
        // Long axes too: gradients that change slowly along a row (sixteen pixels within a few
        // table entries, where the vector loops look colours up by a permute).
        if (t % 2 == 1) { ex = sx + drand(-1500, 1500); ey = sy + drand(-1500, 1500); }
        int projective = t % 7 == 6;
        double angle = drand(0, 6.3), scale = drand(0.2, 3);
        double a = cos(angle) / scale, b = sin(angle) / scale, c = projective ? drand(-0.004, 0.004) : 0.0;
        double rowX = drand(-40, 80), rowY = drand(-40, 80), rowW = projective ? drand(0.6, 1.6) : 1;
        int32_t px0 = irand(-60, 300), n = t % 10 == 9 ? irand(1000, MAXN) : irand(0, 300);
        float op = chance(0.3) ? 1.0f : (float)drand(0, 1.2);
        int useCoverage = t % 4 != 0;
        int32_t full0 = irand(-5, n + 5), full1 = irand(-5, n + 5);
        for (int32_t i = 0; i < n; ) {
            // Runs of one coverage value (as a clip's rows have), or single pixels.
            float v = chance(0.3) ? 1.0f : chance(0.2) ? 0.0f : (float)drand(0, 1);
            int32_t len = chance(0.5) ? 1 : irand(1, 40);
            for (int32_t j = 0; j < len && i < n; j++, i++) coverage[i] = v;
        }
        int32_t lo = full0 < 0 ? 0 : (full0 > n ? n : full0), hi = full1 < lo ? lo : (full1 > n ? n : full1);
        if (!useCoverage) { lo = 0; hi = n; }
        for (int32_t i = lo; i < hi && useCoverage; i++) coverage[i] = NAN;   // not read
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, pc = px * c, w = pc + rowW, inv = 1 / w;
            volatile double nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * inv, y = ny * inv;
            uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, y))];
            float v = i >= lo && i < hi ? 1.0f : coverage[i];
            want[i] = ref_over(input[i], color, ref_k(v, op));
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, c, rowX, rowY, rowW, table };
        LABEL("lamina_gradient_over (trial %d, %s%s, %d px from %d, op %g, %s)", t, kinds[kind], projective ? ", projective" : "",
              n, px0, (double)op, useCoverage ? "coverage" : "no coverage");
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_gradient_over(&row, px0, n, out, useCoverage ? coverage : NULL, full0, full1, op));
    }
}

/// lamina_gradient_over_rows: random maps (affine, affine with a w that changes from row to row, and
/// projective) over a few rows of a rectangle
/// inside a wider buffer; each row must be its own row's reference (rowX, rowY, rowW from the map),
/// and the pixels between the rows left alone.
void test_gradient_over_rows(void) {
    static uint32_t table[256];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 90; t++) {
        int32_t kind = t % 3;
        for (int i = 0; i < 256; i++) table[i] = premultiplied_pixel();
        double sx = drand(-20, 60), sy = drand(-20, 60), ex = sx + drand(-400, 400), ey = sy + drand(-400, 400);
        int projective = t % 5 == 4;
        double a = drand(-1.5, 1.5), b = drand(-1.5, 1.5), c = projective ? drand(-0.002, 0.002) : 0.0;
        double mx = drand(-1.5, 1.5), gx = drand(-50, 50), my = drand(-1.5, 1.5), gy = drand(-50, 50);
        double mw = projective ? drand(-0.002, 0.002) : 0.0, gw = projective ? drand(0.8, 1.2) : 1.0;
        // A w part that changes from row to row only (c = 0, mw ≠ 0): each row affine, rowW its own.
        if (t % 5 == 2) { mw = drand(-0.01, 0.01); gw = drand(0.8, 3); }
        int32_t count = irand(1, 120), rows = irand(1, 12), stride = count + irand(0, 20), y0 = irand(-20, 200), px0 = irand(-40, 200);
        // One trial in three a larger rectangle (2,048 pixels or more: its colours scaled once).
        if (t / 3 % 3 == 1) { count = irand(128, 200); rows = irand(16, 18); stride = count + irand(0, 20); }
        int32_t n = (rows - 1) * stride + count;
        float op = chance(0.5) ? 1.0f : (float)drand(0, 1);
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my, tw = py * mw;
            volatile double rowX = tx + gx, rowY = ty + gy, rowW = tw + gw;
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pc = px * c, w = pc + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * b;
                nx = nx + rowX; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(1.0f, op));
            }
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, c, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows (trial %d, %s%s, %d x %d)", t, kinds[kind], projective ? ", projective" : "", count, rows);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_gradient_over_rows(&row, mx, gx, my, gy, mw, gw, y0, rows, px0, count, out, stride, op));
    }
}

/// lamina_gradient_over_rows_coverage: random maps (affine with one w, affine with a w that changes
/// from row to row, projective) over a few rows of a rectangle inside a wider buffer, each row with
/// its own coverage row (runs of zeros, ones and fractions) and inside (NaN there: not read); each
/// row must be its own row's reference through its coverage, the pixels between the rows left alone.
void test_gradient_over_rows_coverage(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    static int32_t full[2 * 64];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 150; t++) {
        int32_t kind = t % 3;
        for (int i = 0; i < 256; i++) table[i] = premultiplied_pixel();
        double sx = drand(-20, 60), sy = drand(-20, 60), ex = sx + drand(-400, 400), ey = sy + drand(-400, 400);
        int projective = t % 5 == 4;
        double a = drand(-1.5, 1.5), b = drand(-1.5, 1.5), c = projective ? drand(-0.002, 0.002) : 0.0;
        double mx = drand(-1.5, 1.5), gx = drand(-50, 50), my = drand(-1.5, 1.5), gy = drand(-50, 50);
        double mw = projective ? drand(-0.002, 0.002) : 0.0, gw = projective ? drand(0.8, 1.2) : 1.0;
        if (t % 5 == 2) { mw = drand(-0.01, 0.01); gw = drand(0.8, 3); }
        int32_t count = irand(1, 200), rows = irand(1, 14), stride = count + irand(0, 20), y0 = irand(-20, 200), px0 = irand(-40, 200);
        int32_t n = (rows - 1) * stride + count;
        float op = chance(0.5) ? 1.0f : (float)drand(0, 1);
        for (int32_t y = 0; y < rows; y++) {
            float *cov = coverage + y * count;
            for (int32_t i = 0; i < count; ) {
                float v = chance(0.4) ? 1.0f : chance(0.3) ? 0.0f : (float)drand(0, 1);
                int32_t len = chance(0.5) ? 1 : irand(1, 30);
                for (int32_t j = 0; j < len && i < count; j++, i++) cov[i] = v;
            }
            // Insides: none, the whole row, or a stretch (clamped by the kernel when out of range).
            int pick = irand(0, 3);
            full[2 * y] = pick == 0 ? 0 : pick == 1 ? irand(-3, 0) : irand(-3, count + 3);
            full[2 * y + 1] = pick == 0 ? 0 : pick == 1 ? count + irand(0, 3) : irand(-3, count + 3);
        }
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my, tw = py * mw;
            volatile double rowX = tx + gx, rowY = ty + gy, rowW = tw + gw;
            int32_t lo = full[2 * y] < 0 ? 0 : (full[2 * y] > count ? count : full[2 * y]);
            int32_t hi = full[2 * y + 1] < lo ? lo : (full[2 * y + 1] > count ? count : full[2 * y + 1]);
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pc = px * c, w = pc + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * b;
                nx = nx + rowX; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                float v = i >= lo && i < hi ? 1.0f : coverage[y * count + i];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(v, op));
            }
            for (int32_t i = lo; i < hi; i++) coverage[y * count + i] = NAN;   // not read
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, c, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows_coverage (trial %d, %s%s, %d x %d, op %g)", t, kinds[kind], projective ? ", projective" : "",
              count, rows, (double)op);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_gradient_over_rows_coverage(&row, mx, gx, my, gy, mw, gw, y0, rows, px0, count, out, stride, coverage, count, full, op));
    }
}

/// lamina_gradient_over_rows and lamina_gradient_over_rows_coverage on rectangles with affine maps
/// of one w (stepped rows sharing the rectangle's plan) whose rows are longer than a chunk of the
/// conic rows' two passes (256 pixels), the centre inside the rectangle or outside it, rotated or
/// not; each row must be its own row's reference.
void test_gradient_rows_long(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    static int32_t full[2 * 64];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 60; t++) {
        int32_t kind = t % 3, withCoverage = t / 3 % 2;
        for (int i = 0; i < 256; i++) table[i] = premultiplied_pixel();
        int32_t count = irand(240, 800), rows = irand(2, 5), stride = count + irand(0, 9), y0 = irand(-20, 200), px0 = irand(-40, 200);
        const int rotated = t / 6 % 2;
        const double angle = rotated ? drand(0, 2 * M_PI) : 0, scale = drand(0.2, 3);
        double a = scale * cos(angle), b = scale * sin(angle), mx = -scale * sin(angle), my = scale * cos(angle);
        double gx = drand(-50, 50), gy = drand(-50, 50);
        // The centre among the rectangle's rows (rows through it or a hair from it) or away from them.
        const double cx = (double)px0 + drand(-0.2, 1.2) * count;
        const double cy = (double)y0 + (t / 12 % 2 ? drand(0, rows) : drand(-0.3, 0.3) * count);
        double sx = (cx + 0.5) * a + (cy + 0.5) * mx + gx, sy = (cx + 0.5) * b + (cy + 0.5) * my + gy;
        if (t % 4 == 3) { sx += drand(-0.5, 0.5); sy += drand(-0.5, 0.5); }
        double ex = sx + drand(-400, 400), ey = sy + drand(-400, 400);
        int32_t n = (rows - 1) * stride + count;
        float op = chance(0.5) ? 1.0f : (float)drand(0, 1);
        for (int32_t y = 0; y < rows; y++) {
            float *cov = coverage + y * count;
            for (int32_t i = 0; i < count; i++) cov[i] = chance(0.5) ? 1.0f : (float)drand(0, 1);
            full[2 * y] = irand(0, 40);
            full[2 * y + 1] = count - irand(0, 40);
        }
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my;
            volatile double rowX = tx + gx, rowY = ty + gy, rowW = 1.0;
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pc = px * 0.0, w = pc + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * b;
                nx = nx + rowX; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                float v = !withCoverage || (i >= full[2 * y] && i < full[2 * y + 1]) ? 1.0f : coverage[y * count + i];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(v, op));
            }
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows%s (long rows, trial %d, %s, %d x %d)", withCoverage ? "_coverage" : "", t, kinds[kind], count, rows);
        if (withCoverage) {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                           lamina_gradient_over_rows_coverage(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, count, out, stride, coverage, count, full, op));
        } else {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15), lamina_gradient_over_rows(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, count, out, stride, op));
        }
    }
}

/// lamina_gradient_over_rows and lamina_gradient_over_rows_coverage with tables whose colours all
/// have one alpha (the loops of "tables of one alpha" in gradient_x86.c), or all but one colour
/// (then the usual loops): axial, radial and conic rectangles of stepped rows (affine maps of one w),
/// the gradient across the rectangle as a card's (axial rows then mostly within 0 ... 255.5, no
/// clamp; conic about the centre, as the conic row of the vector benchmark) or along a random axis mostly along the rows, widths from 1 to 130 (the last group partial or whole), coverage or
/// not, op 1 mostly; each row must be its own row's reference.
void test_gradient_rows_one_alpha(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    static int32_t full[2 * 64];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 360; t++) {
        const int32_t kind = t % 2 + (t % 11 < 4 ? LAMINA_GRADIENT_CONIC - t % 2 : 0), withCoverage = t / 2 % 2, oneOff = t % 7 == 6;
        const uint32_t alpha = (uint32_t)(t % 5 == 0 ? 255 : irand(1, 254));
        for (int i = 0; i < 256; i++) {
            uint32_t a = alpha, c = a << 24;
            for (int sh = 0; sh < 24; sh += 8) c |= (uint32_t)irand(0, (int32_t)a) << sh;
            table[i] = c;
        }
        if (oneOff) {
            // One colour of another alpha.
            const uint32_t b = alpha == 255 ? 254 : alpha + 1;
            uint32_t c = b << 24;
            for (int sh = 0; sh < 24; sh += 8) c |= (uint32_t)irand(0, (int32_t)b) << sh;
            table[irand(0, 255)] = c;
        }
        int32_t count = t % 3 == 0 ? irand(1, 17) : irand(18, 130), rows = irand(1, 30);
        if (count * rows > 3600) rows = 3600 / count;
        const int32_t stride = count + irand(0, 9), y0 = irand(0, 200), px0 = irand(0, 200);
        // A card's map: layer (0, 0) ... (1, 1) over the rectangle, the gradient from its corner
        // (axial) or centre (radial) to the far corner; or a random axis.
        const double a = 1.0 / count, mx = 0, gx = -(double)px0 / count, my = 1.0 / rows, gy = -(double)y0 / rows;
        double sx = kind ? 0.5 : 0, sy = kind ? 0.5 : 0, ex = 1, ey = kind == LAMINA_GRADIENT_CONIC ? 0.5 : 1;
        // Or an axis mostly along the rows, ending or starting inside them (rows clamped past an end).
        if (t / 4 % 2 == 1) { sx = drand(-0.5, 0.8); sy = drand(-0.5, 0.5); ex = sx + (chance(0.5) ? 1 : -1) * drand(0.1, 1.5); ey = sy + drand(-0.3, 0.3); }
        const int32_t n = (rows - 1) * stride + count;
        const float op = t % 6 == 5 ? (float)drand(0, 1) : 1.0f;
        for (int32_t y = 0; y < rows; y++) {
            float *cov = coverage + y * count;
            for (int32_t i = 0; i < count; i++) cov[i] = chance(0.5) ? 1.0f : (float)drand(0, 1);
            full[2 * y] = irand(0, 13);
            full[2 * y + 1] = count - irand(0, 13);
        }
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * my;
            volatile double rowX = tx + gx, rowY = ty + gy, rowW = 1.0;
            const int32_t lo = full[2 * y] > count ? count : full[2 * y];
            const int32_t hi = full[2 * y + 1] < lo ? lo : full[2 * y + 1];
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pc = px * 0.0, w = pc + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * 0.0;
                nx = nx + rowX; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                uint32_t color = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, yy))];
                float v = !withCoverage || (i >= lo && i < hi) ? 1.0f : coverage[y * count + i];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(v, op));
            }
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, 0, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows%s (one alpha %u%s, trial %d, %s, %d x %d, op %g)", withCoverage ? "_coverage" : "", alpha,
              oneOff ? " but one" : "", t, kinds[kind], count, rows, (double)op);
        if (withCoverage) {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                           lamina_gradient_over_rows_coverage(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, count, out, stride, coverage, count, full, op));
        } else {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15), lamina_gradient_over_rows(&row, mx, gx, my, gy, 0, 1, y0, rows, px0, count, out, stride, op));
        }
    }
}

/// The factors of the blends of one alpha (gradient_x86.c): for every 255 − alpha ia and byte x, the
/// rounded high product (x·K + 2¹⁴) >> 15 (vpmulhrsw) equals div255(x·ia) = ((x·ia + 128)·257) >> 16.
void test_gradient_ia_factors(void) {
#if defined(__x86_64__)
    const int16_t *factors = lk_gradient_ia_factors();
    int bad = 0;
    for (int32_t ia = 0; ia < 256; ia++)
        for (int32_t x = 0; x < 256; x++)
            if (((x * factors[ia] + (1 << 14)) >> 15) != (((x * ia + 128) * 257) >> 16)) bad++;
    current = "lk_gradient_ia_factors (every factor and byte)";
    check(bad == 0 && factors[0] == 0, "table", "a rounded high product differs from div255");
#endif
}

/// Conic rows along the centre's line (b = 0, c = 0, y − sy of ±0 on every pixel: the x86 loops'
/// "conic rows on the centre's line", every lane worked out again from the sign of x − sx): the
/// middle row of a rectangle whose gradient starts at its centre's line, rowW not 1 and of either
/// sign, px0 below 0 (px·b = −0), the centre inside the row (on a pixel centre or between two) or
/// beyond either end, any start→end direction (0 and π among them), y − sy an underflowed −0 in
/// some; through lamina_shade_gradient, lamina_gradient_over (coverage or not) and
/// lamina_gradient_over_rows; each pixel must be the reference's.
void test_gradient_conic_centre_line(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    for (int t = 0; t < 400; t++) {
        for (int i = 0; i < 256; i++) table[i] = t % 2 ? premultiplied_pixel() : (0xE6000000u | (uint32_t)irand(0, 0xE6) * 0x010101u);
        const int32_t count = irand(1, 300), rows = irand(1, 7), mid = rows / 2, stride = count + irand(0, 5);
        const int32_t px0 = irand(-250, 200), y0 = irand(-50, 200);
        const double gw = (chance(0.5) ? 1 : -1) * (chance(0.5) ? 1 : drand(0.2, 3));
        const double a = (chance(0.5) ? 1 : -1) * (chance(0.3) ? 1.0 / count : drand(0.01, 2)), mx = 0, my = drand(0.01, 2), gy = drand(-50, 50);
        double gx = drand(-50, 50);
        // The centre: on a pixel centre of the row, between two, or beyond an end.
        const double pc = t % 3 == 0 ? px0 + irand(0, count - 1) + 0.5 : px0 + drand(-0.5, 1.5) * count;
        // Some rows' rowY·(1/rowW) underflows to ±0 (rowW 1e200, rowY ±1e-200, sy 0).
        const int underflow = t % 17 == 16;
        const double gwRow = underflow ? 1e200 : gw, gyRow = underflow ? (chance(0.5) ? 1e-200 : -1e-200) : gy, myRow = underflow ? 0 : my;
        volatile double pym = (double)(y0 + mid) + 0.5, tm = pym * myRow, rowYm = tm + gyRow;
        volatile double invm = 1 / gwRow, sxv = (pc * a + gx) * invm, syv = rowYm * invm;
        const double sx = sxv, sy = underflow ? 0 : syv;
        const double a0 = t % 4 == 0 ? 0.0 : t % 4 == 1 ? M_PI : drand(-3.1, 3.1);
        const double ex = sx + 10 * cos(a0), ey = sy + 10 * sin(a0);
        const int32_t n = (rows - 1) * stride + count;
        const float op = chance(0.7) ? 1.0f : (float)drand(0, 1);
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, tx = py * mx, ty = py * myRow;
            volatile double rowX = tx + gx, rowY = ty + gyRow, rowW = gwRow;
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pcw = px * 0.0, w = pcw + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * 0.0;
                nx = nx + rowX; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                const uint32_t color = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, yy))];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(1.0f, op));
            }
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, 0, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows (conic along the centre's line, trial %d, %d x %d from %d)", t, count, rows, px0);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_gradient_over_rows(&row, mx, gx, myRow, gyRow, 0, gwRow, y0, rows, px0, count, out, stride, op));
        // The middle row alone: shaded, and painted with coverage or without.
        volatile double py = pym, ty = py * myRow;
        volatile double rowY = ty + gyRow;
        LaminaGradientRow one = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, 0, 0, gx, rowY, gwRow, table };
        uint32_t shaded[300];
        for (int32_t i = 0; i < count; i++) {
            volatile double px = (double)(px0 + i) + 0.5, pcw = px * 0.0, w = pcw + gwRow, inv = 1 / w;
            volatile double nx = px * a, ny = px * 0.0;
            nx = nx + gx; ny = ny + rowY;
            volatile double x = nx * inv, yy = ny * inv;
            shaded[i] = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, yy))];
            input[i] = 0x5A5A5A5Au;
        }
        LABEL("lamina_shade_gradient (conic along the centre's line, trial %d, %d px from %d)", t, count, px0);
        AT_EVERY_LEVEL(count, input, shaded, 0, lamina_shade_gradient(&one, px0, count, out));
        const int withCoverage = chance(0.5);
        const int32_t full0 = irand(0, count), full1 = irand(full0, count);
        premultiplied_row(input, count);
        for (int32_t i = 0; i < count; i++) {
            coverage[i] = chance(0.5) ? 1.0f : (float)drand(0, 1);
            const float v = !withCoverage || (i >= full0 && i < full1) ? 1.0f : coverage[i];
            want[i] = ref_over(input[i], shaded[i], ref_k(v, op));
        }
        LABEL("lamina_gradient_over (conic along the centre's line, trial %d, %d px from %d, coverage %d)", t, count, px0, withCoverage);
        AT_EVERY_LEVEL(count, input, want, irand(0, 15),
                       lamina_gradient_over(&one, px0, count, out, withCoverage ? coverage : NULL, full0, full1, op));
    }
}

/// Conic rectangles whose rows run along the start→end direction (b = 0, the direction ±x: the
/// turned y the same on every lane, the AVX2 loops' "flat stepped conic rows"): the centre's
/// line a hair from a row (1e-7 ... 1e-3 units) or further (up to the row's length: the band
/// |x − sx| < |y − sy| narrow, wide, or the whole row), |y − sy| on some rows equal to some pixels'
/// |x − sx| (the band's edges on a lane: a = ±1, ±½ or ±2, the centre on a pixel centre or
/// between two), a of either sign (the band's runs in either order), rowW ≠ 1 in some, rows of 16
/// to 700 pixels (several chunks of the two passes), tables of one alpha or not, coverage or not,
/// op 1 mostly; through lamina_gradient_over_rows(_coverage); each pixel must be the reference's.
void test_gradient_conic_flat_rows(void) {
    static uint32_t table[256];
    static float coverage[MAXN];
    static int32_t full[2 * 64];
    for (int t = 0; t < 300; t++) {
        const int oneAlpha = t % 2, withCoverage = t / 2 % 2;
        for (int i = 0; i < 256; i++) table[i] = oneAlpha ? (0xE6000000u | (uint32_t)irand(0, 0xE6) * 0x010101u) : premultiplied_pixel();
        const int32_t count = t % 5 == 0 ? irand(256, 700) : irand(16, 255), rows = irand(1, 5), stride = count + irand(0, 5);
        const int32_t px0 = irand(-100, 200), y0 = irand(-20, 200);
        const int dyadic = t % 3 != 2;
        const double scale = dyadic ? (double[]){ 1, 0.5, 2 }[irand(0, 2)] : drand(0.05, 3);
        const double a = (chance(0.5) ? 1 : -1) * scale, my = dyadic ? 1 : drand(0.1, 2), gy = dyadic ? irand(-20, 20) : drand(-50, 50);
        const double gw = t % 7 == 6 ? drand(0.5, 2) : 1;
        const double gx = dyadic ? irand(-20, 20) : drand(-50, 50);
        // The centre: x on a pixel centre, between two, or anywhere (within the rows or beyond an end).
        const double cpx = t % 4 == 0 ? px0 + irand(0, count - 1) + 0.5 : t % 4 == 1 ? px0 + irand(0, count) : px0 + drand(-0.5, 1.5) * count;
        const double sx = (cpx * a + gx) / gw;
        // y: a hair from the middle row's, a whole number of pixels' |x − sx| away, or anywhere.
        const int32_t mid = rows / 2;
        const double rowYm = ((double)(y0 + mid) + 0.5) * my + gy, ym = rowYm / gw;
        const int kindY = t % 6;
        const double off = kindY < 2 ? (chance(0.5) ? 1 : -1) * pow(10, drand(-7, -3))
                         : kindY < 4 ? (chance(0.5) ? 1 : -1) * fabs(a) / gw * (irand(0, count) + (t % 4 == 0 ? 0 : 0.5))
                                     : drand(-1, 1) * fabs(a) / gw * count;
        const double sy = ym + off;
        const double ex = sx + (chance(0.5) ? 1 : -1) * drand(1, 400), ey = sy;
        const int32_t n = (rows - 1) * stride + count;
        const float op = chance(0.8) ? 1.0f : (float)drand(0, 1);
        for (int32_t y = 0; y < rows; y++) {
            float *cov = coverage + y * count;
            for (int32_t i = 0; i < count; i++) cov[i] = chance(0.5) ? 1.0f : (float)drand(0, 1);
            full[2 * y] = irand(0, 13);
            full[2 * y + 1] = count - irand(0, 13);
        }
        premultiplied_row(input, n);
        for (int32_t i = 0; i < n; i++) want[i] = input[i];
        for (int32_t y = 0; y < rows; y++) {
            volatile double py = (double)(y0 + y) + 0.5, ty = py * my;
            volatile double rowY = ty + gy, rowW = gw;
            const int32_t lo = full[2 * y] > count ? count : full[2 * y];
            const int32_t hi = full[2 * y + 1] < lo ? lo : full[2 * y + 1];
            for (int32_t i = 0; i < count; i++) {
                volatile double px = (double)(px0 + i) + 0.5, pc = px * 0.0, w = pc + rowW, inv = 1 / w;
                volatile double nx = px * a, ny = px * 0.0;
                nx = nx + gx; ny = ny + rowY;
                volatile double x = nx * inv, yy = ny * inv;
                const uint32_t color = table[ref_gradient_index(ref_gradient_t(LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, x, yy))];
                const float v = !withCoverage || (i >= lo && i < hi) ? 1.0f : coverage[y * count + i];
                want[y * stride + i] = ref_over(input[y * stride + i], color, ref_k(v, op));
            }
        }
        LaminaGradientRow row = { LAMINA_GRADIENT_CONIC, sx, sy, ex, ey, a, 0, 0, 0, 0, 0, table };
        LABEL("lamina_gradient_over_rows%s (flat conic rows, trial %d, %d x %d from %d, y − sy %g)", withCoverage ? "_coverage" : "", t, count, rows,
              px0, -off);
        if (withCoverage) {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                           lamina_gradient_over_rows_coverage(&row, 0, gx, my, gy, 0, gw, y0, rows, px0, count, out, stride, coverage, count, full, op));
        } else {
            AT_EVERY_LEVEL(n, input, want, irand(0, 15), lamina_gradient_over_rows(&row, 0, gx, my, gy, 0, gw, y0, rows, px0, count, out, stride, op));
        }
    }
}
