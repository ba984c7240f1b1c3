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

    /// The mask `ClipMaskCache` would hold for the poly with its right edge moved left by `i`.
    private func keyed(_ i: Int) -> (key: ClipMaskCache.Key, mask: ClipMask) {
        var p = poly; p[2].x -= Double(i)
        let key = ClipMaskCache.key([p], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        return (key, ClipMask(rect: area, values: [Float](repeating: Float(i % 7) / 7, count: area.area)))
    }

    /// The cache is bounded by bytes: as many masks as fit are kept (far more than eight small
    /// ones), and past the budget the least recently used go first.
    func testMasksAreKeptWithinAByteBudget() {
        let one = ClipMaskCache.bytes(of: keyed(0).mask, key: keyed(0).key)
        // 120 x 90 floats, 8 doubles of points, 90 rows of runs, 128 of overhead.
        XCTAssertEqual(one, 120 * 90 * 4 + 8 * 8 + 90 * 8 + 128)
        let cache = ClipMaskCache(budget: 3 * one)
        var made = 0
        func ask(_ i: Int) -> ClipMask {
            let k = keyed(i)
            return cache.mask(for: k.key, outer: nil) { made += 1; return k.mask }
        }
        let m0 = ask(0), m1 = ask(1), m2 = ask(2)
        XCTAssertEqual(made, 3)
        XCTAssertTrue(ask(0) === m0 && ask(1) === m1 && ask(2) === m2, "three fit")
        XCTAssertEqual(made, 3)
        XCTAssertEqual(cache.storedBytes, 3 * one)
        _ = ask(0)                     // 0 is now the most recently used, 1 the least
        _ = ask(3)                     // a fourth: 1 goes
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.storedBytes, 3 * one)
        XCTAssertTrue(ask(0) === m0, "recently used, kept")
        XCTAssertTrue(ask(2) === m2, "kept")
        XCTAssertEqual(made, 4)
        XCTAssertFalse(ask(1) === m1, "the least recently used was pushed out")
        XCTAssertEqual(made, 5)
        // A mask larger than the whole budget is made but not kept.
        let small = ClipMaskCache(budget: one - 1)
        let k = keyed(9)
        _ = small.mask(for: k.key, outer: nil) { k.mask }
        XCTAssertEqual(small.count, 0)
        XCTAssertEqual(small.storedBytes, 0)
        // The default budget keeps the masks of a frame with many clipped layers (seventy here):
        // asked for again in the next frame, none is made again.
        let drawer = PrimitiveDrawer()
        let first = (0..<70).map { i -> ClipMask in
            var p = poly; p[2].x -= Double(i) / 4
            return drawer.clipMask([p], rule: .nonZero, area: area, outer: nil, columns: 0..<120)
        }
        for i in 0..<70 {
            var p = poly; p[2].x -= Double(i) / 4
            XCTAssertTrue(drawer.clipMask([p], rule: .nonZero, area: area, outer: nil, columns: 0..<120) === first[i], "mask \(i) kept")
        }
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
        inside.backgroundColor = 0xC0B4_6018
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
