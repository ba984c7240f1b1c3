import XCTest
import CoreGraphics
@testable import Compositor

/// Leaves are drawn as their parent's body meets them, and the rest wait for what a leaf drawn
/// through a group pushed: siblings still land in tree order. Pixels worked out by hand.
final class SiblingOrderTests: XCTestCase {
    func testSiblingsAfterAGroupLeafAreDrawnAfterIt() {
        var a = RenderNode()              // red with a white border at opacity 0.5: two parts, a group
        a.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        a.backgroundColor = 0xFFFF_0000
        a.borderWidth = 2; a.borderColor = 0xFFFF_FFFF
        a.opacity = 0.5
        var b = RenderNode()              // opaque blue over the right half of a
        b.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        b.toParent = .translation(10, 0)
        b.backgroundColor = 0xFF00_00FF
        var c = RenderNode()              // green with a white sublayer in its corner
        c.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        c.toParent = .translation(25, 0)
        c.backgroundColor = 0xFF00_FF00
        var d = RenderNode()
        d.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        d.backgroundColor = 0xFFFF_FFFF
        var e = RenderNode()              // a last leaf over c's lower right
        e.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        e.toParent = .translation(31, 6)
        e.backgroundColor = 0xFF00_0000
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        var nodes = [root, a, b, c, d, e]
        nodes[0].subtreeEnd = 6
        nodes[1].subtreeEnd = 2; nodes[2].subtreeEnd = 3; nodes[3].subtreeEnd = 5; nodes[4].subtreeEnd = 5; nodes[5].subtreeEnd = 6
        for k in nodes.indices { nodes[k].id = UInt64(k + 1) }
        for threads in [1, 2] {
            var frame = PixelBuffer(width: 40, height: 20)
            FrameRenderer(threads: threads).render(RenderTree(nodes: nodes), into: &frame, background: 0)
            // a alone: red at half opacity, round(255 · 128 / 255) = 128.
            XCTAssertEqual(frame[5, 10], 0x8080_0000, "\(threads) threads")
            // b over a.
            XCTAssertEqual(frame[15, 10], 0xFF00_00FF, "\(threads) threads")
            // d over c, c, then e over c.
            XCTAssertEqual(frame[27, 2], 0xFFFF_FFFF, "\(threads) threads")
            XCTAssertEqual(frame[28, 8], 0xFF00_FF00, "\(threads) threads")
            XCTAssertEqual(frame[33, 8], 0xFF00_0000, "\(threads) threads")
        }
    }
}
