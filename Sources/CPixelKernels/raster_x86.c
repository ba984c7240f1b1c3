// The cell rasteriser's row sweep (raster.c), AVX2 and AVX-512 versions (x86-64 only): an integer
// prefix sum of the cells, 8 or 16 at a time, each sum turned into coverage as sum_coverage does.
// Integer sums are exact in any order, so the results equal the portable version's. For a solid
// colour, lk_raster_blend_rows_* sweep a strip's rows and blend the colour in the same pass (the
// marked chunks through the coverage as lk_raster_sweep_blend_portable, the stretches between them
// as lamina_over_solid), with the arithmetic of blend_x86.c and the vector constants set up once:
// the pixels of raster.c's row loop. The colour scaled by each pixel's k is worked out in the
// lanes, or at AVX2 on Intel gathered from a table of the 256 values made once a strip
// (lk_raster_gathers); marked runs close together are swept as one, and so is a
// whole row whose marked chunks are dense (dense_row). At AVX-512, stretches of one translucent
// colour are blended by byte lookups where the CPU has AVX512-VBMI (lk_raster_vbmi), and on AMD
// wide shapes are blended by the AVX2 sweep in chunks of 8 cells (lk_raster_blend_rows_narrow,
// lk_raster_narrow_rows). Every choice gives the same pixels; the C kernel tests force each.
// lk_raster_edges_avx512 and lk_raster_edges_avx2 set up a contour's edges eight or four at a
// time, the same edges as raster.c's scalar setup.
#if defined(__x86_64__)
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include "kernels_internal.h"
#include "chosen_once.h"
#include "over_x86.h"
#include <immintrin.h>


/// Marked runs of cells less than this many cells apart are swept as one (the cells between them
/// are 0: the same sums, so the same pixels), saving a stretch and a run's branches; and a row whose
/// marks are one word with at most DENSE_GAP unmarked cells between its first and last marked
/// chunk is swept as one span from the first to the last (dense_row). Merging pays where the cells
/// between are covered (a fill's inside, else blended as a stretch) and costs where they are not
/// (the empty side of a stroke's outline, else skipped). Chosen on AMD Zen 4 in raster_replay.c
/// (the path and stroke rows' frames, alternately, 2026-12-01): at AVX-512 merging no longer pays
/// (a gap of 8 cells, less than a chunk of 16, merges only runs that touch; against 32 and 32:
/// the fills level to 1.5 % faster, the strokes 2.5-3.5 % faster); at AVX2 (chunks of 8) a gap of
/// one chunk and rows with up to 32 cells unmarked (against 32 and 64: the strokes 2-6 % faster,
/// the non-zero fill 2 % slower, even-odd level). Any value gives the same pixels.
#ifndef SPAN_GAP_AVX2
#define SPAN_GAP_AVX2 16
#endif
#ifndef SPAN_GAP_AVX512
#define SPAN_GAP_AVX512 8
#endif
#ifndef DENSE_GAP_AVX2
#define DENSE_GAP_AVX2 32
#endif
#ifndef DENSE_GAP_AVX512
#define DENSE_GAP_AVX512 8
#endif

/// Whether a row's marks (`words` words from m, chunks of 2^shift cells) are one dense stretch
/// (see DENSE_GAP_AVX2): then [*a, *b) its cells from the first marked chunk to the end of the
/// last (capped at stride), and its marks cleared.
static inline int dense_row(uint64_t *m, intptr_t words, int32_t shift, int32_t gap, int32_t stride, int32_t *a, int32_t *b) {
    const uint64_t bits = m[0];
    if (words != 1 || !bits) return 0;
    const int32_t lo = __builtin_ctzll(bits), hi = 64 - __builtin_clzll(bits);
    if ((hi - lo - __builtin_popcountll(bits)) << shift > gap) return 0;
    m[0] = 0;
    *a = lo << shift;
    *b = hi << shift < stride ? hi << shift : stride;
    return 1;
}

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
        __m512i a;
        if (evenOdd) {
            // No magnitude needed (as at AVX2): the triangle wave is the same for x and −x.
            a = _mm512_and_si512(x, period);
            a = _mm512_min_epi32(a, _mm512_sub_epi32(two, a));
        } else {
            a = _mm512_min_epu32(_mm512_abs_epi32(x), one);
        }
        _mm512_mask_storeu_ps(coverage + i, m, _mm512_mul_ps(_mm512_cvtepi32_ps(a), unit));
    }
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

/// Each lane's k (coverage_k of coverage a/LAMINA_RASTER_ONE, 0 ≤ a ≤ LAMINA_RASTER_ONE, and op):
/// with op = 1 (whole) ⌊(255·a + 2^15) / 2^16⌋, which equals the float formula (raster.c, units_k).
__attribute__((target("avx2")))
static inline __m256i lanes_k_avx2(__m256i a, int whole, __m256 opv) {
    if (whole) return _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(a, 8), a), _mm256_set1_epi32(32768)), 16);
    __m256 c = _mm256_mul_ps(_mm256_cvtepi32_ps(a), _mm256_set1_ps(1.0f / LAMINA_RASTER_ONE));
    __m256 v = _mm256_min_ps(_mm256_mul_ps(c, opv), _mm256_set1_ps(1.0f));
    return _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(0.5f)));
}


/// table[k] = scale_px(color, k) for k in 0 ... 255 (the arithmetic of the blend below: each
/// channel times k, rounded as mul255), eight values a step.
__attribute__((target("avx2"))) static inline void scaled_colors_256(uint32_t *table, __m256i c16) {
    __m256i k = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int32_t i = 0; i < 256; i += 8) {
        __m256i kk = _mm256_or_si256(k, _mm256_slli_epi32(k, 16));
        __m256i kl = _mm256_unpacklo_epi32(kk, kk), kh = _mm256_unpackhi_epi32(kk, kk);
        __m256i sl = div255_16(_mm256_mullo_epi16(c16, kl)), sh = div255_16(_mm256_mullo_epi16(c16, kh));
        _mm256_storeu_si256((__m256i *)(table + i), _mm256_packus_epi16(sl, sh));
        k = _mm256_add_epi32(k, _mm256_set1_epi32(8));
    }
}

static _Atomic int raster_gather_state = -1;   // -1: not chosen yet; else 0 or 1 (atomic: bands are drawn on several threads)
static _Atomic int raster_gather_forced = -1;  // -1: none; 0 or 1 while the C kernel tests run each way

/// Intel CPUs whose gathers the GDS microcode does not slow (as gradient_x86.c): those on which the
/// AVX2 blend rows gather the scaled colours when nothing else is chosen.
static int gathers_by_cpu(void) {
    __builtin_cpu_init();
    return __builtin_cpu_is("intel") && !lk_gathers_mitigated();
}

LK_HIDDEN int lk_raster_gathers(void) {
    return chosen_once(&raster_gather_forced, &raster_gather_state, "LAMINA_RASTER_GATHER", gathers_by_cpu);
}

LK_HIDDEN int lk_raster_force_gathers(int mode) {
    return atomic_exchange_explicit(&raster_gather_forced, mode < 0 ? -1 : mode ? 1 : 0, memory_order_relaxed);
}

static _Atomic int raster_narrow_state = -1;   // -1: not chosen yet; else 0 or 1
static _Atomic int raster_narrow_forced = -1;  // -1: none; 0 or 1 while the C kernel tests run each way

/// AMD: the CPUs on which the AVX-512 level blends wide shapes' rows in chunks of 8 cells.
static int narrow_by_cpu(void) {
    __builtin_cpu_init();
    return __builtin_cpu_is("amd");
}

LK_HIDDEN int lk_raster_narrow_rows(void) {
    return chosen_once(&raster_narrow_forced, &raster_narrow_state, "LAMINA_RASTER_NARROW", narrow_by_cpu);
}

LK_HIDDEN int lk_raster_force_narrow_rows(int mode) {
    // Forced on: 2, the narrow rows at every width (the tests' shapes are small).
    return atomic_exchange_explicit(&raster_narrow_forced, mode < 0 ? -1 : mode ? 2 : 0, memory_order_relaxed);
}

