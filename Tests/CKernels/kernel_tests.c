// The CPixelKernels C kernels at every level the running CPU has (portable, AVX2, AVX-512 on
// x86-64; portable, NEON on AArch64), on seeded random inputs, compared with the portable level's
// output; the portable level itself is compared with formulas written out here from
// CPixelKernels.h, sharing no code with the kernels. Every output buffer has guard words around
// it, so a write outside the row or rectangle is a failure too.
//
// Built and run by scripts/test-arm64-kernels.sh (natively, and cross-compiled for AArch64 under
// qemu-user). Ends with the line "N passed, M failed"; exits 1 on any failure.
//
//   cc -O2 -ffp-contract=off -I Sources/CPixelKernels/include Tests/CKernels/kernel_tests.c Sources/CPixelKernels/*.c

#include "CPixelKernels.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// ---- bookkeeping ---------------------------------------------------------------------------------

static long passed, failed;
static const char *current = "";   // the kernel and case being checked, for messages

static void check(int ok, const char *level, const char *what) {
    if (ok) { passed++; return; }
    failed++;
    if (failed <= 25) fprintf(stderr, "FAIL %s at level %s: %s\n", current, level, what);
}

// ---- seeded random numbers (splitmix64) ----------------------------------------------------------

static uint64_t rng_state = 0x1A7A1A5EEDull;

static uint64_t next64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// A whole number in lo...hi.
static int32_t irand(int32_t lo, int32_t hi) { return lo + (int32_t)(next64() % (uint64_t)(hi - lo + 1)); }
static double drand(double lo, double hi) { return lo + (hi - lo) * (double)(next64() >> 11) / 9007199254740992.0; }
static int chance(double p) { return drand(0, 1) < p; }
static uint32_t any_pixel(void) { return (uint32_t)next64(); }

/// A premultiplied pixel (each colour channel at most the alpha), alpha 0 and 255 often.
static uint32_t premultiplied_pixel(void) {
    int r = irand(0, 9);
    uint32_t a = r == 0 ? 0 : r <= 3 ? 255 : (uint32_t)irand(1, 254);
    uint32_t p = a << 24;
    for (int s = 0; s < 24; s += 8) p |= (uint32_t)irand(0, (int32_t)a) << s;
    return p;
}

/// A row of premultiplied pixels: runs of opaque, of transparent, or of mixed alpha (so that vector
/// steps meet all-opaque groups, all-transparent groups and mixtures).
static void premultiplied_row(uint32_t *p, int32_t n) {
    for (int32_t i = 0; i < n;) {
        int32_t run = irand(1, 40), kind = irand(0, 4);
        for (int32_t j = 0; j < run && i < n; j++, i++) {
            uint32_t q = premultiplied_pixel();
            if (kind == 0) q |= 0xFF000000u;                 // opaque (channels below 255 stay valid)
            else if (kind == 1) q = 0;                       // transparent
            else if (kind == 2) q = chance(0.3) ? 0xFEFEFEFEu : 0xFF000000u | (uint32_t)irand(0, 0xFEFEFE);   // alpha 254 among opaque
            p[i] = q;
        }
    }
}

// ---- levels ----------------------------------------------------------------------------------------

typedef struct { int32_t mode, level; const char *name; } Level;
static Level levels[4];
static int level_count;

static const char *level_name(int32_t level) {
    switch (level) {
    case LAMINA_LEVEL_PORTABLE: return "portable";
    case LAMINA_LEVEL_AVX2: return "AVX2";
    case LAMINA_LEVEL_AVX512: return "AVX-512";
    case LAMINA_LEVEL_NEON: return "NEON";
    default: return "unknown";
    }
}

/// The distinct levels the modes reach on this CPU, portable first.
static void find_levels(void) {
    const int32_t modes[] = { LAMINA_KERNELS_PORTABLE, LAMINA_KERNELS_AVX2, LAMINA_KERNELS_AUTO };
    for (int m = 0; m < 3; m++) {
        lamina_kernels_set_mode(modes[m]);
        int32_t level = lamina_kernels_level(), seen = 0;
        for (int i = 0; i < level_count; i++) seen |= levels[i].level == level;
        if (!seen) levels[level_count++] = (Level){ modes[m], level, level_name(level) };
    }
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
}

