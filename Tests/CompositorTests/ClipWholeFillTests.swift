import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// A solid shape that lies where a soft clip is exactly 1 (a shape inside a clipping layer) is
/// drawn as it is without the clip, by the C cell rasteriser (`PrimitiveDrawer.isWhole`): the same
/// pixels as drawing it with no clip at all. Shapes that reach the clip's edge keep the per-pixel
/// path (`ClipInsideRunTests`). What the clip holds whole comes from its geometry
/// (`TreeRasterizer.insideCross`), so bands decide alike (`ShadowCoverTests` draws trees of
/// rounded clipping layers on 1 and 3 threads).
final class ClipWholeFillTests: XCTestCase {
    private let frame = IntRect(x: 0, y: 0, width: 160, height: 120)

    private func draw(_ shape: [[(x: Double, y: Double)]], color: UInt32, opacity: Double, clip: Bool, perPixel: Bool = false) -> [UInt32] {
        var buffer = PixelBuffer(width: 160, height: 120, fill: 0xFF20_4060)
        let drawer = PrimitiveDrawer()
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 160, scissor: frame)
            if clip {
                let r = CGRect(x: 7.3, y: 5.6, width: 141.5, height: 100.25)
                let poly = RoundedRect.polygon(r, radius: 17, corners: 15, pixelsPerUnit: 1)
                let m = drawer.clipMask([poly], rule: .nonZero, area: frame, outer: nil, columns: 0..<160)
                m.perPixelOnly = perPixel
                // The shape it was made of, as `TreeRasterizer.body` gives it.
                m.shapes = [ClipShape(rect: r, radius: 17, corners: 15, pixelsPerUnit: 1, toDevice: .identity)!]
                s.clip = m
            }
            drawer.draw(shape, rule: .nonZero, paint: .solid(color), opacity: opacity, on: s)
        }
        return buffer.pixels
    }

    func testShapesInsideTheClipAreDrawnAsWithoutIt() {
        var rng = SplitMix64(seed: 0xC11F)
        var differsFromSwiftPath = 0
        for round in 0..<60 {
            // A star inside the clip's straight middle (x 25...130, y 12...100).
            let cx = rng.double(45, 110), cy = rng.double(32, 80), r = rng.double(4, 19)
            let star = (0..<10).map { k -> (x: Double, y: Double) in
                let a = Double(k) * .pi / 5 + rng.double(0, 0.3), rr = k % 2 == 0 ? r : r * 0.45
                return (cx + rr * cos(a), cy + rr * sin(a))
            }
            let color = rng.pick([0xFFFF_FFFF, 0xC0A0_5010, UInt32(rng.int(1...255)) << 24])
            let opacity = rng.pick([1, 0.55])
            let clipped = draw([star], color: color, opacity: opacity, clip: true)
            let plain = draw([star], color: color, opacity: opacity, clip: false)
            if let i = clipped.indices.first(where: { clipped[$0] != plain[$0] }) {
                return XCTFail("round \(round): pixel (\(i % 160), \(i / 160)) clipped \(String(clipped[i], radix: 16)), unclipped \(String(plain[i], radix: 16))")
            }
            if draw([star], color: color, opacity: opacity, clip: true, perPixel: true) != plain { differsFromSwiftPath += 1 }
        }
        // The per-pixel path (the Swift rasteriser's coverage) rounds differently now and then, so
        // the comparison above tells the two paths apart.
        XCTAssertGreaterThan(differsFromSwiftPath, 1)
    }

    /// What a rounded rectangle from 7.3 to 148.8 across, 5.6 to 105.85 down, radius 17, holds:
    /// its straight middle, not its corners' outer pixels, and through a rotation too.
    func testClipShapeHoldsItsInsideOnly() {
        let r = CGRect(x: 7.3, y: 5.6, width: 141.5, height: 100.25)
        let shape = ClipShape(rect: r, radius: 17, corners: 15, pixelsPerUnit: 1, toDevice: .identity)!
        XCTAssertTrue(shape.holds(IntRect(x: 8, y: 23, width: 140, height: 65)))
        XCTAssertTrue(shape.holds(IntRect(x: 25, y: 6, width: 106, height: 99)))
        XCTAssertFalse(shape.holds(IntRect(x: 7, y: 23, width: 10, height: 10)), "past the left edge")
        // The corner's centre is (24.3, 22.6), the chords' circle 16.98 about it: (13, 12) is 15.5 away, (10, 9) 19.7.
        XCTAssertTrue(shape.holds(IntRect(x: 13, y: 12, width: 5, height: 5)))
        XCTAssertFalse(shape.holds(IntRect(x: 10, y: 9, width: 5, height: 5)), "the corner's outside")
        // Rotated a quarter turn about the origin: (x, y) -> (-y, x).
        let turned = ClipShape(rect: r, radius: 17, corners: 15, pixelsPerUnit: 1, toDevice: Projective2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: 0, g: 0, h: 0, i: 1))!
        XCTAssertTrue(turned.holds(IntRect(x: -88, y: 8, width: 65, height: 140)))
        XCTAssertFalse(turned.holds(IntRect(x: 8, y: 23, width: 140, height: 65)))
    }

    func testShapesAcrossTheClipsEdgeAreStillClipped() {
        let shape: [(x: Double, y: Double)] = [(-10, 2), (150, 20.5), (120, 118), (3.5, 90)]
        let clipped = draw([shape], color: 0xFFFF_FFFF, opacity: 1, clip: true)
        // Outside the clip's rectangle (x < 7): untouched.
        XCTAssertEqual(clipped[60 * 160 + 3], 0xFF20_4060)
        let perPixel = draw([shape], color: 0xFFFF_FFFF, opacity: 1, clip: true, perPixel: true)
        XCTAssertNil(clipped.indices.first { clipped[$0] != perPixel[$0] }, "the runs' pixels are the per-pixel path's")
    }

    /// Stars inside and across a rotated, rounded clipping layer: the same pixels on 1 and 3
    /// threads (each band decides from the clip's geometry), nothing outside the clip's box.
    func testRotatedClipGivesTheSamePixelsOnEveryBand() {
        var rng = SplitMix64(seed: 0xC120)
        let w = 160, h = 140
        for round in 0..<12 {
            var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            var clip = RenderNode()
            clip.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
            let a = rng.double(-0.8, 0.8)
            clip.toParent = Matrix4x4(m: [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 40.3, 20.7, 0, 1])
            clip.masksToBounds = true
            clip.cornerRadius = rng.pick([0, 12.5])
            clip.antialiasedEdges = rng.pick([0xF, 0])
            var nodes = [root, clip]
            for _ in 0..<30 {
                var n = RenderNode()
                let cx = rng.double(-10, 110), cy = rng.double(-10, 90), r = rng.double(2, 9)
                n.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
                let star = (0..<10).map { k -> CGPoint in
                    let t = Double(k) * .pi / 5, rr = k % 2 == 0 ? r : r * 0.45
                    return CGPoint(x: cx + rr * cos(t), y: cy + rr * sin(t))
                }
                let color: UInt32 = rng.pick([0xFFFF_FFFF, 0xC0A0_5010, 0x8040_2000])
                n.contents = [.fill(RenderFill(contours: [star], rule: .nonZero, color: color))]
                n.subtreeEnd = nodes.count + 1
                nodes.append(n)
            }
            nodes[0].subtreeEnd = nodes.count; nodes[1].subtreeEnd = nodes.count
            for k in nodes.indices { nodes[k].id = UInt64(k + 1) }
            let tree = RenderTree(nodes: nodes)
            var one = PixelBuffer(width: w, height: h, fill: 0xFF20_4060)
            FrameRenderer(threads: 1).render(tree, into: &one, background: nil)
            let under = [UInt32](repeating: 0xFF20_4060, count: w * h)
            if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: one.pixels, variants: [(3, true)]) {
                return XCTFail("round \(round): \(d) (one thread's)")
            }
            XCTAssertEqual(one.pixels[(h - 1) * w + w - 1], 0xFF20_4060, "outside the clip")
        }
    }
}
