import Foundation

/// A 3D transform split into the parts that interpolate well (after CSS Transforms Level 2's
/// "unmatrix", in the row-vector convention): M = A · P, where P adds perspective (column 4) and A is
/// the affine part: upper 3x3 = L · R (L lower-triangular scale and skew, R a rotation, stored as a
/// quaternion) with translation in row 4.
struct DecomposedTransform: Equatable {
    var scale: (Double, Double, Double)
    /// Skews xy, xz, yz.
    var skew: (Double, Double, Double)
    /// Rotation quaternion (x, y, z, w), unit length.
    var quaternion: (Double, Double, Double, Double)
    var translation: (Double, Double, Double)
    /// Perspective column (p0, p1, p2, p3).
    var perspective: (Double, Double, Double, Double)

    static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.scale == b.scale && a.skew == b.skew && a.quaternion == b.quaternion
            && a.translation == b.translation && a.perspective == b.perspective
    }
}

private func dot3(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
private func len3(_ a: [Double]) -> Double { dot3(a, a).squareRoot() }

/// Splits `t` into scale, skew, rotation, translation and perspective; nil when it cannot be
/// decomposed (m44 == 0, or a singular upper 3x3).
func decomposeTransform(_ t: CATransform3D) -> DecomposedTransform? {
    var m = t.entries
    guard m.allSatisfy({ $0.isFinite }), m[15] != 0 else { return nil }
    let n = m[15]
    for i in 0..<16 { m[i] /= n }
    let u = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]]
    let tr = (m[12], m[13], m[14])
    // Perspective: column 4 (rows 1-3) = U · p, m44 = t · p + p3.
    var persp = (0.0, 0.0, 0.0, 1.0)
    let col4 = [m[3], m[7], m[11]]
    if col4 != [0, 0, 0] {
        guard let p = solve3(u, col4) else { return nil }
        persp = (p[0], p[1], p[2], m[15] - (tr.0 * p[0] + tr.1 * p[1] + tr.2 * p[2]))
    }
    // Gram–Schmidt on the rows of U: U = L · R.
    var r0 = u[0], r1 = u[1], r2 = u[2]
    let sx = len3(r0)
    guard sx > 1e-12 else { return nil }
    r0 = r0.map { $0 / sx }
    var xy = dot3(r0, r1)
    r1 = zip(r1, r0).map { $0 - $1 * xy }
    let sy = len3(r1)
    guard sy > 1e-12 else { return nil }
    r1 = r1.map { $0 / sy }
    xy /= sy
    var xz = dot3(r0, r2)
    r2 = zip(r2, r0).map { $0 - $1 * xz }
    var yz = dot3(r1, r2)
    r2 = zip(r2, r1).map { $0 - $1 * yz }
    let sz = len3(r2)
    guard sz > 1e-12 else { return nil }
    r2 = r2.map { $0 / sz }
    xz /= sz; yz /= sz
    var scale = (sx, sy, sz)
    // A reflection: flip every scale and row so that R is a proper rotation.
    let cross = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
    if dot3(r0, cross) < 0 {
        scale = (-sx, -sy, -sz)
        r0 = r0.map { -$0 }; r1 = r1.map { -$0 }; r2 = r2.map { -$0 }
    }
    return DecomposedTransform(scale: scale, skew: (xy, xz, yz), quaternion: quaternion(rows: [r0, r1, r2]),
                               translation: tr, perspective: persp)
}

/// Rebuilds the transform from its parts (the inverse of decomposeTransform).
func recomposeTransform(_ d: DecomposedTransform) -> CATransform3D {
    let r = rotationRows(d.quaternion)
    let (sx, sy, sz) = d.scale
    let (xy, xz, yz) = d.skew
    // L rows: [sx,0,0], [sy·xy, sy, 0], [sz·xz, sz·yz, sz]
    let l = [[sx, 0, 0], [sy * xy, sy, 0], [sz * xz, sz * yz, sz]]
    var u = [[Double]](repeating: [0, 0, 0], count: 3)
    for i in 0..<3 { for j in 0..<3 { u[i][j] = l[i][0] * r[0][j] + l[i][1] * r[1][j] + l[i][2] * r[2][j] } }
    let p = [d.perspective.0, d.perspective.1, d.perspective.2]
    let t = [d.translation.0, d.translation.1, d.translation.2]
    var e = [Double](repeating: 0, count: 16)
    for i in 0..<3 {
        for j in 0..<3 { e[i * 4 + j] = u[i][j] }
        e[i * 4 + 3] = dot3(u[i], p)
        e[12 + i] = t[i]
    }
    e[15] = dot3(t, p) + d.perspective.3
    return CATransform3D(entries: e)
}

