import XCTest
@testable import QuartzCore

/// Properties that are not animatable values reached by key, as Apple's CALayer answers
/// `value(forKey:)` and `setValue(_:forKey:)` for every property: they set the property itself,
/// never a custom key of the same name.
final class KeyValuePropertyTests: LaminaTestCase {
    func testNonValuePropertiesAreSetByKey() {
        let l = CALayer()
        l.setValue("multiplyBlendMode", forKey: "compositingFilter")
        XCTAssertEqual(l.compositingFilter as? String, "multiplyBlendMode")
        XCTAssertEqual(l.value(forKey: "compositingFilter") as? String, "multiplyBlendMode")

        l.setValue(CAEdgeAntialiasingMask.layerLeftEdge, forKey: "edgeAntialiasingMask")
        XCTAssertEqual(l.edgeAntialiasingMask, .layerLeftEdge)
        l.setValue(NSNumber(value: 12), forKey: "edgeAntialiasingMask")
        XCTAssertEqual(l.edgeAntialiasingMask, [.layerBottomEdge, .layerTopEdge], "4 | 8")
        XCTAssertEqual(l.value(forKey: "edgeAntialiasingMask") as? CAEdgeAntialiasingMask, [.layerBottomEdge, .layerTopEdge])

        l.setValue(3, forKey: "maskedCorners")
        XCTAssertEqual(l.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        l.setValue("continuous", forKey: "cornerCurve")
        XCTAssertEqual(l.cornerCurve, .continuous)
        l.setValue(CAMediaTimingFillMode.forwards, forKey: "fillMode")
        XCTAssertEqual(l.fillMode, .forwards)
        let m = CALayer()
        l.setValue(m, forKey: "mask")
        XCTAssertTrue(l.mask === m)
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }
}
