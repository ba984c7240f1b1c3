/* vector_shim.c - Blend2D entry points for vector_anchors.py (ctypes): gradient-filled rounded rects,
 * path fills, strokes, text and a path rebuilt every frame, each one call per operation ending in a
 * synchronous flush, so Python costs one call per op.
 *
 * Blend2D comes from the blend2d-python wheel (pip install blend2d-python), which ships the library as
 * site-packages/blend2d/libblend2d.a (Blend2D 0.12.0-dev) without its headers; the few declarations
 * below state the C API's signatures and the layouts of the plain structs this file passes.
 *
 * build (vector_anchors.py does it on first use):
 *   gcc -O2 -shared -fPIC vector_shim.c $SITE/blend2d/libblend2d.a -lstdc++ -lpthread -lrt -lm -o vector_shim.so
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

typedef uint32_t BLResult;
typedef struct { void *d[2]; } BLObjectCore; /* every Blend2D object is 16 bytes */
typedef BLObjectCore BLImageCore, BLContextCore, BLPathCore, BLGradientCore, BLFontFaceCore, BLFontCore;
typedef struct { int x, y; } BLPointI;
typedef struct { double x, y; } BLPoint;
typedef struct { double m[6]; } BLMatrix2D;
typedef struct { double x, y, w, h, rx, ry; } BLRoundRect;
typedef struct { double offset; uint64_t rgba64; } BLGradientStop;
typedef struct {
    uint32_t flags, threadCount, cpuFeatures, commandQueueLimit, savedStateLimit;
    BLPointI pixelOrigin;
    uint32_t reserved[1];
} BLContextCreateInfo;

BLResult blImageInitAsFromData(BLImageCore *self, int w, int h, uint32_t format, void *pixelData, intptr_t stride,
                               uint32_t accessFlags, void *destroyFunc, void *userData);
BLResult blImageDestroy(BLImageCore *self);
BLResult blContextInitAs(BLContextCore *self, BLImageCore *image, const BLContextCreateInfo *cci);
BLResult blContextDestroy(BLContextCore *self);
BLResult blContextEnd(BLContextCore *self);
BLResult blContextFlush(BLContextCore *self, uint32_t flags);
BLResult blContextSetFillRule(BLContextCore *self, uint32_t fillRule);
BLResult blContextSetStrokeWidth(BLContextCore *self, double width);
BLResult blContextSetStrokeMiterLimit(BLContextCore *self, double miterLimit);
BLResult blContextSetStrokeJoin(BLContextCore *self, uint32_t strokeJoin);
BLResult blContextSetStrokeCaps(BLContextCore *self, uint32_t strokeCap);
BLResult blContextFillGeometryExt(BLContextCore *self, uint32_t type, const void *data, const void *style);
BLResult blContextFillGeometryRgba32(BLContextCore *self, uint32_t type, const void *data, uint32_t rgba32);
BLResult blContextFillPathDRgba32(BLContextCore *self, const BLPoint *origin, const BLPathCore *path, uint32_t rgba32);
BLResult blContextStrokePathDRgba32(BLContextCore *self, const BLPoint *origin, const BLPathCore *path, uint32_t rgba32);
BLResult blContextFillUtf8TextDRgba32(BLContextCore *self, const BLPoint *origin, const BLFontCore *font, const char *text,
                                      size_t size, uint32_t rgba32);
BLResult blPathInit(BLPathCore *self);
BLResult blPathDestroy(BLPathCore *self);
BLResult blPathClear(BLPathCore *self);
BLResult blPathMoveTo(BLPathCore *self, double x0, double y0);
BLResult blPathLineTo(BLPathCore *self, double x1, double y1);
BLResult blPathCubicTo(BLPathCore *self, double x1, double y1, double x2, double y2, double x3, double y3);
BLResult blPathClose(BLPathCore *self);
BLResult blGradientInitAs(BLGradientCore *self, uint32_t type, const void *values, uint32_t extendMode,
                          const BLGradientStop *stops, size_t n, const BLMatrix2D *transform);
BLResult blGradientDestroy(BLGradientCore *self);
BLResult blFontFaceInit(BLFontFaceCore *self);
BLResult blFontFaceCreateFromFile(BLFontFaceCore *self, const char *fileName, uint32_t readFlags);
BLResult blFontFaceDestroy(BLFontFaceCore *self);
BLResult blFontInit(BLFontCore *self);
BLResult blFontCreateFromFace(BLFontCore *self, const BLFontFaceCore *face, float size);
BLResult blFontDestroy(BLFontCore *self);

enum { FORMAT_PRGB32 = 1, ACCESS_RW = 3, FLUSH_SYNC = 0x80000000u, GEOMETRY_ROUND_RECT = 7 };
enum { GRADIENT_LINEAR = 0, GRADIENT_RADIAL = 1, GRADIENT_CONIC = 2, EXTEND_PAD = 0 };

#define TRY(x) do { BLResult r_ = (x); if (r_) return (int)r_; } while (0)