/// lk_raster_sweep_blend_portable on eight cells a step (the last one to seven through masks),
/// with lk_over_solid_coverage_avx2's arithmetic, inlined into lk_raster_blend_rows_avx2: the
/// colour scaled by each pixel's k is gathered from `table` (scaled_colors_256), and the pixel,
/// its even and odd bytes in 16-bit lanes, takes s + d·(255 − s.alpha)/255 per channel (rounded
/// as mul255, the sum saturated as the packing of the 16-bit sums saturates it). Every group is
/// blended, with no branch on its coverage: a pixel of k = 0 is written back as it was (s = 0,
/// d·255/255 = d).
__attribute__((target("avx2"), always_inline))
static inline int32_t sweep_blend_256(int32_t *cells, uint32_t *dst, int32_t count, int32_t sum, int32_t evenOdd,
                                      int whole, __m256 opv, const uint32_t *table, const int gather, SolidColour8 colour) {
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(LAMINA_RASTER_ONE);
    const __m256i two = _mm256_set1_epi32(2 * LAMINA_RASTER_ONE), period = _mm256_set1_epi32(2 * LAMINA_RASTER_ONE - 1);
    const __m256i low = _mm256_set1_epi32(0x00FF00FF);
    // Each pixel's alpha byte into both 16-bit halves (bit 7 set: a zero byte).
    const __m256i alpha = _mm256_setr_epi8(3, -128, 3, -128, 7, -128, 7, -128, 11, -128, 11, -128, 15, -128, 15, -128,
                                           3, -128, 3, -128, 7, -128, 7, -128, 11, -128, 11, -128, 15, -128, 15, -128);
    // All lanes set: the gather's mask. It and `last` are kept opaque to the compiler, so that the
    // carry is one vpermd (not a shuffle and a vpermq) and the mask a register copy a step.
    // Each lane's k (at most 255, its low byte) into both 16-bit halves (for the lanes' colours).
    const __m256i kdup = _mm256_setr_epi8(0, -128, 0, -128, 4, -128, 4, -128, 8, -128, 8, -128, 12, -128, 12, -128,
                                          0, -128, 0, -128, 4, -128, 4, -128, 8, -128, 8, -128, 12, -128, 12, -128);
    const __m256i kdup2 = _mm256_setr_epi8(2, -128, 2, -128, 6, -128, 6, -128, 10, -128, 10, -128, 14, -128, 14, -128,
                                           2, -128, 2, -128, 6, -128, 6, -128, 10, -128, 10, -128, 14, -128, 14, -128);
    __m256i ones = _mm256_set1_epi32(-1), last = _mm256_set1_epi32(7);
    __asm__("" : "+x"(ones), "+x"(last));
    __m256i carry = _mm256_set1_epi32(sum);
    // Eight cells of the row from cells + i (the lanes of `m` only when `masked`: the last one to
    // seven, read and written through masked loads and stores, the others' k made 0).
#define LK_SWEEP8(masked, m)                                                                              \
    do {                                                                                                  \
        __m256i x = masked ? _mm256_maskload_epi32(cells + i, m) : _mm256_loadu_si256((const __m256i *)(cells + i)); \
        if (masked) _mm256_maskstore_epi32(cells + i, m, zero); else _mm256_storeu_si256((__m256i *)(cells + i), zero); \
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));                                                 \
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));                                                 \
        __m256i lowSum = _mm256_shuffle_epi32(x, 0xFF);                                                   \
        x = _mm256_add_epi32(x, _mm256_permute2x128_si256(lowSum, lowSum, 0x08));                         \
        x = _mm256_add_epi32(x, carry);                                                                   \
        carry = _mm256_permutevar8x32_epi32(x, last);                                                     \
        __m256i a;                                                                                        \
        if (evenOdd) {                                                                                    \
            /* The triangle wave min(y, 2·ONE − y) of y = x mod 2·ONE is the same for x and −x, so  \
               the sum's magnitude is not needed (sum_units folds |x|: the same value). */            \
            a = _mm256_and_si256(x, period);                                                              \
            a = _mm256_min_epi32(a, _mm256_sub_epi32(two, a));                                            \
        } else {                                                                                          \
            a = _mm256_min_epu32(_mm256_abs_epi32(x), one);                                               \
        }                                                                                                 \
        __m256i s;                                                                                        \
        if (gather) {                                                                                     \
            __m256i k = lanes_k_avx2(a, whole, opv);                                                      \
            if (masked) k = _mm256_and_si256(k, m);                                                       \
            s = _mm256_mask_i32gather_epi32(zero, (const int *)table, k, ones, 4);                        \
        } else {                                                                                          \
            /* k in both 16-bit halves: with op = 1 byte 2 of 255·a + 2^15 (k = its bits 16-23, byte 3 \
               is 0) moved there by the shuffle, with no shift. (Lanes past a masked group's end need \
               no k of 0: they are neither read nor written.) */                                       \
            const __m256i kk = whole ? _mm256_shuffle_epi8(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(a, 8), a),      \
                                                                      _mm256_set1_epi32(32768)), kdup2)                  \
                               : _mm256_shuffle_epi8(lanes_k_avx2(a, 0, opv), kdup);                      \
            s = _mm256_or_si256(_mm256_mulhrs_epi16(kk, colour.rb), _mm256_slli_epi16(_mm256_mulhrs_epi16(kk, colour.ag), 8)); \
        }                                                                                                 \
        const __m256i d = masked ? _mm256_maskload_epi32((const int *)(dst + i), m) : _mm256_loadu_si256((const __m256i *)(dst + i)); \
        const __m256i ia = _mm256_xor_si256(_mm256_shuffle_epi8(s, alpha), low);                         \
        const __m256i rb = div255_16(_mm256_mullo_epi16(_mm256_and_si256(d, low), ia));                  \
        const __m256i ag = div255_16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), ia));                   \
        const __m256i out = _mm256_adds_epu8(_mm256_or_si256(rb, _mm256_slli_epi16(ag, 8)), s);          \
        if (masked) _mm256_maskstore_epi32((int *)(dst + i), m, out); else _mm256_storeu_si256((__m256i *)(dst + i), out); \
    } while (0)
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) LK_SWEEP8(0, zero);
    if (i < count) {
        // The last one to seven cells through masks (a scalar tail was paid by every marked run).
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(count - i), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        LK_SWEEP8(1, m);
    }
#undef LK_SWEEP8
    return _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
}

/// over_solid_row16's products d·ia/255 (rounded as mul255) of every byte value d for one ia = 255 −
/// the colour's alpha, as four vectors of 64 bytes (d = 0 ... 255), kept between the stretches of
/// a strip (a shape's inside is mostly one colour).
typedef struct {
    __m512i t[4];
    uint32_t ia;   // the ia of t; 256: none yet
    int vbmi;      // whether the CPU has AVX512-VBMI (the lookups are used)
} OverTable;

/// over_solid_lookup_512 (below): a stretch of one translucent colour by byte lookups (AVX512-VBMI).
static void over_solid_lookup_512(uint32_t *dst, uint32_t s, int32_t count, OverTable *table);
/// over_solid_row16 (over_x86.h) as a call, for the narrow rows (AVX2 code on an AVX-512 CPU): a short
/// stretch's last pixels through a mask rather than one at a time.
static void over_solid_512_call(uint32_t *dst, uint32_t s, int32_t count);

/// The shortest stretch of one colour blended by over_solid_lookup_512 (see over_stretch_512).
#ifndef LOOKUP_STRETCH
#define LOOKUP_STRETCH 64
#endif

