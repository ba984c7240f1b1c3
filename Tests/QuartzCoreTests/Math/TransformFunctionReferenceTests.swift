import XCTest
@testable import QuartzCore

/// Every CATransform3D function against matrices built and multiplied by Ref4 (row-vector
/// convention, apart from Lamina's code), with test matrices whose sixteen entries all differ, so
/// that an entry taken from the wrong place or with the wrong sign shows.
final class TransformFunctionReferenceTests: XCTestCase {
    /// A matrix with sixteen different entries (none 0 or 1), invertible.
    private let general: Ref4.M = [[2, 0.5, -0.25, 0.01], [0.3, 1.5, 0.75, -0.02], [-0.6, 0.2, 3, 0.03], [7, -8, 9, 1.25]]
    private let other: Ref4.M = [[0.9, -0.7, 0.4, 0.002], [1.1, 0.6, -0.3, 0.004], [0.25, -0.35, 1.7, -0.006], [-3, 4, 5, 0.8]]

    private func assertNear(_ t: CATransform3D, _ m: Ref4.M, _ tol: Double = 1e-12, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThan(Ref4.distance(Ref4.rows(t), m), tol, msg, file: file, line: line)
    }

    func testZeroIdentityAndEquality() {
        XCTAssertEqual(Ref4.rows(CATransform3D()), [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], "CATransform3D() is the zero matrix")
        XCTAssertEqual(Ref4.rows(CATransform3DIdentity), Ref4.identity)
        XCTAssertTrue(CATransform3DIsIdentity(Ref4.make(Ref4.identity)))
        XCTAssertTrue(CATransform3DEqualToTransform(Ref4.make(general), Ref4.make(general)))
        // Any one entry changed: not the identity, not equal.
        for i in 0..<4 {
            for j in 0..<4 {
                var m = Ref4.identity
                m[i][j] += 0.5
                XCTAssertFalse(CATransform3DIsIdentity(Ref4.make(m)), "entry \(i + 1)\(j + 1)")
                var g = general
                g[i][j] += 0.5
                XCTAssertFalse(CATransform3DEqualToTransform(Ref4.make(g), Ref4.make(general)), "entry \(i + 1)\(j + 1)")
            }
        }
    }

