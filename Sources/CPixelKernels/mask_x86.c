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

// ---- a glyph mask sampled along a row (lamina_sample_mask_row) -------------------------------------
// Each lane works out its pixel's column u and weights with the Double operations of
// lk_sample_mask_row_portable (mask.c), in the same order. Where a step's eight (four) columns are
// consecutive whole numbers inside the row, their texel pairs are two contiguous loads; other steps
// (the row's ends, a rounding that breaks the run) take the portable loop.

MASK_AVX512 LK_HIDDEN void lk_sample_mask_row_avx512(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                                     double g, double gv, double fv, int64_t x0, int32_t count) {
    const __m512d half = _mm512_set1_pd(0.5), one = _mm512_set1_pd(1), c255 = _mm512_set1_pd(255);
    const __m512d vg = _mm512_set1_pd(g), vgv = _mm512_set1_pd(gv), vfv = _mm512_set1_pd(fv);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i xi = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(x0 + i)), lane);
        __m512d u = _mm512_sub_pd(_mm512_add_pd(_mm512_add_pd(_mm512_cvtepi32_pd(xi), half), vg), half);
        __m512d fu0 = _mm512_roundscale_pd(u, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m256i iu = _mm512_cvttpd_epi32(fu0);
        int32_t iu0 = _mm256_cvtsi256_si32(iu);
        __m256i run = _mm256_add_epi32(_mm256_set1_epi32(iu0), lane);
        if (iu0 < 0 || iu0 > width - 9 || _mm256_movemask_epi8(_mm256_cmpeq_epi32(iu, run)) != -1) {
            lk_sample_mask_row_portable(out + i, top, bottom, width, g, gv, fv, x0 + i, 8);
            continue;
        }
        uint64_t t0q = 0, t1q = 0, b0q = 0, b1q = 0;
        if (top) { __builtin_memcpy(&t0q, top + iu0, 8); __builtin_memcpy(&t1q, top + iu0 + 1, 8); }
        if (bottom) { __builtin_memcpy(&b0q, bottom + iu0, 8); __builtin_memcpy(&b1q, bottom + iu0 + 1, 8); }
        if ((t0q | t1q | b0q | b1q) == 0) { __builtin_memset(out + i, 0, 8); continue; }
        __m512d t0 = _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)t0q)));
        __m512d t1 = _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)t1q)));
        __m512d b0 = _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)b0q)));
        __m512d b1 = _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)b1q)));
        __m512d fu = _mm512_sub_pd(u, fu0), gu = _mm512_sub_pd(one, fu);
        __m512d t = _mm512_add_pd(_mm512_mul_pd(t0, gu), _mm512_mul_pd(t1, fu));
        __m512d b = _mm512_add_pd(_mm512_mul_pd(b0, gu), _mm512_mul_pd(b1, fu));
        __m512d v = _mm512_add_pd(_mm512_mul_pd(t, vgv), _mm512_mul_pd(b, vfv));
        __m512d r = _mm512_roundscale_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        r = _mm512_mask_add_pd(r, _mm512_cmp_pd_mask(_mm512_sub_pd(v, r), half, _CMP_GE_OQ), r, one);
        __m256i k = _mm512_cvttpd_epi32(_mm512_min_pd(r, c255));
        _mm_storel_epi64((__m128i *)(out + i), _mm512_cvtepi32_epi8(_mm512_castsi256_si512(k)));
    }
    lk_sample_mask_row_portable(out + i, top, bottom, width, g, gv, fv, x0 + i, count - i);
}

