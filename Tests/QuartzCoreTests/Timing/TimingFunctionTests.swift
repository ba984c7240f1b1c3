import XCTest
import LaminaRandom
@testable import QuartzCore

final class TimingFunctionTests: XCTestCase {
    func testNamedControlPoints() {
        let expected: [(CAMediaTimingFunctionName, [Float])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (name, pts) in expected {
            let f = CAMediaTimingFunction(name: name)
            var v: [Float] = [0, 0]
            f.getControlPoint(at: 1, values: &v)
            XCTAssertEqual(v, [pts[0], pts[1]], name.rawValue)
            f.getControlPoint(at: 2, values: &v)
            XCTAssertEqual(v, [pts[2], pts[3]], name.rawValue)
            f.getControlPoint(at: 3, values: &v)
            XCTAssertEqual(v, [1, 1])
        }
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
    }

    /// Property: for random control points (overshooting y, x outside 0...1 included), endpoints are
    /// exact and the solver's parameter reproduces the input x to 1e-6.
    func testSolverIsExactForRandomControlPoints() {
        var rng = SplitMix64(seed: 7)
        func rnd(_ lo: Double, _ hi: Double) -> Float { Float(rng.double(lo, hi)) }
        for _ in 0..<300 {
            let pts = (rnd(0, 1), rnd(-1, 2), rnd(0, 1), rnd(-1, 2))
            let f = CAMediaTimingFunction(controlPoints: pts.0, pts.1, pts.2, pts.3)
            XCTAssertEqual(f.evaluate(0), 0)
            XCTAssertEqual(f.evaluate(1), 1)
            // Compare against a brute-force inversion.
            for x in stride(from: 0.05, to: 1, by: 0.1) {
                let y = f.evaluate(x)
                let ref = bruteForce(pts, x)
                XCTAssertEqual(y, ref, accuracy: 1e-6, "\(pts) at \(x)")
            }
        }
    }

    func testMonotoneWhereControlPointsMakeItSo() {
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let f = CAMediaTimingFunction(name: name)
            var prev = -1.0
            for i in 0...1000 {
                let y = f.evaluate(Double(i) / 1000)
                XCTAssertGreaterThanOrEqual(y, prev, name.rawValue)
                prev = y
            }
        }
    }

    func testOvershootAndOutOfRangeX() {
        let back = CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        XCTAssertGreaterThan((0...100).map { back.evaluate(Double($0) / 100) }.max()!, 1.0)
        let weird = CAMediaTimingFunction(controlPoints: 1.5, 0, -0.5, 1)
        XCTAssertEqual(weird.evaluate(0.5), bruteForce((1.5, 0, -0.5, 1), 0.5), accuracy: 1e-6)
    }

    /// The y of the smallest parameter whose x reaches `x`, by fine bisection of a dense scan.
    func bruteForce(_ p: (Float, Float, Float, Float), _ x: Double) -> Double {
        let (x1, y1, x2, y2) = (Double(p.0), Double(p.1), Double(p.2), Double(p.3))
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
        let n = 20000
        var prev = 0.0
        for i in 1...n {
            let s = Double(i) / Double(n)
            if (bx(prev) - x) * (bx(s) - x) <= 0 {
                var lo = prev, hi = s
                let rising = bx(s) >= bx(prev)
                for _ in 0..<100 { let m = (lo + hi) / 2; if (bx(m) < x) == rising { lo = m } else { hi = m } }
                return by((lo + hi) / 2)
            }
            prev = s
        }
        return x
    }
}
