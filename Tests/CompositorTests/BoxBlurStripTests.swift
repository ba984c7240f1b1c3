import XCTest
import Foundation
import Synchronization
import LaminaRandom
import CPixelKernels
@testable import Compositor

/// A shared blur made in strips (`SharedBoxBlur.strips`: a plane not mirrored whose boxes reach
/// few rows, each part a strip made whole by one thread from the source) has the bits of one
/// thread's `BoxBlur.blurPlaced`, at every kernel level, with 1 and 3 threads, sources touching the
/// plane's edges or not.
final class BoxBlurStripTests: XCTestCase {
    func testStripsEqualOneThreadsBlurAtEveryLevel() {
        var rng = SplitMix64(seed: 0x5_7819)
        var trials = 0
        while trials < 16 {
            let w = rng.int(128...300), h = rng.int(128...320)
            let sw = rng.int(1...w), sh = rng.int(1...h)
            // Now and then the source on the plane's top or bottom edge.
            let ox = rng.int(0...(w - sw)), oy = [0, h - sh, rng.int(0...(h - sh))][rng.int(0...2)]
            let src: [Float] = (0..<(sw * sh)).map { _ in rng.int(0...9) == 0 ? 0 : Float(rng.unit()) }
            let sigma = 0.5 + rng.unit() * 3.5
            let radii = BoxBlur.boxSizes(sigma: sigma).map { Int32($0) }
            let axes = lamina_box_blur_mirrors(src, Int32(sw), Int32(sh), Int32(ox), Int32(oy), Int32(w), Int32(h))
            guard SharedBoxBlur.takesStrips(height: h, radii: radii, axes: axes), SharedBoxBlur.applies(width: w, height: h, radii: radii) else { continue }
            trials += 1
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    let expected = BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma)
                    for threads in [1, 3] {
                        let result = SharedBlurHarness.run(threads: threads) { share in
                            BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma,
                                               share: { blur in
                                                   XCTAssertTrue(blur.strips)
                                                   share(blur)
                                               })
                        }
                        XCTAssertEqual(result.map(\.bitPattern), expected.map(\.bitPattern),
                                       "\(w)x\(h), source \(sw)x\(sh) at (\(ox), \(oy)), sigma \(sigma), level \(level), \(threads) threads")
                    }
                }
            }
        }
    }
}
