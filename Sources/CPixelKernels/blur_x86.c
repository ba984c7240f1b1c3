// The vertical box pass of blur.c, AVX2 and AVX-512 versions (x86-64 only): eight or sixteen
// columns' running sums at a time, the mean ((sum + half)·m) >> 40 worked out exactly in 64-bit
// lanes from 32 x 32-bit products (m = m_hi·2^32 + m_lo; the full product stays below 2^56).
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>

/// The portable pass for columns x0 ..< w (the vector loops' tail), as blur.c's.
static void vertical_columns(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r, int32_t x0,
                             int64_t half, int64_t m) {
    if (x0 >= w) return;
    for (int32_t x = x0; x < w; x++) sums[x] = 0;
    int32_t last = r < h - 1 ? r : h - 1;
    for (int32_t k = 0; k <= last; k++) { const int32_t *row = src + k * stride; for (int32_t x = x0; x < w; x++) sums[x] += row[x]; }
    for (int32_t y = 0; y < h; y++) {
        int32_t *out = dst + y * stride;
        for (int32_t x = x0; x < w; x++) out[x] = (int32_t)((((int64_t)sums[x] + half) * m) >> 40);
        int32_t add = y + r + 1, sub = y - r;
        if (add < h) { const int32_t *row = src + add * stride; for (int32_t x = x0; x < w; x++) sums[x] += row[x]; }
        if (sub >= 0) { const int32_t *row = src + sub * stride; for (int32_t x = x0; x < w; x++) sums[x] -= row[x]; }
    }
}

/// The mean's exact division by one multiply (Granlund and Montgomery, "Division by invariant
/// integers using multiplication", theorem 4.2): for x < 2^27 (sums of 16-bit values over boxes
/// below 1024 wide, plus half a box) and size ≤ 2^l, floor(x / size) = (x·m) >> (27 + l) with
/// m = ⌈2^(27 + l) / size⌉, which is at most 2^28 (fits the 32 bits mul_epu32 multiplies; the
/// product stays below 2^55). The same quotients as blur.c's box_mean, one multiply a lane.
static inline void box_divisor(int64_t size, uint32_t *m, int32_t *shift) {
    int32_t l = 0;
    while (((int64_t)1 << l) < size) l++;
    *shift = 27 + l;
    *m = (uint32_t)((((int64_t)1 << *shift) + size - 1) / size);
}

__attribute__((target("avx2")))
static inline __m256i mean8(__m256i s, __m256i half, __m256i m, __m128i shift) {
    __m256i x = _mm256_add_epi32(s, half);                      // below 2^27: unsigned 32-bit
    __m256i qe = _mm256_srl_epi64(_mm256_mul_epu32(x, m), shift);
    __m256i qo = _mm256_slli_epi64(_mm256_srl_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), m), shift), 32);
    return _mm256_blend_epi32(qe, qo, 0xAA);
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_box_vertical_avx2(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r) {
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2, m = ((int64_t)1 << 40) / size + 1;
    const __m256i vh = _mm256_set1_epi32((int32_t)half);
    uint32_t mul; int32_t sh;
    box_divisor(size, &mul, &sh);
    const __m256i mlo = _mm256_set1_epi64x(mul);
    const __m128i mhi = _mm_cvtsi32_si128(sh);
    const int32_t wv = w & ~7;
    int32_t last = r < h - 1 ? r : h - 1;
    for (int32_t x = 0; x < wv; x += 8) _mm256_storeu_si256((__m256i *)(sums + x), _mm256_setzero_si256());
    for (int32_t k = 0; k <= last; k++) {
        const int32_t *row = src + k * stride;
        for (int32_t x = 0; x < wv; x += 8) {
            __m256i s = _mm256_loadu_si256((const __m256i *)(sums + x));
            _mm256_storeu_si256((__m256i *)(sums + x), _mm256_add_epi32(s, _mm256_loadu_si256((const __m256i *)(row + x))));
        }
    }
    for (int32_t y = 0; y < h; y++) {
        int32_t *out = dst + y * stride;
        int32_t add = y + r + 1, sub = y - r;
        const int32_t *ra = add < h ? src + add * stride : 0, *rs = sub >= 0 ? src + sub * stride : 0;
        for (int32_t x = 0; x < wv; x += 8) {
            __m256i s = _mm256_loadu_si256((const __m256i *)(sums + x));
            _mm256_storeu_si256((__m256i *)(out + x), mean8(s, vh, mlo, mhi));
            if (ra) s = _mm256_add_epi32(s, _mm256_loadu_si256((const __m256i *)(ra + x)));
            if (rs) s = _mm256_sub_epi32(s, _mm256_loadu_si256((const __m256i *)(rs + x)));
            _mm256_storeu_si256((__m256i *)(sums + x), s);
        }
    }
    vertical_columns(src, dst, sums, w, stride, h, r, wv, half, m);
}

