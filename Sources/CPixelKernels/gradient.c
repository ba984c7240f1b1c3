// Gradient rows: the public entry point and the portable version, which is the formula of
// CPixelKernels.h written out operation by operation, in the order of Lamina's Swift reference
// (SpanShader.shadeGradientReference). The vector versions are in gradient_x86.c and
// gradient_neon.c.
#include "kernels_internal.h"
#include <math.h>
#include <stddef.h>

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
// lamina_gradient_over paints a row of one factor (no coverage, or coverage 1 all along) through
// the level's fused loop (gradient_x86.c: colours blended in registers as they are made), or, at
// the portable and NEON levels, shaded a chunk at a time into a buffer on the stack (in the L1
// cache) and blended by the row kernel. A row with coverage (a rounded corner's row) goes through
// the x86 levels' fused loops too; at the other levels (and for rows those loops leave) it is
// shaded into the buffer once and blended piece by piece: the inside [full0, full1) by the row kernel, the
// pixels outside it by their own factors, runs of eight or more pixels of one factor by the row
// kernel, the others with the formula. The pixels are those of lamina_shade_gradient and
// lamina_over_row: a gradient pixel does not depend on where its span starts, and every blend is
// over_px(d, scale_px(s, k)) at every level.

/// Pixels a chunk: rows of interfaces are mostly shorter, so most rows are one chunk.
enum { GRADIENT_CHUNK = 512 };

/// A run of one factor k = coverage_k(1, op) (1...255) at `level` (`cache`: NULL, or kept from row
/// to row of one rectangle by lamina_gradient_over_rows).
static void over_constant(int32_t level, const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst, float op, uint32_t k,
                          LkGradientRowsCache *cache) {
    (void)op;   // read by the x86 loops only
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512:
        // Its fused loop, or else (rows it leaves) the buffer below.
        if (lk_gradient_over_avx512(row, px0, count, dst, NULL, 0, count, op, cache)) return;
        break;
    case LAMINA_LEVEL_AVX2: lk_gradient_over_avx2(row, px0, count, dst, k, NULL, 0, count, op, cache); return;
#endif
    default: break;
    }
    (void)cache;   // read by the x86 levels only
    uint32_t buf[GRADIENT_CHUNK];
    for (int32_t i = 0; i < count; i += GRADIENT_CHUNK) {
        const int32_t n = count - i < GRADIENT_CHUNK ? count - i : GRADIENT_CHUNK;
        shade_level(level, row, px0 + i, n, buf);
        lk_over_row_level(level, dst + i, buf, n, k);
    }
}

/// Blends n shaded colours src onto dst through coverage (factor coverage_k(cov[i], op) each):
/// runs of one factor of eight or more pixels through the row kernel, the others pixel by pixel.
static void blend_coverage(int32_t level, uint32_t *dst, const uint32_t *src, int32_t n, const float *cov, float op) {
    for (int32_t i = 0; i < n;) {
        const uint32_t k = coverage_k(cov[i], op);
        int32_t end = i + 1;
        while (end < n && coverage_k(cov[end], op) == k) end++;
        if (k) {
            if (end - i >= 8) lk_over_row_level(level, dst + i, src + i, end - i, k);
            else for (int32_t j = i; j < end; j++) dst[j] = over_px(dst[j], scale_px(src[j], k));
        }
        i = end;
    }
}

LK_HIDDEN void lk_blend_pieces(int32_t level, uint32_t *dst, const uint32_t *src, int32_t n, const float *cov,
                               int32_t full0, int32_t full1, float op, uint32_t kFull) {
    if (!cov) {
        if (kFull) lk_over_row_level(level, dst, src, n, kFull);
        return;
    }
    blend_coverage(level, dst, src, full0, cov, op);
    if (full1 > full0 && kFull) lk_over_row_level(level, dst + full0, src + full0, full1 - full0, kFull);
    blend_coverage(level, dst + full1, src + full1, n - full1, cov + full1, op);
}

