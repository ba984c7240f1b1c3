import XCTest
import CoreGraphics
@testable import Compositor

/// A group composited under a soft clip whose coverage is 1 over all of it leaves the clip aside
/// (`TreeRasterizer.compositeGroup`); a group reaching into the clip's soft edge keeps it.
final class GroupUnderClipTests: XCTestCase {
    func testFactorsAreUnchangedOnlyWhereTheCoverageIsOneOrWithinAnUlpOfIt() {
        // 6 x 3 mask at (10, 20): row 0 ones in columns 11...14, row 1 all ones but for 0.9995 (a
        // rasteriser's "one") at 12, row 2 a 0.99 at 13; column 15 of row 0 above 1.
        let v: [Float] = [0.5, 1, 1, 1, 1, 1.0001,
                          1, 1, 0.9995, 1, 1, 1,
                          1, 1, 1, 0.99, 1, 1]
        let m = ClipMask(rect: IntRect(x: 10, y: 20, width: 6, height: 3), values: v)
        XCTAssertTrue(m.leavesFactorsUnchanged(IntRect(x: 11, y: 20, width: 4, height: 2)))
        XCTAssertFalse(m.leavesFactorsUnchanged(IntRect(x: 10, y: 20, width: 4, height: 2)), "0.5 at (10, 20)")
        XCTAssertFalse(m.leavesFactorsUnchanged(IntRect(x: 11, y: 20, width: 5, height: 1)), "1.0001 at (15, 20)")
        XCTAssertFalse(m.leavesFactorsUnchanged(IntRect(x: 11, y: 21, width: 3, height: 2)), "0.99 at (13, 22)")
        XCTAssertTrue(m.leavesFactorsUnchanged(IntRect(x: 10, y: 21, width: 6, height: 1)))
        XCTAssertFalse(m.leavesFactorsUnchanged(IntRect(x: 10, y: 21, width: 6, height: 3)), "past the mask's rows")
        XCTAssertTrue(m.leavesFactorsUnchanged(IntRect(x: 0, y: 0, width: 0, height: 0)), "nothing to cover")
    }

    /// The premise: a coverage from `unchangingCoverage` to 1 gives every 8-bit factor back through
    /// the clipped composite's rounding; just below it, some factor changes.
    func testCoverageNearOneGivesEveryFactorBack() {
        var c = ClipMask.unchangingCoverage
        while c <= 1 {
            for k in 0...255 { XCTAssertEqual(PrimitiveDrawer.roundedFactor(Float(k) * c), UInt32(k), "k \(k), c \(c)") }
            c = c.nextUp.nextUp.nextUp.nextUp.nextUp.nextUp.nextUp.nextUp
        }
        let below: Float = 0.998
        XCTAssertTrue((0...255).contains { PrimitiveDrawer.roundedFactor(Float($0) * below) != UInt32($0) })
    }

    /// A tile clipped to rounded corners (a soft clip) with a half-opaque group of two layers inside:
    /// where the group lies inside the corners' reach its pixels equal those of the same tile with
    /// square corners (no soft clip at all); where it reaches into a corner, the corner still clips it.
    func testGroupInsideTheClipEqualsTheUnclippedGroup() {
        func tree(corner: Double, groupAt origin: CGPoint) -> RenderTree {
            var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
            var tile = RenderNode()
            tile.bounds = CGRect(x: 0, y: 0, width: 100, height: 70)
            tile.toParent = .translation(10.5, 10)
            tile.masksToBounds = true; tile.cornerRadius = corner
            tile.backgroundColor = 0xFF20_4080
            var group = RenderNode()
            group.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            group.toParent = .translation(Double(origin.x), Double(origin.y))
            group.backgroundColor = 0xFFF0_8020; group.opacity = 0.6
            var inner = RenderNode()
            inner.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
            inner.toParent = .translation(5, 5)
            inner.backgroundColor = 0xFF10_E010
            root.id = 1; tile.id = 2; group.id = 3; inner.id = 4
            root.subtreeEnd = 4; tile.subtreeEnd = 4; group.subtreeEnd = 4; inner.subtreeEnd = 4
            return RenderTree(nodes: [root, tile, group, inner])
        }
        func render(_ t: RenderTree) -> PixelBuffer {
            var out = PixelBuffer(width: 120, height: 90)
            FrameRenderer().render(t, into: &out, background: 0)
            return out
        }
        // Inside: the group (device x 40.5...80.5, y 30...60) is far from the 12-point corners.
        let rounded = render(tree(corner: 12, groupAt: CGPoint(x: 30, y: 20)))
        let square = render(tree(corner: 0, groupAt: CGPoint(x: 30, y: 20)))
        var compared = 0
        for y in 29..<62 { for x in 39..<83 { XCTAssertEqual(rounded.pixels[y * 120 + x], square.pixels[y * 120 + x], "(\(x), \(y))"); compared += 1 } }
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertNotEqual(rounded.pixels[10 * 120 + 11], square.pixels[10 * 120 + 11], "the tile's own corner is rounded")
        // Reaching into the top-left corner: the corner's pixel outside the curve stays clear.
        let corner = render(tree(corner: 12, groupAt: CGPoint(x: -5, y: -5)))
        XCTAssertEqual(corner.pixels[10 * 120 + 11], 0, "clipped by the rounded corner")
        XCTAssertNotEqual(corner.pixels[30 * 120 + 30], 0, "the group is drawn inside")
    }
}
