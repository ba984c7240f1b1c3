import XCTest
import Foundation
import CoreGraphics
import LaminaRandom

/// CGPath's boolean operations (union, intersection, subtracting, symmetricDifference,
/// normalized), checked by areas worked out by hand and, on random polygons, by the identities
/// between them and by point membership against the operands' own `contains`.
final class PathBooleanTests: XCTestCase {
    /// The area a result fills: the sum of its contours' signed areas (outlines and holes wind
    /// opposite ways), each contour's points from the path's commands.
    private func area(_ path: CGPath) -> Double {
        contours(path).reduce(0) { sum, c in
            var a = 0.0
            for k in c.indices {
                let p = c[k], q = c[(k + 1) % c.count]
                a += Double(p.x * q.y - q.x * p.y)
            }
            return sum + a / 2
        }
    }

    private func contours(_ path: CGPath) -> [[CGPoint]] {
        var out: [[CGPoint]] = [], cur: [CGPoint] = []
        for c in path.commands {
            switch c {
            case .move(let p): if !cur.isEmpty { out.append(cur) }; cur = [p]
            case .addLine(let p): cur.append(p)
            case .closeSubpath: out.append(cur); cur = []
            default: XCTFail("a boolean result has only lines: \(c)")
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath { CGPath(rect: CGRect(x: x, y: y, width: w, height: h), transform: nil) }

    /// Two 100 × 100 squares overlapping in a 50 × 50 corner: union 2·10000 − 2500, intersection
    /// 2500, difference 10000 − 2500, exclusive or 17500 − 2500.
    func testOverlappingRects() {
        let a = rect(0, 0, 100, 100), b = rect(50, 50, 100, 100)
        XCTAssertEqual(area(a.union(b)), 17_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.intersection(b)), 2_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.subtracting(b)), 7_500, accuracy: 1e-6)
        XCTAssertEqual(area(b.subtracting(a)), 7_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.symmetricDifference(b)), 15_000, accuracy: 1e-6)
        // The union is one outline of 8 corners: (0,0) (100,0) (100,50) (150,50) (150,150) (50,150) (50,100) (0,100).
        let u = contours(a.union(b))
        XCTAssertEqual(u.count, 1)
        XCTAssertEqual(u.first?.count, 8)
        XCTAssertTrue(a.union(b).contains(CGPoint(x: 120, y: 120)))
        XCTAssertFalse(a.union(b).contains(CGPoint(x: 120, y: 20)))
        XCTAssertFalse(a.subtracting(b).contains(CGPoint(x: 75, y: 75)))
        XCTAssertTrue(a.subtracting(b).contains(CGPoint(x: 25, y: 75)))
    }

