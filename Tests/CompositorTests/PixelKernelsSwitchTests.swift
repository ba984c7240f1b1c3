import XCTest
import LaminaRandom
import LaminaTestSupport
import Foundation
import CPixelKernels
@testable import Compositor

/// The switch itself: forcing the portable code, restoring, and the environment's starting mode.
final class PixelKernelsSwitchTests: XCTestCase {
    func testForcePortableSwitchesAndRestores() {
        let before = PixelKernels.forcePortable
        defer { PixelKernels.forcePortable = before }
        PixelKernels.forcePortable = true
        XCTAssertTrue(PixelKernels.forcePortable)
        XCTAssertFalse(PixelKernels.usesAVX2, "forced portable: no AVX2 whatever the CPU")
        PixelKernels.forcePortable = false
        XCTAssertFalse(PixelKernels.forcePortable)
        XCTAssertEqual(PixelKernels.usesAVX2, PixelKernels.cpuHasAVX2)
        PixelKernels.withPortable(true) { XCTAssertFalse(PixelKernels.usesAVX2) }
        XCTAssertFalse(PixelKernels.forcePortable, "withPortable restores the previous mode")
        PixelKernels.forcePortable = true
        PixelKernels.withPortable(false) { XCTAssertEqual(PixelKernels.usesAVX2, PixelKernels.cpuHasAVX2) }
        XCTAssertTrue(PixelKernels.forcePortable, "withPortable restores the previous mode")
        XCTAssertEqual(lamina_kernels_set_mode(LAMINA_KERNELS_AUTO), LAMINA_KERNELS_PORTABLE, "set_mode returns the previous mode")
    }

    /// Every test restores the mode it changes, so at any test's start the mode is the one the
    /// environment chose: LAMINA_SIMD=portable (or scalar) forces the portable code; avx2 caps the
    /// level at AVX2 on x86-64 (elsewhere it changes nothing).
    func testStartingModeComesFromTheEnvironment() {
        let env = ProcessInfo.processInfo.environment["LAMINA_SIMD"]
        let portable = env == "portable" || env == "scalar"
        XCTAssertEqual(PixelKernels.forcePortable, portable)
        #if arch(x86_64)
        XCTAssertEqual(PixelKernels.maximumLevel, portable ? .portable : env == "avx2" ? .avx2 : .avx512)
        #else
        XCTAssertEqual(PixelKernels.maximumLevel, portable ? .portable : PixelKernels.Level.highest)
        #endif
        XCTAssertEqual(PixelKernels.level == .portable, portable || PixelKernels.cpuLevel == .portable)
    }

    /// The levels of this architecture, lowest first, and their names.
    func testTheLevelsOfThisArchitecture() {
        #if arch(x86_64)
        XCTAssertEqual(PixelKernels.Level.allCases, [.portable, .avx2, .avx512])
        XCTAssertEqual(PixelKernels.Level.allCases.map(\.description), ["portable", "AVX2", "AVX-512"])
        XCTAssertFalse(PixelKernels.cpuHasNEON)
        #elseif arch(arm64)
        XCTAssertEqual(PixelKernels.Level.allCases, [.portable, .neon])
        XCTAssertEqual(PixelKernels.Level.allCases.map(\.description), ["portable", "NEON"])
        XCTAssertTrue(PixelKernels.cpuHasNEON)
        XCTAssertEqual(PixelKernels.cpuLevel, .neon)
        #endif
        XCTAssertEqual(PixelKernels.Level.highest, PixelKernels.Level.allCases.last)
        PixelKernels.withLevel(.portable) { XCTAssertFalse(PixelKernels.usesVectorCode) }
        PixelKernels.withLevel(.highest) { XCTAssertEqual(PixelKernels.usesVectorCode, PixelKernels.cpuLevel != .portable) }
    }

    /// The variable is read once per process, so it is checked in fresh processes: this test binary
    /// run again with LAMINA_SIMD set, on the test above only.
    func testTheEnvironmentVariableChoosesTheModeInAFreshProcess() throws {
        for value in ["portable", "scalar", "avx2"] {
            let r = try TestBinary.run("CompositorTests.PixelKernelsSwitchTests/testStartingModeComesFromTheEnvironment",
                                       environment: ["LAMINA_SIMD": value])
            XCTAssertEqual(r.status, 0, "LAMINA_SIMD=\(value): \(r.output.suffix(600))")
            XCTAssertTrue(r.passedOneTest, "LAMINA_SIMD=\(value): the test ran: \(r.output.suffix(600))")
        }
    }

    /// Rows drawn on several threads while another thread flips the mode stay exact: each call
    /// reads the mode once.
    func testFlippingTheModeWhileOtherThreadsDrawKeepsEveryRowExact() {
        let before = PixelKernels.forcePortable
        defer { PixelKernels.forcePortable = before }
        var rng = SplitMix64(seed: 5)
        let src = (0..<256).map { _ in rng.premultipliedPixel() }, dst = (0..<256).map { _ in rng.premultipliedPixel() }
        let expected = zip(dst, src).map { KernelReference.over($0, $1, k: 200) }
        // Each iteration writes only its own element.
        nonisolated(unsafe) let failures = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        failures.initialize(repeating: 0, count: 4)
        defer { failures.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in 0..<400 {
                if t == 0 { PixelKernels.forcePortable = i % 2 == 0; continue }
                var row = dst
                lamina_over_row(&row, src, Int32(row.count), 200)
                if row != expected { failures[t] += 1 }
            }
        }
        XCTAssertEqual(failures[1] + failures[2] + failures[3], 0)
    }
}
