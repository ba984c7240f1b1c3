// Box blur passes of a 16-bit alpha plane held in 32-bit integers (the three boxes of BoxBlur):
// the portable versions and the dispatch. Every level gives the bits of BoxBlur's Swift passes
// (its reference test: BoxBlurKernelTests).
#include "kernels_internal.h"
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>

/// floor((sum + half) / size) as BoxBlur's `mean`: ((sum + half)·m) >> 40, m = ⌊2^40 / size⌋ + 1.
static inline int32_t box_mean(int64_t sum, int64_t half, int64_t m) { return (int32_t)(((sum + half) * m) >> 40); }

LK_HIDDEN void lk_box_horizontal(const int32_t *src, int32_t *dst, int32_t w, int32_t h, int32_t r) {
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2, m = ((int64_t)1 << 40) / size + 1;
    int32_t y0 = 0;
    if (r < w) {
        // Four rows at a time: four independent running sums.
        for (; y0 + 4 <= h; y0 += 4) {
            const int32_t *r0 = src + (intptr_t)y0 * w, *r1 = r0 + w, *r2 = r1 + w, *r3 = r2 + w;
            int32_t *o0 = dst + (intptr_t)y0 * w, *o1 = o0 + w, *o2 = o1 + w, *o3 = o2 + w;
            int64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
            for (int32_t k = 0; k <= r; k++) { a0 += r0[k]; a1 += r1[k]; a2 += r2[k]; a3 += r3[k]; }
            for (int32_t i = 0; i < w; i++) {
                o0[i] = box_mean(a0, half, m); o1[i] = box_mean(a1, half, m);
                o2[i] = box_mean(a2, half, m); o3[i] = box_mean(a3, half, m);
                int32_t add = i + r + 1, sub = i - r;
                if (add < w) { a0 += r0[add]; a1 += r1[add]; a2 += r2[add]; a3 += r3[add]; }
                if (sub >= 0) { a0 -= r0[sub]; a1 -= r1[sub]; a2 -= r2[sub]; a3 -= r3[sub]; }
            }
        }
    }
    for (int32_t y = y0; y < h; y++) {
        const int32_t *row = src + (intptr_t)y * w;
        int32_t *out = dst + (intptr_t)y * w;
        int64_t acc = 0;
        int32_t last = r < w - 1 ? r : w - 1;
        for (int32_t k = 0; k <= last; k++) acc += row[k];
        for (int32_t i = 0; i < w; i++) {
            out[i] = box_mean(acc, half, m);
            int32_t add = i + r + 1, sub = i - r;
            if (add < w) acc += row[add];
            if (sub >= 0) acc -= row[sub];
        }
    }
}

/// The vertical pass, portable: one running sum per column (values below 2^16, boxes below 1024
/// wide: sums fit 32 bits), over `w` columns of rows `stride` values apart.
static void box_vertical_portable(const int32_t *src, int32_t *dst, int32_t *sums, int32_t w, intptr_t stride, int32_t h, int32_t r) {
    const int64_t size = 2 * (int64_t)r + 1, half = size / 2, m = ((int64_t)1 << 40) / size + 1;
    for (int32_t x = 0; x < w; x++) sums[x] = 0;
    int32_t last = r < h - 1 ? r : h - 1;
    for (int32_t k = 0; k <= last; k++) {
        const int32_t *row = src + k * stride;
        for (int32_t x = 0; x < w; x++) sums[x] += row[x];
    }
    for (int32_t y = 0; y < h; y++) {
        int32_t *out = dst + y * stride;
        for (int32_t x = 0; x < w; x++) out[x] = box_mean(sums[x], half, m);
        int32_t add = y + r + 1, sub = y - r;
        if (add < h) { const int32_t *row = src + add * stride; for (int32_t x = 0; x < w; x++) sums[x] += row[x]; }
        if (sub >= 0) { const int32_t *row = src + sub * stride; for (int32_t x = 0; x < w; x++) sums[x] -= row[x]; }
    }
}

