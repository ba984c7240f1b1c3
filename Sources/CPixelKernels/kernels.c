#include "CPixelKernels.h"
#include <immintrin.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

// The arithmetic must not be contracted into fused multiply-adds: results must equal Swift's.
#pragma clang fp contract(off)

static inline uint32_t lerp_px(uint32_t p, uint32_t q, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (((p & 0x00FF00FFu) * g + (q & 0x00FF00FFu) * f) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((p >> 8) & 0x00FF00FFu) * g + ((q >> 8) & 0x00FF00FFu) * f) & 0xFF00FF00u;
    return rb | ag;
}

static inline double clampd(double u, double lo, double hi) { return u > lo ? (u < hi ? u : hi) : lo; }

/// One bilinear sample at clamped texel coordinates in 8-bit fixed point (ui, vi).
static inline uint32_t bilerp1(const uint32_t *tex, int32_t w, int32_t ui, int32_t vi, int32_t maxX, int32_t maxY) {
    int32_t iu = ui >> 8, iv = vi >> 8;
    uint32_t fu = (uint32_t)(ui & 255), fv = (uint32_t)(vi & 255);
    int32_t iu1 = iu < maxX ? iu + 1 : maxX, iv1 = iv < maxY ? iv + 1 : maxY;
    const uint32_t *r0 = tex + (intptr_t)iv * w, *r1 = tex + (intptr_t)iv1 * w;
    return lerp_px(lerp_px(r0[iu], r0[iu1], fu), lerp_px(r1[iu], r1[iu1], fu), fv);
}

static void sample_scalar(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
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
static void sample_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
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
    if (maxX <= x0) { sample_scalar(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out); return; }
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
    if (i < count) sample_scalar(tex, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0 + i, count - i, out + i);
}

// ---- affine bilinear in fixed point ------------------------------------------------------------

static inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

static void affine_scalar(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                          int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    const int64_t loU = (int64_t)x0 << 16, hiU = (int64_t)maxX << 16, loV = (int64_t)y0 << 16, hiV = (int64_t)maxY << 16;
    for (int32_t i = 0; i < count; i++) {
        int64_t x = (int64_t)px0 + i;
        out[i] = bilerp1(tex, w, (int32_t)(clamp64(u0 + x * du, loU, hiU) >> 8), (int32_t)(clamp64(v0 + x * dv, loV, hiV) >> 8), maxX, maxY);
    }
}

/// Whether 32-bit lanes stepping `step` pixels at a time are exact for the span: every coordinate
/// of it (and of one step past it), the step, and the rectangle's far edge fit in ±2^30; and the
/// rectangle is more than one column wide (the vector code reads texel pairs).
static int affine_lanes_fit(int32_t x0, int32_t maxX, int32_t maxY, int64_t u0, int64_t du, int64_t v0, int64_t dv,
                            int32_t px0, int32_t count, int32_t step) {
    const int64_t lim = (int64_t)1 << 30;
    int64_t ua = u0 + (int64_t)px0 * du, ub = u0 + ((int64_t)px0 + count + step) * du;
    int64_t va = v0 + (int64_t)px0 * dv, vb = v0 + ((int64_t)px0 + count + step) * dv;
    return !(maxX <= x0 || ua < -lim || ua > lim || ub < -lim || ub > lim || va < -lim || va > lim || vb < -lim || vb > lim
             || du * step > lim || du * step < -lim || dv * step > lim || dv * step < -lim
             || ((int64_t)maxX << 16) > lim || ((int64_t)maxY << 16) > lim);
}

