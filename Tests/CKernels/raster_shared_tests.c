// The cell rasteriser drawing from another rasteriser's edges (lamina_raster_fill_solid_edges):
// the bands of a frame set a shape's edges up once and each draws its rows from them.
#include "kernel_tests.h"

/// Random contours of 3 to 70 points (long ones: the vector edge setups take them eight or four
/// at a time) in and around a w × h target, some far out or tiny; returns the number of contours.
static int32_t shared_contours(double *xy, int32_t *n, int32_t w, int32_t h) {
    int32_t count = irand(1, 6), used = 0;
    for (int32_t c = 0; c < count; c++) {
        double *p = xy + 2 * used;
        n[c] = irand(3, 70);
        double cx = drand(-20, w + 20), cy = drand(-20, h + 20), r = chance(0.1) ? drand(0.01, 1) : drand(2, h * 0.7);
        if (chance(0.05)) r = pow(10, drand(3, 9));
        for (int32_t i = 0; i < n[c]; i++) {
            double a = drand(0, 6.2832), rr = r * drand(0.3, 1);
            p[2 * i] = cx + rr * cos(a);
            p[2 * i + 1] = cy + rr * sin(a);
        }
        used += n[c];
    }
    return count;
}

/// Frames of random contours mapped by random affine maps: drawn in 1-4 bands of rows, each band by
/// one of two rasterisers (reused: what one leaves behind meets the next band) from one shared
/// rasteriser's edges (set up without a limit on rows), they give exactly the pixels one
/// rasteriser's lamina_raster_fill_solid gives for the whole frame, at every level; the frames are
/// sometimes tall and wide enough to be accumulated in several strips (contours outside a strip
/// skipped). The shared rasteriser's edges are not changed by drawing from them.
void test_raster_shared_edges(void) {
    enum { MAXW = 1400, MAXH = 420 };
    static double xy[2 * 6 * 70];
    static int32_t n[6];
    static uint32_t background[MAXW * MAXH], want[MAXW * MAXH], got[MAXW * MAXH];
    LaminaRaster *shared = lamina_raster_create(), *one = lamina_raster_create();
    LaminaRaster *band[2] = { lamina_raster_create(), lamina_raster_create() };
    check(shared && one && band[0] && band[1], "-", "lamina_raster_create");
    if (!shared || !one || !band[0] || !band[1]) return;
    for (int trial = 0; trial < 160; trial++) {
        const int32_t W = trial % 8 == 0 ? MAXW : irand(20, 200), H = trial % 8 == 0 ? MAXH : irand(20, 160);
        int32_t contours = shared_contours(xy, n, W, H), evenOdd = trial & 1;
        double a = drand(0.5, 1.5), t = drand(-0.6, 0.6);
        double m[6] = { a * cos(t), a * sin(t), -a * sin(t) * drand(0.7, 1.3), a * cos(t), drand(-10, 10), drand(-10, 10) };
        uint32_t color = chance(0.5) ? premultiplied_pixel() | 0xFF000000u : premultiplied_pixel();
        if (color == 0) color = 0x80402010u;
        float op = chance(0.5) ? 1.0f : (float)drand(0.01, 1);
        for (int32_t y = 0; y < H; y++) premultiplied_row(background + y * W, W);
        int32_t cuts[5] = { 0, 0, 0, 0, H }, bands = irand(1, 4);
        for (int b = 1; b < bands; b++) cuts[b] = irand(cuts[b - 1], H);
        cuts[bands] = H;
        LABEL("lamina_raster_fill_solid_edges (trial %d, %dx%d, %d contours, %d bands)", trial, W, H, contours, bands);
        for (int li = 0; li < level_count; li++) {
            use_level(&levels[li]);
            lamina_raster_reset(one);
            lamina_raster_reset(shared);
            int32_t at = 0;
            for (int32_t c = 0; c < contours; c++) {
                lamina_raster_add_contour_affine(one, xy + 2 * at, n[c], m);
                lamina_raster_add_contour_affine(shared, xy + 2 * at, n[c], m);
                at += n[c];
            }
            memcpy(want, background, sizeof(uint32_t) * (size_t)(W * H));
            check(lamina_raster_fill_solid(one, evenOdd, 0, W, 0, H, 0, W, want, W, 0, 0, color, op) == 0, levels[li].name, "filled");
            memcpy(got, background, sizeof(uint32_t) * (size_t)(W * H));
            for (int b = 0; b < bands; b++) {
                if (cuts[b + 1] <= cuts[b]) continue;
                check(lamina_raster_fill_solid_edges(band[(b + trial) & 1], shared, evenOdd, 0, W, cuts[b], cuts[b + 1], 0, W, got, W, 0, 0,
                                                     color, op) == 0, levels[li].name, "filled from shared edges");
            }
            int32_t bad = -1;
            for (int32_t i = 0; i < W * H && bad < 0; i++) if (got[i] != want[i]) bad = i;
            char what[160];
            if (bad >= 0) snprintf(what, sizeof what, "pixel (%d, %d) %08x, one rasteriser %08x", bad % W, bad / W, got[bad], want[bad]);
            check(bad < 0, levels[li].name, bad >= 0 ? what : "-");
        }
    }
    lamina_raster_destroy(shared);
    lamina_raster_destroy(one);
    lamina_raster_destroy(band[0]);
    lamina_raster_destroy(band[1]);
}
