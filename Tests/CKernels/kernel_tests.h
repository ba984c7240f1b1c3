// What the kernel test files share: the bookkeeping, the seeded random numbers, the levels, the
// formulas written out from CPixelKernels.h, the guarded buffers and AT_EVERY_LEVEL (see
// kernel_tests.c, which holds the shared state and main).
#ifndef LAMINA_KERNEL_TESTS_H
#define LAMINA_KERNEL_TESTS_H
#include "CPixelKernels.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// ---- bookkeeping ---------------------------------------------------------------------------------

extern long passed, failed;
extern const char *current;   // the kernel and case being checked, for messages

static inline void check(int ok, const char *level, const char *what) {
    if (ok) { passed++; return; }
    failed++;
    if (failed <= 25) fprintf(stderr, "FAIL %s at level %s: %s\n", current, level, what);
}

// ---- seeded random numbers (splitmix64) ----------------------------------------------------------

extern uint64_t rng_state;

static inline uint64_t next64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// A whole number in lo...hi.
static inline int32_t irand(int32_t lo, int32_t hi) { return lo + (int32_t)(next64() % (uint64_t)(hi - lo + 1)); }
static inline double drand(double lo, double hi) { return lo + (hi - lo) * (double)(next64() >> 11) / 9007199254740992.0; }
static inline int chance(double p) { return drand(0, 1) < p; }
static inline uint32_t any_pixel(void) { return (uint32_t)next64(); }

/// A premultiplied pixel (each colour channel at most the alpha), alpha 0 and 255 often.
static inline uint32_t premultiplied_pixel(void) {
    int r = irand(0, 9);
    uint32_t a = r == 0 ? 0 : r <= 3 ? 255 : (uint32_t)irand(1, 254);
    uint32_t p = a << 24;
    for (int s = 0; s < 24; s += 8) p |= (uint32_t)irand(0, (int32_t)a) << s;
    return p;
}

/// A row of premultiplied pixels: runs of opaque, of transparent, or of mixed alpha (so that vector
/// steps meet all-opaque groups, all-transparent groups and mixtures).
static inline void premultiplied_row(uint32_t *p, int32_t n) {
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

/// A level the tests run: its mode and level, and (x86-64) noFMA: the AVX2 level with the CPU's FMA
/// left unused, as on a CPU without it (the conic rows' series, gradient_x86.c).
typedef struct { int32_t mode, level; const char *name; int noFMA; } Level;

#if defined(__x86_64__)
// The kernels' own switch (kernels_internal.h; the tests are linked with the kernels' sources).
int lk_cpu_has_fma(void);
int lk_kernels_allow_fma(int allow);
int lk_gradient_force_gathers(int mode);
int lk_gradient_force_loads(int mode);
int lk_gradient_force_axial_window(int mode);
int lk_raster_force_gathers(int mode);
int lk_raster_force_vbmi(int mode);
int lk_raster_vbmi(void);
int lk_raster_force_narrow_rows(int mode);
const int16_t *lk_gradient_ia_factors(void);
#endif
extern Level levels[4];
extern int level_count;

static inline const char *level_name(int32_t level) {
    switch (level) {
    case LAMINA_LEVEL_PORTABLE: return "portable";
    case LAMINA_LEVEL_AVX2: return "AVX2";
    case LAMINA_LEVEL_AVX512: return "AVX-512";
    case LAMINA_LEVEL_NEON: return "NEON";
    default: return "unknown";
    }
}

/// The distinct levels the modes reach on this CPU, portable first.
static inline void find_levels(void) {
    const int32_t modes[] = { LAMINA_KERNELS_PORTABLE, LAMINA_KERNELS_AVX2, LAMINA_KERNELS_AUTO };
    for (int m = 0; m < 3; m++) {
        lamina_kernels_set_mode(modes[m]);
        int32_t level = lamina_kernels_level(), seen = 0;
        for (int i = 0; i < level_count; i++) seen |= levels[i].level == level;
        if (!seen) levels[level_count++] = (Level){ modes[m], level, level_name(level), 0 };
    }
    lamina_kernels_set_mode(LAMINA_KERNELS_AUTO);
#if defined(__x86_64__)
    // The AVX2 level once more without FMA, when the CPU has it (else the AVX2 run is that one).
    for (int i = 0; i < level_count; i++)
        if (levels[i].level == LAMINA_LEVEL_AVX2 && lk_cpu_has_fma()) {
            levels[level_count++] = (Level){ levels[i].mode, LAMINA_LEVEL_AVX2, "AVX2 without FMA", 1 };
            break;
        }
#endif
}

static inline void use_level(const Level *l) {
    lamina_kernels_set_mode(l->mode);
#if defined(__x86_64__)
    lk_kernels_allow_fma(!l->noFMA);
#endif
}

// ---- the formulas, from CPixelKernels.h -----------------------------------------------------------

static inline uint32_t ch(uint32_t p, int s) { return (p >> s) & 255; }
/// round(x·k/255) (never exactly .5: 255 is odd).
static inline uint32_t div255(uint32_t x, uint32_t k) { return (2 * x * k + 255) / 510; }

static inline uint32_t ref_scale(uint32_t p, uint32_t k) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) r |= div255(ch(p, s), k) << s;
    return r;
}