/// One radius' row pass at `level` on rows [lo, hi) of a `w`-wide plane, the other rows of `tmp`
/// (of h) cleared: what the row pass gives them when they are zero in `a`.
static void row_pass_live(const int32_t *a, int32_t *tmp, int32_t *rowScratch, int32_t w, int32_t h, int32_t r, int32_t lo, int32_t hi,
                          int32_t level) {
    const int32_t rows = hi > lo ? hi - lo : 0;
    if (rows == 0) { memset(tmp, 0, sizeof(int32_t) * (size_t)w * (size_t)h); return; }
    if (lo > 0) memset(tmp, 0, sizeof(int32_t) * (size_t)w * (size_t)lo);
    if (hi < h) memset(tmp + (intptr_t)hi * w, 0, sizeof(int32_t) * (size_t)w * (size_t)(h - hi));
    const int32_t *hs = a + (intptr_t)lo * w;
    int32_t *ht = tmp + (intptr_t)lo * w;
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_box_horizontal_avx512(hs, ht, rowScratch, w, rows, r); break;
    case LAMINA_LEVEL_AVX2: lk_box_horizontal_avx2(hs, ht, rowScratch, w, rows, r); break;
#endif
    default: (void)rowScratch; lk_box_horizontal(hs, ht, w, rows, r); break;
    }
}

/// One radius' column pass at `level` over a whole `w` x `h` plane.
static void column_pass(const int32_t *tmp, int32_t *a, int32_t *sums, int32_t w, int32_t h, int32_t r, int32_t level) {
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_box_vertical_avx512(tmp, a, sums, w, w, h, r); break;
    case LAMINA_LEVEL_AVX2: lk_box_vertical_avx2(tmp, a, sums, w, w, h, r); break;
#endif
    default: box_vertical_portable(tmp, a, sums, w, w, h, r); break;
    }
}

/// The level the passes run at, with the vector row passes' two scratch rows (for radii up to 511,
/// rows `w` wide: see blur_x86.c) into `*rowScratch`; without them (no memory), the portable level.
static int32_t passes_level(int32_t w, int32_t **rowScratch) {
    int32_t level = lamina_kernels_level();
    *rowScratch = NULL;
    if (level == LAMINA_LEVEL_AVX2 || level == LAMINA_LEVEL_AVX512) {
        *rowScratch = malloc(sizeof(int32_t) * 2 * (size_t)lk_box_row_scratch(w, 511));
        if (!*rowScratch) level = LAMINA_LEVEL_PORTABLE;
    }
    return level;
}

/// The passes of lamina_box_blur_passes on a plane whose rows outside [live0, live1) are zero
/// (their contents are not read): each row pass runs only on the rows its input can have non-zero
/// (a zero row's means are 0: box_mean(0) = ⌊half·m / 2^40⌋ = 0), the rest of its output rows
/// cleared, and every column pass widens those rows by its radius. The same bits as the passes
/// over every row.
static void box_blur_passes_live(int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h, const int32_t *radii, int32_t n,
                                 int32_t live0, int32_t live1) {
    if (w <= 0 || h <= 0) return;
    int32_t *rowScratch;
    const int32_t level = passes_level(w, &rowScratch);
    for (int32_t k = 0; k < n; k++) {
        int32_t r = radii[k];
        if (r < 0 || r > 511) continue;
        const int32_t lo = live0 > 0 ? live0 : 0, hi = live1 < h ? live1 : h;
        row_pass_live(a, tmp, rowScratch, w, h, r, lo, hi, level);
        column_pass(tmp, a, sums, w, h, r, level);
        // The column pass spreads each live row r rows up and down.
        live0 = lo - r; live1 = hi + r;
        if (hi <= lo) { live0 = live1 = 0; }
    }
    free(rowScratch);
}

void lamina_box_blur_passes(int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h, const int32_t *radii, int32_t n) {
    box_blur_passes_live(a, tmp, sums, w, h, radii, n, 0, h);
}

/// A plane value in 16-bit fixed point, as BoxBlur converts it: Int32(max(0, min(v, 1))·65535 + 0.5)
/// in float arithmetic, with Swift's min and max (NaN gives 0).
static inline int32_t to_fixed(float v) {
    float c = 1.0f < v ? 1.0f : v;      // Swift.min(v, 1): v unless 1 < v (NaN stays)
    c = c >= 0.0f ? c : 0.0f;           // Swift.max(0, c): c when c >= 0 (NaN: 0)
    return (int32_t)(c * 65535.0f + 0.5f);
}

