import XCTest
@testable import CoreGraphics

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
}
