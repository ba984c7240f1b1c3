// Source over (rows, rectangles, a solid colour, through coverage, through a mask) and fills.
#include "kernel_tests.h"

void test_over_row(void) {
    const uint32_t ks[] = { 255, 0, 1, 2, 127, 128, 200, 254, 256, 1000 };
    for (int si = 0; si < NSIZES; si++)
        for (int ki = 0; ki < 11; ki++) {
            int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t k = ki < 10 ? ks[ki] : (uint32_t)irand(3, 252);
            uint32_t *src = src_block + irand(0, 15);
            premultiplied_row(src, n);
            for (int32_t i = 0; i < n; i++) input[i] = chance(0.5) ? any_pixel() : premultiplied_pixel();
            uint32_t kk = k > 255 ? 255 : k;
            for (int32_t i = 0; i < n; i++) want[i] = k == 0 ? input[i] : ref_over(input[i], src[i], kk);
            LABEL("lamina_over_row (%d px, k %u, dst +%d)", n, k, misalign);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_row(out, src, n, k));
        }
}

void test_over_rect(void) {
    for (int t = 0; t < 60; t++) {
        int32_t w = irand(0, 70), h = irand(0, 6), dstStride = w + irand(0, 9), srcStride = w + irand(0, 9), misalign = irand(0, 15);
        uint32_t k = chance(0.3) ? 255 : (uint32_t)irand(0, 255);
        int32_t n = dstStride * (h > 0 ? h : 1);
        uint32_t *src = src_block + irand(0, 15);
        premultiplied_row(src, srcStride * (h > 0 ? h : 1));
        for (int32_t i = 0; i < n; i++) input[i] = any_pixel();
        memcpy(want, input, sizeof(uint32_t) * (size_t)n);
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++)
                if (k) want[y * dstStride + x] = ref_over(input[y * dstStride + x], src[y * srcStride + x], k);
        LABEL("lamina_over_rect (%dx%d, strides %d/%d, k %u)", w, h, dstStride, srcStride, k);
        AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_rect(out, dstStride, src, srcStride, w, h, k));
    }
}

// A prefetch changes no memory, at any address (here: the pixels, one past them, and a length
// that is not a whole number of cache lines).
void test_prefetch_span(void) {
    for (int t = 0; t < 20; t++) {
        int32_t n = irand(0, 300), misalign = irand(0, 15);
        for (int32_t i = 0; i < n; i++) { input[i] = any_pixel(); want[i] = input[i]; }
        LABEL("lamina_prefetch_span (%d px)", n);
        AT_EVERY_LEVEL(n, input, want, misalign, (lamina_prefetch_span(out, (intptr_t)n * 4), lamina_prefetch_span(out + n, 4 * irand(0, 5))));
    }
}

static uint32_t solid_color(int i) {
    switch (i) {
    case 0: return 0;                   // transparent: nothing changes
    case 1: return 0xFF123456u;         // opaque: a fill
    case 2: return 0x01000001u;
    case 3: return 0xFEFE0000u;
    case 4: return 0x80404040u;
    default: return premultiplied_pixel();
    }
}

void test_over_solid(void) {
    for (int si = 0; si < NSIZES; si++)
        for (int ci = 0; ci < 8; ci++) {
            int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t color = solid_color(ci);
            for (int32_t i = 0; i < n; i++) { input[i] = any_pixel(); want[i] = color ? ref_over(input[i], color, 255) : input[i]; }
            LABEL("lamina_over_solid (%d px, colour %08x)", n, color);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid(out, color, n));
        }
    for (int t = 0; t < 40; t++) {
        int32_t w = irand(0, 70), h = irand(0, 5), stride = w + irand(0, 9), misalign = irand(0, 15);
        int32_t n = stride * (h > 0 ? h : 1);
        uint32_t color = solid_color(irand(0, 7));
        for (int32_t i = 0; i < n; i++) input[i] = any_pixel();
        memcpy(want, input, sizeof(uint32_t) * (size_t)n);
        for (int32_t y = 0; y < h; y++)
            for (int32_t x = 0; x < w; x++)
                if (color) want[y * stride + x] = ref_over(input[y * stride + x], color, 255);
        LABEL("lamina_over_solid_rect (%dx%d, stride %d, colour %08x)", w, h, stride, color);
        AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid_rect(out, stride, color, w, h));
    }
}

