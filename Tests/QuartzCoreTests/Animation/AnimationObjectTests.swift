import XCTest
@testable import QuartzCore

/// Animation objects themselves: key-value coding of their timing, copies that keep every field of
/// every class, the default duration, and the spring's derived figures (Apple's formulas:
/// perceptualDuration = 2π√(m/k), bounce = 1 − ζ for ζ ≤ 1 and 1/ζ − 1 above, ζ = c / (2√(km))).
final class AnimationObjectTests: LaminaTestCase {
    func testTimingThroughKeyValueCoding() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.setValue(2.5, forKey: "beginTime")
        a.setValue(NSNumber(value: 3.5), forKey: "duration")
        a.setValue(Float(2), forKey: "speed")
        a.setValue(0.75, forKey: "timeOffset")
        a.setValue(4, forKey: "repeatCount")
        a.setValue(6.5, forKey: "repeatDuration")
        a.setValue(true, forKey: "autoreverses")
        XCTAssertEqual(a.beginTime, 2.5); XCTAssertEqual(a.duration, 3.5); XCTAssertEqual(a.speed, 2)
        XCTAssertEqual(a.timeOffset, 0.75); XCTAssertEqual(a.repeatCount, 4); XCTAssertEqual(a.repeatDuration, 6.5)
        XCTAssertTrue(a.autoreverses)
        XCTAssertEqual(a.value(forKey: "beginTime") as? Double, 2.5)
        XCTAssertEqual(a.value(forKey: "duration") as? Double, 3.5)
        XCTAssertEqual(a.value(forKey: "speed") as? Float, 2)
        XCTAssertEqual(a.value(forKey: "timeOffset") as? Double, 0.75)
        XCTAssertEqual(a.value(forKey: "repeatCount") as? Float, 4)
        XCTAssertEqual(a.value(forKey: "repeatDuration") as? Double, 6.5)
        XCTAssertEqual(a.value(forKey: "autoreverses") as? Bool, true)
        a.isRemovedOnCompletion = false
        XCTAssertEqual(a.value(forKey: "removedOnCompletion") as? Bool, false)
        XCTAssertEqual(a.value(forKey: "isRemovedOnCompletion") as? Bool, false)
        // Values of the wrong type leave the property alone; other keys are stored as they are.
        a.setValue("fast", forKey: "speed")
        a.setValue("long", forKey: "duration")
        XCTAssertEqual(a.speed, 2); XCTAssertEqual(a.duration, 3.5)
        a.setValue("tag", forKey: "name")
        XCTAssertEqual(a.value(forKey: "name") as? String, "tag")
        XCTAssertNil(a.value(forKey: "other"))
        XCTAssertNil(CAAnimation.defaultValue(forKey: "duration"))
        XCTAssertTrue(a.shouldArchiveValue(forKey: "duration"))
    }

    private func timed<T: CAAnimation>(_ a: T) -> T {
        a.beginTime = 1; a.duration = 2; a.speed = 3; a.timeOffset = 4; a.repeatCount = 5; a.repeatDuration = 6
        a.autoreverses = true; a.fillMode = .both; a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        a.isRemovedOnCompletion = false
        a.setValue("x", forKey: "custom")
        return a
    }

    private func assertTimingCopied(_ c: CAAnimation, _ o: CAAnimation, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(c === o, file: file, line: line)
        XCTAssertEqual(c.beginTime, 1, file: file, line: line); XCTAssertEqual(c.duration, 2, file: file, line: line)
        XCTAssertEqual(c.speed, 3, file: file, line: line); XCTAssertEqual(c.timeOffset, 4, file: file, line: line)
        XCTAssertEqual(c.repeatCount, 5, file: file, line: line); XCTAssertEqual(c.repeatDuration, 6, file: file, line: line)
        XCTAssertTrue(c.autoreverses, file: file, line: line); XCTAssertEqual(c.fillMode, .both, file: file, line: line)
        XCTAssertTrue(c.timingFunction === o.timingFunction, file: file, line: line)
        XCTAssertFalse(c.isRemovedOnCompletion, file: file, line: line)
        XCTAssertEqual(c.value(forKey: "custom") as? String, "x", file: file, line: line)
        XCTAssertTrue(type(of: c) == type(of: o), file: file, line: line)
    }

    func testCopiesKeepEveryField() {
        let d = RecordingDelegate()
        let basic = timed(CABasicAnimation(keyPath: "position"))
        basic.fromValue = 1; basic.toValue = 2; basic.byValue = 3
        basic.isAdditive = true; basic.isCumulative = true
        basic.valueFunction = CAValueFunction(name: .rotateZ)
        basic.delegate = d
        let b = basic.copy() as! CABasicAnimation
        assertTimingCopied(b, basic)
        XCTAssertEqual(b.keyPath, "position")
        XCTAssertEqual(b.fromValue as? Int, 1); XCTAssertEqual(b.toValue as? Int, 2); XCTAssertEqual(b.byValue as? Int, 3)
        XCTAssertTrue(b.isAdditive); XCTAssertTrue(b.isCumulative)
        XCTAssertTrue(b.valueFunction === basic.valueFunction)
        XCTAssertTrue(b.delegate === d)

        let spring = timed(CASpringAnimation(keyPath: "position.x"))
        spring.mass = 2; spring.stiffness = 50; spring.damping = 3; spring.initialVelocity = -1; spring.allowsOverdamping = false
        spring.toValue = 9
        let s = spring.copy() as! CASpringAnimation
        assertTimingCopied(s, spring)
        XCTAssertEqual(s.mass, 2); XCTAssertEqual(s.stiffness, 50); XCTAssertEqual(s.damping, 3)
        XCTAssertEqual(s.initialVelocity, -1); XCTAssertFalse(s.allowsOverdamping)
        XCTAssertEqual(s.toValue as? Int, 9)

        let key = timed(CAKeyframeAnimation(keyPath: "position"))
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        key.values = [1, 2]; key.path = path; key.keyTimes = [0, 1]
        key.timingFunctions = [CAMediaTimingFunction(name: .linear)]
        key.calculationMode = .cubicPaced
        key.tensionValues = [0.1]; key.continuityValues = [0.2]; key.biasValues = [0.3]
        key.rotationMode = .rotateAutoReverse
        let k = key.copy() as! CAKeyframeAnimation
        assertTimingCopied(k, key)
        XCTAssertEqual(k.values as? [Int], [1, 2]); XCTAssertEqual(k.path, path); XCTAssertEqual(k.keyTimes, [0, 1])
        XCTAssertTrue(k.timingFunctions?.first === key.timingFunctions?.first)
        XCTAssertEqual(k.calculationMode, .cubicPaced)
        XCTAssertEqual(k.tensionValues, [0.1]); XCTAssertEqual(k.continuityValues, [0.2]); XCTAssertEqual(k.biasValues, [0.3])
        XCTAssertEqual(k.rotationMode, .rotateAutoReverse)

        let group = timed(CAAnimationGroup())
        group.animations = [basic, key]
        let g = group.copy() as! CAAnimationGroup
        assertTimingCopied(g, group)
        XCTAssertEqual(g.animations?.count, 2)
        XCTAssertTrue(g.animations?.first === basic, "as on Apple (a copied array), the copy shares the children")
        XCTAssertEqual((g.animations?.first as? CABasicAnimation)?.keyPath, "position")
        XCTAssertTrue(g.animations?.last is CAKeyframeAnimation)

        let transition = timed(CATransition())
        transition.type = .push; transition.subtype = .fromTop; transition.startProgress = 0.25; transition.endProgress = 0.75
        transition.filter = "f"
        let t = transition.copy() as! CATransition
        assertTimingCopied(t, transition)
        XCTAssertEqual(t.type, .push); XCTAssertEqual(t.subtype, .fromTop)
        XCTAssertEqual(t.startProgress, 0.25); XCTAssertEqual(t.endProgress, 0.75)
        XCTAssertEqual(t.filter as? String, "f")
    }

    func testDefaultsAndTheQuarterSecondDuration() {
        let a = CABasicAnimation(keyPath: "opacity")
        XCTAssertEqual(a.beginTime, 0); XCTAssertEqual(a.duration, 0); XCTAssertEqual(a.speed, 1); XCTAssertEqual(a.timeOffset, 0)
        XCTAssertEqual(a.repeatCount, 0); XCTAssertEqual(a.repeatDuration, 0); XCTAssertFalse(a.autoreverses)
        XCTAssertEqual(a.fillMode, .removed); XCTAssertNil(a.timingFunction); XCTAssertTrue(a.isRemovedOnCompletion)
        // A duration of 0 (or one that is not positive and finite) means 0.25 s.
        for d in [0.0, -1, .infinity] {
            let l = makeLayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0; fade.toValue = 1; fade.duration = d
            l.add(fade, forKey: "f")
            CATransaction.flush()
            let start = CACurrentMediaTime()
            CAMediaClock.manualTime = start + 0.125
            XCTAssertEqual(Double(l.presentation()!.opacity), 0.5, accuracy: 1e-6, "duration \(d)")
            CAMediaClock.manualTime = start
        }
        // An animation's run(forKey:object:) adds it to the layer under the event.
        let l = makeLayer()
        CABasicAnimation(keyPath: "opacity").run(forKey: "myEvent", object: l, arguments: nil)
        XCTAssertEqual(l.animationKeys(), ["myEvent"])
        CABasicAnimation().run(forKey: "ignored", object: "not a layer", arguments: nil)
    }

    func testSpringFigures() {
        let s = CASpringAnimation()
        s.mass = 4; s.stiffness = 100; s.damping = 8
        // ζ = 8 / (2·√400) = 0.2: bounce 0.8; period 2π·√(4/100) = 2π/5.
        XCTAssertEqual(Double(s.bounce), 0.8, accuracy: 1e-12)
        XCTAssertEqual(s.perceptualDuration, 2 * .pi / 5, accuracy: 1e-12)
        s.damping = 80
        // ζ = 2: bounce 1/2 − 1 = −0.5.
        XCTAssertEqual(Double(s.bounce), -0.5, accuracy: 1e-12)
        s.damping = 40
        XCTAssertEqual(Double(s.bounce), 0, accuracy: 1e-12, "critically damped")
        s.stiffness = 0
        XCTAssertEqual(s.perceptualDuration, 0); XCTAssertEqual(s.bounce, 0)
        s.stiffness = 100; s.mass = -1
        XCTAssertEqual(s.perceptualDuration, 0); XCTAssertEqual(s.bounce, 0)
        // perceptualDuration and bounce give back the parameters (mass 1): stiffness (2π/d)²,
        // damping 4π(1 − bounce)/d, and the duration is the settling time.
        let p = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.25)
        XCTAssertEqual(p.mass, 1)
        XCTAssertEqual(Double(p.stiffness), pow(4 * .pi, 2), accuracy: 1e-9)
        XCTAssertEqual(Double(p.damping), 6 * .pi, accuracy: 1e-9)
        XCTAssertEqual(p.perceptualDuration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(Double(p.bounce), 0.25, accuracy: 1e-12)
        XCTAssertEqual(p.duration, p.settlingDuration)
        // Negative bounce: overdamped, damping 4π/(d(1 + bounce)).
        let o = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
        XCTAssertEqual(Double(o.damping), 16 * .pi, accuracy: 1e-9)
        XCTAssertEqual(Double(o.bounce), -0.5, accuracy: 1e-12)
        // Out-of-range inputs: a bad duration is half a second, bounce is clamped to −1...1.
        XCTAssertEqual(CASpringAnimation(perceptualDuration: -3, bounce: 0).perceptualDuration, 0.5, accuracy: 1e-12)
        XCTAssertEqual(Double(CASpringAnimation(perceptualDuration: 0.5, bounce: 7).damping), 0, accuracy: 1e-9)
        XCTAssertEqual(Double(CASpringAnimation(perceptualDuration: 0.5, bounce: .nan).damping), 8 * .pi, accuracy: 1e-9)
    }
}
