// The cell rasteriser: anti-aliased coverage of closed polygons by signed-area accumulation in
// integer cells, swept row by row and, for a solid colour, blended straight into the destination
// (no runs in between). The row sweep's vector versions (and on x86 the sweep and blend in one pass,
// and at AVX-512 the edge setup, eight edges a step) are in raster_x86.c and raster_neon.c.
//
// The method (the one CoverageRasterizer.swift documents, in integers): every edge adds, in each
// row it crosses, its signed height in that row (its cover, in 1/LAMINA_RASTER_ONE of a pixel,
// positive downwards) to the cells it passes through, split between each cell and the one right of
// it by how far right in the cell it lies; a running sum along the row then gives each pixel's
// winding-weighted coverage. Vertex y values are rounded to 1/LAMINA_RASTER_ONE once, so the covers
// of a closed contour's edges cancel exactly in every row and the inside of a shape sums to exactly
// LAMINA_RASTER_ONE; each edge's parts in a row are rounded so that they add up to its cover exactly.
// Integer sums do not depend on the order they are added in, so the vector sweeps (prefix sums) give
// the same values as the portable one.
//
// Edges are stepped in fixed point: x in 1/2^32 of a pixel at each row boundary, one integer add a
// row (the x of boundary k is x1 + k·step exactly, whichever row a band starts at, so a pixel
// depends only on the contours and the columns, never on which rows are drawn), and a row's part of
// an edge is spread over its columns in 1/65536 of a pixel with integer arithmetic and one multiply
// a column. Edges too far out for that (past 2^28 pixels) are worked out in doubles, then the same.
// Coverage stays within a few 1/65536 of the exact area per edge in a pixel (CellRasterizerTests:
// within 1/255 of CoverageRasterizer's Double reference; the largest difference seen is 0.013/255).
#include "kernels_internal.h"
#include <stdlib.h>
#include <string.h>

/// Where rasterize accumulates a call's cells: the rectangle rasterised (x0, y0, w × h), its rows
/// of `stride` cells and `words` words of marks, `strip` rows accumulated at a time.
typedef struct {
    int32_t x0, y0, w, h, shift, chunk, strip;
    intptr_t stride, words;
} Geometry;

/// One contour's edges [from, to) in a rasteriser's list and the rows they reach (y from minY to
/// maxY: the least top and greatest bottom of its edges): a strip of rows skips the contours
/// wholly outside it without reading their edges.
typedef struct {
    size_t from, to;
    double minY, maxY;
} ContourSpan;

struct LaminaRaster {
    LkEdge *edges;
    size_t edgeCount, edgeCapacity;
    /// The contours added (not streamed), in order: every edge kept belongs to one of them.
    ContourSpan *spans;
    size_t spanCount, spanCapacity;
    double minX, minY, maxX, maxY;
    int32_t *cells;
    size_t cellCapacity;
    uint64_t *marks;
    size_t markCapacity;
    float *coverage;
    size_t coverageCapacity;
    int32_t x0, width, y0, height;
    /// The rows edges are kept for (lamina_raster_limit_rows): an edge wholly above rowsTop or
    /// wholly at or below rowsBottom is left out (±infinity: none).
    double rowsTop, rowsBottom;
    /// Streaming (lamina_raster_stream_begin): contours added are accumulated into the cells of
    /// `geo` a block of edges at a time and not kept; allowStream: whether begin may stream.
    int32_t streaming, allowStream;
    Geometry geo;
};

LaminaRaster *lamina_raster_create(void) {
    LaminaRaster *r = calloc(1, sizeof(LaminaRaster));
    if (r) { r->allowStream = 1; lamina_raster_reset(r); }
    return r;
}

void lamina_raster_destroy(LaminaRaster *r) {
    if (!r) return;
    free(r->edges); free(r->spans); free(r->cells); free(r->marks); free(r->coverage);
    free(r);
}

void lamina_raster_allow_streaming(LaminaRaster *r, int32_t allow) { r->allowStream = allow != 0; }

void lamina_raster_reset(LaminaRaster *r) {
    if (r->streaming) {
        // A stream left unfinished (memory ran out): its cells and marks back to 0.
        memset(r->cells, 0, (size_t)r->geo.stride * (size_t)r->geo.h * sizeof(int32_t));
        memset(r->marks, 0, (size_t)r->geo.words * (size_t)r->geo.h * sizeof(uint64_t));
        r->streaming = 0;
    }
    r->edgeCount = 0;
    r->spanCount = 0;
    r->minX = r->minY = INFINITY;
    r->maxX = r->maxY = -INFINITY;
    r->x0 = r->width = r->y0 = r->height = 0;
    r->rowsTop = -INFINITY;
    r->rowsBottom = INFINITY;
}

void lamina_raster_limit_rows(LaminaRaster *r, int32_t ry0, int32_t ry1) {
    r->rowsTop = (double)ry0;
    r->rowsBottom = (double)ry1;
}

/// Makes room for `n` elements of `size` bytes at *p (capacity *cap); 0 when memory ran out.
static int grow(void **p, size_t *cap, size_t n, size_t size) {
    if (n <= *cap) return 1;
    size_t c = *cap ? *cap : 64;
    while (c < n) c *= 2;
    void *q = realloc(*p, c * size);
    if (!q) return 0;
    *p = q; *cap = c;
    return 1;
}

/// Records the edges set up since `from` (one contour's, whose points lie in rows minY ... maxY:
/// so do its edges; room for the span made) as a span; none when the contour kept no edge.
static inline void note_span(LaminaRaster *r, size_t from, double minY, double maxY) {
    if (r->edgeCount == from) return;
    r->spans[r->spanCount++] = (ContourSpan){ from, r->edgeCount, minY, maxY };
}

/// v rounded to the nearest whole number, halves to even (|v| below 2^51): adding and taking off
/// 1.5·2^52 leaves v rounded in the current (nearest) rounding mode; no branch, no call.
static inline int64_t round_int(double v) {
    double t = v + 6755399441055744.0;
    return (int64_t)(t - 6755399441055744.0);
}

/// v rounded to 1/LAMINA_RASTER_ONE (v is inside the drawn rows: no overflow).
static inline int64_t quantize(double v) { return round_int(v * LAMINA_RASTER_ONE); }

/// ⌊v⌋ for |v| below 2^62, without a call.
static inline int64_t floor_int(double v) {
    int64_t t = (int64_t)v;
    return t - ((double)t > v ? 1 : 0);
}

/// An edge's cover per 1/65536 of a pixel of x (in 1/LAMINA_RASTER_ONE), from its dx/dy; infinite
/// for a vertical edge (which never spans two columns in a row: then unused).
static inline double edge_slope(double dxdy) { return (double)LAMINA_RASTER_ONE / (fabs(dxdy) * 65536.0); }