__attribute__((target("avx2")))
static void affine_avx2(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                        int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (!affine_lanes_fit(x0, maxX, maxY, u0, du, v0, dv, px0, count, 4)) {
        affine_scalar(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
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
    if (i < count) affine_scalar(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0 + i, count - i, out + i);
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

AVX512_VL_FREE static void affine_avx512(const uint32_t *tex, int32_t w, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                 int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t maxX = x1 - 1, maxY = y1 - 1;
    if (!affine_lanes_fit(x0, maxX, maxY, u0, du, v0, dv, px0, count, 8)) {
        affine_scalar(tex, w, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
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

void lamina_sample_bilinear_affine(const uint32_t *tex, int32_t texWidth, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                   int64_t u0, int64_t du, int64_t v0, int64_t dv, int32_t px0, int32_t count, uint32_t *out) {
    const int32_t level = lamina_kernels_level();
    if (level == LAMINA_LEVEL_AVX512) affine_avx512(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
    else if (level == LAMINA_LEVEL_AVX2) affine_avx2(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
    else affine_scalar(tex, texWidth, x0, y0, x1, y1, u0, du, v0, dv, px0, count, out);
}

static _Atomic int avx2_state = -1;     // atomic: frames are drawn on several threads
static _Atomic int avx512_state = -1;
static _Atomic int mode_state = -1;     // -1: LAMINA_SIMD not read yet

int32_t lamina_kernels_cpu_has_avx2(void) {
    int state = atomic_load_explicit(&avx2_state, memory_order_relaxed);
    if (state < 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("avx2") ? 1 : 0;
        atomic_store_explicit(&avx2_state, state, memory_order_relaxed);
    }
    return state;
}

int32_t lamina_kernels_cpu_has_avx512(void) {
    int state = atomic_load_explicit(&avx512_state, memory_order_relaxed);
    if (state < 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
        atomic_store_explicit(&avx512_state, state, memory_order_relaxed);
    }
    return state;
}

int32_t lamina_kernels_mode(void) {
    int mode = atomic_load_explicit(&mode_state, memory_order_relaxed);
    if (mode < 0) {
        const char *env = getenv("LAMINA_SIMD");
        int fromEnv = !env ? LAMINA_KERNELS_AUTO
                    : strcmp(env, "portable") == 0 ? LAMINA_KERNELS_PORTABLE
                    : strcmp(env, "avx2") == 0 ? LAMINA_KERNELS_AVX2 : LAMINA_KERNELS_AUTO;
        int expected = -1;
        // A mode set meanwhile by lamina_kernels_set_mode wins over the variable.
        if (!atomic_compare_exchange_strong_explicit(&mode_state, &expected, fromEnv, memory_order_relaxed, memory_order_relaxed))
            return expected;
        mode = fromEnv;
    }
    return mode;
}

int32_t lamina_kernels_set_mode(int32_t mode) {
    (void)lamina_kernels_mode();   // the variable is read first, so the previous mode is never "unread"
    int next = mode == LAMINA_KERNELS_PORTABLE || mode == LAMINA_KERNELS_AVX2 ? mode : LAMINA_KERNELS_AUTO;
    return atomic_exchange_explicit(&mode_state, next, memory_order_relaxed);
}

int32_t lamina_kernels_level(void) {
    int mode = lamina_kernels_mode();
    if (mode == LAMINA_KERNELS_PORTABLE || !lamina_kernels_cpu_has_avx2()) return LAMINA_LEVEL_PORTABLE;
    if (mode == LAMINA_KERNELS_AUTO && lamina_kernels_cpu_has_avx512()) return LAMINA_LEVEL_AVX512;
    return LAMINA_LEVEL_AVX2;
}

int32_t lamina_kernels_use_avx2(void) {
    return lamina_kernels_level() != LAMINA_LEVEL_PORTABLE;
}

void lamina_sample_bilinear(const uint32_t *tex, int32_t texWidth, int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                            double a, double b, double c, double rowX, double rowY, double rowW,
                            int32_t projective, int32_t px0, int32_t count, uint32_t *out) {
    if (lamina_kernels_use_avx2())
        sample_avx2(tex, texWidth, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out);
    else
        sample_scalar(tex, texWidth, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, count, out);
}

// ---- source over ------------------------------------------------------------------------------

static inline uint32_t mul255(uint32_t x, uint32_t a) { uint32_t t = x * a + 128; return (t + (t >> 8)) >> 8; }

static inline uint32_t scale_px(uint32_t p, uint32_t k) {
    if (k == 255) return p;
    if (k == 0) return 0;
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    uint32_t rb2 = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag2 = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb2 | ag2;
}

static inline uint32_t over_px(uint32_t d, uint32_t s) {
    uint32_t sa = s >> 24;
    if (sa == 255) return s;
    if (sa == 0) return d;
    return s + scale_px(d, 255 - sa);
}

// The AVX2 and AVX-512 versions work on 16-bit channels (bytes unpacked against zero) and divide
// by 255 as mulhi(t + 128, 257): for 0 <= t + 128 <= 65535 that equals ((t + 128) + ((t + 128) >> 8)) >> 8,
// the rounding of mul255 (t + 128 = 256a + b: both give a + floor((a + b) / 256)), so the results
// are bit-identical with the portable code.

__attribute__((target("avx2")))
static inline __m256i div255_16(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// x·f/255 rounded as mul255, in each 16-bit lane (x, f <= 255).
__attribute__((target("avx2")))
static inline __m256i mul255_16(__m256i x, __m256i f) { return div255_16(_mm256_mullo_epi16(x, f)); }

/// Each pixel's channels times its own 16-bit factor f (both halves of each 32-bit lane hold
/// it), rounded as mul255: scale_px with a per-pixel factor, for any factor 0...255. The channels
/// stay in place, as two vectors of 16-bit lanes (blue and red: p & 0x00FF00FF; green and alpha:
/// (p >> 8) & 0x00FF00FF), so no byte is unpacked, shuffled or packed.
__attribute__((target("avx2")))
static inline __m256i scale8(__m256i p, __m256i f) {
    const __m256i m = _mm256_set1_epi32(0x00FF00FF);
    __m256i rb = mul255_16(_mm256_and_si256(p, m), f), ag = mul255_16(_mm256_srli_epi16(p, 8), f);
    return _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8));
}

/// Source over of eight premultiplied pixels at full opacity, s + d·(255 − s.alpha)/255, with
/// each pixel's 255 − alpha made by shifts (both halves of its lane) instead of a byte shuffle.
/// Unpacking, shuffling and packing bytes all compete for the same two ports on the machines
/// measured; this version uses none (over.full at AVX2: 0.174 -> 0.133 ms). Where the source is
/// also scaled by an opacity, the unpacked version below measured faster (its two products do
/// not wait on each other) and is kept.
__attribute__((target("avx2")))
static inline __m256i over8_full(__m256i d, __m256i s) {
    __m256i ia = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24));
    return _mm256_add_epi32(s, scale8(d, _mm256_or_si256(ia, _mm256_slli_epi32(ia, 16))));
}

/// Source over of one group of eight pixels, s scaled by k16 first unless k is 255.
__attribute__((target("avx2")))
static inline __m256i over8(__m256i d, __m256i s, __m256i k16, int scaled) {
    const __m256i z = _mm256_setzero_si256(), x255 = _mm256_set1_epi16(255);
    // Each pixel's alpha (16-bit channel 3) into its four channels.
    const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i sl = _mm256_unpacklo_epi8(s, z), sh = _mm256_unpackhi_epi8(s, z);
    if (scaled) { sl = div255_16(_mm256_mullo_epi16(sl, k16)); sh = div255_16(_mm256_mullo_epi16(sh, k16)); }
    __m256i il = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sl, alpha)), ih = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sh, alpha));
    __m256i dl = _mm256_add_epi16(sl, div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), il)));
    __m256i dh = _mm256_add_epi16(sh, div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ih)));
    return _mm256_packus_epi16(dl, dh);
}