static void use_level(const Level *l) { lamina_kernels_set_mode(l->mode); }

// ---- the formulas, from CPixelKernels.h -----------------------------------------------------------

static uint32_t ch(uint32_t p, int s) { return (p >> s) & 255; }
/// round(x·k/255) (never exactly .5: 255 is odd).
static uint32_t div255(uint32_t x, uint32_t k) { return (2 * x * k + 255) / 510; }

static uint32_t ref_scale(uint32_t p, uint32_t k) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) r |= div255(ch(p, s), k) << s;
    return r;
}

static uint32_t ref_over(uint32_t d, uint32_t s, uint32_t k) {
    uint32_t sc = ref_scale(s, k), ia = 255 - (sc >> 24), r = 0;
    for (int c = 0; c < 32; c += 8) r |= (ch(sc, c) + div255(ch(d, c), ia)) << c;
    return r;
}

static uint32_t ref_k(float c, float op) {
    volatile float v = c * op;   // volatile: each operation rounded on its own, as the header says
    if (!(v < 1.0f)) v = 1.0f;
    volatile float t = v * 255.0f;
    return (uint32_t)(t + 0.5f);
}

static uint32_t ref_lerp(uint32_t p, uint32_t q, uint32_t f) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) r |= ((ch(p, s) * (256 - f) + ch(q, s) * f) / 256) << s;
    return r;
}

static uint32_t ref_bilinear(const uint32_t *tex, int32_t w, int64_t ui, int64_t vi, int32_t maxX, int32_t maxY) {
    int64_t ix = ui / 256, iy = vi / 256, ix1 = ix + 1 < maxX ? ix + 1 : maxX, iy1 = iy + 1 < maxY ? iy + 1 : maxY;
    uint32_t fx = (uint32_t)(ui % 256), fy = (uint32_t)(vi % 256);
    return ref_lerp(ref_lerp(tex[iy * w + ix], tex[iy * w + ix1], fx), ref_lerp(tex[iy1 * w + ix], tex[iy1 * w + ix1], fx), fy);
}

static int64_t ref_fixed(double t, int32_t lo, int32_t hi) {
    if (isnan(t) || t <= (double)lo * 256) return (int64_t)lo * 256;
    if (t >= (double)hi * 256) return (int64_t)hi * 256;
    return (int64_t)trunc(t);
}

static uint8_t ref_luma(uint32_t p) {
    return (uint8_t)((5983 * (int32_t)ch(p, 16) + 20127 * (int32_t)ch(p, 8) + 2032 * (int32_t)ch(p, 0) + 16 * 32768 + 16384) >> 15);
}

static uint32_t ref_straight(uint32_t p) {
    uint32_t a = p >> 24, r = 0;
    if (a == 255) return p;
    if (a == 0) return 0;
    for (int s = 0; s < 24; s += 8) { uint32_t c = (ch(p, s) * 255 + a / 2) / a; r |= (c > 255 ? 255 : c) << s; }
    return r;
}

// ---- guarded buffers ------------------------------------------------------------------------------

enum { GUARD = 16 };
static const uint32_t GUARD_WORD = 0xDEADBEEFu;

/// n words with GUARD guard words either side, plus `misalign` words so the body starts off any
/// vector boundary; returns the body.
static uint32_t *guarded(uint32_t *block, int32_t n, int32_t misalign) {
    uint32_t *body = block + GUARD + misalign;
    for (int32_t i = 0; i < GUARD + misalign; i++) block[i] = GUARD_WORD;
    for (int32_t i = 0; i < GUARD; i++) body[n + i] = GUARD_WORD;
    return body;
}

static int guards_intact(const uint32_t *body, int32_t n) {
    for (int32_t i = 1; i <= GUARD; i++) if (body[-i] != GUARD_WORD) return 0;
    for (int32_t i = 0; i < GUARD; i++) if (body[n + i] != GUARD_WORD) return 0;
    return 1;
}

