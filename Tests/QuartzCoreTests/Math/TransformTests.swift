import XCTest
@testable import QuartzCore

final class TransformTests: XCTestCase {
    func assertClose(_ a: CATransform3D, _ b: CATransform3D, _ tol: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.entries, b.entries) { XCTAssertEqual(x, y, accuracy: tol, file: file, line: line) }
    }

    func testConventions() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let p = Homography(r).apply(CGPoint(x: 1, y: 0))!
        XCTAssertEqual(Double(p.x), 0, accuracy: 1e-12); XCTAssertEqual(Double(p.y), 1, accuracy: 1e-12)
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        // Translate first, then scale.
        XCTAssertEqual(Homography(t).apply(.zero), CGPoint(x: 20, y: 0))
        XCTAssertEqual(CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), CATransform3DIdentity), CATransform3DMakeTranslation(1, 2, 3))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertEqual(CATransform3D().m11, 0, "CATransform3D() is the zero matrix as on Apple")
    }

    func testInvert() {
        var m = CATransform3DRotate(CATransform3DMakeTranslation(5, 6, 7), 0.4, 1, 1, 0)
        m.m34 = -1 / 500
        assertClose(CATransform3DConcat(m, CATransform3DInvert(m)), CATransform3DIdentity)
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)
    }

    func testAffineRoundTrip() {
        let a = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeAffineTransform(a)))
        XCTAssertEqual(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(a)), a)
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
    }

    func testDecompositionRoundTrips() {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 500
        let cases: [(String, CATransform3D)] = [
            ("rotation z", CATransform3DMakeRotation(1.1, 0, 0, 1)),
            ("rotation xyz", CATransform3DMakeRotation(2.5, 1, 2, 3)),
            ("scale", CATransform3DMakeScale(2, 3, 4)),
            ("mirror", CATransform3DMakeScale(-1, 1, 1)),
            ("skew", CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.5, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)),
            ("perspective", persp),
            ("perspective rotation y", CATransform3DConcat(CATransform3DMakeRotation(1, 0, 1, 0), persp)),
            ("everything", CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 1, 1), CATransform3DMakeRotation(0.7, 1, 1, 0)), CATransform3DConcat(CATransform3DMakeTranslation(10, 20, 30), persp))),
        ]
        for (name, m) in cases {
            guard let d = decomposeTransform(m) else { XCTFail(name); continue }
            let r = recomposeTransform(d)
            // Homogeneous matrices are equal up to scale: compare with m44 normalised to 1.
            let mn = m.entries.map { $0 / Double(m.m44) }
            for (x, y) in zip(mn, r.entries) { XCTAssertEqual(x, y, accuracy: 1e-9, name) }
        }
        XCTAssertNil(decomposeTransform(CATransform3DMakeScale(0, 1, 1)))
    }

    func testInterpolationByDecomposition() {
        let half = interpolateTransform(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 0.5)
        assertClose(half, CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        // Matrix interpolation would shrink the halfway rotation; decomposition keeps it rigid.
        XCTAssertEqual(Double(half.m11 * half.m11 + half.m12 * half.m12), 1, accuracy: 1e-9)
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 1000
        let a = CATransform3DConcat(CATransform3DMakeRotation(0, 0, 1, 0), persp)
        let b = CATransform3DConcat(CATransform3DMakeRotation(-.pi, 0, 1, 0), persp)
        for t in stride(from: 0.0, through: 1.0, by: 0.25) {
            let m = interpolateTransform(a, b, t)
            XCTAssertEqual(Double(m.m34 / m.m44), -1 / 1000 * cos(-.pi * t), accuracy: 1e-9, "perspective kept at t=\(t)")
        }
        // Undecomposable: element-wise.
        let z = interpolateTransform(CATransform3DMakeScale(0, 0, 0), CATransform3DIdentity, 0.5)
        XCTAssertEqual(z.m11, 0.5)
    }

    func testSubKeyValues() {
        let m = CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeRotation(0.5, 0, 0, 1))
        XCTAssertEqual(Double(transformSubValue(m, "rotation.z")!), 0.5, accuracy: 1e-12)
        XCTAssertEqual(Double(transformSubValue(m, "scale.y")!), 3, accuracy: 1e-12)
        XCTAssertEqual(Double(transformSubValue(m, "scale")!), 2, accuracy: 1e-12)
        let r = transformSetting(m, "rotation.z", 1.25)!
        XCTAssertEqual(Double(transformSubValue(r, "rotation.z")!), 1.25, accuracy: 1e-12)
        XCTAssertEqual(Double(transformSubValue(r, "scale.x")!), 2, accuracy: 1e-12)
        XCTAssertEqual(Double(transformSubValue(CATransform3DMakeRotation(0.3, 1, 0, 0), "rotation.x")!), 0.3, accuracy: 1e-12)
        XCTAssertEqual(Double(transformSubValue(CATransform3DMakeRotation(0.3, 0, 1, 0), "rotation.y")!), 0.3, accuracy: 1e-12)
        XCTAssertNil(transformSubValue(m, "wobble"))
        XCTAssertEqual(transformSettingTranslation(m, CGSize(width: 4, height: 5)).m42, 5)
    }

    func testValueFunctions() {
        XCTAssertNotNil(CAValueFunction(name: .rotateZ))
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "spin")))
        XCTAssertEqual(CAValueFunction(name: .translate)!.transform(from: [1, 2]), CATransform3DMakeTranslation(1, 2, 0))
        XCTAssertEqual(CAValueFunction(name: .scale)!.transform(from: [3]), CATransform3DMakeScale(3, 3, 3))
    }
}
