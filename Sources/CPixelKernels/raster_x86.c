// The cell rasteriser's row sweep (raster.c), AVX2 and AVX-512 versions (x86-64 only): an integer
// prefix sum of the cells, 8 or 16 at a time, each sum turned into coverage as sum_coverage does.
// Integer sums are exact in any order, so the results equal the portable version's.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

__attribute__((target("avx2")))
LK_HIDDEN int32_t lk_raster_sweep_avx2(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(LAMINA_RASTER_ONE);
    const __m256i two = _mm256_set1_epi32(2 * LAMINA_RASTER_ONE), period = _mm256_set1_epi32(2 * LAMINA_RASTER_ONE - 1);
    const __m256i last = _mm256_set1_epi32(7);
    const __m256 unit = _mm256_set1_ps(1.0f / LAMINA_RASTER_ONE);
    __m256i carry = _mm256_set1_epi32(sum);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cells + i));
        _mm256_storeu_si256((__m256i *)(cells + i), zero);
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        // The low half's total into the high half.
        __m256i low = _mm256_shuffle_epi32(x, 0xFF);
        x = _mm256_add_epi32(x, _mm256_permute2x128_si256(low, low, 0x08));
        x = _mm256_add_epi32(x, carry);
        carry = _mm256_permutevar8x32_epi32(x, last);
        __m256i a = _mm256_abs_epi32(x);
        if (evenOdd) {
            a = _mm256_and_si256(a, period);
            a = _mm256_min_epi32(a, _mm256_sub_epi32(two, a));
        } else {
            a = _mm256_min_epu32(a, one);
        }
        _mm256_storeu_ps(coverage + i, _mm256_mul_ps(_mm256_cvtepi32_ps(a), unit));
    }
    int32_t s = _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
    return i < count ? lk_raster_sweep_portable(cells + i, coverage + i, count - i, s, evenOdd) : s;
}

__attribute__((target("avx512f")))
LK_HIDDEN int32_t lk_raster_sweep_avx512(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd) {
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(LAMINA_RASTER_ONE);
    const __m512i two = _mm512_set1_epi32(2 * LAMINA_RASTER_ONE), period = _mm512_set1_epi32(2 * LAMINA_RASTER_ONE - 1);
    const __m512i last = _mm512_set1_epi32(15);
    const __m512 unit = _mm512_set1_ps(1.0f / LAMINA_RASTER_ONE);
    __m512i carry = _mm512_set1_epi32(sum);
    for (int32_t i = 0; i < count; i += 16) {
        int32_t n = count - i < 16 ? count - i : 16;
        __mmask16 m = (__mmask16)(n == 16 ? 0xFFFFu : (1u << n) - 1);
        __m512i x = _mm512_maskz_loadu_epi32(m, cells + i);
        _mm512_mask_storeu_epi32(cells + i, m, zero);
        // Each lane plus the lanes 1, 2, 4 and 8 below it (alignr with zeros shifts lanes up).
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 15));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 14));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 12));
        x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 8));
        x = _mm512_add_epi32(x, carry);
        carry = _mm512_permutexvar_epi32(last, x);
        __m512i a = _mm512_abs_epi32(x);
        if (evenOdd) {
            a = _mm512_and_si512(a, period);
            a = _mm512_min_epi32(a, _mm512_sub_epi32(two, a));
        } else {
            a = _mm512_min_epu32(a, one);
        }
        _mm512_mask_storeu_ps(coverage + i, m, _mm512_mul_ps(_mm512_cvtepi32_ps(a), unit));
    }
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

#endif
