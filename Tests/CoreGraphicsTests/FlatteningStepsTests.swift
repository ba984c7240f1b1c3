import XCTest
@testable import CoreGraphics

/// `CGPathSegment.flatteningSteps(tolerance:)`: equal steps in t whose chords stay within the
/// tolerance of the curve, and no more of them than that takes.
final class FlatteningStepsTests: XCTestCase {
    private func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    /// The largest distance from the curve to the chord of each of `n` equal steps, sampled 64 times a step.
    private func worstDistance(_ s: CGPathSegment, steps n: Int) -> Double {
        var worst = 0.0
        for k in 0..<n {
            let a = s.point(at: CGFloat(k) / CGFloat(n)), b = s.point(at: CGFloat(k + 1) / CGFloat(n))
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y), l = (dx * dx + dy * dy).squareRoot()
            for j in 1..<64 {
                let q = s.point(at: (CGFloat(k) + CGFloat(j) / 64) / CGFloat(n))
                worst = max(worst, abs(Double(q.x - a.x) * dy - Double(q.y - a.y) * dx) / l)
            }
        }
        return worst
    }

    /// Curves of every size keep their chords within the tolerance.
    func testChordsStayWithinTheTolerance() {
        let curves = [
            CGPathSegment(from: P(0, 0), command: .addCurve(to: P(100, 0), control1: P(30, 80), control2: P(70, -80)))!,
            CGPathSegment(from: P(3, 4), command: .addCurve(to: P(9, 4), control1: P(2, 12), control2: P(14, 9)))!,
            CGPathSegment(from: P(0, 0), command: .addCurve(to: P(400, 10), control1: P(500, 300), control2: P(-100, 300)))!,
            CGPathSegment(from: P(10, 10), command: .addQuadCurve(to: P(90, 10), control: P(50, 70)))!,
        ]
        for s in curves {
            for tol: CGFloat in [0.5, 0.1, 0.01] {
                let n = s.flatteningSteps(tolerance: tol)
                XCTAssertLessThanOrEqual(worstDistance(s, steps: n), Double(tol) * (1 + 1e-9), "\(s.kind) at \(tol): \(n) steps")
            }
        }
    }

    /// A shallow parabola's second derivative is constant and nearly across its chords, so the
    /// bound is nearly exact there: one step fewer than given leaves a chord beyond the tolerance.
    func testStepsAreTheFewestThatKeepTheTolerance() {
        // The quadratic Bézier from (0, 0) with control (40, 12) to (80, 0) has
        // B'' = 2·((0, 0) − 2·(40, 12) + (80, 0)) = (0, −48): a step h in t leaves its chord 48·h²/8 = 6·h²
        // from the curve along y (exactly so for the horizontal middle chord of an odd count).
        let s = CGPathSegment(from: P(0, 0), command: .addQuadCurve(to: P(80, 0), control: P(40, 12)))!
        for (tol, expected) in [(0.1, 8), (0.01, 25), (0.5, 4), (6.0, 1)] as [(CGFloat, Int)] {
            // The fewest n with 6/n² ≤ tol: n = ⌈√(6/tol)⌉ (√60 = 7.75, √600 = 24.5, √12 = 3.46, 1).
            XCTAssertEqual(s.flatteningSteps(tolerance: tol), expected, "tolerance \(tol)")
            if expected > 1 {
                XCTAssertGreaterThan(worstDistance(s, steps: expected - 1), Double(tol), "one step fewer leaves a chord beyond \(tol)")
            }
        }
        XCTAssertEqual(CGPathSegment(lineFrom: P(0, 0), to: P(5, 5)).flatteningSteps(tolerance: 0.1), 1)
        let huge = CGPathSegment(from: P(0, 0), command: .addCurve(to: P(1, 0), control1: P(.greatestFiniteMagnitude, 0),
                                                                   control2: P(-.greatestFiniteMagnitude, 0)))!
        XCTAssertEqual(huge.flatteningSteps(tolerance: 0.1), 1, "a curve whose size is not finite takes one step")
    }

    /// A fill's flattening never cuts a curve into fewer than four chords: a circle of one unit
    /// (a Lottie dot its layers scale up) takes four a quarter, where the bound alone gives fewer.
    func testASmallCurveKeepsFourChords() {
        let dot = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil)
        let quarters = dot.segments.filter { $0.kind == .cubic }
        XCTAssertEqual(quarters.count, 4)
        XCTAssertTrue(quarters.allSatisfy { $0.flatteningSteps(tolerance: 0.05) < CGPath.lamina_minimumCurveChords }, "the bound alone takes fewer")
        let polys = dot.flattened(tolerance: 0.05)
        XCTAssertEqual(polys.count, 1)
        // Four chords a quarter, and the first point repeated at the end.
        XCTAssertEqual(polys[0].count, 4 * CGPath.lamina_minimumCurveChords + 1)
        // A line stays one segment.
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        XCTAssertEqual(square.flattened(tolerance: 0.05)[0].count, 5)
    }
}
