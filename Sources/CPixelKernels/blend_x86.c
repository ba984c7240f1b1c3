// Source over (rows, rectangles, a solid colour, a solid colour through coverage), AVX2 and
// AVX-512 versions (x86-64 only; chosen at run time by lamina_kernels_level). Bit-identical with
// the portable loops in blend.c.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>
#include "over_x86.h"

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

__attribute__((target("avx2"), always_inline))
static inline void over_row_avx2(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k, const uint32_t *next) {
    int32_t i = 0;
    const __m256i k16 = _mm256_set1_epi16((short)k);
    // A row of more than eight pixels that ends inside a group ends with the group of its last
    // eight, from the pixels they held before (as over_solid_row8; no masked store).
    const int overlap = count > 8 && (count & 7) != 0;
    const __m256i lastS = overlap ? _mm256_loadu_si256((const __m256i *)(src + count - 8)) : _mm256_setzero_si256();
    const __m256i lastD = overlap ? _mm256_loadu_si256((const __m256i *)(dst + count - 8)) : _mm256_setzero_si256();
    if (k == 255) {
        // Eight opaque source pixels are the result as they are (s + d·0/255 = s).
        const __m256i amask = _mm256_set1_epi32((int)0xFF000000u);
        for (; i + 8 <= count; i += 8) {
            __builtin_prefetch(next + i, 1, 3);
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
            __builtin_prefetch(next + i, 1, 3);
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
    if (overlap) {
        _mm256_storeu_si256((__m256i *)(dst + count - 8), k == 255 ? over8_full(lastD, lastS) : over8(lastD, lastS, k16, 1));
        return;
    }
    if (i < count) {
        // The last one to seven pixels through masked loads and stores (layers' rows end anywhere).
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i s = _mm256_maskload_epi32((const int *)(src + i), m), d = _mm256_maskload_epi32((const int *)(dst + i), m);
        _mm256_maskstore_epi32((int *)(dst + i), m, k == 255 ? over8_full(d, s) : over8(d, s, k16, 1));
    }
}

// ---- AVX-512 (F + BW): sixteen pixels a step, the last group through masked loads and stores --

#define AVX512 __attribute__((target("avx512f,avx512bw")))


AVX512 __attribute__((always_inline)) static inline void over_row_avx512(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k, const uint32_t *next) {
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
            __builtin_prefetch(next + i, 1, 3);
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
            __builtin_prefetch(next + i, 1, 3);
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

// Whole rectangles at one level, the row bodies inlined (their constants made once, no call per row).
AVX512 LK_HIDDEN void lk_over_rect_avx512(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                          int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride) {
        // The frame's next row asked for a line at a time while this one is blended (the group's
        // rows were just drawn); the last row asks for its own lines, which are there already.
        over_row_avx512(dst, src, width, k, y + 1 < height ? dst + dstStride : dst);
    }
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_over_rect_avx2(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                                 int32_t width, int32_t height, uint32_t k) {
    for (int32_t y = 0; y < height; y++, dst += dstStride, src += srcStride) {
        // The frame's next row asked for a line at a time while this one is blended (the group's
        // rows were just drawn); the last row asks for its own lines, which are there already.
        over_row_avx2(dst, src, width, k, y + 1 < height ? dst + dstStride : dst);
    }
}

AVX512 LK_HIDDEN void lk_over_solid_rect_avx512(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++, dst += dstStride) over_solid_row16(dst, color, width);
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_over_solid_rect_avx2(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++, dst += dstStride) over_solid_row8(dst, color, width, 1);
}

// ---- a solid colour through per-pixel coverage ----------------------------------------------------

__attribute__((target("avx2")))
LK_HIDDEN void lk_over_solid_coverage_avx2(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    int32_t i = 0;
    const __m256i z = _mm256_setzero_si256();
    const SolidColour8 paint = solid_colour8(color);
    const __m256 opv = _mm256_set1_ps(op), one = _mm256_set1_ps(1.0f), f255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    // A run of more than eight pixels that ends inside a group ends with the group of its last
    // eight, from the pixels they held before (as over_solid_row8; no masked store).
    const int overlap = count > 8 && (count & 7) != 0;
    const __m256i lastD = overlap ? _mm256_loadu_si256((const __m256i *)(dst + count - 8)) : z;
    for (; i + 8 <= count; i += 8) {
        __m256 v = _mm256_min_ps(_mm256_mul_ps(_mm256_loadu_ps(coverage + i), opv), one);
        __m256i k = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, f255), half));
        if (_mm256_testz_si256(k, k)) continue;
        over8_solid_each(dst + i, paint, k);
    }
    if (overlap) {
        __m256 v = _mm256_min_ps(_mm256_mul_ps(_mm256_loadu_ps(coverage + count - 8), opv), one);
        __m256i k = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, f255), half));
        _mm256_storeu_si256((__m256i *)(dst + count - 8), over8_solid_k(lastD, paint, k));
        return;
    }
    if (i < count) {
        // The last one to seven pixels through masked loads and stores (the corner rows of rounded
        // rectangles are about a dozen pixels: a scalar tail was a third of their time). A lane
        // outside the row reads coverage 0, so k 0, and is not stored.
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), lanes);
        __m256 v = _mm256_min_ps(_mm256_mul_ps(_mm256_maskload_ps(coverage + i, m), opv), one);
        __m256i k = _mm256_and_si256(_mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, f255), half)), m);
        if (!_mm256_testz_si256(k, k)) over8_solid_each_masked(dst + i, paint, k, m);
    }
}

AVX512 LK_HIDDEN void lk_over_solid_coverage_avx512(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    const SolidColour16 paint = solid_colour16(color);
    const __m512 opv = _mm512_set1_ps(op), one = _mm512_set1_ps(1.0f), f255 = _mm512_set1_ps(255.0f), half = _mm512_set1_ps(0.5f);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512 v = _mm512_min_ps(_mm512_mul_ps(_mm512_maskz_loadu_ps(m, coverage + i), opv), one);
        __m512i k = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, f255), half));
        const __mmask16 live = _mm512_mask_test_epi32_mask(m, k, k);
        if (!live) continue;
        over16_solid_each(dst + i, live, paint, k);
    }
}

#endif
