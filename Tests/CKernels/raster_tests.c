// The cell rasteriser (raster.c): the row sweep and whole polygons.
#include "kernel_tests.h"

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
/// a polygon's coverage sums to its area (shoelace formula) within 1/1000 of a pixel.
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
        // A triangle inside the target: coverage sums to its area.
        if (n == 3 && box[0] > 0 && box[1] > 0 && box[0] + box[2] < 64 && box[1] + box[3] < 48) {
            double sum = 0;
            for (int32_t i = 0; i < box[2] * box[3]; i++) sum += got[i];
            check(fabs(sum - fabs(area) / 2) < 1e-3, "-", "a triangle's coverage sums to its area");
        }
    }
    lamina_raster_destroy(r);
}