/// Compares n words with the expected ones; describes the first difference in `what`.
static int same_words(const uint32_t *got, const uint32_t *want, int32_t n, char *what, size_t size) {
    for (int32_t i = 0; i < n; i++)
        if (got[i] != want[i]) { snprintf(what, size, "word %d: %08x, expected %08x", i, got[i], want[i]); return 0; }
    snprintf(what, size, "ok");
    return 1;
}

static char label[256];
#define LABEL(...) (snprintf(label, sizeof label, __VA_ARGS__), current = label)

/// Runs `run` on a fresh copy of `input` (n words) at every level; each result must equal `want`
/// (the formula's, or else the portable level's) and leave the guard words alone.
#define AT_EVERY_LEVEL(n, input, want, misalign, run)                                          \
    for (int li = 0; li < level_count; li++) {                                                \
        uint32_t *out = guarded(block, (n), (misalign));                                      \
        memcpy(out, (input), sizeof(uint32_t) * (size_t)(n));                                 \
        use_level(&levels[li]);                                                               \
        run;                                                                                  \
        char what[160];                                                                       \
        int ok = same_words(out, (want), (n), what, sizeof what);                              \
        check(ok && guards_intact(out, (n)), levels[li].name, ok ? "wrote outside its pixels" : what); \
    }

enum { MAXN = 4200 };
static uint32_t block[MAXN + 2 * GUARD + 16], input[MAXN], want[MAXN], src_block[MAXN + 16];

// ---- the kernels ----------------------------------------------------------------------------------

static const int32_t sizes[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 255, 257, 1000 };
enum { NSIZES = sizeof sizes / sizeof sizes[0] };

