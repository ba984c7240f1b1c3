// Shadow planes: a group's alpha as floats, a reduced row sampled between its columns, two rows
// mixed. The expected values are worked out with each single-precision operation rounded on its own
// (volatile), as the Swift loops they replace compute them.
#include "kernel_tests.h"

static uint32_t float_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

void test_alpha_row(void) {
    static uint32_t masks[MAXN];
    for (int si = 0; si < NSIZES; si++)
        for (int withMask = 0; withMask < 2; withMask++) {
            int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t *src = src_block + irand(0, 15);
            for (int32_t i = 0; i < n; i++) {
                src[i] = chance(0.2) ? 0 : chance(0.2) ? 0xFF000000u | (uint32_t)irand(0, 0xFFFFFF) : any_pixel();
                masks[i] = chance(0.3) ? 0xFF000000u : any_pixel();
                volatile float a = (float)(src[i] >> 24);
                a = a / 255.0f;
                if (withMask) {
                    volatile float m = (float)(masks[i] >> 24);
                    m = m / 255.0f;
                    a = a * m;
                }
                want[i] = float_bits(a);
                input[i] = 0x5A5A5A5Au;
            }
            LABEL("lamina_alpha_row (%d px, %s)", n, withMask ? "masked" : "no mask");
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_alpha_row((float *)out, src, withMask ? masks : NULL, n));
        }
}

void test_sample_between(void) {
    static float row[MAXN + 2], left[MAXN], next[MAXN];
    static int32_t index[MAXN];
    for (int si = 0; si < NSIZES; si++)
        for (int t = 0; t < 3; t++) {
            int32_t n = sizes[si], misalign = irand(0, 15), w = irand(1, 200);
            for (int32_t j = 0; j < w + 2; j++) row[j] = chance(0.2) ? 0.0f : (float)drand(0, 1.05);
            for (int32_t i = 0; i < n; i++) {
                index[i] = t == 0 ? (int32_t)((int64_t)i * w / (n > 0 ? n : 1)) : irand(0, w);
                left[i] = (float)drand(0, 1);
                next[i] = t == 2 ? (float)drand(0, 1) : 1.0f - left[i];
                volatile float a = row[index[i]] * left[i], b = row[index[i] + 1] * next[i];
                volatile float s = a + b;
                want[i] = float_bits(s);
                input[i] = 0x5A5A5A5Au;
            }
            LABEL("lamina_sample_between (%d px from %d, trial %d)", n, w, t);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_sample_between((float *)out, row, index, left, next, n));
        }
}

void test_mix_rows(void) {
    static float a[MAXN], b[MAXN];
    for (int si = 0; si < NSIZES; si++) {
        int32_t n = sizes[si], misalign = irand(0, 15);
        float wb = (float)drand(0, 1), wa = chance(0.5) ? 1.0f - wb : (float)drand(0, 1);
        for (int32_t i = 0; i < n; i++) {
            a[i] = chance(0.2) ? 0.0f : (float)drand(0, 1.05);
            b[i] = (float)drand(0, 1.05);
            volatile float x = a[i] * wa, y = b[i] * wb;
            volatile float s = x + y;
            want[i] = float_bits(s);
            input[i] = 0x5A5A5A5Au;
        }
        LABEL("lamina_mix_rows (%d px, weights %g, %g)", n, wa, wb);
        AT_EVERY_LEVEL(n, input, want, misalign, lamina_mix_rows((float *)out, a, b, wa, wb, n));
    }
}

