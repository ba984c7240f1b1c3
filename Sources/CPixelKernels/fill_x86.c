// Filling rectangles with one colour, AVX2 and AVX-512 versions (x86-64 only). Each level's loop
// runs over the whole rectangle (the row bodies inlined, no call per row).
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

__attribute__((target("avx512f")))
LK_HIDDEN void lk_fill_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    const __m512i v = _mm512_set1_epi32((int)color);
    const __mmask16 tail = (__mmask16)((1u << (width & 15)) - 1);
    for (int32_t y = 0; y < height; y++, dst += dstStride) {
        int32_t i = 0;
        for (; i + 64 <= width; i += 64) {
            _mm512_storeu_si512((void *)(dst + i), v); _mm512_storeu_si512((void *)(dst + i + 16), v);
            _mm512_storeu_si512((void *)(dst + i + 32), v); _mm512_storeu_si512((void *)(dst + i + 48), v);
        }
        for (; i + 16 <= width; i += 16) _mm512_storeu_si512((void *)(dst + i), v);
        if (i < width) _mm512_mask_storeu_epi32(dst + i, tail, v);
    }
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_fill_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    const __m256i v = _mm256_set1_epi32((int)color);
    for (int32_t y = 0; y < height; y++, dst += dstStride) {
        int32_t i = 0;
        for (; i + 32 <= width; i += 32) {
            _mm256_storeu_si256((__m256i *)(dst + i), v); _mm256_storeu_si256((__m256i *)(dst + i + 8), v);
            _mm256_storeu_si256((__m256i *)(dst + i + 16), v); _mm256_storeu_si256((__m256i *)(dst + i + 24), v);
        }
        for (; i + 8 <= width; i += 8) _mm256_storeu_si256((__m256i *)(dst + i), v);
        for (; i < width; i++) dst[i] = color;
    }
}

#endif
