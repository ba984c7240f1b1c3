import XCTest
import CoreGraphics

final class AffineTransformTests: XCTestCase {
    func close(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }

    func testRotationDirectionAndConcatenationOrder() {
        XCTAssert(close(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
        let t = CGAffineTransform(translationX: 10, y: 0), s = CGAffineTransform(scaleX: 2, y: 2)
        // a.concatenating(b) applies a then b.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t.concatenating(s)), CGPoint(x: 22, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(s.concatenating(t)), CGPoint(x: 12, y: 2))
        // translatedBy/scaledBy apply before the receiver.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(s.translatedBy(x: 10, y: 0)), CGPoint(x: 22, y: 2))
    }

    func testInverse() {
        let m = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -4)
        let p = CGPoint(x: 3, y: 9)
        XCTAssert(close(p.applying(m).applying(m.inverted()), p))
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(singular.inverted(), singular, "singular transforms are returned unchanged")
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
    }

    func testRectApplyingIsBoundingBox() {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertEqual(Double(r.width), 10 * 2.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(CGSize(width: 2, height: 3).applying(CGAffineTransform(translationX: 5, y: 5)), CGSize(width: 2, height: 3))
    }
}
