// Shadow planes (see shadow.c), AVX2 and AVX-512 versions (x86-64 only; chosen at run time by
// lamina_kernels_level). Each value is the portable loop's, bit for bit: the same operations in
// single precision, each rounded on its own (no fused multiply-adds: -ffp-contract=off, and each
// product is its own intrinsic), a division by 255 correctly rounded as the scalar one.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>
#include "over_x86.h"

#define SHADOW_AVX512 __attribute__((target("avx512f")))
#define SHADOW_AVX2 __attribute__((target("avx2")))

SHADOW_AVX2 LK_HIDDEN void lk_alpha_row_avx2(float *out, const uint32_t *src, const uint32_t *mask, int32_t count) {
    const __m256 k = _mm256_set1_ps(255.0f);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 a = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(src + i)), 24)), k);
        if (mask) a = _mm256_mul_ps(a, _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(mask + i)), 24)), k));
        _mm256_storeu_ps(out + i, a);
    }
    for (; i < count; i++) out[i] = mask ? (float)(src[i] >> 24) / 255.0f * ((float)(mask[i] >> 24) / 255.0f) : (float)(src[i] >> 24) / 255.0f;
}

SHADOW_AVX512 LK_HIDDEN void lk_alpha_row_avx512(float *out, const uint32_t *src, const uint32_t *mask, int32_t count) {
    const __m512 k = _mm512_set1_ps(255.0f);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512 a = _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_srli_epi32(_mm512_maskz_loadu_epi32(m, src + i), 24)), k);
        if (mask) a = _mm512_mul_ps(a, _mm512_div_ps(_mm512_cvtepi32_ps(_mm512_srli_epi32(_mm512_maskz_loadu_epi32(m, mask + i), 24)), k));
        _mm512_mask_storeu_ps(out + i, m, a);
    }
}

// lamina_sample_between: a reduced row sampled at a run of full-resolution columns. Sixteen (eight)
// columns between reduced columns j0 ... j0 + 14 (j0 + 6) — every run of a plane reduced by 2 or
// more — take both their values from one load of the row at j0, moved into place by a permute;
// other runs gather. The load covers only j0 ... the largest index + 1 (masked, so it reads no
// value past the row's last one asked for).

SHADOW_AVX2 LK_HIDDEN void lk_sample_between_avx2(float *out, const float *row, const int32_t *index, const float *left, const float *next,
                                                  int32_t count) {
    const __m256i one = _mm256_set1_epi32(1), six = _mm256_set1_epi32(6), lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i j = _mm256_loadu_si256((const __m256i *)(index + i));
        const int32_t j0 = index[i];
        __m256i d = _mm256_sub_epi32(j, _mm256_set1_epi32(j0));
        __m256 a, b;
        // 0 <= d <= 6 in every lane (unsigned: a negative d is large).
        if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_min_epu32(d, six), d))) == 0xFF) {
            __m256i top = _mm256_max_epu32(d, _mm256_shuffle_epi32(d, 0x4E));
            top = _mm256_max_epu32(top, _mm256_shuffle_epi32(top, 0xB1));
            top = _mm256_max_epu32(top, _mm256_permute2x128_si256(top, top, 0x01));     // the largest d, every lane
            const __m256i load = _mm256_cmpgt_epi32(_mm256_add_epi32(top, _mm256_set1_epi32(2)), lanes);  // lanes 0 ... top + 1
            const __m256 v = _mm256_maskload_ps(row + j0, load);
            a = _mm256_permutevar8x32_ps(v, d);
            b = _mm256_permutevar8x32_ps(v, _mm256_add_epi32(d, one));
        } else {
            a = _mm256_i32gather_ps(row, j, 4);
            b = _mm256_i32gather_ps(row, _mm256_add_epi32(j, one), 4);
        }
        _mm256_storeu_ps(out + i, _mm256_add_ps(_mm256_mul_ps(a, _mm256_loadu_ps(left + i)), _mm256_mul_ps(b, _mm256_loadu_ps(next + i))));
    }
    for (; i < count; i++) {
        float a = row[index[i]] * left[i], b = row[index[i] + 1] * next[i];
        out[i] = a + b;
    }
}