void test_fill_rect(void) {
    for (int t = 0; t < 60; t++) {
        int32_t w = t < NSIZES ? sizes[t] : irand(0, 140), h = irand(0, 5), stride = w + irand(0, 9), misalign = irand(0, 15);
        int32_t n = stride * (h > 0 ? h : 1);
        uint32_t color = any_pixel();
        for (int32_t i = 0; i < n; i++) input[i] = any_pixel();
        memcpy(want, input, sizeof(uint32_t) * (size_t)n);
        for (int32_t y = 0; y < h; y++) for (int32_t x = 0; x < w; x++) want[y * stride + x] = color;
        LABEL("lamina_fill_rect (%dx%d, stride %d)", w, h, stride);
        AT_EVERY_LEVEL(n, input, want, misalign, lamina_fill_rect(out, stride, color, w, h));
    }
}

void test_over_solid_coverage(void) {
    static float coverage[MAXN];
    const float ops[] = { 1.0f, 0.0f, 0.5f, 0.999f, 0.37f };
    for (int si = 0; si < NSIZES; si++)
        for (int ci = 0; ci < 6; ci++) {
            int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t color = solid_color(ci);
            float op = ci < 5 ? ops[ci] : (float)drand(0, 1);
            for (int32_t i = 0; i < n; i++) {
                int r = irand(0, 9);
                // Runs of no coverage and of full coverage, exact 0 and 1, above 1, NaN (counts as 1).
                coverage[i] = r <= 2 ? 0.0f : r == 3 ? 1.0f : r == 4 ? 1.5f : r == 5 && chance(0.2) ? NAN : (float)drand(0, 1);
                if (i >= 16 && i < 32) coverage[i] = 0.0f;
                if (i >= 32 && i < 48) coverage[i] = chance(0.1) ? 0.003f : 0.0f;   // k 1 among k 0 (at op 1)
                input[i] = any_pixel();
            }
            // Full coverage past the row: a kernel that blended a pixel beyond it would change a guard.
            for (int32_t i = n; i < n + 16 && i < MAXN; i++) coverage[i] = 1.0f;
            for (int32_t i = 0; i < n; i++) {
                uint32_t k = color ? ref_k(coverage[i], op) : 0;
                want[i] = k ? ref_over(input[i], color, k) : input[i];
            }
            LABEL("lamina_over_solid_coverage (%d px, colour %08x, op %g)", n, color, (double)op);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid_coverage(out, color, coverage, op, n));
        }
}

void test_over_solid_mask(void) {
    static uint8_t mask[MAXN];
    const uint32_t ks[] = { 255, 128, 1, 254, 77 };
    for (int si = 0; si < NSIZES; si++)
        for (int ci = 0; ci < 6; ci++) {
            int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t color = solid_color(ci), k = ci < 5 ? ks[ci] : (uint32_t)irand(1, 255);
            for (int32_t i = 0; i < n; i++) {
                int r = irand(0, 9);
                // Runs of 0 (whole vectors of it too) and of 255, and values between.
                mask[i] = r <= 2 ? 0 : r == 3 ? 255 : (uint8_t)irand(1, 254);
                if (i >= 16 && i < 40) mask[i] = 0;
                input[i] = any_pixel();
            }
            for (int32_t i = 0; i < n; i++)
                want[i] = mask[i] && color ? ref_over(input[i], ref_scale(color, mask[i]), k) : input[i];
            LABEL("lamina_over_solid_mask (%d px, colour %08x, k %u)", n, color, k);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid_mask(out, color, mask, k, n));
        }
}

// A glyph mask sampled along a row through a fractional translation (lamina_sample_mask_row): the
// bilinear formula of CPixelKernels.h worked out here with libm's floor and round, on masks whose
// last row ends where an unreadable page begins (a read past the row's end would fault), with
// offsets that put the span before, across and past the mask, rows above and below it (NULL), and
// fractions at exact halves, tiny and near one.
static uint8_t ref_mask_sample(const uint8_t *top, const uint8_t *bottom, int32_t w, double g, double gv, double fv, int64_t x) {
    double u = (((double)x + 0.5) + g) - 0.5;
    if (!(u > -1 && u < (double)w)) return 0;
    double fu0 = floor(u);
    int64_t iu = (int64_t)fu0;
#define AT(row, c) ((row) && (c) >= 0 && (c) < w ? (double)(row)[(c)] : 0.0)
    double fu = u - fu0, gu = 1 - fu;
    double t = AT(top, iu) * gu + AT(top, iu + 1) * fu;
    double b = AT(bottom, iu) * gu + AT(bottom, iu + 1) * fu;
#undef AT
    double v = round(t * gv + b * fv);
    return v >= 255 ? 255 : (uint8_t)v;
}