/// A row with coverage outside [full0, full1) (0 <= full0 <= full1 <= count, not the whole row):
/// shaded a chunk at a time (one plan a chunk, however the row is cut), then blended piece by piece.
static void over_coverage(int32_t level, const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst,
                          const float *cov, int32_t full0, int32_t full1, float op, uint32_t kFull) {
    uint32_t buf[GRADIENT_CHUNK];
    for (int32_t c = 0; c < count; c += GRADIENT_CHUNK) {
        const int32_t n = count - c < GRADIENT_CHUNK ? count - c : GRADIENT_CHUNK;
        shade_level(level, row, px0 + c, n, buf);
        // The inside relative to the chunk.
        const int32_t f0 = full0 - c < 0 ? 0 : (full0 - c > n ? n : full0 - c);
        const int32_t f1 = full1 - c < f0 ? f0 : (full1 - c > n ? n : full1 - c);
        lk_blend_pieces(level, dst + c, buf, n, cov + c, f0, f1, op, kFull);
    }
}

void lamina_gradient_over(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst,
                          const float *coverage, int32_t full0, int32_t full1, float op) {
    if (count <= 0) return;
    const int32_t level = lamina_kernels_level();
    const uint32_t kFull = coverage_k(1.0f, op);
    if (coverage) {
        full0 = full0 < 0 ? 0 : (full0 > count ? count : full0);
        full1 = full1 < full0 ? full0 : (full1 > count ? count : full1);
    }
    if (!coverage || (full0 == 0 && full1 == count)) {
        if (kFull) over_constant(level, row, px0, count, dst, op, kFull, NULL);
        return;
    }
#if defined(__x86_64__)
    if (level == LAMINA_LEVEL_AVX512 && lk_gradient_over_avx512(row, px0, count, dst, coverage, full0, full1, op, NULL)) return;
    if (level == LAMINA_LEVEL_AVX2 && lk_gradient_over_avx2(row, px0, count, dst, kFull, coverage, full0, full1, op, NULL)) return;
#endif
    over_coverage(level, row, px0, count, dst, coverage, full0, full1, op, kFull);
}

/// A cache for rows y0 ..< y0 + rows of one rectangle (the same a, b, c, geometry and pixel range on
/// every row): empty, with the first and last rows' rowX and rowY (worked out as the rows' loop
/// does) when every row has the same rowW (mw = 0).
static LkGradientRowsCache rows_cache(double mx, double gx, double my, double gy, double mw, int32_t y0, int32_t rows) {
    LkGradientRowsCache cache = { 0 };
    if (mw == 0) {
        const double first = (double)y0 + 0.5, last = (double)(y0 + rows - 1) + 0.5;
        cache.hasEnds = 1;
        cache.ends[0] = first * mx + gx; cache.ends[1] = first * my + gy;
        cache.ends[2] = last * mx + gx; cache.ends[3] = last * my + gy;
    }
    return cache;
}

