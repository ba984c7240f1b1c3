import XCTest
@testable import QuartzCore

/// Default values as Apple documents them.
final class DefaultValueTests: LaminaTestCase {
    func testLayerDefaults() {
        let l = CALayer()
        XCTAssertEqual(l.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(l.opacity, 1)
        XCTAssertEqual(l.borderColor, CGColor(gray: 0, alpha: 1))
        XCTAssertEqual(l.shadowColor, CGColor(gray: 0, alpha: 1))
        XCTAssertEqual(l.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(l.shadowRadius, 3)
        XCTAssertEqual(l.shadowOpacity, 0)
        XCTAssertEqual(l.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertEqual(l.contentsScale, 1)
        XCTAssertTrue(l.isDoubleSided)
        XCTAssertTrue(l.allowsGroupOpacity)
        XCTAssertEqual(l.speed, 1)
        XCTAssertEqual(l.fillMode, .removed)
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertTrue(CATransform3DIsIdentity(l.transform))
        XCTAssertTrue(CATransform3DIsIdentity(l.sublayerTransform))
    }

    func testSubclassAndAnimationDefaults() {
        let s = CAShapeLayer()
        XCTAssertEqual(s.fillColor, CGColor(gray: 0, alpha: 1)); XCTAssertNil(s.strokeColor)
        XCTAssertEqual(s.lineWidth, 1); XCTAssertEqual(s.miterLimit, 10); XCTAssertEqual(s.strokeEnd, 1)
        XCTAssertEqual(s.lineCap, .butt); XCTAssertEqual(s.lineJoin, .miter); XCTAssertEqual(s.fillRule, .nonZero)
        let t = CATextLayer()
        XCTAssertEqual(t.fontSize, 36); XCTAssertEqual(t.foregroundColor, CGColor(gray: 1, alpha: 1))
        let g = CAGradientLayer()
        XCTAssertEqual(g.startPoint, CGPoint(x: 0.5, y: 0)); XCTAssertEqual(g.endPoint, CGPoint(x: 0.5, y: 1)); XCTAssertEqual(g.type, .axial)
        let r = CAReplicatorLayer()
        XCTAssertEqual(r.instanceCount, 1); XCTAssertEqual(r.instanceColor, CGColor(gray: 1, alpha: 1))
        let a = CABasicAnimation()
        XCTAssertEqual(a.duration, 0); XCTAssertTrue(a.isRemovedOnCompletion); XCTAssertEqual(a.fillMode, .removed); XCTAssertEqual(a.speed, 1)
        let sp = CASpringAnimation()
        XCTAssertEqual(sp.mass, 1); XCTAssertEqual(sp.stiffness, 100); XCTAssertEqual(sp.damping, 10); XCTAssertEqual(sp.initialVelocity, 0)
        XCTAssertEqual(CAKeyframeAnimation().calculationMode, .linear)
        XCTAssertEqual(CATransition().type, .fade)
    }
}