/// Source rows [y0, y1) (rows `srcStride` values apart) to fixed point at (ox, oy + y) of `a` (rows
/// `w` values apart), `count` values of each (ox + count <= w), the rest of each of those rows of
/// `a` zero.
static void place_rows_cut(const float *src, int32_t srcStride, int32_t count, int32_t oy, int32_t *a, int32_t w, int32_t ox,
                           int32_t y0, int32_t y1, int32_t level) {
    for (int32_t y = y0; y < y1; y++) {
        const float *s = src + (intptr_t)y * srcStride;
        int32_t *row = a + (intptr_t)(y + oy) * w, *d = row + ox;
        for (int32_t x = 0; x < ox; x++) row[x] = 0;
        for (int32_t x = ox + count; x < w; x++) row[x] = 0;
        switch (level) {
#if defined(__x86_64__)
        case LAMINA_LEVEL_AVX512: lk_to_fixed_avx512(d, s, count); break;
        case LAMINA_LEVEL_AVX2: lk_to_fixed_avx2(d, s, count); break;
#endif
        default: for (int32_t x = 0; x < count; x++) d[x] = to_fixed(s[x]);
        }
    }
}

/// Source rows [y0, y1) to fixed point at (ox, oy + y) of `a` (rows `w` values apart), the rest
/// of each of those rows of `a` zero.
static void place_rows(const float *src, int32_t srcWidth, int32_t oy, int32_t *a, int32_t w, int32_t ox, int32_t y0, int32_t y1,
                       int32_t level) {
    place_rows_cut(src, srcWidth, srcWidth, oy, a, w, ox, y0, y1, level);
}

// ---- Mirrored blur: a plane whose placed values are mirror-symmetric left-right (or top-bottom)
// blurs into a plane just as symmetric, bit for bit: each box mean is a function of its window's
// sum alone, and the window of column x (its zeros outside the plane included) is the mirror of
// that of column w - 1 - x. So only the left W = ⌈w/2⌉ columns (top H = ⌈h/2⌉ rows) are made, in
// a working plane of the plane's top left Wp x Hp values (Wp = min(w, W + the largest radius)):
// after each pass the values past W (past H) that the next pass reads are copied from their
// mirror images (column W + j is column w - 1 - W - j < W), and the made quarter is mirrored into
// the whole plane at the end.

static void from_fixed(float *out, const int32_t *a, intptr_t count, int32_t level);

/// Whether lamina_box_blur_placed takes the mirrored blur where it applies (tests turn it off to
/// compare it with the whole blur).
static _Atomic int32_t lk_box_blur_mirroring = 1;

/// Mirrored blurs made so far (lamina_box_blur_mirrored_count).
static _Atomic int64_t lk_box_blur_mirrored = 0;

int64_t lamina_box_blur_mirrored_count(void) { return atomic_load_explicit(&lk_box_blur_mirrored, memory_order_relaxed); }

void lamina_box_blur_set_mirroring(int32_t on) { atomic_store_explicit(&lk_box_blur_mirroring, on != 0, memory_order_relaxed); }

/// Whether row[x] == row[n - 1 - x] for every x (as floats: -0 equals 0, NaN nothing).
static int32_t row_mirrors(const float *restrict row, int32_t n) {
    int32_t same = 1;
    for (int32_t x = 0; x < n / 2; x++) same &= row[x] == row[n - 1 - x];
    return same;
}

/// Whether a[x] == b[x] for every x < n (as floats).
static int32_t rows_equal(const float *restrict a, const float *restrict b, int32_t n) {
    int32_t same = 1;
    for (int32_t x = 0; x < n; x++) same &= a[x] == b[x];
    return same;
}

int32_t lamina_box_blur_mirrors(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy, int32_t w, int32_t h) {
    if (w <= 0 || h <= 0 || srcWidth <= 0 || srcHeight <= 0 || !atomic_load_explicit(&lk_box_blur_mirroring, memory_order_relaxed)) return 0;
    int32_t axes = 0;
    // Left-right: the source centred (ox left of it, as many right) and each row its own mirror.
    if (2 * ox + srcWidth == w) {
        int32_t same = 1;
        for (int32_t y = 0; y < srcHeight && same; y++) same = row_mirrors(src + (intptr_t)y * srcWidth, srcWidth);
        if (same) axes |= 1;
    }
    // Top-bottom: each row equal to its mirror row.
    if (2 * oy + srcHeight == h) {
        int32_t same = 1;
        for (int32_t y = 0, e = srcHeight - 1; y < e && same; y++, e--)
            same = rows_equal(src + (intptr_t)y * srcWidth, src + (intptr_t)e * srcWidth, srcWidth);
        if (same) axes |= 2;
    }
    return axes;
}

