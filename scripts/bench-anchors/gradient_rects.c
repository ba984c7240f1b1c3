// gradient_rects.c - the gradient kernel alone on a frame like the grad.*.rrects200_r12 rows': 200
// rectangles (90-170 x 60-130 pixels, fixed seed) of one gradient each, painted onto a 1280x720
// frame of opaque grey through lamina_gradient_over_rows with a table of one alpha (230), as a
// CAGradientLayer of translucent colours paints its interior rows. Prints the best round in ms
// and a hash of the frame (which must not move between builds that keep the pixels).
//   clang -O3 -std=gnu11 -ffp-contract=off -I Sources/CPixelKernels/include -o /tmp/gr \
//       scripts/bench-anchors/gradient_rects.c Sources/CPixelKernels/*.c -lm
//   LAMINA_SIMD=avx2 /tmp/gr KIND [ROUNDS]     # KIND 0 axial, 1 radial, 2 conic; ROUNDS default 30
// Compare builds alternately in a raised autogroup (see ../../shared/bench-anchors/README.md).
// Hashes at the time of writing (every level, portable included): axial c300d660d2ab4f6d, radial
// 4428664d20e6f8f1, conic 957be74b3bbf6756.
#define _GNU_SOURCE
#include "CPixelKernels.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { W = 1280, H = 720, N = 200 };

static uint32_t frame[W * H];
static uint64_t state = 88172645463325252ull;

/// xorshift64: the same rectangles on every machine.
static uint32_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)state;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    const int kind = argc > 1 ? atoi(argv[1]) : 1, rounds = argc > 2 ? atoi(argv[2]) : 30;
    if (kind < 0 || kind > 2 || rounds < 1) {
        fprintf(stderr, "usage: %s KIND(0 axial, 1 radial, 2 conic) [ROUNDS]\n", argv[0]);
        return 64;
    }
    // 256 premultiplied colours of alpha 230 (one alpha: the rows' uniform blend).
    static uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        const uint32_t a = 230, r = (i * 200 / 255 + 20) * a / 255, g = ((255 - i) * 180 / 255) * a / 255, b = (90 + i / 3) * a / 255;
        table[i] = a << 24 | r << 16 | g << 8 | b;
    }
    int32_t rx[N], ry[N], rw[N], rh[N];
    for (int i = 0; i < N; i++) {
        rw[i] = 90 + (int32_t)(next_random() % 81);
        rh[i] = 60 + (int32_t)(next_random() % 71);
        rx[i] = (int32_t)(next_random() % (uint32_t)(W - rw[i]));
        ry[i] = (int32_t)(next_random() % (uint32_t)(H - rh[i]));
    }
    double best = 1e9;
    for (int round = 0; round < rounds; round++) {
        for (int i = 0; i < W * H; i++) frame[i] = 0xFF303030;
        const double t0 = now();
        for (int i = 0; i < N; i++) {
            // Layer space: the rectangle's own, unrotated (x = px − rx, y = py − ry). Axial from
            // the top-left corner to the bottom-right; radial and conic about the centre.
            const double w = rw[i], h = rh[i];
            const LaminaGradientRow row = { .kind = kind, .sx = kind ? w / 2 : 0, .sy = kind ? h / 2 : 0, .ex = w, .ey = h,
                                            .a = 1, .b = 0, .c = 0, .table = table };
            lamina_gradient_over_rows(&row, 0, -(double)rx[i], 1, -(double)ry[i], 0, 1, ry[i], rh[i], rx[i], rw[i],
                                      frame + (size_t)ry[i] * W + rx[i], W, 1.0f);
        }
        const double t = now() - t0;
        if (t < best) best = t;
    }
    uint64_t hash = 1469598103934665603ull;
    for (int i = 0; i < W * H; i++) { hash ^= frame[i]; hash *= 1099511628211ull; }
    printf("best %.3f ms hash %016llx\n", best * 1e3, (unsigned long long)hash);
    return 0;
}
