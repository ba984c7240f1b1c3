import XCTest
import LaminaTestSupport
import CPixelKernels
@testable import Compositor

/// The C source-over kernels, both ways, against the formula: s' = round(s·k/255), then
/// s' + round(d·(255 − s'.alpha)/255), each channel.
final class OverKernelTests: XCTestCase {
    func testOverKernelsMatchTheFormulaBothWays() {
        var rng = SeededRandom(seed: 0x0E7E_12)
        for trial in 0..<300 {
            let n = rng.int(0...70)
            let src = (0..<n).map { _ in rng.premultipliedPixel() }, dst = (0..<n).map { _ in rng.premultipliedPixel() }
            let k = trial % 5 == 0 ? 255 : trial % 11 == 0 ? 0 : UInt32(rng.int(0...255))
            let color = rng.premultipliedPixel()
            let expectedRow = zip(dst, src).map { KernelReference.over($0, $1, k: k) }
            let expectedSolid = dst.map { KernelReference.over($0, color) }
            for portable in BilinearKernelTests.modes {
                PixelKernels.withPortable(portable) {
                    var row = dst + [0xDEAD_BEEF], solid = dst + [0xDEAD_BEEF]
                    (src + [0]).withUnsafeBufferPointer { s in
                        row.withUnsafeMutableBufferPointer { lamina_over_row($0.baseAddress!, s.baseAddress!, Int32(n), k) }
                    }
                    solid.withUnsafeMutableBufferPointer { lamina_over_solid($0.baseAddress!, color, Int32(n)) }
                    XCTAssertEqual(Array(row.prefix(n)), expectedRow, "row trial \(trial), k \(k), portable \(portable)")
                    XCTAssertEqual(Array(solid.prefix(n)), expectedSolid, "solid trial \(trial), portable \(portable)")
                    XCTAssertEqual(row[n], 0xDEAD_BEEF); XCTAssertEqual(solid[n], 0xDEAD_BEEF)
                }
            }
            // The Swift lanes (BlendKernels.overReference) and Premultiplied promise the same.
            var swift = dst + [0xDEAD_BEEF]
            (src + [0]).withUnsafeBufferPointer { s in
                swift.withUnsafeMutableBufferPointer { BlendKernels.overReference($0.baseAddress!, s.baseAddress!, count: n, scale: k) }
            }
            XCTAssertEqual(Array(swift.prefix(n)), expectedRow, "Swift lanes, trial \(trial)")
            XCTAssertEqual(dst.map { Premultiplied.over($0, color) }, expectedSolid, "Premultiplied.over, trial \(trial)")
        }
    }

    /// Hand-worked: 50 % red over opaque blue. s = 0x80800000; d·(255 − 128)/255 = 255·127/255 = 127
    /// blue; with k = 128 the source halves first: round(128·128/255) = 64 → 0x40400000, and
    /// blue becomes round(255·191/255) = 191.
    func testHandWorkedOverBothWays() {
        for portable in BilinearKernelTests.modes {
            PixelKernels.withPortable(portable) {
                var row = [UInt32](repeating: 0xFF00_00FF, count: 9)
                let src = [UInt32](repeating: 0x8080_0000, count: 9)
                lamina_over_row(&row, src, 9, 255)
                XCTAssertEqual(row, [UInt32](repeating: 0xFF80_007F, count: 9), "portable \(portable)")
                row = [UInt32](repeating: 0xFF00_00FF, count: 9)
                lamina_over_row(&row, src, 9, 128)
                XCTAssertEqual(row, [UInt32](repeating: 0xFF40_00BF, count: 9), "portable \(portable)")
                lamina_over_solid(&row, 0x8080_0000, 9)
                // 0x80 + round(0x40·127/255) = 128 + 32 = 160; blue round(191·127/255) = 95.
                XCTAssertEqual(row, [UInt32](repeating: 0xFFA0_005F, count: 9), "portable \(portable)")
            }
        }
    }
}