/// dst[i] = src[n - 1 - i] for i < n (the two apart).
static void reverse32(int32_t *restrict dst, const int32_t *restrict src, int32_t n) {
    for (int32_t i = 0; i < n; i++) dst[i] = src[n - 1 - i];
}

/// out[i] = a[n - 1 - i]·(1/65535) for i < n: from_fixed's values (each one float product, at every
/// level), the other way round.
static void from_fixed_reversed(float *restrict out, const int32_t *restrict a, int32_t n) {
    const float k = 1.0f / 65535.0f;
    for (int32_t i = 0; i < n; i++) out[i] = (float)a[n - 1 - i] * k;
}

/// Columns [W, Wp) of rows [y0, y1) of a plane `wp` values wide, the left part of one `w` wide:
/// each the value of its mirror column w - 1 - x (columns w - wp ... w - 1 - W, left of W).
static void mirror_columns(int32_t *p, int32_t wp, int32_t w, int32_t W, int32_t y0, int32_t y1) {
    if (wp <= W) return;
    for (int32_t y = y0; y < y1; y++) {
        int32_t *row = p + (intptr_t)y * wp;
        reverse32(row + W, row + (w - wp), wp - W);
    }
}

/// Rows [H, Hp) of a plane `wp` values wide, the top of one `h` high: each a copy of its mirror row.
static void mirror_rows(int32_t *p, int32_t wp, int32_t h, int32_t H, int32_t hp) {
    for (int32_t y = H; y < hp; y++) memcpy(p + (intptr_t)y * wp, p + (intptr_t)(h - 1 - y) * wp, sizeof(int32_t) * (size_t)wp);
}

/// Rows [y0, y1) of the `w` x `h` float plane whose made part is the top left W x H of `a` (rows `wp`
/// apart): each row from its own row of `a` or its mirror row's, converted, then its right part
/// the mirror of its left.
static void from_fixed_mirrored(float *out, const int32_t *a, int32_t wp, int32_t w, int32_t h, int32_t W, int32_t H,
                                int32_t y0, int32_t y1, int32_t level) {
    for (int32_t y = y0; y < y1; y++) {
        float *o = out + (intptr_t)y * w;
        const int32_t *row = a + (intptr_t)(y < H ? y : h - 1 - y) * wp;
        from_fixed(o, row, W, level);
        // The right part converted from the mirror columns of `a` (not read back from `o`, just
        // stored: a load of it would wait for those stores): the values from_fixed gives them.
        if (w > W) from_fixed_reversed(o + W, row, w - W);
    }
}

/// lamina_box_blur_placed when the placed plane mirrors along `axes` (lamina_box_blur_mirrors, not
/// 0) and at least one radius is within 0...511.
static void box_blur_placed_mirrored(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy,
                                     float *out, int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h,
                                     const int32_t *radii, int32_t n, int32_t axes, int32_t level) {
    int32_t rmax = 0;
    for (int32_t k = 0; k < n; k++) if (radii[k] >= 0 && radii[k] <= 511 && radii[k] > rmax) rmax = radii[k];
    const int32_t W = (axes & 1) ? (w + 1) / 2 : w, H = (axes & 2) ? (h + 1) / 2 : h;
    const int32_t wp = W + rmax < w ? W + rmax : w, hp = H + rmax < h ? H + rmax : h;
    // The source's part within the working plane (ox < W and oy < H: the source is centred).
    const int32_t rows = oy + srcHeight < hp ? srcHeight : hp - oy;
    const int32_t count = ox + srcWidth < wp ? srcWidth : wp - ox;
    place_rows_cut(src, srcWidth, count, oy, a, wp, ox, 0, rows, level);
    int32_t *rowScratch;
    const int32_t passLevel = passes_level(wp, &rowScratch);
    int32_t live0 = oy, live1 = oy + srcHeight;
    for (int32_t k = 0; k < n; k++) {
        const int32_t r = radii[k];
        if (r < 0 || r > 511) continue;
        // Live rows as over the whole plane (symmetric, as the plane is), cut to the working plane.
        const int32_t lo = live0 > 0 ? live0 : 0, hi = live1 < h ? live1 : h;
        const int32_t clo = lo < hp ? lo : hp, chi = hi < hp ? hi : hp;
        row_pass_live(a, tmp, rowScratch, wp, hp, r, clo, chi, passLevel);
        if (axes & 1) mirror_columns(tmp, wp, w, W, clo, chi);
        column_pass(tmp, a, sums, wp, hp, r, passLevel);
        if (axes & 2) mirror_rows(a, wp, h, H, hp);
        live0 = lo - r; live1 = hi + r;
        if (hi <= lo) { live0 = live1 = 0; }
    }
    free(rowScratch);
    // The made quarter to floats, mirrored into the whole plane (`out` may be `src`: read whole
    // into `a` above).
    from_fixed_mirrored(out, a, wp, w, h, W, H, 0, h, level);
}

