import XCTest
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// PrimitiveDrawer.composite of a group without a soft clip (with and without a mask) gives, pixel by
/// pixel, source scaled by opacity × mask alpha, over the destination; outside the mask's frame the
/// destination is left. Masks of runs (0, 255 and in between, as shapes' masks are) and masks
/// offset from the group, at every kernel level.
final class MaskedCompositeTests: XCTestCase {
    static func inside(_ r: IntRect, _ x: Int, _ y: Int) -> Bool { x >= r.x && x < r.maxX && y >= r.y && y < r.maxY }

    func testGroupThroughMaskMatchesThePixelFormulaAtEveryLevel() {
        var rng = SplitMix64(seed: 0x3A5C)
        for level in PixelKernels.Level.allCases {
            PixelKernels.withLevel(level) {
                for trial in 0..<60 {
                    let frame = IntRect(x: 0, y: 0, width: 48, height: 20)
                    let groupFrame = IntRect(x: rng.int(-4...10), y: rng.int(-3...6), width: rng.int(1...45), height: rng.int(1...18))
                    let maskFrame = IntRect(x: rng.int(-4...20), y: rng.int(-3...10), width: rng.int(1...40), height: rng.int(1...16))
                    let useMask = trial % 4 != 0
                    let opacity = rng.pick([1, 0.5, rng.unit()])
                    var dst = (0..<frame.area).map { _ in rng.premultipliedPixel() }
                    let group = Surface(offscreen: groupFrame, columns: 0..<48)
                    let mask = Surface(offscreen: maskFrame, columns: 0..<48)
                    for y in groupFrame.y..<groupFrame.maxY {
                        for x in groupFrame.x..<groupFrame.maxX { group.row(y)[x] = rng.pick([0, rng.premultipliedPixel()]) }
                    }
                    for y in maskFrame.y..<maskFrame.maxY {
                        var x = maskFrame.x
                        while x < maskFrame.maxX {
                            let a = rng.pick([0, 255, UInt32(rng.int(1...254))])
                            for _ in 0..<rng.int(1...12) where x < maskFrame.maxX { mask.row(y)[x] = a << 24; x += 1 }
                        }
                    }
                    // The formula, pixel by pixel.
                    let op = UInt32((min(opacity, 1) * 255).rounded())
                    var expected = dst
                    for y in 0..<frame.height {
                        for x in 0..<frame.width where MaskedCompositeTests.inside(groupFrame, x, y) {
                            var k = op
                            if useMask { k = MaskedCompositeTests.inside(maskFrame, x, y) ? Premultiplied.mul255(k, mask.row(y)[x] >> 24) : 0 }
                            if k == 0 { continue }
                            expected[y * 48 + x] = Premultiplied.over(expected[y * 48 + x], Premultiplied.scale(group.row(y)[x], k))
                        }
                    }
                    dst.withUnsafeMutableBufferPointer { p in
                        let target = Surface(borrowing: p.baseAddress!, frame: frame, stride: 48, scissor: frame)
                        PrimitiveDrawer().composite(group, onto: target, opacity: opacity, mask: useMask ? mask : nil)
                    }
                    XCTAssertEqual(dst, expected, "\(level), trial \(trial): group \(groupFrame), mask \(useMask ? "\(maskFrame)" : "none")")
                }
            }
        }
    }
}