static void test_over_row(void) {
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

static void test_over_rect(void) {
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

static void test_over_solid(void) {
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

static void test_fill_rect(void) {
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

static void test_over_solid_coverage(void) {
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
            for (int32_t i = 0; i < n; i++) {
                uint32_t k = color ? ref_k(coverage[i], op) : 0;
                want[i] = k ? ref_over(input[i], color, k) : input[i];
            }
            LABEL("lamina_over_solid_coverage (%d px, colour %08x, op %g)", n, color, (double)op);
            AT_EVERY_LEVEL(n, input, want, misalign, lamina_over_solid_coverage(out, color, coverage, op, n));
        }
}

static void test_over_solid_mask(void) {
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

/// The texture: its last texel ends where an unreadable page begins, so a read past it (a row or
/// column beyond the rectangle's edge, when the rectangle reaches the texture's) stops the test.
static uint32_t *texture;
static uint32_t *texture_end;

static void make_texture_area(void) {
    long page = sysconf(_SC_PAGESIZE);
    size_t span = ((64 * 48 * sizeof(uint32_t) + (size_t)page - 1) / (size_t)page) * (size_t)page;
    uint8_t *area = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED || mprotect(area + span, (size_t)page, PROT_NONE) != 0) { perror("kernel_tests: guard page"); exit(2); }
    texture_end = (uint32_t *)(area + span);
}

static void random_texture(int32_t w, int32_t h) {
    texture = texture_end - w * h;
    for (int32_t i = 0; i < w * h; i++) texture[i] = any_pixel();
}

static void test_sample_affine(void) {
    for (int t = 0; t < 500; t++) {
        int32_t w = irand(1, 40), h = irand(1, 30);
        random_texture(w, h);
        int32_t x0 = irand(0, w - 1), y0 = irand(0, h - 1);
        int32_t x1 = chance(0.15) ? x0 + 1 : irand(x0 + 1, w), y1 = irand(y0 + 1, h);
        int64_t du = (int64_t)(drand(-3, 3) * 65536), dv = (int64_t)(drand(-3, 3) * 65536);
        int64_t u0 = (int64_t)(drand(-20, 50) * 65536), v0 = (int64_t)(drand(-20, 40) * 65536);
        if (chance(0.05)) du = (int64_t)1 << 33;          // beyond 32-bit lanes: the portable fallback
        if (chance(0.05)) u0 = -((int64_t)1 << 40);
        if (chance(0.1)) dv = 0;
        int32_t px0 = irand(-20, 60), n = t < NSIZES ? sizes[t] % 90 : irand(0, 70), maxX = x1 - 1, maxY = y1 - 1;
        for (int32_t i = 0; i < n; i++) {
            int64_t x = (int64_t)px0 + i, U = u0 + x * du, V = v0 + x * dv;
            int64_t loU = (int64_t)x0 << 16, hiU = (int64_t)maxX << 16, loV = (int64_t)y0 << 16, hiV = (int64_t)maxY << 16;
            U = U < loU ? loU : U > hiU ? hiU : U;
            V = V < loV ? loV : V > hiV ? hiV : V;
            want[i] = ref_bilinear(texture, w, U / 256, V / 256, maxX, maxY);
            input[i] = 0x5A5A5A5Au;
        }
        LABEL("lamina_sample_bilinear_affine (trial %d: %dx%d texture, [%d,%d)x[%d,%d), %d px)", t, w, h, x0, x1, y0, y1, n);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_sample_bilinear_affine(texture, w, x0, y0, x1, y1, u0, du, v0, dv, px0, n, out));
    }
}

static void test_sample_float(void) {
    for (int t = 0; t < 500; t++) {
        int32_t w = irand(1, 40), h = irand(1, 30);
        random_texture(w, h);
        int32_t x0 = irand(0, w - 1), y0 = irand(0, h - 1);
        int32_t x1 = chance(0.15) ? x0 + 1 : irand(x0 + 1, w), y1 = irand(y0 + 1, h);
        double angle = drand(0, 6.3), scale = drand(0.2, 3), a = cos(angle) / scale, b = sin(angle) / scale;
        int projective = t % 2;
        double c = projective ? drand(-0.02, 0.02) : 0, rowX = drand(-30, 60), rowY = drand(-20, 40);
        double rowW = projective ? drand(0.6, 1.6) : 1;
        if (chance(0.05)) a = NAN;
        if (chance(0.05)) b = 1e300;
        if (projective && chance(0.05)) rowW = 0;
        int32_t px0 = irand(-20, 60), n = irand(0, 70), maxX = x1 - 1, maxY = y1 - 1;
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, u, v;   // volatile: no fused multiply-adds
            if (projective) {
                volatile double den = px * c;
                den = den + rowW;
                volatile double inv = 1 / den, nu = px * a, nv = px * b;
                nu = nu + rowX; nv = nv + rowY;
                u = nu * inv; v = nv * inv;
                u = (u - 0.5) * 256; v = (v - 0.5) * 256;
            } else {
                volatile double nu = px * a, nv = px * b;
                nu = nu + rowX; nv = nv + rowY;
                u = (nu - 0.5) * 256; v = (nv - 0.5) * 256;
            }
            want[i] = ref_bilinear(texture, w, ref_fixed(u, x0, maxX), ref_fixed(v, y0, maxY), maxX, maxY);
            input[i] = 0x5A5A5A5Au;
        }
        LABEL("lamina_sample_bilinear (trial %d, %s: %dx%d texture, [%d,%d)x[%d,%d), %d px)", t, projective ? "projective" : "affine",
              w, h, x0, x1, y0, y1, n);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15),
                       lamina_sample_bilinear(texture, w, x0, y0, x1, y1, a, b, c, rowX, rowY, rowW, projective, px0, n, out));
    }
}