/// A stretch of one colour s over [0, count) of dst: at AVX2 (`lookup` NULL) over_solid_row8; in
/// the narrow AVX-512 rows (`lookup`: their table) by over_solid_lookup_512 when the CPU has
/// AVX512-VBMI, s is not opaque and the stretch is at least LOOKUP_STRETCH pixels long, else by
/// over_solid_row16 (no pixel at a time at the end).
__attribute__((target("avx2"), always_inline))
static inline void over_stretch_256(uint32_t *dst, uint32_t s, int32_t count, OverTable *lookup) {
    if (!lookup) over_solid_row8(dst, s, count, 0);
    else if (lookup->vbmi && (s >> 24) != 255 && count >= LOOKUP_STRETCH) over_solid_lookup_512(dst, s, count, lookup);
    else over_solid_512_call(dst, s, count);
}

/// lk_raster_blend_rows_avx2 for one rule (evenOdd) and whether the opacity is 1 (whole), each
/// combination compiled apart (no test of either in the vector loop).
__attribute__((target("avx2"), always_inline))
static inline void blend_rows_256(const LkRasterRows *q, const int32_t evenOdd, const int whole, const int gather, OverTable *lookup) {
    const int32_t w = q->width, p0 = q->p0, p1 = q->p1 < w ? q->p1 : w;
    const int32_t stride = (int32_t)q->cellStride;
    const intptr_t words = q->words;
    const uint32_t color = q->color;
    const float op = q->op;
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), _mm256_setzero_si256());
    const __m256 opv = _mm256_set1_ps(op);
    const SolidColour8 colour = solid_colour8(color);
    _Alignas(32) uint32_t table[256];
    if (gather) scaled_colors_256(table, c16);
    for (int32_t row = 0; row < q->rows; row++) {
        int32_t *c = q->cells + (intptr_t)row * q->cellStride;
        uint64_t *m = q->marks + (intptr_t)row * words;
        uint32_t *dst = q->dst + (intptr_t)row * q->dstStride;
        // As lk_raster_blend_rows_avx512: [a, b) the marked cells not yet swept (with the short
        // gaps between them), cur the first pixel not yet painted and sum the running sum there.
        int32_t cur = 0, sum = 0, a = 0, b = 0;
#define SWEEP_SPAN() do {                                                                                  \
            int32_t a0 = a > p0 ? a : p0, a1 = b < p1 ? b : p1;                                            \
            if (a1 > a0) {                                                                                 \
                for (int32_t x = a; x < a0; x++) { sum = (int32_t)((uint32_t)sum + (uint32_t)c[x]); c[x] = 0; } \
                sum = sweep_blend_256(c + a0, dst + a0, a1 - a0, sum, evenOdd, whole, opv, table, gather, colour);  \
                for (int32_t x = a1; x < b; x++) { sum = (int32_t)((uint32_t)sum + (uint32_t)c[x]); c[x] = 0; } \
            } else {                                                                                       \
                for (int32_t x = a; x < b; x++) { sum = (int32_t)((uint32_t)sum + (uint32_t)c[x]); c[x] = 0; } \
            }                                                                                              \
            cur = b;                                                                                       \
        } while (0)
        if (!dense_row(m, words, 3, DENSE_GAP_AVX2, stride, &a, &b))
        for (intptr_t word = 0; word < words; word++) {
            uint64_t bits = m[word];
            if (!bits) continue;
            m[word] = 0;
            int32_t s0, s1;
            while (next_marked_run(&bits, word, 8, &s0, &s1)) {
                if (s1 > stride) s1 = stride;
                if (s0 - b < SPAN_GAP_AVX2 && b > a) { b = s1; continue; }
                if (b > a) SWEEP_SPAN();
                int32_t g0 = cur > p0 ? cur : p0, g1 = s0 < p1 ? s0 : p1;
                if (g1 > g0 && sum != 0) {
                    uint32_t k = units_k(sum_units(sum, evenOdd), op, whole);
                    if (k) over_stretch_256(dst + g0, scale_px(color, k), g1 - g0, lookup);
                }
                a = s0; b = s1;
            }
        }
        if (b > a) SWEEP_SPAN();
#undef SWEEP_SPAN
        int32_t g0 = cur > p0 ? cur : p0;
        if (p1 > g0 && sum != 0) {
            uint32_t k = units_k(sum_units(sum, evenOdd), op, whole);
            if (k) over_stretch_256(dst + g0, scale_px(color, k), p1 - g0, lookup);
        }
    }
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_raster_blend_rows_avx2(const LkRasterRows *q) {
    const int whole = q->op == 1.0f;
    if (lk_raster_gathers()) {
        if (q->evenOdd) { if (whole) blend_rows_256(q, 1, 1, 1, NULL); else blend_rows_256(q, 1, 0, 1, NULL); }
        else { if (whole) blend_rows_256(q, 0, 1, 1, NULL); else blend_rows_256(q, 0, 0, 1, NULL); }
    } else {
        if (q->evenOdd) { if (whole) blend_rows_256(q, 1, 1, 0, NULL); else blend_rows_256(q, 1, 0, 0, NULL); }
        else { if (whole) blend_rows_256(q, 0, 1, 0, NULL); else blend_rows_256(q, 0, 0, 0, NULL); }
    }
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_raster_blend_rows_narrow(const LkRasterRows *q) {
    const int whole = q->op == 1.0f;
    OverTable table;
    table.ia = 256;
    table.vbmi = lk_raster_vbmi();
    if (q->evenOdd) { if (whole) blend_rows_256(q, 1, 1, 0, &table); else blend_rows_256(q, 1, 0, 0, &table); }
    else { if (whole) blend_rows_256(q, 0, 1, 0, &table); else blend_rows_256(q, 0, 0, 0, &table); }
}

#define AVX512BW __attribute__((target("avx512f,avx512bw")))



/// Sixteen cells' blend factors, as lk_raster_sweep_blend_portable makes them: the cells in lanes
/// `m` read and cleared, summed along the row onto *carry (which becomes the last lane's sum), and
/// each sum's coverage (non-zero or even-odd winding; times `opv` unless `whole`) as k 0...255, in
/// both 16-bit halves of its lane.
AVX512BW __attribute__((always_inline)) static inline __m512i cells_k_512(int32_t *cells, __mmask16 m, __m512i *carry,
                                                                          int32_t evenOdd, int whole, __m512 opv) {
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(LAMINA_RASTER_ONE);
    const __m512i two = _mm512_set1_epi32(2 * LAMINA_RASTER_ONE), period = _mm512_set1_epi32(2 * LAMINA_RASTER_ONE - 1);
    const __m512i last = _mm512_set1_epi32(15), round = _mm512_set1_epi32(32768);
    const __m512 unit = _mm512_set1_ps(1.0f / LAMINA_RASTER_ONE), onef = _mm512_set1_ps(1.0f);
    const __m512 f255 = _mm512_set1_ps(255.0f), half = _mm512_set1_ps(0.5f);
    __m512i x = _mm512_maskz_loadu_epi32(m, cells);
    _mm512_mask_storeu_epi32(cells, m, zero);
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 15));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 14));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 12));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, zero, 8));
    x = _mm512_add_epi32(x, *carry);
    *carry = _mm512_permutexvar_epi32(last, x);
    __m512i a;
    if (evenOdd) {
        // The triangle wave min(y, 2·ONE − y) of y = x mod 2·ONE is the same for x and −x (as at
        // AVX2): no magnitude needed.
        a = _mm512_and_si512(x, period);
        a = _mm512_min_epi32(a, _mm512_sub_epi32(two, a));
    } else {
        a = _mm512_min_epu32(_mm512_abs_epi32(x), one);
    }
    if (whole) {
        // k = (255·a + 2^15) >> 16 is byte 2 of t (at most 255: byte 3 is 0), put into both
        // 16-bit halves by the shuffle, with no shift.
        const __m512i t = _mm512_add_epi32(_mm512_sub_epi32(_mm512_slli_epi32(a, 8), a), round);
        return _mm512_shuffle_epi8(t, _mm512_broadcast_i32x4(_mm_setr_epi8(2, -128, 2, -128, 6, -128, 6, -128, 10, -128, 10, -128, 14, -128, 14, -128)));
    }
    __m512 v = _mm512_min_ps(_mm512_mul_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(a), unit), opv), onef);
    const __m512i k = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, f255), half));
    return _mm512_shuffle_epi8(k, _mm512_broadcast_i32x4(_mm_setr_epi8(0, -128, 0, -128, 4, -128, 4, -128, 8, -128, 8, -128, 12, -128, 12, -128)));
}

