import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// Leaves a band cannot see are left out of it (`leafExtent`, `misses`); what they draw elsewhere
/// still reaches every band that shows it: images and gradients past their layer's bounds, shapes
/// (unknown extent), rotated and perspective leaves, drawn on 1 to 5 threads, all equal the
/// one-thread frame.
final class BandCullTests: XCTestCase {
    func testLeavesDrawingPastTheirBoundsReachEveryBand() {
        var rng = SplitMix64(seed: 0xBA4D)
        let texels = (0..<(24 * 24)).map { _ in rng.premultipliedPixel() | 0xFF00_0000 }
        let image = CGImage(width: 24, height: 24, premultipliedARGB: texels)
        var leaves: [RenderNode] = []
        for i in 0..<40 {
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 16, height: 6)
            var m = Matrix4x4.translation(Double(rng.int(0...150)), Double(rng.int(0...190)) + 0.5)
            if i % 4 == 1 { m = Matrix4x4(SIMD16(cos(0.4), sin(0.4), 0, 0, -sin(0.4), cos(0.4), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)).then(m) }
            if i % 8 == 3 { var p = Matrix4x4.identity; p.m[3] = 0.002; m = p.then(m) }
            n.toParent = m
            n.backgroundColor = 0x8040_2010
            switch i % 3 {
            case 0:   // an image three times the layer's height, reaching into the rows below
                n.contents = [.image(RenderImage(image: image, destination: CGRect(x: 0, y: 0, width: 16, height: 48),
                                                 source: CGRect(x: 0, y: 0, width: 24, height: 24)))]
            case 1:   // a path past the bounds: unknown extent, never left out
                n.contents = [.fill(RenderFill(contours: [[CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: -5, y: 35)]],
                                               rule: .nonZero, color: 0xFF00_8000))]
            default:  // a gradient above the bounds
                n.contents = [.gradient(RenderGradient(kind: .axial, rect: CGRect(x: 0, y: -30, width: 16, height: 36),
                                                       start: CGPoint(x: 0, y: -30), end: CGPoint(x: 0, y: 6),
                                                       stops: [(0, SIMD4(1, 0, 0, 1)), (1, SIMD4(0, 0, 1, 1))]))]
            }
            leaves.append(n)
        }
        let tree = flatTree(width: 170, height: 240, leaves)
        var one = PixelBuffer(width: 170, height: 240)
        FrameRenderer(threads: 1).render(tree, into: &one, background: 0xFFFF_FFFF)
        for threads in 2...5 {
            let r = FrameRenderer(threads: threads)
            for _ in 0..<3 {
                var frame = PixelBuffer(width: 170, height: 240)
                r.render(tree, into: &frame, background: 0xFFFF_FFFF)
                if let i = frame.pixels.indices.first(where: { frame.pixels[$0] != one.pixels[$0] }) {
                    return XCTFail("\(threads) threads, bands \(r.balancer.boundaries): pixel (\(i % 170), \(i / 170)) differs")
                }
            }
        }
    }

    func testMissesIsConservative() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        let band = IntRect(x: 0, y: 100, width: 200, height: 50)
        XCTAssertTrue(TreeRasterizer.misses(r, Matrix4x4.translation(5, 20).projective, band), "rows 20-30: above the band")
        XCTAssertTrue(TreeRasterizer.misses(r, Matrix4x4.translation(5, 152).projective, band), "rows 152-162: below it")
        XCTAssertFalse(TreeRasterizer.misses(r, Matrix4x4.translation(5, 90.5).projective, band), "an anti-aliased edge within a pixel of it")
        XCTAssertFalse(TreeRasterizer.misses(r, Matrix4x4.translation(5, 120).projective, band))
        var behind = Matrix4x4.identity; behind.m[3] = -1   // w = 1 - x: corners at x = 10 map behind the eye
        XCTAssertFalse(TreeRasterizer.misses(r, behind.then(.translation(5, 20)).projective, band), "not decided when a corner is behind the eye")
    }
}
