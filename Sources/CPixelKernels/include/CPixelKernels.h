// Lamina's inner pixel loops that Swift could not bring to their speed aims (measured: see
// issue notes), with run-time CPU dispatch. On x86-64: AVX-512 (F + BW) versions of the
// source-over kernels where the CPU has them, AVX2 versions where it has AVX2, portable ones
// otherwise. On AArch64: NEON versions (every AArch64 CPU has NEON). On any other CPU: the portable
// code. All give bit-identical results, equal to the Swift reference in SpanShader.swift and
// BlendKernels.swift. A lower level can be forced on any CPU, for tests: LAMINA_SIMD=portable (or
// scalar) or LAMINA_SIMD=avx2 in the environment, or lamina_kernels_set_mode (Swift:
// PixelKernels.maximumLevel).
#ifndef LAMINA_CPIXELKERNELS_H
#define LAMINA_CPIXELKERNELS_H
#include <stdint.h>

/// Bilinear sampling of one row of device pixels (px0 ..< px0 + count, at the row whose constant
/// parts of the device-to-texel map are rowX, rowY, rowW): texel coordinates in 8-bit fixed point,
/// clamped to the texel rectangle [x0, x1) x [y0, y1); `projective` selects division by w.
/// Writes premultiplied ARGB to out.
void lamina_sample_bilinear(const uint32_t *tex, int32_t texWidth,
                            int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                            double a, double b, double c, double rowX, double rowY, double rowW,
                            int32_t projective, int32_t px0, int32_t count, uint32_t *out);

/// Bilinear sampling of one row through an affine map in 16.16 fixed point: pixel x samples at
/// U = u0 + x·du, V = v0 + x·dv (exact 64-bit integers, so a pixel never depends on where its span
/// starts), clamped to [x0, x1−1] × [y0, y1−1] texels, with 8-bit bilinear weights.
void lamina_sample_bilinear_affine(const uint32_t *tex, int32_t texWidth,
                                   int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                   int64_t u0, int64_t du, int64_t v0, int64_t dv,
                                   int32_t px0, int32_t count, uint32_t *out);

/// Source over for a row: dst[i] = src[i]·k/255 + dst[i]·(255 − that alpha)/255, premultiplied
/// ARGB, rounding as Lamina's Premultiplied.scale/over (k = 255: plain source over).
void lamina_over_row(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k);

/// Source over of one premultiplied colour onto a row. The colour must be premultiplied (each
/// channel at most its alpha): for other values the levels' results differ (carries between
/// channels, saturation).
void lamina_over_solid(uint32_t *dst, uint32_t color, int32_t count);

/// dst[i] = color scaled by k_i over dst[i], k_i = (uint32_t)(min(coverage[i]·op, 1)·255 + 0.5) in
/// float arithmetic (a run's k in PrimitiveDrawer, per pixel): a solid colour through a row of
/// coverage, such as a rounded corner's. Pixels whose k is 0 are left as they are.
void lamina_over_solid_coverage(uint32_t *dst, uint32_t color, const float *coverage, float op, int32_t count);

/// out[i] = (src[i] >> 24) / 255 in single precision, times (mask[i] >> 24) / 255 when `mask` is
/// not NULL (each division and the product rounded on its own, as Swift's
/// `Float(a) / 255 * (Float(m) / 255)`): a group's alpha (and its mask's) as a shadow's source.
void lamina_alpha_row(float *out, const uint32_t *src, const uint32_t *mask, int32_t count);

/// out[i] = row[index[i]]·left[i] + row[index[i] + 1]·next[i] in single precision (each product
/// and the sum rounded on their own): a reduced shadow plane's row sampled between its columns.
/// Every index[i] + 1 must be inside `row`.
void lamina_sample_between(float *out, const float *row, const int32_t *index, const float *left, const float *next, int32_t count);

/// A row of a group's alpha added into a plane reduced by 2^`shift`: for x in [x0, x1), in order,
/// plane[(x + ox) >> shift] += (row[x] >> 24) / 255 · share in single precision (the division, the
/// product and each sum rounded on their own, as Swift's `acc += Float(a) / 255 * share`, one
/// block's values added left to right onto its value). Every x + ox must be >= 0. The AVX2 and
/// AVX-512 versions (blocks of 2, 4 and 8, eight or sixteen blocks at a time) are bit-identical
/// with the portable loop.
void lamina_reduce_alpha_row(float *plane, const uint32_t *row, int32_t x0, int32_t x1, int32_t ox, int32_t shift, float share);

