import XCTest
@testable import QuartzCore

/// The compiled per-frame channels must give exactly what the animation objects give.
final class AnimationChannelTests: LaminaTestCase {
    func testCompiledChannelsMatchTheGenericPath() {
        let l = makeLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 0, y: 0); move.toValue = CGPoint(x: 100, y: 50)
        move.duration = 1.3; move.repeatCount = 2.5; move.autoreverses = true
        move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [1.0, 0.2, 0.8, 0.4]; fade.keyTimes = [0, 0.2, 0.7, 1]
        fade.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeOut)]
        fade.duration = 2; fade.repeatCount = .infinity
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.5; spring.toValue = 1; spring.damping = 6; spring.duration = 1.5
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0; step.toValue = 10; step.isCumulative = true; step.repeatCount = 4; step.duration = 0.5
        step.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + 0.3
        step.fillMode = .both
        let corners = CAKeyframeAnimation(keyPath: "cornerRadius")
        corners.values = [0.0, 12.0, 4.0]; corners.keyTimes = [0, 0.25, 1]; corners.duration = 0.9
        corners.timingFunction = CAMediaTimingFunction(name: .easeOut); corners.repeatCount = 3
        for (a, k) in [(move, "move"), (fade, "fade"), (spring, "spring"), (step, "step"), (corners, "corners")] as [(CAAnimation, String)] { l.add(a, forKey: k) }
        CATransaction.flush()
        let channels = l.animationEntries.map { AnimationChannel.compile($0.committed!) }
        XCTAssertEqual(channels.count, 5)
        if case .compiled(.smallKeyframes, _) = channels[4].kind {} else { XCTFail("three plain keyframes are stored inline") }
        for c in channels { if case .generic = c.kind { XCTFail("expected every channel to be compiled") } }
        let start = l.convertTime(CACurrentMediaTime(), from: nil)
        for i in 0..<400 {
            let t = start - 0.5 + Double(i) * 0.0137
            var compiled = l.committedState, generic = l.committedState
            for c in channels { c.apply(to: &compiled, localTime: t) }
            for e in l.animationEntries { e.animation.apply(to: &generic, parentTime: t, beginTime: e.beginTime!, transitionFrom: e.transitionFrom) }
            XCTAssertEqual(compiled.position, generic.position, "t=\(t)")
            XCTAssertEqual(compiled.opacity, generic.opacity, "t=\(t)")
            XCTAssertEqual(compiled.transform, generic.transform, "t=\(t)")
            XCTAssertEqual(compiled.cornerRadius, generic.cornerRadius, "t=\(t)")
        }
    }

    func testUncompilableAnimationsStayGenericAndInOrder() {
        let l = makeLayer()
        let color = CABasicAnimation(keyPath: "backgroundColor")
        color.toValue = CGColor(gray: 1, alpha: 1)
        let additive = CABasicAnimation(keyPath: "position.x")
        additive.fromValue = 0; additive.toValue = 5; additive.isAdditive = true
        l.add(color, forKey: "c"); l.add(additive, forKey: "a")
        CATransaction.flush()
        let channels = l.animationEntries.map { AnimationChannel.compile($0.committed!) }
        XCTAssertEqual(channels.count, 2)
        for c in channels { if case .compiled = c.kind { XCTFail("expected generic channels") } }
    }
}
