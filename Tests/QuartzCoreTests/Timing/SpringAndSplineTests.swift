import XCTest
@testable import QuartzCore

final class SpringAndSplineTests: XCTestCase {
    func testSpringEndsAndOvershoot() {
        let under = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        XCTAssertEqual(under.fraction(at: 0), 0)
        XCTAssertEqual(under.fraction(at: 30), 1, accuracy: 1e-9)
        XCTAssertGreaterThan((1...200).map { under.fraction(at: Double($0) / 100) }.max()!, 1)
        let over = SpringSolver(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0)
        var prev = 0.0
        for i in 1...300 { let v = over.fraction(at: Double(i) / 100); XCTAssertGreaterThanOrEqual(v, prev); XCTAssertLessThanOrEqual(v, 1); prev = v }
        let critical = SpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        XCTAssertLessThanOrEqual((1...300).map { critical.fraction(at: Double($0) / 100) }.max()!, 1)
    }

    func testSettlingDuration() {
        let s = SpringSolver(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let d = s.settlingDuration
        // Envelope e^(−ζω t) with ζω = 5 reaches 0.001 near ln(1000)/5 ≈ 1.38 s.
        XCTAssert(d > 1.0 && d < 1.6, "\(d)")
        for i in 0..<100 { XCTAssertLessThan(abs(1 - s.fraction(at: d + Double(i) * 0.05)), 0.0011) }
    }

    func testKochanekBartelsPassesThroughKeyframes() {
        let pts: [[Double]] = [[0], [10], [20], [5]]
        let times = [0, 0.3, 0.6, 1.0]
        let z = [Double](repeating: 0, count: 4)
        let tg = kochanekBartelsTangents(points: pts, times: times, tension: z, continuity: z, bias: z)
        for i in 0..<3 {
            let h = times[i + 1] - times[i]
            let a = hermite(p0: pts[i], p1: pts[i + 1], m0: tg.outgoing[i].map { $0 * h }, m1: tg.incoming[i + 1].map { $0 * h }, t: 0)
            let b = hermite(p0: pts[i], p1: pts[i + 1], m0: tg.outgoing[i].map { $0 * h }, m1: tg.incoming[i + 1].map { $0 * h }, t: 1)
            XCTAssertEqual(a, pts[i]); XCTAssertEqual(b, pts[i + 1])
        }
        // Collinear, evenly spaced: the curve is the straight line.
        let line = kochanekBartelsTangents(points: [[0], [1], [2]], times: [0, 0.5, 1], tension: [0, 0, 0], continuity: [0, 0, 0], bias: [0, 0, 0])
        let mid = hermite(p0: [0], p1: [1], m0: line.outgoing[0].map { $0 * 0.5 }, m1: line.incoming[1].map { $0 * 0.5 }, t: 0.5)
        XCTAssertEqual(mid[0], 0.5, accuracy: 1e-12)
    }
}
