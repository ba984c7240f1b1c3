import Foundation
import CPixelKernels

/// Which versions of the C pixel kernels (CPixelKernels: bilinear sampling, source over) run: the
/// AVX2 versions where the CPU has them, or the portable ones. Both give bit-identical pixels; the
/// switch exists so that tests run the portable code on machines with AVX2 too. The starting mode
/// comes from the environment (`LAMINA_SIMD=portable` forces the portable code), read once on first
/// use. The Swift side has no run-time SIMD choice of its own: its SIMD code (BlendKernels' SSE2
/// lanes) is the x86-64 baseline and always runs as compiled.
public enum PixelKernels {
    /// Whether every kernel call runs the portable code, whatever the CPU. Setting it is
    /// thread-safe (an atomic in C) and takes effect for the kernel calls that start afterwards;
    /// frames drawn meanwhile on other threads are unaffected in their pixels (both versions agree).
    public static var forcePortable: Bool {
        get { lamina_kernels_mode() == LAMINA_KERNELS_PORTABLE }
        set { _ = lamina_kernels_set_mode(newValue ? LAMINA_KERNELS_PORTABLE : LAMINA_KERNELS_AUTO) }
    }

    /// Whether the CPU has AVX2 (whether or not the portable code is forced).
    public static var cpuHasAVX2: Bool { lamina_kernels_cpu_has_avx2() != 0 }

    /// Whether kernel calls run the AVX2 versions now.
    public static var usesAVX2: Bool { lamina_kernels_use_avx2() != 0 }

    /// Runs `body` with the portable code forced on (`true`) or automatic (`false`), then restores
    /// the mode that was in force before.
    public static func withPortable<T>(_ portable: Bool, _ body: () throws -> T) rethrows -> T {
        let previous = lamina_kernels_set_mode(portable ? LAMINA_KERNELS_PORTABLE : LAMINA_KERNELS_AUTO)
        defer { _ = lamina_kernels_set_mode(previous) }
        return try body()
    }
}
