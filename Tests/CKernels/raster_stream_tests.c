// Streamed contours (lamina_raster_add_bounds, lamina_raster_stream_begin: edges accumulated a
// block at a time) against the same contours added whole.
#include "kernel_tests.h"

/// One shape of the streaming test: up to three contours in xy (n points each, at offsets).
typedef struct { int32_t count, n[3], at[3]; double map[6]; int affine, evenOdd; } StreamShape;

/// Draws shape s with r over columns [0, w) and rows [ry0, ry1) (limited to them when band), as a
/// fill onto px (w·h pixels, background bg) and as coverage into cov; stream: whether r streams.
/// Returns what lamina_raster_stream_begin returned (−1: not asked).
static int32_t draw_shape(LaminaRaster *r, const StreamShape *s, const double *xy, int32_t w, int32_t h, int32_t ry0, int32_t ry1,
                          int band, int stream, const uint32_t *bg, uint32_t *px, float *cov) {
    int32_t begun = -1;
    memcpy(px, bg, (size_t)w * (size_t)h * sizeof(uint32_t));
    for (int pass = 0; pass < 2; pass++) {
        lamina_raster_allow_streaming(r, stream);
        lamina_raster_reset(r);
        if (band) lamina_raster_limit_rows(r, ry0, ry1);
        const double *m = s->affine ? s->map : NULL;
        int32_t taken[3] = { 0, 0, 0 };
        if (stream) {
            for (int32_t c = 0; c < s->count; c++) taken[c] = lamina_raster_add_bounds(r, xy + 2 * s->at[c], s->n[c], m);
            begun = lamina_raster_stream_begin(r, s->evenOdd, 0, w, ry0, ry1);
        }
        for (int32_t c = 0; c < s->count; c++) {
            if (stream && !taken[c]) continue;
            if (m) lamina_raster_add_contour_affine(r, xy + 2 * s->at[c], s->n[c], m);
            else lamina_raster_add_contour(r, xy + 2 * s->at[c], s->n[c]);
        }
        if (pass == 0) {
            check(lamina_raster_fill_solid(r, s->evenOdd, 0, w, ry0, ry1, 0, w, px, w, 0, 0, 0xC0806040u, 0.8f) == 0, "-", "filled");
        } else {
            int32_t box[4];
            int nonEmpty = lamina_raster_bounds(r, s->evenOdd, 0, w, ry0, ry1, box);
            memset(cov, 0, (size_t)w * (size_t)h * sizeof(float));
            check(lamina_raster_coverage(r, s->evenOdd, 0, w, ry0, ry1, cov) == 0, "-", "rasterised");
            if (!nonEmpty) memset(cov, 0, (size_t)w * (size_t)h * sizeof(float));
        }
    }
    return begun;
}

