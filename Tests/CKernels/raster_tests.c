// The cell rasteriser (raster.c): the row sweep and whole polygons.
#include "kernel_tests.h"
// The edge setup kernel is internal to CPixelKernels (linked statically here).
#include "../../Sources/CPixelKernels/kernels_internal.h"

// ---- the cell rasteriser (raster.c) ----------------------------------------------------------------

/// The coverage of a running sum, as CPixelKernels.h describes lamina_raster_sweep_row.
static float ref_sum_coverage(int32_t s, int evenOdd) {
    int64_t a = s < 0 ? -(int64_t)s : (int64_t)s, one = LAMINA_RASTER_ONE;
    if (evenOdd) { a %= 2 * one; if (a > one) a = 2 * one - a; }
    else if (a > one) a = one;
    return (float)((double)a / (double)one);
}

void test_raster_sweep(void) {
    static int32_t cells[MAXN + 16], work[MAXN + 16];
    static float cov[MAXN + 16], want_cov[MAXN];
    for (int si = 0; si < NSIZES; si++)
        for (int evenOdd = 0; evenOdd < 2; evenOdd++) {
            int32_t n = sizes[si];
            for (int32_t i = 0; i < n; i++) {
                int r = irand(0, 4);
                cells[i] = r == 0 ? 0 : r == 1 ? irand(-LAMINA_RASTER_ONE, LAMINA_RASTER_ONE) : r == 2 ? (int32_t)next64()
                         : irand(-3 * LAMINA_RASTER_ONE, 3 * LAMINA_RASTER_ONE);
            }
            int32_t start = irand(-4 * LAMINA_RASTER_ONE, 4 * LAMINA_RASTER_ONE);
            uint32_t s = (uint32_t)start;
            for (int32_t i = 0; i < n; i++) { s += (uint32_t)cells[i]; want_cov[i] = ref_sum_coverage((int32_t)s, evenOdd); }
            LABEL("lamina_raster_sweep_row (%d cells, %s)", n, evenOdd ? "even-odd" : "non-zero");
            for (int li = 0; li < level_count; li++) {
                use_level(&levels[li]);
                memcpy(work, cells, sizeof(int32_t) * (size_t)n);
                for (int32_t i = 0; i < n + 16; i++) cov[i] = -1.0f;
                work[n] = 12345;
                int32_t last = lamina_raster_sweep_row(work, cov, n, start, evenOdd);
                int ok = last == (int32_t)s && work[n] == 12345 && cov[n] == -1.0f;
                for (int32_t i = 0; i < n; i++) ok &= work[i] == 0 && cov[i] == want_cov[i];
                check(ok, levels[li].name, "sums, cleared cells or coverage wrong, or written past the row");
            }
        }
}

/// Random polygons rasterised at every level give the portable level's coverage exactly, and
/// a triangle's coverage sums to its area (shoelace formula) within 4/65536 a pixel of its box.
void test_raster_coverage(void) {
    static double xy[2 * 16];
    static float got[64 * 48], first[64 * 48];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int trial = 0; trial < 300; trial++) {
        int32_t n = irand(3, 14), evenOdd = trial & 1;
        double area = 0;
        for (int32_t i = 0; i < n; i++) { xy[2 * i] = drand(-6, 70); xy[2 * i + 1] = drand(-6, 54); }
        for (int32_t i = 0; i < n; i++) {
            int32_t j = (i + 1) % n;
            area += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
        }
        int32_t box[4];
        LABEL("lamina_raster_coverage (trial %d, %d points)", trial, n);
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            lamina_raster_reset(r);
            check(lamina_raster_add_contour(r, xy, n) == 1, levels[li].name, "contour added");
            lamina_raster_bounds(r, evenOdd, 0, 64, 0, 48, box);
            check(lamina_raster_coverage(r, evenOdd, 0, 64, 0, 48, got) == 0, levels[li].name, "rasterised");
            size_t count = (size_t)box[2] * (size_t)box[3];
            if (li == 0) memcpy(first, got, count * sizeof(float));
            else check(memcmp(first, got, count * sizeof(float)) == 0, levels[li].name, "coverage equals the portable level's");
        }
        // A triangle inside the target: coverage sums to its area, within 4/65536 a pixel of its
        // box (edges are stepped in fixed point, cells in 1/65536 of a pixel: the largest
        // difference from the exact area test_raster_exact_area prints is about 3/65536).
        if (n == 3 && box[0] > 0 && box[1] > 0 && box[0] + box[2] < 64 && box[1] + box[3] < 48) {
            double sum = 0;
            for (int32_t i = 0; i < box[2] * box[3]; i++) sum += got[i];
            check(fabs(sum - fabs(area) / 2) < 4.0 / 65536 * box[2] * box[3], "-", "a triangle's coverage sums to its area");
        }
    }
    lamina_raster_destroy(r);
}

/// splitmix64's output function (test_raster_pinned_cells' own generator).
static uint64_t pin_mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// FNV-1a over `n` bytes at `p`, continuing from `hash` (how the pinned tests hash coverage and pixels).
static uint64_t pin_fnv(uint64_t hash, const void *p, size_t n) {
    const unsigned char *bytes = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++) hash = (hash ^ bytes[i]) * 1099511628211ull;
    return hash;
}

/// One trial of the pinned contour tests: contour `xy` (n points) rasterised into columns
/// [cx0, cx1) and rows [ry0, ry1) of a target `stride` pixels wide, its coverage hashed into `hash`,
/// then filled into `pixels` with a colour and opacity drawn from `seed` (alpha 255 one time in
/// three, else alphaBase + a draw below alphaSpan). 0 when the rasteriser refused.
static int pin_trial(LaminaRaster *r, const double *xy, int32_t n, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1,
                     float *got, uint32_t *pixels, int32_t stride, uint64_t *seed, uint32_t alphaBase, uint32_t alphaSpan, uint64_t *hash) {
    #define PIN_NEXT() (*seed += 0x9E3779B97F4A7C15ull, pin_mix(*seed))
    lamina_raster_reset(r);
    lamina_raster_add_contour(r, xy, n);
    int32_t box[4];
    lamina_raster_bounds(r, evenOdd, cx0, cx1, ry0, ry1, box);
    if (lamina_raster_coverage(r, evenOdd, cx0, cx1, ry0, ry1, got) != 0) return 0;
    *hash = pin_fnv(*hash, got, (size_t)box[2] * (size_t)box[3] * sizeof(float));
    const uint32_t alpha = PIN_NEXT() % 3 == 0 ? 255u : alphaBase + (uint32_t)(PIN_NEXT() % alphaSpan);
    uint32_t color = alpha << 24;
    for (int s = 0; s < 24; s += 8) color |= (uint32_t)(PIN_NEXT() % (alpha + 1)) << s;
    const float op = PIN_NEXT() % 2 ? 1.0f : (float)(0.05 + 0.9 * ((double)(PIN_NEXT() >> 11) / 9007199254740992.0));
    #undef PIN_NEXT
    lamina_raster_reset(r);
    lamina_raster_add_contour(r, xy, n);
    return lamina_raster_fill_solid(r, evenOdd, cx0, cx1, ry0, ry1, cx0, cx1, pixels, stride, 0, 0, color, op) == 0;
}