__attribute__((target("avx2"), always_inline))
static inline void over_row_avx2(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    int32_t i = 0;
    const __m256i k16 = _mm256_set1_epi16((short)k);
    if (k == 255) {
        // Eight opaque source pixels are the result as they are (s + d·0/255 = s).
        const __m256i amask = _mm256_set1_epi32((int)0xFF000000u);
        for (; i + 8 <= count; i += 8) {
            __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s, amask), amask)) == -1) {
                _mm256_storeu_si256((__m256i *)(dst + i), s);
                continue;
            }
            __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
            _mm256_storeu_si256((__m256i *)(dst + i), over8_full(d, s));
        }
    } else {
        // Eight opaque source pixels scaled by k all have alpha k: the destination's factor is 255 - k.
        const __m256i amask = _mm256_set1_epi32((int)0xFF000000u), z = _mm256_setzero_si256();
        const __m256i ik = _mm256_set1_epi16((short)(255 - k));
        for (; i + 8 <= count; i += 8) {
            __m256i s = _mm256_loadu_si256((const __m256i *)(src + i)), d = _mm256_loadu_si256((const __m256i *)(dst + i));
            if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(s, amask), amask)) == -1) {
                __m256i sl = div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, z), k16));
                __m256i sh = div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, z), k16));
                __m256i dl = _mm256_add_epi16(sl, div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), ik)));
                __m256i dh = _mm256_add_epi16(sh, div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ik)));
                _mm256_storeu_si256((__m256i *)(dst + i), _mm256_packus_epi16(dl, dh));
                continue;
            }
            _mm256_storeu_si256((__m256i *)(dst + i), over8(d, s, k16, 1));
        }
    }
    for (; i < count; i++) dst[i] = over_px(dst[i], scale_px(src[i], k));
}

