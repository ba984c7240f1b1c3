// Bilinear sampling, AVX2 and AVX-512 versions (x86-64 only; chosen at run time by
// lamina_kernels_level). Bit-identical with lk_sample_portable and lk_affine_portable (sample.c).
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

__attribute__((target("avx2")))
static inline __m256i weights16(__m128i f32) {
    // Four 32-bit weights → each repeated over its pixel's four 16-bit channels.
    __m128i t = _mm_or_si128(f32, _mm_slli_epi32(f32, 16));
    return _mm256_set_m128i(_mm_unpackhi_epi32(t, t), _mm_unpacklo_epi32(t, t));
}

__attribute__((target("avx2")))
static inline __m256i lerp16(__m256i p, __m256i q, __m256i f) {
    __m256i g = _mm256_sub_epi16(_mm256_set1_epi16(256), f);
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(p, g), _mm256_mullo_epi16(q, f)), 8);
}

/// Four bilinear samples at clamped texel coordinates in 8-bit fixed point, stored to out[0..3].
/// Horizontal neighbours are read as one 64-bit pair. At the last column (where the reference uses
/// the same texel twice, with weight 0 on the second) the pair ending there is read with weight 256
/// on its second texel instead: the same result, and no read past the rectangle.
__attribute__((target("avx2")))
static inline void bilerp4(const uint32_t *tex, __m128i ui, __m128i vi, __m128i vmaxX, __m128i vmaxY, __m128i vw, uint32_t *out) {
    const __m128i m255 = _mm_set1_epi32(255), onei = _mm_set1_epi32(1);
    __m128i iu = _mm_srai_epi32(ui, 8), iv = _mm_srai_epi32(vi, 8);
    __m128i fu = _mm_and_si128(ui, m255), fv = _mm_and_si128(vi, m255);
    __m128i atEnd = _mm_cmpeq_epi32(iu, vmaxX);
    iu = _mm_sub_epi32(iu, _mm_and_si128(atEnd, onei));
    fu = _mm_blendv_epi8(fu, _mm_set1_epi32(256), atEnd);
    __m128i iv1 = _mm_min_epi32(_mm_add_epi32(iv, onei), vmaxY);
    __m128i r0 = _mm_mullo_epi32(iv, vw), r1 = _mm_mullo_epi32(iv1, vw);
    int32_t t0[4], t1[4];
    _mm_storeu_si128((__m128i *)t0, _mm_add_epi32(r0, iu));
    _mm_storeu_si128((__m128i *)t1, _mm_add_epi32(r1, iu));
    __m128 a01 = _mm_castsi128_ps(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(tex + t0[0])), _mm_loadl_epi64((const __m128i *)(tex + t0[1]))));
    __m128 a23 = _mm_castsi128_ps(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(tex + t0[2])), _mm_loadl_epi64((const __m128i *)(tex + t0[3]))));
    __m128 b01 = _mm_castsi128_ps(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(tex + t1[0])), _mm_loadl_epi64((const __m128i *)(tex + t1[1]))));
    __m128 b23 = _mm_castsi128_ps(_mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(tex + t1[2])), _mm_loadl_epi64((const __m128i *)(tex + t1[3]))));
    __m256i wu = weights16(fu), wv = weights16(fv);
    __m256i top = lerp16(_mm256_cvtepu8_epi16(_mm_castps_si128(_mm_shuffle_ps(a01, a23, _MM_SHUFFLE(2, 0, 2, 0)))),
                         _mm256_cvtepu8_epi16(_mm_castps_si128(_mm_shuffle_ps(a01, a23, _MM_SHUFFLE(3, 1, 3, 1)))), wu);
    __m256i bot = lerp16(_mm256_cvtepu8_epi16(_mm_castps_si128(_mm_shuffle_ps(b01, b23, _MM_SHUFFLE(2, 0, 2, 0)))),
                         _mm256_cvtepu8_epi16(_mm_castps_si128(_mm_shuffle_ps(b01, b23, _MM_SHUFFLE(3, 1, 3, 1)))), wu);
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(lerp16(top, bot, wv), _mm256_setzero_si256()), 0x08);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_sample_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              double a, double b, double c, double rowX, double rowY, double rowW,
                              int32_t projective, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    const __m256d loX = _mm256_set1_pd((double)x0 * 256), loY = _mm256_set1_pd((double)y0 * 256);
    const __m256d hiX = _mm256_set1_pd((double)maxX * 256), hiY = _mm256_set1_pd((double)maxY * 256);
    const __m256d va = _mm256_set1_pd(a), vb = _mm256_set1_pd(b), vc = _mm256_set1_pd(c);
    const __m256d vrx = _mm256_set1_pd(rowX), vry = _mm256_set1_pd(rowY), vrw = _mm256_set1_pd(rowW);
    const __m256d half = _mm256_set1_pd(0.5), k256 = _mm256_set1_pd(256), one = _mm256_set1_pd(1);
    const __m128i vmaxX = _mm_set1_epi32(maxX), vmaxY = _mm_set1_epi32(maxY), vw = _mm_set1_epi32(w);
    int32_t i = 0;
    if (maxX <= x0) { lk_sample_portable(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out); return; }
    __m256d px = _mm256_add_pd(_mm256_set_pd((double)(px0 + 3), (double)(px0 + 2), (double)(px0 + 1), (double)px0), half);
    const __m256d four = _mm256_set1_pd(4);
    for (; i + 4 <= count; i += 4, px = _mm256_add_pd(px, four)) {
        __m256d u, v;
        if (projective) {
            __m256d inv = _mm256_div_pd(one, _mm256_add_pd(_mm256_mul_pd(px, vc), vrw));
            u = _mm256_mul_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, va), vrx), inv), half), k256);
            v = _mm256_mul_pd(_mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, vb), vry), inv), half), k256);
        } else {
            u = _mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(px, va), vrx), half), k256);
            v = _mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(px, vb), vry), half), k256);
        }
        // clamp: u > lo ? (u < hi ? u : hi) : lo  (NaN → lo). max_pd(u, lo) returns lo for NaN u.
        u = _mm256_min_pd(_mm256_max_pd(u, loX), hiX);
        v = _mm256_min_pd(_mm256_max_pd(v, loY), hiY);
        __m128i ui = _mm256_cvttpd_epi32(u), vi = _mm256_cvttpd_epi32(v);
        bilerp4(tex, ui, vi, vmaxX, vmaxY, vw, out + i);
    }
    if (i < count) lk_sample_portable(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0 + i, count - i, out + i);
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_affine_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                              int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (!affine_lanes_fit(x0, maxX, maxY, u0, du, v0, dv, px0, count, 4)) {
        lk_affine_portable(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
        return;
    }
    const int64_t ua = u0 + (int64_t)px0 * du, va = v0 + (int64_t)px0 * dv;
    const __m128i loU = _mm_set1_epi32(x0 << 16), hiU = _mm_set1_epi32(maxX << 16);
    const __m128i loV = _mm_set1_epi32(y0 << 16), hiV = _mm_set1_epi32(maxY << 16);
    const __m128i vmaxX = _mm_set1_epi32(maxX), vmaxY = _mm_set1_epi32(maxY), vw = _mm_set1_epi32(w);
    const int32_t dui = (int32_t)du, dvi = (int32_t)dv;
    __m128i U = _mm_add_epi32(_mm_set1_epi32((int32_t)ua), _mm_mullo_epi32(_mm_set_epi32(3, 2, 1, 0), _mm_set1_epi32(dui)));
    __m128i V = _mm_add_epi32(_mm_set1_epi32((int32_t)va), _mm_mullo_epi32(_mm_set_epi32(3, 2, 1, 0), _mm_set1_epi32(dvi)));
    const __m128i U4 = _mm_set1_epi32(dui * 4), V4 = _mm_set1_epi32(dvi * 4);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4, U = _mm_add_epi32(U, U4), V = _mm_add_epi32(V, V4)) {
        __m128i ui = _mm_srai_epi32(_mm_min_epi32(_mm_max_epi32(U, loU), hiU), 8);
        __m128i vi = _mm_srai_epi32(_mm_min_epi32(_mm_max_epi32(V, loV), hiV), 8);
        bilerp4(tex, ui, vi, vmaxX, vmaxY, vw, out + i);
    }
    if (i < count) lk_affine_portable(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0 + i, count - i, out + i);
}