/// The I420 planes of one frame, written by the formula (rows row0 ..< row0 + rows, as the header
/// says: pairs from row0, a pair's second row written when inside the frame).
static void ref_i420(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int straight,
                     uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    if (row0 + rows > height) rows = height - row0;
    for (int32_t y = row0; y < row0 + rows; y += 2) {
        for (int32_t x = 0; x < width; x += 2) {
            int32_t sr = 0, sg = 0, sb = 0;
            for (int dy = 0; dy < 2; dy++)
                for (int dx = 0; dx < 2; dx++) {
                    int32_t yy = y + dy < height ? y + dy : y, xx = x + dx < width ? x + dx : x;
                    uint32_t p = src[yy * stride + xx];
                    if (straight) p = ref_straight(p);
                    if (yy == y + dy && xx == x + dx) yp[yy * ys + xx] = ref_luma(p);
                    sr += (int32_t)ch(p, 16); sg += (int32_t)ch(p, 8); sb += (int32_t)ch(p, 0);
                }
            up[(y / 2) * cs + x / 2] = (uint8_t)((-3299 * sr - 11093 * sg + 14392 * sb + 128 * 131072 + 65536) >> 17);
            vp[(y / 2) * cs + x / 2] = (uint8_t)((14392 * sr - 13074 * sg - 1318 * sb + 128 * 131072 + 65536) >> 17);
        }
    }
}

static void test_i420(void) {
    enum { W = 70, H = 9, PLANE = W * H + 64 };
    static uint32_t frame[(W + 5) * H];
    static uint8_t wantY[PLANE], wantU[PLANE], wantV[PLANE], gotY[PLANE], gotU[PLANE], gotV[PLANE];
    for (int t = 0; t < 300; t++) {
        int32_t width = t < 70 ? t + 1 : irand(1, W), height = irand(1, H), stride = width + irand(0, 5), straight = t % 2;
        int32_t ys = width + irand(0, 4), cs = (width + 1) / 2 + irand(0, 4);
        for (int32_t y = 0; y < height; y++) {
            premultiplied_row(frame + y * stride, stride);
            if (chance(0.5)) for (int32_t x = 0; x < stride; x++) frame[y * stride + x] |= 0xFF000000u;   // opaque rows: the vector path
        }
        int32_t row0 = 2 * irand(0, (height - 1) / 2), rows = irand(1, height - row0 + 1);
        memset(wantY, 0xA5, PLANE); memset(wantU, 0xA5, PLANE); memset(wantV, 0xA5, PLANE);
        ref_i420(frame, stride, width, height, row0, rows, straight, wantY, ys, wantU, wantV, cs);
        LABEL("lamina_argb_to_i420 (%dx%d, rows %d..<%d, %s)", width, height, row0, row0 + rows, straight ? "straight" : "premultiplied");
        for (int li = 0; li < level_count; li++) {
            memset(gotY, 0xA5, PLANE); memset(gotU, 0xA5, PLANE); memset(gotV, 0xA5, PLANE);
            use_level(&levels[li]);
            lamina_argb_to_i420(frame, stride, width, height, row0, rows, straight, gotY, ys, gotU, gotV, cs);
            char what[160] = "ok";
            int ok = 1;
            for (int32_t i = 0; i < PLANE && ok; i++) {
                if (gotY[i] != wantY[i]) { snprintf(what, sizeof what, "Y byte %d: %d, expected %d", i, gotY[i], wantY[i]); ok = 0; }
                else if (gotU[i] != wantU[i]) { snprintf(what, sizeof what, "U byte %d: %d, expected %d", i, gotU[i], wantU[i]); ok = 0; }
                else if (gotV[i] != wantV[i]) { snprintf(what, sizeof what, "V byte %d: %d, expected %d", i, gotV[i], wantV[i]); ok = 0; }
            }
            check(ok, levels[li].name, what);
        }
    }
}

/// The gradient parameter of layer point (x, y), from the formulas in CPixelKernels.h (volatile:
/// each operation rounded on its own).
static double ref_gradient_t(int32_t kind, double sx, double sy, double ex, double ey, double x, double y) {
    volatile double dx = ex - sx, dy = ey - sy, ox = x - sx, oy = y - sy;
    if (kind == LAMINA_GRADIENT_AXIAL) {
        volatile double dx2 = dx * dx, dy2 = dy * dy, len2 = dx2 + dy2;
        if (!(len2 > 0)) return 0;
        volatile double pa = ox * dx, pb = oy * dy, dot = pa + pb;
        return dot / len2;
    }
    if (kind == LAMINA_GRADIENT_RADIAL) {
        double rx = fabs(dx), ry = fabs(dy);
        if (rx == 0 && ry == 0) return 1;
        volatile double u = rx > 0 ? ox / rx : (x == sx ? 0 : INFINITY), v = ry > 0 ? oy / ry : (y == sy ? 0 : INFINITY);
        volatile double u2 = u * u, v2 = v * v, sum = u2 + v2;
        return sqrt(sum);
    }
    volatile double a = atan2(oy, ox) - atan2(dy, dx);
    while (a < 0) a += 2 * M_PI;
    while (a >= 2 * M_PI) a -= 2 * M_PI;
    return a / (2 * M_PI);
}

