// A solid colour through an 8-bit mask (glyph runs placed on whole pixels): the public entry
// point and the portable version; the vector versions are in mask_x86.c and mask_neon.c.
#include "kernels_internal.h"

LK_HIDDEN void lk_over_solid_mask_portable(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    for (int32_t i = 0; i < count; i++) {
        uint32_t m = mask[i];
        if (m) dst[i] = over_px(dst[i], scale_px(scale_px(color, m), k));
    }
}

void lamina_over_solid_mask(uint32_t *dst, uint32_t color, const uint8_t *mask, uint32_t k, int32_t count) {
    if (count <= 0 || color == 0 || k == 0) return;
    if (k > 255) k = 255;
    switch (lamina_kernels_level()) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_over_solid_mask_avx512(dst, color, mask, k, count); return;
    case LAMINA_LEVEL_AVX2: lk_over_solid_mask_avx2(dst, color, mask, k, count); return;
#endif
#if defined(__aarch64__)
    case LAMINA_LEVEL_NEON: lk_over_solid_mask_neon(dst, color, mask, k, count); return;
#endif
    default: lk_over_solid_mask_portable(dst, color, mask, k, count);
    }
}
