// A solid colour through an 8-bit mask, AVX2 and AVX-512 versions (x86-64 only; chosen at run
// time by lamina_kernels_level). Bit-identical with lk_over_solid_mask_portable (mask.c): the
// channels in 16-bit lanes, divided by 255 as mulhi(t + 128, 257), which is mul255's rounding
// (see blend_x86.c), so scaling by 255 gives the pixel back and by 0 gives 0, as scale_px does.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

#define MASK_AVX2 __attribute__((target("avx2")))
#define MASK_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))

MASK_AVX2 static inline __m256i mask_div255_16(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// Eight pixels: d over (color scaled by each mask byte m[0...7], then by k16's k).
MASK_AVX2 static inline __m256i over_mask8(__m256i d, __m256i c16, __m128i m8, __m256i k16, int scaled) {
    const __m256i z = _mm256_setzero_si256(), x255 = _mm256_set1_epi16(255);
    const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i m = _mm256_cvtepu8_epi32(m8);
    __m256i mm = _mm256_or_si256(m, _mm256_slli_epi32(m, 16));
    __m256i ml = _mm256_unpacklo_epi32(mm, mm), mh = _mm256_unpackhi_epi32(mm, mm);
    __m256i sl = mask_div255_16(_mm256_mullo_epi16(c16, ml)), sh = mask_div255_16(_mm256_mullo_epi16(c16, mh));
    if (scaled) { sl = mask_div255_16(_mm256_mullo_epi16(sl, k16)); sh = mask_div255_16(_mm256_mullo_epi16(sh, k16)); }
    __m256i il = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sl, alpha)), ih = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sh, alpha));
    __m256i dl = _mm256_add_epi16(sl, mask_div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), il)));
    __m256i dh = _mm256_add_epi16(sh, mask_div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ih)));
    return _mm256_packus_epi16(dl, dh);
}

MASK_AVX2 LK_HIDDEN void lk_over_solid_mask_avx2(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const __m256i k16 = _mm256_set1_epi16((short)k);
    const int scaled = k != 255;
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t bytes;
        __builtin_memcpy(&bytes, mask + i, 8);
        if (bytes == 0) continue;
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), over_mask8(d, c16, _mm_cvtsi64_si128((long long)bytes), k16, scaled));
    }
    lk_over_solid_mask_portable(dst + i, color, mask + i, k, count - i);
}

MASK_AVX512 static inline __m512i mask_div255_32(__m512i t) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(t, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

MASK_AVX512 LK_HIDDEN void lk_over_solid_mask_avx512(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    const __m512i z = _mm512_setzero_si512(), x255 = _mm512_set1_epi16(255);
    const __m512i c16 = _mm512_unpacklo_epi8(_mm512_set1_epi32((int)color), z);
    const __m512i k16 = _mm512_set1_epi16((short)k);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    const int scaled = k != 255;
    int32_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i m8 = _mm_loadu_si128((const __m128i *)(mask + i));
        if (_mm_testz_si128(m8, m8)) continue;
        __m512i m = _mm512_cvtepu8_epi32(m8);
        __m512i mm = _mm512_or_si512(m, _mm512_slli_epi32(m, 16));
        __m512i ml = _mm512_unpacklo_epi32(mm, mm), mh = _mm512_unpackhi_epi32(mm, mm);
        __m512i sl = mask_div255_32(_mm512_mullo_epi16(c16, ml)), sh = mask_div255_32(_mm512_mullo_epi16(c16, mh));
        if (scaled) { sl = mask_div255_32(_mm512_mullo_epi16(sl, k16)); sh = mask_div255_32(_mm512_mullo_epi16(sh, k16)); }
        __m512i d = _mm512_loadu_si512((const void *)(dst + i));
        __m512i il = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sl, alpha)), ih = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sh, alpha));
        __m512i dl = _mm512_add_epi16(sl, mask_div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), il)));
        __m512i dh = _mm512_add_epi16(sh, mask_div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ih)));
        _mm512_storeu_si512((void *)(dst + i), _mm512_packus_epi16(dl, dh));
    }
    if (count - i >= 8) {
        uint64_t bytes;
        __builtin_memcpy(&bytes, mask + i, 8);
        if (bytes) {
            const __m256i c8 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
            __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
            _mm256_storeu_si256((__m256i *)(dst + i), over_mask8(d, c8, _mm_cvtsi64_si128((long long)bytes), _mm256_set1_epi16((short)k), scaled));
        }
        i += 8;
    }
    lk_over_solid_mask_portable(dst + i, color, mask + i, k, count - i);
}

#endif
