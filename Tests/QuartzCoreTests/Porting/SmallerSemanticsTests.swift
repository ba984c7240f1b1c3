import XCTest
@testable import QuartzCore

/// Smaller semantics, each against Apple's reference:
/// - CALayer adopts CAMediaTiming with the protocol's defaults (beginTime 0, duration 0, speed 1,
///   timeOffset 0, repeatCount 0, repeatDuration 0, autoreverses false, fillMode removed), and a
///   layer's local time is (t - beginTime) * speed + timeOffset.
/// - CATransaction.setAnimationDuration: "the animation duration used by all animations within
///   this transaction group": an explicit animation that sets no duration takes it.
/// - CAAnimationGroup.animations is a copied array (`@property(copy) NSArray *animations`): a copy
///   of the group holds the same child animation objects.
/// - CALayer.affineTransform() is CATransform3DGetAffineTransform(transform): the 2D entries
///   (m11, m12, m21, m22, m41, m42), whatever the other entries hold.
final class SmallerSemanticsTests: LaminaTestCase {
    func testALayersOwnMediaTimingDefaults() {
        let l = CALayer()
        XCTAssertEqual(l.beginTime, 0)
        XCTAssertEqual(l.duration, 0)
        XCTAssertEqual(l.speed, 1)
        XCTAssertEqual(l.timeOffset, 0)
        XCTAssertEqual(l.repeatCount, 0)
        XCTAssertEqual(l.repeatDuration, 0)
        XCTAssertFalse(l.autoreverses)
        XCTAssertEqual(l.fillMode, .removed)
        // The class's defaults say the same, in the properties' own types.
        XCTAssertEqual(CALayer.defaultValue(forKey: "beginTime") as? CFTimeInterval, 0)
        XCTAssertEqual(CALayer.defaultValue(forKey: "duration") as? CFTimeInterval, 0)
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "repeatCount") as? Float, 0)
        XCTAssertEqual(CALayer.defaultValue(forKey: "autoreverses") as? Bool, false)
        XCTAssertEqual(CALayer.defaultValue(forKey: "fillMode") as? CAMediaTimingFillMode, .removed)
        XCTAssertEqual(l.value(forKey: "speed") as? Float, 1)
    }

    func testALayerWithDefaultTimingNeverEndsAndMapsTimeOneToOne() {
        let root = makeLayer()
        let child = CALayer()
        root.addSublayer(child)
        CATransaction.flush()
        XCTAssertEqual(child.convertTime(1000, from: nil), 1000, "speed 1, no offset")
        // An animation 500 s after the layer appeared still runs: duration 0 on a layer is not the
        // 0.25 s default of an animation.
        at(500)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 2
        child.add(a, forKey: "fade")
        CATransaction.flush()
        at(501)
        XCTAssertClose(Double(child.presentation()!.opacity), 0.5, 1e-6)
    }

    func testALayersSpeedAndOffsetScaleItsLocalTime() {
        let root = makeLayer()
        let child = CALayer()
        child.speed = 2
        child.timeOffset = 3
        child.beginTime = 10
        root.addSublayer(child)
        CATransaction.flush()
        // (t - beginTime) * speed + timeOffset = (20 - 10) * 2 + 3 = 23.
        XCTAssertEqual(child.convertTime(20, from: nil), 23)
    }

    func testAnExplicitAnimationWithoutADurationTakesTheTransactionsDuration() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0.0; a.toValue = 100.0      // no duration set
        l.add(a, forKey: "move")
        let b = CABasicAnimation(keyPath: "position.y")
        b.fromValue = 0.0; b.toValue = 100.0; b.duration = 4
        l.add(b, forKey: "own")
        CATransaction.commit()
        XCTAssertEqual(l.animation(forKey: "move")?.duration, 2)
        XCTAssertEqual(l.animation(forKey: "own")?.duration, 4, "an animation's own duration wins")
        XCTAssertEqual(a.duration, 0, "the animation added is not changed")
        at(1)
        XCTAssertClose(Double(l.presentation()!.position.x), 50, 1e-6, "halfway through 2 s")
        XCTAssertClose(Double(l.presentation()!.position.y), 25, 1e-6)
    }

    func testANestedTransactionInheritsTheDurationAndWithoutOneTheDefaultStays() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.begin()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0
        l.add(a, forKey: "fade")
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertEqual(l.animation(forKey: "fade")?.duration, 3)
        let m = makeLayer()
        m.add(a, forKey: "fade")
        CATransaction.flush()
        XCTAssertEqual(m.animation(forKey: "fade")?.duration, 0, "no transaction duration: 0, which plays as 0.25 s")
        at(0.125)
        XCTAssertClose(Double(m.presentation()!.opacity), 0.5, 1e-6)
    }

    func testACopiedGroupSharesItsChildAnimations() {
        let a = CABasicAnimation(keyPath: "opacity")
        let b = CAKeyframeAnimation(keyPath: "position")
        let g = CAAnimationGroup()
        g.animations = [a, b]
        g.duration = 2
        let c = g.copy() as! CAAnimationGroup
        XCTAssertFalse(c === g)
        XCTAssertEqual(c.duration, 2)
        XCTAssertTrue(c.animations?[0] === a)
        XCTAssertTrue(c.animations?[1] === b)
        c.animations = []
        XCTAssertEqual(g.animations?.count, 2, "the array itself is the copy's own")
    }

    func testAddingAGroupLeavesTheCallersChildrenAlone() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0        // duration 0: the stored copy takes the group's
        let g = CAAnimationGroup()
        g.animations = [a]
        g.duration = 2
        l.add(g, forKey: "g")
        CATransaction.flush()
        XCTAssertEqual(a.duration, 0, "the caller's child is not prepared in place")
        let stored = l.animation(forKey: "g") as! CAAnimationGroup
        XCTAssertFalse(stored.animations?[0] === a)
        at(1)
        XCTAssertClose(Double(l.presentation()!.opacity), 0.5, 1e-6)
    }

    func testAffineTransformOfANonAffineTransformIsItsTwoDimensionalEntries() {
        let l = makeLayer()
        var t = CATransform3DIdentity
        t.m11 = 2; t.m12 = 3; t.m13 = 4; t.m14 = 0.001
        t.m21 = 5; t.m22 = 6; t.m23 = 7; t.m24 = 0.002
        t.m31 = 8; t.m32 = 9; t.m33 = 0.5; t.m34 = -1.0 / 500
        t.m41 = 10; t.m42 = 11; t.m43 = 12; t.m44 = 2
        l.transform = t
        XCTAssertEqual(l.affineTransform(), CGAffineTransform(a: 2, b: 3, c: 5, d: 6, tx: 10, ty: 11))
    }
}

/// CATransaction's completion block read back from a nested transaction: transaction properties
/// are read from the innermost transaction that set them, as kCATransactionAnimationDuration is.
final class NestedCompletionBlockReadTests: LaminaTestCase {
    func testANestedTransactionReadsItsOuterBlockUntilItSetsItsOwn() {
        var ran: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { ran.append("outer") }
        CATransaction.begin()
        CATransaction.completionBlock()?()
        XCTAssertEqual(ran, ["outer"], "the outer block, read from inside")
        CATransaction.setCompletionBlock { ran.append("inner") }
        CATransaction.completionBlock()?()
        (CATransaction.value(forKey: kCATransactionCompletionBlock) as? () -> Void)?()
        XCTAssertEqual(ran, ["outer", "inner", "inner"])
        CATransaction.commit()
        CATransaction.completionBlock()?()
        XCTAssertEqual(ran, ["outer", "inner", "inner", "outer"], "back in the outer transaction")
        ran = []
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(ran.sorted(), ["inner", "outer"], "each runs once after the commit (no animations)")
    }
}