AVX512BW __attribute__((noinline)) static void over_solid_512_call(uint32_t *dst, uint32_t s, int32_t count) {
    over_solid_row16(dst, s, count);
}

static _Atomic int raster_vbmi_state = -1;    // -1: not chosen yet; else 0 or 1
static _Atomic int raster_vbmi_forced = -1;   // -1: none; 0 or 1 while the C kernel tests run each way

/// Whether the CPU has AVX512-VBMI (the byte permutes of over_solid_lookup_512).
static int cpu_has_vbmi(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vbmi");
}

LK_HIDDEN int lk_raster_vbmi(void) {
    // LAMINA_RASTER_VBMI=0 turns the lookups off; nothing turns them on without the instructions.
    return chosen_once(&raster_vbmi_forced, &raster_vbmi_state, "LAMINA_RASTER_VBMI", cpu_has_vbmi) && cpu_has_vbmi();
}

LK_HIDDEN int lk_raster_force_vbmi(int mode) {
    return atomic_exchange_explicit(&raster_vbmi_forced, mode < 0 ? -1 : mode ? 1 : 0, memory_order_relaxed);
}

#define AVX512VBMI __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/// dst[x] = over_px(dst[x], s) for x in [0, count) (s not opaque) by table lookups: every byte of d
/// (each channel alike, as over_solid_row16 treats them) looked up in table->t (made for s's alpha
/// when it is not), then s's byte added with unsigned saturation, which is the saturating pack of
/// over_solid_row16's sums c + d·ia/255: the same pixels with two byte permutes, a blend and
/// an add a step instead of four 16-bit multiplies and eight other operations (AMD Zen 4: the
/// morph row's blob, 540 × 300 pixels, 23.2 -> 15.7 µs in a C loop).
AVX512VBMI __attribute__((noinline)) static void over_solid_lookup_512(uint32_t *dst, uint32_t s, int32_t count, OverTable *table) {
    const uint32_t ia = 255 - (s >> 24);
    if (table->ia != ia) {
        const __m512i iav = _mm512_set1_epi16((short)ia), step = _mm512_set1_epi16(32);
        __m512i d = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
                                     4, 3, 2, 1, 0);
        for (int j = 0; j < 4; j++) {
            const __m512i a = div255_32(_mm512_mullo_epi16(d, iav));
            d = _mm512_add_epi16(d, step);
            const __m512i b = div255_32(_mm512_mullo_epi16(d, iav));
            d = _mm512_add_epi16(d, step);
            table->t[j] = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(a)), _mm512_cvtepi16_epi8(b), 1);
        }
        table->ia = ia;
    }
    const __m512i t0 = table->t[0], t1 = table->t[1], t2 = table->t[2], t3 = table->t[3];
    const __m512i c = _mm512_set1_epi32((int)s);
    for (int32_t i = 0; i < count; i += 16) {
        const __mmask16 m = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        const __m512i d = _mm512_maskz_loadu_epi32(m, dst + i);
        // Bytes below 128 from t0 | t1 (bit 6 of the index chooses), the others from t2 | t3.
        const __m512i lo = _mm512_permutex2var_epi8(t0, d, t1), hi = _mm512_permutex2var_epi8(t2, d, t3);
        const __m512i v = _mm512_mask_blend_epi8(_mm512_movepi8_mask(d), lo, hi);
        _mm512_mask_storeu_epi32(dst + i, m, _mm512_adds_epu8(v, c));
    }
}

/// A stretch of one colour s over [0, count) of dst: by over_solid_lookup_512 where the CPU has
/// AVX512-VBMI (`vbmi`), s is not opaque and the stretch is at least LOOKUP_STRETCH pixels long
/// (shorter ones, as in small shapes of a colour each, gain less than the table and call cost:
/// raster_replay.c of path.cubic200 even at 64, 0.5-1 % slower at 16), else over_solid_row16.
AVX512BW __attribute__((always_inline)) static inline void over_stretch_512(uint32_t *dst, uint32_t s, int32_t count, int vbmi, OverTable *table) {
    if (vbmi && (s >> 24) != 255 && count >= LOOKUP_STRETCH) over_solid_lookup_512(dst, s, count, table);
    else over_solid_row16(dst, s, count);
}

/// The lanes [lo, hi) ∩ [0, n) of a chunk as a mask (lo, hi: the painted columns less the chunk's first).
static inline __mmask16 painted_lanes(int32_t lo, int32_t hi, int32_t n) {
    lo = lo > 0 ? lo : 0;
    hi = hi < n ? hi : n;
    return hi > lo ? (__mmask16)(((1u << hi) - 1) & ~((1u << lo) - 1)) : 0;
}

/// One chunk of span_blend_512: sixteen cells from `cells` (lanes `m`) swept onto *carry and
/// cleared, the colour blended through each one's k onto the pixels from `dst` in lanes `paint`
/// whose k is not 0 (the live lanes: only their pixels are read and written, so fewer loads where
/// coverage is 0, an even-odd shape's inner parts, or outside the painted columns).
AVX512BW __attribute__((always_inline)) static inline void chunk_blend_512(int32_t *cells, uint32_t *dst, __mmask16 m, __mmask16 paint,
                                                                           __m512i *carry, int32_t evenOdd, int whole, __m512 opv,
                                                                           SolidColour16 colour) {
    const __m512i kk = cells_k_512(cells, m, carry, evenOdd, whole, opv);
    const __mmask16 live = _mm512_mask_test_epi32_mask(paint, kk, kk);
    _mm512_mask_storeu_epi32(dst, live, over16_solid_kk(_mm512_maskz_loadu_epi32(live, dst), colour, kk));
}

