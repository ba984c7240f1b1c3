import XCTest
import Foundation
import Synchronization
import CPixelKernels
import LaminaRandom
@testable import Compositor

/// The mirrored blur (`lamina_box_blur_placed` making only a half or quarter of a plane that is
/// mirror-symmetric, then mirroring it) against the whole blur, bit for bit, at every kernel level:
/// `BoxBlur.blurPlaced` of seeded mirrored sources against the Swift passes (the reference), and
/// frames of rounded, shadowed cards (seeded sizes, odd and even, corner radii, shadow radii up to
/// wider than the card) drawn on 1 and 3 threads with the mirrored blur on and off.
final class BoxBlurMirrorTests: XCTestCase {
    override func tearDown() { lamina_box_blur_set_mirroring(1) }

    func testMirroredPlacedBlurEqualsTheSwiftPasses() {
        var rng = SplitMix64(seed: 0x5_11AD_0011)
        var mirrored = 0
        for trial in 0..<120 {
            let sw = rng.int(1...70), sh = rng.int(1...50), ox = rng.int(0...20), oy = rng.int(0...16)
            let w = sw + 2 * ox, h = sh + 2 * oy
            let mx = rng.int(0...4) > 0, my = rng.int(0...4) > 0
            var src = [Float](repeating: 0, count: sw * sh)
            for y in 0..<sh {
                for x in 0..<sw {
                    let qx = mx && x >= (sw + 1) / 2 ? sw - 1 - x : x, qy = my && y >= (sh + 1) / 2 ? sh - 1 - y : y
                    src[y * sw + x] = qx != x || qy != y ? src[qy * sw + qx] : (rng.int(0...9) == 0 ? 0 : Float(rng.unit()))
                }
            }
            let sigma = trial % 7 == 0 ? rng.unit() * 60 + 20 : rng.unit() * 12 + 0.4
            let axes = lamina_box_blur_mirrors(src, Int32(sw), Int32(sh), Int32(ox), Int32(oy), Int32(w), Int32(h))
            XCTAssertEqual(axes & 1 != 0, mx || sw == 1 || (0..<sh).allSatisfy { y in (0..<sw).allSatisfy { src[y * sw + $0] == src[y * sw + sw - 1 - $0] } })
            if axes != 0 { mirrored += 1 }
            var expected = [Float](repeating: 0, count: w * h)
            for y in 0..<sh { for x in 0..<sw { expected[(y + oy) * w + x + ox] = src[y * sw + x] } }
            BoxBlur.blur(&expected, width: w, height: h, sigma: sigma, passes: .swift)
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    let before = lamina_box_blur_mirrored_count()
                    let got = BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma)
                    XCTAssertEqual(lamina_box_blur_mirrored_count() - before, axes != 0 ? 1 : 0)
                    XCTAssertEqual(got.map(\.bitPattern), expected.map(\.bitPattern),
                                   "trial \(trial): \(w)x\(h), source \(sw)x\(sh) at (\(ox), \(oy)), axes \(axes), sigma \(sigma), level \(level)")
                }
            }
        }
        XCTAssertGreaterThan(mirrored, 80)
    }

    /// Shadowed rounded cards at whole-pixel places (so their shadows' sources are mirrored), some
    /// with a sublayer (the shadow follows the group's alpha), one at a half-pixel place.
    private func tree(_ rng: inout SplitMix64, width: Int, height: Int) -> RenderTree {
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        nodes.append(root)
        for i in 0..<6 {
            var card = RenderNode()
            let cw = rng.int(3...60), ch = rng.int(3...50)
            card.bounds = CGRect(x: 0, y: 0, width: cw, height: ch)
            let fx = i == 5 ? 0.5 : 0.0
            card.toParent = .translation(Double(rng.int(0...(width - cw))) + fx, Double(rng.int(0...(height - ch))))
            card.backgroundColor = 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.int(0...0xFFFFFF))
            card.cornerRadius = Double(rng.int(0...(min(cw, ch) / 2 + 2))) + (rng.int(0...2) == 0 ? 0.5 : 0)
            let radius = rng.int(0...5) == 0 ? Double(rng.int(30...70)) : rng.unit() * 12 + 1
            card.shadow = RenderShadow(color: 0x9900_0000, offsetX: Double(rng.int(-4...4)), offsetY: Double(rng.int(-2...6)),
                                       radius: radius, path: nil)
            card.id = UInt64(nodes.count)
            let withDot = rng.int(0...2) == 0
            card.subtreeEnd = nodes.count + (withDot ? 2 : 1)
            nodes.append(card)
            if withDot {
                var dot = RenderNode()
                dot.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
                dot.toParent = .translation(1, 1)
                dot.backgroundColor = 0xFFFF_FFFF
                dot.id = UInt64(nodes.count)
                dot.subtreeEnd = nodes.count + 1
                nodes.append(dot)
            }
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    func testShadowedCardsEqualTheWholeBlurOnOneAndThreeThreads() {
        var rng = SplitMix64(seed: 0x5_11AD_0012)
        let width = 180, height = 140
        var mirroredBlurs: Int64 = 0
        for trial in 0..<8 {
            let t = tree(&rng, width: width, height: height)
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    for threads in [1, 3] {
                        lamina_box_blur_set_mirroring(0)
                        var whole = PixelBuffer(width: width, height: height)
                        FrameRenderer(threads: threads).render(t, into: &whole, background: 0xFFF0_EEE8)
                        lamina_box_blur_set_mirroring(1)
                        let before = lamina_box_blur_mirrored_count()
                        var mirrored = PixelBuffer(width: width, height: height)
                        FrameRenderer(threads: threads).render(t, into: &mirrored, background: 0xFFF0_EEE8)
                        mirroredBlurs += lamina_box_blur_mirrored_count() - before
                        XCTAssertEqual(mirrored.pixels, whole.pixels, "trial \(trial), level \(level), \(threads) threads")
                    }
                }
            }
        }
        XCTAssertGreaterThan(mirroredBlurs, 0, "some shadows blurred mirrored")
    }

    /// A mirrored blur made by several threads together (`SharedBoxBlur` on the working plane) has
    /// the bits of the whole blur made by one thread.
    func testSharedMirroredBlurEqualsTheWholeBlur() {
        var rng = SplitMix64(seed: 0x5_11AD_0013)
        for trial in 0..<10 {
            let sw = rng.int(130...220), sh = rng.int(120...170), ox = rng.int(2...40), oy = rng.int(2...30)
            let w = sw + 2 * ox, h = sh + 2 * oy
            let my = trial % 3 != 0
            var values = [Float](repeating: 0, count: sw * sh)
            for y in 0..<sh {
                for x in 0..<sw {
                    let qx = x >= (sw + 1) / 2 ? sw - 1 - x : x, qy = my && y >= (sh + 1) / 2 ? sh - 1 - y : y
                    values[y * sw + x] = qx != x || qy != y ? values[qy * sw + qx] : (rng.int(0...9) == 0 ? 0 : Float(rng.unit()))
                }
            }
            let sigma = trial == 4 ? 70 : 0.5 + rng.unit() * 16
            let src = values
            XCTAssertEqual(lamina_box_blur_mirrors(src, Int32(sw), Int32(sh), Int32(ox), Int32(oy), Int32(w), Int32(h)), my ? 3 : 1)
            XCTAssertTrue(SharedBoxBlur.applies(width: w, height: h, radii: [1]))
            for level in BilinearKernelTests.modes {
                PixelKernels.withLevel(level) {
                    lamina_box_blur_set_mirroring(0)
                    let expected = BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma)
                    lamina_box_blur_set_mirroring(1)
                    for threads in [1, 3] {
                        let result = SharedBlurHarness.run(threads: threads) { share in
                            BoxBlur.blurPlaced(src, sourceWidth: sw, sourceHeight: sh, ox: ox, oy: oy, width: w, height: h, sigma: sigma, share: share)
                        }
                        XCTAssertEqual(result.map(\.bitPattern), expected.map(\.bitPattern),
                                       "trial \(trial): \(w)x\(h), source \(sw)x\(sh) at (\(ox), \(oy)), sigma \(sigma), level \(level), \(threads) threads")
                    }
                }
            }
        }
    }
}
