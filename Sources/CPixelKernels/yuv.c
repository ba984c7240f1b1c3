// Premultiplied ARGB to planar YUV 4:2:0 (I420), BT.709 limited range, for video encoders: the
// public entry point and the portable version (formula in kernels_internal.h); the vector versions
// are in yuv_x86.c and yuv_neon.c.
#include "kernels_internal.h"

/// Rows [row0, row0 + rows) of luma, and the chroma rows of the pairs starting at even rows in it.
LK_HIDDEN void lk_i420_portable(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows,
                                int32_t straight, uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    for (int32_t y = row0; y < row0 + rows; y += 2) {
        const uint32_t *s0 = src + (intptr_t)y * stride, *s1 = y + 1 < height ? s0 + stride : s0;
        uint8_t *y0 = yp + (intptr_t)y * ys, *y1 = y0 + ys;
        uint8_t *u = up + (intptr_t)(y / 2) * cs, *v = vp + (intptr_t)(y / 2) * cs;
        for (int32_t x = 0; x < width; x += 2) {
            int32_t x1 = x + 1 < width ? x + 1 : x;
            uint32_t a = s0[x], b = s0[x1], c = s1[x], d = s1[x1];
            if (straight) { a = straight_px(a); b = straight_px(b); c = straight_px(c); d = straight_px(d); }
            y0[x] = luma(a);
            if (x + 1 < width) y0[x + 1] = luma(b);
            if (y + 1 < height) { y1[x] = luma(c); if (x + 1 < width) y1[x + 1] = luma(d); }
            int32_t sr = ((a >> 16) & 255) + ((b >> 16) & 255) + ((c >> 16) & 255) + ((d >> 16) & 255);
            int32_t sg = ((a >> 8) & 255) + ((b >> 8) & 255) + ((c >> 8) & 255) + ((d >> 8) & 255);
            int32_t sb = (a & 255) + (b & 255) + (c & 255) + (d & 255);
            u[x / 2] = (uint8_t)((UR * sr + UG * sg + UB * sb + (128 << 17) + (1 << 16)) >> 17);
            v[x / 2] = (uint8_t)((VR * sr + VG * sg + VB * sb + (128 << 17) + (1 << 16)) >> 17);
        }
    }
}

void lamina_argb_to_i420(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int32_t straight,
                         uint8_t *y, int32_t yStride, uint8_t *u, uint8_t *v, int32_t cStride) {
    if (row0 < 0 || rows <= 0 || (row0 & 1) || width <= 0) return;
    if (row0 + rows > height) rows = height - row0;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512:   // no AVX-512 version: the AVX2 one
    case LAMINA_LEVEL_AVX2: lk_i420_avx2(src, stride, width, height, row0, rows, straight, y, yStride, u, v, cStride); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_i420_neon(src, stride, width, height, row0, rows, straight, y, yStride, u, v, cStride); return;
#endif
    default: lk_i420_portable(src, stride, width, height, row0, rows, straight, y, yStride, u, v, cStride);
    }
}
