import XCTest
@testable import QuartzCore

/// CATransform3DInvert checked by multiplying back (with the test's own matrix product) and against
/// inverses written out by hand.
final class TransformInverseTests: XCTestCase {
    static let cases: [(String, Ref4.M)] = {
        let deg = Double.pi / 180
        return [
            ("rotation 30° about x", Ref4.rotation(30 * deg, 1, 0, 0)),
            ("rotation 75° about y", Ref4.rotation(75 * deg, 0, 1, 0)),
            ("rotation 90° about z", Ref4.rotation(90 * deg, 0, 0, 1)),
            ("rotation 200° about z", Ref4.rotation(200 * deg, 0, 0, 1)),
            ("rotation 1.3 rad about (1, 2, 3)", Ref4.rotation(1.3, 1, 2, 3)),
            ("rotation 2.9 rad about (−1, 1, 0.5)", Ref4.rotation(2.9, -1, 1, 0.5)),
            ("scale (2, 0.5, 4)", Ref4.scale(2, 0.5, 4)),
            ("small scale 1e-3", Ref4.scale(1e-3, 1e-3, 1e-3)),
            ("mirror x", Ref4.scale(-1, 1, 1)),
            ("translation (5, −6, 7)", Ref4.translation(5, -6, 7)),
            ("perspective m34 = −1/500", Ref4.perspective(-1.0 / 500)),
            ("scale · rotation · translation", Ref4.mul(Ref4.mul(Ref4.scale(2, 3, 1), Ref4.rotation(0.7, 0, 0, 1)), Ref4.translation(10, 20, 30))),
            ("rotation about y in perspective", Ref4.mul(Ref4.mul(Ref4.rotation(0.9, 0, 1, 0), Ref4.translation(0, 0, -50)), Ref4.perspective(-1.0 / 400))),
            ("skew", [[1, 0, 0, 0], [0.5, 1, 0, 0], [0.25, -0.75, 1, 0], [0, 0, 0, 1]]),
        ]
    }()

    func testProductWithTheInverseIsTheIdentity() {
        for (name, m) in Self.cases {
            let inv = Ref4.rows(CATransform3DInvert(Ref4.make(m)))
            XCTAssertLessThan(Ref4.distance(Ref4.mul(m, inv), Ref4.identity), 1e-12, "\(name): M · M⁻¹")
            XCTAssertLessThan(Ref4.distance(Ref4.mul(inv, m), Ref4.identity), 1e-12, "\(name): M⁻¹ · M")
        }
    }

    /// Inverses known in closed form: a rotation's is the rotation by −θ (its transpose), a
    /// scale's the reciprocal scale, a translation's the opposite translation, and a perspective
    /// m34 = p inverts to m34 = −p.
    func testInversesKnownInClosedForm() {
        let rows: [(String, Ref4.M, Ref4.M)] = [
            ("rotation about z", Ref4.rotation(0.6, 0, 0, 1), Ref4.rotation(-0.6, 0, 0, 1)),
            ("rotation about x", Ref4.rotation(1.1, 1, 0, 0), Ref4.rotation(-1.1, 1, 0, 0)),
            ("rotation about (2, −1, 2)", Ref4.rotation(2.2, 2, -1, 2), Ref4.rotation(-2.2, 2, -1, 2)),
            ("scale", Ref4.scale(4, -2, 0.5), Ref4.scale(0.25, -0.5, 2)),
            ("translation", Ref4.translation(3, -4, 12), Ref4.translation(-3, 4, -12)),
            ("perspective", Ref4.perspective(-0.002), Ref4.perspective(0.002)),
            // (S·T)⁻¹ = T⁻¹·S⁻¹
            ("scale then translate", Ref4.mul(Ref4.scale(2, 4, 8), Ref4.translation(1, 2, 3)),
             Ref4.mul(Ref4.translation(-1, -2, -3), Ref4.scale(0.5, 0.25, 0.125))),
        ]
        for (name, m, expected) in rows {
            XCTAssertLessThan(Ref4.distance(Ref4.rows(CATransform3DInvert(Ref4.make(m))), expected), 1e-12, name)
        }
        // A 90° turn about z written out: rows (0, 1), (−1, 0) invert to (0, −1), (1, 0).
        let quarter = CATransform3DInvert(CATransform3D(m11: 0, m12: 1, m13: 0, m14: 0, m21: -1, m22: 0, m23: 0, m24: 0,
                                                        m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
        XCTAssertEqual([quarter.m11, quarter.m12, quarter.m21, quarter.m22], [0, -1, 1, 0])
    }

    /// Apple: "If the matrix has no inverse, the original matrix is returned."
    func testSingularMatricesAreReturnedUnchanged() {
        let singular: [(String, CATransform3D)] = [
            ("zero scale in x", Ref4.make(Ref4.scale(0, 1, 1))),
            ("the zero matrix", CATransform3D()),
            ("two equal rows", Ref4.make([[1, 2, 3, 0], [1, 2, 3, 0], [0, 0, 1, 0], [4, 5, 6, 1]])),
            ("flattened onto z = 0 then rotated", Ref4.make(Ref4.mul(Ref4.scale(1, 1, 0), Ref4.rotation(0.5, 0, 0, 1)))),
        ]
        for (name, m) in singular {
            XCTAssertEqual(CATransform3DInvert(m), m, name)
        }
    }

    func testInvertingTwiceGivesTheMatrixBack() {
        for (name, m) in Self.cases {
            let back = Ref4.rows(CATransform3DInvert(CATransform3DInvert(Ref4.make(m))))
            XCTAssertLessThan(Ref4.distance(back, m), 1e-10, name)
        }
    }
}
