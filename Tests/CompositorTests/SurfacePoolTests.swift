import XCTest
import CoreGraphics
@testable import Compositor

/// `SurfacePool`: a band's offscreen buffers are reused, always handed out cleared, and the pool
/// keeps no more than its limit.
final class SurfacePoolTests: XCTestCase {
    func testABufferGivenBackIsReusedAndClearedAgain() {
        let pool = SurfacePool(limit: 1 << 20)
        let n = 300_000
        let a = pool.take(n)
        XCTAssertEqual(a.capacity, n)
        XCTAssertTrue((0..<n).allSatisfy { a.pointer[$0] == 0 }, "a new buffer is cleared")
        for i in 0..<n { a.pointer[i] = 0xDEAD_BEEF }
        pool.give(a.pointer, capacity: a.capacity)
        XCTAssertEqual(pool.kept, n)
        let b = pool.take(n - 1000)
        XCTAssertEqual(b.pointer, a.pointer, "the kept buffer is taken again (it holds the request, not twice over)")
        XCTAssertEqual(pool.kept, 0)
        XCTAssertTrue((0..<(n - 1000)).allSatisfy { b.pointer[$0] == 0 }, "cleared when taken again")
        pool.give(b.pointer, capacity: b.capacity)
        let c = pool.take(n / 3)
        XCTAssertEqual(c.capacity, n / 3, "a buffer over twice the request is not used for it (malloc may hand out the same address again)")
        XCTAssertEqual(pool.kept, 0, "a miss frees what was kept")
        pool.give(c.pointer, capacity: c.capacity)
    }

    /// A miss keeps what was kept while that and the new buffer stay within `missBudget` (the
    /// groups and masks of a frame come in several sizes): the larger buffer is there for a later
    /// request it fits.
    func testAMissWithinTheBudgetKeepsWhatWasKept() {
        let pool = SurfacePool(limit: 64 << 20)
        XCTAssertEqual(pool.missBudget, 4 << 20)
        let a = pool.take(300_000)
        pool.give(a.pointer, capacity: a.capacity)
        let b = pool.take(100_000)
        XCTAssertEqual(b.capacity, 100_000, "a miss: a fresh buffer")
        XCTAssertEqual(pool.kept, 300_000, "300 000 + 100 000 pixels are within the budget: kept")
        let c = pool.take(250_000)
        XCTAssertEqual(c.pointer, a.pointer, "the kept buffer serves a request it fits")
        XCTAssertTrue((0..<250_000).allSatisfy { c.pointer[$0] == 0 }, "cleared when taken again")
        pool.give(b.pointer, capacity: b.capacity)
        pool.give(c.pointer, capacity: c.capacity)
    }

    func testSmallBuffersAndBuffersPastTheLimitAreFreed() {
        let pool = SurfacePool(limit: 400_000)
        let small = pool.take(SurfacePool.smallest - 1)
        pool.give(small.pointer, capacity: small.capacity)
        XCTAssertEqual(pool.kept, 0, "a small buffer is left to malloc")
        let a = pool.take(300_000), b = pool.take(300_000)
        pool.give(a.pointer, capacity: a.capacity)
        pool.give(b.pointer, capacity: b.capacity)
        XCTAssertEqual(pool.kept, 300_000, "the second would pass the limit: freed")
    }

    /// Groups drawn through a pool give the same pixels as groups on fresh buffers, frame after
    /// frame (the second frame reuses the first's buffers, holding its pixels until cleared).
    func testGroupsOnReusedBuffersDrawTheSamePixels() {
        var nodes: [RenderNode] = []
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300); root.backgroundColor = 0xFFFF_FFFF
        nodes.append(root)
        for i in 0..<3 {
            var card = RenderNode()
            card.bounds = CGRect(x: 0, y: 0, width: 300, height: 240)
            card.toParent = .translation(Double(20 + 30 * i), Double(10 + 20 * i))
            card.backgroundColor = [0xFF20_60C0, 0xFFC0_4020, 0xFF20_A060][i]
            card.opacity = 0.6
            card.shadow = RenderShadow(color: 0x8000_0000, offsetX: 0, offsetY: 6, radius: 8, path: nil)
            card.id = UInt64(nodes.count)
            card.subtreeEnd = nodes.count + 2
            nodes.append(card)
            var dot = RenderNode(); dot.bounds = CGRect(x: 0, y: 0, width: 40, height: 40); dot.toParent = .translation(10, 10)
            dot.backgroundColor = 0xFF00_0000; dot.id = UInt64(nodes.count); dot.subtreeEnd = nodes.count + 1
            nodes.append(dot)
        }
        nodes[0].subtreeEnd = nodes.count
        let tree = RenderTree(nodes: nodes)
        var fresh = PixelBuffer(width: 400, height: 300)
        FrameRenderer().render(tree, into: &fresh, background: 0)
        let reused = FrameRenderer()
        for frame in 0..<3 {
            var out = PixelBuffer(width: 400, height: 300)
            reused.render(tree, into: &out, background: 0)
            XCTAssertEqual(out.pixels, fresh.pixels, "frame \(frame)")
        }
    }
}