/// Sweeps cells [s0, s1) of a row (sum: the running sum at s0; returns the sum at s1), clearing
/// them, and blends the colour through each pixel's coverage onto the pixels of [p0, p1) among
/// them, sixteen cells a step with no branch on what the cells hold: pixels whose k is 0 are
/// neither read nor written. The colour scaled by each lane's k is worked out in the lanes
/// (over16_solid_kk: each channel times k, rounded as mul255, is one vpmulhrsw by its factor in
/// `colour`: scale_px's values), not gathered from a
/// table as at AVX2: at AVX-512 these operations cost less than the gather of sixteen (the path
/// rows 1–2.5 % faster in raster_replay.c). 255 − the scaled alpha comes from its own product
/// (colour.aa), not from the scaled colour, off that chain (level to 1 % faster, 2026-12-01).
AVX512BW __attribute__((always_inline)) static inline int32_t span_blend_512(int32_t *cells, uint32_t *dst, int32_t s0, int32_t s1,
                                                                            int32_t p0, int32_t p1, int32_t sum, int32_t evenOdd, int whole,
                                                                            __m512 opv, SolidColour16 colour) {
    __m512i carry = _mm512_set1_epi32(sum);
    // Whether some of the span's pixels are not painted (usually all are: then no mask a step).
    const int clipped = p0 > s0 || p1 < s1;
    int32_t i = s0;
    // The whole chunks (no mask of the chunk's lanes to make), then the last one's lanes.
    for (; i + 16 <= s1; i += 16)
        chunk_blend_512(cells + i, dst + i, (__mmask16)0xFFFF, clipped ? painted_lanes(p0 - i, p1 - i, 16) : (__mmask16)0xFFFF, &carry,
                        evenOdd, whole, opv, colour);
    if (i < s1) {
        const int32_t n = s1 - i;
        const __mmask16 m = (__mmask16)((1u << n) - 1);
        chunk_blend_512(cells + i, dst + i, m, clipped ? painted_lanes(p0 - i, p1 - i, n) : m, &carry, evenOdd, whole, opv, colour);
    }
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

/// lk_raster_blend_rows_avx512 for one rule and opacity case, as blend_rows_256.
AVX512BW __attribute__((always_inline)) static inline void blend_rows_512(const LkRasterRows *q, const int32_t evenOdd, const int whole) {
    const int32_t w = q->width, p0 = q->p0, p1 = q->p1 < w ? q->p1 : w;
    const int32_t stride = (int32_t)q->cellStride;
    const intptr_t words = q->words;
    const uint32_t color = q->color;
    const float op = q->op;
    const SolidColour16 colour = solid_colour16(color);
    const __m512 opv = _mm512_set1_ps(op);
    const int vbmi = lk_raster_vbmi();
    OverTable table;
    table.ia = 256;
    table.vbmi = vbmi;
    for (int32_t row = 0; row < q->rows; row++) {
        int32_t *c = q->cells + (intptr_t)row * q->cellStride;
        uint64_t *m = q->marks + (intptr_t)row * words;
        uint32_t *dst = q->dst + (intptr_t)row * q->dstStride;
        // [a, b): the marked cells not yet swept, gaps shorter than SPAN_GAP_AVX512 between them
        // included (swept as they are: the same pixels, without a branch per run); cur: the
        // first pixel not yet painted, sum the running sum there.
        int32_t cur = 0, sum = 0, a = 0, b = 0;
        if (!dense_row(m, words, 4, DENSE_GAP_AVX512, stride, &a, &b))
        for (intptr_t word = 0; word < words; word++) {
            uint64_t bits = m[word];
            if (!bits) continue;
            m[word] = 0;
            int32_t s0, s1;
            while (next_marked_run(&bits, word, 16, &s0, &s1)) {
                if (s1 > stride) s1 = stride;
                if (s0 - b < SPAN_GAP_AVX512 && b > a) { b = s1; continue; }
                if (b > a) { sum = span_blend_512(c, dst, a, b, p0, p1, sum, evenOdd, whole, opv, colour); cur = b; }
                // The stretch before the run: one coverage.
                int32_t g0 = cur > p0 ? cur : p0, g1 = s0 < p1 ? s0 : p1;
                if (g1 > g0 && sum != 0) {
                    uint32_t k = units_k(sum_units(sum, evenOdd), op, whole);
                    if (k) over_stretch_512(dst + g0, scale_px(color, k), g1 - g0, vbmi, &table);
                }
                a = s0; b = s1;
            }
        }
        if (b > a) { sum = span_blend_512(c, dst, a, b, p0, p1, sum, evenOdd, whole, opv, colour); cur = b; }
        int32_t g0 = cur > p0 ? cur : p0;
        if (p1 > g0 && sum != 0) {
            uint32_t k = units_k(sum_units(sum, evenOdd), op, whole);
            if (k) over_stretch_512(dst + g0, scale_px(color, k), p1 - g0, vbmi, &table);
        }
    }
}

AVX512BW LK_HIDDEN void lk_raster_blend_rows_avx512(const LkRasterRows *q) {
    const int whole = q->op == 1.0f;
    if (q->evenOdd) { if (whole) blend_rows_512(q, 1, 1); else blend_rows_512(q, 1, 0); }
    else { if (whole) blend_rows_512(q, 0, 1); else blend_rows_512(q, 0, 0); }
}

/// Appends the kept lanes (bits of `keep`) of a group of `lanes` edges set up side by side to
/// edges[out...]: each field from its row of T (tx, ty, bx, by, dxdy, slope), Q (qt, qb, xt, xb,
/// x1, step) and R (r0, r1), `lanes` values a row; the direction and `fixed` from their bits (an
/// edge too far out keeps only fixed = 0: its integers are not read). Returns the new count.
static inline size_t keep_edge_lanes(LkEdge *edges, size_t out, uint32_t keep, uint32_t down, uint32_t fixed, const double *T,
                                     const int64_t *Q, const int32_t *R, int lanes) {
    for (uint32_t bits = keep; bits; bits &= bits - 1) {
        const int l = __builtin_ctz(bits);
        LkEdge *e = &edges[out++];
        e->tx = T[l]; e->ty = T[lanes + l]; e->bx = T[2 * lanes + l]; e->by = T[3 * lanes + l]; e->dxdy = T[4 * lanes + l]; e->slope = T[5 * lanes + l];
        e->dir = (down >> l) & 1 ? 1 : -1;
        e->fixed = (fixed >> l) & 1;
        e->r0 = R[l]; e->r1 = R[lanes + l];
        e->qt = Q[l]; e->qb = Q[lanes + l]; e->xt = Q[2 * lanes + l]; e->xb = Q[3 * lanes + l]; e->x1 = Q[4 * lanes + l]; e->step = Q[5 * lanes + l];
    }
    return out;
}

#define AVX512DQ __attribute__((target("avx512f,avx512dq")))

// lk_raster_edges_avx512 and lk_raster_edges_avx2 write a group of edges all kept as whole vectors
// (the fields transposed in registers): the layout they rely on.
_Static_assert(sizeof(LkEdge) == 112 && offsetof(LkEdge, slope) == 40 && offsetof(LkEdge, dir) == 48 && offsetof(LkEdge, fixed) == 52
               && offsetof(LkEdge, r0) == 56 && offsetof(LkEdge, r1) == 60 && offsetof(LkEdge, qt) == 64 && offsetof(LkEdge, step) == 104,
               "LkEdge layout");

/// Transposes eight vectors of eight 64-bit lanes in place: v[j] lane i becomes v[i] lane j.
AVX512DQ static inline void transpose8_epi64(__m512i *v) {
    __m512i t[8], u[8];
    for (int k = 0; k < 8; k += 2) { t[k] = _mm512_unpacklo_epi64(v[k], v[k + 1]); t[k + 1] = _mm512_unpackhi_epi64(v[k], v[k + 1]); }
    // u[0]: lanes 0 of v0..v3 | lanes 4; u[1]: lanes 2 | 6; u[2]: 1 | 5; u[3]: 3 | 7 (u[4...7] of v4..v7).
    const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13), hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    for (int h = 0; h < 8; h += 4) {
        u[h] = _mm512_permutex2var_epi64(t[h], lo, t[h + 2]);
        u[h + 1] = _mm512_permutex2var_epi64(t[h], hi, t[h + 2]);
        u[h + 2] = _mm512_permutex2var_epi64(t[h + 1], lo, t[h + 3]);
        u[h + 3] = _mm512_permutex2var_epi64(t[h + 1], hi, t[h + 3]);
    }
    v[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x44); v[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xEE);
    v[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x44); v[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xEE);
    v[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x44); v[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xEE);
    v[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x44); v[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xEE);
}

