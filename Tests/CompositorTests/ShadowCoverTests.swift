import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A shadow is not painted where its layer's opaque background covers it whole
/// (`TreeRasterizer.opaqueCover`): the frame's pixels are those of painting the shadow everywhere,
/// bit for bit, on random shadowed cards (rounded or not, some corners, fractional places and
/// scales, sublayers with blend modes, translucent backgrounds, group opacity, shadow paths, soft
/// clips of a rounded parent), on 1 and 3 threads.
final class ShadowCoverTests: XCTestCase {
    /// A random shadowed card with, now and then, a sublayer; appended with its subtree to `nodes`.
    func appendCard(_ rng: inout SplitMix64, to nodes: inout [RenderNode], depth: inout [Int], level: Int) {
        var card = RenderNode()
        let w = rng.double(12, 70), h = rng.double(10, 60)
        card.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        let s = rng.pick([1, 1, rng.double(0.7, 2.2)])
        card.toParent = Matrix4x4.scale(s, rng.pick([s, rng.double(0.7, 2.2)])).then(.translation(rng.double(-10, 120), rng.double(-10, 80)))
        card.backgroundColor = rng.pick([0xFFE5_6767, 0xFF30_6090, UInt32(rng.int(0x40...254)) << 24 | 0x0020_3040])
        card.cornerRadius = rng.pick([0, rng.double(1, 30)])
        card.maskedCorners = rng.pick([0xF, 0xF, UInt8(rng.int(0...15))])
        card.opacity = rng.pick([1, 1, 1, 0.6])
        if rng.chance(0.5) { card.borderWidth = rng.double(1, 4); card.borderColor = 0xCCCC_CCCC }
        let path: [[CGPoint]]? = rng.chance(0.2) ? [[CGPoint(x: 0, y: 0), CGPoint(x: w, y: 0), CGPoint(x: w * 0.7, y: h)]] : nil
        card.shadow = RenderShadow(color: rng.pick([0x9900_0000, 0xFF00_0000]), offsetX: rng.double(-4, 4), offsetY: rng.double(-2, 8),
                                   radius: rng.pick([0, rng.double(0.5, 6), rng.double(6, 24)]), path: path)
        nodes.append(card); depth.append(level)
        if rng.chance(0.5) {
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: 18, height: 18)
            dot.toParent = .translation(rng.double(-6, w), rng.double(-6, h))
            dot.backgroundColor = rng.pick([0xFFFF_FFFF, 0x5500_0000])
            dot.cornerRadius = 9
            if rng.chance(0.25) { dot.blendMode = rng.pick([.destinationOut, .multiply, .xor, .clear]) }
            if rng.chance(0.2) { dot.opacity = 0.5 }
            nodes.append(dot); depth.append(level + 1)
        }
    }

    func tree(_ rng: inout SplitMix64, width: Int, height: Int) -> RenderTree {
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        var nodes = [root], depth = [0]
        for _ in 0..<rng.int(1...6) {
            if rng.chance(0.2) {
                // A rounded parent that clips (a soft clip over its cards).
                var clip = RenderNode()
                clip.bounds = CGRect(x: 0, y: 0, width: 120, height: 90)
                clip.toParent = .translation(rng.double(0, 40), rng.double(0, 30))
                clip.masksToBounds = true; clip.cornerRadius = 16
                nodes.append(clip); depth.append(1)
                appendCard(&rng, to: &nodes, depth: &depth, level: 2)
            } else {
                appendCard(&rng, to: &nodes, depth: &depth, level: 1)
            }
        }
        for i in nodes.indices {
            var end = i + 1
            while end < nodes.count && depth[end] > depth[i] { end += 1 }
            nodes[i].subtreeEnd = end
            nodes[i].id = UInt64(i + 1)
        }
        return RenderTree(nodes: nodes)
    }

    func testSkippingCoveredShadowGivesTheSamePixels() {
        var rng = SplitMix64(seed: 0x5AD0)
        let w = 180, h = 130
        var covered = 0
        for round in 0..<80 {
            let t = tree(&rng, width: w, height: h)
            let under = (0..<(w * h)).map { _ in round % 2 == 0 ? rng.premultipliedPixel() : 0xFFE8_E4DC }
            var reference = PixelBuffer(width: w, height: h)
            reference.pixels = under
            let r0 = FrameRenderer(threads: 1)
            r0.shortcuts.skipsCoveredShadow = false
            r0.render(t, into: &reference, background: nil)
            if let d = FrameVariants.firstDifference(t, under: under, width: w, height: h, expected: reference.pixels,
                                                     variants: [(1, true), (3, true)]) {
                return XCTFail("round \(round): \(d) (the shadow painted everywhere)")
            }
            // How often the shadow was left out somewhere (the comparison must test something).
            let r = TreeRasterizer(tree: t)
            for i in t.nodes.indices where t.nodes[i].shadow != nil {
                let M = t.nodes[i].toParent.then(t.nodes[0].toParent)
                if r.opaqueCover(i, M: M, opacity: t.nodes[i].opacity, on: Surface(offscreen: IntRect(x: 0, y: 0, width: w, height: h), columns: 0..<w)) != nil { covered += 1 }
            }
        }
        XCTAssertGreaterThan(covered, 60, "most rounds have a card whose shadow is partly covered")
    }

    /// The cover of a card on whole pixels: a 100 × 60 card at (10.5, 20) with corner radius 10.
    func testCoverOfARoundedCardIsItsWholeInsidePixels() {
        var card = RenderNode()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        card.toParent = .translation(10.5, 20)
        card.backgroundColor = 0xFFFF_0000
        card.cornerRadius = 10
        let t = flatTree(width: 200, height: 100, [card])
        let s = Surface(offscreen: IntRect(x: 0, y: 0, width: 200, height: 100), columns: 0..<200)
        let c = TreeRasterizer(tree: t).opaqueCover(1, M: t.nodes[1].toParent, opacity: 1, on: s)
        // Columns 20.5 ... 100.5 between the corners: pixels 21 ..< 100; rows 20 ..< 80.
        XCTAssertEqual(c?.tall, IntRect(x: 21, y: 20, width: 79, height: 60))
        // Every column 10.5 ... 110.5 (pixels 11 ..< 110), rows 30 ..< 70.
        XCTAssertEqual(c?.wide, IntRect(x: 11, y: 30, width: 99, height: 40))
        XCTAssertNil(TreeRasterizer(tree: t).opaqueCover(1, M: t.nodes[1].toParent, opacity: 0.99, on: s), "not opaque at opacity 0.99")
    }
}