void lamina_gradient_over_rows_coverage(const LaminaGradientRow *row, double mx, double gx, double my, double gy, double mw, double gw,
                                        int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst, intptr_t stride,
                                        const float *coverage, intptr_t coverageStride, const int32_t *full, float op) {
    if (count <= 0 || rows <= 0) return;
    const int32_t level = lamina_kernels_level();
    const uint32_t kFull = coverage_k(1.0f, op);
    LaminaGradientRow r = *row;
    LkGradientRowsCache cache = rows_cache(mx, gx, my, gy, mw, y0, rows);
    lk_prefetch_row(dst, (intptr_t)count * 4);
    if (rows > 1) lk_prefetch_row(dst + stride, (intptr_t)count * 4);
    int32_t y = 0;
#if defined(__x86_64__)
    // The rows the level's fused loops take, without lamina_gradient_over's layers (gradient_x86.c).
    if (level == LAMINA_LEVEL_AVX512 || level == LAMINA_LEVEL_AVX2)
        y = lk_gradient_over_rows_x86(level, &r, mx, gx, my, gy, mw, gw, y0, rows, px0, count, dst, stride, coverage, coverageStride, full,
                                      op, kFull, &cache);
#endif
    for (; y < rows; y++) {
        // Two rows ahead, as lamina_gradient_over_rows.
        if (y + 2 < rows) lk_prefetch_row(dst + (intptr_t)(y + 2) * stride, (intptr_t)count * 4);
        const double py = (double)(y0 + y) + 0.5;
        r.rowX = py * mx + gx; r.rowY = py * my + gy; r.rowW = py * mw + gw;
        uint32_t *d = dst + (intptr_t)y * stride;
        const float *cov = coverage + (intptr_t)y * coverageStride;
        // As lamina_gradient_over, with the rows' cache.
        int32_t full0 = full[2 * y], full1 = full[2 * y + 1];
        full0 = full0 < 0 ? 0 : (full0 > count ? count : full0);
        full1 = full1 < full0 ? full0 : (full1 > count ? count : full1);
        if (full0 == 0 && full1 == count) {
            if (kFull) over_constant(level, &r, px0, count, d, op, kFull, &cache);
            continue;
        }
#if defined(__x86_64__)
        if (level == LAMINA_LEVEL_AVX512 && lk_gradient_over_avx512(&r, px0, count, d, cov, full0, full1, op, &cache)) continue;
        if (level == LAMINA_LEVEL_AVX2 && lk_gradient_over_avx2(&r, px0, count, d, kFull, cov, full0, full1, op, &cache)) continue;
#endif
        over_coverage(level, &r, px0, count, d, cov, full0, full1, op, kFull);
    }
}

/// The least pixels of a lamina_gradient_over_rows call for which its colours are scaled once (256
/// scale_px) instead of in every pixel's blend.
enum { SCALED_TABLE_PIXELS = 2048 };

void lamina_gradient_over_rows(const LaminaGradientRow *row, double mx, double gx, double my, double gy, double mw, double gw,
                               int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst, intptr_t stride, float op) {
    if (count <= 0 || rows <= 0) return;
    const int32_t level = lamina_kernels_level();
    uint32_t k = coverage_k(1.0f, op);
    if (!k) return;
    LaminaGradientRow r = *row;
    // A factor below 255 on enough pixels: the rows take the table's colours scaled by it once
    // (scale_px of each of the 256) and blend them with factor 255, where scale_px leaves a colour
    // as it is: over_px(d, scale_px(s, k)) either way, so the same pixels, with no scaling a pixel.
    uint32_t scaled[256];
    if (k != 255 && (int64_t)rows * count >= SCALED_TABLE_PIXELS) {
        for (int i = 0; i < 256; i++) scaled[i] = scale_px(row->table[i], k);
        r.table = scaled;
        k = 255;
        op = 1.0f;   // coverage_k(1, 1) = 255, the factor the x86 loops take from op
    }
    // Every row has the same a, b, c, geometry and pixel range: what their plans share is kept.
    LkGradientRowsCache cache = rows_cache(mx, gx, my, gy, mw, y0, rows);
    if (rows > 1) lk_prefetch_row(dst + stride, (intptr_t)count * 4);
    int32_t y = 0;
#if defined(__x86_64__)
    // The rows the level's fused loops take, without lamina_gradient_over's layers (gradient_x86.c).
    if (level == LAMINA_LEVEL_AVX512 || level == LAMINA_LEVEL_AVX2)
        y = lk_gradient_over_rows_x86(level, &r, mx, gx, my, gy, mw, gw, y0, rows, px0, count, dst, stride, NULL, 0, NULL, op, k, &cache);
#endif
    for (; y < rows; y++) {
        // Two rows ahead: the row after next is on its way while this one is painted.
        if (y + 2 < rows) lk_prefetch_row(dst + (intptr_t)(y + 2) * stride, (intptr_t)count * 4);
        const double py = (double)(y0 + y) + 0.5;
        r.rowX = py * mx + gx; r.rowY = py * my + gy; r.rowW = py * mw + gw;
        over_constant(level, &r, px0, count, dst + (intptr_t)y * stride, op, k, &cache);
    }
}