MASK_AVX2 LK_HIDDEN void lk_sample_mask_row_avx2(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                                                 double g, double gv, double fv, int64_t x0, int32_t count) {
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), c255 = _mm256_set1_pd(255);
    const __m256d vg = _mm256_set1_pd(g), vgv = _mm256_set1_pd(gv), vfv = _mm256_set1_pd(fv);
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i xi = _mm_add_epi32(_mm_set1_epi32((int32_t)(x0 + i)), lane);
        __m256d u = _mm256_sub_pd(_mm256_add_pd(_mm256_add_pd(_mm256_cvtepi32_pd(xi), half), vg), half);
        __m256d fu0 = _mm256_round_pd(u, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m128i iu = _mm256_cvttpd_epi32(fu0);
        int32_t iu0 = _mm_cvtsi128_si32(iu);
        __m128i run = _mm_add_epi32(_mm_set1_epi32(iu0), lane);
        if (iu0 < 0 || iu0 > width - 5 || _mm_movemask_epi8(_mm_cmpeq_epi32(iu, run)) != 0xFFFF) {
            lk_sample_mask_row_portable(out + i, top, bottom, width, g, gv, fv, x0 + i, 4);
            continue;
        }
        uint32_t t0q = 0, t1q = 0, b0q = 0, b1q = 0;
        if (top) { __builtin_memcpy(&t0q, top + iu0, 4); __builtin_memcpy(&t1q, top + iu0 + 1, 4); }
        if (bottom) { __builtin_memcpy(&b0q, bottom + iu0, 4); __builtin_memcpy(&b1q, bottom + iu0 + 1, 4); }
        if ((t0q | t1q | b0q | b1q) == 0) { __builtin_memset(out + i, 0, 4); continue; }
        __m256d t0 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)t0q)));
        __m256d t1 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)t1q)));
        __m256d b0 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)b0q)));
        __m256d b1 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)b1q)));
        __m256d fu = _mm256_sub_pd(u, fu0), gu = _mm256_sub_pd(one, fu);
        __m256d t = _mm256_add_pd(_mm256_mul_pd(t0, gu), _mm256_mul_pd(t1, fu));
        __m256d b = _mm256_add_pd(_mm256_mul_pd(b0, gu), _mm256_mul_pd(b1, fu));
        __m256d v = _mm256_add_pd(_mm256_mul_pd(t, vgv), _mm256_mul_pd(b, vfv));
        __m256d r = _mm256_round_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        r = _mm256_add_pd(r, _mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(v, r), half, _CMP_GE_OQ), one));
        __m128i k = _mm256_cvttpd_epi32(_mm256_min_pd(r, c255));
        __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(k, k), k);
        uint32_t word = (uint32_t)_mm_cvtsi128_si32(bytes);
        __builtin_memcpy(out + i, &word, 4);
    }
    lk_sample_mask_row_portable(out + i, top, bottom, width, g, gv, fv, x0 + i, count - i);
}

// ---- a glyph mask sampled along a row through any map (lamina_sample_mask_mapped_row) --------------
// Each lane works out its pixel's u, v and weights with the Double operations of
// lk_sample_mask_mapped_row_portable (mask.c), in the same order (the division is IEEE's, as the
// portable one; ⌊⌋ is the floor the portable truncation gives inside the mask). The texels are
// gathered eight lanes at a time, two reads of four bytes a lane: one at the texel pair's offset o
// on the upper row, one at o + width on the lower, each offset clamped into [0, size − 4] so no read
// leaves the mask, the pair's bytes then shifted down from where the clamp moved them. A texel
// outside the mask (its column or row) is masked to 0, as the portable T.

