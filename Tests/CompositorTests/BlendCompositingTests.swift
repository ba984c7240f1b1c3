import XCTest
import CoreGraphics
@testable import Compositor

/// A node with a blend mode composites its whole group onto what is below it, in single frames, in
/// bands, and with damage: values worked by hand from the W3C formulas.
final class BlendCompositingTests: XCTestCase {
    /// A 40 × 40 red root; under it a 10 × 10 node at (5, 5) with `mode` whose own background is
    /// `color`, with a sublayer (opaque grey 0x80) at (10, 0) in its coordinates, 10 × 10, outside
    /// its bounds (right of it), and an optional half-covering sublayer inside.
    func tree(mode: BlendMode, color: UInt32 = 0xFF80_8080, grandchildX: Double = 10, grandchildY: Double = 0, opacity: Double = 1) -> RenderTree {
        var root = RenderNode()
        root.id = 1; root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); root.backgroundColor = 0xFFFF_0000
        var n = RenderNode()
        n.id = 2; n.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); n.toParent = .translation(5, 5)
        n.backgroundColor = color; n.blendMode = mode; n.opacity = opacity
        var g = RenderNode()
        g.id = 3; g.bounds = CGRect(x: 0, y: 0, width: 10, height: 10); g.toParent = .translation(grandchildX, grandchildY)
        g.backgroundColor = 0xFF80_8080
        g.subtreeEnd = 3; n.subtreeEnd = 3; root.subtreeEnd = 3
        return RenderTree(nodes: [root, n, g])
    }

    func render(_ t: RenderTree, threads: Int = 1) -> PixelBuffer {
        var b = PixelBuffer(width: 40, height: 40)
        FrameRenderer(threads: threads).render(t, into: &b)
        return b
    }

    /// Multiply: red · grey 128/255 = (128, 0, 0) on the node and on its sublayer outside its bounds
    /// (the group is the whole subtree); red elsewhere.
    func testMultiplyGroupOverRed() {
        for threads in [1, 2] {
            let b = render(tree(mode: .multiply), threads: threads)
            XCTAssertEqual(b[7, 7], 0xFF80_0000, "node, threads \(threads)")
            XCTAssertEqual(b[17, 12], 0xFF80_0000, "sublayer outside the bounds, threads \(threads)")
            XCTAssertEqual(b[30, 30], 0xFFFF_0000, "outside, threads \(threads)")
        }
        // Opacity 0.5 scales the group first (k = round(127.5) = 128): grey → 0x80404040, so
        // αs = 128/255, Cs = 0.5; red: cb·(1 − αs) + αs·Cb·Cs = (127 + 64)/255 → 191; green, blue 0.
        XCTAssertEqual(render(tree(mode: .multiply, opacity: 0.5))[7, 7], 0xFFBF_0000)
        // Screen: 255 + 128 − 128 = 255 red, 128 green and blue.
        XCTAssertEqual(render(tree(mode: .screen))[7, 7], 0xFFFF_8080)
        // Difference: |255 − 128| = 127 red, 128 green and blue.
        XCTAssertEqual(render(tree(mode: .difference))[7, 7], 0xFF7F_8080)
    }

    /// destinationIn with a transparent node background and its sublayer at (5, 3) (device 10..<20 ×
    /// 8..<18): inside the bounds (5..<15 × 5..<15) the group is transparent (cleared: Fb = αs = 0)
    /// except where its sublayer lies; outside the bounds red stays, also where the group's
    /// rectangle reaches (the sublayer widens it) but nothing is drawn, at (6, 16).
    func testDestinationInActsWithinTheBounds() {
        let b = render(tree(mode: .destinationIn, color: 0, grandchildX: 5, grandchildY: 3))
        XCTAssertEqual(b[7, 7], 0, "inside the bounds, no source: cleared")
        XCTAssertEqual(b[12, 10], 0xFFFF_0000, "under the opaque sublayer: the backdrop kept")
        XCTAssertEqual(b[17, 10], 0xFFFF_0000, "the sublayer outside the bounds leaves the backdrop")
        XCTAssertEqual(b[6, 16], 0xFFFF_0000, "outside the bounds, inside the group's rectangle, no source: kept")
        XCTAssertEqual(b[30, 30], 0xFFFF_0000)
    }

    /// Changing only the mode damages the whole group, the sublayer outside the bounds included.
    func testModeChangeDamagesTheWholeGroup() {
        var d = DamageTracker()
        let frame = IntRect(x: 0, y: 0, width: 40, height: 40)
        _ = d.damage(for: tree(mode: .multiply), toDevice: .identity, frame: frame)
        let damage = d.damage(for: tree(mode: .screen), toDevice: .identity, frame: frame)
        XCTAssertTrue(damage.intersection(IntRect(x: 15, y: 5, width: 10, height: 10)) == IntRect(x: 15, y: 5, width: 10, height: 10),
                      "damage \(damage) covers the sublayer at (15, 5, 10, 10)")
        XCTAssertEqual(d.damage(for: tree(mode: .screen), toDevice: .identity, frame: frame), .empty)
        // Redrawing only the damage gives the full frame's pixels.
        var b = render(tree(mode: .multiply))
        FrameRenderer().render(tree(mode: .screen), into: &b, region: damage)
        XCTAssertEqual(b, render(tree(mode: .screen)))
    }
}