/// Solves U · x = b for a 3x3 matrix (rows), or nil when singular.
private func solve3(_ u: [[Double]], _ b: [Double]) -> [Double]? {
    let det = u[0][0] * (u[1][1] * u[2][2] - u[1][2] * u[2][1])
        - u[0][1] * (u[1][0] * u[2][2] - u[1][2] * u[2][0])
        + u[0][2] * (u[1][0] * u[2][1] - u[1][1] * u[2][0])
    guard abs(det) > 1e-12 else { return nil }
    func replaced(_ c: Int) -> Double {
        var m = u
        for r in 0..<3 { m[r][c] = b[r] }
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    return [replaced(0) / det, replaced(1) / det, replaced(2) / det]
}

/// The quaternion of a rotation given by its rows N (row-vector convention: p' = p · N). The
/// column-convention matrix is Nᵀ; Shepperd's method picks the largest diagonal term for stability.
func quaternion(rows n: [[Double]]) -> (Double, Double, Double, Double) {
    // c[i][j] = N[j][i]
    let c00 = n[0][0], c11 = n[1][1], c22 = n[2][2]
    let c01 = n[1][0], c10 = n[0][1], c02 = n[2][0], c20 = n[0][2], c12 = n[2][1], c21 = n[1][2]
    let trace = c00 + c11 + c22
    var q: (Double, Double, Double, Double)
    if trace > 0 {
        let s = (trace + 1).squareRoot() * 2
        q = ((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, 0.25 * s)
    } else if c00 > c11 && c00 > c22 {
        let s = (1 + c00 - c11 - c22).squareRoot() * 2
        q = (0.25 * s, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
    } else if c11 > c22 {
        let s = (1 + c11 - c00 - c22).squareRoot() * 2
        q = ((c01 + c10) / s, 0.25 * s, (c12 + c21) / s, (c02 - c20) / s)
    } else {
        let s = (1 + c22 - c00 - c11).squareRoot() * 2
        q = ((c02 + c20) / s, (c12 + c21) / s, 0.25 * s, (c10 - c01) / s)
    }
    let l = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
    return (q.0 / l, q.1 / l, q.2 / l, q.3 / l)
}

/// The rows N of the rotation of a unit quaternion (the transpose of the column-convention matrix).
func rotationRows(_ q: (Double, Double, Double, Double)) -> [[Double]] {
    let (x, y, z, w) = q
    let c = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
             [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
             [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    return [[c[0][0], c[1][0], c[2][0]], [c[0][1], c[1][1], c[2][1]], [c[0][2], c[1][2], c[2][2]]]
}

/// Spherical interpolation between unit quaternions along the shorter arc.
func slerp(_ a: (Double, Double, Double, Double), _ b0: (Double, Double, Double, Double), _ t: Double) -> (Double, Double, Double, Double) {
    var b = b0
    var d = a.0 * b.0 + a.1 * b.1 + a.2 * b.2 + a.3 * b.3
    if d < 0 { b = (-b.0, -b.1, -b.2, -b.3); d = -d }
    if d > 0.9995 {
        let r = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t)
        let l = (r.0 * r.0 + r.1 * r.1 + r.2 * r.2 + r.3 * r.3).squareRoot()
        return (r.0 / l, r.1 / l, r.2 / l, r.3 / l)
    }
    let theta = acos(min(d, 1))
    let s = sin(theta)
    let wa = sin((1 - t) * theta) / s, wb = sin(t * theta) / s
    return (a.0 * wa + b.0 * wb, a.1 * wa + b.1 * wb, a.2 * wa + b.2 * wb, a.3 * wa + b.3 * wb)
}

/// Interpolates two transforms: decomposed parts lerp, rotation slerps; when either cannot be
/// decomposed, the matrices interpolate entry by entry.
func interpolateTransform(_ from: CATransform3D, _ to: CATransform3D, _ t: Double) -> CATransform3D {
    if t == 0 { return from }
    if t == 1 { return to }
    guard let a = decomposeTransform(from), let b = decomposeTransform(to) else {
        let ea = from.entries, eb = to.entries
        return CATransform3D(entries: zip(ea, eb).map { $0 + ($1 - $0) * t })
    }
    func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
    let d = DecomposedTransform(
        scale: (l(a.scale.0, b.scale.0), l(a.scale.1, b.scale.1), l(a.scale.2, b.scale.2)),
        skew: (l(a.skew.0, b.skew.0), l(a.skew.1, b.skew.1), l(a.skew.2, b.skew.2)),
        quaternion: slerp(a.quaternion, b.quaternion, t),
        translation: (l(a.translation.0, b.translation.0), l(a.translation.1, b.translation.1), l(a.translation.2, b.translation.2)),
        perspective: (l(a.perspective.0, b.perspective.0), l(a.perspective.1, b.perspective.1),
                      l(a.perspective.2, b.perspective.2), l(a.perspective.3, b.perspective.3)))
    return recomposeTransform(d)
}