/// The texels of eight lanes inside the mask (`in`: all ones), at column iu, iu + 1 and row iv,
/// iv + 1: *t0, *t1 on the upper row, *b0, *b1 on the lower (32-bit lanes, 0 outside the mask).
MASK_AVX2 static inline void mapped_texels(const uint8_t *mask, int32_t width, int32_t height, __m256i in, __m256i iu, __m256i iv,
                                           __m256i *t0, __m256i *t1, __m256i *b0, __m256i *b1) {
    const __m256i minus1 = _mm256_set1_epi32(-1), z = _mm256_setzero_si256(), byte = _mm256_set1_epi32(0xFF);
    const __m256i last = _mm256_set1_epi32(width * height - 4), eight = _mm256_set1_epi32(8);
    __m256i left = _mm256_and_si256(in, _mm256_cmpgt_epi32(iu, minus1));
    __m256i right = _mm256_and_si256(in, _mm256_cmpgt_epi32(_mm256_set1_epi32(width - 1), iu));
    __m256i upper = _mm256_and_si256(in, _mm256_cmpgt_epi32(iv, minus1));
    __m256i lower = _mm256_and_si256(in, _mm256_cmpgt_epi32(_mm256_set1_epi32(height - 1), iv));
    __m256i either = _mm256_or_si256(left, right);
    __m256i o = _mm256_add_epi32(_mm256_mullo_epi32(iv, _mm256_set1_epi32(width)), iu);
    for (int row = 0; row < 2; row++) {
        __m256i at = row ? _mm256_add_epi32(o, _mm256_set1_epi32(width)) : o;
        __m256i valid = row ? lower : upper;
        __m256i clamped = _mm256_min_epi32(_mm256_max_epi32(at, z), last);
        __m256i shift = _mm256_slli_epi32(_mm256_sub_epi32(at, clamped), 3);   // -8 (a left texel at -1): no bits
        __m256i pair = _mm256_mask_i32gather_epi32(z, (const int *)mask, clamped, _mm256_and_si256(valid, either), 1);
        __m256i first = _mm256_and_si256(_mm256_and_si256(_mm256_srlv_epi32(pair, shift), byte), _mm256_and_si256(valid, left));
        __m256i second = _mm256_and_si256(_mm256_and_si256(_mm256_srlv_epi32(pair, _mm256_add_epi32(shift, eight)), byte),
                                          _mm256_and_si256(valid, right));
        if (row) { *b0 = first; *b1 = second; } else { *t0 = first; *t1 = second; }
    }
}

MASK_AVX512 LK_HIDDEN void lk_sample_mask_mapped_row_avx512(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                                            double a, double b, double c, double rowX, double rowY, double rowW,
                                                            int64_t x0, int32_t count) {
    const __m512d half = _mm512_set1_pd(0.5), one = _mm512_set1_pd(1), c255 = _mm512_set1_pd(255), minus1 = _mm512_set1_pd(-1);
    const __m512d limitU = _mm512_set1_pd((double)width), limitV = _mm512_set1_pd((double)height);
    const __m512d va = _mm512_set1_pd(a), vb = _mm512_set1_pd(b), vc = _mm512_set1_pd(c);
    const __m512d rx = _mm512_set1_pd(rowX), ry = _mm512_set1_pd(rowY), rw = _mm512_set1_pd(rowW);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int32_t i = 0; i < count; i += 8) {
        // The last step may have fewer than eight pixels: its other lanes count as outside.
        int32_t n = count - i < 8 ? count - i : 8;
        __m512d px = _mm512_add_pd(_mm512_cvtepi32_pd(_mm256_add_epi32(_mm256_set1_epi32((int32_t)(x0 + i)), lane)), half);
        __m512d inv = _mm512_div_pd(one, _mm512_add_pd(_mm512_mul_pd(px, vc), rw));
        __m512d u = _mm512_sub_pd(_mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, va), rx), inv), half);
        __m512d v = _mm512_sub_pd(_mm512_mul_pd(_mm512_add_pd(_mm512_mul_pd(px, vb), ry), inv), half);
        __mmask8 in = _mm512_cmp_pd_mask(u, minus1, _CMP_GT_OQ) & _mm512_cmp_pd_mask(v, minus1, _CMP_GT_OQ) &
                      _mm512_cmp_pd_mask(u, limitU, _CMP_LT_OQ) & _mm512_cmp_pd_mask(v, limitV, _CMP_LT_OQ) &
                      (__mmask8)((1u << n) - 1);
        if (!in) { __builtin_memset(out + i, 0, (size_t)n); continue; }
        u = _mm512_maskz_mov_pd(in, u);   // lanes outside: 0, so their conversions stay defined
        v = _mm512_maskz_mov_pd(in, v);
        __m512d fu0 = _mm512_roundscale_pd(u, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m512d fv0 = _mm512_roundscale_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        __m256i inLanes = _mm512_cvtepi64_epi32(_mm512_maskz_set1_epi64(in, -1));
        __m256i t0, t1, b0, b1;
        mapped_texels(mask, width, height, inLanes, _mm512_cvttpd_epi32(fu0), _mm512_cvttpd_epi32(fv0), &t0, &t1, &b0, &b1);
        __m512d fu = _mm512_sub_pd(u, fu0), fv = _mm512_sub_pd(v, fv0);
        __m512d gu = _mm512_sub_pd(one, fu), gv = _mm512_sub_pd(one, fv);
        __m512d top = _mm512_add_pd(_mm512_mul_pd(_mm512_cvtepi32_pd(t0), gu), _mm512_mul_pd(_mm512_cvtepi32_pd(t1), fu));
        __m512d bottom = _mm512_add_pd(_mm512_mul_pd(_mm512_cvtepi32_pd(b0), gu), _mm512_mul_pd(_mm512_cvtepi32_pd(b1), fu));
        __m512d s = _mm512_add_pd(_mm512_mul_pd(top, gv), _mm512_mul_pd(bottom, fv));
        __m512d r = _mm512_roundscale_pd(s, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        r = _mm512_mask_add_pd(r, _mm512_cmp_pd_mask(_mm512_sub_pd(s, r), half, _CMP_GE_OQ), r, one);
        __m256i k = _mm512_cvttpd_epi32(_mm512_min_pd(r, c255));
        uint64_t bytes = (uint64_t)_mm_cvtsi128_si64(_mm512_cvtepi32_epi8(_mm512_castsi256_si512(k)));
        __builtin_memcpy(out + i, &bytes, (size_t)n);
    }
}

