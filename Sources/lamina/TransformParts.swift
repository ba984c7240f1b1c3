import Foundation

/// A `CATransform3D` (16 numbers, `m11` first, as `lamina eval` prints it) told as what a reader
/// of a plot wants: its translation, its scale along each axis, its rotation about each axis in
/// degrees (x, then y, then z, as `CATransform3DRotate` composes them when read right to left),
/// and its perspective entry `m34`. A flip (a negative determinant) shows as a negative x scale.
struct TransformParts {
    /// `m41`, `m42`, `m43`.
    let translation: [Double]
    /// The lengths of the matrix's first three rows (the first negated for a flip).
    let scale: [Double]
    /// Rotation about x, y and z, in degrees.
    let rotation: [Double]
    /// `m34`.
    let perspective: Double

    /// The parts of the matrix `m` (16 entries, row by row); nil for any other count or an entry that is not finite.
    init?(_ m: [Double]) {
        guard m.count == 16, m.allSatisfy(\.isFinite) else { return nil }
        func row(_ r: Int) -> [Double] { [m[r * 4], m[r * 4 + 1], m[r * 4 + 2]] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        let r0 = row(0), r1 = row(1), r2 = row(2)
        let det = r0[0] * (r1[1] * r2[2] - r1[2] * r2[1]) - r0[1] * (r1[0] * r2[2] - r1[2] * r2[0]) + r0[2] * (r1[0] * r2[1] - r1[1] * r2[0])
        var sx = length(r0)
        let sy = length(r1), sz = length(r2)
        if det < 0 { sx = -sx }
        translation = [m[12], m[13], m[14]]
        scale = [sx, sy, sz]
        perspective = m[11]
        // The rotation from the rows divided by their scales (none when a scale is 0).
        func unit(_ v: [Double], _ s: Double) -> [Double] { s == 0 ? [0, 0, 0] : v.map { $0 / s } }
        let a = unit(r0, sx), b = unit(r1, sy), c = unit(r2, sz)
        let degrees = 180 / Double.pi
        let y = asin(max(-1, min(1, -a[2])))
        let x = atan2(b[2], c[2]), z = atan2(a[1], a[0])
        rotation = [x * degrees, y * degrees, z * degrees]
    }
}
