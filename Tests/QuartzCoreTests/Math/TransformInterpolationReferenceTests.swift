import XCTest
@testable import QuartzCore

/// Transform decomposition and interpolation against expectations built by hand (Ref4), not by
/// a round trip through Lamina's own decomposition.
final class TransformInterpolationReferenceTests: LaminaTestCase {
    let deg = Double.pi / 180

    /// Interpolating from the identity to a rotation by θ about z at fraction f is the rotation by
    /// f·θ: the angle advances at constant speed, for small and large angles alike.
    func testRotationAboutZAdvancesAtConstantAngularSpeed() {
        for thetaDeg in [10.0, 45, 90, 119, 150, 179] {
            let theta = thetaDeg * deg
            let to = Ref4.make(Ref4.rotation(theta, 0, 0, 1))
            for f in [0.1, 0.25, 0.5, 0.75, 0.9] {
                let m = Ref4.rows(interpolateTransform(CATransform3DIdentity, to, f))
                XCTAssertLessThan(Ref4.distance(m, Ref4.rotation(f * theta, 0, 0, 1)), 1e-9, "θ = \(thetaDeg)°, f = \(f)")
            }
        }
    }

    /// Between two rotations about one axis the angle is interpolated linearly; about other axes too.
    func testRotationsBetweenAnglesAndAboutOtherAxes() {
        let rows: [(String, Ref4.M, Ref4.M, Ref4.M)] = [
            ("z: 30° → 100° at 0.3", Ref4.rotation(30 * deg, 0, 0, 1), Ref4.rotation(100 * deg, 0, 0, 1), Ref4.rotation(51 * deg, 0, 0, 1)),
            ("z: −40° → 60° at 0.3", Ref4.rotation(-40 * deg, 0, 0, 1), Ref4.rotation(60 * deg, 0, 0, 1), Ref4.rotation(-10 * deg, 0, 0, 1)),
            ("x: 0 → 80° at 0.3", Ref4.identity, Ref4.rotation(80 * deg, 1, 0, 0), Ref4.rotation(24 * deg, 1, 0, 0)),
            ("y: 0 → 140° at 0.3", Ref4.identity, Ref4.rotation(140 * deg, 0, 1, 0), Ref4.rotation(42 * deg, 0, 1, 0)),
            ("(1, 2, 3): 20° → 110° at 0.3", Ref4.rotation(20 * deg, 1, 2, 3), Ref4.rotation(110 * deg, 1, 2, 3), Ref4.rotation(47 * deg, 1, 2, 3)),
        ]
        for (name, a, b, expected) in rows {
            let m = Ref4.rows(interpolateTransform(Ref4.make(a), Ref4.make(b), 0.3))
            XCTAssertLessThan(Ref4.distance(m, expected), 1e-9, name)
        }
    }