/// Fills in e's fixed-point form when its coordinates are small enough (see LkEdge).
static void fix_edge(LkEdge *e) {
    const double lim = 268435456.0;   // 2^28
    e->fixed = 0;
    if (!(fabs(e->tx) < lim && fabs(e->bx) < lim && fabs(e->ty) < lim && fabs(e->by) < lim && fabs(e->dxdy) < lim)) return;
    const double unit = 4294967296.0;   // 2^32
    e->r0 = (int32_t)floor_int(e->ty);
    int64_t r1 = floor_int(e->by);
    e->r1 = (int32_t)((double)r1 == e->by ? r1 - 1 : r1);
    e->qt = quantize(e->ty);
    e->qb = quantize(e->by);
    e->xt = (int64_t)(e->tx * unit);
    e->xb = (int64_t)(e->bx * unit);
    e->x1 = (int64_t)((e->tx + ((double)e->r0 + 1 - e->ty) * e->dxdy) * unit);
    e->step = (int64_t)(e->dxdy * unit);
    e->fixed = 1;
}

/// Adds the edge from (ax, ay) to (bx, by) (room for it made), unless it is horizontal or wholly
/// outside the rows kept.
static inline void add_edge_points(LaminaRaster *r, double ax, double ay, double bx, double by, double top, double bottom) {
    if (ay == by) return;
    // An edge wholly above the rows kept (its last row is above them) or wholly below them
    // (its first row is below them) adds nothing to those rows. The bounds still take its
    // points: the rectangle rasterised is the same with or without the limit.
    if ((ay <= top && by <= top) || (ay >= bottom && by >= bottom)) return;
    // Written in place (an edge is a hundred bytes: no copy of it).
    LkEdge *e = &r->edges[r->edgeCount++];
    if (ay < by) { e->tx = ax; e->ty = ay; e->bx = bx; e->by = by; e->dir = 1; }
    else { e->tx = bx; e->ty = by; e->bx = ax; e->by = ay; e->dir = -1; }
    e->dxdy = (e->bx - e->tx) / (e->by - e->ty);
    e->slope = edge_slope(e->dxdy);
    fix_edge(e);
}

#if defined(__x86_64__)
/// The level's vector edge setup (lk_raster_edges_avx512 or lk_raster_edges_avx2; NULL: none, the
/// scalar loop sets up every edge) and the points it takes a step.
typedef struct {
    int32_t (*run)(LkEdge *edges, size_t *edgeCount, const double *xy, int32_t count, const double *m,
                   double top, double bottom, double *box, int32_t *notFinite);
    int32_t group;
} EdgeSetup;

static EdgeSetup edge_setup(void) {
    switch (lamina_kernels_level()) {
    case LAMINA_LEVEL_AVX512: return (EdgeSetup){ lk_raster_edges_avx512, 8 };
    case LAMINA_LEVEL_AVX2: return (EdgeSetup){ lk_raster_edges_avx2, 4 };
    default: return (EdgeSetup){ NULL, 0 };
    }
}
#endif

static int32_t stream_contour(LaminaRaster *r, const double *xy, int32_t count, const double *m);

int32_t lamina_raster_add_bounds(LaminaRaster *r, const double *xy, int32_t count, const double *m) {
    if (count < 3 || !xy) return 0;
    // The points as the add functions map them (the same expressions), not finite when a
    // coordinate's exponent bits are all ones; min and max without branches.
    double minX = r->minX, minY = r->minY, maxX = r->maxX, maxY = r->maxY;
    uint64_t notFinite = 0;
    for (int32_t i = 0; i < count; i++) {
        double x = xy[2 * i], y = xy[2 * i + 1];
        if (m) {
            double u = x * m[0] + y * m[2] + m[4], v = x * m[1] + y * m[3] + m[5];
            x = u; y = v;
        }
        uint64_t bx, by;
        memcpy(&bx, &x, sizeof bx);
        memcpy(&by, &y, sizeof by);
        notFinite |= ((bx & 0x7FF0000000000000ull) == 0x7FF0000000000000ull) | ((by & 0x7FF0000000000000ull) == 0x7FF0000000000000ull);
        minX = x < minX ? x : minX; maxX = x > maxX ? x : maxX;
        minY = y < minY ? y : minY; maxY = y > maxY ? y : maxY;
    }
    if (notFinite) return 0;
    r->minX = minX; r->minY = minY; r->maxX = maxX; r->maxY = maxY;
    return 1;
}

