// Bilinear sampling of one row: the public entry points, the portable versions, and touching
// texels ahead of use. The vector versions are in sample_x86.c and sample_neon.c.
#include "kernels_internal.h"

LK_HIDDEN void lk_sample_portable(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                  double a, double b, double c, double rowX, double rowY, double rowW,
                                  int32_t projective, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    const double loX = (double)x0 * 256, loY = (double)y0 * 256, hiX = (double)maxX * 256, hiY = (double)maxY * 256;
    for (int32_t i = 0; i < count; i++) {
        double px = (double)(px0 + i) + 0.5, u, v;
        if (projective) {
            double inv = 1 / (px * c + rowW);
            u = ((px * a + rowX) * inv - 0.5) * 256;
            v = ((px * b + rowY) * inv - 0.5) * 256;
        } else {
            u = (px * a + rowX - 0.5) * 256;
            v = (px * b + rowY - 0.5) * 256;
        }
        out[i] = bilerp1(tex, w, (int32_t)clampd(u, loX, hiX), (int32_t)clampd(v, loY, hiY), maxX, maxY);
    }
}

LK_HIDDEN void lk_affine_portable(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                  int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    const int64_t loU = (int64_t)x0 << 16, hiU = (int64_t)maxX << 16, loV = (int64_t)y0 << 16, hiV = (int64_t)maxY << 16;
    for (int32_t i = 0; i < count; i++) {
        int64_t x = (int64_t)px0 + i;
        out[i] = bilerp1(tex, w, (int32_t)(clamp64(u0 + x * du, loU, hiU) >> 8), (int32_t)(clamp64(v0 + x * dv, loV, hiV) >> 8), maxX, maxY);
    }
}

void lamina_sample_bilinear(const uint32_t *tex, int32_t texWidth, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                            double a, double b, double c, double rowX, double rowY, double rowW,
                            int32_t projective, int32_t px0, int32_t count, uint32_t *out) {
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512:   // no AVX-512 version: the AVX2 one
    case LAMINA_LEVEL_AVX2:
        lk_sample_avx2(tex, texWidth, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out);
        return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON:
        lk_sample_neon(tex, texWidth, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out);
        return;
#endif
    default:
        lk_sample_portable(tex, texWidth, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out);
    }
}

void lamina_sample_bilinear_affine(const uint32_t *tex, int32_t texWidth, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                   int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_affine_avx512(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out); return;
    case LAMINA_LEVEL_AVX2: lk_affine_avx2(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_affine_neon(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out); return;
#endif
    default: lk_affine_portable(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
    }
}

// ---- touching texels ahead of use ---------------------------------------------------------------

uint32_t lamina_touch_rows(const uint32_t *p, intptr_t stride, int32_t width, int32_t rows) {
    // One load per 64-byte line, row after row: the hardware prefetcher streams the lines in far
    // faster than the sampler's scattered reads would (measured better than prefetcht0/t1 hints).
    uint32_t sum = 0;
    for (int32_t y = 0; y < rows; y++, p += stride)
        for (int32_t x = 0; x < width; x += 16) sum += p[x];
    return sum;
}