/// lk_raster_edges_avx512 (kernels_internal.h): the edges of eight points a step, each lane the
/// scalar setup of raster.c (lamina_raster_add_contour, edge_slope, fix_edge) in the same IEEE
/// operations in the same order (no fused multiply-add: each product and sum rounded as there),
/// so the same doubles; the integers are the same conversions (truncation toward zero of values
/// below 2^62; ⌊v⌋ by rounding toward −∞, which is floor_int's value there). Lanes are written
/// out in order, so the edges come in the order the scalar loop gives them.
AVX512DQ LK_HIDDEN int32_t lk_raster_edges_avx512(LkEdge *edges, size_t *edgeCount, const double *xy, int32_t count, const double *m,
                                                   double top, double bottom, double *box, int32_t *notFinite) {
    const int32_t n = (count - 1) / 8 * 8;
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    const __m512d topv = _mm512_set1_pd(top), bottomv = _mm512_set1_pd(bottom), lim = _mm512_set1_pd(268435456.0);
    const __m512d unit = _mm512_set1_pd(4294967296.0), onev = _mm512_set1_pd((double)LAMINA_RASTER_ONE);
    const __m512d f65536 = _mm512_set1_pd(65536.0), magic = _mm512_set1_pd(6755399441055744.0), one = _mm512_set1_pd(1.0);
    __m512d mnx = _mm512_set1_pd(box[0]), mny = _mm512_set1_pd(box[1]), mxx = _mm512_set1_pd(box[2]), mxy = _mm512_set1_pd(box[3]);
    // The map's coefficients (identity when there is none: then not applied).
    const __m512d ma = _mm512_set1_pd(m ? m[0] : 1), mb = _mm512_set1_pd(m ? m[1] : 0), md = _mm512_set1_pd(m ? m[2] : 0);
    const __m512d me = _mm512_set1_pd(m ? m[3] : 1), mg = _mm512_set1_pd(m ? m[4] : 0), mh = _mm512_set1_pd(m ? m[5] : 0);
    __mmask8 bad = 0;
    size_t out = *edgeCount;
    // Each field of the eight lanes, then copied into the kept edges.
    double T[6][8];
    int64_t Q[6][8];
    int32_t R[2][8];
    for (int32_t i = 0; i < n; i += 8) {
        const __m512d p0 = _mm512_loadu_pd(xy + 2 * i), p1 = _mm512_loadu_pd(xy + 2 * i + 8);
        const __m512d q0 = _mm512_loadu_pd(xy + 2 * i + 2), q1 = _mm512_loadu_pd(xy + 2 * i + 10);
        __m512d ax = _mm512_permutex2var_pd(p0, even, p1), ay = _mm512_permutex2var_pd(p0, odd, p1);
        __m512d bx = _mm512_permutex2var_pd(q0, even, q1), by = _mm512_permutex2var_pd(q0, odd, q1);
        if (m) {
            // x·a + y·d + g and x·b + y·e + h, each product and sum rounded in that order; a value
            // is not finite where v − v is not 0 (NaN).
            const __m512d zero = _mm512_setzero_pd();
            __m512d x = ax, y = ay;
            ax = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(x, ma), _mm512_mul_pd(y, md)), mg);
            ay = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(x, mb), _mm512_mul_pd(y, me)), mh);
            x = bx; y = by;
            bx = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(x, ma), _mm512_mul_pd(y, md)), mg);
            by = _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(x, mb), _mm512_mul_pd(y, me)), mh);
            bad |= _mm512_cmp_pd_mask(_mm512_sub_pd(ax, ax), zero, _CMP_NEQ_UQ) | _mm512_cmp_pd_mask(_mm512_sub_pd(ay, ay), zero, _CMP_NEQ_UQ)
                 | _mm512_cmp_pd_mask(_mm512_sub_pd(bx, bx), zero, _CMP_NEQ_UQ) | _mm512_cmp_pd_mask(_mm512_sub_pd(by, by), zero, _CMP_NEQ_UQ);
        }
        mnx = _mm512_min_pd(mnx, ax); mxx = _mm512_max_pd(mxx, ax);
        mny = _mm512_min_pd(mny, ay); mxy = _mm512_max_pd(mxy, ay);
        const __mmask8 flat = _mm512_cmp_pd_mask(ay, by, _CMP_EQ_OQ);
        const __mmask8 above = _mm512_cmp_pd_mask(ay, topv, _CMP_LE_OQ) & _mm512_cmp_pd_mask(by, topv, _CMP_LE_OQ);
        const __mmask8 below = _mm512_cmp_pd_mask(ay, bottomv, _CMP_GE_OQ) & _mm512_cmp_pd_mask(by, bottomv, _CMP_GE_OQ);
        const __mmask8 keep = (__mmask8)~(flat | above | below);
        if (!keep) continue;
        // Top end first (blend: the second operand where the mask is set).
        const __mmask8 down = _mm512_cmp_pd_mask(ay, by, _CMP_LT_OQ);
        const __m512d tx = _mm512_mask_blend_pd(down, bx, ax), ty = _mm512_mask_blend_pd(down, by, ay);
        const __m512d ex = _mm512_mask_blend_pd(down, ax, bx), ey = _mm512_mask_blend_pd(down, ay, by);
        const __m512d dxdy = _mm512_div_pd(_mm512_sub_pd(ex, tx), _mm512_sub_pd(ey, ty));
        const __m512d adxdy = _mm512_abs_pd(dxdy);
        const __m512d slope = _mm512_div_pd(onev, _mm512_mul_pd(adxdy, f65536));
        const __mmask8 fixed = _mm512_cmp_pd_mask(_mm512_abs_pd(tx), lim, _CMP_LT_OQ) & _mm512_cmp_pd_mask(_mm512_abs_pd(ex), lim, _CMP_LT_OQ)
                             & _mm512_cmp_pd_mask(_mm512_abs_pd(ty), lim, _CMP_LT_OQ) & _mm512_cmp_pd_mask(_mm512_abs_pd(ey), lim, _CMP_LT_OQ)
                             & _mm512_cmp_pd_mask(adxdy, lim, _CMP_LT_OQ);
        const __m512d fty = _mm512_roundscale_pd(ty, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        const __m512d fby = _mm512_roundscale_pd(ey, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        // r1 = ⌈by⌉ − 1: ⌊by⌋, less one where by is whole.
        const __m512d r1 = _mm512_mask_sub_pd(fby, _mm512_cmp_pd_mask(fby, ey, _CMP_EQ_OQ), fby, one);
        const __m256i ir0 = _mm512_cvttpd_epi32(fty), ir1 = _mm512_cvttpd_epi32(r1);
        const __m512i iq0 = _mm512_cvttpd_epi64(_mm512_sub_pd(_mm512_add_pd(_mm512_mul_pd(ty, onev), magic), magic));
        const __m512i iq1 = _mm512_cvttpd_epi64(_mm512_sub_pd(_mm512_add_pd(_mm512_mul_pd(ey, onev), magic), magic));
        const __m512i iq2 = _mm512_cvttpd_epi64(_mm512_mul_pd(tx, unit));
        const __m512i iq3 = _mm512_cvttpd_epi64(_mm512_mul_pd(ex, unit));
        // x at y = r0 + 1: (tx + ((r0 + 1) − ty)·dxdy)·2^32, r0 = ⌊ty⌋ as a double.
        const __m512d x1 = _mm512_add_pd(tx, _mm512_mul_pd(_mm512_sub_pd(_mm512_add_pd(fty, one), ty), dxdy));
        const __m512i iq4 = _mm512_cvttpd_epi64(_mm512_mul_pd(x1, unit));
        const __m512i iq5 = _mm512_cvttpd_epi64(_mm512_mul_pd(dxdy, unit));
        if (keep == 0xFF) {
            // All eight kept (most groups): the edges written whole, the fields transposed in
            // registers (each edge's bytes as keep_edge_lanes writes them).
            const __m512i df = _mm512_or_si512(_mm512_mask_blend_epi64(down, _mm512_set1_epi64(0xFFFFFFFFll), _mm512_set1_epi64(1)),
                                               _mm512_maskz_mov_epi64(fixed, _mm512_set1_epi64(1ll << 32)));
            const __m512i rows = _mm512_or_si512(_mm512_cvtepu32_epi64(ir0), _mm512_slli_epi64(_mm512_cvtepu32_epi64(ir1), 32));
            __m512i a[8] = { _mm512_castpd_si512(tx), _mm512_castpd_si512(ty), _mm512_castpd_si512(ex), _mm512_castpd_si512(ey),
                             _mm512_castpd_si512(dxdy), _mm512_castpd_si512(slope), df, rows };
            __m512i b[8] = { iq0, iq1, iq2, iq3, iq4, iq5, iq5, iq5 };
            transpose8_epi64(a);
            transpose8_epi64(b);
            for (int l = 0; l < 8; l++) {
                _mm512_storeu_si512((void *)&edges[out + (size_t)l], a[l]);
                _mm512_mask_storeu_epi64((char *)&edges[out + (size_t)l] + 64, 0x3F, b[l]);
            }
            out += 8;
            continue;
        }
        _mm512_storeu_pd(T[0], tx); _mm512_storeu_pd(T[1], ty); _mm512_storeu_pd(T[2], ex);
        _mm512_storeu_pd(T[3], ey); _mm512_storeu_pd(T[4], dxdy); _mm512_storeu_pd(T[5], slope);
        _mm256_storeu_si256((__m256i *)R[0], ir0);
        _mm256_storeu_si256((__m256i *)R[1], ir1);
        _mm512_storeu_si512(Q[0], iq0); _mm512_storeu_si512(Q[1], iq1); _mm512_storeu_si512(Q[2], iq2);
        _mm512_storeu_si512(Q[3], iq3); _mm512_storeu_si512(Q[4], iq4); _mm512_storeu_si512(Q[5], iq5);
        out = keep_edge_lanes(edges, out, keep, down, fixed, &T[0][0], &Q[0][0], &R[0][0], 8);
    }
    box[0] = _mm512_reduce_min_pd(mnx); box[1] = _mm512_reduce_min_pd(mny);
    box[2] = _mm512_reduce_max_pd(mxx); box[3] = _mm512_reduce_max_pd(mxy);
    *edgeCount = out;
    if (m && bad) *notFinite = 1;
    return n;
}