/// out[i] = a[i]·wa + b[i]·wb in single precision (each product and the sum rounded on their own):
/// two sampled rows of a reduced shadow plane mixed for one full-resolution row.
void lamina_mix_rows(float *out, const float *a, const float *b, float wa, float wb, int32_t count);

/// lamina_over_solid_coverage through the coverage lamina_mix_rows gives: for each i, c = a[i]·wa +
/// b[i]·wb (each product and the sum rounded on their own), then dst[i] = scale(color, k) over
/// dst[i] with k = coverage_k(c, op), dst[i] left as it is when k is 0: a row of a reduced shadow
/// plane blended without storing its coverage first. Bit-identical with the two calls at every level.
void lamina_over_solid_mix(uint32_t *dst, uint32_t color, const float *a, const float *b, float wa, float wb, float op, int32_t count);

/// Asks the caches for the `bytes` bytes at `p` (for writing): a row a blend will reach next.
/// Changes no memory; any address range is allowed (a prefetch never faults).
void lamina_prefetch_span(const void *p, intptr_t bytes);

/// dst[i] = (color scaled by mask[i], then by k) over dst[i], each scaling rounded as Lamina's
/// Premultiplied.scale (k = 255: no second scaling; mask[i] = 0 leaves the pixel): glyph masks
/// placed on whole pixels, a run at a time.
void lamina_over_solid_mask(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count);

/// An 8-bit mask sampled bilinearly along one device row through a translation (text placed on
/// fractional pixels): for pixel i, column u = ((x0 + i + 0.5) + g) − 0.5 of the mask, fu0 = ⌊u⌋,
/// fu = u − fu0, gu = 1 − fu, t = top[fu0]·gu + top[fu0 + 1]·fu, b likewise in `bottom`, and
/// out[i] = t·gv + b·fv rounded (halves up), at most 255; each in Double arithmetic, operation by
/// operation in this order (no fused multiply-adds), as Swift's SpanShader.shadeMaskTranslated.
/// A texel outside [0, width) or of a NULL row reads 0; out[i] is 0 where u is not in (−1, width).
void lamina_sample_mask_row(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t width,
                            double g, double gv, double fv, int64_t x0, int32_t count);

/// An 8-bit mask (`width` x `height` bytes, rows packed) sampled bilinearly along one device row
/// through any projective map (text drawn rotated, scaled or in perspective): for pixel i,
/// px = (x0 + i) + 0.5, inv = 1 / (px·c + rowW), u = (px·a + rowX)·inv − 0.5 and
/// v = (px·b + rowY)·inv − 0.5; out[i] = 0 unless u and v lie in (−1, width) and (−1, height);
/// otherwise fu0 = ⌊u⌋, fv0 = ⌊v⌋, fu = u − fu0, fv = v − fv0, top = T(fu0, fv0)·(1 − fu) +
/// T(fu0 + 1, fv0)·fu, bottom likewise on row fv0 + 1, and out[i] = top·(1 − fv) + bottom·fv
/// rounded (halves up), at most 255, where T is the texel, 0 outside the mask. Each step in Double
/// arithmetic, operation by operation in this order (no fused multiply-adds), as Swift's
/// SpanShader.shadeMaskSampled (rowX = py·d + g, rowY = py·e + h, rowW = py·f + i of its map, py the
/// row's centre).
void lamina_sample_mask_mapped_row(uint8_t *out, const uint8_t *mask, int32_t width, int32_t height,
                                   double a, double b, double c, double rowX, double rowY, double rowW,
                                   int64_t x0, int32_t count);

/// lamina_over_row on `height` rows: row y of dst starts at dst + y·dstStride, of src at
/// src + y·srcStride (strides in pixels). The level is chosen once for the whole rectangle.
void lamina_over_rect(uint32_t *dst, intptr_t dstStride, const uint32_t *src, intptr_t srcStride,
                      int32_t width, int32_t height, uint32_t k);

/// lamina_over_solid on `height` rows of dst (row y at dst + y·dstStride pixels).
void lamina_over_solid_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);

