// Bilinear sampling, affine (fixed point) and general (floating point).
#include "kernel_tests.h"

/// The texture: its last texel ends where an unreadable page begins, so a read past it (a row or
/// column beyond the rectangle's edge, when the rectangle reaches the texture's) stops the test.
static uint32_t *texture;
static uint32_t *texture_end;

void make_texture_area(void) {
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

void test_sample_affine(void) {
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

void test_sample_float(void) {
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
