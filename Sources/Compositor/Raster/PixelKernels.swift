import Foundation
import CPixelKernels

/// Which versions of the C pixel kernels (CPixelKernels: bilinear sampling, source over) run: the
/// best the CPU has (AVX-512, AVX2, or the portable code), or a lower level forced for tests. All
/// levels give bit-identical pixels; the switch exists so that tests run every level the CPU can.
/// The starting mode comes from the environment (`LAMINA_SIMD=portable` forces the portable code,
/// `LAMINA_SIMD=avx2` caps the level at AVX2), read once on first use. The Swift side has no
/// run-time SIMD choice of its own: its SIMD code (BlendKernels' SSE2 lanes) is the x86-64
/// baseline and always runs as compiled.
public enum PixelKernels {
    /// A level of kernel versions, lowest first.
    public enum Level: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
        /// Plain C, any CPU.
        case portable
        /// AVX2 (eight pixels a step).
        case avx2
        /// AVX-512 F and BW (sixteen pixels a step) for the kernels that have such a version; the
        /// others run their AVX2 version at this level.
        case avx512

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        /// "portable", "AVX2" or "AVX-512".
        public var description: String { ["portable", "AVX2", "AVX-512"][rawValue] }
    }

    /// The highest level this CPU runs.
    public static var cpuLevel: Level {
        lamina_kernels_cpu_has_avx2() == 0 ? .portable : lamina_kernels_cpu_has_avx512() != 0 ? .avx512 : .avx2
    }

    /// The highest level kernel calls may use (`.avx512`: automatic, the best the CPU runs).
    /// Setting it is thread-safe (an atomic in C) and takes effect for the kernel calls that
    /// start afterwards; frames drawn meanwhile on other threads are unaffected in their pixels.
    public static var maximumLevel: Level {
        get {
            switch lamina_kernels_mode() {
            case LAMINA_KERNELS_PORTABLE: return .portable
            case LAMINA_KERNELS_AVX2: return .avx2
            default: return .avx512
            }
        }
        set { _ = lamina_kernels_set_mode(mode(for: newValue)) }
    }

    /// The level kernel calls run at now: the lower of `maximumLevel` and `cpuLevel`.
    public static var level: Level { Level(rawValue: Int(lamina_kernels_level())) ?? .portable }

    /// Whether every kernel call runs the portable code, whatever the CPU (`maximumLevel` is
    /// `.portable`). Setting it false makes the mode automatic.
    public static var forcePortable: Bool {
        get { lamina_kernels_mode() == LAMINA_KERNELS_PORTABLE }
        set { maximumLevel = newValue ? .portable : .avx512 }
    }

    /// Whether the CPU has AVX2 (whatever the mode).
    public static var cpuHasAVX2: Bool { lamina_kernels_cpu_has_avx2() != 0 }

    /// Whether the CPU has AVX-512 F and BW (whatever the mode).
    public static var cpuHasAVX512: Bool { lamina_kernels_cpu_has_avx512() != 0 }

    /// Whether kernel calls run vector versions now (AVX2 or AVX-512).
    public static var usesAVX2: Bool { lamina_kernels_use_avx2() != 0 }

    /// Runs `body` with the portable code forced on (`true`) or automatic (`false`), then restores
    /// the mode that was in force before.
    public static func withPortable<T>(_ portable: Bool, _ body: () throws -> T) rethrows -> T {
        try withLevel(portable ? .portable : .avx512, body)
    }

    /// Runs `body` with `maximumLevel` set to `level`, then restores the mode that was in force before.
    public static func withLevel<T>(_ level: Level, _ body: () throws -> T) rethrows -> T {
        let previous = lamina_kernels_set_mode(mode(for: level))
        defer { _ = lamina_kernels_set_mode(previous) }
        return try body()
    }

    private static func mode(for level: Level) -> Int32 {
        switch level {
        case .portable: return LAMINA_KERNELS_PORTABLE
        case .avx2: return LAMINA_KERNELS_AVX2
        case .avx512: return LAMINA_KERNELS_AUTO
        }
    }
}