int32_t lamina_raster_add_contour(LaminaRaster *r, const double *xy, int32_t count) {
    if (count < 3 || !xy) return 0;
    if (r->streaming) return stream_contour(r, xy, count, NULL);
    // A coordinate is not finite when its exponent bits are all ones (in one pass without branches).
    uint64_t notFinite = 0;
    for (int32_t i = 0; i < 2 * count; i++) {
        uint64_t bits;
        memcpy(&bits, xy + i, sizeof bits);
        notFinite |= (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull;
    }
    if (notFinite) return 0;
    if (!grow((void **)&r->edges, &r->edgeCapacity, r->edgeCount + (size_t)count, sizeof(LkEdge))
        || !grow((void **)&r->spans, &r->spanCapacity, r->spanCount + 1, sizeof(ContourSpan))) return -1;
    // The contour's own box (its span's rows), merged into the shape's after.
    const size_t first = r->edgeCount;
    double minX = INFINITY, minY = INFINITY, maxX = -INFINITY, maxY = -INFINITY;
    const double top = r->rowsTop, bottom = r->rowsBottom;
    int32_t i = 0;
#if defined(__x86_64__)
    // Eight edges a step at AVX-512, four at AVX2 (the same edges), the last few here.
    const EdgeSetup setup = edge_setup();
    if (setup.run && count > setup.group) {
        double box[4] = { minX, minY, maxX, maxY };
        i = setup.run(r->edges, &r->edgeCount, xy, count, NULL, top, bottom, box, NULL);
        minX = box[0]; minY = box[1]; maxX = box[2]; maxY = box[3];
    }
#endif
    for (; i < count; i++) {
        double ax = xy[2 * i], ay = xy[2 * i + 1];
        int32_t j = i + 1 < count ? i + 1 : 0;
        double bx = xy[2 * j], by = xy[2 * j + 1];
        if (ax < minX) minX = ax;
        if (ax > maxX) maxX = ax;
        if (ay < minY) minY = ay;
        if (ay > maxY) maxY = ay;
        add_edge_points(r, ax, ay, bx, by, top, bottom);
    }
    note_span(r, first, minY, maxY);
    if (minX < r->minX) r->minX = minX;
    if (minY < r->minY) r->minY = minY;
    if (maxX > r->maxX) r->maxX = maxX;
    if (maxY > r->maxY) r->maxY = maxY;
    return 1;
}

int32_t lamina_raster_add_contour_affine(LaminaRaster *r, const double *xy, int32_t count, const double *m) {
    if (count < 3 || !xy || !m) return 0;
    if (r->streaming) return stream_contour(r, xy, count, m);
#if defined(__x86_64__)
    // At AVX-512 and AVX2 the points are mapped as their edges are set up, eight or four a step,
    // with no array of mapped points; a contour with a point whose image is not finite is dropped
    // afterwards (the edges written are taken back, the bounds left as they were), as the scalar
    // path skips it. When memory runs out, the scalar path below says so (or that the contour is
    // skipped).
    const EdgeSetup setup = edge_setup();
    if (setup.run && count > setup.group
        && grow((void **)&r->edges, &r->edgeCapacity, r->edgeCount + (size_t)count, sizeof(LkEdge))
        && grow((void **)&r->spans, &r->spanCapacity, r->spanCount + 1, sizeof(ContourSpan))) {
        const size_t before = r->edgeCount;
        const double top = r->rowsTop, bottom = r->rowsBottom;
        // The contour's own box (its span's rows), merged into the shape's after.
        double box[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY };
        int32_t notFinite = 0;
        int32_t i = setup.run(r->edges, &r->edgeCount, xy, count, m, top, bottom, box, &notFinite);
        for (; i < count && !notFinite; i++) {
            int32_t j = i + 1 < count ? i + 1 : 0;
            double x = xy[2 * i], y = xy[2 * i + 1], u = xy[2 * j], v = xy[2 * j + 1];
            double ax = x * m[0] + y * m[2] + m[4], ay = x * m[1] + y * m[3] + m[5];
            double bx = u * m[0] + v * m[2] + m[4], by = u * m[1] + v * m[3] + m[5];
            if (!isfinite(ax) || !isfinite(ay) || !isfinite(bx) || !isfinite(by)) { notFinite = 1; break; }
            if (ax < box[0]) box[0] = ax;
            if (ax > box[2]) box[2] = ax;
            if (ay < box[1]) box[1] = ay;
            if (ay > box[3]) box[3] = ay;
            add_edge_points(r, ax, ay, bx, by, top, bottom);
        }
        if (notFinite) { r->edgeCount = before; return 0; }
        note_span(r, before, box[1], box[3]);
        if (box[0] < r->minX) r->minX = box[0];
        if (box[1] < r->minY) r->minY = box[1];
        if (box[2] > r->maxX) r->maxX = box[2];
        if (box[3] > r->maxY) r->maxY = box[3];
        return 1;
    }
#endif
    // Mapped onto the stack (contours of up to 256 points: no allocation) or the heap, then added.
    enum { BLOCK = 256 };
    double mapped[2 * BLOCK];
    if (count <= BLOCK) {
        for (int32_t i = 0; i < count; i++) {
            double x = xy[2 * i], y = xy[2 * i + 1];
            mapped[2 * i] = x * m[0] + y * m[2] + m[4];
            mapped[2 * i + 1] = x * m[1] + y * m[3] + m[5];
        }
        return lamina_raster_add_contour(r, mapped, count);
    }
    double *heap = malloc(sizeof(double) * 2 * (size_t)count);
    if (!heap) return -1;
    for (int32_t i = 0; i < count; i++) {
        double x = xy[2 * i], y = xy[2 * i + 1];
        heap[2 * i] = x * m[0] + y * m[2] + m[4];
        heap[2 * i + 1] = x * m[1] + y * m[3] + m[5];
    }
    int32_t status = lamina_raster_add_contour(r, heap, count);
    free(heap);
    return status;
}

/// Clamp of v into [0, w]; NaN gives 0.
static inline double clamp_x(double v, double w) { return v > 0 ? (v < w ? v : w) : 0; }

/// Adds a cell's value without signed overflow (cells wrap as unsigned: only a winding count past
/// ±32767 full pixels could wrap, and then the coverage is wrong but nothing breaks).
static inline void add_cell(int32_t *c, int64_t v) { *c = (int32_t)((uint32_t)*c + (uint32_t)(int32_t)v); }

/// Cells per bit of a row's marks, 2^shift: the sweep visits only marked chunks of cells, and the
/// stretches between them are runs of one coverage. A level's sweep chooses (RowKernels): 16 cells,
/// one vector of the AVX-512 kernels, or 8 for AVX2's (an edge's few cells in a row then cost one
/// vector of eight, not two). Cells outside the marked chunks are 0 either way: the sums, and so
/// the pixels, do not depend on the chunk size.

/// Marks the chunks of cells a ... b (inclusive) of a row: bit (k & 63) of word k >> 6 for chunk k
/// (chunks of 2^shift cells).
static inline void mark_cells(uint64_t *m, int32_t a, int32_t b, int32_t shift) {
    a >>= shift;
    b >>= shift;
    if (a == b) { m[a >> 6] |= 1ull << (a & 63); return; }
    int32_t wa = a >> 6, wb = b >> 6;
    uint64_t lo = ~0ull << (a & 63), hi = ~0ull >> (63 - (b & 63));
    if (wa == wb) { m[wa] |= lo & hi; return; }
    m[wa] |= lo;
    for (int32_t k = wa + 1; k < wb; k++) m[k] = ~0ull;
    m[wb] |= hi;
}

/// accumulate_row for a row whose part of the edge lies in one column or two (ir − il ≤ 1, xl ≤ xr,
/// ratio: the slope, or |d| / (xr − xl) for a row moved into the columns); also called straight
/// from add_fixed_edge's loop over the whole rows of a steep edge, which need no test of either.
/// oneWord: the row's marks are one word (both chunks' bits set in one write).
__attribute__((always_inline)) static inline void accumulate_row2(int32_t *c, uint64_t *m, int32_t shift, int64_t xl, int64_t xr, int64_t d,
                                                                  double ratio, const int oneWord) {
    const int32_t il = (int32_t)(xl >> 16), ir = (int32_t)(xr >> 16);
    const int64_t ad = d < 0 ? -d : d, sign = d < 0 ? -1 : 1;
    const double cap = (double)ad;
    // One column or two, the values of both forms worked out and one chosen without a branch
    // (which of the two a row of an edge takes follows no pattern a predictor learns): the
    // same values as accumulate_row's column loop and the one-column split give. In one column,
    // cells il and il + 1 take d − b1 and b1 (b1 by the mean x) and cell ir + 1 = il + 1
    // takes 0 more; in two, the first column's share by the slope, the rest to the second.
    // (With one column the two-column values are not used: the ratio may then be infinite
    // and xr − xc negative, which gives numbers, not faults.)
    const int64_t fm = ((xl + xr) >> 1) - ((int64_t)il << 16);
    const int64_t b1 = (d * fm + 32768) >> 16;
    const int64_t xc = ((int64_t)il + 1) << 16;
    const double v = (double)(xc - xl) * ratio;
    const int64_t cum = (int64_t)(v < cap ? v : cap);
    const int64_t b = (cum * (((xl + xc) >> 1) - ((int64_t)il << 16)) + 32768) >> 16;
    const int64_t part = ad - cum;
    const int64_t b2 = (part * ((xr - xc) >> 1) + 32768) >> 16;
    const int64_t two = -(int64_t)(ir != il);   // all ones for two columns, 0 for one
    const int64_t v0 = (((cum - b) * sign) & two) | ((d - b1) & ~two);
    const int64_t v1 = (((part - b2 + b) * sign) & two) | (b1 & ~two);
    const int64_t v2 = (b2 * sign) & two;
    // The third value goes to cell il + 2, which is ir + 1 for two columns; for one column it is
    // 0, and adding it there rather than to cell ir + 1 = il + 1 again leaves that cell's second
    // read waiting on no store (1–2.5 % less time for the path and stroke rows in
    // raster_replay.c, AMD Zen 4, 2026-12-01). Cell il + 2 is at most the row's stride: the next
    // row's first cell, or past the last row the spare cell prepare makes room for; adding 0
    // there changes nothing (its chunk need not be marked).
    add_cell(c + il, v0);
    add_cell(c + il + 1, v1);
    add_cell(c + il + 2, v2);
    // Cells il ... ir + 1 (at most three) lie in one chunk or two next to each other.
    const int32_t ka = il >> shift, kb = (ir + 1) >> shift;
    if (oneWord) {
        // Chunks ka and kb are below 64 (cell ir + 1 < stride ≤ 64 chunks): word 0's bits.
        m[0] |= (1ull << ka) | (1ull << kb);
        return;
    }
    m[ka >> 6] |= 1ull << (ka & 63);
    m[kb >> 6] |= 1ull << (kb & 63);
}

/// Adds the part of an edge inside one row to the row's cells c: cover d (in 1/LAMINA_RASTER_ONE,
/// signed) between x = xa and x = xb (1/65536 of a pixel from the first cell, both in [0, 65536·w]).
/// Each column the edge crosses takes the share of d by the length of the edge in it: the
/// cumulative share at a column boundary is the edge's cover per unit of x (`slope`, the same for
/// every row of the edge: |d| / |xb − xa| up to rounding; 0: work out |d| / |xb − xa| for this row,
/// for rows whose x was moved into the columns) times the length so far, truncated and capped at
/// |d|, and the last column takes what is left, so that the shares add up to d exactly.
/// A share is split between its cell and the next by the mean x of the edge in the column.
/// oneWord: the row's marks are one word (see accumulate_row2).
__attribute__((always_inline)) static inline void accumulate_row(int32_t *c, uint64_t *m, int32_t shift, int64_t xa, int64_t xb, int64_t d,
                                                                 double slope, const int oneWord) {
    int64_t xl = xa < xb ? xa : xb, xr = xa < xb ? xb : xa;
    int32_t il = (int32_t)(xl >> 16), ir = (int32_t)(xr >> 16);
    // Magnitudes, the sign put back on each cell's value.
    const int64_t ad = d < 0 ? -d : d, sign = d < 0 ? -1 : 1;
    const double cap = (double)ad, ratio = slope > 0 ? slope : cap / (double)(xr - xl);
    if (ir - il <= 1) {
        accumulate_row2(c, m, shift, xl, xr, d, ratio, oneWord);
        return;
    }
    int64_t xc = ((int64_t)il + 1) << 16;
    double v = (double)(xc - xl) * ratio;
    int64_t cum = (int64_t)(v < cap ? v : cap);
    int64_t b = (cum * ((((xl + xc) >> 1) - ((int64_t)il << 16))) + 32768) >> 16;
    add_cell(c + il, (cum - b) * sign);
    int64_t carry = b, prev = cum;
    // x − xl of each column's right boundary as a double (whole numbers below 2^53: exact, the
    // same value the conversion of the integer gives), stepped without a conversion a column.
    double dx = (double)(xc - xl);
    for (int32_t col = il + 1; col < ir; col++) {
        dx += 65536.0;
        v = dx * ratio;
        cum = (int64_t)(v < cap ? v : cap);
        int64_t part = cum - prev;
        b = (part + 1) >> 1;
        add_cell(c + col, (part - b + carry) * sign);
        carry = b;
        prev = cum;
    }
    xc = (int64_t)ir << 16;
    int64_t part = ad - prev;
    b = (part * (((xr - xc) >> 1)) + 32768) >> 16;
    add_cell(c + ir, (part - b + carry) * sign);
    add_cell(c + ir + 1, b * sign);
    mark_cells(m, il, ir + 1, shift);
}

/// add_fixed_edge's loop over the n ≥ 1 whole rows of a steep edge wholly inside the columns from
/// x (at the top of the first, xa the same in 1/65536 of a pixel from the first cell): each row's
/// part in one column or two (accumulate_row2's values). Compiled apart for the cover d (one pixel
/// down or up: d·fm and the signs fold into shifts and negations) and for rows of one word of marks
/// (oneWord: one write of both bits), about 2 % less time for the path and stroke rows in
/// raster_replay.c, at AVX-512 and at AVX2 (paths20).
__attribute__((always_inline)) static inline void steep_rows(int32_t *c, uint64_t *m, int32_t shift, intptr_t stride, intptr_t words,
                                                             int64_t x, int64_t xa, int64_t step, int64_t ox16, double slope,
                                                             const int64_t d, const int oneWord, int32_t n) {
    do {
        x += step;
        const int64_t xb = (x >> 16) - ox16;
        accumulate_row2(c, m, shift, xa < xb ? xa : xb, xa < xb ? xb : xa, d, slope, oneWord);
        xa = xb;
        c += stride; m += words;
    } while (--n > 0);
}

/// Adds fixed-point edge `e`'s cells in rows [rowA, rowB) (absolute, inside e's rows r0 ... r1) to
/// the strip whose first row is `top`. ox16: the first cell's x in 1/65536 of a pixel; w16 the
/// strip's width in the same unit. Row r's marks are the words marks[r·words ...] (see mark_cells);
/// oneWord: words is 1 (compiled apart: each row's part in one column or two sets its two chunks'
/// bits in one write, 1–3 % less time for the path and stroke rows in raster_replay.c, paths20).
__attribute__((always_inline)) static inline void add_fixed_edge(const LkEdge *e, int32_t *cells, uint64_t *marks, intptr_t words,
                                                                 const int oneWord, int32_t shift, intptr_t stride, int64_t ox16, int64_t w16,
                                                                 int32_t top, int32_t rowA, int32_t rowB) {
    const int64_t one = LAMINA_RASTER_ONE;
    const double slope = e->slope;
    int32_t *c = cells + (intptr_t)(rowA - top) * stride;
    uint64_t *m = marks + (intptr_t)(rowA - top) * words;
    // x at the top boundary of rowA: the end, or boundary r0 + 1 + k (rowA = r0 + 1 + k); x of
    // the boundaries below by steps (integers: the same as x1 + k·step). xa: x at the row's top
    // in 1/65536 of a pixel from the first column.
    int64_t x = rowA == e->r0 ? e->xt : e->x1 + (int64_t)(rowA - e->r0 - 1) * e->step;
    int64_t xa = (x >> 16) - ox16;
    int32_t row = rowA;
    // One row's part: from xa to the x of its bottom boundary (next), cover d.
#define EDGE_ROW(next, d) do {                                                                          \
        int64_t xb = ((next) >> 16) - ox16, xl = xa, xr = xb, dd = (d);                                 \
        xa = xb;                                                                                        \
        if (dd != 0) {                                                                                  \
            /* Where the edge leaves the columns its x is moved to their edge (as                       \
               CoverageRasterizer does): its cover then spreads over what is left of it in the        \
               row, at the row's own ratio. */                                                         \
            if ((uint64_t)xl > (uint64_t)w16 || (uint64_t)xr > (uint64_t)w16) {                         \
                xl = xl < 0 ? 0 : (xl > w16 ? w16 : xl);                                                \
                xr = xr < 0 ? 0 : (xr > w16 ? w16 : xr);                                                \
                accumulate_row(c, m, shift, xl, xr, dd, 0, oneWord);                                                  \
            } else {                                                                                    \
                accumulate_row(c, m, shift, xl, xr, dd, slope, oneWord);                                                \
            }                                                                                           \
        }                                                                                               \
        c += stride; m += words; row++;                                                                 \
    } while (0)
    if (row < rowB && row == e->r0) {
        // The first row: from the top end.
        if (e->r0 == e->r1) {
            EDGE_ROW(e->xb, (e->qb - e->qt) * e->dir);
            return;
        }
        x = e->x1;
        EDGE_ROW(x, (((int64_t)row + 1) * one - e->qt) * e->dir);
    }
    // The rows the edge crosses whole: one pixel of cover each.
    const int32_t mid = rowB < e->r1 ? rowB : e->r1;
    const int64_t d = one * e->dir;
    if (row < mid) {
        // A steep edge (less than a pixel of x a row) wholly inside the columns in these rows:
        // each row's part lies in one column or two, with no test of either (x is monotonic
        // between the rows' boundaries, so the first and last boundary bound them all).
        const int64_t step = e->step, xe = ((x + (int64_t)(mid - row) * step) >> 16) - ox16;
        if (step > -4294967296LL && step < 4294967296LL && (uint64_t)xa <= (uint64_t)w16 && (uint64_t)xe <= (uint64_t)w16) {
            const int32_t n = mid - row;
            if (oneWord) {
                if (d > 0) steep_rows(c, m, shift, stride, 1, x, xa, step, ox16, slope, one, 1, n);
                else steep_rows(c, m, shift, stride, 1, x, xa, step, ox16, slope, -one, 1, n);
            } else {
                if (d > 0) steep_rows(c, m, shift, stride, words, x, xa, step, ox16, slope, one, 0, n);
                else steep_rows(c, m, shift, stride, words, x, xa, step, ox16, slope, -one, 0, n);
            }
            x += (int64_t)n * step;
            xa = (x >> 16) - ox16;
            c += (intptr_t)n * stride; m += (intptr_t)n * words; row = mid;
        } else {
            do {
                x += step;
                EDGE_ROW(x, d);
            } while (row < mid);
        }
    }
    // The last row: to the bottom end.
    if (row < rowB) EDGE_ROW(e->xb, (e->qb - (int64_t)row * one) * e->dir);
#undef EDGE_ROW
}