    /// Scale, rotation and translation composed by hand (scale first, then rotate, then translate):
    /// each part is interpolated on its own, so at f the result is
    /// S(1 + f(s − 1)) · R(f·θ) · T(f·t).
    func testScaleRotateTranslateInterpolatePartByPart() {
        let theta = 70 * deg
        let to = Ref4.mul(Ref4.mul(Ref4.scale(3, 2, 1), Ref4.rotation(theta, 0, 0, 1)), Ref4.translation(40, -20, 10))
        for f in [0.2, 0.5, 0.8] {
            let expected = Ref4.mul(Ref4.mul(Ref4.scale(1 + 2 * f, 1 + f, 1), Ref4.rotation(f * theta, 0, 0, 1)), Ref4.translation(40 * f, -20 * f, 10 * f))
            let m = Ref4.rows(interpolateTransform(CATransform3DIdentity, Ref4.make(to), f))
            XCTAssertLessThan(Ref4.distance(m, expected), 1e-9, "f = \(f)")
        }
        // Between two such transforms: scales 2 → 4, angles 10° → 50°, translations (0, 0) → (8, 4).
        let a = Ref4.mul(Ref4.mul(Ref4.scale(2, 2, 1), Ref4.rotation(10 * deg, 0, 0, 1)), Ref4.translation(0, 0, 0))
        let b = Ref4.mul(Ref4.mul(Ref4.scale(4, 4, 1), Ref4.rotation(50 * deg, 0, 0, 1)), Ref4.translation(8, 4, 0))
        let quarter = Ref4.mul(Ref4.mul(Ref4.scale(2.5, 2.5, 1), Ref4.rotation(20 * deg, 0, 0, 1)), Ref4.translation(2, 1, 0))
        XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(Ref4.make(a), Ref4.make(b), 0.25)), quarter), 1e-9)
    }

    /// Rotations of more than 90° (trace of the rotation below zero) about each axis and about tilted
    /// axes whose largest component is x, y or z in turn: the angle still advances at constant
    /// speed about the same axis, from the identity and between two angles.
    func testLargeRotationsAboutEveryAxisInterpolateAboutThatAxis() {
        let axes: [(Double, Double, Double)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (3, 2, 1), (2, 3, 1), (1, 2, 3), (-3, 1, -2)]
        for (x, y, z) in axes {
            for thetaDeg in [120.0, 160, 175] {
                let to = Ref4.make(Ref4.rotation(thetaDeg * deg, x, y, z))
                for f in [0.3, 0.8] {
                    let m = Ref4.rows(interpolateTransform(CATransform3DIdentity, to, f))
                    XCTAssertLessThan(Ref4.distance(m, Ref4.rotation(f * thetaDeg * deg, x, y, z)), 1e-9, "axis (\(x), \(y), \(z)), θ = \(thetaDeg)°, f = \(f)")
                }
            }
            // 100° → 170° at 0.3: 121°.
            let a = Ref4.make(Ref4.rotation(100 * deg, x, y, z)), b = Ref4.make(Ref4.rotation(170 * deg, x, y, z))
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(a, b, 0.3)), Ref4.rotation(121 * deg, x, y, z)), 1e-9, "axis (\(x), \(y), \(z))")
        }
    }

    /// Rotations of a few degrees, whose quaternions are nearly parallel: halfway is exactly half the
    /// angle (by symmetry even a normalised straight-line blend of the quaternions is exact there),
    /// and at 3/4 the angle is within 1e-6 rad of 3/4 of it.
    func testSmallRotationsInterpolateTheAngle() {
        for (x, y, z) in [(0.0, 0.0, 1.0), (1, 0, 0), (1, 2, 2)] {
            let to = Ref4.make(Ref4.rotation(3 * deg, x, y, z))
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(CATransform3DIdentity, to, 0.5)), Ref4.rotation(1.5 * deg, x, y, z)), 1e-12)
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(CATransform3DIdentity, to, 0.75)), Ref4.rotation(2.25 * deg, x, y, z)), 1e-6)
            let from = Ref4.make(Ref4.rotation(40 * deg, x, y, z)), to2 = Ref4.make(Ref4.rotation(42 * deg, x, y, z))
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(from, to2, 0.5)), Ref4.rotation(41 * deg, x, y, z)), 1e-12)
        }
    }

    /// The quaternion of a rotation by θ about the unit axis n is ±(n sin(θ/2), cos(θ/2)), whichever
    /// diagonal term of the matrix is largest.
    func testQuaternionOfLargeRotations() {
        for (x, y, z) in [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1), (3, 2, 1), (2, 3, 1), (1, 2, 3), (1, 1, 1)] {
            let len = (x * x + y * y + z * z).squareRoot()
            for thetaDeg in [30.0, 150, 179] {
                let theta = thetaDeg * deg
                let m = Ref4.rotation(theta, x, y, z)
                let q = quaternion(rows: [Array(m[0].prefix(3)), Array(m[1].prefix(3)), Array(m[2].prefix(3))])
                let sign = q.3 < 0 ? -1.0 : 1.0, s = sin(theta / 2) / len
                let name = "axis (\(x), \(y), \(z)), θ = \(thetaDeg)°"
                XCTAssertClose(sign * q.0, x * s, 1e-12, name); XCTAssertClose(sign * q.1, y * s, 1e-12, name)
                XCTAssertClose(sign * q.2, z * s, 1e-12, name); XCTAssertClose(sign * q.3, cos(theta / 2), 1e-12, name)
            }
        }
    }

    /// The lower-triangular scale-and-skew factor of a decomposition, by its definition: rows
    /// [sx, 0, 0], [sy·xy, sy, 0], [sz·xz, sz·yz, sz].
    private func skewScale(_ s: (Double, Double, Double), _ k: (Double, Double, Double)) -> Ref4.M {
        [[s.0, 0, 0, 0], [s.1 * k.0, s.1, 0, 0], [s.2 * k.1, s.2 * k.2, s.2, 0], [0, 0, 0, 1]]
    }

    /// A transform built from all three skews, scales, a rotation about a tilted axis and a
    /// translation: decomposition finds each part, and interpolation from the identity moves each
    /// part on its own (the angle at constant speed about the same axis).
    func testAllThreeSkewsDecomposeAndInterpolate() {
        let axis = (1.0, 2.0, 3.0), theta = 0.6
        let m = Ref4.mul(Ref4.mul(skewScale((2, 3, 4), (0.5, -0.25, 0.75)), Ref4.rotation(theta, axis.0, axis.1, axis.2)), Ref4.translation(5, 6, 7))
        guard let d = decomposeTransform(Ref4.make(m)) else { return XCTFail("decomposable") }
        XCTAssertClose(d.scale.0, 2, 1e-12); XCTAssertClose(d.scale.1, 3, 1e-12); XCTAssertClose(d.scale.2, 4, 1e-12)
        XCTAssertClose(d.skew.0, 0.5, 1e-12); XCTAssertClose(d.skew.1, -0.25, 1e-12); XCTAssertClose(d.skew.2, 0.75, 1e-12)
        let n = 14.0.squareRoot(), q = d.quaternion, sign = q.3 < 0 ? -1.0 : 1.0
        XCTAssertClose(sign * q.0, sin(theta / 2) / n, 1e-12); XCTAssertClose(sign * q.1, 2 * sin(theta / 2) / n, 1e-12)
        XCTAssertClose(sign * q.2, 3 * sin(theta / 2) / n, 1e-12); XCTAssertClose(sign * q.3, cos(theta / 2), 1e-12)
        XCTAssertLessThan(Ref4.distance(Ref4.rows(recomposeTransform(d)), m), 1e-12)
        for f in [0.25, 0.5, 0.9] {
            let expected = Ref4.mul(Ref4.mul(skewScale((1 + f, 1 + 2 * f, 1 + 3 * f), (0.5 * f, -0.25 * f, 0.75 * f)),
                                             Ref4.rotation(f * theta, axis.0, axis.1, axis.2)), Ref4.translation(5 * f, 6 * f, 7 * f))
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(CATransform3DIdentity, Ref4.make(m), f)), expected), 1e-12, "f = \(f)")
        }
        // A mirrored transform (negative determinant): decomposition flips all three scales so that
        // the rotation stays proper, and rebuilding gives the transform back.
        let mirror = Ref4.mul(Ref4.mul(skewScale((-2, 3, 4), (0.5, -0.25, 0.75)), Ref4.rotation(theta, axis.0, axis.1, axis.2)), Ref4.translation(5, 6, 7))
        guard let md = decomposeTransform(Ref4.make(mirror)) else { return XCTFail("decomposable") }
        XCTAssertLessThan(md.scale.0 * md.scale.1 * md.scale.2, 0)
        XCTAssertLessThan(Ref4.distance(Ref4.rows(recomposeTransform(md)), mirror), 1e-12)
    }

    /// The parts found by decomposition, for transforms whose parts are known.
    func testDecompositionFindsTheKnownParts() {
        let theta = 1.2
        let m = Ref4.mul(Ref4.mul(Ref4.scale(2, 3, 4), Ref4.rotation(theta, 0, 0, 1)), Ref4.translation(5, 6, 7))
        guard let d = decomposeTransform(Ref4.make(m)) else { return XCTFail("decomposable") }
        XCTAssertClose(d.scale.0, 2, 1e-12); XCTAssertClose(d.scale.1, 3, 1e-12); XCTAssertClose(d.scale.2, 4, 1e-12)
        XCTAssertClose(d.skew.0, 0, 1e-12); XCTAssertClose(d.skew.1, 0, 1e-12); XCTAssertClose(d.skew.2, 0, 1e-12)
        XCTAssertClose(d.translation.0, 5, 1e-12); XCTAssertClose(d.translation.1, 6, 1e-12); XCTAssertClose(d.translation.2, 7, 1e-12)
        // Rotation θ about z: the unit quaternion ±(0, 0, sin θ/2, cos θ/2).
        let q = d.quaternion, sign = q.3 < 0 ? -1.0 : 1.0
        XCTAssertClose(sign * q.0, 0, 1e-12); XCTAssertClose(sign * q.1, 0, 1e-12)
        XCTAssertClose(sign * q.2, sin(theta / 2), 1e-12); XCTAssertClose(sign * q.3, cos(theta / 2), 1e-12)
        XCTAssertEqual(d.perspective.0, 0); XCTAssertEqual(d.perspective.2, 0); XCTAssertEqual(d.perspective.3, 1)

        // A shear of y along x (row 2 = (0.5, 1, 0)): skew xy = 0.5, scales 1.
        guard let s = decomposeTransform(Ref4.make([[1, 0, 0, 0], [0.5, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])) else { return XCTFail() }
        XCTAssertClose(s.skew.0, 0.5, 1e-12); XCTAssertClose(s.scale.1, 1, 1e-12)

        // Perspective m34 = −1/500 alone: the perspective column (0, 0, −1/500, 1).
        guard let p = decomposeTransform(Ref4.make(Ref4.perspective(-1.0 / 500))) else { return XCTFail() }
        XCTAssertClose(p.perspective.2, -1.0 / 500, 1e-15); XCTAssertClose(p.perspective.3, 1, 1e-15)
    }

    /// A CABasicAnimation of "transform" from the identity to a rotation: the presentation at
    /// fraction f shows the rotation by f·θ (linear timing).
    func testTransformAnimationTurnsAtConstantSpeed() {
        for thetaDeg in [45.0, 90, 119, 150] {
            let theta = thetaDeg * deg
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: "transform")
            a.fromValue = CATransform3DIdentity
            a.toValue = Ref4.make(Ref4.rotation(theta, 0, 0, 1))
            a.duration = 1
            l.add(a, forKey: "turn")
            CATransaction.flush()
            let start = CACurrentMediaTime()
            for f in [0.2, 0.4, 0.7] {
                CAMediaClock.manualTime = start + f
                let m = Ref4.rows(l.presentation()!.transform)
                XCTAssertLessThan(Ref4.distance(m, Ref4.rotation(f * theta, 0, 0, 1)), 1e-9, "θ = \(thetaDeg)° at \(f)")
            }
            CAMediaClock.manualTime = start
        }
    }

    /// "transform.rotation.z" from 0 to 3π/2 (more than half a turn, which interpolating whole
    /// matrices could not show): the angle itself is interpolated.
    func testRotationZKeyPathAnimation() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0.0; a.toValue = 1.5 * Double.pi; a.duration = 3
        l.add(a, forKey: "spin")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for t in [0.5, 1.0, 2.0, 2.5] {
            CAMediaClock.manualTime = start + t
            let m = Ref4.rows(l.presentation()!.transform)
            XCTAssertLessThan(Ref4.distance(m, Ref4.rotation(0.5 * Double.pi * t, 0, 0, 1)), 1e-9, "t = \(t)")
        }
    }

    /// On a layer already scaled by 2, "transform.rotation.z" replaces the rotation and keeps the scale.
    func testRotationZKeyPathKeepsTheModelScale() {
        let l = makeLayer()
        CATransaction.setDisableActions(true)
        l.transform = Ref4.make(Ref4.scale(2, 2, 1))
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0.0; a.toValue = Double.pi / 2; a.duration = 1
        l.add(a, forKey: "spin")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        CAMediaClock.manualTime = start + 0.5
        let m = Ref4.rows(l.presentation()!.transform)
        XCTAssertLessThan(Ref4.distance(m, Ref4.mul(Ref4.scale(2, 2, 1), Ref4.rotation(Double.pi / 4, 0, 0, 1))), 1e-9)
    }

    /// "transform.scale" and "transform.translation.x" set those parts of an identity transform.
    func testScaleAndTranslationKeyPaths() {
        let l = makeLayer()
        let s = CABasicAnimation(keyPath: "transform.scale")
        s.fromValue = 1.0; s.toValue = 3.0; s.duration = 1
        l.add(s, forKey: "s")
        let tx = CABasicAnimation(keyPath: "transform.translation.x")
        tx.fromValue = 0.0; tx.toValue = 40.0; tx.duration = 1
        l.add(tx, forKey: "t")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        CAMediaClock.manualTime = start + 0.25
        // scale 1.5 in x, y and z, then a translation of 10 in x.
        let expected = Ref4.mul(Ref4.scale(1.5, 1.5, 1.5), Ref4.translation(10, 0, 0))
        XCTAssertLessThan(Ref4.distance(Ref4.rows(l.presentation()!.transform), expected), 1e-9)
    }
}