// A row's alpha added into a plane reduced by 1, 2, 4, 8 and 16 (the blocks' sums continuing the
// plane's values, as earlier rows left them), from pixels x0 ..< x1 at an offset: partial blocks at
// both ends and runs of whole blocks.
void test_reduce_alpha_row(void) {
    for (int si = 0; si < NSIZES; si++)
        for (int32_t shift = 0; shift <= 4; shift++) {
            const int32_t n = sizes[si], misalign = irand(0, 15);
            uint32_t *src = src_block + irand(0, 15);
            for (int32_t i = 0; i < n; i++) src[i] = chance(0.2) ? 0 : chance(0.3) ? 0xFF000000u : any_pixel();
            const int32_t x0 = n > 0 ? irand(0, n / 3) : 0, x1 = n > 0 ? irand(x0, n) : 0, ox = irand(0, 20);
            const float share = 1.0f / (float)(1 << (2 * shift));
            // The plane: the blocks x0 ..< x1 reach (at least one value).
            const int32_t planeN = x1 > x0 ? ((x1 - 1 + ox) >> shift) + 1 : 1;
            static float plane[MAXN];
            for (int32_t j = 0; j < planeN; j++) {
                plane[j] = chance(0.3) ? 0.0f : (float)drand(0, 0.9);
                input[j] = float_bits(plane[j]);
            }
            for (int32_t x = x0; x < x1; x++) {
                volatile float v = (float)(src[x] >> 24);
                v = v / 255.0f;
                v = v * share;
                volatile float sum = plane[(x + ox) >> shift] + v;
                plane[(x + ox) >> shift] = sum;
            }
            for (int32_t j = 0; j < planeN; j++) want[j] = float_bits(plane[j]);
            LABEL("lamina_reduce_alpha_row (%d..<%d of %d px, offset %d, factor %d)", x0, x1, n, ox, 1 << shift);
            AT_EVERY_LEVEL(planeN, input, want, misalign, lamina_reduce_alpha_row((float *)out, src, x0, x1, ox, shift, share));
        }
}

// A reduced shadow plane's two sampled rows mixed and blended in one pass: the blend of the mixed
// coverage (worked out as lamina_mix_rows rounds it), for colours, opacities and weights of all
// kinds, rows with runs of no coverage.
void test_over_solid_mix(void) {
    static float a[MAXN], b[MAXN];
    const float ops[] = { 1.0f, 0.6f, 0.37f };
    for (int si = 0; si < NSIZES; si++)
        for (int ci = 0; ci < 9; ci++) {
            const int32_t n = sizes[si], misalign = irand(0, 15);
            // Transparent (nothing changes), a shadow's black, opaque, faint, grey, any; black
            // opaque, faint and of any alpha (the black path).
            const uint32_t colors[] = { 0, 0x99000000u, 0xFF123456u, 0x01000001u, 0x80404040u, premultiplied_pixel(),
                                        0xFF000000u, 0x01000000u, (uint32_t)irand(1, 255) << 24 };
            const uint32_t color = colors[ci];
            const float op = ci < 3 ? ops[ci] : (float)drand(0, 1);
            const float wb = (float)drand(0, 1), wa = chance(0.5) ? 1.0f - wb : (float)drand(0, 1);
            for (int32_t i = 0; i < n; i++) {
                const int r = irand(0, 9);
                a[i] = r <= 2 ? 0.0f : r == 3 ? 1.0f : (float)drand(0, 1.05);
                b[i] = r <= 2 ? 0.0f : (float)drand(0, 1.05);
                if (i >= 16 && i < 40) a[i] = b[i] = 0.0f;
                input[i] = any_pixel();
                volatile float x = a[i] * wa, y = b[i] * wb;
                volatile float c = x + y;
                const uint32_t k = color ? ref_k(c, op) : 0;
                want[i] = k ? ref_over(input[i], color, k) : input[i];
            }
            LABEL("lamina_over_solid_mix (%d px, colour %08x, op %g, weights %g, %g)", n, color, (double)op, (double)wa, (double)wb);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid_mix(out, color, a, b, wa, wb, op, n));
        }
}

