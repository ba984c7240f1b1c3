import XCTest
import CoreGraphics
@testable import Compositor

/// A masked layer (an offscreen group) whose shadowPath reaches past its content: the band that
/// sees only the path's blur below the content must still draw it. Before, the group was left out
/// of bands its content (grown by the shadow's reach) missed, and 45 pixels of blur at the top of
/// the third band of three were lost, so the frame depended on the thread count.
final class MaskShadowBandTests: XCTestCase {
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
}
