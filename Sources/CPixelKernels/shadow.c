// Shadow planes: a group's alpha as floats, a reduced plane's row sampled between its columns, and
// two sampled rows mixed for a full-resolution row. The public entry points and their portable
// loops; the vector versions are in shadow_x86.c (NEON runs the portable loops).
#include "kernels_internal.h"

void lamina_alpha_row(float *out, const uint32_t *src, const uint32_t *mask, int32_t count) {
    if (count <= 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_alpha_row_avx512(out, src, mask, count); return;
    case LAMINA_LEVEL_AVX2: lk_alpha_row_avx2(out, src, mask, count); return;
#endif
    default:
        if (mask) {
            for (int32_t i = 0; i < count; i++) out[i] = (float)(src[i] >> 24) / 255.0f * ((float)(mask[i] >> 24) / 255.0f);
        } else {
            for (int32_t i = 0; i < count; i++) out[i] = (float)(src[i] >> 24) / 255.0f;
        }
    }
}

void lamina_sample_between(float *out, const float *row, const int32_t *index, const float *left, const float *next, int32_t count) {
    if (count <= 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_sample_between_avx512(out, row, index, left, next, count); return;
    case LAMINA_LEVEL_AVX2: lk_sample_between_avx2(out, row, index, left, next, count); return;
#endif
    default:
        for (int32_t i = 0; i < count; i++) {
            float a = row[index[i]] * left[i], b = row[index[i] + 1] * next[i];
            out[i] = a + b;
        }
    }
}

void lamina_mix_rows(float *out, const float *a, const float *b, float wa, float wb, int32_t count) {
    if (count <= 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_mix_rows_avx512(out, a, b, wa, wb, count); return;
    case LAMINA_LEVEL_AVX2: lk_mix_rows_avx2(out, a, b, wa, wb, count); return;
#endif
    default:
        for (int32_t i = 0; i < count; i++) {
            float x = a[i] * wa, y = b[i] * wb;
            out[i] = x + y;
        }
    }
}

LK_HIDDEN void lk_reduce_alpha_row_portable(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share) {
    int32_t x = x0;
    while (x < x1) {
        // One block's pixels in this row, summed onto its value in a register (the same floats as
        // adding each into the plane).
        const int32_t j = (x + ox) >> shift;
        int32_t end = ((j + 1) << shift) - ox;
        if (end > x1) end = x1;
        float acc = plane[j];
        for (; x < end; x++) {
            float v = (float)(row[x] >> 24) / 255.0f;
            v = v * share;
            acc = acc + v;
        }
        plane[j] = acc;
    }
}

void lamina_reduce_alpha_row(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share) {
    if (x1 <= x0 || shift < 0 || shift > 30) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_reduce_alpha_row_avx512(plane, row, x0, x1, ox, shift, share); return;
    case LAMINA_LEVEL_AVX2: lk_reduce_alpha_row_avx2(plane, row, x0, x1, ox, shift, share); return;
#endif
    default: lk_reduce_alpha_row_portable(plane, row, x0, x1, ox, shift, share);
    }
}

void lamina_over_solid_mix(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb, float op, int32_t count) {
    if (count <= 0 || color == 0) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_solid_mix_avx512(dst, color, a, b, wa, wb, op, count); return;
    case LAMINA_LEVEL_AVX2: lk_over_solid_mix_avx2(dst, color, a, b, wa, wb, op, count); return;
#endif
    default: {
        // The coverage a piece at a time, then the coverage kernel (NEON's on AArch64).
        float c[256];
        for (int32_t i0 = 0; i0 < count; i0 += 256) {
            const int32_t n = count - i0 < 256 ? count - i0 : 256;
            lamina_mix_rows(c, a + i0, b + i0, wa, wb, n);
            lamina_over_solid_coverage(dst + i0, color, c, op, n);
        }
    }
    }
}