__attribute__((target("avx512f")))
static inline __m512i mean16(__m512i s, __m512i half, __m512i m, __m128i shift) {
    __m512i x = _mm512_add_epi32(s, half);
    __m512i qe = _mm512_srl_epi64(_mm512_mul_epu32(x, m), shift);
    __m512i qo = _mm512_slli_epi64(_mm512_srl_epi64(_mm512_mul_epu32(_mm512_srli_epi64(x, 32), m), shift), 32);
    return _mm512_mask_blend_epi32((__mmask16)0xAAAA, qe, qo);
}

__attribute__((target("avx512f")))
LK_HIDDEN void lk_box_vertical_avx512(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r) {
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2;
    const __m512i vh = _mm512_set1_epi32((int32_t)half);
    uint32_t mul; int32_t sh;
    box_divisor(size, &mul, &sh);
    const __m512i mlo = _mm512_set1_epi64(mul);
    const __m128i mhi = _mm_cvtsi32_si128(sh);
    const int32_t wv = w & ~15;
    // The last w − wv columns under a mask (no scalar tail).
    const __mmask16 c = (__mmask16)((1u << (w - wv)) - 1);
    int32_t last = r < h - 1 ? r : h - 1;
    for (int32_t x = 0; x < wv; x += 16) _mm512_storeu_si512((void *)(sums + x), _mm512_setzero_si512());
    if (c) _mm512_mask_storeu_epi32(sums + wv, c, _mm512_setzero_si512());
    for (int32_t k = 0; k <= last; k++) {
        const int32_t *row = src + k * stride;
        for (int32_t x = 0; x < wv; x += 16) {
            __m512i s = _mm512_loadu_si512((const void *)(sums + x));
            _mm512_storeu_si512((void *)(sums + x), _mm512_add_epi32(s, _mm512_loadu_si512((const void *)(row + x))));
        }
        if (c) {
            __m512i s = _mm512_maskz_loadu_epi32(c, sums + wv);
            _mm512_mask_storeu_epi32(sums + wv, c, _mm512_add_epi32(s, _mm512_maskz_loadu_epi32(c, row + wv)));
        }
    }
    for (int32_t y = 0; y < h; y++) {
        int32_t *out = dst + y * stride;
        int32_t add = y + r + 1, sub = y - r;
        const int32_t *ra = add < h ? src + add * stride : 0, *rs = sub >= 0 ? src + sub * stride : 0;
        for (int32_t x = 0; x < wv; x += 16) {
            __m512i s = _mm512_loadu_si512((const void *)(sums + x));
            _mm512_storeu_si512((void *)(out + x), mean16(s, vh, mlo, mhi));
            if (ra) s = _mm512_add_epi32(s, _mm512_loadu_si512((const void *)(ra + x)));
            if (rs) s = _mm512_sub_epi32(s, _mm512_loadu_si512((const void *)(rs + x)));
            _mm512_storeu_si512((void *)(sums + x), s);
        }
        if (c) {
            __m512i s = _mm512_maskz_loadu_epi32(c, sums + wv);
            _mm512_mask_storeu_epi32(out + wv, c, mean16(s, vh, mlo, mhi));
            if (ra) s = _mm512_add_epi32(s, _mm512_maskz_loadu_epi32(c, ra + wv));
            if (rs) s = _mm512_sub_epi32(s, _mm512_maskz_loadu_epi32(c, rs + wv));
            _mm512_mask_storeu_epi32(sums + wv, c, s);
        }
    }
}

// ---- the row pass: each row's prefix sums S (S[k] = the sum of its first k values), then each
// value's box sum S[min(i + r + 1, w)] − S[max(i − r, 0)] (the running sum's very integers), the
// means eight or sixteen at a time. The prefix sums are made in registers (log-step shifts and
// adds, the last sum carried to the next vector) into a scratch row padded with zeros before S[0]
// and copies of S[w] after it (`scratch` holds two such rows: see lk_box_row_scratch), so
// that every pixel, the row's ends too, reads its two sums without clamping. Rows up to 32767
// values wide (sums below 2^31); wider rows go to the portable pass.

/// Where S[0] sits in the scratch row of a box of radius r: after r + 16 zeros.
static inline int32_t *padded_sums(int32_t *scratch, int32_t r) { return scratch + r + 16; }

