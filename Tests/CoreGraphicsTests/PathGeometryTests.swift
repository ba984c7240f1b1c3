import XCTest
import CoreGraphics

/// Path geometry against closed forms: bounding boxes of curves, arcs (sweep, direction, the cubic
/// approximation's radial error) and flattening within its tolerance.
final class PathGeometryTests: XCTestCase {
    func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    /// A quadratic from (0, 0) through control (10, 20) to (20, 0): the control box is 20 tall,
    /// the curve peaks at t = ½ with y = 2·½·½·20 = 10.
    func testQuadraticBoundingBoxes() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addQuadCurve(to: P(20, 0), control: P(10, 20))
        XCTAssertEqual(p.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    /// A cubic with wild control points: (0, 0), (30, 0), (−10, 10), (20, 10). x(t) = 90t(1−t)² −
    /// 30t²(1−t) + 20t³ has x' = 420t² − 420t + 90 = 0 at t = ½ ± √(25200)/840 ≈ 0.311 (x ≈ 11.9)
    /// and 0.689 (x ≈ 8.1), both inside 0…20, so the curve's box is 0…20 wide while the control
    /// box is −10…30.
    func testCubicBoundingBoxOfPathIsTheCurvesExtent() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: P(20, 10), control1: P(30, 0), control2: P(-10, 10))
        XCTAssertEqual(p.boundingBox, CGRect(x: -10, y: 0, width: 40, height: 10))
        let b = p.boundingBoxOfPath
        XCTAssertEqual(Double(b.minX), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(b.maxX), 20, accuracy: 1e-12)
        // At t = 0.25: x = 90·0.25·0.5625 − 30·0.0625·0.75 + 20·0.015625 = 12.65625 − 1.40625 + 0.3125.
        let s = p.segments[0]
        XCTAssertEqual(Double(s.point(at: 0.25).x), 11.5625, accuracy: 1e-12)
        // Another with a true overshoot, away from the origin: (5, 3), (45, 3), (45, 13), (5, 13)
        // peaks at t = ½ with x = 5 + 40·(3·¼·½ + 3·½·¼) = 5 + 30 = 35.
        let q = CGMutablePath()
        q.move(to: P(5, 3))
        q.addCurve(to: P(5, 13), control1: P(45, 3), control2: P(45, 13))
        XCTAssertEqual(q.boundingBoxOfPath.minX, 5)
        XCTAssertEqual(Double(q.boundingBoxOfPath.maxX), 35, accuracy: 1e-12)
        XCTAssertEqual(q.boundingBoxOfPath.height, 10)
    }

    func testEllipseAndRoundedRectBoxes() {
        let e = CGPath(ellipseIn: CGRect(x: 3, y: 4, width: 20, height: 10), transform: nil)
        let eb = e.boundingBoxOfPath
        for (a, b) in [(eb.minX, 3.0), (eb.minY, 4), (eb.maxX, 23), (eb.maxY, 14)] { XCTAssertEqual(Double(a), b, accuracy: 1e-9) }
        let r = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 20), cornerWidth: 5, cornerHeight: 5, transform: nil)
        XCTAssertEqual(r.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 30, height: 20))
        // Radii larger than half the sides are clamped: the sides' midpoints are on the path.
        let big = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 6), cornerWidth: 50, cornerHeight: 50, transform: nil)
        XCTAssertEqual(big.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 6))
        var t = CGAffineTransform(translationX: 1, y: 2)
        XCTAssertEqual(CGPath(rect: CGRect(x: 0, y: 0, width: 3, height: 3), transform: &t).boundingBox, CGRect(x: 1, y: 2, width: 3, height: 3))
    }

    /// Arcs: a cubic per quarter turn or less, with control arms 4/3·tan(θ/4) of the radius; such a
    /// cubic strays from the circle by at most about 2.7·10⁻⁴ of the radius (for a quarter turn).
    func testArcCubicsStayNearTheCircle() {
        for (start, end, clockwise, quarters) in [(0.0, Double.pi / 2, false, 1), (0.0, Double.pi / 2, true, 3), (0.3, 0.3 + 2 * Double.pi, false, 4),
                                                 (1.0, 0.5, false, 4), (1.0, 0.5, true, 1)] {
            let p = CGMutablePath()
            p.addArc(center: P(50, 40), radius: 25, startAngle: CGFloat(start), endAngle: CGFloat(end), clockwise: clockwise)
            let segs = p.segments
            XCTAssertEqual(segs.count, quarters, "\(start)→\(end) clockwise \(clockwise)")
            var worst = 0.0
            for s in segs { for k in 0...32 {
                let q = s.point(at: CGFloat(k) / 32)
                worst = max(worst, abs(Double(hypot(q.x - 50, q.y - 40)) - 25))
            } }
            XCTAssertLessThan(worst, 2.8e-4 * 25, "\(start)→\(end)")
            XCTAssertGreaterThan(worst, 1e-6, "a cubic is not exactly a circle (the check can fail)")
            // It ends at the end angle.
            XCTAssertEqual(Double(p.currentPoint.x), 50 + 25 * cos(end), accuracy: 1e-9)
            XCTAssertEqual(Double(p.currentPoint.y), 40 + 25 * sin(end), accuracy: 1e-9)
        }
        // Going the short way clockwise from 1 to 0.5 rad turns by −0.5 rad: the midpoint of the
        // one cubic is at angle 0.75 on the circle.
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 1, endAngle: 0.5, clockwise: true)
        let mid = p.segments[0].point(at: 0.5)
        XCTAssertEqual(Double(atan2(mid.y, mid.x)), 0.75, accuracy: 1e-12)
    }

    /// A tangent arc in a right-angled corner at (100, 0) between the lines from (0, 0) and to
    /// (100, 100), radius 10: it touches the first line at (90, 0) and the second at (100, 10), its
    /// centre is (90, 10), and it passes 45° round at (90 + 10/√2, 10 − 10/√2).
    func testTangentArcByHand() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(tangent1End: P(100, 0), tangent2End: P(100, 100), radius: 10)
        let segs = p.segments
        XCTAssertEqual(segs.first?.end, P(90, 0), "a line to the first tangent point")
        let arcs = segs.filter { $0.kind == .cubic }
        XCTAssertFalse(arcs.isEmpty)
        XCTAssertEqual(Double(arcs.first!.start.x), 90, accuracy: 1e-9); XCTAssertEqual(Double(arcs.first!.start.y), 0, accuracy: 1e-9)
        XCTAssertEqual(Double(arcs.last!.end.x), 100, accuracy: 1e-9); XCTAssertEqual(Double(arcs.last!.end.y), 10, accuracy: 1e-9)
        var nearest45 = Double.infinity
        for a in arcs { for k in 0...64 {
            let q = a.point(at: CGFloat(k) / 64)
            XCTAssertEqual(Double(hypot(q.x - 90, q.y - 10)), 10, accuracy: 3e-3, "on the circle about (90, 10)")
            nearest45 = min(nearest45, Double(hypot(q.x - (90 + 10 / 2.0.squareRoot()), q.y - (10 - 10 / 2.0.squareRoot()))))
        } }
        XCTAssertLessThan(nearest45, 0.2, "it passes the 45° point")
    }

    /// Flattening: every chord's midpoint lies within the tolerance of the curve (for a circle:
    /// r − distance to the centre ≤ tol, plus the cubic's own 2.7·10⁻⁴·r), and a finer tolerance
    /// gives more points.
    func testFlatteningStaysWithinTheTolerance() {
        var counts: [Int] = []
        for tol in [1.0, 0.25, 0.05, 0.01] {
            for r in [3.0, 40.0, 400.0] {
                let c = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), transform: nil)
                let poly = c.flattened(tolerance: CGFloat(tol))[0]
                var worst = 0.0
                for k in 0..<(poly.count - 1) {
                    let a = poly[k], b = poly[k + 1]
                    XCTAssertEqual(Double(hypot(a.x, a.y)), r, accuracy: 3e-4 * r, "vertices on the curve")
                    worst = max(worst, r - Double(hypot((a.x + b.x) / 2, (a.y + b.y) / 2)))
                }
                XCTAssertLessThanOrEqual(worst, tol + 3e-4 * r, "tolerance \(tol), radius \(r)")
                if r == 40 { counts.append(poly.count) }
            }
        }
        XCTAssertEqual(counts, counts.sorted(), "finer tolerance, more points: \(counts)")
        XCTAssertLessThan(counts[0], counts[3])
    }

    /// Segments: a closed subpath gets a closing line unless it already ends at its start; each
    /// move starts a subpath.
    func testSegmentsCloseSubpaths() {
        let p = CGMutablePath()
        p.addLines(between: [P(0, 0), P(4, 0), P(4, 3)])
        p.closeSubpath()
        p.addLines(between: [P(10, 10), P(12, 10), P(10, 10)])
        p.closeSubpath()
        let s = p.segments
        XCTAssertEqual(s.count, 5, "2 + a closing line, 2 (already closed)")
        XCTAssertEqual(s[2].start, P(4, 3)); XCTAssertEqual(s[2].end, P(0, 0))
        XCTAssertEqual(s.map(\.startsSubpath), [true, false, false, true, false])
        XCTAssertEqual(Double(s[0].length + s[1].length + s[2].length), 12, accuracy: 1e-12, "the 3-4-5 triangle's perimeter")
    }

    /// contains(_:using:transform:) tests the transformed path: the square (0…10)² scaled by 2
    /// contains (15, 15), the untransformed one does not.
    func testContainsAppliesTheTransform() {
        let sq = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertFalse(sq.contains(P(15, 15)))
        XCTAssertTrue(sq.contains(P(15, 15), transform: CGAffineTransform(scaleX: 2, y: 2)))
        XCTAssertFalse(sq.contains(P(-1, 5), transform: CGAffineTransform(scaleX: 2, y: 2)))
    }
}
