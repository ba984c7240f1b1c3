import XCTest
import Foundation
@testable import Compositor

/// A thread whose bands are drawn takes part in a shadow's blur another band makes
/// (`BandWorkers`' idle work, `ShadowCache.helpShared`): a frame whose shadowed layers all lie in
/// the last band has the other threads run parts of their blurs, and its pixels equal one
/// thread's. Seeded layers (outline shadows, blurred at full resolution in shared stages).
final class IdleBandBlurTests: XCTestCase {
    /// `count` shadowed rounded rectangles inside rows 206...295 of a 320 × 300 frame (the last
    /// band of three equal ones starts at row 200; their shadows reach past it, upwards, a little).
    private func tree(seed: UInt64, count: Int) -> RenderTree {
        var rng = SeededRNG(seed)
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 300)
        nodes.append(root)
        for _ in 0..<count {
            var card = RenderNode()
            let w = Double(rng.next(in: 200...280)), h = Double(rng.next(in: 70...84))
            card.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            card.toParent = .translation(Double(rng.next(in: 4...(316 - Int(w)))), Double(rng.next(in: 206...(296 - Int(h)))))
            card.backgroundColor = 0xFF00_0000 | UInt32(rng.next(in: 0...0xFF_FFFF))
            card.cornerRadius = Double(rng.next(in: 0...20))
            card.shadow = RenderShadow(color: 0xCC00_0000, offsetX: Double(rng.next(in: -4...4)), offsetY: Double(rng.next(in: 0...8)),
                                       radius: Double(rng.next(in: 3...9)), path: nil)
            card.id = UInt64(nodes.count)
            card.subtreeEnd = nodes.count + 1
            nodes.append(card)
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    func testIdleThreadsTakePartInAnotherBandsBlurAndThePixelsEqualOneThreads() {
        var idle = 0
        for seed in 1...12 as ClosedRange<UInt64> {
            let t = tree(seed: seed, count: 1 + Int(seed % 3))
            var one = PixelBuffer(width: 320, height: 300)
            FrameRenderer(threads: 1).render(t, into: &one, background: 0xFFFF_FFFF)
            for threads in [1, 3] {
                let r = FrameRenderer(threads: threads)
                for frame in 0..<4 {
                    // Blurred anew every frame, on equal bands (the layers in the last one).
                    r.shadowCache = ShadowCache()
                    r.balancer = BandBalancer()
                    var many = PixelBuffer(width: 320, height: 300)
                    r.render(t, into: &many, background: 0xFFFF_FFFF)
                    XCTAssertEqual(many.pixels, one.pixels, "seed \(seed), \(threads) threads, frame \(frame)")
                    if threads == 1 { XCTAssertEqual(r.shadowCache.idleParts.load(ordering: .relaxed), 0) }
                    else { idle += r.shadowCache.idleParts.load(ordering: .relaxed) }
                }
            }
        }
        XCTAssertGreaterThan(idle, 0, "threads with no band left ran parts of another band's blur")
    }
}

/// SplitMix64, for the seeded layers.
private struct SeededRNG {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(in range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
}