// A placed blur (lamina_box_blur_placed) whose row passes skip the rows no value has reached yet:
// the bits of placing the source in a zero plane and running lamina_box_blur_passes over every
// row, then converting, at every level, with its scratch planes full of garbage on entry (their
// contents are documented unused), radii of 0, past 511 (skipped) and none at all.
void test_box_blur_placed_rows(void) {
    enum { MAXW = 90, MAXH = 70 };
    static float src[MAXW * MAXH], got[MAXW * MAXH], want[MAXW * MAXH];
    static int32_t a[MAXW * MAXH], tmp[MAXW * MAXH], ref[MAXW * MAXH], rtmp[MAXW * MAXH], sums[MAXW + 1];
    for (int trial = 0; trial < 300; trial++) {
        const int32_t w = irand(1, MAXW), h = irand(1, MAXH);
        const int32_t sw = irand(0, w), sh = irand(0, h), ox = irand(0, w - sw), oy = irand(0, h - sh);
        for (int32_t i = 0; i < sw * sh; i++) src[i] = chance(0.1) ? 0.0f : chance(0.05) ? 1.5f : (float)drand(0, 1);
        int32_t radii[3], n = irand(0, 3);
        for (int32_t k = 0; k < n; k++) radii[k] = chance(0.05) ? 600 : chance(0.05) ? 0 : irand(1, 20);
        for (int l = 0; l < level_count; l++) {
            use_level(&levels[l]);
            // The reference: placed in a zero plane, every row of every pass.
            memset(ref, 0, sizeof(ref));
            for (int32_t y = 0; y < sh; y++)
                for (int32_t x = 0; x < sw; x++) {
                    float v = src[y * sw + x], c = 1.0f < v ? 1.0f : v;
                    c = c >= 0.0f ? c : 0.0f;
                    ref[(y + oy) * w + x + ox] = (int32_t)(c * 65535.0f + 0.5f);
                }
            lamina_box_blur_passes(ref, rtmp, sums, w, h, radii, n);
            for (int32_t i = 0; i < w * h; i++) want[i] = (float)ref[i] * (1.0f / 65535.0f);
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); }
            lamina_box_blur_placed(src, sw, sh, ox, oy, got, a, tmp, sums, w, h, radii, n);
            int ok = 1;
            for (int32_t i = 0; i < w * h; i++) ok &= float_bits(got[i]) == float_bits(want[i]);
            char what[160];
            snprintf(what, sizeof what, "%dx%d plane, source %dx%d at (%d, %d), %d radii", w, h, sw, sh, ox, oy, n);
            current = "lamina_box_blur_placed (rows skipped)";
            check(ok, levels[l].name, what);
        }
    }
}

// lamina_box_blur_placed in stages (place_rows, row_pass, column_pass, from_fixed) on parts of the
// plane cut at random, run in a shuffled order within each stage as threads would: the bits of the
// whole call, at every level, with garbage in the scratch planes on entry.
void test_box_blur_staged(void) {
    enum { MAXW = 90, MAXH = 70 };
    static float src[MAXW * MAXH], got[MAXW * MAXH], want[MAXW * MAXH];
    static int32_t a[MAXW * MAXH], tmp[MAXW * MAXH], sums[MAXW + 1];
    for (int trial = 0; trial < 300; trial++) {
        const int32_t w = irand(1, MAXW), h = irand(1, MAXH);
        const int32_t sw = irand(0, w), sh = irand(0, h), ox = irand(0, w - sw), oy = irand(0, h - sh);
        for (int32_t i = 0; i < sw * sh; i++) src[i] = chance(0.1) ? 0.0f : chance(0.05) ? 1.5f : (float)drand(0, 1);
        int32_t radii[3], n = irand(1, 3), live[6];
        for (int32_t k = 0; k < n; k++) radii[k] = chance(0.1) ? 0 : irand(1, 24);
        // Parts: up to four cuts of the rows and of the columns.
        int32_t parts = irand(1, 5);
        for (int l = 0; l < level_count; l++) {
            use_level(&levels[l]);
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); }
            lamina_box_blur_placed(src, sw, sh, ox, oy, want, a, tmp, sums, w, h, radii, n);
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); sums[i % (MAXW + 1)] = (int32_t)next64(); }
            lamina_box_blur_live_rows(h, radii, n, oy, sh, live);
            // Each stage's parts in reverse order (a later part first).
            for (int32_t p = parts - 1; p >= 0; p--) lamina_box_blur_place_rows(src, sw, ox, oy, a, w, sh * p / parts, sh * (p + 1) / parts);
            for (int32_t k = 0; k < n; k++) {
                for (int32_t p = parts - 1; p >= 0; p--)
                    lamina_box_blur_row_pass(a, tmp, w, radii[k], live[2 * k], live[2 * k + 1], h * p / parts, h * (p + 1) / parts);
                for (int32_t p = parts - 1; p >= 0; p--)
                    lamina_box_blur_column_pass(tmp, a, sums, w, h, radii[k], w * p / parts, w * (p + 1) / parts);
            }
            for (int32_t p = parts - 1; p >= 0; p--) {
                const int32_t y0 = h * p / parts, y1 = h * (p + 1) / parts;
                lamina_box_blur_from_fixed(got + (intptr_t)y0 * w, a + (intptr_t)y0 * w, (intptr_t)(y1 - y0) * w);
            }
            int ok = 1;
            for (int32_t i = 0; i < w * h; i++) ok &= float_bits(got[i]) == float_bits(want[i]);
            char what[160];
            snprintf(what, sizeof what, "%dx%d plane, source %dx%d at (%d, %d), %d radii, %d parts", w, h, sw, sh, ox, oy, n, parts);
            current = "lamina_box_blur stages";
            check(ok, levels[l].name, what);
        }
    }
}

