import XCTest
import CoreGraphics
@testable import Compositor

/// The anti-aliased coverage of a stroke outline against the exact area of the stroke, worked out
/// apart from the rasteriser: a circle of radius 20 stroked 6 wide is the ring between radii 17
/// and 23, and each pixel's share of it is counted on a 32 × 32 grid of sample points.
///
/// A stroke outline that is the union's boundary gives each edge pixel its true share. One that
/// overlaps itself where the edge runs (quadrilaterals of flattened segments overlapping on the
/// inside of the curve) counts the overlap twice there and darkens the inner edge.
final class StrokeCoverageAccuracyTests: XCTestCase {
    func testAStrokedCircleCoversEachPixelAsTheRingDoes() {
        let cx = 32.3, cy = 31.7, r = 20.0, w = 6.0
        let path = CGPath(ellipseIn: CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), transform: nil)
        let outline = path.copy(strokingWithWidth: CGFloat(w), lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        let contours = outline.flattened(tolerance: 0.01).map { $0.map { (x: Double($0.x), y: Double($0.y)) } }
        var rasterizer = CoverageRasterizer()
        rasterizer.rasterize(contours, rule: .nonZero, clipWidth: 64, clipHeight: 64)
        let b = rasterizer.bounds
        let coverage = rasterizer.coverage
        func value(_ x: Int, _ y: Int) -> Double {
            guard x >= b.x, x < b.x + b.width, y >= b.y, y < b.y + b.height else { return 0 }
            return Double(coverage[(y - b.y) * b.width + x - b.x])
        }
        let inner2 = (r - w / 2) * (r - w / 2), outer2 = (r + w / 2) * (r + w / 2)
        let n = 32
        var worst = 0.0, worstAt = (0, 0), edgePixels = 0
        for y in 0..<64 {
            for x in 0..<64 {
                var inside = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n) - cx
                        let py = Double(y) + (Double(sy) + 0.5) / Double(n) - cy
                        let d2 = px * px + py * py
                        if d2 >= inner2 && d2 <= outer2 { inside += 1 }
                    }
                }
                let exact = Double(inside) / Double(n * n)
                if exact > 0 && exact < 1 { edgePixels += 1 }
                let e = abs(value(x, y) - exact)
                if e > worst { worst = e; worstAt = (x, y) }
            }
        }
        XCTAssertGreaterThan(edgePixels, 300, "the ring has edge pixels on both sides")
        // The sampling grid is within 1/32 of a pixel's share along a curved edge, and the outline
        // within 0.05 units of the circle: 0.06 in all.
        XCTAssertLessThan(worst, 0.06, "worst pixel \(worstAt)")
    }
}