/// The cells the rasteriser adds, pinned bit for bit: the coverage of 400 seeded polygons (own
/// generator, so other tests' draws do not move them), many edges nearly flat across dozens of
/// columns and some leaving the columns, both rules, hashed (FNV-1a over the floats' bits) at every
/// level. The expected hash was recorded from the rasteriser before the column loop stepped its x
/// as a double (commit 531564d): a change in how a column's share is worked out moves it, even by
/// 1/65536 of a pixel, which the area tests' tolerance would let through.
void test_raster_pinned_cells(void) {
    enum { W = 256, H = 64 };
    static double xy[2 * 12];
    static float got[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int li = 0; li < level_count; li++) {
        use_level(&levels[li]);
        uint64_t seed = 0x5EED5EEDull, hash = 1469598103934665603ull;
        #define PIN_NEXT() (seed += 0x9E3779B97F4A7C15ull, pin_mix(seed))
        for (int trial = 0; trial < 400; trial++) {
            int32_t n = 3 + (int32_t)(PIN_NEXT() % 10), evenOdd = trial & 1;
            for (int32_t i = 0; i < n; i++) {
                xy[2 * i] = -20.0 + (double)(PIN_NEXT() >> 11) / 9007199254740992.0 * (W + 40);
                // Rows close together: edges that cross many columns in a row.
                xy[2 * i + 1] = (trial % 3 == 0 ? 0.0 : 20.0) + (double)(PIN_NEXT() >> 11) / 9007199254740992.0 * (trial % 3 == 0 ? H : 6);
            }
            lamina_raster_reset(r);
            lamina_raster_add_contour(r, xy, n);
            int32_t box[4];
            lamina_raster_bounds(r, evenOdd, 0, W, 0, H, box);
            if (lamina_raster_coverage(r, evenOdd, 0, W, 0, H, got) != 0) { hash = 0; break; }
            const unsigned char *bytes = (const unsigned char *)got;
            for (size_t i = 0; i < (size_t)box[2] * (size_t)box[3] * sizeof(float); i++) hash = (hash ^ bytes[i]) * 1099511628211ull;
        }
        #undef PIN_NEXT
        LABEL("the pinned cells (hash %016llx)", (unsigned long long)hash);
        check(hash == 0x044e4037affdbcbaull, levels[li].name, "the coverage of the seeded polygons, bit for bit, as recorded");
    }
    lamina_raster_destroy(r);
}

/// The coverage and the solid fills of seeded star-like contours, pinned bit for bit at every
/// level: closed polygons of many short edges at every slope (most crossing one or two columns in
/// a row: the rows accumulate_row takes without its column loop), some pushed past the columns,
/// both rules, opaque and translucent colours and opacities below 1, hashed (FNV-1a over the
/// coverage floats' bits, then over the filled pixels). The expected hash was recorded from the
/// rasteriser as it was before accumulate_row took one- and two-column rows without a branch
/// (commit ad5e676): any change in a cell's value, or in the pixels a fill blends, moves it.
void test_raster_pinned_stars(void) {
    enum { W = 200, H = 120, P = 96 };
    static double xy[2 * P];
    static float got[W * H];
    static uint32_t pixels[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int li = 0; li < level_count; li++) {
        use_level(&levels[li]);
        uint64_t seed = 0x57A25EEDull, hash = 1469598103934665603ull;
        #define PIN_NEXT() (seed += 0x9E3779B97F4A7C15ull, pin_mix(seed))
        #define PIN_UNIT() ((double)(PIN_NEXT() >> 11) / 9007199254740992.0)
        for (int32_t i = 0; i < W * H; i++) pixels[i] = 0xFF404040u;
        for (int trial = 0; trial < 300; trial++) {
            const int32_t points = 5 + (int32_t)(PIN_NEXT() % 5), n = points * 2 + (int32_t)(PIN_NEXT() % (P - 2 * points));
            const int32_t evenOdd = trial & 1;
            const double radius = 4 + PIN_UNIT() * 70, cx = -10 + PIN_UNIT() * (W + 20), cy = -10 + PIN_UNIT() * (H + 20);
            const double a0 = PIN_UNIT() * 6.283185307179586, turns = (double)(points / 2);
            // A star traced as a polygon of n points: the angle runs `turns` times round (so the
            // contour crosses itself), the radius wobbles between 0.55 and 1.
            for (int32_t i = 0; i < n; i++) {
                double t = (double)i / n, a = a0 + t * turns * 6.283185307179586;
                double rr = radius * (0.55 + 0.45 * fabs(cos(t * points * 3.141592653589793)) + 0.02 * PIN_UNIT());
                xy[2 * i] = cx + rr * cos(a);
                xy[2 * i + 1] = cy + rr * sin(a);
            }
            if (!pin_trial(r, xy, n, evenOdd, 0, W, 0, H, got, pixels, W, &seed, 40, 200, &hash)) { hash = 0; break; }
        }
        hash = pin_fnv(hash, pixels, sizeof pixels);
        #undef PIN_UNIT
        #undef PIN_NEXT
        LABEL("the pinned stars (hash %016llx)", (unsigned long long)hash);
        check(hash == 0xc834b0d0eef9d873ull, levels[li].name, "the coverage and fills of the seeded stars, bit for bit, as recorded");
    }
    lamina_raster_destroy(r);
}

