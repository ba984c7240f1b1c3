import XCTest
import CoreGraphics
@testable import Compositor

/// Shadows of offscreen groups reach every band they fall in, whatever the thread count.
final class MaskShadowBandTests: XCTestCase {
    /// A masked layer (an offscreen group) whose shadowPath reaches past its content: the band that
    /// sees only the path's blur below the content must still draw it. Before, the group was left
    /// out of bands its content (grown by the shadow's reach) missed, and 45 pixels of blur at the
    /// top of the third band of three were lost.
    func testMaskedGroupWithShadowPathIsTheSameOnAnyThreadCount() {
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 47, height: 42)
        n.toParent = .translation(118.5, 18)
        n.shadow = RenderShadow(color: 0xC000_0000, offsetX: 4, offsetY: 5, radius: 3,
                                path: [[CGPoint(x: -6, y: -4), CGPoint(x: 55, y: -4), CGPoint(x: 55, y: 51), CGPoint(x: -6, y: 51)]])
        n.contents = [.gradient(RenderGradient(kind: .axial, rect: CGRect(x: 3, y: 2, width: 42, height: 39), start: CGPoint(x: 3, y: 2), end: CGPoint(x: 47, y: 42),
                                               stops: [(0, SIMD4(1, 0.5, 0, 1)), (1, SIMD4(0, 0.3, 1, 1))]))]
        var m = RenderNode()
        m.bounds = CGRect(x: 0, y: 0, width: 30, height: 30); m.backgroundColor = 0xFF00_0000; m.cornerRadius = 15
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        n.mask = 2
        root.subtreeEnd = 3; n.subtreeEnd = 3; m.subtreeEnd = 3
        root.id = 1; n.id = 2; m.id = 3
        let tree = RenderTree(nodes: [root, n, m])
        var one = PixelBuffer(width: 160, height: 120), three = PixelBuffer(width: 160, height: 120)
        FrameRenderer(threads: 1).render(tree, into: &one, background: 0)
        FrameRenderer(threads: 3).render(tree, into: &three, background: 0)
        let diffs = one.pixels.indices.filter { one.pixels[$0] != three.pixels[$0] }
        if let i = diffs.first { XCTFail("\(diffs.count) differ; first (\(i % 160), \(i / 160)) \(String(one.pixels[i], radix: 16)) vs \(String(three.pixels[i], radix: 16))") }
    }

    /// A shadowed group inside an opacity group: the outer group is cut to the band, and the inner
    /// one must still be drawn whole and its shadow blurred whole. Before, the inner group's
    /// content was cut to the band too, left out where the band saw only its shadow, and 263
    /// pixels of blur differed between one and three threads.
    func testAShadowedGroupInsideAGroupIsTheSameOnAnyThreadCount() {
        var outer = RenderNode()          // opacity 0.7 over a background and a sublayer: a group
        outer.bounds = CGRect(x: 0, y: 0, width: 42, height: 46)
        outer.toParent = .translation(22, -10)
        outer.opacity = 0.7
        outer.backgroundColor = 0x8040_2010
        var inner = RenderNode()          // opacity 0.7 over a background and a border, with a shadowPath
        inner.bounds = CGRect(x: 0, y: 0, width: 68, height: 41)
        inner.toParent = .translation(5.5, 31)
        inner.opacity = 0.7
        inner.backgroundColor = 0xFF76_ABF2; inner.cornerRadius = 5
        inner.borderWidth = 2; inner.borderColor = 0xFFFF_FFFF
        inner.shadow = RenderShadow(color: 0xC000_0000, offsetX: 4, offsetY: 5, radius: 3,
                                    path: [[CGPoint(x: -6, y: -4), CGPoint(x: 76, y: -4), CGPoint(x: 76, y: 50), CGPoint(x: -6, y: 50)]])
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.subtreeEnd = 3; outer.subtreeEnd = 3; inner.subtreeEnd = 3
        root.id = 1; outer.id = 2; inner.id = 3
        let tree = RenderTree(nodes: [root, outer, inner])
        var one = PixelBuffer(width: 160, height: 120)
        FrameRenderer(threads: 1).render(tree, into: &one, background: 0)
        XCTAssertNotEqual(one[40, 80], 0, "the blur reaches the third band's first row")
        for threads in [2, 3, 5] {
            var other = PixelBuffer(width: 160, height: 120)
            FrameRenderer(threads: threads).render(tree, into: &other, background: 0)
            let diffs = one.pixels.indices.filter { one.pixels[$0] != other.pixels[$0] }
            if let i = diffs.first { XCTFail("\(threads) threads: \(diffs.count) differ; first (\(i % 160), \(i / 160)) \(String(one.pixels[i], radix: 16)) vs \(String(other.pixels[i], radix: 16))") }
        }
    }
}
