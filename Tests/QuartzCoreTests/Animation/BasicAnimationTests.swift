import XCTest
@testable import QuartzCore

final class BasicAnimationTests: LaminaTestCase {
    /// Apple's table of fromValue/toValue/byValue combinations, at the midpoint of a linear animation
    /// on a layer whose model opacity is 0.2 (the "current" value).
    func testFromToByCombinations() {
        struct Row { let name: String; let from: Double?; let to: Double?; let by: Double?; let mid: Double; let end: Double }
        let rows = [
            Row(name: "from+to", from: 0.0, to: 1.0, by: nil, mid: 0.5, end: 1.0),
            Row(name: "from+by", from: 0.4, to: nil, by: 0.4, mid: 0.6, end: 0.8),
            Row(name: "by+to", from: nil, to: 1.0, by: 0.6, mid: 0.7, end: 1.0),
            Row(name: "from only (to the current value)", from: 1.0, to: nil, by: nil, mid: 0.6, end: 0.2),
            Row(name: "to only (from the current value)", from: nil, to: 1.0, by: nil, mid: 0.6, end: 1.0),
            Row(name: "by only", from: nil, to: nil, by: 0.4, mid: 0.4, end: 0.6),
        ]
        for r in rows {
            let l = makeLayer()
            CATransaction.setDisableActions(true)
            l.opacity = 0.2
            CATransaction.flush()
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = r.from; a.toValue = r.to; a.byValue = r.by
            a.duration = 2
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            l.add(a, forKey: "x")
            CATransaction.flush()
            let start = CACurrentMediaTime()
            CATransaction.flush()
            CAMediaClock.manualTime = start + 1
            XCTAssertClose(l.presentation().map { Double($0.opacity) }, r.mid, 1e-6, r.name)
            CAMediaClock.manualTime = start + 2
            XCTAssertClose(l.presentation().map { Double($0.opacity) }, r.end, 1e-6, r.name)
            CAMediaClock.manualTime = start
        }
    }

    /// The table's last row: with no values at all, from the value shown when the animation is
    /// added (for an action: before the change) to the current value. A layer's own action with
    /// no values animates just like the implicit one.
    func testNoValuesAnimateFromThePreviousToTheCurrentValue() {
        let l = makeLayer()
        CATransaction.setDisableActions(true)
        l.opacity = 1
        CATransaction.flush()
        let fade = CABasicAnimation()
        fade.duration = 2
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        l.actions = ["opacity": fade]
        let start = CACurrentMediaTime()
        l.opacity = 0.2                       // runs the action: added before the value is stored
        CATransaction.flush()
        XCTAssertEqual(l.animation(forKey: "opacity")?.isKind(of: CABasicAnimation.self), true)
        CAMediaClock.manualTime = start + 1
        XCTAssertClose(l.presentation().map { Double($0.opacity) }, 0.6, 1e-6, "half-way from 1 to 0.2")
        CAMediaClock.manualTime = start + 2.5
        XCTAssertClose(l.presentation().map { Double($0.opacity) }, 0.2, 1e-6, "the model after the end")
    }

    func testExplicitFadeThatUpdatesTheModelStays() {
        // Article 001 listing 3-2: set the model value, then animate; the layer stays faded after.
        let l = makeLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        l.add(fade, forKey: "fade")
        CATransaction.flush()
        CATransaction.setDisableActions(true)
        l.opacity = 0
        at(0.5)
        XCTAssertClose(l.presentation().map { Double($0.opacity) }, 0.5)
        at(1.5)
        XCTAssertEqual(l.presentation()?.opacity, 0)

        let other = makeLayer()
        other.add(fade, forKey: "fade")
        CATransaction.flush()
        at(2)
        at(3.5)
        XCTAssertEqual(other.presentation()?.opacity, 1, "without the model update it snaps back")
    }