/// Copies a `width` x `height` rectangle of pixels: row y of src starts at src + y·srcStride
/// (pixels), of dst at dst + y·dstPitch (bytes). The same bytes as memcpy a row; a copy of at least
/// LAMINA_COPY_STREAMING_BYTES is written with streaming stores at the AVX2 and AVX-512 levels
/// (not kept in the caches: a frame sent to a window's framebuffer), complete when this returns.
void lamina_copy_rect(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride, int32_t width, int32_t height);
/// The smallest copy lamina_copy_rect writes with streaming stores (1 MiB).
#define LAMINA_COPY_STREAMING_BYTES (1 << 20)

/// Sets every pixel of a `width` x `height` rectangle of dst (row y at dst + y·dstStride pixels)
/// to `color`. Stores only: the rectangle's pixels are not read.
void lamina_fill_rect(uint32_t *dst, intptr_t dstStride, uint32_t color, int32_t width, int32_t height);

/// Gradient kinds for LaminaGradientRow.kind: the parameter t of a layer point (x, y) is
/// axial: ((x − sx)·dx + (y − sy)·dy) / len², dx = ex − sx, dy = ey − sy, len² = dx² + dy² (0 when
///   len² is not above 0);
/// radial: √(u² + v²), u = (x − sx)/rx, rx = |ex − sx| (when rx is 0: 0 where x = sx, else ∞), v
///   likewise in y (1 when rx and ry are both 0);
/// conic: (atan2(y − sy, x − sx) − atan2(ey − sy, ex − sx)) brought into [0, 2π) by adding or
///   subtracting 2π, divided by 2π.
/// Each in Double arithmetic, operation by operation in this order (no fused multiply-adds).
#define LAMINA_GRADIENT_AXIAL 0
#define LAMINA_GRADIENT_RADIAL 1
#define LAMINA_GRADIENT_CONIC 2

/// One row of a gradient: the geometry, the row's part of the device-to-layer map, the colours.
typedef struct {
    /// LAMINA_GRADIENT_AXIAL, LAMINA_GRADIENT_RADIAL or LAMINA_GRADIENT_CONIC.
    int32_t kind;
    /// Start (sx, sy) and end (ex, ey) points in layer coordinates.
    double sx, sy, ex, ey;
    /// Device pixel centre px of the row maps to layer ((px·a + rowX)·w, (px·b + rowY)·w),
    /// w = 1 / (px·c + rowW).
    double a, b, c, rowX, rowY, rowW;
    /// 256 premultiplied colours, for t = 0, 1/255, ..., 1.
    const uint32_t *table;
} LaminaGradientRow;

/// Shades pixels px0 ..< px0 + count of a gradient row: out[i] = table[k], k = the parameter t of
/// pixel centre px = (px0 + i) + 0.5 clamped to [0, 1], times 255, rounded half up (NaN: 0). The
/// same pixels as Lamina's Swift reference (SpanShader.shadeGradientReference) at every level.
void lamina_shade_gradient(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *out);

/// Paints pixels px0 ..< px0 + count of a gradient row straight onto dst (dst[i] is pixel px0 + i),
/// in one pass: dst[i] = (c_i scaled by k_i) over dst[i], c_i the colour lamina_shade_gradient gives
/// the pixel, k_i = (uint32_t)(min(v_i·op, 1)·255 + 0.5) in float arithmetic (a run's k in
/// PrimitiveDrawer), v_i = coverage[i] for i outside [full0, full1) and 1 inside it (1 for every i
/// when coverage is NULL; coverage is not read inside [full0, full1)), each scaling and the source
/// over rounded as lamina_over_row; k_i = 0 leaves dst[i]. Bit for bit lamina_shade_gradient into a
/// row followed by lamina_over_row (or the same per pixel), at every level.
void lamina_gradient_over(const LaminaGradientRow *row, int32_t px0, int32_t count, uint32_t *dst,
                          const float *coverage, int32_t full0, int32_t full1, float op);

/// lamina_gradient_over without coverage on `rows` device rows from y0: row r at dst + r·stride
/// (pixels), its rowX, rowY, rowW worked out as py·mx + gx, py·my + gy, py·mw + gw (py = (y0 + r)
/// + 0.5, in Double, in that order; the other fields of `row` as given, its rowX, rowY and rowW
/// not read): the interior rows of a rectangle in one call, each row's destination brought into
/// the caches while the row before it is painted.
void lamina_gradient_over_rows(const LaminaGradientRow *row, double mx, double gx, double my, double gy, double mw, double gw,
                               int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst, intptr_t stride, float op);