/// (int64_t)v, truncated toward zero, in each lane, for |v| below 2^63 (AVX2 has no conversion of
/// doubles to 64-bit integers): the significand, with its leading bit, shifted left or right by
/// how far the exponent is from 2^52 (a shift of 64 or more, or of a negative count read as a
/// huge unsigned one, gives 0, so one of the two shifts is 0 unless the exponent is 52 itself),
/// then the sign put back. Exact: the same integers as the scalar conversion.
__attribute__((target("avx2")))
static inline __m256i trunc_i64_avx2(__m256d v) {
    const __m256i b = _mm256_castpd_si256(v);
    const __m256i e = _mm256_and_si256(_mm256_srli_epi64(b, 52), _mm256_set1_epi64x(0x7FF));
    const __m256i mant = _mm256_or_si256(_mm256_and_si256(b, _mm256_set1_epi64x(0x000FFFFFFFFFFFFFll)),
                                         _mm256_set1_epi64x(0x0010000000000000ll));
    const __m256i bias = _mm256_set1_epi64x(1075);
    const __m256i mag = _mm256_or_si256(_mm256_sllv_epi64(mant, _mm256_sub_epi64(e, bias)),
                                        _mm256_srlv_epi64(mant, _mm256_sub_epi64(bias, e)));
    const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), b);
    return _mm256_sub_epi64(_mm256_xor_si256(mag, sign), sign);
}

/// trunc_i64_avx2 for lanes with |v| below 2^51: v truncated toward zero is a whole double of
/// that size, and adding 1.5·2^52 leaves it in [2^52, 2^53), where doubles are the whole numbers,
/// so the sum's bits less those of 1.5·2^52 are the integer (three operations, not eleven).
__attribute__((target("avx2")))
static inline __m256i trunc_small_i64_avx2(__m256d v) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    const __m256d t = _mm256_round_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(t, magic)), _mm256_castpd_si256(magic));
}

/// round_int (raster.c) of each lane, |v| below 2^51: v + 1.5·2^52 lies in [2^52, 2^53), where
/// doubles are the whole numbers, so its bits less the bits of 1.5·2^52 are v rounded (halves to
/// even, the current rounding), the integer (t − 1.5·2^52) converts to.
__attribute__((target("avx2")))
static inline __m256i round_i64_avx2(__m256d v) {
    const __m256d magic = _mm256_set1_pd(6755399441055744.0);
    return _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(v, magic)), _mm256_castpd_si256(magic));
}

