// Premultiplied ARGB to I420, AVX2 version (x86-64 only; chosen at run time by
// lamina_kernels_level). Bit-identical with lk_i420_portable (yuv.c).
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>


#define AVX2 __attribute__((target("avx2")))

/// Luma of 8 pixels as 8 int32 lanes.
AVX2 static inline __m256i luma8(__m256i p) {
    const __m256i lo = _mm256_set1_epi32(0x00FF00FF);
    __m256i br = _mm256_and_si256(p, lo), ga = _mm256_and_si256(_mm256_srli_epi32(p, 8), lo);
    __m256i s = _mm256_add_epi32(_mm256_madd_epi16(br, _mm256_set1_epi32((YR << 16) | YB)),
                                 _mm256_madd_epi16(ga, _mm256_set1_epi32(YG)));
    return _mm256_srai_epi32(_mm256_add_epi32(s, _mm256_set1_epi32((16 << 15) + (1 << 14))), 15);
}

/// 16 luma bytes from two groups of 8 int32 lanes (in pixel order).
AVX2 static inline __m128i pack_luma16(__m256i a, __m256i b) {
    __m256i w = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);   // 16 x u16 in order
    __m128i lo = _mm256_castsi256_si128(w), hi = _mm256_extracti128_si256(w, 1);
    return _mm_packus_epi16(lo, hi);
}

/// The 2x2 sums of 8 pixels of two rows (p0 above q0, p1 above q1: pixels 0-7 and 8-15) as
/// (B, R) and (G, A) 16-bit pairs in the even 32-bit lanes' order: 8 blocks.
AVX2 static inline void block_sums(__m256i p0, __m256i q0, __m256i p1, __m256i q1, __m256i *br, __m256i *ga) {
    const __m256i lo = _mm256_set1_epi32(0x00FF00FF);
    __m256i br0 = _mm256_add_epi16(_mm256_and_si256(p0, lo), _mm256_and_si256(q0, lo));
    __m256i ga0 = _mm256_add_epi16(_mm256_and_si256(_mm256_srli_epi32(p0, 8), lo), _mm256_and_si256(_mm256_srli_epi32(q0, 8), lo));
    __m256i br1 = _mm256_add_epi16(_mm256_and_si256(p1, lo), _mm256_and_si256(q1, lo));
    __m256i ga1 = _mm256_add_epi16(_mm256_and_si256(_mm256_srli_epi32(p1, 8), lo), _mm256_and_si256(_mm256_srli_epi32(q1, 8), lo));
    // Add horizontal neighbours: lane 2i + lane 2i+1 (16-bit pairs, sums at most 1020).
    br0 = _mm256_add_epi16(br0, _mm256_srli_epi64(br0, 32));
    ga0 = _mm256_add_epi16(ga0, _mm256_srli_epi64(ga0, 32));
    br1 = _mm256_add_epi16(br1, _mm256_srli_epi64(br1, 32));
    ga1 = _mm256_add_epi16(ga1, _mm256_srli_epi64(ga1, 32));
    // Gather the even lanes: blocks 0-3 from the first group, 4-7 from the second.
    const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    __m256i b0 = _mm256_permutevar8x32_epi32(br0, even), b1 = _mm256_permutevar8x32_epi32(br1, even);
    __m256i g0 = _mm256_permutevar8x32_epi32(ga0, even), g1 = _mm256_permutevar8x32_epi32(ga1, even);
    *br = _mm256_permute2x128_si256(b0, b1, 0x20);
    *ga = _mm256_permute2x128_si256(g0, g1, 0x20);
}

/// 8 chroma bytes from 8 blocks' sums with coefficients (cb, cr, cg).
AVX2 static inline __m128i chroma8(__m256i br, __m256i ga, int32_t cb, int32_t cr, int32_t cg) {
    __m256i s = _mm256_add_epi32(_mm256_madd_epi16(br, _mm256_set1_epi32((int32_t)((uint32_t)cr << 16 | (uint16_t)cb))),
                                 _mm256_madd_epi16(ga, _mm256_set1_epi32((uint16_t)cg)));
    s = _mm256_srai_epi32(_mm256_add_epi32(s, _mm256_set1_epi32((128 << 17) + (1 << 16))), 17);
    __m128i w = _mm_packus_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    return _mm_packus_epi16(w, w);
}

AVX2 LK_HIDDEN void lk_i420_avx2(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                                 int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    const int32_t end = row0 + rows;
    for (int32_t y = row0; y < end; y += 2) {
        if (y + 1 >= height) { lk_i420_portable(src, stride, width, height, y, 1, straight, yp, ys, up, vp, cs); continue; }
        const uint32_t *s0 = src + (intptr_t)y * stride, *s1 = s0 + stride;
        uint8_t *y0 = yp + (intptr_t)y * ys, *y1 = y0 + ys;
        uint8_t *u = up + (intptr_t)(y / 2) * cs, *v = vp + (intptr_t)(y / 2) * cs;
        int32_t x = 0;
        const __m256i opaque = _mm256_set1_epi32((int32_t)0xFF000000u);
        for (; x + 16 <= width; x += 16) {
            __m256i p0 = _mm256_loadu_si256((const __m256i *)(s0 + x)), p1 = _mm256_loadu_si256((const __m256i *)(s0 + x + 8));
            __m256i q0 = _mm256_loadu_si256((const __m256i *)(s1 + x)), q1 = _mm256_loadu_si256((const __m256i *)(s1 + x + 8));
            if (straight) {
                __m256i all = _mm256_and_si256(_mm256_and_si256(p0, p1), _mm256_and_si256(q0, q1));
                if (!_mm256_testc_si256(all, opaque)) break;   // a pixel is not opaque: the rest of the row in scalar code
            }
            _mm_storeu_si128((__m128i *)(y0 + x), pack_luma16(luma8(p0), luma8(p1)));
            _mm_storeu_si128((__m128i *)(y1 + x), pack_luma16(luma8(q0), luma8(q1)));
            __m256i br, ga;
            block_sums(p0, q0, p1, q1, &br, &ga);
            _mm_storel_epi64((__m128i *)(u + x / 2), chroma8(br, ga, UB, UR, UG));
            _mm_storel_epi64((__m128i *)(v + x / 2), chroma8(br, ga, VB, VR, VG));
        }
        if (x < width) {
            // The rest of the row pair: the scalar code on the columns from x (x is even).
            lk_i420_portable(s0 + x, stride, width - x, height - y, 0, 2, straight, y0 + x, ys, u + x / 2, v + x / 2, cs);
        }
    }
}

#endif