/// The coverage and the solid fills of seeded thin strokes, pinned bit for bit at every level:
/// polylines of short segments (the edges of a stroked curve, most inside one or two columns in a
/// row) outlined at widths from 0.2 to 3 pixels, some of their segments vertical, horizontal or
/// sub-pixel, and some very long (across the target and past it, or past 2^28 pixels: the double
/// path); both rules, opaque and translucent colours, opacities below 1, drawn both in the whole
/// target and in a band of rows (the band's edges start at their fixed-point x), hashed as in
/// test_raster_pinned_stars. The expected hash was recorded from the rasteriser before the
/// accumulation and the blend of the chunks were reworked (main 9e043f9): any change in a cell's
/// value or in a pixel moves it.
void test_raster_pinned_strokes(void) {
    enum { W = 240, H = 140, P = 48 };
    static double xy[4 * P];
    static float got[W * H];
    static uint32_t pixels[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int li = 0; li < level_count; li++) {
        use_level(&levels[li]);
        uint64_t seed = 0x5720CE5Dull, hash = 1469598103934665603ull;
        #define PIN_NEXT() (seed += 0x9E3779B97F4A7C15ull, pin_mix(seed))
        #define PIN_UNIT() ((double)(PIN_NEXT() >> 11) / 9007199254740992.0)
        for (int32_t i = 0; i < W * H; i++) pixels[i] = 0xFF302010u;
        for (int trial = 0; trial < 400; trial++) {
            const int32_t n = 2 + (int32_t)(PIN_NEXT() % (P - 1)), evenOdd = trial & 1;
            const double width = PIN_NEXT() % 4 == 0 ? 0.2 + 0.6 * PIN_UNIT() : 0.8 + 2.2 * PIN_UNIT();
            // The centre line: a walk of steps 0.3-6 pixels; a step is sometimes vertical,
            // horizontal, sub-pixel or very long.
            double px = -10 + PIN_UNIT() * (W + 20), py = -10 + PIN_UNIT() * (H + 20), heading = PIN_UNIT() * 6.283185307179586;
            double cx[P], cy[P];
            for (int32_t i = 0; i < n; i++) {
                cx[i] = px; cy[i] = py;
                const uint64_t kind = PIN_NEXT() % 16;
                double len = 0.3 + 5.7 * PIN_UNIT();
                heading += (PIN_UNIT() - 0.5) * 1.2;
                double dx = cos(heading) * len, dy = sin(heading) * len;
                if (kind == 0) dx = 0;                                   // vertical
                else if (kind == 1) dy = 0;                              // horizontal
                else if (kind == 2) { dx *= 0.05; dy *= 0.05; }          // inside a pixel
                else if (kind == 3) { dx *= 60; dy *= 60; }              // across the target
                else if (kind == 4 && trial % 8 == 0) { dx *= 1e8; }     // past 2^28 pixels
                px += dx; py += dy;
            }
            // The outline: the centre line offset by ±width/2 along each segment's normal.
            for (int32_t i = 0; i < n; i++) {
                int32_t a = i > 0 ? i - 1 : 0, b = i > 0 ? i : 1;
                double tx = cx[b] - cx[a], ty = cy[b] - cy[a], l = sqrt(tx * tx + ty * ty);
                if (!(l > 0)) { tx = 1; ty = 0; l = 1; }
                double nx = -ty / l * width / 2, ny = tx / l * width / 2;
                xy[2 * i] = cx[i] + nx; xy[2 * i + 1] = cy[i] + ny;
                xy[2 * (2 * n - 1 - i)] = cx[i] - nx; xy[2 * (2 * n - 1 - i) + 1] = cy[i] - ny;
            }
            const int32_t band = trial % 3 == 2, ry0 = band ? (int32_t)(PIN_NEXT() % (H / 2)) : 0, ry1 = band ? ry0 + 1 + (int32_t)(PIN_NEXT() % (H / 2)) : H;
            if (!pin_trial(r, xy, 2 * n, evenOdd, 0, W, ry0, ry1, got, pixels, W, &seed, 30, 220, &hash)) { hash = 0; break; }
        }
        hash = pin_fnv(hash, pixels, sizeof pixels);
        #undef PIN_UNIT
        #undef PIN_NEXT
        LABEL("the pinned strokes (hash %016llx)", (unsigned long long)hash);
        check(hash == 0x5511e055c3c278f6ull, levels[li].name, "the coverage and fills of the seeded strokes, bit for bit, as recorded");
    }
    lamina_raster_destroy(r);
}

/// The coverage and the solid fills of seeded tall contours of steep edges, pinned bit for bit at
/// every level: each contour goes down one side and back up the other in steps of 1-60 rows, each
/// step's x changing by up to 1.4 pixels a row (some exactly 0, ±1 or just either side of ±1, some
/// between columns' boundaries or on them), some contours partly past the columns, both rules,
/// opaque and translucent colours, opacities below 1, drawn whole and in bands of rows, hashed as
/// in test_raster_pinned_stars. The rows such an edge crosses whole take add_fixed_edge's steep
/// loop (less than a pixel of x a row, inside the columns) or its general one; the expected hash
/// was recorded from the rasteriser before the steep loop was added (main 821048b).
void test_raster_pinned_steep(void) {
    enum { W = 160, H = 200, P = 64 };
    static double xy[2 * P];
    static float got[W * H];
    static uint32_t pixels[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int li = 0; li < level_count; li++) {
        use_level(&levels[li]);
        uint64_t seed = 0x57EE95EEDull, hash = 1469598103934665603ull;
        #define PIN_NEXT() (seed += 0x9E3779B97F4A7C15ull, pin_mix(seed))
        #define PIN_UNIT() ((double)(PIN_NEXT() >> 11) / 9007199254740992.0)
        for (int32_t i = 0; i < W * H; i++) pixels[i] = 0xFF203040u;
        for (int trial = 0; trial < 300; trial++) {
            const int32_t half = 3 + (int32_t)(PIN_NEXT() % (P / 2 - 3)), evenOdd = trial & 1;
            const int32_t out = PIN_NEXT() % 4 == 0;   // partly past the columns
            // A contour partly past the columns starts near their left or right edge.
            const double near = PIN_NEXT() % 2 ? -6 : W - 6;
            double x = out ? near + PIN_UNIT() * 12 : 10 + PIN_UNIT() * (W - 20), y = -10 + PIN_UNIT() * 40;
            // Down on one side (i < half), up on the other, x shifted by 2-40 pixels between them.
            for (int32_t i = 0; i < 2 * half; i++) {
                if (i == half) {
                    const double side = PIN_NEXT() % 2 ? 1 : -1;
                    x += side * (2 + PIN_UNIT() * 38);
                }
                xy[2 * i] = x; xy[2 * i + 1] = y;
                const double tall = PIN_NEXT() % 4 == 0 ? 59 : 12, rows = 1 + PIN_UNIT() * tall;
                const uint64_t kind = PIN_NEXT() % 10;
                double slope = kind == 0 ? 0 : kind == 1 ? 1 : kind == 2 ? 1 - 1e-9 : kind == 3 ? 1 + 1e-9
                             : kind == 4 ? 0.5 : kind == 5 ? 1.4 * PIN_UNIT() : PIN_UNIT();
                if (PIN_NEXT() % 2) slope = -slope;
                const double dy = i < half ? rows : -rows;
                x += slope * rows;
                y += dy;
                if (!out) x = x < 1 ? 1 + PIN_UNIT() : x > W - 1 ? W - 1 - PIN_UNIT() : x;
                // Some points on column boundaries or on 1/65536 of a pixel.
                if (PIN_NEXT() % 5 == 0) x = floor(x);
                else if (PIN_NEXT() % 5 == 0) x = floor(x * 65536) / 65536;
            }
            const int32_t n = 2 * half;
            const int32_t band = trial % 3 == 2, ry0 = band ? (int32_t)(PIN_NEXT() % (H / 2)) : 0, ry1 = band ? ry0 + 1 + (int32_t)(PIN_NEXT() % (H / 2)) : H;
            // Every other trial's columns cut 20 pixels off each side: edges leave them.
            const int32_t cx0 = trial % 4 < 2 ? 0 : 20, cx1 = W - cx0;
            if (!pin_trial(r, xy, n, evenOdd, cx0, cx1, ry0, ry1, got, pixels, W, &seed, 30, 220, &hash)) { hash = 0; break; }
        }
        hash = pin_fnv(hash, pixels, sizeof pixels);
        #undef PIN_UNIT
        #undef PIN_NEXT
        LABEL("the pinned steep edges (hash %016llx)", (unsigned long long)hash);
        check(hash == 0xffaf106cc13699fdull, levels[li].name, "the coverage and fills of the seeded steep contours, bit for bit, as recorded");
    }
    lamina_raster_destroy(r);
}