/// out[i] = a[i]·(1/65535) for `count` values.
static void from_fixed(float *out, const int32_t *a, intptr_t count, int32_t level) {
    switch (level) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_from_fixed_avx512(out, a, count); break;
    case LAMINA_LEVEL_AVX2: lk_from_fixed_avx2(out, a, count); break;
#endif
    default: {
        const float k = 1.0f / 65535.0f;
        for (intptr_t i = 0; i < count; i++) out[i] = (float)a[i] * k;
    }
    }
}

void lamina_box_blur_placed(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy,
                            float *out, int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h,
                            const int32_t *radii, int32_t n) {
    lamina_box_blur_placed_axes(src, srcWidth, srcHeight, ox, oy, out, a, tmp, sums, w, h, radii, n, -1);
}

void lamina_box_blur_placed_axes(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy,
                                 float *out, int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h,
                                 const int32_t *radii, int32_t n, int32_t axes) {
    if (w <= 0 || h <= 0) return;
    const int32_t level = lamina_kernels_level();
    // The source's rows are placed with zeros around them (place_rows); the rows above and below
    // it are never read: box_blur_passes_live's first row pass skips them, and the column pass
    // after it writes every row.
    int32_t passes = 0;
    for (int32_t k = 0; k < n; k++) passes += radii[k] >= 0 && radii[k] <= 511;
    if (passes > 0 && axes != 0 && atomic_load_explicit(&lk_box_blur_mirroring, memory_order_relaxed)) {
        if (axes < 0) axes = lamina_box_blur_mirrors(src, srcWidth, srcHeight, ox, oy, w, h);
        if (axes > 0) {
            atomic_fetch_add_explicit(&lk_box_blur_mirrored, 1, memory_order_relaxed);
            box_blur_placed_mirrored(src, srcWidth, srcHeight, ox, oy, out, a, tmp, sums, w, h, radii, n, axes, level);
            return;
        }
    }
    if (passes == 0 && (oy != 0 || srcHeight != h))
        // No pass to write the rows the source leaves out: zeros there too.
        for (intptr_t i = 0; i < (intptr_t)w * h; i++) a[i] = 0;
    place_rows(src, srcWidth, oy, a, w, ox, 0, srcHeight, level);
    box_blur_passes_live(a, tmp, sums, w, h, radii, n, oy, oy + srcHeight);
    from_fixed(out, a, (intptr_t)w * h, level);
}

// ---- lamina_box_blur_placed in stages, for threads sharing one blur (see the header).

void lamina_box_blur_place_rows(const float *src, int32_t srcWidth, int32_t ox, int32_t oy, int32_t *a, int32_t w, int32_t y0, int32_t y1) {
    place_rows(src, srcWidth, oy, a, w, ox, y0, y1, lamina_kernels_level());
}