    /// A circle of radius 50 centred on (50, 50) and the square x 50...150, y 0...100, which holds
    /// the circle's right half: intersection π·50²/2, union 10000 + π·50²/2, circle less square
    /// π·50²/2, exclusive or 10000. Curves are flattened within 0.01 and the circle is a 4-curve
    /// approximation, so areas agree within a few units (0.1 %).
    func testCircleAndRect() {
        let c = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil), r = rect(50, 0, 100, 100)
        let half = Double.pi * 2_500 / 2
        XCTAssertEqual(area(c.intersection(r)), half, accuracy: 5)
        XCTAssertEqual(area(c.union(r)), 10_000 + half, accuracy: 5)
        XCTAssertEqual(area(c.subtracting(r)), half, accuracy: 5)
        XCTAssertEqual(area(r.subtracting(c)), 10_000 - half, accuracy: 5)
        XCTAssertEqual(area(c.symmetricDifference(r)), 10_000, accuracy: 5)
        XCTAssertTrue(c.intersection(r).contains(CGPoint(x: 75, y: 50)))
        XCTAssertFalse(c.intersection(r).contains(CGPoint(x: 25, y: 50)))
        XCTAssertFalse(c.intersection(r).contains(CGPoint(x: 95, y: 5)), "outside the circle, in the square's corner")
    }

    /// Squares sharing the edge x = 100: their union is one 200 × 100 rectangle (4 corners, the
    /// shared edge gone), they do not intersect; a square and its lower half share three edges.
    func testCoincidentEdges() {
        let a = rect(0, 0, 100, 100), b = rect(100, 0, 100, 100)
        let u = a.union(b)
        XCTAssertEqual(area(u), 20_000, accuracy: 1e-6)
        XCTAssertEqual(contours(u).map(\.count), [4])
        XCTAssertTrue(a.intersection(b).isEmpty)
        XCTAssertEqual(area(a.subtracting(b)), 10_000, accuracy: 1e-6)
        XCTAssertEqual(area(a.symmetricDifference(b)), 20_000, accuracy: 1e-6)
        let half = rect(0, 0, 100, 50)
        XCTAssertEqual(area(a.union(half)), 10_000, accuracy: 1e-6)
        XCTAssertEqual(area(a.intersection(half)), 5_000, accuracy: 1e-6)
        XCTAssertEqual(area(a.subtracting(half)), 5_000, accuracy: 1e-6)
        XCTAssertTrue(half.subtracting(a).isEmpty)
        XCTAssertEqual(area(a.subtracting(a)), 0, accuracy: 1e-6)
        XCTAssertEqual(area(a.union(a)), 10_000, accuracy: 1e-6)
    }

    /// A 50 × 50 square inside a 100 × 100 one: the difference is a ring (an outline and a hole).
    func testOneInsideTheOther() {
        let outer = rect(0, 0, 100, 100), inner = rect(25, 25, 50, 50)
        XCTAssertEqual(area(outer.union(inner)), 10_000, accuracy: 1e-6)
        XCTAssertEqual(area(outer.intersection(inner)), 2_500, accuracy: 1e-6)
        let ring = outer.subtracting(inner)
        XCTAssertEqual(area(ring), 7_500, accuracy: 1e-6)
        XCTAssertEqual(contours(ring).count, 2)
        XCTAssertFalse(ring.contains(CGPoint(x: 50, y: 50)))
        XCTAssertFalse(ring.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        XCTAssertTrue(ring.contains(CGPoint(x: 10, y: 50)))
        XCTAssertTrue(inner.subtracting(outer).isEmpty)
        XCTAssertEqual(area(inner.symmetricDifference(outer)), 7_500, accuracy: 1e-6)
    }

    /// Disjoint squares: two outlines in the union, nothing in the intersection; an empty path
    /// leaves the other operand as it is.
    func testDisjointAndEmpty() {
        let a = rect(0, 0, 10, 10), b = rect(20, 0, 10, 10)
        XCTAssertEqual(area(a.union(b)), 200, accuracy: 1e-9)
        XCTAssertEqual(contours(a.union(b)).count, 2)
        XCTAssertTrue(a.intersection(b).isEmpty)
        XCTAssertEqual(area(a.subtracting(b)), 100, accuracy: 1e-9)
        let empty = CGMutablePath()
        XCTAssertEqual(area(a.union(empty)), 100, accuracy: 1e-9)
        XCTAssertTrue(a.intersection(empty).isEmpty)
        XCTAssertTrue(empty.subtracting(a).isEmpty)
        XCTAssertTrue(empty.union(empty).isEmpty)
    }

    /// The fill rule reads each operand: two overlapping squares in one path fill 15000 by the
    /// non-zero rule and 10000 by even-odd (the overlap left out); a square with a reversed square
    /// inside is a ring by either rule.
    func testFillRules() {
        let two = CGMutablePath()
        two.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        two.addRect(CGRect(x: 50, y: 0, width: 100, height: 100))
        XCTAssertEqual(area(two.normalized(using: .winding)), 15_000, accuracy: 1e-6)
        XCTAssertEqual(area(two.normalized(using: .evenOdd)), 10_000, accuracy: 1e-6)
        // Intersected with the overlap's column: all of it (non-zero) or none (even-odd).
        let column = rect(60, 10, 20, 20)
        XCTAssertEqual(area(two.intersection(column, using: .winding)), 400, accuracy: 1e-6)
        XCTAssertTrue(two.intersection(column, using: .evenOdd).isEmpty)
        let ring = CGMutablePath()
        ring.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)])
        ring.closeSubpath()
        ring.addLines(between: [CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        ring.closeSubpath()
        XCTAssertEqual(area(ring.normalized(using: .winding)), 7_500, accuracy: 1e-6)
        XCTAssertEqual(area(ring.normalized(using: .evenOdd)), 7_500, accuracy: 1e-6)
    }

    /// `lamina_combined` computes what the named methods compute, or nil past its step budget: two
    /// overlapping squares are 8 edges (8 steps before any pair is tested); a zigzag of 200 teeth
    /// across a square crosses it 400 times.
    func testStepBudget() {
        let a = rect(0, 0, 100, 100), b = rect(50, 50, 100, 100)
        XCTAssertEqual(area(a.lamina_combined(.union, with: b, maximumSteps: 100_000) ?? CGMutablePath()), 17_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.lamina_combined(.subtracting, with: b, maximumSteps: 100_000) ?? CGMutablePath()), 7_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.lamina_combined(.intersection, with: b, maximumSteps: 100_000) ?? CGMutablePath()), 2_500, accuracy: 1e-6)
        XCTAssertEqual(area(a.lamina_combined(.symmetricDifference, with: b, maximumSteps: 100_000) ?? CGMutablePath()), 15_000, accuracy: 1e-6)
        XCTAssertNil(a.lamina_combined(.union, with: b, maximumSteps: 7))
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: -10, y: 50))
        for k in 0..<200 { zigzag.addLine(to: CGPoint(x: Double(k) * 0.5, y: k % 2 == 0 ? -10 : 110)) }
        zigzag.closeSubpath()
        XCTAssertNil(a.lamina_combined(.intersection, with: zigzag, maximumSteps: 400))
        XCTAssertNotNil(a.lamina_combined(.intersection, with: zigzag, maximumSteps: 1_000_000))
    }

    /// Random polygons (self-crossing, with vertices on a coarse grid so that edges and vertices
    /// often coincide, and without): area(A ∪ B) = area(A) + area(B) − area(A ∩ B),
    /// area(A − B) = area(A) − area(A ∩ B), area(A ⊕ B) = area(A ∪ B) − area(A ∩ B), with
    /// area(X) the area of X normalized; and at random points each result contains exactly the
    /// points the operation keeps by the operands' own `contains`.
    func testRandomPolygons() {
        var rng = SplitMix64(seed: 0x5EED_B001)
        for round in 0..<60 {
            let coarse = round % 2 == 0
            func polygon() -> CGPath {
                let p = CGMutablePath()
                let n = rng.int(3...9)
                var pts: [CGPoint] = []
                for _ in 0..<n {
                    var x = rng.double(0, 100), y = rng.double(0, 100)
                    if coarse { x = (x / 10).rounded() * 10; y = (y / 10).rounded() * 10 }
                    pts.append(CGPoint(x: x, y: y))
                }
                p.addLines(between: pts)
                p.closeSubpath()
                if rng.chance(0.3) { p.addRect(CGRect(x: rng.double(0, 60), y: rng.double(0, 60), width: 30, height: 30)) }
                return p
            }
            let a = polygon(), b = polygon()
            for rule in [CGPathFillRule.winding, .evenOdd] {
                let areaA = area(a.normalized(using: rule)), areaB = area(b.normalized(using: rule))
                let u = a.union(b, using: rule), i = a.intersection(b, using: rule)
                let d = a.subtracting(b, using: rule), x = a.symmetricDifference(b, using: rule)
                let tol = 1e-5
                XCTAssertEqual(area(u), areaA + areaB - area(i), accuracy: tol, "round \(round) \(rule)")
                XCTAssertEqual(area(d), areaA - area(i), accuracy: tol, "round \(round) \(rule)")
                XCTAssertEqual(area(x), area(u) - area(i), accuracy: tol, "round \(round) \(rule)")
                XCTAssertGreaterThanOrEqual(area(i), -tol)
                for _ in 0..<40 {
                    let p = CGPoint(x: rng.double(-5, 105), y: rng.double(-5, 105))
                    let inA = a.contains(p, using: rule), inB = b.contains(p, using: rule)
                    XCTAssertEqual(u.contains(p), inA || inB, "round \(round) \(rule) union at \(p)")
                    XCTAssertEqual(i.contains(p), inA && inB, "round \(round) \(rule) intersection at \(p)")
                    XCTAssertEqual(d.contains(p), inA && !inB, "round \(round) \(rule) difference at \(p)")
                    XCTAssertEqual(x.contains(p, using: .evenOdd), inA != inB, "round \(round) \(rule) xor at \(p)")
                }
            }
        }
    }
}