SHADOW_AVX512 LK_HIDDEN void lk_sample_between_avx512(float *out, const float *row, const int32_t *index, const float *left, const float *next,
                                                      int32_t count) {
    const __m512i one = _mm512_set1_epi32(1), fourteen = _mm512_set1_epi32(14);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512i j = _mm512_maskz_loadu_epi32(m, index + i);
        const int32_t j0 = index[i];
        const __m512i d = _mm512_maskz_sub_epi32(m, j, _mm512_set1_epi32(j0));
        __m512 a, b;
        if (_mm512_cmple_epu32_mask(d, fourteen) == 0xFFFF) {
            const uint32_t top = _mm512_reduce_max_epu32(d);
            const __mmask16 load = (__mmask16)((1u << (top + 2)) - 1);
            const __m512 v = _mm512_maskz_loadu_ps(load, row + j0);
            a = _mm512_permutexvar_ps(d, v);
            b = _mm512_permutexvar_ps(_mm512_add_epi32(d, one), v);
        } else {
            a = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, j, row, 4);
            b = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, _mm512_add_epi32(j, one), row, 4);
        }
        a = _mm512_mul_ps(a, _mm512_maskz_loadu_ps(m, left + i));
        b = _mm512_mul_ps(b, _mm512_maskz_loadu_ps(m, next + i));
        _mm512_mask_storeu_ps(out + i, m, _mm512_add_ps(a, b));
    }
}

// lamina_reduce_alpha_row: blocks of f = 2, 4 or 8 pixels, eight (sixteen) blocks at a time. A
// run's pixels are loaded in f vectors of alpha values (each (a >> 24) / 255 · share, rounded as
// the scalar loop), and the block sums made in the scalar loop's order: the plane's values, plus
// every block's first pixel, then its second, ... — the k-th pixels of all blocks picked from the
// loaded vectors by permutes. Other factors go to the portable loop, and on AVX2 the partial
// blocks at either end and the last blocks short of a run of eight.

/// The row's blocks of `f` (2, 4, 8) pixels, sixteen at a time from the block x0 is in: pixels
/// outside [x0, x1) are loaded as zeros (adding +0 leaves a sum of non-negative values as it is) and
/// only the blocks the row reaches are stored.
SHADOW_AVX512 static inline void reduce_runs16(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift,
                                               float share, const int32_t f) {
    const __m512 k255 = _mm512_set1_ps(255.0f), vs = _mm512_set1_ps(share);
    const int32_t per = 32 / f;                  // blocks one pair of loaded vectors holds
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i within = _mm512_mullo_epi32(_mm512_and_si512(lane, _mm512_set1_epi32(per - 1)), _mm512_set1_epi32(f));
    const int32_t last = (x1 - 1 + ox) >> shift;
    for (int32_t x = x0 - ((x0 + ox) & (f - 1)); x < x1; x += 16 * f) {
        const int32_t j = (x + ox) >> shift;
        __m512 v[8];
        for (int32_t p = 0; p < f; p++) {
            // Lanes x + 16p + l inside [x0, x1).
            const int32_t lo = x0 - (x + 16 * p), hi = x1 - (x + 16 * p);
            const uint32_t below = lo <= 0 ? 0u : lo >= 16 ? 0xFFFFu : (1u << lo) - 1, upto = hi <= 0 ? 0u : hi >= 16 ? 0xFFFFu : (1u << hi) - 1;
            const __mmask16 m = (__mmask16)(upto & ~below);
            __m512i a = _mm512_srli_epi32(_mm512_maskz_loadu_epi32(m, row + x + 16 * p), 24);
            v[p] = _mm512_mul_ps(_mm512_div_ps(_mm512_cvtepi32_ps(a), k255), vs);
        }
        const int32_t blocks = last - j + 1;
        const __mmask16 store = blocks >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << blocks) - 1);
        __m512 acc = _mm512_maskz_loadu_ps(store, plane + j);
        for (int32_t k = 0; k < f; k++) {
            const __m512i idx = _mm512_add_epi32(within, _mm512_set1_epi32(k));
            __m512 s = _mm512_permutex2var_ps(v[0], idx, v[1]);
            for (int32_t q = 1; q < f / 2; q++) {
                const __mmask16 m = (__mmask16)(((1u << per) - 1) << (q * per));
                s = _mm512_mask_blend_ps(m, s, _mm512_permutex2var_ps(v[2 * q], idx, v[2 * q + 1]));
            }
            acc = _mm512_add_ps(acc, s);
        }
        _mm512_mask_storeu_ps(plane + j, store, acc);
    }
}

SHADOW_AVX512 LK_HIDDEN void lk_reduce_alpha_row_avx512(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift,
                                                        float share) {
    switch (shift) {
    case 1: reduce_runs16(plane, row, x0, x1, ox, shift, share, 2); break;
    case 2: reduce_runs16(plane, row, x0, x1, ox, shift, share, 4); break;
    case 3: reduce_runs16(plane, row, x0, x1, ox, shift, share, 8); break;
    default: lk_reduce_alpha_row_portable(plane, row, x0, x1, ox, shift, share); break;
    }
}

/// As reduce_runs16, eight blocks at a time: f vectors of eight pixels, vector p holding blocks
/// p·8/f ..< (p + 1)·8/f whole.
SHADOW_AVX2 static inline int32_t reduce_runs8(float *plane, const uint32_t *row, int32_t x, int32_t x1, int32_t ox, int32_t shift,
                                               float share, const int32_t f) {
    const __m256 k255 = _mm256_set1_ps(255.0f), vs = _mm256_set1_ps(share);
    const int32_t per = 8 / f;                   // blocks one loaded vector holds
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i within = _mm256_mullo_epi32(_mm256_and_si256(lane, _mm256_set1_epi32(per - 1)), _mm256_set1_epi32(f));
    const __m256i owner = _mm256_srlv_epi32(lane, _mm256_set1_epi32(__builtin_ctz((unsigned)per)));   // which vector holds each lane's block
    for (; x + 8 * f <= x1; x += 8 * f) {
        const int32_t j = (x + ox) >> shift;
        __m256 v[8];
        for (int32_t p = 0; p < f; p++) {
            __m256i a = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(row + x + 8 * p)), 24);
            v[p] = _mm256_mul_ps(_mm256_div_ps(_mm256_cvtepi32_ps(a), k255), vs);
        }
        __m256 acc = _mm256_loadu_ps(plane + j);
        for (int32_t k = 0; k < f; k++) {
            const __m256i idx = _mm256_add_epi32(within, _mm256_set1_epi32(k));
            __m256 s = _mm256_permutevar8x32_ps(v[0], idx);
            for (int32_t p = 1; p < f; p++) {
                const __m256 m = _mm256_castsi256_ps(_mm256_cmpeq_epi32(owner, _mm256_set1_epi32(p)));
                s = _mm256_blendv_ps(s, _mm256_permutevar8x32_ps(v[p], idx), m);
            }
            acc = _mm256_add_ps(acc, s);
        }
        _mm256_storeu_ps(plane + j, acc);
    }
    return x;
}

SHADOW_AVX2 LK_HIDDEN void lk_reduce_alpha_row_avx2(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift,
                                                    float share) {
    if (shift < 1 || shift > 3) { lk_reduce_alpha_row_portable(plane, row, x0, x1, ox, shift, share); return; }
    const int32_t f = 1 << shift;
    int32_t x = x0 + ((f - ((x0 + ox) & (f - 1))) & (f - 1));
    if (x > x1) x = x1;
    lk_reduce_alpha_row_portable(plane, row, x0, x, ox, shift, share);
    switch (f) {
    case 2: x = reduce_runs8(plane, row, x, x1, ox, shift, share, 2); break;
    case 4: x = reduce_runs8(plane, row, x, x1, ox, shift, share, 4); break;
    default: x = reduce_runs8(plane, row, x, x1, ox, shift, share, 8); break;
    }
    lk_reduce_alpha_row_portable(plane, row, x, x1, ox, shift, share);
}

// lamina_over_solid_mix: lk_over_solid_coverage's loops (blend_x86.c) with each vector's coverage
// mixed from the two rows in registers, as lamina_mix_rows mixes it.

SHADOW_AVX2 LK_HIDDEN void lk_over_solid_mix_avx2(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb, float op,
                                                  int32_t count) {
    int32_t i = 0;
    const SolidColour8 paint = solid_colour8(color);
    const __m256 opv = _mm256_set1_ps(op), one = _mm256_set1_ps(1.0f), f255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    const __m256 va = _mm256_set1_ps(wa), vb = _mm256_set1_ps(wb);
    const int black = (color & 0x00FFFFFFu) == 0;
    const __m256i m8 = _mm256_set1_epi32(0x00FF00FF), x255w = _mm256_set1_epi32(255);
    // The alpha's factor (lk_gradient_ia_factors): sa = div255(k·ca) as one rounded high product.
    const __m256i caf = _mm256_set1_epi32((int)(uint16_t)lk_gradient_ia_factors()[color >> 24]);
    for (; i + 8 <= count; i += 8) {
        const __m256 c = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(a + i), va), _mm256_mul_ps(_mm256_loadu_ps(b + i), vb));
        __m256 v = _mm256_min_ps(_mm256_mul_ps(c, opv), one);
        __m256i k = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, f255), half));
        if (_mm256_testz_si256(k, k)) continue;
        if (black) {
            // As over_black_mix16 (below), eight at a time; sa = div255(k·ca) by the alpha's factor
            // (k below 256 in each lane's low 16 bits: the high 16 stay 0).
            const __m256i sa = _mm256_mulhrs_epi16(k, caf);
            const __m256i ia = _mm256_sub_epi32(x255w, sa), ia16 = _mm256_or_si256(ia, _mm256_slli_epi32(ia, 16));
            const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
            const __m256i rb = div255_16(_mm256_mullo_epi16(_mm256_and_si256(d, m8), ia16));
            const __m256i ag = div255_16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(d, 8), m8), ia16));
            _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(_mm256_or_si256(rb, _mm256_slli_epi32(ag, 8)), _mm256_slli_epi32(sa, 24)));
            continue;
        }
        over8_solid_each(dst + i, paint, k);
    }
    for (; i < count; i++) {
        float x = a[i] * wa, y = b[i] * wb;
        uint32_t k = coverage_k(x + y, op);
        if (k) dst[i] = over_px(dst[i], scale_px(color, k));
    }
}

/// The factors 0...255 of sixteen pixels i ... i + 15 whose coverage is a[i]·wa + b[i]·wb (lanes
/// past `m` read as 0), times the opacity, as coverage_k rounds them.
LK_OVER_AVX512 static inline __m512i mixed_k16(const float *a, const float *b, __m512 va, __m512 vb, __m512 opv, __mmask16 m) {
    const __m512 c = _mm512_add_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, a), va), _mm512_mul_ps(_mm512_maskz_loadu_ps(m, b), vb));
    const __m512 v = _mm512_min_ps(_mm512_mul_ps(c, opv), _mm512_set1_ps(1.0f));
    return _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, _mm512_set1_ps(255.0f)), _mm512_set1_ps(0.5f)));
}