__attribute__((target("avx2"), always_inline))
static inline void over_solid_avx2(uint32_t *dst, uint32_t color, int32_t count) {
    int32_t i = 0;
    const __m256i z = _mm256_setzero_si256(), c = _mm256_set1_epi32((int)color);
    const __m256i c16 = _mm256_unpacklo_epi8(c, z), ia = _mm256_set1_epi16((short)(255 - (color >> 24)));
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i dl = _mm256_add_epi16(c16, div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), ia)));
        __m256i dh = _mm256_add_epi16(c16, div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ia)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_packus_epi16(dl, dh));
    }
    for (; i < count; i++) dst[i] = over_px(dst[i], color);
}

// ---- AVX-512 (F + BW): sixteen pixels a step, the last group through masked loads and stores --

#define AVX512 __attribute__((target("avx512f,avx512bw")))

AVX512 static inline __m512i div255_32(__m512i t) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(t, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

AVX512 static inline __m512i over16(__m512i d, __m512i s, __m512i k16, int scaled) {
    const __m512i z = _mm512_setzero_si512(), x255 = _mm512_set1_epi16(255);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    __m512i sl = _mm512_unpacklo_epi8(s, z), sh = _mm512_unpackhi_epi8(s, z);
    if (scaled) { sl = div255_32(_mm512_mullo_epi16(sl, k16)); sh = div255_32(_mm512_mullo_epi16(sh, k16)); }
    __m512i il = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sl, alpha)), ih = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sh, alpha));
    __m512i dl = _mm512_add_epi16(sl, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), il)));
    __m512i dh = _mm512_add_epi16(sh, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ih)));
    return _mm512_packus_epi16(dl, dh);
}

AVX512 __attribute__((always_inline)) static inline void over_row_avx512(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    int32_t i = 0;
    const __m512i k16 = _mm512_set1_epi16((short)k);
    const int scaled = k != 255;
    if (count >= 32 && ((uintptr_t)src & 63) != 0) {
        // The first pixels up to a 64-byte boundary of dst through one masked group, so that the
        // groups after it load and store whole cache lines (a destination line split by every
        // group cost about 9 % on 256-pixel rows). Not when src is aligned already: its loads
        // would split instead, which measured slower than splitting the destination's.
        const int32_t head = (int32_t)((16 - (((uintptr_t)dst >> 2) & 15)) & 15);
        if (head) {
            __mmask16 m = (__mmask16)((1u << head) - 1);
            __m512i s = _mm512_maskz_loadu_epi32(m, src), d = _mm512_maskz_loadu_epi32(m, dst);
            _mm512_mask_storeu_epi32(dst, m, over16(d, s, k16, scaled));
            i = head;
        }
    }
    if (scaled) {
        // Sixteen opaque source pixels scaled by k all have alpha k (mul255(255, k) = k), so the
        // destination's factor is the constant 255 - k: no per-pixel alpha to spread.
        const __m512i amask = _mm512_set1_epi32((int)0xFF000000u), z = _mm512_setzero_si512();
        const __m512i ik = _mm512_set1_epi16((short)(255 - k));
        for (; i + 16 <= count; i += 16) {
            __m512i s = _mm512_loadu_si512((const void *)(src + i)), d = _mm512_loadu_si512((const void *)(dst + i));
            if (_mm512_cmpeq_epi32_mask(_mm512_and_si512(s, amask), amask) == 0xFFFF) {
                __m512i sl = div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(s, z), k16));
                __m512i sh = div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(s, z), k16));
                __m512i dl = _mm512_add_epi16(sl, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), ik)));
                __m512i dh = _mm512_add_epi16(sh, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ik)));
                _mm512_storeu_si512((void *)(dst + i), _mm512_packus_epi16(dl, dh));
                continue;
            }
            _mm512_storeu_si512((void *)(dst + i), over16(d, s, k16, 1));
        }
    } else {
        // Sixteen opaque source pixels are the result as they are (s + d·0/255 = s).
        const __m512i amask = _mm512_set1_epi32((int)0xFF000000u);
        for (; i + 16 <= count; i += 16) {
            __m512i s = _mm512_loadu_si512((const void *)(src + i));
            if (_mm512_cmpeq_epi32_mask(_mm512_and_si512(s, amask), amask) == 0xFFFF) {
                _mm512_storeu_si512((void *)(dst + i), s);
                continue;
            }
            __m512i d = _mm512_loadu_si512((const void *)(dst + i));
            _mm512_storeu_si512((void *)(dst + i), over16(d, s, k16, 0));
        }
    }
    if (i < count) {
        // A transparent source (the masked-off lanes) leaves the destination as it is.
        __mmask16 m = (__mmask16)((1u << (count - i)) - 1);
        __m512i s = _mm512_maskz_loadu_epi32(m, src + i), d = _mm512_maskz_loadu_epi32(m, dst + i);
        _mm512_mask_storeu_epi32(dst + i, m, over16(d, s, k16, scaled));
    }
}

