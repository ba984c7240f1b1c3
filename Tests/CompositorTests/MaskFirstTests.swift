import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// A masked layer without a shadow draws its mask first and its body only inside the mask's drawn
/// pixels (TreeRasterizer's `.maskedBody`): the pixels equal those of drawing the whole body first,
/// on random trees of masked groups (gradients, fills, sublayers, nested masks, translucency,
/// blend modes, soft clips), on 1 and 3 threads.
final class MaskFirstTests: XCTestCase {
    func testMaskFirstGivesTheSamePixels() {
        var rng = SplitMix64(seed: 0x3A5F)
        let w = 120, h = 90
        var narrowed = 0, drawnRounds = 0
        for round in 0..<40 {
            var nodes: [RenderNode] = []
            var depthOf: [Int] = []
            var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            nodes.append(root); depthOf.append(0)
            func shape(_ n: inout RenderNode) {
                let cx = rng.double(0, 60), cy = rng.double(0, 50), r = rng.double(4, 30)
                let star = (0..<10).map { k -> CGPoint in
                    let a = Double(k) * .pi / 5, rr = k % 2 == 0 ? r : r * 0.45
                    return CGPoint(x: cx + rr * cos(a), y: cy + rr * sin(a))
                }
                n.contents = [.fill(RenderFill(contours: [star], rule: .nonZero, color: rng.pick([0xFF00_0000, 0x8000_0000, UInt32(rng.int(1...255)) << 24])))]
            }
            for _ in 0..<rng.int(1...4) {
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: rng.double(10, 90), height: rng.double(10, 70))
                n.toParent = .translation(rng.double(-10, 60), rng.double(-10, 50))
                n.opacity = rng.pick([1, 1, 0.6])
                n.contents = [.gradient(RenderGradient(kind: rng.pick([.axial, .radial]), rect: CGRect(x: -5, y: -5, width: rng.double(20, 100), height: rng.double(20, 80)),
                                                       start: CGPoint(x: rng.double(0, 40), y: rng.double(0, 40)), end: CGPoint(x: rng.double(0, 80), y: rng.double(0, 60)),
                                                       stops: [(0, SIMD4(1, 0.5, 0, 1)), (1, SIMD4(0, 0.3, 1, rng.pick([1, 0.5])))]))]
                if rng.chance(0.3) { n.blendMode = rng.pick([.multiply, .screen, .destinationOut, .xor]) }
                if rng.chance(0.25) { n.masksToBounds = true; n.cornerRadius = 7 }
                let masked = rng.chance(0.8)
                nodes.append(n); depthOf.append(1)
                let at = nodes.count - 1
                if rng.chance(0.4) {
                    var kid = RenderNode()
                    kid.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
                    kid.toParent = .translation(rng.double(0, 40), rng.double(0, 40))
                    kid.backgroundColor = 0xFF30_6090
                    nodes.append(kid); depthOf.append(2)
                }
                if masked {
                    var m = RenderNode()
                    m.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
                    shape(&m)
                    nodes[at].mask = nodes.count
                    // Now and then read by luma (drawn body first: an inverted one shows the group
                    // where the mask drew nothing).
                    if rng.chance(0.2) { nodes[at].maskChannel = rng.pick([.luminance, .inverseLuminance]) }
                    nodes.append(m); depthOf.append(2)
                    if rng.chance(0.3) {
                        // A mask that is itself masked (a matte of a matte).
                        var inner = RenderNode()
                        inner.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
                        shape(&inner)
                        nodes[nodes.count - 1].mask = nodes.count
                        nodes.append(inner); depthOf.append(3)
                    }
                }
            }
            for i in nodes.indices {
                var end = i + 1
                while end < nodes.count && depthOf[end] > depthOf[i] { end += 1 }
                nodes[i].subtreeEnd = end
                nodes[i].id = UInt64(i + 1)
            }
            narrowed += nodes.filter { $0.mask >= 0 }.count
            let tree = RenderTree(nodes: nodes)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            var reference = PixelBuffer(width: w, height: h)
            reference.pixels = under
            let r0 = FrameRenderer(threads: 1)
            r0.shortcuts.drawsMaskFirst = false
            r0.render(tree, into: &reference, background: round % 2 == 0 ? nil : 0)
            if reference.pixels != under && round % 2 == 0 { drawnRounds += 1 }
            for threads in [1, 3] {
                var buffer = PixelBuffer(width: w, height: h)
                buffer.pixels = under
                FrameRenderer(threads: threads).render(tree, into: &buffer, background: round % 2 == 0 ? nil : 0)
                if let i = buffer.pixels.indices.first(where: { buffer.pixels[$0] != reference.pixels[$0] }) {
                    return XCTFail("round \(round), \(threads) threads: pixel (\(i % w), \(i / w)) is \(String(buffer.pixels[i], radix: 16)), body first \(String(reference.pixels[i], radix: 16))")
                }
            }
        }
        XCTAssertGreaterThan(narrowed, 60, "most layers masked, or the comparison proves little")
        XCTAssertGreaterThan(drawnRounds, 12, "of the 20 rounds drawn over random pixels, most change some")
    }

    /// The box of a surface's drawn pixels (alpha not 0), in device coordinates; empty when none is.
    func testDrawnBoxIsTheBoxOfNonTransparentPixels() {
        let s = Surface(offscreen: IntRect(x: -3, y: 5, width: 20, height: 10), columns: 0..<40)
        XCTAssertTrue(TreeRasterizer.drawnBox(s).isEmpty)
        s.row(7)[4] = 0x0100_0000
        s.row(12)[-2] = 0x0000_00FF   // colour without alpha: not drawn
        s.row(9)[10] = 0x8000_0000
        XCTAssertEqual(TreeRasterizer.drawnBox(s), IntRect(x: 4, y: 7, width: 7, height: 3))
    }
}
