import XCTest
import CoreGraphics

final class PathTests: XCTestCase {
    func testBuildingCommands() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.addQuadCurve(to: CGPoint(x: 10, y: 10), control: CGPoint(x: 20, y: 5))
        p.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 5, y: 15), control2: CGPoint(x: 2, y: 12))
        p.closeSubpath()
        XCTAssertEqual(p.commands.count, 5)
        XCTAssertEqual(p.currentPoint, .zero, "a close returns to the subpath start")
        var types: [CGPathElementType] = []
        p.applyWithBlock { types.append($0.pointee.type) }
        XCTAssertEqual(types, [.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        let r = CGMutablePath()
        r.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(r.commands, [.move(to: CGPoint(x: 1, y: 2)), .addLine(to: CGPoint(x: 4, y: 2)), .addLine(to: CGPoint(x: 4, y: 6)), .addLine(to: CGPoint(x: 1, y: 6)), .closeSubpath])
        XCTAssertEqual(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil), r)
        XCTAssertTrue(CGMutablePath().isEmpty)
    }

    func testArcsLieOnTheCircleInBothDirections() {
        for clockwise in [false, true] {
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            for s in p.segments {
                for i in 0...10 {
                    let q = s.point(at: CGFloat(i) / 10)
                    XCTAssertEqual(Double(hypot(q.x - 50, q.y - 50)), 20, accuracy: 0.01)
                }
            }
            XCTAssertEqual(Double(p.currentPoint.x), 50, accuracy: 1e-9)
            XCTAssertEqual(Double(p.currentPoint.y), 70, accuracy: 1e-9)
            // Increasing angle sweeps a quarter; clockwise the other three quarters.
            let length = p.segments.reduce(0) { $0 + Double($1.length) }
            XCTAssertEqual(length, clockwise ? 3 * .pi * 10 : .pi * 10, accuracy: 0.05, "within the cubic approximation's error")
        }
    }

    func testTangentArc() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 10)
        XCTAssertEqual(Double(p.currentPoint.x), 100, accuracy: 1e-6)
        XCTAssertEqual(Double(p.currentPoint.y), 10, accuracy: 1e-6)
    }

    func testBoundingBoxes() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        XCTAssertEqual(p.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(Double(p.boundingBoxOfPath.height), 75, accuracy: 1e-9, "the curve's peak is at 3/4 of the control height")
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
    }

    func testContainsWindingVersusEvenOdd() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        XCTAssertTrue(p.contains(CGPoint(x: 50, y: 50), using: .winding))
        XCTAssertFalse(p.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        XCTAssertTrue(p.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        XCTAssertFalse(p.contains(CGPoint(x: 150, y: 50)))
        let e = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        XCTAssertFalse(e.contains(CGPoint(x: 3, y: 3)))
        XCTAssertTrue(e.contains(CGPoint(x: 50, y: 2)))
    }

    func testSegmentLengthsAndInverse() {
        let quarter = CGMutablePath()
        quarter.addRelativeArc(center: .zero, radius: 100, startAngle: 0, delta: .pi / 2)
        XCTAssertEqual(Double(quarter.segments[0].length), 157.0796, accuracy: 0.05, "the cubic approximates the arc to 3e-4")
        let line = CGPathSegment(lineFrom: .zero, to: CGPoint(x: 3, y: 4))
        XCTAssertEqual(line.length, 5)
        let s = quarter.segments[0]
        for target in [10.0, 50.0, 120.0] {
            let t = s.parameter(atLength: CGFloat(target))
            XCTAssertEqual(Double(s.length(to: t)), target, accuracy: 1e-4)
        }
    }

    func testFlattenedStaysWithinTolerance() {
        let p = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
        let polys = p.flattened(tolerance: 0.1)
        XCTAssertEqual(polys.count, 1)
        XCTAssertEqual(polys[0].first, polys[0].last, "a closed subpath repeats its first point")
        for i in 0..<(polys[0].count - 1) {
            let a = polys[0][i], b = polys[0][i + 1]
            let mid = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            XCTAssertLessThan(100 - Double(hypot(mid.x - 100, mid.y - 100)), 0.15)
        }
    }

    func testTransformedCopies() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        var t = CGAffineTransform(translationX: 5, y: 5)
        let q = p.copy(using: &t)!
        XCTAssertEqual(q.boundingBox, CGRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(p.applying(t), q)
        XCTAssertEqual(p.mutableCopy()?.commands, p.commands)
    }
}