/// The table index of a parameter: clamped to [0, 1], ·255, rounded half up (round() is half away
/// from zero, the same for these values); NaN: 0.
static uint32_t ref_gradient_index(double t) {
    if (isnan(t)) return 0;
    volatile double u = t < 0 ? 0 : t > 1 ? 1 : t;
    volatile double v = u * 255;
    return (uint32_t)round(v);
}

/// Axial and radial rows whose pixel centres fall within a few units in the last place of a
/// rounding step of the reference (axes a hair longer or shorter than 255, 510, 127.5, 85 and
/// 1020 units, at several scales): where a stepped row must work lanes out again by the formula.
static void test_gradient_near_steps(void) {
    static uint32_t table[256];
    for (int i = 0; i < 256; i++) table[i] = 0xFF000000u | (uint32_t)i * 0x010101u;
    const double bases[] = { 255, 510, 127.5, 85, 1020 }, scales[] = { 1, 0.5, 2, 1.0 / 3 };
    for (int bi = 0; bi < 5; bi++)
        for (int ulps = -6; ulps <= 6; ulps++)
            for (int si = 0; si < 4; si++)
                for (int32_t kind = LAMINA_GRADIENT_AXIAL; kind <= LAMINA_GRADIENT_RADIAL; kind++) {
                    double len = bases[bi] * (1 + ulps * 0x1p-52), a = scales[si];
                    double ex = len, ey = kind == LAMINA_GRADIENT_RADIAL ? len : 0;
                    int32_t px0 = -30, n = MAXN < 1400 ? MAXN : 1400;
                    for (int32_t i = 0; i < n; i++) {
                        volatile double px = (double)(px0 + i) + 0.5, x = px * a, y = 0.5;
                        want[i] = table[ref_gradient_index(ref_gradient_t(kind, 0, 0, ex, ey, x, y))];
                        input[i] = 0x5A5A5A5Au;
                    }
                    LaminaGradientRow row = { kind, 0, 0, ex, ey, a, 0, 0, 0, 0.5, 1, table };
                    LABEL("lamina_shade_gradient (%s, axis %.17g, scale %g)", kind == LAMINA_GRADIENT_AXIAL ? "axial" : "radial", len, a);
                    AT_EVERY_LEVEL(n, input, want, 0, lamina_shade_gradient(&row, px0, n, out));
                }
}

