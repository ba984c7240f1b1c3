import Foundation
import CPixelKernels

/// Which versions of the C pixel kernels (CPixelKernels: bilinear sampling, source over, fills,
/// I420) run: the best the CPU has (AVX-512, AVX2 or the portable code on x86-64; NEON or the
/// portable code on AArch64), or a lower level forced for tests. All levels give bit-identical
/// pixels; the switch exists so that tests run every level the CPU can.
/// The starting mode comes from the environment (`LAMINA_SIMD=portable` or `scalar` forces the
/// portable code, `LAMINA_SIMD=avx2` caps the level at AVX2), read once on first use. The Swift side
/// has no run-time SIMD choice of its own: its SIMD code (BlendKernels' SIMD lanes) is the
/// architecture's baseline (SSE2, NEON) and always runs as compiled.
public enum PixelKernels {
    /// A level of kernel versions, lowest first; `allCases` lists the levels of this architecture.
    public enum Level: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
        /// Plain C, any CPU.
        case portable = 0
        #if arch(x86_64)
        /// AVX2 (eight pixels a step).
        case avx2 = 1
        /// AVX-512 F, BW and DQ (sixteen pixels a step) for the kernels that have such a version; the
        /// others run their AVX2 version at this level.
        case avx512 = 2
        #elseif arch(arm64)
        /// NEON (Advanced SIMD, which every AArch64 CPU has): sixteen pixels a step, four for sampling.
        case neon = 3
        #endif

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        /// "portable", "AVX2", "AVX-512" or "NEON".
        public var description: String {
            switch self {
            case .portable: return "portable"
            #if arch(x86_64)
            case .avx2: return "AVX2"
            case .avx512: return "AVX-512"
            #elseif arch(arm64)
            case .neon: return "NEON"
            #endif
            }
        }

        /// The highest level of this architecture (what `maximumLevel` is when the mode is automatic).
        public static var highest: Level { allCases.max() ?? .portable }
    }

    /// The highest level this CPU runs.
    public static var cpuLevel: Level {
        #if arch(x86_64)
        lamina_kernels_cpu_has_avx2() == 0 ? .portable : lamina_kernels_cpu_has_avx512() != 0 ? .avx512 : .avx2
        #elseif arch(arm64)
        lamina_kernels_cpu_has_neon() != 0 ? .neon : .portable
        #else
        .portable
        #endif
    }

    /// The highest level kernel calls may use (`Level.highest`: automatic, the best the CPU runs).
    /// Setting it is thread-safe (an atomic in C) and takes effect for the kernel calls that
    /// start afterwards; frames drawn meanwhile on other threads are unaffected in their pixels.
    public static var maximumLevel: Level {
        get {
            switch lamina_kernels_mode() {
            case LAMINA_KERNELS_PORTABLE: return .portable
            #if arch(x86_64)
            case LAMINA_KERNELS_AVX2: return .avx2
            #endif
            default: return .highest
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
        set { maximumLevel = newValue ? .portable : .highest }
    }

    /// Whether the CPU has AVX2 (whatever the mode; false on other architectures).
    public static var cpuHasAVX2: Bool { lamina_kernels_cpu_has_avx2() != 0 }

    /// Whether the CPU has AVX-512 F, BW and DQ (whatever the mode; false on other architectures).
    public static var cpuHasAVX512: Bool { lamina_kernels_cpu_has_avx512() != 0 }

    /// Whether the CPU has NEON (true on every AArch64 CPU, false elsewhere).
    public static var cpuHasNEON: Bool { lamina_kernels_cpu_has_neon() != 0 }

    /// Whether kernel calls run the x86 vector versions now (AVX2 or AVX-512).
    public static var usesAVX2: Bool { lamina_kernels_use_avx2() != 0 }

    /// Whether kernel calls run vector versions now (any level but `.portable`).
    public static var usesVectorCode: Bool { level != .portable }

    /// Runs `body` with the portable code forced on (`true`) or automatic (`false`), then restores
    /// the mode that was in force before.
    public static func withPortable<T>(_ portable: Bool, _ body: () throws -> T) rethrows -> T {
        try withLevel(portable ? .portable : .highest, body)
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
        #if arch(x86_64)
        case .avx2: return LAMINA_KERNELS_AVX2
        case .avx512: return LAMINA_KERNELS_AUTO
        #elseif arch(arm64)
        case .neon: return LAMINA_KERNELS_AUTO
        #endif
        }
    }
}
