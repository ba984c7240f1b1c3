import XCTest
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
        XCTAssertEqual(roomy.misses, 4, "the roomy cache makes every shadow's blur from a copied-out source")
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
}
