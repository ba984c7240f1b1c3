// The source-over formulas of the AVX2 and AVX-512 kernels, shared by blend_x86.c (rows and
// rectangles) and gradient_x86.c (gradient colours blended as they are made). x86-64 only.
#ifndef LAMINA_OVER_X86_H
#define LAMINA_OVER_X86_H
#if defined(__x86_64__)
#include <immintrin.h>
#include <stdint.h>
#include "kernels_internal.h"

// The AVX2 and AVX-512 versions work on 16-bit channels (bytes unpacked against zero) and divide
// by 255 as mulhi(t + 128, 257): for 0 <= t + 128 <= 65535 that equals ((t + 128) + ((t + 128) >> 8)) >> 8,
// the rounding of mul255 (t + 128 = 256a + b: both give a + floor((a + b) / 256)), so the results
// are bit-identical with the portable code.

#define LK_OVER_AVX512 __attribute__((target("avx512f,avx512bw")))

__attribute__((target("avx2")))
static inline __m256i div255_16(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// Source over of one colour onto eight pixels d: each byte sat(c + d·ia/255), c the colour in
/// every lane and ia = 255 − its alpha. d·ia/255 is one rounded high product a 16-bit lane by
/// iaf = lk_gradient_ia_factors()[ia] in every lane (exactly mul255's rounding for every d and
/// ia: test_gradient_ia_factors), the channels kept in place (blue and red: d & 0x00FF00FF; green
/// and alpha: the high bytes shifted down), so nothing is unpacked or packed and there are two
/// products where the unpacked form had four; the byte sums saturate as the packing of 16-bit
/// sums did. On AMD Zen 1 (AVX2 products at half rate) a fill's translucent inside 15 % faster.
__attribute__((target("avx2")))
static inline __m256i over8_one_colour(__m256i d, __m256i c, __m256i iaf) {
    const __m256i rb = _mm256_mulhrs_epi16(_mm256_and_si256(d, _mm256_set1_epi32(0x00FF00FF)), iaf);
    const __m256i ag = _mm256_mulhrs_epi16(_mm256_srli_epi16(d, 8), iaf);
    return _mm256_adds_epu8(c, _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)));
}

/// Source over of one colour onto a row: dst[i] = over_px(dst[i], color) for i in [0, count), eight
/// pixels a step by over8_one_colour (an opaque colour stored as it is). With `wholeTail` (a
/// constant) a row of more than eight pixels that ends inside a group ends with the group of its
/// last eight, blended from what they held before (kept, put back after the loop), and a shorter
/// row goes through masked loads and stores: no pixel at a time (a scalar tail was a fifth of a
/// 200-rectangle fill's time) and no masked store on longer rows (AMD runs vpmaskmovd as many
/// micro-operations); lamina_over_solid's rows. Without it the last pixels are blended one at a
/// time: the raster's stretches between marked cells, mostly short, where the overlapping group
/// made the path rows 1.5 % slower (AMD Zen 5, raster_replay.c of path.cubic200.nonzero at AVX2).
__attribute__((target("avx2"), always_inline))
static inline void over_solid_row8(uint32_t *dst, uint32_t color, int32_t count, const int wholeTail) {
    int32_t i = 0;
    if ((color >> 24) == 255) {
        for (; i < count; i++) dst[i] = color;
        return;
    }
    const __m256i c = _mm256_set1_epi32((int)color), iaf = _mm256_set1_epi16(lk_gradient_ia_factors()[255 - (color >> 24)]);
    const int overlap = wholeTail && count > 8 && (count & 7) != 0;
    const __m256i before = overlap ? _mm256_loadu_si256((const __m256i *)(dst + count - 8)) : c;
    for (; i + 8 <= count; i += 8) {
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), over8_one_colour(d, c, iaf));
    }
    if (overlap) {
        _mm256_storeu_si256((__m256i *)(dst + count - 8), over8_one_colour(before, c, iaf));
        return;
    }
    if (wholeTail && i < count) {
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        const __m256i d = _mm256_maskload_epi32((const int *)(dst + i), m);
        _mm256_maskstore_epi32((int *)(dst + i), m, over8_one_colour(d, c, iaf));
        return;
    }
    for (; i < count; i++) dst[i] = over_px(dst[i], color);
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

