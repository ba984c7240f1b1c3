#include "CPixelKernels.h"
#include <immintrin.h>

// Premultiplied ARGB to planar YUV 4:2:0 (I420), BT.709 limited range, for video encoders.
//
// The reference (portable) formula, in 1/32768 fixed point with the coefficients of BT.709 scaled
// to 219 (luma) and 224 (chroma) levels of 255:
//   Y = (5983 R + 20127 G + 2032 B + 16·32768 + 16384) >> 15
//   U = (-3299 ΣR - 11093 ΣG + 14392 ΣB + 128·131072 + 65536) >> 17
//   V = (14392 ΣR - 13074 ΣG - 1318 ΣB + 128·131072 + 65536) >> 17
// where Σ sums the 2x2 block (an odd last column or row counts twice). Each chroma row's
// coefficients sum to 0, so grey has U = V = 128 exactly. A pixel's colour is its premultiplied
// colour (the frame over black), or with `straight` its un-premultiplied colour (rounded as
// ImageFileCodec.unpremultiply) for pixels that are not opaque.

enum { YR = 5983, YG = 20127, YB = 2032, UR = -3299, UG = -11093, UB = 14392, VR = 14392, VG = -13074, VB = -1318 };

static inline uint32_t straight_px(uint32_t p) {
    uint32_t a = p >> 24;
    if (a == 255) return p;
    if (a == 0) return 0;
    uint32_t r = ((p >> 16) & 255) * 255 + a / 2, g = ((p >> 8) & 255) * 255 + a / 2, b = (p & 255) * 255 + a / 2;
    r /= a; g /= a; b /= a;
    return (r > 255 ? 255 : r) << 16 | (g > 255 ? 255 : g) << 8 | (b > 255 ? 255 : b);
}

static inline uint8_t luma(uint32_t p) {
    int32_t r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
    return (uint8_t)((YR * r + YG * g + YB * b + (16 << 15) + (1 << 14)) >> 15);
}

/// Rows [row0, row0 + rows) of luma, and the chroma rows of the pairs starting at even rows in it.
static void i420_scalar(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int32_t straight,
                        uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    for (int32_t y = row0; y < row0 + rows; y += 2) {
        const uint32_t *s0 = src + (intptr_t)y * stride, *s1 = y + 1 < height ? s0 + stride : s0;
        uint8_t *y0 = yp + (intptr_t)y * ys, *y1 = y0 + ys;
        uint8_t *u = up + (intptr_t)(y / 2) * cs, *v = vp + (intptr_t)(y / 2) * cs;
        for (int32_t x = 0; x < width; x += 2) {
            int32_t x1 = x + 1 < width ? x + 1 : x;
            uint32_t a = s0[x], b = s0[x1], c = s1[x], d = s1[x1];
            if (straight) { a = straight_px(a); b = straight_px(b); c = straight_px(c); d = straight_px(d); }
            y0[x] = luma(a);
            if (x + 1 < width) y0[x + 1] = luma(b);
            if (y + 1 < height) { y1[x] = luma(c); if (x + 1 < width) y1[x + 1] = luma(d); }
            int32_t sr = ((a >> 16) & 255) + ((b >> 16) & 255) + ((c >> 16) & 255) + ((d >> 16) & 255);
            int32_t sg = ((a >> 8) & 255) + ((b >> 8) & 255) + ((c >> 8) & 255) + ((d >> 8) & 255);
            int32_t sb = (a & 255) + (b & 255) + (c & 255) + (d & 255);
            u[x / 2] = (uint8_t)((UR * sr + UG * sg + UB * sb + (128 << 17) + (1 << 16)) >> 17);
            v[x / 2] = (uint8_t)((VR * sr + VG * sg + VB * sb + (128 << 17) + (1 << 16)) >> 17);
        }
    }
}

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

AVX2 static void i420_avx2(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int32_t straight,
                           uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    const int32_t end = row0 + rows;
    for (int32_t y = row0; y < end; y += 2) {
        if (y + 1 >= height) { i420_scalar(src, stride, width, height, y, 1, straight, yp, ys, up, vp, cs); continue; }
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
            i420_scalar(s0 + x, stride, width - x, height - y, 0, 2, straight, y0 + x, ys, u + x / 2, v + x / 2, cs);
        }
    }
}

void lamina_argb_to_i420(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int32_t straight,
                         uint8_t *y, int32_t yStride, uint8_t *u, uint8_t *v, int32_t cStride) {
    if (row0 < 0 || rows <= 0 || (row0 & 1) || width <= 0) return;
    if (row0 + rows > height) rows = height - row0;
    if (lamina_kernels_use_avx2()) i420_avx2(src, stride, width, height, row0, rows, straight, y, yStride, u, v, cStride);
    else i420_scalar(src, stride, width, height, row0, rows, straight, y, yStride, u, v, cStride);
}
