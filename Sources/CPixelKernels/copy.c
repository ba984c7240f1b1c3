// Copying a rectangle of pixels into other memory (a frame into a window's framebuffer): the
// public entry point and the portable version; the x86 versions, which write a large copy's rows
// with streaming stores, are in copy_x86.c.
#include "kernels_internal.h"
#include <string.h>

LK_HIDDEN void lk_copy_rect_portable(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                     int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++)
        memcpy((uint8_t *)dst + (intptr_t)y * dstPitch, src + (intptr_t)y * srcStride, (size_t)width * 4);
}

void lamina_copy_rect(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0) return;
    // Streaming stores only pay for copies larger than the caches keep (and their rows must be
    // whole pixels apart, as every framebuffer's are).
    int large = (int64_t)width * height * 4 >= LAMINA_COPY_STREAMING_BYTES && dstPitch % 4 == 0;
    switch (large ? lamina_kernels_level() : LAMINA_LEVEL_PORTABLE) {
#if defined(__x86_64__)
    case LAMINA_LEVEL_AVX512: lk_copy_rect_stream_avx512(dst, dstPitch, src, srcStride, width, height); return;
    case LAMINA_LEVEL_AVX2: lk_copy_rect_stream_avx2(dst, dstPitch, src, srcStride, width, height); return;
#endif
    default: lk_copy_rect_portable(dst, dstPitch, src, srcStride, width, height);
    }
}