/// Adds edge `e`'s cells in rows [rowA, rowB) (absolute) to the strip whose first row is `top`, in
/// doubles (edges too far out for add_fixed_edge).
static void add_edge(const LkEdge *e, int32_t *cells, uint64_t *marks, intptr_t words, int32_t shift, intptr_t stride,
                     double ox, int32_t width, int32_t top, int32_t rowA, int32_t rowB) {
    const double w = (double)width;
    // The edge's x at the top of the row when the row before worked it out (its bottom boundary,
    // the same expression of the end points).
    double xNext = 0;
    int32_t haveNext = 0;
    for (int32_t row = rowA; row < rowB; row++) {
        double ya = (double)row > e->ty ? (double)row : e->ty;
        double yb = (double)(row + 1) < e->by ? (double)(row + 1) : e->by;
        if (yb <= ya) { haveNext = 0; continue; }
        int64_t qa = ya == (double)row ? (int64_t)row * LAMINA_RASTER_ONE : quantize(ya);
        int64_t qb = yb == (double)(row + 1) ? (int64_t)(row + 1) * LAMINA_RASTER_ONE : quantize(yb);
        int64_t d = (qb - qa) * e->dir;
        double xa = haveNext ? xNext : ya <= e->ty ? e->tx : e->tx + (ya - e->ty) * e->dxdy;
        double xb = yb >= e->by ? e->bx : e->tx + (yb - e->ty) * e->dxdy;
        xNext = xb;
        haveNext = 1;
        if (d == 0) continue;
        xa = clamp_x(xa - ox, w);
        xb = clamp_x(xb - ox, w);
        intptr_t r = row - top;
        accumulate_row(cells + r * stride, marks + r * words, shift, round_int(xa * 65536), round_int(xb * 65536), d, 0, 0);
    }
}