/// Four lanes of lk_sample_mask_mapped_row_avx2: u and v (0 in lanes outside the mask, `in` set
/// where inside), their floors.
MASK_AVX2 static inline void mapped_coordinates4(__m256d px, __m256d va, __m256d vb, __m256d vc, __m256d rx, __m256d ry, __m256d rw,
                                                 int32_t width, int32_t height,
                                                 __m256d *u, __m256d *v, __m256d *fu0, __m256d *fv0, __m256d *in) {
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), minus1 = _mm256_set1_pd(-1);
    __m256d inv = _mm256_div_pd(one, _mm256_add_pd(_mm256_mul_pd(px, vc), rw));
    __m256d uu = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, va), rx), inv), half);
    __m256d vv = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(px, vb), ry), inv), half);
    __m256d inside = _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(uu, minus1, _CMP_GT_OQ), _mm256_cmp_pd(vv, minus1, _CMP_GT_OQ)),
                                   _mm256_and_pd(_mm256_cmp_pd(uu, _mm256_set1_pd((double)width), _CMP_LT_OQ),
                                                 _mm256_cmp_pd(vv, _mm256_set1_pd((double)height), _CMP_LT_OQ)));
    *u = _mm256_and_pd(uu, inside);
    *v = _mm256_and_pd(vv, inside);
    *fu0 = _mm256_round_pd(*u, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    *fv0 = _mm256_round_pd(*v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    *in = inside;
}

/// Four lanes' sample, rounded (halves up) and at most 255, from their texels (32-bit lanes).
MASK_AVX2 static inline __m128i mapped_sample4(__m128i t0, __m128i t1, __m128i b0, __m128i b1, __m256d u, __m256d v, __m256d fu0, __m256d fv0) {
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), c255 = _mm256_set1_pd(255);
    __m256d fu = _mm256_sub_pd(u, fu0), fv = _mm256_sub_pd(v, fv0);
    __m256d gu = _mm256_sub_pd(one, fu), gv = _mm256_sub_pd(one, fv);
    __m256d top = _mm256_add_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(t0), gu), _mm256_mul_pd(_mm256_cvtepi32_pd(t1), fu));
    __m256d bottom = _mm256_add_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(b0), gu), _mm256_mul_pd(_mm256_cvtepi32_pd(b1), fu));
    __m256d s = _mm256_add_pd(_mm256_mul_pd(top, gv), _mm256_mul_pd(bottom, fv));
    __m256d r = _mm256_round_pd(s, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    r = _mm256_add_pd(r, _mm256_and_pd(_mm256_cmp_pd(_mm256_sub_pd(s, r), half, _CMP_GE_OQ), one));
    return _mm256_cvttpd_epi32(_mm256_min_pd(r, c255));
}