static inline uint32_t ref_over(uint32_t d, uint32_t s, uint32_t k) {
    uint32_t sc = ref_scale(s, k), ia = 255 - (sc >> 24), r = 0;
    for (int c = 0; c < 32; c += 8) r |= (ch(sc, c) + div255(ch(d, c), ia)) << c;
    return r;
}

static inline uint32_t ref_k(float c, float op) {
    volatile float v = c * op;   // volatile: each operation rounded on its own, as the header says
    if (!(v < 1.0f)) v = 1.0f;
    volatile float t = v * 255.0f;
    return (uint32_t)(t + 0.5f);
}

static inline uint32_t ref_lerp(uint32_t p, uint32_t q, uint32_t f) {
    uint32_t r = 0;
    for (int s = 0; s < 32; s += 8) r |= ((ch(p, s) * (256 - f) + ch(q, s) * f) / 256) << s;
    return r;
}

static inline uint32_t ref_bilinear(const uint32_t *tex, int32_t w, int64_t ui, int64_t vi, int32_t maxX, int32_t maxY) {
    int64_t ix = ui / 256, iy = vi / 256, ix1 = ix + 1 < maxX ? ix + 1 : maxX, iy1 = iy + 1 < maxY ? iy + 1 : maxY;
    uint32_t fx = (uint32_t)(ui % 256), fy = (uint32_t)(vi % 256);
    return ref_lerp(ref_lerp(tex[iy * w + ix], tex[iy * w + ix1], fx), ref_lerp(tex[iy1 * w + ix], tex[iy1 * w + ix1], fx), fy);
}

static inline int64_t ref_fixed(double t, int32_t lo, int32_t hi) {
    if (isnan(t) || t <= (double)lo * 256) return (int64_t)lo * 256;
    if (t >= (double)hi * 256) return (int64_t)hi * 256;
    return (int64_t)trunc(t);
}

static inline uint8_t ref_luma(uint32_t p) {
    return (uint8_t)((5983 * (int32_t)ch(p, 16) + 20127 * (int32_t)ch(p, 8) + 2032 * (int32_t)ch(p, 0) + 16 * 32768 + 16384) >> 15);
}

static inline uint32_t ref_straight(uint32_t p) {
    uint32_t a = p >> 24, r = 0;
    if (a == 255) return p;
    if (a == 0) return 0;
    for (int s = 0; s < 24; s += 8) { uint32_t c = (ch(p, s) * 255 + a / 2) / a; r |= (c > 255 ? 255 : c) << s; }
    return r;
}

