import XCTest
import LaminaRandom
@testable import Compositor

/// The C box passes (`lamina_box_blur_passes`) against BoxBlur's Swift passes, their reference, at
/// every kernel level this CPU has (portable, AVX2, AVX-512): random seeded planes (sparse, dense
/// and all-ones), widths that are and are not multiples of the vector widths, planes narrower or
/// shorter than a box, and deviations from a fraction of a pixel to a box wider than the plane.
final class BoxBlurKernelTests: XCTestCase {
    func testKernelPassesEqualTheSwiftPassesAtEveryLevel() {
        var rng = SplitMix64(seed: 0xB0C5_B1E5)
        var compared = 0, blurred = 0
        for trial in 0..<240 {
            let w = trial % 40 == 0 ? rng.int(1...3) : rng.int(1...90), h = trial % 37 == 0 ? rng.int(1...3) : rng.int(1...70)
            let kind = trial % 3
            let plane: [Float] = (0..<(w * h)).map { _ in
                kind == 0 ? (rng.int(0...5) == 0 ? Float(rng.unit()) : 0) : kind == 1 ? Float(rng.unit() * 1.2 - 0.1) : 1
            }
            let sigma = trial % 11 == 0 ? rng.unit() * 0.6 : rng.unit() * (trial % 5 == 0 ? 60 : 12)
            var expected = plane
            BoxBlur.blur(&expected, width: w, height: h, sigma: sigma, passes: .swift)
            if expected != plane { blurred += 1 }
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    var got = plane
                    BoxBlur.blur(&got, width: w, height: h, sigma: sigma, passes: .kernel)
                    XCTAssertEqual(got, expected, "trial \(trial): \(w)x\(h), sigma \(sigma), level \(level)")
                }
            }
            compared += w * h
        }
        XCTAssertGreaterThan(compared, 200_000)
        XCTAssertGreaterThan(blurred, 180, "most trials blur")
    }

    /// A plane as wide as a band of a frame at 3 pixels a point (rows of 2000 values and more than
    /// one vector's tail), blurred hard: the kernel's sums stay exact.
    func testWideOpaquePlaneMatches() {
        let w = 2003, h = 40
        var rng = SplitMix64(seed: 0x71DE)
        let plane = (0..<(w * h)).map { i in (i / w + i % w) % 97 < 60 ? Float(1) : Float(rng.unit()) }
        var expected = plane
        BoxBlur.blur(&expected, width: w, height: h, sigma: 200, passes: .swift)
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var got = plane
                BoxBlur.blur(&got, width: w, height: h, sigma: 200, passes: .kernel)
                XCTAssertEqual(got, expected, "level \(level)")
            }
        }
    }
}

/// `BoxBlur.blurPlaced` (one C call: place, convert, passes, convert back) against placing the
/// source in a zero plane and running the Swift passes, at every level; with values outside 0...1,
/// NaN and negative zero among them.
final class BoxBlurPlacedTests: XCTestCase {
    func testPlacedBlurEqualsPlaceThenBlur() {
        var rng = SplitMix64(seed: 0x9_1ACE)
        for trial in 0..<160 {
            let w = rng.int(1...80), h = rng.int(1...60)
            let sw = rng.int(0...w), sh = rng.int(0...h), ox = rng.int(0...(w - sw)), oy = rng.int(0...(h - sh))
            let src: [Float] = (0..<(sw * sh)).map { _ in
                switch rng.int(0...40) {
                case 0: return .nan
                case 1: return -0.0
                case 2: return 1.5
                case 3: return -0.25
                default: return Float(rng.unit())
                }
            }
            let sigma = trial % 13 == 0 ? 0.2 : rng.unit() * 20
            var expected = [Float](repeating: 0, count: w * h)
            for y in 0..<sh { for x in 0..<sw { expected[(y + oy) * w + x + ox] = src[y * sw + x] } }
            BoxBlur.blur(&expected, width: w, height: h, sigma: sigma, passes: .swift)
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    let got = BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma)
                    // Bits compared (NaN is kept only where no blur ran).
                    XCTAssertEqual(got.map(\.bitPattern), expected.map(\.bitPattern), "trial \(trial): \(w)x\(h), source \(sw)x\(sh) at (\(ox), \(oy)), sigma \(sigma), level \(level)")
                }
            }
        }
    }
}
