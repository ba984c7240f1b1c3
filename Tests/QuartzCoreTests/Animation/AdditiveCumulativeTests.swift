import XCTest
@testable import QuartzCore

/// Additive animations (the animated value is added to the value underneath) and cumulative ones
/// (each repetition starts where the previous one ended), with values per repeat worked out by hand.
final class AdditiveCumulativeTests: LaminaTestCase {
    /// Samples position.x of `l`'s presentation at the given seconds after `start`.
    func xs(_ l: CALayer, _ start: Double, _ times: [Double]) -> [Double] {
        times.map { t in CAMediaClock.manualTime = start + t; return Double(l.presentation()!.position.x) }
    }

    /// Additive basic animations of position.x on a layer whose model x is 50, 2 s, linear. Apple's
    /// table of fromValue/toValue/byValue with the "current value" of an additive animation being
    /// zero (the underlying value is added afterwards, once): x(t) = 50 + value(t).
    func testAdditiveBasicAnimationsAddTheModelValueOnce() {
        struct Row { let name: String; let from: Double?; let to: Double?; let by: Double?; let quarter: Double; let half: Double }
        let rows = [
            // 0 → 10: a quarter in 2.5, half-way 5.
            Row(name: "toValue only", from: nil, to: 10, by: nil, quarter: 52.5, half: 55),
            // 0 → 0 + 10.
            Row(name: "byValue only", from: nil, to: nil, by: 10, quarter: 52.5, half: 55),
            // 4 → 20: 4 + 16/4 = 8; 4 + 8 = 12.
            Row(name: "fromValue and toValue", from: 4, to: 20, by: nil, quarter: 58, half: 62),
            // 4 → 4 + 8.
            Row(name: "fromValue and byValue", from: 4, to: nil, by: 8, quarter: 56, half: 58),
            // 20 − 8 → 20.
            Row(name: "byValue and toValue", from: nil, to: 20, by: 8, quarter: 64, half: 66),
            // 12 → 0.
            Row(name: "fromValue only", from: 12, to: nil, by: nil, quarter: 59, half: 56),
        ]
        for r in rows {
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = r.from; a.toValue = r.to; a.byValue = r.by
            a.isAdditive = true
            a.duration = 2
            l.add(a, forKey: "wiggle")
            CATransaction.flush()
            let v = xs(l, CACurrentMediaTime(), [0.5, 1])
            XCTAssertClose(v[0], r.quarter, 1e-9, r.name)
            XCTAssertClose(v[1], r.half, 1e-9, r.name)
        }
    }

    /// An additive animation is added to what earlier animations show, not just to the model.
    func testAdditiveStacksOnAnEarlierAnimation() {
        let l = makeLayer()
        let base = CABasicAnimation(keyPath: "position.x")
        base.fromValue = 100.0; base.toValue = 200.0; base.duration = 1
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.toValue = 10.0; shake.isAdditive = true; shake.duration = 1
        l.add(base, forKey: "base")
        l.add(shake, forKey: "shake")
        CATransaction.flush()
        // t = 0.5: base 150, shake 5.
        XCTAssertClose(xs(l, CACurrentMediaTime(), [0.5])[0], 155, 1e-9)
    }