// ---- affine bilinear, AVX-512: eight pixels a step, texel pairs fetched by 64-bit gathers ------

#define AVX512_VL_FREE __attribute__((target("avx2,avx512f,avx512bw")))

/// Eight bilinear samples from 16.16 coordinates U, V (eight 32-bit lanes, clamped already).
AVX512_VL_FREE static inline __m256i bilerp8(const uint32_t *tex, __m256i U, __m256i V, __m256i vmaxX, __m256i vmaxY, __m256i vw) {
    const __m256i m255 = _mm256_set1_epi32(255), one = _mm256_set1_epi32(1);
    __m256i ui = _mm256_srai_epi32(U, 8), vi = _mm256_srai_epi32(V, 8);
    __m256i iu = _mm256_srai_epi32(ui, 8), iv = _mm256_srai_epi32(vi, 8);
    __m256i fu = _mm256_and_si256(ui, m255), fv = _mm256_and_si256(vi, m255);
    __m256i atEnd = _mm256_cmpeq_epi32(iu, vmaxX);
    iu = _mm256_sub_epi32(iu, _mm256_and_si256(atEnd, one));
    fu = _mm256_blendv_epi8(fu, _mm256_set1_epi32(256), atEnd);
    __m256i iv1 = _mm256_min_epi32(_mm256_add_epi32(iv, one), vmaxY);
    __m256i i0 = _mm256_add_epi32(_mm256_mullo_epi32(iv, vw), iu), i1 = _mm256_add_epi32(_mm256_mullo_epi32(iv1, vw), iu);
    // Eight texel pairs (iu, iu + 1) of each row: [p | q] per 64 bits.
    __m512i top = _mm512_i32gather_epi64(i0, (const void *)tex, 4);
    __m512i bot = _mm512_i32gather_epi64(i1, (const void *)tex, 4);
    // Weights: per 32-bit lane (fu << 16) | (256 - fu), then per pixel [256-fu x4 | fu x4] in 16-bit.
    __m512i hw = _mm512_castsi256_si512(_mm256_or_si256(_mm256_slli_epi32(fu, 16), _mm256_sub_epi32(_mm256_set1_epi32(256), fu)));
    __m512i vwt = _mm512_castsi256_si512(_mm256_or_si256(_mm256_slli_epi32(fv, 16), _mm256_sub_epi32(_mm256_set1_epi32(256), fv)));
    // Word indices: pixel j (0..3 within a zmm of four pixels, k = 0 or 1 for the zmm) takes word 2(4k+j) four times, then 2(4k+j)+1 four times.
    const __m512i hidx0 = _mm512_set_epi16(7,7,7,7,6,6,6,6, 5,5,5,5,4,4,4,4, 3,3,3,3,2,2,2,2, 1,1,1,1,0,0,0,0);
    const __m512i hidx1 = _mm512_set_epi16(15,15,15,15,14,14,14,14, 13,13,13,13,12,12,12,12, 11,11,11,11,10,10,10,10, 9,9,9,9,8,8,8,8);
    __m512i wh0 = _mm512_permutexvar_epi16(hidx0, hw), wh1 = _mm512_permutexvar_epi16(hidx1, hw);
    // Vertical weights: (256 - fv) on the first 64 bits' channels... both halves the same pixel: [g x4 | g x4] and [f x4 | f x4].
    const __m512i gidx0 = _mm512_set_epi16(6,6,6,6,6,6,6,6, 4,4,4,4,4,4,4,4, 2,2,2,2,2,2,2,2, 0,0,0,0,0,0,0,0);
    const __m512i gidx1 = _mm512_set_epi16(14,14,14,14,14,14,14,14, 12,12,12,12,12,12,12,12, 10,10,10,10,10,10,10,10, 8,8,8,8,8,8,8,8);
    const __m512i one16 = _mm512_set1_epi16(1);
    __m512i g0 = _mm512_permutexvar_epi16(gidx0, vwt), g1 = _mm512_permutexvar_epi16(gidx1, vwt);
    __m512i f0 = _mm512_permutexvar_epi16(_mm512_add_epi16(gidx0, one16), vwt), f1 = _mm512_permutexvar_epi16(_mm512_add_epi16(gidx1, one16), vwt);
    __m512i t0 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(top)), t1 = _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(top, 1));
    __m512i b0 = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(bot)), b1 = _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(bot, 1));
    // Horizontal: p(256 - fu) + q·fu, the two halves of each 128 bits added (both halves then hold it).
    #define HL(x, w) ({ __m512i pr = _mm512_mullo_epi16(x, w); _mm512_srli_epi16(_mm512_add_epi16(pr, _mm512_shuffle_epi32(pr, 0x4E)), 8); })
    __m512i ht0 = HL(t0, wh0), ht1 = HL(t1, wh1), hb0 = HL(b0, wh0), hb1 = HL(b1, wh1);
    __m512i r0 = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(ht0, g0), _mm512_mullo_epi16(hb0, f0)), 8);
    __m512i r1 = _mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(ht1, g1), _mm512_mullo_epi16(hb1, f1)), 8);
    // Each 128 bits hold one pixel twice: pack to bytes, then take dword 0 of each 128-bit lane.
    __m512i packed = _mm512_packus_epi16(r0, r1);   // lane i: [r0 pix i (x2) | r1 pix i (x2)] as bytes
    const __m512i didx = _mm512_set_epi32(0,0,0,0,0,0,0,0, 14,10,6,2, 12,8,4,0);
    return _mm512_castsi512_si256(_mm512_permutexvar_epi32(didx, packed));
    #undef HL
}

