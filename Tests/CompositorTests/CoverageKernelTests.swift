import XCTest
import LaminaRandom
import LaminaTestSupport
import CPixelKernels
@testable import Compositor

/// `lamina_over_solid_coverage`: a solid colour through per-pixel coverage, against the formula
/// written out (k = trunc(min(c·op, 1)·255 + 0.5) in Float, then source-over of the colour scaled
/// by k), at every level, for every length up to 40 (masked tails) and coverages that hit k = 0.
final class CoverageKernelTests: XCTestCase {
    func testCoverageKernelMatchesTheFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0xC0FE)
        for trial in 0..<400 {
            let n = trial % 41
            let color = trial % 7 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            let op: Float = trial % 3 == 0 ? 1 : Float(rng.int(1...1000)) / 1000
            let coverage: [Float] = (0..<n).map { _ in
                switch rng.int(0...4) {
                case 0: return 0
                case 1: return 1
                case 2: return Float(rng.int(0...3)) / 1000      // k = 0 or 1
                default: return Float(rng.int(0...1_000_000)) / 1_000_000
                }
            }
            let dst = (0..<n).map { _ in rng.premultipliedPixel() }
            let expected: [UInt32] = zip(dst, coverage).map { d, c in
                let k = UInt32(min(c * op, 1) * 255 + 0.5)
                return k == 0 ? d : KernelReference.over(d, color, k: k)
            }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var row = dst + [0xDEAD_BEEF]
                    row.withUnsafeMutableBufferPointer { r in coverage.withUnsafeBufferPointer { lamina_over_solid_coverage(r.baseAddress!, color, $0.baseAddress, op, Int32(n)) } }
                    XCTAssertEqual(Array(row.prefix(n)), expected, "trial \(trial), \(level), n \(n)")
                    XCTAssertEqual(row[n], 0xDEAD_BEEF, "nothing past the row")
                }
            }
        }
    }
}
