import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Named shadows with a reduced blur that reach several bands: each band draws the group on its
/// own rows only and reduces them into one plane the bands share (`TreeRasterizer.beginSplitShadow`,
/// `ShadowSplit`). On random cards (blurs of 17 to 60 device pixels, scaled 1 or 2, across band
/// edges, partly above or below the frame, some under a clipping layer that keeps bands from
/// reaching them, some whose group lies in one band and whose shadow reaches others): every frame
/// drawn on 2 and 3 threads, blurs made anew each frame, is the frame of one thread and the frame
/// of 3 threads that do not share, bit for bit.
final class ShadowSplitTests: XCTestCase {
    /// A root of `w` × `h` holding the `cards` (each with its dots), each under a clipping layer
    /// when its `clip` is given.
    static func tree(width w: Double, height h: Double, _ cards: [(card: RenderNode, dots: [RenderNode], clip: CGRect?)]) -> RenderTree {
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        var nodes = [root]
        for (card, dots, clip) in cards {
            var clipper: Int?
            if let clip {
                var c = RenderNode()
                c.bounds = CGRect(x: 0, y: 0, width: clip.width, height: clip.height)
                c.toParent = .translation(Double(clip.minX), Double(clip.minY))
                c.masksToBounds = true
                c.id = UInt64(nodes.count)
                clipper = nodes.count
                nodes.append(c)
            }
            var n = card
            if let clip { n.toParent = n.toParent.then(.translation(-Double(clip.minX), -Double(clip.minY))) }
            n.id = UInt64(nodes.count)
            n.subtreeEnd = nodes.count + 1 + dots.count
            nodes.append(n)
            for var d in dots {
                d.id = UInt64(nodes.count)
                d.subtreeEnd = nodes.count + 1
                nodes.append(d)
            }
            if let clipper { nodes[clipper].subtreeEnd = nodes.count }
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    static func draw(_ t: RenderTree, with r: FrameRenderer, width w: Int, height h: Int) -> [UInt32] {
        var b = PixelBuffer(width: w, height: h)
        b.pixels = [UInt32](repeating: 0xFFE8_E4DC, count: w * h)
        r.render(t, into: &b, background: nil)
        return b.pixels
    }

    func testBandsSharingAReducedShadowsRowsDrawOneThreadsPixels() {
        var rng = SplitMix64(seed: 0x5B_71)
        let w = 420, h = 300
        var begun = 0, joined = 0, taken = 0, rounds = 0
        for round in 0..<36 {
            let s = rng.pick([1.0, 2.0])
            var cards: [(card: RenderNode, dots: [RenderNode], clip: CGRect?)] = []
            for k in 0..<rng.int(1...2) {
                var (card, dots) = ShadowNameTests.card(&rng, x: 30 + Double(k) * 200 + rng.double(0, 1), y: rng.pick([rng.double(-70, 280), rng.double(90, 140)]), scale: s)
                card.shadow?.radius = rng.double(17, 60) / s
                // A clip that leaves part of the card (and of its shadow) out.
                let clip = rng.chance(0.25) ? CGRect(x: 0, y: rng.double(0, 160), width: Double(w), height: rng.double(40, 200)) : nil
                cards.append((card, dots, clip))
            }
            let t = ShadowSplitTests.tree(width: Double(w), height: Double(h), cards)
            let one = ShadowSplitTests.draw(t, with: FrameRenderer(threads: 1), width: w, height: h)
            let apart = FrameRenderer(threads: 3)
            apart.shortcuts.sharesShadowRows = false
            XCTAssertTrue(ShadowSplitTests.draw(t, with: apart, width: w, height: h) == one, "round \(round): 3 threads, not shared")
            for threads in [2, 3] {
                let r = FrameRenderer(threads: threads)
                for frame in 0..<3 {
                    // A new cache each frame: every shadow blurred anew (the bands move with the balancer).
                    r.shadowCache = ShadowCache()
                    XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: w, height: h) == one, "round \(round): \(threads) threads, frame \(frame)")
                    begun += r.shadowCache.splitsBegun.load(ordering: .relaxed)
                    joined += r.shadowCache.splitsJoined.load(ordering: .relaxed)
                    taken += r.shadowCache.splitRowsTaken.load(ordering: .relaxed)
                }
            }
            rounds += 1
        }
        XCTAssertEqual(rounds, 36)
        XCTAssertGreaterThan(begun, 40, "shared planes begun")
        // (How many bands join depends on when they come: a band that comes late finds the rows
        // made, or the blur kept.)
        XCTAssertGreaterThan(joined, 0, "bands joined shared planes")
        XCTAssertGreaterThan(taken, 0, "rows no band claimed were made too")
        print("ShadowSplitTests: \(begun) planes begun, \(joined) joins, \(taken) rows taken")
    }

    /// The benchmark's card (a 640 × 360 rounded rectangle, blur 24) on 2 threads: its bands share
    /// the plane and the pixels are one thread's.
    func testTheBenchmarksCardIsSharedByTwoBands() {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 640, height: 360)
        card.toParent = .translation(320, 180)
        card.backgroundColor = 0xFF40_80E6
        card.cornerRadius = 24
        card.shadow = RenderShadow(color: 0xCC00_0000, offsetX: 0, offsetY: 12, radius: 24, path: nil)
        var dot = RenderNode()
        dot.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        dot.toParent = .translation(20, 20)
        dot.backgroundColor = 0xFFFF_FFFF
        let t = ShadowSplitTests.tree(width: 1280, height: 720, [(card, [dot], nil)])
        let one = ShadowSplitTests.draw(t, with: FrameRenderer(threads: 1), width: 1280, height: 720)
        let r = FrameRenderer(threads: 2)
        var joined = 0
        for frame in 0..<6 {
            r.shadowCache = ShadowCache()
            XCTAssertTrue(ShadowSplitTests.draw(t, with: r, width: 1280, height: 720) == one, "frame \(frame)")
            // (A band may come late, when the other has made the plane already: not joined then.)
            joined += r.shadowCache.splitsJoined.load(ordering: .relaxed)
        }
        XCTAssertGreaterThan(joined, 0, "the second band joined the first's plane")
    }
}
