import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// PrimitiveDrawer.overRuns (per-pixel factors, runs of one factor through the row kernel) gives
/// the pixel-by-pixel formula: runs short and long, factors 0 and 255, at every kernel level.
final class OverRunsTests: XCTestCase {
    func testRunsMatchThePixelByPixelFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0x0E7A)
        for level in PixelKernels.Level.allCases {
            PixelKernels.withLevel(level) {
                for trial in 0..<300 {
                    let n = rng.int(1...90)
                    // Runs of one factor, 1 to 30 pixels long, among them 0 (skipped) and 255.
                    var factors: [UInt32] = []
                    while factors.count < n {
                        let k = rng.pick([0, 255, UInt32(rng.int(1...254))])
                        factors += [UInt32](repeating: k, count: rng.int(1...30))
                    }
                    factors.removeLast(factors.count - n)
                    let src = (0..<n).map { _ in rng.premultipliedPixel() }
                    var dst = (0..<n).map { _ in rng.premultipliedPixel() }
                    let expected = (0..<n).map { factors[$0] == 0 ? dst[$0] : Premultiplied.over(dst[$0], Premultiplied.scale(src[$0], factors[$0])) }
                    var asked = 0
                    src.withUnsafeBufferPointer { s in
                        dst.withUnsafeMutableBufferPointer { d in
                            PrimitiveDrawer.overRuns(d.baseAddress!, s.baseAddress!, count: n) { i in asked += 1; return factors[i] }
                        }
                    }
                    XCTAssertEqual(dst, expected, "\(level), trial \(trial)")
                    XCTAssertEqual(asked, n, "each pixel's factor asked once")
                }
            }
        }
    }
}
