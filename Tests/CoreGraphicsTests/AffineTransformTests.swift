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

    /// t1 = (1 2 / 3 4 / 5 6) then t2 = (7 8 / 9 10 / 11 12), as row-vector matrices [a b 0; c d 0;
    /// tx ty 1]: a = 1·7 + 2·9 = 25, b = 1·8 + 2·10 = 28, c = 3·7 + 4·9 = 57, d = 3·8 + 4·10 = 64,
    /// tx = 5·7 + 6·9 + 11 = 100, ty = 5·8 + 6·10 + 12 = 112.
    func testConcatenationByHand() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6), t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        XCTAssertEqual(t1.concatenating(t2), CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
        // And the point (1, 1): through t1 (1 + 3 + 5, 2 + 4 + 6) = (9, 12), through t2
        // (63 + 108 + 11, 72 + 120 + 12) = (182, 204).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t1.concatenating(t2)), CGPoint(x: 182, y: 204))
    }

    /// The inverse of (1 2 / 3 4 / 5 6): det = 4 − 6 = −2, linear part (4 −2 / −3 1)/−2 =
    /// (−2 1 / 1.5 −0.5), translation −(5·−2 + 6·1.5, 5·1 + 6·−0.5) = (1, −2).
    func testInversionByHand() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(t.inverted(), CGAffineTransform(a: -2, b: 1, c: 1.5, d: -0.5, tx: 1, ty: -2))
        XCTAssertEqual(CGPoint(x: 9, y: 12).applying(t.inverted()), CGPoint(x: 1, y: 1))
        XCTAssertEqual(CGAffineTransform(a: 2, b: 0, c: 0, d: 4, tx: 6, ty: 8).inverted(), CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -3, ty: -2))
        let nan = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        XCTAssertTrue(nan.inverted().a.isNaN, "a non-finite determinant: returned unchanged")
    }

    /// rotated/scaledBy/translatedBy act before the receiver (in its user space): scale 2 then
    /// rotated by 90° maps (1, 0) first to (0, 1), then to (0, 2).
    func testModifiersApplyBeforeTheReceiver() {
        let t = CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(t)
        XCTAssertEqual(Double(p.x), 0, accuracy: 1e-12)
        XCTAssertEqual(Double(p.y), 2, accuracy: 1e-12)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 3, y: 1)), CGPoint(x: 13, y: 1))
        // A quarter turn takes +y to −x: (0, 1) → (−1, 0).
        let q = CGPoint(x: 0, y: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(Double(q.x), -1, accuracy: 1e-12)
        XCTAssertEqual(Double(q.y), 0, accuracy: 1e-12)
    }

    /// The initialisers' entries, by Apple's definitions (row vectors [x y 1]·[a b 0; c d 0; tx ty 1]).
    func testInitialisersEntries() {
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(CGAffineTransform(translationX: 3, y: -4), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: -4))
        XCTAssertEqual(CGAffineTransform(scaleX: 3, y: -4), CGAffineTransform(a: 3, b: 0, c: 0, d: -4, tx: 0, ty: 0))
        let r = CGAffineTransform(rotationAngle: 0.5)
        XCTAssertEqual(Double(r.a), cos(0.5), accuracy: 1e-15); XCTAssertEqual(Double(r.b), sin(0.5), accuracy: 1e-15)
        XCTAssertEqual(Double(r.c), -sin(0.5), accuracy: 1e-15); XCTAssertEqual(Double(r.d), cos(0.5), accuracy: 1e-15)
        XCTAssertEqual(r.tx, 0); XCTAssertEqual(r.ty, 0)
        for k in 0..<6 {
            var e: [CGFloat] = [1, 0, 0, 1, 0, 0]
            e[k] += 0.5
            XCTAssertFalse(CGAffineTransform(a: e[0], b: e[1], c: e[2], d: e[3], tx: e[4], ty: e[5]).isIdentity, "entry \(k)")
        }
        // rotated(by:) and scaledBy(x:y:) by hand: rotate a quarter turn before translating by (5, 0).
        let t = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        XCTAssertEqual(Double(t.b), 1, accuracy: 1e-15); XCTAssertEqual(Double(t.c), -1, accuracy: 1e-15)
        XCTAssertEqual(t.tx, 5); XCTAssertEqual(t.ty, 0)
        XCTAssertEqual(CGAffineTransform(translationX: 5, y: 6).scaledBy(x: 2, y: 3), CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 6))
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 6), CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 18))
    }

    /// A rectangle's image is the box of its four mapped corners: (0, 0, 2, 1) sheared by c = 1
    /// (x += y) and moved by (5, 7): corners (5, 7), (7, 7), (6, 8), (8, 8) → (5, 7, 3, 1).
    func testRectApplyingShearByHand() {
        let r = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(a: 1, b: 0, c: 1, d: 1, tx: 5, ty: 7))
        XCTAssertEqual(r, CGRect(x: 5, y: 7, width: 3, height: 1))
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        XCTAssertEqual(CGSize(width: 2, height: 3).applying(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 9, ty: 9)), CGSize(width: -3, height: 2))
    }
}
