import XCTest
@_spi(LaminaInternal) @testable import CoreGraphics

/// The dasher's arc-length table agrees with the segment's own (slower) arc-length inversion.
final class ArcLengthTableTests: XCTestCase {
    func testParametersAtLengthsMatchTheSegmentsOwn() {
        let segments: [CGPathSegment] = [
            CGPathSegment(from: CGPoint(x: 74, y: 74), command: .addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500)))!,
            CGPathSegment(from: CGPoint(x: 0, y: 0), command: .addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 100, y: 0), control2: CGPoint(x: 0, y: 100)))!,
            CGPathSegment(from: CGPoint(x: 0, y: 0), command: .addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80)))!,
            CGPathSegment(lineFrom: CGPoint(x: 1, y: 2), to: CGPoint(x: 31, y: 42)),
        ]
        for seg in segments {
            let table = ArcLengthTable(seg)
            XCTAssertEqual(Double(table.total), Double(seg.length), accuracy: Double(seg.length) * 1e-6)
            for k in 0...20 {
                let s = table.total * CGFloat(k) / 20
                XCTAssertEqual(Double(table.parameter(atLength: s)), Double(seg.parameter(atLength: s)), accuracy: 1e-5, "\(seg.kind) at \(k)/20")
                XCTAssertEqual(Double(seg.length(to: table.parameter(atLength: s))), Double(s), accuracy: Double(table.total) * 1e-5)
            }
        }
    }

    /// The parabola y = x², x from 0 to 1, as the quadratic (0, 0), (0.5, 0), (1, 1) (so x(t) = t):
    /// its arc length from 0 to x is S(x) = x√(1 + 4x²)/2 + asinh(2x)/4 in closed form.
    func testParabolaAgainstTheClosedForm() {
        func S(_ x: Double) -> Double { x * (1 + 4 * x * x).squareRoot() / 2 + asinh(2 * x) / 4 }
        let table = ArcLengthTable(CGPathSegment(from: .zero, command: .addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: 0.5, y: 0)))!)
        XCTAssertEqual(Double(table.total), S(1), accuracy: 1e-9)
        for x in [0.1, 0.3, 0.5, 0.8, 0.95] {
            let t = Double(table.parameter(atLength: CGFloat(S(x))))
            XCTAssertEqual(t, x, accuracy: 1e-6, "at S(\(x))")
            let p = table.point(atLength: CGFloat(S(x)))
            XCTAssertEqual(Double(p.x), x, accuracy: 1e-6); XCTAssertEqual(Double(p.y), x * x, accuracy: 2e-6)
        }
        let piece = table.subsegment(fromLength: CGFloat(S(0.25)), toLength: CGFloat(S(0.75)))
        XCTAssertEqual(Double(piece.start.x), 0.25, accuracy: 1e-6); XCTAssertEqual(Double(piece.start.y), 0.0625, accuracy: 1e-6)
        XCTAssertEqual(Double(piece.end.x), 0.75, accuracy: 1e-6); XCTAssertEqual(Double(piece.end.y), 0.5625, accuracy: 1e-6)
        let head = table.subsegment(fromLength: -1, toLength: CGFloat(S(0.5)))
        XCTAssertEqual(head.start, .zero)
        XCTAssertEqual(Double(head.end.x), 0.5, accuracy: 1e-6)
        XCTAssertEqual(table.parameter(atLength: 0), 0)
        XCTAssertEqual(table.parameter(atLength: -3), 0)
        XCTAssertEqual(table.parameter(atLength: 10), 1)
    }

    func testLinesAreExact() {
        let table = ArcLengthTable(CGPathSegment(lineFrom: CGPoint(x: 1, y: 2), to: CGPoint(x: 4, y: 6)))
        XCTAssertEqual(table.total, 5)
        XCTAssertEqual(table.parameter(atLength: 1), 0.2)
        XCTAssertEqual(table.point(atLength: 2.5), CGPoint(x: 2.5, y: 4))
        XCTAssertEqual(table.parameter(atLength: 5), 1)
        XCTAssertEqual(ArcLengthTable(CGPathSegment(lineFrom: .zero, to: .zero)).parameter(atLength: 1), 0, "no length")
    }
}
