import XCTest
@testable import QuartzCore

final class KeyframeAnimationTests: LaminaTestCase {
    func run<T>(_ a: CAAnimation, on l: CALayer, sample times: [Double], _ read: (CALayer) -> T) -> [T] {
        l.add(a, forKey: "k")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        return times.map { t in CAMediaClock.manualTime = start + t; return read(l.presentation()!) }
    }

    func testLinearWithKeyTimes() {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0.0, 1.0, 0.5]
        a.keyTimes = [0, 0.25, 1]
        a.duration = 4
        let v = run(a, on: makeLayer(), sample: [0, 0.5, 1, 2.5], { Double($0.opacity) })
        XCTAssertClose(v[0], 0); XCTAssertClose(v[1], 0.5); XCTAssertClose(v[2], 1); XCTAssertClose(v[3], 0.75)
    }

    func testDiscreteUsesOneMoreKeyTime() {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0.1, 0.5, 0.9]
        a.keyTimes = [0, 0.5, 0.75, 1]
        a.calculationMode = .discrete
        a.duration = 4
        let v = run(a, on: makeLayer(), sample: [0.1, 1.9, 2.1, 3.1], { Double($0.opacity) })
        XCTAssertEqual(v.map { ($0 * 10).rounded() / 10 }, [0.1, 0.1, 0.5, 0.9])
        XCTAssertEqual(diagnostics, [])
    }

    func testDiscreteWithoutKeyTimesIsEvenlySpaced() {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0.0, 0.5, 1.0]
        a.calculationMode = .discrete
        a.duration = 3
        let v = run(a, on: makeLayer(), sample: [0.5, 1.5, 2.5], { Double($0.opacity) })
        XCTAssertEqual(v, [0, 0.5, 1])
    }

    func testPacedMovesAtConstantSpeed() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0.0, 10.0, 100.0]
        a.keyTimes = [0, 0.5, 1]   // ignored when paced
        a.calculationMode = .paced
        a.duration = 1
        let v = run(a, on: makeLayer(), sample: [0.05, 0.5], { Double($0.position.x) })
        XCTAssertClose(v[0], 5, 1e-9); XCTAssertClose(v[1], 50, 1e-9)
    }

    func testCubicPassesThroughKeyframesSmoothly() {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0.0, 100.0, 0.0, 100.0]
        a.calculationMode = .cubic
        a.duration = 3
        let v = run(a, on: makeLayer(), sample: [0, 1, 2, 0.5], { Double($0.position.x) })
        XCTAssertClose(v[0], 0, 1e-9); XCTAssertClose(v[1], 100, 1e-9); XCTAssertClose(v[2], 0, 1e-9)
        XCTAssert(v[3] > 50, "a spline through (0, 100) overshoots the straight line toward the peak: \(v[3])")
    }

    func testPerSegmentTimingFunctions() {
        // Expected values from the independent table of NamedTimingFunctionReferenceTests
        // (reference/timing_functions.py): easeIn(0.5) = 0.315356812573, easeOut(0.25) = 0.378138130825.
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0.0, 1.0, 0.0]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        a.duration = 2
        let v = run(a, on: makeLayer(), sample: [0.5, 1.25], { Double($0.position.x) })
        XCTAssertClose(v[0], 0.315356812573, 1e-6, "segment 1 half-way through easeIn")
        XCTAssertClose(v[1], 1 - 0.378138130825, 1e-6, "segment 2 a quarter through easeOut, from 1 down to 0")
        // Point keyframes (evaluated by the animation object rather than a compiled number channel).
        let b = CAKeyframeAnimation(keyPath: "position")
        b.values = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 3, y: 0), CGPoint(x: 4, y: 0)]
        b.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .default),
                             CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeInEaseOut)]
        b.duration = 4
        let w = run(b, on: makeLayer(), sample: [1.5, 3.1], { Double($0.position.x) })
        XCTAssertClose(w[0], 1 + 0.802403387585, 1e-6, "segment 2 half-way through default")
        XCTAssertClose(w[1], 3 + 0.019722453548, 1e-6, "segment 4 a tenth through easeInEaseOut")
    }

    func testBadKeyTimesAreDiagnosedAndSpacedEvenly() {
        let l = makeLayer(); l.name = "dot"
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0.0, 1.0, 0.0]
        a.keyTimes = [0, 1]
        a.duration = 2
        let v = run(a, on: l, sample: [1], { Double($0.opacity) })
        XCTAssertClose(v[0], 1)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssert(diagnostics.first?.contains("keyTimes has 2 entries but 3") == true, "\(diagnostics)")
        let b = CAKeyframeAnimation(keyPath: "opacity")
        b.values = [0.0, 1.0, 0.0]
        b.keyTimes = [0, 0.8, 0.3]
        makeLayer().add(b, forKey: "x")
        XCTAssert(diagnostics.last?.contains("must rise") == true)
    }

    func testBouncePathOfListing3_3() {
        // Article 001 listing 3-3: the layer is at (320, 74) halfway through the 5-second path.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 74, y: 74))
        path.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        path.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 5
        let l = makeLayer()
        l.add(a, forKey: "bounce")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CAMediaClock.manualTime = s + 2.5
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 320, y: 74), 1e-6)
        CAMediaClock.manualTime = s + 1.25
        let p = l.presentation()!.position
        XCTAssert(p.y > 300, "the layer swings down between the bounces: \(p)")
        CAMediaClock.manualTime = s + 5
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 50, y: 50), 1e-9, "removed at the end: back to the model")
    }

    func testRotationModeAutoTurnsAlongTangent() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 0, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = .rotateAuto
        a.duration = 1
        let v = run(a, on: makeLayer(), sample: [0.5], { Double(($0.value(forKeyPath: "transform.rotation.z") as? CGFloat) ?? 0) })
        XCTAssertClose(v[0], .pi / 2, 1e-9)
    }

    func testRotationModeAutoReverseAddsHalfATurn() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = .rotateAutoReverse
        a.duration = 1
        let v = run(a, on: makeLayer(), sample: [0.5], { $0.transform })
        XCTAssertClose(Double(v[0].m11), -1, 1e-9, "facing back along the path")
        XCTAssertClose(Double(v[0].m22), -1, 1e-9)
    }

    func testPathWithPacedModeHasConstantSpeed() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.calculationMode = .paced
        a.duration = 1
        let v = run(a, on: makeLayer(), sample: [0.5], { Double($0.position.x) })
        XCTAssertClose(v[0], 50, 1e-6)
    }
}
