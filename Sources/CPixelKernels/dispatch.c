// Which versions the kernels run: the CPU checks, the mode (LAMINA_SIMD or
// lamina_kernels_set_mode), and the level every kernel call reads once.
#include "kernels_internal.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int mode_state = -1;     // atomic: frames are drawn on several threads; -1: LAMINA_SIMD not read yet

#if defined(__x86_64__)
static _Atomic int avx2_state = -1;     // -1: not checked yet
static _Atomic int avx512_state = -1;
#endif

int32_t lamina_kernels_cpu_has_avx2(void) {
#if defined(__x86_64__)
    int state = atomic_load_explicit(&avx2_state, memory_order_relaxed);
    if (state < 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("avx2") ? 1 : 0;
        atomic_store_explicit(&avx2_state, state, memory_order_relaxed);
    }
    return state;
#else
    return 0;
#endif
}

#if defined(__x86_64__)
static _Atomic int fma_state = -1;      // -1: not checked yet
static _Atomic int fma_allowed = 1;     // 0 only while the C kernel tests run the AVX2 level without FMA

LK_HIDDEN int lk_cpu_has_fma(void) {
    int state = atomic_load_explicit(&fma_state, memory_order_relaxed);
    if (state < 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("fma") ? 1 : 0;
        atomic_store_explicit(&fma_state, state, memory_order_relaxed);
    }
    return state && atomic_load_explicit(&fma_allowed, memory_order_relaxed);
}

LK_HIDDEN int lk_kernels_allow_fma(int allow) {
    return atomic_exchange_explicit(&fma_allowed, allow ? 1 : 0, memory_order_relaxed);
}
#endif

int32_t lamina_kernels_cpu_has_avx512(void) {
#if defined(__x86_64__)
    int state = atomic_load_explicit(&avx512_state, memory_order_relaxed);
    if (state < 0) {
        __builtin_cpu_init();
        // DQ too (the cell rasteriser's edge setup converts doubles to 64-bit integers): every
        // CPU with BW has it.
        state = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") ? 1 : 0;
        atomic_store_explicit(&avx512_state, state, memory_order_relaxed);
    }
    return state;
#else
    return 0;
#endif
}

int32_t lamina_kernels_cpu_has_neon(void) {
#if defined(__aarch64__)
    return 1;   // Advanced SIMD is part of every AArch64 CPU
#else
    return 0;
#endif
}

int32_t lamina_kernels_mode(void) {
    int mode = atomic_load_explicit(&mode_state, memory_order_relaxed);
    if (mode < 0) {
        const char *env = getenv("LAMINA_SIMD");
        int fromEnv = !env ? LAMINA_KERNELS_AUTO
                    : strcmp(env, "portable") == 0 || strcmp(env, "scalar") == 0 ? LAMINA_KERNELS_PORTABLE
                    : strcmp(env, "avx2") == 0 ? LAMINA_KERNELS_AVX2 : LAMINA_KERNELS_AUTO;
        int expected = -1;
        // A mode set meanwhile by lamina_kernels_set_mode wins over the variable.
        if (!atomic_compare_exchange_strong_explicit(&mode_state, &expected, fromEnv, memory_order_relaxed, memory_order_relaxed))
            return expected;
        mode = fromEnv;
    }
    return mode;
}

int32_t lamina_kernels_set_mode(int32_t mode) {
    (void)lamina_kernels_mode();   // the variable is read first, so the previous mode is never "unread"
    int next = mode == LAMINA_KERNELS_PORTABLE || mode == LAMINA_KERNELS_AVX2 ? mode : LAMINA_KERNELS_AUTO;
    return atomic_exchange_explicit(&mode_state, next, memory_order_relaxed);
}

int32_t lamina_kernels_level(void) {
    int mode = lamina_kernels_mode();
    if (mode == LAMINA_KERNELS_PORTABLE) return LAMINA_LEVEL_PORTABLE;
#if defined(__x86_64__)
    if (!lamina_kernels_cpu_has_avx2()) return LAMINA_LEVEL_PORTABLE;
    if (mode == LAMINA_KERNELS_AUTO && lamina_kernels_cpu_has_avx512()) return LAMINA_LEVEL_AVX512;
    return LAMINA_LEVEL_AVX2;
#elif defined(__aarch64__)
    return LAMINA_LEVEL_NEON;   // LAMINA_KERNELS_AVX2 caps nothing here: NEON is the only vector level
#else
    return LAMINA_LEVEL_PORTABLE;
#endif
}

int32_t lamina_kernels_use_avx2(void) {
    int32_t level = lamina_kernels_level();
    return level == LAMINA_LEVEL_AVX2 || level == LAMINA_LEVEL_AVX512;
}