// lamina_box_blur_passes at every level against the portable passes: radii over 0...511 (the
// widest boxes, with the largest sums: planes of 65535 next to random ones), rows both narrower and
// wider than the boxes. The vector means divide by one multiply (box_divisor), the portable by a
// 40-bit one: the same quotients.
void test_box_blur_levels(void) {
    enum { MAXW = 300, MAXH = 40 };
    static int32_t src[MAXW * MAXH], ref[MAXW * MAXH], got[MAXW * MAXH], tmp[MAXW * MAXH], sums[MAXW + 1];
    const Level *portable = NULL;
    for (int l = 0; l < level_count; l++) if (strcmp(levels[l].name, "portable") == 0) portable = &levels[l];
    for (int trial = 0; trial < 400; trial++) {
        const int32_t w = irand(1, MAXW), h = irand(1, MAXH);
        const int full = chance(0.3);
        for (int32_t i = 0; i < w * h; i++) src[i] = full || chance(0.3) ? 65535 : irand(0, 65535);
        int32_t radii[3], n = irand(1, 3);
        for (int32_t k = 0; k < n; k++) radii[k] = chance(0.2) ? 511 - irand(0, 3) : chance(0.3) ? irand(0, 8) : irand(0, 511);
        use_level(portable);
        memcpy(ref, src, sizeof(int32_t) * (size_t)(w * h));
        lamina_box_blur_passes(ref, tmp, sums, w, h, radii, n);
        for (int l = 0; l < level_count; l++) {
            use_level(&levels[l]);
            memcpy(got, src, sizeof(int32_t) * (size_t)(w * h));
            lamina_box_blur_passes(got, tmp, sums, w, h, radii, n);
            char what[160];
            snprintf(what, sizeof what, "%dx%d plane%s, radii %d %d %d", w, h, full ? " of 65535" : "", radii[0], n > 1 ? radii[1] : -1, n > 2 ? radii[2] : -1);
            current = "lamina_box_blur_passes against portable";
            check(memcmp(got, ref, sizeof(int32_t) * (size_t)(w * h)) == 0, levels[l].name, what);
        }
    }
}

