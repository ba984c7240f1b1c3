import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Pixels that are not premultiplied colours (a channel above the alpha) are lowered to the alpha
/// when the image is made, so every kernel level draws them alike (before, the portable code
/// carried the overflow into the next channel and the vector code saturated).
final class InvalidPremultipliedTests: XCTestCase {
    func testChannelsAboveAlphaAreLoweredToIt() {
        let image = CGImage(width: 3, height: 1, premultipliedARGB: [0x80FF_0010, 0xFF12_3456, 0x0001_0203])
        XCTAssertEqual(image.premultipliedARGB, [0x8080_0010, 0xFF12_3456, 0x0000_0000])
        var valid = [UInt32](repeating: 0x8040_2010, count: 37)
        valid[36] = 0x40FF_FFFF
        XCTAssertEqual(CGImage(width: 37, height: 1, premultipliedARGB: valid).premultipliedARGB.last, 0x4040_4040, "the scalar tail after the vector steps")
        valid[36] = 0x4040_4040
        valid[3] = 0x10FF_0000
        XCTAssertEqual(CGImage(width: 37, height: 1, premultipliedARGB: valid).premultipliedARGB[3], 0x1010_0000, "one bad pixel in a vector step")
    }

    func testAnInvalidImageDrawsAlikeAtEveryLevel() {
        var rng = SplitMix64(seed: 0xBAD)
        // Random words: most have a channel above their alpha.
        let texels = (0..<(40 * 30)).map { _ in rng.anyPixel() }
        let image = CGImage(width: 40, height: 30, premultipliedARGB: texels)
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        n.toParent = .translation(3, 2)
        n.opacity = 0.7
        n.contents = [.image(RenderImage(image: image, destination: n.bounds, source: n.bounds))]
        var rotated = n
        rotated.toParent = Matrix4x4(SIMD16(cos(0.3), sin(0.3), 0, 0, -sin(0.3), cos(0.3), 0, 0, 0, 0, 1, 0, 20, 5, 0, 1))
        let tree = flatTree(width: 64, height: 48, [n, rotated])
        var frames: [PixelBuffer] = []
        for level in BilinearKernelTests.modes {
            PixelKernels.withLevel(level) {
                var frame = PixelBuffer(width: 64, height: 48)
                FrameRenderer(threads: 1).render(tree, into: &frame, background: 0xFF20_4060)
                frames.append(frame)
            }
        }
        for (k, f) in frames.enumerated().dropFirst() {
            if let i = f.pixels.indices.first(where: { f.pixels[$0] != frames[0].pixels[$0] }) {
                XCTFail("\(BilinearKernelTests.modes[k]) differs from \(BilinearKernelTests.modes[0]) at (\(i % 64), \(i / 64))")
            }
        }
    }
}