static void test_gradient(void) {
    static uint32_t table[256];
    const char *kinds[] = { "axial", "radial", "conic" };
    for (int t = 0; t < 900; t++) {
        int32_t kind = t % 3;
        for (int i = 0; i < 256; i++) table[i] = any_pixel();
        double sx = drand(-20, 60), sy = drand(-20, 60), ex = drand(-20, 60), ey = drand(-20, 60);
        int r = irand(0, 19);
        if (r == 0) { ex = sx; ey = sy; }            // no axis, no radius
        else if (r == 1) ex = sx;                    // radial: no x radius
        else if (r == 2) ey = sy;
        else if (r == 3) { ex = sx + 1e-3; ey = sy; } // a steep axis: t far outside [0, 1]
        int projective = t % 5 == 4;
        double angle = drand(0, 6.3), scale = drand(0.2, 3);
        double a = cos(angle) / scale, b = sin(angle) / scale, c = projective ? drand(-0.004, 0.004) : (chance(0.5) ? 0.0 : -0.0);
        double rowX = drand(-40, 80), rowY = drand(-40, 80), rowW = projective ? drand(0.6, 1.6) : (chance(0.2) ? drand(0.3, 2) : 1);
        if (chance(0.03)) rowW = 0;                  // every point at infinity (or NaN)
        if (chance(0.03)) a = NAN;                   // NaN parameters: index 0
        if (chance(0.05)) { a = 0; b = 0; }          // one point for the whole row
        // Pixel centres landing exactly on half steps of the table (t·255 = k + ½): the rounding.
        if (!projective && kind == LAMINA_GRADIENT_AXIAL && chance(0.2)) {
            sx = 0; sy = 0; ex = 255; ey = 0; a = 1; b = 0; rowX = 0; rowW = 1; c = 0;
        }
        // Conic rows along the start→end direction (the angle minus a0 exactly 0: where the
        // reference wraps), or on the start's own row with y − sy = ±0 (atan2's signed zeros).
        if (kind == LAMINA_GRADIENT_CONIC && chance(0.3)) {
            sx = 0; sy = 0; c = 0; rowW = 1;
            if (chance(0.5)) { ex = irand(-9, 9); ey = irand(1, 9) * (chance(0.5) ? 1 : -1); a = ex; b = ey; rowX = 0; rowY = 0; }
            else { ex = drand(-5, 5); ey = chance(0.5) ? 0.0 : -0.0; a = 1; b = -0.0; rowX = drand(-80, 0); rowY = chance(0.5) ? 0.0 : -0.0; }
        }
        int32_t px0 = irand(-60, 300), n = t < NSIZES ? sizes[t] % 120 : irand(0, 90);
        for (int32_t i = 0; i < n; i++) {
            volatile double px = (double)(px0 + i) + 0.5, pc = px * c, w = pc + rowW, inv = 1 / w;
            volatile double nx = px * a, ny = px * b;
            nx = nx + rowX; ny = ny + rowY;
            volatile double x = nx * inv, y = ny * inv;
            want[i] = table[ref_gradient_index(ref_gradient_t(kind, sx, sy, ex, ey, x, y))];
            input[i] = 0x5A5A5A5Au;
        }
        LaminaGradientRow row = { kind, sx, sy, ex, ey, a, b, c, rowX, rowY, rowW, table };
        LABEL("lamina_shade_gradient (trial %d, %s%s, %d px from %d)", t, kinds[kind], projective ? ", projective" : "", n, px0);
        AT_EVERY_LEVEL(n, input, want, irand(0, 15), lamina_shade_gradient(&row, px0, n, out));
    }
}

// ---- the cell rasteriser (raster.c) ----------------------------------------------------------------

/// The coverage of a running sum, as CPixelKernels.h describes lamina_raster_sweep_row.
static float ref_sum_coverage(int32_t s, int evenOdd) {
    int64_t a = s < 0 ? -(int64_t)s : (int64_t)s, one = LAMINA_RASTER_ONE;
    if (evenOdd) { a %= 2 * one; if (a > one) a = 2 * one - a; }
    else if (a > one) a = one;
    return (float)((double)a / (double)one);
}

static void test_raster_sweep(void) {
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
static void test_raster_coverage(void) {
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

int main(void) {
    make_texture_area();
    find_levels();
    printf("levels on this CPU:");
    for (int i = 0; i < level_count; i++) printf(" %s", levels[i].name);
    printf("\n");
#if defined(__aarch64__)
    // NEON is part of every AArch64 CPU: its absence here would mean the dispatch is wrong.
    current = "level choice";
    check(level_count == 2 && levels[1].level == LAMINA_LEVEL_NEON && lamina_kernels_cpu_has_neon(), "automatic", "NEON is chosen");
#endif
    test_over_row();
    test_over_rect();
    test_over_solid();
    test_fill_rect();
    test_over_solid_coverage();
    test_over_solid_mask();
    test_gradient_near_steps();
    test_sample_affine();
    test_sample_float();
    test_i420();
    test_gradient();
    test_raster_sweep();
    test_raster_coverage();
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
