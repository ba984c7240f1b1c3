import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Frames of text drawn in bands: the same pixels on 1, 2 and 3 threads, byte for byte, frame after
/// frame as the band boundaries move (BandBalancer), whether or not a helper came in time to draw a
/// band (BandWorkers closes a job without one that comes late); and the boundaries stay where they
/// were after a frame whose bands were all drawn by the caller.
final class BandTextFramesTests: XCTestCase {
    private func mask(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> AlphaMask {
        AlphaMask(width: w, height: h, alpha: (0..<(w * h)).map { _ in
            rng.chance(0.3) ? 0 : rng.chance(0.3) ? 255 : UInt8(rng.int(1...254))
        })
    }

    /// Seeded random text frames (lines of glyph masks crowded in part of the frame, so that the
    /// bands are balanced unevenly), each drawn 12 times over on 2 and 3 threads by renderers kept
    /// from frame to frame, against the frame drawn on 1 thread.
    func testTextFramesAreTheSameOnOneTwoAndThreeThreads() {
        var rng = SplitMix64(seed: 0x7E17_0017)
        let w = 160, h = 240
        let renderers = [2, 3].map { FrameRenderer(threads: $0) }
        for round in 0..<24 {
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            nodes.append(root)
            // Lines of text in the top part of the frame (down to `bottom`), a few masks elsewhere.
            let bottom = rng.int(40...h)
            for _ in 0..<rng.int(4...30) {
                let mw = rng.int(8...150), mh = rng.int(5...16)
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: mw, height: mh)
                let y = rng.chance(0.85) ? rng.int(-4...bottom) : rng.int(-4...h)
                n.toParent = .translation(Double(rng.int(-8...(w - 4))), Double(y))
                n.opacity = rng.chance(0.7) ? 1 : rng.double(0.2, 1)
                n.contents = [.glyphs(RenderGlyphs(mask: mask(mw, mh, &rng), origin: .zero, scale: 1, color: rng.premultipliedPixel()))]
                n.subtreeEnd = nodes.count + 1
                nodes.append(n)
            }
            nodes[0].subtreeEnd = nodes.count
            let tree = RenderTree(nodes: nodes)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let background: UInt32? = round % 3 == 0 ? 0 : nil
            if let failure = firstBandFrameDifference(tree, under: under, width: w, height: h, background: background,
                                                      renderers: renderers, frames: 12, round: round) {
                return XCTFail(failure)
            }
        }
    }

    /// A frame whose bands the caller drew all by itself leaves the boundaries; one a helper took
    /// part in moves them.
    func testBandsAllDrawnByTheCallerLeaveTheBoundaries() {
        let r = FrameRenderer(threads: 2)
        _ = r.balancer.boundaries(count: 2)
        r.balance(times: [30, 3], delays: [0, 30], drawnHere: 2)
        XCTAssertEqual(r.balancer.boundaries, [0, 0.5, 1])
        r.balance(times: [30, 3], delays: [0, 0], drawnHere: 1)
        XCTAssertLessThan(r.balancer.boundaries[1], 0.5)
        let r3 = FrameRenderer(threads: 3)
        let before = r3.balancer.boundaries(count: 3)
        r3.balance(times: [10, 20, 3], delays: [0, 10, 30], drawnHere: 3)
        XCTAssertEqual(r3.balancer.boundaries, before)
        r3.balance(times: [10, 20, 3], delays: [0, 10, 30], drawnHere: 2)
        XCTAssertNotEqual(r3.balancer.boundaries, before)
    }
}