typedef struct { BLImageCore target; BLContextCore ctx; } vs_ctx;

/* a context on caller-owned premultiplied 32-bit pixels; threads 0 = synchronous, 2 = calling thread + 1 worker.
 * BL_CPU_FEATURES (hex BLRuntimeCpuFeatures mask, e.g. 0x7F = up to AVX2) limits the JIT as in ../shared/bench-anchors */
void *vs_ctx_new(uint32_t *pixels, int w, int h, int stride, int threads)
{
    vs_ctx *c = calloc(1, sizeof *c);
    BLContextCreateInfo cci;
    memset(&cci, 0, sizeof cci);
    cci.threadCount = (uint32_t)threads;
    const char *feat = getenv("BL_CPU_FEATURES");
    if (feat && *feat) {
        cci.flags |= 0x02000000u | 0x08000000u; /* isolated JIT runtime, override CPU features */
        cci.cpuFeatures = (uint32_t)strtoul(feat, NULL, 16);
    }
    if (!c || blImageInitAsFromData(&c->target, w, h, FORMAT_PRGB32, pixels, stride, ACCESS_RW, NULL, NULL) ||
        blContextInitAs(&c->ctx, &c->target, &cci)) {
        free(c);
        return NULL;
    }
    return c;
}

void vs_ctx_free(void *p)
{
    vs_ctx *c = p;
    blContextEnd(&c->ctx);
    blContextDestroy(&c->ctx);
    blImageDestroy(&c->target);
    free(c);
}

/* 8-bit straight ARGB to Blend2D's 16-bit straight ARGB */
static uint64_t argb64(uint32_t c)
{
    uint64_t a = c >> 24, r = c >> 16 & 255, g = c >> 8 & 255, b = c & 255;
    return (a * 257) << 48 | (r * 257) << 32 | (g * 257) << 16 | b * 257;
}

/* n gradients, one per rect (x, y, w, h): kind 0 axial from unit point su to eu, 1 radial centred at su with
 * radii |eu - su| * size (an ellipse: a unit circle through a transform), 2 conic about su starting towards eu;
 * stops: locations and straight 0xAARRGGBB colours.  Returns the gradient array (vs_gradients_free). */
void *vs_gradients_new(int kind, const double *rects, int n, const double *su, const double *eu, const double *locs,
                       const uint32_t *colors, int nstops)
{
    BLGradientCore *g = calloc((size_t)n, sizeof *g);
    BLGradientStop stops[16];
    if (!g || nstops > 16) { free(g); return NULL; }
    for (int k = 0; k < nstops; k++) { stops[k].offset = locs[k]; stops[k].rgba64 = argb64(colors[k]); }
    for (int i = 0; i < n; i++) {
        const double *r = rects + 4 * i;
        double sx = r[0] + su[0] * r[2], sy = r[1] + su[1] * r[3], ex = r[0] + eu[0] * r[2], ey = r[1] + eu[1] * r[3];
        BLResult res;
        if (kind == 0) {
            double v[4] = {sx, sy, ex, ey};
            res = blGradientInitAs(&g[i], GRADIENT_LINEAR, v, EXTEND_PAD, stops, (size_t)nstops, NULL);
        } else if (kind == 1) {
            double v[6] = {0, 0, 0, 0, 1, 0};
            BLMatrix2D m = {{fabs(ex - sx), 0, 0, fabs(ey - sy), sx, sy}};
            res = blGradientInitAs(&g[i], GRADIENT_RADIAL, v, EXTEND_PAD, stops, (size_t)nstops, &m);
        } else {
            double v[4] = {sx, sy, atan2(ey - sy, ex - sx), 1};
            res = blGradientInitAs(&g[i], GRADIENT_CONIC, v, EXTEND_PAD, stops, (size_t)nstops, NULL);
        }
        if (res) { free(g); return NULL; }
    }
    return g;
}

void vs_gradients_free(void *p, int n)
{
    BLGradientCore *g = p;
    for (int i = 0; i < n; i++) blGradientDestroy(&g[i]);
    free(g);
}

/* one op: every rect filled with its gradient as a rounded rect of radius r */
int vs_fill_gradients(void *p, const void *grads, const double *rects, int n, double radius)
{
    BLContextCore *ctx = &((vs_ctx *)p)->ctx;
    const BLGradientCore *g = grads;
    for (int i = 0; i < n; i++) {
        BLRoundRect rr = {rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3], radius, radius};
        TRY(blContextFillGeometryExt(ctx, GEOMETRY_ROUND_RECT, &rr, &g[i]));
    }
    return (int)blContextFlush(ctx, FLUSH_SYNC);
}

