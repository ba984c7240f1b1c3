import XCTest
import CoreGraphics
@testable import Compositor

/// Shadows too large to blur whole (over `TreeRasterizer.wholeShadowArea` pixels) are blurred per
/// band, around each band's rows; their pixels must still not depend on where the bands end. Before,
/// a blur reduced by a power of two (deviation over 16 px) laid its reduction grid from each band's
/// cut, and its box blur ran out at the cut's edge: 95,494 pixels of an 8192 × 8192 frame differed
/// between one and two threads.
final class LargeShadowBandTests: XCTestCase {
    /// A 900 × 860 frame with one shadowed card of `width` × `height` (a group: a sublayer, and half
    /// opacity), its shadow of deviation `radius` offset by (7, 11), or cast by a path when `path`.
    private func tree(radius: Double, path: Bool) -> RenderTree {
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 900, height: 860)
        root.backgroundColor = 0xFFF0_F0F0
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 610, height: 590)
        card.toParent = .translation(121.5, 97)
        card.backgroundColor = 0xFF20_60C0
        card.cornerRadius = 37
        card.opacity = 0.5
        card.shadow = RenderShadow(color: 0xE010_2030, offsetX: 7, offsetY: 11, radius: radius,
                                   path: path ? [[CGPoint(x: -20, y: -10), CGPoint(x: 640, y: 5), CGPoint(x: 600, y: 620), CGPoint(x: 10, y: 600)]] : nil)
        var dot = RenderNode()
        dot.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        dot.toParent = .translation(40, 300)
        dot.backgroundColor = 0xFFFF_FFFF
        root.id = 1; card.id = 2; dot.id = 3
        root.subtreeEnd = 3; card.subtreeEnd = 3; dot.subtreeEnd = 3
        return RenderTree(nodes: [root, card, dot])
    }

    private func assertSameOnAnyThreadCount(radius: Double, path: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let t = tree(radius: radius, path: path)
        XCTAssertGreaterThan(610 * 590, TreeRasterizer.wholeShadowArea, "the shadow is blurred per band", file: file, line: line)
        var one = PixelBuffer(width: 900, height: 860)
        FrameRenderer(threads: 1).render(t, into: &one, background: 0)
        // The shadow shows past the card's lower right corner (offset (7, 11), then blur).
        XCTAssertNotEqual(one[121 + 610 + 5, 97 + 590 + 8], 0xFFF0_F0F0, "the shadow is drawn", file: file, line: line)
        for threads in [2, 3, 7] {
            var other = PixelBuffer(width: 900, height: 860)
            FrameRenderer(threads: threads).render(t, into: &other, background: 0)
            let diffs = one.pixels.indices.filter { one.pixels[$0] != other.pixels[$0] }
            if let i = diffs.first {
                XCTFail("radius \(radius)\(path ? " (path)" : ""), \(threads) threads: \(diffs.count) pixels differ; first (\(i % 900), \(i / 900)) "
                        + "\(String(one.pixels[i], radix: 16)) vs \(String(other.pixels[i], radix: 16))", file: file, line: line)
            }
        }
    }

    func testAReducedBlurIsTheSameOnAnyThreadCount() {
        assertSameOnAnyThreadCount(radius: 30, path: false)   // reduced by 4
        assertSameOnAnyThreadCount(radius: 70, path: false)   // reduced by 16
    }

    func testAFullResolutionBlurIsTheSameOnAnyThreadCount() {
        assertSameOnAnyThreadCount(radius: 9, path: false)
        assertSameOnAnyThreadCount(radius: 16, path: false)
    }

    func testAPathShadowIsTheSameOnAnyThreadCount() {
        assertSameOnAnyThreadCount(radius: 30, path: true)
        assertSameOnAnyThreadCount(radius: 9, path: true)
    }
}
