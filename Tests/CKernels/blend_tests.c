// Source over (rows, rectangles, a solid colour, through coverage, through a mask) and fills.
#include "kernel_tests.h"

void test_over_row(void) {
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

void test_over_rect(void) {
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

// A prefetch changes no memory, at any address (here: the pixels, one past them, and a length
// that is not a whole number of cache lines).
void test_prefetch_span(void) {
    for (int t = 0; t < 20; t++) {
        int32_t n = irand(0, 300), misalign = irand(0, 15);
        for (int32_t i = 0; i < n; i++) { input[i] = any_pixel(); want[i] = input[i]; }
        LABEL("lamina_prefetch_span (%d px)", n);
        AT_EVERY_LEVEL(n, input, want, misalign, (lamina_prefetch_span(out, (intptr_t)n * 4), lamina_prefetch_span(out + n, 4 * irand(0, 5))));
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

void test_over_solid(void) {
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

void test_fill_rect(void) {
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

void test_over_solid_coverage(void) {
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

void test_over_solid_mask(void) {
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
