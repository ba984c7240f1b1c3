// Lamina's inner pixel loops that Swift could not bring to their speed aims (measured: see
// issue notes), with run-time CPU dispatch: an AVX2 version where the CPU has it, a portable one
// otherwise. Both give bit-identical results, equal to the Swift reference in SpanShader.swift.
// The portable code can be forced on any CPU, for tests: LAMINA_SIMD=portable in the environment,
// or lamina_kernels_set_mode(LAMINA_KERNELS_PORTABLE) (Swift: PixelKernels.forcePortable).
#ifndef LAMINA_CPIXELKERNELS_H
#define LAMINA_CPIXELKERNELS_H
#include <stdint.h>

/// Bilinear sampling of one row of device pixels (px0 ..< px0 + count, at the row whose constant
/// parts of the device-to-texel map are rowX, rowY, rowW): texel coordinates in 8-bit fixed point,
/// clamped to the texel rectangle [x0, x1) x [y0, y1); `projective` selects division by w.
/// Writes premultiplied ARGB to out.
void lamina_sample_bilinear(const uint32_t *tex, int32_t texWidth,
                            int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                            double a, double b, double c, double rowX, double rowY, double rowW,
                            int32_t projective, int32_t px0, int32_t count, uint32_t *out);

/// Bilinear sampling of one row through an affine map in 16.16 fixed point: pixel x samples at
/// U = u0 + x·du, V = v0 + x·dv (exact 64-bit integers, so a pixel never depends on where its span
/// starts), clamped to [x0, x1−1] × [y0, y1−1] texels, with 8-bit bilinear weights.
void lamina_sample_bilinear_affine(const uint32_t *tex, int32_t texWidth,
                                   int32_t x0, int32_t y0, int32_t x1, int32_t y1,
                                   int64_t u0, int64_t du, int64_t v0, int64_t dv,
                                   int32_t px0, int32_t count, uint32_t *out);

/// Source over for a row: dst[i] = src[i]·k/255 + dst[i]·(255 − that alpha)/255, premultiplied
/// ARGB, rounding as Lamina's Premultiplied.scale/over (k = 255: plain source over).
void lamina_over_row(uint32_t *dst, const uint32_t *src, int32_t count, uint32_t k);

/// Source over of one premultiplied colour onto a row.
void lamina_over_solid(uint32_t *dst, uint32_t color, int32_t count);

/// 1 when the AVX2 versions are in use: the CPU has AVX2 and the portable code is not forced.
int32_t lamina_kernels_use_avx2(void);

/// 1 when the CPU has AVX2 (whatever the mode).
int32_t lamina_kernels_cpu_has_avx2(void);

/// Kernel selection modes for lamina_kernels_set_mode.
/// LAMINA_KERNELS_AUTO: AVX2 where the CPU has it, the portable code otherwise (the default).
/// LAMINA_KERNELS_PORTABLE: the portable code on every CPU.
#define LAMINA_KERNELS_AUTO 0
#define LAMINA_KERNELS_PORTABLE 1

/// Chooses which versions every later kernel call runs; returns the previous mode. The starting
/// mode comes from the environment, read once on first use: LAMINA_SIMD=portable forces the
/// portable code, anything else (or nothing) is automatic; a call to this function before that
/// first use takes precedence over the variable. Thread-safe (an atomic): a kernel call already
/// running finishes in the mode it started with; each call reads the mode once, so a row is never
/// drawn half one way and half the other. Both versions give bit-identical results; the switch
/// exists so that tests cover the portable code on machines with AVX2.
int32_t lamina_kernels_set_mode(int32_t mode);

/// The current mode (LAMINA_KERNELS_AUTO or LAMINA_KERNELS_PORTABLE).
int32_t lamina_kernels_mode(void);

#endif