void test_sample_mask_row(void) {
    long page = sysconf(_SC_PAGESIZE);
    size_t span = (size_t)page * 4;
    uint8_t *area = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED || mprotect(area + span, (size_t)page, PROT_NONE) != 0) { perror("kernel_tests: guard page"); exit(2); }
    static uint8_t got[600], expect[600];
    const double fractions[] = { 0.5, 0.25, 0.1, 1.0 / 3, 0.999999999, 0.000000001, 0, -0.5 };
    for (int t = 0; t < 400; t++) {
        int32_t w = irand(1, 300), h = 2;
        uint8_t *mask = area + span - (size_t)(w * h);
        for (int32_t i = 0; i < w * h; i++) {
            int r = irand(0, 9);
            mask[i] = r <= 2 ? 0 : r == 3 ? 255 : (uint8_t)irand(1, 254);
            if (i % w >= 20 && i % w < 52) mask[i] = 0;   // clear stretches (whole vectors of zeros)
        }
        double g = (double)irand(-60, 60) + (t % 9 < 8 ? fractions[t % 9] : drand(-1, 1));
        double fv = t % 5 == 0 ? 0 : drand(0, 1), gv = 1 - fv;
        int rows = irand(0, 3);   // both rows, only the top, only the bottom (the other outside the mask)
        const uint8_t *top = rows == 2 ? NULL : mask, *bottom = rows == 1 ? NULL : mask + w;
        int64_t x0 = irand(-(int32_t)g - 30, -(int32_t)g + w + 5);
        int32_t n = irand(1, 599);
        if (t % 50 == 0) x0 += (int64_t)1 << 31;   // past the 32-bit lanes: the portable loop
        for (int32_t i = 0; i < n; i++) expect[i] = ref_mask_sample(top, bottom, w, g, gv, fv, x0 + i);
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            memset(got, 0xA5, sizeof got);
            lamina_sample_mask_row(got, top, bottom, w, g, gv, fv, x0, n);
            char what[160];
            snprintf(what, sizeof what, "mask %d wide, g %.17g, fv %.17g, rows %d, x0 %lld, %d px", w, g, fv, rows, (long long)x0, n);
            current = "lamina_sample_mask_row";
            check(memcmp(got, expect, (size_t)n) == 0 && got[n] == 0xA5, levels[li].name, what);
        }
    }
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
    munmap(area, span + (size_t)page);
}

// A glyph mask sampled along a row through any map (lamina_sample_mask_mapped_row): the formula
// of CPixelKernels.h worked out here with libm's floor and round, on masks that start just after
// an unreadable page or end just before one (a read before the first texel or past the last would
// fault), through affine and projective maps that put the span before, across and past the mask,
// translations by halves, and maps whose denominator reaches zero on the row (infinite and NaN
// coordinates: 0).
static uint8_t ref_mapped_sample(const uint8_t *mask, int32_t w, int32_t h, const double m[6], int64_t x) {
    double px = (double)x + 0.5;
    double inv = 1 / (px * m[2] + m[5]);
    double u = (px * m[0] + m[3]) * inv - 0.5, v = (px * m[1] + m[4]) * inv - 0.5;
    if (!(u > -1 && v > -1 && u < (double)w && v < (double)h)) return 0;
    double fu0 = floor(u), fv0 = floor(v);
    int64_t iu = (int64_t)fu0, iv = (int64_t)fv0;
#define T(c, r) ((c) >= 0 && (r) >= 0 && (c) < w && (r) < h ? (double)mask[(r) * w + (c)] : 0.0)
    double fu = u - fu0, fv = v - fv0;
    double top = T(iu, iv) * (1 - fu) + T(iu + 1, iv) * fu;
    double bottom = T(iu, iv + 1) * (1 - fu) + T(iu + 1, iv + 1) * fu;
#undef T
    double r = round(top * (1 - fv) + bottom * fv);
    return r >= 255 ? 255 : (uint8_t)r;
}

