import XCTest
import Foundation
@testable import Compositor

/// A frame drawn in bands on several threads blurs each small shadow once: the bands ask the
/// shadow cache for the same blur (the whole shadow), and a band asking while another makes it
/// waits for that one. The pixels equal those of one thread.
final class ShadowBandSharingTests: XCTestCase {
    /// Five shadowed cards (each with a sublayer, so the shadow follows the group's alpha), each
    /// crossing band boundaries of a 4-thread render (4 bands of 40 rows over 160 rows).
    private func tree() -> RenderTree {
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 160)
        nodes.append(root)
        for i in 0..<5 {
            var card = RenderNode()
            card.bounds = CGRect(x: 0, y: 0, width: 30, height: 44)
            card.toParent = .translation(Double(8 + 38 * i), Double(20 + 17 * i))
            card.backgroundColor = 0xFF20_60C0
            card.cornerRadius = Double(4 + i)
            card.shadow = RenderShadow(color: 0x9900_0000, offsetX: 0, offsetY: 3, radius: Double(3 + i), path: nil)
            card.id = UInt64(nodes.count)
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.toParent = .translation(4, 4)
            dot.backgroundColor = 0xFFFF_FFFF
            card.subtreeEnd = nodes.count + 2
            nodes.append(card)
            dot.id = UInt64(nodes.count)
            dot.subtreeEnd = nodes.count + 1
            nodes.append(dot)
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    func testEachShadowIsBlurredOnceAcrossBandsAndThePixelsEqualOneThreads() {
        let t = tree()
        var one = PixelBuffer(width: 200, height: 160)
        let single = FrameRenderer(threads: 1)
        single.render(t, into: &one, background: 0xFFFF_FFFF)
        XCTAssertEqual(single.shadowCache.misses, 5, "one thread: one blur per card")
        for _ in 0..<3 {
            var many = PixelBuffer(width: 200, height: 160)
            let r = FrameRenderer(threads: 4)
            r.render(t, into: &many, background: 0xFFFF_FFFF)
            XCTAssertEqual(r.shadowCache.misses, 5, "four threads, four bands: still one blur per card")
            XCTAssertEqual(many.pixels, one.pixels)
        }
    }

    func testAThreadAskingForABlurBeingMadeWaitsForIt() {
        let cache = ShadowCache()
        let key = ShadowCache.Key(source: [1, 2, 3], sourceWidth: 3, sourceHeight: 1, offsetX: 0, offsetY: 0,
                                  areaWidth: 3, areaHeight: 1, sigma: 1, factor: 1)
        let made = NSLock()
        nonisolated(unsafe) var makes = 0
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            _ = cache.plane(for: key) {
                made.lock(); makes += 1; made.unlock()
                usleep(50_000)   // long enough for the others to ask meanwhile
                return ([0.25, 0.5, 0.25], 3, 1)
            }
        }
        XCTAssertEqual(makes, 1)
        XCTAssertEqual([cache.misses, cache.hits], [1, 3])
    }
}