void lamina_box_blur_row_pass(const int32_t *a, int32_t *tmp, int32_t w, int32_t r, int32_t live0, int32_t live1, int32_t y0, int32_t y1) {
    if (w <= 0 || y1 <= y0 || r < 0 || r > 511) return;
    const int32_t lo = live0 > y0 ? live0 : y0, hi = live1 < y1 ? live1 : y1;
    if (hi <= lo) { memset(tmp + (intptr_t)y0 * w, 0, sizeof(int32_t) * (size_t)w * (size_t)(y1 - y0)); return; }
    if (lo > y0) memset(tmp + (intptr_t)y0 * w, 0, sizeof(int32_t) * (size_t)w * (size_t)(lo - y0));
    if (hi < y1) memset(tmp + (intptr_t)hi * w, 0, sizeof(int32_t) * (size_t)w * (size_t)(y1 - hi));
    const int32_t *hs = a + (intptr_t)lo * w;
    int32_t *ht = tmp + (intptr_t)lo * w;
    int32_t level = lamina_kernels_level();
#if defined(__x86_64__)
    if (level == LAMINA_LEVEL_AVX2 || level == LAMINA_LEVEL_AVX512) {
        int32_t *rowScratch = malloc(sizeof(int32_t) * 2 * (size_t)lk_box_row_scratch(w, r));
        if (rowScratch) {
            if (level == LAMINA_LEVEL_AVX512) lk_box_horizontal_avx512(hs, ht, rowScratch, w, hi - lo, r);
            else lk_box_horizontal_avx2(hs, ht, rowScratch, w, hi - lo, r);
            free(rowScratch);
            return;
        }
    }
#endif
    (void)level;
    lk_box_horizontal(hs, ht, w, hi - lo, r);
}

void lamina_box_blur_column_pass(const int32_t *tmp, int32_t *a, int32_t *sums, int32_t w, int32_t h, int32_t r, int32_t x0, int32_t x1) {
    if (h <= 0 || x1 <= x0 || r < 0 || r > 511) return;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_box_vertical_avx512(tmp + x0, a + x0, sums + x0, x1 - x0, w, h, r); break;
    case LAMINA_LEVEL_AVX2: lk_box_vertical_avx2(tmp + x0, a + x0, sums + x0, x1 - x0, w, h, r); break;
#endif
    default: box_vertical_portable(tmp + x0, a + x0, sums + x0, x1 - x0, w, h, r); break;
    }
}

void lamina_box_blur_live_rows(int32_t h, const int32_t *radii, int32_t n, int32_t oy, int32_t srcHeight, int32_t *live) {
    // As box_blur_passes_live moves them.
    int32_t live0 = oy, live1 = oy + srcHeight;
    for (int32_t k = 0; k < n; k++) {
        const int32_t lo = live0 > 0 ? live0 : 0, hi = live1 < h ? live1 : h;
        live[2 * k] = lo; live[2 * k + 1] = hi > lo ? hi : lo;
        if (radii[k] < 0 || radii[k] > 511) continue;
        live0 = lo - radii[k]; live1 = hi + radii[k];
        if (hi <= lo) { live0 = live1 = 0; }
    }
}

void lamina_box_blur_from_fixed(float *out, const int32_t *a, intptr_t count) {
    from_fixed(out, a, count, lamina_kernels_level());
}

// ---- The mirrored blur in stages (see the header).

void lamina_box_blur_place_rows_cut(const float *src, int32_t srcWidth, int32_t count, int32_t ox, int32_t oy, int32_t *a, int32_t wp,
                                    int32_t y0, int32_t y1) {
    place_rows_cut(src, srcWidth, count, oy, a, wp, ox, y0, y1, lamina_kernels_level());
}

void lamina_box_blur_mirror_rows(int32_t *a, int32_t wp, int32_t h, int32_t H, int32_t y0, int32_t y1) {
    const int32_t lo = y0 > H ? y0 : H;
    for (int32_t y = lo; y < y1; y++) memcpy(a + (intptr_t)y * wp, a + (intptr_t)(h - 1 - y) * wp, sizeof(int32_t) * (size_t)wp);
}

void lamina_box_blur_mirror_columns(int32_t *tmp, int32_t wp, int32_t w, int32_t W, int32_t y0, int32_t y1) {
    mirror_columns(tmp, wp, w, W, y0, y1);
}

void lamina_box_blur_from_fixed_mirrored(float *out, const int32_t *a, int32_t wp, int32_t w, int32_t h, int32_t W, int32_t H,
                                         int32_t y0, int32_t y1) {
    from_fixed_mirrored(out, a, wp, w, h, W, H, y0, y1, lamina_kernels_level());
}
