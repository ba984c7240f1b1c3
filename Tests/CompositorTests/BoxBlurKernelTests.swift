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