// lamina_box_blur_placed's mirrored blur (a plane mirror-symmetric left-right and/or top-bottom:
// only its half or quarter made, then mirrored) against the whole blur (mirroring turned off), at
// every level, bit for bit: seeded sources mirrored along one, both or no axes (some with one value
// changed, so not mirrored after all), odd and even sizes, radii up to wider than the plane, the
// scratch planes filled with noise first; and with the plane as its own source (as BoxBlur.blur).
void test_box_blur_mirrored(void) {
    enum { MAXW = 160, MAXH = 120 };
    static float src[MAXW * MAXH], got[MAXW * MAXH], want[MAXW * MAXH], self[MAXW * MAXH];
    static int32_t a[MAXW * MAXH], tmp[MAXW * MAXH], sums[MAXW + 1];
    int mirrored = 0;
    for (int trial = 0; trial < 400; trial++) {
        const int32_t sw = irand(1, 100), sh = irand(1, 80);
        const int32_t ox = chance(0.1) ? 0 : irand(0, 30), oy = chance(0.1) ? 0 : irand(0, 20);
        const int32_t w = sw + 2 * ox + (chance(0.1) ? 1 : 0), h = sh + 2 * oy + (chance(0.1) ? 1 : 0);
        const int mx = chance(0.8), my = chance(0.8);
        // A rounded-rectangle-like coverage (solid inside, ramps at the edges) or random values.
        const int solid = chance(0.6);
        for (int32_t y = 0; y < sh; y++)
            for (int32_t x = 0; x < sw; x++) {
                const int32_t qx = mx && x >= (sw + 1) / 2 ? sw - 1 - x : x, qy = my && y >= (sh + 1) / 2 ? sh - 1 - y : y;
                float v;
                if (qx != x || qy != y) v = src[qy * sw + qx];
                else if (solid) {
                    const float ex = qx < 4 ? (float)(qx + 1) / 5 : 1, ey = qy < 3 ? (float)(qy + 1) / 4 : 1;
                    v = chance(0.02) ? 1.5f : ex * ey;
                } else v = chance(0.1) ? 0.0f : chance(0.03) ? -0.0f : (float)drand(0, 1);
                src[y * sw + x] = v;
            }
        if (chance(0.1)) src[irand(0, sw * sh - 1)] = (float)drand(0, 1);   // breaks the mirror (mostly)
        int32_t radii[3], n = irand(1, 3);
        for (int32_t k = 0; k < n; k++) radii[k] = chance(0.1) ? 0 : chance(0.2) ? irand(40, 140) : irand(1, 20);
        if (chance(0.05)) radii[irand(0, n - 1)] = 600;   // out of range: skipped
        const int32_t axes = lamina_box_blur_mirrors(src, sw, sh, ox, oy, w, h);
        mirrored += axes != 0;
        for (int l = 0; l < level_count; l++) {
            use_level(&levels[l]);
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); }
            lamina_box_blur_set_mirroring(0);
            lamina_box_blur_placed(src, sw, sh, ox, oy, want, a, tmp, sums, w, h, radii, n);
            lamina_box_blur_set_mirroring(1);
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); got[i] = -7; }
            lamina_box_blur_placed(src, sw, sh, ox, oy, got, a, tmp, sums, w, h, radii, n);
            int ok = 1;
            for (int32_t i = 0; i < w * h; i++) ok &= float_bits(got[i]) == float_bits(want[i]);
            // The plane as its own source, placed at (0, 0).
            for (int32_t i = 0; i < w * h; i++) self[i] = 0;
            for (int32_t y = 0; y < sh; y++) for (int32_t x = 0; x < sw; x++) self[(y + oy) * w + x + ox] = src[y * sw + x];
            for (int32_t i = 0; i < w * h; i++) { a[i] = (int32_t)next64(); tmp[i] = (int32_t)next64(); }
            lamina_box_blur_placed(self, w, h, 0, 0, self, a, tmp, sums, w, h, radii, n);
            for (int32_t i = 0; i < w * h; i++) ok &= float_bits(self[i]) == float_bits(want[i]);
            char what[200];
            snprintf(what, sizeof what, "%dx%d plane, source %dx%d at (%d, %d), axes %d, radii %d %d %d (%d)", w, h, sw, sh, ox, oy, axes,
                     radii[0], n > 1 ? radii[1] : -1, n > 2 ? radii[2] : -1, n);
            current = "lamina_box_blur_placed mirrored";
            check(ok, levels[l].name, what);
        }
    }
    current = "lamina_box_blur_mirrors found mirrored planes";
    check(mirrored > 200, "any", "too few mirrored planes among the trials");
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
}
