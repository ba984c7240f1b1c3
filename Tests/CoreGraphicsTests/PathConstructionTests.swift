import XCTest
import CoreGraphics

/// The exact elements CGMutablePath's shape builders add, worked out by hand. Quarter circles and
/// ellipse quarters are cubics with handles k·r long, k = 4(√2 − 1)/3 (the standard constant,
/// 4/3·tan(π/8)).
final class PathConstructionTests: XCTestCase {
    private let k: CGFloat = 4 * (2.0.squareRoot() - 1) / 3

    private func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    private func assertCommands(_ a: [CGPathCommand], _ b: [CGPathCommand], _ tol: CGFloat = 1e-9, _ msg: String = "",
                                file: StaticString = #filePath, line: UInt = #line) {
        func flat(_ cs: [CGPathCommand]) -> (String, [CGFloat]) {
            var k = "", v: [CGFloat] = []
            for c in cs {
                switch c {
                case .move(let p): k += "m"; v += [p.x, p.y]
                case .addLine(let p): k += "l"; v += [p.x, p.y]
                case .addQuadCurve(let p, let c1): k += "q"; v += [p.x, p.y, c1.x, c1.y]
                case .addCurve(let p, let c1, let c2): k += "c"; v += [p.x, p.y, c1.x, c1.y, c2.x, c2.y]
                case .closeSubpath: k += "z"
                }
            }
            return (k, v)
        }
        let (ka, va) = flat(a), (kb, vb) = flat(b)
        XCTAssertEqual(ka, kb, msg, file: file, line: line)
        guard va.count == vb.count else { return XCTFail("\(a) vs \(b) \(msg)", file: file, line: line) }
        for (x, y) in zip(va, vb) where abs(x - y) > tol {
            XCTFail("\(a) vs \(b) \(msg)", file: file, line: line)
            return
        }
    }

    func testEllipse() {
        // In (10, 20, 40, 60): centre (30, 50), radii 20 and 30; from the right, through +y first.
        let p = CGMutablePath()
        p.addEllipse(in: CGRect(x: 10, y: 20, width: 40, height: 60))
        assertCommands(p.commands, [
            .move(to: P(50, 50)),
            .addCurve(to: P(30, 80), control1: P(50, 50 + 30 * k), control2: P(30 + 20 * k, 80)),
            .addCurve(to: P(10, 50), control1: P(30 - 20 * k, 80), control2: P(10, 50 + 30 * k)),
            .addCurve(to: P(30, 20), control1: P(10, 50 - 30 * k), control2: P(30 - 20 * k, 20)),
            .addCurve(to: P(50, 50), control1: P(30 + 20 * k, 20), control2: P(50, 50 - 30 * k)),
            .closeSubpath,
        ])
        // A rectangle given with a negative size is standardized first.
        let q = CGMutablePath()
        q.addEllipse(in: CGRect(x: 50, y: 80, width: -40, height: -60))
        assertCommands(q.commands, p.commands)
    }

