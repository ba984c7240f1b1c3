import XCTest
import CoreGraphics
@testable import Compositor

/// The premultiplied contract of render-tree colours, as `FrameRenderer.render` checks it in debug
/// builds: a channel above alpha is found, by node and field.
final class RenderTreePremultipliedTests: XCTestCase {
    func testIsPremultipliedComparesEachChannelWithAlpha() {
        XCTAssertTrue(RenderTree.isPremultiplied(0x0000_0000))
        XCTAssertTrue(RenderTree.isPremultiplied(0xFFFF_FFFF))
        XCTAssertTrue(RenderTree.isPremultiplied(0x8080_8080))
        XCTAssertTrue(RenderTree.isPremultiplied(0x8018_3048))  // 0x80306090 premultiplied by 0x80/0xFF
        XCTAssertFalse(RenderTree.isPremultiplied(0x8081_0000))  // red one above alpha
        XCTAssertFalse(RenderTree.isPremultiplied(0x8000_8100))  // green
        XCTAssertFalse(RenderTree.isPremultiplied(0x8000_0081))  // blue
        XCTAssertFalse(RenderTree.isPremultiplied(0x0000_0001))  // clear with a colour left in it
    }

    func testFindsTheFirstBrokenColourByNodeAndField() {
        var root = RenderNode(); root.backgroundColor = 0xFF20_4060; root.subtreeEnd = 3
        var a = RenderNode(); a.borderColor = 0x4040_4040; a.subtreeEnd = 2
        a.shadow = RenderShadow(color: 0x8000_0000, offsetX: 0, offsetY: 3, radius: 4, path: nil)
        var b = RenderNode(); b.subtreeEnd = 3
        b.contents = [.fill(RenderFill(contours: [[CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 0), CGPoint(x: 0, y: 4)]], rule: .nonZero, color: 0x8030_6090))]
        var tree = RenderTree(nodes: [root, a, b])
        XCTAssertEqual(tree.firstNonPremultipliedColor(), NonPremultipliedColor(node: 2, field: "contents[0].color", color: 0x8030_6090))
        XCTAssertEqual(tree.firstNonPremultipliedColor()?.description,
                       "node 2 contents[0].color 0x80306090 has a channel above its alpha 0x80 (render tree colours are premultiplied)")
        tree.nodes[1].shadow?.color = 0x10FF_0000
        XCTAssertEqual(tree.firstNonPremultipliedColor(), NonPremultipliedColor(node: 1, field: "shadow.color", color: 0x10FF_0000))
        tree.nodes[1].shadow?.color = 0x1010_0000
        tree.nodes[2].contents[0] = .fill(RenderFill(contours: [], rule: .nonZero, color: 0x8030_6080))
        XCTAssertNil(tree.firstNonPremultipliedColor())
        tree.nodes[0].backgroundColor = 0xFEFF_FFFF
        XCTAssertEqual(tree.firstNonPremultipliedColor()?.field, "backgroundColor")
    }
}