/// lamina_gradient_over_rows with coverage: row r's pixels through coverage row coverage + r·coverageStride
/// (count values) and its inside [full[2r], full[2r + 1]) (not read there), each row as
/// lamina_gradient_over paints it with those, bit for bit: a rounded corner's rows in one call,
/// sharing their plan as the interior rows do.
void lamina_gradient_over_rows_coverage(const LaminaGradientRow *row, double mx, double gx, double my, double gy, double mw, double gw,
                                        int32_t y0, int32_t rows, int32_t px0, int32_t count, uint32_t *dst, intptr_t stride,
                                        const float *coverage, intptr_t coverageStride, const int32_t *full, float op);

/// The cell rasteriser (raster.c): anti-aliased coverage of closed polygons by signed-area
/// accumulation in integer cells (1/LAMINA_RASTER_ONE of a pixel), swept row by row and, for a
/// solid colour, blended straight into the destination. A pixel's coverage depends only on the
/// contours and on the columns [cx0, cx1), never on the rows drawn: bands give identical pixels.
/// Coverage is exact for each edge up to rounding to 1/LAMINA_RASTER_ONE (vertex y values, an edge's
/// x at each row boundary, stepped in 1/2^32 of a pixel, and its share of each cell); overlaps of
/// contours inside one pixel are approximated as in Lamina's CoverageRasterizer. Winding counts
/// past ±32767 whole pixels wrap (non-zero only). Not thread-safe: one rasteriser per thread. All
/// levels give identical results.
typedef struct LaminaRaster LaminaRaster;
#define LAMINA_RASTER_ONE 65536

/// A new rasteriser with no contours (NULL when memory ran out). Free with lamina_raster_destroy.
LaminaRaster *lamina_raster_create(void);

/// Frees a rasteriser and its buffers (NULL: nothing).
void lamina_raster_destroy(LaminaRaster *r);

/// Forgets the contours added (the buffers are kept for the next shape).
void lamina_raster_reset(LaminaRaster *r);

/// Keeps only what rows [ry0, ry1) need of the contours added from now on (until the next reset):
/// edges wholly above or wholly below those rows are left out, so a band of a frame does not set up
/// the edges of the other bands. The bounds are those of every point, as without the limit, and
/// rasterising rows inside [ry0, ry1) gives exactly what it gives without the limit; rows outside
/// it are not drawn right.
void lamina_raster_limit_rows(LaminaRaster *r, int32_t ry0, int32_t ry1);

/// Adds a closed contour of `count` points (x, y pairs in device pixels; the last joins the
/// first). Contours with fewer than 3 points or a non-finite coordinate are skipped (returns 0);
/// 1 when added; −1 when memory ran out.
int32_t lamina_raster_add_contour(LaminaRaster *r, const double *xy, int32_t count);

/// lamina_raster_add_contour of the contour's points mapped by the affine map m = (a, b, d, e, g,
/// h): point (x, y) becomes (x·a + y·d + g, x·b + y·e + h), each product and sum rounded in that
/// order (the doubles Compositor's Projective2D.projectClipped gives for an affine map). A contour
/// with a non-finite point or image is skipped (returns 0).
int32_t lamina_raster_add_contour_affine(LaminaRaster *r, const double *xy, int32_t count, const double *m);

/// Streaming, for contours of many points (their edges then never stored whole): first every
/// contour's bounds with lamina_raster_add_bounds (m NULL: no map; returns 1 when the contour is
/// taken, 0 when it has fewer than 3 points or a non-finite point or image: it must then not be
/// added), then lamina_raster_stream_begin with the arguments of the fill or coverage call to
/// come. When it returns 1, each taken contour added (with the same m) is accumulated at once, a
/// block of edges at a time; when 0 (the rectangle is more than one strip of cells, or streaming
/// is not allowed), contours are added as usual. The pixels are the same either way.
int32_t lamina_raster_add_bounds(LaminaRaster *r, const double *xy, int32_t count, const double *m);
/// See lamina_raster_add_bounds: 1 when the contours added from now on are streamed.
int32_t lamina_raster_stream_begin(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1);
/// Whether lamina_raster_stream_begin may stream (1, the default) or not (0: to compare the two).
void lamina_raster_allow_streaming(LaminaRaster *r, int32_t allow);

