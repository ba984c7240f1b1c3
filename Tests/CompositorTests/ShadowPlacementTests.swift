import XCTest
import CoreGraphics
@testable import Compositor

/// Where a shadow lands and how far it reaches, through perspective maps, against exact fractions.
final class ShadowPlacementTests: XCTestCase {
    func shadow(_ ox: Double, _ oy: Double, radius: Double = 5) -> RenderShadow {
        RenderShadow(color: 0xFF00_0000, offsetX: ox, offsetY: oy, radius: radius, path: nil)
    }

    /// The offset is given in the parent's space and taken at the layer's centre: a 20 × 10 layer
    /// whose map has w = 1 + x/100 has its centre (10, 5) at (10, 5)/1.1 = (100/11, 50/11) in its
    /// parent; the parent maps (x, y) to (2x, 2y)/(1 + x/50). The shadow offset (3, 4) then moves
    /// the centre's image by exactly (36300/8879, 53900/8879) pixels (worked in fractions:
    /// 2(x+3)/(1 + (x+3)/50) − 2x/(1 + x/50) at x = 100/11, and the same for y). The blur is the
    /// radius times the parent's scale (√det = 2): 5·2 = 10; the reach 3·10 + 6.07… rounded up, plus 2.
    func testTheOffsetIsTakenAtTheLayersCentreThroughPerspective() {
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        n.toParent = Matrix4x4(m: [1, 0, 0, 0.01, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        let P = Matrix4x4(m: [2, 0, 0, 0.02, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        let r = TreeRasterizer(tree: RenderTree())
        let g = r.shadowGeometry(shadow(3, 4), node: n, P: P)
        XCTAssertEqual(g.dx, 36300.0 / 8879, accuracy: 1e-12)
        XCTAssertEqual(g.dy, 53900.0 / 8879, accuracy: 1e-12)
        XCTAssertEqual(g.sigma, 10, accuracy: 1e-12)
        XCTAssertEqual(r.shadowReach(shadow(3, 4), node: n, P: P), 39)
        // An affine parent moves every point alike: offset times scale, wherever the centre is.
        let affine = r.shadowGeometry(shadow(3, -4, radius: 2), node: n, P: .scale(3, 2))
        XCTAssertEqual(affine.dx, 9, accuracy: 1e-12); XCTAssertEqual(affine.dy, -8, accuracy: 1e-12)
        XCTAssertEqual(affine.sigma, 2 * 6.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(r.shadowReach(shadow(3, -4, radius: 2), node: n, P: .scale(3, 2)), Int((6 * 6.0.squareRoot() + 9).rounded(.up)) + 2)
    }

    /// A map that sends the shadow to infinity (x scaled by 1e308) gives no offset at all, in
    /// neither direction, though the y offset alone would be finite.
    func testAnOffsetThatIsNotFiniteIsDropped() {
        var n = RenderNode()
        n.bounds = CGRect(x: 0, y: 0, width: 14, height: 10)
        let P = Matrix4x4(m: [1e308, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        let g = TreeRasterizer(tree: RenderTree()).shadowGeometry(shadow(3, 4), node: n, P: P)
        XCTAssertEqual(g.dx, 0); XCTAssertEqual(g.dy, 0)
    }

    /// The bounds on blur and offset (256 and 1024 device pixels), NaN taken as none.
    func testBlurAndOffsetAreBounded() {
        XCTAssertEqual(TreeRasterizer.shadowSigma(10), 10)
        XCTAssertEqual(TreeRasterizer.shadowSigma(256), 256)
        XCTAssertEqual(TreeRasterizer.shadowSigma(300), 256)
        XCTAssertEqual(TreeRasterizer.shadowSigma(0), 0)
        XCTAssertEqual(TreeRasterizer.shadowSigma(-3), 0)
        XCTAssertEqual(TreeRasterizer.shadowSigma(.nan), 0)
        XCTAssertEqual(TreeRasterizer.shadowOffset(1000), 1000)
        XCTAssertEqual(TreeRasterizer.shadowOffset(2000), 1024)
        XCTAssertEqual(TreeRasterizer.shadowOffset(-2000), -1024)
        XCTAssertEqual(TreeRasterizer.shadowOffset(-5), -5)
        XCTAssertEqual(TreeRasterizer.shadowOffset(.nan), 0)
        XCTAssertEqual(TreeRasterizer.shadowOffset(.infinity), 1024)
    }

    /// Pixels per layer unit: the square root of the linear part's determinant over w² (w the map's
    /// last entry). A homogeneous 4x scale over w = 2 draws at 2 pixels a unit; w near 0 is taken
    /// as 1; a map that is not finite or flat counts 1.
    func testPixelsPerUnitDivideByTheHomogeneousWeight() {
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2])), 2, accuracy: 1e-12)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [4, 0, 0, 0, 0, 9, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.5])), 12, accuracy: 1e-12)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-13])), 4, accuracy: 1e-12)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [4, 0, 0, 0, 0, -4, 0, 0, 0, 0, 1, 0, 0, 0, 0, -2])), 2, accuracy: 1e-12)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [1, 2, 0, 0, 2, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])), 1, "flat (det 0)")
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [.nan, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])), 1)
        XCTAssertEqual(TreeRasterizer.scale(of: Matrix4x4(m: [1e200, 0, 0, 0, 0, 1e200, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])), 1, "overflow to infinity")
    }
}