/// Random contours in and around a w × h target: 1-3 polygons of 3-14 points, sometimes a sliver
/// (a long quad under half a pixel wide), a tiny one (inside a pixel) or a huge one (points up to
/// 10^9 pixels out: past 2^28 edges take the double path). Points go to xy, counts to n; returns the
/// number of contours.
static int32_t random_contours(double *xy, int32_t *n, int32_t w, int32_t h) {
    int32_t count = irand(1, 3), used = 0;
    for (int32_t c = 0; c < count; c++) {
        double *p = xy + 2 * used;
        int32_t kind = irand(0, 5);
        if (kind == 0) {
            double ax = drand(-4, w + 4), ay = drand(-4, h + 4), bx = drand(-4, w + 4), by = drand(-4, h + 4);
            double len = hypot(bx - ax, by - ay) + 1e-9, t = drand(0.005, 0.45);
            double nx = -(by - ay) / len * t, ny = (bx - ax) / len * t;
            double q[8] = { ax, ay, bx, by, bx + nx, by + ny, ax + nx, ay + ny };
            memcpy(p, q, sizeof q);
            n[c] = 4;
        } else if (kind == 1) {
            double cx = drand(0, w), cy = drand(0, h), s = drand(0.001, 0.8);
            n[c] = irand(3, 5);
            for (int32_t i = 0; i < n[c]; i++) { p[2 * i] = cx + drand(0, s); p[2 * i + 1] = cy + drand(0, s); }
        } else if (kind == 2) {
            double r = pow(10, drand(2, 9));
            n[c] = irand(3, 6);
            for (int32_t i = 0; i < n[c]; i++) { p[2 * i] = drand(-r, r); p[2 * i + 1] = drand(-r, r); }
        } else {
            n[c] = irand(3, 14);
            for (int32_t i = 0; i < n[c]; i++) { p[2 * i] = drand(-8, w + 8); p[2 * i + 1] = drand(-8, h + 8); }
        }
        used += n[c];
    }
    return count;
}

/// Solid fills (lamina_raster_fill_solid: the sweep and the blend in one pass where a level has
/// it) give, at every level, each painted pixel exactly the formula of CPixelKernels.h through the
/// coverage lamina_raster_coverage reports (k of coverage and opacity, the colour scaled by k over
/// the pixel), and leave every other pixel alone; opacities of 1 (whole) and below, opaque and
/// translucent colours, both rules, random clips of columns, rows and painted columns. One
/// rasteriser draws every trial at every level, so a level that leaves a cell or mark behind
/// spoils a later shape.
void test_raster_fill(void) {
    enum { W = 150, H = 60 };
    static double xy[2 * 64];
    static int32_t n[4];
    static uint32_t background[W * H], want[W * H], got[W * H];
    static float cov[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int trial = 0; trial < 400; trial++) {
        int32_t contours = random_contours(xy, n, W, H);
        if (trial % 3 == 0) for (int32_t i = 0; i < 2 * 64; i += 2) xy[i] *= 2.2;   // wider: long runs
        int32_t evenOdd = trial & 1;
        uint32_t color = chance(0.5) ? premultiplied_pixel() | 0xFF000000u : premultiplied_pixel();
        if (color == 0) color = 0x80402010u;
        float op = chance(0.5) ? 1.0f : (float)drand(0.01, 1);
        int32_t cx0 = irand(-3, 20), cx1 = W - irand(-3, 20), ry0 = irand(-3, 10), ry1 = H - irand(-3, 10);
        int32_t px0 = irand(0, 30), px1 = W - irand(0, 30);
        for (int32_t y = 0; y < H; y++) premultiplied_row(background + y * W, W);
        // The reference: the coverage (portable level, a new rasteriser: nothing an earlier
        // shape left in r's buffers can reach it), then the formula pixel by pixel.
        use_level(&levels[0]);
        LaminaRaster *fresh = lamina_raster_create();
        int32_t at = 0;
        for (int32_t c = 0; c < contours; c++) { lamina_raster_add_contour(fresh, xy + 2 * at, n[c]); at += n[c]; }
        int32_t box[4];
        int32_t any = lamina_raster_bounds(fresh, evenOdd, cx0 < 0 ? 0 : cx0, cx1 > W ? W : cx1, ry0 < 0 ? 0 : ry0, ry1 > H ? H : ry1, box);
        memcpy(want, background, sizeof want);
        if (any) {
            check(lamina_raster_coverage(fresh, evenOdd, cx0 < 0 ? 0 : cx0, cx1 > W ? W : cx1, ry0 < 0 ? 0 : ry0, ry1 > H ? H : ry1, cov) == 0,
                  "portable", "coverage");
            for (int32_t y = box[1]; y < box[1] + box[3]; y++)
                for (int32_t x = box[0] > px0 ? box[0] : px0; x < box[0] + box[2] && x < px1; x++) {
                    uint32_t k = ref_k(cov[(y - box[1]) * box[2] + (x - box[0])], op);
                    if (k) want[y * W + x] = ref_over(background[y * W + x], color, k);
                }
        }
        lamina_raster_destroy(fresh);
        LABEL("lamina_raster_fill_solid (trial %d, %d contours, %s, op %g)", trial, contours, evenOdd ? "even-odd" : "non-zero", (double)op);
        // The levels in turn, each one sometimes last (what it leaves behind meets the next trial).
        for (int lj = 0; lj < level_count; lj++) {
            int li = (lj + trial) % level_count;
            use_level(&levels[li]);
            memcpy(got, background, sizeof got);
            lamina_raster_reset(r);
            at = 0;
            for (int32_t c = 0; c < contours; c++) { lamina_raster_add_contour(r, xy + 2 * at, n[c]); at += n[c]; }
            check(lamina_raster_fill_solid(r, evenOdd, cx0 < 0 ? 0 : cx0, cx1 > W ? W : cx1, ry0 < 0 ? 0 : ry0, ry1 > H ? H : ry1,
                                           px0, px1, got, W, 0, 0, color, op) == 0, levels[li].name, "filled");
            int32_t bad = -1;
            for (int32_t i = 0; i < W * H && bad < 0; i++) if (got[i] != want[i]) bad = i;
            char what[160];
            if (bad >= 0) snprintf(what, sizeof what, "pixel (%d, %d) %08x, formula %08x", bad % W, bad / W, got[bad], want[bad]);
            check(bad < 0, levels[li].name, bad >= 0 ? what : "-");
        }
    }
    lamina_raster_destroy(r);
}

