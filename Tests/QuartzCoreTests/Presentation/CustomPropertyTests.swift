import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// A layer with a custom property spelled as on Linux: a computed property over key-value coding
/// (Apple code writes `@NSManaged var progress: CGFloat`).
private class ProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }
    override class func defaultValue(forKey key: String) -> Any? {
        key == "progress" ? CGFloat(0.5) : super.defaultValue(forKey: key)
    }
    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
    /// What each draw(in:) saw: the progress, and whether it drew a presentation copy.
    var drawn: [(progress: CGFloat, presentation: Bool)] = []
    var lastContext: CGContext?
    override func draw(in ctx: CGContext) {
        model().drawn.append((progress, isPresentationCopy))
        model().lastContext = ctx
    }
}

/// A delegate that records the progress of each layer it draws.
private final class ProgressDelegate: NSObject, CALayerDelegate {
    var seen: [CGFloat] = []
    func draw(_ layer: CALayer, in ctx: CGContext) { seen.append(layer.value(forKey: "progress") as? CGFloat ?? -1) }
}

/// A layer whose "progress" needs display and that draws through its delegate.
private class DelegateDrawnLayer: CALayer {
    override class func needsDisplay(forKey key: String) -> Bool { key == "progress" }
}

/// Records what its presentation shows while the action for "progress" is looked up.
private class ActionReadingLayer: CALayer {
    var seenInAction: Any?
    override func action(forKey event: String) -> CAAction? {
        if event == "progress" { seenInAction = presentation()?.value(forKey: "progress") }
        return super.action(forKey: event)
    }
}

final class CustomPropertyTests: LaminaTestCase {
    func testTheActionSeesTheOldValueOnScreen() {
        let l = ActionReadingLayer()
        l.setValue(CGFloat(0.2), forKey: "progress")
        CATransaction.flush()
        l.setValue(CGFloat(0.9), forKey: "progress")
        XCTAssertEqual(l.seenInAction as? CGFloat, 0.2)
        XCTAssertEqual(l.value(forKey: "progress") as? CGFloat, 0.9)
        // Until the change commits, the presentation shows the committed value.
        XCTAssertEqual(l.presentation()?.value(forKey: "progress") as? CGFloat, 0.2)
        // A key first set after the last commit is not on screen yet (no default: nil).
        l.setValue(CGFloat(0.7), forKey: "level")
        XCTAssertNil(l.presentation()?.value(forKey: "level"))
    }

    private func basic(_ key: String, from: Any?, to: Any?, duration: Double = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from
        a.toValue = to
        a.duration = duration
        return a
    }

    /// Commits as the frame's commit phase does, at t0 + dt.
    private func frame(_ dt: Double) {
        CAMediaClock.manualTime = t0 + dt
        CATransaction.commitImplicitTransaction()
    }

