import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Glyph masks placed mask pixel for device pixel are composited a row at a time by the C kernel
/// (`TreeRasterizer.maskCopy`, `PrimitiveDrawer.copyMask`, `lamina_over_solid_mask`). Their
/// placement is checked against hand-worked cases, their pixels against a loop written here, and
/// whole frames against the same frames drawn through the `.mask` paint.
final class GlyphMaskCopyTests: XCTestCase {
    private func mask(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> AlphaMask {
        AlphaMask(width: w, height: h, alpha: (0..<(w * h)).map { _ in
            rng.chance(0.3) ? 0 : rng.chance(0.3) ? 255 : UInt8(rng.int(1...254))
        })
    }

    private func glyphs(_ m: AlphaMask, at origin: CGPoint, scale: Double, color: UInt32) -> RenderGlyphs {
        RenderGlyphs(mask: m, origin: origin, scale: scale, color: color)
    }

    /// Where masks land: whole-pixel placements give the device rectangle and the offset to the
    /// mask; half pixels, scales other than one mask pixel a device pixel, and turns give none.
    func testPlacement() {
        var rng = SplitMix64(seed: 0x61F1)
        let m = mask(12, 7, &rng)
        func copy(_ origin: CGPoint, scale: Double, _ H: Projective2D) -> (rect: IntRect, dx: Int, dy: Int)? {
            let rect = CGRect(x: origin.x, y: origin.y, width: Double(m.width) * scale, height: Double(m.height) * scale)
            let toMask = Projective2D(a: 1 / scale, b: 0, c: 0, d: 0, e: 1 / scale, f: 0, g: -Double(origin.x) / scale, h: -Double(origin.y) / scale, i: 1)
            return TreeRasterizer.maskCopy(m, map: H.inverse!.then(toMask), H: H, rect: rect)
        }
        let at = { (x: Double, y: Double) in Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1) }
        // Origin (2, 3) in a layer at (10, 20): device (12, 23), mask pixel = device − (12, 23).
        var c = copy(CGPoint(x: 2, y: 3), scale: 1, at(10, 20))
        XCTAssertEqual(c?.rect, IntRect(x: 12, y: 23, width: 12, height: 7))
        XCTAssertEqual(c?.dx, -12); XCTAssertEqual(c?.dy, -23)
        // Three pixels a point, a mask of three pixels a point (scale 1/3) at origin (1, 2): device (3 + 6, 6 + 9).
        let retina = Projective2D(a: 3, b: 0, c: 0, d: 0, e: 3, f: 0, g: 6, h: 9, i: 1)
        c = copy(CGPoint(x: 1, y: 2), scale: 1.0 / 3, retina)
        XCTAssertEqual(c?.rect, IntRect(x: 9, y: 15, width: 12, height: 7))
        XCTAssertEqual(c?.dx, -9); XCTAssertEqual(c?.dy, -15)
        // Not copies: half a pixel off, a mask pixel of two device pixels, turned, mirrored, far out.
        XCTAssertNil(copy(CGPoint(x: 0.5, y: 0), scale: 1, at(0, 0)))
        XCTAssertNil(copy(.zero, scale: 1, at(0, 0.25)))
        XCTAssertNil(copy(.zero, scale: 0.5, at(0, 0)))
        XCTAssertNil(copy(.zero, scale: 1, Projective2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: 0, g: 30, h: 0, i: 1)))
        XCTAssertNil(copy(.zero, scale: 1, Projective2D(a: -1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 30, h: 0, i: 1)))
        XCTAssertNil(copy(.zero, scale: 1, at(1e300, 0)))
    }

    /// Text layers of random masks and colours at whole pixels and random opacities over noise, on
    /// 1 and 3 threads: each pixel is what a plain loop gives (the colour scaled by the mask pixel,
    /// then by round(opacity · 255), then source over).
    func testCopiesEqualAReferenceLoop() {
        var rng = SplitMix64(seed: 0x6A5C)
        let w = 90, h = 70
        for round in 0..<60 {
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            nodes.append(root)
            var expected = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let under = expected
            for _ in 0..<rng.int(1...6) {
                let mw = rng.int(1...50), mh = rng.int(1...30)
                let m = mask(mw, mh, &rng)
                let color = rng.premultipliedPixel()
                let x = rng.int(-10...(w - 2)), y = rng.int(-10...(h - 2)), ox = rng.int(0...5), oy = rng.int(0...5)
                let opacity = rng.chance(0.3) ? 1 : rng.double(0, 1)
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: mw + 10, height: mh + 10)
                n.toParent = .translation(Double(x), Double(y))
                n.opacity = opacity
                n.contents = [.glyphs(glyphs(m, at: CGPoint(x: ox, y: oy), scale: 1, color: color))]
                n.subtreeEnd = nodes.count + 1
                nodes.append(n)
                let k = UInt32(Float(opacity) * 255 + 0.5)
                for py in stride(from: max(y + oy, 0), to: min(y + oy + mh, h), by: 1) {
                    for px in stride(from: max(x + ox, 0), to: min(x + ox + mw, w), by: 1) {
                        let a = UInt32(m.alpha[(py - y - oy) * mw + px - x - ox])
                        if a == 0 || k == 0 { continue }
                        expected[py * w + px] = Premultiplied.over(expected[py * w + px], Premultiplied.scale(Premultiplied.scale(color, a), k))
                    }
                }
            }
            nodes[0].subtreeEnd = nodes.count
            let tree = RenderTree(nodes: nodes)
            if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: expected,
                                                     variants: [(1, true), (3, true)]) {
                return XCTFail("round \(round), \(d)")
            }
        }
    }

    /// Frames of text layers at whole and fractional pixels, at one and three pixels a point, some
    /// clipped with rounded corners, some under opaque layers, on 1 and 3 threads with and without
    /// culling: the copies give the frame the `.mask` paint gives, bit for bit.
    func testCopiesEqualTheMaskPaint() {
        var rng = SplitMix64(seed: 0x6A5D)
        let w = 120, h = 90
        var copied = 0
        for round in 0..<60 {
            let scale = round % 3 == 2 ? 3.0 : 1.0
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: Double(w) / scale, height: Double(h) / scale)
            nodes.append(root)
            for _ in 0..<rng.int(2...8) {
                let mw = rng.int(4...60), mh = rng.int(4...30)
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: Double(mw) / scale, height: Double(mh) / scale)
                let x = Double(rng.int(-10...(w - 4))) / scale + rng.pick([0, 0, 0, 1e-12, 0.25, 0.5]), y = Double(rng.int(-10...(h - 4))) / scale
                n.toParent = .translation(x, y)
                n.opacity = rng.chance(0.4) ? 1 : rng.double(0.2, 1)
                if rng.chance(0.25) {
                    n.backgroundColor = 0xFF30_6090
                } else {
                    n.contents = [.glyphs(glyphs(mask(mw, mh, &rng), at: .zero, scale: 1 / scale, color: rng.premultipliedPixel()))]
                }
                if rng.chance(0.2) { n.masksToBounds = true; n.cornerRadius = 6 / scale }
                n.subtreeEnd = nodes.count + 1
                n.id = UInt64(nodes.count + 1)
                nodes.append(n)
            }
            nodes[0].subtreeEnd = nodes.count
            let tree = RenderTree(nodes: nodes)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            var painted = PixelBuffer(width: w, height: h)
            painted.pixels = under
            let reference = FrameRenderer(threads: 1)
            reference.shortcuts.copiesTexels = false
            reference.occlusionCulling = false
            reference.render(tree, into: &painted, toDevice: .scale(scale, scale), background: round % 2 == 0 ? nil : 0)
            if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: painted.pixels,
                                                     variants: [(1, true), (3, true), (1, false)], toDevice: .scale(scale, scale),
                                                     background: round % 2 == 0 ? nil : 0) {
                return XCTFail("round \(round), \(d)")
            }
            copied += nodes.filter { n in
                guard !n.masksToBounds, n.toParent.projective.g * scale == (n.toParent.projective.g * scale).rounded() else { return false }
                return n.contents.contains { if case .glyphs = $0 { return true } else { return false } }
            }.count
        }
        XCTAssertGreaterThan(copied, 80, "most text layers must take the copy, or the comparison proves little")
    }
}
