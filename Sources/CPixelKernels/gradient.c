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

void lamina_shade_gradient(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out) {
    if (count <= 0) return;
    switch (lamina_kernels_level()) {
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
