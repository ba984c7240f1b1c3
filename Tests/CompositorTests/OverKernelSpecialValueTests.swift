import XCTest
import LaminaRandom
import LaminaTestSupport
import Foundation
import CPixelKernels
@testable import Compositor

/// The source-over kernels at their special values (CPixelKernels.h: k is 0...255, larger is 255;
/// k = 255 leaves the source as it is; an opaque colour is a plain fill), both ways, against
/// `KernelReference.over`; and the CPU check against the kernel's own word for it, /proc/cpuinfo.
final class OverKernelSpecialValueTests: XCTestCase {
    func testScalesAtTheirEdgesBothWays() {
        var rng = SplitMix64(seed: 0x0E7E_ED6E)
        let n = 21   // two vector groups of 8 and a scalar tail of 5
        let src = (0..<n).map { _ in rng.premultipliedPixel() }, dst = (0..<n).map { _ in rng.premultipliedPixel() }
        for (k, asK) in [(UInt32(1), UInt32(1)), (2, 2), (254, 254), (255, 255), (256, 255), (300, 255), (UInt32.max, 255)] {
            let expected = zip(dst, src).map { KernelReference.over($0, $1, k: asK) }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst
                    lamina_over_row(&row, src, Int32(n), k)
                    XCTAssertEqual(row, expected, "k \(k), level \(level)")
                }
            }
        }
        // k = 0 and empty or negative counts change nothing.
        for (k, count) in [(UInt32(0), Int32(n)), (255, 0), (255, -3)] {
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst
                    lamina_over_row(&row, src, count, k)
                    XCTAssertEqual(row, dst, "k \(k), count \(count), level \(level)")
                }
            }
        }
    }

    /// Colours of alpha 254, 255 and 1 on rows of every length up to 20, both ways.
    func testSolidColoursAtTheirEdgesBothWays() {
        var rng = SplitMix64(seed: 0x5011D)
        for color: UInt32 in [0xFEFE_0000, 0xFE00_FE7F, 0xFF12_3456, 0x0101_0000, 0x0100_0001, 0] {
            for n in 0...20 {
                let dst = (0..<n).map { _ in rng.premultipliedPixel() }
                let expected = dst.map { KernelReference.over($0, color) }
                for level in BilinearKernelTests.modes {
                    PixelKernels.withLevel(level) {
                        var row = dst + [0xDEAD_BEEF]
                        lamina_over_solid(&row, color, Int32(n))
                        XCTAssertEqual(Array(row.prefix(n)), expected, "colour \(String(color, radix: 16)), \(n) px, level \(level)")
                        XCTAssertEqual(row[n], 0xDEAD_BEEF)
                    }
                }
            }
        }
    }

    /// The kernels' CPU check agrees with the kernel's own list of CPU flags.
    func testTheCPUCheckAgreesWithProcCpuinfo() throws {
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        #if arch(arm64)
        // AArch64: "Features" lists asimd (NEON), which every AArch64 CPU has; no x86 levels.
        let features = info.split(separator: "\n").first { $0.hasPrefix("Features") }.map { $0.split(separator: " ").map(String.init) } ?? []
        XCTAssertTrue(features.contains("asimd"), "asimd among \(features)")
        XCTAssertEqual(lamina_kernels_cpu_has_neon(), 1)
        XCTAssertEqual(lamina_kernels_cpu_has_avx2(), 0)
        XCTAssertEqual(lamina_kernels_cpu_has_avx512(), 0)
        XCTAssertEqual(PixelKernels.cpuLevel, .neon)
        XCTAssertEqual(PixelKernels.withPortable(false) { PixelKernels.level }, .neon)
        XCTAssertEqual(PixelKernels.withPortable(true) { PixelKernels.level }, .portable)
        #elseif arch(x86_64)
        XCTAssertEqual(lamina_kernels_cpu_has_neon(), 0)
        let flags = info.split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ").map(String.init) } ?? []
        XCTAssertFalse(flags.isEmpty, "a flags line")
        XCTAssertEqual(PixelKernels.cpuHasAVX2, flags.contains("avx2"))
        XCTAssertEqual(lamina_kernels_cpu_has_avx2(), flags.contains("avx2") ? 1 : 0, "exactly 1 or 0")
        XCTAssertEqual(PixelKernels.withPortable(false) { lamina_kernels_use_avx2() }, flags.contains("avx2") ? 1 : 0)
        XCTAssertEqual(PixelKernels.withPortable(true) { lamina_kernels_use_avx2() }, 0)
        let avx512 = flags.contains("avx512f") && flags.contains("avx512bw")
        XCTAssertEqual(PixelKernels.cpuHasAVX512, avx512)
        XCTAssertEqual(lamina_kernels_cpu_has_avx512(), avx512 ? 1 : 0, "exactly 1 or 0")
        XCTAssertEqual(PixelKernels.cpuLevel, avx512 && flags.contains("avx2") ? .avx512 : flags.contains("avx2") ? .avx2 : .portable)
        XCTAssertEqual(PixelKernels.withLevel(.avx2) { PixelKernels.level }, flags.contains("avx2") ? .avx2 : .portable)
        #endif
    }
}