/// Seeded shapes of up to three contours of 3 to 2000 points (block edges at 255, 256, 257 and
/// 511 points; points past 2^28 pixels: the double path; contours with a non-finite point or of
/// two points: skipped), with and without an affine map, both rules, whole and in bands: at every
/// level, one rasteriser that streams draws big, small and big shapes in turn, and each gives the
/// pixels and the coverage of a new rasteriser that does not stream, byte for byte. A stream left
/// unfinished (reset after a contour) leaves nothing behind. On a wide target (more than one strip
/// of cells) streaming declines and the pixels are the same.
void test_raster_streaming(void) {
    enum { W = 160, H = 100, WIDE = 3000, MAXP = 2000 };
    static double xy[2 * 3 * MAXP];
    static uint32_t bg[WIDE * H], want[WIDE * H], got[WIDE * H];
    static float wantCov[WIDE * H], gotCov[WIDE * H];
    LaminaRaster *r = lamina_raster_create();
    check(r != NULL, "-", "lamina_raster_create");
    if (!r) return;
    static const int32_t sizes[] = { 255, 256, 257, 511, 512, 513 };
    int streamed = 0, declined = 0;
    for (int trial = 0; trial < 240; trial++) {
        const int wide = trial % 12 == 11;
        const int32_t w = wide ? WIDE : W;
        StreamShape s = { 0 };
        s.count = irand(1, 3);
        s.affine = trial & 2;
        s.evenOdd = trial & 1;
        double map[6] = { drand(0.5, 1.5), drand(-0.5, 0.5), drand(-0.5, 0.5), drand(0.5, 1.5), drand(-20, 20), drand(-20, 20) };
        memcpy(s.map, map, sizeof map);
        // Big, small, big in turn (the small after a big meets what the big left in the buffers).
        int32_t big = trial % 3 != 1;
        int32_t at = 0, kind = irand(0, 3);
        for (int32_t c = 0; c < s.count; c++) {
            int32_t n = big ? (chance(0.5) ? sizes[irand(0, 5)] : irand(3, MAXP)) : irand(3, 40);
            if (chance(0.05)) n = 2;
            s.n[c] = n; s.at[c] = at;
            double cx = drand(0.2, 0.8) * w, cy = drand(0.2, 0.8) * H, rx = drand(5, wide ? 1400 : 90), ry = drand(5, 60);
            for (int32_t i = 0; i < n; i++) {
                double a = 2 * M_PI * i / n, wob = 1 + 0.1 * sin(37 * a);
                double *p = xy + 2 * (at + i);
                if (kind == 0) { p[0] = cx + rx * wob * cos(a); p[1] = cy + ry * wob * sin(a); }
                else { p[0] = drand(-10, w + 10); p[1] = drand(-10, H + 10); }
                if (kind == 2 && chance(0.3)) { p[0] = round(p[0] * 2) / 2; p[1] = round(p[1] * 2) / 2; }
                if (kind == 3 && chance(0.01)) { p[0] *= 4e8; p[1] *= chance(0.5) ? 4e8 : 1; }
            }
            if (chance(0.05)) xy[2 * (at + irand(0, n - 1))] = chance(0.5) ? NAN : INFINITY;
            at += n;
        }
        for (int32_t y = 0; y < H; y++) premultiplied_row(bg + (size_t)y * (size_t)w, w);
        int32_t cut = irand(1, H - 1);
        for (int band = 0; band < 3; band++) {
            int32_t ry0 = band == 2 ? cut : 0, ry1 = band == 1 ? cut : H;
            LABEL("streamed shape (trial %d, %d contours, %d points first, band %d)", trial, s.count, s.n[0], band);
            for (int li = 0; li < level_count; li++) {
                use_level(&levels[li]);
                LaminaRaster *fresh = lamina_raster_create();
                draw_shape(fresh, &s, xy, w, H, ry0, ry1, band > 0, 0, bg, want, wantCov);
                lamina_raster_destroy(fresh);
                int32_t begun = draw_shape(r, &s, xy, w, H, ry0, ry1, band > 0, 1, bg, got, gotCov);
                if (begun == 1) streamed++;
                // Streamed exactly when the rectangle is one strip of at most 2^18 cells.
                int32_t box[4];
                int32_t oneStrip = lamina_raster_bounds(r, s.evenOdd, 0, w, ry0, ry1, box) && box[3] <= (1 << 18) / (box[2] + 2);
                check(begun == oneStrip, levels[li].name, "streamed when the rectangle is one strip (and only then)");
                if (wide && !oneStrip) declined++;
                check(memcmp(want, got, (size_t)w * H * sizeof(uint32_t)) == 0, levels[li].name, "streamed fill equals the whole one");
                check(memcmp(wantCov, gotCov, (size_t)w * H * sizeof(float)) == 0, levels[li].name, "streamed coverage equals the whole one");
                if (trial % 5 == 0) {
                    // A stream left after its first contour: the reset clears what it accumulated.
                    lamina_raster_allow_streaming(r, 1);
                    lamina_raster_reset(r);
                    if (lamina_raster_add_bounds(r, xy, s.n[0], NULL)) {
                        lamina_raster_stream_begin(r, 0, 0, w, 0, H);
                        lamina_raster_add_contour(r, xy, s.n[0]);
                    }
                    lamina_raster_reset(r);
                }
            }
        }
    }
    check(streamed > 500 && declined > 10, "-", "most shapes streamed, some wide ones not");
    lamina_raster_destroy(r);
}