/// A pixel's coverage depends only on the contours and the columns: random contours rasterised in
/// three bands of rows give every row bit for bit what the whole rasterisation gives it (edges
/// crossing a band's first row start from their fixed-point x at that row, not from their top),
/// and so does a band drawn by a rasteriser told to keep only that band's rows
/// (lamina_raster_limit_rows: edges wholly above or below them left out), with the same box.
void test_raster_bands(void) {
    enum { W = 96, H = 80 };
    static double xy[2 * 64];
    static int32_t n[4];
    static float whole[W * H], part[W * H];
    LaminaRaster *r = lamina_raster_create(), *lim = lamina_raster_create();
    check(r != NULL && lim != NULL, "-", "lamina_raster_create");
    if (!r || !lim) { lamina_raster_destroy(r); lamina_raster_destroy(lim); return; }
    for (int trial = 0; trial < 300; trial++) {
        int32_t contours = random_contours(xy, n, W, H), evenOdd = trial & 1;
        lamina_raster_reset(r);
        int32_t at = 0;
        for (int32_t c = 0; c < contours; c++) { lamina_raster_add_contour(r, xy + 2 * at, n[c]); at += n[c]; }
        int32_t wb[4], pb[4];
        if (!lamina_raster_bounds(r, evenOdd, 0, W, 0, H, wb)) continue;
        check(lamina_raster_coverage(r, evenOdd, 0, W, 0, H, whole) == 0, "-", "whole coverage");
        int32_t cut1 = irand(0, H), cut2 = irand(cut1, H), cuts[4] = { 0, cut1, cut2, H };
        LABEL("lamina_raster_coverage in bands (trial %d, cuts %d, %d)", trial, cut1, cut2);
        for (int b = 0; b < 3; b++) {
            if (cuts[b + 1] <= cuts[b] || !lamina_raster_bounds(r, evenOdd, 0, W, cuts[b], cuts[b + 1], pb)) continue;
            check(lamina_raster_coverage(r, evenOdd, 0, W, cuts[b], cuts[b + 1], part) == 0, "-", "band coverage");
            int ok = pb[0] == wb[0] && pb[2] == wb[2];
            for (int32_t y = pb[1]; ok && y < pb[1] + pb[3]; y++)
                ok = memcmp(part + (y - pb[1]) * pb[2], whole + (y - wb[1]) * wb[2], sizeof(float) * (size_t)pb[2]) == 0;
            check(ok, "-", "a band's rows equal the whole rasterisation's");
            // The band again, by a rasteriser that keeps only its rows (at the level in use).
            lamina_raster_reset(lim);
            lamina_raster_limit_rows(lim, cuts[b], cuts[b + 1]);
            at = 0;
            for (int32_t c = 0; c < contours; c++) { lamina_raster_add_contour(lim, xy + 2 * at, n[c]); at += n[c]; }
            int32_t lb[4];
            ok = lamina_raster_bounds(lim, evenOdd, 0, W, cuts[b], cuts[b + 1], lb) && lb[0] == pb[0] && lb[1] == pb[1]
                 && lb[2] == pb[2] && lb[3] == pb[3];
            check(ok, "-", "a band limited to its rows has the band's box");
            if (!ok) continue;
            check(lamina_raster_coverage(lim, evenOdd, 0, W, cuts[b], cuts[b + 1], part) == 0, "-", "limited band coverage");
            for (int32_t y = pb[1]; ok && y < pb[1] + pb[3]; y++)
                ok = memcmp(part + (y - pb[1]) * pb[2], whole + (y - wb[1]) * wb[2], sizeof(float) * (size_t)pb[2]) == 0;
            check(ok, "-", "a band limited to its rows equals the whole rasterisation's rows");
        }
    }
    lamina_raster_destroy(r);
    lamina_raster_destroy(lim);
}

