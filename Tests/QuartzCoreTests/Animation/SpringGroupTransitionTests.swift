import XCTest
@testable import QuartzCore

final class SpringGroupTransitionTests: LaminaTestCase {
    func testSpringSettlesAtToValueAndOvershootsWhenUnderdamped() {
        let l = makeLayer()
        let s = CASpringAnimation(keyPath: "position.x")
        s.fromValue = 0; s.toValue = 100
        s.damping = 5
        s.duration = s.settlingDuration
        XCTAssert(s.settlingDuration > 0.5 && s.settlingDuration < 10, "\(s.settlingDuration)")
        s.fillMode = .forwards; s.isRemovedOnCompletion = false
        l.add(s, forKey: "spring")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        var maxX = 0.0
        for i in 0...200 {
            CAMediaClock.manualTime = start + s.duration * Double(i) / 200
            maxX = max(maxX, Double(l.presentation()!.position.x))
        }
        XCTAssert(maxX > 100.5, "an underdamped spring overshoots: \(maxX)")
        CAMediaClock.manualTime = start + s.duration
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 100, 0.2)
    }

    func testPerceptualDurationInitializer() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        XCTAssertClose(s.perceptualDuration, 0.5, 1e-9)
        XCTAssertClose(Double(s.bounce), 0, 1e-9)
        let b = CASpringAnimation(perceptualDuration: 1, bounce: 0.3)
        XCTAssertClose(Double(b.bounce), 0.3, 1e-9)
        XCTAssertEqual(b.duration, b.settlingDuration)
    }

    func testGroupTimesChildrenInsideAndClips() {
        let l = makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 100; move.duration = 4
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 1; fade.beginTime = 1
        let g = CAAnimationGroup()
        g.animations = [move, fade]
        g.duration = 2
        let d = RecordingDelegate()
        g.delegate = d
        l.add(g, forKey: "group")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CAMediaClock.manualTime = s + 0.5
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 12.5)
        XCTAssertEqual(l.presentation()?.opacity, 1, "the fade has not begun inside the group")
        CAMediaClock.manualTime = s + 1.5
        XCTAssertClose(l.presentation().map { Double($0.opacity) }, 0.5)
        CAMediaClock.manualTime = s + 2.5
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.position.x, 50, "clipped at the group's 2 seconds; removed after")
        XCTAssertEqual(d.events, ["start", "stop(true)"])
    }

    func testBorderGroupOfListing3_4() {
        // Article 001 listing 3-4: border width and colour together in a group.
        let l = makeLayer()
        let width = CAKeyframeAnimation(keyPath: "borderWidth")
        width.values = [1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0]
        width.calculationMode = .paced
        let color = CAKeyframeAnimation(keyPath: "borderColor")
        color.values = [CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1), CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)]
        color.calculationMode = .paced
        let g = CAAnimationGroup()
        g.animations = [color, width]
        g.duration = 5
        g.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        l.add(g, forKey: "BorderChanges")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CAMediaClock.manualTime = s + 0.0001
        XCTAssertClose(l.presentation().map { Double($0.borderWidth) }, 1, 0.01)
        CAMediaClock.manualTime = s + 2.5
        let p = l.presentation()!
        XCTAssert(p.borderWidth > 0)
        let c = p.borderColor!.srgbComponents
        XCTAssertClose(Double(c.red), 1, 1e-6, "halfway through the paced colours is red")
    }

    func testTransitionIsStoredUnderTransitionKey() {
        let l = makeLayer()
        let t = CATransition()
        t.type = .moveIn; t.subtype = .fromTop; t.duration = 1
        t.startProgress = 0.2; t.endProgress = 0.6
        l.add(t, forKey: "whatever")
        CATransaction.flush()
        XCTAssertEqual(l.animationKeys(), ["transition"])
        at(0.5)
        let tr = l.presentationState(at: CACurrentMediaTime()).transition
        XCTAssertClose(tr?.progress, 0.4, 1e-6)
        at(1.5)
        XCTAssertNil(l.animationKeys())
    }
}
