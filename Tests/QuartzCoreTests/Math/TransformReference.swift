import Foundation
@testable import QuartzCore

/// Row-major 4x4 matrices built and multiplied here, apart from Lamina's CATransform3D functions,
/// in Apple's row-vector convention: a point is the row [x y z 1] multiplied on the left, so
/// `a · b` applies a first; translation sits in the fourth row, perspective in the fourth column.
enum Ref4 {
    typealias M = [[Double]]

    static let identity: M = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]

    static func mul(_ a: M, _ b: M) -> M {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> M {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    static func scale(_ x: Double, _ y: Double, _ z: Double) -> M {
        [[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]]
    }

    /// Rotation by `a` radians about the unit vector (x, y, z), right-handed: about z it turns +x
    /// toward +y, i.e. the point (1, 0) goes to (cos a, sin a). Rodrigues' formula, transposed for
    /// row vectors.
    static func rotation(_ a: Double, _ x: Double, _ y: Double, _ z: Double) -> M {
        let n = (x * x + y * y + z * z).squareRoot()
        let (u, v, w) = (x / n, y / n, z / n)
        let c = cos(a), s = sin(a), k = 1 - c
        // Column-vector Rodrigues matrix R; rows of the row-vector matrix are R's columns.
        let r: M = [[c + u * u * k, u * v * k - w * s, u * w * k + v * s],
                    [v * u * k + w * s, c + v * v * k, v * w * k - u * s],
                    [w * u * k - v * s, w * v * k + u * s, c + w * w * k]]
        return [[r[0][0], r[1][0], r[2][0], 0], [r[0][1], r[1][1], r[2][1], 0], [r[0][2], r[1][2], r[2][2], 0], [0, 0, 0, 1]]
    }

    static func perspective(_ m34: Double) -> M {
        var m = identity
        m[2][3] = m34
        return m
    }

    static func make(_ m: M) -> CATransform3D {
        CATransform3D(m11: CGFloat(m[0][0]), m12: CGFloat(m[0][1]), m13: CGFloat(m[0][2]), m14: CGFloat(m[0][3]),
                      m21: CGFloat(m[1][0]), m22: CGFloat(m[1][1]), m23: CGFloat(m[1][2]), m24: CGFloat(m[1][3]),
                      m31: CGFloat(m[2][0]), m32: CGFloat(m[2][1]), m33: CGFloat(m[2][2]), m34: CGFloat(m[2][3]),
                      m41: CGFloat(m[3][0]), m42: CGFloat(m[3][1]), m43: CGFloat(m[3][2]), m44: CGFloat(m[3][3]))
    }

    static func rows(_ t: CATransform3D) -> M {
        [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24], [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
            .map { $0.map { Double($0) } }
    }

    /// The largest entry-wise difference.
    static func distance(_ a: M, _ b: M) -> Double {
        var d = 0.0
        for i in 0..<4 { for j in 0..<4 { d = max(d, abs(a[i][j] - b[i][j])) } }
        return d
    }

    /// The largest difference after scaling both to m44 = 1 (homogeneous matrices are equal up to scale).
    static func projectiveDistance(_ a: M, _ b: M) -> Double {
        distance(a.map { $0.map { $0 / a[3][3] } }, b.map { $0.map { $0 / b[3][3] } })
    }
}