/// Long contours (9 to 300 points, so that the AVX-512 level sets up eight edges a step and the
/// scalar loop the last few) rasterised at every level give the portable level's box and coverage
/// exactly, whole and in bands limited to their rows: points anywhere in and around the target, on
/// whole and half pixels (edges ending on a row boundary, edges along a row: left out), runs of
/// points at one y, and some points past 2^28 pixels (edges the double path takes), both rules. The
/// coverage of a contour inside the target also sums to its area (shoelace formula) within
/// 4/65536 a pixel of its box, a value worked out apart from the rasteriser.
void test_raster_long_contours(void) {
    enum { W = 120, H = 90, MAXP = 300 };
    static double xy[2 * MAXP];
    static float got[W * H], first[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int trial = 0; trial < 400; trial++) {
        int32_t n = irand(9, trial % 4 == 0 ? MAXP : 40), evenOdd = trial & 1, kind = irand(0, 3);
        int32_t inside = kind == 0;
        for (int32_t i = 0; i < n; i++) {
            if (kind == 0) {
                // A star-like loop around a centre, inside the target.
                double a = 2 * M_PI * i / n, rad = drand(3, 40);
                xy[2 * i] = 60 + rad * cos(a); xy[2 * i + 1] = 45 + rad * 0.9 * sin(a);
            } else {
                xy[2 * i] = drand(-10, W + 10); xy[2 * i + 1] = drand(-10, H + 10);
            }
            if (kind == 1 && chance(0.4)) { xy[2 * i] = round(xy[2 * i] * 2) / 2; xy[2 * i + 1] = round(xy[2 * i + 1] * 2) / 2; }
            if (kind == 2 && i > 0 && chance(0.3)) xy[2 * i + 1] = xy[2 * i - 1];
            if (kind == 3 && chance(0.1)) { xy[2 * i] *= 4e8; xy[2 * i + 1] *= chance(0.5) ? 4e8 : 1; }
        }
        double area = 0;
        for (int32_t i = 0; i < n; i++) {
            int32_t j = (i + 1) % n;
            area += xy[2 * i] * xy[2 * j + 1] - xy[2 * j] * xy[2 * i + 1];
        }
        int32_t cut1 = irand(0, H), cut2 = irand(cut1, H), cuts[4] = { 0, cut1, cut2, H };
        for (int band = -1; band < 3; band++) {
            int32_t ry0 = band < 0 ? 0 : cuts[band], ry1 = band < 0 ? H : cuts[band + 1];
            if (ry1 <= ry0) continue;
            LABEL("long contour (trial %d, %d points, kind %d, rows %d ..< %d)", trial, n, kind, ry0, ry1);
            int32_t box[4] = { 0, 0, 0, 0 }, firstBox[4] = { 0, 0, 0, 0 };
            for (int li = 0; li < level_count; li++) {
                use_level(&levels[li]);
                lamina_raster_reset(r);
                if (band >= 0) lamina_raster_limit_rows(r, ry0, ry1);
                check(lamina_raster_add_contour(r, xy, n) == 1, levels[li].name, "contour added");
                int nonEmpty = lamina_raster_bounds(r, evenOdd, 0, W, ry0, ry1, box);
                check(lamina_raster_coverage(r, evenOdd, 0, W, ry0, ry1, got) == 0, levels[li].name, "rasterised");
                size_t count = nonEmpty ? (size_t)box[2] * (size_t)box[3] : 0;
                if (li == 0) { memcpy(first, got, count * sizeof(float)); memcpy(firstBox, box, sizeof box); continue; }
                check(memcmp(box, firstBox, sizeof box) == 0, levels[li].name, "box equals the portable level's");
                check(memcmp(first, got, count * sizeof(float)) == 0, levels[li].name, "coverage equals the portable level's");
            }
            if (band < 0 && inside && !evenOdd && box[0] > 0 && box[1] > 0 && box[0] + box[2] < W && box[1] + box[3] < H) {
                double sum = 0;
                for (int32_t i = 0; i < box[2] * box[3]; i++) sum += got[i];
                check(fabs(sum - fabs(area) / 2) < 4.0 / 65536 * box[2] * box[3], "-", "a star's coverage sums to its area");
            }
            // The contour through an affine map (lamina_raster_add_contour_affine: mapped as its
            // edges are set up at AVX-512), at every level: the portable level's box and coverage.
            double map[6] = { drand(0.5, 1.5), drand(-0.5, 0.5), drand(-0.5, 0.5), drand(0.5, 1.5), drand(-20, 20), drand(-20, 20) };
            for (int li = 0; li < level_count; li++) {
                use_level(&levels[li]);
                lamina_raster_reset(r);
                if (band >= 0) lamina_raster_limit_rows(r, ry0, ry1);
                check(lamina_raster_add_contour_affine(r, xy, n, map) == 1, levels[li].name, "mapped contour added");
                int nonEmpty = lamina_raster_bounds(r, evenOdd, 0, W, ry0, ry1, box);
                check(lamina_raster_coverage(r, evenOdd, 0, W, ry0, ry1, got) == 0, levels[li].name, "mapped contour rasterised");
                size_t count = nonEmpty ? (size_t)box[2] * (size_t)box[3] : 0;
                if (li == 0) { memcpy(first, got, count * sizeof(float)); memcpy(firstBox, box, sizeof box); continue; }
                check(memcmp(box, firstBox, sizeof box) == 0, levels[li].name, "mapped box equals the portable level's");
                check(memcmp(first, got, count * sizeof(float)) == 0, levels[li].name, "mapped coverage equals the portable level's");
            }
            // A map under which one point (in the vector part or the last few) goes past the
            // doubles: the contour is skipped (0), and what was added before it stays as it was.
            if (band < 0 && n > 9) {
                int32_t far = trial % 2 ? irand(0, n / 2) : n - 1;
                double keepX = xy[2 * far];
                xy[2 * far] = 1e300;
                double huge[6] = { 1e10, 0, 0, 1, 0, 0 };
                for (int li = 0; li < level_count; li++) {
                    use_level(&levels[li]);
                    lamina_raster_reset(r);
                    double tri[6] = { 10, 10, 50, 20, 30, 60 };
                    lamina_raster_add_contour(r, tri, 3);
                    int32_t before[4], after[4];
                    lamina_raster_bounds(r, 0, 0, W, 0, H, before);
                    lamina_raster_coverage(r, 0, 0, W, 0, H, first);
                    check(lamina_raster_add_contour_affine(r, xy, n, huge) == 0, levels[li].name, "a contour with a point mapped past the doubles is skipped");
                    lamina_raster_bounds(r, 0, 0, W, 0, H, after);
                    lamina_raster_coverage(r, 0, 0, W, 0, H, got);
                    check(memcmp(before, after, sizeof before) == 0 && memcmp(first, got, (size_t)before[2] * (size_t)before[3] * sizeof(float)) == 0,
                          levels[li].name, "the skipped contour leaves the edges and the box as they were");
                }
                xy[2 * far] = keepX;
            }
        }
    }
    lamina_raster_destroy(r);
}

/// The vector edge setups (lk_raster_edges_avx512 where the CPU has AVX-512, and
/// lk_raster_edges_avx2, eight and four points a step), each writes for every edge
/// that is neither horizontal nor wholly outside the rows kept exactly the fields LkEdge documents,
/// worked out here one edge at a time from their definitions (top end first, dxdy, slope, the
/// rows r0 = ⌊ty⌋ and r1 = ⌈by⌉ − 1, ty and by rounded to 1/65536, x in 1/2^32 of a pixel at the
/// ends, at y = r0 + 1 and its step; fixed only below 2^28), in the order of the points, and
/// leaves the box as the minimum and maximum of the points it read.
#if defined(__x86_64__)
typedef int32_t (*EdgeSetupKernel)(LkEdge *, size_t *, const double *, int32_t, const double *, double, double, double *, int32_t *);

