import XCTest
import LaminaViews
@testable import QuartzCore

/// Article 000 section 5.2 through LaminaViews, whose view builds it exactly as the article does: the
/// view (the layer's delegate) returns NSNull outside animation blocks; inside the "pop" block it
/// saves each changed property's old value (the action lookup runs before the value is stored), and
/// afterwards keyframe animations go old → new → old while the model is put back to the old value.
typealias PopView = LaminaView

final class PopAnimationSeedTests: LaminaTestCase {
    func testViewBackedLayerDoesNotAnimateOutsideBlock() {
        let v = PopView()
        v.layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        v.layer.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertNil(v.layer.animationKeys(), "snaps: the delegate returned NSNull")
    }

    func testPopOnPositionSizeColourAndRotation() {
        let views = (0..<4).map { _ in PopView() }
        for v in views { v.layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50) }
        CATransaction.flush()
        LaminaView.popAnimation(withDuration: 0.7) {
            views[0].layer.position = CGPoint(x: 200, y: 25)
            views[1].layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            views[2].layer.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
            views[3].layer.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        }
        XCTAssertEqual(views[0].layer.position, CGPoint(x: 25, y: 25), "the model is back at the old value")
        XCTAssertEqual(views.map { $0.layer.animationKeys() ?? [] }, [["position"], ["bounds"], ["backgroundColor"], ["transform.rotation.z"]])
        CATransaction.flush()
        let s = CACurrentMediaTime()
        CAMediaClock.manualTime = s + 0.14   // the 0.2 keyframe: the new values
        XCTAssertClose(views[0].layer.presentation()?.position, CGPoint(x: 200, y: 25), 1e-6)
        XCTAssertClose(views[1].layer.presentation().map { Double($0.bounds.width) }, 100, 1e-6)
        XCTAssertClose(views[2].layer.presentation().map { Double($0.backgroundColor!.srgbComponents.blue) }, 1, 1e-6)
        XCTAssertClose((views[3].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat).map(Double.init), .pi / 2, 1e-6)
        CAMediaClock.manualTime = s + 0.42
        let x = Double(views[0].layer.presentation()!.position.x)
        XCTAssert(x > 25 && x < 200, "on its way back: \(x)")
        CAMediaClock.manualTime = s + 0.7
        CATransaction.flush()
        XCTAssertEqual(views[0].layer.presentation()?.position, CGPoint(x: 25, y: 25))
    }
}