/// The factors K of two of a colour's channels c (bits `shift` ... + 7 and `shift` + 16 ... + 23) in
/// the two 16-bit halves of a 32-bit lane: K = lk_gradient_ia_factors()[c], for which one rounded
/// high product (vpmulhrsw) of a factor k (0 ... 255), (k·K + 2^14) >> 15, is div255(k·c), scale_px's
/// channel, for every k and c (test_gradient_ia_factors checks them all): one operation where a
/// multiply, an add and a high product were.
static inline int channel_factors(uint32_t color, int shift) {
    const int16_t *factors = lk_gradient_ia_factors();
    return (int)((uint32_t)(uint16_t)factors[(color >> shift) & 0xFF] | (uint32_t)(uint16_t)factors[(color >> (shift + 16)) & 0xFF] << 16);
}

/// A colour as over8_solid_k scales it: in every 32-bit lane the channel_factors of its channels
/// 0 and 2 (`rb`) and 1 and 3 (`ag`).
typedef struct { __m256i rb, ag; } SolidColour8;

__attribute__((target("avx2")))
static inline SolidColour8 solid_colour8(uint32_t color) {
    return (SolidColour8){ _mm256_set1_epi32(channel_factors(color, 0)), _mm256_set1_epi32(channel_factors(color, 8)) };
}

/// Source over of one colour onto eight pixels d, scaled per pixel by k (eight 32-bit factors
/// 0...255; k 0 gives d back): over_px(d, scale_px(color, k)) per pixel, with the channels kept in
/// place in two vectors of 16-bit lanes (red and blue, green and alpha): s = color·k/255 by one
/// rounded high product a pair of channels (`c`, see SolidColour8), then s + d·(255 − s.alpha)/255
/// rounded as mul255, the byte sums saturated as the packing of 16-bit sums saturated them. Six
/// products and no unpacking or packing where eight products, four unpackings and a packing were
/// (the raster sweep's arithmetic, lk_raster_blend_rows_avx2). The coverage kernels' blend
/// (blend_x86.c's solid colour through coverage, shadow_x86.c's mixed shadow rows).
__attribute__((target("avx2")))
static inline __m256i over8_solid_k(__m256i d, SolidColour8 c, __m256i k) {
    const __m256i low = _mm256_set1_epi32(0x00FF00FF);
    // Each pixel's alpha byte into the low byte of both 16-bit halves (bit 7 set: a zero byte).
    const __m256i alpha = _mm256_setr_epi8(3, -128, 3, -128, 7, -128, 7, -128, 11, -128, 11, -128, 15, -128, 15, -128,
                                           3, -128, 3, -128, 7, -128, 7, -128, 11, -128, 11, -128, 15, -128, 15, -128);
    const __m256i kk = _mm256_or_si256(k, _mm256_slli_epi32(k, 16));
    const __m256i s = _mm256_or_si256(_mm256_mulhrs_epi16(kk, c.rb), _mm256_slli_epi16(_mm256_mulhrs_epi16(kk, c.ag), 8));
    const __m256i ia = _mm256_xor_si256(_mm256_shuffle_epi8(s, alpha), low);
    const __m256i rb = div255_16(_mm256_mullo_epi16(_mm256_and_si256(d, low), ia));
    const __m256i ag = div255_16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), ia));
    return _mm256_adds_epu8(_mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)), s);
}

/// over8_solid_k on the eight pixels at dst (not all k 0).
__attribute__((target("avx2")))
static inline void over8_solid_each(uint32_t *dst, SolidColour8 c, __m256i k) {
    _mm256_storeu_si256((__m256i *)dst, over8_solid_k(_mm256_loadu_si256((const __m256i *)dst), c, k));
}

/// over8_solid_each on the lanes of `m` only (all bits of a 32-bit lane set or clear): the other
/// lanes' pixels are neither read nor written.
__attribute__((target("avx2")))
static inline void over8_solid_each_masked(uint32_t *dst, SolidColour8 c, __m256i k, __m256i m) {
    _mm256_maskstore_epi32((int *)dst, m, over8_solid_k(_mm256_maskload_epi32((const int *)dst, m), c, k));
}

/// over8 with each pixel's own factor: s scaled by k first (eight 32-bit factors 0...255, each
/// going to its pixel's four channels; 255 leaves s as it is, 0 leaves d).
__attribute__((target("avx2")))
static inline __m256i over8_each(__m256i d, __m256i s, __m256i k) {
    const __m256i z = _mm256_setzero_si256(), x255 = _mm256_set1_epi16(255);
    const __m256i alpha = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                           6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    __m256i kk = _mm256_or_si256(k, _mm256_slli_epi32(k, 16));
    __m256i kl = _mm256_unpacklo_epi32(kk, kk), kh = _mm256_unpackhi_epi32(kk, kk);
    __m256i sl = div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, z), kl));
    __m256i sh = div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, z), kh));
    __m256i il = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sl, alpha)), ih = _mm256_sub_epi16(x255, _mm256_shuffle_epi8(sh, alpha));
    __m256i dl = _mm256_add_epi16(sl, div255_16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), il)));
    __m256i dh = _mm256_add_epi16(sh, div255_16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ih)));
    return _mm256_packus_epi16(dl, dh);
}

