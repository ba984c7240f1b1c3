// lamina_copy_rect with streaming (non-temporal) stores, AVX2 and AVX-512 (x86-64 only; chosen at
// run time by lamina_kernels_level): a frame's rows go to memory without first being read into
// the caches (a plain store reads each line it writes), which a window's framebuffer, read next
// by the display server, does not need. Each row: plain stores up to the first aligned vector,
// streaming stores, plain stores for the tail; a fence after the last row, so the copy is
// complete and visible when the call returns. The same bytes as memcpy.
#if defined(__x86_64__)
#include "kernels_internal.h"
#include <immintrin.h>
#include <string.h>

#define COPY_AVX2 __attribute__((target("avx2")))
#define COPY_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))

COPY_AVX512 LK_HIDDEN void lk_copy_rect_stream_avx512(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                                      int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (intptr_t)y * dstPitch);
        const uint32_t *s = src + (intptr_t)y * srcStride;
        int32_t head = (int32_t)(((64 - ((uintptr_t)d & 63)) & 63) / 4);
        if (head > width) head = width;
        memcpy(d, s, (size_t)head * 4);
        int32_t x = head;
        for (; x + 16 <= width; x += 16) _mm512_stream_si512((void *)(d + x), _mm512_loadu_si512((const void *)(s + x)));
        memcpy(d + x, s + x, (size_t)(width - x) * 4);
    }
    _mm_sfence();
}

COPY_AVX2 LK_HIDDEN void lk_copy_rect_stream_avx2(uint32_t *dst, intptr_t dstPitch, const uint32_t *src, intptr_t srcStride,
                                                  int32_t width, int32_t height) {
    for (int32_t y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((uint8_t *)dst + (intptr_t)y * dstPitch);
        const uint32_t *s = src + (intptr_t)y * srcStride;
        int32_t head = (int32_t)(((32 - ((uintptr_t)d & 31)) & 31) / 4);
        if (head > width) head = width;
        memcpy(d, s, (size_t)head * 4);
        int32_t x = head;
        for (; x + 8 <= width; x += 8) _mm256_stream_si256((__m256i *)(d + x), _mm256_loadu_si256((const __m256i *)(s + x)));
        memcpy(d + x, s + x, (size_t)(width - x) * 4);
    }
    _mm_sfence();
}

#endif