/// Transposes four vectors of four 64-bit lanes in place: v[j] lane i becomes v[i] lane j.
__attribute__((target("avx2"))) static inline void transpose4_epi64(__m256i *v) {
    const __m256i t0 = _mm256_unpacklo_epi64(v[0], v[1]), t1 = _mm256_unpackhi_epi64(v[0], v[1]);
    const __m256i t2 = _mm256_unpacklo_epi64(v[2], v[3]), t3 = _mm256_unpackhi_epi64(v[2], v[3]);
    v[0] = _mm256_permute2x128_si256(t0, t2, 0x20); v[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    v[1] = _mm256_permute2x128_si256(t1, t3, 0x20); v[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/// lk_raster_edges_avx2 (kernels_internal.h): lk_raster_edges_avx512 four points a step, in the
/// same IEEE operations in the same order (no fused multiply-add: the target has none), so the same
/// doubles; the integers by the exact conversions above (truncation, or rounding as round_int) and,
/// for the rows (below 2^31 where they are read), by the 32-bit truncation of the floored values.
__attribute__((target("avx2")))
LK_HIDDEN int32_t lk_raster_edges_avx2(LkEdge *edges, size_t *edgeCount, const double *xy, int32_t count, const double *m,
                                       double top, double bottom, double *box, int32_t *notFinite) {
    const int32_t n = (count - 1) / 4 * 4;
    const __m256d topv = _mm256_set1_pd(top), bottomv = _mm256_set1_pd(bottom), lim = _mm256_set1_pd(268435456.0);
    const __m256d unit = _mm256_set1_pd(4294967296.0), onev = _mm256_set1_pd((double)LAMINA_RASTER_ONE);
    const __m256d f65536 = _mm256_set1_pd(65536.0), one = _mm256_set1_pd(1.0), zero = _mm256_setzero_pd();
    const __m256d absMask = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFll)), small = _mm256_set1_pd(2251799813685248.0);
    __m256d mnx = _mm256_set1_pd(box[0]), mny = _mm256_set1_pd(box[1]), mxx = _mm256_set1_pd(box[2]), mxy = _mm256_set1_pd(box[3]);
    const __m256d ma = _mm256_set1_pd(m ? m[0] : 1), mb = _mm256_set1_pd(m ? m[1] : 0), md = _mm256_set1_pd(m ? m[2] : 0);
    const __m256d me = _mm256_set1_pd(m ? m[3] : 1), mg = _mm256_set1_pd(m ? m[4] : 0), mh = _mm256_set1_pd(m ? m[5] : 0);
    __m256d bad = zero;
    size_t out = *edgeCount;
    double T[6][4];
    int64_t Q[6][4];
    int32_t R[2][4];
    for (int32_t i = 0; i < n; i += 4) {
        // Points i ... i + 3 and i + 1 ... i + 4 as (x, y) pairs, split into x and y lanes in order.
        const __m256d p0 = _mm256_loadu_pd(xy + 2 * i), p1 = _mm256_loadu_pd(xy + 2 * i + 4);
        const __m256d q0 = _mm256_loadu_pd(xy + 2 * i + 2), q1 = _mm256_loadu_pd(xy + 2 * i + 6);
        __m256d ax = _mm256_permute4x64_pd(_mm256_unpacklo_pd(p0, p1), 0xD8), ay = _mm256_permute4x64_pd(_mm256_unpackhi_pd(p0, p1), 0xD8);
        __m256d bx = _mm256_permute4x64_pd(_mm256_unpacklo_pd(q0, q1), 0xD8), by = _mm256_permute4x64_pd(_mm256_unpackhi_pd(q0, q1), 0xD8);
        if (m) {
            __m256d x = ax, y = ay;
            ax = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, ma), _mm256_mul_pd(y, md)), mg);
            ay = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, mb), _mm256_mul_pd(y, me)), mh);
            x = bx; y = by;
            bx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, ma), _mm256_mul_pd(y, md)), mg);
            by = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, mb), _mm256_mul_pd(y, me)), mh);
            bad = _mm256_or_pd(bad, _mm256_or_pd(_mm256_or_pd(_mm256_cmp_pd(_mm256_sub_pd(ax, ax), zero, _CMP_NEQ_UQ),
                                                              _mm256_cmp_pd(_mm256_sub_pd(ay, ay), zero, _CMP_NEQ_UQ)),
                                                 _mm256_or_pd(_mm256_cmp_pd(_mm256_sub_pd(bx, bx), zero, _CMP_NEQ_UQ),
                                                              _mm256_cmp_pd(_mm256_sub_pd(by, by), zero, _CMP_NEQ_UQ))));
        }
        mnx = _mm256_min_pd(mnx, ax); mxx = _mm256_max_pd(mxx, ax);
        mny = _mm256_min_pd(mny, ay); mxy = _mm256_max_pd(mxy, ay);
        const __m256d flat = _mm256_cmp_pd(ay, by, _CMP_EQ_OQ);
        const __m256d above = _mm256_and_pd(_mm256_cmp_pd(ay, topv, _CMP_LE_OQ), _mm256_cmp_pd(by, topv, _CMP_LE_OQ));
        const __m256d below = _mm256_and_pd(_mm256_cmp_pd(ay, bottomv, _CMP_GE_OQ), _mm256_cmp_pd(by, bottomv, _CMP_GE_OQ));
        const uint32_t keep = ~(uint32_t)_mm256_movemask_pd(_mm256_or_pd(flat, _mm256_or_pd(above, below))) & 0xF;
        if (!keep) continue;
        // Top end first (blendv: the second operand where the mask is set).
        const __m256d downv = _mm256_cmp_pd(ay, by, _CMP_LT_OQ);
        const uint32_t down = (uint32_t)_mm256_movemask_pd(downv);
        const __m256d tx = _mm256_blendv_pd(bx, ax, downv), ty = _mm256_blendv_pd(by, ay, downv);
        const __m256d ex = _mm256_blendv_pd(ax, bx, downv), ey = _mm256_blendv_pd(ay, by, downv);
        const __m256d dxdy = _mm256_div_pd(_mm256_sub_pd(ex, tx), _mm256_sub_pd(ey, ty));
        const __m256d adxdy = _mm256_and_pd(dxdy, absMask);
        const __m256d slope = _mm256_div_pd(onev, _mm256_mul_pd(adxdy, f65536));
        const __m256d inside = _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(_mm256_and_pd(tx, absMask), lim, _CMP_LT_OQ),
                                                           _mm256_cmp_pd(_mm256_and_pd(ex, absMask), lim, _CMP_LT_OQ)),
                                             _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(_mm256_and_pd(ty, absMask), lim, _CMP_LT_OQ),
                                                                         _mm256_cmp_pd(_mm256_and_pd(ey, absMask), lim, _CMP_LT_OQ)),
                                                           _mm256_cmp_pd(adxdy, lim, _CMP_LT_OQ)));
        const uint32_t fixed = (uint32_t)_mm256_movemask_pd(inside);
        const __m256d fty = _mm256_floor_pd(ty), fby = _mm256_floor_pd(ey);
        // r1 = ⌈by⌉ − 1: ⌊by⌋, less one where by is whole.
        const __m256d r1 = _mm256_sub_pd(fby, _mm256_and_pd(_mm256_cmp_pd(fby, ey, _CMP_EQ_OQ), one));
        const __m128i ir0 = _mm256_cvttpd_epi32(fty), ir1 = _mm256_cvttpd_epi32(r1);
        const __m256i iq0 = round_i64_avx2(_mm256_mul_pd(ty, onev)), iq1 = round_i64_avx2(_mm256_mul_pd(ey, onev));
        const __m256d x1 = _mm256_add_pd(tx, _mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(fty, one), ty), dxdy));
        const __m256d u2 = _mm256_mul_pd(tx, unit), u3 = _mm256_mul_pd(ex, unit), u4 = _mm256_mul_pd(x1, unit), u5 = _mm256_mul_pd(dxdy, unit);
        // x and the step in 1/2^32 of a pixel: below 2^51 in every lane (x within 2^19 pixels: all
        // but far-out edges) by the short conversion, else by the general one (NaN: the general).
        const __m256d most = _mm256_max_pd(_mm256_max_pd(_mm256_and_pd(u2, absMask), _mm256_and_pd(u3, absMask)),
                                           _mm256_max_pd(_mm256_and_pd(u4, absMask), _mm256_and_pd(u5, absMask)));
        __m256i iq2, iq3, iq4, iq5;
        if (_mm256_movemask_pd(_mm256_cmp_pd(most, small, _CMP_LT_OQ)) == 0xF) {
            iq2 = trunc_small_i64_avx2(u2); iq3 = trunc_small_i64_avx2(u3);
            iq4 = trunc_small_i64_avx2(u4); iq5 = trunc_small_i64_avx2(u5);
        } else {
            iq2 = trunc_i64_avx2(u2); iq3 = trunc_i64_avx2(u3);
            iq4 = trunc_i64_avx2(u4); iq5 = trunc_i64_avx2(u5);
        }
        if (keep == 0xF) {
            // All four kept (most groups): the edges written whole, the fields transposed in
            // registers (each edge's bytes as keep_edge_lanes writes them).
            const __m256i df = _mm256_or_si256(_mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(_mm256_set1_epi64x(0xFFFFFFFFll)),
                                                                                     _mm256_castsi256_pd(_mm256_set1_epi64x(1)), downv)),
                                               _mm256_and_si256(_mm256_castpd_si256(inside), _mm256_set1_epi64x(1ll << 32)));
            const __m256i rows = _mm256_or_si256(_mm256_cvtepu32_epi64(ir0), _mm256_slli_epi64(_mm256_cvtepu32_epi64(ir1), 32));
            __m256i g[4][4] = { { _mm256_castpd_si256(tx), _mm256_castpd_si256(ty), _mm256_castpd_si256(ex), _mm256_castpd_si256(ey) },
                                { _mm256_castpd_si256(dxdy), _mm256_castpd_si256(slope), df, rows },
                                { iq0, iq1, iq2, iq3 }, { iq4, iq5, iq4, iq5 } };
            for (int k = 0; k < 4; k++) transpose4_epi64(g[k]);
            for (int l = 0; l < 4; l++) {
                char *e = (char *)&edges[out + (size_t)l];
                _mm256_storeu_si256((__m256i *)e, g[0][l]);
                _mm256_storeu_si256((__m256i *)(e + 32), g[1][l]);
                _mm256_storeu_si256((__m256i *)(e + 64), g[2][l]);
                _mm_storeu_si128((__m128i *)(e + 96), _mm256_castsi256_si128(g[3][l]));
            }
            out += 4;
            continue;
        }
        _mm256_storeu_pd(T[0], tx); _mm256_storeu_pd(T[1], ty); _mm256_storeu_pd(T[2], ex);
        _mm256_storeu_pd(T[3], ey); _mm256_storeu_pd(T[4], dxdy); _mm256_storeu_pd(T[5], slope);
        _mm_storeu_si128((__m128i *)R[0], ir0);
        _mm_storeu_si128((__m128i *)R[1], ir1);
        _mm256_storeu_si256((__m256i *)Q[0], iq0); _mm256_storeu_si256((__m256i *)Q[1], iq1);
        _mm256_storeu_si256((__m256i *)Q[2], iq2); _mm256_storeu_si256((__m256i *)Q[3], iq3);
        _mm256_storeu_si256((__m256i *)Q[4], iq4); _mm256_storeu_si256((__m256i *)Q[5], iq5);
        out = keep_edge_lanes(edges, out, keep, down, fixed, &T[0][0], &Q[0][0], &R[0][0], 4);
    }
    // The lanes' minimum and maximum (the same values in any order).
    double lanes[4][4];
    _mm256_storeu_pd(lanes[0], mnx); _mm256_storeu_pd(lanes[1], mny); _mm256_storeu_pd(lanes[2], mxx); _mm256_storeu_pd(lanes[3], mxy);
    for (int l = 0; l < 4; l++) {
        if (lanes[0][l] < box[0]) box[0] = lanes[0][l];
        if (lanes[1][l] < box[1]) box[1] = lanes[1][l];
        if (lanes[2][l] > box[2]) box[2] = lanes[2][l];
        if (lanes[3][l] > box[3]) box[3] = lanes[3][l];
    }
    *edgeCount = out;
    if (m && _mm256_movemask_pd(bad)) *notFinite = 1;
    return n;
}

#endif