/// Source over of eight premultiplied pixels s (unscaled, each channel at most its alpha) onto d,
/// for the gradient loops: d's red and blue, and its green and alpha, each in the low bytes of
/// 16-bit lanes (masks and a shift instead of unpacking), times 255 − s's alpha (bytes copied by a
/// shuffle), divided by 255 as above, put back together and added to s: s + scale_px(d, 255 − sa)
/// per pixel, as over_px (no channel carries: each sum is at most sa + 255 − sa).
__attribute__((target("avx2")))
static inline __m256i over8_unscaled(__m256i d, __m256i s) {
    const __m256i m = _mm256_set1_epi32(0x00FF00FF);
    const __m256i alpha = _mm256_setr_epi8(3, -1, 3, -1, 7, -1, 7, -1, 11, -1, 11, -1, 15, -1, 15, -1,
                                           3, -1, 3, -1, 7, -1, 7, -1, 11, -1, 11, -1, 15, -1, 15, -1);
    __m256i ia = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shuffle_epi8(s, alpha));
    __m256i rb = div255_16(_mm256_mullo_epi16(_mm256_and_si256(d, m), ia));
    __m256i ag = div255_16(_mm256_mullo_epi16(_mm256_and_si256(_mm256_srli_epi32(d, 8), m), ia));
    return _mm256_add_epi32(s, _mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)));
}

LK_OVER_AVX512 static inline __m512i div255_32(__m512i t) {
    return _mm512_mulhi_epu16(_mm512_add_epi16(t, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

/// Source over of one group of sixteen pixels, s scaled by k16 first unless k is 255.
LK_OVER_AVX512 static inline __m512i over16(__m512i d, __m512i s, __m512i k16, int scaled) {
    const __m512i z = _mm512_setzero_si512(), x255 = _mm512_set1_epi16(255);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    __m512i sl = _mm512_unpacklo_epi8(s, z), sh = _mm512_unpackhi_epi8(s, z);
    if (scaled) { sl = div255_32(_mm512_mullo_epi16(sl, k16)); sh = div255_32(_mm512_mullo_epi16(sh, k16)); }
    __m512i il = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sl, alpha)), ih = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sh, alpha));
    __m512i dl = _mm512_add_epi16(sl, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), il)));
    __m512i dh = _mm512_add_epi16(sh, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ih)));
    return _mm512_packus_epi16(dl, dh);
}

/// over8_one_colour for sixteen pixels.
LK_OVER_AVX512 static inline __m512i over16_one_colour(__m512i d, __m512i c, __m512i iaf) {
    const __m512i rb = _mm512_mulhrs_epi16(_mm512_and_si512(d, _mm512_set1_epi32(0x00FF00FF)), iaf);
    const __m512i ag = _mm512_mulhrs_epi16(_mm512_srli_epi16(d, 8), iaf);
    return _mm512_adds_epu8(c, _mm512_or_si512(rb, _mm512_slli_epi16(ag, 8)));
}

/// over_solid_row8 sixteen pixels a step by over16_one_colour, the last group through masked loads
/// and stores (AVX-512 masks cost no more than plain ones): lamina_over_solid's rows and the
/// raster's stretches of one colour at AVX-512.
LK_OVER_AVX512 __attribute__((always_inline)) static inline void over_solid_row16(uint32_t *dst, uint32_t color, int32_t count) {
    const __m512i c = _mm512_set1_epi32((int)color);
    if ((color >> 24) == 255) {
        for (int32_t i = 0; i < count; i += 16) {
            const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
            _mm512_mask_storeu_epi32(dst + i, m, c);
        }
        return;
    }
    const __m512i iaf = _mm512_set1_epi16(lk_gradient_ia_factors()[255 - (color >> 24)]);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        const __m512i d = _mm512_maskz_loadu_epi32(m, dst + i);
        _mm512_mask_storeu_epi32(dst + i, m, over16_one_colour(d, c, iaf));
    }
}