/* appends verbs ("M", "L", "C", "Z") with their points to path */
static int add_verbs(BLPathCore *path, const char *verbs, const double *pt)
{
    for (const char *v = verbs; *v; v++) {
        switch (*v) {
        case 'M': TRY(blPathMoveTo(path, pt[0], pt[1])); pt += 2; break;
        case 'L': TRY(blPathLineTo(path, pt[0], pt[1])); pt += 2; break;
        case 'C': TRY(blPathCubicTo(path, pt[0], pt[1], pt[2], pt[3], pt[4], pt[5])); pt += 6; break;
        case 'Z': TRY(blPathClose(path)); break;
        default: return -1;
        }
    }
    return 0;
}

/* n paths: verbs[i] with their points starting at points + offsets[i] */
void *vs_paths_new(const char **verbs, const double *points, const int *offsets, int n)
{
    BLPathCore *paths = calloc((size_t)n, sizeof *paths);
    if (!paths) return NULL;
    for (int i = 0; i < n; i++) {
        blPathInit(&paths[i]);
        if (add_verbs(&paths[i], verbs[i], points + offsets[i])) return NULL;
    }
    return paths;
}

void vs_paths_free(void *p, int n)
{
    BLPathCore *paths = p;
    for (int i = 0; i < n; i++) blPathDestroy(&paths[i]);
    free(paths);
}

/* one op: fill (stroke = 0) or stroke every path with its colour (straight 0xAARRGGBB); rule 0 non-zero, 1 even-odd;
 * join: Blend2D's BLStrokeJoin, cap: BLStrokeCap */
int vs_draw_paths(void *p, const void *paths, int n, const uint32_t *colors, int stroke, int rule, double width,
                  int join, int cap, double miterLimit)
{
    BLContextCore *ctx = &((vs_ctx *)p)->ctx;
    const BLPathCore *pa = paths;
    BLPoint o = {0, 0};
    if (stroke) {
        TRY(blContextSetStrokeWidth(ctx, width));
        TRY(blContextSetStrokeJoin(ctx, (uint32_t)join));
        TRY(blContextSetStrokeCaps(ctx, (uint32_t)cap));
        TRY(blContextSetStrokeMiterLimit(ctx, miterLimit));
        for (int i = 0; i < n; i++) TRY(blContextStrokePathDRgba32(ctx, &o, &pa[i], colors[i]));
    } else {
        TRY(blContextSetFillRule(ctx, (uint32_t)rule));
        for (int i = 0; i < n; i++) TRY(blContextFillPathDRgba32(ctx, &o, &pa[i], colors[i]));
    }
    return (int)blContextFlush(ctx, FLUSH_SYNC);
}

/* a font from a TrueType file at size pixels (vs_font_free) */
void *vs_font_new(const char *file, double size)
{
    BLFontCore *f = calloc(1, sizeof *f);
    BLFontFaceCore face;
    blFontFaceInit(&face);
    blFontInit(f);
    if (blFontFaceCreateFromFile(&face, file, 0) || blFontCreateFromFace(f, &face, (float)size)) {
        blFontFaceDestroy(&face);
        free(f);
        return NULL;
    }
    blFontFaceDestroy(&face);
    return f;
}

void vs_font_free(void *f) { blFontDestroy(f); free(f); }

/* one op: n UTF-8 lines, line i with its baseline's left end at (xy[2i], xy[2i+1]) */
int vs_text(void *p, const void *font, const char **lines, const double *xy, int n, uint32_t color)
{
    BLContextCore *ctx = &((vs_ctx *)p)->ctx;
    for (int i = 0; i < n; i++) {
        BLPoint o = {xy[2 * i], xy[2 * i + 1]};
        TRY(blContextFillUtf8TextDRgba32(ctx, &o, font, lines[i], strlen(lines[i]), color));
    }
    return (int)blContextFlush(ctx, FLUSH_SYNC);
}

/* one op of the path animation: the path whose points are from + (to - from) * t (npoints doubles each) built
 * anew, filled (non-zero) and stroked (round caps, join as BLStrokeJoin) */
int vs_morph(void *p, const char *verbs, const double *from, const double *to, int npoints, double t, uint32_t fill,
             uint32_t stroke, double width, int join)
{
    BLContextCore *ctx = &((vs_ctx *)p)->ctx;
    double pt[1024];
    BLPathCore path;
    BLPoint o = {0, 0};
    if (npoints > 1024) return -1;
    for (int i = 0; i < npoints; i++) pt[i] = from[i] + (to[i] - from[i]) * t;
    blPathInit(&path);
    int r = add_verbs(&path, verbs, pt);
    if (!r) r = (int)blContextSetFillRule(ctx, 0);
    if (!r) r = (int)blContextFillPathDRgba32(ctx, &o, &path, fill);
    if (!r) r = (int)blContextSetStrokeWidth(ctx, width);
    if (!r) r = (int)blContextSetStrokeJoin(ctx, (uint32_t)join);
    if (!r) r = (int)blContextSetStrokeCaps(ctx, 0);
    if (!r) r = (int)blContextStrokePathDRgba32(ctx, &o, &path, stroke);
    blPathDestroy(&path);
    if (r) return r;
    return (int)blContextFlush(ctx, FLUSH_SYNC);
}