AVX512 __attribute__((always_inline)) static inline void over_solid_avx512(uint32_t *dst, uint32_t color, int32_t count) {
    int32_t i = 0;
    const __m512i z = _mm512_setzero_si512(), c = _mm512_set1_epi32((int)color);
    const __m512i c16 = _mm512_unpacklo_epi8(c, z), ia = _mm512_set1_epi16((short)(255 - (color >> 24)));
    for (; i < count; i += 16) {
        __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512i d = _mm512_maskz_loadu_epi32(m, dst + i);
        __m512i dl = _mm512_add_epi16(c16, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), ia)));
        __m512i dh = _mm512_add_epi16(c16, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ia)));
        _mm512_mask_storeu_epi32(dst + i, m, _mm512_packus_epi16(dl, dh));
    }
}

// Whole rectangles at one level, the row bodies inlined (their constants made once, no call per row).
AVX512 static void over_rect_avx512(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                    int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride) over_row_avx512(dst, src, width, k);
}

__attribute__((target("avx2")))
static void over_rect_avx2(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                           int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride) over_row_avx2(dst, src, width, k);
}

void lamina_over_row(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k) {
    if (k == 0 || count <= 0) return;
    if (k > 255) k = 255;
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: over_rect_avx512(dst, 0, src, 0, count, 1, k); return;
    case LAMINA_LEVEL_AVX2: over_rect_avx2(dst, 0, src, 0, count, 1, k); return;
    default: for (int32_t i = 0; i < count; i++) dst[i] = over_px(dst[i], scale_px(src[i], k));
    }
}

AVX512 static void over_solid_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);
__attribute__((target("avx2")))
static void over_solid_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);

void lamina_over_solid(uint32_t *dst, uint32_t color, int32_t count) {
    if (count <= 0 || color == 0) return;
    if ((color >> 24) == 255) { for (int32_t i = 0; i < count; i++) dst[i] = color; return; }
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: over_solid_rect_avx512(dst, 0, color, count, 1); return;
    case LAMINA_LEVEL_AVX2: over_solid_rect_avx2(dst, 0, color, count, 1); return;
    default: for (int32_t i = 0; i < count; i++) dst[i] = over_px(dst[i], color);
    }
}

void lamina_over_rect(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                      int32_t width, int32_t height, uint32_t k) {
    if (k == 0 || width <= 0 || height <= 0) return;
    if (k > 255) k = 255;
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: over_rect_avx512(dst, dstStride, src, srcStride, width, height, k); return;
    case LAMINA_LEVEL_AVX2: over_rect_avx2(dst, dstStride, src, srcStride, width, height, k); return;
    default:
        for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride)
            for (int32_t i = 0; i < width; i++) dst[i] = over_px(dst[i], scale_px(src[i], k));
    }
}

// ---- fills -------------------------------------------------------------------------------------------

// Each level's loop runs over the whole rectangle (the row bodies inlined, no call per row).

__attribute__((target("avx512f")))
static void fill_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
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
static void fill_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
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

void lamina_fill_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0) return;
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: fill_rect_avx512(dst, dstStride, color, width, height); return;
    case LAMINA_LEVEL_AVX2: fill_rect_avx2(dst, dstStride, color, width, height); return;
    default:
        for (int32_t y = 0; y < height; y++, dst += dstStride)
            for (int32_t i = 0; i < width; i++) dst[i] = color;
    }
}

AVX512 static void over_solid_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++, dst += dstStride) over_solid_avx512(dst, color, width);
}

__attribute__((target("avx2")))
static void over_solid_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++, dst += dstStride) over_solid_avx2(dst, color, width);
}