/// A colour as over16_solid_kk scales it: SolidColour8's factors in 512-bit vectors, and `aa` its
/// alpha's factor in both 16-bit halves (255 − the scaled alpha from its own product, off the
/// scaled colour's chain).
typedef struct { __m512i rb, ag, aa; } SolidColour16;

LK_OVER_AVX512 static inline SolidColour16 solid_colour16(uint32_t color) {
    return (SolidColour16){ _mm512_set1_epi32(channel_factors(color, 0)), _mm512_set1_epi32(channel_factors(color, 8)),
                            _mm512_set1_epi32(channel_factors((color >> 24) * 0x00010001u, 0)) };
}

/// over8_solid_k for sixteen pixels, kk each lane's factor k (0 ... 255) in both of its 16-bit halves:
/// s = colour·k/255 by one rounded high product a channel pair, 255 − s.alpha by one more (c.aa),
/// then s + d·(255 − s.alpha)/255 rounded as mul255 with the channels in place, the byte sums
/// saturated: seven products where the unpacked form had eight and four unpackings and a packing.
LK_OVER_AVX512 static inline __m512i over16_solid_kk(__m512i d, SolidColour16 c, __m512i kk) {
    const __m512i low = _mm512_set1_epi32(0x00FF00FF);
    const __m512i s = _mm512_or_si512(_mm512_mulhrs_epi16(kk, c.rb), _mm512_slli_epi16(_mm512_mulhrs_epi16(kk, c.ag), 8));
    const __m512i ia = _mm512_xor_si512(_mm512_mulhrs_epi16(kk, c.aa), low);
    const __m512i rb = div255_32(_mm512_mullo_epi16(_mm512_and_si512(d, low), ia));
    const __m512i ag = div255_32(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), ia));
    return _mm512_adds_epu8(_mm512_or_si512(rb, _mm512_slli_epi16(ag, 8)), s);
}

/// over8_unscaled for sixteen pixels.
LK_OVER_AVX512 static inline __m512i over16_unscaled(__m512i d, __m512i s) {
    const __m512i m = _mm512_set1_epi32(0x00FF00FF);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(3, -1, 3, -1, 7, -1, 7, -1, 11, -1, 11, -1, 15, -1, 15, -1));
    __m512i ia = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_shuffle_epi8(s, alpha));
    __m512i rb = div255_32(_mm512_mullo_epi16(_mm512_and_si512(d, m), ia));
    __m512i ag = div255_32(_mm512_mullo_epi16(_mm512_and_si512(_mm512_srli_epi32(d, 8), m), ia));
    return _mm512_add_epi32(s, _mm512_or_si512(rb, _mm512_slli_epi16(ag, 8)));
}

/// over8_solid_each's blend, sixteen pixels at a time (over16_solid_kk): colour c scaled by each
/// lane's factor k (0...255), source over the pixels at dst in lanes `live` (the others are neither
/// read nor written).
LK_OVER_AVX512 static inline void over16_solid_each(uint32_t *dst, __mmask16 live, SolidColour16 c, __m512i k) {
    const __m512i kk = _mm512_or_si512(k, _mm512_slli_epi32(k, 16));
    _mm512_mask_storeu_epi32(dst, live, over16_solid_kk(_mm512_maskz_loadu_epi32(live, dst), c, kk));
}

/// over16 with each pixel's own factor: s scaled by k first (kl: the factors of the pixels
/// unpacklo_epi8 takes, each in its four 16-bit channels; kh: unpackhi_epi8's), any factor 0...255
/// (255 leaves s as it is, 0 leaves d).
LK_OVER_AVX512 static inline __m512i over16_each(__m512i d, __m512i s, __m512i kl, __m512i kh) {
    const __m512i z = _mm512_setzero_si512(), x255 = _mm512_set1_epi16(255);
    const __m512i alpha = _mm512_broadcast_i32x4(_mm_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
    __m512i sl = div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(s, z), kl));
    __m512i sh = div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(s, z), kh));
    __m512i il = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sl, alpha)), ih = _mm512_sub_epi16(x255, _mm512_shuffle_epi8(sh, alpha));
    __m512i dl = _mm512_add_epi16(sl, div255_32(_mm512_mullo_epi16(_mm512_unpacklo_epi8(d, z), il)));
    __m512i dh = _mm512_add_epi16(sh, div255_32(_mm512_mullo_epi16(_mm512_unpackhi_epi8(d, z), ih)));
    return _mm512_packus_epi16(dl, dh);
}

#endif
#endif
