// A way of drawing chosen once at run time (x86 kernels): the CPU's choice, an environment
// variable's, or the C kernel tests'. Shared by gradient_x86.c and raster_x86.c.
#ifndef LAMINA_CHOSEN_ONCE_H
#define LAMINA_CHOSEN_ONCE_H
#include <stdatomic.h>
#include <stdlib.h>

/// A way of drawing chosen once (0 or 1): `*forced` while the C kernel tests set it (≥ 0), else
/// `*state`, worked out at the first call: the variable `env` if it is 0 or 1, else `by_cpu()`.
/// Both are atomics: rows are drawn on several threads.
static inline int chosen_once(_Atomic int *forced, _Atomic int *state, const char *env, int (*by_cpu)(void)) {
    const int f = atomic_load_explicit(forced, memory_order_relaxed);
    if (f >= 0) return f;
    int s = atomic_load_explicit(state, memory_order_relaxed);
    if (s < 0) {
        const char *e = getenv(env);
        s = e && (e[0] == '0' || e[0] == '1') ? e[0] == '1' : by_cpu();
        atomic_store_explicit(state, s, memory_order_relaxed);
    }
    return s;
}
#endif
