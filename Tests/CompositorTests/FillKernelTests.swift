import XCTest
import LaminaRandom
import LaminaTestSupport
import CPixelKernels
@testable import Compositor

/// `lamina_fill_rect` (the frame's clear, and opaque solid rectangles through
/// `lamina_over_solid_rect`): exactly the rectangle's pixels take the colour, at every level and
/// every width up to 70 (unrolled bodies and masked tails), and nothing around it changes.
final class FillKernelTests: XCTestCase {
    func testFillSetsExactlyTheRectangleAtEveryLevel() {
        var rng = SplitMix64(seed: 0xF111)
        let stride = 80, rows = 6
        for trial in 0..<200 {
            let width = trial % 71, height = rng.int(1...4), x = rng.int(0...(stride - width)), y = rng.int(0...(rows - height))
            let color = trial % 5 == 0 ? 0 : rng.anyPixel()
            let before = (0..<(stride * rows)).map { _ in rng.anyPixel() }
            var expected = before
            for r in y..<(y + height) { for c in x..<(x + width) { expected[r * stride + c] = color } }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var px = before
                    px.withUnsafeMutableBufferPointer { lamina_fill_rect($0.baseAddress! + y * stride + x, stride, color, Int32(width), Int32(height)) }
                    if let i = px.indices.first(where: { px[$0] != expected[$0] }) {
                        XCTFail("trial \(trial), \(level): \(width)x\(height) at (\(x), \(y)): pixel (\(i % stride), \(i / stride)) wrong")
                    }
                    // An opaque colour drawn over is the same fill.
                    if color >> 24 == 0xFF {
                        var over = before
                        over.withUnsafeMutableBufferPointer { lamina_over_solid_rect($0.baseAddress! + y * stride + x, stride, color, Int32(width), Int32(height)) }
                        XCTAssertTrue(over == expected, "trial \(trial), \(level): opaque over")
                    }
                }
            }
        }
    }
}