__attribute__((target("avx512f")))
static inline __m512i prefix16(__m512i x) {
    const __m512i z = _mm512_setzero_si512();
    // alignr(x, z, 16 − k): x moved up by k lanes, zeros in.
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 15));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 14));
    x = _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 12));
    return _mm512_add_epi32(x, _mm512_alignr_epi32(x, z, 8));
}

__attribute__((target("avx2")))
static inline __m256i prefix8(__m256i x) {
    // Within each 128-bit half (byte shifts move lanes up, zeros in), then the low half's total
    // added to the high half.
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    const __m256i low = _mm256_permute2x128_si256(x, x, 0x08);        // (0, low half)
    return _mm256_add_epi32(x, _mm256_shuffle_epi32(low, 0xFF));        // + the low half's last sum, high half only
}

// Each row's sums are made one row ahead of its means (two scratch rows in turn): the means' loads,
// which straddle two of the sums' stores, then find them in the cache, not still in the store
// buffer, where such a load would wait for both to be written.

/// A row's prefix sums into S (S[0] = 0 set once), and S[w] copied into S[w + 1 ... w + r + 16].
__attribute__((target("avx2")))
static inline void prefix_row8(const int32_t *row, int32_t *S, int32_t w, int32_t r) {
    const __m256i last = _mm256_set1_epi32(7);
    __m256i carry = _mm256_setzero_si256();
    int32_t i = 0;
    for (; i + 8 <= w; i += 8) {
        // The carry grows by the vector's own total (not read back from the sums just made): its
        // chain is one add a vector.
        const __m256i p = prefix8(_mm256_loadu_si256((const __m256i *)(row + i)));
        _mm256_storeu_si256((__m256i *)(S + 1 + i), _mm256_add_epi32(p, carry));
        carry = _mm256_add_epi32(carry, _mm256_permutevar8x32_epi32(p, last));
    }
    int32_t acc = _mm256_extract_epi32(carry, 0);
    for (; i < w; i++) { acc += row[i]; S[i + 1] = acc; }
    const __m256i total = _mm256_set1_epi32(S[w]);
    for (int32_t k = w + 1; k <= w + r + 16; k += 8) _mm256_storeu_si256((__m256i *)(S + k), total);
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_box_horizontal_avx2(const int32_t *src, int32_t *dst, int32_t *scratch, int32_t w, int32_t h, int32_t r) {
    if (w > 32767) { lk_box_horizontal(src, dst, w, h, r); return; }
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2, m = ((int64_t)1 << 40) / size + 1;
    const __m256i vh = _mm256_set1_epi32((int32_t)half);
    uint32_t mul; int32_t sh;
    box_divisor(size, &mul, &sh);
    const __m256i mlo = _mm256_set1_epi64x(mul);
    const __m128i mhi = _mm_cvtsi32_si128(sh);
    int32_t *rows[2] = { padded_sums(scratch, r), padded_sums(scratch + lk_box_row_scratch(w, r), r) };
    for (int32_t t = 0; t < 2; t++) { for (int32_t k = 1; k <= r + 16; k++) rows[t][-k] = 0; rows[t][0] = 0; }
    for (int32_t y = 0; y <= h; y++) {
        if (y < h) prefix_row8(src + (intptr_t)y * w, rows[y & 1], w, r);
        if (y == 0) continue;
        const int32_t *S = rows[(y - 1) & 1];
        int32_t *out = dst + (intptr_t)(y - 1) * w;
        int32_t i = 0;
        for (; i + 8 <= w; i += 8) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(S + i + r + 1));
            __m256i b = _mm256_loadu_si256((const __m256i *)(S + i - r));
            _mm256_storeu_si256((__m256i *)(out + i), mean8(_mm256_sub_epi32(a, b), vh, mlo, mhi));
        }
        for (; i < w; i++) out[i] = (int32_t)((((int64_t)(S[i + r + 1] - S[i - r])) + half) * m >> 40);
    }
}

/// As prefix_row8, sixteen at a time.
__attribute__((target("avx512f")))
static inline void prefix_row16(const int32_t *row, int32_t *S, int32_t w, int32_t r) {
    const __m512i last = _mm512_set1_epi32(15);
    __m512i carry = _mm512_setzero_si512();
    for (int32_t i = 0; i < w; i += 16) {
        const __mmask16 k = w - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (w - i)) - 1);
        const __m512i p = prefix16(_mm512_maskz_loadu_epi32(k, row + i));
        _mm512_mask_storeu_epi32(S + 1 + i, k, _mm512_add_epi32(p, carry));
        carry = _mm512_add_epi32(carry, _mm512_permutexvar_epi32(last, p));
    }
    // The row's total: every lane of the carry (zeros past w add nothing).
    const __m512i total = carry;
    for (int32_t k = w + 1; k <= w + r + 16; k += 16) _mm512_storeu_si512((void *)(S + k), total);
}