AVX512_VL_FREE LK_HIDDEN void lk_affine_avx512(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                                int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (!affine_lanes_fit(x0, maxX, maxY, u0, du, v0, dv, px0, count, 8)) {
        lk_affine_portable(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
        return;
    }
    const int64_t ua = u0 + (int64_t)px0 * du, va = v0 + (int64_t)px0 * dv;
    const __m256i loU = _mm256_set1_epi32(x0 << 16), hiU = _mm256_set1_epi32(maxX << 16);
    const __m256i loV = _mm256_set1_epi32(y0 << 16), hiV = _mm256_set1_epi32(maxY << 16);
    const __m256i vmaxX = _mm256_set1_epi32(maxX), vmaxY = _mm256_set1_epi32(maxY), vw = _mm256_set1_epi32(w);
    const int32_t dui = (int32_t)du, dvi = (int32_t)dv;
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i U = _mm256_add_epi32(_mm256_set1_epi32((int32_t)ua), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dui)));
    __m256i V = _mm256_add_epi32(_mm256_set1_epi32((int32_t)va), _mm256_mullo_epi32(lane, _mm256_set1_epi32(dvi)));
    const __m256i U8 = _mm256_set1_epi32(dui * 8), V8 = _mm256_set1_epi32(dvi * 8);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8, U = _mm256_add_epi32(U, U8), V = _mm256_add_epi32(V, V8)) {
        __m256i r = bilerp8(tex, _mm256_min_epi32(_mm256_max_epi32(U, loU), hiU), _mm256_min_epi32(_mm256_max_epi32(V, loV), hiV), vmaxX, vmaxY, vw);
        _mm256_storeu_si256((__m256i *)(out + i), r);
    }
    if (i < count) {
        // The last group: all eight lanes sampled (their coordinates are clamped, so every read is
        // inside the rectangle), only the first count - i stored.
        __m256i r = bilerp8(tex, _mm256_min_epi32(_mm256_max_epi32(U, loU), hiU), _mm256_min_epi32(_mm256_max_epi32(V, loV), hiV), vmaxX, vmaxY, vw);
        __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        _mm256_maskstore_epi32((int *)(out + i), keep, r);
    }
}

#endif