    func testMakeFunctions() {
        assertNear(CATransform3DMakeTranslation(2, -3, 5), Ref4.translation(2, -3, 5))
        assertNear(CATransform3DMakeScale(2, -3, 5), Ref4.scale(2, -3, 5))
        for (x, y, z) in [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1), (1, 2, 3), (-2, 0.5, 4), (0, 0, 7)] {
            for a in [0.4, -1.3, 2.9] {
                assertNear(CATransform3DMakeRotation(CGFloat(a), CGFloat(x), CGFloat(y), CGFloat(z)), Ref4.rotation(a, x, y, z), 1e-12, "(\(x), \(y), \(z)) by \(a)")
            }
        }
        // About z a positive angle turns +x toward +y: (1, 0) goes to (cos a, sin a).
        let r = CATransform3DMakeRotation(0.5, 0, 0, 1)
        XCTAssertEqual(Double(r.m11), cos(0.5), accuracy: 1e-15); XCTAssertEqual(Double(r.m12), sin(0.5), accuracy: 1e-15)
        XCTAssertEqual(Ref4.rows(CATransform3DMakeRotation(0.5, 0, 0, 0)), Ref4.identity, "no axis")
        XCTAssertEqual(Ref4.rows(CATransform3DMakeRotation(.nan, 0, 0, 1)), Ref4.identity, "no angle")
        XCTAssertEqual(Ref4.rows(CATransform3DMakeRotation(0.5, .infinity, 0, 1)), Ref4.identity, "an infinite axis")
    }

    /// Translate, Scale and Rotate apply their own step first, then `t`.
    func testTranslateScaleRotateComeBeforeTheTransform() {
        let t = Ref4.make(general)
        assertNear(CATransform3DTranslate(t, 2, -3, 5), Ref4.mul(Ref4.translation(2, -3, 5), general))
        assertNear(CATransform3DScale(t, 2, -3, 5), Ref4.mul(Ref4.scale(2, -3, 5), general))
        assertNear(CATransform3DRotate(t, 0.7, 1, 2, 3), Ref4.mul(Ref4.rotation(0.7, 1, 2, 3), general))
    }

    func testConcatIsTheRowVectorProduct() {
        assertNear(CATransform3DConcat(Ref4.make(general), Ref4.make(other)), Ref4.mul(general, other))
        assertNear(CATransform3DConcat(Ref4.make(other), Ref4.make(general)), Ref4.mul(other, general))
    }

    func testInvertGivesTheInverse() {
        for (name, m) in [("general", general), ("other", other),
                          ("needs pivoting: zero first diagonal", [[0, 2, 0, 0], [3, 0, 0, 0], [0, 0, 4, 0.5], [1, 2, 3, 1]] as Ref4.M),
                          ("perspective", Ref4.mul(Ref4.rotation(0.4, 0, 1, 0), Ref4.perspective(-1.0 / 500)))] {
            let inv = Ref4.rows(CATransform3DInvert(Ref4.make(m)))
            XCTAssertLessThan(Ref4.distance(Ref4.mul(m, inv), Ref4.identity), 1e-12, name)
            XCTAssertLessThan(Ref4.distance(Ref4.mul(inv, m), Ref4.identity), 1e-12, name)
        }
        // The inverse of a translation and of a scale, by hand.
        assertNear(CATransform3DInvert(Ref4.make(Ref4.translation(2, -3, 5))), Ref4.translation(-2, 3, -5))
        assertNear(CATransform3DInvert(Ref4.make(Ref4.scale(2, -4, 8))), Ref4.scale(0.5, -0.25, 0.125))
        // Singular matrices come back unchanged.
        let singular: Ref4.M = [[1, 2, 3, 0], [2, 4, 6, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
        XCTAssertEqual(Ref4.rows(CATransform3DInvert(Ref4.make(singular))), singular)
        XCTAssertEqual(Ref4.rows(CATransform3DInvert(CATransform3D())), Ref4.rows(CATransform3D()))
    }

    func testAffineConversions() {
        let a = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        XCTAssertEqual(Ref4.rows(CATransform3DMakeAffineTransform(a)), [[2, 3, 0, 0], [5, 7, 0, 0], [0, 0, 1, 0], [11, 13, 0, 1]])
        XCTAssertEqual(CATransform3DGetAffineTransform(Ref4.make(general)), CGAffineTransform(a: 2, b: 0.5, c: 0.3, d: 1.5, tx: 7, ty: -8))
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeAffineTransform(a)))
        // Each entry outside the 2D part, changed on its own, makes the transform not affine.
        for (i, j) in [(0, 2), (0, 3), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3), (3, 2), (3, 3)] {
            var m = Ref4.rows(CATransform3DMakeAffineTransform(a))
            m[i][j] += 0.5
            XCTAssertFalse(CATransform3DIsAffine(Ref4.make(m)), "entry \(i + 1)\(j + 1)")
        }
    }

    func testNSValueBoxing() {
        let t = Ref4.make(general)
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        XCTAssertEqual(NSValue(caTransform3D: CATransform3D()).caTransform3DValue, CATransform3D())
        XCTAssertEqual(NSNumber(value: 3).caTransform3DValue, CATransform3DIdentity, "not a transform")
    }

    /// Decompositions are equal when every part is; any one part differing makes them unequal.
    func testDecompositionEquality() {
        guard let d = decomposeTransform(Ref4.make(general)) else { return XCTFail("decomposable") }
        XCTAssertEqual(d, d)
        var e = d; e.scale.2 += 1; XCTAssertNotEqual(d, e, "scale")
        e = d; e.skew.1 += 1; XCTAssertNotEqual(d, e, "skew")
        e = d; e.quaternion.3 = -e.quaternion.3; XCTAssertNotEqual(d, e, "quaternion")
        e = d; e.translation.0 += 1; XCTAssertNotEqual(d, e, "translation")
        e = d; e.perspective.3 += 1; XCTAssertNotEqual(d, e, "perspective")
    }

    // MARK: Sub-key-paths

    private let deg = Double.pi / 180

    /// Rx(x) · Ry(y) · Rz(z) (x applied first), by Ref4.
    private func euler(_ x: Double, _ y: Double, _ z: Double) -> Ref4.M {
        Ref4.mul(Ref4.mul(Ref4.rotation(x, 1, 0, 0), Ref4.rotation(y, 0, 1, 0)), Ref4.rotation(z, 0, 0, 1))
    }

    func testSubKeysReadTheParts() {
        // Scale (2, 3, 4), rotations x 0.3, y −0.4, z 0.5, translation (5, 6, 7).
        let m = Ref4.make(Ref4.mul(Ref4.mul(Ref4.scale(2, 3, 4), euler(0.3, -0.4, 0.5)), Ref4.translation(5, 6, 7)))
        let expected: [(String, Double)] = [
            ("rotation.x", 0.3), ("rotation.y", -0.4), ("rotation.z", 0.5), ("rotation", 0.5),
            ("scale.x", 2), ("scale.y", 3), ("scale.z", 4), ("scale", 3),
            ("translation.x", 5), ("translation.y", 6), ("translation.z", 7),
        ]
        for (key, value) in expected {
            XCTAssertClose(transformSubValue(m, key).map(Double.init), value, 1e-12, key)
        }
        XCTAssertEqual(transformTranslation(m), CGSize(width: 5, height: 6))
        XCTAssertNil(transformSubValue(m, "rotation.w"))
        // An undecomposable transform reads as no rotation and unit scale; its translation is still read.
        var flat = CATransform3DMakeScale(0, 1, 1)
        flat.m42 = 9
        for key in ["rotation.x", "rotation.y", "rotation.z", "rotation"] { XCTAssertEqual(transformSubValue(flat, key), 0, key) }
        for key in ["scale.x", "scale.y", "scale.z", "scale"] { XCTAssertEqual(transformSubValue(flat, key), 1, key) }
        XCTAssertEqual(transformSubValue(flat, "translation.y"), 9)
    }

    /// At y = ±90° x and z turn about the same axis: the angles read must still rebuild the rotation.
    func testEulerAnglesAtGimbalLockRebuildTheRotation() {
        for (x, y, z) in [(0.3, 90 * deg, 0.5), (-0.7, -90 * deg, 0.2), (0.25, 90 * deg, 0)] {
            let n = euler(x, y, z)
            let e = eulerAngles(rows: n.prefix(3).map { Array($0.prefix(3)) })
            XCTAssertClose(e.1, y, 1e-6)
            XCTAssertEqual(e.2, 0, "the whole rotation about the shared axis is put in x")
            XCTAssertLessThan(Ref4.distance(euler(e.0, e.1, e.2), n), 1e-6, "(\(x), \(y), \(z))")
        }
        // Away from the lock the angles are the ones the rotation was built from.
        let e = eulerAngles(rows: euler(-1.2, 1.1, 2.8).prefix(3).map { Array($0.prefix(3)) })
        XCTAssertClose(e.0, -1.2, 1e-12); XCTAssertClose(e.1, 1.1, 1e-12); XCTAssertClose(e.2, 2.8, 1e-12)
    }

    func testSubKeysReplaceOnePart() {
        let s = Ref4.scale(2, 3, 4), r = euler(0.3, -0.4, 0.5), t = Ref4.translation(5, 6, 7)
        let m = Ref4.make(Ref4.mul(Ref4.mul(s, r), t))
        let rows: [(String, Ref4.M)] = [
            ("rotation.x", Ref4.mul(Ref4.mul(s, euler(1.0, -0.4, 0.5)), t)),
            ("rotation.y", Ref4.mul(Ref4.mul(s, euler(0.3, 1.0, 0.5)), t)),
            ("rotation.z", Ref4.mul(Ref4.mul(s, euler(0.3, -0.4, 1.0)), t)),
            ("rotation", Ref4.mul(Ref4.mul(s, euler(0.3, -0.4, 1.0)), t)),
            ("scale.x", Ref4.mul(Ref4.mul(Ref4.scale(1, 3, 4), r), t)),
            ("scale.y", Ref4.mul(Ref4.mul(Ref4.scale(2, 1, 4), r), t)),
            ("scale.z", Ref4.mul(Ref4.mul(Ref4.scale(2, 3, 1), r), t)),
            ("scale", Ref4.mul(Ref4.mul(Ref4.scale(1, 1, 1), r), t)),
            ("translation.x", Ref4.mul(Ref4.mul(s, r), Ref4.translation(1, 6, 7))),
            ("translation.y", Ref4.mul(Ref4.mul(s, r), Ref4.translation(5, 1, 7))),
            ("translation.z", Ref4.mul(Ref4.mul(s, r), Ref4.translation(5, 6, 1))),
        ]
        for (key, expected) in rows {
            guard let set = transformSetting(m, key, 1) else { XCTFail(key); continue }
            assertNear(set, expected, 1e-12, key)
        }
        XCTAssertNil(transformSetting(m, "skew", 1))
        XCTAssertNil(transformSetting(CATransform3DMakeScale(0, 1, 1), "rotation.z", 1), "undecomposable")
        XCTAssertEqual(transformSetting(CATransform3DMakeScale(0, 1, 1), "translation.x", 4)?.m41, 4)
        assertNear(transformSettingTranslation(m, CGSize(width: -1, height: -2)), Ref4.mul(Ref4.mul(s, r), Ref4.translation(-1, -2, 7)))
    }
}
