import XCTest
import CoreGraphics
@testable import Compositor

/// Large shadows are blurred on a reduced plane, and blurs are shared through the shadow cache.
final class ShadowBlurTests: XCTestCase {
    /// A 64 × 64 opaque square in a padded area, blurred with deviation sigma.
    func square(sigma: Double, factor: Int) -> (plane: [Float], w: Int, h: Int, area: IntRect) {
        let pad = Int((3 * sigma).rounded(.up)) + 1
        let src = IntRect(x: 100, y: 50, width: 64, height: 64)
        let area = IntRect(x: src.x - pad, y: src.y - pad, width: 64 + 2 * pad, height: 64 + 2 * pad)
        let r = TreeRasterizer.blurPlane([Float](repeating: 1, count: 64 * 64), source: src, area: area, sigma: sigma, factor: factor)
        return (r.plane, r.width, r.height, area)
    }

    func value(_ s: (plane: [Float], w: Int, h: Int, area: IntRect), factor: Int, x: Int, y: Int) -> Float {
        if factor == 1 { return s.plane[(y - s.area.y) * s.w + x - s.area.x] }
        return s.plane.withUnsafeBufferPointer { TreeRasterizer.upsample($0, width: s.w, height: s.h, factor: factor, x: x - s.area.x, y: y - s.area.y) }
    }

    func testLargeDeviationsUseAReducedPlane() {
        XCTAssertEqual(TreeRasterizer.reduction(for: 8), 1)
        XCTAssertEqual(TreeRasterizer.reduction(for: 16), 2)
        XCTAssertEqual(TreeRasterizer.reduction(for: 32), 4)
        XCTAssertEqual(TreeRasterizer.reduction(for: 178), 32, "178 / 32 = 5.6, at most 8")
        XCTAssertEqual(TreeRasterizer.fullResolutionSigma, 16)
    }

    /// A Gaussian of deviation σ over a square of side L: at its centre erf(L / (2σ√2))², at the
    /// middle of an edge erf(L / (2σ√2)) · ½ · erf(L / (σ√2)). For L = 64, σ = 32: erf(1/√2) =
    /// 0.682689, erf(√2) = 0.954500; centre 0.466064, edge 0.325811. The three-box blur and the
    /// reduced plane both approximate it within a few hundredths.
    func testAReducedBlurMatchesTheGaussianAndTheFullResolutionBlur() {
        let full = square(sigma: 32, factor: 1)
        let reduced = square(sigma: 32, factor: 4)
        let cx = 132, cy = 82
        XCTAssertEqual(value(full, factor: 1, x: cx, y: cy), 0.466064, accuracy: 0.03)
        XCTAssertEqual(value(reduced, factor: 4, x: cx, y: cy), 0.466064, accuracy: 0.03)
        XCTAssertEqual(value(full, factor: 1, x: 100, y: cy), 0.325811, accuracy: 0.03)
        XCTAssertEqual(value(reduced, factor: 4, x: 100, y: cy), 0.325811, accuracy: 0.03)
        // Everywhere, the reduced blur is within 0.02 of the full one.
        var worst: Float = 0
        for y in stride(from: full.area.y, to: full.area.maxY, by: 3) {
            for x in stride(from: full.area.x, to: full.area.maxX, by: 3) {
                worst = max(worst, abs(value(full, factor: 1, x: x, y: y) - value(reduced, factor: 4, x: x, y: y)))
            }
        }
        XCTAssertLessThan(worst, 0.02)
    }

    /// Twenty shadowed squares, each translated by whole pixels: one blur, nineteen reused; moving
    /// them all by whole pixels in the next frame blurs nothing again; a new radius blurs once more.
    func testShadowsThatDifferOnlyByTranslationShareOneBlur() {
        func tree(dx: Double, radius: Double) -> RenderTree {
            flatTree(width: 200, height: 120, (0..<20).map { k in
                var n = RenderNode()
                n.bounds = CGRect(x: 0, y: 0, width: 12, height: 8)
                n.toParent = .translation(Double(10 + 8 * k) + dx, 40)
                n.backgroundColor = 0xFFFF_FFFF
                n.cornerRadius = 3
                n.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 0, offsetY: 4, radius: radius, path: nil)
                return n
            })
        }
        let renderer = FrameRenderer(threads: 1)
        var buffer = PixelBuffer(width: 200, height: 120)
        renderer.render(tree(dx: 0, radius: 6), into: &buffer)
        XCTAssertEqual(renderer.shadowCache.misses, 1, "one blur for twenty alike shadows")
        XCTAssertEqual(renderer.shadowCache.hits, 19)
        renderer.render(tree(dx: 3, radius: 6), into: &buffer)
        XCTAssertEqual(renderer.shadowCache.misses, 1, "moved by whole pixels: kept")
        renderer.render(tree(dx: 3, radius: 7), into: &buffer)
        XCTAssertEqual(renderer.shadowCache.misses, 2, "another blur radius: blurred again")
    }

    /// A shared blur draws the same pixels as blurring each shadow on its own.
    func testSharingDoesNotChangeThePixels() {
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 12, height: 8)
        n.backgroundColor = 0xFFFF_FFFF
        n.shadow = RenderShadow(color: 0xFF00_0000, offsetX: 0, offsetY: 4, radius: 5, path: nil)
        var root = RenderNode(); root.bounds = CGRect(x: 0, y: 0, width: 120, height: 60)
        var nodes = [root]
        for k in 0..<6 { var c = n; c.id = UInt64(k + 1); c.toParent = .translation(Double(8 + 18 * k), 20); c.subtreeEnd = nodes.count + 1; nodes.append(c) }
        nodes[0].subtreeEnd = nodes.count
        let tree = RenderTree(nodes: nodes)
        var shared = PixelBuffer(width: 120, height: 60)
        FrameRenderer(threads: 1).render(tree, into: &shared)
        var alone = PixelBuffer(width: 120, height: 60)
        let surfaceFrame = IntRect(x: 0, y: 0, width: 120, height: 60)
        alone.pixels.withUnsafeMutableBufferPointer { px in
            let s = Surface(borrowing: px.baseAddress!, frame: surfaceFrame, stride: 120, scissor: surfaceFrame)
            TreeRasterizer(tree: tree, shadowCache: nil).drawRoot(toDevice: .identity, on: s)
        }
        XCTAssertEqual(shared.pixels, alone.pixels)
    }
}
