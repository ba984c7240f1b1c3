import XCTest
@testable import QuartzCore

final class GeometryTests: LaminaTestCase {
    func testFrameFromBoundsPositionAnchorAndTransform() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 100)
        l.anchorPoint = CGPoint(x: 0, y: 0)
        XCTAssertEqual(l.frame, CGRect(x: 200, y: 100, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.transform = CATransform3DMakeScale(2, 2, 1)
        XCTAssertEqual(l.frame, CGRect(x: 100, y: 50, width: 200, height: 100))
        l.transform = CATransform3DIdentity
        l.frame = CGRect(x: 10, y: 10, width: 20, height: 40)
        XCTAssertEqual(l.position, CGPoint(x: 20, y: 30))
        XCTAssertEqual(l.bounds.size, CGSize(width: 20, height: 40))
    }

    func testConvertPointThroughRotationAndBoundsOrigin() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = CALayer()
        child.bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
        child.position = CGPoint(x: 200, y: 200)
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(child)
        // The child's centre (60, 60) sits at the position.
        XCTAssertClose(child.convert(CGPoint(x: 60, y: 60), to: root), CGPoint(x: 200, y: 200), 1e-9)
        // +x in the child points along +y in the root after a 90° rotation.
        XCTAssertClose(child.convert(CGPoint(x: 70, y: 60), to: root), CGPoint(x: 200, y: 210), 1e-9)
        XCTAssertClose(child.convert(CGPoint(x: 200, y: 210), from: root), CGPoint(x: 70, y: 60), 1e-9)
    }

    func testConvertRoundTripsThroughPerspective() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        root.sublayerTransform = p
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.position = CGPoint(x: 200, y: 200)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        root.addSublayer(card)
        for q in [CGPoint(x: 0, y: 0), CGPoint(x: 150, y: 20), CGPoint(x: 200, y: 100)] {
            let inRoot = card.convert(q, to: root)
            XCTAssertClose(root.convert(inRoot, to: card), q, 1e-6)
        }
        // In perspective the edge nearer the viewer looks taller than the far one.
        let leftTop = card.convert(CGPoint(x: 0, y: 0), to: root), leftBottom = card.convert(CGPoint(x: 0, y: 100), to: root)
        let rightTop = card.convert(CGPoint(x: 200, y: 0), to: root), rightBottom = card.convert(CGPoint(x: 200, y: 100), to: root)
        XCTAssertNotEqual(abs(leftBottom.y - leftTop.y), abs(rightBottom.y - rightTop.y))
    }

    func testConvertRect() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let child = CALayer()
        child.frame = CGRect(x: 50, y: 60, width: 10, height: 10)
        root.addSublayer(child)
        XCTAssertEqual(child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root), CGRect(x: 50, y: 60, width: 10, height: 10))
        XCTAssertEqual(root.convert(CGRect(x: 50, y: 60, width: 5, height: 5), to: child), CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    func testHitTestHonoursHiddenMasksToBoundsAndZ() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = CALayer(); a.frame = CGRect(x: 0, y: 0, width: 100, height: 100); a.name = "a"
        let b = CALayer(); b.frame = CGRect(x: 50, y: 50, width: 100, height: 100); b.name = "b"
        root.addSublayer(a); root.addSublayer(b)
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "b", "later sibling is in front")
        a.zPosition = 1
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "a", "higher zPosition is in front")
        a.isHidden = true
        XCTAssertEqual(root.hitTest(CGPoint(x: 75, y: 75))?.name, "b")
        let inner = CALayer(); inner.frame = CGRect(x: 80, y: 80, width: 100, height: 100); inner.name = "inner"
        b.addSublayer(inner)
        XCTAssertEqual(root.hitTest(CGPoint(x: 200, y: 200))?.name, "inner", "sticks out of b")
        b.masksToBounds = true
        XCTAssert(root.hitTest(CGPoint(x: 200, y: 200)) === root, "clipped by masksToBounds")
        XCTAssertEqual(root.hitTest(CGPoint(x: 390, y: 390)), root)
        XCTAssertNil(root.hitTest(CGPoint(x: 500, y: 500)))
    }

    func testPresentationHitTestFollowsTheAnimation() {
        // Article 000 section 4.2: hit-test the presentation layer, not the model.
        let root = makeLayer(CGRect(x: 0, y: 0, width: 400, height: 400))
        let box = CALayer(); box.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(box)
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        box.position = CGPoint(x: 325, y: 25)
        CATransaction.commit()
        at(0.5)
        let onScreen = CGPoint(x: 175, y: 25)
        XCTAssertNotNil(box.presentation()?.hitTest(onScreen), "where the box is seen")
        XCTAssertNil(box.hitTest(onScreen), "the model is already at its destination")
        XCTAssert(root.presentation()?.hitTest(onScreen)?.model() === box)
    }

    func testGeometryFlipped() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.isGeometryFlipped = true
        let c = CALayer(); c.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(c)
        XCTAssertClose(c.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 0, y: 100), 1e-9)
    }
}

final class GeometryBadInputTests: LaminaTestCase {
    func testSingularTransformGivesNaNAndOneDiagnostic() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let flat = CALayer()
        flat.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        flat.name = "flat"
        root.addSublayer(flat)
        let p = flat.convert(CGPoint(x: 5, y: 5), from: root)
        XCTAssertTrue(p.x.isNaN)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssert(diagnostics[0].contains("layer 'flat'"))
        XCTAssertNil(root.hitTest(CGPoint(x: 5, y: 5)) === flat ? flat : nil, "a layer with no area is never hit")
    }

    func testZeroSizeAndNaNFrameDoNotCrash() {
        let l = makeLayer(.zero)
        XCTAssertEqual(l.frame, .zero)
        XCTAssertFalse(l.contains(.zero) && l.bounds.width > 0)
        l.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        XCTAssertEqual(l.frame, .zero, "a non-finite frame is ignored")
        XCTAssertEqual(diagnostics.count, 1)
    }
}
