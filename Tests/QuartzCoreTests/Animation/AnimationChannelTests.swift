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

    /// Keyframes of points (Lottie's positions and anchors): compiled, with per-segment timing
    /// functions, holds (equal key times) and times before, inside and after, bit for bit what
    /// CAKeyframeAnimation gives; a path, cubic or discrete keyframes stay generic.
    func testPointKeyframesAreCompiledAndMatchTheGenericPath() {
        let l = makeLayer()
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 0.1, y: 3), CGPoint(x: 40.7, y: -12.3), CGPoint(x: 40.7, y: -12.3), CGPoint(x: 0.3, y: 0.7), CGPoint(x: 91, y: 17)]
        move.keyTimes = [0, 0.3, 0.45, 0.45, 1]
        move.timingFunctions = [CAMediaTimingFunction(controlPoints: 0.33, 0, 0.67, 1), CAMediaTimingFunction(name: .linear),
                                CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.1, 0.8, 0.3, 1)]
        move.duration = 1.7; move.fillMode = .both
        move.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + 0.2
        let anchor = CAKeyframeAnimation(keyPath: "anchorPoint")
        anchor.values = [CGPoint(x: 0.2, y: 0.5), CGPoint(x: 0.9, y: 0.1)]
        anchor.duration = 0.8; anchor.repeatCount = 3; anchor.autoreverses = true
        anchor.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        let curve = CAKeyframeAnimation(keyPath: "position")
        curve.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil)
        let cubic = CAKeyframeAnimation(keyPath: "position")
        cubic.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 3, y: 9)]; cubic.calculationMode = .cubic
        let steps = CAKeyframeAnimation(keyPath: "position")
        steps.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5)]; steps.calculationMode = .discrete
        for (a, k) in [(move, "move"), (anchor, "anchor"), (curve, "curve"), (cubic, "cubic"), (steps, "steps")] as [(CAAnimation, String)] { l.add(a, forKey: k) }
        CATransaction.flush()
        let channels = l.animationEntries.map { AnimationChannel.compile($0.committed!) }
        XCTAssertEqual(channels.count, 5)
        for c in channels.prefix(2) { if case .compiled(.keyframePoints, _) = c.kind {} else { XCTFail("point keyframes should be compiled") } }
        for c in channels.suffix(3) { if case .generic = c.kind {} else { XCTFail("a path, cubic or discrete keyframes stay generic") } }
        let start = l.convertTime(CACurrentMediaTime(), from: nil)
        for (k, e) in l.animationEntries.enumerated().prefix(2) {
            for i in 0..<500 {
                let t = start - 0.3 + Double(i) * 0.0071
                var compiled = l.committedState, generic = l.committedState
                channels[k].apply(to: &compiled, localTime: t)
                e.animation.apply(to: &generic, parentTime: t, beginTime: e.beginTime!, transitionFrom: e.transitionFrom)
                XCTAssertEqual(compiled.position, generic.position, "\(e.key) t=\(t)")
                XCTAssertEqual(compiled.anchorPoint, generic.anchorPoint, "\(e.key) t=\(t)")
            }
        }
        // The held segment (0.3 ..< 0.45 of the move) is the second value.
        var held = l.committedState
        channels[0].apply(to: &held, localTime: move.beginTime + 0.4 * 1.7)
        XCTAssertEqual(held.position, CGPoint(x: 40.7, y: -12.3))
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