void test_sample_mask_mapped_row(void) {
    long page = sysconf(_SC_PAGESIZE);
    size_t span = (size_t)page * 4;
    // [unreadable page][four readable pages][unreadable page]
    uint8_t *area = mmap(NULL, span + 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED || mprotect(area, (size_t)page, PROT_NONE) != 0 || mprotect(area + page + span, (size_t)page, PROT_NONE) != 0) {
        perror("kernel_tests: guard pages");
        exit(2);
    }
    static uint8_t got[600], expect[600];
    long inside = 0;
    for (int t = 0; t < 600; t++) {
        int32_t w = irand(1, 120), h = irand(1, 40);
        if (t % 7 == 0) { w = irand(1, 3); h = irand(1, 3); }   // tiny masks (under four bytes: the portable loop)
        uint8_t *mask = t % 2 ? area + page : area + page + span - (size_t)(w * h);
        for (int32_t i = 0; i < w * h; i++) {
            int r = irand(0, 9);
            mask[i] = r <= 2 ? 0 : r == 3 ? 255 : (uint8_t)irand(1, 254);
        }
        int64_t x0 = irand(-60, 200);
        int32_t n = irand(1, 599);
        double pmid = (double)x0 + n / 2.0, m[6];
        int kind = t % 5;
        if (kind == 0) {   // a translation by halves, quarters and random fractions
            const double fr[] = { 0.5, 0.25, 0, 0.999999999 };
            m[0] = 1; m[1] = 0; m[2] = 0; m[5] = 1;
            m[3] = -(double)x0 + irand(-20, 20) + fr[t % 4];
            m[4] = irand(-3, h + 2) + (t % 3 ? drand(0, 1) : 0.5);
        } else {           // rotated and scaled (kind 1, 2), in perspective (3, 4)
            m[0] = drand(-1.5, 1.5); m[1] = drand(-1.5, 1.5);
            m[2] = kind >= 3 ? drand(-0.004, 0.004) : 0;
            m[5] = drand(0.6, 1.4);
            double den = pmid * m[2] + m[5];
            m[3] = drand(-5, w + 5) * den - pmid * m[0];
            m[4] = drand(-3, h + 3) * den - pmid * m[1];
        }
        if (t % 97 == 0) { m[2] = 0; m[5] = 0; }                               // 1/0 on every pixel: inf, NaN
        if (t % 89 == 0) { m[2] = 0.01; m[5] = -(pmid + 0.5) * 0.01 + 0; }     // the denominator crosses 0 in the row
        if (t % 50 == 0) x0 += (int64_t)1 << 31;                                 // past the 32-bit lanes: the portable loop
        for (int32_t i = 0; i < n; i++) { expect[i] = ref_mapped_sample(mask, w, h, m, x0 + i); inside += expect[i] != 0; }
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            memset(got, 0xA5, sizeof got);
            lamina_sample_mask_mapped_row(got, mask, w, h, m[0], m[1], m[2], m[3], m[4], m[5], x0, n);
            char what[200];
            snprintf(what, sizeof what, "mask %dx%d, map %.6g %.6g %.6g %.6g %.6g %.6g, x0 %lld, %d px", w, h, m[0], m[1], m[2], m[3], m[4],
                     m[5], (long long)x0, n);
            current = "lamina_sample_mask_mapped_row";
            check(memcmp(got, expect, (size_t)n) == 0 && got[n] == 0xA5, levels[li].name, what);
        }
    }
    current = "lamina_sample_mask_mapped_row: the cases reach the masks";
    if (inside <= 8000) fprintf(stderr, "non-zero samples: %ld\n", inside);
    check(inside > 8000, "test", "non-zero samples");
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
    munmap(area, span + 2 * (size_t)page);
}

// lamina_copy_rect: the rectangle's bytes, and nothing around them, at every level; small copies
// and copies past LAMINA_COPY_STREAMING_BYTES (streaming stores), destinations at every alignment
// of a word and pitches that are not whole vectors.
void test_copy_rect(void) {
    const int32_t shapes[][2] = { { 1, 1 }, { 7, 3 }, { 17, 5 }, { 64, 9 }, { 33, 2 }, { 700, 400 }, { 1031, 260 }, { 2880, 96 } };
    for (int si = 0; si < 8; si++)
        for (int t = 0; t < 3; t++) {
            int32_t w = shapes[si][0], h = shapes[si][1];
            intptr_t srcStride = w + irand(0, 9), dstPitchWords = w + irand(0, 21);
            int32_t lead = irand(0, 17);   // words before the rectangle: every alignment of a vector
            size_t words = (size_t)(lead + dstPitchWords * h + 8);
            uint32_t *src = malloc(sizeof(uint32_t) * (size_t)(srcStride * h));
            uint32_t *before = malloc(sizeof(uint32_t) * words), *want = malloc(sizeof(uint32_t) * words), *got = malloc(sizeof(uint32_t) * words);
            for (intptr_t i = 0; i < srcStride * h; i++) src[i] = any_pixel();
            for (size_t i = 0; i < words; i++) before[i] = any_pixel();
            memcpy(want, before, sizeof(uint32_t) * words);
            for (int32_t y = 0; y < h; y++)
                for (int32_t x = 0; x < w; x++) want[lead + y * dstPitchWords + x] = src[y * srcStride + x];
            for (int li = 0; li < level_count; li++) {
                use_level(&levels[li]);
                memcpy(got, before, sizeof(uint32_t) * words);
                lamina_copy_rect(got + lead, dstPitchWords * 4, src, srcStride, w, h);
                char what[160];
                snprintf(what, sizeof what, "%dx%d, strides %ld/%ld words, dst +%d words", w, h, (long)srcStride, (long)dstPitchWords, lead);
                current = "lamina_copy_rect";
                check(memcmp(got, want, sizeof(uint32_t) * words) == 0, levels[li].name, what);
            }
            free(src); free(before); free(want); free(got);
        }
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
}
