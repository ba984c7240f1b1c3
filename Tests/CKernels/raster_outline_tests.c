// Stroke-like outlines filled at every level against the portable level, bit for bit: the cases
// the AVX2 blend rows and edge setup take shortcuts in (raster_x86.c).
#include "kernel_tests.h"

/// A random open polyline outlined as a stroke of half width hw: its points offset to the left
/// going out and to the right coming back, with a round cap of `arc` points at each end, written
/// to xy (at most max points); returns the point count. Segments are of every kind the shapes of
/// a frame give: tiny ones (single-row edges, as round joins and caps make), steep ones, near-
/// horizontal ones, long ones.
static int32_t outline(double *xy, int32_t max, int32_t w, int32_t h, double hw, int32_t arc) {
    enum { MAXL = 48 };
    double lx[MAXL], ly[MAXL];
    int32_t nl = irand(2, MAXL);
    lx[0] = drand(-6, w + 6); ly[0] = drand(-6, h + 6);
    for (int32_t i = 1; i < nl; i++) {
        double dx, dy;
        switch (irand(0, 3)) {
        case 0: dx = drand(-0.8, 0.8); dy = drand(-0.8, 0.8); break;     // tiny
        case 1: dx = drand(-0.7, 0.7); dy = drand(-25, 25); break;       // steep
        case 2: dx = drand(-60, 60); dy = drand(-0.9, 0.9); break;       // near horizontal
        default: dx = drand(-40, 40); dy = drand(-40, 40); break;
        }
        lx[i] = lx[i - 1] + dx; ly[i] = ly[i - 1] + dy;
    }
    int32_t n = 0;
    for (int side = 0; side < 2; side++) {
        for (int32_t j = 0; j < nl && n < max - arc - 2; j++) {
            int32_t i = side ? nl - 1 - j : j;
            int32_t a = i > 0 ? i - 1 : i, b = i < nl - 1 ? i + 1 : i;
            double dx = lx[b] - lx[a], dy = ly[b] - ly[a], len = hypot(dx, dy);
            if (len < 1e-9) { dx = 1; dy = 0; len = 1; }
            double s = side ? -1 : 1;
            xy[2 * n] = lx[i] - s * dy / len * hw; xy[2 * n + 1] = ly[i] + s * dx / len * hw; n++;
        }
        // The cap at the end reached: a half circle of arc points around it.
        int32_t e = side ? 0 : nl - 1;
        for (int32_t k = 1; k <= arc && n < max; k++) {
            double t = M_PI * k / (arc + 1) + drand(0, 0.2);
            xy[2 * n] = lx[e] + hw * cos(t); xy[2 * n + 1] = ly[e] + hw * sin(t); n++;
        }
    }
    return n;
}

/// Outlines of half widths 0.25 to 8 (1 to 3 of them, some drawn twice or three times, some the
/// other way round: winding counts up to ±3, where the even-odd rule folds the sum's magnitude),
/// filled with lamina_raster_fill_solid on a frame wide enough for rows of many chunk words and
/// gaps of every length, through lamina_raster_add_contour or the affine form (a translation and
/// a scale: the edge setups' mapped path), both rules, whole and partial opacity: every level's
/// pixels equal the portable level's.
void test_raster_fill_outlines(void) {
    enum { W = 620, H = 90, MAXP = 160 };
    static double xy[4][2 * MAXP];
    static uint32_t background[W * H], want[W * H], got[W * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    for (int trial = 0; trial < 300; trial++) {
        int32_t lines = irand(1, 3), n[4], times[4];
        for (int32_t c = 0; c < lines; c++) {
            const double hw = chance(0.5) ? drand(0.25, 2) : drand(2, 8);
            n[c] = outline(xy[c], MAXP, W, H, hw, irand(0, 8));
            times[c] = chance(0.7) ? 1 : irand(-3, 3);
            if (times[c] == 0) times[c] = 2;
            if (times[c] < 0) {
                // The other way round.
                for (int32_t i = 0; i < n[c] / 2; i++) {
                    double tx = xy[c][2 * i], ty = xy[c][2 * i + 1];
                    xy[c][2 * i] = xy[c][2 * (n[c] - 1 - i)]; xy[c][2 * i + 1] = xy[c][2 * (n[c] - 1 - i) + 1];
                    xy[c][2 * (n[c] - 1 - i)] = tx; xy[c][2 * (n[c] - 1 - i) + 1] = ty;
                }
            }
        }
        const int32_t evenOdd = trial & 1, affine = (trial >> 1) & 1;
        const double map[6] = { drand(0.8, 1.2), 0, 0, drand(0.8, 1.2), drand(-20, 20), drand(-10, 10) };
        uint32_t color = chance(0.5) ? premultiplied_pixel() | 0xFF000000u : premultiplied_pixel();
        if (color == 0) color = 0x80402010u;
        const float op = chance(0.5) ? 1.0f : (float)drand(0.01, 1);
        const int32_t px0 = chance(0.7) ? 0 : irand(0, 200), px1 = chance(0.7) ? W : W - irand(0, 200);
        for (int32_t y = 0; y < H; y++) premultiplied_row(background + y * W, W);
        LABEL("lamina_raster_fill_solid outlines (trial %d, %d lines, %s, op %g, %s)", trial, lines, evenOdd ? "even-odd" : "non-zero",
              (double)op, affine ? "affine" : "plain");
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            uint32_t *out = li == 0 ? want : got;
            memcpy(out, background, sizeof got);
            lamina_raster_reset(r);
            for (int32_t c = 0; c < lines; c++)
                for (int32_t t = 0; t < (times[c] < 0 ? -times[c] : times[c]); t++) {
                    if (affine) lamina_raster_add_contour_affine(r, xy[c], n[c], map);
                    else lamina_raster_add_contour(r, xy[c], n[c]);
                }
            check(lamina_raster_fill_solid(r, evenOdd, 0, W, 0, H, px0, px1, out, W, 0, 0, color, op) == 0, levels[li].name, "filled");
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