// ---- the row sweep ----------------------------------------------------------------------------

/// The coverage of a running sum: |s| capped at one pixel (non-zero), or folded into a triangle
/// wave of period two pixels (even-odd); in 0...1, exact (a multiple of 1/LAMINA_RASTER_ONE).
static inline float sum_coverage(int32_t s, int32_t evenOdd) {
    return (float)sum_units(s, evenOdd) * (1.0f / LAMINA_RASTER_ONE);
}

LK_HIDDEN int32_t lk_raster_sweep_portable(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd) {
    uint32_t s = (uint32_t)sum;
    for (int32_t i = 0; i < count; i++) {
        s += (uint32_t)cells[i];
        cells[i] = 0;
        coverage[i] = sum_coverage((int32_t)s, evenOdd);
    }
    return (int32_t)s;
}

LK_HIDDEN int32_t lk_raster_sweep_blend_portable(int32_t *cells, uint32_t *dst, int32_t count, int32_t sum, int32_t evenOdd,
                                                 uint32_t color, float op) {
    uint32_t s = (uint32_t)sum;
    for (int32_t i = 0; i < count; i++) {
        s += (uint32_t)cells[i];
        cells[i] = 0;
        uint32_t k = coverage_k(sum_coverage((int32_t)s, evenOdd), op);
        if (k) dst[i] = over_px(dst[i], scale_px(color, k));
    }
    return (int32_t)s;
}