/// The pixel rectangle rasterised for the contours added, clipped to columns [cx0, cx1) and rows
/// [ry0, ry1): box = x, y, width, height (all 0 and returns 0 when empty; 1 otherwise).
int32_t lamina_raster_bounds(const LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1, int32_t *box);

/// Rasterises the contours added (non-zero rule, or even-odd when evenOdd is not 0) over columns
/// [cx0, cx1) and rows [ry0, ry1) and blends `color` (premultiplied ARGB) through the coverage onto
/// the pixels of columns [paintX0, paintX1): pixel (x, y) at pixels + (y − frameY)·stride + (x −
/// frameX). Each pixel gets what PrimitiveDrawer's runs give it: color scaled by
/// k = (uint32_t)(min(coverage·op, 1)·255 + 0.5) over the pixel. Returns 0, or −1 when memory ran
/// out (nothing drawn).
int32_t lamina_raster_fill_solid(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1,
                                 int32_t paintX0, int32_t paintX1, uint32_t *pixels, intptr_t stride, int32_t frameX, int32_t frameY,
                                 uint32_t color, float op);

/// lamina_raster_fill_solid of the contours added to `edges` (another rasteriser, with no limit on
/// its rows when rows of several bands are drawn from it), in r's cells: the bands of a frame set a
/// shape's edges up once. `edges` is only read, so that several threads may draw from it at once,
/// each with a rasteriser of its own, once whoever added its contours has handed it over; r's own
/// contours are not used. The same pixels as lamina_raster_fill_solid on `edges`.
int32_t lamina_raster_fill_solid_edges(LaminaRaster *r, const LaminaRaster *edges, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0,
                                       int32_t ry1, int32_t paintX0, int32_t paintX1, uint32_t *pixels, intptr_t stride, int32_t frameX,
                                       int32_t frameY, uint32_t color, float op);

/// Rasterises as lamina_raster_fill_solid does and writes the coverage (0...1) of the rectangle
/// lamina_raster_bounds gives into out (width·height floats, row by row). Returns 0, or −1 when
/// memory ran out.
int32_t lamina_raster_coverage(LaminaRaster *r, int32_t evenOdd, int32_t cx0, int32_t cx1, int32_t ry0, int32_t ry1, float *out);

/// One row of the sweep: for i in 0 ..< count, sum += cells[i], cells[i] = 0, coverage[i] = the
/// coverage of sum (|sum| capped at LAMINA_RASTER_ONE, or for evenOdd folded with period
/// 2·LAMINA_RASTER_ONE, divided by LAMINA_RASTER_ONE). Returns the last sum. Sums wrap as unsigned.
int32_t lamina_raster_sweep_row(int32_t *cells, float *coverage, int32_t count, int32_t sum, int32_t evenOdd);

/// 1 when the x86 vector versions are in use (level AVX2 or AVX-512): the CPU has AVX2 and the
/// portable code is not forced. 0 on other CPUs (NEON: lamina_kernels_level).
int32_t lamina_kernels_use_avx2(void);

/// 1 when the CPU has AVX2 (whatever the mode).
int32_t lamina_kernels_cpu_has_avx2(void);

/// 1 when the CPU (and the operating system) has AVX-512 F, BW and DQ (whatever the mode).
int32_t lamina_kernels_cpu_has_avx512(void);

/// 1 on AArch64, where every CPU has NEON (Advanced SIMD); 0 elsewhere.
int32_t lamina_kernels_cpu_has_neon(void);

/// Kernel selection modes for lamina_kernels_set_mode.
/// LAMINA_KERNELS_AUTO: the best versions the CPU runs (the default).
/// LAMINA_KERNELS_PORTABLE: the portable code on every CPU.
/// LAMINA_KERNELS_AVX2: at most AVX2 (the AVX2 versions where the CPU has AVX2, even with AVX-512);
/// on AArch64 the same as LAMINA_KERNELS_AUTO (NEON is its only vector level).
#define LAMINA_KERNELS_AUTO 0
#define LAMINA_KERNELS_PORTABLE 1
#define LAMINA_KERNELS_AVX2 2

/// The versions calls run now, from the mode and the CPU: LAMINA_LEVEL_PORTABLE,
/// LAMINA_LEVEL_AVX2 or LAMINA_LEVEL_AVX512 on x86-64, LAMINA_LEVEL_PORTABLE or LAMINA_LEVEL_NEON
/// on AArch64. Kernels without an AVX-512 version run their AVX2 one at LAMINA_LEVEL_AVX512.
int32_t lamina_kernels_level(void);
#define LAMINA_LEVEL_PORTABLE 0
#define LAMINA_LEVEL_AVX2 1
#define LAMINA_LEVEL_AVX512 2
#define LAMINA_LEVEL_NEON 3

