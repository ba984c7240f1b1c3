// Gradient rows: the public entry point and the portable version, which is the formula of
// CPixelKernels.h written out operation by operation, in the order of Lamina's Swift reference
// (SpanShader.shadeGradientReference). The vector versions are in gradient_x86.c and
// gradient_neon.c.
#include "kernels_internal.h"
#include <math.h>

/// Every pixel of the row the same colour.
static void fill_row(uint32_t *out, int32_t count, uint32_t color) {
    for (int32_t i = 0; i < count; i++) out[i] = color;
}

LK_HIDDEN void lk_gradient_portable(const LaminaGradientRow *g, int32_t px0, int32_t count, uint32_t *out) {
    const double a = g->a, b = g->b, c = g->c, rowX = g->rowX, rowY = g->rowY, rowW = g->rowW;
    const double sx = g->sx, sy = g->sy;
    const uint32_t *table = g->table;
    switch (g->kind) {
    case LAMINA_GRADIENT_AXIAL: {
        const double dx = g->ex - sx, dy = g->ey - sy, len2 = dx * dx + dy * dy;
        if (!(len2 > 0)) { fill_row(out, count, table[0]); return; }
        for (int32_t i = 0; i < count; i++) {
            double px = (double)(px0 + i) + 0.5;
            double inv = 1 / (px * c + rowW);
            double x = (px * a + rowX) * inv, y = (px * b + rowY) * inv;
            out[i] = table[gradient_index(((x - sx) * dx + (y - sy) * dy) / len2)];
        }
        return;
    }
    case LAMINA_GRADIENT_RADIAL: {
        const double rx = fabs(g->ex - sx), ry = fabs(g->ey - sy);
        if (rx == 0 && ry == 0) { fill_row(out, count, table[255]); return; }
        for (int32_t i = 0; i < count; i++) {
            double px = (double)(px0 + i) + 0.5;
            double inv = 1 / (px * c + rowW);
            double x = (px * a + rowX) * inv, y = (px * b + rowY) * inv;
            double u = rx > 0 ? (x - sx) / rx : (x == sx ? 0 : INFINITY);
            double v = ry > 0 ? (y - sy) / ry : (y == sy ? 0 : INFINITY);
            out[i] = table[gradient_index(sqrt(u * u + v * v))];
        }
        return;
    }
    case LAMINA_GRADIENT_CONIC: {
        const double a0 = atan2(g->ey - sy, g->ex - sx);
        for (int32_t i = 0; i < count; i++) out[i] = table[conic_index(g, a0, (double)(px0 + i) + 0.5)];
        return;
    }
    default:
        fill_row(out, count, table[0]);
    }
}

/// The level's gradient row kernel.
static void shade_level(int32_t level, const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out) {
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_gradient_avx512(row, px0, count, out); return;
    case LAMINA_LEVEL_AVX2: lk_gradient_avx2(row, px0, count, out); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_gradient_neon(row, px0, count, out); return;
#endif
    default: lk_gradient_portable(row, px0, count, out);
    }
}

void lamina_shade_gradient(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out) {
    if (count <= 0) return;
    shade_level(lamina_kernels_level(), row, px0, count, out);
}

// ---- gradient over ---------------------------------------------------------------------------------
//
// lamina_gradient_over shades the row a chunk at a time into a buffer on the stack (in the L1
// cache) and blends each chunk at once: the level's source-over row kernel for runs of one factor
// (the whole chunk when there is no coverage, the inside [full0, full1) of a clipped row), the
// formula pixel by pixel for the short runs of a coverage row (a rounded corner's few pixels). The
// pixels are those of lamina_shade_gradient and lamina_over_row: a gradient pixel does not depend on
// where its span starts, and every blend is over_px(d, scale_px(s, k)) at every level.

/// Pixels a chunk: rows of interfaces are mostly shorter, so most rows are one chunk.
enum { GRADIENT_CHUNK = 512 };

/// Blends n shaded colours src onto dst through a coverage row (v_i = cov[i] outside [full0,
/// full1), 1 inside): runs of one factor of eight or more pixels through the row kernel.
static void blend_coverage(int32_t level, uint32_t *dst, const uint32_t *src, int32_t n, const float *cov,
                           int32_t full0, int32_t full1, float op) {
    const uint32_t kFull = coverage_k(1.0f, op);
    int32_t i = 0;
    while (i < n) {
        if (i >= full0 && i < full1) {
            int32_t end = full1 < n ? full1 : n;
            if (kFull) lk_over_row_level(level, dst + i, src + i, end - i, kFull);
            i = end;
            continue;
        }
        // A run of equal factors outside the inside.
        uint32_t k = coverage_k(cov[i], op);
        int32_t end = i + 1, stop = i < full0 && full0 < n ? full0 : n;
        while (end < stop && coverage_k(cov[end], op) == k) end++;
        if (k) {
            if (end - i >= 8) lk_over_row_level(level, dst + i, src + i, end - i, k);
            else for (int32_t j = i; j < end; j++) dst[j] = over_px(dst[j], scale_px(src[j], k));
        }
        i = end;
    }
}

void lamina_gradient_over(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst,
                          const float *coverage, int32_t full0, int32_t full1, float op) {
    if (count <= 0) return;
    const int32_t level = lamina_kernels_level();
    const uint32_t kFull = coverage_k(1.0f, op);
    if (!coverage) {
        if (!kFull) return;
        full0 = 0; full1 = count;
    }
    full0 = full0 < 0 ? 0 : (full0 > count ? count : full0);
    full1 = full1 < full0 ? full0 : (full1 > count ? count : full1);
    uint32_t buf[GRADIENT_CHUNK];
    for (int32_t i = 0; i < count; i += GRADIENT_CHUNK) {
        const int32_t n = count - i < GRADIENT_CHUNK ? count - i : GRADIENT_CHUNK;
        shade_level(level, row, px0 + i, n, buf);
        if (full0 <= i && full1 >= i + n) {
            if (kFull) lk_over_row_level(level, dst + i, buf, n, kFull);
        } else {
            // The inside relative to the chunk (0 <= full0 <= full1 <= count: no overflow).
            const int32_t f0 = full0 - i < 0 ? 0 : (full0 - i > n ? n : full0 - i);
            const int32_t f1 = full1 - i < f0 ? f0 : (full1 - i > n ? n : full1 - i);
            blend_coverage(level, dst + i, buf, n, coverage + i, f0, f1, op);
        }
    }
}
