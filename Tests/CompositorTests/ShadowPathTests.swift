import XCTest
import CoreGraphics
@testable import Compositor

/// A shadowPath gives the shadow its shape whether or not the layer draws through an offscreen
/// group (Apple: "the layer creates its shadow using the specified path instead of the layer's
/// composited alpha channel").
final class ShadowPathTests: XCTestCase {
    /// A 40 × 40 target with one opaque red 10 × 10 layer at (20, 20), opacity ½, a small child
    /// (so its opacity applies to a group), and an opaque black shadowPath (−15, −15) 5 × 5 in its
    /// own coordinates — device (5, 5)…(10, 10) — with no offset and no blur.
    func render() -> PixelBuffer {
        var root = RenderNode()
        root.id = 1; root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        var layer = RenderNode()
        layer.id = 2; layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); layer.toParent = .translation(20, 20)
        layer.backgroundColor = 0xFFFF_0000; layer.opacity = 0.5
        layer.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 0, offsetY: 0, radius: 0,
                                    path: [[CGPoint(x: -15, y: -15), CGPoint(x: -10, y: -15), CGPoint(x: -10, y: -10), CGPoint(x: -15, y: -10)]])
        var child = RenderNode()
        child.id = 3; child.bounds = CGRect(x: 0, y: 0, width: 2, height: 2); child.toParent = .translation(7, 7)
        child.backgroundColor = 0xFF00_FF00
        root.subtreeEnd = 3; layer.subtreeEnd = 3; child.subtreeEnd = 3
        var buffer = PixelBuffer(width: 40, height: 40)
        FrameRenderer().render(RenderTree(nodes: [root, layer, child]), into: &buffer)
        return buffer
    }

    func testAGroupedLayersShadowFollowsItsPath() {
        let b = render()
        // Under the path: black at the layer's opacity, ½·255 + ½ → 128: 0x80000000.
        XCTAssertEqual(b[7, 7], 0x8000_0000)
        // Under the layer, away from the path: red at ½ (round(255·½) = 128 in the group
        // composite) over nothing, no shadow beneath it.
        XCTAssertEqual(b[22, 22], 0x8080_0000)
        // Between them nothing.
        XCTAssertEqual(b[15, 15], 0)
    }
}