/// Chooses which versions every later kernel call runs; returns the previous mode. The starting
/// mode comes from the environment, read once on first use: LAMINA_SIMD=portable (or scalar)
/// forces the portable code, LAMINA_SIMD=avx2 caps the level at AVX2, anything else (or nothing) is automatic; a call to this function before that
/// first use takes precedence over the variable. Thread-safe (an atomic): a kernel call already
/// running finishes in the mode it started with; each call reads the mode once, so a row is never
/// drawn half one way and half the other. All versions give bit-identical results; the switch
/// exists so that tests cover the lower levels on machines with the higher ones. An unknown mode
/// is taken as LAMINA_KERNELS_AUTO.
int32_t lamina_kernels_set_mode(int32_t mode);

/// The current mode (LAMINA_KERNELS_AUTO, LAMINA_KERNELS_PORTABLE or LAMINA_KERNELS_AVX2).
int32_t lamina_kernels_mode(void);

/// Premultiplied ARGB (`stride` pixels per row, `width` x `height`) to planar YUV 4:2:0, BT.709
/// limited range (formula in yuv.c): rows [row0, row0 + rows) of luma (row0 even) and the chroma
/// rows of their pairs; an odd last row or column counts twice in its chroma block. `straight`
/// takes each pixel that is not opaque as its un-premultiplied colour; otherwise the colour is the
/// premultiplied one (the frame over black). The AVX2 and NEON versions are bit-identical with the portable one.
void lamina_argb_to_i420(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int32_t straight,
                         uint8_t *y, int32_t yStride, uint8_t *u, uint8_t *v, int32_t cStride);

/// The box passes of a blur of a `w` x `h` plane `a` of 16-bit values held in 32-bit integers
/// (BoxBlur's three boxes): for each radius r of `radii` (n of them; 0...511), a box of width 2r + 1
/// along each row (zeros outside), into `tmp`, then down each column, back into `a`; each value
/// floor((sum + (2r + 1)/2) / (2r + 1)). `tmp` holds w·h values, `sums` w + 1. The AVX2 and AVX-512
/// versions of both passes (the row pass from each row's prefix sums, made in registers into a
/// padded row of their own) are bit-identical with the portable running sums.
void lamina_box_blur_passes(int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h, const int32_t *radii, int32_t n);

/// A whole blur of a `w` x `h` plane that is zero but for `src` (`srcWidth` x `srcHeight` values
/// placed with its top left at (ox, oy), inside the plane): each value clamped to 0...1 and taken to
/// 16-bit fixed point (as BoxBlur does: (int32_t)(min(max(v, 0), 1)·65535 + 0.5) in float, NaN as
/// 0) into `a`, the passes of lamina_box_blur_passes, then each value times 1/65535 (float) into
/// `out`. `a` and `tmp` hold w·h values (their contents on entry unused), `sums` w + 1. `out` may be
/// `src` itself (read whole before anything is written).
void lamina_box_blur_placed(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy,
                            float *out, int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h,
                            const int32_t *radii, int32_t n);

/// Which axes the plane lamina_box_blur_placed blurs (that source at (ox, oy) in a `w` x `h` plane)
/// mirrors along, exactly (values equal as floats, so in fixed point): bit 0 left-right (the source
/// centred across, each row its own mirror), bit 1 top-bottom. lamina_box_blur_placed then makes
/// only the half (quarter) of the plane the mirror does not give, bit for bit the whole blur (box
/// means depend on their window's sum alone, and each window is the mirror of another).
int32_t lamina_box_blur_mirrors(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy, int32_t w, int32_t h);

/// lamina_box_blur_placed with the plane's mirror axes given: `axes` lamina_box_blur_mirrors' answer
/// for these arguments (0: the whole blur), or -1 to find them.
void lamina_box_blur_placed_axes(const float *src, int32_t srcWidth, int32_t srcHeight, int32_t ox, int32_t oy,
                                 float *out, int32_t *a, int32_t *tmp, int32_t *sums, int32_t w, int32_t h,
                                 const int32_t *radii, int32_t n, int32_t axes);

