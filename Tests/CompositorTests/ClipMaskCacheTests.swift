import XCTest
import CoreGraphics
@testable import Compositor

/// A drawer keeps the clip masks of recent frames: a clip that does not move is rasterised once.
/// A kept mask is the one that would be made again, value for value; anything it is made from
/// changing makes a new one.
final class ClipMaskCacheTests: XCTestCase {
    private let area = IntRect(x: 0, y: 0, width: 120, height: 90)
    private let poly: [(x: Double, y: Double)] = [(10.5, 8.25), (110.75, 8.25), (110.75, 80.5), (10.5, 80.5)]

    func testTheSameInputsGiveTheKeptMaskAndOthersANewOne() {
        let drawer = PrimitiveDrawer()
        let a = drawer.clipMask([poly], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        XCTAssertTrue(drawer.clipMask([poly], rule: .nonZero, area: area, outer: nil, columns: 0..<120) === a, "kept")
        var moved = poly; moved[0].x += 0.25
        let b = drawer.clipMask([moved], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        XCTAssertFalse(b === a, "a moved point makes a new mask")
        XCTAssertFalse(drawer.clipMask([poly], rule: .evenOdd, area: area, outer: nil, columns: 0..<120) === a, "another rule")
        XCTAssertFalse(drawer.clipMask([poly], rule: .nonZero, area: IntRect(x: 0, y: 0, width: 100, height: 90), outer: nil, columns: 0..<120) === a, "another area")
        let inner = drawer.clipMask([poly], rule: .nonZero, area: area, outer: b, columns: 0..<120)
        XCTAssertFalse(inner === a, "within another mask")
        XCTAssertTrue(drawer.clipMask([poly], rule: .nonZero, area: area, outer: b, columns: 0..<120) === inner)
        // The kept mask's values are those made anew by a fresh drawer.
        XCTAssertEqual(a.values, PrimitiveDrawer().clipMask([poly], rule: .nonZero, area: area, outer: nil, columns: 0..<120).values)
        XCTAssertEqual(inner.values, PrimitiveDrawer().clipMask([poly], rule: .nonZero, area: area, outer: b, columns: 0..<120).values)
    }

    func testOnlyTheRecentMasksAreKept() {
        let drawer = PrimitiveDrawer()
        let first = drawer.clipMask([poly], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        for i in 0..<ClipMaskCache.capacity {
            var p = poly; p[2].x -= Double(i + 1)
            _ = drawer.clipMask([p], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        }
        XCTAssertFalse(drawer.clipMask([poly], rule: .nonZero, area: area, outer: nil, columns: 0..<120) === first, "pushed out by \(ClipMaskCache.capacity) newer ones")
    }

    /// Frames of a layer under an unaligned, rounded clip drawn again and again by one renderer
    /// (its masks kept) equal a fresh renderer's.
    func testFramesWithKeptMasksEqualFreshOnes() {
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 120, height: 90); root.backgroundColor = 0xFFFF_FFFF
        var clip = RenderNode()
        clip.bounds = CGRect(x: 0, y: 0, width: 90.5, height: 60.25)
        clip.toParent = .translation(10.25, 12.5)
        clip.masksToBounds = true; clip.cornerRadius = 9
        clip.backgroundColor = 0xFF20_4080
        var inside = RenderNode()
        inside.bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        inside.toParent = .translation(-20, 20)
        inside.backgroundColor = 0xC0F0_8020
        root.id = 1; clip.id = 2; inside.id = 3
        root.subtreeEnd = 3; clip.subtreeEnd = 3; inside.subtreeEnd = 3
        let tree = RenderTree(nodes: [root, clip, inside])
        var fresh = PixelBuffer(width: 120, height: 90)
        FrameRenderer().render(tree, into: &fresh, background: 0)
        let kept = FrameRenderer()
        for frame in 0..<3 {
            var out = PixelBuffer(width: 120, height: 90)
            kept.render(tree, into: &out, background: 0)
            XCTAssertEqual(out.pixels, fresh.pixels, "frame \(frame)")
        }
    }
}
