import XCTest
@testable import CoreGraphics

/// Points, derivatives, lengths and bounds of single segments, against the Bernstein forms worked
/// out by hand: a quadratic is u²P0 + 2utC + t²P1 (u = 1 − t), with derivative 2u(C − P0) + 2t(P1 − C);
/// a cubic is u³P0 + 3u²tC1 + 3ut²C2 + t³P1, with derivative 3u²(C1 − P0) + 6ut(C2 − C1) + 3t²(P1 − C2).
final class SegmentEvaluationTests: XCTestCase {
    private func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    private let quad = CGPathSegment(from: CGPoint(x: 2, y: 4), command: .addQuadCurve(to: CGPoint(x: 30, y: 40), control: CGPoint(x: 10, y: 20)))!
    private let cubic = CGPathSegment(from: CGPoint(x: 2, y: 4), command: .addCurve(to: CGPoint(x: 40, y: 8), control1: CGPoint(x: 10, y: 20), control2: CGPoint(x: 30, y: -12)))!

    func testQuadraticPointsAndDerivatives() {
        XCTAssertEqual(quad.kind, .quad)
        XCTAssertEqual(quad.control2, quad.control1)
        // t = 1/4: 9/16·(2, 4) + 6/16·(10, 20) + 1/16·(30, 40) = (1.125 + 3.75 + 1.875, 2.25 + 7.5 + 2.5).
        XCTAssertEqual(quad.point(at: 0.25), P(6.75, 12.25))
        XCTAssertEqual(quad.point(at: 0), P(2, 4))
        XCTAssertEqual(quad.point(at: 1), P(30, 40))
        // Derivative at 1/4: 1.5·(8, 16) + 0.5·(20, 20) = (22, 34).
        XCTAssertEqual(quad.derivative(at: 0.25), CGVector(dx: 22, dy: 34))
        XCTAssertEqual(quad.derivative(at: 1), CGVector(dx: 40, dy: 40))
        XCTAssertEqual(quad.command, .addQuadCurve(to: P(30, 40), control: P(10, 20)))
    }

    func testCubicPointsAndDerivatives() {
        // t = 1/2: (P0 + 3C1 + 3C2 + P1)/8 = ((2 + 30 + 90 + 40)/8, (4 + 60 − 36 + 8)/8).
        XCTAssertEqual(cubic.point(at: 0.5), P(20.25, 4.5))
        // t = 1/4: 27/64·P0 + 27/64·C1 + 9/64·C2 + 1/64·P1.
        XCTAssertEqual(cubic.point(at: 0.25), P((54 + 270 + 270 + 40) / 64, (108 + 540 - 108 + 8) / 64))
        // Derivative at 1/2: 0.75·(8, 16) + 1.5·(20, −32) + 0.75·(10, 20) = (43.5, −21).
        XCTAssertEqual(cubic.derivative(at: 0.5), CGVector(dx: 43.5, dy: -21))
        XCTAssertEqual(cubic.derivative(at: 0), CGVector(dx: 24, dy: 48))
        XCTAssertEqual(cubic.derivative(at: 1), CGVector(dx: 30, dy: 60))
        let line = CGPathSegment(lineFrom: P(1, 2), to: P(4, 6))
        XCTAssertEqual(line.point(at: 0.25), P(1.75, 3))
        XCTAssertEqual(line.derivative(at: 0.7), CGVector(dx: 3, dy: 4))
        XCTAssertEqual(line.length(to: 0.5), 2.5)
        XCTAssertEqual(line.parameter(atLength: 1), 0.2)
        XCTAssertEqual(line.parameter(atLength: -1), 0)
        XCTAssertEqual(line.parameter(atLength: 9), 1)
        XCTAssertEqual(CGPathSegment(lineFrom: P(1, 1), to: P(1, 1)).parameter(atLength: 1), 0, "no length")
    }