int32_t lamina_raster_sweep_row(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd) {
    if (count <= 0) return sum;
    evenOdd = evenOdd != 0;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: return lk_raster_sweep_avx512(cells, coverage, count, sum, evenOdd);
    case LAMINA_LEVEL_AVX2: return lk_raster_sweep_avx2(cells, coverage, count, sum, evenOdd);
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: return lk_raster_sweep_neon(cells, coverage, count, sum, evenOdd);
#endif
    default: return lk_raster_sweep_portable(cells, coverage, count, sum, evenOdd);
    }
}

// ---- rasterising ------------------------------------------------------------------------------

/// What a sweep does with each row's coverage: blend a colour through it, or copy it out.
typedef struct {
    // Blending (dst != NULL).
    uint32_t *pixels;
    intptr_t stride;
    int32_t frameX, frameY, paintX0, paintX1;
    uint32_t color;
    float op;
    // Copying (out != NULL): out + (y − y0)·width + (x − x0).
    float *out;
} RowSink;

/// lamina_over_solid_coverage's portable loop.
static void over_solid_coverage_portable(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t k = coverage_k(coverage[i], op);
        if (k) dst[i] = over_px(dst[i], scale_px(color, k));
    }
}

/// The versions of the row sweep and of lamina_over_solid_coverage at the current level, and the
/// level's sweep and blend of a strip's rows in one pass where it has one (NULL: none), chosen once
/// per shape (not once per run: a shape has a few runs per edge and row).
typedef struct {
    int32_t (*sweep)(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);
    void (*blend)(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count);
    void (*rows)(const LkRasterRows *rows);
    /// The marks' chunks are 2^chunkShift cells (see mark_cells; the rows kernel's chunk size).
    int32_t chunkShift;
} RowKernels;

/// The narrow AVX-512 rows (lk_raster_blend_rows_narrow) only for rectangles at least this many
/// pixels wide: a wide shape's rows are a few short marked runs far apart, which cost less in
/// chunks of 8 cells on AMD Zen 4 (the morph row's frame in raster_replay.c 0.097 ms against
/// 0.106), while narrower shapes, whose runs merge into longer spans, gain nothing there (the
/// path.cubic200 frame, shapes 40-200 pixels wide, 2 % slower).
#ifndef NARROW_MIN_WIDTH
#define NARROW_MIN_WIDTH 256
#endif

static RowKernels row_kernels(int32_t width) {
    (void)width;  // read only at the x86-64 AVX-512 level
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: {
        // On AMD Zen 4 (512-bit operations as two 256-bit halves) the short marked runs of a
        // shape's edges cost less swept eight cells a step than sixteen (raster_x86.c).
        const int narrow = lk_raster_narrow_rows();
        if (narrow > 1 || (narrow && width >= NARROW_MIN_WIDTH)) return (RowKernels){ lk_raster_sweep_avx512, lk_over_solid_coverage_avx512, lk_raster_blend_rows_narrow, 3 };
        return (RowKernels){ lk_raster_sweep_avx512, lk_over_solid_coverage_avx512, lk_raster_blend_rows_avx512, 4 };
    }
    case LAMINA_LEVEL_AVX2:
        return (RowKernels){ lk_raster_sweep_avx2, lk_over_solid_coverage_avx2, lk_raster_blend_rows_avx2, 3 };
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: return (RowKernels){ lk_raster_sweep_neon, lk_over_solid_coverage_neon, NULL, 4 };
#endif
    default: return (RowKernels){ lk_raster_sweep_portable, over_solid_coverage_portable, NULL, 4 };
    }
}

/// A stretch of coverage a (in 1/LAMINA_RASTER_ONE) over pixels [x0, x1) of a row, handed to the
/// sink: the floats written out, or the colour scaled by its k blended over dst.
static void constant_run(const RowSink *sink, uint32_t *dst, float *out, int32_t x0, int32_t x1, uint32_t a, int32_t whole) {
    if (x1 <= x0 || a == 0) return;
    if (out) { float c = (float)a * (1.0f / LAMINA_RASTER_ONE); for (int32_t x = x0; x < x1; x++) out[x] = c; return; }
    uint32_t k = units_k(a, sink->op, whole);
    if (!k) return;
    uint32_t color = scale_px(sink->color, k);
    if (x1 - x0 < 8) { for (int32_t x = x0; x < x1; x++) dst[x] = over_px(dst[x], color); return; }
    lamina_over_solid(dst + x0, color, x1 - x0);
}

/// Sets up g for rasterising the edges of src (r itself, or the rasteriser whose edges r draws)
/// in r's cells for columns [cx0, cx1) and rows [ry0, ry1), its cells and
/// marks (all 0) and a row of coverage made room for: 1, 0 when nothing is drawn, −1 when memory
/// ran out.
static int32_t prepare(LaminaRaster *r, const LaminaRaster *src, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1, Geometry *g) {
    int32_t box[4];
    if (!lamina_raster_bounds(src, evenOdd, cx0, cx1, ry0, ry1, box)) return 0;
    g->x0 = box[0]; g->y0 = box[1]; g->w = box[2]; g->h = box[3];
    g->shift = row_kernels(g->w).chunkShift;
    g->chunk = 1 << g->shift;
    g->stride = (intptr_t)g->w + 2;
    g->words = ((g->stride + g->chunk - 1) / g->chunk + 63) / 64;
    // Rows are accumulated a strip at a time, about 1 MB of cells each (at least one row).
    int32_t strip = (int32_t)((1 << 18) / g->stride);
    if (strip < 1) strip = 1;
    if (strip > g->h) strip = g->h;
    g->strip = strip;
    // One cell more than the strip's rows: accumulate_row2 adds 0 to the cell after a row's last
    // (see there).
    size_t need = (size_t)g->stride * (size_t)strip + 1, needMarks = (size_t)g->words * (size_t)strip;
    if (need > r->cellCapacity) {
        size_t old = r->cellCapacity;
        if (!grow((void **)&r->cells, &r->cellCapacity, need, sizeof(int32_t))) return -1;
        memset(r->cells + old, 0, (r->cellCapacity - old) * sizeof(int32_t));
    }
    if (needMarks > r->markCapacity) {
        size_t old = r->markCapacity;
        if (!grow((void **)&r->marks, &r->markCapacity, needMarks, sizeof(uint64_t))) return -1;
        memset(r->marks + old, 0, (r->markCapacity - old) * sizeof(uint64_t));
    }
    if (!grow((void **)&r->coverage, &r->coverageCapacity, (size_t)g->stride, sizeof(float))) return -1;
    return 1;
}