/// Turns lamina_box_blur_placed's mirrored blur on (the default) or off, process-wide (for tests
/// comparing it with the whole blur; off, lamina_box_blur_mirrors answers 0).
void lamina_box_blur_set_mirroring(int32_t on);

/// The mirrored blur of lamina_box_blur_placed_axes in stages (as the stages below for the whole
/// blur), on a working plane `wp` x `hp`, the top left of the `w` x `h` plane (W = ⌈w/2⌉ when
/// mirrored left-right, else w, H likewise; wp = min(w, W + the largest radius), hp likewise):
/// `lamina_box_blur_place_rows_cut` places source rows [y0, y1) (those within hp - oy), `count` =
/// min(srcWidth, wp - ox) values of each; each radius' row pass runs on the working plane (its live
/// rows cut to hp), after `lamina_box_blur_mirror_rows` (a pass after the first; rows [y0, y1) of
/// `a` from H on copied from their mirror rows) and followed by `lamina_box_blur_mirror_columns`
/// (columns [W, wp) of those rows of `tmp` from their mirror columns); the column passes run on the
/// working plane; `lamina_box_blur_from_fixed_mirrored` makes rows [y0, y1) of `out` (w x h).
void lamina_box_blur_place_rows_cut(const float *src, int32_t srcWidth, int32_t count, int32_t ox, int32_t oy, int32_t *a, int32_t wp,
                                    int32_t y0, int32_t y1);
void lamina_box_blur_mirror_rows(int32_t *a, int32_t wp, int32_t h, int32_t H, int32_t y0, int32_t y1);
void lamina_box_blur_mirror_columns(int32_t *tmp, int32_t wp, int32_t w, int32_t W, int32_t y0, int32_t y1);
void lamina_box_blur_from_fixed_mirrored(float *out, const int32_t *a, int32_t wp, int32_t w, int32_t h, int32_t W, int32_t H,
                                         int32_t y0, int32_t y1);

/// How many mirrored blurs lamina_box_blur_placed has made in this process (for tests and profiles).
int64_t lamina_box_blur_mirrored_count(void);

/// lamina_box_blur_placed in stages that threads sharing one blur run on disjoint parts of the
/// plane (each stage after every part of the one before it is done); together, the bits of the
/// whole call. `lamina_box_blur_place_rows`: source rows [y0, y1) placed (with the zeros left and
/// right of them) into `a`. `lamina_box_blur_row_pass`: one radius' row pass into rows [y0, y1) of
/// `tmp`, from the rows of `a` within [live0, live1) (the rows a value can have reached; the others
/// are zeros, not read). `lamina_box_blur_column_pass`: its column pass, columns [x0, x1) of `tmp`
/// back into `a` (`sums` holds w values; each part uses its own columns of it).
/// `lamina_box_blur_from_fixed`: out[i] = a[i]·(1/65535) for `count` values.
/// `lamina_box_blur_live_rows`: each radius' [live0, live1) (2n values into `live`) for a source
/// `srcHeight` rows high placed at row `oy` of a plane `h` rows high. The stages need every radius
/// within 0...511 and at least one of them (else the whole call: it writes the zeros no pass does).
void lamina_box_blur_place_rows(const float *src, int32_t srcWidth, int32_t ox, int32_t oy, int32_t *a, int32_t w, int32_t y0, int32_t y1);
void lamina_box_blur_row_pass(const int32_t *a, int32_t *tmp, int32_t w, int32_t r, int32_t live0, int32_t live1, int32_t y0, int32_t y1);
void lamina_box_blur_column_pass(const int32_t *tmp, int32_t *a, int32_t *sums, int32_t w, int32_t h, int32_t r, int32_t x0, int32_t x1);
void lamina_box_blur_from_fixed(float *out, const int32_t *a, intptr_t count);
void lamina_box_blur_live_rows(int32_t h, const int32_t *radii, int32_t n, int32_t oy, int32_t srcHeight, int32_t *live);

/// Brings `rows` rows of `width` pixels (rows `stride` pixels apart) into the CPU's caches ahead
/// of use by reading one word of each 64-byte line, in order; returns their sum (so that the reads
/// are kept). No effect on results.
uint32_t lamina_touch_rows(const uint32_t *p, intptr_t stride, int32_t width, int32_t rows);

/// A hint to the CPU inside a spin-wait loop (x86 PAUSE, AArch64 YIELD; nothing elsewhere).
static inline void lamina_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif
