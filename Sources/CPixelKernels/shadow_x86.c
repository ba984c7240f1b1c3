// Shadow planes (see shadow.c), AVX2 and AVX-512 versions (x86-64 only; chosen at run time by
// lamina_kernels_level). Each value is the portable loop's, bit for bit: the same operations in
// single precision, each rounded on its own (no fused multiply-adds: -ffp-contract=off, and each
// product is its own intrinsic), a division by 255 correctly rounded as the scalar one.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

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

SHADOW_AVX2 LK_HIDDEN void lk_sample_between_avx2(float *out, const float *row, const int32_t *index, const float *left, const float *next,
                                                  int32_t count) {
    const __m256i one = _mm256_set1_epi32(1);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i j = _mm256_loadu_si256((const __m256i *)(index + i));
        __m256 a = _mm256_mul_ps(_mm256_i32gather_ps(row, j, 4), _mm256_loadu_ps(left + i));
        __m256 b = _mm256_mul_ps(_mm256_i32gather_ps(row, _mm256_add_epi32(j, one), 4), _mm256_loadu_ps(next + i));
        _mm256_storeu_ps(out + i, _mm256_add_ps(a, b));
    }
    for (; i < count; i++) {
        float a = row[index[i]] * left[i], b = row[index[i] + 1] * next[i];
        out[i] = a + b;
    }
}

SHADOW_AVX512 LK_HIDDEN void lk_sample_between_avx512(float *out, const float *row, const int32_t *index, const float *left, const float *next,
                                                      int32_t count) {
    const __m512i one = _mm512_set1_epi32(1);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512i j = _mm512_maskz_loadu_epi32(m, index + i);
        __m512 a = _mm512_mul_ps(_mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, j, row, 4), _mm512_maskz_loadu_ps(m, left + i));
        __m512 b = _mm512_mul_ps(_mm512_mask_i32gather_ps(_mm512_setzero_ps(), m, _mm512_add_epi32(j, one), row, 4), _mm512_maskz_loadu_ps(m, next + i));
        _mm512_mask_storeu_ps(out + i, m, _mm512_add_ps(a, b));
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
