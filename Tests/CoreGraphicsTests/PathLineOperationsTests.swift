import XCTest
import CoreGraphics

/// `flattened(threshold:)`, `intersects(_:using:)`, `lineIntersection(_:using:)`,
/// `lineSubtracting(_:using:)` and `componentsSeparated(using:)` (Apple's since iOS 16), on
/// shapes whose answers are worked out by hand in the comments.
final class PathLineOperationsTests: XCTestCase {
    /// The subpaths of `path` as lists of points, with whether each is closed.
    private func subpaths(_ path: CGPath) -> [(points: [CGPoint], closed: Bool)] {
        var out: [(points: [CGPoint], closed: Bool)] = []
        path.applyWithBlock { e in
            let el = e.pointee
            switch el.type {
            case .moveToPoint: out.append(([el.points[0]], false))
            case .addLineToPoint: out[out.count - 1].points.append(el.points[0])
            case .closeSubpath: out[out.count - 1].closed = true
            default: XCTFail("only lines expected")
            }
        }
        return out
    }

    private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGPath { CGPath(rect: CGRect(x: x, y: y, width: w, height: h), transform: nil) }

    /// A circle of radius 10 flattened within 0.05: only lines, every point on the circle (the
    /// chords' ends), every chord's middle within 0.05 inside it, one closed subpath; a line and a
    /// move stay as they were.
    func testFlattenedReplacesCurvesWithLinesWithinTheThreshold() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let flat = circle.flattened(threshold: 0.05)
        let subs = subpaths(flat)
        XCTAssertEqual(subs.count, 1)
        XCTAssertTrue(subs[0].closed)
        let pts = subs[0].points
        XCTAssertGreaterThan(pts.count, 20)
        for (i, p) in pts.enumerated() {
            XCTAssertEqual(hypot(p.x, p.y), 10, accuracy: 0.01, "point \(i)")
            let q = pts[(i + 1) % pts.count]
            let mid = hypot((p.x + q.x) / 2, (p.y + q.y) / 2)
            XCTAssertGreaterThan(mid, 10 - 0.05 - 0.01, "chord \(i)")
        }
        let line = CGMutablePath(); line.move(to: CGPoint(x: 1, y: 2)); line.addLine(to: CGPoint(x: 3, y: 4))
        XCTAssertEqual(line.flattened(threshold: 0.1), line)
    }

    /// Overlapping squares intersect, squares apart or only touching do not; a small square in the
    /// hole of two nested same-direction squares intersects under the winding rule (the hole is
    /// filled) and not under even-odd.
    func testIntersectsAsksWhetherTheFilledAreasOverlap() {
        XCTAssertTrue(rect(0, 0, 4, 4).intersects(rect(3, 3, 4, 4)))
        XCTAssertFalse(rect(0, 0, 4, 4).intersects(rect(5, 0, 4, 4)))
        XCTAssertFalse(rect(0, 0, 4, 4).intersects(rect(4, 0, 4, 4)), "touching")
        let nested = CGMutablePath()
        nested.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        nested.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        XCTAssertTrue(nested.intersects(rect(4, 4, 1, 1), using: .winding))
        XCTAssertFalse(nested.intersects(rect(4, 4, 1, 1), using: .evenOdd))
    }

    /// The line (0, 5) → (10, 5) against the square x 2…6: inside it is (2, 5) → (6, 5); outside,
    /// (0, 5) → (2, 5) and (6, 5) → (10, 5). A closed square wholly outside stays closed.
    func testLineIntersectionAndSubtractingCutALineAtTheArea() {
        let line = CGMutablePath(); line.move(to: CGPoint(x: 0, y: 5)); line.addLine(to: CGPoint(x: 10, y: 5))
        let area = rect(2, 0, 4, 10)
        let inside = subpaths(line.lineIntersection(area))
        XCTAssertEqual(inside.map(\.points), [[CGPoint(x: 2, y: 5), CGPoint(x: 6, y: 5)]])
        let outside = subpaths(line.lineSubtracting(area))
        XCTAssertEqual(outside.map(\.points), [[CGPoint(x: 0, y: 5), CGPoint(x: 2, y: 5)], [CGPoint(x: 6, y: 5), CGPoint(x: 10, y: 5)]])
        XCTAssertTrue(outside.allSatisfy { !$0.closed })
        let far = subpaths(rect(20, 20, 2, 2).lineSubtracting(area))
        XCTAssertEqual(far.count, 1)
        XCTAssertTrue(far[0].closed)
        XCTAssertTrue(rect(20, 20, 2, 2).lineIntersection(area).isEmpty)
    }

    /// Two squares apart, a ring (a square with a square hole, even-odd) and an island in the
    /// ring's hole: four pieces; the ring's piece holds two outlines (area 100 − 36 = 64), each
    /// other piece one (areas 4, 4, 1).
    func testComponentsSeparatedGivesEachPieceWithItsHoles() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        p.addRect(CGRect(x: 4, y: 4, width: 1, height: 1))
        p.addRect(CGRect(x: 20, y: 0, width: 2, height: 2))
        p.addRect(CGRect(x: 30, y: 0, width: 2, height: 2))
        let pieces = p.componentsSeparated(using: .evenOdd)
        XCTAssertEqual(pieces.count, 4)
        func area(_ path: CGPath) -> CGFloat {
            subpaths(path).reduce(0) { sum, s in
                let r = s.points
                var a: CGFloat = 0
                for i in 0..<r.count { let q = r[(i + 1) % r.count]; a += r[i].x * q.y - q.x * r[i].y }
                return sum + a / 2
            }
        }
        let summary = pieces.map { (outlines: subpaths($0).count, area: area($0)) }.sorted { $0.area < $1.area }
        XCTAssertEqual(summary.map(\.outlines), [1, 1, 1, 2])
        for (s, want) in zip(summary, [1.0, 4, 4, 64]) { XCTAssertEqual(s.area, want, accuracy: 1e-6) }
    }
}