    func testSetValueStoresAnyKeyInItsOwnType() {
        let l = CALayer()
        l.setValue(CGFloat(0.25), forKey: "progress")
        l.setValue(3.5 as Double, forKey: "weight")
        l.setValue(CGPoint(x: 1, y: 2), forKey: "focus")
        l.setValue("hello", forKey: "caption")
        XCTAssertEqual(l.value(forKey: "progress") as? CGFloat, 0.25)
        XCTAssertEqual(l.value(forKey: "weight") as? Double, 3.5)
        XCTAssertEqual(l.value(forKey: "focus") as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(l.value(forKey: "caption") as? String, "hello")
        XCTAssertNil(l.value(forKey: "neverSet"))
    }

    func testDefaultValueSuppliesUnsetKeys() {
        let l = ProgressLayer()
        XCTAssertEqual(l.progress, 0.5)
        l.progress = 0.75
        XCTAssertEqual(l.progress, 0.75)
    }

    func testBasicAnimationOfACustomNumber() {
        let l = ProgressLayer()
        l.progress = 0
        CATransaction.flush()
        l.add(basic("progress", from: CGFloat(0), to: CGFloat(1), duration: 2), forKey: "p")
        CATransaction.flush()
        at(0.5)
        // Linear: a quarter of the way.
        XCTAssertEqual(l.presentation()?.progress ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(l.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.25, accuracy: 1e-9)
        // The model keeps its value.
        XCTAssertEqual(l.progress, 0)
        at(3)
        XCTAssertEqual(l.presentation()?.progress ?? -1, 0, accuracy: 1e-9)
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    func testAnimationFromTheDefaultValueOfAnUnsetKey() {
        let l = ProgressLayer()
        CATransaction.flush()
        l.add(basic("progress", from: nil, to: CGFloat(1)), forKey: "p")
        CATransaction.flush()
        at(0.5)
        // From the class default 0.5 to 1, half way: 0.75.
        XCTAssertEqual(l.presentation()?.progress ?? -1, 0.75, accuracy: 1e-9)
    }

    func testPointsSizesRectsColoursAndTransformsInterpolate() {
        let l = CALayer()
        CATransaction.flush()
        l.add(basic("focus", from: CGPoint(x: 0, y: 10), to: CGPoint(x: 40, y: 30)), forKey: "a")
        l.add(basic("extent", from: CGSize(width: 10, height: 10), to: CGSize(width: 20, height: 50)), forKey: "b")
        l.add(basic("box", from: CGRect(x: 0, y: 0, width: 8, height: 8), to: CGRect(x: 4, y: 8, width: 16, height: 0)), forKey: "c")
        l.add(basic("tint", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 1)), forKey: "d")
        l.add(basic("warp", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(100, 0, 0)), forKey: "e")
        CATransaction.flush()
        at(0.25)
        guard let p = l.presentation() else { return XCTFail("no presentation") }
        XCTAssertEqual(p.value(forKey: "focus") as? CGPoint, CGPoint(x: 10, y: 15))
        XCTAssertEqual(p.value(forKey: "extent") as? CGSize, CGSize(width: 12.5, height: 20))
        XCTAssertEqual(p.value(forKey: "box") as? CGRect, CGRect(x: 1, y: 2, width: 10, height: 6))
        let c = (p.value(forKey: "tint") as! CGColor).components!
        XCTAssertEqual(c[0], 0.75, accuracy: 1e-6)
        XCTAssertEqual(c[2], 0.25, accuracy: 1e-6)
        XCTAssertEqual((p.value(forKey: "warp") as? CATransform3D)?.m41 ?? -1, 25, accuracy: 1e-9)
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    func testKeyframeAnimationOfACustomPoint() {
        let l = CALayer()
        l.setValue(CGPoint.zero, forKey: "focus")
        CATransaction.flush()
        let k = CAKeyframeAnimation(keyPath: "focus")
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 20)]
        k.duration = 2
        l.add(k, forKey: "k")
        CATransaction.flush()
        at(1.5)
        // Key times 0, 0.5, 1: at 0.75, half way between the second and third values.
        XCTAssertEqual(l.presentation()?.value(forKey: "focus") as? CGPoint, CGPoint(x: 20, y: 20))
    }

    func testSpringAnimationOfACustomNumber() {
        let l = CALayer()
        l.setValue(0.0, forKey: "level")
        CATransaction.flush()
        let s = CASpringAnimation(keyPath: "level")
        s.mass = 1; s.stiffness = 100; s.damping = 20; s.initialVelocity = 0
        s.fromValue = 0.0; s.toValue = 1.0
        s.duration = 2
        l.add(s, forKey: "s")
        CATransaction.flush()
        at(0.1)
        // Critically damped (damping = 2·sqrt(stiffness·mass)), ω = 10: x(t) = 1 − (1 + ωt)·e^(−ωt);
        // at t = 0.1: 1 − 2/e = 0.2642411176571153.
        XCTAssertEqual(l.presentation()?.value(forKey: "level") as? Double ?? -1, 0.2642411176571153, accuracy: 1e-6)
    }

    func testSettingACustomKeyRunsItsAction() {
        let l = CALayer()
        l.setValue(CGFloat(0), forKey: "progress")
        CATransaction.flush()
        let a = CABasicAnimation()
        a.duration = 4
        l.actions = ["progress": a]
        l.setValue(CGFloat(1), forKey: "progress")
        CATransaction.flush()
        XCTAssertNotNil(l.animation(forKey: "progress"))
        at(1)
        // The action's animation runs from the old presented value to the new model value: 1/4.
        XCTAssertEqual(l.presentation()?.value(forKey: "progress") as? CGFloat ?? -1, 0.25, accuracy: 1e-9)
    }

    func testNeedsDisplayKeyDrawsThePresentationCopyEachFrameItChanges() {
        let l = ProgressLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.progress = 0
        frame(0)
        l.drawn = []
        l.add(basic("progress", from: CGFloat(0), to: CGFloat(1), duration: 1), forKey: "p")
        frame(0)
        frame(0.25)
        frame(0.25)  // the same value: no new drawing
        frame(0.5)
        let presented = l.drawn.filter { $0.presentation }.map { $0.progress }
        XCTAssertEqual(presented, [0, 0.25, 0.5])
        // The committed content is the last drawing.
        XCTAssertTrue(l.committedRecord?.state.backing === l.lastContext)
        // Past the end (the animation not yet removed) the presented value is the model's, 0.
        frame(1.5)
        XCTAssertEqual(l.drawn.last?.progress, 0)
        // Once the finished animation is removed (post-frame), the model layer draws, once.
        at(1.6)
        frame(1.6)
        XCTAssertEqual(l.drawn.last?.progress, 0)
        XCTAssertEqual(l.drawn.last?.presentation, false)
        let count = l.drawn.count
        frame(1.7)
        XCTAssertEqual(l.drawn.count, count)
    }

    func testGroupedRepeatingKeyframesWithANegativeBeginTimeAsClientCodeWritesThem() {
        let l = ProgressLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.progress = 0
        frame(0)
        l.drawn = []
        let k = CAKeyframeAnimation(keyPath: "progress")
        k.values = [CGFloat(0), CGFloat(1)]
        k.duration = 1
        let g = CAAnimationGroup()
        g.animations = [k]
        g.duration = 1
        g.repeatCount = .infinity
        g.beginTime = CACurrentMediaTime() - 0.25
        l.add(g, forKey: "spin")
        frame(0)
        // A quarter of a second into the first iteration at once.
        XCTAssertEqual(l.presentation()?.progress ?? -1, 0.25, accuracy: 1e-9)
        frame(1.5)
        // 1.75 s after the group's begin: three quarters into the second iteration.
        XCTAssertEqual(l.presentation()?.progress ?? -1, 0.75, accuracy: 1e-9)
        XCTAssertEqual(l.drawn.filter { $0.presentation }.map { ($0.progress * 100).rounded() / 100 }, [0.25, 0.75])
    }

    func testDelegateDrawsThePresentationCopy() {
        let d = ProgressDelegate()
        let l = DelegateDrawnLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.delegate = d
        l.setValue(CGFloat(2), forKey: "progress")
        frame(0)
        XCTAssertEqual(d.seen, [2])
        l.add(basic("progress", from: CGFloat(2), to: CGFloat(4), duration: 1), forKey: "p")
        frame(0)
        frame(0.5)
        XCTAssertEqual(d.seen, [2, 2, 3])
    }
}