/// Adds edges [from, to) of `edges` to r's cells of g's strip of rows [top, bottom).
static void accumulate_edges(LaminaRaster *r, const LkEdge *edges, const Geometry *g, size_t from, size_t to, int32_t top, int32_t bottom) {
    // Read once: the cells written below are int32_t, which could otherwise be g's fields.
    int32_t *const cells = r->cells;
    uint64_t *const marks = r->marks;
    const intptr_t words = g->words, stride = g->stride;
    const int32_t shift = g->shift, w = g->w;
    const double ox = (double)g->x0;
    const int64_t ox16 = (int64_t)g->x0 << 16, w16 = (int64_t)w << 16;
    for (size_t k = from; k < to; k++) {
        const LkEdge *e = &edges[k];
        if (e->by <= (double)top || e->ty >= (double)bottom) continue;
        if (e->fixed) {
            int32_t rowA = e->r0 > top ? e->r0 : top, rowB = e->r1 + 1 < bottom ? e->r1 + 1 : bottom;
            if (words == 1) add_fixed_edge(e, cells, marks, 1, 1, shift, stride, ox16, w16, top, rowA, rowB);
            else add_fixed_edge(e, cells, marks, words, 0, shift, stride, ox16, w16, top, rowA, rowB);
            continue;
        }
        double a = floor(e->ty), b = ceil(e->by);
        int32_t rowA = a > (double)top ? (int32_t)a : top, rowB = b < (double)bottom ? (int32_t)b : bottom;
        add_edge(e, cells, marks, words, shift, stride, ox, w, top, rowA, rowB);
    }
}

/// Adds the edges of src's contours (src: r, or the rasteriser whose edges r draws) to r's cells
/// of g's strip of rows [top, bottom), skipping the contours wholly above or below the strip (their
/// edges add nothing to it: the same cells).
static void accumulate_contours(LaminaRaster *r, const LaminaRaster *src, const Geometry *g, int32_t top, int32_t bottom) {
    // A strip holding every row of the shape (the usual case for one band): no contour to skip.
    if (src->minY >= (double)top && src->maxY <= (double)bottom) {
        accumulate_edges(r, src->edges, g, 0, src->edgeCount, top, bottom);
        return;
    }
    for (size_t s = 0; s < src->spanCount; s++) {
        const ContourSpan *span = &src->spans[s];
        if (span->maxY <= (double)top || span->minY >= (double)bottom) continue;
        accumulate_edges(r, src->edges, g, span->from, span->to, top, bottom);
    }
}

/// Edges a block of a streamed contour: their setup (about 112 bytes each) stays in L1 until
/// they are accumulated.
enum { STREAM_BLOCK = 256 };

int32_t lamina_raster_stream_begin(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1) {
    if (!r->allowStream || r->streaming || r->edgeCount) return 0;
    Geometry g;
    // Only when the rectangle is one strip: its cells are then accumulated in one go.
    if (prepare(r, r, evenOdd, cx0, cx1, ry0, ry1, &g) <= 0 || g.strip < g.h) return 0;
    if (!grow((void **)&r->edges, &r->edgeCapacity, STREAM_BLOCK, sizeof(LkEdge))) return 0;
    r->geo = g;
    r->streaming = 1;
    return 1;
}

/// Sets up the edges from point i to point i + 1 of xy for i in [0, n − 1) (no closing edge),
/// mapped by m (NULL: none), after those kept; room for n − 1 more made.
static void add_open_edges(LaminaRaster *r, const double *xy, int32_t n, const double *m) {
    const double top = r->rowsTop, bottom = r->rowsBottom;
    int32_t i = 0;
#if defined(__x86_64__)
    const EdgeSetup setup = edge_setup();
    if (setup.run && n > setup.group) {
        // The kernel sets up the edges of points [0, (n − 1) / group · group), each to the next
        // point (never past n − 1: no closing edge). Its bounds and finiteness are not used (the
        // contour's were taken by lamina_raster_add_bounds).
        double box[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY };
        int32_t notFinite = 0;
        i = setup.run(r->edges, &r->edgeCount, xy, n, m, top, bottom, box, &notFinite);
    }
#endif
    for (; i + 1 < n; i++) {
        double ax = xy[2 * i], ay = xy[2 * i + 1], bx = xy[2 * i + 2], by = xy[2 * i + 3];
        if (m) {
            double x = ax, y = ay, u = bx, v = by;
            ax = x * m[0] + y * m[2] + m[4]; ay = x * m[1] + y * m[3] + m[5];
            bx = u * m[0] + v * m[2] + m[4]; by = u * m[1] + v * m[3] + m[5];
        }
        add_edge_points(r, ax, ay, bx, by, top, bottom);
    }
}

/// A contour added while streaming: its edges set up and accumulated a block at a time (the same
/// edges as the add functions set up, in another order: integer sums, the same cells). The
/// contour's bounds were taken by lamina_raster_add_bounds (which found it finite).
static int32_t stream_contour(LaminaRaster *r, const double *xy, int32_t count, const double *m) {
    const Geometry *g = &r->geo;
    for (int32_t s = 0;;) {
        // Points [s, e]: the edges s → s + 1 ... e − 1 → e; the last block also the closing one.
        int32_t e = count - 1 - s > STREAM_BLOCK - 1 ? s + STREAM_BLOCK - 1 : count - 1;
        r->edgeCount = 0;
        add_open_edges(r, xy + 2 * (size_t)s, e - s + 1, m);
        if (e == count - 1) {
            double closing[4] = { xy[2 * (size_t)e], xy[2 * (size_t)e + 1], xy[0], xy[1] };
            add_open_edges(r, closing, 2, m);
        }
        accumulate_edges(r, r->edges, g, 0, r->edgeCount, g->y0, g->y0 + g->h);
        r->edgeCount = 0;
        if (e == count - 1) break;
        s = e;
    }
    return 1;
}

