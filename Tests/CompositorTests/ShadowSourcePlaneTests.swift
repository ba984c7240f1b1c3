import XCTest
import LaminaRandom
import CoreGraphics
@testable import Compositor

/// A group's shadow blurred straight from the group's surface (no shadow cache, or a source larger
/// than the cache keeps) has the same pixels as the blur made from the source's alpha copied out
/// for the cache's key.
final class ShadowSourcePlaneTests: XCTestCase {
    /// Shadowed cards (each with a sublayer, so the shadow follows the group's alpha), blurred at
    /// full resolution (radius 3), reduced by 4 (radius 20) and by 8 (radius 40), one of them
    /// masked (its shadow follows the group's alpha times the mask's), one at a half-pixel offset.
    private func tree() -> RenderTree {
        var nodes: [RenderNode] = []
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
        nodes.append(root)
        for (i, radius) in [3.0, 20, 40, 20].enumerated() {
            var card = RenderNode()
            card.bounds = CGRect(x: 0, y: 0, width: 52, height: 70)
            card.toParent = .translation(30 + 70 * Double(i) + (i == 3 ? 0.5 : 0), 40 + 25 * Double(i))
            card.backgroundColor = 0xC020_60C0
            card.cornerRadius = Double(6 + 3 * i)
            card.shadow = RenderShadow(color: 0xB000_0000, offsetX: 3, offsetY: 9, radius: radius, path: nil)
            let first = nodes.count
            card.id = UInt64(first + 1)
            nodes.append(card)
            var dot = RenderNode()
            dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 12)
            dot.toParent = .translation(8, 40)
            dot.backgroundColor = 0xFFFF_FFFF
            dot.id = UInt64(nodes.count + 1)
            dot.subtreeEnd = nodes.count + 1
            nodes.append(dot)
            if i == 2 {
                var m = RenderNode()
                m.bounds = CGRect(x: 0, y: 0, width: 40, height: 50); m.backgroundColor = 0x8000_0000; m.cornerRadius = 20
                m.toParent = .translation(10, 5)
                m.id = UInt64(nodes.count + 1)
                m.subtreeEnd = nodes.count + 1
                nodes[first].mask = nodes.count
                nodes.append(m)
            }
            nodes[first].subtreeEnd = nodes.count
        }
        nodes[0].subtreeEnd = nodes.count
        return RenderTree(nodes: nodes)
    }

    /// The frame drawn by one rasterizer with `cache` over an opaque background.
    private func draw(_ t: RenderTree, cache: ShadowCache?) -> [UInt32] {
        var buffer = PixelBuffer(width: 320, height: 240)
        for i in buffer.pixels.indices { buffer.pixels[i] = 0xFFF2_EFE9 }
        let frame = IntRect(x: 0, y: 0, width: 320, height: 240)
        buffer.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: frame, stride: 320, scissor: frame)
            TreeRasterizer(tree: t, shadowCache: cache).drawRoot(toDevice: .identity, on: s)
        }
        return buffer.pixels
    }

    func testTheBlurMadeStraightFromTheGroupEqualsTheCachedOne() {
        let t = tree()
        let roomy = ShadowCache()
        let cached = draw(t, cache: roomy)
        XCTAssertEqual(roomy.misses, 1, "the roomy cache makes the full-resolution blur from a copied-out source; reduced blurs are made straight from the group")
        let tiny = ShadowCache(capacity: 16)
        let direct = draw(t, cache: tiny)
        XCTAssertEqual(tiny.misses + tiny.hits, 0, "a cache too small to keep any source is not asked")
        let uncached = draw(t, cache: nil)
        // The shadows are there: without them the frame differs (a shadowless copy of the tree).
        var bare = t
        for i in bare.nodes.indices { bare.nodes[i].shadow = nil }
        XCTAssertGreaterThan(zip(draw(bare, cache: nil), cached).filter { $0 != $1 }.count, 5000)
        for (name, pixels) in [("tiny cache", direct), ("no cache", uncached)] {
            let diffs = pixels.indices.filter { pixels[$0] != cached[$0] }
            if let i = diffs.first {
                XCTFail("\(name): \(diffs.count) pixels differ; first (\(i % 320), \(i / 320)) \(String(pixels[i], radix: 16)) vs \(String(cached[i], radix: 16))")
            }
        }
    }

    /// The planes made straight from a surface (with and without a mask; full resolution and
    /// reduced by 2, 4 and 8, the reductions by `lamina_reduce_alpha_row`) equal, bit for bit,
    /// `blurPlane`'s from the alpha copied out (the reference: plain loops over an array), at every
    /// kernel level.
    func testThePlaneMadeFromASurfaceEqualsBlurPlaneOnTheCopiedAlpha() {
        let frame = IntRect(x: 13, y: 7, width: 90, height: 70)
        let g = Surface(offscreen: frame, columns: 0..<200)
        let mask = Surface(offscreen: frame, columns: 0..<200)
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt32 { UInt32(truncatingIfNeeded: rng.next() >> 32) }
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX {
                g.row(y)[x] = (next() % 4 == 0 ? 0 : next() & 0xFF) << 24
                mask.row(y)[x] = (next() & 0xFF) << 24
            }
        }
        let (dx, dy) = (3, -2)
        let src = IntRect(x: frame.x + dx, y: frame.y + dy, width: frame.width, height: frame.height)
        for (sigma, factor) in [(3.0, 1), (12.0, 2), (20.0, 4), (40.0, 8)] {
            let pad = Int((3 * sigma).rounded(.up)) + 1
            let area = IntRect(x: src.x - pad, y: src.y - pad, width: src.width + 2 * pad, height: src.height + 2 * pad)
            for m in [nil, mask] as [Surface?] {
                var alpha = [Float](repeating: 0, count: src.area)
                for y in 0..<src.height {
                    for x in 0..<src.width {
                        let a = Float(g.row(frame.y + y)[frame.x + x] >> 24) / 255
                        alpha[y * src.width + x] = m.map { a * (Float($0.row(frame.y + y)[frame.x + x] >> 24) / 255) } ?? a
                    }
                }
                let expected = TreeRasterizer.blurPlane(alpha, source: src, area: area, sigma: sigma, factor: factor)
                // At every kernel level (the reduction's and the blur's vector versions).
                for level in BilinearKernelTests.modes {
                    PixelKernels.withLevel(level) {
                        let made = ShadowSourcePlane.blurred(alphaOf: g, mask: m, dx: dx, dy: dy, source: src, area: area, sigma: sigma, factor: factor)
                        XCTAssertEqual(made.width, expected.width); XCTAssertEqual(made.height, expected.height)
                        XCTAssertEqual(made.plane, expected.plane, "sigma \(sigma), factor \(factor), mask \(m != nil), level \(level)")
                        XCTAssertTrue(made.plane.contains { $0 > 0.05 }, "the plane holds the blurred source")
                    }
                }
            }
        }
    }
}