// ---- guarded buffers ------------------------------------------------------------------------------

enum { GUARD = 16 };
#define GUARD_WORD 0xDEADBEEFu

/// n words with GUARD guard words either side, plus `misalign` words so the body starts off any
/// vector boundary; returns the body.
static inline uint32_t *guarded(uint32_t *block, int32_t n, int32_t misalign) {
    uint32_t *body = block + GUARD + misalign;
    for (int32_t i = 0; i < GUARD + misalign; i++) block[i] = GUARD_WORD;
    for (int32_t i = 0; i < GUARD; i++) body[n + i] = GUARD_WORD;
    return body;
}

static inline int guards_intact(const uint32_t *body, int32_t n) {
    for (int32_t i = 1; i <= GUARD; i++) if (body[-i] != GUARD_WORD) return 0;
    for (int32_t i = 0; i < GUARD; i++) if (body[n + i] != GUARD_WORD) return 0;
    return 1;
}

/// Compares n words with the expected ones; describes the first difference in `what`.
static inline int same_words(const uint32_t *got, const uint32_t *want, int32_t n, char *what, size_t size) {
    for (int32_t i = 0; i < n; i++)
        if (got[i] != want[i]) { snprintf(what, size, "word %d: %08x, expected %08x", i, got[i], want[i]); return 0; }
    snprintf(what, size, "ok");
    return 1;
}

extern char label[256];
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
extern uint32_t block[MAXN + 2 * GUARD + 16], input[MAXN], want[MAXN], src_block[MAXN + 16];

// ---- the kernels ----------------------------------------------------------------------------------

enum { NSIZES = 23 };
extern const int32_t sizes[NSIZES];

// ---- the tests, one file a job -----------------------------------------------------------------------

void test_over_row(void);           // blend_tests.c
void test_over_rect(void);
void test_prefetch_span(void);
void test_alpha_row(void);
void test_sample_between(void);
void test_mix_rows(void);
void test_reduce_alpha_row(void);
void test_over_solid_mix(void);
void test_box_blur_placed_rows(void);
void test_box_blur_staged(void);
void test_box_blur_levels(void);
void test_box_blur_mirrored(void);
void test_over_solid(void);
void test_fill_rect(void);
void test_over_solid_coverage(void);
void test_over_solid_mask(void);
void test_sample_mask_row(void);
void test_sample_mask_mapped_row(void);
void test_copy_rect(void);
void make_texture_area(void);       // sample_tests.c
void test_sample_affine(void);
void test_sample_float(void);
void test_i420(void);               // yuv_tests.c
void test_gradient_near_steps(void); // gradient_tests.c
void test_gradient_far_steps(void);
void test_gradient_conic_steps(void);
void test_gradient_rows_far(void);
void test_gradient_rows_far_oblique(void);
void test_gradient_conic_near_centre(void);
void test_gradient_conic_axes(void);
void test_gradient_conic_centre_line(void);
void test_gradient_conic_rows_near_centre(void);
void test_gradient_conic_rows_along_cut(void);
void test_gradient_conic_flat_rows(void);
void test_gradient(void);
void test_gradient_over(void);
void test_gradient_over_rows(void);
void test_gradient_over_rows_coverage(void);
void test_gradient_rows_long(void);
void test_gradient_rows_one_alpha(void);
void test_gradient_ia_factors(void);
void test_raster_sweep(void);       // raster_tests.c
void test_raster_coverage(void);
void test_raster_pinned_cells(void);
void test_raster_fill_wide(void);
void test_raster_fill_outlines(void);  // raster_outline_tests.c
void test_raster_pinned_stars(void);
void test_raster_pinned_strokes(void);
void test_raster_pinned_steep(void);
void test_raster_fill(void);
void test_raster_bands(void);
void test_raster_shared_edges(void);
void test_raster_exact_area(void);
void test_raster_long_contours(void);
void test_raster_streaming(void);
void test_raster_edge_setup(void);

#endif