__attribute__((target("avx512f")))
LK_HIDDEN void lk_box_horizontal_avx512(const int32_t *src, int32_t *dst, int32_t *scratch, int32_t w, int32_t h, int32_t r) {
    if (w > 32767) { lk_box_horizontal(src, dst, w, h, r); return; }
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2;
    const __m512i vh = _mm512_set1_epi32((int32_t)half);
    uint32_t mul; int32_t sh;
    box_divisor(size, &mul, &sh);
    const __m512i mlo = _mm512_set1_epi64(mul);
    const __m128i mhi = _mm_cvtsi32_si128(sh);
    int32_t *rows[2] = { padded_sums(scratch, r), padded_sums(scratch + lk_box_row_scratch(w, r), r) };
    for (int32_t t = 0; t < 2; t++) { for (int32_t k = 1; k <= r + 16; k++) rows[t][-k] = 0; rows[t][0] = 0; }
    for (int32_t y = 0; y <= h; y++) {
        if (y < h) prefix_row16(src + (intptr_t)y * w, rows[y & 1], w, r);
        if (y == 0) continue;
        const int32_t *S = rows[(y - 1) & 1];
        int32_t *out = dst + (intptr_t)(y - 1) * w;
        for (int32_t i = 0; i < w; i += 16) {
            const __mmask16 k = w - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (w - i)) - 1);
            __m512i a = _mm512_loadu_si512((const void *)(S + i + r + 1));
            __m512i b = _mm512_loadu_si512((const void *)(S + i - r));
            _mm512_mask_storeu_epi32(out + i, k, mean16(_mm512_sub_epi32(a, b), vh, mlo, mhi));
        }
    }
}

// ---- the placed blur's conversions (blur.c's to_fixed and back), eight or sixteen at a time. The
// clamp as Swift's min(v, 1) then max(0, ·): min_ps(1, v) keeps v when v is NaN (1 < NaN is false),
// max_ps(c, 0) gives 0 for NaN; −0 gives +0, the same integer (0.5 truncated).

__attribute__((target("avx2")))
LK_HIDDEN void lk_to_fixed_avx2(int32_t *d, const float *s, int32_t count) {
    const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps(), k = _mm256_set1_ps(65535.0f), half = _mm256_set1_ps(0.5f);
    int32_t x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256 c = _mm256_max_ps(_mm256_min_ps(one, _mm256_loadu_ps(s + x)), zero);
        _mm256_storeu_si256((__m256i *)(d + x), _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(c, k), half)));
    }
    for (; x < count; x++) {
        float v = s[x];
        float c = 1.0f < v ? 1.0f : v;
        c = c >= 0.0f ? c : 0.0f;
        d[x] = (int32_t)(c * 65535.0f + 0.5f);
    }
}

__attribute__((target("avx512f")))
LK_HIDDEN void lk_to_fixed_avx512(int32_t *d, const float *s, int32_t count) {
    const __m512 one = _mm512_set1_ps(1.0f), zero = _mm512_setzero_ps(), k = _mm512_set1_ps(65535.0f), half = _mm512_set1_ps(0.5f);
    for (int32_t x = 0; x < count; x += 16) {
        const __mmask16 m = count - x >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - x)) - 1);
        __m512 c = _mm512_max_ps(_mm512_min_ps(one, _mm512_maskz_loadu_ps(m, s + x)), zero);
        _mm512_mask_storeu_epi32(d + x, m, _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(c, k), half)));
    }
}

__attribute__((target("avx2")))
LK_HIDDEN void lk_from_fixed_avx2(float *out, const int32_t *a, intptr_t count) {
    const float k = 1.0f / 65535.0f;
    const __m256 vk = _mm256_set1_ps(k);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) _mm256_storeu_ps(out + i, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(a + i))), vk));
    for (; i < count; i++) out[i] = (float)a[i] * k;
}

__attribute__((target("avx512f")))
LK_HIDDEN void lk_from_fixed_avx512(float *out, const int32_t *a, intptr_t count) {
    const float k = 1.0f / 65535.0f;
    const __m512 vk = _mm512_set1_ps(k);
    intptr_t i = 0;
    for (; i + 16 <= count; i += 16) _mm512_storeu_ps(out + i, _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_loadu_si512((const void *)(a + i))), vk));
    for (; i < count; i++) out[i] = (float)a[i] * k;
}
#endif