static void check_edge_setup(EdgeSetupKernel kernel, int32_t group, const char *name) {
    enum { MAXP = 200 };
    static double xy[2 * MAXP];
    static LkEdge got[MAXP];
    for (int trial = 0; trial < 500; trial++) {
        int32_t n = irand(9, trial % 5 == 0 ? MAXP : 40), kind = irand(0, 4);
        for (int32_t i = 0; i < n; i++) {
            xy[2 * i] = drand(-50, 300); xy[2 * i + 1] = drand(-50, 300);
            if (kind == 1 && chance(0.5)) { xy[2 * i] = round(xy[2 * i] * 2) / 2; xy[2 * i + 1] = round(xy[2 * i + 1] * 2) / 2; }
            if (kind == 2 && i > 0 && chance(0.3)) xy[2 * i + 1] = xy[2 * i - 1];
            if (kind == 3 && chance(0.15)) { xy[2 * i] *= chance(0.5) ? 3e6 : 1; xy[2 * i + 1] *= chance(0.5) ? 3e6 : 1; }
            // Near 2^28 (fixed-point x up to 2^60, either sign, on both sides of the limit).
            if (kind == 4) { xy[2 * i] *= 9e5; xy[2 * i + 1] = xy[2 * i + 1] * (chance(0.5) ? 9e5 : 1) + drand(0, 1); }
        }
        double top = chance(0.5) ? -INFINITY : (double)irand(-50, 300), bottom = chance(0.5) ? INFINITY : top + irand(0, 200);
        if (kind == 4) { top = -INFINITY; bottom = INFINITY; }
        // Half the trials through an affine map (rotation, scale, shear, translation).
        double map[6] = { drand(-2, 2), drand(-2, 2), drand(-2, 2), drand(-2, 2), drand(-100, 100), drand(-100, 100) };
        const double *mp = trial & 1 ? map : NULL;
        size_t count = 0;
        double box[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY };
        int32_t notFinite = 0;
        int32_t done = kernel(got, &count, xy, n, mp, top, bottom, box, &notFinite);
        check(!notFinite, name, "finite points reported finite");
        LABEL("%s (trial %d, %d points, kind %d)", name, trial, n, kind);
        check(done == (n - 1) / group * group, name, "the edges of the whole groups of points");
        size_t k = 0;
        int ok = 1;
        double mnx = INFINITY, mny = INFINITY, mxx = -INFINITY, mxy = -INFINITY;
        const double unit = 4294967296.0, lim = 268435456.0;
        for (int32_t i = 0; i < done; i++) {
            double ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * i + 2], by = xy[2 * i + 3];
            if (mp) {
                double x = ax, y = ay;
                ax = x * mp[0] + y * mp[2] + mp[4]; ay = x * mp[1] + y * mp[3] + mp[5];
                x = bx; y = by;
                bx = x * mp[0] + y * mp[2] + mp[4]; by = x * mp[1] + y * mp[3] + mp[5];
            }
            mnx = fmin(mnx, ax); mxx = fmax(mxx, ax); mny = fmin(mny, ay); mxy = fmax(mxy, ay);
            if (ay == by || (ay <= top && by <= top) || (ay >= bottom && by >= bottom)) continue;
            if (k >= count) { ok = 0; continue; }
            const LkEdge *e = &got[k++];
            int down = ay < by;
            double tx = down ? ax : bx, ty = down ? ay : by, ex = down ? bx : ax, ey = down ? by : ay;
            double dxdy = (ex - tx) / (ey - ty), slope = 65536.0 / (fabs(dxdy) * 65536.0);
            ok &= e->tx == tx && e->ty == ty && e->bx == ex && e->by == ey && e->dir == (down ? 1 : -1);
            ok &= memcmp(&e->dxdy, &dxdy, sizeof dxdy) == 0 && memcmp(&e->slope, &slope, sizeof slope) == 0;
            int fixed = fabs(tx) < lim && fabs(ex) < lim && fabs(ty) < lim && fabs(ey) < lim && fabs(dxdy) < lim;
            ok &= e->fixed == fixed;
            if (!fixed) continue;
            double r0 = floor(ty);
            ok &= e->r0 == (int32_t)r0 && e->r1 == (int32_t)ceil(ey) - 1;
            ok &= e->qt == (int64_t)llrint(ty * 65536.0) && e->qb == (int64_t)llrint(ey * 65536.0);
            ok &= e->xt == (int64_t)(tx * unit) && e->xb == (int64_t)(ex * unit);
            ok &= e->x1 == (int64_t)((tx + (r0 + 1 - ty) * dxdy) * unit) && e->step == (int64_t)(dxdy * unit);
        }
        check(ok && k == count, name, "each kept edge's fields, in order");
        check(box[0] == mnx && box[1] == mny && box[2] == mxx && box[3] == mxy, name, "the box of the points read");
    }
}
#endif

void test_raster_edge_setup(void) {
#if defined(__x86_64__)
    if (lamina_kernels_cpu_has_avx512()) check_edge_setup(lk_raster_edges_avx512, 8, "lk_raster_edges_avx512");
    if (lamina_kernels_cpu_has_avx2()) check_edge_setup(lk_raster_edges_avx2, 4, "lk_raster_edges_avx2");
#endif
}

/// The part of polygon p (n points, at most 16) on the side x·s ≤ c·s of a vertical (axis 0) or
/// horizontal (axis 1) line at c, into q; returns its point count.
static int32_t clip_half(const double *p, int32_t n, double *q, int axis, double c, double s) {
    int32_t m = 0;
    for (int32_t i = 0; i < n; i++) {
        const double *a = p + 2 * i, *b = p + 2 * ((i + 1) % n);
        int ain = a[axis] * s <= c * s, bin = b[axis] * s <= c * s;
        if (ain) { q[2 * m] = a[0]; q[2 * m + 1] = a[1]; m++; }
        if (ain != bin) {
            double t = (c - a[axis]) / (b[axis] - a[axis]);
            q[2 * m] = a[0] + (b[0] - a[0]) * t; q[2 * m + 1] = a[1] + (b[1] - a[1]) * t;
            if (axis == 0) q[2 * m] = c; else q[2 * m + 1] = c;
            m++;
        }
    }
    return m;
}

/// The area of convex polygon p inside the pixel square (x, y) ... (x + 1, y + 1).
static double pixel_area(const double *p, int32_t n, int32_t x, int32_t y) {
    double a[64], b[64];
    int32_t m = clip_half(p, n, a, 0, x, -1);
    m = clip_half(a, m, b, 0, x + 1, 1);
    m = clip_half(b, m, a, 1, y, -1);
    m = clip_half(a, m, b, 1, y + 1, 1);
    double area = 0;
    for (int32_t i = 0; i < m; i++) {
        int32_t j = (i + 1) % m;
        area += b[2 * i] * b[2 * j + 1] - b[2 * j] * b[2 * i + 1];
    }
    return fabs(area) / 2;
}