    func testLengthsOfCurvesInClosedForm() {
        // A quadratic whose control point is the midpoint is the straight line, traversed at
        // constant speed: length 50 for (0, 0) → (30, 40).
        let straight = CGPathSegment(from: .zero, command: .addQuadCurve(to: P(30, 40), control: P(15, 20)))!
        XCTAssertEqual(Double(straight.length), 50, accuracy: 1e-9)
        XCTAssertEqual(Double(straight.length(to: 0.3)), 15, accuracy: 1e-9)
        XCTAssertEqual(Double(straight.parameter(atLength: 35)), 0.7, accuracy: 1e-6)
        // The parabola y = x² from x = 0 to 1 is the quadratic (0, 0), (0.5, 0), (1, 1); its length is
        // √5/2 + asinh(2)/4.
        let parabola = CGPathSegment(from: .zero, command: .addQuadCurve(to: P(1, 1), control: P(0.5, 0)))!
        let exact = 5.0.squareRoot() / 2 + asinh(2.0) / 4
        XCTAssertEqual(Double(parabola.length), exact, accuracy: 1e-6)
        // Half-way along it in length, then back.
        let t = parabola.parameter(atLength: CGFloat(exact / 2))
        XCTAssertEqual(Double(parabola.length(to: t)), exact / 2, accuracy: 1e-6)
        // x(t) = t here, so that length is the closed form at x = t: (x√(1 + 4x²))/2 + asinh(2x)/4.
        let x = Double(t)
        XCTAssertEqual(x * (1 + 4 * x * x).squareRoot() / 2 + asinh(2 * x) / 4, exact / 2, accuracy: 1e-6)
        // A cubic with evenly spaced control points on a line: constant speed 3 × 10.
        let even = CGPathSegment(from: .zero, command: .addCurve(to: P(30, 0), control1: P(10, 0), control2: P(20, 0)))!
        XCTAssertEqual(Double(even.length), 30, accuracy: 1e-9)
        XCTAssertEqual(Double(even.parameter(atLength: 12)), 0.4, accuracy: 1e-6)
    }

    func testExtremaGiveTightBounds() {
        // Quadratic (0, 0), (10, 20), (20, 0): peak y = 10 at t = 1/2; bounding box of the path is
        // tight, the control point's box is not.
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addQuadCurve(to: P(20, 0), control: P(10, 20))
        XCTAssertEqual(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqual(p.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 20))
        // In x too: (0, 0), (20, 10), (0, 20) reaches x = 10.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: P(0, 20), control: P(20, 10))
        XCTAssertEqual(q.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 20))
        // The cubic above: y' = 3u²·16 + 6ut·(−32) + 3t²·20 = 300t² − 288t + 48, zero at
        // t = (288 ± √(288² − 4·300·48))/600 = (288 ± √25344)/600, both inside 0...1.
        let c = CGMutablePath()
        c.move(to: cubic.start)
        c.addCurve(to: cubic.end, control1: cubic.control1, control2: cubic.control2)
        let r = 25344.0.squareRoot()
        let ys = [(288 - r) / 600, (288 + r) / 600].map { Double(cubic.point(at: CGFloat($0)).y) }
        let box = c.boundingBoxOfPath
        XCTAssertEqual(Double(box.maxY), max(ys[0], ys[1], 8), accuracy: 1e-9)
        XCTAssertEqual(Double(box.minY), min(ys[0], ys[1], 4), accuracy: 1e-9)
        XCTAssertEqual(Double(box.minX), 2, accuracy: 1e-9); XCTAssertEqual(Double(box.maxX), 40, accuracy: 1e-9)
    }

    func testSplittingKeepsTheCurve() {
        for seg in [quad, cubic, CGPathSegment(lineFrom: P(1, 2), to: P(4, 6))] {
            let (a, b) = seg.split(at: 0.25)
            XCTAssertEqual(a.kind, seg.kind); XCTAssertEqual(b.kind, seg.kind)
            for k in 0...8 {
                let s = CGFloat(k) / 8
                let pa = a.point(at: s), qa = seg.point(at: s * 0.25)
                XCTAssertEqual(Double(pa.x), Double(qa.x), accuracy: 1e-9); XCTAssertEqual(Double(pa.y), Double(qa.y), accuracy: 1e-9)
                let pb = b.point(at: s), qb = seg.point(at: 0.25 + s * 0.75)
                XCTAssertEqual(Double(pb.x), Double(qb.x), accuracy: 1e-9); XCTAssertEqual(Double(pb.y), Double(qb.y), accuracy: 1e-9)
            }
            let mid = seg.subsegment(from: 0.25, to: 0.75)
            for k in 0...8 {
                let s = CGFloat(k) / 8
                let p = mid.point(at: s), q = seg.point(at: 0.25 + s * 0.5)
                XCTAssertEqual(Double(p.x), Double(q.x), accuracy: 1e-9); XCTAssertEqual(Double(p.y), Double(q.y), accuracy: 1e-9)
            }
        }
    }
}