MASK_AVX2 LK_HIDDEN void lk_sample_mask_mapped_row_avx2(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                                        double a, double b, double c, double rowX, double rowY, double rowW,
                                                        int64_t x0, int32_t count) {
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d va = _mm256_set1_pd(a), vb = _mm256_set1_pd(b), vc = _mm256_set1_pd(c);
    const __m256d rx = _mm256_set1_pd(rowX), ry = _mm256_set1_pd(rowY), rw = _mm256_set1_pd(rowW);
    const __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    for (int32_t i = 0; i < count; i += 8) {
        // The last step may have fewer than eight pixels: its other lanes count as outside.
        int32_t n = count - i < 8 ? count - i : 8;
        __m128i xl = _mm_add_epi32(_mm_set1_epi32((int32_t)(x0 + i)), lane);
        __m128i xh = _mm_add_epi32(xl, _mm_set1_epi32(4));
        __m256d ul, vl, ful, fvl, inl, uh, vh, fuh, fvh, inh;
        mapped_coordinates4(_mm256_add_pd(_mm256_cvtepi32_pd(xl), half), va, vb, vc, rx, ry, rw, width, height, &ul, &vl, &ful, &fvl, &inl);
        mapped_coordinates4(_mm256_add_pd(_mm256_cvtepi32_pd(xh), half), va, vb, vc, rx, ry, rw, width, height, &uh, &vh, &fuh, &fvh, &inh);
        if (n < 8) {
            const __m256i lanes = _mm256_setr_epi64x(0, 1, 2, 3);
            inl = _mm256_and_pd(inl, _mm256_castsi256_pd(_mm256_cmpgt_epi64(_mm256_set1_epi64x(n), lanes)));
            inh = _mm256_and_pd(inh, _mm256_castsi256_pd(_mm256_cmpgt_epi64(_mm256_set1_epi64x(n - 4), lanes)));
        }
        int inMask = _mm256_movemask_pd(inl) | _mm256_movemask_pd(inh) << 4;
        if (!inMask) { __builtin_memset(out + i, 0, (size_t)n); continue; }
        // The lanes' inside flags, 64-bit all ones, narrowed to 32-bit lanes (the low half of each).
        const __m256i low = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
        __m256i inLanes = _mm256_set_m128i(_mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(inh), low)),
                                           _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(inl), low)));
        __m256i iu = _mm256_set_m128i(_mm256_cvttpd_epi32(fuh), _mm256_cvttpd_epi32(ful));
        __m256i iv = _mm256_set_m128i(_mm256_cvttpd_epi32(fvh), _mm256_cvttpd_epi32(fvl));
        __m256i t0, t1, b0, b1;
        mapped_texels(mask, width, height, inLanes, iu, iv, &t0, &t1, &b0, &b1);
        __m128i kl = mapped_sample4(_mm256_castsi256_si128(t0), _mm256_castsi256_si128(t1), _mm256_castsi256_si128(b0),
                                    _mm256_castsi256_si128(b1), ul, vl, ful, fvl);
        __m128i kh = mapped_sample4(_mm256_extracti128_si256(t0, 1), _mm256_extracti128_si256(t1, 1), _mm256_extracti128_si256(b0, 1),
                                    _mm256_extracti128_si256(b1, 1), uh, vh, fuh, fvh);
        uint64_t bytes = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(_mm_packs_epi32(kl, kh), _mm_setzero_si128()));
        __builtin_memcpy(out + i, &bytes, (size_t)n);
    }
}

#endif