void lamina_over_solid_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0 || color == 0) return;
    // An opaque colour replaces what is there: a fill.
    if ((color >> 24) == 255) { lamina_fill_rect(dst, dstStride, color, width, height); return; }
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: over_solid_rect_avx512(dst, dstStride, color, width, height); return;
    case LAMINA_LEVEL_AVX2: over_solid_rect_avx2(dst, dstStride, color, width, height); return;
    default:
        for (int32_t y = 0; y < height; y++, dst += dstStride)
            for (int32_t i = 0; i < width; i++) dst[i] = over_px(dst[i], color);
    }
}

// ---- a solid colour through per-pixel coverage ----------------------------------------------------
// dst[i] = scale(color, k_i) over dst[i], k_i = (uint32_t)(min(coverage[i]·op, 1)·255 + 0.5) in
// float arithmetic (as PrimitiveDrawer computes a run's k); k_i = 0 leaves the pixel (the formula
// gives it back unchanged too: s = 0, d·255/255 = d).

static inline uint32_t coverage_k(float c, float op) {
    float v = c * op;
    v = v < 1.0f ? v : 1.0f;
    return (uint32_t)(v * 255.0f + 0.5f);
}

__attribute__((target("avx2")))
static void over_solid_coverage_avx2(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    int32_t i = 0;
    const __m256i z = _mm256_setzero_si256(), x255 = _mm256_set1_epi16(255);
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), z);
    const __m256 opv = _mm256_set1_ps(op), one = _mm256_set1_ps(1.0f), f255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    for (; i + 8 <= count; i += 8) {
        __m256 v = _mm256_min_ps(_mm256_mul_ps(_mm256_loadu_ps(coverage + i), opv), one);
        __m256i k = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, f255), half));
        if (_mm256_testz_si256(k, k)) continue;
        __m256i kk = _mm256_or_si256(k, _mm256_slli_epi32(k, 16));
        __m256i kl = _mm256_unpacklo_epi32(kk, kk), kh = _mm256_unpackhi_epi32(kk, kk);
        __m256i sl = div255_16(_mm256_mullo_epi16(c16, kl)), sh = div255_16(_mm256_mullo_epi16(c16, kh));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        __m256i il = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sl, alpha)), ih = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sh, alpha));
        __m256i dl = _mm256_add_epi16(sl, div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), il)));
        __m256i dh = _mm256_add_epi16(sh, div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ih)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_packus_epi16(dl, dh));
    }
    for (; i < count; i++) {
        uint32_t k = coverage_k(coverage[i], op);
        if (k) dst[i] = over_px(dst[i], scale_px(color, k));
    }
}

AVX512 static void over_solid_coverage_avx512(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    const __m512i z = _mm512_setzero_si512(), x255 = _mm512_set1_epi16(255);
    const __m512i c16 = _mm512_unpacklo_epi8(_mm512_set1_epi32((int)color), z);
    const __m512 opv = _mm512_set1_ps(op), one = _mm512_set1_ps(1.0f), f255 = _mm512_set1_ps(255.0f), half = _mm512_set1_ps(0.5f);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512 v = _mm512_min_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, coverage + i), opv), one);
        __m512i k = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, f255), half));
        const __mmask16 live = _mm512_mask_test_epi32_mask(m, k, k);
        if (!live) continue;
        __m512i kk = _mm512_or_si512(k, _mm512_slli_epi32(k, 16));
        __m512i kl = _mm512_unpacklo_epi32(kk, kk), kh = _mm512_unpackhi_epi32(kk, kk);
        __m512i sl = div255_32(_mm512_mullo_epi16(c16, kl)), sh = div255_32(_mm512_mullo_epi16(c16, kh));
        __m512i d = _mm512_maskz_loadu_epi32(live, dst + i);
        __m512i il = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sl, alpha)), ih = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sh, alpha));
        __m512i dl = _mm512_add_epi16(sl, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), il)));
        __m512i dh = _mm512_add_epi16(sh, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ih)));
        _mm512_mask_storeu_epi32(dst + i, live, _mm512_packus_epi16(dl, dh));
    }
}

void lamina_over_solid_coverage(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    if (count <= 0 || color == 0) return;
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: over_solid_coverage_avx512(dst, color, coverage, op, count); return;
    case LAMINA_LEVEL_AVX2: over_solid_coverage_avx2(dst, color, coverage, op, count); return;
    default:
        for (int32_t i = 0; i < count; i++) {
            uint32_t k = coverage_k(coverage[i], op);
            if (k) dst[i] = over_px(dst[i], scale_px(color, k));
        }
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
