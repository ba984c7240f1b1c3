import XCTest
@testable import QuartzCore

/// Decomposition and interpolation of transforms with a full perspective column, the shorter-arc
/// rule of rotation interpolation, the entry-by-entry fallback and the transforms that cannot be
/// decomposed. Expected matrices are built with Ref4 from the parts' definitions (row vectors):
/// M = A · P with A = L·R·T (scale and skew, rotation, translation) and P the identity with its
/// fourth column (p0, p1, p2, p3), so M's fourth column is (U·p, t·p + p3).
final class TransformPerspectivePartsTests: XCTestCase {
    private let deg = Double.pi / 180

    private func skewScale(_ s: (Double, Double, Double), _ k: (Double, Double, Double)) -> Ref4.M {
        [[s.0, 0, 0, 0], [s.1 * k.0, s.1, 0, 0], [s.2 * k.1, s.2 * k.2, s.2, 0], [0, 0, 0, 1]]
    }

    private func perspective(_ p: (Double, Double, Double, Double)) -> Ref4.M {
        [[1, 0, 0, p.0], [0, 1, 0, p.1], [0, 0, 1, p.2], [0, 0, 0, p.3]]
    }

    func testAFullPerspectiveColumnIsFoundAndInterpolated() {
        let s = (2.0, 3.0, 4.0), k = (0.5, -0.25, 0.75), axis = (1.0, 2.0, 3.0), theta = 0.6
        let t = (5.0, 6.0, 7.0), p = (0.001, -0.002, 0.003)
        let a = Ref4.mul(Ref4.mul(skewScale(s, k), Ref4.rotation(theta, axis.0, axis.1, axis.2)), Ref4.translation(t.0, t.1, t.2))
        let m = Ref4.mul(a, perspective((p.0, p.1, p.2, 1)))
        // Decomposition first divides by m44 = t·p + 1 = 1.014: scale and translation shrink by it,
        // the perspective column keeps p, and its last entry becomes 1 − t·p/m44.
        let n = 1 + t.0 * p.0 + t.1 * p.1 + t.2 * p.2
        XCTAssertEqual(n, 1.014, accuracy: 1e-15)
        guard let d = decomposeTransform(Ref4.make(m)) else { return XCTFail("decomposable") }
        XCTAssertClose(d.scale.0, s.0 / n, 1e-12); XCTAssertClose(d.scale.1, s.1 / n, 1e-12); XCTAssertClose(d.scale.2, s.2 / n, 1e-12)
        XCTAssertClose(d.skew.0, k.0, 1e-12); XCTAssertClose(d.skew.1, k.1, 1e-12); XCTAssertClose(d.skew.2, k.2, 1e-12)
        XCTAssertClose(d.translation.0, t.0 / n, 1e-12); XCTAssertClose(d.translation.1, t.1 / n, 1e-12); XCTAssertClose(d.translation.2, t.2 / n, 1e-12)
        XCTAssertClose(d.perspective.0, p.0, 1e-15); XCTAssertClose(d.perspective.1, p.1, 1e-15); XCTAssertClose(d.perspective.2, p.2, 1e-15)
        let p3 = 1 - (t.0 * p.0 + t.1 * p.1 + t.2 * p.2) / n
        XCTAssertClose(d.perspective.3, p3, 1e-15)
        XCTAssertLessThan(Ref4.projectiveDistance(Ref4.rows(recomposeTransform(d)), m), 1e-12)
        // From the identity every part moves in proportion.
        for f in [0.25, 0.6] {
            let af = Ref4.mul(Ref4.mul(skewScale((1 + f * (s.0 / n - 1), 1 + f * (s.1 / n - 1), 1 + f * (s.2 / n - 1)), (f * k.0, f * k.1, f * k.2)),
                                       Ref4.rotation(f * theta, axis.0, axis.1, axis.2)),
                             Ref4.translation(f * t.0 / n, f * t.1 / n, f * t.2 / n))
            let expected = Ref4.mul(af, perspective((f * p.0, f * p.1, f * p.2, 1 + f * (p3 - 1))))
            XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(CATransform3DIdentity, Ref4.make(m), f)), expected), 1e-12, "f = \(f)")
        }
    }

    func testRotationsTakeTheShorterArc() {
        // 170° to −170° about z: the shorter way is through 180°, 20° in all.
        let a = Ref4.make(Ref4.rotation(170 * deg, 0, 0, 1)), b = Ref4.make(Ref4.rotation(-170 * deg, 0, 0, 1))
        XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(a, b, 0.5)), Ref4.rotation(180 * deg, 0, 0, 1)), 1e-12)
        XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(a, b, 0.25)), Ref4.rotation(175 * deg, 0, 0, 1)), 1e-12)
        // About a tilted axis too, and with scales that differ.
        let c = Ref4.make(Ref4.mul(Ref4.scale(2, 2, 2), Ref4.rotation(160 * deg, 1, -1, 2)))
        let e = Ref4.make(Ref4.mul(Ref4.scale(4, 4, 4), Ref4.rotation(-160 * deg, 1, -1, 2)))
        let mid = Ref4.mul(Ref4.scale(3, 3, 3), Ref4.rotation(180 * deg, 1, -1, 2))
        XCTAssertLessThan(Ref4.distance(Ref4.rows(interpolateTransform(c, e, 0.5)), mid), 1e-12)
    }

    func testTransformsThatCannotBeDecomposedBlendEntryByEntry() {
        // A singular matrix (its third row is the sum of the first two) with sixteen different entries.
        let singular: Ref4.M = [[1, 2, 3, 0.5], [4, 5, 6, 0.25], [5, 7, 9, 0.75], [10, 11, 12, 2]]
        XCTAssertNil(decomposeTransform(Ref4.make(singular)))
        let other: Ref4.M = [[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 4, 0], [8, -4, 12, 1]]
        let m = Ref4.rows(interpolateTransform(Ref4.make(singular), Ref4.make(other), 0.25))
        for i in 0..<4 { for j in 0..<4 { XCTAssertEqual(m[i][j], singular[i][j] + 0.25 * (other[i][j] - singular[i][j]), accuracy: 1e-12, "\(i)\(j)") } }
        // The ends are the transforms themselves, whatever they are.
        XCTAssertEqual(Ref4.rows(interpolateTransform(Ref4.make(singular), Ref4.make(other), 0)), singular)
        XCTAssertEqual(Ref4.rows(interpolateTransform(Ref4.make(singular), Ref4.make(other), 1)), other)
        // Other transforms that cannot be decomposed: m44 = 0, a non-finite entry, a perspective
        // column over a singular upper 3×3, and each row of the 3×3 in turn collapsing.
        var zero = Ref4.identity; zero[3][3] = 0
        var nan = Ref4.identity; nan[1][2] = .nan
        var flatPerspective = Ref4.scale(1, 0, 1); flatPerspective[0][3] = 0.01
        for (name, bad) in [("m44 = 0", zero), ("NaN", nan), ("singular with perspective", flatPerspective),
                            ("no x", Ref4.scale(0, 1, 1)), ("no y", Ref4.scale(1, 0, 1)), ("no z", Ref4.scale(1, 1, 0)),
                            ("y along x", [[1, 0, 0, 0], [2, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] as Ref4.M),
                            ("z in the xy plane", [[1, 0, 0, 0], [0, 1, 0, 0], [3, 4, 0, 0], [0, 0, 0, 1]] as Ref4.M)] {
            XCTAssertNil(decomposeTransform(Ref4.make(bad)), name)
        }
    }

    /// A uniform scale of the whole matrix (m44 ≠ 1) is the same projective transform.
    func testHomogeneousScaleIsDividedOut() {
        let m = Ref4.mul(Ref4.rotation(0.4, 0, 1, 0), Ref4.translation(3, 4, 5))
        let doubled = m.map { $0.map { $0 * 2 } }
        guard let a = decomposeTransform(Ref4.make(m)), let b = decomposeTransform(Ref4.make(doubled)) else { return XCTFail() }
        XCTAssertClose(b.scale.0, a.scale.0, 1e-12); XCTAssertClose(b.translation.2, a.translation.2, 1e-12)
        XCTAssertClose(b.translation.0, 3, 1e-12)
        XCTAssertEqual(b.perspective.3, 1)
    }
}