    /// Additive points and transforms: a point adds component-wise, a transform is concatenated
    /// after the model's (model scale 2, then the animated translation).
    func testAdditivePointsAndTransforms() {
        let l = makeLayer()
        let p = CABasicAnimation(keyPath: "position")
        p.toValue = CGPoint(x: 10, y: -20); p.isAdditive = true; p.duration = 1
        l.add(p, forKey: "p")
        CATransaction.flush()
        CAMediaClock.manualTime = CACurrentMediaTime() + 0.25
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 52.5, y: 45), 1e-9)

        let m = makeLayer()
        CATransaction.setDisableActions(true)
        m.transform = Ref4.make(Ref4.scale(2, 2, 1))
        CATransaction.flush()
        let t = CABasicAnimation(keyPath: "transform")
        t.fromValue = CATransform3DIdentity
        t.toValue = Ref4.make(Ref4.translation(40, 0, 0))
        t.isAdditive = true; t.duration = 1
        m.add(t, forKey: "t")
        CATransaction.flush()
        CAMediaClock.manualTime = CACurrentMediaTime() + 0.5
        let expected = Ref4.mul(Ref4.scale(2, 2, 1), Ref4.translation(20, 0, 0))
        XCTAssertLessThan(Ref4.distance(Ref4.rows(m.presentation()!.transform), expected), 1e-9)
    }

    /// An additive keyframe animation: values [0, 10, −10] over 2 s added to the model x 50.
    func testAdditiveKeyframeAnimation() {
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0.0, 10.0, -10.0]
        a.isAdditive = true
        a.duration = 2
        l.add(a, forKey: "k")
        CATransaction.flush()
        // t = 0.5: 5 → 55; t = 1.5: half-way from 10 to −10 → 0 → 50; t = 1.75: −5 → 45.
        let v = xs(l, CACurrentMediaTime(), [0.5, 1.5, 1.75])
        XCTAssertClose(v[0], 55, 1e-9); XCTAssertClose(v[1], 50, 1e-9); XCTAssertClose(v[2], 45, 1e-9)
    }

    /// Cumulative basic animation from 10 to 30 repeated 3 times: repetition k adds k·(30 − 10).
    func testCumulativeBasicAnimationOverRepeats() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 10.0; a.toValue = 30.0
        a.duration = 1; a.repeatCount = 3; a.isCumulative = true
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        l.add(a, forKey: "step")
        CATransaction.flush()
        // repeat 0: 10 → 30; repeat 1: 30 → 50; repeat 2: 50 → 70; held at 70.
        let v = xs(l, CACurrentMediaTime(), [0.25, 1.25, 1.5, 2.75, 4])
        XCTAssertClose(v[0], 15, 1e-9)    // 10 + 20·0.25
        XCTAssertClose(v[1], 35, 1e-9)    // 10 + 20·0.25 + 20
        XCTAssertClose(v[2], 40, 1e-9)    // 10 + 20·0.5 + 20
        XCTAssertClose(v[3], 65, 1e-9)    // 10 + 20·0.75 + 40
        XCTAssertClose(v[4], 70, 1e-9)    // the end of repeat 2
    }

    /// The same with only toValue (animated from the model x 50 to 70; evaluated by the animation
    /// object rather than a compiled channel): repetition k adds k·20.
    func testCumulativeBasicAnimationFromTheModelValue() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.toValue = 70.0
        a.duration = 1; a.repeatCount = 3; a.isCumulative = true
        l.add(a, forKey: "step")
        CATransaction.flush()
        let v = xs(l, CACurrentMediaTime(), [0.5, 1.5, 2.25])
        XCTAssertClose(v[0], 60, 1e-9)    // 50 + 10
        XCTAssertClose(v[1], 80, 1e-9)    // 50 + 10 + 20
        XCTAssertClose(v[2], 95, 1e-9)    // 50 + 5 + 40
    }

    /// Cumulative keyframes [10, 40, 20] (keyframes at 0, 0.5, 1 of each 1 s repeat): each repeat
    /// adds last − first = 10.
    func testCumulativeKeyframeAnimationOverRepeats() {
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [10.0, 40.0, 20.0]
        a.duration = 1; a.repeatCount = 3; a.isCumulative = true
        l.add(a, forKey: "k")
        CATransaction.flush()
        let v = xs(l, CACurrentMediaTime(), [0.25, 0.75, 1.25, 1.75, 2.5])
        XCTAssertClose(v[0], 25, 1e-9)    // half-way 10 → 40
        XCTAssertClose(v[1], 30, 1e-9)    // half-way 40 → 20
        XCTAssertClose(v[2], 35, 1e-9)    // 25 + 10
        XCTAssertClose(v[3], 40, 1e-9)    // 30 + 10
        XCTAssertClose(v[4], 60, 1e-9)    // 40 + 20
    }

    /// A cumulative path animation: a straight path from (0, 0) to (30, 10) repeated; repeat k is
    /// shifted by k·(30, 10).
    func testCumulativePathAnimation() {
        let l = makeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 30, y: 10))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 1; a.repeatCount = 3; a.isCumulative = true
        l.add(a, forKey: "k")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        CAMediaClock.manualTime = start + 1.5
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 45, y: 15), 1e-9)    // (15, 5) + (30, 10)
        CAMediaClock.manualTime = start + 2.2
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 66, y: 22), 1e-9)    // (6, 2) + 2·(30, 10)
    }

    /// A cumulative rotation: "transform" from the identity to a 45° turn, repeated; repeat k adds
    /// k·45°, so 1.5 s in the layer is turned by 67.5°.
    func testCumulativeTransformRotation() {
        let l = makeLayer()
        let deg = Double.pi / 180
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = CATransform3DIdentity
        a.toValue = Ref4.make(Ref4.rotation(45 * deg, 0, 0, 1))
        a.duration = 1; a.repeatCount = 4; a.isCumulative = true
        l.add(a, forKey: "spin")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for (t, angle) in [(0.5, 22.5), (1.5, 67.5), (3.2, 144.0)] {
            CAMediaClock.manualTime = start + t
            XCTAssertLessThan(Ref4.distance(Ref4.rows(l.presentation()!.transform), Ref4.rotation(angle * deg, 0, 0, 1)), 1e-9, "t = \(t)")
        }
    }
}