/// lk_over_solid_mix_avx512 for a black colour of alpha `ca` (a shadow's usual colour; the AVX2 loop
/// has the same path): its scaled
/// colour is only an alpha, sa = ca·k / 255 rounded as scale_px, so each pixel becomes
/// scale_px(d, 255 − sa) + (sa << 24) — over_px's formula, which also gives s when sa is 255 and d
/// when sa is 0 — worked out on each pixel's 32-bit lane: red and blue, then green and alpha, in
/// the low bytes of 16-bit lanes, times 255 − sa and divided by 255 as div255_32.
LK_OVER_AVX512 static inline void over_black_mix16(uint32_t *dst, uint32_t ca, const float *a, const float *b, __m512 va, __m512 vb, __m512 opv,
                                                   int32_t count) {
    const __m512i m8 = _mm512_set1_epi32(0x00FF00FF), x255 = _mm512_set1_epi32(255);
    // The alpha's factor (lk_gradient_ia_factors): sa = div255(k·ca) as one rounded high product.
    const __m512i caf = _mm512_set1_epi32((int)(uint16_t)lk_gradient_ia_factors()[ca]);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        const __m512i k = mixed_k16(a + i, b + i, va, vb, opv, m);
        const __mmask16 live = _mm512_mask_test_epi32_mask(m, k, k);
        if (!live) continue;
        // sa = div255(k·ca) (k below 256 in each lane's low 16 bits: the high 16 stay 0).
        const __m512i sa = _mm512_mulhrs_epi16(k, caf);
        const __m512i ia = _mm512_sub_epi32(x255, sa), ia16 = _mm512_or_si512(ia, _mm512_slli_epi32(ia, 16));
        const __m512i d = _mm512_maskz_loadu_epi32(live, dst + i);
        const __m512i rb = div255_32(_mm512_mullo_epi16(_mm512_and_si512(d, m8), ia16));
        const __m512i ag = div255_32(_mm512_mullo_epi16(_mm512_and_si512(_mm512_srli_epi32(d, 8), m8), ia16));
        const __m512i out = _mm512_add_epi32(_mm512_or_si512(rb, _mm512_slli_epi32(ag, 8)), _mm512_slli_epi32(sa, 24));
        _mm512_mask_storeu_epi32(dst + i, live, out);
    }
}

LK_OVER_AVX512 LK_HIDDEN void lk_over_solid_mix_avx512(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb,
                                                       float op, int32_t count) {
    const __m512 opv = _mm512_set1_ps(op), va = _mm512_set1_ps(wa), vb = _mm512_set1_ps(wb);
    if ((color & 0x00FFFFFFu) == 0) { over_black_mix16(dst, color >> 24, a, b, va, vb, opv, count); return; }
    const SolidColour16 paint = solid_colour16(color);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        const __m512i k = mixed_k16(a + i, b + i, va, vb, opv, m);
        const __mmask16 live = _mm512_mask_test_epi32_mask(m, k, k);
        if (!live) continue;
        over16_solid_each(dst + i, live, paint, k);
    }
}

SHADOW_AVX2 LK_HIDDEN void lk_mix_rows_avx2(float *out, const float *a, const float *b, float wa, float wb, int32_t count) {
    const __m256 va = _mm256_set1_ps(wa), vb = _mm256_set1_ps(wb);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8)
        _mm256_storeu_ps(out + i, _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(a + i), va), _mm256_mul_ps(_mm256_loadu_ps(b + i), vb)));
    for (; i < count; i++) {
        float x = a[i] * wa, y = b[i] * wb;
        out[i] = x + y;
    }
}

SHADOW_AVX512 LK_HIDDEN void lk_mix_rows_avx512(float *out, const float *a, const float *b, float wa, float wb, int32_t count) {
    const __m512 va = _mm512_set1_ps(wa), vb = _mm512_set1_ps(wb);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        _mm512_mask_storeu_ps(out + i, m, _mm512_add_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, a + i), va), _mm512_mul_ps(_mm512_maskz_loadu_ps(m, b + i), vb)));
    }
}
#endif
