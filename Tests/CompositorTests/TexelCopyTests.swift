import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Images placed texel for texel on whole pixels are copied without a sampler
/// (`TreeRasterizer.texelCopy`, `PrimitiveDrawer.copyTexels`). Their placement is checked against
/// hand-worked cases, their pixels against a reference loop written here, and whole frames
/// against the same frames drawn through the sampler.
final class TexelCopyTests: XCTestCase {
    private func image(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> CGImage {
        CGImage(width: w, height: h, premultipliedARGB: (0..<(w * h)).map { _ in rng.premultipliedPixel() })
    }

    private func content(_ img: CGImage, destination: CGRect, source: CGRect) -> RenderImage {
        RenderImage(image: img, destination: destination, source: source)
    }

    func testPlacement() {
        var rng = SplitMix64(seed: 0x7E1C)
        let img = image(20, 10, &rng)
        let whole = content(img, destination: CGRect(x: 0, y: 0, width: 20, height: 10), source: CGRect(x: 0, y: 0, width: 20, height: 10))
        let at = { (x: Double, y: Double) in Projective2D(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: x, h: y, i: 1) }
        // At (10, 20): texel = pixel − (10, 20).
        var c = TreeRasterizer.texelCopy(whole, H: at(10, 20))
        XCTAssertEqual(c?.rect, IntRect(x: 10, y: 20, width: 20, height: 10))
        XCTAssertEqual(c?.dx, -10); XCTAssertEqual(c?.dy, -20)
        // Texels (4, 3)-(12, 9) drawn at layer (1, 2), the layer at (5, 7): pixel (6, 9) shows texel (4, 3).
        let part = content(img, destination: CGRect(x: 1, y: 2, width: 8, height: 6), source: CGRect(x: 4, y: 3, width: 8, height: 6))
        c = TreeRasterizer.texelCopy(part, H: at(5, 7))
        XCTAssertEqual(c?.rect, IntRect(x: 6, y: 9, width: 8, height: 6))
        XCTAssertEqual(c?.dx, -2); XCTAssertEqual(c?.dy, -6)
        // Two pixels a point, the image at two texels a point: texel for texel again.
        let retina = content(img, destination: CGRect(x: 0, y: 0, width: 10, height: 5), source: CGRect(x: 0, y: 0, width: 20, height: 10))
        let twice = Projective2D(a: 2, b: 0, c: 0, d: 0, e: 2, f: 0, g: 6, h: 8, i: 1)
        c = TreeRasterizer.texelCopy(retina, H: twice)
        XCTAssertEqual(c?.rect, IntRect(x: 6, y: 8, width: 20, height: 10))
        XCTAssertEqual(c?.dx, -6); XCTAssertEqual(c?.dy, -8)
        // Not copies: half a pixel off, scaled, turned, tinted, a fractional or outside source.
        XCTAssertNil(TreeRasterizer.texelCopy(whole, H: at(10.5, 20)))
        XCTAssertNil(TreeRasterizer.texelCopy(whole, H: Projective2D(a: 1.5, b: 0, c: 0, d: 0, e: 1.5, f: 0, g: 0, h: 0, i: 1)))
        XCTAssertNil(TreeRasterizer.texelCopy(whole, H: Projective2D(a: 0, b: 1, c: 0, d: -1, e: 0, f: 0, g: 30, h: 0, i: 1)))
        XCTAssertNil(TreeRasterizer.texelCopy(whole, H: Projective2D(a: -1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 30, h: 0, i: 1)))
        var tinted = whole
        tinted.tint = 0xFF80_8080
        XCTAssertNil(TreeRasterizer.texelCopy(tinted, H: at(0, 0)))
        XCTAssertNil(TreeRasterizer.texelCopy(content(img, destination: CGRect(x: 0, y: 0, width: 8, height: 6), source: CGRect(x: 0.5, y: 0, width: 8, height: 6)), H: at(0, 0)))
        XCTAssertNil(TreeRasterizer.texelCopy(content(img, destination: CGRect(x: 0, y: 0, width: 8, height: 6), source: CGRect(x: -1, y: 0, width: 8, height: 6)), H: at(0, 0)))
        XCTAssertNil(TreeRasterizer.texelCopy(content(img, destination: CGRect(x: 0, y: 0, width: 8, height: 6), source: CGRect(x: 13, y: 0, width: 8, height: 6)), H: at(0, 0)))
        // Edges past what an Int holds are never converted.
        XCTAssertNil(TreeRasterizer.texelCopy(whole, H: at(1e300, 0)))
    }

    /// Layers of random images at whole pixels, some showing a part of their image, some on a
    /// two-pixels-a-point frame, at random opacities, over noise: each pixel is what a plain
    /// loop over the layers gives (the texel scaled by round(opacity · 255), then source-over).
    func testCopiesEqualAReferenceLoop() {
        var rng = SplitMix64(seed: 0xC09E)
        let w = 96, h = 80
        for round in 0..<60 {
            let scale = round % 3 == 2 ? 2.0 : 1.0
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: Double(w) / scale, height: Double(h) / scale)
            nodes.append(root)
            var expected = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            let under = expected
            for _ in 0..<rng.int(1...6) {
                let iw = rng.int(4...40), ih = rng.int(4...40)
                let img = image(iw, ih, &rng)
                // A whole-texel part of the image, or all of it.
                let sx = rng.chance(0.4) ? rng.int(0...(iw - 2)) : 0, sy = rng.chance(0.4) ? rng.int(0...(ih - 2)) : 0
                let sw = rng.int(1...(iw - sx)), sh = rng.int(1...(ih - sy))
                // Points: one texel a pixel on this frame.
                let x = rng.int(-10...(w - 4)), y = rng.int(-10...(h - 4))
                let opacity = rng.chance(0.3) ? 1 : rng.double(0, 1)
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: Double(sw) / scale, height: Double(sh) / scale)
                n.toParent = .translation(Double(x) / scale, Double(y) / scale)
                n.opacity = opacity
                n.contents = [.image(content(img, destination: n.bounds, source: CGRect(x: sx, y: sy, width: sw, height: sh)))]
                n.subtreeEnd = nodes.count + 1
                nodes.append(n)
                let k = UInt32(Float(opacity) * 255 + 0.5)
                for py in stride(from: max(y, 0), to: min(y + sh, h), by: 1) {
                    for px in stride(from: max(x, 0), to: min(x + sw, w), by: 1) {
                        let texel = img.premultipliedARGB[(py - y + sy) * iw + px - x + sx]
                        expected[py * w + px] = Premultiplied.over(expected[py * w + px], Premultiplied.scale(texel, k))
                    }
                }
            }
            nodes[0].subtreeEnd = nodes.count
            let tree = RenderTree(nodes: nodes)
            if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: expected,
                                                     variants: [(1, true), (3, true)], toDevice: .scale(scale, scale)) {
                return XCTFail("round \(round), \(d)")
            }
        }
    }

    /// Frames of image layers at whole, nearly whole and fractional pixels, some clipped with
    /// rounded corners (a soft clip), some in a group, over noise, on 1 and 3 threads with and
    /// without culling: the copies give the frame the sampler gives, bit for bit.
    func testCopiesEqualTheSampledPath() {
        var rng = SplitMix64(seed: 0x5A3D)
        let w = 120, h = 90
        var copied = 0
        for round in 0..<60 {
            var nodes: [RenderNode] = []
            var root = RenderNode()
            root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            nodes.append(root)
            var depthOf: [Int] = [0]
            for _ in 0..<rng.int(2...8) {
                let iw = rng.int(4...50), ih = rng.int(4...50)
                let img = image(iw, ih, &rng)
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: iw, height: ih)
                let x = Double(rng.int(-10...(w - 4))) + rng.pick([0, 0, 0, 1e-12, 0.25, 0.5]), y = Double(rng.int(-10...(h - 4)))
                n.toParent = .translation(x, y)
                n.opacity = rng.chance(0.4) ? 1 : rng.double(0.2, 1)
                var ri = content(img, destination: n.bounds, source: n.bounds)
                if rng.chance(0.2) { ri.magnification = .nearest; ri.minification = .nearest }
                n.contents = [.image(ri)]
                if rng.chance(0.2) { n.masksToBounds = true; n.cornerRadius = 6 }
                if rng.chance(0.15) { n.backgroundColor = 0xFF30_6090 }
                nodes.append(n)
                depthOf.append(1)
                if rng.chance(0.2) {
                    // A sublayer: the layer becomes a group when translucent.
                    var kid = RenderNode()
                    kid.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                    kid.toParent = .translation(Double(rng.int(0...20)), Double(rng.int(0...20)))
                    kid.contents = [.image(content(img, destination: kid.bounds, source: kid.bounds))]
                    nodes.append(kid)
                    depthOf.append(2)
                }
            }
            for i in nodes.indices {
                var end = i + 1
                while end < nodes.count && depthOf[end] > depthOf[i] { end += 1 }
                nodes[i].subtreeEnd = end
                nodes[i].id = UInt64(i + 1)
            }
            let tree = RenderTree(nodes: nodes)
            let under = (0..<(w * h)).map { _ in rng.premultipliedPixel() }
            var sampled = PixelBuffer(width: w, height: h)
            sampled.pixels = under
            let reference = FrameRenderer(threads: 1)
            reference.shortcuts.copiesTexels = false
            reference.occlusionCulling = false
            reference.render(tree, into: &sampled, background: round % 2 == 0 ? nil : 0)
            if let d = FrameVariants.firstDifference(tree, under: under, width: w, height: h, expected: sampled.pixels,
                                                     variants: [(1, true), (3, true), (1, false)], background: round % 2 == 0 ? nil : 0) {
                return XCTFail("round \(round), \(d)")
            }
            copied += nodes.filter { n in
                n.contents.contains { if case .image(let ri) = $0 { return TreeRasterizer.texelCopy(ri, H: n.toParent.projective) != nil } else { return false } }
            }.count
        }
        XCTAssertGreaterThan(copied, 100, "most layers must take the copy, or the comparison proves little")
    }
}
