import XCTest
@testable import QuartzCore

final class KeyValueCodingTests: LaminaTestCase {
    func testReadsEveryKindOfKeyPath() {
        let l = makeLayer(CGRect(x: 10, y: 20, width: 100, height: 50))
        CATransaction.setDisableActions(true)
        l.shadowOffset = CGSize(width: 2, height: 7)
        l.transform = CATransform3DConcat(CATransform3DMakeScale(2, 2, 2), CATransform3DMakeRotation(0.5, 0, 0, 1))
        XCTAssertEqual(l.value(forKey: "position") as? CGPoint, CGPoint(x: 60, y: 45))
        XCTAssertEqual(l.value(forKeyPath: "position.x") as? CGFloat, 60)
        XCTAssertEqual(l.value(forKeyPath: "bounds.size.width") as? CGFloat, 100)
        XCTAssertEqual(l.value(forKeyPath: "bounds.origin") as? CGPoint, .zero)
        XCTAssertEqual(l.value(forKeyPath: "shadowOffset.height") as? CGFloat, 7)
        XCTAssertEqual(l.value(forKey: "opacity") as? Float, 1)
        XCTAssertEqual(l.value(forKey: "hidden") as? Bool, false)
        XCTAssertEqual(l.value(forKey: "isHidden") as? Bool, false)
        XCTAssertClose((l.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), 0.5, 1e-9)
        XCTAssertClose((l.value(forKeyPath: "transform.scale") as? CGFloat).map(Double.init), 2, 1e-9)
        XCTAssertClose((l.value(forKeyPath: "transform.scale.x") as? CGFloat).map(Double.init), 2, 1e-9)
        XCTAssertNil(l.value(forKey: "nonsense"))
    }

    func testWritesKeyPathsWithActions() {
        let l = makeLayer()
        l.setValue(300, forKeyPath: "position.x")
        XCTAssertEqual(l.position, CGPoint(x: 300, y: 50))
        XCTAssertEqual(l.animationKeys(), ["position.x"], "setting through KVC runs the action for the key path")
        CATransaction.begin(); CATransaction.setDisableActions(true)
        l.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
        l.setValue(0.5, forKeyPath: "sublayerTransform.rotation.y")
        l.setValue(NSNumber(value: 0.25), forKey: "opacity")
        l.setValue(true, forKey: "hidden")
        CATransaction.commit()
        XCTAssertClose((l.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), .pi, 1e-9)
        XCTAssertClose((l.value(forKeyPath: "sublayerTransform.rotation.y") as? CGFloat).map(Double.init), 0.5, 1e-9)
        XCTAssertEqual(l.opacity, 0.25)
        XCTAssertTrue(l.isHidden)
    }

    func testCustomKeysAndWrongTypes() {
        let l = makeLayer()
        l.setValue("hello", forKey: "myTag")
        XCTAssertEqual(l.value(forKey: "myTag") as? String, "hello")
        l.setValue("blue", forKey: "backgroundColor")
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(diagnostics.count, 1)
        l.setValue(Double.nan, forKeyPath: "position.y")
        XCTAssertEqual(l.position.y, 50)
        XCTAssertEqual(diagnostics.count, 2)
    }

    func testAnimationCustomValuesAreCopied() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.setValue("fade", forKey: "name")
        let l = makeLayer()
        l.add(a, forKey: "k")
        XCTAssertEqual(l.animation(forKey: "k")?.value(forKey: "name") as? String, "fade")
    }
}