/// Rasterises the edges added to src since its last reset (src: r itself, or another rasteriser
/// whose edges are only read; or, for src = r, the cells streamed since lamina_raster_stream_begin,
/// whose arguments these must be) in r's cells for columns [cx0, cx1) and rows [ry0, ry1) and
/// hands each row's coverage to `sink`. Returns 0, or −1 when memory ran out (nothing drawn then).
static int32_t rasterize(LaminaRaster *r, const LaminaRaster *src, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1,
                         const RowSink *sink) {
    r->x0 = r->width = r->y0 = r->height = 0;
    Geometry g;
    if (src == r && r->streaming) {
        // The cells hold every edge already; the sweep below clears them.
        g = r->geo;
        r->streaming = 0;
    } else {
        if (r->streaming) lamina_raster_reset(r);   // a stream of its own left unfinished: its cells cleared
        int32_t status = prepare(r, src, evenOdd, cx0, cx1, ry0, ry1, &g);
        if (status <= 0) return status;
    }
    const int32_t x0 = g.x0, y0 = g.y0, w = g.w, h = g.h, y1 = y0 + h, strip = g.strip, chunk = g.chunk;
    const intptr_t stride = g.stride, words = g.words;
    r->x0 = x0; r->width = w; r->y0 = y0; r->height = h;
    const RowKernels kernels = row_kernels(w);
    // All cells and marks are 0 between calls: the sweep clears what it reads.
    int32_t *cells = r->cells;
    uint64_t *marks = r->marks;
    float *coverage = r->coverage;
    const int32_t whole = sink->op == 1.0f;
    // Pixels painted: [p0, p1) relative to x0 (all of them for coverage out).
    int32_t p0 = sink->out ? 0 : sink->paintX0 - x0, p1 = sink->out ? w : sink->paintX1 - x0;
    if (p0 < 0) p0 = 0;
    if (p1 > w) p1 = w;
    for (int32_t top = y0; top < y1; top += strip) {
        int32_t bottom = top + strip < y1 ? top + strip : y1;
        accumulate_contours(r, src, &g, top, bottom);
        if (!sink->out && kernels.rows) {
            // The vector level sweeps and blends the strip's rows in one call.
            LkRasterRows rows = { cells, marks, stride, words,
                                  sink->pixels + (intptr_t)(top - sink->frameY) * sink->stride + (x0 - sink->frameX), sink->stride,
                                  bottom - top, w, p0, p1, evenOdd, sink->color, sink->op };
            kernels.rows(&rows);
            continue;
        }
        for (int32_t i = 0; i < bottom - top; i++) {
            int32_t *c = cells + (intptr_t)i * stride;
            uint64_t *m = marks + (intptr_t)i * words;
            int32_t y = top + i;
            uint32_t *dst = sink->out ? NULL : sink->pixels + (intptr_t)(y - sink->frameY) * sink->stride + (x0 - sink->frameX);
            float *out = sink->out ? sink->out + (intptr_t)(y - y0) * w : NULL;
            // cur: the first pixel not yet handed on; sum: the running sum at cur.
            int32_t cur = 0, sum = 0;
            for (intptr_t word = 0; word < words; word++) {
                uint64_t bits = m[word];
                if (!bits) continue;
                m[word] = 0;
                // Each run of marked chunks in this word: cells [s0, s1).
                int32_t s0, s1;
                while (next_marked_run(&bits, word, chunk, &s0, &s1)) {
                    if (s1 > (int32_t)stride) s1 = (int32_t)stride;
                    // The stretch before the run has the running sum's coverage.
                    int32_t g0 = cur > p0 ? cur : p0, g1 = s0 < p1 ? s0 : p1;
                    constant_run(sink, dst, out, g0, g1, sum_units(sum, evenOdd), whole);
                    int32_t e1 = s1 < w ? s1 : w;
                    if (e1 > s0) sum = kernels.sweep(c + s0, coverage + s0, e1 - s0, sum, evenOdd);
                    int32_t a0 = s0 > p0 ? s0 : p0, a1 = e1 < p1 ? e1 : p1;
                    if (a1 > a0) {
                        if (out) memcpy(out + a0, coverage + a0, (size_t)(a1 - a0) * sizeof(float));
                        else kernels.blend(dst + a0, sink->color, coverage + a0, sink->op, a1 - a0);
                    }
                    for (int32_t x = e1 > s0 ? e1 : s0; x < s1; x++) c[x] = 0;   // the spill columns w, w + 1
                    cur = s1;
                }
            }
            if (cur < w) {
                int32_t g0 = cur > p0 ? cur : p0;
                constant_run(sink, dst, out, g0, p1, sum_units(sum, evenOdd), whole);
            }
        }
    }
    return 0;
}

int32_t lamina_raster_fill_solid(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1,
                                 int32_t paintX0, int32_t paintX1, uint32_t *pixels, intptr_t stride, int32_t frameX, int32_t frameY,
                                 uint32_t color, float op) {
    if (!pixels || color == 0 || !(op > 0)) { r->x0 = r->width = r->y0 = r->height = 0; return 0; }
    RowSink sink = { pixels, stride, frameX, frameY, paintX0, paintX1, color, op, NULL };
    return rasterize(r, r, evenOdd, cx0, cx1, ry0, ry1, &sink);
}

int32_t lamina_raster_fill_solid_edges(LaminaRaster *r, const LaminaRaster *edges, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0,
                                       int32_t ry1, int32_t paintX0, int32_t paintX1, uint32_t *pixels, intptr_t stride, int32_t frameX,
                                       int32_t frameY, uint32_t color, float op) {
    if (!edges || edges->streaming) return -1;
    if (!pixels || color == 0 || !(op > 0)) { r->x0 = r->width = r->y0 = r->height = 0; return 0; }
    RowSink sink = { pixels, stride, frameX, frameY, paintX0, paintX1, color, op, NULL };
    return rasterize(r, edges, evenOdd, cx0, cx1, ry0, ry1, &sink);
}

int32_t lamina_raster_bounds(const LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1, int32_t *box) {
    (void)evenOdd;
    box[0] = box[1] = box[2] = box[3] = 0;
    if (cx1 <= cx0 || ry1 <= ry0 || !(r->minX <= r->maxX)) return 0;
    int32_t x0 = (int32_t)clampd(floor(r->minX), cx0, cx1), x1 = (int32_t)clampd(ceil(r->maxX), cx0, cx1);
    int32_t y0 = (int32_t)clampd(floor(r->minY), ry0, ry1), y1 = (int32_t)clampd(ceil(r->maxY), ry0, ry1);
    if (x1 <= x0 || y1 <= y0) return 0;
    box[0] = x0; box[1] = y0; box[2] = x1 - x0; box[3] = y1 - y0;
    return 1;
}

int32_t lamina_raster_coverage(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1, float *out) {
    if (!out) return -1;
    RowSink sink = { NULL, 0, 0, 0, 0, 0, 0, 0, out };
    int32_t box[4];
    if (lamina_raster_bounds(r, evenOdd, cx0, cx1, ry0, ry1, box)) memset(out, 0, (size_t)box[2] * (size_t)box[3] * sizeof(float));
    return rasterize(r, r, evenOdd, cx0, cx1, ry0, ry1, &sink);
}