    private func roundedRect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ cw: CGFloat, _ ch: CGFloat) -> [CGPathCommand] {
        let (x1, y1) = (x + w, y + h)
        return [
            .move(to: P(x + cw, y)),
            .addLine(to: P(x1 - cw, y)),
            .addCurve(to: P(x1, y + ch), control1: P(x1 - cw + cw * k, y), control2: P(x1, y + ch - ch * k)),
            .addLine(to: P(x1, y1 - ch)),
            .addCurve(to: P(x1 - cw, y1), control1: P(x1, y1 - ch + ch * k), control2: P(x1 - cw + cw * k, y1)),
            .addLine(to: P(x + cw, y1)),
            .addCurve(to: P(x, y1 - ch), control1: P(x + cw - cw * k, y1), control2: P(x, y1 - ch + ch * k)),
            .addLine(to: P(x, y + ch)),
            .addCurve(to: P(x + cw, y), control1: P(x, y + ch - ch * k), control2: P(x + cw - cw * k, y)),
            .closeSubpath,
        ]
    }

    func testRoundedRectangle() {
        let rect = CGRect(x: 10, y: 20, width: 40, height: 60)
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: 5, cornerHeight: 8)
        // Spelled out for the first corner: (45, 20) to (50, 28), handles (45 + 5k, 20) and (50, 28 − 8k).
        assertCommands(Array(p.commands.prefix(3)), [.move(to: P(15, 20)), .addLine(to: P(45, 20)),
                                                      .addCurve(to: P(50, 28), control1: P(45 + 5 * k, 20), control2: P(50, 28 - 8 * k))])
        assertCommands(p.commands, roundedRect(10, 20, 40, 60, 5, 8))
        // Small radii still round (a 2 × 1 corner).
        let small = CGMutablePath()
        small.addRoundedRect(in: rect, cornerWidth: 2, cornerHeight: 1)
        assertCommands(small.commands, roundedRect(10, 20, 40, 60, 2, 1))
        // Radii are clamped to half the sides: 20 and 30 here.
        let big = CGMutablePath()
        big.addRoundedRect(in: rect, cornerWidth: 100, cornerHeight: 100)
        assertCommands(big.commands, roundedRect(10, 20, 40, 60, 20, 30))
        // A zero (or negative) radius in either direction gives the plain rectangle.
        let square: [CGPathCommand] = [.move(to: P(10, 20)), .addLine(to: P(50, 20)), .addLine(to: P(50, 80)), .addLine(to: P(10, 80)), .closeSubpath]
        for (cw, ch) in [(CGFloat(0), CGFloat(8)), (5, 0), (-5, 8), (5, -1)] {
            let r = CGMutablePath()
            r.addRoundedRect(in: rect, cornerWidth: cw, cornerHeight: ch)
            assertCommands(r.commands, square, 1e-9, "corner \(cw) × \(ch)")
        }
        let flipped = CGMutablePath()
        flipped.addRoundedRect(in: CGRect(x: 50, y: 80, width: -40, height: -60), cornerWidth: 5, cornerHeight: 8)
        assertCommands(flipped.commands, roundedRect(10, 20, 40, 60, 5, 8))
        XCTAssertEqual(CGPath(roundedRect: rect, cornerWidth: 5, cornerHeight: 8, transform: nil).commands, p.commands)
    }

    func testBuildersApplyTheirTransform() {
        // Scale by 2, then move by (1, −1): (x, y) ↦ (2x + 1, 2y − 1).
        let t = CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: -1)
        let p = CGMutablePath()
        p.addRect(CGRect(x: 1, y: 2, width: 3, height: 4), transform: t)
        assertCommands(p.commands, [.move(to: P(3, 3)), .addLine(to: P(9, 3)), .addLine(to: P(9, 11)), .addLine(to: P(3, 11)), .closeSubpath])
        let e = CGMutablePath()
        e.addEllipse(in: CGRect(x: 0, y: 0, width: 2, height: 2), transform: t)
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 1, y: -1, width: 4, height: 4))
        assertCommands(e.commands, circle.commands)
        let lines = CGMutablePath()
        lines.addLines(between: [P(0, 0), P(1, 0), P(1, 1)], transform: t)
        assertCommands(lines.commands, [.move(to: P(1, -1)), .addLine(to: P(3, -1)), .addLine(to: P(3, 1))])
        let rects = CGMutablePath()
        rects.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 2, width: 1, height: 1)], transform: t)
        XCTAssertEqual(rects.commands.count, 10)
        assertCommands(Array(rects.commands.suffix(5)), [.move(to: P(5, 3)), .addLine(to: P(7, 3)), .addLine(to: P(7, 5)), .addLine(to: P(5, 5)), .closeSubpath])
    }

    func testArcsAreQuarterCubics() {
        // Centre (10, 10), radius 5, 0 to π/2 increasing: one quarter from (15, 10) to (10, 15).
        let p = CGMutablePath()
        p.addArc(center: P(10, 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        assertCommands(p.commands, [.move(to: P(15, 10)), .addCurve(to: P(10, 15), control1: P(15, 10 + 5 * k), control2: P(10 + 5 * k, 15))])
        // Clockwise (decreasing angle) the other way round: three quarters through (10, 5) and (5, 10).
        let q = CGMutablePath()
        q.addArc(center: P(10, 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        assertCommands(q.commands, [
            .move(to: P(15, 10)),
            .addCurve(to: P(10, 5), control1: P(15, 10 - 5 * k), control2: P(10 + 5 * k, 5)),
            .addCurve(to: P(5, 10), control1: P(10 - 5 * k, 5), control2: P(5, 10 - 5 * k)),
            .addCurve(to: P(10, 15), control1: P(5, 10 + 5 * k), control2: P(10 - 5 * k, 15)),
        ])
        // More than a full turn is one full turn; after other elements the arc is joined by a line.
        let r = CGMutablePath()
        r.move(to: P(0, 0))
        r.addArc(center: P(10, 10), radius: 5, startAngle: .pi, endAngle: 5 * .pi, clockwise: false)
        XCTAssertEqual(r.commands.count, 6)
        assertCommands(Array(r.commands.prefix(2)), [.move(to: P(0, 0)), .addLine(to: P(5, 10))])
        XCTAssertEqual(Double(r.currentPoint.x), 5, accuracy: 1e-9); XCTAssertEqual(Double(r.currentPoint.y), 10, accuracy: 1e-9)
        // From 3π/2 to π/2 decreasing: a half turn through angle π, the point (5, 10).
        let s = CGMutablePath()
        s.addArc(center: P(10, 10), radius: 5, startAngle: 3 * .pi / 2, endAngle: .pi / 2, clockwise: true)
        assertCommands(s.commands, [
            .move(to: P(10, 5)),
            .addCurve(to: P(5, 10), control1: P(10 - 5 * k, 5), control2: P(5, 10 - 5 * k)),
            .addCurve(to: P(10, 15), control1: P(5, 10 + 5 * k), control2: P(10 - 5 * k, 15)),
        ])
        // After a close, an arc starts a new subpath.
        let t = CGMutablePath()
        t.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        t.addRelativeArc(center: P(10, 10), radius: 5, startAngle: 0, delta: .pi / 2)
        assertCommands(Array(t.commands.suffix(2)), [.move(to: P(15, 10)), .addCurve(to: P(10, 15), control1: P(15, 10 + 5 * k), control2: P(10 + 5 * k, 15))])
        // Non-finite arcs add nothing.
        let u = CGMutablePath()
        u.addRelativeArc(center: P(10, 10), radius: .nan, startAngle: 0, delta: 1)
        u.addRelativeArc(center: P(10, 10), radius: 5, startAngle: .infinity, delta: 1)
        u.addRelativeArc(center: P(10, 10), radius: 5, startAngle: 0, delta: .nan)
        XCTAssertTrue(u.isEmpty)
    }

    /// Tangent arcs in corners that are not axis-aligned. From (0, 0) to the corner (40, 30), then on
    /// at a right angle (either way): the first tangent point is 10 back along the first line,
    /// (32, 24); the arc of radius 10 is one quarter cubic.
    func testTangentArcsInTiltedCorners() {
        // Turning left (towards (10, 70)): second tangent point (34, 38), centre (26, 32).
        let left = CGMutablePath()
        left.move(to: P(0, 0))
        left.addArc(tangent1End: P(40, 30), tangent2End: P(10, 70), radius: 10)
        assertCommands(left.commands, [.move(to: P(0, 0)), .addLine(to: P(32, 24)),
                                       .addCurve(to: P(34, 38), control1: P(32 + 8 * k, 24 + 6 * k), control2: P(34 + 6 * k, 38 - 8 * k))])
        // Turning right (towards (70, −10)): second tangent point (46, 22), centre (38, 16).
        let right = CGMutablePath()
        right.move(to: P(0, 0))
        right.addArc(tangent1End: P(40, 30), tangent2End: P(70, -10), radius: 10)
        assertCommands(right.commands, [.move(to: P(0, 0)), .addLine(to: P(32, 24)),
                                        .addCurve(to: P(46, 22), control1: P(32 + 8 * k, 24 + 6 * k), control2: P(46 - 6 * k, 22 + 8 * k))])
        // Straight on, or a zero radius: just a line to the corner.
        let straight = CGMutablePath()
        straight.move(to: P(0, 0))
        straight.addArc(tangent1End: P(40, 30), tangent2End: P(80, 60), radius: 10)
        assertCommands(straight.commands, [.move(to: P(0, 0)), .addLine(to: P(40, 30))])
        let zero = CGMutablePath()
        zero.move(to: P(0, 0))
        zero.addArc(tangent1End: P(40, 30), tangent2End: P(10, 70), radius: 0)
        assertCommands(zero.commands, [.move(to: P(0, 0)), .addLine(to: P(40, 30))])
    }

    func testDefaultValues() {
        XCTAssertEqual(CGVector(), CGVector(dx: 0, dy: 0))
        XCTAssertEqual(CGVector.zero.dx, 0); XCTAssertEqual(CGVector.zero.dy, 0)
        XCTAssertEqual(CGVector(dx: 1.5, dy: -2.5), CGVector(dx: CGFloat(1.5), dy: CGFloat(-2.5)))
        XCTAssertEqual(CGVector(dx: 3, dy: -4).dy, -4)
        XCTAssertEqual(CGVector(dx: Int(3), dy: Int(-4)), CGVector(dx: CGFloat(3), dy: CGFloat(-4)))
    }
}