    func testRemovingAnimationSnapsButCopyingPresentationKeepsPlace() {
        // Article 001: removeAnimation snaps to the model; copy the presentation value first to stay.
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 10
        l.add(a, forKey: "move")
        CATransaction.flush()
        at(4)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 40, 1e-9)
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.position = l.presentation()!.position
        l.removeAnimation(forKey: "move")
        CATransaction.commit()
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 40, 1e-9)
        let m = makeLayer()
        m.add(a, forKey: "move")
        CATransaction.flush()
        at(8)
        m.removeAnimation(forKey: "move")
        CATransaction.flush()
        XCTAssertEqual(m.presentation()?.position.x, 50, "snaps back to the model value")
    }

    func testAdditiveAndCumulative() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 10; a.duration = 1
        a.isAdditive = true
        l.add(a, forKey: "wiggle")
        CATransaction.flush()
        at(0.5)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 55, 1e-9, "added to the model value 50")
        let c = makeLayer()
        let b = CABasicAnimation(keyPath: "position.x")
        b.fromValue = 0; b.toValue = 10; b.duration = 1; b.repeatCount = 3; b.isCumulative = true
        c.add(b, forKey: "step")
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CATransaction.flush()
        CAMediaClock.manualTime = s + 2.5
        XCTAssertClose(c.presentation().map { Double($0.position.x) }, 25, 1e-9, "third iteration starts at 20")
    }

    func testTransformAnimationInterpolatesByDecomposition() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = CATransform3DIdentity
        a.toValue = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        a.duration = 1
        l.add(a, forKey: "spin")
        CATransaction.flush()
        at(0.5)
        let m = l.presentation()!.transform
        let expected = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        XCTAssertClose(Double(m.m11), Double(expected.m11), 1e-9)
        XCTAssertClose(Double(m.m12), Double(expected.m12), 1e-9)
    }

    func testSubKeyPathAnimations() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0; a.toValue = Double.pi; a.duration = 1
        l.add(a, forKey: "r")
        CATransaction.flush()
        let b = CABasicAnimation(keyPath: "bounds.size.width")
        b.toValue = 300; b.duration = 1
        l.add(b, forKey: "w")
        CATransaction.flush()
        at(0.5)
        let p = l.presentation()!
        XCTAssertClose((p.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), .pi / 2, 1e-9)
        XCTAssertClose(Double(p.bounds.width), 200, 1e-9)
    }

    func testValueFunction() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform")
        a.valueFunction = CAValueFunction(name: .rotateZ)
        a.fromValue = 0; a.toValue = 2 * Double.pi; a.duration = 1
        l.add(a, forKey: "spin")
        CATransaction.flush()
        at(0.25)
        XCTAssertClose((l.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), .pi / 2, 1e-9)
    }

    func testColorAnimation() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "backgroundColor")
        a.fromValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        a.toValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        a.duration = 1
        l.add(a, forKey: "c")
        CATransaction.flush()
        at(0.5)
        let c = l.presentation()!.backgroundColor!.srgbComponents
        XCTAssertClose(Double(c.red), 0.5); XCTAssertClose(Double(c.blue), 0.5); XCTAssertClose(Double(c.alpha), 1)
    }

    func testNSNumberAndNSValueAreAccepted() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = NSNumber(value: 0.0); a.toValue = NSNumber(value: 1.0); a.duration = 1
        l.add(a, forKey: "o")
        CATransaction.flush()
        let b = CABasicAnimation(keyPath: "position")
        b.fromValue = NSValue(point: CGPoint(x: 0, y: 0)); b.toValue = NSValue(point: CGPoint(x: 100, y: 0)); b.duration = 1
        l.add(b, forKey: "p")
        CATransaction.flush()
        at(0.5)
        XCTAssertClose(l.presentation().map { Double($0.opacity) }, 0.5)
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 50, y: 0))
        XCTAssertEqual(diagnostics, [])
    }

    func testNSValueTransformsAsOnApple() {
        let t = CATransform3DMakeRotation(0.5, 0, 0, 1)
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        a.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(1, 0, 0, 1))
        a.duration = 1
        l.add(a, forKey: "t")
        CATransaction.flush()
        at(0.5)
        XCTAssertClose((l.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), 0.5, 1e-9)
        XCTAssertEqual(diagnostics, [])
    }

    func testWrongTypesAndUnknownKeyPathsAreDiagnosedNotFatal() {
        let l = makeLayer()
        l.name = "box"
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = "red"
        l.add(a, forKey: "bad")
        CATransaction.flush()
        // Any plain key animates (a custom property); a sub-path of a property that has none is unknown.
        let b = CABasicAnimation(keyPath: "position.w")
        b.toValue = 1
        l.add(b, forKey: "unknown")
        CATransaction.flush()
        let c = CABasicAnimation(keyPath: "position.x")
        c.toValue = Double.nan
        l.add(c, forKey: "nan")
        CATransaction.flush()
        at(0.1)
        XCTAssertEqual(l.presentation()?.opacity, 1)
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 50, y: 50))
        XCTAssertEqual(diagnostics.count, 3, "\(diagnostics)")
        XCTAssert(diagnostics[0].contains("layer 'box'") && diagnostics[0].contains("opacity") && diagnostics[0].contains("CABasicAnimation"))
        XCTAssert(diagnostics[1].contains("unknown key path 'position.w'"))
        XCTAssert(diagnostics[2].contains("not finite"))
    }

    func testAddStoresACopyAndReplacingNotifiesFinishedFalse() {
        let l = makeLayer()
        let d = RecordingDelegate()
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = 0; a.duration = 1; a.delegate = d
        l.add(a, forKey: "k")
        CATransaction.flush()
        a.duration = 99
        XCTAssertEqual(l.animation(forKey: "k")?.duration, 1, "the layer holds a copy")
        XCTAssertFalse(l.animation(forKey: "k") === a)
        at(0.1)
        XCTAssertEqual(d.events, ["start"])
        let b = CABasicAnimation(keyPath: "opacity"); b.toValue = 1
        l.add(b, forKey: "k")
        CATransaction.flush()
        at(0.2)
        XCTAssertEqual(d.events, ["start", "stop(false)"])
        XCTAssertEqual(l.animationKeys(), ["k"])
    }

    func testDelegateStartStopAndRemovedOnCompletion() {
        let l = makeLayer()
        let d = RecordingDelegate()
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = 0; a.duration = 1; a.delegate = d
        a.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + 1
        l.add(a, forKey: "k")
        CATransaction.flush()
        at(0.5)
        XCTAssertEqual(d.events, [])
        at(1.0)
        XCTAssertEqual(d.events, ["start"])
        at(2.0)
        XCTAssertEqual(d.events, ["start", "stop(true)"])
        XCTAssertNil(l.animation(forKey: "k"))
        let keep = CABasicAnimation(keyPath: "opacity")
        keep.toValue = 0; keep.duration = 1; keep.isRemovedOnCompletion = false; keep.fillMode = .forwards
        l.add(keep, forKey: "keep")
        CATransaction.flush()
        at(3.5)
        XCTAssertNotNil(l.animation(forKey: "keep"))
        XCTAssertEqual(l.presentation()?.opacity, 0, "held by fillMode forwards")
    }

    func testAnimationKeysAndRemoveAll() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity"); a.toValue = 0
        l.add(a, forKey: "one"); l.add(a, forKey: "two"); l.add(a, forKey: nil)
        CATransaction.flush()
        XCTAssertEqual(l.animationKeys(), ["one", "two"])
        l.removeAllAnimations()
        XCTAssertNil(l.animationKeys())
    }
}