/// Convex polygons (random points on an ellipse, in order, stretched to a random span of columns
/// inside the target: an edge outside the columns drawn is moved to their edge, as in
/// CoverageRasterizer, which is not the exact area there), some steep, some nearly flat (edges
/// across many columns in a row) and some past the rows drawn: every pixel's coverage is within
/// 1/255 of the exact area of the polygon inside it (clipped polygons, worked out here), at every
/// level, for both rules.
void test_raster_exact_area(void) {
    enum { W = 64, H = 48 };
    static double xy[2 * 12];
    static float got[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    double worst = 0;
    for (int trial = 0; trial < 400; trial++) {
        int32_t n = irand(3, 12), evenOdd = trial & 1;
        double cy = drand(-4, H + 4), ry = trial % 4 == 1 ? drand(0.05, 1.5) : drand(0.2, 40);
        double a0 = drand(0, 6.283), rot = drand(0, 6.283), minX = INFINITY, maxX = -INFINITY;
        for (int32_t i = 0; i < n; i++) {
            double a = a0 + 6.283185307179586 * i / n, u = cos(a), v = ry * sin(a);
            xy[2 * i] = u * cos(rot) - v * sin(rot);
            xy[2 * i + 1] = cy + u * sin(rot) + v * cos(rot);
            if (xy[2 * i] < minX) minX = xy[2 * i];
            if (xy[2 * i] > maxX) maxX = xy[2 * i];
        }
        double x0 = drand(0, W - 0.1), x1 = drand(x0 + 0.02, W);
        for (int32_t i = 0; i < n; i++) xy[2 * i] = x0 + (xy[2 * i] - minX) / (maxX - minX) * (x1 - x0);
        int32_t box[4];
        LABEL("lamina_raster_coverage against exact areas (trial %d, %d points)", trial, n);
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            lamina_raster_reset(r);
            lamina_raster_add_contour(r, xy, n);
            if (!lamina_raster_bounds(r, evenOdd, 0, W, 0, H, box)) continue;
            check(lamina_raster_coverage(r, evenOdd, 0, W, 0, H, got) == 0, levels[li].name, "rasterised");
            int ok = 1;
            for (int32_t y = box[1]; y < box[1] + box[3]; y++)
                for (int32_t x = box[0]; x < box[0] + box[2]; x++) {
                    double d = fabs(got[(y - box[1]) * box[2] + (x - box[0])] - pixel_area(xy, n, x, y));
                    if (d > worst) worst = d;
                    ok &= d <= 1.0 / 255;
                }
            check(ok, levels[li].name, "coverage within 1/255 of the exact area");
        }
    }
    printf("raster: largest difference from the exact area %.4f/255\n", worst * 255);
    lamina_raster_destroy(r);
}

/// Wide solid fills, whose rows hold more than one word of marks at every vector level (over 1024
/// cells), through combs: teeth 0.3-20 pixels wide (upright or slanted) on a common base, with
/// gaps of 0-80 pixels between them, so that marked runs lie at every distance around the one
/// under which the vector levels sweep them as one (and across the words' boundaries), and the
/// base's rows are one long run. Every level paints each pixel exactly as the portable level does
/// (which test_raster_fill checks against the formula), under random clips of columns, rows and
/// painted columns, opacities of 1 and below, opaque and translucent colours, both rules.
void test_raster_fill_wide(void) {
    enum { W = 2300, H = 28, MAXP = 4 * 400 + 8 };
    static double xy[2 * MAXP];
    static uint32_t background[W * H], want[W * H], got[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int trial = 0; trial < 120; trial++) {
        // The comb: along the base from left to right, each tooth up and down again.
        const double base = drand(14, 27), top = drand(-2, 6), slant = chance(0.5) ? drand(-3, 3) : 0;
        int32_t n = 0;
        double x = drand(-10, 40);
        xy[2 * n] = x; xy[2 * n + 1] = base; n++;
        while (x < W + 10 && n + 4 < MAXP - 2) {
            x += chance(0.3) ? drand(0, 2) : drand(0, 80);
            const double tw = drand(0.3, 20);
            xy[2 * n] = x; xy[2 * n + 1] = base; n++;
            xy[2 * n] = x + slant; xy[2 * n + 1] = top; n++;
            xy[2 * n] = x + tw + slant; xy[2 * n + 1] = top; n++;
            xy[2 * n] = x + tw; xy[2 * n + 1] = base; n++;
            x += tw;
        }
        xy[2 * n] = x; xy[2 * n + 1] = base + 1; n++;
        xy[2 * n] = xy[0]; xy[2 * n + 1] = base + 1; n++;
        const int32_t evenOdd = trial & 1;
        uint32_t color = chance(0.5) ? premultiplied_pixel() | 0xFF000000u : premultiplied_pixel();
        if (color == 0) color = 0x80402010u;
        const float op = chance(0.5) ? 1.0f : (float)drand(0.01, 1);
        const int32_t cx0 = chance(0.5) ? 0 : irand(0, 600), cx1 = chance(0.5) ? W : W - irand(0, 600);
        const int32_t ry0 = irand(0, 4), ry1 = H - irand(0, 4);
        const int32_t px0 = chance(0.5) ? 0 : irand(0, 1200), px1 = chance(0.5) ? W : W - irand(0, 1200);
        for (int32_t y = 0; y < H; y++) premultiplied_row(background + y * W, W);
        LABEL("lamina_raster_fill_solid wide (trial %d, %d points, %s, op %g)", trial, n, evenOdd ? "even-odd" : "non-zero", (double)op);
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            uint32_t *out = li == 0 ? want : got;
            memcpy(out, background, sizeof got);
            lamina_raster_reset(r);
            lamina_raster_add_contour(r, xy, n);
            check(lamina_raster_fill_solid(r, evenOdd, cx0, cx1, ry0, ry1, px0, px1, out, W, 0, 0, color, op) == 0, levels[li].name, "filled");
            if (li == 0) continue;
            int32_t bad = -1;
            for (int32_t i = 0; i < W * H && bad < 0; i++) if (got[i] != want[i]) bad = i;
            char what[160];
            if (bad >= 0) snprintf(what, sizeof what, "pixel (%d, %d) %08x, portable %08x", bad % W, bad / W, got[bad], want[bad]);
            check(bad < 0, levels[li].name, bad >= 0 ? what : "-");
        }
    }
    lamina_raster_destroy(r);
}
